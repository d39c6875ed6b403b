//! Mall products: `/saas/mall/products/*` (`product/ProductManagementList`). The tenant's staff
//! keep them; suppliers read the ones they supply, distributors the published ones.

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::tenancy::MCH_SUPPLIER;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::product::{self, ProductFields, SALE_GENERAL};
use crate::store::linked::{self, LinkedProduct};
use crate::store::products::{self, MallProduct, ProductFilter};

fn not_found() -> ApiError {
    ApiError::not_found("商城商品", "mall product")
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// 0 draft, 1 published, 2 withdrawn (-99 or absent: all).
    pub state: Option<i32>,
    /// Part of the product name.
    pub product_name: Option<String>,
    /// Part of the keywords.
    pub keywords: Option<String>,
    /// The supplier (absent: all; 0 the tenant itself).
    pub supplier_id: Option<i64>,
    /// 10 hotel, 20 ticket, 60 general (-99 or absent: all).
    pub sale_type: Option<i32>,
    /// On sale at this time (ms).
    pub sale_time: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductIdQuery {
    pub id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductUpdate {
    pub id: i64,
    #[serde(flatten)]
    pub fields: ProductFields,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductRank {
    pub id: i64,
    /// 0 to 999999, lower first.
    pub rank_num: i32,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductRef {
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductSaved {
    pub id: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LinkedQuery {
    /// 10 hotel or 20 ticket.
    pub sale_type: Option<i32>,
    /// Part of the name.
    pub product_name: Option<String>,
}

fn required(id: Option<i64>) -> Result<i64, ApiError> {
    id.ok_or_else(|| ApiError::invalid_field("id", "请选择商品", "is required"))
}

/// Checks what the product sells against the tenant's data: a hotel or ticket product the
/// tenant has (its supplier becomes the mall product's), or for a general product a supplier of
/// the tenant (or 0, the tenant itself).
fn resolve(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mut f: ProductFields,
) -> Result<ProductFields, ApiError> {
    if f.sale_type == SALE_GENERAL {
        if f.supplier_id != 0
            && platform::replica::merchant_type(conn, viewer.saas_id, f.supplier_id)?
                != Some(MCH_SUPPLIER)
        {
            return Err(ApiError::invalid_field(
                "supplierId",
                "不是本 SaaS 的供应商",
                "is not a supplier of the tenant",
            ));
        }
        return Ok(f);
    }
    let linked = linked::find(conn, viewer, f.sale_type, f.product_id)?.ok_or_else(|| {
        ApiError::invalid_field(
            "productId",
            "不是本 SaaS 的酒店或门票产品",
            "is not a hotel or ticket product of the tenant",
        )
    })?;
    f.supplier_id = linked.supplier_id;
    Ok(f)
}

/// The mall products the caller sees, by rank.
#[utoipa::path(params(ProductListQuery), responses((status = 200, body = Page<MallProduct>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "List mall products")]
#[get("/saas/mall/products/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ProductListQuery>,
) -> Result<Reply<Page<MallProduct>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = ProductFilter {
        state: unless_all(q.state),
        name: q.product_name,
        keywords: q.keywords,
        supplier_id: q
            .supplier_id
            .filter(|s| *s != i64::from(platform::http::filter::ALL)),
        sale_type: unless_all(q.sale_type),
        sale_time: q.sale_time,
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = products::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// One mall product the caller sees.
#[utoipa::path(params(ProductIdQuery), responses((status = 200, body = MallProduct), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Load a mall product")]
#[get("/saas/mall/products/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ProductIdQuery>,
) -> Result<Reply<MallProduct>, ApiError> {
    let id = required(q.id)?;
    let p = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        products::find(conn, &viewer, id)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(p))
}

/// Adds a mall product, as a draft (the tenant's staff only).
#[utoipa::path(request_body = ProductFields, responses((status = 200, body = ProductSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Add a mall product")]
#[post("/saas/mall/products/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<ProductFields>,
) -> Result<Reply<ProductSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let fields = body.into_inner().validated()?;
    let now = platform::time::now_ms();
    let id = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            let fields = resolve(conn, &viewer, fields)?;
            Ok(products::insert(conn, &viewer, me.user_id, &fields, now)?)
        })
    })
    .await?;
    Ok(Reply(ProductSaved { id }))
}

