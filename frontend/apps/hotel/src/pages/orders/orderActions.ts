// The actions hotel-app offers on an order (api/orders.rs, domain/order_state.rs): the states
// each may start from and who may take it (S the supplier, D the distributor, O the tenant's
// staff). The page shows an action when the user holds its code, is one of its parties and the
// order's state allows it; the service checks all three again.
import { isAmount, MchType, PERM, yuanToFen } from '@tradewind/shared';

export type Party = 'S' | 'D' | 'O';

/** `orderState` values (enums.md). */
const CONFIRMED = 1;
const UNPAID = 2;
const PAID = 3;
const CANCEL_REQUESTED = 7;
const UNCONFIRMED = 8;
const ARRANGED = 10;

export interface OrderAction {
  key: string;
  /** Its permission code (`<endpoint>:PUT`). */
  code: string;
  from: number[];
  parties: Party[];
  /** A reason must be given (refusals). */
  remarkRequired?: boolean;
}

export const ORDER_ACTIONS: OrderAction[] = [
  { key: 'pay', code: PERM.order.pay, from: [UNPAID], parties: ['D', 'O'] },
  { key: 'confirm', code: PERM.order.confirm, from: [PAID, UNCONFIRMED], parties: ['S', 'O'] },
  { key: 'refuse', code: PERM.order.refuse, from: [PAID, UNCONFIRMED], parties: ['S', 'O'], remarkRequired: true },
  { key: 'arrange', code: PERM.order.arrange, from: [CONFIRMED], parties: ['S', 'O'] },
  { key: 'complete', code: PERM.order.complete, from: [CONFIRMED, ARRANGED], parties: ['S', 'O'] },
  { key: 'applyCancel', code: PERM.order.applyCancel, from: [CONFIRMED, ARRANGED], parties: ['D', 'O'] },
  { key: 'agreeCancel', code: PERM.order.agreeCancel, from: [CANCEL_REQUESTED], parties: ['S', 'O'] },
  { key: 'refuseCancel', code: PERM.order.refuseCancel, from: [CANCEL_REQUESTED], parties: ['S', 'O'], remarkRequired: true },
  { key: 'cancel', code: PERM.order.cancel, from: [UNPAID, PAID, UNCONFIRMED], parties: ['D', 'O'] },
];

/** Who the user is to an order: the tenant's staff, else its merchant's type. */
export function partyOf(mchId: number | undefined, mchType: unknown): Party | null {
  if (mchId === 0) return 'O';
  if (mchType === MchType.Supplier) return 'S';
  if (mchType === MchType.Distributor) return 'D';
  return null;
}

/** The actions an order in `orderState` offers to `party` among the codes it holds. */
export function actionsOf(orderState: number, party: Party | null, holds: (code: string) => boolean): OrderAction[] {
  if (!party) return [];
  return ORDER_ACTIONS.filter((a) => a.from.includes(orderState) && a.parties.includes(party) && holds(a.code));
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
