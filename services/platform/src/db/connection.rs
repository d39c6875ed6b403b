//! The one connection type over both backends.
//!
//! Kept in a module of its own: the derive names a bare `Connection`, which must not collide with
//! any other `Connection` in scope (lapin's, for one).

use diesel::pg::PgConnection;
use diesel::sqlite::SqliteConnection;

#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgres(PgConnection),
    Sqlite(SqliteConnection),
}

/// Runs a statement that diesel builds for one backend at a time, not for the pair (a multi-row
/// `INSERT`): `$body` is compiled once per backend with `$c` the concrete connection.
#[macro_export]
macro_rules! per_backend {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn {
            $crate::db::DbConnection::Postgres($c) => $body,
            $crate::db::DbConnection::Sqlite($c) => $body,
        }
    };
}
