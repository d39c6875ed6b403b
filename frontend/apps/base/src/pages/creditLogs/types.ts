// finance-app's credit log (the spec's saasMchCreditLog; services/finance-app/src/store/
// credit_logs.rs `CreditLog`): one row per order of the tenant. Money in fen, days `YYYY-MM-DD`,
// times in ms (0 for none).

export interface CreditLog {
  id: number;
  supplierMchId: number;
  supplierName: string;
  distributorMchId: number;
  distributorName: string;
  saleUserId: number;
  orderId: number;
  /** 10 hotel, 20 ticket, 30 travel, 50 package, 60 general product, 80 finance. */
  productType: number;
  productId: number;
  productName: string;
  orderNumber: string;
  contactName: string;
  contactPhone: string;
  travelDate: string;
  endTravelDate: string;
  orderDate: number;
  currencyCode: string;
  orderNum: number;
  /** What the distributor pays. */
  orderPrice: number;
  /** The tenant's staff only (absent for a distributor's users). */
  supplierPrice?: number;
  distributorPrice: number;
  receiptDate: number;
  /** none 1, partial 2, full 3. */
  receiptProgress: number;
  receiptId: number;
  paymentDate: number;
  /** none 1, partial 2, full 3. */
  paymentProgress: number;
  paymentId: number;
  /** What the order leaves to settle. */
  statementPrice: number;
  /** 1 pending confirm, 2 deducted, 3 failed, 4 pending cancel, 5 unpaid, 6 paid, 7 not received, 8 received. */
  state: number;
  createDate: number;
}
