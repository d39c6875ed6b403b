// The mails sent.
import { DispatchList } from './DispatchList';

export default function MailSentList() {
  return <DispatchList channel="mail" view="sent" />;
}
