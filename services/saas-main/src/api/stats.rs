//! Order statistics for the dashboards: `/saas/stats/orderStats/{list,count}`. Answers come from
//! per-hour sums, so their cost follows the length of the range, not the number of orders.

use actix_web::{get, web};
use platform::db::{DbPool, with_conn};
use platform::http::{Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::required_dates;
use crate::domain::stats::{self, Counters};
use crate::store::merchants;
use crate::store::stats::{self as stats_store, StatFilter};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StatsQuery {
    /// First day, YYYY-MM-DD (China time).
    pub start_date: Option<String>,
    /// Last day, YYYY-MM-DD, inclusive.
    pub end_date: Option<String>,
    /// 10 hotel, 20 ticket, 60 mall ... (-99 or absent: all).
    pub product_type: Option<i32>,
    /// 1 hourly (up to 7 days), 2 daily (up to 90 days), 3 monthly (up to 12 months); absent:
    /// the default for the range.
    pub display_type: Option<i32>,
    pub supplier_interface_id: Option<i64>,
    pub distributor_interface_id: Option<i64>,
}

#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatsRow {
    /// `2026-11-22 13:00`, `2026-11-22` or `2026-11`.
    pub time: String,
    pub order_num: i64,
    /// fen.
    pub order_total_money: i64,
    pub order_success: i64,
    pub order_success_money: i64,
    pub order_success_profit: i64,
    pub order_cancel: i64,
    pub order_cancel_money: i64,
    pub order_fail: i64,
    pub order_fail_money: i64,
}

impl StatsRow {
    pub(crate) fn add(&mut self, h: &Counters) {
        self.order_num += h.order_num;
        self.order_total_money += h.order_money;
        self.order_success += h.success_num;
        self.order_success_money += h.success_money;
        self.order_success_profit += h.success_profit;
        self.order_cancel += h.cancel_num;
        self.order_cancel_money += h.cancel_money;
        self.order_fail += h.fail_num;
        self.order_fail_money += h.fail_money;
    }
}

fn range(q: &StatsQuery) -> Result<(i64, i64), ApiError> {
    let (first, last) = required_dates(q.start_date.as_deref(), q.end_date.as_deref())?;
    if last < first {
        return Err(ApiError::invalid_field(
            "endDate",
            "结束日期不能早于开始日期",
            "cannot be before startDate",
        ));
    }
    Ok((first, last))
}

fn filter(q: &StatsQuery) -> StatFilter {
    StatFilter {
        product_type: unless_all(q.product_type),
        supplier_interface_id: q.supplier_interface_id,
        distributor_interface_id: q.distributor_interface_id,
    }
}

/// One row per hour, day or month of the range (zeros where nothing happened).
#[utoipa::path(params(StatsQuery), responses((status = 200, body = [StatsRow]), (status = 412, description = "no or a bad date, a display type the range does not allow")), security(("bearer" = [])), tag = "stats")]
#[get("/saas/stats/orderStats/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<StatsQuery>,
) -> Result<Reply<Vec<StatsRow>>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    let (first, last) = range(&q)?;
    let display = stats::display_for(
        last - first + 1,
        stats::months_between(first, last),
        q.display_type,
    )?;
    let buckets = stats::buckets(display, first, last);
    let f = filter(&q);
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(stats_store::tenant_sums(
            conn, &viewer, first, last, display, f,
        )?)
    })
    .await?;
    let mut out: Vec<StatsRow> = buckets
        .iter()
        .map(|(start, _)| StatsRow {
            time: stats::label(display, *start),
            ..StatsRow::default()
        })
        .collect();
    for h in &rows {
        // Buckets are in order and contiguous: the one holding the hour is found by search.
        let i = buckets.partition_point(|(_, end)| *end <= h.start_ms);
        if let Some(row) = out.get_mut(i) {
            row.add(&h.c);
        }
    }
    Ok(Reply(out))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatsCount {
    pub order_total: i64,
    pub order_success: i64,
    pub order_success_money: i64,
    pub order_success_profit: i64,
    /// Today's (China time) successful amount and profit, fen.
    pub today_success_money: i64,
    pub today_success_profit: i64,
}

