//! The shared access token of each configuration. Replicas agree on who refreshes through a
//! lease taken with a conditional UPDATE on the version they found wanting: exactly one wins,
//! the others wait for the version to move (portable SQL, no row locks: docs/weixin.md).

use diesel::prelude::*;
use platform::db::DbConnection;

use super::schema::wx_access_tokens;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = wx_access_tokens)]
pub struct TokenRow {
    pub config_id: i64,
    pub token_sealed: String,
    pub expires_at: i64,
    pub version: i64,
    pub lease_until: i64,
}

/// The row of `config_id`, made empty (version 0, expired) when there is none yet.
pub fn current(conn: &mut DbConnection, config_id: i64) -> QueryResult<TokenRow> {
    if let Some(row) = wx_access_tokens::table
        .find(config_id)
        .select(TokenRow::as_select())
        .first(conn)
        .optional()?
    {
        return Ok(row);
    }
    let insert = diesel::insert_into(wx_access_tokens::table)
        .values((
            wx_access_tokens::config_id.eq(config_id),
            wx_access_tokens::token_sealed.eq(""),
            wx_access_tokens::expires_at.eq(0i64),
            wx_access_tokens::version.eq(0i64),
            wx_access_tokens::lease_until.eq(0i64),
        ))
        .on_conflict_do_nothing();
    platform::per_backend!(conn, |c| insert.execute(c))?;
    wx_access_tokens::table
        .find(config_id)
        .select(TokenRow::as_select())
        .first(conn)
}

/// Takes the lease to replace token `version` until `until`; false when another replica holds
/// it or has replaced that version already.
pub fn claim(
    conn: &mut DbConnection,
    config_id: i64,
    version: i64,
    now: i64,
    until: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        wx_access_tokens::table
            .filter(wx_access_tokens::config_id.eq(config_id))
            .filter(wx_access_tokens::version.eq(version))
            .filter(wx_access_tokens::lease_until.lt(now)),
    )
    .set(wx_access_tokens::lease_until.eq(until))
    .execute(conn)?;
    Ok(n == 1)
}

/// Stores the new token as `version + 1` and ends the lease.
pub fn store(
    conn: &mut DbConnection,
    config_id: i64,
    version: i64,
    token_sealed: &str,
    expires_at: i64,
) -> QueryResult<()> {
    diesel::update(
        wx_access_tokens::table
            .filter(wx_access_tokens::config_id.eq(config_id))
            .filter(wx_access_tokens::version.eq(version)),
    )
    .set((
        wx_access_tokens::token_sealed.eq(token_sealed),
        wx_access_tokens::expires_at.eq(expires_at),
        wx_access_tokens::version.eq(version + 1),
        wx_access_tokens::lease_until.eq(0i64),
    ))
    .execute(conn)?;
    Ok(())
}

/// Gives the lease back after a failed refresh, so the next caller may try at once.
pub fn release(conn: &mut DbConnection, config_id: i64, version: i64) -> QueryResult<()> {
    diesel::update(
        wx_access_tokens::table
            .filter(wx_access_tokens::config_id.eq(config_id))
            .filter(wx_access_tokens::version.eq(version)),
    )
    .set(wx_access_tokens::lease_until.eq(0i64))
    .execute(conn)?;
    Ok(())
}

/// Forgets the token of a configuration whose app id or secret changed.
pub fn forget(conn: &mut DbConnection, config_id: i64) -> QueryResult<()> {
    diesel::update(wx_access_tokens::table.filter(wx_access_tokens::config_id.eq(config_id)))
        .set((
            wx_access_tokens::token_sealed.eq(""),
            wx_access_tokens::expires_at.eq(0i64),
        ))
        .execute(conn)?;
    Ok(())
}
