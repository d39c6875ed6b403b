// A supplier's ticket order list (the tenant's staff see every supplier's).
import { OrderList } from './OrderList';

export default function SupplierOrderList() {
  return <OrderList kind="supplier" />;
}
