//! The channels' calls to us (docs/channels.md): a channel places an order of a product it sells
//! for the tenant, or asks to cancel one, at `/openapi/channel/{configId}/orders[/cancel]`.
//! These speak the generic channel protocol, not our envelope: the channel signs each call with
//! the configuration's credentials (`X-Channel-*`, checked here with
//! `platform::channel::client::verify`; a nonce once) and is answered `{code, message, data}`.
//! An order becomes the configuration's distributor's order, paid at the channel, after its
//! product is found in the mapping and its price checked against the one the channel was
//! pushed. Every call, taken or refused, is in the interface log.

use std::time::Instant;

use actix_web::{HttpRequest, HttpResponse, post, web};
use platform::channel::{ChannelOrder, Exchange, Outcome, client, code};
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::extract::Body;
use platform::replica::InterfaceConfigCopy;
use platform::sealing::Sealer;
use platform::tenancy::MerchantKind;
use platform::trade::calendar::Refusal as Unbookable;
use platform::trade::order_rules::pay_type;
use platform::trade::order_state::{Action, state};
use platform::{ApiError, Viewer};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::domain::channel as rules;
use crate::domain::channel_order::{self as order_rules, CancelStep, Refusal};
use crate::settings::OrderSettings;
use crate::store::channel_orders;
use crate::store::channel_orders::ChannelOrigin;
use crate::store::channels as store;
use crate::store::orders::{self, Actor, NewOrder, OrderRow};
use crate::store::vouchers;

/// The generic protocol's answer (our assumption, docs/channels.md): `code` 0 is success.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChannelAnswer {
    pub code: i64,
    pub message: String,
    /// On success a [`ChannelOrderState`]; on a refusal `{reason}` (and `price`, ours per
    /// ticket, when the channel's was not it).
    #[schema(value_type = Object)]
    pub data: Value,
}

/// What a channel is answered of its order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelOrderState {
    /// Our order id.
    pub order_id: String,
    /// pending, confirmed, refused, cancelling or cancelled.
    pub state: String,
    /// The voucher codes of a confirmed order.
    pub vouchers: Vec<String>,
}

/// The signature headers of a call, owned to cross into the database thread.
struct Signed {
    account: String,
    timestamp: String,
    nonce: String,
    signature: String,
    path_and_query: String,
    /// The path the channel called, when it came through the gateway (`X-Forwarded-Prefix`
    /// and the path): what it signed. Trusting the header gives nothing away: the signature
    /// must still verify, and the nonce still be new.
    called: Option<String>,
}

impl Signed {
    fn of(req: &HttpRequest) -> Self {
        let h = |name: &str| {
            req.headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_owned()
        };
        let path_and_query = req
            .uri()
            .path_and_query()
            .map_or_else(|| req.path().to_owned(), |p| p.as_str().to_owned());
        let prefix = h("x-forwarded-prefix");
        let prefix = prefix.trim().trim_end_matches('/');
        let called = (!prefix.is_empty()).then(|| format!("{prefix}{path_and_query}"));
        Self {
            account: h(client::ACCOUNT),
            timestamp: h(client::TIMESTAMP),
            nonce: h(client::NONCE),
            signature: h(client::SIGNATURE),
            path_and_query,
            called,
        }
    }
}

/// What went wrong taking a call: the channel's refusal, or our database.
enum Failed {
    Refused(Refusal),
    /// The channel's price of a day is not ours: refused, and product `.1`'s day `.2` is
    /// pushed again.
    Stale(Refusal, i64, String),
    Db(diesel::result::Error),
}

impl From<diesel::result::Error> for Failed {
    fn from(e: diesel::result::Error) -> Self {
        Failed::Db(e)
    }
}

impl From<ApiError> for Failed {
    fn from(e: ApiError) -> Self {
        Failed::Refused(Refusal::of(&e))
    }
}

impl From<Refusal> for Failed {
    fn from(r: Refusal) -> Self {
        Failed::Refused(r)
    }
}

