// finance-app's balance chart (services/finance-app/src/domain/credit.rs `DayPoint`): one
// distributor's balance and used credit at the end of each day, in fen. The balance list's rows
// are the credit accounts (../credit/types.ts).

export interface DayPoint {
  /** `YYYY-MM-DD`. */
  date: string;
  balance: number;
  usedCredit: number;
}
