//! Writing the price and stock calendar (common nights in `price_calendar`, a distributor's own
//! price and authorised stock in `price_distributor`) and reading it for the price pages.
//! Reading as a distributor books is `store::calendar`'s; the pages reuse its `merge`.
//!
//! A change writes only the columns it changes: an order may take stock between the read and
//! the write (`calendar::take`), and "keep" must not put the old number back.

use std::collections::HashMap;

use diesel::prelude::*;
use platform::ApiError;
use platform::Viewer;
use platform::db::DbConnection;
use platform::i18n::Text;
use platform::time::format_day;
use serde::Serialize;
use utoipa::ToSchema;

use super::calendar::{self, CommonNight, OwnNight, Source, merge};
use super::schema::{price_calendar, price_distributor};
use crate::domain::pricing::{AuthorizedStock, Change, PriceChanges, Prices, StockChange};

/// A change of the common calendar over some dates.
#[derive(Debug, Clone, Copy)]
pub struct CommonChange {
    pub prices: PriceChanges,
    pub stock: StockChange,
    pub closed: Option<bool>,
}

/// Applies `c` to each of `days` (ascending day numbers) of the product; answers how many
/// nights were created. A night without prices yet needs all three as fixed amounts.
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
    let existing: HashMap<String, CommonNight> =
        calendar::common_range(conn, product_id, *first, last + 1)?
            .into_iter()
            .map(|n| (n.day.clone(), n))
            .collect();
    let mut created = 0;
    for &d in days {
        let day = format_day(d);
        let Some(night) = existing.get(&day) else {
            let p = c.prices.apply(d, None)?;
            let (limited, stock) = c.stock.apply(true, 0);
            diesel::insert_into(price_calendar::table)
                .values((
                    price_calendar::product_id.eq(product_id),
                    price_calendar::day.eq(&day),
                    price_calendar::saas_id.eq(viewer.saas_id),
                    price_calendar::purchase_price.eq(p.purchase),
                    price_calendar::distribution_price.eq(p.distribution),
                    price_calendar::retail_price.eq(p.retail),
                    price_calendar::stock_limited.eq(limited),
                    price_calendar::stock.eq(stock),
                    price_calendar::sold.eq(0),
                    price_calendar::closed.eq(c.closed.unwrap_or(false)),
                    price_calendar::updated_at.eq(now),
                ))
                .execute(conn)?;
            created += 1;
            continue;
        };
        let p = c.prices.apply(
            d,
            Some(Prices {
                purchase: night.purchase_price,
                distribution: night.distribution_price,
                retail: night.retail_price,
            }),
        )?;
        let changed = |ch: Change| !ch.is_keep();
        let stock = match c.stock {
            StockChange::Keep => None,
            other => Some(other.apply(night.stock_limited, night.stock)),
        };
        diesel::update(
            price_calendar::table
                .filter(price_calendar::product_id.eq(product_id))
                .filter(price_calendar::day.eq(&day)),
        )
        .set((
            changed(c.prices.purchase).then(|| price_calendar::purchase_price.eq(p.purchase)),
            changed(c.prices.distribution)
                .then(|| price_calendar::distribution_price.eq(p.distribution)),
            changed(c.prices.retail).then(|| price_calendar::retail_price.eq(p.retail)),
            stock.map(|(limited, _)| price_calendar::stock_limited.eq(limited)),
            stock.map(|(_, n)| price_calendar::stock.eq(n)),
            c.closed.map(|x| price_calendar::closed.eq(x)),
            price_calendar::updated_at.eq(now),
        ))
        .execute(conn)?;
    }
    Ok(created)
}

/// A change of one distributor's own prices and authorised stock.
#[derive(Debug, Clone, Copy)]
pub struct OwnChange {
    pub distributor_id: i64,
    pub price: Change,
    pub stock: AuthorizedStock,
}

