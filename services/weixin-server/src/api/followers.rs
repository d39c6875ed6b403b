//! The followers of an official account: `GET /saas/mp/user/list` (filters by nickname,
//! subscription state and whether a staff user is bound) and `POST /saas/mp/user/sync`, which
//! walks WeChat's follower list page by page (`next_openid`) and asks the details of the
//! openIds not known yet (the incremental part); followers missing from the full list are
//! marked unsubscribed. Subscribe and unsubscribe events keep the list current between syncs.

use actix_web::{get, post, web};
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Page, PageQuery, Query, Reply};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::Ctx;
use super::configs::app_of;
use crate::domain::config::KIND_MP;
use crate::store::followers::{self, Follower, FollowerFilter};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FollowerListQuery {
    pub config_id: Option<i64>,
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the nickname.
    pub nickname: Option<String>,
    /// 1 subscribed, 0 unsubscribed (-99 or absent: all).
    pub subscribe: Option<i32>,
    /// 1 bound to a staff user, 0 not bound (-99 or absent: all).
    pub bound: Option<i32>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SyncQuery {
    pub config_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Synced {
    /// Followers WeChat listed.
    pub total: i64,
    /// Followers new to the list (their details fetched).
    pub added: usize,
    /// Followers no longer listed, marked unsubscribed.
    pub unsubscribed: usize,
}

fn config_required(id: Option<i64>) -> Result<i64, ApiError> {
    id.ok_or_else(|| ApiError::invalid_field("configId", "请选择公众号", "is required"))
}

fn flag(field: &str, v: Option<i32>) -> Result<Option<bool>, ApiError> {
    match platform::http::unless_all(v) {
        None => Ok(None),
        Some(1) => Ok(Some(true)),
        Some(0) => Ok(Some(false)),
        Some(_) => Err(ApiError::invalid(
            field,
            platform::i18n::Text::new("取值为 1、0 或 -99", "must be 1, 0 or -99"),
        )),
    }
}

/// The followers of an official account of the tenant, newest first.
#[utoipa::path(params(FollowerListQuery), responses((status = 200, body = Page<Follower>), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mp-user", summary = "List an official account's followers")]
#[get("/saas/mp/user/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<FollowerListQuery>,
) -> Result<Reply<Page<Follower>>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    let config_id = config_required(q.config_id)?;
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = FollowerFilter {
        config_id,
        nickname: q.nickname,
        subscribed: flag("subscribe", q.subscribe)?,
        bound: flag("bound", q.bound)?,
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        if crate::store::configs::find(conn, &viewer, KIND_MP, config_id)?.is_none() {
            return Err(ApiError::not_found("公众号", "official account"));
        }
        let (rows, total) = followers::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// Brings the followers of an official account up to date with WeChat's list.
#[utoipa::path(params(SyncQuery), responses((status = 200, body = Synced), (status = 403), (status = 404), (status = 412), (status = 502), (status = 503), (status = 504)), security(("bearer" = [])), tag = "mp-user", summary = "Sync an official account's followers")]
#[post("/saas/mp/user/sync")]
pub async fn sync(
    pool: web::Data<DbPool>,
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    q: Query<SyncQuery>,
) -> Result<Reply<Synced>, ApiError> {
    viewer.require_tenant_staff()?;
    let config_id = config_required(q.config_id)?;
    let (row, app) = app_of(&pool, &ctx, viewer, KIND_MP, config_id).await?;
    let saas_id = row.saas_id;
    let mut listed: Vec<String> = Vec::new();
    let mut total;
    let mut added = 0;
    let mut next = String::new();
    loop {
        let after = next.clone();
        let page = ctx
            .wx
            .call(&app, |w, t| {
                let after = after.clone();
                async move { w.users(&t, &after).await }
            })
            .await
            .map_err(super::wechat_failed)?;
        total = page.total;
        let ids = page.data.map(|d| d.openid).unwrap_or_default();
        if ids.is_empty() {
            break;
        }
        let batch = ids.clone();
        let known = with_conn(&pool, move |conn| -> Result<_, ApiError> {
            Ok(followers::known(conn, config_id, &batch)?)
        })
        .await?;
        for open_id in ids.iter().filter(|o| !known.contains(o)) {
            let o = open_id.clone();
            let info = ctx
                .wx
                .call(&app, |w, t| {
                    let o = o.clone();
                    async move { w.user_info(&t, &o).await }
                })
                .await
                .map_err(super::wechat_failed)?;
            let now = platform::time::now_ms();
            with_conn(&pool, move |conn| -> Result<_, ApiError> {
                Ok(followers::upsert(
                    conn,
                    saas_id,
                    config_id,
                    &followers::Seen {
                        open_id: &info.openid,
                        nickname: Some(&info.nickname),
                        subscribed: info.subscribe == 1,
                        subscribe_time: info.subscribe_time,
                    },
                    now,
                )?)
            })
            .await?;
            added += 1;
        }
        listed.extend(ids);
        // WeChat's last page is the one shorter than the list, or one that ends where it began.
        if page.next_openid.is_empty() || page.next_openid == next || listed.len() as i64 >= total {
            break;
        }
        next = page.next_openid;
    }
    let now = platform::time::now_ms();
    let unsubscribed = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            Ok(followers::unsubscribe_missing(
                conn, config_id, &listed, now,
            )?)
        })
    })
    .await?;
    Ok(Reply(Synced {
        total,
        added,
        unsubscribed,
    }))
}

platform::endpoints!(list, sync);
