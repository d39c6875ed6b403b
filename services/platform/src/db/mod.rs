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
    #[error("the database task was cancelled: {0}")]
    Cancelled(String),
}

/// Runs `f` with a pooled connection on the blocking pool (diesel is synchronous), inside the
/// caller's tracing span, so logs and events written there belong to the request.
pub async fn with_conn<T, E>(
    pool: &DbPool,
    f: impl FnOnce(&mut DbConnection) -> Result<T, E> + Send + 'static,
) -> Result<T, E>
where
    T: Send + 'static,
    E: From<DbError> + Send + 'static,
{
    let pool = pool.clone();
    let span = tracing::Span::current();
    // Messages made on the blocking thread speak the request's language too.
    let lang = crate::i18n::Lang::current();
    actix_web::web::block(move || {
        span.in_scope(|| {
            lang.sync_scope(|| {
                let mut conn = pool.get().map_err(DbError::from)?;
                f(&mut conn)
            })
        })
    })
    .await
    .map_err(|e| E::from(DbError::Cancelled(e.to_string())))?
}

/// Checks the database answers a trivial query; used by `/actuator/health`.
pub fn ping(pool: &DbPool) -> Result<(), DbError> {
    use diesel::r2d2::R2D2Connection;
    let mut conn = pool.get()?;
    conn.ping()?;
    Ok(())
}

/// A transaction that writes. On SQLite it takes the write lock at `BEGIN` (`BEGIN IMMEDIATE`):
/// a deferred transaction that reads first and writes later fails at once with "database is
/// locked" when another connection wrote in between (WAL snapshots cannot be upgraded), which
/// no busy timeout cures. On PostgreSQL it is an ordinary transaction.
pub fn write_tx<T, E>(
    conn: &mut DbConnection,
    f: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    use diesel::Connection as _;
    match conn {
        DbConnection::Sqlite(_) => begun(conn, "BEGIN IMMEDIATE", f),
        DbConnection::Postgres(_) => conn.transaction(f),
    }
}

/// [`write_tx`] for a hot path whose statements each have one fixed shape (reads and writes by
/// key, as a booking's): on PostgreSQL its statements may keep generic plans. The pool plans
/// every statement afresh (`plan_cache_mode = force_custom_plan`, see `pool`) because a generic
/// plan of a list lookup (`= ANY($1)`) can be far worse than a custom one; planning a booking's
/// joined read costs twice its execution, so where no statement is of that kind the
/// transaction sets PostgreSQL's default back (`SET LOCAL`, in the round trip of its `BEGIN`),
/// and each pooled connection plans such a statement a few times and then reuses the plan.
pub fn hot_write_tx<T, E>(
    conn: &mut DbConnection,
    f: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    match conn {
        DbConnection::Sqlite(_) => begun(conn, "BEGIN IMMEDIATE", f),
        DbConnection::Postgres(_) => begun(conn, "BEGIN; SET LOCAL plan_cache_mode = auto", f),
    }
}

/// Runs `f` in a transaction opened with `begin` (unless one is open already: then as a
/// savepoint, as diesel's `transaction` nests), committed if `f` succeeds and rolled back if not.
fn begun<T, E>(
    conn: &mut DbConnection,
    begin: &str,
    f: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    use diesel::Connection as _;
    use diesel::connection::{AnsiTransactionManager, TransactionManager as _};
    // Inside a transaction already (the platform runs each demo seed in one, and a seed may
    // call code that opens its own): SQLite refuses a second `BEGIN`, and PostgreSQL would only
    // warn and then commit the outer one early; a savepoint nests as `transaction` would.
    let open = match conn {
        DbConnection::Sqlite(inner) => {
            AnsiTransactionManager::transaction_manager_status_mut(inner).transaction_depth()
        }
        DbConnection::Postgres(inner) => {
            AnsiTransactionManager::transaction_manager_status_mut(inner).transaction_depth()
        }
    };
    if !matches!(open, Ok(None)) {
        return conn.transaction(f);
    }
    // The multi-connection keeps its transaction state in the inner connection, so nested
    // `transaction` calls inside `f` become savepoints as usual.
    match conn {
        DbConnection::Sqlite(inner) => AnsiTransactionManager::begin_transaction_sql(inner, begin)?,
        DbConnection::Postgres(inner) => {
            AnsiTransactionManager::begin_transaction_sql(inner, begin)?
        }
    }
    let result = f(conn);
    let ended = match (conn, &result) {
        (DbConnection::Sqlite(inner), Ok(_)) => AnsiTransactionManager::commit_transaction(inner),
        (DbConnection::Postgres(inner), Ok(_)) => AnsiTransactionManager::commit_transaction(inner),
        (DbConnection::Sqlite(inner), Err(_)) => {
            AnsiTransactionManager::rollback_transaction(inner)
        }
        (DbConnection::Postgres(inner), Err(_)) => {
            AnsiTransactionManager::rollback_transaction(inner)
        }
    };
    match (result, ended) {
        (Ok(value), Ok(())) => Ok(value),
        (Ok(_), Err(commit)) => Err(commit.into()),
        (Err(e), Ok(())) => Err(e),
        (Err(e), Err(rollback)) => {
            tracing::error!(error = %rollback, "rolling back a write transaction failed");
            Err(e)
        }
    }
}

