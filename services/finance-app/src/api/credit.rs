//! Credit limits: `/saas/finance/credit/*`. The tenant's finance staff set and change a
//! distributor's limits (each change logged with who and why); a distributor's users see their
//! own account and its changes; a supplier's users see none. `check` is the read-only "available:
//! …" of the booking page.

use actix_web::{get, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::credit::{self, LimitForm};
use crate::store::accounts::{self, Account, AccountFilter, Actor, LimitChange};

pub(crate) fn no_account() -> ApiError {
    ApiError::not_found("授信账户", "credit account")
}

/// The distributor a request is about: a distributor's users always their own, the tenant's
/// staff the one they name, a supplier's users none (403).
pub(crate) fn which_distributor(viewer: &Viewer, asked: Option<i64>) -> Result<i64, ApiError> {
    if viewer.is_tenant_staff() {
        return asked.filter(|m| *m > 0).ok_or_else(|| {
            ApiError::invalid_field("mchId", "请选择分销商", "choose a distributor")
        });
    }
    viewer.distributor().ok_or_else(platform::auth::forbidden)
}

pub(crate) fn actor(me: &CurrentUser) -> Actor {
    Actor {
        user_id: me.user_id,
        username: me.username.clone(),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CreditListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// The distributor (-99 or absent: all the caller sees).
    pub mch_id: Option<i64>,
    /// Credit state: -1 deleted, 0 invalid, 1 valid (-99 or absent: all).
    pub state: Option<i32>,
}

/// The credit accounts the caller sees, the latest changed first.
#[utoipa::path(params(CreditListQuery), responses((status = 200, body = Page<Account>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "credit", summary = "List credit limits")]
#[get("/saas/finance/credit/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<CreditListQuery>,
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

/// Sets or changes a distributor's limits and state (the tenant's staff only): made on its first
/// setting, in the distributor's currency; every change logged with who and why.
#[utoipa::path(request_body = LimitForm, responses((status = 200, body = Account), (status = 403), (status = 412)), security(("bearer" = [])), tag = "credit", summary = "Set a distributor's credit limits")]
#[put("/saas/finance/credit/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<LimitForm>,
) -> Result<Reply<Account>, ApiError> {
    viewer.require_tenant_staff()?;
    let limits = body.into_inner().validated()?;
    let actor = actor(&me);
    let now = platform::time::now_ms();
    let shown = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            let currency = accounts::distributor_currency(conn, &viewer, limits.mch_id)?;
            let row = accounts::set_limits(conn, &viewer, &actor, &limits, &currency, now)?;
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

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ChangesQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// The distributor (the tenant's staff; a distributor's users see their own).
    pub mch_id: Option<i64>,
}

/// The changes of a distributor's limits, newest first: who, why, before and after.
#[utoipa::path(params(ChangesQuery), responses((status = 200, body = Page<LimitChange>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "credit", summary = "List the changes of a distributor's credit limits")]
#[get("/saas/finance/credit/changes")]
pub async fn changes(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ChangesQuery>,
) -> Result<Reply<Page<LimitChange>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let mch_id = which_distributor(&viewer, q.mch_id)?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = accounts::changes(conn, &viewer, mch_id, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CheckQuery {
    /// The distributor (the tenant's staff; a distributor's users check their own).
    pub mch_id: Option<i64>,
    /// What is about to be paid, fen (absent: only what is available).
    pub amount: Option<i64>,
}

/// What a distributor may spend on credit now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditCheck {
    pub mch_id: i64,
    pub currency: String,
    pub credit: i64,
    /// The temporary credit that still counts today.
    pub temp_credit: i64,
    pub balance: i64,
    pub used_credit: i64,
    /// permanent + temporary (if still valid) + balance − used.
    pub available: i64,
    pub state: i32,
    /// Whether `amount` (when given) may be paid by credit now.
    pub enough: bool,
    /// Why not, in the caller's language; empty when it may.
    pub reason: String,
}

/// Checks, without taking anything, what a distributor may pay by credit now.
#[utoipa::path(params(CheckQuery), responses((status = 200, body = CreditCheck), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "credit", summary = "Check a distributor's available credit")]
#[get("/saas/finance/credit/check")]
pub async fn check(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<CheckQuery>,
) -> Result<Reply<CreditCheck>, ApiError> {
    let q = q.into_inner();
    let mch_id = which_distributor(&viewer, q.mch_id)?;
    if let Some(a) = q.amount
        && !(1..=credit::MONEY_MAX).contains(&a)
    {
        return Err(ApiError::invalid_field(
            "amount",
            "金额至少为 1 分",
            "must be at least 1 fen",
        ));
    }
    let today = platform::time::day_of_ms(platform::time::now_ms());
    let row = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        accounts::find(conn, &viewer, mch_id)?.ok_or_else(no_account)
    })
    .await?;
    let funds = row.funds();
    let verdict = match q.amount {
        Some(a) => credit::may_spend(&funds, &row.currency, &row.currency, a, today),
        None if funds.state != credit::STATE_VALID => Err(credit::Refusal::NotValid),
        None => Ok(()),
    };
    let reason = verdict
        .as_ref()
        .err()
        .map(|r| r.text().localized().to_owned())
        .unwrap_or_default();
    Ok(Reply(CreditCheck {
        mch_id,
        currency: row.currency.clone(),
        credit: row.credit,
        temp_credit: funds.temp_credit_on(today),
        balance: row.balance,
        used_credit: row.used_credit,
        available: funds.available(today),
        state: row.state,
        enough: verdict.is_ok(),
        reason,
    }))
}

platform::endpoints!(list, update, changes, check);
