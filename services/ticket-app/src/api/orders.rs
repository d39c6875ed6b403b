//! Booking tickets (`/saas/booking/ticketBookings/*`), ticket orders and their actions
//! (`/saas/order/ticketSys|ticketSupplier|ticketChannel/*`, `/saas/order/ticketOrder/*`) and
//! the order log (`/saas/log/ticketOrderLog/list`). Hotel-app serves the hotel orders under
//! `/saas/order/sys|supplier|channel`; a permission code names one endpoint, so the ticket
//! ones carry `ticket` in their resource.

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbConnection, DbPool, hot_write_tx, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, PageRequest, Query, Reply, unless_all};
use platform::trade::fields::required_id;
use platform::trade::order_rules;
use platform::trade::order_state::Action;
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::domain::booking::Buyer;
use crate::domain::product::PRODUCT_TYPES;
use crate::settings::OrderSettings;
use crate::store::orders::{self, Actor, NewOrder, OrderFilter, OrderLog, TicketOrder};
use crate::store::products::{self, BookableProduct, ProductFilter, ProductRow};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BookingQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// YYYY-MM-DD, today or later.
    pub visit_date: Option<String>,
    /// Tickets wanted (default 1).
    pub quantity: Option<i64>,
    pub scenic_id: Option<i64>,
    pub product_name: Option<String>,
    /// `typeTicketProduct` (-99 or absent: all).
    pub product_type: Option<i32>,
}

fn distributor_only(viewer: &Viewer) -> Result<i64, ApiError> {
    viewer.distributor().ok_or_else(platform::auth::forbidden)
}

/// The products on sale a distributor may book for a visit date, each with its price for
/// the distributor, what is left and whether the quantity can be had (with the reason when
/// not). Distributors only.
#[utoipa::path(params(BookingQuery), responses((status = 200, body = Page<BookableProduct>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "booking", summary = "Search bookable ticket products")]
#[get("/saas/booking/ticketBookings/list")]
pub async fn booking_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<BookingQuery>,
) -> Result<Reply<Page<BookableProduct>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let distributor = distributor_only(&viewer)?;
    let visit = q
        .visit_date
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .ok_or_else(|| {
            ApiError::invalid_field(
                "visitDate",
                "请选择游玩日期",
                "Please select the visit date",
            )
        })?;
    let visit = platform::time::parse_date("visitDate", visit)?;
    let quantity = q.quantity.unwrap_or(1);
    crate::domain::booking::check_quantity(quantity)?;
    let product_type = unless_all(q.product_type);
    if let Some(t) = product_type {
        platform::validate::one_of("productType", t, PRODUCT_TYPES)?;
    }
    let filter = ProductFilter {
        product_name: q.product_name,
        scenic_id: q.scenic_id.filter(|s| *s > 0),
        product_type,
        ..ProductFilter::default()
    };
    let day = platform::time::format_day(visit);
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) =
            products::bookable(conn, &viewer, distributor, &filter, &day, quantity, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// An order as the booking form sends it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderForm {
    pub product_id: Option<i64>,
    /// YYYY-MM-DD.
    pub visit_date: Option<String>,
    /// 1 to 999 tickets.
    pub quantity: Option<i64>,
    /// What the product's form asks of the buyer.
    #[serde(default)]
    pub buyer: Buyer,
    /// Up to 500 characters.
    #[serde(default)]
    pub remark: String,
}

/// A product `viewer` may book: on sale, of a spot it sees; otherwise not found.
pub(crate) fn bookable(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_id: i64,
) -> Result<ProductRow, ApiError> {
    products::for_booking(conn, viewer, product_id)?.ok_or_else(super::products::not_found)
}

