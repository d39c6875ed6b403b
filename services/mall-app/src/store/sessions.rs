//! Snap-up sessions. The tenant's staff see and keep every one; a supplier's users see the
//! sessions of the products it supplies; a distributor's users see the active sessions of
//! published products (where they may buy). A session sells a share of its product's stock:
//! `stock_left` (the share left) and the product's `stock` change only through conditional
//! UPDATEs (`orders::place`) and the give-back of a cancelled order (`orders`), and what a buyer
//! can still have is the smaller of the two.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection, lower};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{mall_orders, mall_products, snapup_sessions};
use crate::domain::order::{PAY_PAYING, STATE_UNPAID};
use crate::domain::product::STATE_PUBLISHED;
use crate::domain::snapup::{self, STATE_ACTIVE, STATE_STOPPED, SessionFields};

type Joined = (
    snapup_sessions::id,
    snapup_sessions::mall_product_id,
    mall_products::product_name,
    mall_products::supplier_id,
    mall_products::price,
    snapup_sessions::snapup_price,
    snapup_sessions::stock_total,
    snapup_sessions::stock_left,
    mall_products::stock,
    snapup_sessions::start_at,
    snapup_sessions::end_at,
    snapup_sessions::limit_goods,
    snapup_sessions::limit_target,
    snapup_sessions::limit_num,
    snapup_sessions::state,
    snapup_sessions::created_at,
    snapup_sessions::updated_at,
);

const JOINED: Joined = (
    snapup_sessions::id,
    snapup_sessions::mall_product_id,
    mall_products::product_name,
    mall_products::supplier_id,
    mall_products::price,
    snapup_sessions::snapup_price,
    snapup_sessions::stock_total,
    snapup_sessions::stock_left,
    mall_products::stock,
    snapup_sessions::start_at,
    snapup_sessions::end_at,
    snapup_sessions::limit_goods,
    snapup_sessions::limit_target,
    snapup_sessions::limit_num,
    snapup_sessions::state,
    snapup_sessions::created_at,
    snapup_sessions::updated_at,
);

#[derive(Debug, Clone, Queryable)]
struct Row {
    id: i64,
    mall_product_id: i64,
    product_name: String,
    supplier_id: i64,
    price: i64,
    snapup_price: i64,
    stock_total: i32,
    stock_left: i32,
    product_stock: i32,
    start_at: i64,
    end_at: i64,
    limit_goods: i32,
    limit_target: i32,
    limit_num: i32,
    state: i32,
    created_at: i64,
    updated_at: i64,
}

/// A session as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    pub id: i64,
    pub mall_product_id: i64,
    pub product_name: String,
    pub supplier_id: i64,
    /// The product's own price in fen, for comparison.
    pub price: i64,
    /// Snap-up price in fen.
    pub snapup_price: i64,
    /// Units the session sells.
    pub stock: i32,
    /// Units a buyer can still have now: the session's share left, but no more than the
    /// product has left (units of unpaid orders are held until they are paid or cancelled).
    pub stock_left: i32,
    /// The product's own stock left now (what all its sessions sell from).
    pub product_stock: i32,
    pub start_time: i64,
    pub end_time: i64,
    pub type_limit_goods: i32,
    pub type_limit_target: i32,
    pub limit_num: i32,
    /// 1 active, 2 stopped.
    pub state: i32,
    /// At the time of the answer: 0 not started, 1 live, 2 ended, 3 stopped, 4 sold out.
    pub phase: i32,
    /// The server's time of the answer (ms), for countdowns.
    pub now: i64,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

