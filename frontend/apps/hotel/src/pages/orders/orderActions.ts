// The actions hotel-app offers on an order (api/orders.rs, trade's order_state.rs): the shared
// table of the order states each may start from and who may take it (@tradewind/shared's
// orders.ts), bound to hotel-app's permission codes.
import { bindOrderActions, PERM, type OrderAction } from '@tradewind/shared';

export const ORDER_ACTIONS: OrderAction[] = bindOrderActions({
  pay: PERM.order.pay,
  confirm: PERM.order.confirm,
  refuse: PERM.order.refuse,
  arrange: PERM.order.arrange,
  complete: PERM.order.complete,
  applyCancel: PERM.order.applyCancel,
  agreeCancel: PERM.order.agreeCancel,
  refuseCancel: PERM.order.refuseCancel,
  cancel: PERM.order.cancel,
});
