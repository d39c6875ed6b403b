//! The interface catalogue (`interface_infos`, the same for every tenant) and each tenant's
//! configurations (`interface_configs`). Configurations are read and changed in the viewer's
//! tenant only, and a merchant's user sees its own merchant's only. The sealed credentials are
//! never read into a row that is answered: only [`sealed_credentials`] reads them.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use platform::sealing::Sealer;

use super::schema::{interface_configs, interface_imports, interface_infos};
use crate::domain::interfaces::{CONFIG_DELETED, CONFIG_ENABLED, INFO_DELETED};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = interface_infos)]
pub struct InfoRow {
    pub interface_id: i64,
    pub interface_name: String,
    pub title_zh: String,
    pub title_en: String,
    pub product_type: i32,
    pub interface_type: i32,
    pub state: i32,
    pub credential_fields: String,
}

/// The catalogue's interfaces (not the deleted), of a product type and a type when given, in
/// the catalogue's order.
pub fn infos(
    conn: &mut DbConnection,
    product_type: Option<i32>,
    interface_type: Option<i32>,
) -> QueryResult<Vec<InfoRow>> {
    let mut q = interface_infos::table
        .filter(interface_infos::state.ne(INFO_DELETED))
        .into_boxed::<Db>();
    if let Some(p) = product_type {
        q = q.filter(interface_infos::product_type.eq(p));
    }
    if let Some(t) = interface_type {
        q = q.filter(interface_infos::interface_type.eq(t));
    }
    q.order((interface_infos::sort, interface_infos::interface_id))
        .select(InfoRow::as_select())
        .load(conn)
}

/// One interface of the catalogue (a deleted one is none).
pub fn info(conn: &mut DbConnection, interface_id: i64) -> QueryResult<Option<InfoRow>> {
    interface_infos::table
        .find(interface_id)
        .filter(interface_infos::state.ne(INFO_DELETED))
        .select(InfoRow::as_select())
        .first(conn)
        .optional()
}

/// A configuration as it may be shown: everything but the sealed credentials.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = interface_configs)]
pub struct ConfigRow {
    pub id: i64,
    pub interface_id: i64,
    pub interface_name: String,
    pub mch_id: i64,
    pub config_name: String,
    pub product_type: i32,
    pub interface_type: i32,
    pub base_url: String,
    pub credential_keys: String,
    pub state: i32,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The configurations the viewer sees: its tenant's, not deleted, and its own merchant's for a
/// merchant's user.
fn visible(viewer: &Viewer) -> interface_configs::BoxedQuery<'static, Db> {
    let mut q = interface_configs::table
        .filter(interface_configs::saas_id.eq(viewer.saas_id))
        .filter(interface_configs::state.ne(CONFIG_DELETED))
        .into_boxed::<Db>();
    if let Some(m) = viewer.mch_id() {
        q = q.filter(interface_configs::mch_id.eq(m));
    }
    q
}

#[derive(Debug, Default, Clone)]
pub struct ConfigFilter {
    pub product_type: Option<i32>,
    pub interface_type: Option<i32>,
    pub interface_id: Option<i64>,
    pub mch_id: Option<i64>,
    pub state: Option<i32>,
    pub config_name: Option<String>,
}

impl ConfigFilter {
    fn apply(
        &self,
        mut q: interface_configs::BoxedQuery<'static, Db>,
    ) -> interface_configs::BoxedQuery<'static, Db> {
        if let Some(p) = self.product_type {
            q = q.filter(interface_configs::product_type.eq(p));
        }
        if let Some(t) = self.interface_type {
            q = q.filter(interface_configs::interface_type.eq(t));
        }
        if let Some(i) = self.interface_id {
            q = q.filter(interface_configs::interface_id.eq(i));
        }
        if let Some(m) = self.mch_id {
            q = q.filter(interface_configs::mch_id.eq(m));
        }
        if let Some(s) = self.state {
            q = q.filter(interface_configs::state.eq(s));
        }
        if let Some(n) = self.config_name.as_deref().filter(|n| !n.is_empty()) {
            q = q.filter(interface_configs::config_name.contains_text(n));
        }
        q
    }
}

