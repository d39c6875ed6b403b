//! Mall orders of snap-up sessions: placing one (all or nothing against the session's share,
//! the product's stock and the buyer's limit, each taken by a conditional UPDATE in one
//! transaction), paying one by credit (finance-app's saga: asked, then answered; asked again
//! or given up when no answer comes), cancelling
//! one (unpaid past its time by the job, or by the staff or the buyer; a paid one refunded),
//! which gives its units back once, and the `order.mall.*` and `credit.mall.*` events of each.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::saga::{AnswerWait, Unanswered};
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use platform::i18n::Text;
use platform::{ApiError, ApiError as E};
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{mall_orders, mall_products, snapup_limits, snapup_sessions};
use crate::NAME;
use crate::domain::order::{
    self, Actor, PAY_FAILED, PAY_PAYING, PAY_SUCCESS, PAY_TYPE_CREDIT, PlaceOrder, STATE_CANCELLED,
    STATE_PAID, STATE_UNPAID,
};
use crate::domain::product::STATE_PUBLISHED;
use crate::domain::snapup::{self, Buyer, Counter, STATE_ACTIVE};

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
    /// 0 unpaid, 20 paying (finance-app asked), 21 paid, 29 refused, 51 refunded.
    pub pay_state: i32,
    /// 1 credit (0 before a payment).
    pub pay_type: i32,
    /// What the payment took, in fen.
    pub pay_price: i64,
    /// When it was paid (ms, 0 before).
    pub pay_date: i64,
    /// Why the last payment was refused ("zh / en"), empty otherwise.
    pub pay_fail_reason: String,
    /// Why it was cancelled, empty otherwise.
    pub cancel_reason: String,
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

/// What a buyer can still have of a session: its share left, at most the product's stock.
fn stock_left(conn: &mut DbConnection, id: i64) -> QueryResult<i32> {
    let (left, product): (i32, i32) = snapup_sessions::table
        .inner_join(mall_products::table.on(mall_products::id.eq(snapup_sessions::mall_product_id)))
        .filter(snapup_sessions::id.eq(id))
        .select((snapup_sessions::stock_left, mall_products::stock))
        .first(conn)?;
    Ok(snapup::available(left, product))
}

/// Places an order of `buyer` in a session of the viewer's tenant: the session's share, the
/// product's stock and the buyer's limit are each taken by one conditional UPDATE (in that
/// order, the order every writer locks them in), and any refusal rolls the whole transaction
/// back, so no unit is sold twice nor any limit passed, however many buyers come at once, on
/// either database. Call inside `write_tx`.
pub fn place(
    conn: &mut DbConnection,
    viewer: &Viewer,
    buyer: &Buyer,
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
            msg: Text::fixed("商品已下架", "the product is not on sale"),
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
        let (state, start, end, left, product): (i32, i64, i64, i32, i32) = snapup_sessions::table
            .inner_join(
                mall_products::table.on(mall_products::id.eq(snapup_sessions::mall_product_id)),
            )
            .filter(snapup_sessions::id.eq(o.session_id))
            .select((
                snapup_sessions::state,
                snapup_sessions::start_at,
                snapup_sessions::end_at,
                snapup_sessions::stock_left,
                mall_products::stock,
            ))
            .first(conn)?;
        let left = snapup::available(left, product);
        return Err(snapup::refusal(state, start, end, left, q, now));
    }
    let counter = snapup::limit_counter(
        offer.limit_goods,
        offer.limit_target,
        buyer,
        o.session_id,
        offer.mall_product_id,
        now,
    );
    if let Some(c) = &counter {
        let insert = diesel::insert_into(snapup_limits::table)
            .values((
                snapup_limits::session_id.eq(c.scope),
                snapup_limits::target_key.eq(&c.key),
                snapup_limits::day_num.eq(c.day),
                snapup_limits::saas_id.eq(viewer.saas_id),
                snapup_limits::bought.eq(0),
            ))
            .on_conflict_do_nothing();
        platform::per_backend!(conn, |c| insert.execute(c))?;
        let counted = diesel::update(
            snapup_limits::table
                .find((c.scope, &c.key, c.day))
                .filter(snapup_limits::bought.le(snapup::limit_ceiling(offer.limit_num, q))),
        )
        .set(snapup_limits::bought.eq(snapup_limits::bought + q))
        .execute(conn)?;
        if counted == 0 {
            return Err(snapup::limit_reached(offer.limit_num));
        }
    }
    // The session sells a share of the product's stock: the product gives the units too.
    let from_product = diesel::update(
        mall_products::table
            .filter(mall_products::id.eq(offer.mall_product_id))
            .filter(mall_products::saas_id.eq(viewer.saas_id))
            .filter(mall_products::stock.ge(q)),
    )
    .set((
        mall_products::stock.eq(mall_products::stock - q),
        mall_products::sale_num.eq(mall_products::sale_num + q),
    ))
    .execute(conn)?;
    if from_product == 0 {
        let product: i32 = mall_products::table
            .find(offer.mall_product_id)
            .select(mall_products::stock)
            .first(conn)?;
        return Err(snapup::refusal(STATE_ACTIVE, now, now + 1, product, q, now));
    }
    let Counter {
        scope: limit_scope,
        key: limit_key,
        day: limit_day,
    } = counter.unwrap_or_default();
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
        pay_state: order::PAY_NONE,
        pay_type: 0,
        pay_price: 0,
        pay_date: 0,
        pay_fail_reason: String::new(),
        cancel_reason: String::new(),
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
            mall_orders::limit_scope.eq(limit_scope),
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

