//! The rules a hotel product's fields must meet. Its states and their table are `platform::trade`
//! crate's (shared with ticket products); docs/hotel-products.md draws the table.

use platform::ApiError;
use platform::i18n::Text;
use serde::Deserialize;
use utoipa::ToSchema;

use super::booking::{MAX_NIGHTS, MAX_ROOMS};

pub use platform::trade::product_state::{Action, next_state, on_sale, state, state_name};
/// Meals a night includes: 0 to 4, or 99 for one per guest (docs/enums.md, `breakfasts`).
pub const MEALS: [i32; 6] = [0, 1, 2, 3, 4, 99];
/// Pay types: 1 credit, 2 cash.
pub const PAY_TYPES: [i32; 2] = [1, 2];

fn one() -> i32 {
    1
}

/// A product's fields as the product form sends them (create and update alike).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductFields {
    /// 1-100 characters.
    pub product_name: String,
    /// Up to 50 characters.
    #[serde(default)]
    pub product_short_name: String,
    #[serde(default)]
    pub product_desc: String,
    /// 0 takes the hotel's zone.
    #[serde(default)]
    pub zone_id: i64,
    /// A hotel of the tenant.
    pub hotel_id: i64,
    /// A room of that hotel.
    pub room_id: i64,
    /// The supplier merchant the product belongs to: an operator must name it; a supplier's
    /// products are its own (and it stays fixed once created).
    #[serde(default)]
    pub supplier_id: Option<i64>,
    #[serde(default)]
    pub cancel_policy: String,
    /// 0 not sure, 1 instant, 2 delayed.
    pub confirm_type: i32,
    /// 0 no, 1 yes.
    #[serde(default)]
    pub share_type: i32,
    /// 0 non-cancellable, 1 free, 2 until a deadline (moveupCancelDays/Hours), 3 with a fee.
    pub cancel_type: i32,
    /// Comma list of 1 (credit) and 2 (cash), e.g. "1,2".
    pub payment_types: String,
    /// 0 at the front desk, 1 online, 2 both.
    #[serde(default)]
    pub is_online_pay: i32,
    /// Booking opens this many days (0-365, 0 = any time) before check-in, at this hour (0-23).
    #[serde(default)]
    pub earliest_booking_days: i32,
    #[serde(default, alias = "earliestBookingHourss")]
    pub earliest_booking_hours: i32,
    /// Booking closes this many days (0-365) before check-in, at this hour (0-23; 0 = the end
    /// of that day).
    #[serde(default)]
    pub latest_booking_days: i32,
    #[serde(default, alias = "latestBookingHourss")]
    pub latest_booking_hours: i32,
    /// 0-4, or 99 for one per guest.
    #[serde(default)]
    pub breakfast_num: i32,
    #[serde(default)]
    pub lunch_num: i32,
    #[serde(default)]
    pub dinner_num: i32,
    /// Nights of a stay: at least 1; max 0 = no limit.
    #[serde(default = "one")]
    pub serial_checkin_min: i32,
    #[serde(default)]
    pub serial_checkin_max: i32,
    /// Rooms of an order: at least 1; max 0 = no limit.
    #[serde(default = "one")]
    pub room_count_min: i32,
    #[serde(default)]
    pub room_count_max: i32,
    /// Cancel type 2's deadline: this many days (0-365) before check-in at this hour (0-23).
    #[serde(default)]
    pub moveup_cancel_days: i32,
    #[serde(default)]
    pub moveup_cancel_hours: i32,
    /// 1 adults, 2 children.
    #[serde(default = "one")]
    pub guest_type: i32,
    /// The supplier's own codes, for its interface.
    #[serde(default)]
    pub supplier_hotel_id: String,
    #[serde(default)]
    pub supplier_product_id: String,
    #[serde(default)]
    pub supplier_room_id: String,
}

/// A 412 on `field` whose reason names the value or the bounds.
fn invalid(field: &str, zh: String, en: String) -> ApiError {
    ApiError::invalid(field, Text::new(zh, en))
}

fn range(field: &str, v: i32, min: i32, max: i32) -> Result<(), ApiError> {
    if (min..=max).contains(&v) {
        return Ok(());
    }
    Err(invalid(
        field,
        format!("取值为 {min} 到 {max}"),
        format!("must be {min} to {max}"),
    ))
}

