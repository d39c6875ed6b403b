//! Suppliers and distributors of a tenant: `/saas/merchant/{supplierInfos,distributorInfos}/*`,
//! and a merchant's own summary (`/saas/myInfo/saasMchInfo/load`).

use actix_web::{get, post, put, web};
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::merchants::{DISTRIBUTOR, MerchantFields, SUPPLIER, select_scope};
use crate::store::merchants::{self, Merchant, MerchantFilter};

fn not_found() -> ApiError {
    ApiError::not_found("商户", "merchant")
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MerchantListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the name.
    pub mch_name: Option<String>,
    pub state: Option<i32>,
    pub grade: Option<i32>,
}

impl MerchantListQuery {
    fn filter(&self) -> MerchantFilter {
        MerchantFilter {
            mch_name: self.mch_name.clone(),
            state: self.state,
            grade: self.grade,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MchIdQuery {
    pub mch_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Choice {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MerchantCreated {
    pub mch_id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MerchantUpdate {
    pub mch_id: i64,
    #[serde(flatten)]
    pub fields: MerchantFields,
}

async fn list_of(
    pool: &DbPool,
    viewer: Viewer,
    kind: i32,
    q: MerchantListQuery,
) -> Result<Reply<Page<Merchant>>, ApiError> {
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = q.filter();
    let page = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = merchants::list(conn, &viewer, kind, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

async fn load_of(
    pool: &DbPool,
    viewer: Viewer,
    kind: i32,
    id: i64,
) -> Result<Reply<Merchant>, ApiError> {
    let m = with_conn(pool, move |conn| -> Result<_, ApiError> {
        merchants::find(conn, &viewer, Some(kind), id)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(m))
}

fn name_taken() -> ApiError {
    ApiError::invalid_field(
        "mchName",
        "商户名称已存在",
        "a merchant of this name exists",
    )
}

async fn save_of(
    pool: &DbPool,
    viewer: Viewer,
    kind: i32,
    mut form: MerchantFields,
) -> Result<Reply<MerchantCreated>, ApiError> {
    form.check()?;
    form.keep_credit(0, 0)?;
    viewer.require_tenant_staff()?;
    let mch_id = with_conn(pool, move |conn| -> Result<i64, ApiError> {
        write_tx(conn, |conn| {
            if merchants::name_taken(conn, &viewer, kind, &form.mch_name, 0)? {
                return Err(name_taken());
            }
            let id = platform::id::next_id();
            merchants::insert(conn, &viewer, id, kind, &form, platform::time::now_ms())?;
            Ok(id)
        })
    })
    .await?;
    Ok(Reply(MerchantCreated { mch_id }))
}

async fn update_of(
    pool: &DbPool,
    viewer: Viewer,
    kind: i32,
    form: MerchantUpdate,
) -> Result<Reply<Merchant>, ApiError> {
    let MerchantUpdate { mch_id, mut fields } = form;
    fields.check()?;
    let m = with_conn(pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let current =
                merchants::find(conn, &viewer, Some(kind), mch_id)?.ok_or_else(not_found)?;
            fields.keep_credit(current.credit_permanent, current.credit_temporary)?;
            if merchants::name_taken(conn, &viewer, kind, &fields.mch_name, mch_id)? {
                return Err(name_taken());
            }
            let now = platform::time::now_ms();
            merchants::update(conn, &viewer, mch_id, &fields, now)?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(m))
}

async fn select_of(
    pool: &DbPool,
    viewer: Viewer,
    kind: i32,
    q: MerchantListQuery,
) -> Result<Reply<Vec<Choice>>, ApiError> {
    let filter = q.filter();
    let within = select_scope(&viewer, kind);
    let rows = with_conn(pool, move |conn| -> Result<_, ApiError> {
        Ok(merchants::for_select(conn, &within, kind, &filter)?)
    })
    .await?;
    Ok(Reply(
        rows.into_iter()
            .map(|(id, name)| Choice { id, name })
            .collect(),
    ))
}

/// One handler set per merchant type, so each has its own path, permission code and document.
/// (Route attributes take literal paths, hence each is spelt out.)
macro_rules! merchant_endpoints {
    ($module:ident, $kind:expr, $list:literal, $load:literal, $save:literal, $update:literal, $select:literal) => {
        pub mod $module {
            use super::*;

            /// The tenant's merchants of this type (a merchant's user: its own), newest first.
            #[utoipa::path(params(MerchantListQuery), responses((status = 200, body = Page<Merchant>)), security(("bearer" = [])), tag = "merchant")]
            #[get($list)]
            pub async fn list(pool: web::Data<DbPool>, viewer: Viewer, q: Query<MerchantListQuery>) -> Result<Reply<Page<Merchant>>, ApiError> {
                list_of(&pool, viewer, $kind, q.into_inner()).await
            }

            /// One merchant of the tenant; another tenant's is not found.
            #[utoipa::path(params(MchIdQuery), responses((status = 200, body = Merchant), (status = 404)), security(("bearer" = [])), tag = "merchant")]
            #[get($load)]
            pub async fn load(pool: web::Data<DbPool>, viewer: Viewer, q: Query<MchIdQuery>) -> Result<Reply<Merchant>, ApiError> {
                load_of(&pool, viewer, $kind, q.mch_id).await
            }

            /// Creates a merchant; `merchant.updated` tells the other services.
            #[utoipa::path(request_body = MerchantFields, responses((status = 200, body = MerchantCreated), (status = 412)), security(("bearer" = [])), tag = "merchant")]
            #[post($save)]
            pub async fn save(pool: web::Data<DbPool>, viewer: Viewer, form: Json<MerchantFields>) -> Result<Reply<MerchantCreated>, ApiError> {
                save_of(&pool, viewer, $kind, form.into_inner()).await
            }

            /// Changes a merchant of the tenant.
            #[utoipa::path(request_body = MerchantUpdate, responses((status = 200, body = Merchant), (status = 404), (status = 412)), security(("bearer" = [])), tag = "merchant")]
            #[put($update)]
            pub async fn update(pool: web::Data<DbPool>, viewer: Viewer, form: Json<MerchantUpdate>) -> Result<Reply<Merchant>, ApiError> {
                update_of(&pool, viewer, $kind, form.into_inner()).await
            }

            /// Id and name pairs (up to 500) for a select box, with the list's filters.
            #[utoipa::path(params(MerchantListQuery), responses((status = 200, body = [Choice])), security(("bearer" = [])), tag = "merchant")]
            #[get($select)]
            pub async fn load_for_select(pool: web::Data<DbPool>, viewer: Viewer, q: Query<MerchantListQuery>) -> Result<Reply<Vec<Choice>>, ApiError> {
                select_of(&pool, viewer, $kind, q.into_inner()).await
            }

            platform::endpoints!(list, load, save, update, load_for_select);
        }
    };
}

merchant_endpoints!(
    suppliers,
    SUPPLIER,
    "/saas/merchant/supplierInfos/list",
    "/saas/merchant/supplierInfos/load",
    "/saas/merchant/supplierInfos/save",
    "/saas/merchant/supplierInfos/update",
    "/saas/merchant/supplierInfos/loadForSelect"
);
merchant_endpoints!(
    distributors,
    DISTRIBUTOR,
    "/saas/merchant/distributorInfos/list",
    "/saas/merchant/distributorInfos/load",
    "/saas/merchant/distributorInfos/save",
    "/saas/merchant/distributorInfos/update",
    "/saas/merchant/distributorInfos/loadForSelect"
);

/// A merchant's own record as its users see it: the shell's summary (`mchType`, `mchName`,
/// `mchCurrency`) and the terms the tenant set for it. The tenant's price formulas and its
/// remarks about the merchant are the tenant's own and stay out.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MchSummary {
    pub mch_id: i64,
    /// 1 supplier, 2 distributor.
    pub mch_type: i32,
    pub mch_name: String,
    pub mch_currency: String,
    pub state: i32,
    pub grade: i32,
    pub contact_name: String,
    pub contact_mobile: String,
    pub contact_email: String,
    pub language: String,
    pub is_whitelist: bool,
    /// Per thousand.
    pub withdraw_fee: i32,
    pub is_withdraw: bool,
    /// Percent.
    pub withdraw_limit: i32,
    pub is_confirm_order: bool,
    pub is_display_stock: bool,
    /// Fen. The credit fields are finance-app's figures (its credit limits), copied here; a
    /// merchant's save does not change them.
    pub credit_used: i64,
    /// Fen.
    pub credit_permanent: i64,
    /// Fen.
    pub credit_temporary: i64,
    pub supplier_order_manage: bool,
    pub presale_visible: bool,
    pub group_purchase: bool,
    pub create_date: i64,
    pub modify_date: i64,
}

impl From<Merchant> for MchSummary {
    fn from(m: Merchant) -> Self {
        Self {
            mch_id: m.mch_id,
            mch_type: m.mch_type,
            mch_name: m.mch_name,
            mch_currency: m.currency,
            state: m.state,
            grade: m.grade,
            contact_name: m.contact_name,
            contact_mobile: m.contact_mobile,
            contact_email: m.contact_email,
            language: m.language,
            is_whitelist: m.is_whitelist,
            withdraw_fee: m.withdraw_fee,
            is_withdraw: m.is_withdraw,
            withdraw_limit: m.withdraw_limit,
            is_confirm_order: m.is_confirm_order,
            is_display_stock: m.is_display_stock,
            credit_used: m.credit_used,
            credit_permanent: m.credit_permanent,
            credit_temporary: m.credit_temporary,
            supplier_order_manage: m.supplier_order_manage,
            presale_visible: m.presale_visible,
            group_purchase: m.group_purchase,
            create_date: m.created_at,
            modify_date: m.updated_at,
        }
    }
}

/// A merchant's own record for the shell and its info page: the caller's own (a merchant's user
/// can load no other).
#[utoipa::path(params(MchIdQuery), responses((status = 200, body = MchSummary), (status = 404)), security(("bearer" = [])), tag = "merchant", summary = "Load my merchant")]
#[get("/saas/myInfo/saasMchInfo/load")]
pub async fn mine(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<MchIdQuery>,
) -> Result<Reply<MchSummary>, ApiError> {
    let id = q.mch_id;
    let m = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        merchants::find(conn, &viewer, None, id)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(m.into()))
}

platform::endpoints!(mine);
