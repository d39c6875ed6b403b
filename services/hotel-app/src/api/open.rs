//! The open distribution API, version 1 (`/open/v1/...`, docs/open-api.md): a distributor's own
//! system, signed in as one of its API users through the gateway, searches what it can book at
//! its prices, books (with an idempotency key), pays, cancels and reads its own orders. Every
//! call reuses the console's booking and order functions; only the shape of the surface is its
//! own. Its OpenAPI document is apart from the console's: `/openapi/open-v1.json`.

use actix_web::{HttpRequest, HttpResponse, Responder as _, get, post, web};
use platform::auth::{CurrentUser, signed};
use platform::db::{DbConnection, DbPool, hot_write_tx, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::booking::{OrderForm, QuotedProduct, place_booking, quoted, stay_of};
use super::orders::{OrderListQuery, order_ctx};
use crate::domain::open::{self, KEY_HEADER, Repeat};
use crate::domain::order_rules;
use crate::domain::order_state::Action;
use crate::settings::OrderSettings;
use crate::store::bookable::{self, BookableHotel, HotelSearch};
use crate::store::open::{self as keys, KeyRef};
use crate::store::orders::{self, ActionInput, Guest, OrderSummary, not_found};

/// The header a repeated booking answers with: `true` when the order is the one the key made
/// before (nothing was booked now).
pub const REPLAYED_HEADER: &str = "Idempotent-Replayed";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OpenStayQuery {
    /// YYYY-MM-DD.
    pub checkin_date: Option<String>,
    /// YYYY-MM-DD, after the check-in date.
    pub checkout_date: Option<String>,
    /// Rooms (default 1).
    pub room_num: Option<i64>,
    /// Part of the hotel's name.
    pub hotel_name: Option<String>,
    pub star: Option<i32>,
    pub zone_id: Option<i64>,
    pub page: Option<u32>,
    pub result_num: Option<u32>,
}

/// An id in the path: a number, or a 412 naming it.
fn path_id(field: &str, raw: &str) -> Result<i64, ApiError> {
    raw.parse::<i64>()
        .map_err(|_| ApiError::invalid_field(field, "请输入数字编号", "the id must be a number"))
}

/// Hotels with at least one product bookable for the stay, with the lowest total price at the
/// caller's prices.
#[utoipa::path(params(OpenStayQuery), responses((status = 200, body = Page<BookableHotel>)), security(("signed" = [])), tag = "open", summary = "Search bookable hotels")]
#[get("/open/v1/hotels")]
pub async fn search_hotels(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    q: Query<OpenStayQuery>,
) -> Result<Reply<Page<BookableHotel>>, ApiError> {
    let distributor = open::caller(me.msc_type, &viewer)?;
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let stay = stay_of(&q.checkin_date, &q.checkout_date, q.room_num.unwrap_or(1))?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let search = HotelSearch {
            distributor_id: distributor,
            stay,
            hotel_id: None,
            hotel_name: q.hotel_name.filter(|n| !n.is_empty()),
            star: unless_all(q.star),
            zone_id: q.zone_id,
        };
        let (rows, total) =
            bookable::bookable_hotels(conn, &viewer, &search, platform::time::now_ms(), page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OpenProductQuery {
    /// YYYY-MM-DD.
    pub checkin_date: Option<String>,
    /// YYYY-MM-DD, after the check-in date.
    pub checkout_date: Option<String>,
    /// Rooms (default 1).
    pub room_num: Option<i64>,
}

/// A hotel's products on sale, priced for the stay at the caller's prices, each night with its
/// price and rooms left, and why a product cannot be booked.
#[utoipa::path(params(("hotelId" = i64, Path, description = "The hotel"), OpenProductQuery), responses((status = 200, body = [QuotedProduct])), security(("signed" = [])), tag = "open", summary = "Price a hotel's products for a stay")]
#[get("/open/v1/hotels/{hotelId}/products")]
pub async fn hotel_products(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    hotel: web::Path<String>,
    q: Query<OpenProductQuery>,
) -> Result<Reply<Vec<QuotedProduct>>, ApiError> {
    let distributor = open::caller(me.msc_type, &viewer)?;
    let hotel_id = path_id("hotelId", &hotel)?;
    let q = q.into_inner();
    let stay = stay_of(&q.checkin_date, &q.checkout_date, q.room_num.unwrap_or(1))?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let products = bookable::quoted_products(
            conn,
            &viewer,
            Some(hotel_id),
            distributor,
            &stay,
            platform::time::now_ms(),
        )?;
        Ok(quoted(products))
    })
    .await?;
    Ok(Reply(out))
}

/// A night of an order: its price per room.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenNight {
    /// YYYY-MM-DD.
    pub date: String,
    /// Per room, fen.
    pub price: i64,
}

