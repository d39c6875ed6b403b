//! Hotel orders: the three lists (the tenant's, a supplier's, a distributor's), an order's
//! detail, and the actions of the order state machine, each logged and published.

use actix_web::{get, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::order_rules;
use crate::domain::order_state::{Action, Role};
use crate::domain::viewer::{cost, role};
use crate::store::orders::{
    self, ActionInput, Actor, Guest, Modification, OrderCtx, OrderDetail, OrderFilter, OrderLog,
    OrderNight, OrderSummary, not_found,
};

/// A change of an order by the caller, who sees what `viewer` sees, now.
pub fn order_ctx(viewer: Viewer, me: &CurrentUser) -> OrderCtx {
    let actor = Actor {
        user_id: me.user_id,
        username: me.username.clone(),
    };
    OrderCtx::by(viewer, actor, platform::time::now_ms())
}

/// An order as the lists show it, with the merchants' names. The supplier's price is left out
/// for distributors: it is what the supplier is paid.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRow {
    #[serde(flatten)]
    pub order: OrderSummary,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supplier_price: Option<i64>,
    pub supplier_name: String,
    pub distributor_name: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub order_id: Option<i64>,
    pub hotel_id: Option<i64>,
    pub product_id: Option<i64>,
    /// Operators: one supplier's orders.
    pub supplier_id: Option<i64>,
    /// Operators: one distributor's orders.
    pub distributor_id: Option<i64>,
    /// The start of the contact's name or phone.
    pub contact: Option<String>,
    pub order_state: Option<i32>,
    pub supplier_order_state: Option<i32>,
    pub channel_order_state: Option<i32>,
    pub pay_state: Option<i32>,
    pub cancel_apply: Option<i32>,
    /// 1 order date (default), 2 check-in date, 3 check-out date.
    pub date_type: Option<i32>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
}

impl OrderListQuery {
    pub(crate) fn filter(&self) -> Result<OrderFilter, ApiError> {
        let day = |field: &str, v: &Option<String>| {
            v.as_deref()
                .filter(|s| !s.is_empty())
                .map(|s| platform::time::parse_date(field, s))
                .transpose()
        };
        let date_type = self.date_type.unwrap_or(1);
        if !(1..=3).contains(&date_type) {
            return Err(ApiError::invalid_field(
                "dateType",
                "日期类型为 1 下单、2 入住、3 离店",
                "date type is 1 order, 2 check-in, 3 check-out",
            ));
        }
        let (start, end) = (
            day("startDate", &self.start_date)?,
            day("endDate", &self.end_date)?,
        );
        if let (Some(s), Some(e)) = (start, end)
            && e < s
        {
            return Err(ApiError::invalid_field(
                "endDate",
                "结束日期不能早于开始日期",
                "the end date is before the start date",
            ));
        }
        Ok(OrderFilter {
            order_id: self.order_id,
            hotel_id: self.hotel_id,
            product_id: self.product_id,
            supplier_id: self.supplier_id,
            distributor_id: self.distributor_id,
            contact: self.contact.clone(),
            order_state: unless_all(self.order_state),
            supplier_order_state: unless_all(self.supplier_order_state),
            channel_order_state: unless_all(self.channel_order_state),
            pay_state: unless_all(self.pay_state),
            cancel_apply: unless_all(self.cancel_apply),
            date_type,
            start,
            end,
        })
    }
}

/// Which list a caller asked for: each is open to the tenant's staff and to its own party.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ListKind {
    Tenant,
    Supplier,
    Channel,
}

fn rows(
    conn: &mut platform::db::DbConnection,
    viewer: &Viewer,
    list: Vec<OrderSummary>,
) -> Result<Vec<OrderRow>, ApiError> {
    let mut ids: Vec<i64> = list
        .iter()
        .flat_map(|o| [o.supplier_id, o.distributor_id])
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    Ok(list
        .into_iter()
        .map(|o| OrderRow {
            supplier_price: cost(viewer, o.supplier_price),
            supplier_name: names.get(&o.supplier_id).cloned().unwrap_or_default(),
            distributor_name: names.get(&o.distributor_id).cloned().unwrap_or_default(),
            order: o,
        })
        .collect())
}

