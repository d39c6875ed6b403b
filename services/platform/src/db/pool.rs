//! An r2d2 pool of [`DbConnection`]s whose backend is chosen by the URL.
//!
//! A hand-written manager rather than diesel's `ConnectionManager`: the derived multi-connection
//! `establish` hides the real error behind "Invalid connection url", and SQLite connections need
//! their pragmas set on every new connection.

use std::time::Duration;

use diesel::Connection as _;
use diesel::connection::SimpleConnection;
use diesel::pg::PgConnection;
use diesel::r2d2::R2D2Connection;
use diesel::sqlite::SqliteConnection;

use super::DbError;
use super::connection::DbConnection;
use super::url::DbUrl;
use crate::config::DatabaseConfig;

pub type DbPool = r2d2::Pool<Manager>;
pub type PooledConnection = r2d2::PooledConnection<Manager>;

/// WAL lets readers work beside the one writer; the busy timeout makes a second writer wait
/// instead of failing at once with SQLITE_BUSY. The timeout comes first: setting the journal
/// mode needs a lock too, and a new connection opened while another process or pool writes
/// (a replica, a restart) failed at once with "database is locked".
const SQLITE_PRAGMAS: &str = "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; \
     PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;";

/// Custom plans for every statement: diesel prepares and caches its statements per connection,
/// and PostgreSQL, after a few runs, may settle on a generic plan costed with the statistics of
/// the moment, such as those of a table that was empty then. A lookup of a list of ids
/// (`= ANY($1)`) then walks the whole index on every call; planned with its values, it probes
/// each id. Planning a statement costs a few tens of microseconds.
const POSTGRES_SETTINGS: &str = "SET plan_cache_mode = force_custom_plan;";

#[derive(Debug)]
pub struct Manager {
    url: DbUrl,
}

impl Manager {
    pub fn new(url: DbUrl) -> Self {
        Self { url }
    }

    pub fn url(&self) -> &DbUrl {
        &self.url
    }

    fn establish(&self) -> Result<DbConnection, DbError> {
        match &self.url {
            DbUrl::Postgres(url) => {
                let mut conn = PgConnection::establish(&DbUrl::for_libpq(url))
                    .map_err(|e| DbError::Connect(e.to_string()))?;
                conn.batch_execute(POSTGRES_SETTINGS)
                    .map_err(|e| DbError::Connect(e.to_string()))?;
                Ok(DbConnection::Postgres(conn))
            }
            DbUrl::Sqlite(path) => {
                let path = path.to_string_lossy();
                let mut conn = SqliteConnection::establish(&path)
                    .map_err(|e| DbError::Connect(format!("{path}: {e}")))?;
                conn.batch_execute(SQLITE_PRAGMAS)
                    .map_err(|e| DbError::Connect(format!("{path}: {e}")))?;
                Ok(DbConnection::Sqlite(conn))
            }
        }
    }
}

impl r2d2::ManageConnection for Manager {
    type Connection = DbConnection;
    type Error = DbError;

    fn connect(&self) -> Result<DbConnection, DbError> {
        self.establish()
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), DbError> {
        conn.ping().map_err(DbError::from)
    }

    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        conn.is_broken()
    }
}

/// Opens the pool, failing fast with the real cause when the database cannot be reached.
pub fn connect(cfg: &DatabaseConfig) -> Result<DbPool, DbError> {
    let url = DbUrl::parse(cfg.url.expose())?;
    if let DbUrl::Sqlite(path) = &url
        && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir)
            .map_err(|e| DbError::Connect(format!("creating {}: {e}", dir.display())))?;
    }
    let manager = Manager::new(url);
    // One direct connection first: r2d2 would otherwise retry until its timeout and report only
    // that it timed out.
    let first = manager.establish()?;
    drop(first);
    r2d2::Pool::builder()
        .max_size(cfg.pool_size.max(1))
        .min_idle(Some(1))
        .connection_timeout(cfg.connect_timeout.max(Duration::from_millis(100)))
        .test_on_check_out(false)
        .build(manager)
        .map_err(|e| DbError::Connect(e.to_string()))
}
