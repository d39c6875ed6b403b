//! Copies rebuilt from their owner. A service that keeps a copy of another's data asks the
//! owner to announce every row again (`resync.<copy>.requested`, through its outbox) when the
//! copy has never been filled, and when an operator asks (`POST /internal/replica/resync`); the
//! owner re-announces through its own outbox, then says so (`resync.<copy>.completed`). Events
//! after that apply as always; older ones change nothing (the copies keep the newest
//! `occurredAt`).

use diesel::prelude::*;

use super::subscriptions::{Event, Subscriptions};
use super::v1::{ResyncCompleted, ResyncRequested};
use super::{Outgoing, publish_in_tx};
use crate::db::DbConnection;

/// The copies of the installation, by owner: saas-main owns `tenants` (tenants and merchants,
/// [`crate::replica::COPY`]), `notify-configs` (users' notification settings) and `licences`;
/// `areas` (provinces and cities), `interface-configs` (the tenants' channel and vendor
/// configurations) and `price-rules` (the price rules of distributors' levels); finance-app owns `credit-accounts` (the distributors' credit figures saas-main shows);
/// every service owns its part of `permissions` (auth-center's catalogue).
pub const NOTIFY_CONFIGS: &str = "notify-configs";
pub const CREDIT_ACCOUNTS: &str = "credit-accounts";
pub const LICENCES: &str = "licences";
pub const PERMISSIONS: &str = "permissions";
/// saas-main's provinces and cities, which hotel-app and ticket-app check `areaId`s against.
pub const AREAS: &str = "areas";
/// saas-main's interface configurations, which hotel-app and ticket-app push channels through.
pub const INTERFACE_CONFIGS: &str = "interface-configs";
/// saas-main's price rules, which hotel-app and ticket-app quote distributors' prices by.
pub const PRICE_RULES: &str = "price-rules";

/// auth-center's request to every service: declare your permission codes again.
pub const PERMISSIONS_REQUESTED: &str = "resync.permissions.requested";

pub mod schema {
    diesel::table! {
        replica_copies (copy_name) {
            copy_name -> Text,
            state -> Text,
            requested_at -> BigInt,
            completed_at -> Nullable<BigInt>,
            row_count -> BigInt,
            watermark -> BigInt,
        }
    }
}

use schema::replica_copies;

pub const REBUILDING: &str = "rebuilding";
pub const CURRENT: &str = "current";

pub fn requested_key(copy: &str) -> String {
    format!("resync.{copy}.requested")
}

pub fn completed_key(copy: &str) -> String {
    format!("resync.{copy}.completed")
}

/// A copy's state as `/actuator/health` reports it.
#[derive(
    Debug, Clone, PartialEq, Eq, Queryable, Selectable, serde::Serialize, utoipa::ToSchema,
)]
#[diesel(table_name = replica_copies)]
#[serde(rename_all = "camelCase")]
pub struct CopyState {
    #[serde(rename = "copy")]
    pub copy_name: String,
    pub state: String,
    pub requested_at: i64,
    pub completed_at: Option<i64>,
    /// Rows the owner announced in its last answer.
    #[serde(rename = "ownerRows")]
    pub row_count: i64,
    /// The owner's time of its last answer (ms).
    pub watermark: i64,
}

pub fn state(conn: &mut DbConnection, copy: &str) -> QueryResult<Option<CopyState>> {
    replica_copies::table
        .find(copy)
        .select(CopyState::as_select())
        .first(conn)
        .optional()
}

/// Asks the owners of `copy` to announce it again, in the caller's transaction, without keeping
/// a state for it: for a copy whose owners answer with their rows only (auth-center's
/// `permissions`, declared by every service, with no completion to wait for).
pub fn ask(conn: &mut DbConnection, requester: &str, copy: &str) -> QueryResult<()> {
    let payload = ResyncRequested {
        copy: copy.to_owned(),
        requester: requester.to_owned(),
    };
    publish_in_tx(
        conn,
        Outgoing::new(requester, &requested_key(copy), 0, &payload),
    )?;
    Ok(())
}

/// Asks the owner of `copy` to announce it again, in the caller's transaction; the copy is
/// `rebuilding` until the owner's answer arrives.
pub fn request(conn: &mut DbConnection, requester: &str, copy: &str) -> QueryResult<()> {
    let now = crate::time::now_ms();
    ask(conn, requester, copy)?;
    // One statement: replicas starting together all ask, and an update-then-insert of two of
    // them raced into a duplicate key that stopped the second (seen in the production shape).
    let upsert = diesel::insert_into(replica_copies::table)
        .values((
            replica_copies::copy_name.eq(copy),
            replica_copies::state.eq(REBUILDING),
            replica_copies::requested_at.eq(now),
            replica_copies::row_count.eq(0_i64),
            replica_copies::watermark.eq(0_i64),
        ))
        .on_conflict(replica_copies::copy_name)
        .do_update()
        .set((
            replica_copies::state.eq(REBUILDING),
            replica_copies::requested_at.eq(now),
        ));
    crate::per_backend!(conn, |c| upsert.execute(c))?;
    Ok(())
}

