//! The price and stock calendar as stored, once for hotel-app (`price_calendar`,
//! `price_distributor`) and ticket-app (`ticket_calendar`, `ticket_price_distributor`): each
//! app keeps its own pair of tables, of the same columns, and names them in one
//! [`calendar_tables!`](crate::calendar_tables) line; what is read, written and taken there,
//! and the price pages' answers, are written here once.
//!
//! The statements stay diesel's query builder over the app's own `table!` (the macro only puts
//! the app's table names into them), so a column that is renamed or retyped in one app fails
//! that app's build rather than a query at run time.
//!
//! A change writes only the columns it changes: an order may take stock between the read and
//! the write, and "keep" must not put the old number back. Stock is taken with one conditional
//! `UPDATE ... WHERE stock >= n` a date, never read-then-write, so concurrent bookings cannot
//! oversell on either backend.

use std::collections::HashMap;

use diesel::QueryResult;
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::DbConnection;
use crate::i18n::Text;
use crate::time::format_day;
use crate::trade::calendar::{CommonDay, Offer, OwnDay, Source, merge};
use crate::trade::formula::Expr;
use crate::trade::pricing::{AuthorizedStock, CommonChange, OwnChange, Prices, StockChange};
use crate::{ApiError, Viewer};

/// A date of the common calendar, as `COMMON` selects it.
#[derive(Debug, Clone, PartialEq, Eq, diesel::Queryable)]
pub struct CommonRow {
    /// YYYY-MM-DD.
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
    pub fn plain(&self) -> CommonDay {
        CommonDay {
            purchase_price: self.purchase_price,
            distribution_price: self.distribution_price,
            retail_price: self.retail_price,
            stock_limited: self.stock_limited,
            stock: self.stock,
            closed: self.closed,
        }
    }

    /// The date as the distributor whose own row `own` is (if any) books it.
    pub fn offer(&self, own: Option<&OwnRow>) -> Offer {
        merge(&self.day, &self.plain(), own.map(OwnRow::plain).as_ref())
    }

    fn stock_type(&self) -> String {
        if self.stock_limited {
            "limited"
        } else {
            "unlimited"
        }
        .into()
    }
}

/// A distributor's own price and authorised stock for a date, as `OWN` selects it.
#[derive(Debug, Clone, PartialEq, Eq, diesel::Queryable)]
pub struct OwnRow {
    pub day: String,
    pub distribution_price: Option<i64>,
    pub stock: Option<i64>,
    pub sold: i64,
}

impl OwnRow {
    pub fn plain(&self) -> OwnDay {
        OwnDay {
            distribution_price: self.distribution_price,
            stock: self.stock,
        }
    }
}

/// A new date of the common calendar.
#[derive(Debug, Clone, Copy)]
pub struct NewCommon<'a> {
    pub saas_id: i64,
    pub product_id: i64,
    pub day: &'a str,
    pub prices: Prices,
    pub stock_limited: bool,
    pub stock: i64,
    pub closed: bool,
    pub now: i64,
}

/// The columns a change of a common date writes; None: left as they are.
#[derive(Debug, Clone, Copy)]
pub struct CommonSet {
    pub purchase_price: Option<i64>,
    pub distribution_price: Option<i64>,
    pub retail_price: Option<i64>,
    /// (limited, stock).
    pub stock: Option<(bool, i64)>,
    pub closed: Option<bool>,
    pub now: i64,
}

/// A new own row of a distributor.
#[derive(Debug, Clone, Copy)]
pub struct NewOwn<'a> {
    pub saas_id: i64,
    pub product_id: i64,
    pub distributor_id: i64,
    pub day: &'a str,
    pub distribution_price: Option<i64>,
    pub stock: Option<i64>,
    pub now: i64,
}

/// The columns a change of a distributor's own row writes; None: left as they are (the inner
/// None clears the value: the common one applies again).
#[derive(Debug, Clone, Copy)]
pub struct OwnSet {
    pub distribution_price: Option<Option<i64>>,
    pub stock: Option<Option<i64>>,
    pub now: i64,
}

