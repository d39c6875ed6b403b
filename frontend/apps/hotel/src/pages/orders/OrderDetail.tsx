// One order with its guests, nightly prices and log: hotel-app GET /saas/order/sys/load?orderId=
// (anyone who may see the order: the tenant's staff, its supplier, its distributor), on the shared
// order detail page, with the actions the user may take on it (OrderActions); after one the order
// is loaded again.
import { api, OrderDetailPage } from '@tradewind/shared';
import { OrderActions } from './OrderActions';
import { OrderFields } from './OrderFields';
import { GuestTable, LogTable, NightTable } from './OrderTables';
import { ORDER_PAGES } from './config';
import type { OrderFull } from './types';

const load = (orderId: string) => api.get<OrderFull>('hotel-app', '/saas/order/sys/load', { query: { orderId } });

export default function OrderDetail() {
  return (
    <OrderDetailPage config={ORDER_PAGES} testId="hotel-order-detail" load={load}>
      {(order, reload) => (
        <>
          <OrderActions order={order} onDone={reload} />
          <OrderFields order={order} />
          <GuestTable guests={order.guests} />
          <NightTable nights={order.nightly} withPurchase={order.supplierPrice !== undefined} />
          <LogTable logs={order.logs} />
        </>
      )}
    </OrderDetailPage>
  );
}