/// Units given back by a cancellation: the tenant, the session and the mall product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GivenBack {
    pub saas_id: i64,
    pub session_id: i64,
    pub mall_product_id: i64,
}

/// Cancels the unpaid orders whose payment time has passed (an order being paid waits for
/// finance-app's answer, or for `chase_credit_answers` to give it up), each in its own transaction: the order moves to cancelled by a
/// conditional UPDATE (so of two replicas running this, one does it), and only then are its
/// units given back to the session, the product and its buyer's limit, and
/// `order.mall.cancelled` written. Answers how many, and what came back where.
pub fn expire_unpaid(conn: &mut DbConnection, now: i64) -> anyhow::Result<(usize, Vec<GivenBack>)> {
    let due: Vec<MallOrder> = mall_orders::table
        .filter(mall_orders::order_state.eq(STATE_UNPAID))
        .filter(mall_orders::pay_state.ne(PAY_PAYING))
        .filter(mall_orders::pay_deadline.le(now))
        .order(mall_orders::pay_deadline.asc())
        .limit(500)
        .select(MallOrder::as_select())
        .load(conn)?;
    let mut given = Vec::new();
    for o in due {
        let moved = platform::db::write_tx::<_, diesel::result::Error>(conn, |c| {
            let saas_id: i64 = mall_orders::table
                .find(o.id)
                .select(mall_orders::saas_id)
                .first(c)?;
            let why = "timeout-cancel: not paid in time";
            if !close(c, saas_id, &o, STATE_UNPAID, why, now)? {
                return Ok(None);
            }
            give_back(c, saas_id, &o, why, 0, now)?;
            Ok(Some(GivenBack {
                saas_id,
                session_id: o.session_id,
                mall_product_id: o.mall_product_id,
            }))
        })?;
        given.extend(moved);
    }
    let n = given.len();
    given.sort_unstable_by_key(|g| (g.saas_id, g.mall_product_id, g.session_id));
    given.dedup();
    Ok((n, given))
}

