//! Scenic spots: `/saas/ticket/scenicInfos/*`, suppliers' requests to add or change one
//! (`requestAdd`, `requestModify`, decided under `/saas/ticket/scenicRequests/*`), and the
//! system spots products are made on (`/saas/product/scenicProducts/listForScenic`).
//!
//! The list is the tenant's: its staff edit it directly, suppliers only through a request an
//! operator approves, so one supplier cannot rewrite a spot the others sell. Suppliers and
//! distributors read the spots in the normal state.

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, PageRequest, Query, Reply, unless_all};
use platform::i18n::Text;
use platform::trade::fields::required_id;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::scenic::{STATE_NORMAL, ScenicFields};
use crate::domain::scenic_supplier::{
    self as relation, KIND_ADD, KIND_MODIFY, REQUEST_APPROVED, REQUEST_REJECTED,
};
use crate::store::scenic_requests::{self, NewRequest, RequestFilter, ScenicRequest};
use crate::store::scenic_suppliers;
use crate::store::scenics::{self, Scenic, ScenicFilter};

fn not_found() -> ApiError {
    ApiError::not_found("景区", "scenic spot")
}

fn name_taken() -> ApiError {
    ApiError::invalid_field(
        "scenicName",
        "已有同名景区",
        "the tenant has a scenic spot of this name",
    )
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ScenicListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the Chinese or English name.
    pub scenic_name: Option<String>,
    /// `stateScenic` (-99 or absent: all).
    pub state: Option<i32>,
    /// `typeScenicStar` (-99 or absent: all).
    pub star: Option<i32>,
    /// The area code or its leading part.
    pub area_id: Option<String>,
    /// `typeScenicOpen` (-99 or absent: all).
    pub open_type: Option<i32>,
}

impl ScenicListQuery {
    fn split(self) -> Result<(ScenicFilter, PageRequest), ApiError> {
        let page = PageQuery {
            page: self.page,
            result_num: self.result_num,
        }
        .validate()?;
        let filter = ScenicFilter {
            name: self.scenic_name,
            state: unless_all(self.state),
            star: unless_all(self.star),
            area_id: self.area_id,
            open_type: unless_all(self.open_type),
            supplier: None,
        };
        Ok((filter, page))
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ScenicIdQuery {
    pub scenic_id: Option<i64>,
}

/// The body of `update`: the spot and all its fields.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScenicUpdate {
    pub scenic_id: i64,
    #[serde(flatten)]
    pub fields: ScenicFields,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScenicSaved {
    pub scenic_id: i64,
}

/// The scenic spots the caller sees, newest first.
#[utoipa::path(params(ScenicListQuery), responses((status = 200, body = Page<Scenic>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "List scenic spots")]
#[get("/saas/ticket/scenicInfos/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ScenicListQuery>,
) -> Result<Reply<Page<Scenic>>, ApiError> {
    let (filter, page) = q.into_inner().split()?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = scenics::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// One scenic spot the caller sees.
#[utoipa::path(params(ScenicIdQuery), responses((status = 200, body = Scenic), (status = 404), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Load a scenic spot")]
#[get("/saas/ticket/scenicInfos/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ScenicIdQuery>,
) -> Result<Reply<Scenic>, ApiError> {
    let id = q
        .scenic_id
        .ok_or_else(|| ApiError::invalid_field("scenicId", "请选择景区", "is required"))?;
    let spot = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        scenics::find(conn, &viewer, id)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(spot))
}

/// Adds a scenic spot to the tenant (its staff only).
#[utoipa::path(request_body = ScenicFields, responses((status = 200, body = ScenicSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Add a scenic spot")]
#[post("/saas/ticket/scenicInfos/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<ScenicFields>,
) -> Result<Reply<ScenicSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let fields = body.into_inner().validated()?;
    let now = platform::time::now_ms();
    let scenic_id = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if scenics::name_taken(conn, &viewer, &fields.scenic_name, 0)? {
                return Err(name_taken());
            }
            platform::replica::check_area_id(conn, &fields.area_id, None)?;
            Ok(scenics::insert(conn, &viewer, me.user_id, &fields, now)?)
        })
    })
    .await?;
    Ok(Reply(ScenicSaved { scenic_id }))
}

