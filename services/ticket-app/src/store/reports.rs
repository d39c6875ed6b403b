//! The ticket order report: per product, the orders created in a period, their tickets and
//! amounts, added up by `platform::trade::report::Tally` as for hotel orders (the supplier's
//! price and the profit as the caller may read them).

use std::collections::BTreeMap;

use diesel::prelude::*;
use platform::Viewer;
use platform::db::DbConnection;
use platform::trade::report::Tally;
use serde::Serialize;
use utoipa::ToSchema;

use super::orders::visible;
use super::schema::{scenic_infos, ticket_orders, ticket_products};

/// One row of the ticket product report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketProductSummary {
    pub product_id: i64,
    pub product_name: String,
    pub scenic_id: i64,
    pub scenic_name: String,
    pub order_num: i64,
    /// Tickets of the orders still standing.
    pub ticket_num: i64,
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

/// Per product, the orders `viewer` sees created in the period (day numbers, inclusive), the
/// largest amount first.
pub fn product_summary(
    conn: &mut DbConnection,
    viewer: &Viewer,
    first: i64,
    last: i64,
) -> QueryResult<Vec<TicketProductSummary>> {
    // Summed here rather than in SQL, as for hotel orders: conditional sums are not portable
    // through diesel's DSL, and a period's orders of one tenant fit in memory.
    let rows: Vec<(i64, i64, i64, i64, i64, i32)> = visible(viewer)
        .filter(ticket_orders::created_at.ge(platform::time::day_start_ms(first)))
        .filter(ticket_orders::created_at.lt(platform::time::day_start_ms(last + 1)))
        .select((
            ticket_orders::product_id,
            ticket_orders::scenic_id,
            ticket_orders::quantity,
            ticket_orders::order_price,
            ticket_orders::supplier_price,
            ticket_orders::order_state,
        ))
        .load(conn)?;
    let mut by: BTreeMap<i64, (i64, Tally)> = BTreeMap::new();
    for (product, scenic, quantity, price, paid, state) in rows {
        let (_, tally) = by
            .entry(product)
            .or_insert_with(|| (scenic, Tally::new(viewer)));
        tally.add(state, quantity, price, paid);
    }
    let products: Vec<i64> = by.keys().copied().collect();
    let mut scenics: Vec<i64> = by.values().map(|(s, _)| *s).collect();
    scenics.sort_unstable();
    scenics.dedup();
    let product_names: BTreeMap<i64, String> = ticket_products::table
        .filter(ticket_products::saas_id.eq(viewer.saas_id))
        .filter(ticket_products::id.eq_any(&products))
        .select((ticket_products::id, ticket_products::product_name))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect();
    let scenic_names: BTreeMap<i64, String> = scenic_infos::table
        .filter(scenic_infos::saas_id.eq(viewer.saas_id))
        .filter(scenic_infos::id.eq_any(&scenics))
        .select((scenic_infos::id, scenic_infos::scenic_name))
        .load::<(i64, String)>(conn)?
        .into_iter()
        .collect();
    let mut out: Vec<TicketProductSummary> = by
        .into_iter()
        .map(|(product_id, (scenic_id, t))| TicketProductSummary {
            product_id,
            product_name: product_names.get(&product_id).cloned().unwrap_or_default(),
            scenic_id,
            scenic_name: scenic_names.get(&scenic_id).cloned().unwrap_or_default(),
            order_num: t.order_num,
            ticket_num: t.units,
            order_price: t.order_price,
            supplier_price: t.supplier_price,
            profit: t.profit,
            cancel_num: t.cancel_num,
        })
        .collect();
    out.sort_by(|a, b| {
        b.order_price
            .cmp(&a.order_price)
            .then(a.product_id.cmp(&b.product_id))
    });
    Ok(out)
}
