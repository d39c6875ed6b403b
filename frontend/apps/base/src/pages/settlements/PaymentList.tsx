// The payments.
import { SettlementList } from './SettlementList';

export default function PaymentList() {
  return <SettlementList sideName="payment" />;
}
