// Rows the base pages' tests share, as the services answer them, and the signed-in staff
// holding some codes.
import { session } from '@tradewind/shared';
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
