//! Hotel products (`/saas/product/hotelProducts/*`, `/saas/product/supplierProduct/list`): a
//! supplier's own products, or the whole tenant's for its staff; distributors book through
//! `/saas/booking` and are refused here.
//!
//! Every create, change and state change publishes `product.hotel.updated` in its
//! transaction.

use actix_web::{get, post, put, web};
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, PageRequest, Query, Reply};
use platform::trade_api::{
    StateChange, changeable, keeps_products, list_states, product_not_found as not_found,
    state_changed_meanwhile, supplier_of,
};
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::domain::product::{self, ProductFields};
use crate::store::products::{self as store, HotelGroup, HotelProduct, NewProduct, ProductFilter};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the name.
    pub product_name: Option<String>,
    pub hotel_id: Option<i64>,
    /// Operators only: a supplier's products (a supplier sees its own whatever this says).
    pub supplier_id: Option<i64>,
    /// 0 unpublished, 1 on sale, 2 off the shelf, 3 disabled, -1 deleted; absent or -99: all
    /// but deleted.
    pub state: Option<i32>,
    /// 0, 1, 2; absent or -99: all.
    pub confirm_type: Option<i32>,
}

impl ProductListQuery {
    fn split(self) -> Result<(ProductFilter, PageRequest), ApiError> {
        let page = PageQuery {
            page: self.page,
            result_num: self.result_num,
        }
        .validate()?;
        let (state, confirm_type) = list_states(self.state, self.confirm_type, &[0, 1, 2])?;
        let filter = ProductFilter {
            product_name: self.product_name,
            hotel_id: self.hotel_id.filter(|h| *h > 0),
            supplier_id: self.supplier_id.filter(|s| *s > 0),
            state,
            confirm_type,
        };
        Ok((filter, page))
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductIdQuery {
    pub product_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductUpdate {
    pub product_id: i64,
    #[serde(flatten)]
    pub fields: ProductFields,
}

async fn list_of(
    pool: &DbPool,
    viewer: Viewer,
    q: ProductListQuery,
) -> Result<Reply<Page<HotelProduct>>, ApiError> {
    let (filter, page) = q.split()?;
    keeps_products(&viewer)?;
    let page = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// The tenant's products (a supplier: its own), newest first; deleted ones only when
/// `state=-1` is asked for.
#[utoipa::path(
    params(ProductListQuery),
    responses((status = 200, body = Page<HotelProduct>), (status = 403), (status = 412)),
    security(("bearer" = [])),
    tag = "product",
    summary = "List hotel products"
)]
#[get("/saas/product/hotelProducts/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ProductListQuery>,
) -> Result<Reply<Page<HotelProduct>>, ApiError> {
    list_of(&pool, viewer, q.into_inner()).await
}

/// The same products grouped by hotel: a page of hotels (newest first), each with its
/// matching products; `sizeAll` counts hotels.
#[utoipa::path(
    params(ProductListQuery),
    responses((status = 200, body = Page<HotelGroup>), (status = 403), (status = 412)),
    security(("bearer" = [])),
    tag = "product",
    summary = "List hotel products by hotel"
)]
#[get("/saas/product/hotelProducts/listHotel")]
pub async fn list_hotel(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ProductListQuery>,
) -> Result<Reply<Page<HotelGroup>>, ApiError> {
    let (filter, page) = q.into_inner().split()?;
    keeps_products(&viewer)?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (groups, total) = store::list_by_hotel(conn, &viewer, &filter, page)?;
        Ok(Page::new(groups, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// A supplier's own products (operators: any supplier's, by `supplierId`).
#[utoipa::path(
    params(ProductListQuery),
    responses((status = 200, body = Page<HotelProduct>), (status = 403), (status = 412)),
    security(("bearer" = [])),
    tag = "product",
    summary = "List supplier products"
)]
#[get("/saas/product/supplierProduct/list")]
pub async fn supplier_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ProductListQuery>,
) -> Result<Reply<Page<HotelProduct>>, ApiError> {
    list_of(&pool, viewer, q.into_inner()).await
}

/// One product the caller sees; another supplier's or tenant's is not found.
#[utoipa::path(
    params(ProductIdQuery),
    responses((status = 200, body = HotelProduct), (status = 403), (status = 404)),
    security(("bearer" = [])),
    tag = "product",
    summary = "Load a hotel product"
)]
#[get("/saas/product/hotelProducts/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ProductIdQuery>,
) -> Result<Reply<HotelProduct>, ApiError> {
    let id = q.product_id;
    keeps_products(&viewer)?;
    let p = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        store::load(conn, &viewer, id)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(p))
}