/// How a distributor books a date: its own settings and what it effectively pays and can book.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributorNight {
    /// The distributor's own price; null = the common distribution price.
    pub distribution_price: Option<i64>,
    /// Its authorised stock; null = the common stock.
    pub authorized_stock: Option<i64>,
    /// What its orders hold of the authorised stock.
    pub authorized_sold: i64,
    /// What it pays: its own price, else what its level's price rule makes of the date's
    /// prices, else the common distribution price.
    pub effective_price: i64,
    /// Its level's price rule changed the price it pays (`effectivePrice` is the rule's).
    pub by_rule: bool,
    /// What it can still book; null = no limit.
    pub effective_stock: Option<i64>,
    /// authorized, common or unlimited.
    pub stock_source: String,
    pub bookable: bool,
}

impl DistributorNight {
    /// The date `common` as a distributor with `own` settings books it, priced by its level's
    /// price rule `rule` where it has no price of its own.
    pub fn of(common: &CommonRow, own: Option<&OwnRow>, rule: Option<&Expr>) -> Self {
        let plain = common.offer(own);
        let common_price = plain.price;
        let offer = plain.ruled(rule);
        DistributorNight {
            by_rule: !offer.own_price && offer.price != common_price,
            distribution_price: own.and_then(|o| o.distribution_price),
            authorized_stock: own.and_then(|o| o.stock),
            authorized_sold: own.map_or(0, |o| o.sold),
            effective_price: offer.price,
            effective_stock: offer.left,
            stock_source: offer.source.name().to_owned(),
            bookable: offer.bookable(1),
        }
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
    /// Left to sell (limited stock).
    pub stock: Option<i64>,
    /// What orders hold.
    pub sold: Option<i64>,
    pub closed: Option<bool>,
    /// With `distributorId`: how that distributor books the date.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distributor: Option<DistributorNight>,
}

impl PriceDay {
    fn unpriced(day: String) -> Self {
        PriceDay {
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
        }
    }

    fn priced(c: &CommonRow, distributor: Option<DistributorNight>) -> Self {
        PriceDay {
            day: c.day.clone(),
            has_price: true,
            purchase_price: Some(c.purchase_price),
            distribution_price: Some(c.distribution_price),
            retail_price: Some(c.retail_price),
            stock_type: Some(c.stock_type()),
            stock: c.stock_limited.then_some(c.stock),
            sold: Some(c.sold),
            closed: Some(c.closed),
            distributor,
        }
    }
}

/// The common stock of a date as the distributor price page shows it: (type, left).
pub fn common_stock(c: &CommonRow) -> (String, Option<i64>) {
    (c.stock_type(), c.stock_limited.then_some(c.stock))
}

fn by_day<T>(rows: Vec<T>, day: impl Fn(&T) -> &str) -> HashMap<String, T> {
    rows.into_iter().map(|r| (day(&r).to_owned(), r)).collect()
}

/// One app's pair of calendar tables. The statements are [`calendar_tables!`]'s (one line in
/// the app names its tables); the provided methods are the calendar's logic over them.
pub trait CalendarTables {
    /// The common dates of a product from `first` to `last` (YYYY-MM-DD, both included), by
    /// day.
    fn common_range(
        conn: &mut DbConnection,
        product_id: i64,
        first: &str,
        last: &str,
    ) -> QueryResult<Vec<CommonRow>>;

    /// The common date `day` of a product with the distributor's own row of it, in one
    /// statement; None when the supplier has not priced the date.
    fn common_with_own(
        conn: &mut DbConnection,
        product_id: i64,
        distributor_id: i64,
        day: &str,
    ) -> QueryResult<Option<(CommonRow, Option<OwnRow>)>>;

    /// A distributor's own dates of a product in the same range, by day.
    fn own_range(
        conn: &mut DbConnection,
        product_id: i64,
        distributor_id: i64,
        first: &str,
        last: &str,
    ) -> QueryResult<Vec<OwnRow>>;