impl Failed {
    fn refusal(self) -> Refusal {
        match self {
            Failed::Refused(r) | Failed::Stale(r, ..) => r,
            Failed::Db(e) => Refusal::of(&ApiError::from(e)),
        }
    }
}

fn answer(status: u16, body: &ChannelAnswer) -> HttpResponse {
    let status = actix_web::http::StatusCode::from_u16(status)
        .unwrap_or(actix_web::http::StatusCode::INTERNAL_SERVER_ERROR);
    HttpResponse::build(status).json(body)
}

/// The configuration called on and that the call is its channel's: the account, the signature
/// and clock window, the nonce never seen.
fn admit(
    conn: &mut DbConnection,
    config: &InterfaceConfigCopy,
    sealed: &str,
    transport: &Sealer,
    signed: &Signed,
    body: &[u8],
    now: i64,
) -> Result<(), Failed> {
    let unauthorized = |why: &str| Refusal::new(code::UNAUTHORIZED, "unauthorized", why);
    let (_, credentials) = rules::credentials_of(config, sealed, transport)
        .map_err(|_| unauthorized("the configuration has no credentials"))?;
    if signed.account != credentials.account {
        return Err(unauthorized("unknown account").into());
    }
    let verify = |path_and_query: &str| {
        let received = client::Received {
            method: "POST",
            path_and_query,
            body,
            timestamp: &signed.timestamp,
            nonce: &signed.nonce,
            signature: &signed.signature,
        };
        client::verify(&credentials.secret, &received, now)
    };
    let through_gateway = signed.called.as_deref().map(verify);
    if through_gateway != Some(Ok(())) {
        verify(&signed.path_and_query).map_err(unauthorized)?;
    }
    rules::check_enabled(config).map_err(|_| {
        Refusal::new(
            code::REFUSED,
            "disabled",
            "the configuration is disabled at the tenant",
        )
    })?;
    let ts = signed.timestamp.trim().parse::<i64>().unwrap_or(now);
    if !channel_orders::first_use(conn, config.config_id, &signed.nonce, ts)? {
        return Err(Refusal::new(code::REPLAYED, "replayed", "nonce already used").into());
    }
    Ok(())
}

/// How long a nonce is kept: past it, its timestamp is refused as stale anyway.
const NONCE_KEPT_MS: i64 = 10 * 60 * 1000;

/// What a call did, for its answer and its log entry.
struct Handled {
    status: u16,
    body: ChannelAnswer,
    /// A day whose price the channel had wrong: it is pushed again.
    repush: Option<(i64, String)>,
    /// An order whose cancellation the channel asked and we refused (channel state 49).
    cancel_failed: Option<i64>,
}

fn refused(r: Refusal) -> Handled {
    let mut data = json!({ "reason": r.reason });
    if let Some(p) = r.price {
        data["price"] = json!(p);
    }
    Handled {
        status: r.status(),
        body: ChannelAnswer {
            code: r.code,
            message: r.message,
            data,
        },
        repush: None,
        cancel_failed: None,
    }
}

fn taken(conn: &mut DbConnection, row: &OrderRow, state: &str) -> Result<Handled, Failed> {
    let vouchers = vouchers::codes_of(conn, row.id)?;
    let data = ChannelOrderState {
        order_id: row.id.to_string(),
        state: state.to_owned(),
        vouchers,
    };
    Ok(Handled {
        status: 200,
        body: ChannelAnswer {
            code: code::OK,
            message: "ok".to_owned(),
            data: serde_json::to_value(data).unwrap_or(Value::Null),
        },
        repush: None,
        cancel_failed: None,
    })
}

/// The distributor the configuration sells for, acting for the channel.
fn actor_of(config: &InterfaceConfigCopy, now: i64) -> Actor {
    Actor {
        viewer: Viewer::merchant(config.saas_id, config.mch_id, MerchantKind::Distributor),
        user_id: 0,
        now,
    }
}

