//! Embedded migrations, one set per backend.
//!
//! `MigrationHarness` is not implemented for the multi-connection enum, so each backend's set runs
//! on the inner connection.

use diesel_migrations::{EmbeddedMigrations, MigrationHarness};

use super::DbError;
use super::connection::DbConnection;

/// A service's migrations: `migrations/postgres` and `migrations/sqlite`, kept in step.
/// Functions rather than values: `EmbeddedMigrations` is neither `Clone` nor borrowable as a
/// migration source, and a spec is cloned into every worker.
#[derive(Clone, Copy)]
pub struct Migrations {
    pub postgres: fn() -> EmbeddedMigrations,
    pub sqlite: fn() -> EmbeddedMigrations,
}

/// Embeds `migrations/postgres` and `migrations/sqlite` of the calling crate (which must depend on
/// `diesel_migrations`: its macro names that crate), or the two directories given.
#[macro_export]
macro_rules! embed_migrations {
    () => {
        $crate::embed_migrations!(
            postgres = "migrations/postgres",
            sqlite = "migrations/sqlite"
        )
    };
    (postgres = $pg:literal, sqlite = $lite:literal) => {
        $crate::db::Migrations {
            postgres: || {
                // A const, so the embedded list is 'static.
                const SET: $crate::__diesel_migrations::EmbeddedMigrations =
                    $crate::__diesel_migrations::embed_migrations!($pg);
                SET
            },
            sqlite: || {
                const SET: $crate::__diesel_migrations::EmbeddedMigrations =
                    $crate::__diesel_migrations::embed_migrations!($lite);
                SET
            },
        }
    };
}

/// Runs the pending migrations; answers the versions applied now.
pub fn run_pending(conn: &mut DbConnection, set: &Migrations) -> Result<Vec<String>, DbError> {
    let applied = match conn {
        DbConnection::Postgres(c) => c.run_pending_migrations((set.postgres)()),
        DbConnection::Sqlite(c) => c.run_pending_migrations((set.sqlite)()),
    }
    .map_err(|e| DbError::Migration(e.to_string()))?;
    Ok(applied.iter().map(ToString::to_string).collect())
}
