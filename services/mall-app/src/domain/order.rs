//! Mall orders: the spec's order and payment states a snap-up order moves through, who may pay
//! or cancel it and when, and the buyer's contact.

use platform::ApiError;
use serde::Deserialize;
use utoipa::ToSchema;

/// `orderState` (the spec's order state): placed, stock held, waiting for payment.
pub const STATE_UNPAID: i32 = 2;
/// Paid.
pub const STATE_PAID: i32 = 3;
/// Cancelled (unpaid past its payment time, or cancelled by the staff or the buyer: its stock
/// and limit given back).
pub const STATE_CANCELLED: i32 = 4;

/// `payState` (the spec's payment state): not paid yet.
pub const PAY_NONE: i32 = 0;
/// Paying: finance-app is asked to take the amount from the distributor's credit.
pub const PAY_PAYING: i32 = 20;
/// Paid.
pub const PAY_SUCCESS: i32 = 21;
/// The last payment was refused (the order stays unpaid and may be paid again in its time).
pub const PAY_FAILED: i32 = 29;
/// Paid, then cancelled: the amount went back.
pub const PAY_REFUNDED: i32 = 51;

/// `payType`: by the distributor's credit with the tenant (the only way a mall order is paid).
pub const PAY_TYPE_CREDIT: i32 = 1;

/// Why a credit payment that finance-app never answered in time failed (`payFailReason`, "zh /
/// en" as finance-app's refusals are kept).
pub const NO_ANSWER_REASON: &str = "财务系统未及时答复，订单已取消，已扣授信将退回 / finance-app did not answer in time: the order is cancelled and any credit taken goes back";
/// Why such an order was cancelled (`cancelReason`, and the reason of `order.mall.cancelled`).
pub const NO_ANSWER_CANCEL: &str = "timeout-cancel: the credit payment got no answer";

fn rule(code: &'static str, zh: &'static str, en: &'static str) -> ApiError {
    ApiError::Rule {
        code,
        msg: platform::i18n::Text::fixed(zh, en),
    }
}

/// Who acts on an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// The tenant's staff.
    Staff,
    /// A user of the distributor that bought it.
    Buyer,
}

/// Whether an order in `order_state`/`pay_state` with `pay_deadline` may be paid by credit at
/// `now` by a buyer of merchant `distributor_id` (the staff's own orders have no distributor
/// whose credit could pay them).
pub fn may_pay(
    order_state: i32,
    pay_state: i32,
    pay_deadline: i64,
    distributor_id: i64,
    now: i64,
) -> Result<(), ApiError> {
    if pay_state == PAY_PAYING {
        return Err(paying());
    }
    if order_state != STATE_UNPAID {
        return Err(rule(
            "order-not-unpaid",
            "订单不是待支付状态",
            "the order is not awaiting payment",
        ));
    }
    if now >= pay_deadline {
        return Err(rule(
            "pay-time-passed",
            "已超过支付时间",
            "the time to pay has passed",
        ));
    }
    if distributor_id <= 0 {
        return Err(ApiError::invalid_field(
            "payType",
            "只有分销商的订单可以授信支付",
            "only a distributor's order can be paid by credit",
        ));
    }
    Ok(())
}

/// The refusal while finance-app is asked about the order's payment.
pub fn paying() -> ApiError {
    rule(
        "order-paying",
        "订单正在支付中，请稍候",
        "the order is being paid; wait for the answer",
    )
}

/// Whether `actor` may cancel an order in `order_state`/`pay_state`: the staff an unpaid or a
/// paid one (a paid one is refunded), the buyer its own unpaid one; never while it is paying.
pub fn may_cancel(actor: Actor, order_state: i32, pay_state: i32) -> Result<(), ApiError> {
    if pay_state == PAY_PAYING {
        return Err(paying());
    }
    match (order_state, actor) {
        (STATE_UNPAID, _) | (STATE_PAID, Actor::Staff) => Ok(()),
        (STATE_PAID, Actor::Buyer) => Err(rule(
            "order-paid",
            "订单已支付，请联系运营方取消",
            "the order is paid; ask the operator to cancel it",
        )),
        _ => Err(rule("order-closed", "订单已取消", "the order is cancelled")),
    }
}

/// The payment state an order leaves with when cancelled: a paid one is refunded.
pub fn pay_state_after_cancel(pay_state: i32) -> i32 {
    if pay_state == PAY_SUCCESS {
        PAY_REFUNDED
    } else {
        pay_state
    }
}

/// A cancellation: the order and why (optional).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelOrder {
    pub order_id: i64,
    /// Why (up to 200 characters).
    #[serde(default)]
    pub remark: String,
}

impl CancelOrder {
    pub fn validated(mut self) -> Result<Self, ApiError> {
        if self.order_id <= 0 {
            return Err(ApiError::invalid_field(
                "orderId",
                "请选择订单",
                "is required",
            ));
        }
        self.remark = self.remark.trim().to_owned();
        if self.remark.chars().count() > 200 {
            return Err(ApiError::invalid_field(
                "remark",
                "备注最多 200 个字符",
                "must be at most 200 characters",
            ));
        }
        Ok(self)
    }
}

/// The buyer pays an order (`payType` 1, by credit: the only way offered).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayOrder {
    pub order_id: i64,
    /// 1 credit.
    pub pay_type: i32,
}

