// Rows the hotel pages' tests share, as hotel-app and saas-main answer them, and the signed-in
// users holding some codes.
import { day, session } from '@tradewind/shared';
import type { RoomRow } from './pages/hotels/types';
import type { ProductRow } from './pages/products/types';
import type { OrderFull, OrderRow } from './pages/orders/types';
import type { ZoneNode } from './pages/choices';
import type { Call } from '@tradewind/shared/src/testing';

export const room: RoomRow = {
  id: 5,
  hotelId: 11,
  name: 'King room',
  bedType: 2,
  roomType: 1,
  area: '35',
  floor: '5-8',
  maxGuests: 2,
  addBed: 1,
  broadband: '0',
  window: 2,
  state: 0,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

export const product: ProductRow = {
  productId: 21,
  productName: 'Lake view king',
  hotelId: 11,
  hotelName: 'Lakeside Hotel',
  roomName: 'King room',
  supplierName: 'Sunrise Hotels',
  confirmType: 1,
  cancelType: 2,
  isOnlinePay: 1,
  breakfastNum: 99,
  state: -1,
  createDate: 1_767_225_600_000,
};

export const order: OrderRow = {
  orderId: 42,
  supplierId: 2001,
  distributionId: 3001,
  hotelId: 11,
  roomId: 5,
  productId: 21,
  hotelName: 'Lakeside Hotel',
  productName: 'Lake view king',
  contactName: 'Zhang San',
  contactPhone: '13800000000',
  checkinDate: '2026-05-01',
  checkoutDate: '2026-05-03',
  nights: 2,
  productNum: 2,
  personNum: 3,
  orderPrice: 123_400,
  channelPrice: 123_400,
  supplierPrice: 100_000,
  orderState: 8,
  realOrderState: 30,
  supplierOrderState: 30,
  channelOrderState: 30,
  payState: 21,
  cancelApply: 0,
  needConfirm: true,
  payDeadline: 0,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
  supplierName: 'Sunrise Hotels',
  distributorName: 'Blue Travel',
};

export const full: OrderFull = {
  ...order,
  supplierOrderId: '',
  channelOrderId: 'BT-9',
  contactIdType: 1,
  contactIdNo: '',
  payType: 1,
  payPrice: 123_400,
  payFailReason: '',
  payDate: 1_767_225_700_000,
  confirmDate: 0,
  finishDate: 0,
  allowedCancel: true,
  cancelDeadline: 1_777_000_000_000,
  cancelPrice: 0,
  orderMemo: 'late arrival',
  guestMemo: '',
  memoInner: '',
  currency: 'CNY',
  guests: [{ name: 'Li Si', phone: '', idType: 1, idNo: '', country: 'CN' }],
  nightly: [
    { day: '2026-05-01', price: 30_850, purchasePrice: 25_000, stockSource: 1 },
    { day: '2026-05-02', price: 30_850, purchasePrice: 25_000, stockSource: 2 },
  ],
  logs: [
    { id: 1, orderId: 42, userId: 9, username: 'blue', action: 'create', fromState: -1, toState: 2, remark: '', createDate: 1_767_225_600_000 },
    { id: 2, orderId: 42, userId: 9, username: 'blue', action: 'pay', fromState: 2, toState: 8, remark: 'credit', createDate: 1_767_225_700_000 },
  ],
};

/** The tenant's distributors as saas-main's loadForSelect answers them. */
export const distributors = [
  { id: 2002, name: 'Blue Travel' },
  { id: 2003, name: 'Green Tours' },
];

export const isDistributorList = (c: Call) => c.url.pathname === '/api/saas-main/saas/merchant/distributorInfos/loadForSelect';

/** The tenant's zones as hotel-app's zones/tree answers them (Ningbo disabled). */
export const zone = (id: number, parentId: number, name: string, children: ZoneNode[] = [], state = 1): ZoneNode => ({ id, parentId, name, state, children });

export const zoneTree: ZoneNode[] = [
  zone(1, 0, 'Zhejiang', [zone(3, 1, 'Hangzhou', [zone(4, 3, 'West Lake')]), zone(5, 1, 'Ningbo', [], 0)]),
  zone(2, 0, 'Hainan', [zone(6, 2, 'Sanya')]),
];

export const isZoneTree = (c: Call) => c.url.pathname === '/api/hotel-app/saas/hotel/zones/tree';

export const inDays = (n: number) => day(new Date(Date.now() + n * 86_400_000));

export const hold = (...codes: string[]) => session.setPermissions(codes.map((permCode) => ({ permCode, appId: 36 })));

export const staffUser = () => session.setUser({ id: 1, username: 'demo', saasId: 1001, mchId: 0, mscType: 200 } as never, {});

export const merchantUser = (mchType: number) =>
  session.setUser({ id: 2, username: 'm', saasId: 1001, mchId: 2001, mscType: 311 } as never, { mchType });
