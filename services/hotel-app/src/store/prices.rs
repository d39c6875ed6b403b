//! The distributor price page's reading of the calendar (every distributor's own nights in
//! `price_distributor`), which only hotel-app serves. Writing the calendar and the price
//! calendar page are `platform::trade_store`'s over `store::calendar::Calendar`, as
//! ticket-app's are over its tables.

use std::collections::HashMap;

use diesel::prelude::*;
use platform::Viewer;
use platform::db::DbConnection;
use platform::time::format_day;
use platform::trade::price_rule::Scope;
use platform::trade_store::{CalendarTables, DistributorNight, common_stock};
use serde::Serialize;
use utoipa::ToSchema;

use super::calendar::{Calendar, CommonNight, OwnNight};
use super::schema::price_distributor;

/// A distributor's own night, for the distributor price page.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributorDay {
    pub day: String,
    pub distributor_id: i64,
    pub distributor_name: String,
    /// The common distribution price of the date.
    pub common_distribution_price: i64,
    pub common_stock_type: String,
    pub common_stock: Option<i64>,
    #[serde(flatten)]
    pub night: DistributorNight,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = price_distributor)]
struct OwnRow {
    distributor_id: i64,
    day: String,
    distribution_price: Option<i64>,
    stock: Option<i64>,
    sold: i64,
}

/// The distributors' own nights of a product (`product`: its supplier, type and id) from
/// `first` to `last`, each priced as that distributor pays it (its own price, else its level's
/// price rule, else the common price). With a distributor: one entry per priced date (its own
/// values null where it follows the common calendar); without: every distributor's own rows.
pub fn distributor_days(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product: Scope,
    distributor_id: Option<i64>,
    first: i64,
    last: i64,
) -> QueryResult<Vec<DistributorDay>> {
    let product_id = product.product_id;
    let common = Calendar::common_range(conn, product_id, &format_day(first), &format_day(last))?;
    let mut q = price_distributor::table
        .filter(price_distributor::product_id.eq(product_id))
        .filter(price_distributor::saas_id.eq(viewer.saas_id))
        .filter(price_distributor::day.ge(format_day(first)))
        .filter(price_distributor::day.le(format_day(last)))
        .into_boxed::<platform::db::Backend>();
    if let Some(d) = distributor_id {
        q = q.filter(price_distributor::distributor_id.eq(d));
    }
    let rows: Vec<OwnRow> = q
        .order((price_distributor::day, price_distributor::distributor_id))
        .select(OwnRow::as_select())
        .load(conn)?;
    let mut ids: Vec<i64> = rows.iter().map(|r| r.distributor_id).collect();
    ids.extend(distributor_id);
    ids.sort_unstable();
    ids.dedup();
    let names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    let rules: HashMap<i64, _> =
        platform::replica::price_rules_by_distributor(conn, viewer.saas_id, &ids)?
            .into_iter()
            .map(|(id, rules)| (id, platform::replica::rule_for(&rules, product)))
            .collect();
    let by_day: HashMap<&str, &CommonNight> = common.iter().map(|c| (c.day.as_str(), c)).collect();
    let entry = |c: &CommonNight, id: i64, own: Option<&OwnNight>| {
        let (common_stock_type, common_stock) = common_stock(c);
        DistributorDay {
            day: c.day.clone(),
            distributor_id: id,
            distributor_name: names.get(&id).cloned().unwrap_or_default(),
            common_distribution_price: c.distribution_price,
            common_stock_type,
            common_stock,
            night: DistributorNight::of(c, own, rules.get(&id).and_then(Option::as_ref)),
        }
    };
    let own_of = |r: &OwnRow| OwnNight {
        day: r.day.clone(),
        distribution_price: r.distribution_price,
        stock: r.stock,
        sold: r.sold,
    };
    if let Some(d) = distributor_id {
        let mine: HashMap<&str, OwnNight> =
            rows.iter().map(|r| (r.day.as_str(), own_of(r))).collect();
        return Ok(common
            .iter()
            .map(|c| entry(c, d, mine.get(c.day.as_str())))
            .collect());
    }
    Ok(rows
        .iter()
        .filter_map(|r| {
            by_day
                .get(r.day.as_str())
                .map(|c| entry(c, r.distributor_id, Some(&own_of(r))))
        })
        .collect())
}
