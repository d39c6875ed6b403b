//! Order reports: per product for a period.

use actix_web::{get, web};
use platform::db::{DbPool, with_conn};
use platform::http::{Query, Reply};
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::store::orders::{self, ProductSummary};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PeriodQuery {
    /// First order date, YYYY-MM-DD (a period of at most a year).
    pub start_date: String,
    /// Last order date, inclusive.
    pub end_date: String,
}

/// Per product, the orders created in the period: how many, room nights, amounts and profit
/// of those not cancelled, refunded or invalid (and how many were). A supplier sees its own
/// products, a distributor its own orders; largest amount first.
#[utoipa::path(params(PeriodQuery), responses((status = 200, body = [ProductSummary]), (status = 412)), security(("bearer" = [])), tag = "report", summary = "Report orders per product")]
#[get("/saas/order/hotelOrderReport/listProductSummary")]
pub async fn list_product_summary(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<PeriodQuery>,
) -> Result<Reply<Vec<ProductSummary>>, ApiError> {
    let (first, last) = platform::trade::report::period(&q.start_date, &q.end_date)?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(orders::product_summary(conn, &viewer, first, last)?)
    })
    .await?;
    Ok(Reply(out))
}

platform::endpoints!(list_product_summary);
