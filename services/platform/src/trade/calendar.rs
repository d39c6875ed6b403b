//! A date of a product's price and stock calendar as one distributor books it, and why a date
//! cannot be booked. Hotels (a night) and tickets (a visit day) read their calendars the same
//! way: the distributor's own price when set, else the common distribution price (or what its
//! level's price rule makes of the date's prices, [`Offer::ruled`]); its
//! authorised stock when set, else the common stock, which may be "no limit". Taking stock is
//! each app's store's (a conditional `UPDATE ... WHERE stock >= n` on its own tables).

use super::formula::{Expr, Prices};
use super::price_rule;
use crate::ApiError;
use crate::i18n::Text;

/// Which stock a booking of a date takes from (kept on the order to give it back).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The common stock said "no limit": nothing taken.
    Unlimited = 0,
    Common = 1,
    /// The distributor's authorised stock.
    Authorized = 2,
}

impl Source {
    pub fn from_i32(v: i32) -> Self {
        match v {
            1 => Source::Common,
            2 => Source::Authorized,
            _ => Source::Unlimited,
        }
    }

    /// The name the price pages show.
    pub fn name(self) -> &'static str {
        match self {
            Source::Unlimited => "unlimited",
            Source::Common => "common",
            Source::Authorized => "authorized",
        }
    }
}

/// A date of the common calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommonDay {
    pub purchase_price: i64,
    pub distribution_price: i64,
    pub retail_price: i64,
    pub stock_limited: bool,
    pub stock: i64,
    pub closed: bool,
}

/// A distributor's own price and authorised stock for a date (None: the common one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OwnDay {
    pub distribution_price: Option<i64>,
    pub stock: Option<i64>,
}

/// A date as one distributor may book it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// YYYY-MM-DD.
    pub day: String,
    pub price: i64,
    pub purchase_price: i64,
    pub retail_price: i64,
    pub closed: bool,
    pub source: Source,
    /// Left in the stock the date takes from; None for no limit.
    pub left: Option<i64>,
    /// `price` is the distributor's own price for the date, which no level's rule changes.
    pub own_price: bool,
}

impl Offer {
    /// The offer priced by the distributor's level's price rule `rule` (`price_rule::quote`
    /// over the date's purchase, distribution and retail prices), unless the distributor has
    /// its own price for the date (it wins over any rule) or the rule gives no price there.
    pub fn ruled(mut self, rule: Option<&Expr>) -> Self {
        if self.own_price {
            return self;
        }
        let prices = Prices {
            purchase: self.purchase_price,
            distribution: self.price,
            retail: self.retail_price,
        };
        if let Some(price) = rule.and_then(|r| price_rule::quote(r, prices)) {
            self.price = price;
        }
        self
    }

    /// Whether `n` (rooms, tickets) can be had this date.
    pub fn bookable(&self, n: i64) -> bool {
        Refusal::of(self.closed, self.left, n).is_none()
    }
}

/// The offer made of a common date and, if any, the distributor's own row.
pub fn merge(day: &str, common: &CommonDay, own: Option<&OwnDay>) -> Offer {
    let own_price = own.and_then(|o| o.distribution_price);
    let (source, left) = match own.and_then(|o| o.stock) {
        Some(stock) => (Source::Authorized, Some(stock)),
        None if common.stock_limited => (Source::Common, Some(common.stock)),
        None => (Source::Unlimited, None),
    };
    Offer {
        day: day.to_owned(),
        price: own_price.unwrap_or(common.distribution_price),
        own_price: own_price.is_some(),
        purchase_price: common.purchase_price,
        retail_price: common.retail_price,
        closed: common.closed,
        source,
        left,
    }
}

/// Why a date cannot be booked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The supplier has not priced it.
    NoPrice,
    Closed,
    /// Fewer left than asked for.
    SoldOut,
}

