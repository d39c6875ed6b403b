-- The vouchers of confirmed orders: one per ticket, or one per order (the product's
-- voucher_per_ticket), each admitting `tickets` people once. code: the unguessable text the QR
-- code carries (domain::voucher: 100 random bits, Crockford base32), unique over all tenants,
-- since a gate is told nothing but the code. state: 0 valid, 1 used, 2 cancelled. valid_from /
-- valid_to: the days (YYYY-MM-DD, both inclusive; '' no bound) on which it admits. used_*: who
-- admitted it, when, at which gate, and the scan id the gate sent (a repeat of the same scan is
-- answered as admitted again).
CREATE TABLE ticket_vouchers (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    order_id BIGINT NOT NULL,
    scenic_id BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    code TEXT NOT NULL,
    tickets BIGINT NOT NULL,
    state INTEGER NOT NULL,
    valid_from TEXT NOT NULL,
    valid_to TEXT NOT NULL,
    used_at BIGINT NOT NULL,
    used_by BIGINT NOT NULL,
    used_role TEXT NOT NULL,
    used_gate TEXT NOT NULL,
    used_scan TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX ticket_vouchers_by_code ON ticket_vouchers (code);
CREATE INDEX ticket_vouchers_by_order ON ticket_vouchers (order_id, seq);

-- A ticket order's credit payment (finance-app's saga, docs/finance.md): the request under way
-- or last asked (its event id: only its answer counts), why finance-app refused it, what was
-- taken and when. One row per order, written when a credit payment is asked.
CREATE TABLE ticket_order_payments (
    order_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    request_id TEXT NOT NULL,
    fail_reason TEXT NOT NULL,
    amount BIGINT NOT NULL,
    paid_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
