// The action bar of a ticket order's detail: the shared one (each action the user may take on the
// order in its state, the shared order action table bound to ticket-app's codes, asked in a dialog
// with the reason, required for refusals, or the way of paying, then PUT
// /saas/order/ticketOrder/<action>), and the order's remark, which whoever sees the order may
// change (updateRemark). After an action the order is loaded again.
import { api, endpointOf, FormDialog, FormText, OrderActionBar, PERM, rules, useForm, type OwnOrderAction } from '@tradewind/shared';
import { TICKET_ORDER_ACTIONS } from './orderActions';
import { ORDER_PAGES } from './config';
import type { TicketOrder } from './types';

const A = ORDER_PAGES.messages.actions;

export function OrderActions({ order, onDone }: { order: TicketOrder; onDone: () => void }) {
  const own: OwnOrderAction[] = [{ key: 'remark', code: PERM.ticketOrder.remark, dialog: ({ onClose, onDone: done }) => <RemarkDialog order={order} onClose={onClose} onDone={done} /> }];
  return <OrderActionBar config={ORDER_PAGES} actions={TICKET_ORDER_ACTIONS} order={order} own={own} onDone={onDone} />;
}

function RemarkDialog({ order, onClose, onDone }: { order: TicketOrder; onClose: () => void; onDone: () => void }) {
  const form = useForm({ remark: order.remark ?? '' });
  const save = async () => {
    const ok = await form.submit({ remark: rules.length('remark', 0, 500) }, (v) =>
      api.put('ticket-app', endpointOf(PERM.ticketOrder.remark), { orderId: order.orderId, remark: v.remark.trim() }),
    );
    if (ok) onDone();
  };
  return (
    <FormDialog open title={`${A}.remarkTitle`} busy={form.busy} onClose={onClose} onSubmit={save} testId="order-remark-dialog">
      <FormText form={form} name="remark" label={`${A}.remarkField`} multiline wide />
    </FormDialog>
  );
}
