//! `/saas/dashboard/index/{saasOverview,supplierOverview,distributorOverview,mchRank}`: the
//! figures of a period for the whole tenant, for one supplier or distributor, and the merchants
//! ranked by what they sold or bought. Answers are described in docs/dashboards.md.

use actix_web::{get, web};
use platform::db::{DbConnection, DbPool, with_conn};
use platform::http::{Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::merchants::{DISTRIBUTOR, SUPPLIER};
use crate::domain::stats::{self, Counters, Display, Side};
use crate::store::merchants;
use crate::store::stats::{self as stats_store, StatFilter};

/// Default and longest periods of the dashboard calls, days.
const DEFAULT_DAYS: i64 = 30;
const MAX_DAYS: i64 = 366;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OverviewQuery {
    /// First day, YYYY-MM-DD (China time); with endDate, or neither for the last 30 days.
    pub start_date: Option<String>,
    /// Last day, inclusive; at most 366 days after startDate.
    pub end_date: Option<String>,
    /// 10 hotel, 20 ticket ... (-99 or absent: all).
    pub product_type: Option<i32>,
    /// The merchant (operators only; a merchant's user always sees its own).
    pub mch_id: Option<i64>,
}

/// Order figures of a period; amounts in fen.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Figures {
    pub order_num: i64,
    pub order_total_money: i64,
    pub order_success: i64,
    pub order_success_money: i64,
    /// The tenant's margin: shown to the tenant's staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_success_profit: Option<i64>,
    pub order_cancel: i64,
    pub order_cancel_money: i64,
    pub order_fail: i64,
    pub order_fail_money: i64,
}

