//! The price and stock calendar of ticket products: common days in `ticket_calendar`, a
//! distributor's own price and authorised stock in `ticket_price_distributor`. How a day reads
//! for a distributor (own price first, authorised stock first, "no limit") is `platform::trade`'s,
//! and what is read, written and taken in these tables is `platform::trade_store`'s, as for
//! hotel-app's nights: this names the tables.

use super::schema::{ticket_calendar, ticket_price_distributor};

platform::calendar_tables! {
    /// ticket-app's calendar: `ticket_calendar` and `ticket_price_distributor`.
    pub struct Calendar { common: ticket_calendar, own: ticket_price_distributor }
}