impl Session {
    fn from_row(r: Row, now: i64) -> Self {
        let left = snapup::available(r.stock_left, r.product_stock);
        Self {
            phase: snapup::phase(r.state, r.start_at, r.end_at, left, now),
            now,
            id: r.id,
            mall_product_id: r.mall_product_id,
            product_name: r.product_name,
            supplier_id: r.supplier_id,
            price: r.price,
            snapup_price: r.snapup_price,
            stock: r.stock_total,
            stock_left: left,
            product_stock: r.product_stock,
            start_time: r.start_at,
            end_time: r.end_at,
            type_limit_goods: r.limit_goods,
            type_limit_target: r.limit_target,
            limit_num: r.limit_num,
            state: r.state,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

#[derive(Debug, Default, Clone)]
pub struct SessionFilter {
    pub product_name: Option<String>,
    pub mall_product_id: Option<i64>,
    /// The phase at the time of the list (sold out counts as live here: it is a stock, not a
    /// time).
    pub phase: Option<i32>,
}

type Boxed = diesel::dsl::IntoBoxed<
    'static,
    diesel::dsl::Select<
        diesel::dsl::InnerJoinOn<
            snapup_sessions::table,
            mall_products::table,
            diesel::dsl::Eq<mall_products::id, snapup_sessions::mall_product_id>,
        >,
        Joined,
    >,
    Db,
>;

fn visible(viewer: &Viewer) -> Boxed {
    let mut q = snapup_sessions::table
        .inner_join(mall_products::table.on(mall_products::id.eq(snapup_sessions::mall_product_id)))
        .filter(snapup_sessions::saas_id.eq(viewer.saas_id))
        .filter(mall_products::saas_id.eq(viewer.saas_id))
        .select(JOINED)
        .into_boxed();
    if let Some(s) = viewer.supplier() {
        q = q.filter(mall_products::supplier_id.eq(s));
    } else if !viewer.is_tenant_staff() {
        q = q
            .filter(snapup_sessions::state.eq(STATE_ACTIVE))
            .filter(mall_products::state.eq(STATE_PUBLISHED));
    }
    q
}

fn filtered(viewer: &Viewer, f: &SessionFilter, now: i64) -> Boxed {
    let mut q = visible(viewer);
    if let Some(name) = f
        .product_name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        q = q.filter(lower(mall_products::product_name).contains_text(&name.to_lowercase()));
    }
    if let Some(id) = f.mall_product_id {
        q = q.filter(snapup_sessions::mall_product_id.eq(id));
    }
    match f.phase {
        Some(snapup::PHASE_NOT_STARTED) => {
            q = q
                .filter(snapup_sessions::state.eq(STATE_ACTIVE))
                .filter(snapup_sessions::start_at.gt(now));
        }
        Some(snapup::PHASE_LIVE) | Some(snapup::PHASE_SOLD_OUT) => {
            q = q
                .filter(snapup_sessions::state.eq(STATE_ACTIVE))
                .filter(snapup_sessions::start_at.le(now))
                .filter(snapup_sessions::end_at.gt(now));
        }
        Some(snapup::PHASE_ENDED) => {
            q = q
                .filter(snapup_sessions::state.eq(STATE_ACTIVE))
                .filter(snapup_sessions::end_at.le(now));
        }
        Some(snapup::PHASE_STOPPED) => q = q.filter(snapup_sessions::state.eq(STATE_STOPPED)),
        _ => {}
    }
    q
}

/// A page of the sessions `viewer` sees, latest start first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &SessionFilter,
    page: PageRequest,
    now: i64,
) -> QueryResult<(Vec<Session>, i64)> {
    let total = filtered(viewer, f, now).count().get_result(conn)?;
    let rows: Vec<Row> = filtered(viewer, f, now)
        .order((snapup_sessions::start_at.desc(), snapup_sessions::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .load(conn)?;
    Ok((
        rows.into_iter()
            .map(|r| Session::from_row(r, now))
            .collect(),
        total,
    ))
}

/// The sessions a buyer may order from now or soon: active, not ended, of published products;
/// the soonest first, at most 100.
pub fn live(conn: &mut DbConnection, viewer: &Viewer, now: i64) -> QueryResult<Vec<Session>> {
    let rows: Vec<Row> = visible(viewer)
        .filter(snapup_sessions::state.eq(STATE_ACTIVE))
        .filter(snapup_sessions::end_at.gt(now))
        .filter(mall_products::state.eq(STATE_PUBLISHED))
        .order((snapup_sessions::start_at.asc(), snapup_sessions::id.asc()))
        .limit(100)
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|r| Session::from_row(r, now))
        .collect())
}

pub fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    now: i64,
) -> QueryResult<Option<Session>> {
    let row: Option<Row> = visible(viewer)
        .filter(snapup_sessions::id.eq(id))
        .first(conn)
        .optional()?;
    Ok(row.map(|r| Session::from_row(r, now)))
}

/// The state and times of a session of the tenant, read inside a change.
pub fn state_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<(i32, i64, i64)>> {
    snapup_sessions::table
        .filter(snapup_sessions::id.eq(id))
        .filter(snapup_sessions::saas_id.eq(viewer.saas_id))
        .select((
            snapup_sessions::state,
            snapup_sessions::start_at,
            snapup_sessions::end_at,
        ))
        .first(conn)
        .optional()
}

pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    by_user: i64,
    f: &SessionFields,
    now: i64,
) -> QueryResult<i64> {
    let id = platform::id::next_id();
    diesel::insert_into(snapup_sessions::table)
        .values((
            snapup_sessions::id.eq(id),
            snapup_sessions::saas_id.eq(viewer.saas_id),
            snapup_sessions::state.eq(STATE_ACTIVE),
            snapup_sessions::created_by.eq(by_user),
            snapup_sessions::created_at.eq(now),
            snapup_sessions::stock_left.eq(f.stock),
            fields(f, now),
        ))
        .execute(conn)?;
    Ok(id)
}

