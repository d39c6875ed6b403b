// The money received from distributors, across receipts.
import { SettlementLogList } from './SettlementLogList';

export default function ReceiptLogList() {
  return <SettlementLogList sideName="receipt" />;
}
