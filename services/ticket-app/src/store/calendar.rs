//! The price and stock calendar of ticket products: common days in `ticket_calendar`, a
//! distributor's own price and authorised stock in `ticket_price_distributor`. How a day reads
//! for a distributor (own price first, authorised stock first, "no limit") is `platform::trade`
//! crate's, as hotel-app's nights are.
//!
//! Stock is taken with one conditional UPDATE (`stock >= n`), never read-then-write, so
//! concurrent bookings cannot oversell on either backend; a change of the calendar writes only
//! the columns it changes, so "keep" never puts back a number an order took meanwhile.

use std::collections::HashMap;

use diesel::prelude::*;
use platform::db::DbConnection;
use platform::i18n::Text;
use platform::time::format_day;
use platform::trade::calendar::{CommonDay, Offer, OwnDay, Source, merge};
use platform::trade::pricing::{AuthorizedStock, Change, PriceChanges, Prices, StockChange};
use platform::{ApiError, Viewer};
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{ticket_calendar, ticket_price_distributor};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = ticket_calendar)]
pub struct CommonRow {
    pub day: String,
    pub purchase_price: i64,
    pub distribution_price: i64,
    pub retail_price: i64,
    pub stock_limited: bool,
    pub stock: i64,
    pub sold: i64,
    pub closed: bool,
}

