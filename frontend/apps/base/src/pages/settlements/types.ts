// finance-app's receipts (from distributors) and payments (to suppliers), their logs, the
// reconciliation summaries and ledger rows (services/finance-app/src/api/{receipts,payments,
// verify}.rs, docs/finance.md). The two sides have the same shape under their own field names;
// `sides.ts` names them. Money in fen, times in ms, days `YYYY-MM-DD`.

/** A receipt or payment, or one of their logs, or a summary line, or a ledger row. */
export type Row = Record<string, string | number | undefined>;

export type SideName = 'receipt' | 'payment';

/** `ReceiptDetail` / `PaymentDetail`: the settlement with its orders and newest 500 logs. */
export interface Detail {
  receipt?: Row;
  payment?: Row;
  orders: Row[];
  logs: Row[];
}