/// An order as the distributor sees it: the order, its payment and cancellation terms, its
/// guests and nights.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenOrder {
    #[serde(flatten)]
    pub order: OrderSummary,
    /// The distributor's own order number, as booked.
    pub channel_order_id: String,
    pub currency: String,
    /// 1 credit, 2 cash; 0 not paid.
    pub pay_type: i32,
    /// fen.
    pub pay_price: i64,
    /// ms; 0 not paid.
    pub pay_date: i64,
    /// Why the last credit payment failed, if it did.
    pub pay_fail_reason: String,
    /// ms; 0 not confirmed.
    pub confirm_date: i64,
    /// Whether the order may be cancelled after confirmation (by application).
    pub allowed_cancel: bool,
    /// ms; until when an application to cancel is accepted (0 none).
    pub cancel_deadline: i64,
    /// fen; what a cancellation costs.
    pub cancel_price: i64,
    pub order_memo: String,
    pub guest_memo: String,
    pub guests: Vec<Guest>,
    pub nightly: Vec<OpenNight>,
}

/// The order `id` as `viewer` sees it, or 404.
fn load_open(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> Result<OpenOrder, ApiError> {
    let (o, d) = orders::find(conn, viewer, id)?.ok_or_else(not_found)?;
    Ok(OpenOrder {
        order: o,
        channel_order_id: d.channel_order_id,
        currency: d.currency,
        pay_type: d.pay_type,
        pay_price: d.pay_price,
        pay_date: d.pay_date,
        pay_fail_reason: d.pay_fail_reason,
        confirm_date: d.confirm_date,
        allowed_cancel: d.allowed_cancel,
        cancel_deadline: d.cancel_deadline,
        cancel_price: d.cancel_price,
        order_memo: d.order_memo,
        guest_memo: d.guest_memo,
        guests: orders::guests(conn, id)?,
        // The purchase price is what the supplier is paid: never shown to a distributor.
        nightly: orders::nights(conn, id)?
            .into_iter()
            .map(|n| OpenNight {
                date: n.day,
                price: n.price,
            })
            .collect(),
    })
}

/// The booking's idempotency key, if the request names one.
fn idempotency_key(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(v) = req.headers().get(KEY_HEADER) else {
        return Ok(None);
    };
    let key = v.to_str().map_err(|_| {
        ApiError::invalid_field(KEY_HEADER, "幂等键须为 ASCII", "the key must be ASCII")
    })?;
    open::check_key(key)?;
    Ok(Some(key.to_owned()))
}

/// Books a product at the caller's prices, as the console books (stock of every night taken or
/// none; instant-confirm products are confirmed at once; online-payment orders wait for their
/// payment). `distributorId` is ignored: an API user books for its own distributor.
///
/// With an `Idempotency-Key` header, the same key with the same body (compared as parsed, so
/// spacing and the order of fields do not matter) answers the order the key first made, with
/// `Idempotent-Replayed: true`, and books nothing, however many retries arrive at once; the
/// same key with another body is a 412 naming the header. Keys are kept per API user for 24
/// hours from their first use. A booking that fails keeps no key.
#[utoipa::path(request_body = OrderForm, params(("Idempotency-Key" = Option<String>, Header, description = "1 to 64 printable ASCII characters; kept 24 hours per API user")), responses((status = 200, body = OpenOrder, headers(("Idempotent-Replayed" = bool, description = "true when the key's first order is answered again")))), security(("signed" = [])), tag = "open", summary = "Book a hotel product")]
#[post("/open/v1/orders")]
pub async fn book(
    pool: web::Data<DbPool>,
    settings: web::Data<OrderSettings>,
    viewer: Viewer,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<OrderForm>,
) -> Result<HttpResponse, ApiError> {
    open::caller(me.msc_type, &viewer)?;
    let key = idempotency_key(&req)?;
    let f = form.into_inner();
    let body_hash = signed::body_hash(&serde_json::to_vec(&f).map_err(anyhow::Error::from)?);
    let stay = f.stay()?;
    let pay_timeout = settings.pay_timeout_ms;
    let (order, replayed) = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        hot_write_tx(conn, |conn| {
            let now = platform::time::now_ms();
            let key = key.as_deref().map(|key| KeyRef {
                saas_id: viewer.saas_id,
                user_id: me.user_id,
                key,
            });
            if let Some(k) = &key
                && !keys::claim(conn, k, &body_hash, now)?
            {
                let kept = keys::kept(conn, k)?;
                match kept.map(|kept| open::repeat(k.key, &kept, &body_hash, now)) {
                    Some(Ok(Repeat::Same(id))) => return Ok((load_open(conn, &viewer, id)?, true)),
                    Some(Err(e)) => return Err(e),
                    // Expired, or removed by the job since the claim: free to claim again.
                    Some(Ok(Repeat::Expired)) | None => {
                        keys::forget(conn, k)?;
                        keys::claim(conn, k, &body_hash, now)?;
                    }
                }
            }
            let o = place_booking(conn, viewer, &me, &f, stay, pay_timeout)?;
            if let Some(k) = &key {
                keys::record_order(conn, k, o.order_id)?;
            }
            Ok((load_open(conn, &viewer, o.order_id)?, false))
        })
    })
    .await?;
    let mut res = Reply(order).respond_to(&req);
    res.headers_mut().insert(
        actix_web::http::header::HeaderName::from_static("idempotent-replayed"),
        actix_web::http::header::HeaderValue::from_static(if replayed { "true" } else { "false" }),
    );
    Ok(res)
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OpenOrderQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub hotel_id: Option<i64>,
    pub order_state: Option<i32>,
    pub pay_state: Option<i32>,
    /// 1 order date (default), 2 check-in date, 3 check-out date.
    pub date_type: Option<i32>,
    /// YYYY-MM-DD.
    pub start_date: Option<String>,
    /// YYYY-MM-DD.
    pub end_date: Option<String>,
}

