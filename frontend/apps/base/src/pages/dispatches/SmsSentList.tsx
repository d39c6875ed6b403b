// The texts sent.
import { DispatchList } from './DispatchList';

export default function SmsSentList() {
  return <DispatchList channel="sms" view="sent" />;
}