async fn list_of(
    pool: &DbPool,
    viewer: Viewer,
    kind: ListKind,
    q: OrderListQuery,
) -> Result<Reply<Page<OrderRow>>, ApiError> {
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = q.filter()?;
    match (kind, role(&viewer)) {
        (_, Role::Operator)
        | (ListKind::Supplier, Role::Supplier)
        | (ListKind::Channel, Role::Distributor) => {}
        _ => return Err(platform::auth::forbidden()),
    }
    let out = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let (list, total) = orders::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows(conn, &viewer, list)?, total, page))
    })
    .await?;
    Ok(Reply(out))
}

/// The tenant's hotel orders (the tenant's staff), newest first.
#[utoipa::path(params(OrderListQuery), responses((status = 200, body = Page<OrderRow>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "order", summary = "List hotel orders")]
#[get("/saas/order/sys/list")]
pub async fn sys_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderListQuery>,
) -> Result<Reply<Page<OrderRow>>, ApiError> {
    list_of(&pool, viewer, ListKind::Tenant, q.into_inner()).await
}

/// A supplier's orders: the calling supplier's own (the tenant's staff may filter by supplier).
#[utoipa::path(params(OrderListQuery), responses((status = 200, body = Page<OrderRow>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "order", summary = "List supplier orders")]
#[get("/saas/order/supplier/list")]
pub async fn supplier_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderListQuery>,
) -> Result<Reply<Page<OrderRow>>, ApiError> {
    list_of(&pool, viewer, ListKind::Supplier, q.into_inner()).await
}

/// A distributor's orders: the calling distributor's own (the tenant's staff may filter by
/// distributor).
#[utoipa::path(params(OrderListQuery), responses((status = 200, body = Page<OrderRow>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "order", summary = "List channel orders")]
#[get("/saas/order/channel/list")]
pub async fn channel_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderListQuery>,
) -> Result<Reply<Page<OrderRow>>, ApiError> {
    list_of(&pool, viewer, ListKind::Channel, q.into_inner()).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderIdQuery {
    pub order_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderFull {
    #[serde(flatten)]
    pub order: OrderRow,
    #[serde(flatten)]
    pub detail: OrderDetail,
    pub guests: Vec<Guest>,
    /// Each night's price per room (fen) and the stock it took.
    pub nightly: Vec<OrderNight>,
    pub logs: Vec<OrderLog>,
}

/// One order with its guests, nights and log, if the caller may see it.
#[utoipa::path(params(OrderIdQuery), responses((status = 200, body = OrderFull), (status = 404)), security(("bearer" = [])), tag = "order", summary = "Load a hotel order")]
#[get("/saas/order/sys/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderIdQuery>,
) -> Result<Reply<OrderFull>, ApiError> {
    let id = q.order_id;
    let full = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (o, d) = orders::find(conn, &viewer, id)?.ok_or_else(not_found)?;
        let mut nightly = orders::nights(conn, id)?;
        for n in &mut nightly {
            // The nights' purchase price is a number in every answer: hidden, it reads 0.
            n.purchase_price = cost(&viewer, n.purchase_price).unwrap_or(0);
        }
        Ok(OrderFull {
            order: rows(conn, &viewer, vec![o])?.pop().ok_or_else(not_found)?,
            detail: d,
            guests: orders::guests(conn, id)?,
            nightly,
            logs: orders::logs_of(conn, id)?,
        })
    })
    .await?;
    Ok(Reply(full))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderAction {
    pub order_id: i64,
    /// Why, for the log (required to refuse).
    #[serde(default)]
    pub remark: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmForm {
    pub order_id: i64,
    /// The supplier's own order number, if it has one.
    #[serde(default)]
    pub supplier_order_id: String,
    #[serde(default)]
    pub remark: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayForm {
    pub order_id: i64,
    /// 1 credit, 2 cash.
    pub pay_type: i32,
    #[serde(default)]
    pub remark: String,
}

async fn act_on(
    pool: &DbPool,
    viewer: Viewer,
    me: CurrentUser,
    order_id: i64,
    action: Action,
    input: ActionInput,
) -> Result<Reply<OrderSummary>, ApiError> {
    let o = with_conn(pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            orders::act(conn, &order_ctx(viewer, &me), order_id, action, &input)
        })
    })
    .await?;
    Ok(Reply(o))
}

