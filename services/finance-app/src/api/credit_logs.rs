//! The credit log: `/saas/credit/log/list`, one row per order of the tenant (the spec's
//! `saasMchCreditLog`), kept from the order services' events. The tenant's staff see every row;
//! a distributor's users their own distributor's (without the supplier's price); a supplier's
//! users none.

use actix_web::{get, web};
use platform::db::{DbPool, with_conn};
use platform::http::{Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::domain::credit_log::{self, DateFilter, DayRange};
use crate::store::credit_logs::{self, CreditLog, CreditLogFilter};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CreditLogQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// -99 or absent: all.
    pub supplier_mch_id: Option<i64>,
    /// -99 or absent: all the caller sees.
    pub distributor_mch_id: Option<i64>,
    /// 10 hotel, 20 ticket, ... (-99 or absent: all).
    pub product_type: Option<i32>,
    pub order_id: Option<i64>,
    /// Part of the product's name.
    pub product_name: Option<String>,
    /// The start of the contact's name or phone.
    pub contact: Option<String>,
    /// 1 pending confirm, 2 deducted, 3 failed, 4 pending cancel, 5 unpaid, 6 paid, 7 not
    /// received, 8 received (-99 or absent: all).
    pub state: Option<i32>,
    /// none 1, partial 2, full 3 (-99 or absent: all).
    pub receipt_progress: Option<i32>,
    /// none 1, partial 2, full 3 (-99 or absent: all).
    pub payment_progress: Option<i32>,
    /// What `startDate` and `endDate` apply to, and with either of them the date the list is
    /// ordered by: 0 pay date, 1 order date (default), 2 check-in date, 3 end date.
    pub date_type: Option<i32>,
    /// `YYYY-MM-DD`, inclusive.
    pub start_date: Option<String>,
    /// `YYYY-MM-DD`, inclusive.
    pub end_date: Option<String>,
}

fn all_or(v: Option<i64>) -> Option<i64> {
    v.filter(|v| *v != -99)
}

/// The credit log rows the caller sees, newest first by the date the range is on (`dateType`,
/// with `startDate` or `endDate`; without a range by order date); `sizeAll` counts up to
/// 10,000.
#[utoipa::path(params(CreditLogQuery), responses((status = 200, body = Page<CreditLog>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "credit", summary = "List the credit log")]
#[get("/saas/credit/log/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<CreditLogQuery>,
) -> Result<Reply<Page<CreditLog>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let state = unless_all(q.state);
    if let Some(s) = state {
        platform::validate::one_of("state", s, credit_log::state::ALL)?;
    }
    let receipt_progress = unless_all(q.receipt_progress);
    if let Some(p) = receipt_progress {
        platform::validate::one_of("receiptProgress", p, credit_log::progress::ALL)?;
    }
    let payment_progress = unless_all(q.payment_progress);
    if let Some(p) = payment_progress {
        platform::validate::one_of("paymentProgress", p, credit_log::progress::ALL)?;
    }
    let filter = CreditLogFilter {
        supplier_mch_id: all_or(q.supplier_mch_id),
        distributor_mch_id: all_or(q.distributor_mch_id),
        product_type: unless_all(q.product_type),
        order_id: q.order_id,
        product_name: q.product_name,
        contact: q.contact,
        state,
        receipt_progress,
        payment_progress,
        date_type: Some(DateFilter::parse(q.date_type)?),
        days: DayRange::parse(q.start_date.as_deref(), q.end_date.as_deref())?,
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = credit_logs::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

platform::endpoints!(list);
