// The money paid to suppliers, across payments.
import { SettlementLogList } from './SettlementLogList';

export default function PaymentLogList() {
  return <SettlementLogList sideName="payment" />;
}
