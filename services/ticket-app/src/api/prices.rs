//! The price and stock calendar of a ticket product (`/saas/price/ticketPriceStore/*`) and a
//! distributor's own price and authorised stock (`/saas/price/ticketPriceStoreDistributor/*`).
//! Only the product's supplier and the tenant's staff see or change them; distributors see
//! their prices when booking. The setting dialog's rules are hotel's, from `platform::trade`
//! (a date must be chosen, a non-fixed price option needs a number, no division by zero, a
//! date without prices needs all three fixed).

use actix_web::{get, post, web};
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::{Json, Query, Reply};
use platform::i18n::Text;
use platform::tenancy::MCH_DISTRIBUTOR;
use platform::time::{day_of_ms, format_day, now_ms};
use platform::trade::pricing::{
    AuthorizedStock, Change, DateSelection, PriceChanges, PriceInput, StockChange, date_range,
    present,
};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::domain::product::state;
use crate::store::calendar::{self as store, CommonChange, OwnChange, PriceDay};
use crate::store::products::{self, ProductRow};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PriceListQuery {
    pub product_id: i64,
    /// YYYY-MM-DD.
    pub start_date: Option<String>,
    /// YYYY-MM-DD; at most 366 dates from startDate.
    pub end_date: Option<String>,
    /// A distributor of the tenant: adds its own price, authorised stock and how it books
    /// each date.
    pub distributor_id: Option<i64>,
}

/// A change of the common calendar.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceSave {
    pub product_id: i64,
    #[serde(flatten)]
    pub dates: DateSelection,
    /// Absent: kept.
    #[serde(default)]
    pub purchase_price: Option<PriceInput>,
    #[serde(default)]
    pub distribution_price: Option<PriceInput>,
    #[serde(default)]
    pub retail_price: Option<PriceInput>,
    /// keep (the default), limited (with `stock`) or unlimited (orders then need the
    /// supplier's confirmation).
    #[serde(default)]
    pub stock_type: Option<String>,
    /// Tickets left to sell, 0-9999, for limited stock.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub stock: Option<Value>,
    /// Absent: kept.
    #[serde(default)]
    pub closed: Option<bool>,
}

/// A change of one distributor's own price and authorised stock.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributorPriceSave {
    pub product_id: i64,
    /// A distributor merchant of the tenant.
    pub distributor_id: i64,
    #[serde(flatten)]
    pub dates: DateSelection,
    /// Its own price; mode `clear` goes back to the common distribution price. Absent: kept.
    #[serde(default)]
    pub distribution_price: Option<PriceInput>,
    /// Tickets set aside for it, 0-9999; null or empty: it books from the common stock.
    /// Absent: kept.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    pub authorized_stock: Option<Value>,
}

/// What a save changed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceSaved {
    /// The dates changed, YYYY-MM-DD.
    pub dates: Vec<String>,
    /// How many of them had no price before.
    pub created: usize,
}

/// The product, if the caller is its supplier or the tenant's staff.
fn product_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_id: i64,
) -> Result<ProductRow, ApiError> {
    if viewer.distributor().is_some() {
        return Err(platform::auth::forbidden());
    }
    products::find(conn, viewer, product_id)?.ok_or_else(super::products::not_found)
}

fn not_deleted(p: &ProductRow) -> Result<(), ApiError> {
    if p.state == state::DELETED {
        return Err(ApiError::Rule {
            code: "product-state",
            msg: Text::fixed(
                "产品已删除，不能修改价格",
                "The product is deleted: its prices cannot be changed",
            ),
        });
    }
    Ok(())
}

fn check_distributor(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> Result<(), ApiError> {
    match platform::replica::merchant(conn, viewer.saas_id, id)? {
        Some(m) if m.mch_type == MCH_DISTRIBUTOR && m.state != -1 => Ok(()),
        _ => Err(ApiError::invalid_field(
            "distributorId",
            "分销商须从已有列表中选择",
            "distributor must be picked from the existing list",
        )),
    }
}

/// One entry per date of the range: the common prices and stock (null where none is set) and,
/// with `distributorId`, that distributor's own price, authorised stock and what it
/// effectively pays and can book.
#[utoipa::path(params(PriceListQuery), responses((status = 200, body = [PriceDay]), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "price", summary = "List a ticket product's price calendar")]
#[get("/saas/price/ticketPriceStore/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<PriceListQuery>,
) -> Result<Reply<Vec<PriceDay>>, ApiError> {
    let q = q.into_inner();
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let p = product_of(conn, &viewer, q.product_id)?;
        let (first, last) = date_range(q.start_date.as_deref(), q.end_date.as_deref())?;
        let distributor = q.distributor_id.filter(|d| *d > 0);
        if let Some(d) = distributor {
            check_distributor(conn, &viewer, d)?;
        }
        Ok(store::calendar_days(conn, p.id, first, last, distributor)?)
    })
    .await?;
    Ok(Reply(rows))
}

/// Changes prices, stock and closing over the chosen dates in one transaction: each price
/// kept, fixed, or moved by add, subtract, multiply or divide; a date without prices yet needs
/// all three fixed. What orders hold (`sold`) is never touched.
#[utoipa::path(request_body = PriceSave, responses((status = 200, body = PriceSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "price", summary = "Set a ticket product's prices and stock")]
#[post("/saas/price/ticketPriceStore/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<PriceSave>,
) -> Result<Reply<PriceSaved>, ApiError> {
    let f = form.into_inner();
    let saved = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let p = product_of(conn, &viewer, f.product_id)?;
            not_deleted(&p)?;
            let days = f.dates.days(day_of_ms(now_ms()))?;
            let change = CommonChange {
                prices: PriceChanges::parse(
                    f.purchase_price.as_ref(),
                    f.distribution_price.as_ref(),
                    f.retail_price.as_ref(),
                )?,
                stock: StockChange::parse(f.stock_type.as_deref(), f.stock.as_ref())?,
                closed: f.closed,
            };
            let created = store::save_common(conn, &viewer, p.id, &days, &change, now_ms())?;
            Ok(PriceSaved {
                dates: days.into_iter().map(format_day).collect(),
                created,
            })
        })
    })
    .await?;
    Ok(Reply(saved))
}

/// Sets a distributor's own price (or clears it back to the common one) and authorised stock
/// (empty: it books from the common stock) over the chosen dates, which must be priced.
#[utoipa::path(request_body = DistributorPriceSave, responses((status = 200, body = PriceSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "price", summary = "Set a distributor's ticket prices and stock")]
#[post("/saas/price/ticketPriceStoreDistributor/save")]
pub async fn distributor_save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<DistributorPriceSave>,
) -> Result<Reply<PriceSaved>, ApiError> {
    let f = form.into_inner();
    let saved = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let p = product_of(conn, &viewer, f.product_id)?;
            not_deleted(&p)?;
            check_distributor(conn, &viewer, f.distributor_id)?;
            let days = f.dates.days(day_of_ms(now_ms()))?;
            let change = OwnChange {
                distributor_id: f.distributor_id,
                price: Change::parse("distributionPrice", f.distribution_price.as_ref(), true)?,
                stock: AuthorizedStock::parse(f.authorized_stock.as_ref())?,
            };
            store::save_own(conn, &viewer, p.id, &days, &change, now_ms())?;
            Ok(PriceSaved {
                dates: days.into_iter().map(format_day).collect(),
                created: 0,
            })
        })
    })
    .await?;
    Ok(Reply(saved))
}

platform::endpoints!(list, save, distributor_save);
