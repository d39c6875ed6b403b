//! Mall orders: the spec's order states a snap-up order moves through, and the buyer's contact.

use platform::ApiError;
use serde::Deserialize;
use utoipa::ToSchema;

/// `orderState` (the spec's order state): placed, stock held, waiting for payment.
pub const STATE_UNPAID: i32 = 2;
/// Paid.
pub const STATE_PAID: i32 = 3;
/// Cancelled (unpaid past its payment time: its stock and limit given back).
pub const STATE_CANCELLED: i32 = 4;

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
    fn the_price_is_units_times_the_unit_price() {
        assert_eq!(order_price(1_990, 3), 5_970);
    }
}
