// The receipt summary.
import { SummaryList } from './SummaryList';

export default function ReceiptSummary() {
  return <SummaryList sideName="receipt" />;
}
