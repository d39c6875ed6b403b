//! Ticket products (`/saas/product/scenicProducts/*`, `/saas/product/supplierProduct/listTicket`):
//! a supplier's own products, or the whole tenant's for its staff; distributors book through
//! `/saas/booking/ticketBookings` and are refused here.
//!
//! A product is made on a normal scenic spot whose supplier cooperates with it
//! (`stateScenicSupplier` 1). Every create, change and state change publishes
//! `product.ticket.updated` in its transaction.

use actix_web::{get, post, put, web};
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, PageRequest, Query, Reply, unless_all};
use platform::trade::fields::required_id;
use platform::trade_api::{
    StateChange, changeable, keeps_products, list_states, state_changed_meanwhile, supplier_of,
};
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::domain::product::{self, CONFIRM_TYPES, PRODUCT_TYPES, TicketProductFields};
use crate::store::products::{self as store, ProductFilter, ScenicGroup, TicketProduct};
use crate::store::{scenic_suppliers, scenics};

/// The 404 of a product the caller does not keep (orders name products too).
pub(crate) use platform::trade_api::product_not_found as not_found;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the name.
    pub product_name: Option<String>,
    pub scenic_id: Option<i64>,
    /// The tenant's staff only: a supplier's products (a supplier sees its own whatever this
    /// says).
    pub supplier_id: Option<i64>,
    /// 0 unpublished, 1 on sale, 2 off the shelf, 3 disabled, -1 deleted; absent or -99: all
    /// but deleted.
    pub state: Option<i32>,
    /// `typeTicketProduct` (-99 or absent: all).
    pub product_type: Option<i32>,
    /// `typeConfirm` (-99 or absent: all).
    pub confirm_type: Option<i32>,
}