/// A distributor books tickets of a product on sale for a visit date: the booking rules, the
/// purchase limit (per order, per customer by ID number or mobile, per customer and day) and
/// the day's stock are taken together or not at all. The order is unpaid (online payment:
/// it cancels itself after the configured time), or confirmed at once (instant confirmation
/// with limited stock), or waits for the supplier.
#[utoipa::path(request_body = OrderForm, responses((status = 200, body = TicketOrder), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "booking", summary = "Book tickets")]
#[post("/saas/booking/ticketBookings/order")]
pub async fn order(
    pool: web::Data<DbPool>,
    settings: web::Data<OrderSettings>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<OrderForm>,
) -> Result<Reply<TicketOrder>, ApiError> {
    let f = form.into_inner();
    let distributor = distributor_only(&viewer)?;
    let product_id = required_id("productId", f.product_id)?;
    let visit = f
        .visit_date
        .as_deref()
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .ok_or_else(|| {
            ApiError::invalid_field(
                "visitDate",
                "请选择游玩日期",
                "Please select the visit date",
            )
        })?;
    let visit = platform::time::parse_date("visitDate", visit)?;
    let quantity = required_id("quantity", f.quantity)?;
    let remark = f.remark.trim().to_owned();
    platform::validate::text("remark", &remark, 0, 500)?;
    let pay_timeout = settings.pay_timeout_ms;
    let actor = Actor {
        viewer,
        user_id: me.user_id,
        now: platform::time::now_ms(),
    };
    let o = with_conn(&pool, move |conn| {
        // Every statement of a booking has one shape: generic plans may serve it.
        let placed = hot_write_tx::<_, ApiError>(conn, |conn| {
            let product = bookable(conn, &actor.viewer, product_id)?;
            orders::place(
                conn,
                &actor,
                distributor,
                &product,
                NewOrder {
                    product_id,
                    visit,
                    quantity,
                    buyer: f.buyer,
                    remark,
                    channel: None,
                },
                pay_timeout,
            )
        })?;
        orders::view(conn, &actor.viewer, placed)
    })
    .await?;
    Ok(Reply(o))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub order_id: Option<i64>,
    pub product_id: Option<i64>,
    pub scenic_id: Option<i64>,
    /// The tenant's staff only (a merchant sees its own).
    pub supplier_id: Option<i64>,
    pub distributor_id: Option<i64>,
    /// `orderState` (-99 or absent: all).
    pub order_state: Option<i32>,
    /// `payState` (-99 or absent: all).
    pub pay_state: Option<i32>,
    /// Visit dates from, YYYY-MM-DD.
    pub start_date: Option<String>,
    /// Visit dates to, YYYY-MM-DD.
    pub end_date: Option<String>,
    /// Part of the contact's name or mobile.
    pub contact: Option<String>,
    /// A channel's order id, whole (orders placed through a channel).
    pub channel_order_id: Option<String>,
}

impl OrderListQuery {
    fn split(self, viewer: &Viewer) -> Result<(OrderFilter, PageRequest), ApiError> {
        let page = PageQuery {
            page: self.page,
            result_num: self.result_num,
        }
        .validate()?;
        let date = |field: &str, v: Option<String>| -> Result<Option<String>, ApiError> {
            match v.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
                Some(d) => Ok(Some(platform::time::format_day(
                    platform::time::parse_date(field, d)?,
                ))),
                None => Ok(None),
            }
        };
        let staff = viewer.is_tenant_staff();
        Ok((
            OrderFilter {
                order_id: self.order_id,
                product_id: self.product_id,
                scenic_id: self.scenic_id,
                supplier_id: self.supplier_id.filter(|_| staff),
                distributor_id: self.distributor_id.filter(|_| staff),
                order_state: unless_all(self.order_state),
                pay_state: unless_all(self.pay_state),
                visit_from: date("startDate", self.start_date)?,
                visit_to: date("endDate", self.end_date)?,
                contact: self.contact,
                channel_order_id: self.channel_order_id,
            },
            page,
        ))
    }
}

async fn list_of(
    pool: &DbPool,
    viewer: Viewer,
    q: OrderListQuery,
) -> Result<Reply<Page<TicketOrder>>, ApiError> {
    let (filter, page) = q.split(&viewer)?;
    let page = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = orders::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// Every ticket order of the tenant, newest first (the tenant's staff only).
#[utoipa::path(params(OrderListQuery), responses((status = 200, body = Page<TicketOrder>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "order", summary = "List ticket orders (operator)")]
#[get("/saas/order/ticketSys/list")]
pub async fn sys_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderListQuery>,
) -> Result<Reply<Page<TicketOrder>>, ApiError> {
    viewer.require_tenant_staff()?;
    list_of(&pool, viewer, q.into_inner()).await
}

/// A supplier's ticket orders (of its products); the staff see every supplier's.
#[utoipa::path(params(OrderListQuery), responses((status = 200, body = Page<TicketOrder>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "order", summary = "List ticket orders (supplier)")]
#[get("/saas/order/ticketSupplier/list")]
pub async fn supplier_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderListQuery>,
) -> Result<Reply<Page<TicketOrder>>, ApiError> {
    if viewer.distributor().is_some() {
        return Err(platform::auth::forbidden());
    }
    list_of(&pool, viewer, q.into_inner()).await
}

