//! Paid services: what buying a service does to a licence, which purchases and top-ups are
//! allowed, as plain functions.

use platform::ApiError;
use platform::i18n::Text;
use platform::validate;

pub const TYPE_FEATURE: i32 = 1;
pub const TYPE_QUANTITY: i32 = 2;
pub const TYPE_SINGLE_TASK: i32 = 3;

pub const SERVICE_ON_SALE: i32 = 1;

pub const LOG_TOP_UP: i32 = 1;
pub const LOG_CONSUMPTION: i32 = -1;
pub const LOG_SUCCESS: i32 = 1;

pub const LICENCE_NORMAL: i32 = 1;
pub const LICENCE_EXPIRED: i32 = 0;

const DAY_MS: i64 = 24 * 3600 * 1000;

/// The largest top-up at once: 100,000,000.00 yuan, in fen.
pub const MAX_TOP_UP: i64 = 10_000_000_000;

/// A top-up's amount (above 0, at most `MAX_TOP_UP`) and remarks (at most 200 characters).
pub fn check_top_up(amount: i64, remarks: &str) -> Result<(), ApiError> {
    if amount <= 0 || amount > MAX_TOP_UP {
        return Err(ApiError::invalid(
            "amount",
            Text::fixed(
                "充值金额须大于 0 且不超过 1 亿元",
                "must be above 0 and at most 100,000,000.00",
            ),
        ));
    }
    validate::text("remarks", remarks, 0, 200)
}

/// Only a service on sale can be bought.
pub fn check_on_sale(service_state: i32) -> Result<(), ApiError> {
    if service_state != SERVICE_ON_SALE {
        return Err(ApiError::Rule {
            code: "service-not-on-sale",
            msg: Text::fixed("该服务未上架", "This service is not on sale"),
        });
    }
    Ok(())
}

/// The refusal of a purchase the balance does not cover, with both amounts (fen) in yuan.
pub fn balance_short(price: i64, balance: i64) -> ApiError {
    let (price, balance) = (price as f64 / 100.0, balance as f64 / 100.0);
    ApiError::Rule {
        code: "balance-short",
        msg: Text::new(
            format!("余额不足：需要 {price:.2} 元，余额 {balance:.2} 元"),
            format!("The balance is short: {price:.2} needed, {balance:.2} left"),
        ),
    }
}

/// A licence's value and expiry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Licence {
    pub value: i64,
    pub expire_date: Option<i64>,
}

/// The licence after buying a service of `service_type` granting `amount` (days or a count):
/// a feature licence is extended from its expiry (or from now if it has lapsed), a quantity
/// licence adds to its count, a single task adds one run.
pub fn after_purchase(
    current: Option<Licence>,
    service_type: i32,
    amount: i64,
    now: i64,
) -> Licence {
    let current = current.unwrap_or_default();
    match service_type {
        TYPE_FEATURE => {
            let from = current.expire_date.filter(|e| *e > now).unwrap_or(now);
            Licence {
                value: current.value,
                expire_date: Some(from + amount * DAY_MS),
            }
        }
        TYPE_SINGLE_TASK => Licence {
            value: current.value + 1,
            expire_date: current.expire_date,
        },
        _ => Licence {
            value: current.value + amount,
            expire_date: current.expire_date,
        },
    }
}

/// The licence after `quantity` of it was used: its count goes down, never below zero.
pub fn after_use(current: Licence, quantity: i64) -> Licence {
    Licence {
        value: (current.value - quantity.max(0)).max(0),
        expire_date: current.expire_date,
    }
}

/// 1 normal, 0 expired: past its expiry, or a count used up.
pub fn state_of(l: Licence, now: i64) -> i32 {
    let lapsed = l.expire_date.is_some_and(|e| e <= now);
    let used_up = l.expire_date.is_none() && l.value <= 0;
    if lapsed || used_up {
        LICENCE_EXPIRED
    } else {
        LICENCE_NORMAL
    }
}

/// The start of the calendar day holding `ms` and of the day before, in China time (UTC+8),
/// where the tenants' business days are.
pub fn yesterday_bounds(now_ms: i64) -> (i64, i64) {
    const OFFSET: i64 = 8 * 3600 * 1000;
    let today = (now_ms + OFFSET).div_euclid(DAY_MS) * DAY_MS - OFFSET;
    (today - DAY_MS, today)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn purchases_extend_add_or_run_once() {
        let now = 1_000 * DAY_MS;
        let f = after_purchase(None, TYPE_FEATURE, 365, now);
        assert_eq!(f.expire_date, Some(now + 365 * DAY_MS));
        // Renewed before it lapses: from its expiry, not from now.
        let again = after_purchase(Some(f), TYPE_FEATURE, 30, now + DAY_MS);
        assert_eq!(again.expire_date, Some(now + 395 * DAY_MS));
        // Renewed after it lapsed: from now.
        let late = after_purchase(Some(f), TYPE_FEATURE, 30, now + 400 * DAY_MS);
        assert_eq!(late.expire_date, Some(now + 430 * DAY_MS));
        let q = after_purchase(
            Some(Licence {
                value: 5,
                expire_date: None,
            }),
            TYPE_QUANTITY,
            1000,
            now,
        );
        assert_eq!(q.value, 1005);
        assert_eq!(after_purchase(None, TYPE_SINGLE_TASK, 7, now).value, 1);
    }

    #[test]
    fn top_ups_and_purchases_follow_the_rules() {
        assert!(check_top_up(1, "").is_ok() && check_top_up(MAX_TOP_UP, "").is_ok());
        assert!(check_top_up(0, "").is_err() && check_top_up(MAX_TOP_UP + 1, "").is_err());
        assert!(check_top_up(100, &"x".repeat(201)).is_err());
        assert!(check_on_sale(SERVICE_ON_SALE).is_ok() && check_on_sale(0).is_err());
        let short = balance_short(100_000, 50);
        assert!(
            short.to_string().contains("1000.00 needed, 0.50 left"),
            "{short}"
        );
    }

    #[test]
    fn use_takes_from_the_count_down_to_zero() {
        let l = Licence {
            value: 5,
            expire_date: Some(9),
        };
        assert_eq!(after_use(l, 2).value, 3);
        assert_eq!(after_use(l, 9).value, 0);
        assert_eq!(after_use(l, -4).value, 5);
        assert_eq!(after_use(l, 1).expire_date, Some(9));
    }

    #[test]
    fn states() {
        assert_eq!(
            state_of(
                Licence {
                    value: 0,
                    expire_date: Some(10)
                },
                5
            ),
            LICENCE_NORMAL
        );
        assert_eq!(
            state_of(
                Licence {
                    value: 0,
                    expire_date: Some(10)
                },
                10
            ),
            LICENCE_EXPIRED
        );
        assert_eq!(
            state_of(
                Licence {
                    value: 3,
                    expire_date: None
                },
                10
            ),
            LICENCE_NORMAL
        );
        assert_eq!(
            state_of(
                Licence {
                    value: 0,
                    expire_date: None
                },
                10
            ),
            LICENCE_EXPIRED
        );
    }

    #[test]
    fn yesterday_is_a_china_calendar_day() {
        // 2026-11-22 01:00 in China is 2026-11-21 17:00 UTC.
        let now = 1_795_280_400_000; // 2026-11-21T17:00:00Z
        let (start, end) = yesterday_bounds(now);
        assert_eq!(end, 1_795_276_800_000); // 2026-11-21T16:00:00Z = 2026-11-22 00:00 China
        assert_eq!(end - start, DAY_MS);
    }
}