impl Figures {
    fn of<'a>(rows: impl Iterator<Item = &'a Counters>, with_profit: bool) -> Self {
        let mut c = Counters::default();
        for r in rows {
            c = c.plus(*r);
        }
        Self {
            order_num: c.order_num,
            order_total_money: c.order_money,
            order_success: c.success_num,
            order_success_money: c.success_money,
            order_success_profit: with_profit.then_some(c.success_profit),
            order_cancel: c.cancel_num,
            order_cancel_money: c.cancel_money,
            order_fail: c.fail_num,
            order_fail_money: c.fail_money,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaasOverview {
    pub start_date: String,
    pub end_date: String,
    /// The period's orders, by the hour they were created in.
    pub period: Figures,
    /// Today's (China time).
    pub today: Figures,
    pub supplier_num: i64,
    pub distributor_num: i64,
    /// Merchants with at least one order in the period.
    pub active_supplier_num: i64,
    pub active_distributor_num: i64,
    /// Products not deleted, and those on sale.
    pub product_total: i64,
    pub product_sale: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MerchantOverview {
    pub start_date: String,
    pub end_date: String,
    /// The merchant; absent for all the tenant's suppliers or distributors together.
    pub mch_id: Option<i64>,
    /// Amounts in the merchant's terms: what suppliers are paid, what distributors pay.
    pub period: Figures,
    pub today: Figures,
    /// The supplier's products (supplier overview only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product_total: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product_sale: Option<i64>,
}

fn label(day: i64) -> String {
    stats::label(Display::Daily, stats::day_start_ms(day))
}

fn today() -> i64 {
    stats::day_of_ms(platform::time::now_ms())
}

fn filter(product_type: Option<i32>) -> StatFilter {
    StatFilter {
        product_type: unless_all(product_type),
        ..StatFilter::default()
    }
}

/// The whole tenant over the period (30 days by default) and today: orders, merchants, products.
#[utoipa::path(params(OverviewQuery), responses((status = 200, body = SaasOverview), (status = 412, description = "a bad or too long period")), security(("bearer" = [])), tag = "stats")]
#[get("/saas/dashboard/index/saasOverview")]
pub async fn saas_overview(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OverviewQuery>,
) -> Result<Reply<SaasOverview>, ApiError> {
    viewer.require_tenant_staff()?;
    let today = today();
    let (first, last) = stats::period(
        q.start_date.as_deref(),
        q.end_date.as_deref(),
        today,
        DEFAULT_DAYS,
        MAX_DAYS,
    )?;
    let f = filter(q.product_type);
    let answer = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let v = &viewer;
        let period = stats_store::tenant_sums(conn, v, first, last, Display::Monthly, f)?;
        let day = stats_store::tenant_sums(conn, v, today, today, Display::Daily, f)?;
        let active = |conn: &mut DbConnection, side| -> Result<i64, ApiError> {
            let rows = stats_store::merchant_sums(conn, v, side, None, first, last, f)?;
            Ok(stats::active_merchants(
                rows.iter().map(|r| (r.mch_id, &r.c)),
            ))
        };
        let (product_total, product_sale) =
            stats_store::product_counts(conn, v, None, f.product_type)?;
        Ok(SaasOverview {
            start_date: label(first),
            end_date: label(last),
            period: Figures::of(period.iter().map(|r| &r.c), true),
            today: Figures::of(day.iter().map(|r| &r.c), true),
            supplier_num: merchants::count(conn, v, SUPPLIER)?,
            distributor_num: merchants::count(conn, v, DISTRIBUTOR)?,
            active_supplier_num: active(conn, Side::Supplier)?,
            active_distributor_num: active(conn, Side::Distributor)?,
            product_total,
            product_sale,
        })
    })
    .await?;
    Ok(Reply(answer))
}

/// Which merchant an overview of `side` is about: a merchant's user its own (a merchant of
/// that side), an operator the one asked or, when none is, all of that side.
fn whose(
    conn: &mut DbConnection,
    viewer: &Viewer,
    asked: Option<i64>,
    side: Side,
) -> Result<Option<i64>, ApiError> {
    if let Some(own) = viewer.mch_id() {
        let on_side = match side {
            Side::Supplier => viewer.supplier(),
            _ => viewer.distributor(),
        };
        if on_side.is_none() || asked.is_some_and(|m| m != own) {
            return Err(platform::auth::forbidden());
        }
        return Ok(Some(own));
    }
    let Some(m) = asked else {
        return Ok(None);
    };
    let (mch_type, unknown) = match side {
        Side::Supplier => (SUPPLIER, ("没有这个供应商", "no such supplier")),
        _ => (DISTRIBUTOR, ("没有这个分销商", "no such distributor")),
    };
    match merchants::find(conn, viewer, Some(mch_type), m)? {
        Some(_) => Ok(Some(m)),
        None => Err(ApiError::invalid_field("mchId", unknown.0, unknown.1)),
    }
}

async fn merchant_overview(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: OverviewQuery,
    side: Side,
) -> Result<MerchantOverview, ApiError> {
    let today = today();
    let (first, last) = stats::period(
        q.start_date.as_deref(),
        q.end_date.as_deref(),
        today,
        DEFAULT_DAYS,
        MAX_DAYS,
    )?;
    let f = filter(q.product_type);
    with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let mch = whose(conn, &viewer, q.mch_id, side)?;
        let staff = viewer.is_tenant_staff();
        let period = stats_store::merchant_sums(conn, &viewer, side, mch, first, last, f)?;
        let day = stats_store::merchant_sums(conn, &viewer, side, mch, today, today, f)?;
        let products = if side == Side::Supplier {
            Some(stats_store::product_counts(
                conn,
                &viewer,
                mch,
                f.product_type,
            )?)
        } else {
            None
        };
        Ok(MerchantOverview {
            start_date: label(first),
            end_date: label(last),
            mch_id: mch,
            period: Figures::of(period.iter().map(|r| &r.c), staff),
            today: Figures::of(day.iter().map(|r| &r.c), staff),
            product_total: products.map(|p| p.0),
            product_sale: products.map(|p| p.1),
        })
    })
    .await
}

