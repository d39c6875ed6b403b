//! Placing an order: its rows, log entry and `order.hotel.created`, then the stock of every
//! night taken, or none.

use diesel::prelude::*;
use platform::ApiError;
use platform::db::DbConnection;

use super::log::{self, Entry};
use super::{OrderCtx, OrderDetail, OrderNight, OrderSummary, events};
use crate::domain::booking::{self, NightRefusal, Stay};
use crate::domain::order_rules;
use crate::domain::order_state::{self, state};
use crate::store::bookable::{Bookable, quote};
use crate::store::calendar::{self, Source};
use crate::store::schema::{hotel_orders, order_details, order_guests, order_nights};

/// Rows per multi-row insert: far more than a booking has (at most 90 nights, and 20 guests a
/// room), and with eight columns a row well under SQLite's 32,766 parameters.
const ROWS_PER_INSERT: usize = 500;

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
    /// The booking distributor's currency.
    pub currency: String,
}

/// Places an order of `p`; all in the caller's transaction, which an error must roll back (stock may
/// have been taken for some nights when a later one turns out sold out).
pub fn place(
    conn: &mut DbConnection,
    ctx: &OrderCtx,
    p: &Bookable,
    n: &NewOrder,
    pay_timeout_ms: i64,
) -> Result<OrderSummary, ApiError> {
    let now = ctx.now;
    let rules = platform::replica::price_rules_for(conn, ctx.viewer.saas_id, n.distributor_id)?;
    let q = quote(conn, p, &rules, n.distributor_id, &n.stay, now)?;
    if let Some(refusal) = q.refusal {
        return Err(refusal);
    }
    let pay_online = booking::pays_online(p.is_online_pay, n.pay_online);
    let states = order_state::initial(pay_online, q.need_confirm);
    let cancel = booking::cancel_terms(&p.terms, &n.stay, &q.priced);
    let order_id = platform::id::next_id();
    let o = OrderSummary {
        order_id,
        saas_id: ctx.viewer.saas_id,
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
        pay_deadline: order_rules::pay_deadline(states.order, now + pay_timeout_ms),
        created_at: now,
        updated_at: now,
    };
    diesel::insert_into(hotel_orders::table)
        .values(&o)
        .execute(conn)?;
    diesel::insert_into(order_details::table)
        .values(OrderDetail {
            order_id,
            supplier_order_id: String::new(),
            channel_order_id: n.channel_order_id.clone(),
            contact_id_type: n.contact_id_type,
            contact_id_no: n.contact_id_no.clone(),
            pay_type: 0,
            pay_price: 0,
            pay_date: 0,
            confirm_date: order_rules::initial_confirm_date(states.order, now),
            finish_date: 0,
            allowed_cancel: cancel.allowed,
            cancel_deadline: cancel.deadline,
            cancel_price: cancel.fee,
            order_memo: n.order_memo.clone(),
            guest_memo: n.guest_memo.clone(),
            memo_inner: String::new(),
            pre_cancel_state: state::VALID,
            currency: n.currency.clone(),
            pay_fail_reason: String::new(),
            pay_request_id: String::new(),
        })
        .execute(conn)?;
    let guests: Vec<super::Guest> = n
        .guests
        .iter()
        .enumerate()
        .map(|(i, g)| super::Guest {
            id: platform::id::next_id(),
            order_id,
            seq: i as i32,
            name: g.name.clone(),
            phone: g.phone.clone(),
            id_type: g.id_type,
            id_no: g.id_no.clone(),
            country: g.country.clone(),
        })
        .collect();
    // One statement per table, not per row; diesel builds a multi-row insert for one backend
    // at a time.
    for rows in guests.chunks(ROWS_PER_INSERT) {
        let insert = diesel::insert_into(order_guests::table).values(rows);
        platform::per_backend!(conn, |c| insert.execute(c))?;
    }
    let nights: Vec<OrderNight> = q
        .nights
        .iter()
        .map(|night| OrderNight {
            order_id,
            day: night.day.clone(),
            price: night.price,
            purchase_price: night.purchase_price,
            stock_source: night.source as i32,
        })
        .collect();
    for rows in nights.chunks(ROWS_PER_INSERT) {
        let insert = diesel::insert_into(order_nights::table).values(rows);
        platform::per_backend!(conn, |c| insert.execute(c))?;
    }
    log::write(
        conn,
        ctx,
        order_id,
        Entry {
            action: "create",
            from: log::CREATED_FROM,
            to: o.order_state,
            remark: "",
        },
    )?;
    events::created(conn, ctx, &o, &n.currency)?;
    // Stock last: the night rows every booking of the product competes for stay locked only
    // from here to the commit.
    let taken: Vec<(String, Source)> = q.nights.iter().map(|o| (o.day.clone(), o.source)).collect();
    if !calendar::take(conn, p.product_id, n.distributor_id, &taken, n.stay.rooms)? {
        // Another booking took the last rooms between the quote and now; the caller's
        // transaction rolls back everything written above.
        let day = q.nights.first().map_or(String::new(), |o| o.day.clone());
        return Err(NightRefusal::SoldOut.error(&day));
    }
    Ok(o)
}