impl CommonRow {
    fn plain(&self) -> CommonDay {
        CommonDay {
            purchase_price: self.purchase_price,
            distribution_price: self.distribution_price,
            retail_price: self.retail_price,
            stock_limited: self.stock_limited,
            stock: self.stock,
            closed: self.closed,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = ticket_price_distributor)]
pub struct OwnRow {
    pub day: String,
    pub distribution_price: Option<i64>,
    pub stock: Option<i64>,
    pub sold: i64,
}

impl OwnRow {
    fn plain(&self) -> OwnDay {
        OwnDay {
            distribution_price: self.distribution_price,
            stock: self.stock,
        }
    }
}

fn common_range(
    conn: &mut DbConnection,
    product_id: i64,
    first: &str,
    last: &str,
) -> QueryResult<HashMap<String, CommonRow>> {
    let rows: Vec<CommonRow> = ticket_calendar::table
        .filter(ticket_calendar::product_id.eq(product_id))
        .filter(ticket_calendar::day.ge(first))
        .filter(ticket_calendar::day.le(last))
        .select(CommonRow::as_select())
        .load(conn)?;
    Ok(rows.into_iter().map(|r| (r.day.clone(), r)).collect())
}

fn own_range(
    conn: &mut DbConnection,
    product_id: i64,
    distributor_id: i64,
    first: &str,
    last: &str,
) -> QueryResult<HashMap<String, OwnRow>> {
    let rows: Vec<OwnRow> = ticket_price_distributor::table
        .filter(ticket_price_distributor::product_id.eq(product_id))
        .filter(ticket_price_distributor::distributor_id.eq(distributor_id))
        .filter(ticket_price_distributor::day.ge(first))
        .filter(ticket_price_distributor::day.le(last))
        .select(OwnRow::as_select())
        .load(conn)?;
    Ok(rows.into_iter().map(|r| (r.day.clone(), r)).collect())
}

/// The day as `distributor_id` books it; None when the supplier has not priced it.
pub fn offer(
    conn: &mut DbConnection,
    product_id: i64,
    distributor_id: i64,
    day: &str,
) -> QueryResult<Option<Offer>> {
    let common = common_range(conn, product_id, day, day)?;
    let Some(c) = common.get(day) else {
        return Ok(None);
    };
    let own = own_range(conn, product_id, distributor_id, day, day)?;
    Ok(Some(merge(
        day,
        &c.plain(),
        own.get(day).map(OwnRow::plain).as_ref(),
    )))
}

/// Takes `n` tickets of the day from the stock `source` names, in one conditional UPDATE:
/// false (nothing taken) when the day was closed or sold out meanwhile.
pub fn take(
    conn: &mut DbConnection,
    product_id: i64,
    distributor_id: i64,
    day: &str,
    source: Source,
    n: i64,
) -> QueryResult<bool> {
    let common = ticket_calendar::table
        .filter(ticket_calendar::product_id.eq(product_id))
        .filter(ticket_calendar::day.eq(day))
        .filter(ticket_calendar::closed.eq(false));
    let changed = match source {
        Source::Common => diesel::update(
            common
                .filter(ticket_calendar::stock_limited.eq(true))
                .filter(ticket_calendar::stock.ge(n)),
        )
        .set((
            ticket_calendar::stock.eq(ticket_calendar::stock - n),
            ticket_calendar::sold.eq(ticket_calendar::sold + n),
        ))
        .execute(conn)?,
        Source::Unlimited => {
            diesel::update(common.filter(ticket_calendar::stock_limited.eq(false)))
                .set(ticket_calendar::sold.eq(ticket_calendar::sold + n))
                .execute(conn)?
        }
        Source::Authorized => {
            // The common day must still be open; the authorised stock is the distributor's row.
            if common.count().get_result::<i64>(conn)? != 1 {
                return Ok(false);
            }
            diesel::update(
                ticket_price_distributor::table
                    .filter(ticket_price_distributor::product_id.eq(product_id))
                    .filter(ticket_price_distributor::distributor_id.eq(distributor_id))
                    .filter(ticket_price_distributor::day.eq(day))
                    .filter(ticket_price_distributor::stock.ge(n)),
            )
            .set((
                ticket_price_distributor::stock.eq(ticket_price_distributor::stock - n),
                ticket_price_distributor::sold.eq(ticket_price_distributor::sold + n),
            ))
            .execute(conn)?
        }
    };
    Ok(changed == 1)
}

/// Returns what `take` took (an order cancelled, refused or timed out).
pub fn give_back(
    conn: &mut DbConnection,
    product_id: i64,
    distributor_id: i64,
    day: &str,
    source: Source,
    n: i64,
) -> QueryResult<()> {
    let common = ticket_calendar::table
        .filter(ticket_calendar::product_id.eq(product_id))
        .filter(ticket_calendar::day.eq(day));
    match source {
        Source::Common => diesel::update(common)
            .set((
                ticket_calendar::stock.eq(ticket_calendar::stock + n),
                ticket_calendar::sold.eq(ticket_calendar::sold - n),
            ))
            .execute(conn)?,
        Source::Unlimited => diesel::update(common)
            .set(ticket_calendar::sold.eq(ticket_calendar::sold - n))
            .execute(conn)?,
        Source::Authorized => diesel::update(
            ticket_price_distributor::table
                .filter(ticket_price_distributor::product_id.eq(product_id))
                .filter(ticket_price_distributor::distributor_id.eq(distributor_id))
                .filter(ticket_price_distributor::day.eq(day)),
        )
        .set((
            ticket_price_distributor::stock.eq(ticket_price_distributor::stock + n),
            ticket_price_distributor::sold.eq(ticket_price_distributor::sold - n),
        ))
        .execute(conn)?,
    };
    Ok(())
}

/// A change of the common calendar over some dates.
#[derive(Debug, Clone, Copy)]
pub struct CommonChange {
    pub prices: PriceChanges,
    pub stock: StockChange,
    pub closed: Option<bool>,
}

/// Applies `c` to each of `days` (ascending day numbers); answers how many days were created.
/// A day without prices yet needs all three as fixed amounts.
pub fn save_common(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_id: i64,
    days: &[i64],
    c: &CommonChange,
    now: i64,
) -> Result<usize, ApiError> {
    let (Some(first), Some(last)) = (days.first(), days.last()) else {
        return Ok(0);
    };
    let existing = common_range(conn, product_id, &format_day(*first), &format_day(*last))?;
    let mut created = 0;
    for &d in days {
        let day = format_day(d);
        let Some(row) = existing.get(&day) else {
            let p = c.prices.apply(d, None)?;
            let (limited, stock) = c.stock.apply(true, 0);
            diesel::insert_into(ticket_calendar::table)
                .values((
                    ticket_calendar::product_id.eq(product_id),
                    ticket_calendar::day.eq(&day),
                    ticket_calendar::saas_id.eq(viewer.saas_id),
                    ticket_calendar::purchase_price.eq(p.purchase),
                    ticket_calendar::distribution_price.eq(p.distribution),
                    ticket_calendar::retail_price.eq(p.retail),
                    ticket_calendar::stock_limited.eq(limited),
                    ticket_calendar::stock.eq(stock),
                    ticket_calendar::sold.eq(0),
                    ticket_calendar::closed.eq(c.closed.unwrap_or(false)),
                    ticket_calendar::updated_at.eq(now),
                ))
                .execute(conn)?;
            created += 1;
            continue;
        };
        let p = c.prices.apply(
            d,
            Some(Prices {
                purchase: row.purchase_price,
                distribution: row.distribution_price,
                retail: row.retail_price,
            }),
        )?;
        let changed = |ch: Change| !ch.is_keep();
        let stock = match c.stock {
            StockChange::Keep => None,
            other => Some(other.apply(row.stock_limited, row.stock)),
        };
        diesel::update(
            ticket_calendar::table
                .filter(ticket_calendar::product_id.eq(product_id))
                .filter(ticket_calendar::day.eq(&day)),
        )
        .set((
            changed(c.prices.purchase).then(|| ticket_calendar::purchase_price.eq(p.purchase)),
            changed(c.prices.distribution)
                .then(|| ticket_calendar::distribution_price.eq(p.distribution)),
            changed(c.prices.retail).then(|| ticket_calendar::retail_price.eq(p.retail)),
            stock.map(|(limited, _)| ticket_calendar::stock_limited.eq(limited)),
            stock.map(|(_, n)| ticket_calendar::stock.eq(n)),
            c.closed.map(|x| ticket_calendar::closed.eq(x)),
            ticket_calendar::updated_at.eq(now),
        ))
        .execute(conn)?;
    }
    Ok(created)
}

/// A change of one distributor's own price and authorised stock.
#[derive(Debug, Clone, Copy)]
pub struct OwnChange {
    pub distributor_id: i64,
    pub price: Change,
    pub stock: AuthorizedStock,
}

/// Applies `c` to each of `days`; each must have a common price already. A row left with
/// neither a price nor stock of its own, holding no orders, is removed.
pub fn save_own(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_id: i64,
    days: &[i64],
    c: &OwnChange,
    now: i64,
) -> Result<(), ApiError> {
    let (Some(first), Some(last)) = (days.first(), days.last()) else {
        return Ok(());
    };
    let (first, last) = (format_day(*first), format_day(*last));
    let common = common_range(conn, product_id, &first, &last)?;
    let own = own_range(conn, product_id, c.distributor_id, &first, &last)?;
    for &d in days {
        let day = format_day(d);
        let Some(row) = common.get(&day) else {
            return Err(ApiError::invalid(
                "startDate",
                Text::new(
                    format!("{day} 尚未设置价格，请先设置通用价格"),
                    format!("{day} has no price yet: set the common price first"),
                ),
            ));
        };
        let mine = own.get(&day);
        let price = c.price.apply_own(
            mine.and_then(|o| o.distribution_price),
            row.distribution_price,
        );
        let stock = c.stock.apply(mine.and_then(|o| o.stock));
        let key = ticket_price_distributor::table
            .filter(ticket_price_distributor::product_id.eq(product_id))
            .filter(ticket_price_distributor::distributor_id.eq(c.distributor_id))
            .filter(ticket_price_distributor::day.eq(&day));
        if mine.is_none() {
            if price.is_some() || stock.is_some() {
                diesel::insert_into(ticket_price_distributor::table)
                    .values((
                        ticket_price_distributor::product_id.eq(product_id),
                        ticket_price_distributor::distributor_id.eq(c.distributor_id),
                        ticket_price_distributor::day.eq(&day),
                        ticket_price_distributor::saas_id.eq(viewer.saas_id),
                        ticket_price_distributor::distribution_price.eq(price),
                        ticket_price_distributor::stock.eq(stock),
                        ticket_price_distributor::sold.eq(0),
                        ticket_price_distributor::updated_at.eq(now),
                    ))
                    .execute(conn)?;
            }
            continue;
        }
        diesel::update(key)
            .set((
                (!c.price.is_keep())
                    .then(|| ticket_price_distributor::distribution_price.eq(price)),
                (c.stock != AuthorizedStock::Keep)
                    .then(|| ticket_price_distributor::stock.eq(stock)),
                ticket_price_distributor::updated_at.eq(now),
            ))
            .execute(conn)?;
        diesel::delete(
            key.filter(ticket_price_distributor::distribution_price.is_null())
                .filter(ticket_price_distributor::stock.is_null())
                .filter(ticket_price_distributor::sold.eq(0)),
        )
        .execute(conn)?;
    }
    Ok(())
}

/// How a distributor books a day: its own settings and what it effectively pays and can book.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributorDay {
    /// Its own price; null = the common distribution price.
    pub distribution_price: Option<i64>,
    /// Its authorised stock; null = the common stock.
    pub authorized_stock: Option<i64>,
    /// Tickets its orders hold of the authorised stock.
    pub authorized_sold: i64,
    pub effective_price: i64,
    /// Tickets it can still book; null = no limit.
    pub effective_stock: Option<i64>,
    /// authorized, common or unlimited.
    pub stock_source: String,
    pub bookable: bool,
}