impl Refusal {
    /// Why a priced date, closed or not and with `left` (None: no limit), cannot take `n`;
    /// None when it can.
    pub fn of(closed: bool, left: Option<i64>, n: i64) -> Option<Self> {
        if closed {
            Some(Self::Closed)
        } else if left.is_some_and(|left| left < n) {
            Some(Self::SoldOut)
        } else {
            None
        }
    }

    /// The 412 for the date `day` (YYYY-MM-DD), with the rule's code.
    pub fn error(self, day: &str) -> ApiError {
        let (code, zh, en) = match self {
            Self::NoPrice => (
                "no-price",
                format!("{day} 未设置价格，不可预订"),
                format!("{day} has no price and cannot be booked"),
            ),
            Self::Closed => (
                "closed",
                format!("{day} 已关闭销售"),
                format!("{day} is closed"),
            ),
            Self::SoldOut => (
                "sold-out",
                format!("{day} 库存不足"),
                format!("Not enough left on {day}"),
            ),
        };
        ApiError::Rule {
            code,
            msg: Text::new(zh, en),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn common(limited: bool, stock: i64) -> CommonDay {
        CommonDay {
            purchase_price: 8_000,
            distribution_price: 10_000,
            retail_price: 12_000,
            stock_limited: limited,
            stock,
            closed: false,
        }
    }

    #[test]
    fn the_distributors_own_price_and_stock_come_first() {
        let o = merge("2026-12-01", &common(true, 5), None);
        assert_eq!(
            (o.price, o.source, o.left),
            (10_000, Source::Common, Some(5))
        );
        let own = OwnDay {
            distribution_price: Some(9_000),
            stock: Some(2),
        };
        let o = merge("2026-12-01", &common(true, 5), Some(&own));
        assert_eq!(
            (o.price, o.source, o.left),
            (9_000, Source::Authorized, Some(2))
        );
        let o = merge("2026-12-01", &common(false, 0), Some(&OwnDay::default()));
        assert_eq!(
            (o.price, o.source, o.left),
            (10_000, Source::Unlimited, None)
        );
        assert!(o.bookable(1000));
    }

    #[test]
    fn a_levels_rule_prices_a_date_without_the_distributors_own_price() {
        let rule = super::super::formula::parse("distribution * 0.8").unwrap();
        let o = merge("2026-12-01", &common(true, 5), None).ruled(Some(&rule));
        assert_eq!(o.price, 8_000);
        // The distributor's own price wins over any rule.
        let own = OwnDay {
            distribution_price: Some(9_000),
            stock: None,
        };
        let o = merge("2026-12-01", &common(true, 5), Some(&own)).ruled(Some(&rule));
        assert_eq!(o.price, 9_000);
        // An own row without its own price is still priced by the rule.
        let o = merge("2026-12-01", &common(true, 5), Some(&OwnDay::default())).ruled(Some(&rule));
        assert_eq!(o.price, 8_000);
        // No rule, or one that gives no price for this date: the common price stands.
        assert_eq!(
            merge("2026-12-01", &common(true, 5), None)
                .ruled(None)
                .price,
            10_000
        );
        let broken = super::super::formula::parse("retail / (purchase - 8000)").unwrap();
        let o = merge("2026-12-01", &common(true, 5), None).ruled(Some(&broken));
        assert_eq!(o.price, 10_000);
    }

    #[test]
    fn closed_and_sold_out_dates_are_refused_with_their_codes() {
        assert_eq!(Refusal::of(true, None, 1), Some(Refusal::Closed));
        assert_eq!(Refusal::of(false, Some(2), 3), Some(Refusal::SoldOut));
        assert_eq!(Refusal::of(false, Some(3), 3), None);
        for (r, code) in [
            (Refusal::NoPrice, "no-price"),
            (Refusal::Closed, "closed"),
            (Refusal::SoldOut, "sold-out"),
        ] {
            assert!(matches!(r.error("2026-12-01"), ApiError::Rule { code: c, .. } if c == code));
        }
        for s in [Source::Unlimited, Source::Common, Source::Authorized] {
            assert_eq!(Source::from_i32(s as i32), s);
        }
    }
}
