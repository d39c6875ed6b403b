//! Hotel orders: placing one (stock taken for every night or none), acting on one (the state
//! machine of `domain::order_state`), lists, the product report and the order log. Every change
//! writes its order log entry and its `order.hotel.*` event in the caller's transaction.

use diesel::prelude::*;
use platform::ApiError;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use platform::i18n::Text;
use serde::Serialize;
use utoipa::ToSchema;

use super::calendar::{self, Source};
use super::schema::{
    hotel_orders, hotel_products, hotels, order_details, order_guests, order_logs, order_nights,
    product_terms, rooms,
};
use crate::NAME;
use crate::domain::booking::{self, Night, Stay, Terms};
use crate::domain::order_state::{self, Action, OrderStates, Role, state};
use crate::domain::party::Party;

/// What the order lists show: the `hotel_orders` row.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = hotel_orders)]
#[serde(rename_all = "camelCase")]
pub struct OrderSummary {
    pub order_id: i64,
    #[serde(skip)]
    pub saas_id: i64,
    pub supplier_id: i64,
    /// The distributor who booked (the spec's `distributionId`).
    #[serde(rename = "distributionId")]
    pub distributor_id: i64,
    pub hotel_id: i64,
    pub room_id: i64,
    pub product_id: i64,
    pub hotel_name: String,
    pub product_name: String,
    pub contact_name: String,
    pub contact_phone: String,
    pub checkin_date: String,
    pub checkout_date: String,
    pub nights: i32,
    /// Rooms.
    pub product_num: i32,
    pub person_num: i32,
    /// What the distributor pays, fen.
    pub order_price: i64,
    /// What the supplier is paid, fen (shown by `OrderRow`, which leaves it out for
    /// distributors).
    #[serde(skip)]
    pub supplier_price: i64,
    pub channel_price: i64,
    pub order_state: i32,
    pub real_order_state: i32,
    pub supplier_order_state: i32,
    pub channel_order_state: i32,
    pub pay_state: i32,
    pub cancel_apply: i32,
    pub need_confirm: bool,
    /// When an unpaid online-payment order cancels itself (ms; 0 none).
    pub pay_deadline: i64,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = order_details)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetail {
    #[serde(skip)]
    pub order_id: i64,
    pub supplier_order_id: String,
    pub channel_order_id: String,
    pub contact_id_type: i32,
    pub contact_id_no: String,
    /// 1 credit, 2 cash; 0 not paid.
    pub pay_type: i32,
    pub pay_price: i64,
    pub pay_date: i64,
    pub confirm_date: i64,
    pub finish_date: i64,
    pub allowed_cancel: bool,
    pub cancel_deadline: i64,
    pub cancel_price: i64,
    pub order_memo: String,
    pub guest_memo: String,
    pub memo_inner: String,
    #[serde(skip)]
    pub pre_cancel_state: i32,
    pub currency: String,
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = order_guests)]
#[serde(rename_all = "camelCase")]
pub struct Guest {
    #[serde(skip)]
    pub id: i64,
    #[serde(skip)]
    pub order_id: i64,
    #[serde(skip)]
    pub seq: i32,
    pub name: String,
    pub phone: String,
    pub id_type: i32,
    pub id_no: String,
    pub country: String,
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = order_nights)]
#[serde(rename_all = "camelCase")]
pub struct OrderNight {
    #[serde(skip)]
    pub order_id: i64,
    pub day: String,
    /// Per room, fen.
    pub price: i64,
    pub purchase_price: i64,
    /// 0 no limit, 1 common stock, 2 the distributor's authorised stock.
    pub stock_source: i32,
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = order_logs)]
#[serde(rename_all = "camelCase")]
pub struct OrderLog {
    pub id: i64,
    #[serde(skip)]
    pub saas_id: i64,
    pub order_id: i64,
    pub user_id: i64,
    pub username: String,
    pub action: String,
    /// -1 for the order's creation.
    pub from_state: i32,
    pub to_state: i32,
    pub remark: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
}

/// Who did it, for the log.
#[derive(Debug, Clone)]
pub struct Actor {
    pub user_id: i64,
    pub username: String,
}

impl Actor {
    pub fn system() -> Self {
        Self {
            user_id: 0,
            username: "system".into(),
        }
    }
}

/// A guest as the booking form gives it (checked by the caller).
#[derive(Debug, Clone)]
pub struct NewGuest {
    pub name: String,
    pub phone: String,
    pub id_type: i32,
    pub id_no: String,
    pub country: String,
}

/// A booking as checked by the API.
#[derive(Debug, Clone)]
pub struct NewOrder {
    pub product_id: i64,
    pub distributor_id: i64,
    pub stay: Stay,
    pub contact_name: String,
    pub contact_phone: String,
    pub contact_id_type: i32,
    pub contact_id_no: String,
    pub guests: Vec<NewGuest>,
    pub order_memo: String,
    pub guest_memo: String,
    pub channel_order_id: String,
    /// Asked for products that take both ways of paying (`isOnlinePay` 2).
    pub pay_online: Option<bool>,
}

fn sold_out(day: &str) -> ApiError {
    ApiError::Rule {
        code: "sold-out",
        msg: Text::new(
            format!("{day} 房量不足"),
            format!("Not enough rooms left on {day}"),
        ),
    }
}

