//! The price and stock calendar as a distributor sees it, and taking and returning stock.
//!
//! A night's price for a distributor is its own (`price_distributor.distribution_price`) when
//! set, else the common distribution price; its stock is its authorised stock when set, else
//! the common stock, which may be "no limit" (orders then need the supplier's confirmation).
//! Stock is taken with conditional updates (`stock >= rooms`), never read-then-write, so
//! concurrent bookings cannot oversell on either backend.

use diesel::prelude::*;
use platform::db::DbConnection;
use platform::time::format_day;
use platform::trade_store::CalendarTables;

use super::schema::{price_calendar, price_distributor};

/// A night of the common calendar, and a distributor's own price and authorised stock for a
/// night: the rows ticket-app's calendar reads too (`platform::trade_store`).
pub use platform::trade_store::{CommonRow as CommonNight, OwnRow as OwnNight};

/// Which stock a night of an order took (`order_nights.stock_source`), and a night as one
/// distributor may book it: `platform::trade`'s, shared with ticket-app.
pub use platform::trade::calendar::{Offer, Source};

platform::calendar_tables! {
    /// hotel-app's calendar: `price_calendar` and `price_distributor`.
    pub struct Calendar { common: price_calendar, own: price_distributor }
}

/// The offer made of a common night and, if any, the distributor's own row.
pub fn merge(common: &CommonNight, own: Option<&OwnNight>) -> Offer {
    common.offer(own)
}

/// The common nights of a product from `first` to before `end` (day numbers), by day.
pub fn common_range(
    conn: &mut DbConnection,
    product_id: i64,
    first: i64,
    end: i64,
) -> QueryResult<Vec<CommonNight>> {
    Calendar::common_range(conn, product_id, &format_day(first), &format_day(end - 1))
}

/// One entry per night from `first` to before `end`: the offer, or None where the supplier has
/// set no price (such a night cannot be booked). One statement: the distributor's own nights
/// come joined to the common ones (an own night without a common one is never offered).
pub fn offers(
    conn: &mut DbConnection,
    product_id: i64,
    distributor_id: Option<i64>,
    first: i64,
    end: i64,
) -> QueryResult<Vec<Option<Offer>>> {
    let nights: Vec<(CommonNight, Option<OwnNight>)> = match distributor_id {
        Some(d) => price_calendar::table
            .left_join(
                price_distributor::table.on(price_distributor::product_id
                    .eq(price_calendar::product_id)
                    .and(price_distributor::day.eq(price_calendar::day))
                    .and(price_distributor::distributor_id.eq(d))),
            )
            .filter(price_calendar::product_id.eq(product_id))
            .filter(price_calendar::day.ge(format_day(first)))
            .filter(price_calendar::day.lt(format_day(end)))
            .order(price_calendar::day)
            .select((Calendar::COMMON, Calendar::OWN.nullable()))
            .load(conn)?,
        None => common_range(conn, product_id, first, end)?
            .into_iter()
            .map(|c| (c, None))
            .collect(),
    };
    Ok(nightly(first, end, &nights))
}

/// The offers of the nights from `first` to before `end` made of the calendar rows found (a
/// common night with the distributor's own, if any): None for a night without a row.
pub fn nightly(
    first: i64,
    end: i64,
    rows: &[(CommonNight, Option<OwnNight>)],
) -> Vec<Option<Offer>> {
    let by_day: std::collections::HashMap<&str, &(CommonNight, Option<OwnNight>)> =
        rows.iter().map(|r| (r.0.day.as_str(), r)).collect();
    (first..end)
        .map(|d| {
            by_day
                .get(format_day(d).as_str())
                .map(|(c, own)| merge(c, own.as_ref()))
        })
        .collect()
}

/// Takes `rooms` rooms of each night from the stock its offer named. Answers false, having
/// changed only some nights, when one was sold out or closed meanwhile: the caller's
/// transaction must then be rolled back.
pub fn take(
    conn: &mut DbConnection,
    product_id: i64,
    distributor_id: i64,
    nights: &[(String, Source)],
    rooms: i64,
) -> QueryResult<bool> {
    // A statement per night rather than one for all: concurrent bookings then lock the nights
    // they share in the same order (by day), so they wait for each other and never deadlock.
    for (day, source) in nights {
        if !Calendar::take(conn, product_id, distributor_id, day, *source, rooms)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Returns what `take` took (an order cancelled, refused or timed out).
pub fn give_back(
    conn: &mut DbConnection,
    product_id: i64,
    distributor_id: i64,
    nights: &[(String, Source)],
    rooms: i64,
) -> QueryResult<()> {
    for (day, source) in nights {
        Calendar::give_back(conn, product_id, distributor_id, day, *source, rooms)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn common(limited: bool, stock: i64) -> CommonNight {
        CommonNight {
            day: "2026-12-01".into(),
            purchase_price: 8_000,
            distribution_price: 10_000,
            retail_price: 12_000,
            stock_limited: limited,
            stock,
            sold: 0,
            closed: false,
        }
    }

    fn own(price: Option<i64>, stock: Option<i64>) -> OwnNight {
        OwnNight {
            day: "2026-12-01".into(),
            distribution_price: price,
            stock,
            sold: 0,
        }
    }

    #[test]
    fn a_distributor_gets_its_own_price_and_stock_where_set() {
        let o = merge(&common(true, 5), Some(&own(Some(9_500), Some(2))));
        assert_eq!(
            (o.price, o.source, o.left),
            (9_500, Source::Authorized, Some(2))
        );
        assert!(o.bookable(2) && !o.bookable(3));
    }

    #[test]
    fn empty_authorised_stock_uses_the_common_stock() {
        let o = merge(&common(true, 5), Some(&own(None, None)));
        assert_eq!(
            (o.price, o.source, o.left),
            (10_000, Source::Common, Some(5))
        );
        let o = merge(&common(false, 0), None);
        assert_eq!((o.source, o.left), (Source::Unlimited, None));
        assert!(o.bookable(50));
    }

    #[test]
    fn nights_are_laid_out_by_day_with_the_distributors_own() {
        let first = platform::time::parse_date("d", "2026-12-01").unwrap_or_default();
        let mut second = common(true, 3);
        second.day = "2026-12-02".into();
        // Nothing on the 3rd: the supplier has not priced it.
        let rows = vec![
            (common(true, 5), Some(own(Some(9_500), Some(2)))),
            (second, None),
        ];
        let offers = nightly(first, first + 3, &rows);
        assert_eq!(offers.len(), 3);
        let o = offers[0].as_ref().map(|o| (o.price, o.source, o.left));
        assert_eq!(o, Some((9_500, Source::Authorized, Some(2))));
        let o = offers[1]
            .as_ref()
            .map(|o| (o.day.as_str(), o.price, o.source));
        assert_eq!(o, Some(("2026-12-02", 10_000, Source::Common)));
        assert_eq!(offers[2], None);
    }

    #[test]
    fn a_closed_night_is_not_bookable() {
        let mut c = common(true, 5);
        c.closed = true;
        assert!(!merge(&c, None).bookable(1));
    }
}
