//! The tenant's scenic spots. The tenant's staff see every one; a merchant's users see the
//! spots in the normal state only (the ones they can sell or supply).

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection, lower};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{scenic_infos, scenic_suppliers};
use crate::domain::scenic::{STATE_NORMAL, ScenicFields};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = scenic_infos)]
struct ScenicRow {
    id: i64,
    scenic_name: String,
    scenic_name_en: String,
    scenic_star: i32,
    area_id: String,
    zone_name: String,
    address: String,
    longitude: Option<f64>,
    latitude: Option<f64>,
    phone: String,
    images: String,
    open_type: i32,
    open_time: String,
    close_time: String,
    seasons: String,
    description: String,
    notices: String,
    state: i32,
    created_at: i64,
    updated_at: i64,
}

/// A scenic spot as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Scenic {
    pub scenic_id: i64,
    pub scenic_name: String,
    pub scenic_name_en: String,
    /// `typeScenicStar`.
    pub star: i32,
    pub area_id: String,
    /// The area's names (saas-main's, from the copy); empty for none or one not known.
    pub area_name: String,
    pub area_name_en: String,
    pub zone_name: String,
    pub address: String,
    pub longitude: Option<f64>,
    pub latitude: Option<f64>,
    pub phone: String,
    pub images: Vec<String>,
    /// `typeScenicOpen`: 1 all year, 2 seasonal, 3 temporarily closed.
    pub open_type: i32,
    pub open_time: String,
    pub close_time: String,
    pub seasons: String,
    pub description: String,
    pub notices: String,
    /// `stateScenic`: 0 pending, 1 normal, 2 stopped.
    pub state: i32,
    pub create_date: i64,
    pub modify_date: i64,
}

impl From<ScenicRow> for Scenic {
    fn from(r: ScenicRow) -> Self {
        Scenic {
            scenic_id: r.id,
            scenic_name: r.scenic_name,
            scenic_name_en: r.scenic_name_en,
            star: r.scenic_star,
            area_id: r.area_id,
            area_name: String::new(),
            area_name_en: String::new(),
            zone_name: r.zone_name,
            address: r.address,
            longitude: r.longitude,
            latitude: r.latitude,
            phone: r.phone,
            // Written only from a Vec<String>; an unreadable value shows as no images.
            images: serde_json::from_str(&r.images).unwrap_or_default(),
            open_type: r.open_type,
            open_time: r.open_time,
            close_time: r.close_time,
            seasons: r.seasons,
            description: r.description,
            notices: r.notices,
            state: r.state,
            create_date: r.created_at,
            modify_date: r.updated_at,
        }
    }
}

/// What a list may be narrowed to.
#[derive(Debug, Default, Clone)]
pub struct ScenicFilter {
    /// Part of the Chinese or English name.
    pub name: Option<String>,
    pub state: Option<i32>,
    pub star: Option<i32>,
    /// The area code, or its leading part (`3301` finds `330106`).
    pub area_id: Option<String>,
    pub open_type: Option<i32>,
    /// Only the spots this supplier has a relationship with, in this state.
    pub supplier: Option<(i64, Option<i32>)>,
}

/// The spots `viewer` may see.
fn visible(viewer: &Viewer) -> scenic_infos::BoxedQuery<'static, Db> {
    let mut q = scenic_infos::table
        .filter(scenic_infos::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if !viewer.is_tenant_staff() {
        q = q.filter(scenic_infos::state.eq(STATE_NORMAL));
    }
    q
}

fn filtered(viewer: &Viewer, f: &ScenicFilter) -> scenic_infos::BoxedQuery<'static, Db> {
    let mut q = visible(viewer);
    if let Some(name) = f.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        let name = name.to_lowercase();
        q = q.filter(
            lower(scenic_infos::scenic_name)
                .contains_text(&name)
                .or(lower(scenic_infos::scenic_name_en).contains_text(&name)),
        );
    }
    if let Some(s) = f.state {
        q = q.filter(scenic_infos::state.eq(s));
    }
    if let Some(s) = f.star {
        q = q.filter(scenic_infos::scenic_star.eq(s));
    }
    if let Some(a) = f
        .area_id
        .as_deref()
        .map(str::trim)
        .filter(|a| !a.is_empty())
    {
        q = q.filter(scenic_infos::area_id.starts_with_text(a));
    }
    if let Some(t) = f.open_type {
        q = q.filter(scenic_infos::open_type.eq(t));
    }
    if let Some((mch_id, state)) = f.supplier {
        let related = scenic_suppliers::table
            .filter(scenic_suppliers::saas_id.eq(viewer.saas_id))
            .filter(scenic_suppliers::mch_id.eq(mch_id));
        q = match state {
            Some(s) => q.filter(
                scenic_infos::id.eq_any(
                    related
                        .filter(scenic_suppliers::state.eq(s))
                        .select(scenic_suppliers::scenic_id),
                ),
            ),
            None => q.filter(scenic_infos::id.eq_any(related.select(scenic_suppliers::scenic_id))),
        };
    }
    q
}

/// A page of the spots `viewer` sees, newest first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &ScenicFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Scenic>, i64)> {
    let total = filtered(viewer, f).count().get_result(conn)?;
    let rows = filtered(viewer, f)
        .order(scenic_infos::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(ScenicRow::as_select())
        .load(conn)?;
    let spots = named(conn, rows.into_iter().map(Scenic::from).collect())?;
    Ok((spots, total))
}

