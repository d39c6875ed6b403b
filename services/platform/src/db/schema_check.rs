//! Reads the tables and columns a database holds, so a test can check that a service's two
//! migration sets (PostgreSQL and SQLite) produce the same schema.

use std::collections::{BTreeMap, BTreeSet};

use diesel::sql_types::Text;
use diesel::{QueryableByName, RunQueryDsl};

use super::{DbConnection, DbError};

/// Table name to column names, without diesel's own bookkeeping table.
pub type Schema = BTreeMap<String, BTreeSet<String>>;

#[derive(QueryableByName)]
struct ColumnRow {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
}

const PG_COLUMNS: &str = "SELECT CAST(table_name AS TEXT) AS table_name, \
     CAST(column_name AS TEXT) AS column_name FROM information_schema.columns \
     WHERE table_schema = current_schema()";

const SQLITE_COLUMNS: &str = "SELECT m.name AS table_name, p.name AS column_name \
     FROM sqlite_master m JOIN pragma_table_info(m.name) p \
     WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'";

pub fn read(conn: &mut DbConnection) -> Result<Schema, DbError> {
    let rows: Vec<ColumnRow> = match conn {
        DbConnection::Postgres(c) => diesel::sql_query(PG_COLUMNS).load(c)?,
        DbConnection::Sqlite(c) => diesel::sql_query(SQLITE_COLUMNS).load(c)?,
    };
    let mut schema = Schema::new();
    for row in rows {
        if row.table_name == "__diesel_schema_migrations" {
            continue;
        }
        schema
            .entry(row.table_name)
            .or_default()
            .insert(row.column_name);
    }
    Ok(schema)
}
