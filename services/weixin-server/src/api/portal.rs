//! The server URL of an official account, which WeChat calls (no login): `GET` is the echo
//! check WeChat makes when the URL is entered in its console, `POST` carries messages and
//! events. Both are signed (domain::callback); a bad or stale signature, or a replayed nonce,
//! gets a 401 and changes nothing. Events keep the followers current and bind staff users who
//! scanned their bind QR code. Answers are WeChat's: the echo string, or `success`.

use actix_web::{HttpResponse, get, post, web};
use platform::ApiError;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::Query;
use platform::http::extract::Body;
use platform::i18n::Text;
use serde::Deserialize;
use utoipa::IntoParams;

use super::Ctx;
use crate::access::App;
use crate::domain::callback::{self, Event};
use crate::store::{bindings, configs, followers, nonces};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Signed {
    pub signature: Option<String>,
    pub timestamp: Option<String>,
    pub nonce: Option<String>,
    /// The echo check's string (GET only).
    pub echostr: Option<String>,
    /// The sender's openId (WeChat adds it to POSTs).
    pub openid: Option<String>,
}

fn refused() -> ApiError {
    ApiError::Unauthorized {
        code: "bad-signature",
        msg: Text::new("签名无效", "the signature is not valid"),
    }
}

/// Checks the signature, the timestamp and (for POSTs) that the nonce is new; answers the
/// configuration's tenant and credentials.
async fn verify(
    pool: &DbPool,
    ctx: &Ctx,
    config_id: i64,
    q: &Signed,
    once: bool,
) -> Result<(i64, App), ApiError> {
    let (Some(sig), Some(ts), Some(nonce)) = (&q.signature, &q.timestamp, &q.nonce) else {
        return Err(refused());
    };
    let row = with_conn(pool, move |conn| -> Result<_, ApiError> {
        Ok(configs::find_for_portal(conn, config_id)?)
    })
    .await?
    .ok_or_else(|| ApiError::not_found("公众号", "official account"))?;
    let token = ctx.wx.sealer.open(&row.token_sealed)?;
    let stamp: i64 = ts.trim().parse().map_err(|_| refused())?;
    if token.is_empty()
        || !callback::signed(&token, ts, nonce, sig)
        || !callback::fresh(stamp, platform::time::now_ms() / 1000)
    {
        tracing::warn!(
            config_id,
            "a portal request with a bad or stale signature was refused"
        );
        return Err(refused());
    }
    if once {
        let nonce = nonce.clone();
        let first = with_conn(pool, move |conn| -> Result<_, ApiError> {
            Ok(nonces::first_use(conn, config_id, &nonce, stamp)?)
        })
        .await?;
        if !first {
            tracing::warn!(config_id, "a replayed portal request was refused");
            return Err(refused());
        }
    }
    let app = App {
        config_id,
        app_id: row.app_id,
        secret: ctx.wx.sealer.open(&row.secret_sealed)?,
    };
    Ok((row.saas_id, app))
}

/// WeChat's check of the server URL: the echo string back when the signature is good.
#[utoipa::path(params(("configId" = i64, Path, description = "the official account"), Signed), responses((status = 200, description = "the echo string", content_type = "text/plain", body = String), (status = 401), (status = 404)), tag = "mp-portal", summary = "WeChat's server URL check")]
#[get("/openapi/mp/portal/{configId}")]
pub async fn echo(
    pool: web::Data<DbPool>,
    ctx: web::Data<Ctx>,
    path: web::Path<i64>,
    q: Query<Signed>,
) -> Result<HttpResponse, ApiError> {
    verify(&pool, &ctx, path.into_inner(), &q, false).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(q.echostr.clone().unwrap_or_default()))
}

/// A message or event WeChat posts: subscribe and unsubscribe keep the followers current;
/// subscribe with a bind scene, or SCAN, binds the scanner to the staff user of the scene.
#[utoipa::path(params(("configId" = i64, Path, description = "the official account"), Signed), request_body(content = String, content_type = "text/xml"), responses((status = 200, description = "`success`, as WeChat expects", content_type = "text/plain", body = String), (status = 401), (status = 404), (status = 412)), tag = "mp-portal", summary = "Receive WeChat's events")]
#[post("/openapi/mp/portal/{configId}")]
pub async fn receive(
    pool: web::Data<DbPool>,
    ctx: web::Data<Ctx>,
    path: web::Path<i64>,
    q: Query<Signed>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let config_id = path.into_inner();
    let (saas_id, app) = verify(&pool, &ctx, config_id, &q, true).await?;
    let text = String::from_utf8_lossy(&body).into_owned();
    let event = callback::parse(&text).map_err(|e| {
        ApiError::invalid(
            "body",
            Text::new(format!("消息无法解析：{e}"), e.to_string()),
        )
    })?;
    apply(&pool, &ctx, saas_id, &app, event).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body("success"))
}

/// The follower's nickname, asked of WeChat (empty when WeChat does not give one).
async fn nickname(ctx: &Ctx, app: &App, open_id: &str) -> String {
    let o = open_id.to_owned();
    match ctx
        .wx
        .call(app, |w, t| {
            let o = o.clone();
            async move { w.user_info(&t, &o).await }
        })
        .await
    {
        Ok(info) => info.nickname,
        Err(e) => {
            tracing::warn!(config_id = app.config_id, error = %e, "the follower's details could not be fetched");
            String::new()
        }
    }
}

async fn apply(
    pool: &DbPool,
    ctx: &Ctx,
    saas_id: i64,
    app: &App,
    event: Event,
) -> Result<(), ApiError> {
    let config_id = app.config_id;
    let now = platform::time::now_ms();
    let (open_id, scene, at) = match event {
        Event::Subscribe { open_id, scene, at } => (open_id, scene, at),
        Event::Scan { open_id, scene, at } => (open_id, Some(scene), at),
        Event::Unsubscribe { open_id, .. } => {
            with_conn(pool, move |conn| {
                write_tx::<_, ApiError>(conn, |conn| {
                    followers::upsert(
                        conn,
                        saas_id,
                        config_id,
                        &followers::Seen {
                            open_id: &open_id,
                            nickname: None,
                            subscribed: false,
                            subscribe_time: 0,
                        },
                        now,
                    )?;
                    bindings::remove_open_id(conn, config_id, &open_id)?;
                    Ok(())
                })
            })
            .await?;
            return Ok(());
        }
        Event::Other => return Ok(()),
    };
    let nick = nickname(ctx, app, &open_id).await;
    with_conn(pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            followers::upsert(
                conn,
                saas_id,
                config_id,
                &followers::Seen {
                    open_id: &open_id,
                    nickname: Some(&nick),
                    subscribed: true,
                    subscribe_time: at,
                },
                now,
            )?;
            let Some(scene) = scene else { return Ok(()) };
            // An expired or foreign scene (a QR code of another system) binds nobody.
            if let Some(user) = bindings::scene_user(conn, config_id, &scene, now)?
                && user.saas_id == saas_id
                && bindings::bind(conn, &user, config_id, &open_id, &nick, now)?
            {
                tracing::info!(
                    config_id,
                    user_id = user.user_id,
                    "a staff user bound their WeChat"
                );
            }
            Ok(())
        })
    })
    .await
}

platform::endpoints!(echo, receive);
