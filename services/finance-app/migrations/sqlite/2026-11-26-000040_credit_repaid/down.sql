ALTER TABLE credit_reservations DROP COLUMN repaid;
