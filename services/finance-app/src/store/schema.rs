//! finance-app's tables (migrations in `migrations/postgres` and `migrations/sqlite`); the
//! platform's (outbox, copies of tenants and merchants) are in `platform`.

diesel::table! {
    credit_accounts (id) {
        id -> BigInt,
        saas_id -> BigInt,
        mch_id -> BigInt,
        currency -> Text,
        credit -> BigInt,
        temp_credit -> BigInt,
        temp_credit_until -> BigInt,
        used_credit -> BigInt,
        balance -> BigInt,
        state -> Integer,
        version -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    credit_changes (id) {
        id -> BigInt,
        saas_id -> BigInt,
        mch_id -> BigInt,
        user_id -> BigInt,
        username -> Text,
        reason -> Text,
        credit_before -> BigInt,
        credit_after -> BigInt,
        temp_credit_before -> BigInt,
        temp_credit_after -> BigInt,
        temp_until_before -> BigInt,
        temp_until_after -> BigInt,
        state_before -> Integer,
        state_after -> Integer,
        created_at -> BigInt,
    }
}

diesel::table! {
    cash_logs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        mch_id -> BigInt,
        currency -> Text,
        money -> BigInt,
        balance_after -> BigInt,
        user_id -> BigInt,
        username -> Text,
        remark -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    account_days (saas_id, mch_id, day) {
        saas_id -> BigInt,
        mch_id -> BigInt,
        day -> BigInt,
        balance -> BigInt,
        used_credit -> BigInt,
    }
}

diesel::table! {
    bank_accounts (id) {
        id -> BigInt,
        saas_id -> BigInt,
        bank_name -> Text,
        account_name -> Text,
        account_no -> Text,
        branch -> Text,
        currency -> Text,
        remark -> Text,
        state -> Integer,
        created_by -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    credit_reservations (saas_id, order_id) {
        saas_id -> BigInt,
        order_id -> BigInt,
        mch_id -> BigInt,
        product_type -> Integer,
        amount -> BigInt,
        currency -> Text,
        state -> Integer,
        reason -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
        repaid -> BigInt,
    }
}

diesel::table! {
    credit_logs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        supplier_mch_id -> BigInt,
        distributor_mch_id -> BigInt,
        sale_user_id -> BigInt,
        order_id -> BigInt,
        product_type -> Integer,
        product_id -> BigInt,
        product_name -> Text,
        order_number -> Text,
        contact_name -> Text,
        contact_phone -> Text,
        travel_date -> Text,
        end_travel_date -> Text,
        order_date -> BigInt,
        currency_code -> Text,
        order_num -> Integer,
        order_price -> BigInt,
        supplier_price -> BigInt,
        distributor_price -> BigInt,
        receipt_date -> BigInt,
        receipt_progress -> Integer,
        receipt_id -> BigInt,
        payment_date -> BigInt,
        payment_progress -> Integer,
        payment_id -> BigInt,
        statement_price -> BigInt,
        state -> Integer,
        order_state -> Integer,
        state_at -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    /// The reconciliation ledger's view of `credit_logs`: the columns receipts, payments and
    /// reconciliation read and write (diesel declares at most 32 columns of a table, and the
    /// credit log has more). The ledger columns (`receipt_due` ... `payment_verify`) are
    /// written through this view only.
    #[sql_name = "credit_logs"]
    ledger (id) {
        id -> BigInt,
        saas_id -> BigInt,
        supplier_mch_id -> BigInt,
        distributor_mch_id -> BigInt,
        order_id -> BigInt,
        product_type -> Integer,
        product_name -> Text,
        order_number -> Text,
        travel_date -> Text,
        end_travel_date -> Text,
        order_date -> BigInt,
        currency_code -> Text,
        order_price -> BigInt,
        supplier_price -> BigInt,
        state -> Integer,
        receipt_id -> BigInt,
        receipt_due -> BigInt,
        receipt_received -> BigInt,
        receipt_progress -> Integer,
        receipt_date -> BigInt,
        receipt_verify -> Integer,
        payment_id -> BigInt,
        payment_due -> BigInt,
        payment_paid -> BigInt,
        payment_progress -> Integer,
        payment_date -> BigInt,
        payment_verify -> Integer,
    }
}

diesel::table! {
    settlements (id) {
        id -> BigInt,
        saas_id -> BigInt,
        kind -> Integer,
        mch_id -> BigInt,
        currency -> Text,
        due -> BigInt,
        arrived -> BigInt,
        progress -> Integer,
        order_count -> Integer,
        state -> Integer,
        confirm_user_id -> BigInt,
        confirm_username -> Text,
        confirm_date -> BigInt,
        check_user_id -> BigInt,
        check_username -> Text,
        check_date -> BigInt,
        remark -> Text,
        created_by -> BigInt,
        created_by_name -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    settlement_logs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        kind -> Integer,
        settlement_id -> BigInt,
        mch_id -> BigInt,
        currency -> Text,
        money -> BigInt,
        info -> Text,
        serial_id -> Text,
        log_date -> Text,
        user_id -> BigInt,
        username -> Text,
        remark -> Text,
        state -> Integer,
        confirm_user_id -> BigInt,
        confirm_username -> Text,
        confirm_date -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        bank_id -> BigInt,
    }
}

diesel::table! {
    ledger_lines (saas_id, kind, mch_id, currency) {
        saas_id -> BigInt,
        kind -> Integer,
        mch_id -> BigInt,
        currency -> Text,
        order_count -> BigInt,
        due -> BigInt,
        done -> BigInt,
        outstanding -> BigInt,
        abnormal_count -> BigInt,
    }
}
