//! Notices: a tenant's own (the platform's under tenant 0, its administrators' viewer), and the
//! published ones the dashboard shows. Each is read and changed in the viewer's tenant only; a
//! notice of tenant 0 reaches other tenants only when a platform administrator wrote it.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use platform::tenancy::{PLATFORM_SAAS_ID, msc};
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::notices;
use crate::domain::notices::{DRAFT, PUBLISHED, published_at};

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = notices)]
pub struct Notice {
    pub id: i64,
    /// 0 for the platform's notices.
    pub saas_id: i64,
    pub title: String,
    pub content: String,
    /// 0 draft, 1 published, 2 withdrawn.
    pub state: i32,
    pub published_at: Option<i64>,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
    /// The mscType of whoever last wrote it (none for notices written before it was kept).
    #[serde(skip)]
    pub author_type: Option<i32>,
}

/// Notice `id` if it is the viewer's tenant's.
fn in_tenant(
    viewer: &Viewer,
    id: i64,
) -> diesel::dsl::Filter<
    diesel::dsl::Find<notices::table, i64>,
    diesel::dsl::Eq<notices::saas_id, i64>,
> {
    notices::table
        .find(id)
        .filter(notices::saas_id.eq(viewer.saas_id))
}

/// The viewer's tenant's notices, newest first; `title` matches a part of it.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    title: Option<&str>,
    state: Option<i32>,
    page: PageRequest,
) -> QueryResult<(Vec<Notice>, i64)> {
    let query = || {
        let mut b = notices::table
            .filter(notices::saas_id.eq(viewer.saas_id))
            .into_boxed::<Db>();
        if let Some(t) = title.filter(|t| !t.is_empty()) {
            b = b.filter(notices::title.contains_text(t));
        }
        if let Some(s) = state {
            b = b.filter(notices::state.eq(s));
        }
        b
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(notices::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(Notice::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// A notice of the viewer's tenant; another tenant's is none.
pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<Notice>> {
    in_tenant(viewer, id)
        .select(Notice::as_select())
        .first(conn)
        .optional()
}

/// Who writes a notice: the user's id and mscType.
#[derive(Debug, Clone, Copy)]
pub struct Author {
    pub user_id: i64,
    pub msc_type: i32,
}

/// Writes a draft in the viewer's tenant.
pub fn insert_draft(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    title: &str,
    content: &str,
    author: Author,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(notices::table)
        .values((
            notices::id.eq(id),
            notices::saas_id.eq(viewer.saas_id),
            notices::title.eq(title),
            notices::content.eq(content),
            notices::state.eq(DRAFT),
            notices::created_by.eq(author.user_id),
            notices::author_type.eq(Some(author.msc_type)),
            notices::created_at.eq(now),
            notices::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Rewrites a notice of the viewer's tenant; it is the writer's from now on.
pub fn update_text(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    title: &str,
    content: &str,
    author: Author,
    now: i64,
) -> QueryResult<()> {
    diesel::update(in_tenant(viewer, id))
        .set((
            notices::title.eq(title),
            notices::content.eq(content),
            notices::author_type.eq(Some(author.msc_type)),
            notices::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Publishes or withdraws a notice of the viewer's tenant.
pub fn set_state(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    state: i32,
    now: i64,
) -> QueryResult<()> {
    diesel::update(in_tenant(viewer, id))
        .set((
            notices::state.eq(state),
            notices::published_at.eq(published_at(state, now)),
            notices::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The `limit` latest published notices of the viewer's tenant and of the platform. The
/// platform's are those of saasId 0 a platform administrator wrote: saasId 0 alone says nothing
/// of who wrote it.
pub fn latest_published(
    conn: &mut DbConnection,
    viewer: &Viewer,
    limit: i64,
) -> QueryResult<Vec<Notice>> {
    let platforms = notices::saas_id
        .eq(PLATFORM_SAAS_ID)
        .and(notices::author_type.eq(msc::PLATFORM_ADMIN));
    notices::table
        .filter(notices::saas_id.eq(viewer.saas_id).or(platforms))
        .filter(notices::state.eq(PUBLISHED))
        .order(notices::published_at.desc())
        .limit(limit)
        .select(Notice::as_select())
        .load(conn)
}
