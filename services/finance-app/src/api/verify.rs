//! Reconciliation: `/saas/finance/verify/*`, the ledger per distributor (what its orders owe,
//! what is received, what is outstanding) and per supplier (what is owed it, paid,
//! outstanding), and the orders behind each line with their verify states (-1 abnormal, 0 not
//! reconciled, 1 partial, 2 full, 3 reviewed). The tenant's staff see every merchant; a
//! distributor's users their own receipt side, a supplier's users their own payment side.
//! The receipts and payments themselves are made in `receipts.rs` and `payments.rs`.

use actix_web::{get, web};
use platform::db::{DbPool, with_conn};
use platform::http::{Page, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::settlement::{all_or, page_of};
use crate::domain::credit_log::DayRange;
use crate::domain::settlement::{Side, verify};
use crate::store::settlements::{self as store, LedgerLine, VerifyFilter, VerifyOrder};

/// One distributor's line of the receipt ledger, in one currency (fen).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributorReceiptSummary {
    pub distributor_mch_id: i64,
    pub distributor_name: String,
    pub currency_code: String,
    /// Its orders that owe or have paid something.
    pub order_count: i64,
    /// Due.
    pub receipt_price: i64,
    /// Received.
    pub arrival_price: i64,
    /// Due − received, summed order by order.
    pub outstanding: i64,
    /// Orders whose amounts changed after they were put in a receipt.
    pub abnormal_count: i64,
}

/// One supplier's line of the payment ledger, in one currency (fen).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupplierPaySummary {
    pub supplier_mch_id: i64,
    pub supplier_name: String,
    pub currency_code: String,
    pub order_count: i64,
    /// Owed to the supplier.
    pub payment_price: i64,
    /// Paid.
    pub arrival_price: i64,
    pub outstanding: i64,
    pub abnormal_count: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DistributorSummaryQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// -99 or absent: every distributor the caller sees.
    pub distributor_mch_id: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SupplierSummaryQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// -99 or absent: every supplier the caller sees.
    pub supplier_mch_id: Option<i64>,
}

async fn lines(
    pool: &DbPool,
    viewer: Viewer,
    side: Side,
    mch_id: Option<i64>,
) -> Result<Vec<LedgerLine>, ApiError> {
    with_conn(pool, move |conn| -> Result<_, ApiError> {
        Ok(store::summary(conn, &viewer, side, mch_id)?)
    })
    .await
}

fn paged<T>(all: Vec<T>, page: platform::http::PageRequest) -> Page<T> {
    let total = i64::try_from(all.len()).unwrap_or(i64::MAX);
    let skip = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let take = usize::try_from(page.limit()).unwrap_or(usize::MAX);
    Page::new(all.into_iter().skip(skip).take(take).collect(), total, page)
}

/// Per distributor: its orders, what they owe, what is received and what is outstanding.
#[utoipa::path(params(DistributorSummaryQuery), responses((status = 200, body = Page<DistributorReceiptSummary>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "verify", summary = "Receipt ledger per distributor")]
#[get("/saas/finance/verify/listDistributorReceiptSummary")]
pub async fn distributor_summary(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<DistributorSummaryQuery>,
) -> Result<Reply<Page<DistributorReceiptSummary>>, ApiError> {
    let page = page_of(q.page, q.result_num)?;
    let all = lines(&pool, viewer, Side::Receipt, all_or(q.distributor_mch_id)).await?;
    let rows = all
        .into_iter()
        .map(|l| DistributorReceiptSummary {
            distributor_mch_id: l.mch_id,
            distributor_name: l.mch_name,
            currency_code: l.currency,
            order_count: l.order_count,
            receipt_price: l.due,
            arrival_price: l.done,
            outstanding: l.outstanding,
            abnormal_count: l.abnormal_count,
        })
        .collect();
    Ok(Reply(paged(rows, page)))
}