fn not_found() -> ApiError {
    ApiError::NotFound {
        what: Text::fixed("订单", "order"),
    }
}

/// A product as booking needs it: on sale, with its terms and hotel.
#[derive(Debug, Clone)]
pub struct Bookable {
    pub product_id: i64,
    pub supplier_id: i64,
    pub hotel_id: i64,
    pub room_id: i64,
    pub hotel_name: String,
    pub product_name: String,
    pub confirm_type: i32,
    pub is_online_pay: i32,
    pub room_name: String,
    /// Guests one room of the product takes.
    pub max_guests: i32,
    pub terms: Terms,
}

type BookableRow = (
    (i64, i64, i64, i64, String, i32, i32),
    (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32),
    (String, String, i32),
);

/// The tenant's on-sale products of `hotel_id` (all hotels when None) with their terms.
pub fn bookable_products(
    conn: &mut DbConnection,
    saas_id: i64,
    hotel_id: Option<i64>,
    product_id: Option<i64>,
) -> QueryResult<Vec<Bookable>> {
    let mut q = hotel_products::table
        .inner_join(product_terms::table.on(product_terms::product_id.eq(hotel_products::id)))
        .inner_join(hotels::table.on(hotels::id.eq(hotel_products::hotel_id)))
        .inner_join(rooms::table.on(rooms::id.eq(hotel_products::room_id)))
        .filter(hotel_products::saas_id.eq(saas_id))
        .filter(hotel_products::state.eq(1))
        .filter(hotels::state.eq(1))
        .into_boxed::<Db>();
    if let Some(h) = hotel_id {
        q = q.filter(hotel_products::hotel_id.eq(h));
    }
    if let Some(p) = product_id {
        q = q.filter(hotel_products::id.eq(p));
    }
    let rows: Vec<BookableRow> = q
        .order(hotel_products::id)
        .select((
            (
                hotel_products::id,
                hotel_products::supplier_id,
                hotel_products::hotel_id,
                hotel_products::room_id,
                hotel_products::product_name,
                hotel_products::confirm_type,
                hotel_products::is_online_pay,
            ),
            (
                product_terms::earliest_booking_days,
                product_terms::earliest_booking_hours,
                product_terms::latest_booking_days,
                product_terms::latest_booking_hours,
                product_terms::serial_checkin_min,
                product_terms::serial_checkin_max,
                product_terms::room_count_min,
                product_terms::room_count_max,
                product_terms::cancel_type,
                product_terms::moveup_cancel_days,
                product_terms::moveup_cancel_hours,
            ),
            (hotels::name, rooms::name, rooms::max_guests),
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(p, t, (hotel_name, room_name, max_guests))| Bookable {
            product_id: p.0,
            supplier_id: p.1,
            hotel_id: p.2,
            room_id: p.3,
            product_name: p.4,
            confirm_type: p.5,
            is_online_pay: p.6,
            max_guests,
            room_name,
            hotel_name,
            terms: Terms {
                earliest_booking_days: t.0,
                earliest_booking_hours: t.1,
                latest_booking_days: t.2,
                latest_booking_hours: t.3,
                serial_checkin_min: t.4,
                serial_checkin_max: t.5,
                room_count_min: t.6,
                room_count_max: t.7,
                cancel_type: t.8,
                moveup_cancel_days: t.9,
                moveup_cancel_hours: t.10,
            },
        })
        .collect())
}

/// A stay priced for a distributor: each night's offer, or why it cannot be booked.
#[derive(Debug)]
pub struct Quote {
    pub nights: Vec<calendar::Offer>,
    pub price: booking::StayPrice,
    /// None when bookable; else the reason.
    pub refusal: Option<ApiError>,
    /// Some night has no stock limit, or the product is not instant-confirm.
    pub need_confirm: bool,
}

/// Prices `stay` of `p` for `distributor_id` at `now`, applying the booking rules.
pub fn quote(
    conn: &mut DbConnection,
    p: &Bookable,
    distributor_id: i64,
    stay: &Stay,
    now: i64,
) -> QueryResult<Quote> {
    let offers = calendar::offers(
        conn,
        p.product_id,
        Some(distributor_id),
        stay.checkin,
        stay.checkout,
    )?;
    let mut refusal = booking::check_terms(&p.terms, stay, now).err();
    let mut nights = Vec::with_capacity(offers.len());
    for (i, o) in offers.into_iter().enumerate() {
        let day = platform::time::format_day(stay.checkin + i as i64);
        match o {
            None => {
                refusal.get_or_insert_with(|| ApiError::Rule {
                    code: "no-price",
                    msg: Text::new(
                        format!("{day} 未设置价格，不可预订"),
                        format!("{day} has no price and cannot be booked"),
                    ),
                });
            }
            Some(o) => {
                if o.closed {
                    refusal.get_or_insert_with(|| ApiError::Rule {
                        code: "closed",
                        msg: Text::new(format!("{day} 已关房"), format!("{day} is closed")),
                    });
                } else if !o.bookable(stay.rooms) {
                    refusal.get_or_insert_with(|| sold_out(&day));
                }
                nights.push(o);
            }
        }
    }
    let priced: Vec<Night> = nights
        .iter()
        .enumerate()
        .map(|(i, o)| Night {
            day: stay.checkin + i as i64,
            price: o.price,
            purchase_price: o.purchase_price,
        })
        .collect();
    let need_confirm = p.confirm_type != 1 || nights.iter().any(|o| o.source == Source::Unlimited);
    Ok(Quote {
        price: booking::stay_price(&priced, stay.rooms),
        nights,
        refusal,
        need_confirm,
    })
}