/// Applies `c` to each of `days`; each must have a common price already (the distributor's
/// price and stock are exceptions to it). A row left with neither a price nor stock of its
/// own, holding no orders, is removed: the distributor follows the common calendar again.
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
    let common: HashMap<String, CommonNight> =
        calendar::common_range(conn, product_id, *first, last + 1)?
            .into_iter()
            .map(|n| (n.day.clone(), n))
            .collect();
    let own: HashMap<String, OwnNight> =
        calendar::own_range(conn, product_id, c.distributor_id, *first, last + 1)?
            .into_iter()
            .map(|n| (n.day.clone(), n))
            .collect();
    for &d in days {
        let day = format_day(d);
        let Some(night) = common.get(&day) else {
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
            night.distribution_price,
        );
        let stock = c.stock.apply(mine.and_then(|o| o.stock));
        let row = price_distributor::table
            .filter(price_distributor::product_id.eq(product_id))
            .filter(price_distributor::distributor_id.eq(c.distributor_id))
            .filter(price_distributor::day.eq(&day));
        if mine.is_none() {
            if price.is_some() || stock.is_some() {
                diesel::insert_into(price_distributor::table)
                    .values((
                        price_distributor::product_id.eq(product_id),
                        price_distributor::distributor_id.eq(c.distributor_id),
                        price_distributor::day.eq(&day),
                        price_distributor::saas_id.eq(viewer.saas_id),
                        price_distributor::distribution_price.eq(price),
                        price_distributor::stock.eq(stock),
                        price_distributor::sold.eq(0),
                        price_distributor::updated_at.eq(now),
                    ))
                    .execute(conn)?;
            }
            continue;
        }
        diesel::update(row)
            .set((
                (!c.price.is_keep()).then(|| price_distributor::distribution_price.eq(price)),
                (c.stock != AuthorizedStock::Keep).then(|| price_distributor::stock.eq(stock)),
                price_distributor::updated_at.eq(now),
            ))
            .execute(conn)?;
        diesel::delete(
            row.filter(price_distributor::distribution_price.is_null())
                .filter(price_distributor::stock.is_null())
                .filter(price_distributor::sold.eq(0)),
        )
        .execute(conn)?;
    }
    Ok(())
}

/// How a distributor books a night: its effective price and the stock it takes from.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributorNight {
    /// The distributor's own price; null = the common distribution price.
    pub distribution_price: Option<i64>,
    /// Its authorised stock; null = the common stock.
    pub authorized_stock: Option<i64>,
    /// Rooms its orders hold of the authorised stock.
    pub authorized_sold: i64,
    /// What it pays.
    pub effective_price: i64,
    /// Rooms it can still book; null = no limit.
    pub effective_stock: Option<i64>,
    /// authorized, common or unlimited.
    pub stock_source: String,
    pub bookable: bool,
}

fn source_name(s: Source) -> &'static str {
    s.name()
}

fn distributor_night(common: &CommonNight, own: Option<&OwnNight>) -> DistributorNight {
    let offer = merge(common, own);
    DistributorNight {
        distribution_price: own.and_then(|o| o.distribution_price),
        authorized_stock: own.and_then(|o| o.stock),
        authorized_sold: own.map_or(0, |o| o.sold),
        effective_price: offer.price,
        effective_stock: offer.left,
        stock_source: source_name(offer.source).to_owned(),
        bookable: offer.bookable(1),
    }
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
    /// Rooms left to sell (limited stock).
    pub stock: Option<i64>,
    /// Rooms orders hold.
    pub sold: Option<i64>,
    pub closed: Option<bool>,
    /// With `distributorId`: how that distributor books the date.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distributor: Option<DistributorNight>,
}

