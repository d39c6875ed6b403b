// A distributor's ticket order list (the tenant's staff see every distributor's).
import { OrderList } from './OrderList';

export default function ChannelOrderList() {
  return <OrderList kind="channel" />;
}