/// The caller's own orders, newest first.
#[utoipa::path(params(OpenOrderQuery), responses((status = 200, body = Page<OrderSummary>)), security(("signed" = [])), tag = "open", summary = "List own orders")]
#[get("/open/v1/orders")]
pub async fn list_orders(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    q: Query<OpenOrderQuery>,
) -> Result<Reply<Page<OrderSummary>>, ApiError> {
    open::caller(me.msc_type, &viewer)?;
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    // The console's list rules: the same filter, scoped to the caller's distributor.
    let filter = OrderListQuery {
        page: q.page,
        result_num: q.result_num,
        order_id: None,
        hotel_id: q.hotel_id,
        product_id: None,
        supplier_id: None,
        distributor_id: None,
        contact: None,
        order_state: q.order_state,
        supplier_order_state: None,
        channel_order_state: None,
        pay_state: q.pay_state,
        cancel_apply: None,
        date_type: q.date_type,
        start_date: q.start_date,
        end_date: q.end_date,
    }
    .filter()?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (list, total) = orders::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(list, total, page))
    })
    .await?;
    Ok(Reply(out))
}

/// One of the caller's orders with its guests and nights; another's is not found.
#[utoipa::path(params(("orderId" = i64, Path, description = "The order")), responses((status = 200, body = OpenOrder), (status = 404)), security(("signed" = [])), tag = "open", summary = "Load an order")]
#[get("/open/v1/orders/{orderId}")]
pub async fn load_order(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    order: web::Path<String>,
) -> Result<Reply<OpenOrder>, ApiError> {
    open::caller(me.msc_type, &viewer)?;
    let id = path_id("orderId", &order)?;
    let out = with_conn(&pool, move |conn| load_open(conn, &viewer, id)).await?;
    Ok(Reply(out))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenPayForm {
    /// 1 credit (the distributor's credit with the tenant: the order waits in payment state 20
    /// until finance-app answers, then 21 paid or 29 failed), 2 cash (paid at once).
    pub pay_type: i32,
    #[serde(default)]
    pub remark: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenCancelForm {
    /// Why, for the order's log.
    #[serde(default)]
    pub remark: String,
}

/// Applies `action` (or, for `None`, the cancel that fits the order's state) and answers the
/// order as it now is.
async fn act(
    pool: &DbPool,
    viewer: Viewer,
    me: CurrentUser,
    id: i64,
    action: Option<Action>,
    input: ActionInput,
) -> Result<Reply<OpenOrder>, ApiError> {
    let out = with_conn(pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let action = match action {
                Some(a) => a,
                None => {
                    let (o, _) = orders::find(conn, &viewer, id)?.ok_or_else(not_found)?;
                    open::cancel_action(o.order_state)
                }
            };
            orders::act(conn, &order_ctx(viewer, &me), id, action, &input)?;
            load_open(conn, &viewer, id)
        })
    })
    .await?;
    Ok(Reply(out))
}