impl PayOrder {
    pub fn validated(self) -> Result<Self, ApiError> {
        if self.order_id <= 0 {
            return Err(ApiError::invalid_field(
                "orderId",
                "请选择订单",
                "is required",
            ));
        }
        if self.pay_type != PAY_TYPE_CREDIT {
            return Err(ApiError::invalid_field(
                "payType",
                "商城订单只能授信支付",
                "must be 1 (credit): a mall order is paid by credit",
            ));
        }
        Ok(self)
    }
}

/// The buyer's side of `place`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceOrder {
    pub session_id: i64,
    /// Units, 1 to 1000 (and within the session's per-order limit).
    pub quantity: i32,
    /// 1 to 32 characters.
    pub contact_name: String,
    /// A mobile number.
    pub contact_phone: String,
}

impl PlaceOrder {
    pub fn validated(mut self) -> Result<Self, ApiError> {
        if self.session_id <= 0 {
            return Err(ApiError::invalid_field(
                "sessionId",
                "请选择场次",
                "is required",
            ));
        }
        self.contact_name = self.contact_name.trim().to_owned();
        self.contact_phone = self.contact_phone.trim().to_owned();
        platform::validate::line("contactName", &self.contact_name, 1, 32)?;
        platform::validate::mobile("contactPhone", &self.contact_phone)?;
        Ok(self)
    }
}

/// The order price of `quantity` units at `unit_price` fen.
pub fn order_price(unit_price: i64, quantity: i32) -> i64 {
    unit_price.saturating_mul(i64::from(quantity))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order() -> PlaceOrder {
        PlaceOrder {
            session_id: 1,
            quantity: 1,
            contact_name: " Li Lei ".into(),
            contact_phone: "13800138000".into(),
        }
    }

    fn field_of(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("expected a 412, got {other:?}"),
        }
    }

    #[test]
    fn a_valid_order_is_trimmed() {
        assert_eq!(order().validated().unwrap().contact_name, "Li Lei");
    }

    #[test]
    fn each_rule_names_its_field() {
        for (o, field) in [
            (
                PlaceOrder {
                    session_id: 0,
                    ..order()
                },
                "sessionId",
            ),
            (
                PlaceOrder {
                    contact_name: "".into(),
                    ..order()
                },
                "contactName",
            ),
            (
                PlaceOrder {
                    contact_phone: "12".into(),
                    ..order()
                },
                "contactPhone",
            ),
        ] {
            assert_eq!(field_of(o.validated().unwrap_err()), field);
        }
    }

    #[test]
    fn an_unpaid_order_of_a_distributor_may_be_paid_in_its_time() {
        assert!(may_pay(STATE_UNPAID, PAY_NONE, 100, 7, 99).is_ok());
        assert!(
            may_pay(STATE_UNPAID, PAY_FAILED, 100, 7, 99).is_ok(),
            "again after a refusal"
        );
        assert_eq!(
            may_pay(STATE_UNPAID, PAY_PAYING, 100, 7, 99)
                .unwrap_err()
                .code(),
            "order-paying"
        );
        assert_eq!(
            may_pay(STATE_PAID, PAY_SUCCESS, 100, 7, 99)
                .unwrap_err()
                .code(),
            "order-not-unpaid"
        );
        assert_eq!(
            may_pay(STATE_CANCELLED, PAY_NONE, 100, 7, 99)
                .unwrap_err()
                .code(),
            "order-not-unpaid"
        );
        assert_eq!(
            may_pay(STATE_UNPAID, PAY_NONE, 100, 7, 100)
                .unwrap_err()
                .code(),
            "pay-time-passed"
        );
        assert_eq!(
            field_of(may_pay(STATE_UNPAID, PAY_NONE, 100, 0, 99).unwrap_err()),
            "payType"
        );
    }

    #[test]
    fn staff_cancel_unpaid_and_paid_orders_buyers_their_unpaid_ones() {
        assert!(may_cancel(Actor::Staff, STATE_UNPAID, PAY_NONE).is_ok());
        assert!(may_cancel(Actor::Staff, STATE_PAID, PAY_SUCCESS).is_ok());
        assert!(may_cancel(Actor::Buyer, STATE_UNPAID, PAY_FAILED).is_ok());
        assert_eq!(
            may_cancel(Actor::Buyer, STATE_PAID, PAY_SUCCESS)
                .unwrap_err()
                .code(),
            "order-paid"
        );
        assert_eq!(
            may_cancel(Actor::Staff, STATE_UNPAID, PAY_PAYING)
                .unwrap_err()
                .code(),
            "order-paying"
        );
        assert_eq!(
            may_cancel(Actor::Staff, STATE_CANCELLED, PAY_NONE)
                .unwrap_err()
                .code(),
            "order-closed"
        );
        assert_eq!(pay_state_after_cancel(PAY_SUCCESS), PAY_REFUNDED);
        assert_eq!(pay_state_after_cancel(PAY_FAILED), PAY_FAILED);
    }

    #[test]
    fn only_credit_pays_and_a_remark_has_a_length() {
        let pay = PayOrder {
            order_id: 1,
            pay_type: 2,
        };
        assert_eq!(field_of(pay.validated().unwrap_err()), "payType");
        assert!(
            PayOrder {
                order_id: 1,
                pay_type: 1
            }
            .validated()
            .is_ok()
        );
        let c = CancelOrder {
            order_id: 1,
            remark: "x".repeat(201),
        };
        assert_eq!(field_of(c.validated().unwrap_err()), "remark");
        assert_eq!(
            field_of(CancelOrder::default().validated().unwrap_err()),
            "orderId"
        );
    }

    #[test]
    fn the_price_is_units_times_the_unit_price() {
        assert_eq!(order_price(1_990, 3), 5_970);
    }
}