/// The backend of [`DbConnection`], for boxed queries (`table.into_boxed::<Backend>()`) whose
/// filters are added one by one.
pub type Backend = <DbConnection as diesel::Connection>::Backend;

/// Lists count at most this many matches (`sizeAll`): counting every match of a broad filter
/// over a million rows costs as much as reading them all, while the page itself costs about
/// the same over a thousand rows as over a million. Past it a list says this many, and its
/// filters narrow it.
pub const COUNT_CAP: i64 = 10_000;

/// How many rows `query` finds, [`COUNT_CAP`] at most. `query` selects one `BIGINT` column
/// (the id, best one an index of the filters holds); at most `COUNT_CAP + 1` of them are read.
pub fn count_capped<Q>(conn: &mut DbConnection, query: Q) -> diesel::QueryResult<i64>
where
    Q: diesel::query_dsl::methods::LimitDsl,
    Q::Output: diesel::RunQueryDsl<DbConnection>
        + for<'a> diesel::query_dsl::LoadQuery<'a, DbConnection, i64>,
{
    use diesel::RunQueryDsl as _;
    let found = query.limit(COUNT_CAP + 1).load::<i64>(conn)?.len();
    Ok(i64::try_from(found).map_or(COUNT_CAP, |n| n.min(COUNT_CAP)))
}

diesel::define_sql_function! {
    /// SQL `lower`, the same on both backends for the ASCII a search box mostly holds: with
    /// [`SearchText`] on the lower-cased text, a search that ignores case on PostgreSQL as
    /// SQLite's `LIKE` does by itself.
    fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text;
}

/// The escape character of the search patterns below (`LIKE ... ESCAPE '\\'`). PostgreSQL
/// escapes with it by default, SQLite only when told, so the clause is always written.
pub const LIKE_ESCAPE: char = '\\';

/// `text` with the `LIKE` wildcards and the escape character escaped, so it matches only itself.
fn escape_like(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        if matches!(c, '%' | '_' | LIKE_ESCAPE) {
            out.push(LIKE_ESCAPE);
        }
        out.push(c);
    }
    out
}

/// Searches of a list filter. What a user types is found as typed: `%` and `_` are escaped (a
/// username `a_b` is found by `a_b`, and does not match `axb`), never dropped or taken as
/// wildcards. For a search that ignores case on PostgreSQL as SQLite's `LIKE` does by itself,
/// search `lower(column)` for the lower-cased text.
pub trait SearchText: diesel::TextExpressionMethods {
    /// `self LIKE '%text%' ESCAPE '\\'`.
    fn contains_text(self, text: &str) -> diesel::dsl::Escape<diesel::dsl::Like<Self, String>>
    where
        Self::SqlType: diesel::sql_types::SqlType,
        String: diesel::expression::AsExpression<Self::SqlType>,
    {
        use diesel::EscapeExpressionMethods as _;
        self.like(format!("%{}%", escape_like(text)))
            .escape(LIKE_ESCAPE)
    }

    /// `self LIKE 'text%' ESCAPE '\\'`: unlike [`Self::contains_text`], an index can answer
    /// it, so large tables search by prefix.
    fn starts_with_text(self, text: &str) -> diesel::dsl::Escape<diesel::dsl::Like<Self, String>>
    where
        Self::SqlType: diesel::sql_types::SqlType,
        String: diesel::expression::AsExpression<Self::SqlType>,
    {
        use diesel::EscapeExpressionMethods as _;
        self.like(format!("{}%", escape_like(text)))
            .escape(LIKE_ESCAPE)
    }
}

impl<T: diesel::TextExpressionMethods> SearchText for T {}

#[cfg(test)]
mod tests {
    use super::*;

    diesel::table! {
        numbers (id) {
            id -> BigInt,
        }
    }

    #[test]
    fn a_count_stops_at_the_cap() {
        use diesel::Connection as _;
        use diesel::prelude::*;
        let sqlite = diesel::sqlite::SqliteConnection::establish(":memory:").unwrap();
        let mut conn = DbConnection::Sqlite(sqlite);
        diesel::sql_query("CREATE TABLE numbers (id BIGINT PRIMARY KEY)")
            .execute(&mut conn)
            .unwrap();
        diesel::sql_query(
            "INSERT INTO numbers WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n \
             WHERE i < 10050) SELECT i FROM n",
        )
        .execute(&mut conn)
        .unwrap();
        let all = numbers::table.select(numbers::id);
        assert_eq!(count_capped(&mut conn, all).unwrap(), COUNT_CAP);
        let few = numbers::table.filter(numbers::id.le(7)).select(numbers::id);
        assert_eq!(count_capped(&mut conn, few).unwrap(), 7);
        let exactly = numbers::table
            .filter(numbers::id.le(COUNT_CAP))
            .select(numbers::id);
        assert_eq!(count_capped(&mut conn, exactly).unwrap(), COUNT_CAP);
    }

    #[test]
    fn wildcards_and_the_escape_character_are_escaped() {
        assert_eq!(escape_like("a_b%c"), "a\\_b\\%c");
        assert_eq!(escape_like("back\\slash"), "back\\\\slash");
        assert_eq!(escape_like("酒店"), "酒店");
    }
}
