//! The tenant's bank accounts: `/saas/finance/bank/*`, for receipts from distributors and
//! payments to suppliers. The tenant's finance staff only: list, add, change, disable (and
//! enable again).

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::bank::{self, BankFields};
use crate::store::banks::{self as store, Bank, BankFilter};

fn not_found() -> ApiError {
    ApiError::not_found("银行账户", "bank account")
}

fn number_taken() -> ApiError {
    ApiError::invalid_field(
        "accountNo",
        "已有相同账号的银行账户",
        "the tenant has a bank account with this number",
    )
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BankListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the bank's name, the holder's name or the number.
    pub keyword: Option<String>,
    /// 1 in use, 0 disabled (-99 or absent: all).
    pub state: Option<i32>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankUpdate {
    pub bank_id: i64,
    #[serde(flatten)]
    pub fields: BankFields,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankStateForm {
    pub bank_id: i64,
    /// 0 disable (the default), 1 use again.
    #[serde(default)]
    pub state: i32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankSaved {
    pub bank_id: i64,
}

/// The tenant's bank accounts, newest first.
#[utoipa::path(params(BankListQuery), responses((status = 200, body = Page<Bank>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "bank", summary = "List bank accounts")]
#[get("/saas/finance/bank/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<BankListQuery>,
) -> Result<Reply<Page<Bank>>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = BankFilter {
        text: q.keyword,
        state: unless_all(q.state),
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// Adds a bank account to the tenant, in use.
#[utoipa::path(request_body = BankFields, responses((status = 200, body = BankSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = "bank", summary = "Add a bank account")]
#[post("/saas/finance/bank/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<BankFields>,
) -> Result<Reply<BankSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let fields = body.into_inner().validated()?;
    let now = platform::time::now_ms();
    let bank_id = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if store::number_taken(conn, &viewer, &fields.account_no, 0)? {
                return Err(number_taken());
            }
            Ok(store::insert(conn, &viewer, me.user_id, &fields, now)?)
        })
    })
    .await?;
    Ok(Reply(BankSaved { bank_id }))
}

/// Rewrites a bank account of the tenant.
#[utoipa::path(request_body = BankUpdate, responses((status = 200, body = BankSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "bank", summary = "Change a bank account")]
#[put("/saas/finance/bank/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<BankUpdate>,
) -> Result<Reply<BankSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let BankUpdate { bank_id, fields } = body.into_inner();
    let fields = fields.validated()?;
    let now = platform::time::now_ms();
    with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if store::find(conn, &viewer, bank_id)?.is_none() {
                return Err(not_found());
            }
            if store::number_taken(conn, &viewer, &fields.account_no, bank_id)? {
                return Err(number_taken());
            }
            store::update(conn, &viewer, bank_id, &fields, now)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(BankSaved { bank_id }))
}

/// Disables a bank account of the tenant (kept for the records that name it), or puts it in use
/// again.
#[utoipa::path(request_body = BankStateForm, responses((status = 200, body = BankSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "bank", summary = "Disable a bank account")]
#[put("/saas/finance/bank/disable")]
pub async fn disable(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<BankStateForm>,
) -> Result<Reply<BankSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let f = body.into_inner();
    platform::validate::one_of("state", f.state, bank::STATES)?;
    let now = platform::time::now_ms();
    let found = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(store::set_state(conn, &viewer, f.bank_id, f.state, now)?)
    })
    .await?;
    if !found {
        return Err(not_found());
    }
    Ok(Reply(BankSaved { bank_id: f.bank_id }))
}

platform::endpoints!(list, save, update, disable);
