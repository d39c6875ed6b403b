//! Mall orders: `/saas/mall/orders/*`. `place` is the buyer's order in a snap-up session,
//! answered within the request: placed, or refused (sold out, not enough left, limit reached,
//! not live) with nothing written; 429 when the process works on its most attempts already.
//! `pay` asks finance-app to take the order's amount from the distributor's credit (the answer
//! arrives over the bus); `cancel` gives the units back, and refunds a paid order's credit.

use actix_web::{HttpRequest, get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::domain::order::{Actor, CancelOrder, PayOrder, PlaceOrder};
use crate::domain::snapup::{self, Buyer};
use crate::rush::Rush;
use crate::settings::SnapupSettings;
use crate::store::orders::{self, MallOrder, OrderFilter, Placed};
use crate::store::sessions;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub session_id: Option<i64>,
    /// 2 unpaid, 3 paid, 4 cancelled (-99 or absent: all).
    pub order_state: Option<i32>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderIdQuery {
    pub order_id: Option<i64>,
}

/// Places an order in a live session: the units are taken from the session's stock and counted
/// on the buyer's limit together or not at all; the answer carries the stock left. A distributor's
/// users and the tenant's staff buy; a supplier's users may not.
#[utoipa::path(request_body = PlaceOrder, responses((status = 200, body = Placed), (status = 403), (status = 404), (status = 412), (status = 429)), security(("bearer" = [])), tag = "mall", summary = "Place a snap-up order")]
#[post("/saas/mall/orders/place")]
pub async fn place(
    pool: web::Data<DbPool>,
    rush: web::Data<Rush>,
    settings: web::Data<SnapupSettings>,
    viewer: Viewer,
    me: CurrentUser,
    req: HttpRequest,
    body: Json<PlaceOrder>,
) -> Result<Reply<Placed>, ApiError> {
    if viewer.supplier().is_some() {
        return Err(platform::auth::forbidden());
    }
    let order = body.into_inner().validated()?;
    let now = platform::time::now_ms();
    let saas = viewer.saas_id;
    let session = order.session_id;
    if rush.is_sold_out(saas, session, now) {
        return Err(snapup::sold_out());
    }
    let Some(_admitted) = rush.admit() else {
        return Err(ApiError::TooManyRequests {
            retry_after_secs: 1,
        });
    };
    let buyer = Buyer {
        user_id: me.user_id,
        mch_id: viewer.mch_id().unwrap_or(0),
        saas_id: saas,
        ip: platform::http::client_ip(&req),
    };
    let pay_timeout = settings.pay_timeout_ms;
    let (placed, empty_until) = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let placed = write_tx::<_, ApiError>(conn, |conn| {
            orders::place(conn, &viewer, &buyer, &order, now, pay_timeout)
        });
        // Read after the commit or the refusal's rollback: until when no stock can come back.
        let emptied = match &placed {
            Ok(p) => p.stock_left == 0,
            Err(e) => e.code() == "sold-out",
        };
        let until = if emptied {
            sessions::empty_until(conn, saas, session, now)?
        } else {
            None
        };
        Ok((placed, until))
    })
    .await?;
    if let Some((until, product)) = empty_until {
        rush.mark_sold_out(saas, session, product, until);
    }
    Ok(Reply(placed?))
}

/// The orders the caller sees (staff all, a distributor its own, a supplier those of its
/// products), newest first.
#[utoipa::path(params(OrderListQuery), responses((status = 200, body = Page<MallOrder>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "List mall orders")]
#[get("/saas/mall/orders/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderListQuery>,
) -> Result<Reply<Page<MallOrder>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = OrderFilter {
        session_id: q.session_id,
        order_state: unless_all(q.order_state),
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = orders::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// One order the caller sees.
#[utoipa::path(params(OrderIdQuery), responses((status = 200, body = MallOrder), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Load a mall order")]
#[get("/saas/mall/orders/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderIdQuery>,
) -> Result<Reply<MallOrder>, ApiError> {
    let id = q
        .order_id
        .ok_or_else(|| ApiError::invalid_field("orderId", "请选择订单", "is required"))?;
    let o = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        orders::find(conn, &viewer, id)?.ok_or_else(|| ApiError::not_found("订单", "order"))
    })
    .await?;
    Ok(Reply(o))
}

/// The distributor's user pays its order by credit (`payType` 1): the order answers in payment
/// state 20 (paying) while finance-app takes the amount from the distributor's credit or
/// refuses; the answer moves it to paid (3, payment state 21) or payment failed (29, the reason
/// in `payFailReason`). A paying order neither expires nor can be cancelled; left unanswered it
/// is asked again, and past the give-up time cancelled with its credit released.
#[utoipa::path(request_body = PayOrder, responses((status = 200, body = MallOrder), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Pay a mall order by credit")]
#[put("/saas/mall/orders/pay")]
pub async fn pay(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<PayOrder>,
) -> Result<Reply<MallOrder>, ApiError> {
    let p = body.into_inner().validated()?;
    let now = platform::time::now_ms();
    let o = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            orders::pay(conn, &viewer, me.user_id, p.order_id, now)
        })
    })
    .await?;
    Ok(Reply(o))
}

/// Cancels an order: the tenant's staff an unpaid or a paid one (a credit-paid order is
/// refunded: payment state 51, its credit given back by finance-app), a distributor's user its
/// own unpaid one. Its units go back to the session, the product and the buyer's limit.
#[utoipa::path(request_body = CancelOrder, responses((status = 200, body = MallOrder), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Cancel a mall order")]
#[put("/saas/mall/orders/cancel")]
pub async fn cancel(
    pool: web::Data<DbPool>,
    rush: web::Data<Rush>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<CancelOrder>,
) -> Result<Reply<MallOrder>, ApiError> {
    if viewer.supplier().is_some() {
        return Err(platform::auth::forbidden());
    }
    let actor = if viewer.is_tenant_staff() {
        Actor::Staff
    } else {
        Actor::Buyer
    };
    let c = body.into_inner().validated()?;
    let now = platform::time::now_ms();
    let (o, given) = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            orders::cancel(conn, &viewer, actor, me.user_id, &c, now)
        })
    })
    .await?;
    rush.forget_product(given.saas_id, given.mall_product_id);
    Ok(Reply(o))
}

platform::endpoints!(place, list, load, pay, cancel);
