//! The tenant's system hotel list, and suppliers' requests to add or change a hotel.

use std::collections::HashMap;

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{hotel_products, hotel_requests, hotels};
use super::zones;
use crate::domain::hotel::HotelFields;

/// Request kinds and states (`hotel_requests`).
pub const KIND_ADD: i32 = 1;
pub const KIND_MODIFY: i32 = 2;
pub const REQUEST_PENDING: i32 = 0;
pub const REQUEST_APPROVED: i32 = 1;
pub const REQUEST_REJECTED: i32 = 2;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = hotels)]
struct HotelRow {
    id: i64,
    name: String,
    name_en: String,
    hotel_star: i32,
    area_id: String,
    zone_id: i64,
    address: String,
    post_code: String,
    phone: String,
    fax: String,
    images: String,
    room_num: i32,
    open_date: String,
    checkin_time: String,
    checkout_time: String,
    longitude: f64,
    latitude: f64,
    geo_hash: String,
    time_zone: String,
    service_desc: String,
    state: i32,
    created_at: i64,
    updated_at: i64,
}

/// A hotel as the pages show it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Hotel {
    pub id: i64,
    pub name: String,
    pub name_en: String,
    /// 0 (unrated) to 8.
    pub star: i32,
    pub area_id: String,
    /// The area's names (saas-main's, from the copy); empty for none or one not known.
    pub area_name: String,
    pub area_name_en: String,
    /// 0 for none.
    pub zone_id: i64,
    /// The zone's name, empty for none.
    pub zone_name: String,
    pub address: String,
    pub post_code: String,
    pub phone: String,
    pub fax: String,
    pub images: Vec<String>,
    pub room_num: i32,
    pub open_date: String,
    pub checkin_time: String,
    pub checkout_time: String,
    /// Null when the hotel has no coordinates.
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    /// Computed from the coordinates; empty without them.
    pub geo_hash: String,
    pub time_zone: String,
    pub service_desc: String,
    /// 1 normal, 0 disabled.
    pub state: i32,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

impl HotelRow {
    fn view(self, zone_name: String, (area_name, area_name_en): (String, String)) -> Hotel {
        // Coordinates are stored as 0, 0 when absent; the empty geohash tells them apart
        // from a hotel really standing at 0, 0.
        let located = !self.geo_hash.is_empty();
        Hotel {
            id: self.id,
            name: self.name,
            name_en: self.name_en,
            star: self.hotel_star,
            area_id: self.area_id,
            area_name,
            area_name_en,
            zone_id: self.zone_id,
            zone_name,
            address: self.address,
            post_code: self.post_code,
            phone: self.phone,
            fax: self.fax,
            // Written only from a Vec<String>; an unreadable value shows as no images.
            images: serde_json::from_str(&self.images).unwrap_or_default(),
            room_num: self.room_num,
            open_date: self.open_date,
            checkin_time: self.checkin_time,
            checkout_time: self.checkout_time,
            longitude: located.then_some(self.longitude),
            latitude: located.then_some(self.latitude),
            geo_hash: self.geo_hash,
            time_zone: self.time_zone,
            service_desc: self.service_desc,
            state: self.state,
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

/// The columns a hotel's fields fill (checked fields: `HotelFields::check` ran).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = hotels)]
struct HotelColumns<'a> {
    name: &'a str,
    name_en: &'a str,
    hotel_star: i32,
    area_id: &'a str,
    zone_id: i64,
    address: &'a str,
    post_code: &'a str,
    phone: &'a str,
    fax: &'a str,
    images: String,
    room_num: i32,
    open_date: &'a str,
    checkin_time: &'a str,
    checkout_time: &'a str,
    longitude: f64,
    latitude: f64,
    geo_hash: String,
    time_zone: &'a str,
    service_desc: &'a str,
    state: i32,
}

impl<'a> HotelColumns<'a> {
    fn of(f: &'a HotelFields) -> QueryResult<Self> {
        Ok(Self {
            name: &f.name,
            name_en: &f.name_en,
            hotel_star: f.star,
            area_id: &f.area_id,
            zone_id: f.zone_id,
            address: &f.address,
            post_code: &f.post_code,
            phone: &f.phone,
            fax: &f.fax,
            images: serde_json::to_string(&f.images)
                .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?,
            room_num: f.room_num,
            open_date: &f.open_date,
            checkin_time: &f.checkin_time,
            checkout_time: &f.checkout_time,
            longitude: f.longitude.unwrap_or(0.0),
            latitude: f.latitude.unwrap_or(0.0),
            geo_hash: f.geo_hash(),
            time_zone: &f.time_zone,
            service_desc: &f.service_desc,
            state: f.state,
        })
    }
}

#[derive(Debug, Default, Clone)]
pub struct HotelFilter {
    /// Part of the name.
    pub name: Option<String>,
    pub star: Option<i32>,
    pub zone_id: Option<i64>,
    pub state: Option<i32>,
}

fn hotels_in<'a>(viewer: &Viewer, f: &'a HotelFilter) -> hotels::BoxedQuery<'a, Db> {
    let mut q = hotels::table
        .filter(hotels::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(n) = f.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        q = q.filter(hotels::name.contains_text(n));
    }
    if let Some(s) = f.star {
        q = q.filter(hotels::hotel_star.eq(s));
    }
    if let Some(z) = f.zone_id {
        q = q.filter(hotels::zone_id.eq(z));
    }
    if let Some(s) = f.state {
        q = q.filter(hotels::state.eq(s));
    }
    q
}

