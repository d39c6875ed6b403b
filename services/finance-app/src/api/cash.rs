//! The cash log: `/saas/cash/log/*`, prepaid money put into and taken out of distributors'
//! balances. The tenant's finance staff record a movement; a distributor's users see their own
//! movements; a supplier's users none.

use actix_web::{get, post, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::IntoParams;

use super::credit::actor;
use crate::domain::credit::CashForm;
use crate::store::accounts::{self, Account, CashFilter, CashLog};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CashListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// The distributor (-99 or absent: all the caller sees).
    pub mch_id: Option<i64>,
    /// 1 money in, 2 money out (-99 or absent: both).
    pub direction: Option<i32>,
    /// `YYYY-MM-DD`, from the start of that day.
    pub start_date: Option<String>,
    /// `YYYY-MM-DD`, to the end of that day.
    pub end_date: Option<String>,
}

/// The movements of prepaid money the caller sees, newest first.
#[utoipa::path(params(CashListQuery), responses((status = 200, body = Page<CashLog>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "balance", summary = "List the cash log")]
#[get("/saas/cash/log/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<CashListQuery>,
) -> Result<Reply<Page<CashLog>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let direction = platform::http::unless_all(q.direction);
    if let Some(d) = direction {
        platform::validate::one_of("direction", d, &[1, 2])?;
    }
    let day = |field: &str, v: &Option<String>| -> Result<Option<i64>, ApiError> {
        match v.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(s) => Ok(Some(platform::time::parse_date(field, s)?)),
            None => Ok(None),
        }
    };
    let filter = CashFilter {
        mch_id: q.mch_id.filter(|m| *m != -99),
        direction,
        from: day("startDate", &q.start_date)?.map(platform::time::day_start_ms),
        until: day("endDate", &q.end_date)?.map(|d| platform::time::day_start_ms(d + 1)),
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = accounts::cash_log(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// Puts prepaid money into a distributor's balance or takes it out (the tenant's staff only):
/// never more out than the balance, nor so much that less than the used credit would remain.
#[utoipa::path(request_body = CashForm, responses((status = 200, body = Account), (status = 403), (status = 412)), security(("bearer" = [])), tag = "balance", summary = "Record prepaid money in or out")]
#[post("/saas/cash/log/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<CashForm>,
) -> Result<Reply<Account>, ApiError> {
    viewer.require_tenant_staff()?;
    let f = body.into_inner().validated()?;
    let actor = actor(&me);
    let now = platform::time::now_ms();
    let shown = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            let row =
                accounts::move_cash(conn, &viewer, &actor, f.mch_id, f.money, &f.remark, now)?;
            Ok(accounts::show(
                conn,
                &viewer,
                row,
                platform::time::day_of_ms(now),
            )?)
        })
    })
    .await?;
    Ok(Reply(shown))
}

platform::endpoints!(list, save);
