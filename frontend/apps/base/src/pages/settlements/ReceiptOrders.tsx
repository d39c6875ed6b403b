// The receipt side of the ledger.
import { VerifyOrderList } from './VerifyOrderList';

export default function ReceiptOrders() {
  return <VerifyOrderList sideName="receipt" />;
}