/// A minimum of at least 1 (and at most `cap`) and a maximum of 0 (no limit) or from the
/// minimum to `cap`.
fn min_max(
    (min_field, min): (&str, i32),
    (max_field, max): (&str, i32),
    cap: i32,
) -> Result<(), ApiError> {
    range(min_field, min, 1, cap)?;
    if max == 0 || (min..=cap).contains(&max) {
        return Ok(());
    }
    Err(invalid(
        max_field,
        format!("为 0（不限）或 {min} 到 {cap}"),
        format!("must be 0 (no limit) or {min} to {cap}"),
    ))
}

/// "1,2" style list of pay types, normalised (sorted, each once); the 412 otherwise.
pub fn payment_types(raw: &str) -> Result<String, ApiError> {
    let bad = || {
        ApiError::invalid_field(
            "paymentTypes",
            "请选择支付方式（1 信用、2 现金，逗号分隔）",
            "Please select the pay types (1 credit, 2 cash, comma separated)",
        )
    };
    let mut types = Vec::new();
    for part in raw.split(',') {
        let t: i32 = part.trim().parse().map_err(|_| bad())?;
        if !PAY_TYPES.contains(&t) {
            return Err(bad());
        }
        if !types.contains(&t) {
            types.push(t);
        }
    }
    types.sort_unstable();
    Ok(types
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(","))
}

impl ProductFields {
    /// Trims and normalises the texts, then checks every field in the form's order.
    pub fn check(&mut self) -> Result<(), ApiError> {
        use platform::validate::{line, one_of, text};
        self.product_name = self.product_name.trim().to_owned();
        self.product_short_name = self.product_short_name.trim().to_owned();
        line("productName", &self.product_name, 1, 100)?;
        line("productShortName", &self.product_short_name, 0, 50)?;
        text("productDesc", &self.product_desc, 0, 2000)?;
        if self.zone_id < 0 {
            return Err(ApiError::invalid_field(
                "zoneId",
                "区域不存在",
                "no such zone",
            ));
        }
        if self.hotel_id <= 0 {
            return Err(ApiError::invalid_field(
                "hotelId",
                "请选择酒店",
                "Please select the hotel",
            ));
        }
        if self.room_id <= 0 {
            return Err(ApiError::invalid_field(
                "roomId",
                "请选择房型",
                "Please select the room",
            ));
        }
        text("cancelPolicy", &self.cancel_policy, 0, 500)?;
        one_of("confirmType", self.confirm_type, &[0, 1, 2])?;
        one_of("shareType", self.share_type, &[0, 1])?;
        one_of("cancelType", self.cancel_type, &[0, 1, 2, 3])?;
        self.payment_types = payment_types(&self.payment_types)?;
        one_of("isOnlinePay", self.is_online_pay, &[0, 1, 2])?;
        range("earliestBookingDays", self.earliest_booking_days, 0, 365)?;
        range("earliestBookingHours", self.earliest_booking_hours, 0, 23)?;
        range("latestBookingDays", self.latest_booking_days, 0, 365)?;
        range("latestBookingHours", self.latest_booking_hours, 0, 23)?;
        if self.earliest_booking_days > 0 && !self.window_is_open() {
            return Err(ApiError::invalid_field(
                "earliestBookingDays",
                "最早预订时间须早于最晚预订时间",
                "the earliest booking time must come before the latest",
            ));
        }
        one_of("breakfastNum", self.breakfast_num, &MEALS)?;
        one_of("lunchNum", self.lunch_num, &MEALS)?;
        one_of("dinnerNum", self.dinner_num, &MEALS)?;
        let nights = i32::try_from(MAX_NIGHTS).unwrap_or(i32::MAX);
        min_max(
            ("serialCheckinMin", self.serial_checkin_min),
            ("serialCheckinMax", self.serial_checkin_max),
            nights,
        )?;
        let rooms = i32::try_from(MAX_ROOMS).unwrap_or(i32::MAX);
        min_max(
            ("roomCountMin", self.room_count_min),
            ("roomCountMax", self.room_count_max),
            rooms,
        )?;
        range("moveupCancelDays", self.moveup_cancel_days, 0, 365)?;
        range("moveupCancelHours", self.moveup_cancel_hours, 0, 23)?;
        if self.cancel_type == 2 && self.moveup_cancel_days == 0 && self.moveup_cancel_hours == 0 {
            return Err(ApiError::invalid_field(
                "moveupCancelDays",
                "限时取消须设置取消截止时间（提前天数或小时）",
                "cancellation until a deadline needs the deadline (days or hours before check-in)",
            ));
        }
        one_of("guestType", self.guest_type, &[1, 2])?;
        line("supplierHotelId", &self.supplier_hotel_id, 0, 64)?;
        line("supplierProductId", &self.supplier_product_id, 0, 64)?;
        line("supplierRoomId", &self.supplier_room_id, 0, 64)
    }

