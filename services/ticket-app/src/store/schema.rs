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
    }
}