    fn insert_common(conn: &mut DbConnection, row: &NewCommon<'_>) -> QueryResult<usize>;

    fn update_common(
        conn: &mut DbConnection,
        product_id: i64,
        day: &str,
        set: &CommonSet,
    ) -> QueryResult<usize>;

    fn insert_own(conn: &mut DbConnection, row: &NewOwn<'_>) -> QueryResult<usize>;

    fn update_own(
        conn: &mut DbConnection,
        product_id: i64,
        distributor_id: i64,
        day: &str,
        set: &OwnSet,
    ) -> QueryResult<usize>;

    /// Removes the distributor's row of the date when it holds neither a price nor stock of
    /// its own nor any order: the distributor follows the common calendar again.
    fn drop_if_empty(
        conn: &mut DbConnection,
        product_id: i64,
        distributor_id: i64,
        day: &str,
    ) -> QueryResult<usize>;

    /// Takes `n` of the date from the stock `source` names, in one conditional UPDATE: false
    /// (nothing taken) when the date was closed or sold out meanwhile.
    fn take(
        conn: &mut DbConnection,
        product_id: i64,
        distributor_id: i64,
        day: &str,
        source: Source,
        n: i64,
    ) -> QueryResult<bool>;

    /// Returns what `take` took (an order cancelled, refused or timed out).
    fn give_back(
        conn: &mut DbConnection,
        product_id: i64,
        distributor_id: i64,
        day: &str,
        source: Source,
        n: i64,
    ) -> QueryResult<()>;

    /// The date (YYYY-MM-DD) as `distributor_id` books it; None when the supplier has not
    /// priced it.
    fn offer(
        conn: &mut DbConnection,
        product_id: i64,
        distributor_id: i64,
        day: &str,
    ) -> QueryResult<Option<Offer>> {
        Ok(
            Self::common_with_own(conn, product_id, distributor_id, day)?
                .map(|(common, own)| common.offer(own.as_ref())),
        )
    }

    /// Applies `c` to each of `days` (ascending day numbers) of the product; answers how many
    /// dates were created. A date without prices yet needs all three as fixed amounts.
    fn save_common(
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
        let (first, last) = (format_day(*first), format_day(*last));
        let existing = by_day(Self::common_range(conn, product_id, &first, &last)?, |r| {
            &r.day
        });
        let mut created = 0;
        for &d in days {
            let day = format_day(d);
            let Some(row) = existing.get(&day) else {
                let (stock_limited, stock) = c.stock.apply(true, 0);
                let new = NewCommon {
                    saas_id: viewer.saas_id,
                    product_id,
                    day: &day,
                    prices: c.prices.apply(d, None)?,
                    stock_limited,
                    stock,
                    closed: c.closed.unwrap_or(false),
                    now,
                };
                Self::insert_common(conn, &new)?;
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
            let set = CommonSet {
                purchase_price: (!c.prices.purchase.is_keep()).then_some(p.purchase),
                distribution_price: (!c.prices.distribution.is_keep()).then_some(p.distribution),
                retail_price: (!c.prices.retail.is_keep()).then_some(p.retail),
                stock: match c.stock {
                    StockChange::Keep => None,
                    other => Some(other.apply(row.stock_limited, row.stock)),
                },
                closed: c.closed,
                now,
            };
            Self::update_common(conn, product_id, &day, &set)?;
        }
        Ok(created)
    }

    /// Applies `c` to each of `days`; each must have a common price already (the
    /// distributor's price and stock are exceptions to it). A row left with neither a price
    /// nor stock of its own, holding no orders, is removed.
    fn save_own(
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
        let common = by_day(Self::common_range(conn, product_id, &first, &last)?, |r| {
            &r.day
        });
        let own = by_day(
            Self::own_range(conn, product_id, c.distributor_id, &first, &last)?,
            |r| &r.day,
        );
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
            if mine.is_none() {
                if price.is_some() || stock.is_some() {
                    let new = NewOwn {
                        saas_id: viewer.saas_id,
                        product_id,
                        distributor_id: c.distributor_id,
                        day: &day,
                        distribution_price: price,
                        stock,
                        now,
                    };
                    Self::insert_own(conn, &new)?;
                }
                continue;
            }
            let set = OwnSet {
                distribution_price: (!c.price.is_keep()).then_some(price),
                stock: (c.stock != AuthorizedStock::Keep).then_some(stock),
                now,
            };
            Self::update_own(conn, product_id, c.distributor_id, &day, &set)?;
            Self::drop_if_empty(conn, product_id, c.distributor_id, &day)?;
        }
        Ok(())
    }

    /// One entry per date from `first` to `last` (day numbers), with the distributor's view
    /// when one is given.
    fn calendar_days(
        conn: &mut DbConnection,
        product_id: i64,
        distributor_id: Option<i64>,
        rule: Option<&Expr>,
        first: i64,
        last: i64,
    ) -> QueryResult<Vec<PriceDay>> {
        let (a, b) = (format_day(first), format_day(last));
        let common = by_day(Self::common_range(conn, product_id, &a, &b)?, |r| &r.day);
        let own = match distributor_id {
            Some(d) => by_day(Self::own_range(conn, product_id, d, &a, &b)?, |r| &r.day),
            None => HashMap::new(),
        };
        Ok((first..=last)
            .map(|d| {
                let day = format_day(d);
                match common.get(&day) {
                    Some(c) => PriceDay::priced(
                        c,
                        distributor_id.map(|_| DistributorNight::of(c, own.get(&day), rule)),
                    ),
                    None => PriceDay::unpriced(day),
                }
            })
            .collect())
    }
}

/// Declares `$name`, an app's pair of calendar tables (`common`, the app's `table!` of the
/// common calendar, and `own`, its distributors' own rows, both in scope where this stands),
/// implementing [`CalendarTables`](crate::trade_store::CalendarTables) with diesel statements
/// on them, and its column lists `COMMON` and `OWN` (in the order of `CommonRow` and `OwnRow`)
/// for the app's own joins.
#[macro_export]
macro_rules! calendar_tables {
    ($(#[$attr:meta])* $vis:vis struct $name:ident { common: $common:ident, own: $own:ident $(,)? }) => {
        $(#[$attr])*
        #[derive(Debug, Clone, Copy)]
        $vis struct $name;

        impl $name {
            /// The common calendar's columns, as `CommonRow` reads them.
            pub const COMMON: (
                $common::day,
                $common::purchase_price,
                $common::distribution_price,
                $common::retail_price,
                $common::stock_limited,
                $common::stock,
                $common::sold,
                $common::closed,
            ) = (
                $common::day,
                $common::purchase_price,
                $common::distribution_price,
                $common::retail_price,
                $common::stock_limited,
                $common::stock,
                $common::sold,
                $common::closed,
            );
            /// A distributor's own row's columns, as `OwnRow` reads them.
            pub const OWN: ($own::day, $own::distribution_price, $own::stock, $own::sold) =
                ($own::day, $own::distribution_price, $own::stock, $own::sold);
        }

        impl $crate::trade_store::CalendarTables for $name {
            fn common_range(
                conn: &mut $crate::db::DbConnection,
                product_id: i64,
                first: &str,
                last: &str,
            ) -> ::diesel::QueryResult<::std::vec::Vec<$crate::trade_store::CommonRow>> {
                use ::diesel::prelude::*;
                $common::table
                    .filter($common::product_id.eq(product_id))
                    .filter($common::day.ge(first))
                    .filter($common::day.le(last))
                    .order($common::day)
                    .select(Self::COMMON)
                    .load(conn)
            }

            fn common_with_own(
                conn: &mut $crate::db::DbConnection,
                product_id: i64,
                distributor_id: i64,
                day: &str,
            ) -> ::diesel::QueryResult<
                ::std::option::Option<(
                    $crate::trade_store::CommonRow,
                    ::std::option::Option<$crate::trade_store::OwnRow>,
                )>,
            > {
                use ::diesel::prelude::*;
                $common::table
                    .left_join(
                        $own::table.on($own::product_id
                            .eq($common::product_id)
                            .and($own::day.eq($common::day))
                            .and($own::distributor_id.eq(distributor_id))),
                    )
                    .filter($common::product_id.eq(product_id))
                    .filter($common::day.eq(day))
                    .select((Self::COMMON, Self::OWN.nullable()))
                    .first(conn)
                    .optional()
            }

            fn own_range(
                conn: &mut $crate::db::DbConnection,
                product_id: i64,
                distributor_id: i64,
                first: &str,
                last: &str,
            ) -> ::diesel::QueryResult<::std::vec::Vec<$crate::trade_store::OwnRow>> {
                use ::diesel::prelude::*;
                $own::table
                    .filter($own::product_id.eq(product_id))
                    .filter($own::distributor_id.eq(distributor_id))
                    .filter($own::day.ge(first))
                    .filter($own::day.le(last))
                    .order($own::day)
                    .select(Self::OWN)
                    .load(conn)
            }

            fn insert_common(
                conn: &mut $crate::db::DbConnection,
                r: &$crate::trade_store::NewCommon<'_>,
            ) -> ::diesel::QueryResult<usize> {
                use ::diesel::prelude::*;
                ::diesel::insert_into($common::table)
                    .values((
                        $common::product_id.eq(r.product_id),
                        $common::day.eq(r.day),
                        $common::saas_id.eq(r.saas_id),
                        $common::purchase_price.eq(r.prices.purchase),
                        $common::distribution_price.eq(r.prices.distribution),
                        $common::retail_price.eq(r.prices.retail),
                        $common::stock_limited.eq(r.stock_limited),
                        $common::stock.eq(r.stock),
                        $common::sold.eq(0),
                        $common::closed.eq(r.closed),
                        $common::updated_at.eq(r.now),
                    ))
                    .execute(conn)
            }

            fn update_common(
                conn: &mut $crate::db::DbConnection,
                product_id: i64,
                day: &str,
                s: &$crate::trade_store::CommonSet,
            ) -> ::diesel::QueryResult<usize> {
                use ::diesel::prelude::*;
                ::diesel::update(
                    $common::table
                        .filter($common::product_id.eq(product_id))
                        .filter($common::day.eq(day)),
                )
                .set((
                    s.purchase_price.map(|v| $common::purchase_price.eq(v)),
                    s.distribution_price.map(|v| $common::distribution_price.eq(v)),
                    s.retail_price.map(|v| $common::retail_price.eq(v)),
                    s.stock.map(|(limited, _)| $common::stock_limited.eq(limited)),
                    s.stock.map(|(_, n)| $common::stock.eq(n)),
                    s.closed.map(|v| $common::closed.eq(v)),
                    $common::updated_at.eq(s.now),
                ))
                .execute(conn)
            }

            fn insert_own(
                conn: &mut $crate::db::DbConnection,
                r: &$crate::trade_store::NewOwn<'_>,
            ) -> ::diesel::QueryResult<usize> {
                use ::diesel::prelude::*;
                ::diesel::insert_into($own::table)
                    .values((
                        $own::product_id.eq(r.product_id),
                        $own::distributor_id.eq(r.distributor_id),
                        $own::day.eq(r.day),
                        $own::saas_id.eq(r.saas_id),
                        $own::distribution_price.eq(r.distribution_price),
                        $own::stock.eq(r.stock),
                        $own::sold.eq(0),
                        $own::updated_at.eq(r.now),
                    ))
                    .execute(conn)
            }

            fn update_own(
                conn: &mut $crate::db::DbConnection,
                product_id: i64,
                distributor_id: i64,
                day: &str,
                s: &$crate::trade_store::OwnSet,
            ) -> ::diesel::QueryResult<usize> {
                use ::diesel::prelude::*;
                ::diesel::update(
                    $own::table
                        .filter($own::product_id.eq(product_id))
                        .filter($own::distributor_id.eq(distributor_id))
                        .filter($own::day.eq(day)),
                )
                .set((
                    s.distribution_price.map(|v| $own::distribution_price.eq(v)),
                    s.stock.map(|v| $own::stock.eq(v)),
                    $own::updated_at.eq(s.now),
                ))
                .execute(conn)
            }

            fn drop_if_empty(
                conn: &mut $crate::db::DbConnection,
                product_id: i64,
                distributor_id: i64,
                day: &str,
            ) -> ::diesel::QueryResult<usize> {
                use ::diesel::prelude::*;
                ::diesel::delete(
                    $own::table
                        .filter($own::product_id.eq(product_id))
                        .filter($own::distributor_id.eq(distributor_id))
                        .filter($own::day.eq(day))
                        .filter($own::distribution_price.is_null())
                        .filter($own::stock.is_null())
                        .filter($own::sold.eq(0)),
                )
                .execute(conn)
            }

            fn take(
                conn: &mut $crate::db::DbConnection,
                product_id: i64,
                distributor_id: i64,
                day: &str,
                source: $crate::trade::calendar::Source,
                n: i64,
            ) -> ::diesel::QueryResult<bool> {
                use $crate::trade::calendar::Source;
                use ::diesel::prelude::*;
                let open = $common::table
                    .filter($common::product_id.eq(product_id))
                    .filter($common::day.eq(day))
                    .filter($common::closed.eq(false));
                let changed = match source {
                    Source::Common => ::diesel::update(
                        open.filter($common::stock_limited.eq(true))
                            .filter($common::stock.ge(n)),
                    )
                    .set((
                        $common::stock.eq($common::stock - n),
                        $common::sold.eq($common::sold + n),
                    ))
                    .execute(conn)?,
                    Source::Unlimited => {
                        ::diesel::update(open.filter($common::stock_limited.eq(false)))
                            .set($common::sold.eq($common::sold + n))
                            .execute(conn)?
                    }
                    Source::Authorized => {
                        // The common date must still be open; the authorised stock is the
                        // distributor's row.
                        if open.count().get_result::<i64>(conn)? != 1 {
                            return Ok(false);
                        }
                        ::diesel::update(
                            $own::table
                                .filter($own::product_id.eq(product_id))
                                .filter($own::distributor_id.eq(distributor_id))
                                .filter($own::day.eq(day))
                                .filter($own::stock.ge(n)),
                        )
                        .set(($own::stock.eq($own::stock - n), $own::sold.eq($own::sold + n)))
                        .execute(conn)?
                    }
                };
                Ok(changed == 1)
            }

            fn give_back(
                conn: &mut $crate::db::DbConnection,
                product_id: i64,
                distributor_id: i64,
                day: &str,
                source: $crate::trade::calendar::Source,
                n: i64,
            ) -> ::diesel::QueryResult<()> {
                use $crate::trade::calendar::Source;
                use ::diesel::prelude::*;
                let common = $common::table
                    .filter($common::product_id.eq(product_id))
                    .filter($common::day.eq(day));
                match source {
                    Source::Common => ::diesel::update(common)
                        .set((
                            $common::stock.eq($common::stock + n),
                            $common::sold.eq($common::sold - n),
                        ))
                        .execute(conn)?,
                    Source::Unlimited => ::diesel::update(common)
                        .set($common::sold.eq($common::sold - n))
                        .execute(conn)?,
                    Source::Authorized => ::diesel::update(
                        $own::table
                            .filter($own::product_id.eq(product_id))
                            .filter($own::distributor_id.eq(distributor_id))
                            .filter($own::day.eq(day)),
                    )
                    .set(($own::stock.eq($own::stock + n), $own::sold.eq($own::sold - n)))
                    .execute(conn)?,
                };
                Ok(())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn common(limited: bool, stock: i64) -> CommonRow {
        CommonRow {
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

    fn own(price: Option<i64>, stock: Option<i64>) -> OwnRow {
        OwnRow {
            day: "2026-12-01".into(),
            distribution_price: price,
            stock,
            sold: 1,
        }
    }

    #[test]
    fn a_priced_date_shows_its_stock_only_when_limited() {
        let d = PriceDay::priced(&common(false, 7), None);
        assert_eq!(
            (d.stock_type.as_deref(), d.stock),
            (Some("unlimited"), None)
        );
        let d = PriceDay::priced(&common(true, 7), None);
        assert_eq!(
            (d.stock_type.as_deref(), d.stock),
            (Some("limited"), Some(7))
        );
        assert!(d.has_price && d.distributor.is_none());
    }

    #[test]
    fn a_distributor_pays_its_levels_rule_where_it_has_no_price_of_its_own() {
        let rule = crate::trade::formula::parse("distribution * 0.8").unwrap();
        let n = DistributorNight::of(&common(true, 5), None, Some(&rule));
        assert_eq!((n.effective_price, n.by_rule), (8_000, true));
        let n = DistributorNight::of(&common(true, 5), Some(&own(None, Some(2))), Some(&rule));
        assert_eq!((n.effective_price, n.by_rule), (8_000, true));
        let n = DistributorNight::of(&common(true, 5), Some(&own(Some(9_500), None)), Some(&rule));
        assert_eq!((n.effective_price, n.by_rule), (9_500, false));
        let n = DistributorNight::of(&common(true, 5), None, None);
        assert_eq!((n.effective_price, n.by_rule), (10_000, false));
    }

    #[test]
    fn a_distributor_sees_its_own_price_stock_and_what_it_holds() {
        let n = DistributorNight::of(&common(true, 5), Some(&own(Some(9_500), Some(2))), None);
        assert_eq!(
            (n.effective_price, n.effective_stock, n.authorized_sold),
            (9_500, Some(2), 1)
        );
        assert_eq!(n.stock_source, "authorized");
        let n = DistributorNight::of(&common(true, 5), None, None);
        assert_eq!(
            (n.effective_price, n.stock_source.as_str()),
            (10_000, "common")
        );
    }
}