/// Moves order `o` from `from` (and not paying) to cancelled, keeping why; answers whether
/// this call did (another may have meanwhile).
fn close(
    conn: &mut DbConnection,
    saas_id: i64,
    o: &MallOrder,
    from: i32,
    why: &str,
    now: i64,
) -> QueryResult<bool> {
    let moved = diesel::update(
        mall_orders::table
            .filter(mall_orders::id.eq(o.id))
            .filter(mall_orders::saas_id.eq(saas_id))
            .filter(mall_orders::order_state.eq(from))
            .filter(mall_orders::pay_state.ne(PAY_PAYING)),
    )
    .set((
        mall_orders::order_state.eq(STATE_CANCELLED),
        mall_orders::pay_state.eq(order::pay_state_after_cancel(o.pay_state)),
        mall_orders::cancel_reason.eq(why),
        mall_orders::updated_at.eq(now.max(o.updated_at + 1)),
    ))
    .execute(conn)?;
    Ok(moved > 0)
}

/// Gives the units of the cancelled order `o` back to its session, its buyer's limit and its
/// product (in the order `place` takes them), and writes `order.mall.cancelled`. Call only
/// after `close` moved it, in the same transaction, so it happens once.
fn give_back(
    conn: &mut DbConnection,
    saas_id: i64,
    o: &MallOrder,
    why: &str,
    by: i64,
    now: i64,
) -> QueryResult<()> {
    diesel::update(snapup_sessions::table.find(o.session_id))
        .set(snapup_sessions::stock_left.eq(snapup_sessions::stock_left + o.quantity))
        .execute(conn)?;
    let (scope, key, day): (i64, String, i64) = mall_orders::table
        .find(o.id)
        .select((
            mall_orders::limit_scope,
            mall_orders::limit_key,
            mall_orders::limit_day,
        ))
        .first(conn)?;
    if !key.is_empty() {
        diesel::update(snapup_limits::table.find((scope, key, day)))
            .set(snapup_limits::bought.eq(snapup_limits::bought - o.quantity))
            .execute(conn)?;
    }
    diesel::update(
        mall_products::table
            .filter(mall_products::id.eq(o.mall_product_id))
            .filter(mall_products::saas_id.eq(saas_id)),
    )
    .set((
        mall_products::stock.eq(mall_products::stock + o.quantity),
        mall_products::sale_num.eq(mall_products::sale_num - o.quantity),
    ))
    .execute(conn)?;
    let currency = currency(conn, saas_id)?;
    let cancelled = v1::OrderCancelled {
        order: Some(order_ref(o)),
        amounts: Some(amounts(o, &currency)),
        contact: Some(contact(o)),
        reason: why.to_owned(),
        cancelled_by: by,
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "order.mall.cancelled", saas_id, &cancelled).at(now),
    )?;
    Ok(())
}

fn not_found() -> ApiError {
    ApiError::not_found("订单", "order")
}

fn changed() -> ApiError {
    E::Rule {
        code: "order-changed",
        msg: Text::fixed(
            "订单已被他人修改，请刷新后重试",
            "The order was changed meanwhile; reload it and try again",
        ),
    }
}

/// The distributor's user pays order `order_id` by credit: the order waits in payment state
/// 20 (paying) with `credit.mall.requested` written in the same transaction; finance-app
/// answers (`credit_answered`). Meanwhile the order can neither be cancelled nor expire; left
/// unanswered it is asked again or given up (`chase_credit_answers`).
/// Only a user of the distributor that bought it pays. Call inside `write_tx`.
pub fn pay(
    conn: &mut DbConnection,
    viewer: &Viewer,
    user_id: i64,
    order_id: i64,
    now: i64,
) -> Result<MallOrder, ApiError> {
    let o = find(conn, viewer, order_id)?.ok_or_else(not_found)?;
    if viewer.mch_id() != Some(o.distributor_id) || o.distributor_id <= 0 {
        return Err(ApiError::invalid_field(
            "payType",
            "只有下单的分销商可以授信支付",
            "only the distributor that bought it pays by credit",
        ));
    }
    order::may_pay(
        o.order_state,
        o.pay_state,
        o.pay_deadline,
        o.distributor_id,
        now,
    )?;
    let at = now.max(o.updated_at + 1);
    let moved = diesel::update(
        mall_orders::table
            .filter(mall_orders::id.eq(o.id))
            .filter(mall_orders::saas_id.eq(viewer.saas_id))
            .filter(mall_orders::order_state.eq(STATE_UNPAID))
            .filter(mall_orders::pay_state.eq(o.pay_state))
            .filter(mall_orders::pay_deadline.gt(now)),
    )
    .set((
        mall_orders::pay_state.eq(PAY_PAYING),
        mall_orders::pay_type.eq(PAY_TYPE_CREDIT),
        mall_orders::pay_fail_reason.eq(""),
        mall_orders::pay_asked_at.eq(now),
        mall_orders::pay_last_asked_at.eq(now),
        mall_orders::pay_asks.eq(1),
        mall_orders::updated_at.eq(at),
    ))
    .execute(conn)?;
    if moved == 0 {
        return Err(changed());
    }
    ask_credit(conn, viewer.saas_id, &o, user_id, now)?;
    Ok(MallOrder {
        pay_state: PAY_PAYING,
        pay_type: PAY_TYPE_CREDIT,
        pay_fail_reason: String::new(),
        updated_at: at,
        ..o
    })
}