/// Rewrites a mall product (the tenant's staff only); its state and sales stay.
#[utoipa::path(request_body = ProductUpdate, responses((status = 200, body = ProductSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Change a mall product")]
#[put("/saas/mall/products/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<ProductUpdate>,
) -> Result<Reply<ProductSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let ProductUpdate { id, fields } = body.into_inner();
    let fields = fields.validated()?;
    let now = platform::time::now_ms();
    with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if products::find(conn, &viewer, id)?.is_none() {
                return Err(not_found());
            }
            let fields = resolve(conn, &viewer, fields)?;
            products::update(conn, &viewer, id, &fields, now)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(ProductSaved { id }))
}

/// Sets a product's rank in the lists (the tenant's staff only).
#[utoipa::path(request_body = ProductRank, responses((status = 200, body = ProductSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Change a mall product's rank")]
#[put("/saas/mall/products/rank")]
pub async fn rank(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<ProductRank>,
) -> Result<Reply<ProductSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let ProductRank { id, rank_num } = body.into_inner();
    product::rank(rank_num)?;
    let now = platform::time::now_ms();
    with_conn(&pool, move |conn| -> Result<_, ApiError> {
        if !products::set_rank(conn, &viewer, id, rank_num, now)? {
            return Err(not_found());
        }
        Ok(())
    })
    .await?;
    Ok(Reply(ProductSaved { id }))
}

async fn move_state(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    id: i64,
    to: fn(i32) -> Result<i32, ApiError>,
) -> Result<Reply<ProductSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let now = platform::time::now_ms();
    with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            let p = products::find(conn, &viewer, id)?.ok_or_else(not_found)?;
            let next = to(p.state)?;
            products::move_state(conn, &viewer, id, p.state, next, now)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(ProductSaved { id }))
}

/// Publishes a draft or withdrawn product: it goes on sale (the tenant's staff only).
#[utoipa::path(request_body = ProductRef, responses((status = 200, body = ProductSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Publish a mall product")]
#[put("/saas/mall/products/publish")]
pub async fn publish(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<ProductRef>,
) -> Result<Reply<ProductSaved>, ApiError> {
    move_state(pool, viewer, body.id, product::publish).await
}

/// Withdraws a published product from sale (the tenant's staff only).
#[utoipa::path(request_body = ProductRef, responses((status = 200, body = ProductSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Withdraw a mall product")]
#[put("/saas/mall/products/withdraw")]
pub async fn withdraw(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<ProductRef>,
) -> Result<Reply<ProductSaved>, ApiError> {
    move_state(pool, viewer, body.id, product::withdraw).await
}

/// The tenant's hotel or ticket products a mall product may sell (as hotel-app and ticket-app
/// announced them), for the product form's picker; at most 50 (the tenant's staff only).
#[utoipa::path(params(LinkedQuery), responses((status = 200, body = Vec<LinkedProduct>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Hotel and ticket products to sell")]
#[get("/saas/mall/linked/list")]
pub async fn linked_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<LinkedQuery>,
) -> Result<Reply<Vec<LinkedProduct>>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    let sale_type = q.sale_type.unwrap_or(product::SALE_HOTEL);
    platform::validate::one_of(
        "saleType",
        sale_type,
        &[product::SALE_HOTEL, product::SALE_TICKET],
    )?;
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(linked::search(
            conn,
            &viewer,
            sale_type,
            q.product_name.as_deref(),
        )?)
    })
    .await?;
    Ok(Reply(rows))
}

platform::endpoints!(
    list,
    load,
    save,
    update,
    rank,
    publish,
    withdraw,
    linked_list
);
