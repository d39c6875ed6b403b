// The tenant's ticket order list (the operator's).
import { OrderList } from './OrderList';

export default function SysOrderList() {
  return <OrderList kind="sys" />;
}
