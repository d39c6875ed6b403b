// The actions hotel-app offers on an order (api/orders.rs, trade's order_state.rs): the shared
// table of the order states each may start from and who may take it (@tradewind/shared's
// orders.ts), bound to hotel-app's permission codes.
import { bindOrderActions, isAmount, orderActionsOf, orderPartyOf, PERM, yuanToFen, type OrderAction, type OrderParty } from '@tradewind/shared';

export type Party = OrderParty;
export type { OrderAction };

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

/** Who the user is to an order: the tenant's staff, else its merchant's type. */
export const partyOf = orderPartyOf;

/** The actions an order in `orderState` offers to `party` among the codes it holds. */
export function actionsOf(orderState: number, party: Party | null, holds: (code: string) => boolean): OrderAction[] {
  return orderActionsOf(ORDER_ACTIONS, orderState, party, holds);
}

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
