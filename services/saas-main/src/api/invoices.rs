//! Top-ups and their invoices (`/saas/boss/charge/list`, `/saas/boss/invoice/*`): a tenant
//! lists its top-ups and asks for an invoice over some of them; the platform's administrators
//! see every tenant's requests and mark them issued or refuse them (`/saas/platform/invoice/*`,
//! platform codes: a tenant's administrator gets 403). A tenant may withdraw a request while it
//! is invoicing.

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::filter::ALL;
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::i18n::Text;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::boss::{LOG_SUCCESS, LOG_TOP_UP};
use crate::domain::invoices::{self, InvoiceRequest};
use crate::store::boss::{self as boss_store, BalanceLog};
use crate::store::invoices::{self as store, Invoice, InvoiceRow, Scope};

fn not_found() -> ApiError {
    ApiError::not_found("发票", "invoice")
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ChargeListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// -99 all, 1 success (may be invoiced), 2 invoicing, 3 invoiced.
    pub state: Option<i32>,
}

/// The caller's tenant's top-ups, newest first (the balance log's top-ups, with the invoice
/// each is on).
#[utoipa::path(params(ChargeListQuery), responses((status = 200, body = Page<BalanceLog>), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/charge/list")]
pub async fn charges(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ChargeListQuery>,
) -> Result<Reply<Page<BalanceLog>>, ApiError> {
    let q = q.into_inner();
    if let Some(s) = q.state {
        platform::validate::one_of(
            "state",
            s,
            &[ALL, LOG_SUCCESS, invoices::INVOICING, invoices::INVOICED],
        )?;
    }
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) =
            boss_store::list_logs(conn, &viewer, Some(LOG_TOP_UP), unless_all(q.state), page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InvoiceListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// -99 all, 2 invoicing, 3 invoiced, 4 withdrawn, 5 refused.
    pub state: Option<i32>,
}

fn check_state(state: Option<i32>) -> Result<(), ApiError> {
    if let Some(s) = state {
        let mut allowed = vec![ALL];
        allowed.extend(invoices::STATES);
        platform::validate::one_of("state", s, &allowed)?;
    }
    Ok(())
}

async fn list_in(
    pool: &DbPool,
    scope: Scope,
    state: Option<i32>,
    page: PageQuery,
) -> Result<Reply<Page<InvoiceRow>>, ApiError> {
    check_state(state)?;
    let page = page.validate()?;
    let page = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::list(conn, scope, unless_all(state), page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// The caller's tenant's invoice requests, newest first.
#[utoipa::path(params(InvoiceListQuery), responses((status = 200, body = Page<InvoiceRow>), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/invoice/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<InvoiceListQuery>,
) -> Result<Reply<Page<InvoiceRow>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    };
    list_in(&pool, Scope::Tenant(viewer.saas_id), q.state, page).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InvoiceRef {
    pub id: i64,
}

/// An invoice with the top-ups it covers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceDetail {
    #[serde(flatten)]
    pub invoice: Invoice,
    pub logs: Vec<BalanceLog>,
}

async fn load_in(pool: &DbPool, scope: Scope, id: i64) -> Result<Reply<InvoiceDetail>, ApiError> {
    let detail = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let invoice = store::find(conn, scope, id)?.ok_or_else(not_found)?;
        let logs = store::logs_of(conn, invoice.id)?;
        Ok(InvoiceDetail { invoice, logs })
    })
    .await?;
    Ok(Reply(detail))
}

/// One invoice request of the caller's tenant, with its top-ups.
#[utoipa::path(params(InvoiceRef), responses((status = 200, body = InvoiceDetail), (status = 404)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/invoice/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<InvoiceRef>,
) -> Result<Reply<InvoiceDetail>, ApiError> {
    load_in(&pool, Scope::Tenant(viewer.saas_id), q.id).await
}

/// What a tenant asks to be invoiced.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceForm {
    /// The top-ups (balance log ids) to invoice: the tenant's own, successful, on no invoice.
    pub log_ids: Vec<i64>,
    /// 1 ordinary VAT invoice, 2 special VAT invoice.
    pub invoice_type: i32,
    /// The buyer's name on the invoice (1 to 100 characters).
    pub title: String,
    /// The buyer's taxpayer identification number: 15, 17, 18 or 20 letters and digits.
    pub tax_no: String,
    /// Where the invoice is sent.
    pub email: String,
    /// The buyer's address and telephone: required on a special invoice.
    #[serde(default)]
    pub address_phone: String,
    /// The buyer's bank and account: required on a special invoice.
    #[serde(default)]
    pub bank_account: String,
    #[serde(default)]
    pub remarks: String,
}

/// Asks for an invoice over some of the tenant's top-ups (the tenant's staff): they become
/// invoicing (2) and are on this invoice. A top-up that is not the tenant's, not a successful
/// top-up or already on an invoice is a 412 on logIds, and nothing is written.
#[utoipa::path(request_body = InvoiceForm, responses((status = 200, body = Invoice), (status = 403), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[post("/saas/boss/invoice/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<InvoiceForm>,
) -> Result<Reply<Invoice>, ApiError> {
    viewer.require_tenant_staff()?;
    let f = form.into_inner();
    let request = InvoiceRequest {
        log_ids: f.log_ids,
        invoice_type: f.invoice_type,
        title: f.title,
        tax_no: f.tax_no,
        email: f.email,
        address_phone: f.address_phone,
        bank_account: f.bank_account,
        remarks: f.remarks,
    }
    .check()?;
    let invoice = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let found = store::candidates(conn, &viewer, &request.log_ids)?;
            let amount = invoices::check_logs(&request.log_ids, &found)?;
            let id = platform::id::next_id();
            let now = platform::time::now_ms();
            if !store::request(conn, &viewer, id, &request, amount, me.user_id, now)? {
                // Another request took one of them between the check and the update.
                return Err(ApiError::invalid(
                    "logIds",
                    Text::fixed(
                        "所选充值已开票或正在开票",
                        "a chosen top-up is invoiced or being invoiced already",
                    ),
                ));
            }
            store::find(conn, Scope::Tenant(viewer.saas_id), id)?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(invoice))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PlatformInvoiceQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// One tenant's; every tenant's without it.
    pub saas_id: Option<i64>,
    /// -99 all, 2 invoicing, 3 invoiced, 4 withdrawn, 5 refused.
    pub state: Option<i32>,
}