/// The supplier confirms an order waiting for it.
#[utoipa::path(request_body = ConfirmForm, responses((status = 200, body = OrderSummary), (status = 404), (status = 412)), security(("bearer" = [])), tag = "order", summary = "Confirm a hotel order")]
#[put("/saas/order/supplier/confirm")]
pub async fn confirm(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<ConfirmForm>,
) -> Result<Reply<OrderSummary>, ApiError> {
    let f = form.into_inner();
    order_rules::remark(&f.remark, false)?;
    platform::validate::line("supplierOrderId", &f.supplier_order_id, 0, 64)?;
    let input = ActionInput {
        remark: f.remark,
        supplier_order_id: f.supplier_order_id,
        ..ActionInput::default()
    };
    act_on(&pool, viewer, me, f.order_id, Action::Confirm, input).await
}

macro_rules! action_endpoint {
    ($name:ident, $path:literal, $action:expr, $remark_required:expr, $summary:literal, $doc:literal) => {
        #[doc = $doc]
        #[utoipa::path(request_body = OrderAction, responses((status = 200, body = OrderSummary), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "order", summary = $summary)]
        #[put($path)]
        pub async fn $name(
            pool: web::Data<DbPool>,
            viewer: Viewer,
            me: CurrentUser,
            form: Json<OrderAction>,
        ) -> Result<Reply<OrderSummary>, ApiError> {
            let f = form.into_inner();
            order_rules::remark(&f.remark, $remark_required)?;
            let input = ActionInput {
                remark: f.remark,
                ..ActionInput::default()
            };
            act_on(&pool, viewer, me, f.order_id, $action, input).await
        }
    };
}

action_endpoint!(
    refuse,
    "/saas/order/supplier/refuse",
    Action::Refuse,
    true,
    "Refuse a hotel order",
    "The supplier refuses an order waiting for it: the order becomes invalid, its rooms go back."
);
action_endpoint!(
    arrange,
    "/saas/order/supplier/arrange",
    Action::Arrange,
    false,
    "Mark a hotel order arranged",
    "The supplier has arranged the rooms of a confirmed order at the hotel."
);
action_endpoint!(
    agree_cancel,
    "/saas/order/supplier/agreeCancel",
    Action::AgreeCancel,
    false,
    "Agree to cancel a hotel order",
    "The supplier agrees to a cancellation application: the order is cancelled (refunded when paid), its rooms go back."
);
action_endpoint!(
    refuse_cancel,
    "/saas/order/supplier/refuseCancel",
    Action::RefuseCancel,
    true,
    "Refuse to cancel a hotel order",
    "The supplier refuses a cancellation application: the order goes back to the state it was in."
);
action_endpoint!(
    complete,
    "/saas/order/supplier/complete",
    Action::Complete,
    false,
    "Complete a hotel order",
    "A confirmed or arranged order is completed, from its check-in date on."
);
action_endpoint!(
    apply_cancel,
    "/saas/order/channel/applyCancel",
    Action::ApplyCancel,
    false,
    "Apply to cancel a hotel order",
    "The distributor applies to cancel a confirmed order, within its product's cancellation policy."
);
action_endpoint!(
    cancel,
    "/saas/order/channel/cancel",
    Action::Cancel,
    false,
    "Cancel a hotel order",
    "The distributor (or the tenant's staff) cancels an order the supplier has not confirmed yet: its rooms go back, a payment is refunded."
);