/// Per supplier: its orders, what the tenant owes it, what is paid and what is outstanding.
#[utoipa::path(params(SupplierSummaryQuery), responses((status = 200, body = Page<SupplierPaySummary>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "verify", summary = "Payment ledger per supplier")]
#[get("/saas/finance/verify/listSupplierPaySummary")]
pub async fn supplier_summary(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<SupplierSummaryQuery>,
) -> Result<Reply<Page<SupplierPaySummary>>, ApiError> {
    let page = page_of(q.page, q.result_num)?;
    let all = lines(&pool, viewer, Side::Payment, all_or(q.supplier_mch_id)).await?;
    let rows = all
        .into_iter()
        .map(|l| SupplierPaySummary {
            supplier_mch_id: l.mch_id,
            supplier_name: l.mch_name,
            currency_code: l.currency,
            order_count: l.order_count,
            payment_price: l.due,
            arrival_price: l.done,
            outstanding: l.outstanding,
            abnormal_count: l.abnormal_count,
        })
        .collect();
    Ok(Reply(paged(rows, page)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DistributorOrderQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// -99 or absent: every distributor the caller sees.
    pub distributor_mch_id: Option<i64>,
    /// -1 abnormal, 0 not reconciled, 1 partial, 2 full, 3 reviewed (-99 or absent: all).
    pub verify_state: Option<i32>,
    /// Only the orders of this receipt (0: those in none).
    pub receipt_id: Option<i64>,
    /// Of the order date, `YYYY-MM-DD`, inclusive.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SupplierOrderQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// -99 or absent: every supplier the caller sees.
    pub supplier_mch_id: Option<i64>,
    /// -1 abnormal, 0 not reconciled, 1 partial, 2 full, 3 reviewed (-99 or absent: all).
    pub verify_state: Option<i32>,
    /// Only the orders of this payment (0: those in none).
    pub payment_id: Option<i64>,
    /// Of the order date, `YYYY-MM-DD`, inclusive.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

async fn orders(
    pool: &DbPool,
    viewer: Viewer,
    side: Side,
    filter: VerifyFilter,
    page: platform::http::PageRequest,
) -> Result<Page<VerifyOrder>, ApiError> {
    with_conn(pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::verify_orders(conn, &viewer, side, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await
}

fn verify_state(v: Option<i32>) -> Result<Option<i32>, ApiError> {
    let v = unless_all(v);
    if let Some(s) = v {
        platform::validate::one_of("verifyState", s, verify::ALL)?;
    }
    Ok(v)
}

/// The orders of the receipt ledger, oldest first, with their receipt figures and verify state.
#[utoipa::path(params(DistributorOrderQuery), responses((status = 200, body = Page<VerifyOrder>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "verify", summary = "Distributors' orders to reconcile")]
#[get("/saas/finance/verify/listDistributorVerifyOrder")]
pub async fn distributor_orders(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<DistributorOrderQuery>,
) -> Result<Reply<Page<VerifyOrder>>, ApiError> {
    let q = q.into_inner();
    let page = page_of(q.page, q.result_num)?;
    let filter = VerifyFilter {
        mch_id: all_or(q.distributor_mch_id),
        verify: verify_state(q.verify_state)?,
        settlement_id: q.receipt_id,
        days: DayRange::parse(q.start_date.as_deref(), q.end_date.as_deref())?,
    };
    Ok(Reply(
        orders(&pool, viewer, Side::Receipt, filter, page).await?,
    ))
}

/// The orders of the payment ledger, oldest first, with their payment figures and verify state.
#[utoipa::path(params(SupplierOrderQuery), responses((status = 200, body = Page<VerifyOrder>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "verify", summary = "Suppliers' orders to reconcile")]
#[get("/saas/finance/verify/listSupplierVerifyOrder")]
pub async fn supplier_orders(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<SupplierOrderQuery>,
) -> Result<Reply<Page<VerifyOrder>>, ApiError> {
    let q = q.into_inner();
    let page = page_of(q.page, q.result_num)?;
    let filter = VerifyFilter {
        mch_id: all_or(q.supplier_mch_id),
        verify: verify_state(q.verify_state)?,
        settlement_id: q.payment_id,
        days: DayRange::parse(q.start_date.as_deref(), q.end_date.as_deref())?,
    };
    Ok(Reply(
        orders(&pool, viewer, Side::Payment, filter, page).await?,
    ))
}

platform::endpoints!(
    distributor_summary,
    supplier_summary,
    distributor_orders,
    supplier_orders
);