/// Places the channel's order (or answers the one placed before under its id).
fn take_order(
    conn: &mut DbConnection,
    config: &InterfaceConfigCopy,
    o: &ChannelOrder,
    pay_timeout_ms: i64,
    now: i64,
) -> Result<OrderRow, Failed> {
    let mapped = store::product_mapped_to(conn, config.config_id, &o.product)?;
    if let Some(kept) = channel_orders::find(conn, config.config_id, &o.order_id)? {
        let product_id = mapped.unwrap_or(0);
        if order_rules::same_order(
            o,
            product_id,
            (kept.product_id, &kept.visit_date, kept.quantity),
        ) {
            return Ok(kept);
        }
        return Err(Refusal::new(
            code::REFUSED,
            "order-id-used",
            "this orderId names another order already",
        )
        .into());
    }
    let product_id = mapped.ok_or_else(|| {
        Refusal::new(
            code::NOT_FOUND,
            "not-mapped",
            format!("{} is not sold through this account", o.product),
        )
    })?;
    let actor = actor_of(config, now);
    let product = super::orders::bookable(conn, &actor.viewer, product_id)?;
    let visit = platform::time::parse_date("date", &o.date)?;
    let day = platform::time::format_day(visit);
    let offer = crate::store::calendar::quote(
        conn,
        product.saas_id,
        config.mch_id,
        product.supplier_id,
        product_id,
        &day,
    )?
    .ok_or_else(|| Unbookable::NoPrice.error(&day))?;
    order_rules::check_price(o.price, offer.price)
        .map_err(|r| Failed::Stale(r, product_id, day.clone()))?;
    let placed = orders::place_quoted(
        conn,
        &actor,
        config.mch_id,
        &product,
        NewOrder {
            product_id,
            visit,
            quantity: o.quantity,
            buyer: crate::domain::booking::Buyer {
                name: o.contact_name.clone(),
                mobile: o.contact_mobile.clone(),
                ..Default::default()
            },
            remark: format!("{} {}", config.interface_name, o.order_id),
            channel: Some(ChannelOrigin {
                config_id: config.config_id,
                channel_order_id: o.order_id.clone(),
                channel_price: o.price.saturating_mul(o.quantity),
            }),
        },
        Some(offer),
        pay_timeout_ms,
    )?;
    if placed.row.order_state == state::UNPAID {
        // The visitor paid the channel; the distributor settles with the channel outside.
        orders::act(
            conn,
            &actor,
            placed.row.id,
            Action::Pay,
            pay_type::CASH,
            "paid at the channel",
        )?;
    }
    Ok(channel_orders::find(conn, config.config_id, &o.order_id)?
        .ok_or(diesel::result::Error::NotFound)?)
}

/// Cancels the channel's order as its state allows: at once when not confirmed, by asking the
/// supplier when confirmed.
fn cancel_order(
    conn: &mut DbConnection,
    config: &InterfaceConfigCopy,
    channel_order_id: &str,
    now: i64,
) -> Result<(OrderRow, &'static str), Failed> {
    let o = channel_orders::find(conn, config.config_id, channel_order_id)?.ok_or_else(|| {
        Refusal::new(
            code::NOT_FOUND,
            "unknown-order",
            "no order of this account has this orderId",
        )
    })?;
    let action = match order_rules::cancel_step(o.order_state) {
        CancelStep::Act(a) => a,
        CancelStep::Already(outcome) => return Ok((o, outcome.as_str())),
        CancelStep::Asked => return Ok((o, "cancelling")),
        CancelStep::Refuse(reason) => {
            return Err(Refusal::new(code::REFUSED, reason, "the order is completed").into());
        }
    };
    orders::act(
        conn,
        &actor_of(config, now),
        o.id,
        action,
        0,
        "cancelled at the channel",
    )?;
    let row = channel_orders::find(conn, config.config_id, channel_order_id)?
        .ok_or(diesel::result::Error::NotFound)?;
    let shown = order_rules::outcome_of(row.order_state);
    Ok((row, shown))
}