/// The rows as the API shows them, with their zones' and areas' names.
fn with_zone_names(
    conn: &mut DbConnection,
    viewer: &Viewer,
    rows: Vec<HotelRow>,
) -> QueryResult<Vec<Hotel>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.zone_id).filter(|&z| z != 0).collect();
    let names = zones::names(conn, viewer, &ids)?;
    let codes: Vec<&str> = rows.iter().map(|r| r.area_id.as_str()).collect();
    let areas = platform::replica::area_names(conn, &codes)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let zone = names.get(&r.zone_id).cloned().unwrap_or_default();
            let area = areas.get(&r.area_id).cloned().unwrap_or_default();
            r.view(zone, area)
        })
        .collect())
}

/// The tenant's hotels, newest first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &HotelFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Hotel>, i64)> {
    let total = hotels_in(viewer, f).count().get_result(conn)?;
    let rows = hotels_in(viewer, f)
        .order(hotels::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(HotelRow::as_select())
        .load(conn)?;
    Ok((with_zone_names(conn, viewer, rows)?, total))
}

/// A hotel of the system list, for product creation.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HotelForProduct {
    pub id: i64,
    pub name: String,
    pub star: i32,
    pub zone_id: i64,
    pub zone_name: String,
    pub address: String,
    /// 1 normal, 0 disabled.
    pub state: i32,
    /// Hotel products of the tenant on this hotel, whatever their state.
    pub product_count: i64,
}

/// The tenant's hotels with how many products each has, newest first.
pub fn list_for_products(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &HotelFilter,
    page: PageRequest,
) -> QueryResult<(Vec<HotelForProduct>, i64)> {
    let (hotels, total) = list(conn, viewer, f, page)?;
    let ids: Vec<i64> = hotels.iter().map(|h| h.id).collect();
    let counts: HashMap<i64, i64> = hotel_products::table
        .filter(hotel_products::saas_id.eq(viewer.saas_id))
        .filter(hotel_products::hotel_id.eq_any(&ids))
        .group_by(hotel_products::hotel_id)
        .select((hotel_products::hotel_id, diesel::dsl::count_star()))
        .load::<(i64, i64)>(conn)?
        .into_iter()
        .collect();
    let rows = hotels
        .into_iter()
        .map(|h| HotelForProduct {
            product_count: counts.get(&h.id).copied().unwrap_or(0),
            id: h.id,
            name: h.name,
            star: h.star,
            zone_id: h.zone_id,
            zone_name: h.zone_name,
            address: h.address,
            state: h.state,
        })
        .collect();
    Ok((rows, total))
}

pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<Hotel>> {
    let row = hotels::table
        .find(id)
        .filter(hotels::saas_id.eq(viewer.saas_id))
        .select(HotelRow::as_select())
        .first(conn)
        .optional()?;
    let Some(row) = row else {
        return Ok(None);
    };
    Ok(with_zone_names(conn, viewer, vec![row])?.pop())
}

