//! Ticket orders: placing one (stock and purchase limits taken in one transaction, each by a
//! conditional UPDATE, so nothing is ever oversold however many book at once), the actions of
//! the order state machine (`platform::trade::order_state`, shared with hotel orders) with their log and
//! `order.ticket.*` events written in the same transaction, the lists, and unpaid orders
//! cancelling themselves.
//!
//! The tenant's staff see the tenant's orders, a supplier those of its products, a distributor
//! those it booked; anything else is not found.

use std::collections::HashMap;

use diesel::prelude::*;
use platform::bus::{Outgoing, publish_all_in_tx, publish_in_tx, v1};
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use platform::i18n::Text;
use platform::trade::calendar::{Offer, Refusal, Source};
use platform::trade::order_rules::pay_type;
use platform::trade::order_rules::{self, ActionFacts, Stamp};
use platform::trade::order_state::{self, Action, OrderStates, Role, pay, state};
use platform::trade::viewer::{cost, role, role_name};
use platform::trade_store::CalendarTables as _;
use platform::{ApiError, Viewer};
use serde::Serialize;
use utoipa::ToSchema;

use super::calendar::Calendar;
use super::channel_orders::ChannelOrigin;
use super::products::ProductRow;
use super::schema::{
    scenic_infos, ticket_channel_orders, ticket_order_logs, ticket_order_payments, ticket_orders,
    ticket_products, ticket_purchase_counts, ticket_vouchers,
};
use super::vouchers;
use crate::NAME;
use crate::domain::booking::{self, Bought, Buyer};
use crate::domain::channel_order;
use crate::domain::product::{TicketProductFields, cancel_time, limit_goods};
use platform::channel::OrderOutcome;

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = ticket_orders)]
pub struct OrderRow {
    pub id: i64,
    pub saas_id: i64,
    pub product_id: i64,
    pub supplier_id: i64,
    pub distributor_id: i64,
    pub scenic_id: i64,
    pub visit_date: String,
    pub quantity: i64,
    pub order_price: i64,
    pub supplier_price: i64,
    pub stock_source: i32,
    pub order_state: i32,
    pub real_state: i32,
    pub supplier_state: i32,
    pub channel_state: i32,
    pub pay_state: i32,
    pub cancel_apply: i32,
    pub pre_cancel: i32,
    pub need_confirm: bool,
    pub pay_type: i32,
    pub pay_deadline: i64,
    pub customer_key: String,
    pub contact_name: String,
    pub contact_mobile: String,
    pub buyer: String,
    pub remark: String,
    pub created_by: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub confirm_date: i64,
    pub finish_date: i64,
}

impl OrderRow {
    fn states(&self) -> OrderStates {
        OrderStates {
            order: self.order_state,
            real: self.real_state,
            supplier: self.supplier_state,
            channel: self.channel_state,
            pay: self.pay_state,
            cancel_apply: self.cancel_apply,
            pre_cancel: self.pre_cancel,
            need_confirm: self.need_confirm,
        }
    }
}

/// An order as the lists and the detail show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketOrder {
    pub order_id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub scenic_id: i64,
    pub scenic_name: String,
    pub supplier_id: i64,
    pub supplier_name: String,
    pub distributor_id: i64,
    pub distributor_name: String,
    /// YYYY-MM-DD.
    pub visit_date: String,
    pub quantity: i64,
    /// What the distributor pays, fen.
    pub order_price: i64,
    /// What the supplier is paid, fen; left out for a distributor (`platform::trade::viewer::cost`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supplier_price: Option<i64>,
    /// `orderState`: 1 confirmed, 2 unpaid, 3 paid, 4 cancelled, 5 completed, 6 refunded,
    /// 7 cancellation applied, 8 unconfirmed, 9 invalid (refused), 10 arranged.
    pub order_state: i32,
    pub real_state: i32,
    pub supplier_state: i32,
    pub channel_state: i32,
    /// `payState`: 0 unpaid, 20 paying, 21 paid, 29 failed, 51 refunded.
    pub pay_state: i32,
    /// 0 none, 40 applied, 41 agreed.
    pub cancel_apply: i32,
    pub need_confirm: bool,
    /// 1 credit, 2 cash; 0 before payment.
    pub pay_type: i32,
    /// Why finance-app refused the last credit payment (payment state 29), "zh / en"; empty
    /// otherwise.
    pub pay_fail_reason: String,
    /// Tickets admitted at the gate so far (of `quantity`).
    pub used_tickets: i64,
    /// Vouchers issued (0 before confirmation, or for a product that gives none).
    pub vouchers: i64,
    /// ms after which an unpaid order cancels itself; 0 when none.
    pub pay_deadline: i64,
    pub contact_name: String,
    pub contact_mobile: String,
    pub buyer: Buyer,
    pub remark: String,
    pub create_date: i64,
    pub modify_date: i64,
    pub confirm_date: i64,
    pub finish_date: i64,
    /// The channel configuration a channel's order came through (docs/channels.md); 0 for an
    /// order booked here.
    pub config_id: i64,
    /// The channel's order id; empty for an order booked here.
    pub channel_order_id: String,
    /// What the channel sold the order at, fen; 0 for an order booked here.
    pub channel_price: i64,
}

/// An entry of an order's log.
#[derive(Debug, Clone, Serialize, ToSchema, Queryable)]
#[serde(rename_all = "camelCase")]
pub struct OrderLog {
    pub id: i64,
    pub order_id: i64,
    /// The action (`pay`, `confirm`, `cancel`, ..., `create`, `remark`).
    pub action: String,
    pub from_state: i32,
    pub to_state: i32,
    /// operator, supplier, distributor or system.
    pub role: String,
    pub user_id: i64,
    pub remark: String,
    pub create_date: i64,
}

/// Who acts, and when.
#[derive(Debug, Clone)]
pub struct Actor {
    pub viewer: Viewer,
    pub user_id: i64,
    pub now: i64,
}

/// The orders `viewer` sees.
pub(crate) fn visible(viewer: &Viewer) -> ticket_orders::BoxedQuery<'static, Db> {
    ticket_orders::table.filter(seen_by(viewer)).into_boxed()
}

/// Which orders `viewer` sees, as a condition on `ticket_orders`' columns in any query that has
/// them (the orders alone, or joined with their vouchers): its tenant's, and of those a
/// supplier's or distributor's own.
pub(crate) fn seen_by<QS>(
    viewer: &Viewer,
) -> Box<dyn BoxableExpression<QS, Db, SqlType = diesel::sql_types::Bool>>
where
    ticket_orders::saas_id: SelectableExpression<QS>,
    ticket_orders::supplier_id: SelectableExpression<QS>,
    ticket_orders::distributor_id: SelectableExpression<QS>,
    QS: 'static,
{
    let mut scope: Box<dyn BoxableExpression<QS, Db, SqlType = diesel::sql_types::Bool>> =
        Box::new(ticket_orders::saas_id.eq(viewer.saas_id));
    if let Some(s) = viewer.supplier() {
        scope = Box::new(scope.and(ticket_orders::supplier_id.eq(s)));
    }
    if let Some(d) = viewer.distributor() {
        scope = Box::new(scope.and(ticket_orders::distributor_id.eq(d)));
    }
    scope
}

/// The caller's part in an order it sees, as the log and the vouchers name it.
pub(crate) fn role_name_of(viewer: &Viewer) -> &'static str {
    role_name(role(viewer))
}

