// Rows the ticket pages' tests share, as ticket-app answers them, and the signed-in users
// holding some codes.
import { day, session } from '@tradewind/shared';
import type { ScenicRequestRow, ScenicRow, ScenicSupplierRow } from './pages/scenics/types';
import type { TicketProduct } from './pages/products/types';
import type { TicketOrder, TicketOrderLog } from './pages/orders/types';

export const scenic: ScenicRow = {
  scenicId: 7,
  scenicName: '西湖风景名胜区',
  scenicNameEn: 'West Lake Scenic Area',
  star: 5,
  areaId: 'CN-ZJ-HZ',
  areaName: '杭州',
  areaNameEn: 'Hangzhou',
  zoneName: 'West Lake district',
  address: '1 Longjing Road, Hangzhou',
  longitude: 120.15,
  latitude: 30.25,
  phone: '0571-87179603',
  images: ['https://img.example/lake.jpg'],
  openType: 1,
  openTime: '08:00',
  closeTime: '17:30',
  seasons: '',
  description: 'Lakes and hills',
  notices: 'No swimming',
  state: 1,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

/** Codes held under the ticket application's id (110). */
export const hold = (...codes: string[]) => session.setPermissions(codes.map((permCode) => ({ permCode, appId: 110 })));

export const staffUser = () => session.setUser({ id: 1, username: 'demo', saasId: 1001, mchId: 0, mscType: 200 } as never, {});

export const supplierUser = () => session.setUser({ id: 2, username: 'supplier', saasId: 1001, mchId: 2001, mscType: 311 } as never, { mchType: 1 });

export const scenicRequest: ScenicRequestRow = {
  id: 31,
  mchId: 2001,
  mchName: 'Sunrise Tickets',
  kind: 1,
  scenicId: 0,
  fields: { ...scenic, scenicName: '灵隐寺', scenicNameEn: 'Lingyin Temple', state: 0 },
  state: 0,
  remark: '',
  requestedBy: 2,
  decidedBy: 0,
  createDate: 1_767_225_600_000,
  decideDate: 0,
};

export const scenicSupplier: ScenicSupplierRow = {
  id: 41,
  scenicId: 7,
  scenicName: '西湖风景名胜区',
  mchId: 2001,
  mchName: 'Sunrise Tickets',
  state: 0,
  remark: '',
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

export const product: TicketProduct = {
  productId: 51,
  supplierId: 2001,
  supplierName: 'Sunrise Tickets',
  scenicId: 7,
  scenicName: '西湖风景名胜区',
  productName: 'West Lake boat, adult',
  productType: 1,
  deliveryType: 1,
  enterType: 1,
  voucherType: 2,
  voucherPerTicket: true,
  validateType: 1,
  validStart: '2026-12-01',
  validEnd: '2026-12-31',
  validDays: 0,
  limitTimeType: 1,
  limitDays: 0,
  limitTime: '18:00',
  cancelType: 2,
  cancelDays: 1,
  confirmType: 2,
  limitGoodsType: 2,
  limitNum: 4,
  limitBy: 3,
  formFields: [1, 2, 3],
  customFields: [{ name: 'Shoe size', fieldType: 4, required: true, options: ['S', 'M', 'L'] }],
  interfaceId: 0,
  payOnline: false,
  smsText: 'Show the code at the pier.',
  images: [],
  description: '',
  notice: 'Life jackets on board',
  state: 0,
  smsParts: ['Show the code at the pier.'],
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

export const inDays = (n: number) => day(new Date(Date.now() + n * 86_400_000));

export const distributorUser = () => session.setUser({ id: 3, username: 'distributor', saasId: 1001, mchId: 2002, mscType: 312 } as never, { mchType: 2 });

/** A ticket order waiting for its supplier (`TicketOrder`). */
export const ticketOrder: TicketOrder = {
  orderId: 42,
  productId: 7,
  productName: 'West Lake boat, adult',
  scenicId: 11,
  scenicName: '西湖风景名胜区',
  supplierId: 2001,
  supplierName: 'Demo supplier',
  distributorId: 2002,
  distributorName: 'Demo distributor',
  visitDate: '2026-12-01',
  quantity: 2,
  usedTickets: 0,
  vouchers: 0,
  orderPrice: 16_000,
  supplierPrice: 12_000,
  orderState: 8,
  realState: 30,
  supplierState: 30,
  channelState: 30,
  payState: 0,
  payType: 0,
  payDeadline: 0,
  payFailReason: '',
  cancelApply: 0,
  needConfirm: true,
  // Booked here, not through a channel.
  configId: 0,
  channelOrderId: '',
  channelPrice: 0,
  contactName: 'Li Si',
  contactMobile: '13800000000',
  buyer: { name: 'Li Si', mobile: '13800000000', idNumber: '', email: '', address: '', custom: { 'Boat time': 'Morning' } },
  remark: 'Window seats',
  createDate: 1_764_000_000_000,
  modifyDate: 1_764_000_000_000,
  confirmDate: 0,
  finishDate: 0,
};

/** Its log: placed by the distributor (`OrderLog`). */
export const ticketOrderLog: TicketOrderLog = {
  id: 1,
  orderId: 42,
  action: 'create',
  fromState: 0,
  toState: 8,
  role: 'distributor',
  userId: 3,
  remark: '',
  createDate: 1_764_000_000_000,
};
