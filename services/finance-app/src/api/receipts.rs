//! Receipts (money distributors owe the tenant) and receipt logs (each money arrival):
//! `/saas/finance/receipt/*`, `/saas/finance/receiptLog/*` and the making of a receipt from
//! chosen orders, `/saas/finance/verify/VerifyDistributorOrderList`. The tenant's staff see and
//! act on all; a distributor's users see their own receipts; a supplier's users none.

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::DbPool;
use platform::http::{Json, Page, Query, Reply};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::settlement::{
    self as shared, LogAction, LogId, LogSaved, PromptTexts, VerifyOrders, all_or, page_of,
};
use crate::domain::credit_log::progress;
use crate::domain::settlement::Side;
use crate::store::settlements::{
    LogFilter, Settlement, SettlementFilter, SettlementLog, VerifyOrder,
};

const SIDE: Side = Side::Receipt;

/// A receipt: what a distributor owes for a set of its orders and what has arrived.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Receipt {
    pub id: i64,
    pub distributor_mch_id: i64,
    pub distributor_name: String,
    pub currency_code: String,
    /// Due, fen.
    pub receipt_price: i64,
    /// Received (confirmed), fen.
    pub arrival_price: i64,
    /// none 1, partial 2, full 3.
    pub receipt_progress: i32,
    pub order_count: i32,
    /// Who confirmed money last, and when (ms).
    pub confirm_user: i64,
    pub confirm_user_name: String,
    pub confirm_date: i64,
    /// Who reviewed it, and when (ms).
    pub check_user_id: i64,
    pub check_user_name: String,
    pub check_date: i64,
    pub create_user: i64,
    pub create_user_name: String,
    pub create_date: i64,
    pub remark: String,
    /// -1 deleted, 1 awaiting, 2 receiving, 4 reviewed.
    pub state: i32,
}

impl From<Settlement> for Receipt {
    fn from(s: Settlement) -> Self {
        Self {
            id: s.id,
            distributor_mch_id: s.mch_id,
            distributor_name: s.mch_name,
            currency_code: s.currency,
            receipt_price: s.due,
            arrival_price: s.arrived,
            receipt_progress: s.progress,
            order_count: s.order_count,
            confirm_user: s.confirm_user_id,
            confirm_user_name: s.confirm_username,
            confirm_date: s.confirm_date,
            check_user_id: s.check_user_id,
            check_user_name: s.check_username,
            check_date: s.check_date,
            create_user: s.created_by,
            create_user_name: s.created_by_name,
            create_date: s.created_at,
            remark: s.remark,
            state: s.state,
        }
    }
}

/// A receipt log: one money arrival.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptLog {
    pub id: i64,
    pub distributor_mch_id: i64,
    pub distributor_name: String,
    pub receipt_id: i64,
    pub currency_code: String,
    /// Fen.
    pub money: i64,
    pub receipt_info: String,
    pub serial_id: String,
    /// `YYYY-MM-DD`.
    pub receipt_date: String,
    /// Who recorded it.
    pub user_id: i64,
    pub user_name: String,
    pub confirm_user: i64,
    pub confirm_user_name: String,
    pub confirm_date: i64,
    pub remark: String,
    pub create_date: i64,
    /// -1 deleted, 0 pending confirm, 1 confirmed, 3 cancelled.
    pub state: i32,
}

impl From<SettlementLog> for ReceiptLog {
    fn from(l: SettlementLog) -> Self {
        Self {
            id: l.id,
            distributor_mch_id: l.mch_id,
            distributor_name: l.mch_name,
            receipt_id: l.settlement_id,
            currency_code: l.currency,
            money: l.money,
            receipt_info: l.info,
            serial_id: l.serial_id,
            receipt_date: l.log_date,
            user_id: l.user_id,
            user_name: l.username,
            confirm_user: l.confirm_user_id,
            confirm_user_name: l.confirm_username,
            confirm_date: l.confirm_date,
            remark: l.remark,
            create_date: l.created_at,
            state: l.state,
        }
    }
}