#[derive(Debug, Default, Clone)]
pub struct OrderFilter {
    pub order_id: Option<i64>,
    pub product_id: Option<i64>,
    pub scenic_id: Option<i64>,
    pub supplier_id: Option<i64>,
    pub distributor_id: Option<i64>,
    pub order_state: Option<i32>,
    pub pay_state: Option<i32>,
    /// Visit dates, YYYY-MM-DD, both inclusive.
    pub visit_from: Option<String>,
    pub visit_to: Option<String>,
    /// Part of the contact's name or mobile.
    pub contact: Option<String>,
    /// A channel's order id, whole.
    pub channel_order_id: Option<String>,
}

fn filtered(viewer: &Viewer, f: &OrderFilter) -> ticket_orders::BoxedQuery<'static, Db> {
    let mut q = visible(viewer);
    if let Some(v) = f.order_id {
        q = q.filter(ticket_orders::id.eq(v));
    }
    if let Some(v) = f.product_id {
        q = q.filter(ticket_orders::product_id.eq(v));
    }
    if let Some(v) = f.scenic_id {
        q = q.filter(ticket_orders::scenic_id.eq(v));
    }
    if let Some(v) = f.supplier_id {
        q = q.filter(ticket_orders::supplier_id.eq(v));
    }
    if let Some(v) = f.distributor_id {
        q = q.filter(ticket_orders::distributor_id.eq(v));
    }
    if let Some(v) = f.order_state {
        q = q.filter(ticket_orders::order_state.eq(v));
    }
    if let Some(v) = f.pay_state {
        q = q.filter(ticket_orders::pay_state.eq(v));
    }
    if let Some(v) = f.visit_from.clone() {
        q = q.filter(ticket_orders::visit_date.ge(v));
    }
    if let Some(v) = f.visit_to.clone() {
        q = q.filter(ticket_orders::visit_date.le(v));
    }
    if let Some(c) = f
        .channel_order_id
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        q = q.filter(
            ticket_orders::id.eq_any(
                ticket_channel_orders::table
                    .filter(ticket_channel_orders::channel_order_id.eq(c.to_owned()))
                    .select(ticket_channel_orders::order_id),
            ),
        );
    }
    if let Some(c) = f
        .contact
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        q = q.filter(
            ticket_orders::contact_name
                .contains_text(c)
                .or(ticket_orders::contact_mobile.contains_text(c)),
        );
    }
    q
}

/// What the pages show of orders beyond their rows, looked up once for all the rows shown.
#[derive(Debug, Default)]
struct Lookups {
    names: HashMap<i64, String>,
    products: HashMap<i64, String>,
    spots: HashMap<i64, String>,
    /// Why an order's credit payment failed.
    reasons: HashMap<i64, String>,
    /// Per order: vouchers, tickets used.
    issued: HashMap<i64, (i64, i64)>,
    origins: HashMap<i64, ChannelOrigin>,
}

fn lookups(conn: &mut DbConnection, viewer: &Viewer, rows: &[OrderRow]) -> QueryResult<Lookups> {
    let saas_id = viewer.saas_id;
    let mut mchs: Vec<i64> = rows.iter().map(|r| r.supplier_id).collect();
    mchs.extend(rows.iter().map(|r| r.distributor_id));
    let names = platform::replica::merchant_names(conn, saas_id, &mchs)?;
    let products: HashMap<i64, String> = ticket_products::table
        .filter(ticket_products::id.eq_any(rows.iter().map(|r| r.product_id).collect::<Vec<_>>()))
        .select((ticket_products::id, ticket_products::product_name))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect();
    let spots: HashMap<i64, String> = scenic_infos::table
        .filter(scenic_infos::id.eq_any(rows.iter().map(|r| r.scenic_id).collect::<Vec<_>>()))
        .select((scenic_infos::id, scenic_infos::scenic_name))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect();
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let reasons: HashMap<i64, String> = ticket_order_payments::table
        .filter(ticket_order_payments::order_id.eq_any(&ids))
        .select((
            ticket_order_payments::order_id,
            ticket_order_payments::fail_reason,
        ))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect();
    let mut issued: HashMap<i64, (i64, i64)> = HashMap::new();
    for (order_id, tickets, v_state) in ticket_vouchers::table
        .filter(ticket_vouchers::order_id.eq_any(&ids))
        .select((
            ticket_vouchers::order_id,
            ticket_vouchers::tickets,
            ticket_vouchers::state,
        ))
        .load::<(i64, i64, i32)>(conn)?
    {
        let e = issued.entry(order_id).or_default();
        e.0 += 1;
        if v_state == crate::domain::voucher::state::USED {
            e.1 += tickets;
        }
    }
    let origins = super::channel_orders::origins(conn, &ids)?;
    Ok(Lookups {
        names,
        products,
        spots,
        reasons,
        issued,
        origins,
    })
}

fn shown(
    conn: &mut DbConnection,
    viewer: &Viewer,
    rows: Vec<OrderRow>,
) -> QueryResult<Vec<TicketOrder>> {
    let l = lookups(conn, viewer, &rows)?;
    Ok(shown_with(viewer, rows, &l))
}

fn shown_with(viewer: &Viewer, rows: Vec<OrderRow>, l: &Lookups) -> Vec<TicketOrder> {
    let Lookups {
        names,
        products,
        spots,
        reasons,
        issued,
        origins,
    } = l;
    let name = |id: &i64| names.get(id).cloned().unwrap_or_default();
    rows.into_iter()
        .map(|r| TicketOrder {
            order_id: r.id,
            product_id: r.product_id,
            product_name: products.get(&r.product_id).cloned().unwrap_or_default(),
            scenic_id: r.scenic_id,
            scenic_name: spots.get(&r.scenic_id).cloned().unwrap_or_default(),
            supplier_id: r.supplier_id,
            supplier_name: name(&r.supplier_id),
            distributor_id: r.distributor_id,
            distributor_name: name(&r.distributor_id),
            visit_date: r.visit_date,
            quantity: r.quantity,
            order_price: r.order_price,
            supplier_price: cost(viewer, r.supplier_price),
            order_state: r.order_state,
            real_state: r.real_state,
            supplier_state: r.supplier_state,
            channel_state: r.channel_state,
            pay_state: r.pay_state,
            cancel_apply: r.cancel_apply,
            need_confirm: r.need_confirm,
            pay_type: r.pay_type,
            pay_fail_reason: if r.pay_state == pay::FAIL {
                reasons.get(&r.id).cloned().unwrap_or_default()
            } else {
                String::new()
            },
            used_tickets: issued.get(&r.id).map_or(0, |e| e.1),
            vouchers: issued.get(&r.id).map_or(0, |e| e.0),
            pay_deadline: r.pay_deadline,
            contact_name: r.contact_name,
            contact_mobile: r.contact_mobile,
            // Written only from a checked Buyer.
            buyer: serde_json::from_str(&r.buyer).unwrap_or_default(),
            remark: r.remark,
            create_date: r.created_at,
            modify_date: r.updated_at,
            confirm_date: r.confirm_date,
            finish_date: r.finish_date,
            config_id: origins.get(&r.id).map_or(0, |c| c.config_id),
            channel_order_id: origins
                .get(&r.id)
                .map_or_else(String::new, |c| c.channel_order_id.clone()),
            channel_price: origins.get(&r.id).map_or(0, |c| c.channel_price),
        })
        .collect()
}

pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &OrderFilter,
    page: PageRequest,
) -> QueryResult<(Vec<TicketOrder>, i64)> {
    let total = filtered(viewer, f).count().get_result(conn)?;
    let rows = filtered(viewer, f)
        .order(ticket_orders::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(OrderRow::as_select())
        .load(conn)?;
    Ok((shown(conn, viewer, rows)?, total))
}

/// The order `id` if `viewer` sees it.
pub(crate) fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<OrderRow>> {
    visible(viewer)
        .filter(ticket_orders::id.eq(id))
        .select(OrderRow::as_select())
        .first(conn)
        .optional()
}

pub fn load(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<TicketOrder>> {
    match find(conn, viewer, id)? {
        Some(r) => Ok(shown(conn, viewer, vec![r])?.pop()),
        None => Ok(None),
    }
}

pub fn logs(
    conn: &mut DbConnection,
    viewer: &Viewer,
    order_id: i64,
) -> QueryResult<Option<Vec<OrderLog>>> {
    if find(conn, viewer, order_id)?.is_none() {
        return Ok(None);
    }
    ticket_order_logs::table
        .filter(ticket_order_logs::order_id.eq(order_id))
        .order((ticket_order_logs::created_at, ticket_order_logs::id))
        .select((
            ticket_order_logs::id,
            ticket_order_logs::order_id,
            ticket_order_logs::action,
            ticket_order_logs::from_state,
            ticket_order_logs::to_state,
            ticket_order_logs::role,
            ticket_order_logs::user_id,
            ticket_order_logs::remark,
            ticket_order_logs::created_at,
        ))
        .load(conn)
        .map(Some)
}

/// A log entry of an order's change.
struct Entry<'a> {
    action: &'a str,
    from: i32,
    to: i32,
    role: Role,
    user_id: i64,
    remark: &'a str,
    now: i64,
}

fn log(conn: &mut DbConnection, o: &OrderRow, e: Entry<'_>) -> QueryResult<()> {
    log_all(conn, o, [e])
}

/// Log entries of order `o`, written in one statement and kept in the order given.
fn log_all<'a>(
    conn: &mut DbConnection,
    o: &OrderRow,
    entries: impl IntoIterator<Item = Entry<'a>>,
) -> QueryResult<()> {
    let rows: Vec<_> = entries
        .into_iter()
        .map(|e| {
            (
                // Ids taken in order: the log reads by id.
                ticket_order_logs::id.eq(platform::id::next_id()),
                ticket_order_logs::saas_id.eq(o.saas_id),
                ticket_order_logs::order_id.eq(o.id),
                ticket_order_logs::action.eq(e.action),
                ticket_order_logs::from_state.eq(e.from),
                ticket_order_logs::to_state.eq(e.to),
                ticket_order_logs::role.eq(role_name(e.role)),
                ticket_order_logs::user_id.eq(e.user_id),
                ticket_order_logs::remark.eq(e.remark),
                ticket_order_logs::created_at.eq(e.now),
            )
        })
        .collect();
    let insert = diesel::insert_into(ticket_order_logs::table).values(rows);
    // SQLite's multi-row insert is a different statement type in diesel.
    platform::per_backend!(conn, |c| insert.execute(c))?;
    Ok(())
}

// ---- events ----------------------------------------------------------------------------

fn order_ref(conn: &mut DbConnection, o: &OrderRow) -> QueryResult<v1::OrderRef> {
    let product_name: String = ticket_products::table
        .find(o.product_id)
        .select(ticket_products::product_name)
        .first(conn)?;
    Ok(order_ref_named(o, product_name))
}

fn order_ref_named(o: &OrderRow, product_name: impl Into<String>) -> v1::OrderRef {
    v1::OrderRef {
        order_id: o.id,
        order_no: o.id.to_string(),
        product_type: v1::ProductType::Ticket as i32,
        supplier_mch_id: o.supplier_id,
        distributor_mch_id: o.distributor_id,
        product_id: o.product_id,
        product_name: product_name.into(),
        start_date: o.visit_date.clone(),
        end_date: o.visit_date.clone(),
        supplier_interface_id: 0,
        distributor_interface_id: 0,
    }
}

fn amounts(o: &OrderRow) -> v1::OrderAmounts {
    v1::OrderAmounts {
        order_price: o.order_price,
        supplier_price: o.supplier_price,
        channel_price: o.order_price,
        profit: o.order_price - o.supplier_price,
        currency: "CNY".into(),
    }
}

fn contact(o: &OrderRow) -> QueryResult<v1::Contact> {
    let buyer: Buyer = serde_json::from_str(&o.buyer)
        .map_err(|e| diesel::result::Error::DeserializationError(Box::new(e)))?;
    Ok(v1::Contact {
        name: o.contact_name.clone(),
        mobile: o.contact_mobile.clone(),
        email: buyer.email,
    })
}

/// `order.ticket.created` of a new order.
fn created_event(o: &OrderRow, order: v1::OrderRef) -> QueryResult<Outgoing> {
    let e = v1::OrderCreated {
        order: Some(order),
        amounts: Some(amounts(o)),
        contact: Some(contact(o)?),
        quantity: i32::try_from(o.quantity).unwrap_or(i32::MAX),
        order_state: o.order_state,
        created_by: o.created_by,
    };
    Ok(Outgoing::new(NAME, "order.ticket.created", o.saas_id, &e).at(o.created_at))
}

fn publish_acted(
    conn: &mut DbConnection,
    o: &OrderRow,
    before: &OrderStates,
    after: &OrderStates,
    reason: &str,
    actor: &Actor,
) -> QueryResult<()> {
    let order = order_ref(conn, o)?;
    publish_acted_as(conn, o, order, before, after, reason, actor)
}

/// [`publish_acted`] of an order whose reference is known already.
fn publish_acted_as(
    conn: &mut DbConnection,
    o: &OrderRow,
    order: v1::OrderRef,
    before: &OrderStates,
    after: &OrderStates,
    reason: &str,
    actor: &Actor,
) -> QueryResult<()> {
    let out = acted_event(o, order, before, after, reason, actor)?;
    publish_in_tx(conn, out).map(|_| ())
}

/// The event of an action that moved order `o` from `before` to `after`:
/// `order.ticket.cancelled` or `order.ticket.state-changed`.
fn acted_event(
    o: &OrderRow,
    order: v1::OrderRef,
    before: &OrderStates,
    after: &OrderStates,
    reason: &str,
    actor: &Actor,
) -> QueryResult<Outgoing> {
    let kind = order_state::event_kind(after);
    let key = format!("order.ticket.{kind}");
    let order = Some(order);
    let out = if kind == "cancelled" {
        let e = v1::OrderCancelled {
            order,
            amounts: Some(amounts(o)),
            contact: Some(contact(o)?),
            reason: reason.to_owned(),
            cancelled_by: actor.user_id,
        };
        Outgoing::new(NAME, &key, o.saas_id, &e)
    } else {
        let e = v1::OrderStateChanged {
            order,
            old_order_state: before.order,
            new_order_state: after.order,
            old_supplier_state: before.supplier,
            new_supplier_state: after.supplier,
            old_channel_state: before.channel,
            new_channel_state: after.channel,
            reason: reason.to_owned(),
            changed_by: actor.user_id,
        };
        Outgoing::new(NAME, &key, o.saas_id, &e)
    };
    Ok(out.at(actor.now))
}

// ---- placing an order --------------------------------------------------------------------

/// What a distributor asks for.
pub struct NewOrder {
    pub product_id: i64,
    /// A day number.
    pub visit: i64,
    pub quantity: i64,
    pub buyer: Buyer,
    pub remark: String,
    /// Where a channel's order came from; None for an order booked here.
    pub channel: Option<ChannelOrigin>,
}

pub fn not_found() -> ApiError {
    ApiError::not_found("订单", "order")
}

fn not_bookable() -> ApiError {
    ApiError::Rule {
        code: "not-bookable",
        msg: Text::fixed("该产品当前不可预订", "This product cannot be booked now"),
    }
}

