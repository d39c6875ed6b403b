//! finance-app's persistence (credit logs, receipts, payments, balances, bank accounts): diesel schema, rows and queries scoped by
//! `platform::Viewer`, outbox writes; none yet (docs/adding-a-service.md).
