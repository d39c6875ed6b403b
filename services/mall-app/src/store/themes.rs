//! Themes and the ordered products in each. The tenant's staff see and keep every theme;
//! merchants' users see the enabled ones, with the products they may see.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection, lower};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{mall_products, mall_theme_products, mall_themes};
use crate::domain::theme::{STATE_ENABLED, ThemeFields};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = mall_themes)]
pub struct Theme {
    pub id: i64,
    pub theme_name: String,
    pub cover: String,
    pub sort_num: i32,
    #[serde(rename = "startTime")]
    pub start_at: i64,
    #[serde(rename = "endTime")]
    pub end_at: i64,
    /// 1 enabled, 0 disabled.
    pub state: i32,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

/// A product of a theme, in the theme's order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, Queryable)]
#[serde(rename_all = "camelCase")]
pub struct ThemeProduct {
    pub id: i64,
    pub product_name: String,
    pub price: i64,
    /// The product's state (0 draft, 1 published, 2 withdrawn).
    pub state: i32,
    pub sort_num: i32,
}

#[derive(Debug, Default, Clone)]
pub struct ThemeFilter {
    pub name: Option<String>,
    pub state: Option<i32>,
    /// Showing at this ms (inside the active period).
    pub active_at: Option<i64>,
}

fn visible(viewer: &Viewer) -> mall_themes::BoxedQuery<'static, Db> {
    let mut q = mall_themes::table
        .filter(mall_themes::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if !viewer.is_tenant_staff() {
        q = q.filter(mall_themes::state.eq(STATE_ENABLED));
    }
    q
}

fn filtered(viewer: &Viewer, f: &ThemeFilter) -> mall_themes::BoxedQuery<'static, Db> {
    let mut q = visible(viewer);
    if let Some(name) = f.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        q = q.filter(lower(mall_themes::theme_name).contains_text(&name.to_lowercase()));
    }
    if let Some(s) = f.state {
        q = q.filter(mall_themes::state.eq(s));
    }
    if let Some(t) = f.active_at {
        q = q
            .filter(mall_themes::start_at.le(t))
            .filter(mall_themes::end_at.gt(t));
    }
    q
}

/// A page of the themes `viewer` sees, in their order.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &ThemeFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Theme>, i64)> {
    let total = filtered(viewer, f).count().get_result(conn)?;
    let rows = filtered(viewer, f)
        .order((mall_themes::sort_num.asc(), mall_themes::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(Theme::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<Theme>> {
    visible(viewer)
        .filter(mall_themes::id.eq(id))
        .select(Theme::as_select())
        .first(conn)
        .optional()
}

/// The products of a theme the viewer sees, in the theme's order (a distributor's users see
/// only the published ones, a supplier's its own).
pub fn products(
    conn: &mut DbConnection,
    viewer: &Viewer,
    theme_id: i64,
) -> QueryResult<Vec<ThemeProduct>> {
    let mut q = mall_theme_products::table
        .inner_join(mall_products::table.on(mall_products::id.eq(mall_theme_products::product_id)))
        .filter(mall_theme_products::theme_id.eq(theme_id))
        .filter(mall_theme_products::saas_id.eq(viewer.saas_id))
        .filter(mall_products::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(s) = viewer.supplier() {
        q = q.filter(mall_products::supplier_id.eq(s));
    } else if !viewer.is_tenant_staff() {
        q = q.filter(mall_products::state.eq(crate::domain::product::STATE_PUBLISHED));
    }
    q.order(mall_theme_products::sort_num.asc())
        .select((
            mall_products::id,
            mall_products::product_name,
            mall_products::price,
            mall_products::state,
            mall_theme_products::sort_num,
        ))
        .load(conn)
}

pub fn name_taken(
    conn: &mut DbConnection,
    viewer: &Viewer,
    name: &str,
    except: i64,
) -> QueryResult<bool> {
    let n: i64 = mall_themes::table
        .filter(mall_themes::saas_id.eq(viewer.saas_id))
        .filter(mall_themes::theme_name.eq(name))
        .filter(mall_themes::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &ThemeFields,
    now: i64,
) -> QueryResult<i64> {
    let id = platform::id::next_id();
    diesel::insert_into(mall_themes::table)
        .values((
            mall_themes::id.eq(id),
            mall_themes::saas_id.eq(viewer.saas_id),
            mall_themes::created_at.eq(now),
            fields(f, now),
        ))
        .execute(conn)?;
    Ok(id)
}

pub fn update(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &ThemeFields,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        mall_themes::table
            .filter(mall_themes::id.eq(id))
            .filter(mall_themes::saas_id.eq(viewer.saas_id)),
    )
    .set(fields(f, now))
    .execute(conn)?;
    Ok(n > 0)
}

pub fn set_state(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    state: i32,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        mall_themes::table
            .filter(mall_themes::id.eq(id))
            .filter(mall_themes::saas_id.eq(viewer.saas_id)),
    )
    .set((
        mall_themes::state.eq(state),
        mall_themes::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n > 0)
}

/// Replaces the products of a theme by `ids`, in that order (ids checked by the caller).
pub fn set_products(
    conn: &mut DbConnection,
    viewer: &Viewer,
    theme_id: i64,
    ids: &[i64],
) -> QueryResult<()> {
    diesel::delete(
        mall_theme_products::table
            .filter(mall_theme_products::theme_id.eq(theme_id))
            .filter(mall_theme_products::saas_id.eq(viewer.saas_id)),
    )
    .execute(conn)?;
    for (i, id) in ids.iter().enumerate() {
        diesel::insert_into(mall_theme_products::table)
            .values((
                mall_theme_products::theme_id.eq(theme_id),
                mall_theme_products::product_id.eq(id),
                mall_theme_products::saas_id.eq(viewer.saas_id),
                mall_theme_products::sort_num.eq(i32::try_from(i).unwrap_or(i32::MAX)),
            ))
            .execute(conn)?;
    }
    Ok(())
}

#[allow(clippy::type_complexity)]
fn fields(
    f: &ThemeFields,
    now: i64,
) -> (
    diesel::dsl::Eq<mall_themes::theme_name, String>,
    diesel::dsl::Eq<mall_themes::cover, String>,
    diesel::dsl::Eq<mall_themes::sort_num, i32>,
    diesel::dsl::Eq<mall_themes::start_at, i64>,
    diesel::dsl::Eq<mall_themes::end_at, i64>,
    diesel::dsl::Eq<mall_themes::state, i32>,
    diesel::dsl::Eq<mall_themes::updated_at, i64>,
) {
    (
        mall_themes::theme_name.eq(f.theme_name.clone()),
        mall_themes::cover.eq(f.cover.clone()),
        mall_themes::sort_num.eq(f.sort_num),
        mall_themes::start_at.eq(f.start_time),
        mall_themes::end_at.eq(f.end_time),
        mall_themes::state.eq(f.state),
        mall_themes::updated_at.eq(now),
    )
}
