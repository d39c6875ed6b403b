//! The open API's webhooks (`/open/v1/webhook...`, docs/open-api.md): an API user of a
//! distributor sets the distributor's callback URL (and gets the secret its deliveries are
//! signed with, once), reads or removes it, reads the delivery log and sends a delivery again.
//! Part of the open API's own document.

use actix_web::{delete, get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::sealing::Sealer;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::open;
use crate::domain::webhook as rules;
use crate::store::webhooks::{self as store, Delivery, Webhook};

fn no_webhook() -> ApiError {
    ApiError::not_found("回调地址", "webhook")
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookForm {
    /// http(s)://..., at most 500 characters.
    pub url: String,
}

/// A webhook as set: the secret is shown this once.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookSet {
    pub url: String,
    /// Verify each delivery's `X-Tw-Signature` with it (docs/open-api.md); setting the webhook
    /// again makes a new one.
    pub secret: String,
}

/// Sets the distributor's callback URL: every later change of its orders (created, state
/// changed, cancelled) is posted there, signed with the secret answered now (a new one each
/// time: deliveries still pending are signed with it).
#[utoipa::path(request_body = WebhookForm, responses((status = 200, body = WebhookSet), (status = 403), (status = 412)), security(("signed" = [])), tag = "open", summary = "Set the callback URL")]
#[put("/open/v1/webhook")]
pub async fn set(
    pool: web::Data<DbPool>,
    sealer: web::Data<Sealer>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<WebhookForm>,
) -> Result<Reply<WebhookSet>, ApiError> {
    let mch_id = open::caller(me.msc_type, &viewer)?;
    let url = rules::check_url(&form.url)?;
    let secret = rules::new_secret()?;
    let sealed = sealer.seal(&secret)?;
    let saved = url.clone();
    with_conn(&pool, move |conn| -> Result<(), ApiError> {
        store::set(
            conn,
            viewer.saas_id,
            mch_id,
            &saved,
            &sealed,
            me.user_id,
            platform::time::now_ms(),
        )?;
        Ok(())
    })
    .await?;
    Ok(Reply(WebhookSet { url, secret }))
}

/// The distributor's callback URL (never its secret).
#[utoipa::path(responses((status = 200, body = Webhook), (status = 403), (status = 404)), security(("signed" = [])), tag = "open", summary = "Read the callback URL")]
#[get("/open/v1/webhook")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
) -> Result<Reply<Webhook>, ApiError> {
    let mch_id = open::caller(me.msc_type, &viewer)?;
    let hook = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        store::get(conn, viewer.saas_id, mch_id)?.ok_or_else(no_webhook)
    })
    .await?;
    Ok(Reply(hook))
}

/// Removes the callback URL; deliveries not made yet are given up.
#[utoipa::path(responses((status = 200, body = bool), (status = 403), (status = 404)), security(("signed" = [])), tag = "open", summary = "Remove the callback URL")]
#[delete("/open/v1/webhook")]
pub async fn remove(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
) -> Result<Reply<bool>, ApiError> {
    let mch_id = open::caller(me.msc_type, &viewer)?;
    with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            if store::remove(conn, viewer.saas_id, mch_id, platform::time::now_ms())? {
                Ok(())
            } else {
                Err(no_webhook())
            }
        })
    })
    .await?;
    Ok(Reply(true))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DeliveryQuery {
    pub order_id: Option<i64>,
    pub page: Option<u32>,
    pub result_num: Option<u32>,
}

/// The delivery log: every delivery of the distributor's order changes, newest first, with its
/// state (1 pending, 2 delivered, 3 given up), attempts and the last answer.
#[utoipa::path(params(DeliveryQuery), responses((status = 200, body = Page<Delivery>), (status = 403), (status = 412)), security(("signed" = [])), tag = "open", summary = "List webhook deliveries")]
#[get("/open/v1/webhook/deliveries")]
pub async fn deliveries(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    q: Query<DeliveryQuery>,
) -> Result<Reply<Page<Delivery>>, ApiError> {
    let mch_id = open::caller(me.msc_type, &viewer)?;
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::list(conn, viewer.saas_id, mch_id, q.order_id, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

/// Sends a delivery again now, to the current callback URL, whatever became of it (a receiver
/// that lost one, or one given up after its attempts).
#[utoipa::path(params(("id" = i64, Path, description = "The delivery")), responses((status = 200, body = bool), (status = 403), (status = 404, description = "not the distributor's delivery, or no webhook set")), security(("signed" = [])), tag = "open", summary = "Send a webhook delivery again")]
#[post("/open/v1/webhook/deliveries/{id}/resend")]
pub async fn resend(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    path: web::Path<String>,
) -> Result<Reply<bool>, ApiError> {
    let mch_id = open::caller(me.msc_type, &viewer)?;
    let id: i64 = path.trim().parse().map_err(|_| {
        ApiError::invalid_field("id", "投递编号应为数字", "the delivery id is a number")
    })?;
    with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let hook = store::get(conn, viewer.saas_id, mch_id)?.ok_or_else(no_webhook)?;
            if store::resend(
                conn,
                viewer.saas_id,
                mch_id,
                id,
                &hook.url,
                platform::time::now_ms(),
            )? {
                Ok(())
            } else {
                Err(ApiError::not_found("投递记录", "delivery"))
            }
        })
    })
    .await?;
    Ok(Reply(true))
}

platform::endpoints!(set, load, remove, deliveries, resend);
