//! The caller's web notifications: the list (unread first) and marking them read.

use actix_web::{get, put, web};
use platform::ApiError;
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Lang;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::store::{self, Notification};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MessageListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Only the unread ones.
    #[serde(default)]
    pub unread: bool,
}

/// A notification in the reader's language.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    #[serde(flatten)]
    pub notification: Notification,
    pub message: String,
    pub read: bool,
}

impl Message {
    pub fn of(n: Notification, lang: Lang) -> Self {
        let message = match lang {
            Lang::En => n.message_en.clone(),
            Lang::ZhCn => n.message_zh.clone(),
        };
        Self {
            read: n.read_at != 0,
            message,
            notification: n,
        }
    }
}

/// The caller's notifications, unread first, newest first.
#[utoipa::path(params(MessageListQuery), responses((status = 200, body = Page<Message>)), security(("bearer" = [])), tag = "message", summary = "List my notifications")]
#[get("/saas/notify/message/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    q: Query<MessageListQuery>,
) -> Result<Reply<Page<Message>>, ApiError> {
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let unread = q.unread;
    let lang = Lang::current();
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::page(conn, me.saas_id, me.user_id, unread, page)?;
        let rows = rows.into_iter().map(|n| Message::of(n, lang)).collect();
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadForm {
    /// The notifications read; empty or absent: all of the caller's.
    #[serde(default)]
    pub ids: Vec<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadResult {
    /// How many were unread and are now read.
    pub changed: usize,
}

/// Marks the caller's notifications read (another user's ids change nothing).
#[utoipa::path(request_body = ReadForm, responses((status = 200, body = ReadResult)), security(("bearer" = [])), tag = "message", summary = "Mark my notifications read")]
#[put("/saas/notify/message/read")]
pub async fn read(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<ReadForm>,
) -> Result<Reply<ReadResult>, ApiError> {
    let ids = form.into_inner().ids;
    if ids.len() > 500 {
        return Err(ApiError::invalid(
            "ids",
            platform::i18n::Text::fixed("一次最多 500 条", "at most 500 at a time"),
        ));
    }
    let changed = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(store::mark_read(
            conn,
            me.saas_id,
            me.user_id,
            &ids,
            platform::time::now_ms(),
        )?)
    })
    .await?;
    Ok(Reply(ReadResult { changed }))
}

platform::endpoints!(list, read);
