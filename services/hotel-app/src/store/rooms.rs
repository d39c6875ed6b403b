//! Rooms of the tenant's hotels.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::DbConnection;
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::rooms;
use crate::domain::hotel::RoomFields;

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = rooms)]
pub struct Room {
    pub id: i64,
    pub hotel_id: i64,
    pub name: String,
    pub bed_type: i32,
    pub room_type: i32,
    pub area: String,
    pub floor: String,
    /// 1 to 20.
    pub max_guests: i32,
    /// 0 no, 1 an extra bed can be added.
    pub add_bed: i32,
    /// '0' none, '1' broadband.
    pub broadband: String,
    /// 0 no window, 1 windows, 2 some rooms have one.
    #[serde(rename = "window")]
    pub window_type: i32,
    /// 1 normal, 0 disabled.
    pub state: i32,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

/// A hotel's rooms, by name.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    hotel_id: i64,
    page: PageRequest,
) -> QueryResult<(Vec<Room>, i64)> {
    let query = || {
        rooms::table
            .filter(rooms::saas_id.eq(viewer.saas_id))
            .filter(rooms::hotel_id.eq(hotel_id))
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((rooms::name, rooms::id))
        .offset(page.offset())
        .limit(page.limit())
        .select(Room::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<Room>> {
    rooms::table
        .find(id)
        .filter(rooms::saas_id.eq(viewer.saas_id))
        .select(Room::as_select())
        .first(conn)
        .optional()
}

/// Whether another room of the hotel has this name (products and orders name a room by it).
pub fn name_taken(
    conn: &mut DbConnection,
    viewer: &Viewer,
    hotel_id: i64,
    name: &str,
    except: i64,
) -> QueryResult<bool> {
    let n: i64 = rooms::table
        .filter(rooms::saas_id.eq(viewer.saas_id))
        .filter(rooms::hotel_id.eq(hotel_id))
        .filter(rooms::name.eq(name))
        .filter(rooms::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// The columns a room's fields fill (checked fields: `RoomFields::check` ran).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = rooms)]
struct RoomColumns<'a> {
    name: &'a str,
    bed_type: i32,
    room_type: i32,
    area: &'a str,
    floor: &'a str,
    max_guests: i32,
    add_bed: i32,
    broadband: &'a str,
    window_type: i32,
    state: i32,
}

impl<'a> RoomColumns<'a> {
    fn of(f: &'a RoomFields) -> Self {
        Self {
            name: &f.name,
            bed_type: f.bed_type,
            room_type: f.room_type,
            area: &f.area,
            floor: &f.floor,
            max_guests: f.max_guests,
            add_bed: f.add_bed,
            broadband: &f.broadband,
            window_type: f.window,
            state: f.state,
        }
    }
}

pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    hotel_id: i64,
    id: i64,
    f: &RoomFields,
    now: i64,
) -> QueryResult<Room> {
    diesel::insert_into(rooms::table)
        .values((
            rooms::id.eq(id),
            rooms::saas_id.eq(viewer.saas_id),
            rooms::hotel_id.eq(hotel_id),
            RoomColumns::of(f),
            rooms::created_at.eq(now),
            rooms::updated_at.eq(now),
        ))
        .execute(conn)?;
    find(conn, viewer, id)?.ok_or(diesel::result::Error::NotFound)
}

/// Changes a room of the tenant (its hotel stays); None when there is none.
pub fn update(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &RoomFields,
    now: i64,
) -> QueryResult<Option<Room>> {
    let n = diesel::update(
        rooms::table
            .find(id)
            .filter(rooms::saas_id.eq(viewer.saas_id)),
    )
    .set((RoomColumns::of(f), rooms::updated_at.eq(now)))
    .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    find(conn, viewer, id)
}
