//! mall-app's tables (migrations in `migrations/postgres` and `migrations/sqlite`); the
//! platform's (outbox, copies of tenants and merchants) are in `platform`.

diesel::table! {
    mall_products (id) {
        id -> BigInt,
        saas_id -> BigInt,
        product_name -> Text,
        keywords -> Text,
        product_id -> BigInt,
        sale_type -> Integer,
        supplier_id -> BigInt,
        sale_start -> BigInt,
        sale_end -> BigInt,
        images -> Text,
        description -> Text,
        price -> BigInt,
        stock -> Integer,
        sale_num -> Integer,
        rank_num -> Integer,
        state -> Integer,
        created_by -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    mall_themes (id) {
        id -> BigInt,
        saas_id -> BigInt,
        theme_name -> Text,
        cover -> Text,
        sort_num -> Integer,
        start_at -> BigInt,
        end_at -> BigInt,
        state -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    mall_theme_products (theme_id, product_id) {
        theme_id -> BigInt,
        product_id -> BigInt,
        saas_id -> BigInt,
        sort_num -> Integer,
    }
}

diesel::table! {
    snapup_sessions (id) {
        id -> BigInt,
        saas_id -> BigInt,
        mall_product_id -> BigInt,
        snapup_price -> BigInt,
        stock_total -> Integer,
        stock_left -> Integer,
        start_at -> BigInt,
        end_at -> BigInt,
        limit_goods -> Integer,
        limit_target -> Integer,
        limit_num -> Integer,
        state -> Integer,
        created_by -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    snapup_limits (session_id, target_key, day_num) {
        session_id -> BigInt,
        target_key -> Text,
        day_num -> BigInt,
        saas_id -> BigInt,
        bought -> Integer,
    }
}

diesel::table! {
    mall_orders (id) {
        id -> BigInt,
        saas_id -> BigInt,
        session_id -> BigInt,
        mall_product_id -> BigInt,
        product_name -> Text,
        supplier_id -> BigInt,
        distributor_id -> BigInt,
        buyer_id -> BigInt,
        limit_key -> Text,
        limit_day -> BigInt,
        quantity -> Integer,
        unit_price -> BigInt,
        order_price -> BigInt,
        order_state -> Integer,
        contact_name -> Text,
        contact_phone -> Text,
        pay_deadline -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        pay_state -> Integer,
        pay_type -> Integer,
        pay_price -> BigInt,
        pay_date -> BigInt,
        pay_request_id -> Text,
        pay_fail_reason -> Text,
        cancel_reason -> Text,
        limit_scope -> BigInt,
        pay_asked_at -> BigInt,
        pay_last_asked_at -> BigInt,
        pay_asks -> Integer,
    }
}

diesel::table! {
    linked_products (product_type, product_id) {
        product_id -> BigInt,
        product_type -> Integer,
        saas_id -> BigInt,
        supplier_id -> BigInt,
        product_name -> Text,
        on_sale -> Bool,
        deleted -> Bool,
        occurred_at -> BigInt,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    mall_products,
    mall_themes,
    mall_theme_products,
    snapup_sessions,
    mall_orders,
);
