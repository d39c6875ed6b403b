// What the order pages of every application share (hotel-app's and ticket-app's orders follow
// one state machine, `services/trade/src/domain/order_state.rs`): the order enumerations and
// the table of actions, the states each may start from and who may take it (S the supplier,
// D the distributor, O the tenant's staff). An application binds each action to its own
// permission code; a page shows an action when the user holds that code, is one of its parties
// and the order's state allows it; the service checks all three again.
import type { Enumeration } from './components/enum';
import { MchType } from './constants';

/** `orderState`: 0 valid, 1 confirmed, 2 unpaid, 3 paid, 4 cancelled, 5 completed, 6 refunded, 7 cancellation applied, 8 unconfirmed, 9 invalid, 10 arranged. */
export const ORDER_STATE: Enumeration = { id: 'enum.orderState', values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };

/**
 * Real, supplier and channel order states (`realOrderState`, `supplierOrderState`,
 * `channelOrderState`). A channel's order adds the spec's channel values: 47 cancelled on
 * timeout, 48 cancelled by the channel, 49 the channel's cancellation refused, and 60 not checked
 * in, 61 checked in, 62 left (reserved).
 */
export const ORDER_PROGRESS: Enumeration = {
  id: 'enum.orderProgress',
  values: [0, 10, 11, 19, 30, 31, 39, 40, 42, 47, 48, 49, 60, 61, 62, 71, 76],
};

/** `payState`: 0 unpaid, 20 paying, 21 paid, 29 failed, 51 refunded. */
export const PAY_STATE: Enumeration = { id: 'enum.payState', values: [0, 20, 21, 29, 51] };

/** `cancelApply`: 0 none, 40 applied, 41 agreed. */
export const CANCEL_APPLY: Enumeration = { id: 'enum.cancelApply', values: [0, 40, 41] };

/** `payType`: 0 not paid, 1 credit, 2 cash. */
export const PAY_TYPE: Enumeration = { id: 'enum.payType', values: [0, 1, 2] };

/** The order log's `action`. */
export const ORDER_LOG_ACTION: Enumeration = {
  id: 'enum.orderLogAction',
  values: [
    'create',
    'pay',
    'confirm',
    'refuse',
    'arrange',
    'apply-cancel',
    'agree-cancel',
    'refuse-cancel',
    'cancel',
    'timeout-cancel',
    'complete',
    'remark',
    'adjust',
  ],
};

/** The order enumerations, for the messages test. */
export const ORDER_ENUMS: Enumeration[] = [ORDER_STATE, ORDER_PROGRESS, PAY_STATE, CANCEL_APPLY, PAY_TYPE, ORDER_LOG_ACTION];

/** Who a user is to an order: S its supplier, D its distributor, O the tenant's staff. */
export type OrderParty = 'S' | 'D' | 'O';

/** `orderState` values the actions start from. */
export const ORDER_STATES = { CONFIRMED: 1, UNPAID: 2, PAID: 3, CANCEL_REQUESTED: 7, UNCONFIRMED: 8, ARRANGED: 10 } as const;

export type OrderActionKey = 'pay' | 'confirm' | 'refuse' | 'arrange' | 'complete' | 'applyCancel' | 'agreeCancel' | 'refuseCancel' | 'cancel';

export interface OrderActionRule {
  key: OrderActionKey;
  from: number[];
  parties: OrderParty[];
  /** A reason must be given (refusals). */
  remarkRequired?: boolean;
}

const S = ORDER_STATES;

/** The state machine's actions as a user starts them (the system's timeout cancel is not one). */
export const ORDER_ACTION_RULES: OrderActionRule[] = [
  { key: 'pay', from: [S.UNPAID], parties: ['D', 'O'] },
  { key: 'confirm', from: [S.PAID, S.UNCONFIRMED], parties: ['S', 'O'] },
  { key: 'refuse', from: [S.PAID, S.UNCONFIRMED], parties: ['S', 'O'], remarkRequired: true },
  { key: 'arrange', from: [S.CONFIRMED], parties: ['S', 'O'] },
  { key: 'complete', from: [S.CONFIRMED, S.ARRANGED], parties: ['S', 'O'] },
  { key: 'applyCancel', from: [S.CONFIRMED, S.ARRANGED], parties: ['D', 'O'] },
  { key: 'agreeCancel', from: [S.CANCEL_REQUESTED], parties: ['S', 'O'] },
  { key: 'refuseCancel', from: [S.CANCEL_REQUESTED], parties: ['S', 'O'], remarkRequired: true },
  { key: 'cancel', from: [S.UNPAID, S.PAID, S.UNCONFIRMED], parties: ['D', 'O'] },
];

/** An action with the permission code (`<endpoint>:PUT`) an application serves it under. */
export interface OrderAction extends OrderActionRule {
  code: string;
}

/** The actions an application serves, each with its code; those it has no code for are left out. */
export function bindOrderActions(codes: Partial<Record<OrderActionKey, string>>): OrderAction[] {
  return ORDER_ACTION_RULES.flatMap((r) => {
    const code = codes[r.key];
    return code ? [{ ...r, code }] : [];
  });
}

/** Who the user is to an order: the tenant's staff, else its merchant's type. */
export function orderPartyOf(mchId: number | undefined, mchType: unknown): OrderParty | null {
  if (mchId === 0) return 'O';
  if (mchType === MchType.Supplier) return 'S';
  if (mchType === MchType.Distributor) return 'D';
  return null;
}

/** The actions of `actions` an order in `orderState` offers to `party` among the codes it holds. */
export function orderActionsOf(actions: OrderAction[], orderState: number, party: OrderParty | null, holds: (code: string) => boolean): OrderAction[] {
  if (!party) return [];
  return actions.filter((a) => a.from.includes(orderState) && a.parties.includes(party) && holds(a.code));
}
