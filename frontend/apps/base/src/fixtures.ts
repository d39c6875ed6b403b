// Rows the base pages' tests share, as the services answer them, and the signed-in staff
// holding some codes.
import { session } from '@tradewind/shared';
import type { Account } from './pages/credit/types';
import type { GroupRow } from './pages/groups/types';

export const group: GroupRow = {
  id: 11,
  name: 'Order desk',
  remarks: 'handles orders',
  permCodes: ['/saas/order/**', '/saas/account/user/list:GET'],
  userCount: 4,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

export function staffHolding(...codes: string[]) {
  session.setUser({ id: 1, username: 'admin', saasId: 1, mchId: 0, mscType: 200 }, null);
  session.setPermissions(codes.map((permCode) => ({ permCode, appId: 1 })));
}

/** A distributor's credit account as finance-app answers it (the credit and balance lists). */
export const account: Account = {
  id: 1,
  mchId: 2002,
  mchName: 'Blue Travel',
  currency: 'CNY',
  credit: 5_000_000,
  tempCredit: 1_000_000,
  tempCreditExpiry: '2026-12-31',
  tempCreditValid: true,
  usedCredit: 12_345,
  balance: 500_000,
  available: 6_487_655,
  state: 1,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

/** The distributors saas-main's loadForSelect answers. */
export const distributorChoices = [
  { id: 2002, name: 'Blue Travel' },
  { id: 2003, name: 'Red Tours' },
];

export function distributorHolding(...codes: string[]) {
  session.setUser({ id: 3004, username: 'distributor', saasId: 1, mchId: 2002, mscType: 312 }, null);
  session.setPermissions(codes.map((permCode) => ({ permCode, appId: 1 })));
}