/// Counts `n` more tickets of the customer `key` for the product, overall (day "") and on
/// `day`, each within its cap (`caps`: overall, day); false when a cap refuses, and the caller's
/// transaction then rolls back whatever was counted. One statement whatever the counts held: a
/// missing row is made with `n` (the caller has refused an order larger than a cap on its own),
/// an existing one raised only within its cap; both rows must be written.
fn count_purchase(
    conn: &mut DbConnection,
    product_id: i64,
    key: &str,
    day: &str,
    n: i64,
    caps: (i64, i64),
) -> QueryResult<bool> {
    use diesel::sql_types::{BigInt, Text};
    // Raw: diesel writes no multi-row upsert with a `DO UPDATE` for SQLite. `$n` on
    // PostgreSQL, `?n` (the same numbered binds) on SQLite.
    const SQL: &str = "INSERT INTO ticket_purchase_counts (product_id, customer_key, day, bought) \
        VALUES ($1, $2, '', $3), ($1, $2, $4, $3) \
        ON CONFLICT (product_id, customer_key, day) \
        DO UPDATE SET bought = ticket_purchase_counts.bought + excluded.bought \
        WHERE (excluded.day = '' AND ticket_purchase_counts.bought <= $5) \
        OR (excluded.day <> '' AND ticket_purchase_counts.bought <= $6)";
    let query = |sql: String| {
        diesel::sql_query(sql)
            .bind::<BigInt, _>(product_id)
            .bind::<Text, _>(key)
            .bind::<BigInt, _>(n)
            .bind::<Text, _>(day)
            .bind::<BigInt, _>(caps.0 - n)
            .bind::<BigInt, _>(caps.1 - n)
    };
    let counted = match conn {
        DbConnection::Postgres(c) => query(SQL.to_owned()).execute(c)?,
        DbConnection::Sqlite(c) => query(SQL.replace('$', "?")).execute(c)?,
    };
    Ok(counted == 2)
}

fn uncount_purchase(conn: &mut DbConnection, o: &OrderRow) -> QueryResult<()> {
    diesel::update(
        ticket_purchase_counts::table
            .filter(ticket_purchase_counts::product_id.eq(o.product_id))
            .filter(ticket_purchase_counts::customer_key.eq(&o.customer_key))
            .filter(
                ticket_purchase_counts::day
                    .eq("")
                    .or(ticket_purchase_counts::day.eq(&o.visit_date)),
            ),
    )
    .set(ticket_purchase_counts::bought.eq(ticket_purchase_counts::bought - o.quantity))
    .execute(conn)?;
    Ok(())
}

fn bought(conn: &mut DbConnection, product_id: i64, key: &str, day: &str) -> QueryResult<i64> {
    Ok(ticket_purchase_counts::table
        .filter(ticket_purchase_counts::product_id.eq(product_id))
        .filter(ticket_purchase_counts::customer_key.eq(key))
        .filter(ticket_purchase_counts::day.eq(day))
        .select(ticket_purchase_counts::bought)
        .first(conn)
        .optional()?
        .unwrap_or(0))
}

/// Places an order of `product` for the distributor `actor` is, in the caller's transaction:
/// the rules, the purchase limit and the stock are all taken or none is. `pay_timeout_ms`:
/// how long an online-payment order waits for its payment. Answers the order as written, with
/// what else its answer shows; [`view`] makes the answer once the transaction committed.
///
/// The day's stock row, which every booking of the product for that day competes for, is
/// updated last, so it stays locked only from that statement to the commit; everything the
/// answer shows is read after the commit.
pub fn place(
    conn: &mut DbConnection,
    actor: &Actor,
    distributor_id: i64,
    product: &ProductRow,
    n: NewOrder,
    pay_timeout_ms: i64,
) -> Result<Placed, ApiError> {
    let quoted = super::calendar::quote(
        conn,
        product.saas_id,
        distributor_id,
        product.supplier_id,
        product.id,
        &platform::time::format_day(n.visit),
    )?;
    place_quoted(
        conn,
        actor,
        distributor_id,
        product,
        n,
        quoted,
        pay_timeout_ms,
    )
}

/// [`place`] at `quoted`, the visit day as the caller quoted it for the distributor in this
/// transaction (None: the supplier has not priced it), so a caller that checks the price
/// first (a channel's order) reads it once.
pub fn place_quoted(
    conn: &mut DbConnection,
    actor: &Actor,
    distributor_id: i64,
    product: &ProductRow,
    mut n: NewOrder,
    quoted: Option<Offer>,
    pay_timeout_ms: i64,
) -> Result<Placed, ApiError> {
    let p: TicketProductFields = product.form()?;
    booking::check_quantity(n.quantity)?;
    booking::check_visit(&p, n.visit, actor.now)?;
    booking::check_buyer(&p, &mut n.buyer)?;
    let day = platform::time::format_day(n.visit);
    let Some(offer) = quoted else {
        return Err(Refusal::NoPrice.error(&day));
    };
    if let Some(r) = Refusal::of(offer.closed, offer.left, n.quantity) {
        return Err(r.error(&day));
    }
    let key = booking::customer_key(&p, &n.buyer);
    // The per-order limit, and an order larger than the limit on its own, refuse before
    // anything is counted; what the customer holds already is read only when the count refuses.
    booking::check_purchase_limit(&p, n.quantity, Bought::default())?;
    let limit = i64::from(p.limit_num);
    let unlimited = i64::MAX / 2;
    // Both counts are kept whatever the product's limit, so a limit set later counts what
    // customers already hold; only the limited one can refuse.
    let caps = match p.limit_goods_type {
        limit_goods::PER_CUSTOMER => (limit, unlimited),
        limit_goods::PER_DAY => (unlimited, limit),
        _ => (unlimited, unlimited),
    };
    if !count_purchase(conn, product.id, &key, &day, n.quantity, caps)? {
        let held = Bought {
            per_customer: bought(conn, product.id, &key, "")?,
            same_day: bought(conn, product.id, &key, &day)?,
        };
        return Err(booking::check_purchase_limit(&p, n.quantity, held)
            .err()
            .unwrap_or_else(not_bookable));
    }
    let need_confirm = booking::needs_confirmation(&p, offer.source == Source::Unlimited);
    let s = order_state::initial(p.pay_online, need_confirm);
    let now = actor.now;
    let id = platform::id::next_id();
    let buyer = serde_json::to_string(&n.buyer)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("buyer of order {id}: {e}")))?;
    let contact_name = if n.buyer.name.is_empty() {
        n.buyer.email.clone()
    } else {
        n.buyer.name.clone()
    };
    let row = OrderRow {
        id,
        saas_id: actor.viewer.saas_id,
        product_id: product.id,
        supplier_id: product.supplier_id,
        distributor_id,
        scenic_id: product.scenic_id,
        visit_date: day.clone(),
        quantity: n.quantity,
        order_price: offer.price * n.quantity,
        supplier_price: offer.purchase_price * n.quantity,
        stock_source: offer.source as i32,
        order_state: s.order,
        real_state: s.real,
        supplier_state: s.supplier,
        channel_state: s.channel,
        pay_state: s.pay,
        cancel_apply: s.cancel_apply,
        pre_cancel: s.pre_cancel,
        need_confirm: s.need_confirm,
        pay_type: 0,
        pay_deadline: order_rules::pay_deadline(s.order, now + pay_timeout_ms),
        customer_key: key,
        contact_name,
        contact_mobile: n.buyer.mobile.clone(),
        buyer,
        remark: n.remark.clone(),
        created_by: actor.user_id,
        created_at: now,
        updated_at: now,
        confirm_date: order_rules::initial_confirm_date(s.order, now),
        finish_date: 0,
    };
    diesel::insert_into(ticket_orders::table)
        .values(&row)
        .execute(conn)?;
    if let Some(origin) = &n.channel {
        super::channel_orders::record(conn, actor.viewer.saas_id, id, origin)?;
    }
    let order = order_ref_named(&row, &product.product_name);
    let mut vouchers = 0;
    // Both events in one statement.
    let mut events = Vec::with_capacity(2);
    if row.order_state == state::CONFIRMED {
        let codes = vouchers::issue_new(conn, &row, &p, now)?;
        vouchers = codes.len() as i64;
        if !codes.is_empty() {
            events.push(issued_event(&row, order.clone(), &p, &codes, now)?);
        }
    }
    log(
        conn,
        &row,
        Entry {
            action: "create",
            from: state::VALID,
            to: s.order,
            role: role(&actor.viewer),
            user_id: actor.user_id,
            remark: &n.remark,
            now,
        },
    )?;
    events.push(created_event(&row, order)?);
    publish_all_in_tx(conn, events)?;
    // The channels selling the product learn the stock left (read when the push is sent,
    // after this commits); queued before the take so the day's row is locked only by it and
    // the commit.
    super::channels::enqueue(
        conn,
        product.saas_id,
        product.id,
        std::slice::from_ref(&day),
        now,
    )?;
    if !Calendar::take(
        conn,
        product.id,
        distributor_id,
        &day,
        offer.source,
        n.quantity,
    )? {
        // Another booking took the last tickets since the offer was read; the caller's
        // transaction rolls back everything written above.
        return Err(Refusal::SoldOut.error(&day));
    }
    Ok(Placed {
        row,
        product_name: product.product_name.clone(),
        vouchers,
        origin: n.channel,
    })
}

