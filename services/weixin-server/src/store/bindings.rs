//! Bind scenes (what a QR code's scene stands for) and the staff users' bindings.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::DbConnection;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{wx_bind_scenes, wx_bindings};

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = wx_bindings)]
pub struct Binding {
    #[serde(skip)]
    pub id: i64,
    pub config_id: i64,
    pub user_id: i64,
    pub open_id: String,
    pub nickname: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    /// The staff user's name when they asked for the QR code.
    pub user_name: String,
}

/// Whom a live bind scene stands for.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct SceneUser {
    pub saas_id: i64,
    pub user_id: i64,
    pub user_name: String,
}

/// Remembers that `scene` binds `user_id` of the viewer's tenant to `config_id` until
/// `expires_at`.
pub fn new_scene(
    conn: &mut DbConnection,
    viewer: &Viewer,
    config_id: i64,
    user: (i64, &str),
    scene: &str,
    expires_at: i64,
) -> QueryResult<()> {
    let (user_id, user_name) = user;
    diesel::insert_into(wx_bind_scenes::table)
        .values((
            wx_bind_scenes::scene.eq(scene),
            wx_bind_scenes::saas_id.eq(viewer.saas_id),
            wx_bind_scenes::config_id.eq(config_id),
            wx_bind_scenes::user_id.eq(user_id),
            wx_bind_scenes::expires_at.eq(expires_at),
            wx_bind_scenes::user_name.eq(user_name),
        ))
        .execute(conn)?;
    Ok(())
}

/// The staff user a live scene of `config_id` binds.
pub fn scene_user(
    conn: &mut DbConnection,
    config_id: i64,
    scene: &str,
    now: i64,
) -> QueryResult<Option<SceneUser>> {
    wx_bind_scenes::table
        .filter(wx_bind_scenes::scene.eq(scene))
        .filter(wx_bind_scenes::config_id.eq(config_id))
        .filter(wx_bind_scenes::expires_at.gt(now))
        .select((
            wx_bind_scenes::saas_id,
            wx_bind_scenes::user_id,
            wx_bind_scenes::user_name,
        ))
        .first(conn)
        .optional()
}

pub fn forget_scenes_before(conn: &mut DbConnection, now: i64) -> QueryResult<usize> {
    diesel::delete(wx_bind_scenes::table.filter(wx_bind_scenes::expires_at.le(now))).execute(conn)
}

/// Binds `open_id` to the scene's user (of the configuration's tenant): the user's former
/// binding and the openId's former user are replaced. Answers whether anything changed (a
/// repeated event changes nothing).
pub fn bind(
    conn: &mut DbConnection,
    user: &SceneUser,
    config_id: i64,
    open_id: &str,
    nickname: &str,
    now: i64,
) -> QueryResult<bool> {
    let SceneUser {
        saas_id,
        user_id,
        ref user_name,
    } = *user;
    let same: i64 = wx_bindings::table
        .filter(wx_bindings::config_id.eq(config_id))
        .filter(wx_bindings::user_id.eq(user_id))
        .filter(wx_bindings::open_id.eq(open_id))
        .count()
        .get_result(conn)?;
    if same > 0 {
        return Ok(false);
    }
    diesel::delete(
        wx_bindings::table
            .filter(wx_bindings::config_id.eq(config_id))
            .filter(
                wx_bindings::user_id
                    .eq(user_id)
                    .or(wx_bindings::open_id.eq(open_id)),
            ),
    )
    .execute(conn)?;
    diesel::insert_into(wx_bindings::table)
        .values((
            wx_bindings::id.eq(platform::id::next_id()),
            wx_bindings::saas_id.eq(saas_id),
            wx_bindings::config_id.eq(config_id),
            wx_bindings::user_id.eq(user_id),
            wx_bindings::open_id.eq(open_id),
            wx_bindings::nickname.eq(nickname),
            wx_bindings::created_at.eq(now),
            wx_bindings::user_name.eq(user_name),
        ))
        .execute(conn)?;
    Ok(true)
}

/// The caller's binding to `config_id` in the viewer's tenant.
pub fn of_user(
    conn: &mut DbConnection,
    viewer: &Viewer,
    config_id: i64,
    user_id: i64,
) -> QueryResult<Option<Binding>> {
    wx_bindings::table
        .filter(wx_bindings::saas_id.eq(viewer.saas_id))
        .filter(wx_bindings::config_id.eq(config_id))
        .filter(wx_bindings::user_id.eq(user_id))
        .select(Binding::as_select())
        .first(conn)
        .optional()
}

/// The bindings of `open_id` in the viewer's tenant (one per configuration at most).
pub fn of_open_id(
    conn: &mut DbConnection,
    viewer: &Viewer,
    open_id: &str,
) -> QueryResult<Vec<Binding>> {
    wx_bindings::table
        .filter(wx_bindings::saas_id.eq(viewer.saas_id))
        .filter(wx_bindings::open_id.eq(open_id))
        .select(Binding::as_select())
        .load(conn)
}

pub fn remove(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<bool> {
    let n = diesel::delete(
        wx_bindings::table
            .filter(wx_bindings::saas_id.eq(viewer.saas_id))
            .filter(wx_bindings::id.eq(id)),
    )
    .execute(conn)?;
    Ok(n > 0)
}

/// An unfollowing openId loses its bindings to the account (template messages would fail).
pub fn remove_open_id(
    conn: &mut DbConnection,
    config_id: i64,
    open_id: &str,
) -> QueryResult<usize> {
    diesel::delete(
        wx_bindings::table
            .filter(wx_bindings::config_id.eq(config_id))
            .filter(wx_bindings::open_id.eq(open_id)),
    )
    .execute(conn)
}