/// The spots with their areas' names.
fn named(conn: &mut DbConnection, mut spots: Vec<Scenic>) -> QueryResult<Vec<Scenic>> {
    let codes: Vec<&str> = spots.iter().map(|s| s.area_id.as_str()).collect();
    let names = platform::replica::area_names(conn, &codes)?;
    for spot in &mut spots {
        if let Some((zh, en)) = names.get(&spot.area_id) {
            spot.area_name.clone_from(zh);
            spot.area_name_en.clone_from(en);
        }
    }
    Ok(spots)
}

/// One spot `viewer` may see (another tenant's, or a hidden one, is none).
pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<Scenic>> {
    let row = visible(viewer)
        .filter(scenic_infos::id.eq(id))
        .select(ScenicRow::as_select())
        .first(conn)
        .optional()?;
    let Some(row) = row else {
        return Ok(None);
    };
    Ok(named(conn, vec![Scenic::from(row)])?.pop())
}

/// Whether another spot of the tenant has this name.
pub fn name_taken(
    conn: &mut DbConnection,
    viewer: &Viewer,
    name: &str,
    except: i64,
) -> QueryResult<bool> {
    let n: i64 = scenic_infos::table
        .filter(scenic_infos::saas_id.eq(viewer.saas_id))
        .filter(scenic_infos::scenic_name.eq(name))
        .filter(scenic_infos::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Adds a spot to the viewer's tenant; answers its id.
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    by_user: i64,
    f: &ScenicFields,
    now: i64,
) -> QueryResult<i64> {
    let id = platform::id::next_id();
    diesel::insert_into(scenic_infos::table)
        .values((
            scenic_infos::id.eq(id),
            scenic_infos::saas_id.eq(viewer.saas_id),
            scenic_infos::created_by.eq(by_user),
            scenic_infos::created_at.eq(now),
            fields(f, now),
            more_fields(f),
        ))
        .execute(conn)?;
    Ok(id)
}

/// Rewrites a spot of the viewer's tenant; answers whether it existed there.
pub fn update(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &ScenicFields,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        scenic_infos::table
            .filter(scenic_infos::id.eq(id))
            .filter(scenic_infos::saas_id.eq(viewer.saas_id)),
    )
    .set((fields(f, now), more_fields(f)))
    .execute(conn)?;
    Ok(n > 0)
}

#[allow(clippy::type_complexity)]
fn fields(
    f: &ScenicFields,
    now: i64,
) -> (
    diesel::dsl::Eq<scenic_infos::scenic_name, String>,
    diesel::dsl::Eq<scenic_infos::scenic_name_en, String>,
    diesel::dsl::Eq<scenic_infos::scenic_star, i32>,
    diesel::dsl::Eq<scenic_infos::address, String>,
    diesel::dsl::Eq<scenic_infos::phone, String>,
    diesel::dsl::Eq<scenic_infos::description, String>,
    diesel::dsl::Eq<scenic_infos::state, i32>,
    diesel::dsl::Eq<scenic_infos::updated_at, i64>,
) {
    (
        scenic_infos::scenic_name.eq(f.scenic_name.clone()),
        scenic_infos::scenic_name_en.eq(f.scenic_name_en.clone()),
        scenic_infos::scenic_star.eq(f.star),
        scenic_infos::address.eq(f.address.clone()),
        scenic_infos::phone.eq(f.phone.clone()),
        scenic_infos::description.eq(f.description.clone()),
        scenic_infos::state.eq(f.state),
        scenic_infos::updated_at.eq(now),
    )
}

#[allow(clippy::type_complexity)]
fn more_fields(
    f: &ScenicFields,
) -> (
    diesel::dsl::Eq<scenic_infos::area_id, String>,
    diesel::dsl::Eq<scenic_infos::zone_name, String>,
    diesel::dsl::Eq<scenic_infos::longitude, Option<f64>>,
    diesel::dsl::Eq<scenic_infos::latitude, Option<f64>>,
    diesel::dsl::Eq<scenic_infos::images, String>,
    diesel::dsl::Eq<scenic_infos::open_type, i32>,
    diesel::dsl::Eq<scenic_infos::open_time, String>,
    diesel::dsl::Eq<scenic_infos::close_time, String>,
    diesel::dsl::Eq<scenic_infos::seasons, String>,
    diesel::dsl::Eq<scenic_infos::notices, String>,
) {
    (
        scenic_infos::area_id.eq(f.area_id.clone()),
        scenic_infos::zone_name.eq(f.zone_name.clone()),
        scenic_infos::longitude.eq(f.longitude),
        scenic_infos::latitude.eq(f.latitude),
        // A Vec<String> always serialises.
        scenic_infos::images.eq(serde_json::to_string(&f.images).unwrap_or_else(|_| "[]".into())),
        scenic_infos::open_type.eq(f.open_type),
        scenic_infos::open_time.eq(f.open_time.clone()),
        scenic_infos::close_time.eq(f.close_time.clone()),
        scenic_infos::seasons.eq(f.seasons.clone()),
        scenic_infos::notices.eq(f.notices.clone()),
    )
}
