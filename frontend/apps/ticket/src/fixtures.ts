// Rows the ticket pages' tests share, as ticket-app answers them, and the signed-in users
// holding some codes.
import { session } from '@tradewind/shared';
import type { ScenicRow } from './pages/scenics/types';

export const scenic: ScenicRow = {
  scenicId: 7,
  scenicName: '西湖风景名胜区',
  scenicNameEn: 'West Lake Scenic Area',
  star: 5,
  address: '1 Longjing Road, Hangzhou',
  phone: '0571-87179603',
  description: 'Lakes and hills',
  state: 1,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

/** Codes held under the ticket application's id (110). */
export const hold = (...codes: string[]) => session.setPermissions(codes.map((permCode) => ({ permCode, appId: 110 })));

export const staffUser = () => session.setUser({ id: 1, username: 'demo', saasId: 1001, mchId: 0, mscType: 200 } as never, {});

export const supplierUser = () => session.setUser({ id: 2, username: 'supplier', saasId: 1001, mchId: 2001, mscType: 311 } as never, { mchType: 1 });
