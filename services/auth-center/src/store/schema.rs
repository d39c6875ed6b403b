// The tables of auth-center's migrations (the same for both backends). The tenants and merchants
// it knows of are the platform's copy (`platform::replica`).

diesel::table! {
    users (id) {
        id -> BigInt,
        saas_id -> BigInt,
        mch_id -> BigInt,
        username -> Text,
        password_hash -> Text,
        real_name -> Text,
        nick_name -> Text,
        mobile -> Text,
        email -> Text,
        is_manager -> Bool,
        msc_type -> Integer,
        role_type -> Integer,
        user_grade -> Integer,
        user_state -> Integer,
        ip_filter_type -> Integer,
        ip_filter_value -> Text,
        remarks -> Text,
        last_login_ip -> Text,
        last_login_date -> Nullable<BigInt>,
        login_count -> BigInt,
        failed_count -> Integer,
        failed_since -> Nullable<BigInt>,
        locked_until -> Nullable<BigInt>,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> BigInt,
        saas_id -> BigInt,
        ip -> Text,
        user_agent -> Text,
        created_at -> BigInt,
        expires_at -> BigInt,
        ended_at -> Nullable<BigInt>,
        end_reason -> Nullable<Text>,
    }
}

diesel::table! {
    perm_groups (id) {
        id -> BigInt,
        saas_id -> BigInt,
        name -> Text,
        remarks -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    group_permissions (group_id, perm_code) {
        group_id -> BigInt,
        perm_code -> Text,
    }
}

diesel::table! {
    user_groups (user_id, group_id) {
        user_id -> BigInt,
        group_id -> BigInt,
    }
}

diesel::table! {
    permissions (code) {
        code -> Text,
        app_id -> Integer,
        service -> Text,
        summary -> Text,
        updated_at -> BigInt,
        summary_zh -> Text,
    }
}

diesel::table! {
    applications (app_id) {
        app_id -> Integer,
        app_name -> Text,
        app_reg_name_zh -> Text,
        app_reg_name_en -> Text,
        display_status -> Integer,
        sort -> Integer,
    }
}

diesel::table! {
    api_nonces (app_key, nonce) {
        app_key -> Text,
        nonce -> Text,
        expires_at -> BigInt,
    }
}

diesel::table! {
    api_users (id) {
        id -> BigInt,
        saas_id -> BigInt,
        mch_id -> BigInt,
        name -> Text,
        msc_type -> Integer,
        app_key -> Text,
        secret_hash -> Text,
        state -> Integer,
        remarks -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
        secret_sealed -> Nullable<Text>,
    }
}

diesel::table! {
    login_logs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        user_id -> BigInt,
        username -> Text,
        ip -> Text,
        user_agent -> Text,
        result -> Integer,
        message -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    action_logs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        user_id -> BigInt,
        username -> Text,
        action -> Text,
        target -> Text,
        ip -> Text,
        created_at -> BigInt,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    users,
    user_groups,
    group_permissions,
    perm_groups,
    permissions
);

diesel::table! {
    login_ip_failures (ip) {
        ip -> Text,
        failures -> Integer,
        window_start -> BigInt,
    }
}
