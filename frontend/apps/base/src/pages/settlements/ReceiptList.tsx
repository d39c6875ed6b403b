// The receipts.
import { SettlementList } from './SettlementList';

export default function ReceiptList() {
  return <SettlementList sideName="receipt" />;
}
