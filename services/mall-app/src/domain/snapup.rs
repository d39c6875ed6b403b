//! Snap-up sessions: a mall product sold at a snap-up price between a start and an end, from a
//! share of the product's own stock (an order takes its units from both, so neither the
//! session's share nor the product's stock is ever passed), with a purchase limit (`typeLimitGoods`) counted per
//! `typeLimitTarget`. When a session may change, what phase it is in, and the arithmetic of
//! its limits.

use platform::ApiError;
use platform::i18n::Text;
use serde::Deserialize;
use utoipa::ToSchema;

/// `state`: scheduled; live between its start and end.
pub const STATE_ACTIVE: i32 = 1;
/// `state`: stopped by the staff; takes no more orders.
pub const STATE_STOPPED: i32 = 2;

/// `phase` as the console shows it (derived from the state, the times and the stock).
pub const PHASE_NOT_STARTED: i32 = 0;
pub const PHASE_LIVE: i32 = 1;
pub const PHASE_ENDED: i32 = 2;
pub const PHASE_STOPPED: i32 = 3;
pub const PHASE_SOLD_OUT: i32 = 4;

/// `typeLimitGoods`: no limit, per order, per customer (over the session), per day.
pub const LIMIT_NONE: i32 = 0;
pub const LIMIT_PER_ORDER: i32 = 1;
pub const LIMIT_PER_CUSTOMER: i32 = 2;
pub const LIMIT_PER_DAY: i32 = 3;
pub const LIMIT_GOODS: &[i32] = &[
    LIMIT_NONE,
    LIMIT_PER_ORDER,
    LIMIT_PER_CUSTOMER,
    LIMIT_PER_DAY,
];

/// `typeLimitTarget` values (the spec's rate-limit targets) a session counts by: unlimited
/// (the limit counts nobody); the client's IP address (as the gateway determined and signed
/// it); a user, a merchant (the tenant's staff count as merchant 0), the whole tenant, each
/// within the session; and their "resource" forms, which count the same buyer over the mall
/// product (the resource sold) across all its sessions (docs/mall.md).
pub const TARGET_UNLIMITED: i32 = -1;
pub const TARGET_IP: i32 = 0;
pub const TARGET_USER: i32 = 1;
pub const TARGET_MERCHANT: i32 = 2;
pub const TARGET_SAAS: i32 = 5;
pub const TARGET_USER_RESOURCE: i32 = 11;
pub const TARGET_MERCHANT_RESOURCE: i32 = 12;
pub const TARGET_SAAS_RESOURCE: i32 = 15;
/// The targets a per-customer or per-day limit may count.
pub const LIMIT_TARGETS: &[i32] = &[
    TARGET_IP,
    TARGET_USER,
    TARGET_MERCHANT,
    TARGET_SAAS,
    TARGET_USER_RESOURCE,
    TARGET_MERCHANT_RESOURCE,
    TARGET_SAAS_RESOURCE,
];

pub const STOCK_MAX: i32 = 1_000_000;
/// The most one order may take.
pub const QUANTITY_MAX: i32 = 1_000;

/// What the tenant's staff write of a session (the body of `save` and `update`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionFields {
    /// The mall product sold.
    pub mall_product_id: i64,
    /// Snap-up price in fen.
    pub snapup_price: i64,
    /// Units the session sells, 1 to 1,000,000.
    pub stock: i32,
    /// [startTime, endTime) in ms.
    pub start_time: i64,
    pub end_time: i64,
    /// `typeLimitGoods`: 0 none, 1 per order, 2 per customer, 3 per day.
    #[serde(default)]
    pub type_limit_goods: i32,
    /// `typeLimitTarget` the limit counts: -1 unlimited, 0 IP, 1 user, 2 merchant, 5 SaaS,
    /// 11/12/15 the user, merchant or SaaS over the product across its sessions.
    #[serde(default = "user")]
    pub type_limit_target: i32,
    /// The limit's number of units (0 with no limit).
    #[serde(default)]
    pub limit_num: i32,
}

fn user() -> i32 {
    TARGET_USER
}

