//! The bus tables (migrations in `services/platform/migrations`).

diesel::table! {
    outbox (id) {
        id -> BigInt,
        event_id -> Text,
        routing_key -> Text,
        saas_id -> BigInt,
        envelope -> Binary,
        created_at -> BigInt,
        sent_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    processed_events (consumer, event_id) {
        consumer -> Text,
        event_id -> Text,
        processed_at -> BigInt,
    }
}

diesel::table! {
    dead_letters (id) {
        id -> BigInt,
        consumer -> Text,
        event_id -> Text,
        routing_key -> Text,
        envelope -> Binary,
        error -> Text,
        attempts -> Integer,
        created_at -> BigInt,
        requeued_at -> Nullable<BigInt>,
    }
}