/// A supplier's figures (what it is paid) and products; a supplier's user sees its own.
#[utoipa::path(params(OverviewQuery), responses((status = 200, body = MerchantOverview), (status = 403, description = "a merchant's user asking for another, or not a supplier"), (status = 412)), security(("bearer" = [])), tag = "stats")]
#[get("/saas/dashboard/index/supplierOverview")]
pub async fn supplier_overview(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OverviewQuery>,
) -> Result<Reply<MerchantOverview>, ApiError> {
    Ok(Reply(
        merchant_overview(pool, viewer, q.into_inner(), Side::Supplier).await?,
    ))
}

/// A distributor's figures (what it pays); a distributor's user sees its own.
#[utoipa::path(params(OverviewQuery), responses((status = 200, body = MerchantOverview), (status = 403, description = "a merchant's user asking for another, or not a distributor"), (status = 412)), security(("bearer" = [])), tag = "stats")]
#[get("/saas/dashboard/index/distributorOverview")]
pub async fn distributor_overview(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OverviewQuery>,
) -> Result<Reply<MerchantOverview>, ApiError> {
    Ok(Reply(
        merchant_overview(pool, viewer, q.into_inner(), Side::Distributor).await?,
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RankQuery {
    /// 1 suppliers (ranked by what they were paid), 2 distributors (by what they paid).
    pub mch_type: Option<i32>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub product_type: Option<i32>,
    /// How many, 1-50 (10 by default).
    pub limit: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RankRow {
    /// 1 for the first.
    pub rank: i64,
    pub mch_id: i64,
    pub mch_name: String,
    pub order_num: i64,
    pub order_success: i64,
    pub order_success_money: i64,
    pub order_success_profit: i64,
}

/// The merchants with the largest successful amount over the period (ties: more orders first,
/// then the older merchant).
#[utoipa::path(params(RankQuery), responses((status = 200, body = [RankRow]), (status = 412, description = "no or a bad merchant type, limit or period")), security(("bearer" = [])), tag = "stats")]
#[get("/saas/dashboard/index/mchRank")]
pub async fn mch_rank(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<RankQuery>,
) -> Result<Reply<Vec<RankRow>>, ApiError> {
    viewer.require_tenant_staff()?;
    let side = match q.mch_type {
        Some(SUPPLIER) => Side::Supplier,
        Some(DISTRIBUTOR) => Side::Distributor,
        _ => {
            return Err(ApiError::invalid_field(
                "mchType",
                "请选择 1（供应商）或 2（分销商）",
                "must be 1 (suppliers) or 2 (distributors)",
            ));
        }
    };
    let limit = q.limit.unwrap_or(10);
    if !(1..=50).contains(&limit) {
        return Err(ApiError::invalid_field(
            "limit",
            "只能是 1 到 50",
            "must be 1 to 50",
        ));
    }
    let today = today();
    let (first, last) = stats::period(
        q.start_date.as_deref(),
        q.end_date.as_deref(),
        today,
        DEFAULT_DAYS,
        MAX_DAYS,
    )?;
    let f = filter(q.product_type);
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let sums = stats_store::merchant_sums(conn, &viewer, side, None, first, last, f)?;
        let by_mch = stats::per_merchant(sums.iter().map(|r| (r.mch_id, &r.c)));
        let top = stats::rank(by_mch, limit as usize);
        let ids: Vec<i64> = top.iter().map(|(m, _)| *m).collect();
        let names = merchants::names(conn, &viewer, &ids)?;
        Ok(top
            .into_iter()
            .enumerate()
            .map(|(i, (mch_id, c))| RankRow {
                rank: i as i64 + 1,
                mch_id,
                mch_name: names.get(&mch_id).cloned().unwrap_or_default(),
                order_num: c.order_num,
                order_success: c.success_num,
                order_success_money: c.success_money,
                order_success_profit: c.success_profit,
            })
            .collect())
    })
    .await?;
    Ok(Reply(rows))
}

platform::endpoints!(
    saas_overview,
    supplier_overview,
    distributor_overview,
    mch_rank
);
