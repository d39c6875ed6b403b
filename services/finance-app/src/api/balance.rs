//! Balances: `/saas/balance/info/*`. Each distributor account's prepaid money, used credit and
//! what is available, and the chart of balance and used credit over time. The tenant's staff
//! see every distributor's; a distributor's users their own; a supplier's users none.

use actix_web::{get, web};
use platform::db::{DbPool, with_conn};
use platform::http::{Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::IntoParams;

use super::credit::which_distributor;
use crate::domain::credit::{self, DayPoint};
use crate::store::accounts::{self, Account, AccountFilter};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BalanceListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// The distributor (-99 or absent: all the caller sees).
    pub mch_id: Option<i64>,
    /// Credit state (-99 or absent: all).
    pub state: Option<i32>,
}

/// The balances the caller sees: prepaid money, used credit and what is available.
#[utoipa::path(params(BalanceListQuery), responses((status = 200, body = Page<Account>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "balance", summary = "List balances")]
#[get("/saas/balance/info/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<BalanceListQuery>,
) -> Result<Reply<Page<Account>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = AccountFilter {
        mch_id: q.mch_id.filter(|m| *m != -99),
        state: unless_all(q.state),
    };
    let today = platform::time::day_of_ms(platform::time::now_ms());
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = accounts::list(conn, &viewer, &filter, page, today)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct GraphQuery {
    /// The distributor (the tenant's staff; a distributor's users see their own).
    pub mch_id: Option<i64>,
    /// `YYYY-MM-DD`; 29 days before the end when absent.
    pub start_date: Option<String>,
    /// `YYYY-MM-DD`; today when absent. At most 366 days in all.
    pub end_date: Option<String>,
}

/// A distributor's balance and used credit at the end of each day, for a chart.
#[utoipa::path(params(GraphQuery), responses((status = 200, body = Vec<DayPoint>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "balance", summary = "Chart a distributor's balance and used credit")]
#[get("/saas/balance/info/graphList")]
pub async fn graph_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<GraphQuery>,
) -> Result<Reply<Vec<DayPoint>>, ApiError> {
    let q = q.into_inner();
    let mch_id = which_distributor(&viewer, q.mch_id)?;
    let today = platform::time::day_of_ms(platform::time::now_ms());
    let (from, to) = credit::graph_span(q.start_date.as_deref(), q.end_date.as_deref(), today)?;
    let figures = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(accounts::day_figures(conn, &viewer, mch_id, from, to)?)
    })
    .await?;
    Ok(Reply(credit::daily(&figures, from, to)))
}

platform::endpoints!(list, graph_list);