/// Writes `credit.mall.requested` for order `o` of tenant `saas_id` (its price, asked by
/// `requested_by`, 0 when the job asks again) and makes it the request the order waits an
/// answer to. Call in the transaction that moved the order to paying or counted the ask.
fn ask_credit(
    conn: &mut DbConnection,
    saas_id: i64,
    o: &MallOrder,
    requested_by: i64,
    now: i64,
) -> QueryResult<()> {
    let currency = currency(conn, saas_id)?;
    let asked = v1::CreditPaymentRequested {
        order: Some(order_ref(o)),
        amount: o.order_price,
        currency,
        requested_by,
    };
    let request = publish_in_tx(
        conn,
        Outgoing::new(NAME, "credit.mall.requested", saas_id, &asked).at(now),
    )?;
    diesel::update(mall_orders::table.find(o.id))
        .set(mall_orders::pay_request_id.eq(request))
        .execute(conn)?;
    Ok(())
}

/// A credit payment under way as the job reads it.
#[derive(Debug, Queryable)]
struct Paying {
    order: MallOrder,
    saas_id: i64,
    request_id: String,
    asked_at: i64,
    last_asked_at: i64,
    asks: i32,
}

/// The order of a [`Paying`] while it still waits for the same request's answer (a macro: the
/// filtered table's type is diesel's to name).
macro_rules! still_waiting {
    ($p:expr) => {
        mall_orders::table
            .find($p.order.id)
            .filter(mall_orders::saas_id.eq($p.saas_id))
            .filter(mall_orders::order_state.eq(STATE_UNPAID))
            .filter(mall_orders::pay_state.eq(PAY_PAYING))
            .filter(mall_orders::pay_request_id.eq(&$p.request_id))
    };
}

/// What [`chase_credit_answers`] did: payments asked again, payments given up, and the units the
/// orders given up gave back.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Chased {
    pub asked_again: usize,
    pub given_up: usize,
    pub given_back: Vec<GivenBack>,
}