/// Every tenant's invoice requests, newest first (platform administrators).
#[utoipa::path(params(PlatformInvoiceQuery), responses((status = 200, body = Page<InvoiceRow>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/platform/invoice/list")]
pub async fn platform_list(
    pool: web::Data<DbPool>,
    q: Query<PlatformInvoiceQuery>,
) -> Result<Reply<Page<InvoiceRow>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    };
    let tenant = q.saas_id.filter(|s| *s != ALL as i64 && *s != 0);
    list_in(&pool, Scope::Platform(tenant), q.state, page).await
}

/// One tenant's invoice request with its top-ups (platform administrators).
#[utoipa::path(params(InvoiceRef), responses((status = 200, body = InvoiceDetail), (status = 403), (status = 404)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/platform/invoice/load")]
pub async fn platform_load(
    pool: web::Data<DbPool>,
    q: Query<InvoiceRef>,
) -> Result<Reply<InvoiceDetail>, ApiError> {
    load_in(&pool, Scope::Platform(None), q.id).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssueForm {
    pub id: i64,
    /// The issued invoice's number: 8 to 20 digits.
    pub invoice_no: String,
}

/// Marks an invoice issued with its number (platform administrators): it and its top-ups
/// become invoiced (3). One already issued is a 412 (`invoice-issued`).
#[utoipa::path(request_body = IssueForm, responses((status = 200, body = Invoice), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[put("/saas/platform/invoice/issue")]
pub async fn issue(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<IssueForm>,
) -> Result<Reply<Invoice>, ApiError> {
    let form = form.into_inner();
    let no = invoices::check_invoice_no(&form.invoice_no)?;
    let invoice = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let current =
                store::find(conn, Scope::Platform(None), form.id)?.ok_or_else(not_found)?;
            invoices::check_issuable(current.state)?;
            let now = platform::time::now_ms();
            if !store::issue(conn, form.id, &no, me.user_id, now)? {
                return Err(changed_meanwhile(conn, Scope::Platform(None), form.id));
            }
            store::find(conn, Scope::Platform(None), form.id)?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(invoice))
}

/// Why a request found invoicing was not moved: issued, withdrawn or refused between the check
/// and the conditional update.
fn changed_meanwhile(conn: &mut platform::db::DbConnection, scope: Scope, id: i64) -> ApiError {
    match store::find(conn, scope, id) {
        Ok(Some(now)) => invoices::check_closable(now.state)
            .err()
            .unwrap_or_else(invoices::already_closed),
        Ok(None) => not_found(),
        Err(e) => e.into(),
    }
}

/// Withdraws or refuses a request found in `scope`, giving its top-ups back.
async fn close_in(
    pool: &DbPool,
    scope: Scope,
    id: i64,
    state: i32,
    reason: String,
    closer_id: i64,
) -> Result<Reply<Invoice>, ApiError> {
    let invoice = with_conn(pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let current = store::find(conn, scope, id)?.ok_or_else(not_found)?;
            invoices::check_closable(current.state)?;
            let now = platform::time::now_ms();
            if !store::close(conn, id, state, &reason, closer_id, now)? {
                return Err(changed_meanwhile(conn, scope, id));
            }
            store::find(conn, scope, id)?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(invoice))
}

/// Withdraws one of the caller's tenant's requests while it is invoicing (the tenant's staff):
/// it becomes withdrawn (4) and its top-ups successful top-ups on no invoice, to be asked for
/// again. An issued request is a 412 (`invoice-issued`), a closed one too (`invoice-closed`);
/// another tenant's is 404.
#[utoipa::path(request_body = InvoiceRefForm, responses((status = 200, body = Invoice), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[put("/saas/boss/invoice/withdraw")]
pub async fn withdraw(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<InvoiceRefForm>,
) -> Result<Reply<Invoice>, ApiError> {
    viewer.require_tenant_staff()?;
    let scope = Scope::Tenant(viewer.saas_id);
    close_in(
        &pool,
        scope,
        form.id,
        invoices::WITHDRAWN,
        String::new(),
        me.user_id,
    )
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceRefForm {
    pub id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefuseForm {
    pub id: i64,
    /// Why, as the tenant will read it: 1 to 200 characters.
    pub reason: String,
}

/// Refuses a request while it is invoicing (platform administrators), with the reason the
/// tenant reads: it becomes refused (5) and its top-ups successful top-ups on no invoice. An
/// issued request is a 412 (`invoice-issued`), a closed one too (`invoice-closed`).
#[utoipa::path(request_body = RefuseForm, responses((status = 200, body = Invoice), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[put("/saas/platform/invoice/refuse")]
pub async fn refuse(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<RefuseForm>,
) -> Result<Reply<Invoice>, ApiError> {
    let form = form.into_inner();
    let reason = invoices::check_reason(&form.reason)?;
    close_in(
        &pool,
        Scope::Platform(None),
        form.id,
        invoices::REFUSED,
        reason,
        me.user_id,
    )
    .await
}

platform::endpoints!(
    charges,
    list,
    load,
    save,
    withdraw,
    platform_list,
    platform_load,
    issue,
    refuse
);
