// The enumerations the base pages show, with the values the services answer (labels in the
// messages as `<id>.<value>`).
import type { Enumeration } from '@tradewind/shared';

/** auth-center `userState`: 0 normal, 1 locked, 2 disabled. */
export const USER_STATE: Enumeration = { id: 'base.enum.userState', values: [0, 1, 2] };

/** auth-center `mscType` of the people of a tenant (docs/security.md). */
export const MSC_TYPE: Enumeration = { id: 'base.enum.mscType', values: [100, 200, 300, 311, 312] };

/** auth-center login log `result`: 1 success, 0 failure. */
export const LOGIN_RESULT: Enumeration = { id: 'base.enum.loginResult', values: [1, 0] };

/** saas-main `stateMerchants` as the lists filter it (deleted ones are never listed). */
export const MERCHANT_STATE: Enumeration = { id: 'base.enum.merchantState', values: [0, 1, 2] };

/** message-server `stateSms` / `stateMails`. */
export const DISPATCH_STATE: Enumeration = { id: 'base.enum.dispatchState', values: [0, 1, 2, 3, 4] };

/** `typeNotifys`: 0-3 what a supplier is told, 10-14 what a distributor is told. */
export const NOTIFY_TYPE: Enumeration = {
  id: 'base.enum.notifyType',
  values: [0, 1, 2, 3, 10, 11, 12, 13, 14],
};

/** Every enumeration, for the messages test. */
export const ENUMS: Enumeration[] = [USER_STATE, MSC_TYPE, LOGIN_RESULT, MERCHANT_STATE, DISPATCH_STATE, NOTIFY_TYPE];
