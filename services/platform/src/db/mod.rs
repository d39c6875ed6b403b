//! Database access: one connection type over PostgreSQL and SQLite, pooled, with migrations.

mod connection;
mod migrations;
mod pool;
pub mod schema_check;
mod url;

pub use connection::DbConnection;
pub use migrations::{Migrations, run_pending};
pub use pool::{DbPool, Manager, PooledConnection, connect};
pub use url::DbUrl;

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("invalid database URL {0}")]
    Url(String),
    #[error("cannot connect to the database: {0}")]
    Connect(String),
    #[error("migration failed: {0}")]
    Migration(String),
    #[error("no database connection available: {0}")]
    Pool(#[from] r2d2::Error),
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
}

/// Checks the database answers a trivial query; used by `/actuator/health`.
pub fn ping(pool: &DbPool) -> Result<(), DbError> {
    use diesel::r2d2::R2D2Connection;
    let mut conn = pool.get()?;
    conn.ping()?;
    Ok(())
}