impl SessionFields {
    /// Checks every rule at `now` (a new or changed session must end in the future).
    pub fn validated(mut self, now: i64) -> Result<Self, ApiError> {
        if self.mall_product_id <= 0 {
            return Err(ApiError::invalid_field(
                "mallProductId",
                "请选择商品",
                "is required",
            ));
        }
        if !(0..=super::product::PRICE_MAX).contains(&self.snapup_price) {
            return Err(ApiError::invalid_field(
                "snapupPrice",
                "抢购价须为 0 到 1000 万元",
                "must be 0 to 10,000,000 yuan (in fen)",
            ));
        }
        if !(1..=STOCK_MAX).contains(&self.stock) {
            return Err(ApiError::invalid_field(
                "stock",
                "库存须为 1 到 100 万",
                "must be 1 to 1,000,000",
            ));
        }
        super::period("startTime", "endTime", self.start_time, self.end_time)?;
        if self.end_time <= now {
            return Err(ApiError::invalid_field(
                "endTime",
                "结束时间已过",
                "is in the past",
            ));
        }
        platform::validate::one_of("typeLimitGoods", self.type_limit_goods, LIMIT_GOODS)?;
        if self.type_limit_goods == LIMIT_NONE {
            self.limit_num = 0;
            self.type_limit_target = TARGET_UNLIMITED;
            return Ok(self);
        }
        if !(1..=self.stock).contains(&self.limit_num) {
            return Err(ApiError::invalid_field(
                "limitNum",
                "限购数量须为 1 到场次库存",
                "must be 1 to the session's stock",
            ));
        }
        if self.type_limit_goods == LIMIT_PER_ORDER {
            // A per-order limit counts nobody: each order on its own.
            self.type_limit_target = TARGET_UNLIMITED;
        } else if !LIMIT_TARGETS.contains(&self.type_limit_target) {
            return Err(ApiError::invalid_field(
                "typeLimitTarget",
                "限购对象须为 IP、用户、商户、SaaS 或其资源",
                "must be 0 (IP), 1 (user), 2 (merchant), 5 (SaaS), 11, 12 or 15 (their resource) for this limit",
            ));
        }
        Ok(self)
    }
}

/// What a session can still sell: its share left, but no more than the product has left.
pub fn available(session_left: i32, product_stock: i32) -> i32 {
    session_left.min(product_stock).max(0)
}

/// A session's stock is a share of its product's stock: no more than the product has now.
pub fn check_share(stock: i32, product_stock: i32) -> Result<(), ApiError> {
    if stock > product_stock {
        return Err(ApiError::Invalid {
            field: "stock".into(),
            reason: Text::new(
                format!("不能超过商品库存（{product_stock}）"),
                format!("must be at most the product's stock ({product_stock})"),
            ),
        });
    }
    Ok(())
}

/// What a session is doing at `now`.
pub fn phase(state: i32, start: i64, end: i64, stock_left: i32, now: i64) -> i32 {
    if state == STATE_STOPPED {
        PHASE_STOPPED
    } else if now >= end {
        PHASE_ENDED
    } else if now < start {
        PHASE_NOT_STARTED
    } else if stock_left <= 0 {
        PHASE_SOLD_OUT
    } else {
        PHASE_LIVE
    }
}

fn rule(code: &'static str, zh: &'static str, en: &'static str) -> ApiError {
    ApiError::Rule {
        code,
        msg: Text::fixed(zh, en),
    }
}

/// A session may change only before it starts, and never once stopped.
pub fn may_change(state: i32, start: i64, now: i64) -> Result<(), ApiError> {
    if state == STATE_STOPPED {
        return Err(rule(
            "session-stopped",
            "场次已停止",
            "the session is stopped",
        ));
    }
    if now >= start {
        return Err(rule(
            "session-started",
            "场次已开始，不能修改",
            "the session has started and can no longer change",
        ));
    }
    Ok(())
}

/// A session may be stopped until it ends, once.
pub fn may_stop(state: i32, end: i64, now: i64) -> Result<(), ApiError> {
    if state == STATE_STOPPED {
        return Err(rule(
            "session-stopped",
            "场次已停止",
            "the session is stopped",
        ));
    }
    if now >= end {
        return Err(rule("session-ended", "场次已结束", "the session has ended"));
    }
    Ok(())
}

