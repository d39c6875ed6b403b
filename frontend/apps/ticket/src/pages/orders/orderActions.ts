// The actions ticket-app offers on an order (PUT /saas/order/ticketOrder/*, api/orders.rs): the
// shared order action table (@tradewind/shared's orders.ts, the state machine hotel orders
// follow too) bound to ticket-app's permission codes. Ticket orders are never "arranged", and
// ticket-app has no adjustment of the amounts.
import { bindOrderActions, PERM, type OrderAction } from '@tradewind/shared';

export const TICKET_ORDER_ACTIONS: OrderAction[] = bindOrderActions({
  pay: PERM.ticketOrder.pay,
  confirm: PERM.ticketOrder.confirm,
  refuse: PERM.ticketOrder.refuse,
  complete: PERM.ticketOrder.complete,
  applyCancel: PERM.ticketOrder.applyCancel,
  agreeCancel: PERM.ticketOrder.agreeCancel,
  refuseCancel: PERM.ticketOrder.refuseCancel,
  cancel: PERM.ticketOrder.cancel,
});
