// The actions hotel-app offers on an order (api/orders.rs, domain/order_state.rs): the states
// each may start from and who may take it (S the supplier, D the distributor, O the tenant's
// staff). The page shows an action when the user holds its code, is one of its parties and the
// order's state allows it; the service checks all three again.
import { isAmount } from '@tradewind/shared';
import { yuanToFen } from '../prices/calendarRules';

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
  path: string;
  from: number[];
  parties: Party[];
  /** A reason must be given (refusals). */
  remarkRequired?: boolean;
}

export const ORDER_ACTIONS: OrderAction[] = [
  { key: 'pay', path: '/saas/order/channel/pay', from: [UNPAID], parties: ['D', 'O'] },
  { key: 'confirm', path: '/saas/order/supplier/confirm', from: [PAID, UNCONFIRMED], parties: ['S', 'O'] },
  { key: 'refuse', path: '/saas/order/supplier/refuse', from: [PAID, UNCONFIRMED], parties: ['S', 'O'], remarkRequired: true },
  { key: 'arrange', path: '/saas/order/supplier/arrange', from: [CONFIRMED], parties: ['S', 'O'] },
  { key: 'complete', path: '/saas/order/supplier/complete', from: [CONFIRMED, ARRANGED], parties: ['S', 'O'] },
  { key: 'applyCancel', path: '/saas/order/channel/applyCancel', from: [CONFIRMED, ARRANGED], parties: ['D', 'O'] },
  { key: 'agreeCancel', path: '/saas/order/supplier/agreeCancel', from: [CANCEL_REQUESTED], parties: ['S', 'O'] },
  { key: 'refuseCancel', path: '/saas/order/supplier/refuseCancel', from: [CANCEL_REQUESTED], parties: ['S', 'O'], remarkRequired: true },
  { key: 'cancel', path: '/saas/order/channel/cancel', from: [UNPAID, PAID, UNCONFIRMED], parties: ['D', 'O'] },
];

export const REMARK_PATH = '/saas/order/sys/updateRemark';
export const ADJUST_PATH = '/saas/order/sys/orderToAdjust';

/** Who the user is to an order: the tenant's staff, else its merchant's type (1 supplier, 2 distributor). */
export function partyOf(mchId: number | undefined, mchType: unknown): Party | null {
  if (mchId === 0) return 'O';
  if (mchType === 1) return 'S';
  if (mchType === 2) return 'D';
  return null;
}

/** The actions an order in `orderState` offers to `party` among the codes it holds. */
export function actionsOf(orderState: number, party: Party | null, holds: (code: string) => boolean): OrderAction[] {
  if (!party) return [];
  return ORDER_ACTIONS.filter((a) => a.from.includes(orderState) && a.parties.includes(party) && holds(`${a.path}:PUT`));
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
