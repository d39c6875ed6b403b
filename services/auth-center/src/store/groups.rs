//! Permission groups of a tenant, the codes each grants and how many users are in it.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::Backend as Db;
use platform::db::DbConnection;
use platform::db::SearchText as _;
use platform::http::PageRequest;

use super::schema::{group_permissions, perm_groups, user_groups};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = perm_groups)]
pub struct Group {
    pub id: i64,
    pub name: String,
    pub remarks: String,
    pub created_at: i64,
    pub updated_at: i64,
}

pub fn list_groups(
    conn: &mut DbConnection,
    viewer: &Viewer,
    name: Option<&str>,
    page: PageRequest,
) -> QueryResult<(Vec<Group>, i64)> {
    let query = || {
        let mut q = perm_groups::table
            .filter(perm_groups::saas_id.eq(viewer.saas_id))
            .into_boxed::<Db>();
        if let Some(n) = name.filter(|n| !n.is_empty()) {
            q = q.filter(perm_groups::name.contains_text(n));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(perm_groups::name)
        .offset(page.offset())
        .limit(page.limit())
        .select(Group::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// Creates a group of the viewer's tenant.
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    name: &str,
    remarks: &str,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(perm_groups::table)
        .values((
            perm_groups::id.eq(id),
            perm_groups::saas_id.eq(viewer.saas_id),
            perm_groups::name.eq(name),
            perm_groups::remarks.eq(remarks),
            perm_groups::created_at.eq(now),
            perm_groups::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

pub fn update(
    conn: &mut DbConnection,
    id: i64,
    name: &str,
    remarks: &str,
    now: i64,
) -> QueryResult<()> {
    diesel::update(perm_groups::table.find(id))
        .set((
            perm_groups::name.eq(name),
            perm_groups::remarks.eq(remarks),
            perm_groups::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// The group if it is one of the viewer's tenant.
pub fn group_in_tenant(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<Group>> {
    perm_groups::table
        .filter(perm_groups::saas_id.eq(viewer.saas_id))
        .filter(perm_groups::id.eq(id))
        .select(Group::as_select())
        .first(conn)
        .optional()
}

/// Whether every group id is a group of the viewer's tenant.
pub fn groups_in_tenant(
    conn: &mut DbConnection,
    viewer: &Viewer,
    ids: &[i64],
) -> QueryResult<bool> {
    if ids.is_empty() {
        return Ok(true);
    }
    let n: i64 = perm_groups::table
        .filter(perm_groups::saas_id.eq(viewer.saas_id))
        .filter(perm_groups::id.eq_any(ids))
        .count()
        .get_result(conn)?;
    Ok(usize::try_from(n).unwrap_or(0) == ids.len())
}

pub fn group_name_taken(
    conn: &mut DbConnection,
    viewer: &Viewer,
    name: &str,
    except: i64,
) -> QueryResult<bool> {
    let n: i64 = perm_groups::table
        .filter(perm_groups::saas_id.eq(viewer.saas_id))
        .filter(perm_groups::name.eq(name))
        .filter(perm_groups::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

pub fn group_codes(conn: &mut DbConnection, group_id: i64) -> QueryResult<Vec<String>> {
    group_permissions::table
        .filter(group_permissions::group_id.eq(group_id))
        .select(group_permissions::perm_code)
        .order(group_permissions::perm_code)
        .load(conn)
}

pub fn member_counts(conn: &mut DbConnection, group_ids: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    user_groups::table
        .filter(user_groups::group_id.eq_any(group_ids))
        .group_by(user_groups::group_id)
        .select((user_groups::group_id, diesel::dsl::count_star()))
        .load(conn)
}

pub fn set_group_codes(
    conn: &mut DbConnection,
    group_id: i64,
    codes: &[String],
) -> QueryResult<()> {
    diesel::delete(group_permissions::table.filter(group_permissions::group_id.eq(group_id)))
        .execute(conn)?;
    for code in codes {
        diesel::insert_into(group_permissions::table)
            .values((
                group_permissions::group_id.eq(group_id),
                group_permissions::perm_code.eq(code),
            ))
            .execute(conn)?;
    }
    Ok(())
}
