//! Booking rules of a hotel product, as plain functions: the booking window, the number of
//! nights and rooms, which nights can be had, the price of a stay, how it is paid and
//! confirmed, and until when an order may be cancelled.
//! Days are China calendar days (`platform::time`), as everywhere in Tradewind.

use platform::ApiError;
use platform::i18n::Text;
use platform::time::{HOUR_MS, day_start_ms};

/// A stay is at most this many nights, whatever a product allows.
pub const MAX_NIGHTS: i64 = 90;
/// And at most this many rooms per order.
pub const MAX_ROOMS: i64 = 99;

/// The booking terms of a product (`product_terms`); 0 means "no limit" for the maxima and the
/// earliest booking time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Terms {
    /// Booking opens this many days before check-in (at `earliest_booking_hours` o'clock).
    pub earliest_booking_days: i32,
    pub earliest_booking_hours: i32,
    /// Booking closes this many days before check-in at `latest_booking_hours` o'clock (0:
    /// the end of that day).
    pub latest_booking_days: i32,
    pub latest_booking_hours: i32,
    pub serial_checkin_min: i32,
    pub serial_checkin_max: i32,
    pub room_count_min: i32,
    pub room_count_max: i32,
    /// 0 non-cancellable, 1 free, 2 until a deadline, 3 with a fee (`cancelTypes`).
    pub cancel_type: i32,
    /// The deadline of cancel type 2: this many days before check-in at this hour.
    pub moveup_cancel_days: i32,
    pub moveup_cancel_hours: i32,
}

/// A stay asked for: check-in and check-out day numbers, rooms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stay {
    pub checkin: i64,
    pub checkout: i64,
    pub rooms: i64,
}

impl Stay {
    pub fn nights(&self) -> i64 {
        self.checkout - self.checkin
    }

    /// The nights of the stay, as day numbers.
    pub fn days(&self) -> impl Iterator<Item = i64> {
        self.checkin..self.checkout
    }
}

/// A 412 on `field` whose reason names the value or the bounds.
fn invalid(field: &str, zh: String, en: String) -> ApiError {
    ApiError::invalid(field, Text::new(zh, en))
}

/// The shape of a stay, before any product is looked at.
pub fn check_stay(stay: &Stay, today: i64) -> Result<(), ApiError> {
    if stay.checkin < today {
        return Err(ApiError::invalid_field(
            "checkinDate",
            "入住日期不能早于今天",
            "the check-in date cannot be in the past",
        ));
    }
    if stay.checkout <= stay.checkin {
        return Err(ApiError::invalid_field(
            "checkoutDate",
            "离店日期须晚于入住日期",
            "the check-out date must be after the check-in date",
        ));
    }
    if stay.nights() > MAX_NIGHTS {
        return Err(invalid(
            "checkoutDate",
            format!("最多预订 {MAX_NIGHTS} 晚"),
            format!("a stay is at most {MAX_NIGHTS} nights"),
        ));
    }
    if !(1..=MAX_ROOMS).contains(&stay.rooms) {
        return Err(invalid(
            "roomNum",
            format!("房间数为 1 到 {MAX_ROOMS}"),
            format!("the number of rooms is 1 to {MAX_ROOMS}"),
        ));
    }
    Ok(())
}

/// When booking a stay checking in on `checkin` opens (None: it always was) and closes.
pub fn window(t: &Terms, checkin: i64) -> (Option<i64>, i64) {
    let opens = (t.earliest_booking_days > 0).then(|| {
        day_start_ms(checkin - i64::from(t.earliest_booking_days))
            + i64::from(t.earliest_booking_hours) * HOUR_MS
    });
    let hours = if t.latest_booking_hours == 0 {
        24
    } else {
        i64::from(t.latest_booking_hours)
    };
    let closes = day_start_ms(checkin - i64::from(t.latest_booking_days)) + hours * HOUR_MS;
    (opens, closes)
}