/// A receipt with its orders, its logs and the confirmation texts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptDetail {
    pub receipt: Receipt,
    /// Its orders, in the order its money fills them.
    pub orders: Vec<VerifyOrder>,
    /// Its newest 500 logs, deleted ones left out.
    pub logs: Vec<ReceiptLog>,
    pub prompts: PromptTexts,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptSaved {
    pub receipt_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptIdForm {
    pub receipt_id: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ReceiptListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// -99 or absent: all the caller sees.
    pub distributor_mch_id: Option<i64>,
    /// -1 deleted, 1 awaiting, 2 receiving, 4 reviewed (-99 or absent: all but deleted).
    pub state: Option<i32>,
    /// none 1, partial 2, full 3 (-99 or absent: all).
    pub receipt_progress: Option<i32>,
}

/// Makes a receipt of chosen orders (credit log rows) of one distributor.
#[utoipa::path(request_body = VerifyOrders, responses((status = 200, body = ReceiptSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = "receipt", summary = "Make a receipt of a distributor's orders")]
#[post("/saas/finance/verify/VerifyDistributorOrderList")]
pub async fn verify_orders(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<VerifyOrders>,
) -> Result<Reply<ReceiptSaved>, ApiError> {
    let receipt_id = shared::create(&pool, viewer, me, SIDE, body.into_inner()).await?;
    Ok(Reply(ReceiptSaved { receipt_id }))
}

/// The receipts the caller sees, newest first.
#[utoipa::path(params(ReceiptListQuery), responses((status = 200, body = Page<Receipt>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "receipt", summary = "List receipts")]
#[get("/saas/finance/receipt/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ReceiptListQuery>,
) -> Result<Reply<Page<Receipt>>, ApiError> {
    let q = q.into_inner();
    let page = page_of(q.page, q.result_num)?;
    let receipt_progress = platform::http::unless_all(q.receipt_progress);
    if let Some(p) = receipt_progress {
        platform::validate::one_of("receiptProgress", p, progress::ALL)?;
    }
    let filter = SettlementFilter {
        mch_id: all_or(q.distributor_mch_id),
        state: shared::settlement_state(q.state)?,
        progress: receipt_progress,
    };
    let page = platform::db::with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = crate::store::settlements::list(conn, &viewer, SIDE, &filter, page)?;
        Ok(Page::new(
            rows.into_iter().map(Receipt::from).collect(),
            total,
            page,
        ))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ReceiptLoadQuery {
    pub receipt_id: i64,
}

/// One receipt with its orders, its logs and the confirmation texts.
#[utoipa::path(params(ReceiptLoadQuery), responses((status = 200, body = ReceiptDetail), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "receipt", summary = "Show a receipt")]
#[get("/saas/finance/receipt/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ReceiptLoadQuery>,
) -> Result<Reply<ReceiptDetail>, ApiError> {
    let (s, orders, logs) = shared::load(&pool, viewer, SIDE, q.receipt_id).await?;
    Ok(Reply(ReceiptDetail {
        receipt: s.into(),
        orders,
        logs: logs.into_iter().map(ReceiptLog::from).collect(),
        prompts: shared::prompt_texts(SIDE),
    }))
}

/// Reviews a fully received receipt (nothing pending, no abnormal order): it is closed.
#[utoipa::path(request_body = ReceiptIdForm, responses((status = 200, body = ReceiptSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "receipt", summary = "Review a receipt")]
#[put("/saas/finance/receipt/review")]
pub async fn review(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<ReceiptIdForm>,
) -> Result<Reply<ReceiptSaved>, ApiError> {
    let receipt_id = body.receipt_id;
    shared::close(&pool, viewer, me, SIDE, receipt_id, true).await?;
    Ok(Reply(ReceiptSaved { receipt_id }))
}