/// An order just placed, with what its answer shows that its row does not hold.
#[derive(Debug)]
pub struct Placed {
    pub row: OrderRow,
    product_name: String,
    /// How many vouchers it was issued.
    vouchers: i64,
    origin: Option<ChannelOrigin>,
}

/// A placed order as the booking answers it, once its transaction committed: only the names
/// of its merchants and spot are read (the rest is known from placing it).
pub fn view(
    conn: &mut DbConnection,
    viewer: &Viewer,
    placed: Placed,
) -> Result<TicketOrder, ApiError> {
    let Placed {
        row,
        product_name,
        vouchers,
        origin,
    } = placed;
    let names = platform::replica::merchant_names(
        conn,
        viewer.saas_id,
        &[row.supplier_id, row.distributor_id],
    )?;
    let spot: String = scenic_infos::table
        .find(row.scenic_id)
        .select(scenic_infos::scenic_name)
        .first(conn)
        .optional()?
        .unwrap_or_default();
    let l = Lookups {
        names,
        products: HashMap::from([(row.product_id, product_name)]),
        spots: HashMap::from([(row.scenic_id, spot)]),
        issued: HashMap::from([(row.id, (vouchers, 0))]),
        origins: origin.map(|o| (row.id, o)).into_iter().collect(),
        ..Lookups::default()
    };
    shown_with(viewer, vec![row], &l)
        .pop()
        .ok_or_else(not_bookable)
}

// ---- actions -------------------------------------------------------------------------------

fn changed_meanwhile() -> ApiError {
    ApiError::Rule {
        code: "order-changed",
        msg: Text::fixed(
            "订单刚被他人修改，请刷新后重试",
            "The order changed meanwhile; reload and retry",
        ),
    }
}

/// The ms after which no cancellation is accepted: a non-refundable product has none to give
/// (policy refuses), "before use" ends when the visit day starts... of the next day, "N days
/// before" N days before the visit day starts.
fn cancel_deadline(p: &TicketProductFields, visit: i64) -> i64 {
    let start = platform::time::day_start_ms(visit);
    match p.cancel_type {
        cancel_time::DAYS_BEFORE => start - i64::from(p.cancel_days) * platform::time::DAY_MS,
        _ => start + platform::time::DAY_MS,
    }
}

/// What a move of an order's states means for its vouchers: confirmed, they are issued (once:
/// an order back from a refused cancellation keeps its own); ended cancelled, refunded or
/// refused, those not used are cancelled. Answers the codes issued now.
fn vouchers_follow(
    conn: &mut DbConnection,
    row: &OrderRow,
    p: &TicketProductFields,
    now: i64,
) -> Result<Vec<String>, ApiError> {
    match row.order_state {
        state::CONFIRMED => {
            let codes = vouchers::issue(conn, row, p, now)?;
            if !codes.is_empty() {
                let order = order_ref(conn, row)?;
                publish_in_tx(conn, issued_event(row, order, p, &codes, now)?)?;
            }
            Ok(codes)
        }
        state::CANCELLED | state::REFUNDED | state::INVALID => {
            vouchers::cancel_of(conn, row.id)?;
            Ok(Vec::new())
        }
        _ => Ok(Vec::new()),
    }
}

/// `voucher.ticket.issued`: the codes go to the buyer (message-server sends them by SMS and
/// mail to the order's contact).
/// `voucher.ticket.issued` of the vouchers `codes` of a new order.
fn issued_event(
    row: &OrderRow,
    order: v1::OrderRef,
    p: &TicketProductFields,
    codes: &[String],
    now: i64,
) -> Result<Outgoing, ApiError> {
    let e = v1::VouchersIssued {
        order: Some(order),
        contact: Some(contact(row)?),
        codes: codes.to_vec(),
        sms_text: p.sms_text.clone(),
        quantity: row.quantity,
    };
    Ok(Outgoing::new(NAME, "voucher.ticket.issued", row.saas_id, &e).at(now))
}

/// The reason an event gives for a move: the action and its remark, and the voucher codes the
/// move issued (the confirmation's notification names them).
fn reason_of(action: &str, remark: &str, codes: &[String]) -> String {
    let mut r = if remark.is_empty() {
        action.to_owned()
    } else {
        format!("{action}: {remark}")
    };
    if !codes.is_empty() {
        let shown: Vec<String> = codes
            .iter()
            .map(|c| crate::domain::voucher::grouped(c))
            .collect();
        r.push_str(&format!("; vouchers: {}", shown.join(", ")));
    }
    r
}

fn tickets_used() -> ApiError {
    ApiError::Rule {
        code: "tickets-used",
        msg: Text::fixed(
            "订单已有门票入园，不能取消",
            "Tickets of this order were used at the gate; it cannot be cancelled",
        ),
    }
}