/// Counts the rows a service holds of a copy.
pub type CopyCounter = fn(&mut DbConnection) -> QueryResult<i64>;

/// Why a copy is asked for at start, if it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    /// Never asked for: a fresh database, or a service new to the installation.
    Never,
    /// Empty although its owner announced rows the last time: wiped behind the service's back.
    Emptied,
}

/// At start: asks for `copy` when it was never asked for, or when `count` finds it empty though
/// the owner's last answer had rows (then, as for a new copy, readiness waits for the answer).
pub fn request_at_start(
    conn: &mut DbConnection,
    requester: &str,
    copy: &str,
    count: Option<CopyCounter>,
) -> QueryResult<Option<Asked>> {
    let Some(known) = state(conn, copy)? else {
        request(conn, requester, copy)?;
        return Ok(Some(Asked::Never));
    };
    let emptied = match count {
        Some(count) => known.row_count > 0 && count(conn)? == 0,
        None => false,
    };
    if !emptied {
        return Ok(None);
    }
    request(conn, requester, copy)?;
    diesel::update(replica_copies::table.find(copy))
        .set(replica_copies::completed_at.eq(None::<i64>))
        .execute(conn)?;
    Ok(Some(Asked::Emptied))
}

/// The owner's answer once it has announced `rows` rows of `copy` again (in the transaction of
/// the announcements, so it reaches each queue after them).
pub fn answer(
    conn: &mut DbConnection,
    owner: &str,
    copy: &str,
    requester: &str,
    rows: i64,
) -> QueryResult<()> {
    let payload = ResyncCompleted {
        copy: copy.to_owned(),
        requester: requester.to_owned(),
        rows,
        watermark: crate::time::now_ms(),
    };
    publish_in_tx(
        conn,
        Outgoing::new(owner, &completed_key(copy), 0, &payload),
    )?;
    Ok(())
}

