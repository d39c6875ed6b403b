//! The tenant's system hotel list (`/saas/hotel/hotelInfos/*`), suppliers' requests to add or
//! change a hotel and the operator's decision on them (`/saas/hotel/hotelRequests/*`), and the
//! list products are created from (`/saas/product/hotelProducts/listForHotel`).
//!
//! The list is the tenant's: its staff edit it directly, suppliers only through a request an
//! operator approves, so one supplier cannot rewrite a hotel the others sell.

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::extract::{Body, parse_json};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Text;
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::domain::hotel::{HotelFields, required_id};
use crate::store::hotels::{
    self, Decision, Hotel, HotelFilter, HotelForProduct, HotelRequest, KIND_ADD, KIND_MODIFY,
    NewRequest, REQUEST_APPROVED, REQUEST_REJECTED, RequestFilter,
};
use crate::store::zones;

pub(super) fn not_found() -> ApiError {
    ApiError::not_found("酒店", "hotel")
}

fn request_not_found() -> ApiError {
    ApiError::not_found("酒店申请", "hotel request")
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HotelListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the name.
    pub name: Option<String>,
    /// 0 to 8.
    pub star: Option<i32>,
    pub zone_id: Option<i64>,
    /// 1 normal, 0 disabled.
    pub state: Option<i32>,
}

impl HotelListQuery {
    fn split(self) -> Result<(HotelFilter, platform::http::PageRequest), ApiError> {
        let page = PageQuery {
            page: self.page,
            result_num: self.result_num,
        }
        .validate()?;
        let filter = HotelFilter {
            name: self.name,
            star: self.star,
            zone_id: self.zone_id,
            state: self.state,
        };
        Ok((filter, page))
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HotelIdQuery {
    pub hotel_id: Option<i64>,
}

/// The hotel's fields and which hotel (documentation of the body; parsed by `form_with_id`).
#[derive(Debug, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HotelUpdate {
    pub hotel_id: i64,
    #[serde(flatten)]
    pub fields: HotelFields,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RequestListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// 0 pending, 1 approved, 2 rejected.
    pub state: Option<i32>,
    /// 1 add, 2 change.
    pub kind: Option<i32>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecisionForm {
    pub id: Option<i64>,
    /// Up to 500 characters, shown to the supplier.
    #[serde(default)]
    pub remark: String,
}

/// A form of `T` with the id of the row it is about in `id_field`. Parsed twice rather than
/// as a `#[serde(flatten)]` struct, which would lose the path of a badly typed field and
/// answer "body" where the 412 must name the field.
pub(super) fn form_with_id<T: serde::de::DeserializeOwned>(
    body: &[u8],
    id_field: &str,
) -> Result<(i64, T), ApiError> {
    let fields: T = parse_json(body)?;
    let whole: serde_json::Value = parse_json(body)?;
    let id = match whole.get(id_field) {
        None | Some(serde_json::Value::Null) => None,
        Some(v) => Some(v.as_i64().ok_or_else(|| {
            ApiError::invalid_field(id_field, "须为整数编号", "must be an integer id")
        })?),
    };
    Ok((required_id(id_field, id)?, fields))
}

/// A zone, when one is named, must be the tenant's.
/// Where a hotel is put: a zone of the tenant's (or none), and an area of saas-main's in use
/// (or none); `kept` is the hotel's current `areaId`, valid even if disabled since.
fn check_place(
    conn: &mut DbConnection,
    viewer: &Viewer,
    fields: &HotelFields,
    kept: Option<&str>,
) -> Result<(), ApiError> {
    if fields.zone_id != 0 && !zones::exists(conn, viewer, fields.zone_id)? {
        return Err(ApiError::invalid_field(
            "zoneId",
            "区域不存在",
            "the zone does not exist",
        ));
    }
    platform::replica::check_area_id(conn, &fields.area_id, kept)
}

/// The current `areaId` of a hotel of the tenant's, or 404.
fn current_area(
    conn: &mut DbConnection,
    viewer: &Viewer,
    hotel_id: i64,
) -> Result<String, ApiError> {
    hotels::area_of(conn, viewer, hotel_id)?.ok_or_else(not_found)
}

/// The tenant's hotels, newest first.
#[utoipa::path(params(HotelListQuery), responses((status = 200, body = Page<Hotel>), (status = 412)), security(("bearer" = [])), tag = "hotel", summary = "List hotels")]
#[get("/saas/hotel/hotelInfos/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<HotelListQuery>,
) -> Result<Reply<Page<Hotel>>, ApiError> {
    let (filter, page) = q.into_inner().split()?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = hotels::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// One hotel of the tenant; another tenant's is not found.
#[utoipa::path(params(HotelIdQuery), responses((status = 200, body = Hotel), (status = 404)), security(("bearer" = [])), tag = "hotel", summary = "Load a hotel")]
#[get("/saas/hotel/hotelInfos/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<HotelIdQuery>,
) -> Result<Reply<Hotel>, ApiError> {
    let id = required_id("hotelId", q.hotel_id)?;
    let hotel = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        hotels::find(conn, &viewer, id)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(hotel))
}