impl ProductListQuery {
    fn split(self) -> Result<(ProductFilter, PageRequest), ApiError> {
        let page = PageQuery {
            page: self.page,
            result_num: self.result_num,
        }
        .validate()?;
        let (state, confirm_type) = list_states(self.state, self.confirm_type, CONFIRM_TYPES)?;
        let product_type = unless_all(self.product_type);
        if let Some(t) = product_type {
            platform::validate::one_of("productType", t, PRODUCT_TYPES)?;
        }
        Ok((
            ProductFilter {
                product_name: self.product_name,
                scenic_id: self.scenic_id.filter(|s| *s > 0),
                supplier_id: self.supplier_id.filter(|s| *s > 0),
                state,
                product_type,
                confirm_type,
            },
            page,
        ))
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductIdQuery {
    pub product_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductUpdate {
    pub product_id: i64,
    #[serde(flatten)]
    pub fields: TicketProductFields,
}

async fn list_of(
    pool: &DbPool,
    viewer: Viewer,
    q: ProductListQuery,
) -> Result<Reply<Page<TicketProduct>>, ApiError> {
    let (filter, page) = q.split()?;
    keeps_products(&viewer)?;
    let page = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// The tenant's ticket products (a supplier: its own), newest first; deleted ones only when
/// `state=-1` is asked for.
#[utoipa::path(params(ProductListQuery), responses((status = 200, body = Page<TicketProduct>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "product", summary = "List ticket products")]
#[get("/saas/product/scenicProducts/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ProductListQuery>,
) -> Result<Reply<Page<TicketProduct>>, ApiError> {
    list_of(&pool, viewer, q.into_inner()).await
}

/// The same products grouped by scenic spot: a page of spots, each with its matching
/// products; `sizeAll` counts spots.
#[utoipa::path(params(ProductListQuery), responses((status = 200, body = Page<ScenicGroup>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "product", summary = "List ticket products by scenic spot")]
#[get("/saas/product/scenicProducts/listScenic")]
pub async fn list_scenic(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ProductListQuery>,
) -> Result<Reply<Page<ScenicGroup>>, ApiError> {
    let (filter, page) = q.into_inner().split()?;
    keeps_products(&viewer)?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (groups, total) = store::list_by_scenic(conn, &viewer, &filter, page)?;
        Ok(Page::new(groups, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// A supplier's own ticket products (the tenant's staff: any supplier's, by `supplierId`).
/// hotel-app serves `/saas/product/supplierProduct/list` for hotel products; a permission code
/// names one endpoint, so the ticket one is `listTicket`.
#[utoipa::path(params(ProductListQuery), responses((status = 200, body = Page<TicketProduct>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "product", summary = "List a supplier's ticket products")]
#[get("/saas/product/supplierProduct/listTicket")]
pub async fn supplier_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ProductListQuery>,
) -> Result<Reply<Page<TicketProduct>>, ApiError> {
    list_of(&pool, viewer, q.into_inner()).await
}

/// One product the caller keeps; another supplier's or tenant's is not found.
#[utoipa::path(params(ProductIdQuery), responses((status = 200, body = TicketProduct), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "product", summary = "Load a ticket product")]
#[get("/saas/product/scenicProducts/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ProductIdQuery>,
) -> Result<Reply<TicketProduct>, ApiError> {
    let id = required_id("productId", q.product_id)?;
    keeps_products(&viewer)?;
    let p = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        store::load(conn, &viewer, id)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(p))
}

/// The spot must be one the caller sees in the normal state, and the supplier must cooperate
/// with it.
fn check_place(
    conn: &mut DbConnection,
    viewer: &Viewer,
    supplier_id: i64,
    scenic_id: i64,
) -> Result<(), ApiError> {
    let spot = scenics::find(conn, viewer, scenic_id)?;
    if spot.is_none_or(|s| s.state != crate::domain::scenic::STATE_NORMAL) {
        return Err(ApiError::invalid_field(
            "scenicId",
            "景区不存在或未启用，请从景区列表中选择",
            "no such scenic spot in the normal state: pick one from the list",
        ));
    }
    if !scenic_suppliers::cooperating(conn, viewer.saas_id, scenic_id, supplier_id)? {
        return Err(ApiError::invalid_field(
            "scenicId",
            "供应商尚未与该景区合作，请先申请并等待审核",
            "the supplier does not cooperate with this scenic spot: apply and wait for approval",
        ));
    }
    Ok(())
}

/// Creates an unpublished ticket product: a supplier's own, or, by the tenant's staff, for the
/// supplier it names.
#[utoipa::path(request_body = TicketProductFields, responses((status = 200, body = TicketProduct), (status = 403), (status = 412)), security(("bearer" = [])), tag = "product", summary = "Create a ticket product")]
#[post("/saas/product/scenicProducts/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<TicketProductFields>,
) -> Result<Reply<TicketProduct>, ApiError> {
    let mut form = form.into_inner();
    keeps_products(&viewer)?;
    form.check()?;
    let p = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let supplier_id = supplier_of(conn, &viewer, form.supplier_id)?;
            check_place(conn, &viewer, supplier_id, form.scenic_id)?;
            let id = platform::id::next_id();
            store::insert(
                conn,
                &viewer,
                id,
                supplier_id,
                &form,
                platform::time::now_ms(),
            )?;
            store::load(conn, &viewer, id)?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(p))
}

/// Changes a product's fields; its supplier and state stay (states change through
/// `changeState`). A deleted product must be restored first.
#[utoipa::path(request_body = ProductUpdate, responses((status = 200, body = TicketProduct), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "product", summary = "Update a ticket product")]
#[put("/saas/product/scenicProducts/updateScenicProduct")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<ProductUpdate>,
) -> Result<Reply<TicketProduct>, ApiError> {
    let ProductUpdate {
        product_id,
        mut fields,
    } = form.into_inner();
    keeps_products(&viewer)?;
    fields.check()?;
    let p = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let row = store::find(conn, &viewer, product_id)?.ok_or_else(not_found)?;
            changeable(row.state)?;
            check_place(conn, &viewer, row.supplier_id, fields.scenic_id)?;
            store::update(conn, &row, &fields, platform::time::now_ms())?;
            store::load(conn, &viewer, product_id)?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(p))
}

/// Publishes, unpublishes, shelves, unshelves, disables, enables, deletes or restores a
/// product, as the product state table allows (the same as hotel products'); any other move
/// is a 412 naming the state and the action.
#[utoipa::path(request_body = StateChange, responses((status = 200, body = TicketProduct), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "product", summary = "Change a ticket product's state")]
#[put("/saas/product/scenicProducts/changeState")]
pub async fn change_state(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<StateChange>,
) -> Result<Reply<TicketProduct>, ApiError> {
    let change = form.into_inner();
    let product_id = change.product_id;
    keeps_products(&viewer)?;
    let action = change.action()?;
    let p = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
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
    list_scenic,
    supplier_list,
    load,
    save,
    update,
    change_state
);