/// Deletes a receipt on which nothing is confirmed: its orders are free again.
#[utoipa::path(request_body = ReceiptIdForm, responses((status = 200, body = ReceiptSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "receipt", summary = "Delete a receipt")]
#[put("/saas/finance/receipt/delete")]
pub async fn delete(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<ReceiptIdForm>,
) -> Result<Reply<ReceiptSaved>, ApiError> {
    let receipt_id = body.receipt_id;
    shared::close(&pool, viewer, me, SIDE, receipt_id, false).await?;
    Ok(Reply(ReceiptSaved { receipt_id }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ReceiptLogQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub receipt_id: Option<i64>,
    /// -99 or absent: all the caller sees.
    pub distributor_mch_id: Option<i64>,
    /// -1 deleted, 0 pending confirm, 1 confirmed, 3 cancelled (-99 or absent: all but deleted).
    pub state: Option<i32>,
    /// Of `receiptDate`, `YYYY-MM-DD`, inclusive.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

/// The receipt logs the caller sees, newest first.
#[utoipa::path(params(ReceiptLogQuery), responses((status = 200, body = Page<ReceiptLog>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "receipt", summary = "List receipt logs")]
#[get("/saas/finance/receiptLog/list")]
pub async fn log_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ReceiptLogQuery>,
) -> Result<Reply<Page<ReceiptLog>>, ApiError> {
    let q = q.into_inner();
    let page = page_of(q.page, q.result_num)?;
    let filter = LogFilter {
        settlement_id: q.receipt_id,
        mch_id: all_or(q.distributor_mch_id),
        state: shared::log_state_filter(q.state)?,
        days: shared::days(q.start_date.as_deref(), q.end_date.as_deref())?,
    };
    let (rows, total) = shared::list_logs(&pool, viewer, SIDE, filter, page).await?;
    Ok(Reply(Page::new(
        rows.into_iter().map(ReceiptLog::from).collect(),
        total,
        page,
    )))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LogLoadQuery {
    pub id: i64,
}

/// One receipt log.
#[utoipa::path(params(LogLoadQuery), responses((status = 200, body = ReceiptLog), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "receipt", summary = "Show a receipt log")]
#[get("/saas/finance/receiptLog/load")]
pub async fn log_load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<LogLoadQuery>,
) -> Result<Reply<ReceiptLog>, ApiError> {
    let l = shared::load_log(&pool, viewer, SIDE, q.id).await?;
    Ok(Reply(l.into()))
}

/// A money arrival against a receipt.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptLogForm {
    pub receipt_id: i64,
    /// Fen, at most what the receipt has left (pending logs included).
    pub money: i64,
    /// The bank's serial number.
    #[serde(default)]
    pub serial_id: String,
    /// `YYYY-MM-DD`.
    pub receipt_date: String,
    /// Where it came from (payer, account).
    #[serde(default)]
    pub receipt_info: String,
    #[serde(default)]
    pub remark: String,
}

/// Records a money arrival against a receipt, pending confirmation.
#[utoipa::path(request_body = ReceiptLogForm, responses((status = 200, body = LogSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = "receipt", summary = "Record money received")]
#[post("/saas/finance/receiptLog/save")]
pub async fn log_save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<ReceiptLogForm>,
) -> Result<Reply<LogSaved>, ApiError> {
    let f = body.into_inner();
    let id = shared::record(
        &pool,
        viewer,
        me,
        SIDE,
        shared::LogForm {
            settlement_id: f.receipt_id,
            money: f.money,
            serial_id: f.serial_id,
            date: f.receipt_date,
            date_field: "receiptDate",
            info: f.receipt_info,
            info_field: "receiptInfo",
            remark: f.remark,
        },
    )
    .await?;
    Ok(Reply(LogSaved { id }))
}

/// Confirms a pending receipt log: the money counts against the receipt's orders.
#[utoipa::path(request_body = LogId, responses((status = 200, body = Receipt), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "receipt", summary = "Confirm money received")]
#[put("/saas/finance/receiptLog/confirm")]
pub async fn log_confirm(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<LogId>,
) -> Result<Reply<Receipt>, ApiError> {
    let s = shared::act_on_log(&pool, viewer, me, SIDE, body.id, LogAction::Confirm).await?;
    Ok(Reply(s.into()))
}

/// Rolls a confirmed receipt log back (cancelled): its money no longer counts.
#[utoipa::path(request_body = LogId, responses((status = 200, body = Receipt), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "receipt", summary = "Roll back money received")]
#[put("/saas/finance/receiptLog/rollback")]
pub async fn log_rollback(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<LogId>,
) -> Result<Reply<Receipt>, ApiError> {
    let s = shared::act_on_log(&pool, viewer, me, SIDE, body.id, LogAction::RollBack).await?;
    Ok(Reply(s.into()))
}

/// Deletes a pending receipt log.
#[utoipa::path(request_body = LogId, responses((status = 200, body = Receipt), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "receipt", summary = "Delete a pending receipt log")]
#[put("/saas/finance/receiptLog/delete")]
pub async fn log_delete(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<LogId>,
) -> Result<Reply<Receipt>, ApiError> {
    let s = shared::act_on_log(&pool, viewer, me, SIDE, body.id, LogAction::Delete).await?;
    Ok(Reply(s.into()))
}

platform::endpoints!(
    verify_orders,
    list,
    load,
    review,
    delete,
    log_list,
    log_load,
    log_save,
    log_confirm,
    log_rollback,
    log_delete
);
