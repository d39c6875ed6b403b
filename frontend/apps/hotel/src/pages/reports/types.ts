// hotel-app's order reports as it answers them.

/** `ProductSummary` of hotel-app. */
export interface ProductSummary {
  productId: number;
  productName: string;
  hotelId: number;
  hotelName: string;
  orderNum: number;
  roomNights: number;
  orderPrice: number;
  supplierPrice: number;
  profit: number;
  cancelNum: number;
}
