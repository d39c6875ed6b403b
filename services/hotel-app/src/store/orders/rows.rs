//! An order's rows: the order (`hotel_orders`), its details, guests and nights. Each type
//! covers its whole table, so it is read and written as one.

use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::order_state::OrderStates;
use crate::store::schema::{hotel_orders, order_details, order_guests, order_nights};

/// What the order lists show: the `hotel_orders` row.
#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize, ToSchema)]
#[diesel(table_name = hotel_orders)]
#[serde(rename_all = "camelCase")]
pub struct OrderSummary {
    pub order_id: i64,
    #[serde(skip)]
    pub saas_id: i64,
    pub supplier_id: i64,
    /// The distributor who booked (the spec's `distributionId`).
    #[serde(rename = "distributionId")]
    pub distributor_id: i64,
    pub hotel_id: i64,
    pub room_id: i64,
    pub product_id: i64,
    pub hotel_name: String,
    pub product_name: String,
    pub contact_name: String,
    pub contact_phone: String,
    pub checkin_date: String,
    pub checkout_date: String,
    pub nights: i32,
    /// Rooms.
    pub product_num: i32,
    pub person_num: i32,
    /// What the distributor pays, fen.
    pub order_price: i64,
    /// What the supplier is paid, fen: never in the answers of changes, shown only by the
    /// views that ask `domain::viewer::cost` (the order lists and detail).
    #[serde(skip)]
    pub supplier_price: i64,
    pub channel_price: i64,
    pub order_state: i32,
    pub real_order_state: i32,
    pub supplier_order_state: i32,
    pub channel_order_state: i32,
    pub pay_state: i32,
    pub cancel_apply: i32,
    pub need_confirm: bool,
    /// When an unpaid online-payment order cancels itself (ms; 0 none).
    pub pay_deadline: i64,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize, ToSchema)]
#[diesel(table_name = order_details)]
#[serde(rename_all = "camelCase")]
pub struct OrderDetail {
    #[serde(skip)]
    pub order_id: i64,
    pub supplier_order_id: String,
    pub channel_order_id: String,
    pub contact_id_type: i32,
    pub contact_id_no: String,
    /// 1 credit, 2 cash; 0 not paid.
    pub pay_type: i32,
    pub pay_price: i64,
    pub pay_date: i64,
    pub confirm_date: i64,
    pub finish_date: i64,
    pub allowed_cancel: bool,
    pub cancel_deadline: i64,
    pub cancel_price: i64,
    pub order_memo: String,
    pub guest_memo: String,
    pub memo_inner: String,
    #[serde(skip)]
    pub pre_cancel_state: i32,
    pub currency: String,
    /// Why finance-app refused the credit payment (payment state 29), "zh / en"; empty
    /// otherwise.
    pub pay_fail_reason: String,
    /// The event id of the credit payment under way (or last asked); only its answer counts.
    #[serde(skip)]
    pub pay_request_id: String,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize, ToSchema)]
#[diesel(table_name = order_guests)]
#[serde(rename_all = "camelCase")]
pub struct Guest {
    #[serde(skip)]
    pub id: i64,
    #[serde(skip)]
    pub order_id: i64,
    #[serde(skip)]
    pub seq: i32,
    pub name: String,
    pub phone: String,
    pub id_type: i32,
    pub id_no: String,
    pub country: String,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize, ToSchema)]
#[diesel(table_name = order_nights)]
#[serde(rename_all = "camelCase")]
pub struct OrderNight {
    #[serde(skip)]
    pub order_id: i64,
    pub day: String,
    /// Per room, fen.
    pub price: i64,
    pub purchase_price: i64,
    /// 0 no limit, 1 common stock, 2 the distributor's authorised stock.
    pub stock_source: i32,
}

/// The order's states as the state machine reads them; the interrupted state lives in the
/// details.
pub(super) fn states_of(o: &OrderSummary, d: &OrderDetail) -> OrderStates {
    OrderStates {
        order: o.order_state,
        real: o.real_order_state,
        supplier: o.supplier_order_state,
        channel: o.channel_order_state,
        pay: o.pay_state,
        cancel_apply: o.cancel_apply,
        pre_cancel: d.pre_cancel_state,
        need_confirm: o.need_confirm,
    }
}
