// One ticket order: ticket-app GET /saas/order/ticketSys/load?orderId= (whoever sees the order:
// the tenant's staff, its supplier, its distributor), on the shared order detail page, with the
// actions the user may take on it in its state (OrderActions), the buyer's details, its vouchers
// with their QR codes and the PDF (VoucherSection) and, for holders of the log code, its log (GET
// /saas/log/ticketOrderLog/list). After an action the order and its log are loaded again.
import { useCallback } from 'react';
import { api, MchType, OrderDetailPage, PERM, useHolds, useSession } from '@tradewind/shared';
import { OrderActions } from './OrderActions';
import { OrderFields } from './OrderFields';
import { LogTable } from './OrderTables';
import { VoucherSection } from './VoucherSection';
import { ORDER_PAGES } from './config';
import type { TicketOrder, TicketOrderLog } from './types';

export default function OrderDetail() {
  const { user, org } = useSession();
  const distributor = Boolean(user && user.mchId !== 0 && org?.mchType === MchType.Distributor);
  const supplier = Boolean(user && user.mchId !== 0 && org?.mchType === MchType.Supplier);
  const readsLog = useHolds(PERM.ticketOrder.log);
  const readsVouchers = useHolds(PERM.ticketVoucher.list);
  const load = useCallback(
    (orderId: string) => {
      const query = { orderId };
      return Promise.all([
        api.get<TicketOrder>('ticket-app', '/saas/order/ticketSys/load', { query }),
        readsLog ? api.get<TicketOrderLog[]>('ticket-app', '/saas/log/ticketOrderLog/list', { query }) : Promise.resolve(null),
      ]);
    },
    [readsLog],
  );
  return (
    <OrderDetailPage config={ORDER_PAGES} testId="ticket-order-detail" load={load}>
      {([order, logs], reload, generation) => (
        <>
          <OrderActions order={order} onDone={reload} />
          <OrderFields order={order} distributor={distributor} supplier={supplier} />
          {readsVouchers && <VoucherSection order={order} generation={generation} />}
          {logs && <LogTable logs={logs} />}
        </>
      )}
    </OrderDetailPage>
  );
}
