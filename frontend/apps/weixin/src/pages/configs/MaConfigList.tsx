// `ma/config/list`: the tenant's mini-programs.
import { ConfigList } from './ConfigList';

export default function MaConfigList() {
  return <ConfigList kind="ma" />;
}
