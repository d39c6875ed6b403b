-- The credit log list over a million rows: an index for each filter that narrows it to few rows
-- and for each order it is read in (newest first by the date its range is on, the order date
-- by default), so a page and its capped count read about as many rows as they show. A
-- distributor's users always filter by their distributor, hence the distributor's dates.
CREATE INDEX credit_logs_travel ON credit_logs (saas_id, travel_date, id);
CREATE INDEX credit_logs_distributor_travel ON credit_logs (saas_id, distributor_mch_id, travel_date, id);
CREATE INDEX credit_logs_end ON credit_logs (saas_id, end_travel_date, id);
CREATE INDEX credit_logs_distributor_end ON credit_logs (saas_id, distributor_mch_id, end_travel_date, id);
CREATE INDEX credit_logs_paid ON credit_logs (saas_id, payment_date, id);
CREATE INDEX credit_logs_state ON credit_logs (saas_id, state, order_date);