/// A page of the viewer's configurations, newest first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    filter: &ConfigFilter,
    page: PageRequest,
) -> QueryResult<(Vec<ConfigRow>, i64)> {
    let total = filter.apply(visible(viewer)).count().get_result(conn)?;
    let rows = filter
        .apply(visible(viewer))
        .order(interface_configs::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(ConfigRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// The viewer's enabled configurations of a product type and type, in the order they were
/// made (the menus' and select boxes' order).
pub fn enabled(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_type: Option<i32>,
    interface_type: Option<i32>,
) -> QueryResult<Vec<ConfigRow>> {
    let filter = ConfigFilter {
        product_type,
        interface_type,
        state: Some(CONFIG_ENABLED),
        ..Default::default()
    };
    filter
        .apply(visible(viewer))
        .order(interface_configs::id)
        .select(ConfigRow::as_select())
        .load(conn)
}

/// The viewer's configurations (not deleted) of one interface, by merchant.
pub fn of_interface(
    conn: &mut DbConnection,
    viewer: &Viewer,
    interface_id: i64,
) -> QueryResult<Vec<ConfigRow>> {
    visible(viewer)
        .filter(interface_configs::interface_id.eq(interface_id))
        .order((interface_configs::mch_id, interface_configs::id))
        .select(ConfigRow::as_select())
        .load(conn)
}

/// A configuration the viewer sees.
pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<ConfigRow>> {
    visible(viewer)
        .filter(interface_configs::id.eq(id))
        .select(ConfigRow::as_select())
        .first(conn)
        .optional()
}

/// The sealed credentials of a configuration the viewer sees (to keep the fields a change
/// leaves out; the adapters will open them to call the other system).
pub fn sealed_credentials(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<String>> {
    visible(viewer)
        .filter(interface_configs::id.eq(id))
        .select(interface_configs::credentials_sealed)
        .first(conn)
        .optional()
}

/// Whether another live configuration of the viewer's tenant connects `interface_id` for
/// `mch_id` already.
pub fn taken(
    conn: &mut DbConnection,
    viewer: &Viewer,
    interface_id: i64,
    mch_id: i64,
    except: Option<i64>,
) -> QueryResult<bool> {
    let mut q = interface_configs::table
        .filter(interface_configs::saas_id.eq(viewer.saas_id))
        .filter(interface_configs::state.ne(CONFIG_DELETED))
        .filter(interface_configs::interface_id.eq(interface_id))
        .filter(interface_configs::mch_id.eq(mch_id))
        .into_boxed::<Db>();
    if let Some(id) = except {
        q = q.filter(interface_configs::id.ne(id));
    }
    Ok(q.count().get_result::<i64>(conn)? > 0)
}

/// A configuration's checked fields.
#[derive(Debug, Clone)]
pub struct ConfigFields {
    pub mch_id: i64,
    pub config_name: String,
    pub base_url: String,
    pub credentials_sealed: String,
    pub credential_keys: String,
}

/// Adds a configuration of `info` to the viewer's tenant, disabled until enabled.
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    info: &InfoRow,
    f: &ConfigFields,
    state: i32,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(interface_configs::table)
        .values((
            interface_configs::id.eq(id),
            interface_configs::saas_id.eq(viewer.saas_id),
            interface_configs::interface_id.eq(info.interface_id),
            interface_configs::interface_name.eq(&info.interface_name),
            interface_configs::mch_id.eq(f.mch_id),
            interface_configs::config_name.eq(&f.config_name),
            interface_configs::product_type.eq(info.product_type),
            interface_configs::interface_type.eq(info.interface_type),
            interface_configs::base_url.eq(&f.base_url),
            interface_configs::credentials_sealed.eq(&f.credentials_sealed),
            interface_configs::credential_keys.eq(&f.credential_keys),
            interface_configs::state.eq(state),
            interface_configs::created_at.eq(now),
            interface_configs::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Changes a configuration of the viewer's tenant; answers whether one was changed.
pub fn update(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &ConfigFields,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        interface_configs::table
            .filter(interface_configs::id.eq(id))
            .filter(interface_configs::saas_id.eq(viewer.saas_id))
            .filter(interface_configs::state.ne(CONFIG_DELETED)),
    )
    .set((
        interface_configs::mch_id.eq(f.mch_id),
        interface_configs::config_name.eq(&f.config_name),
        interface_configs::base_url.eq(&f.base_url),
        interface_configs::credentials_sealed.eq(&f.credentials_sealed),
        interface_configs::credential_keys.eq(&f.credential_keys),
        interface_configs::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n > 0)
}

/// Enables, disables or deletes a live configuration of the viewer's tenant; answers whether
/// one was changed. A deleted configuration's credentials are wiped with it.
pub fn set_state(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    state: i32,
    now: i64,
) -> QueryResult<bool> {
    let target = interface_configs::table
        .filter(interface_configs::id.eq(id))
        .filter(interface_configs::saas_id.eq(viewer.saas_id))
        .filter(interface_configs::state.ne(CONFIG_DELETED));
    let n = if state == CONFIG_DELETED {
        diesel::update(target)
            .set((
                interface_configs::state.eq(state),
                interface_configs::credentials_sealed.eq(""),
                interface_configs::updated_at.eq(now),
            ))
            .execute(conn)?
    } else {
        diesel::update(target)
            .set((
                interface_configs::state.eq(state),
                interface_configs::updated_at.eq(now),
            ))
            .execute(conn)?
    };
    Ok(n > 0)
}

/// The two keys a configuration's credentials pass between: saas-main's own, which they are
/// kept under, and the transport key shared with the services that sign channel calls, which
/// they travel under (`platform::sealing::transport_from_config`).
#[derive(Debug, Clone)]
pub struct CredentialKeys {
    pub at_rest: Sealer,
    pub transport: Sealer,
}

/// Publishes `interface-config.updated` with configuration `id` of tenant `saas_id` as it is
/// now (a deleted one too: the copies drop it), in the transaction of the change; its
/// credentials sealed again under the transport key.
pub fn announce(
    conn: &mut DbConnection,
    keys: &CredentialKeys,
    saas_id: i64,
    id: i64,
) -> anyhow::Result<()> {
    let (row, sealed): (ConfigRow, String) = interface_configs::table
        .filter(interface_configs::id.eq(id))
        .filter(interface_configs::saas_id.eq(saas_id))
        .select((
            ConfigRow::as_select(),
            interface_configs::credentials_sealed,
        ))
        .first(conn)?;
    publish(conn, keys, saas_id, row, &sealed)
}

fn publish(
    conn: &mut DbConnection,
    keys: &CredentialKeys,
    saas_id: i64,
    row: ConfigRow,
    sealed: &str,
) -> anyhow::Result<()> {
    let payload = v1::InterfaceConfigUpdated {
        config_id: row.id,
        interface_id: row.interface_id,
        interface_name: row.interface_name,
        mch_id: row.mch_id,
        config_name: row.config_name,
        product_type: row.product_type,
        interface_type: row.interface_type,
        base_url: row.base_url,
        credential_keys: row.credential_keys,
        state: row.state,
        updated_at: row.updated_at,
        credentials_sealed: platform::sealing::reseal(&keys.at_rest, &keys.transport, sealed)?,
    };
    publish_in_tx(
        conn,
        Outgoing::new(crate::NAME, "interface-config.updated", saas_id, &payload),
    )?;
    Ok(())
}

/// Announces every configuration of every tenant again (deleted ones too, so a copy that held
/// one drops it): the answer to `resync.interface-configs.requested`.
pub fn announce_all(conn: &mut DbConnection, keys: &CredentialKeys) -> anyhow::Result<usize> {
    let rows: Vec<(i64, ConfigRow, String)> = interface_configs::table
        .order(interface_configs::id)
        .select((
            interface_configs::saas_id,
            ConfigRow::as_select(),
            interface_configs::credentials_sealed,
        ))
        .load(conn)?;
    let n = rows.len();
    for (saas_id, row, sealed) in rows {
        publish(conn, keys, saas_id, row, &sealed)?;
    }
    Ok(n)
}

/// Records what an `interface.imported` event says was taken in for tenant `saas_id`, once per
/// hotel, product and kind (a second import of the same only moves its time). The interface's
/// code, type and product type come from the catalogue; an interface the catalogue does not
/// know is recorded under its id with an empty code.
pub fn record_import(
    conn: &mut DbConnection,
    saas_id: i64,
    e: &platform::bus::v1::InterfaceImported,
    now: i64,
) -> QueryResult<()> {
    let key = interface_imports::table
        .filter(interface_imports::saas_id.eq(saas_id))
        .filter(interface_imports::config_id.eq(e.config_id))
        .filter(interface_imports::kind.eq(e.kind))
        .filter(interface_imports::hotel_id.eq(e.hotel_id))
        .filter(interface_imports::product_id.eq(e.product_id));
    let moved = diesel::update(key)
        .set(interface_imports::updated_at.eq(now))
        .execute(conn)?;
    if moved > 0 {
        return Ok(());
    }
    let info = info(conn, e.interface_id)?;
    diesel::insert_into(interface_imports::table)
        .values((
            interface_imports::saas_id.eq(saas_id),
            interface_imports::config_id.eq(e.config_id),
            interface_imports::kind.eq(e.kind),
            interface_imports::hotel_id.eq(e.hotel_id),
            interface_imports::product_id.eq(e.product_id),
            interface_imports::interface_id.eq(e.interface_id),
            interface_imports::interface_name.eq(info
                .as_ref()
                .map(|i| i.interface_name.clone())
                .unwrap_or_default()),
            interface_imports::interface_type.eq(info.as_ref().map_or(0, |i| i.interface_type)),
            interface_imports::product_type.eq(info.as_ref().map_or(0, |i| i.product_type)),
            interface_imports::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Which imports a count takes.
#[derive(Debug, Default, Clone)]
pub struct ImportScope {
    pub kind: i32,
    /// Interfaces by code (alitrip and alitripGlobal); all when empty.
    pub names: Vec<&'static str>,
    pub interface_type: Option<i32>,
    pub product_type: Option<i32>,
    pub config_id: Option<i64>,
}

fn imports(viewer: &Viewer, s: &ImportScope) -> interface_imports::BoxedQuery<'static, Db> {
    let mut q = interface_imports::table
        .filter(interface_imports::saas_id.eq(viewer.saas_id))
        .filter(interface_imports::kind.eq(s.kind))
        .into_boxed::<Db>();
    if !s.names.is_empty() {
        q = q.filter(interface_imports::interface_name.eq_any(s.names.clone()));
    }
    if let Some(t) = s.interface_type {
        q = q.filter(interface_imports::interface_type.eq(t));
    }
    if let Some(p) = s.product_type {
        q = q.filter(interface_imports::product_type.eq(p));
    }
    if let Some(c) = s.config_id {
        q = q.filter(interface_imports::config_id.eq(c));
    }
    q
}

/// How many distinct hotels the viewer's tenant has imports of, in the scope.
pub fn count_hotels(conn: &mut DbConnection, viewer: &Viewer, s: &ImportScope) -> QueryResult<i64> {
    let hotels: Vec<i64> = imports(viewer, s)
        .select(interface_imports::hotel_id)
        .distinct()
        .load(conn)?;
    Ok(hotels.len() as i64)
}

/// How many imports (hotels or products) the viewer's tenant has in the scope.
pub fn count_rows(conn: &mut DbConnection, viewer: &Viewer, s: &ImportScope) -> QueryResult<i64> {
    imports(viewer, s).count().get_result(conn)
}