/// One entry per date from `first` to `last` (day numbers), with the distributor's view when
/// one is given.
pub fn calendar_days(
    conn: &mut DbConnection,
    product_id: i64,
    distributor_id: Option<i64>,
    first: i64,
    last: i64,
) -> QueryResult<Vec<PriceDay>> {
    let common: HashMap<String, CommonNight> =
        calendar::common_range(conn, product_id, first, last + 1)?
            .into_iter()
            .map(|n| (n.day.clone(), n))
            .collect();
    let own: HashMap<String, OwnNight> = match distributor_id {
        Some(d) => calendar::own_range(conn, product_id, d, first, last + 1)?
            .into_iter()
            .map(|n| (n.day.clone(), n))
            .collect(),
        None => HashMap::new(),
    };
    Ok((first..=last)
        .map(|d| {
            let day = format_day(d);
            match common.get(&day) {
                Some(c) => PriceDay {
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
                    distributor: distributor_id.map(|_| distributor_night(c, own.get(&day))),
                    day,
                },
                None => PriceDay {
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
                },
            }
        })
        .collect())
}

/// A distributor's own night, for the distributor price page.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributorDay {
    pub day: String,
    pub distributor_id: i64,
    pub distributor_name: String,
    /// The common distribution price of the date.
    pub common_distribution_price: i64,
    pub common_stock_type: String,
    pub common_stock: Option<i64>,
    #[serde(flatten)]
    pub night: DistributorNight,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = price_distributor)]
struct OwnRow {
    distributor_id: i64,
    day: String,
    distribution_price: Option<i64>,
    stock: Option<i64>,
    sold: i64,
}

/// The distributors' own nights of a product from `first` to `last`. With a distributor: one
/// entry per priced date (its own values null where it follows the common calendar); without:
/// every distributor's own rows.
pub fn distributor_days(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_id: i64,
    distributor_id: Option<i64>,
    first: i64,
    last: i64,
) -> QueryResult<Vec<DistributorDay>> {
    let common = calendar::common_range(conn, product_id, first, last + 1)?;
    let mut q = price_distributor::table
        .filter(price_distributor::product_id.eq(product_id))
        .filter(price_distributor::saas_id.eq(viewer.saas_id))
        .filter(price_distributor::day.ge(format_day(first)))
        .filter(price_distributor::day.le(format_day(last)))
        .into_boxed::<platform::db::Backend>();
    if let Some(d) = distributor_id {
        q = q.filter(price_distributor::distributor_id.eq(d));
    }
    let rows: Vec<OwnRow> = q
        .order((price_distributor::day, price_distributor::distributor_id))
        .select(OwnRow::as_select())
        .load(conn)?;
    let mut ids: Vec<i64> = rows.iter().map(|r| r.distributor_id).collect();
    ids.extend(distributor_id);
    ids.sort_unstable();
    ids.dedup();
    let names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    let by_day: HashMap<&str, &CommonNight> = common.iter().map(|c| (c.day.as_str(), c)).collect();
    let entry = |c: &CommonNight, id: i64, own: Option<&OwnNight>| DistributorDay {
        day: c.day.clone(),
        distributor_id: id,
        distributor_name: names.get(&id).cloned().unwrap_or_default(),
        common_distribution_price: c.distribution_price,
        common_stock_type: if c.stock_limited {
            "limited"
        } else {
            "unlimited"
        }
        .into(),
        common_stock: c.stock_limited.then_some(c.stock),
        night: distributor_night(c, own),
    };
    let own_of = |r: &OwnRow| OwnNight {
        day: r.day.clone(),
        distribution_price: r.distribution_price,
        stock: r.stock,
        sold: r.sold,
    };
    if let Some(d) = distributor_id {
        let mine: HashMap<&str, OwnNight> =
            rows.iter().map(|r| (r.day.as_str(), own_of(r))).collect();
        return Ok(common
            .iter()
            .map(|c| entry(c, d, mine.get(c.day.as_str())))
            .collect());
    }
    Ok(rows
        .iter()
        .filter_map(|r| {
            by_day
                .get(r.day.as_str())
                .map(|c| entry(c, r.distributor_id, Some(&own_of(r))))
        })
        .collect())
}