/// Applies an owner's answer: the copy is current (whoever asked: the owner announced every row
/// to every copy).
fn completed(conn: &mut DbConnection, e: &Event<ResyncCompleted>) -> QueryResult<()> {
    let now = crate::time::now_ms();
    let values = (
        replica_copies::state.eq(CURRENT),
        replica_copies::completed_at.eq(Some(now)),
        replica_copies::row_count.eq(e.payload.rows),
        replica_copies::watermark.eq(e.payload.watermark),
    );
    let changed = diesel::update(replica_copies::table.find(&e.payload.copy))
        .set(values)
        .execute(conn)?;
    if changed == 0 {
        diesel::insert_into(replica_copies::table)
            .values((
                replica_copies::copy_name.eq(&e.payload.copy),
                replica_copies::requested_at.eq(now),
                values,
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// Subscribes to the owner's answers for `copy` and marks the subscriptions as keeping it (so
/// the platform asks for it at start and reports it in the health).
pub fn keep(subs: Subscriptions, copy: &'static str) -> Subscriptions {
    subs.keeps(copy)
        .on::<ResyncCompleted>(&completed_key(copy), |conn, e| {
            completed(conn, &e)?;
            Ok(())
        })
}

/// [`keep`], with what counts the copy's rows: found empty at start though the owner had rows,
/// the copy is asked for again.
pub fn keep_counted(subs: Subscriptions, copy: &'static str, count: CopyCounter) -> Subscriptions {
    keep(subs, copy).keeps_counted(copy, count)
}

/// A service's consumer with what the platform consumes in every service added: the answer to
/// auth-center's `resync.permissions.requested` (the service's `permission.declared` again).
pub fn with_platform_subscriptions(
    service: &'static str,
    inner: Option<super::ConsumerSpec>,
    permissions: Option<super::v1::PermissionsDeclared>,
) -> super::ConsumerSpec {
    let handler = PlatformHandler {
        service,
        inner: inner.as_ref().map(|c| c.handler.clone()),
        permissions,
    };
    let mut bindings = inner
        .as_ref()
        .map(|c| c.bindings.clone())
        .unwrap_or_default();
    for b in super::topology::PLATFORM_BINDINGS {
        if !bindings.iter().any(|x| x == b) {
            bindings.push((*b).to_owned());
        }
    }
    let mut spec = super::ConsumerSpec::from_parts(bindings, std::sync::Arc::new(handler));
    if let Some(inner) = inner {
        spec = spec
            .retries(inner.max_attempts, inner.retry_delay)
            .keeping(inner.copies)
            .counting(inner.counters);
    }
    spec
}

struct PlatformHandler {
    service: &'static str,
    inner: Option<std::sync::Arc<dyn super::Handler>>,
    permissions: Option<super::v1::PermissionsDeclared>,
}

impl PlatformHandler {
    fn redeclare(&self, conn: &mut DbConnection) -> anyhow::Result<()> {
        if let Some(p) = &self.permissions {
            publish_in_tx(
                conn,
                Outgoing::new(self.service, "permission.declared", 0, p),
            )?;
        }
        Ok(())
    }
}

impl super::Handler for PlatformHandler {
    fn handle(&self, conn: &mut DbConnection, event: &super::EventEnvelope) -> anyhow::Result<()> {
        self.handle_batch(conn, &[event])
    }

    /// The platform's events in place, the service's in runs, in their order.
    fn handle_batch(
        &self,
        conn: &mut DbConnection,
        events: &[&super::EventEnvelope],
    ) -> anyhow::Result<()> {
        let ours = |e: &super::EventEnvelope| e.event_type == PERMISSIONS_REQUESTED;
        let mut i = 0;
        while i < events.len() {
            if ours(events[i]) {
                self.redeclare(conn)?;
                i += 1;
                continue;
            }
            let run = events[i..].iter().take_while(|e| !ours(e)).count();
            match &self.inner {
                Some(inner) => inner.handle_batch(conn, &events[i..i + run])?,
                None => anyhow::bail!(
                    "{} consumes nothing but the platform's events, not {}",
                    self.service,
                    events[i].event_type
                ),
            }
            i += run;
        }
        Ok(())
    }
}

/// The copies a service keeps, for its `/internal/replica` endpoints.
#[derive(Debug, Clone)]
pub struct KeptCopies {
    pub service: &'static str,
    pub copies: Vec<&'static str>,
}

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CopyQuery {
    /// The copy to rebuild (`tenants`, ...); all the service keeps when absent.
    pub copy: Option<String>,
}

/// The state of every copy the service keeps.
#[utoipa::path(
    get,
    path = "/internal/replica/copies",
    tag = "bus",
    responses((status = 200, body = Vec<CopyState>, description = "Each copy's state and its owner's watermark"))
)]
pub async fn copies(
    pool: actix_web::web::Data<crate::db::DbPool>,
    kept: actix_web::web::Data<KeptCopies>,
) -> Result<crate::http::Reply<Vec<CopyState>>, crate::ApiError> {
    let names = kept.copies.clone();
    let states = crate::db::with_conn(&pool, move |c| -> Result<_, crate::ApiError> {
        let mut out = Vec::new();
        for name in names {
            if let Some(s) = state(c, name)? {
                out.push(s);
            }
        }
        Ok(out)
    })
    .await?;
    Ok(crate::http::Reply(states))
}

/// Asks the owner for a snapshot of a copy now (after it was wiped, or is suspect): the copy is
/// `rebuilding` until the owner's answer arrives.
#[utoipa::path(
    post,
    path = "/internal/replica/resync",
    tag = "bus",
    params(CopyQuery),
    responses(
        (status = 200, body = Vec<String>, description = "Asked: the copies now rebuilding"),
        (status = 412, description = "The service keeps no such copy")
    )
)]
pub async fn resync(
    pool: actix_web::web::Data<crate::db::DbPool>,
    kept: actix_web::web::Data<KeptCopies>,
    q: crate::http::Query<CopyQuery>,
) -> Result<crate::http::Reply<Vec<String>>, crate::ApiError> {
    let wanted: Vec<&'static str> = match q.into_inner().copy {
        None => kept.copies.clone(),
        Some(name) => match kept.copies.iter().find(|c| **c == name) {
            Some(c) => vec![*c],
            None => {
                return Err(crate::ApiError::invalid(
                    "copy",
                    crate::i18n::Text::new(
                        format!("本服务不保存该副本，可选：{}", kept.copies.join("、")),
                        format!(
                            "this service keeps no such copy; it keeps: {}",
                            kept.copies.join(", ")
                        ),
                    ),
                ));
            }
        },
    };
    let service = kept.service;
    let asked = wanted.clone();
    crate::db::with_conn(&pool, move |c| {
        crate::db::write_tx::<_, crate::ApiError>(c, |c| {
            for copy in &asked {
                request(c, service, copy)?;
            }
            Ok(())
        })
    })
    .await?;
    tracing::info!(service, copies = ?wanted, "copies asked of their owners by an operator");
    Ok(crate::http::Reply(
        wanted.into_iter().map(str::to_owned).collect(),
    ))
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(copies, resync), components(schemas(CopyState)))]
pub struct ResyncApi;

pub fn config(cfg: &mut actix_web::web::ServiceConfig) {
    cfg.route("/internal/replica/copies", actix_web::web::get().to(copies))
        .route(
            "/internal/replica/resync",
            actix_web::web::post().to(resync),
        );
}
