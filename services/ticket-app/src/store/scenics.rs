//! The tenant's scenic spots. The tenant's staff see every one; a merchant's users see the
//! spots in the normal state only (the ones they can sell or supply).

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection, lower};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::scenic_infos;
use crate::domain::scenic::{STATE_NORMAL, ScenicFields};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = scenic_infos)]
pub struct Scenic {
    #[serde(rename = "scenicId")]
    pub id: i64,
    pub scenic_name: String,
    pub scenic_name_en: String,
    /// `typeScenicStar`.
    #[diesel(column_name = scenic_star)]
    pub star: i32,
    pub address: String,
    pub phone: String,
    pub description: String,
    /// `stateScenic`: 0 pending, 1 normal, 2 stopped.
    pub state: i32,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

/// What a list may be narrowed to.
#[derive(Debug, Default, Clone)]
pub struct ScenicFilter {
    /// Part of the Chinese or English name.
    pub name: Option<String>,
    pub state: Option<i32>,
    pub star: Option<i32>,
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
        .select(Scenic::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// One spot `viewer` may see (another tenant's, or a hidden one, is none).
pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<Scenic>> {
    visible(viewer)
        .filter(scenic_infos::id.eq(id))
        .select(Scenic::as_select())
        .first(conn)
        .optional()
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
    .set(fields(f, now))
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
