//! Rooms of the tenant's hotels: `/saas/hotel/rooms/*`. The tenant's staff and its suppliers
//! keep them (a supplier knows the rooms it sells); distributors only read them through
//! products.

use actix_web::{get, post, put, web};
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::extract::Body;
use platform::http::{Page, PageQuery, Query, Reply};
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::hotels::{form_with_id, not_found as hotel_not_found};
use crate::domain::hotel::{RoomFields, required_id};
use crate::store::hotels;
use crate::store::rooms::{self, Room};

fn not_found() -> ApiError {
    ApiError::not_found("房型", "room")
}

fn name_taken() -> ApiError {
    ApiError::invalid_field(
        "name",
        "该酒店已有同名房型",
        "the hotel has a room of this name",
    )
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RoomListQuery {
    pub hotel_id: Option<i64>,
    pub page: Option<u32>,
    pub result_num: Option<u32>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RoomIdQuery {
    pub room_id: Option<i64>,
}

/// The body of `save` (parsed by `form_with_id`, so each field's error names it).
#[derive(Debug, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoomSave {
    /// A hotel of the tenant.
    pub hotel_id: i64,
    #[serde(flatten)]
    pub fields: RoomFields,
}

/// The body of `update` (parsed by `form_with_id`).
#[derive(Debug, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoomUpdate {
    /// The room; it stays in its hotel.
    pub room_id: i64,
    #[serde(flatten)]
    pub fields: RoomFields,
}

/// The tenant's staff and suppliers keep rooms.
fn may_edit(viewer: &Viewer) -> Result<(), ApiError> {
    if viewer.distributor().is_some() {
        return Err(platform::auth::forbidden());
    }
    Ok(())
}

/// A hotel's rooms, by name; a hotel of another tenant is not found.
#[utoipa::path(params(RoomListQuery), responses((status = 200, body = Page<Room>), (status = 404), (status = 412)), security(("bearer" = [])), tag = "room", summary = "List rooms")]
#[get("/saas/hotel/rooms/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<RoomListQuery>,
) -> Result<Reply<Page<Room>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let hotel_id = required_id("hotelId", q.hotel_id)?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        if !hotels::exists(conn, &viewer, hotel_id)? {
            return Err(hotel_not_found());
        }
        let (rows, total) = rooms::list(conn, &viewer, hotel_id, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// One room of the tenant's hotels.
#[utoipa::path(params(RoomIdQuery), responses((status = 200, body = Room), (status = 404)), security(("bearer" = [])), tag = "room", summary = "Load a room")]
#[get("/saas/hotel/rooms/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<RoomIdQuery>,
) -> Result<Reply<Room>, ApiError> {
    let id = required_id("roomId", q.room_id)?;
    let room = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        rooms::find(conn, &viewer, id)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(room))
}

/// Adds a room to a hotel of the tenant. Tenant staff and suppliers.
#[utoipa::path(request_body = RoomSave, responses((status = 200, body = Room), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "room", summary = "Add a room")]
#[post("/saas/hotel/rooms/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Body,
) -> Result<Reply<Room>, ApiError> {
    let (hotel_id, mut fields) = form_with_id::<RoomFields>(&body, "hotelId")?;
    may_edit(&viewer)?;
    let room = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        fields.check()?;
        write_tx(conn, |conn| {
            if !hotels::exists(conn, &viewer, hotel_id)? {
                return Err(hotel_not_found());
            }
            if rooms::name_taken(conn, &viewer, hotel_id, &fields.name, 0)? {
                return Err(name_taken());
            }
            Ok(rooms::insert(
                conn,
                &viewer,
                hotel_id,
                platform::id::next_id(),
                &fields,
                platform::time::now_ms(),
            )?)
        })
    })
    .await?;
    Ok(Reply(room))
}

/// Changes a room of the tenant's hotels. Tenant staff and suppliers.
#[utoipa::path(request_body = RoomUpdate, responses((status = 200, body = Room), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "room", summary = "Update a room")]
#[put("/saas/hotel/rooms/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Body,
) -> Result<Reply<Room>, ApiError> {
    let (room_id, mut fields) = form_with_id::<RoomFields>(&body, "roomId")?;
    may_edit(&viewer)?;
    let room = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        fields.check()?;
        write_tx(conn, |conn| {
            let current = rooms::find(conn, &viewer, room_id)?.ok_or_else(not_found)?;
            if rooms::name_taken(conn, &viewer, current.hotel_id, &fields.name, room_id)? {
                return Err(name_taken());
            }
            rooms::update(conn, &viewer, room_id, &fields, platform::time::now_ms())?
                .ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(room))
}

platform::endpoints!(list, load, save, update);