/// Keeps the call in the interface log, with what it leaves behind.
fn settle(
    conn: &mut DbConnection,
    config: &InterfaceConfigCopy,
    action: &str,
    exchange: &Exchange,
    h: &Handled,
    now: i64,
) -> diesel::QueryResult<()> {
    write_tx(conn, |conn| {
        store::log(
            conn,
            config.saas_id,
            config.config_id,
            &config.interface_name,
            action,
            exchange,
            now,
        )?;
        if let Some((product_id, day)) = &h.repush {
            store::enqueue(
                conn,
                config.saas_id,
                *product_id,
                std::slice::from_ref(day),
                now,
            )?;
        }
        if let Some(order_id) = h.cancel_failed {
            orders::mark_cancel_failed(conn, order_id, now)?;
        }
        channel_orders::forget_nonces_before(conn, now - NONCE_KEPT_MS)?;
        Ok(())
    })
}

/// One call of a channel: checked, handled, logged, answered.
async fn serve(
    pool: &DbPool,
    transport: Sealer,
    config_id: i64,
    req: &HttpRequest,
    body: Body,
    action: &'static str,
    handle: impl FnOnce(&mut DbConnection, &InterfaceConfigCopy, &[u8], i64) -> Handled + Send + 'static,
) -> Result<HttpResponse, ApiError> {
    let signed = Signed::of(req);
    let started = Instant::now();
    let handled = with_conn(pool, move |conn| -> Result<Option<Handled>, ApiError> {
        let Some((config, sealed)) = platform::replica::interface_config_called(conn, config_id)?
        else {
            return Ok(None);
        };
        let now = platform::time::now_ms();
        let h = match admit(conn, &config, &sealed, &transport, &signed, &body, now) {
            Ok(()) => handle(conn, &config, &body, now),
            Err(f) => refused(f.refusal()),
        };
        let text = serde_json::to_string(&h.body).unwrap_or_default();
        let exchange = Exchange {
            method: "POST",
            url: signed
                .called
                .clone()
                .unwrap_or_else(|| signed.path_and_query.clone()),
            request: String::from_utf8_lossy(&body).into_owned(),
            status: h.status,
            answer: text,
            took_ms: i64::try_from(started.elapsed().as_millis()).unwrap_or(0),
            outcome: Outcome::of(h.status, Some(h.body.code)),
            error: if h.body.code == code::OK {
                String::new()
            } else {
                h.body.message.clone()
            },
        };
        settle(conn, &config, action, &exchange, &h, now)?;
        Ok(Some(h))
    })
    .await?;
    Ok(match handled {
        Some(h) => answer(h.status, &h.body),
        None => answer(
            404,
            &ChannelAnswer {
                code: code::NOT_FOUND,
                message: "no such configuration".to_owned(),
                data: json!({ "reason": "no-configuration" }),
            },
        ),
    })
}

fn unreadable(why: impl std::fmt::Display) -> Handled {
    refused(Refusal::new(
        code::BAD_REQUEST,
        "unreadable",
        why.to_string(),
    ))
}