/// The `areaId` of a hotel of the viewer's tenant, if there is such a hotel: what a change is
/// checked against (an area disabled since stays valid on it), without the names `find` adds.
pub fn area_of(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<String>> {
    hotels::table
        .find(id)
        .filter(hotels::saas_id.eq(viewer.saas_id))
        .select(hotels::area_id)
        .first(conn)
        .optional()
}

pub fn exists(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<bool> {
    let n: i64 = hotels::table
        .filter(hotels::id.eq(id))
        .filter(hotels::saas_id.eq(viewer.saas_id))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &HotelFields,
    now: i64,
) -> QueryResult<Hotel> {
    diesel::insert_into(hotels::table)
        .values((
            hotels::id.eq(id),
            hotels::saas_id.eq(viewer.saas_id),
            HotelColumns::of(f)?,
            hotels::created_at.eq(now),
            hotels::updated_at.eq(now),
        ))
        .execute(conn)?;
    find(conn, viewer, id)?.ok_or(diesel::result::Error::NotFound)
}

/// Changes a hotel of the tenant; None when there is none.
pub fn update(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &HotelFields,
    now: i64,
) -> QueryResult<Option<Hotel>> {
    let n = diesel::update(
        hotels::table
            .find(id)
            .filter(hotels::saas_id.eq(viewer.saas_id)),
    )
    .set((HotelColumns::of(f)?, hotels::updated_at.eq(now)))
    .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    find(conn, viewer, id)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = hotel_requests)]
struct RequestRow {
    id: i64,
    mch_id: i64,
    kind: i32,
    hotel_id: i64,
    payload: String,
    state: i32,
    remark: String,
    requested_by: i64,
    decided_by: i64,
    created_at: i64,
    decided_at: i64,
}

/// A supplier's request as the pages show it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HotelRequest {
    pub id: i64,
    /// The supplier that asked.
    pub mch_id: i64,
    pub mch_name: String,
    /// 1 add a hotel, 2 change one.
    pub kind: i32,
    /// The hotel changed; for an add, the hotel created once approved (0 before).
    pub hotel_id: i64,
    /// The hotel's fields as asked.
    #[schema(value_type = HotelFields)]
    pub hotel: serde_json::Value,
    /// 0 pending, 1 approved, 2 rejected.
    pub state: i32,
    /// The operator's remark on the decision.
    pub remark: String,
    pub requested_by: i64,
    /// The operator who decided; 0 while pending.
    pub decided_by: i64,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    /// When decided; 0 while pending.
    #[serde(rename = "decideDate")]
    pub decided_at: i64,
}

impl RequestRow {
    fn view(self, mch_name: String) -> HotelRequest {
        HotelRequest {
            id: self.id,
            mch_id: self.mch_id,
            mch_name,
            kind: self.kind,
            hotel_id: self.hotel_id,
            hotel: serde_json::from_str(&self.payload).unwrap_or(serde_json::Value::Null),
            state: self.state,
            remark: self.remark,
            requested_by: self.requested_by,
            decided_by: self.decided_by,
            created_at: self.created_at,
            decided_at: self.decided_at,
        }
    }
}

/// A pending request with what it asks, for the decision.
#[derive(Debug, Clone)]
pub struct Pending {
    pub kind: i32,
    pub hotel_id: i64,
    pub payload: String,
}

#[derive(Debug, Default, Clone)]
pub struct RequestFilter {
    pub state: Option<i32>,
    pub kind: Option<i32>,
}

/// The requests `viewer` sees: the tenant's, or a merchant's user only its merchant's.
fn requests_in<'a>(viewer: &Viewer, f: &'a RequestFilter) -> hotel_requests::BoxedQuery<'a, Db> {
    let mut q = hotel_requests::table
        .filter(hotel_requests::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(m) = viewer.mch_id() {
        q = q.filter(hotel_requests::mch_id.eq(m));
    }
    if let Some(s) = f.state {
        q = q.filter(hotel_requests::state.eq(s));
    }
    if let Some(k) = f.kind {
        q = q.filter(hotel_requests::kind.eq(k));
    }
    q
}