/// A distributor's ticket orders (those it booked); the staff see every distributor's.
#[utoipa::path(params(OrderListQuery), responses((status = 200, body = Page<TicketOrder>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "order", summary = "List ticket orders (distributor)")]
#[get("/saas/order/ticketChannel/list")]
pub async fn channel_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderListQuery>,
) -> Result<Reply<Page<TicketOrder>>, ApiError> {
    if viewer.supplier().is_some() {
        return Err(platform::auth::forbidden());
    }
    list_of(&pool, viewer, q.into_inner()).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderIdQuery {
    pub order_id: Option<i64>,
}

/// One order the caller sees (its supplier, its distributor, the tenant's staff).
#[utoipa::path(params(OrderIdQuery), responses((status = 200, body = TicketOrder), (status = 404), (status = 412)), security(("bearer" = [])), tag = "order", summary = "Load a ticket order")]
#[get("/saas/order/ticketSys/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderIdQuery>,
) -> Result<Reply<TicketOrder>, ApiError> {
    let id = required_id("orderId", q.order_id)?;
    let o = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        orders::load(conn, &viewer, id)?.ok_or_else(orders::not_found)
    })
    .await?;
    Ok(Reply(o))
}

/// The log of an order the caller sees, oldest first.
#[utoipa::path(params(OrderIdQuery), responses((status = 200, body = [OrderLog]), (status = 404), (status = 412)), security(("bearer" = [])), tag = "order", summary = "A ticket order's log")]
#[get("/saas/log/ticketOrderLog/list")]
pub async fn log_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderIdQuery>,
) -> Result<Reply<Vec<OrderLog>>, ApiError> {
    let id = required_id("orderId", q.order_id)?;
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        orders::logs(conn, &viewer, id)?.ok_or_else(orders::not_found)
    })
    .await?;
    Ok(Reply(rows))
}

/// An action on an order, with an optional remark (required for refusals).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderAction {
    pub order_id: Option<i64>,
    /// Up to 500 characters.
    #[serde(default)]
    pub remark: String,
}

/// A payment of an unpaid online-payment order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayForm {
    pub order_id: Option<i64>,
    /// 2 cash (1 credit is refused until ticket orders take part in finance-app's credit
    /// saga).
    pub pay_type: Option<i32>,
}

async fn act_on(
    pool: &DbPool,
    viewer: Viewer,
    me: CurrentUser,
    order_id: Option<i64>,
    action: Action,
    pay_type: i32,
    remark: String,
) -> Result<Reply<TicketOrder>, ApiError> {
    let id = required_id("orderId", order_id)?;
    let actor = Actor {
        viewer,
        user_id: me.user_id,
        now: platform::time::now_ms(),
    };
    let o = with_conn(pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            orders::act(conn, &actor, id, action, pay_type, &remark)
        })
    })
    .await?;
    Ok(Reply(o))
}

macro_rules! action_endpoint {
    ($name:ident, $path:literal, $action:expr, $remark_required:expr, $summary:literal, $doc:literal) => {
        #[doc = $doc]
        #[utoipa::path(request_body = OrderAction, responses((status = 200, body = TicketOrder), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "order", summary = $summary)]
        #[put($path)]
        pub async fn $name(
            pool: web::Data<DbPool>,
            viewer: Viewer,
            me: CurrentUser,
            form: Json<OrderAction>,
        ) -> Result<Reply<TicketOrder>, ApiError> {
            let f = form.into_inner();
            let remark = order_rules::remark(&f.remark, $remark_required)?;
            act_on(&pool, viewer, me, f.order_id, $action, 0, remark).await
        }
    };
}