fn order_ref(o: &OrderSummary) -> v1::OrderRef {
    v1::OrderRef {
        order_id: o.order_id,
        order_no: o.order_id.to_string(),
        product_type: v1::ProductType::Hotel as i32,
        supplier_mch_id: o.supplier_id,
        distributor_mch_id: o.distributor_id,
        product_id: o.product_id,
        product_name: o.product_name.clone(),
        start_date: o.checkin_date.clone(),
        end_date: o.checkout_date.clone(),
        supplier_interface_id: 0,
        distributor_interface_id: 0,
    }
}

fn amounts(o: &OrderSummary, currency: &str) -> v1::OrderAmounts {
    v1::OrderAmounts {
        order_price: o.order_price,
        supplier_price: o.supplier_price,
        channel_price: o.channel_price,
        profit: o.order_price - o.supplier_price,
        currency: currency.to_owned(),
    }
}

fn contact(o: &OrderSummary) -> v1::Contact {
    v1::Contact {
        name: o.contact_name.clone(),
        mobile: o.contact_phone.clone(),
        email: String::new(),
    }
}

#[allow(clippy::too_many_arguments)]
fn log(
    conn: &mut DbConnection,
    o: &OrderSummary,
    who: &Actor,
    action: &str,
    from: i32,
    to: i32,
    remark: &str,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(order_logs::table)
        .values((
            order_logs::id.eq(platform::id::next_id()),
            order_logs::saas_id.eq(o.saas_id),
            order_logs::order_id.eq(o.order_id),
            order_logs::user_id.eq(who.user_id),
            order_logs::username.eq(&who.username),
            order_logs::action.eq(action),
            order_logs::from_state.eq(from),
            order_logs::to_state.eq(to),
            order_logs::remark.eq(remark),
            order_logs::created_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The tenant's product on sale, for booking; the 412 on `productId` otherwise.
pub fn bookable(
    conn: &mut DbConnection,
    saas_id: i64,
    product_id: i64,
) -> Result<Bookable, ApiError> {
    bookable_products(conn, saas_id, None, Some(product_id))?
        .into_iter()
        .next()
        .ok_or_else(|| {
            ApiError::invalid(
                "productId",
                Text::fixed("产品不存在或未上架", "no such product on sale"),
            )
        })
}

/// Places an order of `p`; all in the caller's transaction, which an error must roll back (stock may
/// have been taken for some nights when a later one turns out sold out).
#[allow(clippy::too_many_arguments)]
pub fn place(
    conn: &mut DbConnection,
    saas_id: i64,
    p: &Bookable,
    n: &NewOrder,
    who: &Actor,
    currency: &str,
    pay_timeout_ms: i64,
    now: i64,
) -> Result<OrderSummary, ApiError> {
    let q = quote(conn, p, n.distributor_id, &n.stay, now)?;
    if let Some(refusal) = q.refusal {
        return Err(refusal);
    }
    let pay_online = match p.is_online_pay {
        1 => true,
        2 => n.pay_online.unwrap_or(false),
        _ => false,
    };
    let states = order_state::initial(pay_online, q.need_confirm);
    let priced: Vec<Night> = q
        .nights
        .iter()
        .enumerate()
        .map(|(i, o)| Night {
            day: n.stay.checkin + i as i64,
            price: o.price,
            purchase_price: o.purchase_price,
        })
        .collect();
    let cancel = booking::cancel_terms(&p.terms, &n.stay, &priced);
    let order_id = platform::id::next_id();
    let o = OrderSummary {
        order_id,
        saas_id,
        supplier_id: p.supplier_id,
        distributor_id: n.distributor_id,
        hotel_id: p.hotel_id,
        room_id: p.room_id,
        product_id: p.product_id,
        hotel_name: p.hotel_name.clone(),
        product_name: p.product_name.clone(),
        contact_name: n.contact_name.clone(),
        contact_phone: n.contact_phone.clone(),
        checkin_date: platform::time::format_day(n.stay.checkin),
        checkout_date: platform::time::format_day(n.stay.checkout),
        nights: n.stay.nights() as i32,
        product_num: n.stay.rooms as i32,
        person_num: n.guests.len().max(1) as i32,
        order_price: q.price.order_price,
        supplier_price: q.price.supplier_price,
        channel_price: q.price.order_price,
        order_state: states.order,
        real_order_state: states.real,
        supplier_order_state: states.supplier,
        channel_order_state: states.channel,
        pay_state: states.pay,
        cancel_apply: states.cancel_apply,
        need_confirm: states.need_confirm,
        pay_deadline: if states.order == state::UNPAID {
            now + pay_timeout_ms
        } else {
            0
        },
        created_at: now,
        updated_at: now,
    };
    diesel::insert_into(hotel_orders::table)
        .values((
            (
                hotel_orders::order_id.eq(o.order_id),
                hotel_orders::saas_id.eq(o.saas_id),
                hotel_orders::supplier_id.eq(o.supplier_id),
                hotel_orders::distributor_id.eq(o.distributor_id),
                hotel_orders::hotel_id.eq(o.hotel_id),
                hotel_orders::room_id.eq(o.room_id),
                hotel_orders::product_id.eq(o.product_id),
                hotel_orders::hotel_name.eq(&o.hotel_name),
                hotel_orders::product_name.eq(&o.product_name),
                hotel_orders::contact_name.eq(&o.contact_name),
                hotel_orders::contact_phone.eq(&o.contact_phone),
                hotel_orders::checkin_date.eq(&o.checkin_date),
                hotel_orders::checkout_date.eq(&o.checkout_date),
                hotel_orders::nights.eq(o.nights),
            ),
            (
                hotel_orders::product_num.eq(o.product_num),
                hotel_orders::person_num.eq(o.person_num),
                hotel_orders::order_price.eq(o.order_price),
                hotel_orders::supplier_price.eq(o.supplier_price),
                hotel_orders::channel_price.eq(o.channel_price),
                hotel_orders::order_state.eq(o.order_state),
                hotel_orders::real_order_state.eq(o.real_order_state),
                hotel_orders::supplier_order_state.eq(o.supplier_order_state),
                hotel_orders::channel_order_state.eq(o.channel_order_state),
                hotel_orders::pay_state.eq(o.pay_state),
                hotel_orders::cancel_apply.eq(o.cancel_apply),
                hotel_orders::need_confirm.eq(o.need_confirm),
                hotel_orders::pay_deadline.eq(o.pay_deadline),
                hotel_orders::created_at.eq(o.created_at),
                hotel_orders::updated_at.eq(o.updated_at),
            ),
        ))
        .execute(conn)?;
    diesel::insert_into(order_details::table)
        .values((
            order_details::order_id.eq(order_id),
            order_details::supplier_order_id.eq(""),
            order_details::channel_order_id.eq(&n.channel_order_id),
            order_details::contact_id_type.eq(n.contact_id_type),
            order_details::contact_id_no.eq(&n.contact_id_no),
            order_details::pay_type.eq(0),
            order_details::pay_price.eq(0_i64),
            order_details::pay_date.eq(0_i64),
            order_details::confirm_date.eq(if states.order == state::CONFIRMED {
                now
            } else {
                0
            }),
            order_details::finish_date.eq(0_i64),
            order_details::allowed_cancel.eq(cancel.allowed),
            order_details::cancel_deadline.eq(cancel.deadline),
            order_details::cancel_price.eq(cancel.fee),
            order_details::order_memo.eq(&n.order_memo),
            order_details::guest_memo.eq(&n.guest_memo),
            order_details::memo_inner.eq(""),
            order_details::pre_cancel_state.eq(state::VALID),
            order_details::currency.eq(currency),
        ))
        .execute(conn)?;
    for (i, g) in n.guests.iter().enumerate() {
        diesel::insert_into(order_guests::table)
            .values((
                order_guests::id.eq(platform::id::next_id()),
                order_guests::order_id.eq(order_id),
                order_guests::seq.eq(i as i32),
                order_guests::name.eq(&g.name),
                order_guests::phone.eq(&g.phone),
                order_guests::id_type.eq(g.id_type),
                order_guests::id_no.eq(&g.id_no),
                order_guests::country.eq(&g.country),
            ))
            .execute(conn)?;
    }
    for night in &q.nights {
        diesel::insert_into(order_nights::table)
            .values((
                order_nights::order_id.eq(order_id),
                order_nights::day.eq(&night.day),
                order_nights::price.eq(night.price),
                order_nights::purchase_price.eq(night.purchase_price),
                order_nights::stock_source.eq(night.source as i32),
            ))
            .execute(conn)?;
    }
    log(conn, &o, who, "create", -1, o.order_state, "", now)?;
    let created = v1::OrderCreated {
        order: Some(order_ref(&o)),
        amounts: Some(amounts(&o, currency)),
        contact: Some(contact(&o)),
        quantity: o.product_num,
        order_state: o.order_state,
        created_by: who.user_id,
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "order.hotel.created", saas_id, &created),
    )?;
    // Stock last: the night rows every booking of the product competes for stay locked only
    // from here to the commit.
    let taken: Vec<(String, Source)> = q.nights.iter().map(|o| (o.day.clone(), o.source)).collect();
    if !calendar::take(conn, p.product_id, n.distributor_id, &taken, n.stay.rooms)? {
        // Another booking took the last rooms between the quote and now; the caller's
        // transaction rolls back everything written above.
        let day = q.nights.first().map_or(String::new(), |o| o.day.clone());
        return Err(sold_out(&day));
    }
    Ok(o)
}

/// The order of the tenant, if the party may see it.
pub fn find(
    conn: &mut DbConnection,
    saas_id: i64,
    party: Party,
    order_id: i64,
) -> QueryResult<Option<(OrderSummary, OrderDetail)>> {
    let mut q = hotel_orders::table
        .inner_join(order_details::table.on(order_details::order_id.eq(hotel_orders::order_id)))
        .filter(hotel_orders::order_id.eq(order_id))
        .filter(hotel_orders::saas_id.eq(saas_id))
        .into_boxed::<Db>();
    match party {
        Party::Operator => {}
        Party::Supplier(m) => q = q.filter(hotel_orders::supplier_id.eq(m)),
        Party::Distributor(m) => q = q.filter(hotel_orders::distributor_id.eq(m)),
    }
    q.select((OrderSummary::as_select(), OrderDetail::as_select()))
        .first(conn)
        .optional()
}

pub fn guests(conn: &mut DbConnection, order_id: i64) -> QueryResult<Vec<Guest>> {
    order_guests::table
        .filter(order_guests::order_id.eq(order_id))
        .order(order_guests::seq)
        .select(Guest::as_select())
        .load(conn)
}

pub fn nights(conn: &mut DbConnection, order_id: i64) -> QueryResult<Vec<OrderNight>> {
    order_nights::table
        .filter(order_nights::order_id.eq(order_id))
        .order(order_nights::day)
        .select(OrderNight::as_select())
        .load(conn)
}

pub fn logs_of(conn: &mut DbConnection, order_id: i64) -> QueryResult<Vec<OrderLog>> {
    order_logs::table
        .filter(order_logs::order_id.eq(order_id))
        .order((order_logs::created_at, order_logs::id))
        .select(OrderLog::as_select())
        .load(conn)
}

fn states_of(o: &OrderSummary, d: &OrderDetail) -> OrderStates {
    OrderStates {
        order: o.order_state,
        real: o.real_order_state,
        supplier: o.supplier_order_state,
        channel: o.channel_order_state,
        pay: o.pay_state,
        cancel_apply: o.cancel_apply,
        pre_cancel: d.pre_cancel_state,
        need_confirm: o.need_confirm,
    }
}

/// What an action carries beyond itself.
#[derive(Debug, Clone, Default)]
pub struct ActionInput {
    pub remark: String,
    /// For `Pay`: 1 credit, 2 cash.
    pub pay_type: i32,
    /// For `Confirm`: the supplier's own order number.
    pub supplier_order_id: String,
}

fn policy_refusal(zh: &str, en: &str) -> ApiError {
    ApiError::Rule {
        code: "cancel-policy",
        msg: Text::new(zh.to_owned(), en.to_owned()),
    }
}

/// Applies `action` to an order the party may see; answers the order as it now is.
#[allow(clippy::too_many_arguments)]
pub fn act(
    conn: &mut DbConnection,
    saas_id: i64,
    party: Option<Party>,
    order_id: i64,
    action: Action,
    input: &ActionInput,
    who: &Actor,
    now: i64,
) -> Result<OrderSummary, ApiError> {
    // The system (party None) sees every order of the tenant.
    let (o, d) =
        find(conn, saas_id, party.unwrap_or(Party::Operator), order_id)?.ok_or_else(not_found)?;
    let role = party.map_or(Role::System, Party::role);
    let before = states_of(&o, &d);
    let after = order_state::apply(action, role, &before)?;
    if action == Action::ApplyCancel {
        if !d.allowed_cancel {
            return Err(policy_refusal(
                "该订单不可取消",
                "This order cannot be cancelled under its product's policy",
            ));
        }
        if d.cancel_deadline > 0 && now > d.cancel_deadline {
            return Err(policy_refusal(
                "已过该订单的最晚取消时间",
                "The latest cancellation time of this order has passed",
            ));
        }
    }
    if action == Action::Complete && platform::time::day_of_ms(now) < day_of(&o.checkin_date)? {
        return Err(ApiError::Rule {
            code: "too-early",
            msg: Text::fixed(
                "入住日期之前不能完成订单",
                "An order cannot be completed before its check-in date",
            ),
        });
    }
    if action == Action::Pay && !matches!(input.pay_type, 1 | 2) {
        return Err(ApiError::invalid(
            "payType",
            Text::fixed(
                "支付方式为 1 授信或 2 现金",
                "pay type is 1 credit or 2 cash",
            ),
        ));
    }
    // Only the state read above may change: a concurrent action makes this update miss.
    let changed = diesel::update(
        hotel_orders::table
            .filter(hotel_orders::order_id.eq(order_id))
            .filter(hotel_orders::order_state.eq(before.order))
            .filter(hotel_orders::updated_at.eq(o.updated_at)),
    )
    .set((
        hotel_orders::order_state.eq(after.order),
        hotel_orders::real_order_state.eq(after.real),
        hotel_orders::supplier_order_state.eq(after.supplier),
        hotel_orders::channel_order_state.eq(after.channel),
        hotel_orders::pay_state.eq(after.pay),
        hotel_orders::cancel_apply.eq(after.cancel_apply),
        hotel_orders::pay_deadline.eq(if after.order == state::UNPAID {
            o.pay_deadline
        } else {
            0
        }),
        hotel_orders::updated_at.eq(now.max(o.updated_at + 1)),
    ))
    .execute(conn)?;
    if changed == 0 {
        return Err(ApiError::Rule {
            code: "order-changed",
            msg: Text::fixed(
                "订单已被他人修改，请刷新后重试",
                "The order was changed meanwhile; reload it and try again",
            ),
        });
    }
    let details = || order_details::table.filter(order_details::order_id.eq(order_id));
    diesel::update(details())
        .set(order_details::pre_cancel_state.eq(after.pre_cancel))
        .execute(conn)?;
    match action {
        Action::Pay => {
            diesel::update(details())
                .set((
                    order_details::pay_type.eq(input.pay_type),
                    order_details::pay_price.eq(o.order_price),
                    order_details::pay_date.eq(now),
                ))
                .execute(conn)?;
        }
        Action::Confirm => {
            diesel::update(details())
                .set((
                    order_details::confirm_date.eq(now),
                    order_details::supplier_order_id.eq(&input.supplier_order_id),
                ))
                .execute(conn)?;
        }
        Action::Complete | Action::Refuse | Action::Cancel | Action::TimeoutCancel => {
            diesel::update(details())
                .set(order_details::finish_date.eq(now))
                .execute(conn)?;
        }
        Action::AgreeCancel => {
            diesel::update(details())
                .set(order_details::finish_date.eq(now))
                .execute(conn)?;
        }
        _ => {}
    }
    if action.returns_stock() {
        let taken: Vec<(String, Source)> = nights(conn, order_id)?
            .into_iter()
            .map(|n| (n.day, Source::from_i32(n.stock_source)))
            .collect();
        calendar::give_back(
            conn,
            o.product_id,
            o.distributor_id,
            &taken,
            i64::from(o.product_num),
        )?;
    }
    log(
        conn,
        &o,
        who,
        action.as_str(),
        before.order,
        after.order,
        &input.remark,
        now,
    )?;
    let now_o = OrderSummary {
        order_state: after.order,
        real_order_state: after.real,
        supplier_order_state: after.supplier,
        channel_order_state: after.channel,
        pay_state: after.pay,
        cancel_apply: after.cancel_apply,
        ..o.clone()
    };
    let kind = order_state::event_kind(&after);
    let key = format!("order.hotel.{kind}");
    let out = if kind == "cancelled" {
        Outgoing::new(
            NAME,
            &key,
            saas_id,
            &v1::OrderCancelled {
                order: Some(order_ref(&now_o)),
                amounts: Some(amounts(&now_o, &d.currency)),
                contact: Some(contact(&now_o)),
                reason: reason(action, &input.remark),
                cancelled_by: who.user_id,
            },
        )
    } else {
        Outgoing::new(
            NAME,
            &key,
            saas_id,
            &changed_event(&now_o, &before, &after, action, input, who),
        )
    };
    publish_in_tx(conn, out)?;
    Ok(now_o)
}

fn reason(action: Action, remark: &str) -> String {
    if remark.is_empty() {
        action.as_str().to_owned()
    } else {
        format!("{}: {remark}", action.as_str())
    }
}

fn changed_event(
    o: &OrderSummary,
    before: &OrderStates,
    after: &OrderStates,
    action: Action,
    input: &ActionInput,
    who: &Actor,
) -> v1::OrderStateChanged {
    v1::OrderStateChanged {
        order: Some(order_ref(o)),
        old_order_state: before.order,
        new_order_state: after.order,
        old_supplier_state: before.supplier,
        new_supplier_state: after.supplier,
        old_channel_state: before.channel,
        new_channel_state: after.channel,
        reason: reason(action, &input.remark),
        changed_by: who.user_id,
    }
}

fn day_of(date: &str) -> Result<i64, ApiError> {
    platform::time::parse_date("checkinDate", date)
}

/// A change that is not a move of the state machine: remarks, or the operator's adjustment of
/// amounts. Logged, and published as `order.hotel.modified` (states unchanged).
#[derive(Debug, Clone, Default)]
pub struct Modification {
    pub order_memo: Option<String>,
    pub guest_memo: Option<String>,
    pub memo_inner: Option<String>,
    pub order_price: Option<i64>,
    pub supplier_price: Option<i64>,
    pub channel_price: Option<i64>,
    pub cancel_price: Option<i64>,
    pub remark: String,
}

#[allow(clippy::too_many_arguments)]
pub fn modify(
    conn: &mut DbConnection,
    saas_id: i64,
    party: Party,
    order_id: i64,
    m: &Modification,
    action: &str,
    who: &Actor,
    now: i64,
) -> Result<OrderSummary, ApiError> {
    let (o, d) = find(conn, saas_id, party, order_id)?.ok_or_else(not_found)?;
    let details = || order_details::table.filter(order_details::order_id.eq(order_id));
    if let Some(v) = &m.order_memo {
        diesel::update(details())
            .set(order_details::order_memo.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = &m.guest_memo {
        diesel::update(details())
            .set(order_details::guest_memo.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = &m.memo_inner {
        diesel::update(details())
            .set(order_details::memo_inner.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = m.cancel_price {
        diesel::update(details())
            .set(order_details::cancel_price.eq(v))
            .execute(conn)?;
    }
    let o = OrderSummary {
        order_price: m.order_price.unwrap_or(o.order_price),
        supplier_price: m.supplier_price.unwrap_or(o.supplier_price),
        channel_price: m.channel_price.unwrap_or(o.channel_price),
        updated_at: now.max(o.updated_at + 1),
        ..o
    };
    diesel::update(hotel_orders::table.find(order_id))
        .set((
            hotel_orders::order_price.eq(o.order_price),
            hotel_orders::supplier_price.eq(o.supplier_price),
            hotel_orders::channel_price.eq(o.channel_price),
            hotel_orders::updated_at.eq(o.updated_at),
        ))
        .execute(conn)?;
    log(
        conn,
        &o,
        who,
        action,
        o.order_state,
        o.order_state,
        &m.remark,
        now,
    )?;
    let s = states_of(&o, &d);
    let event = v1::OrderStateChanged {
        reason: if m.remark.is_empty() {
            action.to_owned()
        } else {
            format!("{action}: {}", m.remark)
        },
        ..changed_event(&o, &s, &s, Action::Arrange, &ActionInput::default(), who)
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "order.hotel.modified", saas_id, &event),
    )?;
    Ok(o)
}

/// Cancels the unpaid online-payment orders whose payment time has passed (stock returned,
/// logged, `order.hotel.cancelled`); answers how many. Each in its own transaction, so one
/// failure does not hold the others back.
pub fn cancel_unpaid(conn: &mut DbConnection, now: i64) -> anyhow::Result<usize> {
    let due: Vec<(i64, i64)> = hotel_orders::table
        .filter(hotel_orders::pay_deadline.gt(0))
        .filter(hotel_orders::pay_deadline.le(now))
        .filter(hotel_orders::order_state.eq(state::UNPAID))
        .select((hotel_orders::saas_id, hotel_orders::order_id))
        .limit(500)
        .load(conn)?;
    let mut done = 0;
    for (saas_id, order_id) in due {
        let input = ActionInput {
            remark: "未在支付时限内支付 / not paid in time".into(),
            ..ActionInput::default()
        };
        let r = platform::db::write_tx::<_, ApiError>(conn, |c| {
            act(
                c,
                saas_id,
                None,
                order_id,
                Action::TimeoutCancel,
                &input,
                &Actor::system(),
                now,
            )
        });
        match r {
            Ok(_) => done += 1,
            // Paid or cancelled meanwhile: nothing left to do.
            Err(ApiError::Rule { .. }) => {}
            Err(e) => return Err(anyhow::anyhow!("cancelling unpaid order {order_id}: {e}")),
        }
    }
    Ok(done)
}

/// Which orders a list shows.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    pub order_id: Option<i64>,
    pub hotel_id: Option<i64>,
    pub product_id: Option<i64>,
    pub supplier_id: Option<i64>,
    pub distributor_id: Option<i64>,
    /// The start of the contact's name or phone.
    pub contact: Option<String>,
    pub order_state: Option<i32>,
    pub supplier_order_state: Option<i32>,
    pub channel_order_state: Option<i32>,
    pub pay_state: Option<i32>,
    pub cancel_apply: Option<i32>,
    /// 1 order (created) date, 2 check-in date, 3 check-out date.
    pub date_type: i32,
    /// Inclusive day numbers.
    pub start: Option<i64>,
    pub end: Option<i64>,
}

/// The tenant's orders the party may see: a supplier those of its products, a distributor
/// those it booked.
fn visible(saas_id: i64, party: Party) -> hotel_orders::BoxedQuery<'static, Db> {
    let q = hotel_orders::table
        .filter(hotel_orders::saas_id.eq(saas_id))
        .into_boxed::<Db>();
    match party {
        Party::Operator => q,
        Party::Supplier(m) => q.filter(hotel_orders::supplier_id.eq(m)),
        Party::Distributor(m) => q.filter(hotel_orders::distributor_id.eq(m)),
    }
}

/// A page of the orders the party may see, newest first.
pub fn list(
    conn: &mut DbConnection,
    saas_id: i64,
    party: Party,
    f: &OrderFilter,
    page: PageRequest,
) -> QueryResult<(Vec<OrderSummary>, i64)> {
    let query = || {
        let mut q = visible(saas_id, party);
        if let Some(v) = f.order_id {
            q = q.filter(hotel_orders::order_id.eq(v));
        }
        if let Some(v) = f.hotel_id {
            q = q.filter(hotel_orders::hotel_id.eq(v));
        }
        if let Some(v) = f.product_id {
            q = q.filter(hotel_orders::product_id.eq(v));
        }
        if let Some(v) = f.supplier_id {
            q = q.filter(hotel_orders::supplier_id.eq(v));
        }
        if let Some(v) = f.distributor_id {
            q = q.filter(hotel_orders::distributor_id.eq(v));
        }
        if let Some(c) = f
            .contact
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        {
            let pattern = platform::db::prefix_pattern(c);
            q = q.filter(
                hotel_orders::contact_name
                    .like(pattern.clone())
                    .or(hotel_orders::contact_phone.like(pattern)),
            );
        }
        if let Some(v) = f.order_state {
            q = q.filter(hotel_orders::order_state.eq(v));
        }
        if let Some(v) = f.supplier_order_state {
            q = q.filter(hotel_orders::supplier_order_state.eq(v));
        }
        if let Some(v) = f.channel_order_state {
            q = q.filter(hotel_orders::channel_order_state.eq(v));
        }
        if let Some(v) = f.pay_state {
            q = q.filter(hotel_orders::pay_state.eq(v));
        }
        if let Some(v) = f.cancel_apply {
            q = q.filter(hotel_orders::cancel_apply.eq(v));
        }
        match f.date_type {
            2 => {
                if let Some(s) = f.start {
                    q = q.filter(hotel_orders::checkin_date.ge(platform::time::format_day(s)));
                }
                if let Some(e) = f.end {
                    q = q.filter(hotel_orders::checkin_date.le(platform::time::format_day(e)));
                }
            }
            3 => {
                if let Some(s) = f.start {
                    q = q.filter(hotel_orders::checkout_date.ge(platform::time::format_day(s)));
                }
                if let Some(e) = f.end {
                    q = q.filter(hotel_orders::checkout_date.le(platform::time::format_day(e)));
                }
            }
            _ => {
                if let Some(s) = f.start {
                    q = q.filter(hotel_orders::created_at.ge(platform::time::day_start_ms(s)));
                }
                if let Some(e) = f.end {
                    q = q.filter(hotel_orders::created_at.lt(platform::time::day_start_ms(e + 1)));
                }
            }
        }
        q
    };
    let total = query()
        .select(hotel_orders::order_id)
        .limit(COUNT_CAP + 1)
        .load::<i64>(conn)?
        .len() as i64;
    let rows = query()
        .order((
            hotel_orders::created_at.desc(),
            hotel_orders::order_id.desc(),
        ))
        .offset(page.offset())
        .limit(page.limit())
        .select(OrderSummary::as_select())
        .load(conn)?;
    Ok((rows, total.min(COUNT_CAP)))
}

/// Order lists count at most this many matches (`sizeAll`): a page then costs about the same
/// over a million orders as over a thousand; past it the console asks for narrower filters.
pub const COUNT_CAP: i64 = 10_000;

/// One row of the product report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductSummary {
    pub product_id: i64,
    pub product_name: String,
    pub hotel_id: i64,
    pub hotel_name: String,
    pub order_num: i64,
    /// Rooms × nights of those orders.
    pub room_nights: i64,
    pub order_price: i64,
    /// What the supplier is paid: not the distributor's to know (left out for it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supplier_price: Option<i64>,
    /// Left out for distributors, as the supplier price.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profit: Option<i64>,
    /// Of those, orders that ended cancelled, refunded or invalid.
    pub cancel_num: i64,
}

impl ProductSummary {
    /// The row as a distributor may read it.
    pub fn without_costs(self) -> Self {
        Self {
            supplier_price: None,
            profit: None,
            ..self
        }
    }
}

/// product, its name, hotel, its name, rooms, nights, order price, supplier price, state.
type ReportRow = (i64, String, i64, String, i32, i32, i64, i64, i32);

/// Per product, orders created in the period (day numbers, inclusive), excluding those that
/// ended cancelled, refunded or invalid from the amounts.
pub fn product_summary(
    conn: &mut DbConnection,
    saas_id: i64,
    party: Party,
    first: i64,
    last: i64,
) -> QueryResult<Vec<ProductSummary>> {
    let q = visible(saas_id, party)
        .filter(hotel_orders::created_at.ge(platform::time::day_start_ms(first)))
        .filter(hotel_orders::created_at.lt(platform::time::day_start_ms(last + 1)));
    // Summed here rather than in SQL: conditional sums are not portable through diesel's DSL,
    // and a period's orders of one tenant fit in memory.
    let rows: Vec<ReportRow> = q
        .select((
            hotel_orders::product_id,
            hotel_orders::product_name,
            hotel_orders::hotel_id,
            hotel_orders::hotel_name,
            hotel_orders::product_num,
            hotel_orders::nights,
            hotel_orders::order_price,
            hotel_orders::supplier_price,
            hotel_orders::order_state,
        ))
        .load(conn)?;
    let mut by: std::collections::BTreeMap<i64, ProductSummary> = Default::default();
    for (pid, pname, hid, hname, rooms, nights, price, cost, st) in rows {
        let e = by.entry(pid).or_insert_with(|| ProductSummary {
            product_id: pid,
            product_name: pname,
            hotel_id: hid,
            hotel_name: hname,
            order_num: 0,
            room_nights: 0,
            order_price: 0,
            supplier_price: Some(0),
            profit: Some(0),
            cancel_num: 0,
        });
        e.order_num += 1;
        if matches!(st, state::CANCELLED | state::REFUNDED | state::INVALID) {
            e.cancel_num += 1;
            continue;
        }
        e.room_nights += i64::from(rooms) * i64::from(nights);
        e.order_price += price;
        *e.supplier_price.get_or_insert(0) += cost;
        *e.profit.get_or_insert(0) += price - cost;
    }
    let mut out: Vec<ProductSummary> = by.into_values().collect();
    out.sort_by(|a, b| {
        b.order_price
            .cmp(&a.order_price)
            .then(a.product_id.cmp(&b.product_id))
    });
    Ok(out)
}

/// A page of the tenant's order log (an order's, when given), newest first.
pub fn log_page(
    conn: &mut DbConnection,
    saas_id: i64,
    order_id: Option<i64>,
    action: Option<&str>,
    page: PageRequest,
) -> QueryResult<(Vec<OrderLog>, i64)> {
    let query = || {
        let mut q = order_logs::table
            .filter(order_logs::saas_id.eq(saas_id))
            .into_boxed::<Db>();
        if let Some(o) = order_id {
            q = q.filter(order_logs::order_id.eq(o));
        }
        if let Some(a) = action.filter(|a| !a.is_empty()) {
            q = q.filter(order_logs::action.eq(a.to_owned()));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((order_logs::created_at.desc(), order_logs::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(OrderLog::as_select())
        .load(conn)?;
    Ok((rows, total))
}
