// hotel-app's hotel products as it answers them.

/** `HotelProduct` of hotel-app (the fields this list shows). */
export interface ProductRow {
  productId: number;
  productName: string;
  hotelId: number;
  hotelName: string;
  roomName: string;
  supplierName: string;
  confirmType: number;
  cancelType: number;
  isOnlinePay: number;
  breakfastNum: number;
  state: number;
  createDate: number;
}

/** `HotelProduct` of hotel-app: GET /saas/product/hotelProducts/load. */
export interface ProductFull {
  productId: number;
  productName: string;
  productShortName: string;
  productDesc: string;
  zoneId: number;
  hotelId: number;
  roomId: number;
  supplierId: number;
  cancelPolicy: string;
  confirmType: number;
  shareType: number;
  cancelType: number;
  paymentTypes: string;
  isOnlinePay: number;
  earliestBookingDays: number;
  earliestBookingHours: number;
  latestBookingDays: number;
  latestBookingHours: number;
  breakfastNum: number;
  lunchNum: number;
  dinnerNum: number;
  serialCheckinMin: number;
  serialCheckinMax: number;
  roomCountMin: number;
  roomCountMax: number;
  moveupCancelDays: number;
  moveupCancelHours: number;
  guestType: number;
  supplierHotelId: string;
  supplierProductId: string;
  supplierRoomId: string;
  state: number;
}
