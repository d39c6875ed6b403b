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
    pub bank_id: i64,
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
    if f.bank_id <= 0 {
        return Err(ApiError::invalid_field(
            "bankId",
            "请选择银行账户",
            "is required: the tenant's bank account the money went through",
        ));
    }
    let l = NewLog {
        settlement_id: f.settlement_id,
        money: f.money,
        bank_id: f.bank_id,
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

/// One handler that acts on a log (`LogAction::$action`: confirm, roll back or delete) and
/// answers the receipt (payment) after it: the three differ only in name, path and texts.
/// Used inside [`side_endpoints`], whose `SIDE`, `shared` and imports it relies on.
macro_rules! log_action_endpoint {
    (
        $(#[doc = $doc:expr])*
        $name:ident, $action:ident, $Settlement:ident, $tag:tt, $path:tt, $summary:tt
    ) => {
        $(#[doc = $doc])*
        #[utoipa::path(request_body = LogId, responses((status = 200, body = $Settlement), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $summary)]
        #[put($path)]
        pub async fn $name(
            pool: web::Data<DbPool>,
            viewer: Viewer,
            me: CurrentUser,
            body: Json<LogId>,
        ) -> Result<Reply<$Settlement>, ApiError> {
            let s =
                shared::act_on_log(&pool, viewer, me, SIDE, body.id, LogAction::$action).await?;
            Ok(Reply(s.into()))
        }
    };
}
pub(crate) use log_action_endpoint;

/// One handler that closes a receipt (payment), by review (`true`) or deletion (`false`), and
/// answers its id. Used inside [`side_endpoints`], as [`log_action_endpoint`].
macro_rules! close_endpoint {
    (
        $(#[doc = $doc:expr])*
        $name:ident, $review:expr, $IdForm:ident, $Saved:ident, $sid:ident, $tag:tt, $path:tt,
        $summary:tt
    ) => {
        $(#[doc = $doc])*
        #[utoipa::path(request_body = $IdForm, responses((status = 200, body = $Saved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $summary)]
        #[put($path)]
        pub async fn $name(
            pool: web::Data<DbPool>,
            viewer: Viewer,
            me: CurrentUser,
            body: Json<$IdForm>,
        ) -> Result<Reply<$Saved>, ApiError> {
            let $sid = body.$sid;
            shared::close(&pool, viewer, me, SIDE, $sid, $review).await?;
            Ok(Reply($Saved { $sid }))
        }
    };
}
pub(crate) use close_endpoint;

/// Declares one side's endpoints (receipts or payments) and the types they answer: the logic
/// is the functions above, the same for both; what differs is what the spec calls things (the
/// merchant, the due amount, the progress, the log's id, info and date fields), the paths and
/// the texts of the OpenAPI document, which this takes as arguments so that each side's schemas
/// keep the names and field names the console's generated types are made from.
macro_rules! side_endpoints {
    (
        side: $side:expr,
        tag: $tag:tt,
        $Settlement:ident {
            doc: $s_doc:tt,
            mch_id: $mch_id:ident,
            mch_name: $mch_name:ident,
            due: $due:ident,
            arrived_doc: $arrived_doc:tt,
            progress: $progress:ident,
            progress_field: $progress_field:tt,
            states: $states:tt,
            list_states: $list_states:tt,
        },
        $Log:ident {
            doc: $l_doc:tt,
            id: $sid:ident,
            info: $info:ident,
            info_field: $info_field:tt,
            info_doc: $info_doc:tt,
            date: $date:ident,
            date_field: $date_field:tt,
            date_doc: $date_doc:tt,
        },
        $Detail:ident { doc: $d_doc:tt, field: $d_field:ident $(,)? },
        $Saved:ident,
        $IdForm:ident,
        $ListQuery:ident,
        $LoadQuery:ident,
        $LogQuery:ident,
        $LogForm:ident { doc: $f_doc:tt, money_doc: $money_doc:tt $(,)? },
        paths: {
            make: $p_make:tt,
            list: $p_list:tt,
            load: $p_load:tt,
            review: $p_review:tt,
            delete: $p_delete:tt,
            log_list: $p_log_list:tt,
            log_load: $p_log_load:tt,
            log_save: $p_log_save:tt,
            log_confirm: $p_log_confirm:tt,
            log_rollback: $p_log_rollback:tt,
            log_delete: $p_log_delete:tt,
        },
        summaries: {
            make: $s_make:tt,
            list: $s_list:tt,
            load: $s_load:tt,
            review: $s_review:tt,
            delete: $s_delete:tt,
            log_list: $s_log_list:tt,
            log_load: $s_log_load:tt,
            log_save: $s_log_save:tt,
            log_confirm: $s_log_confirm:tt,
            log_rollback: $s_log_rollback:tt,
            log_delete: $s_log_delete:tt,
        },
    ) => {
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

        const SIDE: Side = $side;

        #[doc = $s_doc]
        #[derive(Debug, Clone, Serialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $Settlement {
            pub id: i64,
            pub $mch_id: i64,
            pub $mch_name: String,
            pub currency_code: String,
            /// Due, fen.
            pub $due: i64,
            #[doc = $arrived_doc]
            pub arrival_price: i64,
            /// none 1, partial 2, full 3.
            pub $progress: i32,
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
            #[doc = $states]
            pub state: i32,
        }

        impl From<Settlement> for $Settlement {
            fn from(s: Settlement) -> Self {
                Self {
                    id: s.id,
                    $mch_id: s.mch_id,
                    $mch_name: s.mch_name,
                    currency_code: s.currency,
                    $due: s.due,
                    arrival_price: s.arrived,
                    $progress: s.progress,
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

        #[doc = $l_doc]
        #[derive(Debug, Clone, Serialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $Log {
            pub id: i64,
            pub $mch_id: i64,
            pub $mch_name: String,
            pub $sid: i64,
            pub currency_code: String,
            /// Fen.
            pub money: i64,
            pub $info: String,
            pub serial_id: String,
            /// `YYYY-MM-DD`.
            pub $date: String,
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
            /// The tenant's bank account the money went through (`bankId` of `bank/list`; 0: a
            /// log recorded before logs named one), its bank and number as they are now.
            pub bank_id: i64,
            pub bank_name: String,
            pub account_no: String,
        }

        impl From<SettlementLog> for $Log {
            fn from(l: SettlementLog) -> Self {
                Self {
                    id: l.id,
                    $mch_id: l.mch_id,
                    $mch_name: l.mch_name,
                    $sid: l.settlement_id,
                    currency_code: l.currency,
                    money: l.money,
                    $info: l.info,
                    serial_id: l.serial_id,
                    $date: l.log_date,
                    user_id: l.user_id,
                    user_name: l.username,
                    confirm_user: l.confirm_user_id,
                    confirm_user_name: l.confirm_username,
                    confirm_date: l.confirm_date,
                    remark: l.remark,
                    create_date: l.created_at,
                    state: l.state,
                    bank_id: l.bank_id,
                    bank_name: l.bank_name,
                    account_no: l.account_no,
                }
            }
        }

        #[doc = $d_doc]
        #[derive(Debug, Serialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $Detail {
            pub $d_field: $Settlement,
            /// Its orders, in the order its money fills them.
            pub orders: Vec<VerifyOrder>,
            /// Its newest 500 logs, deleted ones left out.
            pub logs: Vec<$Log>,
            pub prompts: PromptTexts,
        }

        #[derive(Debug, Serialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $Saved {
            pub $sid: i64,
        }

        #[derive(Debug, Deserialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $IdForm {
            pub $sid: i64,
        }

        #[derive(Debug, Deserialize, IntoParams)]
        #[serde(rename_all = "camelCase")]
        #[into_params(parameter_in = Query)]
        pub struct $ListQuery {
            pub page: Option<u32>,
            pub result_num: Option<u32>,
            /// -99 or absent: all the caller sees.
            pub $mch_id: Option<i64>,
            #[doc = $list_states]
            pub state: Option<i32>,
            /// none 1, partial 2, full 3 (-99 or absent: all).
            pub $progress: Option<i32>,
        }

        /// Makes a receipt (payment) of chosen orders (credit log rows) of one distributor
        /// (supplier).
        #[utoipa::path(request_body = VerifyOrders, responses((status = 200, body = $Saved), (status = 403), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $s_make)]
        #[post($p_make)]
        pub async fn verify_orders(
            pool: web::Data<DbPool>,
            viewer: Viewer,
            me: CurrentUser,
            body: Json<VerifyOrders>,
        ) -> Result<Reply<$Saved>, ApiError> {
            let $sid = shared::create(&pool, viewer, me, SIDE, body.into_inner()).await?;
            Ok(Reply($Saved { $sid }))
        }

        /// The receipts (payments) the caller sees, newest first.
        #[utoipa::path(params($ListQuery), responses((status = 200, body = Page<$Settlement>), (status = 403), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $s_list)]
        #[get($p_list)]
        pub async fn list(
            pool: web::Data<DbPool>,
            viewer: Viewer,
            q: Query<$ListQuery>,
        ) -> Result<Reply<Page<$Settlement>>, ApiError> {
            let q = q.into_inner();
            let page = page_of(q.page, q.result_num)?;
            let wanted = platform::http::unless_all(q.$progress);
            if let Some(p) = wanted {
                platform::validate::one_of($progress_field, p, progress::ALL)?;
            }
            let filter = SettlementFilter {
                mch_id: all_or(q.$mch_id),
                state: shared::settlement_state(q.state)?,
                progress: wanted,
            };
            let page = platform::db::with_conn(&pool, move |conn| -> Result<_, ApiError> {
                let (rows, total) =
                    crate::store::settlements::list(conn, &viewer, SIDE, &filter, page)?;
                Ok(Page::new(
                    rows.into_iter().map($Settlement::from).collect(),
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
        pub struct $LoadQuery {
            pub $sid: i64,
        }

        /// One receipt (payment) with its orders, its logs and the confirmation texts.
        #[utoipa::path(params($LoadQuery), responses((status = 200, body = $Detail), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $s_load)]
        #[get($p_load)]
        pub async fn load(
            pool: web::Data<DbPool>,
            viewer: Viewer,
            q: Query<$LoadQuery>,
        ) -> Result<Reply<$Detail>, ApiError> {
            let (s, orders, logs) = shared::load(&pool, viewer, SIDE, q.$sid).await?;
            Ok(Reply($Detail {
                $d_field: s.into(),
                orders,
                logs: logs.into_iter().map($Log::from).collect(),
                prompts: shared::prompt_texts(SIDE),
            }))
        }

        $crate::api::settlement::close_endpoint!(
            /// Reviews a fully settled receipt (payment) (nothing pending, no abnormal order): it
            /// is closed.
            review, true, $IdForm, $Saved, $sid, $tag, $p_review, $s_review
        );
        $crate::api::settlement::close_endpoint!(
            /// Deletes a receipt (payment) on which nothing is confirmed: its orders are free again.
            delete, false, $IdForm, $Saved, $sid, $tag, $p_delete, $s_delete
        );

        #[derive(Debug, Deserialize, IntoParams)]
        #[serde(rename_all = "camelCase")]
        #[into_params(parameter_in = Query)]
        pub struct $LogQuery {
            pub page: Option<u32>,
            pub result_num: Option<u32>,
            pub $sid: Option<i64>,
            /// -99 or absent: all the caller sees.
            pub $mch_id: Option<i64>,
            /// -1 deleted, 0 pending confirm, 1 confirmed, 3 cancelled (-99 or absent: all but deleted).
            pub state: Option<i32>,
            #[doc = $date_doc]
            pub start_date: Option<String>,
            pub end_date: Option<String>,
        }

        /// The receipt (payment) logs the caller sees, newest first.
        #[utoipa::path(params($LogQuery), responses((status = 200, body = Page<$Log>), (status = 403), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $s_log_list)]
        #[get($p_log_list)]
        pub async fn log_list(
            pool: web::Data<DbPool>,
            viewer: Viewer,
            q: Query<$LogQuery>,
        ) -> Result<Reply<Page<$Log>>, ApiError> {
            let q = q.into_inner();
            let page = page_of(q.page, q.result_num)?;
            let filter = LogFilter {
                settlement_id: q.$sid,
                mch_id: all_or(q.$mch_id),
                state: shared::log_state_filter(q.state)?,
                days: shared::days(q.start_date.as_deref(), q.end_date.as_deref())?,
            };
            let (rows, total) = shared::list_logs(&pool, viewer, SIDE, filter, page).await?;
            Ok(Reply(Page::new(
                rows.into_iter().map($Log::from).collect(),
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

        /// One receipt (payment) log.
        #[utoipa::path(params(LogLoadQuery), responses((status = 200, body = $Log), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $s_log_load)]
        #[get($p_log_load)]
        pub async fn log_load(
            pool: web::Data<DbPool>,
            viewer: Viewer,
            q: Query<LogLoadQuery>,
        ) -> Result<Reply<$Log>, ApiError> {
            let l = shared::load_log(&pool, viewer, SIDE, q.id).await?;
            Ok(Reply(l.into()))
        }

        #[doc = $f_doc]
        #[derive(Debug, Deserialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $LogForm {
            pub $sid: i64,
            #[doc = $money_doc]
            pub money: i64,
            /// The tenant's bank account the money went through: one of `bank/list` in use, in
            /// the settlement's currency.
            #[serde(default)]
            pub bank_id: i64,
            /// The bank's serial number.
            #[serde(default)]
            pub serial_id: String,
            /// `YYYY-MM-DD`.
            pub $date: String,
            #[doc = $info_doc]
            #[serde(default)]
            pub $info: String,
            #[serde(default)]
            pub remark: String,
        }

        /// Records money against a receipt (payment), pending confirmation.
        #[utoipa::path(request_body = $LogForm, responses((status = 200, body = LogSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $s_log_save)]
        #[post($p_log_save)]
        pub async fn log_save(
            pool: web::Data<DbPool>,
            viewer: Viewer,
            me: CurrentUser,
            body: Json<$LogForm>,
        ) -> Result<Reply<LogSaved>, ApiError> {
            let f = body.into_inner();
            let id = shared::record(
                &pool,
                viewer,
                me,
                SIDE,
                shared::LogForm {
                    settlement_id: f.$sid,
                    money: f.money,
                    bank_id: f.bank_id,
                    serial_id: f.serial_id,
                    date: f.$date,
                    date_field: $date_field,
                    info: f.$info,
                    info_field: $info_field,
                    remark: f.remark,
                },
            )
            .await?;
            Ok(Reply(LogSaved { id }))
        }

        $crate::api::settlement::log_action_endpoint!(
            /// Confirms a pending log: the money counts against the receipt's (payment's) orders.
            log_confirm, Confirm, $Settlement, $tag, $p_log_confirm, $s_log_confirm
        );
        $crate::api::settlement::log_action_endpoint!(
            /// Rolls a confirmed log back (cancelled): its money no longer counts.
            log_rollback, RollBack, $Settlement, $tag, $p_log_rollback, $s_log_rollback
        );
        $crate::api::settlement::log_action_endpoint!(
            /// Deletes a pending log.
            log_delete, Delete, $Settlement, $tag, $p_log_delete, $s_log_delete
        );

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
    };
}
pub(crate) use side_endpoints;
