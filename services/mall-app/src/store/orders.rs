//! Mall orders of snap-up sessions: placing one (all or nothing against the session's stock
//! and the buyer's limit, each taken by a conditional UPDATE in one transaction), the unpaid
//! ones giving their stock back, and the `order.mall.*` events of both.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use platform::{ApiError, ApiError as E};
use serde::Serialize;
use utoipa::ToSchema;

use super::products;
use super::schema::{mall_orders, mall_products, snapup_limits, snapup_sessions};
use crate::NAME;
use crate::domain::order::{self, PlaceOrder, STATE_CANCELLED, STATE_UNPAID};
use crate::domain::product::STATE_PUBLISHED;
use crate::domain::snapup::{self, Buyer, STATE_ACTIVE};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = mall_orders)]
pub struct MallOrder {
    #[serde(rename = "orderId")]
    pub id: i64,
    pub session_id: i64,
    pub mall_product_id: i64,
    pub product_name: String,
    pub supplier_id: i64,
    /// The buyer's merchant (0: the tenant's staff).
    pub distributor_id: i64,
    /// The user who placed it.
    pub buyer_id: i64,
    pub quantity: i32,
    /// Snap-up price in fen.
    pub unit_price: i64,
    /// quantity × unit price, in fen.
    pub order_price: i64,
    /// 2 unpaid, 3 paid, 4 cancelled.
    pub order_state: i32,
    pub contact_name: String,
    pub contact_phone: String,
    /// Unpaid past this (ms), the order is cancelled and its stock given back.
    pub pay_deadline: i64,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

/// What `place` answers: the order and what is left of the session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Placed {
    pub order: MallOrder,
    pub stock_left: i32,
}

/// What a session tells an order, read with its product.
#[derive(Debug, Queryable)]
struct Offer {
    mall_product_id: i64,
    product_name: String,
    supplier_id: i64,
    product_state: i32,
    snapup_price: i64,
    limit_goods: i32,
    limit_target: i32,
    limit_num: i32,
}

fn stock_left(conn: &mut DbConnection, id: i64) -> QueryResult<i32> {
    snapup_sessions::table
        .find(id)
        .select(snapup_sessions::stock_left)
        .first(conn)
}