    /// Whether booking opens before it closes (hours from check-in day's midnight, as
    /// `booking::window` reckons them).
    fn window_is_open(&self) -> bool {
        let opens = -24 * self.earliest_booking_days + self.earliest_booking_hours;
        let close_hour = if self.latest_booking_hours == 0 {
            24
        } else {
            self.latest_booking_hours
        };
        let closes = -24 * self.latest_booking_days + close_hour;
        opens < closes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("{other}"),
        }
    }

    fn form() -> ProductFields {
        serde_json::from_value(serde_json::json!({
            "productName": " Deluxe king, breakfast ",
            "hotelId": 1,
            "roomId": 2,
            "confirmType": 1,
            "cancelType": 1,
            "paymentTypes": "2, 1,2",
        }))
        .unwrap()
    }

    #[test]
    fn a_good_form_is_normalised() {
        let mut f = form();
        f.check().unwrap();
        assert_eq!(f.product_name, "Deluxe king, breakfast");
        assert_eq!(f.payment_types, "1,2");
        assert_eq!(
            (f.serial_checkin_min, f.room_count_min, f.guest_type),
            (1, 1, 1)
        );
    }

    #[test]
    fn each_bad_field_is_named() {
        type Spoil = fn(&mut ProductFields);
        let cases: Vec<(&str, Spoil)> = vec![
            ("productName", |f| f.product_name = "  ".into()),
            ("productName", |f| f.product_name = "x".repeat(101)),
            ("productShortName", |f| {
                f.product_short_name = "x".repeat(51)
            }),
            ("hotelId", |f| f.hotel_id = 0),
            ("roomId", |f| f.room_id = -1),
            ("confirmType", |f| f.confirm_type = 3),
            ("shareType", |f| f.share_type = 2),
            ("cancelType", |f| f.cancel_type = 4),
            ("paymentTypes", |f| f.payment_types = "1,3".into()),
            ("paymentTypes", |f| f.payment_types = String::new()),
            ("isOnlinePay", |f| f.is_online_pay = 3),
            ("earliestBookingDays", |f| f.earliest_booking_days = 366),
            ("earliestBookingHours", |f| f.earliest_booking_hours = 24),
            ("latestBookingDays", |f| f.latest_booking_days = -1),
            ("latestBookingHours", |f| f.latest_booking_hours = 24),
            ("earliestBookingDays", |f| {
                f.earliest_booking_days = 1;
                f.latest_booking_days = 2;
            }),
            ("breakfastNum", |f| f.breakfast_num = 5),
            ("lunchNum", |f| f.lunch_num = -1),
            ("dinnerNum", |f| f.dinner_num = 98),
            ("serialCheckinMin", |f| f.serial_checkin_min = 0),
            ("serialCheckinMax", |f| {
                f.serial_checkin_min = 3;
                f.serial_checkin_max = 2;
            }),
            ("roomCountMin", |f| f.room_count_min = 0),
            ("roomCountMax", |f| {
                f.room_count_min = 2;
                f.room_count_max = 1;
            }),
            ("moveupCancelDays", |f| f.moveup_cancel_days = 400),
            ("moveupCancelHours", |f| f.moveup_cancel_hours = 24),
            ("moveupCancelDays", |f| f.cancel_type = 2),
            ("guestType", |f| f.guest_type = 3),
            ("supplierRoomId", |f| f.supplier_room_id = "x".repeat(65)),
        ];
        for (want, spoil) in cases {
            let mut f = form();
            spoil(&mut f);
            assert_eq!(field(f.check().unwrap_err()), want);
        }
    }

    #[test]
    fn limits_and_meals_at_their_edges_pass() {
        let mut f = form();
        f.breakfast_num = 99;
        f.lunch_num = 4;
        f.serial_checkin_min = 2;
        f.serial_checkin_max = 0;
        f.room_count_min = 2;
        f.room_count_max = 2;
        f.cancel_type = 2;
        f.moveup_cancel_hours = 18;
        f.earliest_booking_days = 30;
        f.earliest_booking_hours = 9;
        f.latest_booking_days = 0;
        f.latest_booking_hours = 0;
        f.check().unwrap();
    }
}
