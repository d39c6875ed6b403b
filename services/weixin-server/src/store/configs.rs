//! The tenant's configurations. Rows carry the sealed secrets; what the API shows is
//! [`ConfigView`], which says only whether each secret is set.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection, lower};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::wx_configs;
use crate::domain::config::{ConfigFields, STATE_ENABLED};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = wx_configs)]
pub struct ConfigRow {
    pub id: i64,
    pub saas_id: i64,
    pub kind: i32,
    pub name: String,
    pub app_id: String,
    pub secret_sealed: String,
    pub token_sealed: String,
    pub aes_key_sealed: String,
    pub state: i32,
    pub created_at: i64,
    pub updated_at: i64,
    pub templates: String,
}

/// A configuration as the API shows it: never a secret, only whether each is set.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigView {
    pub config_id: i64,
    pub name: String,
    pub app_id: String,
    pub app_secret_set: bool,
    pub token_set: bool,
    pub encoding_aes_key_set: bool,
    /// 1 enabled, 2 disabled.
    pub state: i32,
    /// WeChat template ids by notification type.
    pub templates: std::collections::BTreeMap<String, String>,
    /// The server URL to enter in WeChat's console for this account (official accounts).
    pub server_url: String,
    pub create_date: i64,
    pub modify_date: i64,
}

impl ConfigRow {
    pub fn view(&self, public_url: &str) -> ConfigView {
        ConfigView {
            config_id: self.id,
            name: self.name.clone(),
            app_id: self.app_id.clone(),
            app_secret_set: !self.secret_sealed.is_empty(),
            token_set: !self.token_sealed.is_empty(),
            encoding_aes_key_set: !self.aes_key_sealed.is_empty(),
            state: self.state,
            templates: serde_json::from_str(&self.templates).unwrap_or_default(),
            server_url: format!("{public_url}/openapi/mp/portal/{}", self.id),
            create_date: self.created_at,
            modify_date: self.updated_at,
        }
    }
}

/// The sealed secrets of a save or update (empty: keep what is stored).
pub struct Sealed {
    pub secret: String,
    pub token: String,
    pub aes_key: String,
}

impl Sealed {
    /// The secrets of `f`, each sealed with the service's sealer.
    pub fn of(
        sealer: &platform::sealing::Sealer,
        f: &ConfigFields,
    ) -> Result<Self, platform::sealing::SealError> {
        Ok(Self {
            secret: sealer.seal(&f.app_secret)?,
            token: sealer.seal(&f.token)?,
            aes_key: sealer.seal(&f.encoding_aes_key)?,
        })
    }
}

#[derive(Debug, Default, Clone)]
pub struct ConfigFilter {
    pub name: Option<String>,
    pub state: Option<i32>,
}

fn of_kind(viewer: &Viewer, kind: i32) -> wx_configs::BoxedQuery<'static, Db> {
    wx_configs::table
        .filter(wx_configs::saas_id.eq(viewer.saas_id))
        .filter(wx_configs::kind.eq(kind))
        .into_boxed()
}

fn filtered(viewer: &Viewer, kind: i32, f: &ConfigFilter) -> wx_configs::BoxedQuery<'static, Db> {
    let mut q = of_kind(viewer, kind);
    if let Some(name) = f.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        let name = name.to_lowercase();
        q = q.filter(
            lower(wx_configs::name)
                .contains_text(&name)
                .or(lower(wx_configs::app_id).contains_text(&name)),
        );
    }
    if let Some(s) = f.state {
        q = q.filter(wx_configs::state.eq(s));
    }
    q
}

pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    kind: i32,
    f: &ConfigFilter,
    page: PageRequest,
) -> QueryResult<(Vec<ConfigRow>, i64)> {
    let total = filtered(viewer, kind, f).count().get_result(conn)?;
    let rows = filtered(viewer, kind, f)
        .order(wx_configs::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(ConfigRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    kind: i32,
    id: i64,
) -> QueryResult<Option<ConfigRow>> {
    of_kind(viewer, kind)
        .filter(wx_configs::id.eq(id))
        .select(ConfigRow::as_select())
        .first(conn)
        .optional()
}

/// A configuration by id alone, for the portal WeChat calls (no user: the configuration's own
/// tenant is the scope).
pub fn find_for_portal(conn: &mut DbConnection, id: i64) -> QueryResult<Option<ConfigRow>> {
    wx_configs::table
        .filter(wx_configs::id.eq(id))
        .filter(wx_configs::kind.eq(crate::domain::config::KIND_MP))
        .select(ConfigRow::as_select())
        .first(conn)
        .optional()
}

/// A mini-program by id alone, for its users' logins (no console user: the configuration's own
/// tenant is the scope).
pub fn find_for_login(conn: &mut DbConnection, id: i64) -> QueryResult<Option<ConfigRow>> {
    wx_configs::table
        .filter(wx_configs::id.eq(id))
        .filter(wx_configs::kind.eq(crate::domain::config::KIND_MA))
        .select(ConfigRow::as_select())
        .first(conn)
        .optional()
}

/// The official accounts among `ids` (a sender round's), in one query.
pub fn find_mp_many(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<ConfigRow>> {
    wx_configs::table
        .filter(wx_configs::id.eq_any(ids))
        .filter(wx_configs::kind.eq(crate::domain::config::KIND_MP))
        .select(ConfigRow::as_select())
        .load(conn)
}

/// The enabled official accounts of a tenant, oldest first (the console binds with the first).
pub fn enabled_mp_ids(conn: &mut DbConnection, saas_id: i64) -> QueryResult<Vec<i64>> {
    wx_configs::table
        .filter(wx_configs::saas_id.eq(saas_id))
        .filter(wx_configs::kind.eq(crate::domain::config::KIND_MP))
        .filter(wx_configs::state.eq(STATE_ENABLED))
        .order(wx_configs::id.asc())
        .select(wx_configs::id)
        .load(conn)
}

pub fn app_id_taken(
    conn: &mut DbConnection,
    viewer: &Viewer,
    kind: i32,
    app_id: &str,
    except: i64,
) -> QueryResult<bool> {
    let n: i64 = of_kind(viewer, kind)
        .filter(wx_configs::app_id.eq(app_id.to_owned()))
        .filter(wx_configs::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    kind: i32,
    by_user: i64,
    f: &ConfigFields,
    sealed: &Sealed,
    now: i64,
) -> QueryResult<i64> {
    insert_as(
        conn,
        viewer,
        platform::id::next_id(),
        kind,
        by_user,
        f,
        sealed,
        now,
    )
}

/// As [`insert`], with the id given (the demo's accounts have fixed ids, which the simulator's
/// preset names in their server URL).
#[allow(clippy::too_many_arguments)]
pub fn insert_as(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    kind: i32,
    by_user: i64,
    f: &ConfigFields,
    sealed: &Sealed,
    now: i64,
) -> QueryResult<i64> {
    diesel::insert_into(wx_configs::table)
        .values((
            wx_configs::id.eq(id),
            wx_configs::saas_id.eq(viewer.saas_id),
            wx_configs::kind.eq(kind),
            wx_configs::name.eq(&f.name),
            wx_configs::app_id.eq(&f.app_id),
            wx_configs::secret_sealed.eq(&sealed.secret),
            wx_configs::token_sealed.eq(&sealed.token),
            wx_configs::aes_key_sealed.eq(&sealed.aes_key),
            wx_configs::state.eq(f.state),
            wx_configs::templates.eq(templates_json(f)),
            wx_configs::created_by.eq(by_user),
            wx_configs::created_at.eq(now),
            wx_configs::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(id)
}

/// Rewrites a configuration; each sealed secret that is empty keeps the stored one.
pub fn update(
    conn: &mut DbConnection,
    viewer: &Viewer,
    kind: i32,
    id: i64,
    f: &ConfigFields,
    sealed: &Sealed,
    now: i64,
) -> QueryResult<bool> {
    let target = wx_configs::table
        .filter(wx_configs::id.eq(id))
        .filter(wx_configs::saas_id.eq(viewer.saas_id))
        .filter(wx_configs::kind.eq(kind));
    let n = diesel::update(target)
        .set((
            wx_configs::name.eq(&f.name),
            wx_configs::app_id.eq(&f.app_id),
            wx_configs::state.eq(f.state),
            wx_configs::updated_at.eq(now),
        ))
        .execute(conn)?;
    if f.templates.is_some() {
        diesel::update(target)
            .set(wx_configs::templates.eq(templates_json(f)))
            .execute(conn)?;
    }
    for (column, value) in [
        (0, &sealed.secret),
        (1, &sealed.token),
        (2, &sealed.aes_key),
    ] {
        if value.is_empty() {
            continue;
        }
        let q = diesel::update(target);
        match column {
            0 => q.set(wx_configs::secret_sealed.eq(value)).execute(conn)?,
            1 => q.set(wx_configs::token_sealed.eq(value)).execute(conn)?,
            _ => q.set(wx_configs::aes_key_sealed.eq(value)).execute(conn)?,
        };
    }
    Ok(n > 0)
}

fn templates_json(f: &ConfigFields) -> String {
    serde_json::to_string(&f.templates.clone().unwrap_or_default()).unwrap_or_else(|_| "{}".into())
}

pub fn set_state(
    conn: &mut DbConnection,
    viewer: &Viewer,
    kind: i32,
    id: i64,
    state: i32,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        wx_configs::table
            .filter(wx_configs::id.eq(id))
            .filter(wx_configs::saas_id.eq(viewer.saas_id))
            .filter(wx_configs::kind.eq(kind)),
    )
    .set((wx_configs::state.eq(state), wx_configs::updated_at.eq(now)))
    .execute(conn)?;
    Ok(n > 0)
}
