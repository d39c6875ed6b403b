-- A merchant's orders to reconcile (verify/listDistributorVerifyOrder, listSupplierVerifyOrder)
-- are the merchant's ledger rows, those with something due or settled on that side, oldest
-- first, with a count capped at 10,000. With the amounts in the index, the page and the count
-- read the index alone instead of checking each of up to 10,001 rows in the table (56 ms p99
-- for a distributor with 200,000 rows before). These replace the merchant and order date
-- indexes, which are their prefixes.
DROP INDEX credit_logs_distributor;
DROP INDEX credit_logs_supplier;
CREATE INDEX credit_logs_distributor_ledger ON credit_logs (saas_id, distributor_mch_id, order_date, id, receipt_due, receipt_received);
CREATE INDEX credit_logs_supplier_ledger ON credit_logs (saas_id, supplier_mch_id, order_date, id, payment_due, payment_paid);