/// Writes the states `after` into order `o` if they are still `before` (one conditional
/// UPDATE: of two concurrent actions one applies, the other is told to retry), and answers the
/// order's row as written (read back in the same statement on PostgreSQL).
fn write_states(
    conn: &mut DbConnection,
    o: &OrderRow,
    before: &OrderStates,
    after: &OrderStates,
    now: i64,
    stamp: Option<Stamp>,
    paid_by: i32,
) -> Result<OrderRow, ApiError> {
    let write = diesel::update(
        ticket_orders::table
            .filter(ticket_orders::id.eq(o.id))
            .filter(ticket_orders::order_state.eq(before.order))
            .filter(ticket_orders::pay_state.eq(before.pay))
            .filter(ticket_orders::cancel_apply.eq(before.cancel_apply)),
    )
    .set((
        (
            ticket_orders::order_state.eq(after.order),
            ticket_orders::real_state.eq(after.real),
            ticket_orders::supplier_state.eq(after.supplier),
            ticket_orders::channel_state.eq(after.channel),
            ticket_orders::pay_state.eq(after.pay),
            ticket_orders::cancel_apply.eq(after.cancel_apply),
            ticket_orders::pre_cancel.eq(after.pre_cancel),
            ticket_orders::pay_deadline.eq(order_rules::pay_deadline(after.order, o.pay_deadline)),
            ticket_orders::updated_at.eq(now),
        ),
        (stamp == Some(Stamp::Paid)).then(|| ticket_orders::pay_type.eq(paid_by)),
        (stamp == Some(Stamp::Confirmed)).then(|| ticket_orders::confirm_date.eq(now)),
        (stamp == Some(Stamp::Finished)).then(|| ticket_orders::finish_date.eq(now)),
    ));
    let row = match conn {
        DbConnection::Postgres(c) => write.returning(OrderRow::as_returning()).get_result(c),
        DbConnection::Sqlite(_) => match write.execute(conn)? {
            1 => reload(conn, o.id),
            _ => Err(diesel::result::Error::NotFound),
        },
    };
    row.optional()?.ok_or_else(changed_meanwhile)
}