/// Rewrites a scenic spot of the tenant (its staff only).
#[utoipa::path(request_body = ScenicUpdate, responses((status = 200, body = ScenicSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Change a scenic spot")]
#[put("/saas/ticket/scenicInfos/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<ScenicUpdate>,
) -> Result<Reply<ScenicSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let ScenicUpdate { scenic_id, fields } = body.into_inner();
    let fields = fields.validated()?;
    let now = platform::time::now_ms();
    with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            let current = scenics::find(conn, &viewer, scenic_id)?.ok_or_else(not_found)?;
            if scenics::name_taken(conn, &viewer, &fields.scenic_name, scenic_id)? {
                return Err(name_taken());
            }
            platform::replica::check_area_id(conn, &fields.area_id, Some(&current.area_id))?;
            scenics::update(conn, &viewer, scenic_id, &fields, now)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(ScenicSaved { scenic_id }))
}

fn request_not_found() -> ApiError {
    ApiError::not_found("景区申请", "scenic spot request")
}

/// The supplier a request comes from: only suppliers' users make requests.
fn supplier_only(viewer: &Viewer) -> Result<i64, ApiError> {
    viewer.supplier().ok_or_else(|| ApiError::Forbidden {
        msg: Text::fixed(
            "只有供应商提交景区申请，运营方直接维护景区",
            "Only suppliers submit scenic spot requests; the tenant's staff edit spots directly",
        ),
    })
}

/// Records a supplier's request; the list is unchanged until an operator approves it. A new
/// spot's name must be free now (it is checked again at approval).
fn submit(
    conn: &mut DbConnection,
    viewer: &Viewer,
    me: &CurrentUser,
    kind: i32,
    scenic_id: i64,
    fields: &ScenicFields,
) -> Result<ScenicRequest, ApiError> {
    let mch_id = supplier_only(viewer)?;
    write_tx(conn, |conn| {
        let kept = if kind == KIND_MODIFY {
            Some(
                scenics::find(conn, viewer, scenic_id)?
                    .ok_or_else(not_found)?
                    .area_id,
            )
        } else {
            None
        };
        if scenics::name_taken(conn, viewer, &fields.scenic_name, scenic_id)? {
            return Err(name_taken());
        }
        platform::replica::check_area_id(conn, &fields.area_id, kept.as_deref())?;
        let id = scenic_requests::insert(
            conn,
            viewer,
            NewRequest {
                mch_id,
                kind,
                scenic_id,
                fields,
                requested_by: me.user_id,
                now: platform::time::now_ms(),
            },
        )?;
        scenic_requests::find(conn, viewer, id)?.ok_or_else(request_not_found)
    })
}

/// A supplier asks for a scenic spot to be added to the tenant's list (pending until
/// decided). The spot is pending (`stateScenic` 0) in the request; an approval lists it as
/// normal.
#[utoipa::path(request_body = ScenicFields, responses((status = 200, body = ScenicRequest), (status = 403), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Request a new scenic spot")]
#[post("/saas/ticket/scenicInfos/requestAdd")]
pub async fn request_add(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<ScenicFields>,
) -> Result<Reply<ScenicRequest>, ApiError> {
    supplier_only(&viewer)?;
    let fields = body.into_inner().validated()?;
    let request = with_conn(&pool, move |conn| {
        submit(conn, &viewer, &me, KIND_ADD, 0, &fields)
    })
    .await?;
    Ok(Reply(request))
}

/// A supplier asks for a spot of the list (one it sees: normal) to be changed to the given
/// fields (pending until decided).
#[utoipa::path(request_body = ScenicUpdate, responses((status = 200, body = ScenicRequest), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Request a scenic spot change")]
#[post("/saas/ticket/scenicInfos/requestModify")]
pub async fn request_modify(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<ScenicUpdate>,
) -> Result<Reply<ScenicRequest>, ApiError> {
    supplier_only(&viewer)?;
    let ScenicUpdate { scenic_id, fields } = body.into_inner();
    let fields = fields.validated()?;
    let request = with_conn(&pool, move |conn| {
        submit(conn, &viewer, &me, KIND_MODIFY, scenic_id, &fields)
    })
    .await?;
    Ok(Reply(request))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RequestListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// 0 pending, 1 approved, 2 rejected (-99 or absent: all).
    pub state: Option<i32>,
    /// 1 add, 2 change (-99 or absent: all).
    pub kind: Option<i32>,
}

