DROP INDEX credit_logs_state;
DROP INDEX credit_logs_paid;
DROP INDEX credit_logs_distributor_end;
DROP INDEX credit_logs_end;
DROP INDEX credit_logs_distributor_travel;
DROP INDEX credit_logs_travel;
