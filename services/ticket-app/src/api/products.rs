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
use platform::i18n::Text;
use platform::trade::fields::required_id;
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::domain::product::{
    self, Action, CONFIRM_TYPES, PRODUCT_TYPES, TicketProductFields, state,
};
use crate::store::products::{self as store, ProductFilter, ScenicGroup, TicketProduct};
use crate::store::{scenic_suppliers, scenics};

pub(crate) fn not_found() -> ApiError {
    ApiError::not_found("产品", "product")
}

/// Products are the tenant's staff's and each supplier's own (the store confines a supplier's
/// user to its own); distributors have no business here (403).
fn keeps_products(viewer: &Viewer) -> Result<(), ApiError> {
    if viewer.distributor().is_some() {
        return Err(platform::auth::forbidden());
    }
    Ok(())
}

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
        let state = unless_all(self.state);
        if let Some(s) = state {
            platform::validate::one_of("state", s, &state::ALL)?;
        }
        let product_type = unless_all(self.product_type);
        if let Some(t) = product_type {
            platform::validate::one_of("productType", t, PRODUCT_TYPES)?;
        }
        let confirm_type = unless_all(self.confirm_type);
        if let Some(c) = confirm_type {
            platform::validate::one_of("confirmType", c, CONFIRM_TYPES)?;
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

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateChange {
    pub product_id: i64,
    /// publish, unpublish, shelve, unshelve, disable, enable, delete or restore.
    pub action: String,
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

/// The supplier of a new product: a supplier's own; the staff name one of the tenant's.
fn supplier_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    named: Option<i64>,
) -> Result<i64, ApiError> {
    if let Some(own) = viewer.supplier() {
        return Ok(own);
    }
    let Some(id) = named.filter(|id| *id > 0) else {
        return Err(ApiError::invalid_field(
            "supplierId",
            "请选择供应商",
            "Please select the supplier",
        ));
    };
    let supplier = platform::replica::merchant(conn, viewer.saas_id, id)?;
    if supplier.is_none_or(|m| m.mch_type != platform::tenancy::MCH_SUPPLIER || m.state == -1) {
        return Err(ApiError::invalid_field(
            "supplierId",
            "供应商须从已有列表中选择",
            "the supplier must be picked from the existing list",
        ));
    }
    Ok(id)
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
            if row.state == state::DELETED {
                return Err(ApiError::Rule {
                    code: "product-state",
                    msg: Text::fixed(
                        "产品已删除，请先恢复再修改",
                        "The product is deleted: restore it before changing it",
                    ),
                });
            }
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
    let StateChange { product_id, action } = form.into_inner();
    keeps_products(&viewer)?;
    let Some(action) = Action::parse(&action) else {
        let names = Action::ALL.map(Action::as_str).join(", ");
        return Err(ApiError::invalid(
            "action",
            Text::new(
                format!("操作只能是 {names}"),
                format!("must be one of {names}"),
            ),
        ));
    };
    let p = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let row = store::find(conn, &viewer, product_id)?.ok_or_else(not_found)?;
            let to = product::next_state(row.state, action)?;
            if store::set_state(conn, product_id, row.state, to, platform::time::now_ms())?
                .is_none()
            {
                return Err(ApiError::Rule {
                    code: "product-changed",
                    msg: Text::fixed(
                        "产品状态已被他人修改，请刷新后重试",
                        "The product's state changed meanwhile; reload and retry",
                    ),
                });
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
