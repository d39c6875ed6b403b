//! The product report: per product, the orders created in a period, their room nights and
//! amounts, added up by `platform::trade::report::Tally` (the supplier's price and the profit as
//! the caller may read them).

use diesel::prelude::*;
use platform::Viewer;
use platform::db::DbConnection;
use serde::Serialize;
use utoipa::ToSchema;

use super::queries::visible;
use crate::store::schema::hotel_orders;
use platform::trade::report::Tally;

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

/// product, its name, hotel, its name, rooms, nights, order price, supplier price, state.
type ReportRow = (i64, String, i64, String, i32, i32, i64, i64, i32);

/// Per product, orders created in the period (day numbers, inclusive), excluding those that
/// ended cancelled, refunded or invalid from the amounts.
pub fn product_summary(
    conn: &mut DbConnection,
    viewer: &Viewer,
    first: i64,
    last: i64,
) -> QueryResult<Vec<ProductSummary>> {
    let q = visible(viewer)
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
    let mut by: std::collections::BTreeMap<i64, (String, i64, String, Tally)> = Default::default();
    for (pid, pname, hid, hname, rooms, nights, price, paid, st) in rows {
        let (_, _, _, tally) = by
            .entry(pid)
            .or_insert_with(|| (pname, hid, hname, Tally::new(viewer)));
        tally.add(st, i64::from(rooms) * i64::from(nights), price, paid);
    }
    let mut out: Vec<ProductSummary> = by
        .into_iter()
        .map(
            |(product_id, (product_name, hotel_id, hotel_name, t))| ProductSummary {
                product_id,
                product_name,
                hotel_id,
                hotel_name,
                order_num: t.order_num,
                room_nights: t.units,
                order_price: t.order_price,
                supplier_price: t.supplier_price,
                profit: t.profit,
                cancel_num: t.cancel_num,
            },
        )
        .collect();
    out.sort_by(|a, b| {
        b.order_price
            .cmp(&a.order_price)
            .then(a.product_id.cmp(&b.product_id))
    });
    Ok(out)
}
