// hotel-app's order answers (services/hotel-app/src/api/orders.rs, store/orders.rs). Money in
// fen, times in ms, days `YYYY-MM-DD`.

import type { HotelAppApi } from '@tradewind/shared';

/** `OrderRow`: a row of the three order lists. */
export type OrderRow = HotelAppApi['schemas']['OrderRow'];

export type OrderGuest = HotelAppApi['schemas']['GuestForm'];

export type OrderNight = HotelAppApi['schemas']['OrderNight'];

export type OrderLogEntry = HotelAppApi['schemas']['OrderLog'];

/** `OrderFull`: GET /saas/order/sys/load. */
export interface OrderFull extends OrderRow {
  supplierOrderId: string;
  channelOrderId: string;
  contactIdType: number;
  contactIdNo: string;
  payType: number;
  payPrice: number;
  /** Why finance refused the credit payment (payment state 29), "zh / en"; empty otherwise. */
  payFailReason: string;
  payDate: number;
  confirmDate: number;
  finishDate: number;
  allowedCancel: boolean;
  cancelDeadline: number;
  cancelPrice: number;
  orderMemo: string;
  guestMemo: string;
  memoInner: string;
  currency: string;
  guests: OrderGuest[];
  nightly: OrderNight[];
  logs: OrderLogEntry[];
}
