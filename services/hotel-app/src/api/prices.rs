//! The price and stock calendar of a product (`/saas/price/priceStore/*`) and distributors'
//! own prices and authorised stock (`/saas/price/priceStoreDistributor/*`). Only the
//! product's supplier and the tenant's staff see or change them; distributors see their
//! prices when booking.

use actix_web::{get, post, web};
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::{Json, Query, Reply};
use platform::time::now_ms;
use platform::trade::price_rule::{self, Scope};
use platform::trade_api::{
    DistributorPriceSave, PriceListQuery, PriceSave, PriceSaved, check_distributor, keeps_products,
    list_prices, product_not_found, save_own_prices, save_prices,
};
use platform::trade_store::PriceDay;
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::domain::pricing::date_range;
use crate::store::calendar::Calendar;
use crate::store::prices::{self as store, DistributorDay};
use crate::store::products::{self as products, ProductRow};

/// The product, if the caller is its supplier or the tenant's staff.
fn product_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_id: i64,
) -> Result<ProductRow, ApiError> {
    keeps_products(viewer)?;
    products::find(conn, viewer, product_id)?.ok_or_else(product_not_found)
}

/// One entry per date of the range: the common prices and stock (null where none is set)
/// and, with `distributorId`, that distributor's own price, authorised stock and what it
/// effectively pays and can book.
#[utoipa::path(
    params(PriceListQuery),
    responses((status = 200, body = [PriceDay]), (status = 403), (status = 404), (status = 412)),
    security(("bearer" = [])),
    tag = "price",
    summary = "List a product's price calendar"
)]
#[get("/saas/price/priceStore/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<PriceListQuery>,
) -> Result<Reply<Vec<PriceDay>>, ApiError> {
    let q = q.into_inner();
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let p = product_of(conn, &viewer, q.product_id)?;
        let product = Scope::of_product(p.supplier_id, price_rule::HOTEL, p.id);
        list_prices::<Calendar>(conn, &viewer, product, &q)
    })
    .await?;
    Ok(Reply(rows))
}

/// Changes prices, stock and closing over the chosen dates in one transaction: each price
/// kept, fixed, or moved by add, subtract, multiply or divide; a date without prices yet
/// needs all three fixed. What orders hold (`sold`) is never touched.
#[utoipa::path(
    request_body = PriceSave,
    responses((status = 200, body = PriceSaved), (status = 403), (status = 404), (status = 412)),
    security(("bearer" = [])),
    tag = "price",
    summary = "Set a product's prices and stock"
)]
#[post("/saas/price/priceStore/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<PriceSave>,
) -> Result<Reply<PriceSaved>, ApiError> {
    let f = form.into_inner();
    let saved = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let p = product_of(conn, &viewer, f.product_id)?;
            save_prices::<Calendar>(conn, &viewer, (p.id, p.state), &f, now_ms())
        })
    })
    .await?;
    Ok(Reply(saved))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DistributorPriceListQuery {
    pub product_id: i64,
    /// YYYY-MM-DD.
    pub start_date: Option<String>,
    /// YYYY-MM-DD; at most 366 dates from startDate.
    pub end_date: Option<String>,
    /// One distributor: every priced date, with its own values where set. Absent: every
    /// distributor's own dates.
    pub distributor_id: Option<i64>,
}

/// Distributors' own prices and authorised stock of a product, with the common values and
/// what each distributor effectively pays and can book.
#[utoipa::path(
    params(DistributorPriceListQuery),
    responses((status = 200, body = [DistributorDay]), (status = 403), (status = 404), (status = 412)),
    security(("bearer" = [])),
    tag = "price",
    summary = "List distributor prices"
)]
#[get("/saas/price/priceStoreDistributor/list")]
pub async fn distributor_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<DistributorPriceListQuery>,
) -> Result<Reply<Vec<DistributorDay>>, ApiError> {
    let q = q.into_inner();
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let p = product_of(conn, &viewer, q.product_id)?;
        let (first, last) = date_range(q.start_date.as_deref(), q.end_date.as_deref())?;
        let distributor = q.distributor_id.filter(|d| *d > 0);
        if let Some(d) = distributor {
            check_distributor(conn, &viewer, d)?;
        }
        Ok(store::distributor_days(
            conn,
            &viewer,
            Scope::of_product(p.supplier_id, price_rule::HOTEL, p.id),
            distributor,
            first,
            last,
        )?)
    })
    .await?;
    Ok(Reply(rows))
}

/// Sets a distributor's own price (or clears it back to the common one) and authorised stock
/// (empty: it books from the common stock) over the chosen dates, which must be priced.
#[utoipa::path(
    request_body = DistributorPriceSave,
    responses((status = 200, body = PriceSaved), (status = 403), (status = 404), (status = 412)),
    security(("bearer" = [])),
    tag = "price",
    summary = "Set distributor prices and stock"
)]
#[post("/saas/price/priceStoreDistributor/save")]
pub async fn distributor_save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<DistributorPriceSave>,
) -> Result<Reply<PriceSaved>, ApiError> {
    let f = form.into_inner();
    let saved = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let p = product_of(conn, &viewer, f.product_id)?;
            save_own_prices::<Calendar>(conn, &viewer, (p.id, p.state), &f, now_ms())
        })
    })
    .await?;
    Ok(Reply(saved))
}

platform::endpoints!(list, save, distributor_list, distributor_save);