action_endpoint!(
    confirm,
    "/saas/order/ticketOrder/confirm",
    Action::Confirm,
    false,
    "Confirm a ticket order",
    "The supplier (or the staff) confirms an order waiting for it."
);
action_endpoint!(
    refuse,
    "/saas/order/ticketOrder/refuse",
    Action::Refuse,
    true,
    "Refuse a ticket order",
    "The supplier refuses an order waiting for it, with the reason: it becomes invalid (refunded when paid), its tickets go back."
);
action_endpoint!(
    apply_cancel,
    "/saas/order/ticketOrder/applyCancel",
    Action::ApplyCancel,
    false,
    "Apply to cancel a ticket order",
    "The distributor applies to cancel a confirmed order, within its product's cancellation terms (typeCancelTime)."
);
action_endpoint!(
    agree_cancel,
    "/saas/order/ticketOrder/agreeCancel",
    Action::AgreeCancel,
    false,
    "Agree to cancel a ticket order",
    "The supplier agrees to a cancellation application: the order is cancelled (refunded when paid), its tickets go back."
);
action_endpoint!(
    refuse_cancel,
    "/saas/order/ticketOrder/refuseCancel",
    Action::RefuseCancel,
    true,
    "Refuse to cancel a ticket order",
    "The supplier refuses a cancellation application, with the reason: the order goes back to the state it was in."
);
action_endpoint!(
    cancel,
    "/saas/order/ticketOrder/cancel",
    Action::Cancel,
    false,
    "Cancel a ticket order",
    "The distributor (or the staff) cancels an order the supplier has not confirmed yet: its tickets go back, a payment is refunded."
);
action_endpoint!(
    complete,
    "/saas/order/ticketOrder/complete",
    Action::Complete,
    false,
    "Complete a ticket order",
    "A confirmed order is completed, from its visit date on."
);

/// The distributor (or the staff) pays an unpaid online-payment order in cash: it is
/// confirmed at once (instant confirmation) or waits for the supplier.
#[utoipa::path(request_body = PayForm, responses((status = 200, body = TicketOrder), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "order", summary = "Pay a ticket order")]
#[put("/saas/order/ticketOrder/pay")]
pub async fn pay(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<PayForm>,
) -> Result<Reply<TicketOrder>, ApiError> {
    let f = form.into_inner();
    let pay_type = f.pay_type.unwrap_or(0);
    act_on(
        &pool,
        viewer,
        me,
        f.order_id,
        Action::Pay,
        pay_type,
        String::new(),
    )
    .await
}

/// Changes an order's remark (whoever sees the order); logged.
#[utoipa::path(request_body = OrderAction, responses((status = 200, body = TicketOrder), (status = 404), (status = 412)), security(("bearer" = [])), tag = "order", summary = "Change a ticket order's remark")]
#[put("/saas/order/ticketOrder/updateRemark")]
pub async fn update_remark(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<OrderAction>,
) -> Result<Reply<TicketOrder>, ApiError> {
    let f = form.into_inner();
    let id = required_id("orderId", f.order_id)?;
    let remark = order_rules::remark(&f.remark, false)?;
    let actor = Actor {
        viewer,
        user_id: me.user_id,
        now: platform::time::now_ms(),
    };
    let o = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| orders::remark(conn, &actor, id, &remark))
    })
    .await?;
    Ok(Reply(o))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdjustForm {
    pub order_id: Option<i64>,
    /// The new amount the distributor pays, fen; left out: kept.
    pub order_price: Option<i64>,
    /// The new amount the supplier is paid, fen; left out: kept.
    pub supplier_price: Option<i64>,
    /// Why (required).
    pub remark: String,
}

/// The tenant's staff adjust an order's amounts (an abnormal order, a price agreed by phone);
/// logged, `order.ticket.modified` published, states untouched.
#[utoipa::path(request_body = AdjustForm, responses((status = 200, body = TicketOrder), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "order", summary = "Adjust a ticket order's amounts")]
#[put("/saas/order/ticketSys/orderToAdjust")]
pub async fn adjust(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<AdjustForm>,
) -> Result<Reply<TicketOrder>, ApiError> {
    let f = form.into_inner();
    viewer.require_tenant_staff()?;
    let id = required_id("orderId", f.order_id)?;
    order_rules::adjusted_amounts(&[
        ("orderPrice", f.order_price),
        ("supplierPrice", f.supplier_price),
    ])?;
    let remark = order_rules::remark(&f.remark, true)?;
    let actor = Actor {
        viewer,
        user_id: me.user_id,
        now: platform::time::now_ms(),
    };
    let amounts = orders::Adjustment {
        order_price: f.order_price,
        supplier_price: f.supplier_price,
    };
    let o = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            orders::adjust(conn, &actor, id, amounts, &remark)
        })
    })
    .await?;
    Ok(Reply(o))
}

platform::endpoints!(
    booking_list,
    order,
    sys_list,
    supplier_list,
    channel_list,
    load,
    log_list,
    confirm,
    refuse,
    apply_cancel,
    agree_cancel,
    refuse_cancel,
    cancel,
    complete,
    pay,
    update_remark,
    adjust
);