/// Adds a hotel to the tenant's list. Tenant staff only (suppliers use `requestAdd`).
#[utoipa::path(request_body = HotelFields, responses((status = 200, body = Hotel), (status = 403), (status = 412)), security(("bearer" = [])), tag = "hotel", summary = "Add a hotel")]
#[post("/saas/hotel/hotelInfos/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<HotelFields>,
) -> Result<Reply<Hotel>, ApiError> {
    let mut form = form.into_inner();
    viewer.require_tenant_staff()?;
    let hotel = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        form.check()?;
        write_tx(conn, |conn| {
            check_place(conn, &viewer, &form, None)?;
            let id = platform::id::next_id();
            Ok(hotels::insert(
                conn,
                &viewer,
                id,
                &form,
                platform::time::now_ms(),
            )?)
        })
    })
    .await?;
    Ok(Reply(hotel))
}

/// Changes a hotel of the tenant (every field: the form is the whole hotel). Tenant staff only.
#[utoipa::path(request_body = HotelUpdate, responses((status = 200, body = Hotel), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "hotel", summary = "Update a hotel")]
#[put("/saas/hotel/hotelInfos/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Body,
) -> Result<Reply<Hotel>, ApiError> {
    let (hotel_id, mut fields) = form_with_id::<HotelFields>(&body, "hotelId")?;
    viewer.require_tenant_staff()?;
    let hotel = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        fields.check()?;
        write_tx(conn, |conn| {
            let kept = current_area(conn, &viewer, hotel_id)?;
            check_place(conn, &viewer, &fields, Some(&kept))?;
            hotels::update(conn, &viewer, hotel_id, &fields, platform::time::now_ms())?
                .ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(hotel))
}

/// The supplier a request comes from: only suppliers' users make requests.
fn supplier_only(viewer: &Viewer) -> Result<i64, ApiError> {
    viewer.supplier().ok_or_else(|| ApiError::Forbidden {
        msg: Text::fixed(
            "只有供应商提交酒店申请，运营方直接维护酒店",
            "Only suppliers submit hotel requests; the tenant's staff edit hotels directly",
        ),
    })
}

/// Records a supplier's request; the hotel list is unchanged until an operator approves it.
fn submit(
    conn: &mut DbConnection,
    viewer: &Viewer,
    me: &CurrentUser,
    kind: i32,
    hotel_id: i64,
    fields: &mut HotelFields,
) -> Result<HotelRequest, ApiError> {
    let mch_id = supplier_only(viewer)?;
    fields.check()?;
    write_tx(conn, |conn| {
        let kept = if kind == KIND_MODIFY {
            Some(current_area(conn, viewer, hotel_id)?)
        } else {
            None
        };
        check_place(conn, viewer, fields, kept.as_deref())?;
        Ok(hotels::insert_request(
            conn,
            viewer,
            NewRequest {
                id: platform::id::next_id(),
                mch_id,
                kind,
                hotel_id,
                fields,
                requested_by: me.user_id,
                now: platform::time::now_ms(),
            },
        )?)
    })
}

/// A supplier asks for a hotel to be added to the tenant's list (pending until decided).
#[utoipa::path(request_body = HotelFields, responses((status = 200, body = HotelRequest), (status = 403), (status = 412)), security(("bearer" = [])), tag = "hotel", summary = "Request a new hotel")]
#[post("/saas/hotel/hotelInfos/requestAdd")]
pub async fn request_add(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<HotelFields>,
) -> Result<Reply<HotelRequest>, ApiError> {
    let mut form = form.into_inner();
    let request = with_conn(&pool, move |conn| {
        submit(conn, &viewer, &me, KIND_ADD, 0, &mut form)
    })
    .await?;
    Ok(Reply(request))
}

/// A supplier asks for a hotel of the list to be changed to the given fields (pending until
/// decided).
#[utoipa::path(request_body = HotelUpdate, responses((status = 200, body = HotelRequest), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "hotel", summary = "Request a hotel change")]
#[post("/saas/hotel/hotelInfos/requestModify")]
pub async fn request_modify(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Body,
) -> Result<Reply<HotelRequest>, ApiError> {
    let (hotel_id, mut fields) = form_with_id::<HotelFields>(&body, "hotelId")?;
    let request = with_conn(&pool, move |conn| {
        submit(conn, &viewer, &me, KIND_MODIFY, hotel_id, &mut fields)
    })
    .await?;
    Ok(Reply(request))
}

/// Hotel requests, newest first: the tenant's for its staff, a supplier's own for a supplier.
#[utoipa::path(params(RequestListQuery), responses((status = 200, body = Page<HotelRequest>), (status = 412)), security(("bearer" = [])), tag = "hotel", summary = "List hotel requests")]
#[get("/saas/hotel/hotelRequests/list")]
pub async fn requests(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<RequestListQuery>,
) -> Result<Reply<Page<HotelRequest>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = RequestFilter {
        state: q.state,
        kind: q.kind,
    };
    if viewer.distributor().is_some() {
        return Err(platform::auth::forbidden());
    }
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = hotels::list_requests(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
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
) -> Result<hotels::Pending, ApiError> {
    let decision = Decision {
        state,
        remark,
        decided_by: me.user_id,
        now: platform::time::now_ms(),
    };
    if let Some(p) = hotels::decide(conn, viewer, id, decision)? {
        return Ok(p);
    }
    match hotels::find_request(conn, viewer, id)? {
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

/// The request id and the trimmed remark of a decision form.
fn decision_of(form: DecisionForm) -> Result<(i64, String), ApiError> {
    let id = required_id("id", form.id)?;
    let remark = form.remark.trim().to_owned();
    platform::validate::text("remark", &remark, 0, 500)?;
    Ok((id, remark))
}

/// Approves a pending request: an add creates the hotel, a change applies the asked fields to
/// it, in the transaction that marks the request approved. Tenant staff only.
#[utoipa::path(request_body = DecisionForm, responses((status = 200, body = HotelRequest), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "hotel", summary = "Approve a hotel request")]
#[put("/saas/hotel/hotelRequests/approve")]
pub async fn approve(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<DecisionForm>,
) -> Result<Reply<HotelRequest>, ApiError> {
    let form = form.into_inner();
    viewer.require_tenant_staff()?;
    let (id, remark) = decision_of(form)?;
    let request = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let pending = decide(conn, &viewer, &me, id, &remark, REQUEST_APPROVED)?;
            let mut fields: HotelFields = serde_json::from_str(&pending.payload)
                .map_err(|e| ApiError::Internal(anyhow::anyhow!("hotel request {id}: {e}")))?;
            // Checked again: the rules may have tightened since the request was made.
            fields.check()?;
            let kept = if pending.kind == KIND_ADD {
                None
            } else {
                Some(current_area(conn, &viewer, pending.hotel_id)?)
            };
            check_place(conn, &viewer, &fields, kept.as_deref())?;
            let now = platform::time::now_ms();
            if pending.kind == KIND_ADD {
                let hotel_id = platform::id::next_id();
                hotels::insert(conn, &viewer, hotel_id, &fields, now)?;
                hotels::set_request_hotel(conn, id, hotel_id)?;
            } else {
                hotels::update(conn, &viewer, pending.hotel_id, &fields, now)?
                    .ok_or_else(not_found)?;
            }
            hotels::find_request(conn, &viewer, id)?.ok_or_else(request_not_found)
        })
    })
    .await?;
    Ok(Reply(request))
}

