//! The price and stock calendar of a ticket product (`/saas/price/ticketPriceStore/*`) and a
//! distributor's own price and authorised stock (`/saas/price/ticketPriceStoreDistributor/*`).
//! Only the product's supplier and the tenant's staff see or change them; distributors see
//! their prices when booking. The setting dialog's requests and rules are hotel's, from
//! `platform::trade_api` and `platform::trade` (a date must be chosen, a non-fixed price option
//! needs a number, no division by zero, a date without prices needs all three fixed), and the
//! calendar is stored as hotel's is (`platform::trade_store`).

use actix_web::{get, post, web};
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::{Json, Query, Reply};
use platform::time::now_ms;
use platform::trade::price_rule::{self, Scope};
use platform::trade_api::{
    DistributorPriceSave, PriceListQuery, PriceSave, PriceSaved, keeps_products, list_prices,
    product_not_found, save_own_prices, save_prices,
};
use platform::trade_store::PriceDay;
use platform::{ApiError, Viewer};

use crate::store::calendar::Calendar;
use crate::store::channels;
use crate::store::products::{self, ProductRow};

/// The product, if the caller is its supplier or the tenant's staff.
fn product_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_id: i64,
) -> Result<ProductRow, ApiError> {
    keeps_products(viewer)?;
    products::find(conn, viewer, product_id)?.ok_or_else(product_not_found)
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
        let product = Scope::of_product(p.supplier_id, price_rule::TICKET, p.id);
        list_prices::<Calendar>(conn, &viewer, product, &q)
    })
    .await?;
    Ok(Reply(rows))
}

/// Changes prices, stock and closing over the chosen dates in one transaction: each price
/// kept, fixed, or moved by add, subtract, multiply or divide; a date without prices yet needs
/// all three fixed. What orders hold (`sold`) is never touched. The dates are queued for the
/// channels that sell the product.
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
            let now = now_ms();
            let saved = save_prices::<Calendar>(conn, &viewer, (p.id, p.state), &f, now)?;
            channels::enqueue(conn, viewer.saas_id, p.id, &saved.dates, now)?;
            Ok(saved)
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
            let now = now_ms();
            let saved = save_own_prices::<Calendar>(conn, &viewer, (p.id, p.state), &f, now)?;
            channels::enqueue(conn, viewer.saas_id, p.id, &saved.dates, now)?;
            Ok(saved)
        })
    })
    .await?;
    Ok(Reply(saved))
}

platform::endpoints!(list, save, distributor_save);