/// The channel asked to cancel its order `id` and was refused: the order stands, its channel
/// state says the cancellation failed (49).
pub fn mark_cancel_failed(conn: &mut DbConnection, id: i64, now: i64) -> QueryResult<()> {
    diesel::update(ticket_orders::table.filter(ticket_orders::id.eq(id)))
        .set((
            ticket_orders::channel_state.eq(channel_order::channel_state::CANCEL_FAILED),
            ticket_orders::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

fn reload(conn: &mut DbConnection, id: i64) -> QueryResult<OrderRow> {
    ticket_orders::table
        .find(id)
        .select(OrderRow::as_select())
        .first(conn)
}

/// Takes `action` on the order `id` as `actor`: the state machine says whether and where, the
/// order's rules whether now; the states move by a conditional UPDATE on the states read (two
/// concurrent actions: one applies, the other is told to retry), stock and purchase counts go
/// back when the order stops holding them, vouchers are issued on confirmation and cancelled
/// with the order, and the log and event are written in the same transaction. Paying by credit
/// (`Pay` with pay type 1) only asks finance-app (`credit.ticket.requested`): the order waits
/// in payment state 20 for [`credit_answered`]; a credit-paid order that is refunded asks for
/// its amount back (`credit.ticket.release-requested`).
pub fn act(
    conn: &mut DbConnection,
    actor: &Actor,
    id: i64,
    action: Action,
    pay_type: i32,
    remark: &str,
) -> Result<TicketOrder, ApiError> {
    let o = find(conn, &actor.viewer, id)?.ok_or_else(not_found)?;
    let role = role(&actor.viewer);
    let before = o.states();
    let by_credit = action == Action::Pay && pay_type == pay_type::CREDIT;
    let mut after = if by_credit {
        order_state::start_credit(role, &before)?
    } else {
        order_state::apply(action, role, &before)?
    };
    let origin = super::channel_orders::origin(conn, o.id)?;
    if origin.is_some() {
        after.channel = channel_order::channel_state_after(action, after.channel);
    }
    let p: TicketProductFields = super::products::of_tenant(conn, o.saas_id, o.product_id)?
        .ok_or_else(not_bookable)?
        .form()?;
    let visit = platform::time::parse_date("visitDate", &o.visit_date)?;
    order_rules::check_action(
        action,
        &ActionFacts {
            allowed_cancel: p.cancel_type != cancel_time::NON_REFUNDABLE,
            cancel_deadline: cancel_deadline(&p, visit),
            service_date: &o.visit_date,
            pay_type,
        },
        actor.now,
    )?;
    if matches!(
        action,
        Action::ApplyCancel | Action::AgreeCancel | Action::Cancel
    ) && vouchers::used_tickets(conn, o.id)? > 0
    {
        return Err(tickets_used());
    }
    let now = actor.now;
    let stamp = if by_credit {
        None
    } else {
        order_rules::stamp(action)
    };
    let row = write_states(conn, &o, &before, &after, now, stamp, pay_type)?;
    if action.returns_stock() {
        Calendar::give_back(
            conn,
            o.product_id,
            o.distributor_id,
            &o.visit_date,
            Source::from_i32(o.stock_source),
            o.quantity,
        )?;
        uncount_purchase(conn, &o)?;
        super::channels::enqueue(
            conn,
            o.saas_id,
            o.product_id,
            std::slice::from_ref(&o.visit_date),
            now,
        )?;
    }
    log(
        conn,
        &row,
        Entry {
            action: if by_credit {
                "pay-credit"
            } else {
                action.as_str()
            },
            from: before.order,
            to: after.order,
            role,
            user_id: actor.user_id,
            remark,
            now,
        },
    )?;
    if by_credit {
        credit_requested(conn, actor, &row)?;
    } else {
        let codes = vouchers_follow(conn, &row, &p, now)?;
        let reason = reason_of(action.as_str(), remark, &codes);
        publish_acted(conn, &row, &before, &after, &reason, actor)?;
        if let Some(origin) = &origin
            && let Some(outcome) = channel_order::notice_of(action)
        {
            let vouchers = if outcome == OrderOutcome::Confirmed {
                vouchers::codes_of(conn, row.id)?
            } else {
                Vec::new()
            };
            super::channel_orders::enqueue_notice(
                conn, &row, origin, outcome, &vouchers, remark, now,
            )?;
        }
        if before.pay == pay::SUCCESS
            && after.pay == pay::REFUNDED
            && row.pay_type == pay_type::CREDIT
        {
            credit_released(conn, actor, &row, &reason)?;
        }
    }
    shown(conn, &actor.viewer, vec![row])?
        .pop()
        .ok_or_else(changed_meanwhile)
}

// ---- paying by credit (finance-app's saga, docs/finance.md) ---------------------------------

/// `credit.ticket.requested`: the distributor pays `o` by credit; finance-app answers with
/// `finance.ticket.credit-answered`. The request's event id is kept on the order's payment row:
/// only the answer to it counts.
fn credit_requested(conn: &mut DbConnection, actor: &Actor, o: &OrderRow) -> QueryResult<()> {
    let asked = v1::CreditPaymentRequested {
        order: Some(order_ref(conn, o)?),
        amount: o.order_price,
        currency: "CNY".into(),
        requested_by: actor.user_id,
    };
    let out = Outgoing::new(NAME, "credit.ticket.requested", o.saas_id, &asked).at(actor.now);
    let request_id = publish_in_tx(conn, out)?;
    // One row an order: a new attempt replaces the last one's request (the order's row is
    // written above, so two attempts of one order do not get here together).
    let updated = diesel::update(ticket_order_payments::table.find(o.id))
        .set((
            ticket_order_payments::request_id.eq(&request_id),
            ticket_order_payments::fail_reason.eq(""),
            ticket_order_payments::updated_at.eq(actor.now),
        ))
        .execute(conn)?;
    if updated == 0 {
        diesel::insert_into(ticket_order_payments::table)
            .values((
                ticket_order_payments::order_id.eq(o.id),
                ticket_order_payments::saas_id.eq(o.saas_id),
                ticket_order_payments::request_id.eq(&request_id),
                ticket_order_payments::fail_reason.eq(""),
                ticket_order_payments::amount.eq(0),
                ticket_order_payments::paid_at.eq(0),
                ticket_order_payments::updated_at.eq(actor.now),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// `credit.ticket.release-requested`: the credit-paid order `o` was refunded; what its payment
/// took goes back to the distributor's credit.
fn credit_released(
    conn: &mut DbConnection,
    actor: &Actor,
    o: &OrderRow,
    reason: &str,
) -> QueryResult<()> {
    let amount: i64 = ticket_order_payments::table
        .find(o.id)
        .select(ticket_order_payments::amount)
        .first(conn)
        .optional()?
        .unwrap_or(o.order_price);
    let back = v1::CreditReleaseRequested {
        order: Some(order_ref(conn, o)?),
        amount,
        currency: "CNY".into(),
        reason: reason.to_owned(),
    };
    let out =
        Outgoing::new(NAME, "credit.ticket.release-requested", o.saas_id, &back).at(actor.now);
    publish_in_tx(conn, out).map(|_| ())
}

/// finance-app's answer to a credit payment of order `answer.order_id` of tenant `saas_id`
/// (`finance.ticket.credit-answered`): taken, the order is paid (payment state 21, moved as a
/// payment moves it, its vouchers issued if that confirms it) and `order.ticket.state-changed`
/// is published; refused, payment state 29 with the reason kept. An answer for an order not
/// waiting for it (told twice, an earlier attempt's, an unknown order) changes nothing.
pub fn credit_answered(
    conn: &mut DbConnection,
    saas_id: i64,
    answer: &v1::CreditPaymentAnswered,
    now: i64,
) -> Result<bool, ApiError> {
    let actor = Actor {
        viewer: Viewer::tenant(saas_id),
        user_id: 0,
        now,
    };
    let Some(o) = find(conn, &actor.viewer, answer.order_id)? else {
        return Ok(false);
    };
    let asked: Option<String> = ticket_order_payments::table
        .find(o.id)
        .select(ticket_order_payments::request_id)
        .first(conn)
        .optional()?;
    if asked.as_deref() != Some(answer.request_id.as_str()) {
        return Ok(false);
    }
    let before = o.states();
    let Ok(after) = order_state::credit_settled(&before, answer.accepted) else {
        return Ok(false);
    };
    let stamp = answer.accepted.then_some(Stamp::Paid);
    let row = write_states(conn, &o, &before, &after, now, stamp, pay_type::CREDIT)?;
    let payment = ticket_order_payments::table.find(o.id);
    let why = if answer.accepted {
        diesel::update(payment)
            .set((
                ticket_order_payments::amount.eq(answer.amount),
                ticket_order_payments::paid_at.eq(now),
                ticket_order_payments::fail_reason.eq(""),
                ticket_order_payments::updated_at.eq(now),
            ))
            .execute(conn)?;
        String::new()
    } else {
        let why = format!("{} / {}", answer.reason_zh, answer.reason_en);
        diesel::update(payment)
            .set((
                ticket_order_payments::fail_reason.eq(&why),
                ticket_order_payments::updated_at.eq(now),
            ))
            .execute(conn)?;
        why
    };
    log(
        conn,
        &row,
        Entry {
            action: if answer.accepted {
                "credit-paid"
            } else {
                "credit-refused"
            },
            from: before.order,
            to: after.order,
            role: Role::System,
            user_id: 0,
            remark: &why,
            now,
        },
    )?;
    if answer.accepted {
        let p: TicketProductFields = super::products::of_tenant(conn, o.saas_id, o.product_id)?
            .ok_or_else(not_bookable)?
            .form()?;
        let codes = vouchers_follow(conn, &row, &p, now)?;
        let reason = reason_of("pay", "credit", &codes);
        publish_acted(conn, &row, &before, &after, &reason, &actor)?;
    }
    Ok(true)
}

// ---- the gate ------------------------------------------------------------------------------

/// A voucher admitted at the gate, as [`redeemed`] logs and publishes it.
pub(crate) struct Used<'a> {
    /// The order's product's (read once for the gate's answer too).
    pub product_name: &'a str,
    pub code: &'a str,
    pub tickets: i64,
    pub gate: &'a str,
    /// The channel the order came from, if one did (read with the voucher).
    pub origin: Option<&'a ChannelOrigin>,
}

/// A voucher of order `o` was admitted at the gate (in the caller's transaction, after the
/// voucher's own conditional UPDATE): the order's row is written first, so gates admitting
/// vouchers of one order count one after the other; logged (`redeem`) and published
/// (`order.ticket.modified`). When `left` (counted after that write) finds no valid voucher,
/// the order is completed (`complete`, `order.ticket.state-changed`). A channel's order is
/// checked in (channel state 61) and its channel told. Answers whether it was completed.
pub(crate) fn redeemed(
    conn: &mut DbConnection,
    actor: &Actor,
    o: &OrderRow,
    used: Used<'_>,
    left: impl FnOnce(&mut DbConnection) -> QueryResult<i64>,
) -> Result<bool, ApiError> {
    let Used {
        product_name,
        code,
        tickets,
        gate,
        origin,
    } = used;
    // Written and read again in one statement on PostgreSQL (after the lock it reads what
    // another transaction committed); SQLite's writer holds the whole database already.
    let touch = diesel::update(ticket_orders::table.find(o.id))
        .set(ticket_orders::updated_at.eq(actor.now));
    let row = match conn {
        DbConnection::Postgres(c) => touch.returning(OrderRow::as_returning()).get_result(c)?,
        DbConnection::Sqlite(_) => {
            touch.execute(conn)?;
            reload(conn, o.id)?
        }
    };
    // Counted after the write above: a gate that admitted another voucher of this order a
    // moment ago has committed by now, so the last voucher is seen as the last.
    let left = left(conn)?;
    let role = role(&actor.viewer);
    let remark = format!(
        "{} x{tickets}{}",
        crate::domain::voucher::grouped(code),
        if gate.is_empty() {
            String::new()
        } else {
            format!(" @ {gate}")
        }
    );
    let redeem = Entry {
        action: "redeem",
        from: row.order_state,
        to: row.order_state,
        role,
        user_id: actor.user_id,
        remark: &remark,
        now: actor.now,
    };
    let modified = modified_event(
        &row,
        order_ref_named(&row, product_name),
        &format!("redeem: {remark}"),
        actor,
    );
    if left > 0 {
        log(conn, &row, redeem)?;
        publish_in_tx(conn, modified)?;
        if let Some(origin) = origin {
            checked_in(conn, &row, origin, code, &remark, actor.now)?;
        }
        return Ok(false);
    }
    // Every voucher used: the tickets are, and the order is done (whatever its visit day:
    // a ticket valid over a range may be used before it). Both log entries and both events
    // are written in one statement each.
    let before = row.states();
    let after = order_state::apply(Action::Complete, Role::Operator, &before)?;
    let done = write_states(
        conn,
        &row,
        &before,
        &after,
        actor.now,
        order_rules::stamp(Action::Complete),
        0,
    )?;
    let complete = Entry {
        action: Action::Complete.as_str(),
        from: before.order,
        to: after.order,
        role,
        user_id: actor.user_id,
        remark: "",
        now: actor.now,
    };
    log_all(conn, &done, [redeem, complete])?;
    let completed = acted_event(
        &done,
        order_ref_named(&done, product_name),
        &before,
        &after,
        "complete: all tickets used",
        actor,
    )?;
    publish_all_in_tx(conn, vec![modified, completed])?;
    if let Some(origin) = origin {
        checked_in(conn, &done, origin, code, &remark, actor.now)?;
    }
    Ok(true)
}

/// A channel's order had tickets used at the gate: its channel state is checked in (61) and
/// the channel is told, with the voucher used.
fn checked_in(
    conn: &mut DbConnection,
    o: &OrderRow,
    origin: &ChannelOrigin,
    code: &str,
    remark: &str,
    now: i64,
) -> QueryResult<()> {
    diesel::update(ticket_orders::table.find(o.id))
        .set(ticket_orders::channel_state.eq(channel_order::channel_state::CHECKED_IN))
        .execute(conn)?;
    super::channel_orders::enqueue_notice(
        conn,
        o,
        origin,
        OrderOutcome::CheckedIn,
        &[code.to_owned()],
        remark,
        now,
    )
}

/// Changes the order's remark (any party that sees it); logged, states untouched.
pub fn remark(
    conn: &mut DbConnection,
    actor: &Actor,
    id: i64,
    remark: &str,
) -> Result<TicketOrder, ApiError> {
    let o = find(conn, &actor.viewer, id)?.ok_or_else(not_found)?;
    diesel::update(ticket_orders::table.filter(ticket_orders::id.eq(o.id)))
        .set((
            ticket_orders::remark.eq(remark),
            ticket_orders::updated_at.eq(actor.now),
        ))
        .execute(conn)?;
    log(
        conn,
        &o,
        Entry {
            action: "remark",
            from: o.order_state,
            to: o.order_state,
            role: role(&actor.viewer),
            user_id: actor.user_id,
            remark,
            now: actor.now,
        },
    )?;
    load(conn, &actor.viewer, id)?.ok_or_else(changed_meanwhile)
}

/// `order.ticket.modified`: something of the order changed, not its states (`reason` says what).
fn publish_modified(
    conn: &mut DbConnection,
    row: &OrderRow,
    reason: &str,
    actor: &Actor,
) -> QueryResult<()> {
    let order = order_ref(conn, row)?;
    publish_modified_as(conn, row, order, reason, actor)
}

/// [`publish_modified`] of an order whose reference is known already.
fn publish_modified_as(
    conn: &mut DbConnection,
    row: &OrderRow,
    order: v1::OrderRef,
    reason: &str,
    actor: &Actor,
) -> QueryResult<()> {
    publish_in_tx(conn, modified_event(row, order, reason, actor)).map(|_| ())
}

/// `order.ticket.modified` of order `row`: its states unchanged.
fn modified_event(row: &OrderRow, order: v1::OrderRef, reason: &str, actor: &Actor) -> Outgoing {
    let s = row.states();
    let e = v1::OrderStateChanged {
        order: Some(order),
        old_order_state: s.order,
        new_order_state: s.order,
        old_supplier_state: s.supplier,
        new_supplier_state: s.supplier,
        old_channel_state: s.channel,
        new_channel_state: s.channel,
        reason: reason.to_owned(),
        changed_by: actor.user_id,
    };
    Outgoing::new(NAME, "order.ticket.modified", row.saas_id, &e).at(actor.now)
}

/// New amounts of an order (fen); None: kept.
#[derive(Debug, Clone, Copy, Default)]
pub struct Adjustment {
    pub order_price: Option<i64>,
    pub supplier_price: Option<i64>,
}

/// The tenant's staff set an order's amounts: logged with the old and new figures and the
/// reason, `order.ticket.modified` published (reason `adjust: ...`), states untouched.
pub fn adjust(
    conn: &mut DbConnection,
    actor: &Actor,
    id: i64,
    a: Adjustment,
    remark: &str,
) -> Result<TicketOrder, ApiError> {
    let o = find(conn, &actor.viewer, id)?.ok_or_else(not_found)?;
    let order_price = a.order_price.unwrap_or(o.order_price);
    let supplier_price = a.supplier_price.unwrap_or(o.supplier_price);
    diesel::update(ticket_orders::table.filter(ticket_orders::id.eq(o.id)))
        .set((
            ticket_orders::order_price.eq(order_price),
            ticket_orders::supplier_price.eq(supplier_price),
            ticket_orders::updated_at.eq(actor.now),
        ))
        .execute(conn)?;
    let what = format!(
        "{remark} (orderPrice {} -> {order_price}, supplierPrice {} -> {supplier_price})",
        o.order_price, o.supplier_price
    );
    log(
        conn,
        &o,
        Entry {
            action: "adjust",
            from: o.order_state,
            to: o.order_state,
            role: role(&actor.viewer),
            user_id: actor.user_id,
            remark: &what,
            now: actor.now,
        },
    )?;
    let row = reload(conn, o.id)?;
    publish_modified(conn, &row, &format!("adjust: {remark}"), actor)?;
    load(conn, &actor.viewer, id)?.ok_or_else(changed_meanwhile)
}

/// Cancels the unpaid orders past their payment time (`platform::jobs`): each in its own
/// transaction, by the system, through the same action as everyone's, so its stock returns,
/// it is logged and `order.ticket.cancelled` is published. Answers how many.
pub fn cancel_unpaid(conn: &mut DbConnection, now: i64) -> anyhow::Result<usize> {
    let due: Vec<(i64, i64)> = ticket_orders::table
        .filter(ticket_orders::pay_deadline.gt(0))
        .filter(ticket_orders::pay_deadline.lt(now))
        .filter(ticket_orders::order_state.eq(state::UNPAID))
        .filter(ticket_orders::pay_state.ne(order_state::pay::PAYING))
        .select((ticket_orders::id, ticket_orders::saas_id))
        .limit(500)
        .load(conn)?;
    let mut done = 0;
    for (id, saas_id) in due {
        let actor = Actor {
            viewer: Viewer::tenant(saas_id),
            user_id: 0,
            now,
        };
        let r = platform::db::write_tx::<_, ApiError>(conn, |c| act_as_system(c, &actor, id));
        match r {
            Ok(()) => done += 1,
            // Paid or cancelled meanwhile: nothing left to do.
            Err(ApiError::Rule { .. }) => {}
            Err(e) => return Err(anyhow::anyhow!("cancelling unpaid ticket order {id}: {e}")),
        }
    }
    Ok(done)
}

fn act_as_system(conn: &mut DbConnection, actor: &Actor, id: i64) -> Result<(), ApiError> {
    let o = find(conn, &actor.viewer, id)?.ok_or_else(changed_meanwhile)?;
    let before = o.states();
    let after = order_state::apply(Action::TimeoutCancel, Role::System, &before)?;
    let n = diesel::update(
        ticket_orders::table
            .filter(ticket_orders::id.eq(o.id))
            .filter(ticket_orders::order_state.eq(before.order))
            .filter(ticket_orders::pay_state.eq(before.pay)),
    )
    .set((
        ticket_orders::order_state.eq(after.order),
        ticket_orders::real_state.eq(after.real),
        ticket_orders::channel_state.eq(after.channel),
        ticket_orders::pay_deadline.eq(0),
        ticket_orders::finish_date.eq(actor.now),
        ticket_orders::updated_at.eq(actor.now),
    ))
    .execute(conn)?;
    if n != 1 {
        return Err(changed_meanwhile());
    }
    Calendar::give_back(
        conn,
        o.product_id,
        o.distributor_id,
        &o.visit_date,
        Source::from_i32(o.stock_source),
        o.quantity,
    )?;
    uncount_purchase(conn, &o)?;
    super::channels::enqueue(
        conn,
        o.saas_id,
        o.product_id,
        std::slice::from_ref(&o.visit_date),
        actor.now,
    )?;
    let row = ticket_orders::table
        .find(o.id)
        .select(OrderRow::as_select())
        .first(conn)?;
    let name = Action::TimeoutCancel.as_str();
    log(
        conn,
        &row,
        Entry {
            action: name,
            from: before.order,
            to: after.order,
            role: Role::System,
            user_id: 0,
            remark: "",
            now: actor.now,
        },
    )?;
    publish_acted(conn, &row, &before, &after, name, actor)?;
    Ok(())
}
