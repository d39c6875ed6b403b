//! What receipts and payments share in the API: request forms, their checks, and the calls to
//! the store made the same way for both sides. `receipts.rs` and `payments.rs` declare the
//! endpoints and name the fields as the spec does for each side.

use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{PageQuery, PageRequest};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::credit_log::DayRange;
use crate::domain::settlement::{Side, log_state, state};
use crate::store::settlements::{
    self as store, Actor, NewLog, Settlement, SettlementLog, VerifyOrder,
};

pub fn actor(me: &CurrentUser) -> Actor {
    Actor {
        user_id: me.user_id,
        username: me.username.clone(),
    }
}

pub fn page_of(page: Option<u32>, result_num: Option<u32>) -> Result<PageRequest, ApiError> {
    PageQuery { page, result_num }.validate()
}

/// `-99` or absent: all.
pub fn all_or(v: Option<i64>) -> Option<i64> {
    v.filter(|v| *v != -99)
}

pub fn settlement_state(v: Option<i32>) -> Result<Option<i32>, ApiError> {
    let v = platform::http::unless_all(v);
    if let Some(s) = v {
        platform::validate::one_of("state", s, state::ALL)?;
    }
    Ok(v)
}

pub fn log_state_filter(v: Option<i32>) -> Result<Option<i32>, ApiError> {
    let v = platform::http::unless_all(v);
    if let Some(s) = v {
        platform::validate::one_of("state", s, log_state::ALL)?;
    }
    Ok(v)
}

/// The orders chosen for a new receipt (payment).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyOrders {
    /// Credit log row ids (`id` of the credit log and of the verify order lists).
    pub credit_log_ids: Vec<i64>,
    #[serde(default)]
    pub remark: String,
}

/// Makes a receipt (payment) of the chosen orders (the tenant's staff only).
pub async fn create(
    pool: &DbPool,
    viewer: Viewer,
    me: CurrentUser,
    side: Side,
    form: VerifyOrders,
) -> Result<i64, ApiError> {
    viewer.require_tenant_staff()?;
    platform::validate::text("remark", &form.remark, 0, 500)?;
    let by = actor(&me);
    let now = platform::time::now_ms();
    with_conn(pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            store::create(
                conn,
                &viewer,
                side,
                &form.credit_log_ids,
                form.remark.trim(),
                &by,
                now,
            )
        })
    })
    .await
}

/// One receipt (payment) the caller sees, with its orders and logs.
pub async fn load(
    pool: &DbPool,
    viewer: Viewer,
    side: Side,
    id: i64,
) -> Result<(Settlement, Vec<VerifyOrder>, Vec<SettlementLog>), ApiError> {
    with_conn(pool, move |conn| -> Result<_, ApiError> {
        let s = store::find(conn, &viewer, side, id)?.ok_or_else(|| side.not_found())?;
        let orders = store::orders_of(conn, &viewer, side, id)?;
        let filter = store::LogFilter {
            settlement_id: Some(id),
            ..Default::default()
        };
        // Its newest 500 logs (the log list pages through more).
        let most = page_of(Some(1), Some(500))?;
        let (logs, _) = store::list_logs(conn, &viewer, side, &filter, most)?;
        Ok((s, orders, logs))
    })
    .await
}

/// Reviews or deletes a receipt (payment) (the tenant's staff only).
pub async fn close(
    pool: &DbPool,
    viewer: Viewer,
    me: CurrentUser,
    side: Side,
    id: i64,
    review: bool,
) -> Result<(), ApiError> {
    viewer.require_tenant_staff()?;
    let by = actor(&me);
    let now = platform::time::now_ms();
    with_conn(pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if review {
                store::review(conn, &viewer, side, id, &by, now)
            } else {
                store::delete(conn, &viewer, side, id, now)
            }
        })
    })
    .await
}

/// A money arrival to record, as the API takes it (the date and info fields are named by side).
pub struct LogForm {
    pub settlement_id: i64,
    pub money: i64,
    pub serial_id: String,
    pub date: String,
    pub date_field: &'static str,
    pub info: String,
    pub info_field: &'static str,
    pub remark: String,
}

