//! The channels a tenant sells tickets through: each configuration's catalogue as last pulled
//! from the channel, which products it sells under which channel product, the calendar days
//! waiting to be pushed, and the interface log of every call (docs/channels.md). Every read
//! and write names the tenant.

use std::collections::HashMap;

use diesel::prelude::*;
use platform::channel::{CatalogueEntry, Exchange};
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{
    channel_catalogue, channel_products, channel_push_days, channel_pushes, interface_logs,
    ticket_products,
};
use crate::domain::channel::PRODUCT;

/// An entry of a channel's catalogue as last pulled.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = channel_catalogue)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueRow {
    /// The channel's id.
    pub channel_id: String,
    pub name: String,
    /// A product's spot at the channel; empty for a spot.
    pub parent_id: String,
    /// When it was pulled (ms).
    pub synced_at: i64,
}

/// A channel's product with the tenant's product it sells, if mapped.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelProduct {
    #[serde(flatten)]
    pub entry: CatalogueRow,
    /// The channel's name of its spot.
    pub parent_name: String,
    pub product_id: Option<i64>,
    pub product_name: Option<String>,
}

/// Replaces the configuration's catalogue of `kind` by what the channel listed now.
pub fn replace_catalogue(
    conn: &mut DbConnection,
    saas_id: i64,
    config_id: i64,
    kind: i32,
    entries: &[CatalogueEntry],
    now: i64,
) -> QueryResult<usize> {
    diesel::delete(
        channel_catalogue::table
            .filter(channel_catalogue::config_id.eq(config_id))
            .filter(channel_catalogue::saas_id.eq(saas_id))
            .filter(channel_catalogue::kind.eq(kind)),
    )
    .execute(conn)?;
    let mut seen = std::collections::HashSet::new();
    let rows: Vec<_> = entries
        .iter()
        .filter(|e| seen.insert(e.id.clone()))
        .map(|e| {
            (
                channel_catalogue::config_id.eq(config_id),
                channel_catalogue::kind.eq(kind),
                channel_catalogue::channel_id.eq(&e.id),
                channel_catalogue::saas_id.eq(saas_id),
                channel_catalogue::name.eq(&e.name),
                channel_catalogue::parent_id.eq(&e.parent),
                channel_catalogue::synced_at.eq(now),
            )
        })
        .collect();
    // SQLite takes at most 32,766 parameters a statement: 7 a row.
    for chunk in rows.chunks(1000) {
        let insert = diesel::insert_into(channel_catalogue::table).values(chunk);
        platform::per_backend!(conn, |c| insert.execute(c))?;
    }
    Ok(rows.len())
}

