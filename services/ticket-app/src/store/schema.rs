//! ticket-app's tables (migrations in `migrations/postgres` and `migrations/sqlite`); the
//! platform's (outbox, copies of tenants and merchants) are in `platform`.

diesel::table! {
    scenic_infos (id) {
        id -> BigInt,
        saas_id -> BigInt,
        scenic_name -> Text,
        scenic_name_en -> Text,
        scenic_star -> Integer,
        address -> Text,
        phone -> Text,
        description -> Text,
        state -> Integer,
        created_by -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        area_id -> Text,
        zone_name -> Text,
        longitude -> Nullable<Double>,
        latitude -> Nullable<Double>,
        images -> Text,
        open_type -> Integer,
        open_time -> Text,
        close_time -> Text,
        seasons -> Text,
        notices -> Text,
    }
}

diesel::table! {
    scenic_requests (id) {
        id -> BigInt,
        saas_id -> BigInt,
        mch_id -> BigInt,
        kind -> Integer,
        scenic_id -> BigInt,
        scenic_name -> Text,
        payload -> Text,
        state -> Integer,
        remark -> Text,
        requested_by -> BigInt,
        decided_by -> BigInt,
        created_at -> BigInt,
        decided_at -> BigInt,
    }
}

diesel::table! {
    scenic_suppliers (id) {
        id -> BigInt,
        saas_id -> BigInt,
        scenic_id -> BigInt,
        mch_id -> BigInt,
        state -> Integer,
        remark -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    ticket_products (id) {
        id -> BigInt,
        saas_id -> BigInt,
        supplier_id -> BigInt,
        scenic_id -> BigInt,
        product_name -> Text,
        product_type -> Integer,
        confirm_type -> Integer,
        pay_online -> Bool,
        fields -> Text,
        state -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    ticket_calendar (product_id, day) {
        product_id -> BigInt,
        day -> Text,
        saas_id -> BigInt,
        purchase_price -> BigInt,
        distribution_price -> BigInt,
        retail_price -> BigInt,
        stock_limited -> Bool,
        stock -> BigInt,
        sold -> BigInt,
        closed -> Bool,
        updated_at -> BigInt,
    }
}

diesel::table! {
    ticket_price_distributor (product_id, distributor_id, day) {
        product_id -> BigInt,
        distributor_id -> BigInt,
        day -> Text,
        saas_id -> BigInt,
        distribution_price -> Nullable<BigInt>,
        stock -> Nullable<BigInt>,
        sold -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    ticket_orders (id) {
        id -> BigInt,
        saas_id -> BigInt,
        product_id -> BigInt,
        supplier_id -> BigInt,
        distributor_id -> BigInt,
        scenic_id -> BigInt,
        visit_date -> Text,
        quantity -> BigInt,
        order_price -> BigInt,
        supplier_price -> BigInt,
        stock_source -> Integer,
        order_state -> Integer,
        real_state -> Integer,
        supplier_state -> Integer,
        channel_state -> Integer,
        pay_state -> Integer,
        cancel_apply -> Integer,
        pre_cancel -> Integer,
        need_confirm -> Bool,
        pay_type -> Integer,
        pay_deadline -> BigInt,
        customer_key -> Text,
        contact_name -> Text,
        contact_mobile -> Text,
        buyer -> Text,
        remark -> Text,
        created_by -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        confirm_date -> BigInt,
        finish_date -> BigInt,
    }
}

diesel::table! {
    ticket_purchase_counts (product_id, customer_key, day) {
        product_id -> BigInt,
        customer_key -> Text,
        day -> Text,
        bought -> BigInt,
    }
}

diesel::table! {
    ticket_order_logs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        order_id -> BigInt,
        action -> Text,
        from_state -> Integer,
        to_state -> Integer,
        role -> Text,
        user_id -> BigInt,
        remark -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    ticket_vouchers (id) {
        id -> BigInt,
        saas_id -> BigInt,
        order_id -> BigInt,
        scenic_id -> BigInt,
        seq -> Integer,
        code -> Text,
        tickets -> BigInt,
        state -> Integer,
        valid_from -> Text,
        valid_to -> Text,
        used_at -> BigInt,
        used_by -> BigInt,
        used_role -> Text,
        used_gate -> Text,
        used_scan -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    ticket_order_payments (order_id) {
        order_id -> BigInt,
        saas_id -> BigInt,
        request_id -> Text,
        fail_reason -> Text,
        amount -> BigInt,
        paid_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    channel_catalogue (config_id, kind, channel_id) {
        config_id -> BigInt,
        kind -> Integer,
        channel_id -> Text,
        saas_id -> BigInt,
        name -> Text,
        parent_id -> Text,
        synced_at -> BigInt,
    }
}

diesel::table! {
    channel_products (config_id, product_id) {
        config_id -> BigInt,
        product_id -> BigInt,
        saas_id -> BigInt,
        channel_product_id -> Text,
        created_by -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    channel_push_days (config_id, product_id, day) {
        config_id -> BigInt,
        product_id -> BigInt,
        day -> Text,
        changed_at -> BigInt,
    }
}

diesel::table! {
    channel_pushes (config_id, product_id) {
        config_id -> BigInt,
        product_id -> BigInt,
        saas_id -> BigInt,
        first_at -> BigInt,
        last_at -> BigInt,
        attempts -> Integer,
        next_at -> BigInt,
    }
}

diesel::table! {
    interface_logs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        config_id -> BigInt,
        interface_name -> Text,
        action -> Text,
        method -> Text,
        url -> Text,
        request -> Text,
        status -> Integer,
        answer -> Text,
        took_ms -> BigInt,
        outcome -> Integer,
        reason -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    ticket_channel_orders (order_id) {
        order_id -> BigInt,
        saas_id -> BigInt,
        config_id -> BigInt,
        channel_order_id -> Text,
        channel_price -> BigInt,
    }
}

diesel::joinable!(ticket_channel_orders -> ticket_orders (order_id));

diesel::table! {
    channel_nonces (config_id, nonce) {
        config_id -> BigInt,
        nonce -> Text,
        timestamp -> BigInt,
    }
}

diesel::table! {
    channel_order_notices (id) {
        id -> BigInt,
        saas_id -> BigInt,
        config_id -> BigInt,
        order_id -> BigInt,
        channel_order_id -> Text,
        state -> Text,
        vouchers -> Text,
        reason -> Text,
        attempts -> Integer,
        next_at -> BigInt,
        created_at -> BigInt,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    channel_nonces,
    channel_order_notices,
    ticket_channel_orders,
    channel_catalogue,
    channel_products,
    channel_push_days,
    channel_pushes,
    interface_logs,
    scenic_infos,
    scenic_requests,
    scenic_suppliers,
    ticket_products,
    ticket_calendar,
    ticket_price_distributor,
    ticket_orders,
    ticket_order_logs,
    ticket_vouchers,
    ticket_order_payments
);
