-- A distributor's credit account with the tenant (money in fen, days as days since 1970-01-01
-- in China time, times in ms). One per tenant and distributor merchant.
CREATE TABLE credit_accounts (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    currency TEXT NOT NULL,
    credit BIGINT NOT NULL,
    temp_credit BIGINT NOT NULL,
    temp_credit_until BIGINT NOT NULL,
    used_credit BIGINT NOT NULL,
    balance BIGINT NOT NULL,
    state INTEGER NOT NULL,
    version BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX credit_accounts_merchant ON credit_accounts (saas_id, mch_id);

-- Every change of an account's limits by the tenant's finance staff: who, why, before and after.
CREATE TABLE credit_changes (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    username TEXT NOT NULL,
    reason TEXT NOT NULL,
    credit_before BIGINT NOT NULL,
    credit_after BIGINT NOT NULL,
    temp_credit_before BIGINT NOT NULL,
    temp_credit_after BIGINT NOT NULL,
    temp_until_before BIGINT NOT NULL,
    temp_until_after BIGINT NOT NULL,
    state_before INTEGER NOT NULL,
    state_after INTEGER NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX credit_changes_merchant ON credit_changes (saas_id, mch_id, created_at);

-- Prepaid money put in (positive) or taken out (negative) of an account's balance.
CREATE TABLE cash_logs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    currency TEXT NOT NULL,
    money BIGINT NOT NULL,
    balance_after BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    username TEXT NOT NULL,
    remark TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX cash_logs_merchant ON cash_logs (saas_id, mch_id, created_at);

-- An account's balance and used credit at the end of each day it changed (for the chart).
CREATE TABLE account_days (
    saas_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    day BIGINT NOT NULL,
    balance BIGINT NOT NULL,
    used_credit BIGINT NOT NULL,
    PRIMARY KEY (saas_id, mch_id, day)
);

-- The tenant's bank accounts, for receipts and payments.
CREATE TABLE bank_accounts (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    bank_name TEXT NOT NULL,
    account_name TEXT NOT NULL,
    account_no TEXT NOT NULL,
    branch TEXT NOT NULL,
    currency TEXT NOT NULL,
    remark TEXT NOT NULL,
    state INTEGER NOT NULL,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX bank_accounts_no ON bank_accounts (saas_id, account_no);

-- What an order's credit payment took from its distributor's account, one row per order (the
-- saga's idempotency key): state 1 reserved, 2 released, 0 refused (with the reason).
CREATE TABLE credit_reservations (
    saas_id BIGINT NOT NULL,
    order_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    product_type INTEGER NOT NULL,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    state INTEGER NOT NULL,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (saas_id, order_id)
);
