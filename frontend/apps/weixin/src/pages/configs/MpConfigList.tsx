// `mp/config/list`: the tenant's official accounts.
import { ConfigList } from './ConfigList';

export default function MpConfigList() {
  return <ConfigList kind="mp" />;
}