/// Pays an unpaid online-payment order, as the console's pay does.
#[utoipa::path(params(("orderId" = i64, Path, description = "The order")), request_body = OpenPayForm, responses((status = 200, body = OpenOrder), (status = 404)), security(("signed" = [])), tag = "open", summary = "Pay an order")]
#[post("/open/v1/orders/{orderId}/pay")]
pub async fn pay(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    order: web::Path<String>,
    form: Json<OpenPayForm>,
) -> Result<Reply<OpenOrder>, ApiError> {
    open::caller(me.msc_type, &viewer)?;
    let id = path_id("orderId", &order)?;
    let f = form.into_inner();
    order_rules::remark(&f.remark, false)?;
    let input = ActionInput {
        remark: f.remark,
        pay_type: f.pay_type,
        ..ActionInput::default()
    };
    act(&pool, viewer, me, id, Some(Action::Pay), input).await
}

/// Cancels an order: one the supplier has not confirmed yet is cancelled at once (its rooms go
/// back, a payment is refunded); a confirmed one is applied for cancellation, within its
/// product's cancellation terms, and the supplier agrees or refuses (`cancelApply`, and the
/// order's state when it is decided).
#[utoipa::path(params(("orderId" = i64, Path, description = "The order")), request_body = OpenCancelForm, responses((status = 200, body = OpenOrder), (status = 404)), security(("signed" = [])), tag = "open", summary = "Cancel an order")]
#[post("/open/v1/orders/{orderId}/cancel")]
pub async fn cancel(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    order: web::Path<String>,
    form: Json<OpenCancelForm>,
) -> Result<Reply<OpenOrder>, ApiError> {
    open::caller(me.msc_type, &viewer)?;
    let id = path_id("orderId", &order)?;
    let f = form.into_inner();
    order_rules::remark(&f.remark, false)?;
    let input = ActionInput {
        remark: f.remark,
        ..ActionInput::default()
    };
    act(&pool, viewer, me, id, None, input).await
}

/// This document (the open API's own, apart from the service's `/openapi.json`), with every
/// answer in the envelope and the platform's errors, public like the service's.
#[utoipa::path(extensions(("x-envelope" = json!(false))), responses((status = 200, description = "The OpenAPI document of the open API", body = Object)), tag = "open", summary = "The open API's OpenAPI document")]
#[get("/openapi/open-v1.json")]
pub async fn document() -> Result<HttpResponse, ApiError> {
    let doc =
        platform::http::contract::complete(&openapi(), crate::NAME).map_err(anyhow::Error::from)?;
    Ok(HttpResponse::Ok().json(doc))
}

platform::endpoints!(
    search_hotels,
    hotel_products,
    book,
    list_orders,
    load_order,
    pay,
    cancel,
    document
);

/// The signed-request scheme, for the document's `security`.
struct Signed;

impl utoipa::Modify for Signed {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "signed",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-Tw-App-Key",
                "An API user's app key, with X-Tw-Timestamp, X-Tw-Nonce and X-Tw-Signature \
                 (HMAC-SHA256 of the canonical request, docs/open-api.md)",
            ))),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Tradewind open distribution API",
        version = "v1",
        description = "A distributor's system books the tenant's hotel products as one of its API users: \
                       every request signed (X-Tw-App-Key, X-Tw-Timestamp, X-Tw-Nonce, X-Tw-Signature; \
                       docs/open-api.md), sent to the gateway under /api/hotel-app. Money in fen, times in \
                       ms, dates YYYY-MM-DD; every answer in the envelope {state, code, msg, data, time}."
    ),
    tags((name = "open", description = "Search, book, pay, cancel and read orders; the webhook of order changes")),
    modifiers(&Signed)
)]
struct OpenDoc;

/// The open API's OpenAPI document (without the envelope; `document` serves it completed).
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = OpenDoc::openapi();
    doc.merge(Doc::openapi());
    doc.merge(<super::webhooks::Doc as OpenApi>::openapi());
    doc
}
