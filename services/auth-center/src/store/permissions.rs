//! The permission catalogue (what every service declared), the applications, and what a user
//! holds through its groups.

use diesel::prelude::*;
use platform::Viewer;
use platform::auth::access;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::DbConnection;

use super::schema::{applications, group_permissions, permissions, user_groups};
use super::users::User;
use crate::NAME;

/// The group entries (codes and subtrees) the user holds through groups.
pub fn grants_of(conn: &mut DbConnection, user_id: i64) -> QueryResult<Vec<String>> {
    group_permissions::table
        .inner_join(user_groups::table.on(user_groups::group_id.eq(group_permissions::group_id)))
        .filter(user_groups::user_id.eq(user_id))
        .select(group_permissions::perm_code)
        .distinct()
        .load(conn)
}

/// What `access::holds` needs to know of the user beyond its role: its groups' entries, or
/// nothing when the role alone holds every code.
pub fn held_grants(
    conn: &mut DbConnection,
    msc_type: i32,
    user_id: i64,
) -> QueryResult<Vec<String>> {
    if access::held_by_role(msc_type, "") {
        return Ok(Vec::new());
    }
    grants_of(conn, user_id)
}

/// Tells every service's permission cache that the grants of a user (or a group) of the
/// viewer's tenant changed.
pub fn grants_changed(
    conn: &mut DbConnection,
    viewer: &Viewer,
    user_id: i64,
    group_id: i64,
) -> QueryResult<()> {
    let event = v1::PermissionGrantChanged { user_id, group_id };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "permission-grant.changed", viewer.saas_id, &event),
    )
    .map(|_| ())
}

/// The catalogue codes the user holds, with their application: `loadMenu`.
pub fn menu_of(conn: &mut DbConnection, user: &User) -> QueryResult<Vec<(String, i32)>> {
    let catalogue: Vec<(String, i32)> = permissions::table
        .select((permissions::code, permissions::app_id))
        .order(permissions::code)
        .load(conn)?;
    let grants = held_grants(conn, user.msc_type, user.id)?;
    Ok(catalogue
        .into_iter()
        .filter(|(code, _)| access::holds(user.msc_type, &grants, code))
        .collect())
}

#[derive(Debug, Clone, Queryable)]
pub struct App {
    pub app_id: i32,
    pub app_name: String,
    pub app_reg_name_zh: String,
    pub app_reg_name_en: String,
    pub display_status: i32,
    pub sort: i32,
}

/// The applications the user may open: every one for administrators, otherwise the base
/// application and those the user holds a code of.
pub fn apps_of(conn: &mut DbConnection, user: &User) -> QueryResult<Vec<App>> {
    let all: Vec<App> = applications::table
        .select((
            applications::app_id,
            applications::app_name,
            applications::app_reg_name_zh,
            applications::app_reg_name_en,
            applications::display_status,
            applications::sort,
        ))
        .order(applications::sort)
        .load(conn)?;
    if access::held_by_role(user.msc_type, "") {
        return Ok(all);
    }
    let held: std::collections::HashSet<i32> = menu_of(conn, user)?
        .into_iter()
        .map(|(_, app)| app)
        .collect();
    Ok(all
        .into_iter()
        .filter(|a| a.app_id == platform::app::APP_BASE || held.contains(&a.app_id))
        .collect())
}

/// A catalogue entry: (code, appId, service, English summary, Chinese summary).
pub type CatalogueRow = (String, i32, String, String, String);

/// The catalogue, by code.
pub fn catalogue(conn: &mut DbConnection) -> QueryResult<Vec<CatalogueRow>> {
    permissions::table
        .select((
            permissions::code,
            permissions::app_id,
            permissions::service,
            permissions::summary,
            permissions::summary_zh,
        ))
        .order(permissions::code)
        .load(conn)
}

/// Brings the catalogue's entries of one service to what it declared.
pub fn save_permissions(
    conn: &mut DbConnection,
    d: &v1::PermissionsDeclared,
    now: i64,
) -> QueryResult<()> {
    diesel::delete(permissions::table.filter(permissions::service.eq(&d.service))).execute(conn)?;
    for p in &d.permissions {
        // A code another service declared first keeps its owner.
        let exists: i64 = permissions::table
            .filter(permissions::code.eq(&p.code))
            .count()
            .get_result(conn)?;
        if exists > 0 {
            continue;
        }
        diesel::insert_into(permissions::table)
            .values((
                permissions::code.eq(&p.code),
                permissions::app_id.eq(d.app_id),
                permissions::service.eq(&d.service),
                permissions::summary.eq(&p.summary),
                permissions::summary_zh.eq(&p.summary_zh),
                permissions::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(())
}
