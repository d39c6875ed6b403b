// The mail queue.
import { DispatchList } from './DispatchList';

export default function MailList() {
  return <DispatchList channel="mail" />;
}