/// Places an order of `buyer` in a session of the viewer's tenant: the session's stock and the
/// buyer's limit are each taken by one conditional UPDATE, and any refusal rolls the whole
/// transaction back, so no unit is sold twice nor any limit passed, however many buyers come at
/// once, on either database. Call inside `write_tx`.
pub fn place(
    conn: &mut DbConnection,
    viewer: &Viewer,
    buyer: Buyer,
    o: &PlaceOrder,
    now: i64,
    pay_timeout_ms: i64,
) -> Result<Placed, ApiError> {
    // The offer of a started session never changes (only a session not yet started may), and
    // the stock UPDATE below is conditional on the start, so reading it first is safe.
    let offer: Offer = snapup_sessions::table
        .inner_join(mall_products::table.on(mall_products::id.eq(snapup_sessions::mall_product_id)))
        .filter(snapup_sessions::id.eq(o.session_id))
        .filter(snapup_sessions::saas_id.eq(viewer.saas_id))
        .filter(mall_products::saas_id.eq(viewer.saas_id))
        .select((
            snapup_sessions::mall_product_id,
            mall_products::product_name,
            mall_products::supplier_id,
            mall_products::state,
            snapup_sessions::snapup_price,
            snapup_sessions::limit_goods,
            snapup_sessions::limit_target,
            snapup_sessions::limit_num,
        ))
        .first(conn)
        .optional()?
        .ok_or_else(|| ApiError::not_found("抢购场次", "snap-up session"))?;
    if offer.product_state != STATE_PUBLISHED {
        return Err(E::Rule {
            code: "product-off-sale",
            msg: platform::i18n::Text::fixed("商品已下架", "the product is not on sale"),
        });
    }
    snapup::check_quantity(offer.limit_goods, offer.limit_num, o.quantity)?;
    let q = o.quantity;
    let taken = diesel::update(
        snapup_sessions::table
            .filter(snapup_sessions::id.eq(o.session_id))
            .filter(snapup_sessions::saas_id.eq(viewer.saas_id))
            .filter(snapup_sessions::state.eq(STATE_ACTIVE))
            .filter(snapup_sessions::start_at.le(now))
            .filter(snapup_sessions::end_at.gt(now))
            .filter(snapup_sessions::stock_left.ge(q)),
    )
    .set(snapup_sessions::stock_left.eq(snapup_sessions::stock_left - q))
    .execute(conn)?;
    if taken == 0 {
        let (state, start, end, left): (i32, i64, i64, i32) = snapup_sessions::table
            .find(o.session_id)
            .select((
                snapup_sessions::state,
                snapup_sessions::start_at,
                snapup_sessions::end_at,
                snapup_sessions::stock_left,
            ))
            .first(conn)?;
        return Err(snapup::refusal(state, start, end, left, q, now));
    }
    let counter = snapup::limit_counter(offer.limit_goods, offer.limit_target, buyer, now);
    if let Some((key, day)) = &counter {
        let insert = diesel::insert_into(snapup_limits::table)
            .values((
                snapup_limits::session_id.eq(o.session_id),
                snapup_limits::target_key.eq(key),
                snapup_limits::day_num.eq(day),
                snapup_limits::saas_id.eq(viewer.saas_id),
                snapup_limits::bought.eq(0),
            ))
            .on_conflict_do_nothing();
        platform::per_backend!(conn, |c| insert.execute(c))?;
        let counted = diesel::update(
            snapup_limits::table
                .find((o.session_id, key, day))
                .filter(snapup_limits::bought.le(snapup::limit_ceiling(offer.limit_num, q))),
        )
        .set(snapup_limits::bought.eq(snapup_limits::bought + q))
        .execute(conn)?;
        if counted == 0 {
            return Err(snapup::limit_reached(offer.limit_num));
        }
    }
    let (limit_key, limit_day) = counter.unwrap_or_default();
    let row = MallOrder {
        id: platform::id::next_id(),
        session_id: o.session_id,
        mall_product_id: offer.mall_product_id,
        product_name: offer.product_name,
        supplier_id: offer.supplier_id,
        distributor_id: buyer.mch_id,
        buyer_id: buyer.user_id,
        quantity: q,
        unit_price: offer.snapup_price,
        order_price: order::order_price(offer.snapup_price, q),
        order_state: STATE_UNPAID,
        contact_name: o.contact_name.clone(),
        contact_phone: o.contact_phone.clone(),
        pay_deadline: now + pay_timeout_ms,
        created_at: now,
        updated_at: now,
    };
    diesel::insert_into(mall_orders::table)
        .values((
            mall_orders::id.eq(row.id),
            mall_orders::saas_id.eq(viewer.saas_id),
            mall_orders::session_id.eq(row.session_id),
            mall_orders::mall_product_id.eq(row.mall_product_id),
            mall_orders::product_name.eq(&row.product_name),
            mall_orders::supplier_id.eq(row.supplier_id),
            mall_orders::distributor_id.eq(row.distributor_id),
            mall_orders::buyer_id.eq(row.buyer_id),
            mall_orders::limit_key.eq(&limit_key),
            mall_orders::limit_day.eq(limit_day),
            mall_orders::quantity.eq(row.quantity),
            mall_orders::unit_price.eq(row.unit_price),
            mall_orders::order_price.eq(row.order_price),
            mall_orders::order_state.eq(row.order_state),
            mall_orders::contact_name.eq(&row.contact_name),
            mall_orders::contact_phone.eq(&row.contact_phone),
            mall_orders::pay_deadline.eq(row.pay_deadline),
            mall_orders::created_at.eq(now),
            mall_orders::updated_at.eq(now),
        ))
        .execute(conn)?;
    products::add_sales(conn, viewer.saas_id, row.mall_product_id, q)?;
    let currency = currency(conn, viewer.saas_id)?;
    let created = v1::OrderCreated {
        order: Some(order_ref(&row)),
        amounts: Some(amounts(&row, &currency)),
        contact: Some(contact(&row)),
        quantity: row.quantity,
        order_state: row.order_state,
        created_by: buyer.user_id,
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "order.mall.created", viewer.saas_id, &created).at(now),
    )?;
    let stock_left = stock_left(conn, o.session_id)?;
    Ok(Placed {
        order: row,
        stock_left,
    })
}

/// Cancels the unpaid orders whose payment time has passed, each in its own transaction: the
/// order moves to cancelled by a conditional UPDATE (so of two replicas running this, one
/// does it), and only then are its units given back to the session and its buyer's limit, and
/// `order.mall.cancelled` written. Answers how many, and the sessions whose stock came back.
pub fn expire_unpaid(
    conn: &mut DbConnection,
    now: i64,
) -> anyhow::Result<(usize, Vec<(i64, i64)>)> {
    let due: Vec<MallOrder> = mall_orders::table
        .filter(mall_orders::order_state.eq(STATE_UNPAID))
        .filter(mall_orders::pay_deadline.le(now))
        .order(mall_orders::pay_deadline.asc())
        .limit(500)
        .select(MallOrder::as_select())
        .load(conn)?;
    let mut sessions = Vec::new();
    for o in due {
        let given =
            platform::db::write_tx::<_, diesel::result::Error>(conn, |c| give_back(c, &o, now))?;
        if let Some(saas_id) = given {
            sessions.push((saas_id, o.session_id));
        }
    }
    let n = sessions.len();
    sessions.sort_unstable();
    sessions.dedup();
    Ok((n, sessions))
}