/// Totals over the range (the last 30 days when none is given) and today's figures.
#[utoipa::path(params(StatsQuery), responses((status = 200, body = StatsCount), (status = 412)), security(("bearer" = [])), tag = "stats")]
#[get("/saas/stats/orderStats/count")]
pub async fn count(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<StatsQuery>,
) -> Result<Reply<StatsCount>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    let today = stats::day_of_ms(platform::time::now_ms());
    let (first, last) = if q.start_date.is_none() && q.end_date.is_none() {
        (today - 29, today)
    } else {
        range(&q)?
    };
    let f = filter(&q);
    // Whole months and days at the edges answer any range in a few rows.
    let whole = stats::Display::Monthly;
    let answer = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let mut total = StatsRow::default();
        for h in stats_store::tenant_sums(conn, &viewer, first, last, whole, f)? {
            total.add(&h.c);
        }
        let mut day = StatsRow::default();
        for h in stats_store::tenant_sums(conn, &viewer, today, today, stats::Display::Daily, f)? {
            day.add(&h.c);
        }
        Ok(StatsCount {
            order_total: total.order_num,
            order_success: total.order_success,
            order_success_money: total.order_success_money,
            order_success_profit: total.order_success_profit,
            today_success_money: day.order_success_money,
            today_success_profit: day.order_success_profit,
        })
    })
    .await?;
    Ok(Reply(answer))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductQuery {
    /// 10 hotel, 20 ticket ... (-99 or absent: all).
    pub product_type: Option<i32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProductCount {
    /// Products not deleted.
    pub total: i64,
    /// Those on sale (published, shelved and enabled).
    pub sale: i64,
}

/// The tenant's products (a supplier's user: its own), from the product apps' events.
#[utoipa::path(params(ProductQuery), responses((status = 200, body = ProductCount)), security(("bearer" = [])), tag = "stats")]
#[get("/saas/stats/productStats/count")]
pub async fn product_count(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ProductQuery>,
) -> Result<Reply<ProductCount>, ApiError> {
    let product_type = unless_all(q.product_type);
    let (total, sale) = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        // A supplier's user counts its own products (the store confines it); a distributor's
        // sells what is on sale in the tenant, so all it counts is on sale.
        let (total, sale) = stats_store::product_counts(conn, &viewer, None, product_type)?;
        Ok(if viewer.distributor().is_some() {
            (sale, sale)
        } else {
            (total, sale)
        })
    })
    .await?;
    Ok(Reply(ProductCount { total, sale }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceMerchant {
    pub mch_id: i64,
    pub mch_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceEntry {
    pub interface_id: i64,
    /// The merchants whose orders came through it.
    pub merchants: Vec<InterfaceMerchant>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceLists {
    /// Sales channels' interfaces (orders from distributors' systems).
    pub channel_interface_list: Vec<InterfaceEntry>,
    /// Suppliers' interfaces (orders placed into suppliers' systems).
    pub supplier_interface_list: Vec<InterfaceEntry>,
}

/// The interfaces the tenant's orders of the last year came through, for the statistics'
/// filters (`supplierInterfaceId`, `distributorInterfaceId`), each with its merchants.
#[utoipa::path(responses((status = 200, body = InterfaceLists)), security(("bearer" = [])), tag = "stats")]
#[get("/saas/stats/common/interfaceList")]
pub async fn interface_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
) -> Result<Reply<InterfaceLists>, ApiError> {
    viewer.require_tenant_staff()?;
    let since = stats::day_of_ms(platform::time::now_ms()) - 365;
    let lists = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let channel = stats_store::interfaces(conn, &viewer, stats::Side::Distributor, since)?;
        let supplier = stats_store::interfaces(conn, &viewer, stats::Side::Supplier, since)?;
        let ids: Vec<i64> = channel.iter().chain(&supplier).map(|(_, m)| *m).collect();
        let names = merchants::names(conn, &viewer, &ids)?;
        let group = |pairs: Vec<(i64, i64)>| {
            let mut out: Vec<InterfaceEntry> = Vec::new();
            for (interface_id, mch_id) in pairs {
                let merchant = InterfaceMerchant {
                    mch_id,
                    mch_name: names.get(&mch_id).cloned().unwrap_or_default(),
                };
                match out.last_mut() {
                    Some(e) if e.interface_id == interface_id => e.merchants.push(merchant),
                    _ => out.push(InterfaceEntry {
                        interface_id,
                        merchants: vec![merchant],
                    }),
                }
            }
            out
        };
        Ok(InterfaceLists {
            channel_interface_list: group(channel),
            supplier_interface_list: group(supplier),
        })
    })
    .await?;
    Ok(Reply(lists))
}

platform::endpoints!(list, count, product_count, interface_list);