fn with_merchant_names(
    conn: &mut DbConnection,
    viewer: &Viewer,
    rows: Vec<RequestRow>,
) -> QueryResult<Vec<HotelRequest>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.mch_id).collect();
    let names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let name = names.get(&r.mch_id).cloned().unwrap_or_default();
            r.view(name)
        })
        .collect())
}

/// The requests `viewer` sees (a supplier's user: its own), newest first.
pub fn list_requests(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &RequestFilter,
    page: PageRequest,
) -> QueryResult<(Vec<HotelRequest>, i64)> {
    let total = requests_in(viewer, f).count().get_result(conn)?;
    let rows = requests_in(viewer, f)
        .order((hotel_requests::created_at.desc(), hotel_requests::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(RequestRow::as_select())
        .load(conn)?;
    Ok((with_merchant_names(conn, viewer, rows)?, total))
}

pub fn find_request(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<HotelRequest>> {
    let row = requests_in(viewer, &RequestFilter::default())
        .filter(hotel_requests::id.eq(id))
        .select(RequestRow::as_select())
        .first(conn)
        .optional()?;
    let Some(row) = row else {
        return Ok(None);
    };
    Ok(with_merchant_names(conn, viewer, vec![row])?.pop())
}

/// A new pending request of the viewer's tenant.
pub struct NewRequest<'a> {
    pub id: i64,
    /// The supplier that asks.
    pub mch_id: i64,
    pub kind: i32,
    pub hotel_id: i64,
    pub fields: &'a HotelFields,
    pub requested_by: i64,
    pub now: i64,
}

pub fn insert_request(
    conn: &mut DbConnection,
    viewer: &Viewer,
    r: NewRequest<'_>,
) -> QueryResult<HotelRequest> {
    let payload = serde_json::to_string(r.fields)
        .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
    diesel::insert_into(hotel_requests::table)
        .values((
            hotel_requests::id.eq(r.id),
            hotel_requests::saas_id.eq(viewer.saas_id),
            hotel_requests::mch_id.eq(r.mch_id),
            hotel_requests::kind.eq(r.kind),
            hotel_requests::hotel_id.eq(r.hotel_id),
            hotel_requests::payload.eq(payload),
            hotel_requests::state.eq(REQUEST_PENDING),
            hotel_requests::remark.eq(""),
            hotel_requests::requested_by.eq(r.requested_by),
            hotel_requests::decided_by.eq(0_i64),
            hotel_requests::created_at.eq(r.now),
            hotel_requests::decided_at.eq(0_i64),
        ))
        .execute(conn)?;
    find_request(conn, viewer, r.id)?.ok_or(diesel::result::Error::NotFound)
}

/// The decision on a request.
pub struct Decision<'a> {
    pub state: i32,
    pub remark: &'a str,
    pub decided_by: i64,
    pub now: i64,
}

/// Decides a pending request of the tenant and answers what it asked; None when it is not
/// pending (or not the tenant's). The `state = 0` condition makes two concurrent decisions
/// settle on one: the second changes no row.
pub fn decide(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    d: Decision<'_>,
) -> QueryResult<Option<Pending>> {
    let n = diesel::update(
        hotel_requests::table
            .find(id)
            .filter(hotel_requests::saas_id.eq(viewer.saas_id))
            .filter(hotel_requests::state.eq(REQUEST_PENDING)),
    )
    .set((
        hotel_requests::state.eq(d.state),
        hotel_requests::remark.eq(d.remark),
        hotel_requests::decided_by.eq(d.decided_by),
        hotel_requests::decided_at.eq(d.now),
    ))
    .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    hotel_requests::table
        .find(id)
        .select((
            hotel_requests::kind,
            hotel_requests::hotel_id,
            hotel_requests::payload,
        ))
        .first::<(i32, i64, String)>(conn)
        .map(|(kind, hotel_id, payload)| {
            Some(Pending {
                kind,
                hotel_id,
                payload,
            })
        })
}

/// Records the hotel an approved add created.
pub fn set_request_hotel(conn: &mut DbConnection, id: i64, hotel_id: i64) -> QueryResult<()> {
    diesel::update(hotel_requests::table.find(id))
        .set(hotel_requests::hotel_id.eq(hotel_id))
        .execute(conn)
        .map(|_| ())
}