/// Scenic spot requests, newest first: the tenant's for its staff, a supplier's own for a
/// supplier; distributors make none and see none.
#[utoipa::path(params(RequestListQuery), responses((status = 200, body = Page<ScenicRequest>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "List scenic spot requests")]
#[get("/saas/ticket/scenicRequests/list")]
pub async fn requests(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<RequestListQuery>,
) -> Result<Reply<Page<ScenicRequest>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    if viewer.distributor().is_some() {
        return Err(platform::auth::forbidden());
    }
    let filter = RequestFilter {
        state: unless_all(q.state),
        kind: unless_all(q.kind),
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = scenic_requests::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionForm {
    pub id: Option<i64>,
    /// Up to 500 characters, shown to the supplier.
    #[serde(default)]
    pub remark: String,
}

/// The request id and the trimmed remark of a decision form.
fn decision_of(form: DecisionForm) -> Result<(i64, String), ApiError> {
    let id = required_id("id", form.id)?;
    let remark = form.remark.trim().to_owned();
    platform::validate::text("remark", &remark, 0, 500)?;
    Ok((id, remark))
}

/// Marks a pending request decided, or says why it cannot be: not the tenant's (404) or
/// decided already (412).
fn decide(
    conn: &mut DbConnection,
    viewer: &Viewer,
    me: &CurrentUser,
    id: i64,
    remark: &str,
    state: i32,
) -> Result<scenic_requests::Pending, ApiError> {
    let now = platform::time::now_ms();
    if let Some(p) = scenic_requests::decide(conn, viewer, id, state, remark, me.user_id, now)? {
        return Ok(p);
    }
    match scenic_requests::find(conn, viewer, id)? {
        None => Err(request_not_found()),
        Some(_) => Err(ApiError::Rule {
            code: "request-decided",
            msg: Text::fixed(
                "该申请已处理，不能再次审核",
                "This request has been decided already",
            ),
        }),
    }
}

/// Approves a pending request: an add lists the spot as normal and makes the supplier who
/// asked a cooperating supplier of it; a change applies the asked fields to the spot (its
/// state stays the operator's). All in the transaction that marks the request approved.
/// Tenant staff only.
#[utoipa::path(request_body = DecisionForm, responses((status = 200, body = ScenicRequest), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Approve a scenic spot request")]
#[put("/saas/ticket/scenicRequests/approve")]
pub async fn approve(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<DecisionForm>,
) -> Result<Reply<ScenicRequest>, ApiError> {
    viewer.require_tenant_staff()?;
    let (id, remark) = decision_of(form.into_inner())?;
    let request = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let pending = decide(conn, &viewer, &me, id, &remark, REQUEST_APPROVED)?;
            let asked: ScenicFields = serde_json::from_str(&pending.payload)
                .map_err(|e| ApiError::Internal(anyhow::anyhow!("scenic request {id}: {e}")))?;
            // Checked again: the rules may have tightened since the request was made.
            let mut fields = asked.validated()?;
            let now = platform::time::now_ms();
            if pending.kind == KIND_ADD {
                if scenics::name_taken(conn, &viewer, &fields.scenic_name, 0)? {
                    return Err(name_taken());
                }
                platform::replica::check_area_id(conn, &fields.area_id, None)?;
                fields.state = STATE_NORMAL;
                let scenic_id = scenics::insert(conn, &viewer, me.user_id, &fields, now)?;
                scenic_requests::set_scenic(conn, id, scenic_id)?;
                scenic_suppliers::put(
                    conn,
                    scenic_suppliers::Pair {
                        saas_id: viewer.saas_id,
                        scenic_id,
                        mch_id: pending.mch_id,
                    },
                    None,
                    relation::COOPERATING,
                    "",
                    now,
                )?;
            } else {
                let current =
                    scenics::find(conn, &viewer, pending.scenic_id)?.ok_or_else(not_found)?;
                if scenics::name_taken(conn, &viewer, &fields.scenic_name, pending.scenic_id)? {
                    return Err(name_taken());
                }
                platform::replica::check_area_id(conn, &fields.area_id, Some(&current.area_id))?;
                fields.state = current.state;
                scenics::update(conn, &viewer, pending.scenic_id, &fields, now)?;
            }
            scenic_requests::find(conn, &viewer, id)?.ok_or_else(request_not_found)
        })
    })
    .await?;
    Ok(Reply(request))
}