/// Records a money arrival, pending (the tenant's staff only).
pub async fn record(
    pool: &DbPool,
    viewer: Viewer,
    me: CurrentUser,
    side: Side,
    f: LogForm,
) -> Result<i64, ApiError> {
    viewer.require_tenant_staff()?;
    if !(1..=crate::domain::settlement::MONEY_MAX).contains(&f.money) {
        return Err(ApiError::invalid_field(
            "money",
            "金额至少为 1 分",
            "must be at least 1 fen",
        ));
    }
    platform::validate::line("serialId", &f.serial_id, 0, 64)?;
    platform::time::parse_date(f.date_field, f.date.trim())?;
    platform::validate::text(f.info_field, &f.info, 0, 500)?;
    platform::validate::text("remark", &f.remark, 0, 500)?;
    let l = NewLog {
        settlement_id: f.settlement_id,
        money: f.money,
        info: f.info.trim().to_owned(),
        serial_id: f.serial_id.trim().to_owned(),
        log_date: f.date.trim().to_owned(),
        remark: f.remark.trim().to_owned(),
    };
    let by = actor(&me);
    let now = platform::time::now_ms();
    with_conn(pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            store::record(conn, &viewer, side, &l, &by, now)
        })
    })
    .await
}

/// What is done to a log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogAction {
    Confirm,
    RollBack,
    Delete,
}

/// Confirms, rolls back or deletes a log (the tenant's staff only); answers the receipt
/// (payment) after it.
pub async fn act_on_log(
    pool: &DbPool,
    viewer: Viewer,
    me: CurrentUser,
    side: Side,
    id: i64,
    action: LogAction,
) -> Result<Settlement, ApiError> {
    viewer.require_tenant_staff()?;
    let by = actor(&me);
    let now = platform::time::now_ms();
    with_conn(pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            let settlement_id = match action {
                LogAction::Confirm => store::confirm_log(conn, &viewer, side, id, &by, now)?,
                LogAction::RollBack => store::roll_back_log(conn, &viewer, side, id, now)?,
                LogAction::Delete => {
                    store::delete_log(conn, &viewer, side, id, now)?;
                    store::find_log(conn, &viewer, side, id)?
                        .map(|l| l.settlement_id)
                        .unwrap_or_default()
                }
            };
            store::find(conn, &viewer, side, settlement_id)?.ok_or_else(|| side.not_found())
        })
    })
    .await
}

/// Lists logs.
pub async fn list_logs(
    pool: &DbPool,
    viewer: Viewer,
    side: Side,
    filter: store::LogFilter,
    page: PageRequest,
) -> Result<(Vec<SettlementLog>, i64), ApiError> {
    with_conn(pool, move |conn| -> Result<_, ApiError> {
        Ok(store::list_logs(conn, &viewer, side, &filter, page)?)
    })
    .await
}

/// One log the caller sees.
pub async fn load_log(
    pool: &DbPool,
    viewer: Viewer,
    side: Side,
    id: i64,
) -> Result<SettlementLog, ApiError> {
    with_conn(pool, move |conn| -> Result<_, ApiError> {
        store::find_log(conn, &viewer, side, id)?.ok_or_else(|| side.log_not_found())
    })
    .await
}

pub fn days(start: Option<&str>, end: Option<&str>) -> Result<DayRange, ApiError> {
    DayRange::parse(start, end)
}

/// A log to act on.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogId {
    pub id: i64,
}

/// The log recorded.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogSaved {
    pub id: i64,
}

/// The confirmation texts of the spec, in the caller's language.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PromptTexts {
    pub confirm: String,
    pub rollback: String,
    pub review: String,
    pub delete: String,
}

pub fn prompt_texts(side: Side) -> PromptTexts {
    let p = crate::domain::settlement::prompts(side);
    PromptTexts {
        confirm: p.confirm.localized().to_owned(),
        rollback: p.rollback.localized().to_owned(),
        review: p.review.localized().to_owned(),
        delete: p.delete.localized().to_owned(),
    }
}