/// Looks after the credit payments finance-app has not answered (its answer, or the request,
/// may be lost: a dead letter, finance-app down longer than the broker keeps messages), as
/// `wait` says (`platform::bus::saga`): one due to be asked again gets a new
/// `credit.mall.requested` (finance-app answers a request of an order it decided the same
/// again and takes nothing twice) and waits for that request's answer; one past the give-up time
/// is cancelled (payment state 29 with the reason, its units given back as an expiry gives them,
/// `order.mall.cancelled`) and `credit.mall.release-requested` written, so whatever finance-app
/// took goes back, and a request it has not handled yet is refused when it comes. Each order in
/// its own transaction, moved by a conditional UPDATE on the request it waits for, so of two
/// replicas one acts, and an answer that arrives meanwhile wins or is ignored whole.
pub fn chase_credit_answers(
    conn: &mut DbConnection,
    wait: &AnswerWait,
    now: i64,
) -> anyhow::Result<Chased> {
    let (last_asked_by, first_asked_by) = wait.due_bounds(now);
    let due: Vec<Paying> = mall_orders::table
        .filter(mall_orders::pay_state.eq(PAY_PAYING))
        .filter(mall_orders::order_state.eq(STATE_UNPAID))
        .filter(
            mall_orders::pay_last_asked_at
                .le(last_asked_by)
                .or(mall_orders::pay_asked_at.le(first_asked_by)),
        )
        .order(mall_orders::pay_last_asked_at.asc())
        .limit(500)
        .select((
            MallOrder::as_select(),
            mall_orders::saas_id,
            mall_orders::pay_request_id,
            mall_orders::pay_asked_at,
            mall_orders::pay_last_asked_at,
            mall_orders::pay_asks,
        ))
        .load(conn)?;
    let mut chased = Chased::default();
    for p in due {
        match wait.decide(p.asked_at, p.last_asked_at, p.asks, now) {
            Unanswered::Wait => {}
            Unanswered::AskAgain => {
                let asked = platform::db::write_tx::<_, diesel::result::Error>(conn, |c| {
                    let counted = diesel::update(still_waiting!(p))
                        .set((
                            mall_orders::pay_last_asked_at.eq(now),
                            mall_orders::pay_asks.eq(p.asks.saturating_add(1)),
                        ))
                        .execute(c)?;
                    if counted == 0 {
                        return Ok(false);
                    }
                    ask_credit(c, p.saas_id, &p.order, 0, now)?;
                    Ok(true)
                })?;
                chased.asked_again += usize::from(asked);
            }
            Unanswered::GiveUp => {
                let given = platform::db::write_tx::<_, diesel::result::Error>(conn, |c| {
                    give_up(c, &p, now)
                })?;
                chased.given_up += usize::from(given.is_some());
                chased.given_back.extend(given);
            }
        }
    }
    chased
        .given_back
        .sort_unstable_by_key(|g| (g.saas_id, g.mall_product_id, g.session_id));
    chased.given_back.dedup();
    Ok(chased)
}

/// Stops waiting for the answer to the payment of `p`: cancelled, its units back, its credit
/// released. Answers what came back, or nothing when the order moved meanwhile.
fn give_up(conn: &mut DbConnection, p: &Paying, now: i64) -> QueryResult<Option<GivenBack>> {
    let o = &p.order;
    let why = order::NO_ANSWER_CANCEL;
    let moved = diesel::update(still_waiting!(p))
        .set((
            mall_orders::order_state.eq(STATE_CANCELLED),
            mall_orders::pay_state.eq(PAY_FAILED),
            mall_orders::pay_fail_reason.eq(order::NO_ANSWER_REASON),
            mall_orders::cancel_reason.eq(why),
            mall_orders::updated_at.eq(now.max(o.updated_at + 1)),
        ))
        .execute(conn)?;
    if moved == 0 {
        return Ok(None);
    }
    give_back(conn, p.saas_id, o, why, 0, now)?;
    let released = v1::CreditReleaseRequested {
        order: Some(order_ref(o)),
        amount: o.order_price,
        currency: currency(conn, p.saas_id)?,
        reason: why.to_owned(),
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "credit.mall.release-requested", p.saas_id, &released).at(now),
    )?;
    Ok(Some(GivenBack {
        saas_id: p.saas_id,
        session_id: o.session_id,
        mall_product_id: o.mall_product_id,
    }))
}