/// Rejects a pending request; the hotel list is untouched. Tenant staff only.
#[utoipa::path(request_body = DecisionForm, responses((status = 200, body = HotelRequest), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "hotel", summary = "Reject a hotel request")]
#[put("/saas/hotel/hotelRequests/reject")]
pub async fn reject(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<DecisionForm>,
) -> Result<Reply<HotelRequest>, ApiError> {
    let form = form.into_inner();
    viewer.require_tenant_staff()?;
    let (id, remark) = decision_of(form)?;
    let request = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            decide(conn, &viewer, &me, id, &remark, REQUEST_REJECTED)?;
            hotels::find_request(conn, &viewer, id)?.ok_or_else(request_not_found)
        })
    })
    .await?;
    Ok(Reply(request))
}

/// The tenant's system hotels to create products on, each with its number of hotel products;
/// the filters of the hotel list.
#[utoipa::path(params(HotelListQuery), responses((status = 200, body = Page<HotelForProduct>), (status = 412)), security(("bearer" = [])), tag = "hotel", summary = "System hotels for products")]
#[get("/saas/product/hotelProducts/listForHotel")]
pub async fn list_for_hotel(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<HotelListQuery>,
) -> Result<Reply<Page<HotelForProduct>>, ApiError> {
    let (filter, page) = q.into_inner().split()?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = hotels::list_for_products(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
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
    list_for_hotel
);