/// A date of the price calendar page.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceDay {
    /// YYYY-MM-DD.
    pub day: String,
    /// Whether the supplier has priced the date; the other fields are null when not.
    pub has_price: bool,
    pub purchase_price: Option<i64>,
    pub distribution_price: Option<i64>,
    pub retail_price: Option<i64>,
    /// limited or unlimited.
    pub stock_type: Option<String>,
    /// Tickets left to sell (limited stock).
    pub stock: Option<i64>,
    /// Tickets orders hold.
    pub sold: Option<i64>,
    pub closed: Option<bool>,
    /// With `distributorId`: how that distributor books the date.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distributor: Option<DistributorDay>,
}

/// One entry per date from `first` to `last` (day numbers), with the distributor's view when
/// one is given.
pub fn calendar_days(
    conn: &mut DbConnection,
    product_id: i64,
    first: i64,
    last: i64,
    distributor_id: Option<i64>,
) -> QueryResult<Vec<PriceDay>> {
    let (a, b) = (format_day(first), format_day(last));
    let common = common_range(conn, product_id, &a, &b)?;
    let own = match distributor_id {
        Some(d) => own_range(conn, product_id, d, &a, &b)?,
        None => HashMap::new(),
    };
    Ok((first..=last)
        .map(|d| {
            let day = format_day(d);
            let Some(c) = common.get(&day) else {
                return PriceDay {
                    day,
                    has_price: false,
                    purchase_price: None,
                    distribution_price: None,
                    retail_price: None,
                    stock_type: None,
                    stock: None,
                    sold: None,
                    closed: None,
                    distributor: None,
                };
            };
            let mine = own.get(&day);
            let distributor = distributor_id.map(|_| {
                let o = merge(&day, &c.plain(), mine.map(OwnRow::plain).as_ref());
                DistributorDay {
                    distribution_price: mine.and_then(|m| m.distribution_price),
                    authorized_stock: mine.and_then(|m| m.stock),
                    authorized_sold: mine.map_or(0, |m| m.sold),
                    effective_price: o.price,
                    effective_stock: o.left,
                    stock_source: o.source.name().to_owned(),
                    bookable: o.bookable(1),
                }
            });
            PriceDay {
                has_price: true,
                purchase_price: Some(c.purchase_price),
                distribution_price: Some(c.distribution_price),
                retail_price: Some(c.retail_price),
                stock_type: Some(
                    if c.stock_limited {
                        "limited"
                    } else {
                        "unlimited"
                    }
                    .into(),
                ),
                stock: c.stock_limited.then_some(c.stock),
                sold: Some(c.sold),
                closed: Some(c.closed),
                distributor,
                day,
            }
        })
        .collect())
}
