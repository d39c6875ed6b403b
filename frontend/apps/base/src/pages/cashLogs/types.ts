// finance-app's cash log (services/finance-app/src/store/accounts.rs `CashLog`): prepaid money
// put into and taken out of distributors' balances. Money in fen, times in ms.

export interface CashLog {
  id: number;
  /** The distributor merchant. */
  mchId: number;
  currency: string;
  /** Positive in, negative out. */
  money: number;
  /** The balance after it. */
  balance: number;
  userId: number;
  username: string;
  remark: string;
  createDate: number;
}