/// A channel places an order: `{orderId, <product>, <date>, quantity, <price>, contactName,
/// contactMobile}`, the product, date and price in the channel's names (docs/channels.md).
/// Answered the order's state (`pending` until the supplier confirms, or `confirmed` with its
/// vouchers); the same `orderId` again answers the same order.
#[utoipa::path(params(("configId" = i64, Path, description = "the channel configuration the order comes through")), request_body(content = Object, description = "the order in the channel's names"), responses((status = 200, body = ChannelAnswer, description = "taken: data is a ChannelOrderState"), (status = 400, body = ChannelAnswer, description = "a body that cannot be read (message names the field)"), (status = 401, body = ChannelAnswer, description = "unknown account, bad signature or stale timestamp"), (status = 404, body = ChannelAnswer, description = "no such configuration, or a product not sold through it"), (status = 409, body = ChannelAnswer, description = "a replayed nonce"), (status = 422, body = ChannelAnswer, description = "not taken: data.reason price-changed (with data.price), sold-out, closed, no-price, order-id-used, disabled, ...")), tag = "channel", summary = "A channel places an order (signed by the channel)")]
#[post("/openapi/channel/{configId}/orders")]
pub async fn place(
    pool: web::Data<DbPool>,
    transport: web::Data<Sealer>,
    settings: web::Data<OrderSettings>,
    req: HttpRequest,
    path: web::Path<i64>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let pay_timeout = settings.pay_timeout_ms;
    let transport = transport.get_ref().clone();
    serve(
        &pool,
        transport,
        path.into_inner(),
        &req,
        body,
        "order",
        move |conn, config, body, now| {
            let Ok(channel) = rules::channel_of(config) else {
                return unreadable("this configuration is not a ticket channel");
            };
            let order = match serde_json::from_slice::<Value>(body)
                .map_err(|_| "the body is not JSON".to_owned())
                .and_then(|v| channel.fields().order_in(&v).map_err(|e| e.to_string()))
            {
                Ok(o) => o,
                Err(why) => return unreadable(why),
            };
            if let Err(r) = order_rules::check(&order) {
                return refused(r);
            }
            let placed = write_tx(conn, |conn| -> Result<Handled, Failed> {
                let row = take_order(conn, config, &order, pay_timeout, now)?;
                taken(conn, &row, order_rules::outcome_of(row.order_state))
            });
            match placed {
                Ok(h) => h,
                Err(Failed::Stale(r, product_id, day)) => Handled {
                    repush: Some((product_id, day)),
                    ..refused(r)
                },
                Err(f) => refused(f.refusal()),
            }
        },
    )
    .await
}

#[derive(Debug, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelCancel {
    /// The channel's order id.
    pub order_id: String,
}

/// A channel asks to cancel one of its orders: cancelled at once when the supplier has not
/// confirmed it (`cancelled`), otherwise the supplier is asked (`cancelling`; the channel is
/// told the outcome later). Refused (422) when the order's terms do not allow it (tickets used,
/// too late, not refundable): the order stands and its channel state becomes 49.
#[utoipa::path(params(("configId" = i64, Path, description = "the channel configuration the order came through")), request_body = ChannelCancel, responses((status = 200, body = ChannelAnswer, description = "data is a ChannelOrderState"), (status = 400, body = ChannelAnswer), (status = 401, body = ChannelAnswer), (status = 404, body = ChannelAnswer, description = "no such configuration or order"), (status = 409, body = ChannelAnswer), (status = 422, body = ChannelAnswer, description = "the order's terms refuse it: data.reason")), tag = "channel", summary = "A channel cancels an order (signed by the channel)")]
#[post("/openapi/channel/{configId}/orders/cancel")]
pub async fn cancel(
    pool: web::Data<DbPool>,
    transport: web::Data<Sealer>,
    req: HttpRequest,
    path: web::Path<i64>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let transport = transport.get_ref().clone();
    serve(
        &pool,
        transport,
        path.into_inner(),
        &req,
        body,
        "order-cancel",
        move |conn, config, body, now| {
            let asked: ChannelCancel = match serde_json::from_slice(body) {
                Ok(c) => c,
                Err(e) => return unreadable(e),
            };
            let id = asked.order_id.trim().to_owned();
            let done = write_tx(conn, |conn| -> Result<Handled, Failed> {
                let (row, shown) = cancel_order(conn, config, &id, now)?;
                taken(conn, &row, shown)
            });
            match done {
                Ok(h) => h,
                Err(f) => {
                    let r = f.refusal();
                    let cancel_failed = (r.code == code::REFUSED)
                        .then(|| {
                            channel_orders::find(conn, config.config_id, &id)
                                .ok()
                                .flatten()
                        })
                        .flatten()
                        .map(|o| o.id);
                    Handled {
                        cancel_failed,
                        ..refused(r)
                    }
                }
            }
        },
    )
    .await
}

platform::endpoints!(place, cancel);
