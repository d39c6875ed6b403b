//! The price and stock calendar of ticket products: common days in `ticket_calendar`, a
//! distributor's own price and authorised stock in `ticket_price_distributor`. How a day reads
//! for a distributor (own price first, authorised stock first, "no limit") is `platform::trade`'s,
//! and what is read, written and taken in these tables is `platform::trade_store`'s, as for
//! hotel-app's nights: this names the tables, and prices a distributor's day by its level's
//! price rule ([`quote`]).

use diesel::QueryResult;
use platform::db::DbConnection;
use platform::replica::PriceRuleCopy;
use platform::trade::calendar::Offer;
use platform::trade::price_rule::{self, Scope};
use platform::trade_store::CalendarTables as _;

use super::schema::{ticket_calendar, ticket_price_distributor};

platform::calendar_tables! {
    /// ticket-app's calendar: `ticket_calendar` and `ticket_price_distributor`.
    pub struct Calendar { common: ticket_calendar, own: ticket_price_distributor }
}

/// The rule of `rules` (a distributor's, `platform::replica::price_rules_for`) pricing its
/// tickets of the product `product_id` of `supplier_id`.
pub fn rule_of(
    rules: &[PriceRuleCopy],
    supplier_id: i64,
    product_id: i64,
) -> Option<platform::trade::formula::Expr> {
    platform::replica::rule_for(
        rules,
        Scope::of_product(supplier_id, price_rule::TICKET, product_id),
    )
}

/// Day `day` (YYYY-MM-DD) of the product `product_id` of `supplier_id` in tenant `saas_id` as
/// `distributor_id` books it: its own price, else what its level's price rule makes of the
/// day's prices, else the common price. None when the supplier has not priced the day.
pub fn quote(
    conn: &mut DbConnection,
    saas_id: i64,
    distributor_id: i64,
    supplier_id: i64,
    product_id: i64,
    day: &str,
) -> QueryResult<Option<Offer>> {
    let Some(offer) = Calendar::offer(conn, product_id, distributor_id, day)? else {
        return Ok(None);
    };
    if offer.own_price {
        // No rule changes the distributor's own price: its rules are not read.
        return Ok(Some(offer));
    }
    let rules = platform::replica::price_rules_for(conn, saas_id, distributor_id)?;
    Ok(Some(
        offer.ruled(rule_of(&rules, supplier_id, product_id).as_ref()),
    ))
}
