//! The template messages of an official account: `GET /saas/mp/message/list`, newest first,
//! with each send's state, attempts, WeChat's msgid or the reason it failed.

use actix_web::{get, web};
use platform::db::{DbPool, with_conn};
use platform::http::{Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::domain::config::KIND_MP;
use crate::domain::template::{NOTIFY_TYPES, STATE_DEAD, STATE_PENDING, STATE_SENT};
use crate::store::messages::{self, Message, MessageFilter};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MessageListQuery {
    pub config_id: Option<i64>,
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// 0 pending, 1 sent, 3 dead (-99 or absent: all).
    pub state: Option<i32>,
    /// The notification type (-99 or absent: all).
    pub notify_type: Option<i32>,
}

/// The template messages of an official account of the tenant, newest first.
#[utoipa::path(params(MessageListQuery), responses((status = 200, body = Page<Message>), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mp-message", summary = "List an official account's template messages")]
#[get("/saas/mp/message/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<MessageListQuery>,
) -> Result<Reply<Page<Message>>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    let config_id = q
        .config_id
        .ok_or_else(|| ApiError::invalid_field("configId", "请选择公众号", "is required"))?;
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let state = unless_all(q.state);
    if let Some(s) = state {
        platform::validate::one_of("state", s, &[STATE_PENDING, STATE_SENT, STATE_DEAD])?;
    }
    let notify_type = unless_all(q.notify_type);
    if let Some(t) = notify_type {
        platform::validate::one_of("notifyType", t, NOTIFY_TYPES)?;
    }
    let filter = MessageFilter {
        config_id,
        state,
        notify_type,
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        if crate::store::configs::find(conn, &viewer, KIND_MP, config_id)?.is_none() {
            return Err(ApiError::not_found("公众号", "official account"));
        }
        let (rows, total) = messages::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

platform::endpoints!(list);
