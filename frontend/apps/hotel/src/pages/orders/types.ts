// hotel-app's order answers (services/hotel-app/src/api/orders.rs, store/orders.rs). Money in
// fen, times in ms, days `YYYY-MM-DD`.

/** `OrderRow`: a row of the three order lists. */
export interface OrderRow {
  orderId: number;
  supplierId: number;
  /** The distributor who booked. */
  distributionId: number;
  hotelId: number;
  roomId: number;
  productId: number;
  hotelName: string;
  productName: string;
  contactName: string;
  contactPhone: string;
  checkinDate: string;
  checkoutDate: string;
  nights: number;
  /** Rooms. */
  productNum: number;
  personNum: number;
  /** What the distributor pays. */
  orderPrice: number;
  channelPrice: number;
  /** What the supplier is paid; absent for distributors. */
  supplierPrice?: number;
  orderState: number;
  realOrderState: number;
  supplierOrderState: number;
  channelOrderState: number;
  payState: number;
  cancelApply: number;
  needConfirm: boolean;
  /** 0: none. */
  payDeadline: number;
  createDate: number;
  modifyDate: number;
  supplierName: string;
  distributorName: string;
}

export interface OrderGuest {
  name: string;
  phone: string;
  idType: number;
  idNo: string;
  country: string;
}

export interface OrderNight {
  day: string;
  /** Per room. */
  price: number;
  /** Per room; 0 for distributors. */
  purchasePrice: number;
  stockSource: number;
}

export interface OrderLogEntry {
  id: number;
  orderId: number;
  userId: number;
  username: string;
  action: string;
  /** -1 for the order's creation. */
  fromState: number;
  toState: number;
  remark: string;
  createDate: number;
}

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
