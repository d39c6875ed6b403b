// The SMS queue.
import { DispatchList } from './DispatchList';

export default function SmsList() {
  return <DispatchList channel="sms" />;
}
