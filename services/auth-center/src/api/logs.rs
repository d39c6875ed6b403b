//! Login and user action logs of a tenant: `/saas/log/userLog/*`.

use actix_web::{get, web};
use platform::db::with_conn;
use platform::http::{Page, PageQuery, Query, Reply};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::context::Ctx;
use crate::store::logs::{self, LogFilter};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LogQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the login name.
    pub username: Option<String>,
    /// Login logs: 1 success, 0 failure.
    pub result: Option<i32>,
    /// Action logs: part of the action (`user.update`).
    pub action: Option<String>,
    /// From this time (ms), inclusive.
    pub start_time: Option<i64>,
    /// Up to this time (ms), inclusive.
    pub end_time: Option<i64>,
}

impl LogQuery {
    fn split(self) -> Result<(LogFilter, platform::http::PageRequest), ApiError> {
        let page = PageQuery {
            page: self.page,
            result_num: self.result_num,
        }
        .validate()?;
        Ok((
            LogFilter {
                username: self.username,
                result: self.result,
                action: self.action,
                start_time: self.start_time,
                end_time: self.end_time,
            },
            page,
        ))
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginLogView {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    pub ip: String,
    pub user_agent: String,
    /// 1 success, 0 failure.
    pub result: i32,
    pub message: String,
    pub create_date: i64,
}

/// Logins to the tenant's accounts, newest first.
#[utoipa::path(params(LogQuery), responses((status = 200, body = Page<LoginLogView>)), security(("bearer" = [])), tag = "log", summary = "List login logs")]
#[get("/saas/log/userLog/listUserLoginLog")]
pub async fn login_logs(
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    q: Query<LogQuery>,
) -> Result<Reply<Page<LoginLogView>>, ApiError> {
    let (filter, page) = q.into_inner().split()?;
    let page = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = logs::list_login_logs(conn, &viewer, &filter, page)?;
        let views = rows
            .into_iter()
            .map(|l| LoginLogView {
                id: l.id,
                user_id: l.user_id,
                username: l.username,
                ip: l.ip,
                user_agent: l.user_agent,
                result: l.result,
                message: l.message,
                create_date: l.created_at,
            })
            .collect();
        Ok(Page::new(views, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActionLogView {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    /// What was done: `user.create`, `group.update`, `password.change` ...
    pub action: String,
    /// What it was done to.
    pub target: String,
    pub ip: String,
    pub create_date: i64,
}

/// What the tenant's accounts did, newest first.
#[utoipa::path(params(LogQuery), responses((status = 200, body = Page<ActionLogView>)), security(("bearer" = [])), tag = "log", summary = "List user action logs")]
#[get("/saas/log/userLog/listUserActionLog")]
pub async fn action_logs(
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    q: Query<LogQuery>,
) -> Result<Reply<Page<ActionLogView>>, ApiError> {
    let (filter, page) = q.into_inner().split()?;
    let page = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = logs::list_action_logs(conn, &viewer, &filter, page)?;
        let views = rows
            .into_iter()
            .map(|l| ActionLogView {
                id: l.id,
                user_id: l.user_id,
                username: l.username,
                action: l.action,
                target: l.target,
                ip: l.ip,
                create_date: l.created_at,
            })
            .collect();
        Ok(Page::new(views, total, page))
    })
    .await?;
    Ok(Reply(page))
}

platform::endpoints!(login_logs, action_logs);