/// Why a session refuses an order: the answer when its conditional update changed nothing.
pub fn refusal(
    state: i32,
    start: i64,
    end: i64,
    stock_left: i32,
    quantity: i32,
    now: i64,
) -> ApiError {
    match phase(state, start, end, stock_left, now) {
        PHASE_STOPPED => rule("session-stopped", "场次已停止", "the session is stopped"),
        PHASE_ENDED => rule("session-ended", "场次已结束", "the session has ended"),
        PHASE_NOT_STARTED => rule(
            "session-not-started",
            "抢购尚未开始",
            "the session has not started",
        ),
        PHASE_SOLD_OUT => sold_out(),
        _ if stock_left < quantity => ApiError::Rule {
            code: "stock-short",
            msg: Text::new(
                format!("库存不足，仅剩 {stock_left} 件"),
                format!("only {stock_left} left"),
            ),
        },
        _ => rule("session-busy", "请重试", "please try again"),
    }
}

/// The answer to an order of a sold-out session.
pub fn sold_out() -> ApiError {
    rule("sold-out", "已抢光", "sold out")
}

/// The answer to an order over the buyer's limit.
pub fn limit_reached(limit_num: i32) -> ApiError {
    ApiError::Rule {
        code: "limit-reached",
        msg: Text::new(
            format!("已达限购数量（{limit_num} 件）"),
            format!("the purchase limit ({limit_num}) is reached"),
        ),
    }
}

/// Checks the quantity of one order against the session's per-order limit.
pub fn check_quantity(limit_goods: i32, limit_num: i32, quantity: i32) -> Result<(), ApiError> {
    if !(1..=QUANTITY_MAX).contains(&quantity) {
        return Err(ApiError::invalid_field(
            "quantity",
            "数量须为 1 到 1000",
            "must be 1 to 1000",
        ));
    }
    if limit_goods == LIMIT_PER_ORDER && quantity > limit_num {
        return Err(ApiError::Invalid {
            field: "quantity".into(),
            reason: Text::new(
                format!("每单限购 {limit_num} 件"),
                format!("at most {limit_num} per order"),
            ),
        });
    }
    Ok(())
}

/// Who bought: the caller's user, merchant (0 for the tenant's staff), tenant and address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Buyer {
    pub user_id: i64,
    pub mch_id: i64,
    pub saas_id: i64,
    /// The client's IP address as the gateway vouched for it (the peer's otherwise).
    pub ip: String,
}

/// A limit's counter: what it counts within (`scope`: the session, or the mall product for a
/// resource target), whom (`key`) and on which day (0 unless the limit is per day).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counter {
    pub scope: i64,
    pub key: String,
    pub day: i64,
}

/// The counter an order of `buyer` in `session` (selling `product`) at `now` is counted on, if
/// the session counts one.
pub fn limit_counter(
    limit_goods: i32,
    limit_target: i32,
    buyer: &Buyer,
    session: i64,
    product: i64,
    now: i64,
) -> Option<Counter> {
    if !matches!(limit_goods, LIMIT_PER_CUSTOMER | LIMIT_PER_DAY) {
        return None;
    }
    let (key, scope) = match limit_target {
        TARGET_IP => (format!("ip:{}", buyer.ip), session),
        TARGET_USER => (format!("u:{}", buyer.user_id), session),
        TARGET_MERCHANT => (format!("m:{}", buyer.mch_id), session),
        TARGET_SAAS => (format!("s:{}", buyer.saas_id), session),
        TARGET_USER_RESOURCE => (format!("ru:{}", buyer.user_id), product),
        TARGET_MERCHANT_RESOURCE => (format!("rm:{}", buyer.mch_id), product),
        TARGET_SAAS_RESOURCE => (format!("rs:{}", buyer.saas_id), product),
        _ => return None,
    };
    // A day of the per-day limit is a calendar day in China time.
    let day = if limit_goods == LIMIT_PER_DAY {
        platform::time::day_of_ms(now)
    } else {
        0
    };
    Some(Counter { scope, key, day })
}

/// The most a counter may hold before an order of `quantity` for it to still fit under
/// `limit_num`: the condition of the counter's conditional update (`bought <= ceiling`).
pub fn limit_ceiling(limit_num: i32, quantity: i32) -> i32 {
    limit_num - quantity
}

