//! Reading orders: the lists (each caller's orders only) and one order with its guests and
//! nights.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;

use super::{Guest, OrderDetail, OrderNight, OrderSummary};
use crate::store::schema::{hotel_orders, order_details, order_guests, order_nights};

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

/// The tenant's orders `viewer` sees: a supplier's user those of its products, a
/// distributor's those it booked.
pub(super) fn visible(viewer: &Viewer) -> hotel_orders::BoxedQuery<'static, Db> {
    let mut q = hotel_orders::table
        .filter(hotel_orders::saas_id.eq(viewer.saas_id))
        .into_boxed::<Db>();
    if let Some(m) = viewer.supplier() {
        q = q.filter(hotel_orders::supplier_id.eq(m));
    }
    if let Some(m) = viewer.distributor() {
        q = q.filter(hotel_orders::distributor_id.eq(m));
    }
    q
}

/// A page of the orders `viewer` sees, newest first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &OrderFilter,
    page: PageRequest,
) -> QueryResult<(Vec<OrderSummary>, i64)> {
    let query = || {
        let mut q = visible(viewer);
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
            q = q.filter(
                hotel_orders::contact_name
                    .starts_with_text(c)
                    .or(hotel_orders::contact_phone.starts_with_text(c)),
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

/// The order of the tenant, if `viewer` sees it.
pub fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    order_id: i64,
) -> QueryResult<Option<(OrderSummary, OrderDetail)>> {
    let mut q = hotel_orders::table
        .inner_join(order_details::table.on(order_details::order_id.eq(hotel_orders::order_id)))
        .filter(hotel_orders::order_id.eq(order_id))
        .filter(hotel_orders::saas_id.eq(viewer.saas_id))
        .into_boxed::<Db>();
    if let Some(m) = viewer.supplier() {
        q = q.filter(hotel_orders::supplier_id.eq(m));
    }
    if let Some(m) = viewer.distributor() {
        q = q.filter(hotel_orders::distributor_id.eq(m));
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