/// Whether `t` lets the stay be booked at `now`; the reason otherwise (412 on the field).
pub fn check_terms(t: &Terms, stay: &Stay, now: i64) -> Result<(), ApiError> {
    let (opens, closes) = window(t, stay.checkin);
    if let Some(opens) = opens
        && now < opens
    {
        return Err(invalid(
            "checkinDate",
            format!("该产品最早提前 {} 天预订", t.earliest_booking_days),
            format!(
                "this product can be booked at most {} days ahead",
                t.earliest_booking_days
            ),
        ));
    }
    if now > closes {
        return Err(ApiError::invalid_field(
            "checkinDate",
            "已过该产品的最晚预订时间",
            "the latest booking time of this product has passed",
        ));
    }
    let nights = stay.nights();
    let min = i64::from(t.serial_checkin_min.max(1));
    if nights < min {
        return Err(invalid(
            "checkoutDate",
            format!("该产品至少连住 {min} 晚"),
            format!("this product needs a stay of at least {min} nights"),
        ));
    }
    if t.serial_checkin_max > 0 && nights > i64::from(t.serial_checkin_max) {
        return Err(invalid(
            "checkoutDate",
            format!("该产品最多连住 {} 晚", t.serial_checkin_max),
            format!(
                "this product allows a stay of at most {} nights",
                t.serial_checkin_max
            ),
        ));
    }
    let min_rooms = i64::from(t.room_count_min.max(1));
    if stay.rooms < min_rooms {
        return Err(invalid(
            "roomNum",
            format!("该产品至少预订 {min_rooms} 间"),
            format!("this product needs at least {min_rooms} rooms"),
        ));
    }
    if t.room_count_max > 0 && stay.rooms > i64::from(t.room_count_max) {
        return Err(invalid(
            "roomNum",
            format!("该产品最多预订 {} 间", t.room_count_max),
            format!("this product allows at most {} rooms", t.room_count_max),
        ));
    }
    Ok(())
}

/// One night of a stay as the calendar prices it for the booking distributor (fen per room).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Night {
    pub day: i64,
    /// What the distributor pays.
    pub price: i64,
    /// What the supplier is paid.
    pub purchase_price: i64,
}

/// What an order costs: the nightly prices times the rooms.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StayPrice {
    /// What the distributor pays (order and channel price).
    pub order_price: i64,
    /// What the supplier is paid.
    pub supplier_price: i64,
}

impl StayPrice {
    pub fn profit(&self) -> i64 {
        self.order_price - self.supplier_price
    }
}

pub fn stay_price(nights: &[Night], rooms: i64) -> StayPrice {
    nights
        .iter()
        .fold(StayPrice::default(), |acc, n| StayPrice {
            order_price: acc.order_price + n.price * rooms,
            supplier_price: acc.supplier_price + n.purchase_price * rooms,
        })
}

/// Why a night of a stay cannot be booked (`platform::trade`'s, shared with tickets).
pub use platform::trade::calendar::Refusal as NightRefusal;

/// Whether an order is paid online before anything else happens: always for an online-payment
/// product (`isOnlinePay` 1), as the booker asks for one that takes both (2), else never.
pub fn pays_online(is_online_pay: i32, asked: Option<bool>) -> bool {
    match is_online_pay {
        1 => true,
        2 => asked.unwrap_or(false),
        _ => false,
    }
}

/// Whether an order waits for the supplier's confirmation: unless the product confirms
/// instantly (`confirmType` 1) and every night takes from a limited stock, the supplier must
/// say the rooms are there.
pub fn needs_confirmation(confirm_type: i32, some_night_unlimited: bool) -> bool {
    confirm_type != 1 || some_night_unlimited
}

/// Until when an order may be cancelled, and what a cancellation costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CancelTerms {
    pub allowed: bool,
    /// ms; after it no cancellation is accepted.
    pub deadline: i64,
    /// Fee in fen kept on cancellation.
    pub fee: i64,
}