/// Whether an order of `quantity` fits a counter at `bought` under `limit_num`.
pub fn fits(bought: i32, quantity: i32, limit_num: i32) -> bool {
    bought <= limit_ceiling(limit_num, quantity)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_000_000;

    fn fields() -> SessionFields {
        SessionFields {
            mall_product_id: 1,
            snapup_price: 100,
            stock: 10,
            start_time: NOW + 1_000,
            end_time: NOW + 2_000,
            type_limit_goods: LIMIT_PER_CUSTOMER,
            type_limit_target: TARGET_USER,
            limit_num: 2,
        }
    }

    fn field_of(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("expected a 412, got {other:?}"),
        }
    }

    fn code_of(e: ApiError) -> &'static str {
        e.code()
    }

    #[test]
    fn each_rule_names_its_field() {
        for (f, field) in [
            (
                SessionFields {
                    mall_product_id: 0,
                    ..fields()
                },
                "mallProductId",
            ),
            (
                SessionFields {
                    snapup_price: -1,
                    ..fields()
                },
                "snapupPrice",
            ),
            (
                SessionFields {
                    stock: 0,
                    ..fields()
                },
                "stock",
            ),
            (
                SessionFields {
                    end_time: NOW + 1_000,
                    ..fields()
                },
                "endTime",
            ),
            (
                SessionFields {
                    start_time: NOW - 5_000,
                    end_time: NOW - 1,
                    ..fields()
                },
                "endTime",
            ),
            (
                SessionFields {
                    type_limit_goods: 4,
                    ..fields()
                },
                "typeLimitGoods",
            ),
            (
                SessionFields {
                    limit_num: 0,
                    ..fields()
                },
                "limitNum",
            ),
            (
                SessionFields {
                    limit_num: 11,
                    ..fields()
                },
                "limitNum",
            ),
            (
                SessionFields {
                    type_limit_target: 3,
                    ..fields()
                },
                "typeLimitTarget",
            ),
            (
                SessionFields {
                    type_limit_target: TARGET_UNLIMITED,
                    ..fields()
                },
                "typeLimitTarget",
            ),
        ] {
            assert_eq!(field_of(f.validated(NOW).unwrap_err()), field);
        }
    }

    #[test]
    fn every_target_of_the_spec_counts_a_per_customer_limit() {
        for t in LIMIT_TARGETS {
            let f = SessionFields {
                type_limit_target: *t,
                ..fields()
            };
            assert_eq!(f.validated(NOW).unwrap().type_limit_target, *t);
        }
    }

    #[test]
    fn no_limit_counts_nobody() {
        let f = SessionFields {
            type_limit_goods: LIMIT_NONE,
            limit_num: 5,
            ..fields()
        };
        let f = f.validated(NOW).unwrap();
        assert_eq!((f.limit_num, f.type_limit_target), (0, TARGET_UNLIMITED));
        let f = SessionFields {
            type_limit_goods: LIMIT_PER_ORDER,
            type_limit_target: 0,
            ..fields()
        };
        assert_eq!(
            f.validated(NOW).unwrap().type_limit_target,
            TARGET_UNLIMITED
        );
    }

    #[test]
    fn phases_follow_state_time_and_stock() {
        assert_eq!(phase(STATE_ACTIVE, 10, 20, 5, 9), PHASE_NOT_STARTED);
        assert_eq!(phase(STATE_ACTIVE, 10, 20, 5, 10), PHASE_LIVE);
        assert_eq!(phase(STATE_ACTIVE, 10, 20, 0, 15), PHASE_SOLD_OUT);
        assert_eq!(phase(STATE_ACTIVE, 10, 20, 5, 20), PHASE_ENDED);
        assert_eq!(phase(STATE_STOPPED, 10, 20, 5, 15), PHASE_STOPPED);
    }

    #[test]
    fn a_session_changes_only_before_its_start_and_stops_once() {
        assert!(may_change(STATE_ACTIVE, 10, 9).is_ok());
        assert_eq!(
            code_of(may_change(STATE_ACTIVE, 10, 10).unwrap_err()),
            "session-started"
        );
        assert_eq!(
            code_of(may_change(STATE_STOPPED, 10, 5).unwrap_err()),
            "session-stopped"
        );
        assert!(may_stop(STATE_ACTIVE, 20, 15).is_ok());
        assert_eq!(
            code_of(may_stop(STATE_ACTIVE, 20, 20).unwrap_err()),
            "session-ended"
        );
        assert_eq!(
            code_of(may_stop(STATE_STOPPED, 20, 5).unwrap_err()),
            "session-stopped"
        );
    }

    #[test]
    fn a_refusal_says_why() {
        assert_eq!(refusal(STATE_ACTIVE, 10, 20, 0, 1, 15).code(), "sold-out");
        assert_eq!(
            refusal(STATE_ACTIVE, 10, 20, 1, 2, 15).code(),
            "stock-short"
        );
        assert_eq!(
            refusal(STATE_ACTIVE, 10, 20, 5, 1, 5).code(),
            "session-not-started"
        );
        assert_eq!(
            refusal(STATE_ACTIVE, 10, 20, 5, 1, 25).code(),
            "session-ended"
        );
        assert_eq!(
            refusal(STATE_STOPPED, 10, 20, 5, 1, 15).code(),
            "session-stopped"
        );
    }

    #[test]
    fn the_per_order_limit_caps_one_order() {
        assert!(check_quantity(LIMIT_PER_ORDER, 2, 2).is_ok());
        assert_eq!(
            field_of(check_quantity(LIMIT_PER_ORDER, 2, 3).unwrap_err()),
            "quantity"
        );
        assert!(
            check_quantity(LIMIT_PER_CUSTOMER, 2, 3).is_ok(),
            "counted elsewhere"
        );
        assert_eq!(
            field_of(check_quantity(LIMIT_NONE, 0, 0).unwrap_err()),
            "quantity"
        );
    }

    #[test]
    fn counters_are_keyed_by_target_scope_and_day() {
        let b = Buyer {
            user_id: 7,
            mch_id: 8,
            saas_id: 9,
            ip: "203.0.113.9".into(),
        };
        let c = |goods, target, now| {
            limit_counter(goods, target, &b, 100, 200, now).map(|c| (c.scope, c.key, c.day))
        };
        assert_eq!(c(LIMIT_NONE, TARGET_USER, NOW), None);
        assert_eq!(c(LIMIT_PER_ORDER, TARGET_USER, NOW), None);
        for (target, scope, key) in [
            (TARGET_IP, 100, "ip:203.0.113.9"),
            (TARGET_USER, 100, "u:7"),
            (TARGET_MERCHANT, 100, "m:8"),
            (TARGET_SAAS, 100, "s:9"),
            (TARGET_USER_RESOURCE, 200, "ru:7"),
            (TARGET_MERCHANT_RESOURCE, 200, "rm:8"),
            (TARGET_SAAS_RESOURCE, 200, "rs:9"),
        ] {
            assert_eq!(
                c(LIMIT_PER_CUSTOMER, target, NOW),
                Some((scope, key.to_owned(), 0)),
                "target {target}"
            );
        }
        // 2026-11-27 15:59:59.999 UTC is the 27th in China; a millisecond later the 28th.
        let before = 1_795_795_199_999;
        let (_, _, d1) = c(LIMIT_PER_DAY, TARGET_USER, before).unwrap();
        let (_, _, d2) = c(LIMIT_PER_DAY, TARGET_USER, before + 1).unwrap();
        assert_eq!(d2, d1 + 1);
    }

    #[test]
    fn a_session_sells_its_share_of_what_the_product_has() {
        assert_eq!(available(10, 500), 10);
        assert_eq!(available(10, 3), 3);
        assert_eq!(available(10, 0), 0);
        assert!(check_share(10, 10).is_ok());
        assert_eq!(field_of(check_share(11, 10).unwrap_err()), "stock");
    }

    #[test]
    fn limit_arithmetic() {
        assert!(fits(0, 2, 2));
        assert!(fits(1, 1, 2));
        assert!(!fits(1, 2, 2));
        assert!(!fits(2, 1, 2));
        assert_eq!(limit_ceiling(2, 2), 0);
    }
}
