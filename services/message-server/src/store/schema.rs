// The tables of message-server's migrations (the same for both backends).

diesel::table! {
    notify_configs (user_id) {
        user_id -> BigInt,
        saas_id -> BigInt,
        mch_id -> BigInt,
        notify_web -> Text,
        notify_weixin -> Text,
        notify_sms -> Text,
        notify_mail -> Text,
        mobile -> Text,
        email -> Text,
        state -> Integer,
        updated_at -> BigInt,
        language -> Text,
    }
}

diesel::table! {
    licences (saas_id, license_name) {
        saas_id -> BigInt,
        license_name -> Text,
        license_value -> BigInt,
        expire_date -> BigInt,
        state -> Integer,
        updated_at -> BigInt,
    }
}

diesel::table! {
    notifications (id) {
        id -> BigInt,
        saas_id -> BigInt,
        user_id -> BigInt,
        notify_type -> Integer,
        message_zh -> Text,
        message_en -> Text,
        ref_id -> Text,
        action_url -> Text,
        created_at -> BigInt,
        read_at -> BigInt,
        quiet -> Bool,
    }
}

diesel::table! {
    dispatches (id) {
        id -> BigInt,
        channel -> Integer,
        saas_id -> BigInt,
        user_id -> BigInt,
        address -> Text,
        subject -> Text,
        content -> Text,
        notify_type -> Integer,
        ref_id -> Text,
        parts -> Integer,
        parts_sent -> Integer,
        state -> Integer,
        attempts -> Integer,
        next_attempt_at -> BigInt,
        last_error -> Text,
        created_at -> BigInt,
        sent_at -> BigInt,
    }
}

diesel::table! {
    dispatch_attempts (id) {
        id -> BigInt,
        message_id -> BigInt,
        attempted_at -> BigInt,
        ok -> Bool,
        detail -> Text,
    }
}
