//! Suppliers of a scenic spot (`/saas/ticket/scenicSuppliers/*`, `stateScenicSupplier`): a
//! supplier applies to supply a spot, the tenant's staff accept or stop it. A supplier sells
//! tickets of a spot only while cooperating.

use actix_web::{get, post, put, web};
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::i18n::Text;
use platform::trade::fields::required_id;
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::domain::scenic_supplier as relation;
use crate::store::scenic_suppliers::{self, ScenicSupplier, SupplierFilter};
use crate::store::scenics;

fn not_found() -> ApiError {
    ApiError::not_found("景区供应商", "scenic spot supplier")
}

fn moved() -> ApiError {
    ApiError::Rule {
        code: "scenic-supplier-changed",
        msg: Text::fixed(
            "该合作关系刚被修改，请刷新后重试",
            "The relationship has just changed; reload and try again",
        ),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SupplierListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub scenic_id: Option<i64>,
    /// The supplier (the tenant's staff only; a supplier sees its own).
    pub mch_id: Option<i64>,
    /// `stateScenicSupplier` (-99 or absent: all).
    pub state: Option<i32>,
}

/// Relationships, newest first: every one of the tenant for its staff, a supplier's own;
/// distributors see none.
#[utoipa::path(params(SupplierListQuery), responses((status = 200, body = Page<ScenicSupplier>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "List scenic spot suppliers")]
#[get("/saas/ticket/scenicSuppliers/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<SupplierListQuery>,
) -> Result<Reply<Page<ScenicSupplier>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    if viewer.distributor().is_some() {
        return Err(platform::auth::forbidden());
    }
    let filter = SupplierFilter {
        scenic_id: q.scenic_id,
        mch_id: q.mch_id,
        state: unless_all(q.state),
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = scenic_suppliers::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyForm {
    pub scenic_id: Option<i64>,
}

/// A supplier applies to supply a spot in the normal state: a new (or stopped) relationship
/// becomes pending until the tenant's staff decide.
#[utoipa::path(request_body = ApplyForm, responses((status = 200, body = ScenicSupplier), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Apply to supply a scenic spot")]
#[post("/saas/ticket/scenicSuppliers/apply")]
pub async fn apply(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<ApplyForm>,
) -> Result<Reply<ScenicSupplier>, ApiError> {
    let Some(mch_id) = viewer.supplier() else {
        return Err(platform::auth::forbidden());
    };
    let scenic_id = required_id("scenicId", form.scenic_id)?;
    let row = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if scenics::find(conn, &viewer, scenic_id)?.is_none() {
                return Err(ApiError::not_found("景区", "scenic spot"));
            }
            let current = scenic_suppliers::of(conn, viewer.saas_id, scenic_id, mch_id)?;
            let to = relation::apply(current.map(|(_, s)| s))?;
            let now = platform::time::now_ms();
            let id = scenic_suppliers::put(
                conn,
                scenic_suppliers::Pair {
                    saas_id: viewer.saas_id,
                    scenic_id,
                    mch_id,
                },
                current.map(|(_, s)| s),
                to,
                "",
                now,
            )?
            .ok_or_else(moved)?;
            scenic_suppliers::find(conn, &viewer, id)?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(row))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeStateForm {
    pub id: Option<i64>,
    /// 1 cooperating, 2 stopped.
    pub state: Option<i32>,
    /// Up to 500 characters, shown to the supplier.
    #[serde(default)]
    pub remark: String,
}

/// The tenant's staff accept, stop or resume a relationship (pending to cooperating or
/// stopped, cooperating to stopped, stopped to cooperating).
#[utoipa::path(request_body = ChangeStateForm, responses((status = 200, body = ScenicSupplier), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Change a scenic spot supplier's state")]
#[put("/saas/ticket/scenicSuppliers/changeState")]
pub async fn change_state(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<ChangeStateForm>,
) -> Result<Reply<ScenicSupplier>, ApiError> {
    viewer.require_tenant_staff()?;
    let form = form.into_inner();
    let id = required_id("id", form.id)?;
    let to = required_id("state", form.state.map(i64::from))?;
    let to = i32::try_from(to).unwrap_or(-1);
    let remark = form.remark.trim().to_owned();
    platform::validate::text("remark", &remark, 0, 500)?;
    let row = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            let current = scenic_suppliers::find(conn, &viewer, id)?.ok_or_else(not_found)?;
            let to = relation::change(current.state, to)?;
            scenic_suppliers::put(
                conn,
                scenic_suppliers::Pair {
                    saas_id: viewer.saas_id,
                    scenic_id: current.scenic_id,
                    mch_id: current.mch_id,
                },
                Some(current.state),
                to,
                &remark,
                platform::time::now_ms(),
            )?
            .ok_or_else(moved)?;
            scenic_suppliers::find(conn, &viewer, id)?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(row))
}

platform::endpoints!(list, apply, change_state);
