// The action bar of a ticket order's detail: the shared one (each action the user may take on the
// order in its state, the shared order action table bound to ticket-app's codes, asked in a dialog
// with the reason, required for refusals, or the way of paying, with the distributor's available
// credit while credit is chosen, then PUT /saas/order/ticketOrder/<action>), and the order's
// remark, which whoever sees the order may change (updateRemark), and for the tenant's staff its
// amounts, the order and supplier prices (the shared adjust dialog, PUT
// /saas/order/ticketSys/orderToAdjust). After an action the order is loaded again.
import { AdjustDialog, api, CreditAvailable, endpointOf, OrderActionBar, PERM, RemarkQuestion, type ActionOptions, type OwnOrderAction } from '@tradewind/shared';
import { TICKET_ORDER_ACTIONS } from './orderActions';
import { ORDER_PAGES } from './config';
import type { TicketOrder } from './types';

const A = ORDER_PAGES.messages.actions;

// ticket-app's payment is the order and the way of paying; while credit is chosen, what finance-app
// would allow the order's distributor for the order's price.
const OPTIONS: ActionOptions<TicketOrder> = {
  creditNote: (order) => <CreditAvailable mchId={order.distributorId} amount={order.orderPrice} />,
};

export function OrderActions({ order, onDone }: { order: TicketOrder; onDone: () => void }) {
  const own: OwnOrderAction[] = [
    {
      key: 'remark',
      code: PERM.ticketOrder.remark,
      dialog: ({ onClose, onDone: done }) => (
        <RemarkQuestion
          title={`${A}.remarkTitle`}
          label={`${A}.remarkField`}
          testId="order-remark-dialog"
          initial={order.remark ?? ''}
          send={(remark) => api.put('ticket-app', endpointOf(PERM.ticketOrder.remark), { orderId: order.orderId, remark })}
          onClose={onClose}
          onDone={done}
        />
      ),
    },
    {
      key: 'adjust',
      code: PERM.ticketOrder.adjust,
      parties: ['O'],
      dialog: ({ onClose, onDone: done }) => (
        <AdjustDialog
          config={ORDER_PAGES}
          path={endpointOf(PERM.ticketOrder.adjust)}
          orderId={order.orderId}
          amounts={[
            { field: 'orderPrice', now: order.orderPrice },
            { field: 'supplierPrice', now: order.supplierPrice },
          ]}
          onClose={onClose}
          onDone={done}
        />
      ),
    },
  ];
  return <OrderActionBar config={ORDER_PAGES} actions={TICKET_ORDER_ACTIONS} order={order} options={OPTIONS} own={own} onDone={onDone} />;
}