/// finance-app's answer to the credit payment of order `answer.order_id` of tenant `saas_id`:
/// taken, the order is paid (3, payment state 21, what was taken and when) and
/// `order.mall.state-changed` written; refused, payment state 29 with the reason kept (the
/// order stays unpaid: paid again in its time, or cancelled after it). An answer to another
/// attempt than the one waiting (told twice, an earlier one) changes nothing. Answers whether
/// it changed the order.
pub fn credit_answered(
    conn: &mut DbConnection,
    saas_id: i64,
    answer: &v1::CreditPaymentAnswered,
    now: i64,
) -> QueryResult<bool> {
    let waiting = || {
        mall_orders::table
            .filter(mall_orders::id.eq(answer.order_id))
            .filter(mall_orders::saas_id.eq(saas_id))
            .filter(mall_orders::order_state.eq(STATE_UNPAID))
            .filter(mall_orders::pay_state.eq(PAY_PAYING))
            .filter(mall_orders::pay_request_id.eq(&answer.request_id))
    };
    let Some(o) = waiting()
        .select(MallOrder::as_select())
        .first(conn)
        .optional()?
    else {
        return Ok(false);
    };
    let at = now.max(o.updated_at + 1);
    if !answer.accepted {
        let why = format!("{} / {}", answer.reason_zh, answer.reason_en);
        let n = diesel::update(waiting())
            .set((
                mall_orders::pay_state.eq(PAY_FAILED),
                mall_orders::pay_fail_reason.eq(&why),
                mall_orders::updated_at.eq(at),
            ))
            .execute(conn)?;
        return Ok(n > 0);
    }
    let n = diesel::update(waiting())
        .set((
            mall_orders::order_state.eq(STATE_PAID),
            mall_orders::pay_state.eq(PAY_SUCCESS),
            mall_orders::pay_price.eq(answer.amount),
            mall_orders::pay_date.eq(now),
            mall_orders::updated_at.eq(at),
        ))
        .execute(conn)?;
    if n == 0 {
        return Ok(false);
    }
    let changed = v1::OrderStateChanged {
        order: Some(order_ref(&o)),
        old_order_state: STATE_UNPAID,
        new_order_state: STATE_PAID,
        old_supplier_state: 0,
        new_supplier_state: 0,
        old_channel_state: 0,
        new_channel_state: 0,
        reason: "pay: credit".into(),
        changed_by: o.buyer_id,
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "order.mall.state-changed", saas_id, &changed).at(now),
    )?;
    Ok(true)
}

/// Cancels order `order_id` as `actor` (the staff any unpaid or paid order of the tenant, a
/// buyer its own unpaid one): its units go back once, and a paid order is refunded, asking
/// finance-app to give its credit back (`credit.mall.release-requested`). Answers the order as
/// it now is and what came back. Call inside `write_tx`.
pub fn cancel(
    conn: &mut DbConnection,
    viewer: &Viewer,
    actor: Actor,
    user_id: i64,
    c: &order::CancelOrder,
    now: i64,
) -> Result<(MallOrder, GivenBack), ApiError> {
    let o = find(conn, viewer, c.order_id)?.ok_or_else(not_found)?;
    order::may_cancel(actor, o.order_state, o.pay_state)?;
    let why = if c.remark.is_empty() {
        "cancelled".to_owned()
    } else {
        c.remark.clone()
    };
    if !close(conn, viewer.saas_id, &o, o.order_state, &why, now)? {
        return Err(changed());
    }
    give_back(conn, viewer.saas_id, &o, &why, user_id, now)?;
    if o.pay_state == PAY_SUCCESS && o.pay_type == PAY_TYPE_CREDIT {
        let currency = currency(conn, viewer.saas_id)?;
        let released = v1::CreditReleaseRequested {
            order: Some(order_ref(&o)),
            amount: o.pay_price,
            currency,
            reason: why.clone(),
        };
        publish_in_tx(
            conn,
            Outgoing::new(
                NAME,
                "credit.mall.release-requested",
                viewer.saas_id,
                &released,
            )
            .at(now),
        )?;
    }
    let given = GivenBack {
        saas_id: viewer.saas_id,
        session_id: o.session_id,
        mall_product_id: o.mall_product_id,
    };
    let now_o = MallOrder {
        order_state: STATE_CANCELLED,
        pay_state: order::pay_state_after_cancel(o.pay_state),
        cancel_reason: why,
        updated_at: now.max(o.updated_at + 1),
        ..o
    };
    Ok((now_o, given))
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
