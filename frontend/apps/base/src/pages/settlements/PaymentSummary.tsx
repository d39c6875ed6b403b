// The payment summary.
import { SummaryList } from './SummaryList';

export default function PaymentSummary() {
  return <SummaryList sideName="payment" />;
}
