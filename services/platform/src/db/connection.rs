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