/// Rejects a pending request with the operator's reason; the list is untouched. Tenant staff
/// only.
#[utoipa::path(request_body = DecisionForm, responses((status = 200, body = ScenicRequest), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Reject a scenic spot request")]
#[put("/saas/ticket/scenicRequests/reject")]
pub async fn reject(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<DecisionForm>,
) -> Result<Reply<ScenicRequest>, ApiError> {
    viewer.require_tenant_staff()?;
    let (id, remark) = decision_of(form.into_inner())?;
    let request = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            decide(conn, &viewer, &me, id, &remark, REQUEST_REJECTED)?;
            scenic_requests::find(conn, &viewer, id)?.ok_or_else(request_not_found)
        })
    })
    .await?;
    Ok(Reply(request))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ForScenicQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub scenic_name: Option<String>,
    pub star: Option<i32>,
    pub area_id: Option<String>,
    pub open_type: Option<i32>,
    /// A supplier's own relationship with the spot, `stateScenicSupplier` (-99 or absent:
    /// every spot, related or not).
    pub supplier_state: Option<i32>,
}

/// A system spot to make products on, with the caller's relationship to it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScenicForProduct {
    #[serde(flatten)]
    pub scenic: Scenic,
    /// For a supplier: its `stateScenicSupplier` with the spot, -1 for none; for others -1.
    pub supplier_state: i32,
    /// Ticket products on the spot (not deleted): a supplier's own, or the tenant's.
    pub product_count: i64,
}

/// The tenant's system scenic spots in the normal state, to make ticket products on; a
/// supplier sees its relationship with each (and may narrow to one state of it).
#[utoipa::path(params(ForScenicQuery), responses((status = 200, body = Page<ScenicForProduct>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "System scenic spots for products")]
#[get("/saas/product/scenicProducts/listForScenic")]
pub async fn list_for_scenic(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ForScenicQuery>,
) -> Result<Reply<Page<ScenicForProduct>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let supplier = viewer.supplier();
    let filter = ScenicFilter {
        name: q.scenic_name,
        state: Some(STATE_NORMAL),
        star: unless_all(q.star),
        area_id: q.area_id,
        open_type: unless_all(q.open_type),
        supplier: match (supplier, unless_all(q.supplier_state)) {
            (Some(mch), Some(state)) => Some((mch, Some(state))),
            _ => None,
        },
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = scenics::list(conn, &viewer, &filter, page)?;
        let ids: Vec<i64> = rows.iter().map(|s| s.scenic_id).collect();
        let counts = crate::store::products::count_by_scenic(conn, &viewer, &ids)?;
        let mut out = Vec::with_capacity(rows.len());
        for scenic in rows {
            let supplier_state = match supplier {
                Some(mch) => scenic_suppliers::of(conn, viewer.saas_id, scenic.scenic_id, mch)?
                    .map_or(-1, |(_, s)| s),
                None => -1,
            };
            out.push(ScenicForProduct {
                product_count: counts.get(&scenic.scenic_id).copied().unwrap_or(0),
                scenic,
                supplier_state,
            });
        }
        Ok(Page::new(out, total, page))
    })
    .await?;
    Ok(Reply(page))
}

platform::endpoints!(
    list,
    load,
    save,
    update,
    request_add,
    request_modify,
    requests,
    approve,
    reject,
    list_for_scenic
);