pub fn cancel_terms(t: &Terms, stay: &Stay, nights: &[Night]) -> CancelTerms {
    let checkin_ends = day_start_ms(stay.checkin + 1);
    match t.cancel_type {
        1 => CancelTerms {
            allowed: true,
            deadline: checkin_ends,
            fee: 0,
        },
        2 => CancelTerms {
            allowed: true,
            deadline: day_start_ms(stay.checkin - i64::from(t.moveup_cancel_days))
                + i64::from(t.moveup_cancel_hours) * HOUR_MS,
            fee: 0,
        },
        // The first night's price of every room is kept.
        3 => CancelTerms {
            allowed: true,
            deadline: checkin_ends,
            fee: nights.first().map_or(0, |n| n.price * stay.rooms),
        },
        _ => CancelTerms {
            allowed: false,
            deadline: 0,
            fee: 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::time::parse_date;

    fn day(s: &str) -> i64 {
        parse_date("d", s).unwrap()
    }

    fn stay(a: &str, b: &str, rooms: i64) -> Stay {
        Stay {
            checkin: day(a),
            checkout: day(b),
            rooms,
        }
    }

    fn field(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("{other}"),
        }
    }

    #[test]
    fn a_stay_needs_a_future_checkin_a_later_checkout_and_rooms() {
        let today = day("2026-11-23");
        assert!(check_stay(&stay("2026-11-23", "2026-11-24", 1), today).is_ok());
        let e = check_stay(&stay("2026-11-22", "2026-11-24", 1), today).unwrap_err();
        assert_eq!(field(e), "checkinDate");
        let e = check_stay(&stay("2026-11-24", "2026-11-24", 1), today).unwrap_err();
        assert_eq!(field(e), "checkoutDate");
        let e = check_stay(&stay("2026-11-24", "2027-03-01", 1), today).unwrap_err();
        assert_eq!(field(e), "checkoutDate");
        let e = check_stay(&stay("2026-11-24", "2026-11-25", 0), today).unwrap_err();
        assert_eq!(field(e), "roomNum");
    }

    #[test]
    fn the_booking_window_opens_and_closes_by_days_and_hours() {
        let t = Terms {
            earliest_booking_days: 30,
            earliest_booking_hours: 9,
            latest_booking_days: 1,
            latest_booking_hours: 18,
            ..Terms::default()
        };
        let s = stay("2026-12-31", "2027-01-01", 1);
        let (opens, closes) = window(&t, s.checkin);
        // 30 days before, 09:00 China time; the day before, 18:00 China time.
        assert_eq!(opens, Some(day_start_ms(day("2026-12-01")) + 9 * HOUR_MS));
        assert_eq!(closes, day_start_ms(day("2026-12-30")) + 18 * HOUR_MS);
        assert!(check_terms(&t, &s, opens.unwrap() - 1).is_err());
        assert!(check_terms(&t, &s, opens.unwrap()).is_ok());
        assert!(check_terms(&t, &s, closes).is_ok());
        assert_eq!(
            field(check_terms(&t, &s, closes + 1).unwrap_err()),
            "checkinDate"
        );
        // No latest hour: the whole day of check-in.
        let open = Terms::default();
        let (none, end) = window(&open, s.checkin);
        assert_eq!((none, end), (None, day_start_ms(s.checkin + 1)));
    }

    #[test]
    fn nights_and_rooms_stay_within_the_product_limits() {
        let t = Terms {
            serial_checkin_min: 2,
            serial_checkin_max: 3,
            room_count_min: 2,
            room_count_max: 4,
            ..Terms::default()
        };
        let now = day_start_ms(day("2026-11-01"));
        assert!(check_terms(&t, &stay("2026-12-01", "2026-12-03", 2), now).is_ok());
        let short = check_terms(&t, &stay("2026-12-01", "2026-12-02", 2), now);
        assert_eq!(field(short.unwrap_err()), "checkoutDate");
        let long = check_terms(&t, &stay("2026-12-01", "2026-12-05", 2), now);
        assert_eq!(field(long.unwrap_err()), "checkoutDate");
        let few = check_terms(&t, &stay("2026-12-01", "2026-12-03", 1), now);
        assert_eq!(field(few.unwrap_err()), "roomNum");
        let many = check_terms(&t, &stay("2026-12-01", "2026-12-03", 5), now);
        assert_eq!(field(many.unwrap_err()), "roomNum");
    }

    #[test]
    fn a_stay_costs_each_nights_price_times_the_rooms() {
        let nights = [
            Night {
                day: 1,
                price: 30_000,
                purchase_price: 25_000,
            },
            Night {
                day: 2,
                price: 45_000,
                purchase_price: 40_000,
            },
            Night {
                day: 3,
                price: 28_800,
                purchase_price: 20_000,
            },
        ];
        let p = stay_price(&nights, 2);
        assert_eq!(p.order_price, 2 * (30_000 + 45_000 + 28_800));
        assert_eq!(p.supplier_price, 2 * (25_000 + 40_000 + 20_000));
        assert_eq!(p.profit(), 2 * (5_000 + 5_000 + 8_800));
        assert_eq!(stay_price(&[], 3), StayPrice::default());
    }

    #[test]
    fn a_night_refuses_when_closed_then_when_short_of_rooms() {
        assert_eq!(NightRefusal::of(false, Some(2), 2), None);
        assert_eq!(NightRefusal::of(false, None, 99), None);
        assert_eq!(
            NightRefusal::of(false, Some(2), 3),
            Some(NightRefusal::SoldOut)
        );
        assert_eq!(
            NightRefusal::of(true, Some(9), 1),
            Some(NightRefusal::Closed)
        );
        assert_eq!(NightRefusal::of(true, None, 1), Some(NightRefusal::Closed));
        for (r, code) in [
            (NightRefusal::NoPrice, "no-price"),
            (NightRefusal::Closed, "closed"),
            (NightRefusal::SoldOut, "sold-out"),
        ] {
            match r.error("2026-12-01") {
                ApiError::Rule { code: c, msg } => {
                    assert_eq!(c, code);
                    assert!(msg.en.contains("2026-12-01") && msg.zh.contains("2026-12-01"));
                }
                other => panic!("{other}"),
            }
        }
    }

    #[test]
    fn online_payment_is_the_products_or_the_bookers_choice() {
        assert!(pays_online(1, None));
        assert!(pays_online(1, Some(false)));
        assert!(pays_online(2, Some(true)));
        assert!(!pays_online(2, Some(false)));
        assert!(!pays_online(2, None));
        assert!(!pays_online(0, Some(true)));
    }

    #[test]
    fn only_instant_products_with_limited_stock_skip_the_confirmation() {
        assert!(!needs_confirmation(1, false));
        assert!(needs_confirmation(1, true));
        assert!(needs_confirmation(0, false));
        assert!(needs_confirmation(2, false));
    }

    #[test]
    fn cancellation_follows_the_cancel_type() {
        let s = stay("2026-12-10", "2026-12-12", 2);
        let nights = [Night {
            day: s.checkin,
            price: 10_000,
            purchase_price: 9_000,
        }];
        let none = cancel_terms(&Terms::default(), &s, &nights);
        assert!(!none.allowed);
        let t = Terms {
            cancel_type: 2,
            moveup_cancel_days: 2,
            moveup_cancel_hours: 12,
            ..Terms::default()
        };
        let c = cancel_terms(&t, &s, &nights);
        assert_eq!(c.deadline, day_start_ms(day("2026-12-08")) + 12 * HOUR_MS);
        let fee = Terms {
            cancel_type: 3,
            ..Terms::default()
        };
        assert_eq!(cancel_terms(&fee, &s, &nights).fee, 20_000);
    }
}
