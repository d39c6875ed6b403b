DROP INDEX credit_logs_supplier_ledger;
DROP INDEX credit_logs_distributor_ledger;
CREATE INDEX credit_logs_supplier ON credit_logs (saas_id, supplier_mch_id, order_date);
CREATE INDEX credit_logs_distributor ON credit_logs (saas_id, distributor_mch_id, order_date);
