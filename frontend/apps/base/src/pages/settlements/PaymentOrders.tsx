// The payment side of the ledger.
import { VerifyOrderList } from './VerifyOrderList';

export default function PaymentOrders() {
  return <VerifyOrderList sideName="payment" />;
}