/// The product's zone: the hotel must be the tenant's and the room the hotel's; no zone
/// given takes the hotel's.
fn place(conn: &mut DbConnection, viewer: &Viewer, f: &ProductFields) -> Result<i64, ApiError> {
    let Some(hotel) = crate::store::hotels::find(conn, viewer, f.hotel_id)? else {
        return Err(ApiError::invalid_field(
            "hotelId",
            "酒店不存在，请从酒店列表中选择",
            "no such hotel: pick one from the hotel list",
        ));
    };
    let room = crate::store::rooms::find(conn, viewer, f.room_id)?;
    if room.is_none_or(|r| r.hotel_id != f.hotel_id) {
        return Err(ApiError::invalid_field(
            "roomId",
            "该酒店没有此房型",
            "the hotel has no such room",
        ));
    }
    Ok(if f.zone_id > 0 {
        f.zone_id
    } else {
        hotel.zone_id
    })
}

/// Creates an unpublished product: a supplier's own, or, by an operator, for the supplier it
/// names.
#[utoipa::path(
    request_body = ProductFields,
    responses((status = 200, body = HotelProduct), (status = 403), (status = 412)),
    security(("bearer" = [])),
    tag = "product",
    summary = "Create a hotel product"
)]
#[post("/saas/product/hotelProducts/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<ProductFields>,
) -> Result<Reply<HotelProduct>, ApiError> {
    let mut form = form.into_inner();
    keeps_products(&viewer)?;
    let p = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            form.check()?;
            let supplier_id = supplier_of(conn, &viewer, form.supplier_id)?;
            let zone_id = place(conn, &viewer, &form)?;
            let id = platform::id::next_id();
            let n = NewProduct {
                id,
                supplier_id,
                zone_id,
                now: platform::time::now_ms(),
            };
            store::insert(conn, &viewer, n, &form)?;
            store::load(conn, &viewer, id)?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(p))
}

/// Changes a product's fields; its supplier and state stay (states change through
/// `changeState`). A deleted product must be restored first.
#[utoipa::path(
    request_body = ProductUpdate,
    responses((status = 200, body = HotelProduct), (status = 403), (status = 404), (status = 412)),
    security(("bearer" = [])),
    tag = "product",
    summary = "Update a hotel product"
)]
#[put("/saas/product/hotelProducts/updateHotelProduct")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<ProductUpdate>,
) -> Result<Reply<HotelProduct>, ApiError> {
    let ProductUpdate {
        product_id,
        mut fields,
    } = form.into_inner();
    keeps_products(&viewer)?;
    let p = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let row = store::find(conn, &viewer, product_id)?.ok_or_else(not_found)?;
            changeable(row.state)?;
            fields.check()?;
            let zone_id = place(conn, &viewer, &fields)?;
            store::update(conn, product_id, zone_id, &fields, platform::time::now_ms())?;
            store::load(conn, &viewer, product_id)?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(p))
}

/// Publishes, unpublishes, shelves, unshelves, disables, enables, deletes or restores a
/// product, as docs/hotel-products.md's table allows; any other move is a 412 naming the
/// state and the action.
#[utoipa::path(
    request_body = StateChange,
    responses((status = 200, body = HotelProduct), (status = 403), (status = 404), (status = 412)),
    security(("bearer" = [])),
    tag = "product",
    summary = "Change a hotel product's state"
)]
#[put("/saas/product/hotelProducts/changeState")]
pub async fn change_state(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<StateChange>,
) -> Result<Reply<HotelProduct>, ApiError> {
    let change = form.into_inner();
    let product_id = change.product_id;
    keeps_products(&viewer)?;
    let p = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let action = change.action()?;
            let row = store::find(conn, &viewer, product_id)?.ok_or_else(not_found)?;
            let to = product::next_state(row.state, action)?;
            if store::set_state(conn, product_id, row.state, to, platform::time::now_ms())?
                .is_none()
            {
                return Err(state_changed_meanwhile());
            }
            store::load(conn, &viewer, product_id)?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(p))
}

platform::endpoints!(
    list,
    list_hotel,
    supplier_list,
    load,
    save,
    update,
    change_state
);
