//! weixin-server's tables (migrations in `migrations/postgres` and `migrations/sqlite`); the
//! platform's (outbox, copies of tenants and merchants) are in `platform`.

diesel::table! {
    wx_configs (id) {
        id -> BigInt,
        saas_id -> BigInt,
        kind -> Integer,
        name -> Text,
        app_id -> Text,
        secret_sealed -> Text,
        token_sealed -> Text,
        aes_key_sealed -> Text,
        state -> Integer,
        created_by -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
        templates -> Text,
    }
}

diesel::table! {
    wx_access_tokens (config_id) {
        config_id -> BigInt,
        token_sealed -> Text,
        expires_at -> BigInt,
        version -> BigInt,
        lease_until -> BigInt,
    }
}

diesel::table! {
    wx_bind_scenes (scene) {
        scene -> Text,
        saas_id -> BigInt,
        config_id -> BigInt,
        user_id -> BigInt,
        expires_at -> BigInt,
        user_name -> Text,
    }
}

diesel::table! {
    wx_bindings (id) {
        id -> BigInt,
        saas_id -> BigInt,
        config_id -> BigInt,
        user_id -> BigInt,
        open_id -> Text,
        nickname -> Text,
        created_at -> BigInt,
        user_name -> Text,
    }
}

diesel::table! {
    wx_followers (id) {
        id -> BigInt,
        saas_id -> BigInt,
        config_id -> BigInt,
        open_id -> Text,
        nickname -> Text,
        subscribed -> Bool,
        subscribe_time -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    wx_callback_nonces (config_id, nonce, timestamp) {
        config_id -> BigInt,
        nonce -> Text,
        timestamp -> BigInt,
    }
}

diesel::table! {
    wx_messages (id) {
        id -> BigInt,
        saas_id -> BigInt,
        config_id -> BigInt,
        user_id -> BigInt,
        open_id -> Text,
        notify_type -> Integer,
        template_id -> Text,
        content -> Text,
        ref_id -> Text,
        action_url -> Text,
        event_id -> Text,
        state -> Integer,
        attempts -> Integer,
        next_at -> BigInt,
        last_error -> Text,
        msg_id -> BigInt,
        created_at -> BigInt,
        sent_at -> BigInt,
        claim -> BigInt,
    }
}

diesel::table! {
    wx_ma_users (id) {
        id -> BigInt,
        saas_id -> BigInt,
        config_id -> BigInt,
        open_id -> Text,
        union_id -> Text,
        session_key_sealed -> Text,
        login_count -> Integer,
        created_at -> BigInt,
        last_login_at -> BigInt,
    }
}

diesel::allow_tables_to_appear_in_same_query!(
    wx_ma_users,
    wx_messages,
    wx_configs,
    wx_access_tokens,
    wx_bind_scenes,
    wx_bindings,
    wx_followers,
    wx_callback_nonces,
);