/// Rewrites a session that has not started (the condition is part of the UPDATE, so a session
/// that started meanwhile is left alone); answers whether it changed.
pub fn update_before_start(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &SessionFields,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        snapup_sessions::table
            .filter(snapup_sessions::id.eq(id))
            .filter(snapup_sessions::saas_id.eq(viewer.saas_id))
            .filter(snapup_sessions::state.eq(STATE_ACTIVE))
            .filter(snapup_sessions::start_at.gt(now)),
    )
    .set((snapup_sessions::stock_left.eq(f.stock), fields(f, now)))
    .execute(conn)?;
    Ok(n > 0)
}

/// Stops an active session that has not ended; answers whether it did.
pub fn stop(conn: &mut DbConnection, viewer: &Viewer, id: i64, now: i64) -> QueryResult<bool> {
    let n = diesel::update(
        snapup_sessions::table
            .filter(snapup_sessions::id.eq(id))
            .filter(snapup_sessions::saas_id.eq(viewer.saas_id))
            .filter(snapup_sessions::state.eq(STATE_ACTIVE))
            .filter(snapup_sessions::end_at.gt(now)),
    )
    .set((
        snapup_sessions::state.eq(STATE_STOPPED),
        snapup_sessions::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n > 0)
}

/// How long at most a process answers a session "sold out" from memory: a restock or a
/// cancellation made through another replica shows within this.
pub const SOLD_OUT_HOLD_MS: i64 = 2_000;

/// Until when a session read with nothing to sell (its share or its product's stock empty)
/// stays so for sure, as far as this process can tell: the first payment deadline of its
/// product's unpaid orders (the earliest units could come back), its end, and at most
/// [`SOLD_OUT_HOLD_MS`] from `now`. None if it can sell. Answers the product too, which the
/// process forgets marks by when its units come back.
pub fn empty_until(
    conn: &mut DbConnection,
    saas_id: i64,
    id: i64,
    now: i64,
) -> QueryResult<Option<(i64, i64)>> {
    let row: Option<(i32, i32, i64, i64)> = snapup_sessions::table
        .inner_join(mall_products::table.on(mall_products::id.eq(snapup_sessions::mall_product_id)))
        .filter(snapup_sessions::id.eq(id))
        .filter(snapup_sessions::saas_id.eq(saas_id))
        .select((
            snapup_sessions::stock_left,
            mall_products::stock,
            snapup_sessions::end_at,
            snapup_sessions::mall_product_id,
        ))
        .first(conn)
        .optional()?;
    let Some((left, product_stock, end, product)) = row else {
        return Ok(None);
    };
    if snapup::available(left, product_stock) > 0 {
        return Ok(None);
    }
    let first_deadline: Option<i64> = mall_orders::table
        .filter(mall_orders::mall_product_id.eq(product))
        .filter(mall_orders::saas_id.eq(saas_id))
        .filter(mall_orders::order_state.eq(STATE_UNPAID))
        .filter(mall_orders::pay_state.ne(PAY_PAYING))
        .select(diesel::dsl::min(mall_orders::pay_deadline))
        .first(conn)?;
    let until = first_deadline
        .map_or(end, |d| d.min(end))
        .min(now + SOLD_OUT_HOLD_MS);
    Ok(Some((until, product)))
}

#[allow(clippy::type_complexity)]
fn fields(
    f: &SessionFields,
    now: i64,
) -> (
    diesel::dsl::Eq<snapup_sessions::mall_product_id, i64>,
    diesel::dsl::Eq<snapup_sessions::snapup_price, i64>,
    diesel::dsl::Eq<snapup_sessions::stock_total, i32>,
    diesel::dsl::Eq<snapup_sessions::start_at, i64>,
    diesel::dsl::Eq<snapup_sessions::end_at, i64>,
    diesel::dsl::Eq<snapup_sessions::limit_goods, i32>,
    diesel::dsl::Eq<snapup_sessions::limit_target, i32>,
    diesel::dsl::Eq<snapup_sessions::limit_num, i32>,
    diesel::dsl::Eq<snapup_sessions::updated_at, i64>,
) {
    (
        snapup_sessions::mall_product_id.eq(f.mall_product_id),
        snapup_sessions::snapup_price.eq(f.snapup_price),
        snapup_sessions::stock_total.eq(f.stock),
        snapup_sessions::start_at.eq(f.start_time),
        snapup_sessions::end_at.eq(f.end_time),
        snapup_sessions::limit_goods.eq(f.type_limit_goods),
        snapup_sessions::limit_target.eq(f.type_limit_target),
        snapup_sessions::limit_num.eq(f.limit_num),
        snapup_sessions::updated_at.eq(now),
    )
}
