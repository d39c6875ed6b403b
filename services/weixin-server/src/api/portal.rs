//! The server URL of an official account, which WeChat calls (no login): `GET` is the echo
//! check WeChat makes when the URL is entered in its console, `POST` carries messages and
//! events. Both are signed (domain::callback); a bad or stale signature, or a replayed nonce,
//! gets a 401 and changes nothing. An account with an EncodingAESKey is in safe mode
//! (domain::safe_mode): its messages must come encrypted with a good `msg_signature`, and its
//! replies go back encrypted. Events keep the followers current and bind staff users who
//! scanned their bind QR code. Answers are WeChat's: the echo string, a passive text reply to
//! a new binding, or `success`.

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
use crate::domain::safe_mode::{self, AesKey, Envelope};
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
    /// `aes` when the body is encrypted (safe mode); absent or `raw` in plaintext mode.
    pub encrypt_type: Option<String>,
    /// Safe mode: SHA-1 of the token, timestamp, nonce and the body's `Encrypt`, sorted.
    pub msg_signature: Option<String>,
}

fn refused() -> ApiError {
    ApiError::Unauthorized {
        code: "bad-signature",
        msg: Text::new("签名无效", "the signature is not valid"),
    }
}

fn bad_msg_signature() -> ApiError {
    ApiError::Unauthorized {
        code: "bad-msg-signature",
        msg: Text::new(
            "消息体签名无效",
            "the message signature (msg_signature) is not valid",
        ),
    }
}

/// What a verified request may use: the account's tenant and credentials, its message token,
/// and its AES key when the account is in safe mode.
struct Verified {
    saas_id: i64,
    app: App,
    token: String,
    aes_key: Option<AesKey>,
}

/// Checks the signature, the timestamp, in safe mode the `msg_signature` over `encrypted`, and
/// (for POSTs) that the nonce is new.
async fn verify(
    pool: &DbPool,
    ctx: &Ctx,
    config_id: i64,
    q: &Signed,
    once: bool,
    encrypted: Option<&str>,
) -> Result<Verified, ApiError> {
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
    let aes_key =
        match ctx.wx.sealer.open(&row.aes_key_sealed)? {
            k if k.is_empty() => None,
            k => Some(AesKey::from_encoding(&k).map_err(|e| {
                ApiError::Internal(anyhow::anyhow!("the stored EncodingAESKey: {e}"))
            })?),
        };
    if let Some(encrypted) = encrypted {
        let given = q.msg_signature.as_deref().unwrap_or_default();
        if !safe_mode::msg_signed(&token, ts, nonce, encrypted, given) {
            tracing::warn!(
                config_id,
                "a safe-mode message with a bad msg_signature was refused"
            );
            return Err(bad_msg_signature());
        }
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
    Ok(Verified {
        saas_id: row.saas_id,
        app,
        token,
        aes_key,
    })
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
    // WeChat's echo check of an official account is plaintext in every mode.
    verify(&pool, &ctx, path.into_inner(), &q, false, None).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(q.echostr.clone().unwrap_or_default()))
}

fn unreadable(field: &'static str, e: impl std::fmt::Display) -> ApiError {
    ApiError::invalid(
        field,
        Text::new(format!("消息无法解析：{e}"), e.to_string()),
    )
}

/// A message or event WeChat posts: subscribe and unsubscribe keep the followers current;
/// subscribe with a bind scene, or SCAN, binds the scanner to the staff user of the scene and
/// answers them a text saying so. In safe mode (the account has an EncodingAESKey) the body
/// must be encrypted (`encrypt_type=aes`, a good `msg_signature`) and the reply is encrypted.
#[utoipa::path(params(("configId" = i64, Path, description = "the official account"), Signed), request_body(content = String, content_type = "text/xml"), responses((status = 200, description = "`success`, or a passive reply's XML (encrypted in safe mode), as WeChat expects", content_type = "text/plain", body = String), (status = 401, description = "bad signature or msg_signature, stale, replayed, or plaintext to a safe-mode account"), (status = 404), (status = 412, description = "XML that cannot be read, or an Encrypt that does not decrypt for this account")), tag = "mp-portal", summary = "Receive WeChat's events")]
#[post("/openapi/mp/portal/{configId}")]
pub async fn receive(
    pool: web::Data<DbPool>,
    ctx: web::Data<Ctx>,
    path: web::Path<i64>,
    q: Query<Signed>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let config_id = path.into_inner();
    let text = String::from_utf8_lossy(&body).into_owned();
    let encrypted_mode = q
        .encrypt_type
        .as_deref()
        .is_some_and(|t| t.eq_ignore_ascii_case("aes"));
    let encrypted = if encrypted_mode {
        Some(safe_mode::inbound_encrypt(&text).map_err(|e| unreadable("Encrypt", e))?)
    } else {
        None
    };
    let v = verify(&pool, &ctx, config_id, &q, true, encrypted.as_deref()).await?;
    let message = match (&v.aes_key, &encrypted) {
        (Some(key), Some(encrypted)) => {
            safe_mode::decrypt(key, &v.app.app_id, encrypted).map_err(|e| {
                tracing::warn!(config_id, error = %e, "a safe-mode message did not decrypt");
                unreadable("Encrypt", e)
            })?
        }
        (Some(_), None) => {
            tracing::warn!(
                config_id,
                "a plaintext message to a safe-mode account was refused"
            );
            return Err(ApiError::Unauthorized {
                code: "encryption-required",
                msg: Text::new(
                    "该公众号为安全模式，消息须加密",
                    "this account is in safe mode: messages must be encrypted",
                ),
            });
        }
        (None, Some(_)) => {
            return Err(ApiError::invalid(
                "encrypt_type",
                Text::new(
                    "该公众号未设置 EncodingAESKey，无法解密",
                    "this account has no EncodingAESKey to decrypt with",
                ),
            ));
        }
        (None, None) => text,
    };
    let event = callback::parse(&message).map_err(|e| unreadable("body", e))?;
    let (account, _) = callback::parties(&message).map_err(|e| unreadable("body", e))?;
    let bound = apply(&pool, &ctx, v.saas_id, &v.app, event.clone()).await?;
    let (Some(user_name), Some(open_id)) = (bound, event.open_id()) else {
        return Ok(plain("success".into()));
    };
    let now_secs = platform::time::now_ms() / 1000;
    let reply = callback::text_reply(
        open_id,
        &account,
        now_secs,
        &callback::bound_text(&user_name),
    );
    let Some(key) = &v.aes_key else {
        return Ok(plain(reply));
    };
    let mut random = [0u8; 16];
    getrandom::fill(&mut random)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("no randomness: {e}")))?;
    let nonce: String = random[..5].iter().map(|b| format!("{b:02x}")).collect();
    let envelope = Envelope::seal(
        key,
        &v.token,
        &v.app.app_id,
        &reply,
        &now_secs.to_string(),
        &nonce,
        random,
    );
    Ok(plain(envelope.to_xml()))
}

fn plain(body: String) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body(body)
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
) -> Result<Option<String>, ApiError> {
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
            return Ok(None);
        }
        Event::Other => return Ok(None),
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
            let Some(scene) = scene else { return Ok(None) };
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
                return Ok(Some(user.user_name));
            }
            Ok(None)
        })
    })
    .await
}

platform::endpoints!(echo, receive);
