// The actions hotel-app offers on an order (api/orders.rs, trade's order_state.rs): the shared
// table of the order states each may start from and who may take it (@tradewind/shared's
// orders.ts), bound to hotel-app's permission codes.
import { bindOrderActions, isAmount, PERM, yuanToFen, type OrderAction } from '@tradewind/shared';

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

export type AdjustValues = { orderPrice: string; supplierPrice: string; channelPrice: string; cancelPrice: string; remark: string };
export const ADJUST_FIELDS = ['orderPrice', 'supplierPrice', 'channelPrice', 'cancelPrice'] as const;

/** The adjust form's problem per field: amounts in yuan, at least one, a reason. */
export function adjustProblems(v: AdjustValues): Partial<Record<keyof AdjustValues, string>> {
  const out: Partial<Record<keyof AdjustValues, string>> = {};
  for (const f of ADJUST_FIELDS) if (v[f].trim() && !isAmount(v[f])) out[f] = 'form.amount';
  if (ADJUST_FIELDS.every((f) => !v[f].trim())) out.orderPrice = 'hotel.orderActions.rules.amountNeeded';
  if (!v.remark.trim()) out.remark = 'hotel.orderActions.rules.reason';
  return out;
}

/** The body of orderToAdjust: amounts left empty stay, the others in fen. */
export function adjustBody(orderId: number, v: AdjustValues) {
  const body: Record<string, unknown> = { orderId, remark: v.remark.trim() };
  for (const f of ADJUST_FIELDS) if (v[f].trim()) body[f] = yuanToFen(v[f]);
  return body;
}