/// Answers the order's tenant if this call cancelled it.
fn give_back(conn: &mut DbConnection, o: &MallOrder, now: i64) -> QueryResult<Option<i64>> {
    let saas_id: i64 = mall_orders::table
        .find(o.id)
        .select(mall_orders::saas_id)
        .first(conn)?;
    let moved = diesel::update(
        mall_orders::table
            .find(o.id)
            .filter(mall_orders::order_state.eq(STATE_UNPAID)),
    )
    .set((
        mall_orders::order_state.eq(STATE_CANCELLED),
        mall_orders::updated_at.eq(now),
    ))
    .execute(conn)?;
    if moved == 0 {
        return Ok(None);
    }
    diesel::update(snapup_sessions::table.find(o.session_id))
        .set(snapup_sessions::stock_left.eq(snapup_sessions::stock_left + o.quantity))
        .execute(conn)?;
    let (key, day): (String, i64) = mall_orders::table
        .find(o.id)
        .select((mall_orders::limit_key, mall_orders::limit_day))
        .first(conn)?;
    if !key.is_empty() {
        diesel::update(snapup_limits::table.find((o.session_id, key, day)))
            .set(snapup_limits::bought.eq(snapup_limits::bought - o.quantity))
            .execute(conn)?;
    }
    products::add_sales(conn, saas_id, o.mall_product_id, -o.quantity)?;
    let currency = currency(conn, saas_id)?;
    let cancelled = v1::OrderCancelled {
        order: Some(order_ref(o)),
        amounts: Some(amounts(o, &currency)),
        contact: Some(contact(o)),
        reason: "timeout-cancel: not paid in time".into(),
        cancelled_by: 0,
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "order.mall.cancelled", saas_id, &cancelled).at(now),
    )?;
    Ok(Some(saas_id))
}

/// The tenant's currency from the copy of saas-main's tenants (CNY until it arrives).
fn currency(conn: &mut DbConnection, saas_id: i64) -> QueryResult<String> {
    Ok(platform::replica::tenant(conn, saas_id)?
        .map(|t| t.currency)
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| "CNY".to_owned()))
}

/// A mall order in the shared order contract: product type 60 (a general product: what the
/// mall sells is the mall product), the mall product's id and name.
fn order_ref(o: &MallOrder) -> v1::OrderRef {
    v1::OrderRef {
        order_id: o.id,
        order_no: o.id.to_string(),
        product_type: v1::ProductType::General as i32,
        supplier_mch_id: o.supplier_id,
        distributor_mch_id: o.distributor_id,
        product_id: o.mall_product_id,
        product_name: o.product_name.clone(),
        start_date: String::new(),
        end_date: String::new(),
        supplier_interface_id: 0,
        distributor_interface_id: 0,
    }
}

/// The mall keeps no purchase price of its own: the supplier and channel prices are the order
/// price and the profit 0 (docs/mall.md).
fn amounts(o: &MallOrder, currency: &str) -> v1::OrderAmounts {
    v1::OrderAmounts {
        order_price: o.order_price,
        supplier_price: o.order_price,
        channel_price: o.order_price,
        profit: 0,
        currency: currency.to_owned(),
    }
}

fn contact(o: &MallOrder) -> v1::Contact {
    v1::Contact {
        name: o.contact_name.clone(),
        mobile: o.contact_phone.clone(),
        email: String::new(),
    }
}

#[derive(Debug, Default, Clone)]
pub struct OrderFilter {
    pub session_id: Option<i64>,
    pub order_state: Option<i32>,
}

fn visible(viewer: &Viewer) -> mall_orders::BoxedQuery<'static, Db> {
    let mut q = mall_orders::table
        .filter(mall_orders::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(s) = viewer.supplier() {
        q = q.filter(mall_orders::supplier_id.eq(s));
    } else if let Some(d) = viewer.mch_id() {
        q = q.filter(mall_orders::distributor_id.eq(d));
    }
    q
}

fn filtered(viewer: &Viewer, f: &OrderFilter) -> mall_orders::BoxedQuery<'static, Db> {
    let mut q = visible(viewer);
    if let Some(s) = f.session_id {
        q = q.filter(mall_orders::session_id.eq(s));
    }
    if let Some(s) = f.order_state {
        q = q.filter(mall_orders::order_state.eq(s));
    }
    q
}

/// A page of the orders `viewer` sees, newest first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &OrderFilter,
    page: PageRequest,
) -> QueryResult<(Vec<MallOrder>, i64)> {
    let total = filtered(viewer, f).count().get_result(conn)?;
    let rows = filtered(viewer, f)
        .order(mall_orders::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(MallOrder::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<MallOrder>> {
    visible(viewer)
        .filter(mall_orders::id.eq(id))
        .select(MallOrder::as_select())
        .first(conn)
        .optional()
}