/// The distributor pays an unpaid online-payment order.
#[utoipa::path(request_body = PayForm, responses((status = 200, body = OrderSummary), (status = 404), (status = 412)), security(("bearer" = [])), tag = "order", summary = "Pay a hotel order")]
#[put("/saas/order/channel/pay")]
pub async fn pay(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<PayForm>,
) -> Result<Reply<OrderSummary>, ApiError> {
    let f = form.into_inner();
    order_rules::remark(&f.remark, false)?;
    let input = ActionInput {
        remark: f.remark,
        pay_type: f.pay_type,
        ..ActionInput::default()
    };
    act_on(&pool, viewer, me, f.order_id, Action::Pay, input).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemarkForm {
    pub order_id: i64,
    /// The distributor's remark on the order.
    pub order_memo: Option<String>,
    /// The guests' wishes, passed to the hotel.
    pub guest_memo: Option<String>,
    /// Internal remark (the tenant's staff and the supplier only).
    pub memo_inner: Option<String>,
}

/// Changes an order's remarks; each party changes its own: the distributor the order and
/// guest remarks, the supplier and the tenant's staff also the internal one.
#[utoipa::path(request_body = RemarkForm, responses((status = 200, body = OrderSummary), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "order", summary = "Update hotel order remarks")]
#[put("/saas/order/sys/updateRemark")]
pub async fn update_remark(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<RemarkForm>,
) -> Result<Reply<OrderSummary>, ApiError> {
    let f = form.into_inner();
    for (field, v) in [
        ("orderMemo", &f.order_memo),
        ("guestMemo", &f.guest_memo),
        ("memoInner", &f.memo_inner),
    ] {
        if let Some(v) = v {
            platform::validate::text(field, v, 0, 500)?;
        }
    }
    if f.order_memo.is_none() && f.guest_memo.is_none() && f.memo_inner.is_none() {
        return Err(ApiError::invalid_field(
            "orderMemo",
            "请输入要修改的备注",
            "please enter a remark to change",
        ));
    }
    if f.memo_inner.is_some() && viewer.distributor().is_some() {
        return Err(platform::auth::forbidden());
    }
    let o = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let m = Modification {
                order_memo: f.order_memo.clone(),
                guest_memo: f.guest_memo.clone(),
                memo_inner: f.memo_inner.clone(),
                ..Modification::default()
            };
            orders::modify(conn, &order_ctx(viewer, &me), f.order_id, "remark", &m)
        })
    })
    .await?;
    Ok(Reply(o))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdjustForm {
    pub order_id: i64,
    /// New amounts in fen; those left out stay.
    pub order_price: Option<i64>,
    pub supplier_price: Option<i64>,
    pub channel_price: Option<i64>,
    pub cancel_price: Option<i64>,
    /// Why (required).
    pub remark: String,
}

/// The tenant's staff adjust an order's amounts (an abnormal order, a price agreed by phone).
#[utoipa::path(request_body = AdjustForm, responses((status = 200, body = OrderSummary), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "order", summary = "Adjust a hotel order")]
#[put("/saas/order/sys/orderToAdjust")]
pub async fn adjust(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<AdjustForm>,
) -> Result<Reply<OrderSummary>, ApiError> {
    let f = form.into_inner();
    order_rules::remark(&f.remark, true)?;
    order_rules::adjusted_amounts(&[
        ("orderPrice", f.order_price),
        ("supplierPrice", f.supplier_price),
        ("channelPrice", f.channel_price),
        ("cancelPrice", f.cancel_price),
    ])?;
    viewer.require_tenant_staff()?;
    let o = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let m = Modification {
                order_price: f.order_price,
                supplier_price: f.supplier_price,
                channel_price: f.channel_price,
                cancel_price: f.cancel_price,
                remark: f.remark.clone(),
                ..Modification::default()
            };
            orders::modify(conn, &order_ctx(viewer, &me), f.order_id, "adjust", &m)
        })
    })
    .await?;
    Ok(Reply(o))
}

platform::endpoints!(
    sys_list,
    supplier_list,
    channel_list,
    load,
    confirm,
    refuse,
    arrange,
    agree_cancel,
    refuse_cancel,
    complete,
    pay,
    apply_cancel,
    cancel,
    update_remark,
    adjust
);
