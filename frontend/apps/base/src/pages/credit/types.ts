// finance-app's credit accounts and their changes (services/finance-app/src/store/accounts.rs):
// money in fen, days `YYYY-MM-DD`, times in ms. The balance pages show the same rows.

/** `Account`: a distributor's credit account as the credit and balance lists answer it. */
export interface Account {
  id: number;
  /** The distributor merchant. */
  mchId: number;
  mchName: string;
  currency: string;
  /** Permanent credit. */
  credit: number;
  tempCredit: number;
  /** The last day the temporary credit may be spent; empty for none. */
  tempCreditExpiry: string;
  /** Whether the temporary credit still counts today. */
  tempCreditValid: boolean;
  usedCredit: number;
  /** Prepaid money. */
  balance: number;
  /** permanent + temporary (if still valid) + balance − used. */
  available: number;
  /** -1 deleted, 0 invalid, 1 valid. */
  state: number;
  createDate: number;
  modifyDate: number;
}

/** `LimitChange`: one change of a distributor's limits, who, why, before and after. */
export interface LimitChange {
  id: number;
  mchId: number;
  userId: number;
  username: string;
  reason: string;
  creditBefore: number;
  creditAfter: number;
  tempCreditBefore: number;
  tempCreditAfter: number;
  tempCreditExpiryBefore: string;
  tempCreditExpiryAfter: string;
  stateBefore: number;
  stateAfter: number;
  createDate: number;
}