/// A page of the configuration's catalogue of `kind`, by name; products of spot `parent` only
/// when given.
pub fn catalogue(
    conn: &mut DbConnection,
    saas_id: i64,
    config_id: i64,
    kind: i32,
    name: Option<&str>,
    parent: Option<&str>,
    page: PageRequest,
) -> QueryResult<(Vec<CatalogueRow>, i64)> {
    let filtered = || {
        let mut q = channel_catalogue::table
            .filter(channel_catalogue::saas_id.eq(saas_id))
            .filter(channel_catalogue::config_id.eq(config_id))
            .filter(channel_catalogue::kind.eq(kind))
            .into_boxed::<Db>();
        if let Some(n) = name.filter(|n| !n.trim().is_empty()) {
            q = q.filter(channel_catalogue::name.contains_text(n.trim()));
        }
        if let Some(p) = parent.filter(|p| !p.is_empty()) {
            q = q.filter(channel_catalogue::parent_id.eq(p.to_owned()));
        }
        q
    };
    let total = filtered().count().get_result(conn)?;
    let rows = filtered()
        .order((channel_catalogue::name, channel_catalogue::channel_id))
        .offset(page.offset())
        .limit(page.limit())
        .select(CatalogueRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// The names of the configuration's catalogue entries of `kind` among `ids`.
pub fn catalogue_names(
    conn: &mut DbConnection,
    config_id: i64,
    kind: i32,
    ids: &[String],
) -> QueryResult<HashMap<String, String>> {
    let rows: Vec<(String, String)> = channel_catalogue::table
        .filter(channel_catalogue::config_id.eq(config_id))
        .filter(channel_catalogue::kind.eq(kind))
        .filter(channel_catalogue::channel_id.eq_any(ids))
        .select((channel_catalogue::channel_id, channel_catalogue::name))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// Whether the configuration's catalogue, as last pulled, has product `channel_id`.
pub fn has_product(conn: &mut DbConnection, config_id: i64, channel_id: &str) -> QueryResult<bool> {
    let n: i64 = channel_catalogue::table
        .filter(channel_catalogue::config_id.eq(config_id))
        .filter(channel_catalogue::kind.eq(PRODUCT))
        .filter(channel_catalogue::channel_id.eq(channel_id))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// The channel products of a page with the tenant's products they are mapped to.
pub fn with_mappings(
    conn: &mut DbConnection,
    config_id: i64,
    rows: Vec<CatalogueRow>,
) -> QueryResult<Vec<ChannelProduct>> {
    let ids: Vec<String> = rows.iter().map(|r| r.channel_id.clone()).collect();
    let mapped: Vec<(String, i64, String)> = channel_products::table
        .inner_join(ticket_products::table.on(ticket_products::id.eq(channel_products::product_id)))
        .filter(channel_products::config_id.eq(config_id))
        .filter(channel_products::channel_product_id.eq_any(&ids))
        .select((
            channel_products::channel_product_id,
            channel_products::product_id,
            ticket_products::product_name,
        ))
        .load(conn)?;
    let mapped: HashMap<String, (i64, String)> =
        mapped.into_iter().map(|(c, p, n)| (c, (p, n))).collect();
    let parents: Vec<String> = rows.iter().map(|r| r.parent_id.clone()).collect();
    let parent_names = catalogue_names(conn, config_id, crate::domain::channel::SCENIC, &parents)?;
    Ok(rows
        .into_iter()
        .map(|entry| {
            let m = mapped.get(&entry.channel_id);
            ChannelProduct {
                parent_name: parent_names
                    .get(&entry.parent_id)
                    .cloned()
                    .unwrap_or_default(),
                product_id: m.map(|m| m.0),
                product_name: m.map(|m| m.1.clone()),
                entry,
            }
        })
        .collect())
}

/// The channel products the configuration sells `product_ids` under.
pub fn mapped_products(
    conn: &mut DbConnection,
    config_id: i64,
    product_ids: &[i64],
) -> QueryResult<HashMap<i64, String>> {
    let rows: Vec<(i64, String)> = channel_products::table
        .filter(channel_products::config_id.eq(config_id))
        .filter(channel_products::product_id.eq_any(product_ids))
        .select((
            channel_products::product_id,
            channel_products::channel_product_id,
        ))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// The product another mapping of the configuration already sells `channel_product_id` as.
pub fn product_mapped_to(
    conn: &mut DbConnection,
    config_id: i64,
    channel_product_id: &str,
) -> QueryResult<Option<i64>> {
    channel_products::table
        .filter(channel_products::config_id.eq(config_id))
        .filter(channel_products::channel_product_id.eq(channel_product_id))
        .select(channel_products::product_id)
        .first(conn)
        .optional()
}

/// Sells `product_id` on the configuration as `channel_product_id` (in place of what it was
/// sold as before, if mapped).
pub fn map(
    conn: &mut DbConnection,
    saas_id: i64,
    config_id: i64,
    product_id: i64,
    channel_product_id: &str,
    by: i64,
    now: i64,
) -> QueryResult<()> {
    unmap(conn, saas_id, config_id, product_id)?;
    diesel::insert_into(channel_products::table)
        .values((
            channel_products::config_id.eq(config_id),
            channel_products::product_id.eq(product_id),
            channel_products::saas_id.eq(saas_id),
            channel_products::channel_product_id.eq(channel_product_id),
            channel_products::created_by.eq(by),
            channel_products::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

/// Stops selling `product_id` on the configuration, dropping its unsent days; answers whether
/// it was mapped.
pub fn unmap(
    conn: &mut DbConnection,
    saas_id: i64,
    config_id: i64,
    product_id: i64,
) -> QueryResult<bool> {
    let n = diesel::delete(
        channel_products::table
            .filter(channel_products::config_id.eq(config_id))
            .filter(channel_products::product_id.eq(product_id))
            .filter(channel_products::saas_id.eq(saas_id)),
    )
    .execute(conn)?;
    diesel::delete(
        channel_push_days::table
            .filter(channel_push_days::config_id.eq(config_id))
            .filter(channel_push_days::product_id.eq(product_id)),
    )
    .execute(conn)?;
    diesel::delete(
        channel_pushes::table
            .filter(channel_pushes::config_id.eq(config_id))
            .filter(channel_pushes::product_id.eq(product_id)),
    )
    .execute(conn)?;
    Ok(n > 0)
}

/// Queues `days` (YYYY-MM-DD) of `product_id` for every configuration that sells it, in the
/// transaction of the change: its pushes wait for the edits to pause (`first_at` stays the
/// first unsent change's, `last_at` moves).
pub fn enqueue(
    conn: &mut DbConnection,
    saas_id: i64,
    product_id: i64,
    days: &[String],
    now: i64,
) -> QueryResult<usize> {
    if days.is_empty() {
        return Ok(0);
    }
    let configs: Vec<i64> = channel_products::table
        .filter(channel_products::product_id.eq(product_id))
        .filter(channel_products::saas_id.eq(saas_id))
        .select(channel_products::config_id)
        .load(conn)?;
    for config_id in &configs {
        // A day already queued takes the new change's time: a push under way that read it
        // before this change must not take it off the queue (`sent`).
        diesel::update(
            channel_push_days::table
                .filter(channel_push_days::config_id.eq(*config_id))
                .filter(channel_push_days::product_id.eq(product_id))
                .filter(channel_push_days::day.eq_any(days)),
        )
        .set(channel_push_days::changed_at.eq(now))
        .execute(conn)?;
        let rows: Vec<_> = days
            .iter()
            .map(|d| {
                (
                    channel_push_days::config_id.eq(*config_id),
                    channel_push_days::product_id.eq(product_id),
                    channel_push_days::day.eq(d),
                    channel_push_days::changed_at.eq(now),
                )
            })
            .collect();
        for chunk in rows.chunks(5000) {
            let insert = diesel::insert_into(channel_push_days::table)
                .values(chunk)
                .on_conflict_do_nothing();
            platform::per_backend!(conn, |c| insert.execute(c))?;
        }
        let moved = diesel::update(
            channel_pushes::table
                .filter(channel_pushes::config_id.eq(*config_id))
                .filter(channel_pushes::product_id.eq(product_id)),
        )
        .set(channel_pushes::last_at.eq(now))
        .execute(conn)?;
        if moved == 0 {
            diesel::insert_into(channel_pushes::table)
                .values((
                    channel_pushes::config_id.eq(*config_id),
                    channel_pushes::product_id.eq(product_id),
                    channel_pushes::saas_id.eq(saas_id),
                    channel_pushes::first_at.eq(now),
                    channel_pushes::last_at.eq(now),
                    channel_pushes::attempts.eq(0),
                    channel_pushes::next_at.eq(now),
                ))
                .execute(conn)?;
        }
    }
    Ok(configs.len())
}

/// A product's unsent changes for one configuration.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = channel_pushes)]
pub struct Pending {
    pub config_id: i64,
    pub product_id: i64,
    pub saas_id: i64,
    pub first_at: i64,
    pub last_at: i64,
    pub attempts: i32,
    pub next_at: i64,
}

/// The pending pushes whose next attempt may go at `now` (the pacing decides which are due).
pub fn pending(conn: &mut DbConnection, now: i64, limit: i64) -> QueryResult<Vec<Pending>> {
    channel_pushes::table
        .filter(channel_pushes::next_at.le(now))
        .order((channel_pushes::config_id, channel_pushes::first_at))
        .limit(limit)
        .select(Pending::as_select())
        .load(conn)
}

/// Takes a pending entry for one replica until `until`: a conditional update on the time the
/// entry was read with, so of replicas reading it together one takes it.
pub fn take(conn: &mut DbConnection, p: &Pending, until: i64) -> QueryResult<bool> {
    let n = diesel::update(
        channel_pushes::table
            .filter(channel_pushes::config_id.eq(p.config_id))
            .filter(channel_pushes::product_id.eq(p.product_id))
            .filter(channel_pushes::next_at.eq(p.next_at)),
    )
    .set(channel_pushes::next_at.eq(until))
    .execute(conn)?;
    Ok(n > 0)
}

/// The unsent days of a product for a configuration, in order.
pub fn pending_days(
    conn: &mut DbConnection,
    config_id: i64,
    product_id: i64,
) -> QueryResult<Vec<String>> {
    channel_push_days::table
        .filter(channel_push_days::config_id.eq(config_id))
        .filter(channel_push_days::product_id.eq(product_id))
        .order(channel_push_days::day)
        .select(channel_push_days::day)
        .load(conn)
}

/// The days reached the channel (or were given up), as they were when the entry was taken at
/// `sent_at`: they leave the queue, but a day changed since stays, and so does the product's
/// entry when changes arrived since (those go in the next push). Each removal is conditional on
/// the change times, so a change committed while the push was under way is never lost (on
/// PostgreSQL the removal waits for that change's row and reads it again).
pub fn sent(
    conn: &mut DbConnection,
    p: &Pending,
    days: &[String],
    sent_at: i64,
) -> QueryResult<()> {
    for chunk in days.chunks(5000) {
        diesel::delete(
            channel_push_days::table
                .filter(channel_push_days::config_id.eq(p.config_id))
                .filter(channel_push_days::product_id.eq(p.product_id))
                .filter(channel_push_days::day.eq_any(chunk))
                .filter(channel_push_days::changed_at.le(sent_at)),
        )
        .execute(conn)?;
    }
    let entry = channel_pushes::table
        .filter(channel_pushes::config_id.eq(p.config_id))
        .filter(channel_pushes::product_id.eq(p.product_id));
    let removed =
        diesel::delete(entry.filter(channel_pushes::last_at.le(sent_at))).execute(conn)?;
    if removed == 0 {
        // Changed meanwhile: due by the pacing from now, as a fresh change.
        diesel::update(entry)
            .set((
                channel_pushes::first_at.eq(sent_at),
                channel_pushes::attempts.eq(0),
                channel_pushes::next_at.eq(sent_at),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// A failed attempt: the next waits until `next_at`.
pub fn retry_at(
    conn: &mut DbConnection,
    p: &Pending,
    attempts: i32,
    next_at: i64,
) -> QueryResult<()> {
    diesel::update(
        channel_pushes::table
            .filter(channel_pushes::config_id.eq(p.config_id))
            .filter(channel_pushes::product_id.eq(p.product_id)),
    )
    .set((
        channel_pushes::attempts.eq(attempts),
        channel_pushes::next_at.eq(next_at),
    ))
    .execute(conn)?;
    Ok(())
}

/// A call to a channel as the interface log shows it.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = interface_logs)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceLog {
    pub id: i64,
    pub config_id: i64,
    pub interface_name: String,
    /// push, scenics, products, order-notify (our calls), order or order-cancel (the channel's).
    pub action: String,
    pub method: String,
    pub url: String,
    pub request: String,
    /// The HTTP status; 0 when no answer came.
    pub status: i32,
    pub answer: String,
    pub took_ms: i64,
    /// 1 success, 2 refused, 3 failed.
    pub outcome: i32,
    /// Why it did not succeed.
    pub reason: String,
    pub created_at: i64,
}

/// Keeps one call in the interface log.
pub fn log(
    conn: &mut DbConnection,
    saas_id: i64,
    config_id: i64,
    interface_name: &str,
    action: &str,
    e: &Exchange,
    now: i64,
) -> QueryResult<i64> {
    let id = platform::id::next_id();
    diesel::insert_into(interface_logs::table)
        .values((
            interface_logs::id.eq(id),
            interface_logs::saas_id.eq(saas_id),
            interface_logs::config_id.eq(config_id),
            interface_logs::interface_name.eq(interface_name),
            interface_logs::action.eq(action),
            interface_logs::method.eq(e.method),
            interface_logs::url.eq(&e.url),
            interface_logs::request.eq(&e.request),
            interface_logs::status.eq(i32::from(e.status)),
            interface_logs::answer.eq(&e.answer),
            interface_logs::took_ms.eq(e.took_ms),
            interface_logs::outcome.eq(e.outcome.code()),
            interface_logs::reason.eq(&e.error),
            interface_logs::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(id)
}

/// What the interface log is filtered by.
#[derive(Debug, Clone, Default)]
pub struct LogFilter {
    pub config_id: Option<i64>,
    pub action: Option<String>,
    pub outcome: Option<i32>,
    /// ms, both included.
    pub from: Option<i64>,
    pub to: Option<i64>,
}

/// A page of the tenant's interface log, newest first.
pub fn logs(
    conn: &mut DbConnection,
    saas_id: i64,
    f: &LogFilter,
    page: PageRequest,
) -> QueryResult<(Vec<InterfaceLog>, i64)> {
    let filtered = || {
        let mut q = interface_logs::table
            .filter(interface_logs::saas_id.eq(saas_id))
            .into_boxed::<Db>();
        if let Some(c) = f.config_id {
            q = q.filter(interface_logs::config_id.eq(c));
        }
        if let Some(a) = &f.action {
            q = q.filter(interface_logs::action.eq(a.clone()));
        }
        if let Some(o) = f.outcome {
            q = q.filter(interface_logs::outcome.eq(o));
        }
        if let Some(from) = f.from {
            q = q.filter(interface_logs::created_at.ge(from));
        }
        if let Some(to) = f.to {
            q = q.filter(interface_logs::created_at.le(to));
        }
        q
    };
    let total = platform::db::count_capped(conn, filtered().select(interface_logs::id))?;
    let rows = filtered()
        .order((interface_logs::created_at.desc(), interface_logs::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(InterfaceLog::as_select())
        .load(conn)?;
    Ok((rows, total))
}
