//! Payments (money the tenant owes suppliers) and payment logs (each money paid):
//! `/saas/finance/payment/*`, `/saas/finance/paymentLog/*` and the making of a payment from
//! chosen orders, `/saas/finance/verify/VerifySupplierOrderList`. The tenant's staff see and
//! act on all; a supplier's users see their own payments; a distributor's users none.

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

const SIDE: Side = Side::Payment;

/// A payment: what the tenant owes a supplier for a set of its orders and what is paid.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    pub id: i64,
    pub supplier_mch_id: i64,
    pub supplier_name: String,
    pub currency_code: String,
    /// Due, fen.
    pub payment_price: i64,
    /// Paid (confirmed), fen.
    pub arrival_price: i64,
    /// none 1, partial 2, full 3.
    pub payment_progress: i32,
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
    /// -1 deleted, 1 awaiting payment, 2 paying, 4 reviewed.
    pub state: i32,
}

impl From<Settlement> for Payment {
    fn from(s: Settlement) -> Self {
        Self {
            id: s.id,
            supplier_mch_id: s.mch_id,
            supplier_name: s.mch_name,
            currency_code: s.currency,
            payment_price: s.due,
            arrival_price: s.arrived,
            payment_progress: s.progress,
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

/// A payment log: one money arrival.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentLog {
    pub id: i64,
    pub supplier_mch_id: i64,
    pub supplier_name: String,
    pub payment_id: i64,
    pub currency_code: String,
    /// Fen.
    pub money: i64,
    pub payment_info: String,
    pub serial_id: String,
    /// `YYYY-MM-DD`.
    pub pay_date: String,
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

impl From<SettlementLog> for PaymentLog {
    fn from(l: SettlementLog) -> Self {
        Self {
            id: l.id,
            supplier_mch_id: l.mch_id,
            supplier_name: l.mch_name,
            payment_id: l.settlement_id,
            currency_code: l.currency,
            money: l.money,
            payment_info: l.info,
            serial_id: l.serial_id,
            pay_date: l.log_date,
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

/// A payment with its orders, its logs and the confirmation texts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentDetail {
    pub payment: Payment,
    /// Its orders, in the order its money fills them.
    pub orders: Vec<VerifyOrder>,
    /// Its newest 500 logs, deleted ones left out.
    pub logs: Vec<PaymentLog>,
    pub prompts: PromptTexts,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentSaved {
    pub payment_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentIdForm {
    pub payment_id: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PaymentListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// -99 or absent: all the caller sees.
    pub supplier_mch_id: Option<i64>,
    /// -1 deleted, 1 awaiting payment, 2 paying, 4 reviewed (-99 or absent: all but deleted).
    pub state: Option<i32>,
    /// none 1, partial 2, full 3 (-99 or absent: all).
    pub payment_progress: Option<i32>,
}

/// Makes a payment of chosen orders (credit log rows) of one supplier.
#[utoipa::path(request_body = VerifyOrders, responses((status = 200, body = PaymentSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = "payment", summary = "Make a payment of a supplier's orders")]
#[post("/saas/finance/verify/VerifySupplierOrderList")]
pub async fn verify_orders(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<VerifyOrders>,
) -> Result<Reply<PaymentSaved>, ApiError> {
    let payment_id = shared::create(&pool, viewer, me, SIDE, body.into_inner()).await?;
    Ok(Reply(PaymentSaved { payment_id }))
}

/// The payments the caller sees, newest first.
#[utoipa::path(params(PaymentListQuery), responses((status = 200, body = Page<Payment>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "payment", summary = "List payments")]
#[get("/saas/finance/payment/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<PaymentListQuery>,
) -> Result<Reply<Page<Payment>>, ApiError> {
    let q = q.into_inner();
    let page = page_of(q.page, q.result_num)?;
    let payment_progress = platform::http::unless_all(q.payment_progress);
    if let Some(p) = payment_progress {
        platform::validate::one_of("paymentProgress", p, progress::ALL)?;
    }
    let filter = SettlementFilter {
        mch_id: all_or(q.supplier_mch_id),
        state: shared::settlement_state(q.state)?,
        progress: payment_progress,
    };
    let page = platform::db::with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = crate::store::settlements::list(conn, &viewer, SIDE, &filter, page)?;
        Ok(Page::new(
            rows.into_iter().map(Payment::from).collect(),
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
pub struct PaymentLoadQuery {
    pub payment_id: i64,
}

/// One payment with its orders, its logs and the confirmation texts.
#[utoipa::path(params(PaymentLoadQuery), responses((status = 200, body = PaymentDetail), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "payment", summary = "Show a payment")]
#[get("/saas/finance/payment/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<PaymentLoadQuery>,
) -> Result<Reply<PaymentDetail>, ApiError> {
    let (s, orders, logs) = shared::load(&pool, viewer, SIDE, q.payment_id).await?;
    Ok(Reply(PaymentDetail {
        payment: s.into(),
        orders,
        logs: logs.into_iter().map(PaymentLog::from).collect(),
        prompts: shared::prompt_texts(SIDE),
    }))
}

/// Reviews a fully paid payment (nothing pending, no abnormal order): it is closed.
#[utoipa::path(request_body = PaymentIdForm, responses((status = 200, body = PaymentSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "payment", summary = "Review a payment")]
#[put("/saas/finance/payment/review")]
pub async fn review(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<PaymentIdForm>,
) -> Result<Reply<PaymentSaved>, ApiError> {
    let payment_id = body.payment_id;
    shared::close(&pool, viewer, me, SIDE, payment_id, true).await?;
    Ok(Reply(PaymentSaved { payment_id }))
}

/// Deletes a payment on which nothing is confirmed: its orders are free again.
#[utoipa::path(request_body = PaymentIdForm, responses((status = 200, body = PaymentSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "payment", summary = "Delete a payment")]
#[put("/saas/finance/payment/delete")]
pub async fn delete(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<PaymentIdForm>,
) -> Result<Reply<PaymentSaved>, ApiError> {
    let payment_id = body.payment_id;
    shared::close(&pool, viewer, me, SIDE, payment_id, false).await?;
    Ok(Reply(PaymentSaved { payment_id }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PaymentLogQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub payment_id: Option<i64>,
    /// -99 or absent: all the caller sees.
    pub supplier_mch_id: Option<i64>,
    /// -1 deleted, 0 pending confirm, 1 confirmed, 3 cancelled (-99 or absent: all but deleted).
    pub state: Option<i32>,
    /// Of `payDate`, `YYYY-MM-DD`, inclusive.
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

/// The payment logs the caller sees, newest first.
#[utoipa::path(params(PaymentLogQuery), responses((status = 200, body = Page<PaymentLog>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "payment", summary = "List payment logs")]
#[get("/saas/finance/paymentLog/list")]
pub async fn log_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<PaymentLogQuery>,
) -> Result<Reply<Page<PaymentLog>>, ApiError> {
    let q = q.into_inner();
    let page = page_of(q.page, q.result_num)?;
    let filter = LogFilter {
        settlement_id: q.payment_id,
        mch_id: all_or(q.supplier_mch_id),
        state: shared::log_state_filter(q.state)?,
        days: shared::days(q.start_date.as_deref(), q.end_date.as_deref())?,
    };
    let (rows, total) = shared::list_logs(&pool, viewer, SIDE, filter, page).await?;
    Ok(Reply(Page::new(
        rows.into_iter().map(PaymentLog::from).collect(),
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

/// One payment log.
#[utoipa::path(params(LogLoadQuery), responses((status = 200, body = PaymentLog), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "payment", summary = "Show a payment log")]
#[get("/saas/finance/paymentLog/load")]
pub async fn log_load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<LogLoadQuery>,
) -> Result<Reply<PaymentLog>, ApiError> {
    let l = shared::load_log(&pool, viewer, SIDE, q.id).await?;
    Ok(Reply(l.into()))
}

/// A money payment against a payment.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentLogForm {
    pub payment_id: i64,
    /// Fen, at most what the payment has left (pending logs included).
    pub money: i64,
    /// The bank's serial number.
    #[serde(default)]
    pub serial_id: String,
    /// `YYYY-MM-DD`.
    pub pay_date: String,
    /// Where it went (payee, account).
    #[serde(default)]
    pub payment_info: String,
    #[serde(default)]
    pub remark: String,
}

/// Records a money arrival against a payment, pending confirmation.
#[utoipa::path(request_body = PaymentLogForm, responses((status = 200, body = LogSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = "payment", summary = "Record money paid")]
#[post("/saas/finance/paymentLog/save")]
pub async fn log_save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<PaymentLogForm>,
) -> Result<Reply<LogSaved>, ApiError> {
    let f = body.into_inner();
    let id = shared::record(
        &pool,
        viewer,
        me,
        SIDE,
        shared::LogForm {
            settlement_id: f.payment_id,
            money: f.money,
            serial_id: f.serial_id,
            date: f.pay_date,
            date_field: "payDate",
            info: f.payment_info,
            info_field: "paymentInfo",
            remark: f.remark,
        },
    )
    .await?;
    Ok(Reply(LogSaved { id }))
}

/// Confirms a pending payment log: the money counts against the payment's orders.
#[utoipa::path(request_body = LogId, responses((status = 200, body = Payment), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "payment", summary = "Confirm money paid")]
#[put("/saas/finance/paymentLog/confirm")]
pub async fn log_confirm(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<LogId>,
) -> Result<Reply<Payment>, ApiError> {
    let s = shared::act_on_log(&pool, viewer, me, SIDE, body.id, LogAction::Confirm).await?;
    Ok(Reply(s.into()))
}

/// Rolls a confirmed payment log back (cancelled): its money no longer counts.
#[utoipa::path(request_body = LogId, responses((status = 200, body = Payment), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "payment", summary = "Roll back money paid")]
#[put("/saas/finance/paymentLog/rollback")]
pub async fn log_rollback(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<LogId>,
) -> Result<Reply<Payment>, ApiError> {
    let s = shared::act_on_log(&pool, viewer, me, SIDE, body.id, LogAction::RollBack).await?;
    Ok(Reply(s.into()))
}

/// Deletes a pending payment log.
#[utoipa::path(request_body = LogId, responses((status = 200, body = Payment), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "payment", summary = "Delete a pending payment log")]
#[put("/saas/finance/paymentLog/delete")]
pub async fn log_delete(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<LogId>,
) -> Result<Reply<Payment>, ApiError> {
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
