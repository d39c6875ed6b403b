//! Interfaces (`/saas/saasInterface/*`): the catalogue of sales channels and vendors a tenant
//! can connect, and the tenant's configurations of them (which merchant an interface's orders
//! or products belong to, where its adapter calls, its credentials). Credentials are sealed
//! before they are written (`platform::sealing`) and never answered nor logged: a configuration
//! shows the names of the credentials it keeps, never their values.
//!
//! The tenant's staff configure; every user of the tenant reads, a merchant's user its own
//! merchant's configurations only. The console builds the hotel and ticket applications'
//! channel and vendor menus from `interfaceConfig/listForSelect` (enabled ones only).

use std::collections::BTreeMap;

use actix_web::{get, post, put, web};
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::i18n::Lang;
use platform::sealing::Sealer;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::interfaces::{
    self as rules, CONFIG_DELETED, CONFIG_DISABLED, CONFIG_ENABLED, Credentials,
};
use crate::store::interfaces::{
    self as store, ConfigFields, ConfigFilter, ConfigRow, CredentialKeys, InfoRow,
};
use crate::store::merchants;

fn config_not_found() -> ApiError {
    ApiError::not_found("接口配置", "interface configuration")
}

fn interface_not_found() -> ApiError {
    ApiError::invalid_field("interfaceId", "没有该接口", "no such interface")
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct KindQuery {
    /// 10 hotel, 20 ticket; -99 or none: all.
    pub product_type: Option<i32>,
    /// 1 vendor, 2 channel; -99 or none: all.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub interface_type: Option<i32>,
}

impl KindQuery {
    fn checked(&self) -> Result<(Option<i32>, Option<i32>), ApiError> {
        let p = unless_all(self.product_type);
        let t = unless_all(self.interface_type);
        if let Some(p) = p {
            rules::check_product_type("productType", p)?;
        }
        if let Some(t) = t {
            rules::check_type("type", t)?;
        }
        Ok((p, t))
    }
}

/// An interface of the catalogue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceInfo {
    pub interface_id: i64,
    /// The code the console picks icons and pages by: meituan, alitrip, tongcheng, qunar,
    /// elong, api ...
    pub interface_name: String,
    /// Its name in the request's language.
    pub title: String,
    /// 10 hotel, 20 ticket.
    pub product_type: i32,
    /// 1 vendor, 2 channel.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub interface_type: i32,
    /// 1 normal, 2 in development, 3 stopped.
    pub state: i32,
    /// The credentials a configuration of it asks for.
    pub credential_fields: Vec<String>,
}

fn title(info: &InfoRow) -> String {
    match Lang::current() {
        Lang::ZhCn => info.title_zh.clone(),
        Lang::En => info.title_en.clone(),
    }
}

impl From<InfoRow> for InterfaceInfo {
    fn from(i: InfoRow) -> Self {
        Self {
            title: title(&i),
            credential_fields: rules::fields_of(&i.credential_fields)
                .into_iter()
                .map(str::to_owned)
                .collect(),
            interface_id: i.interface_id,
            interface_name: i.interface_name,
            product_type: i.product_type,
            interface_type: i.interface_type,
            state: i.state,
        }
    }
}

/// The interfaces a tenant can configure (the configuration form's choice).
#[utoipa::path(params(KindQuery), responses((status = 200, body = [InterfaceInfo]), (status = 412)), security(("bearer" = [])), tag = "interface")]
#[get("/saas/saasInterface/interfaceInfo/listForSelect")]
pub async fn info_select(
    pool: web::Data<DbPool>,
    _viewer: Viewer,
    q: Query<KindQuery>,
) -> Result<Reply<Vec<InterfaceInfo>>, ApiError> {
    let (p, t) = q.checked()?;
    let lang = Lang::current();
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(store::infos(conn, p, t)?)
    })
    .await?;
    Ok(Reply(lang.sync_scope(|| {
        rows.into_iter().map(InterfaceInfo::from).collect()
    })))
}

/// A tenant's configuration of an interface (its credentials' names, never their values).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceConfig {
    pub id: i64,
    pub interface_id: i64,
    pub interface_name: String,
    /// The distributor (a channel) or supplier (a vendor) it belongs to.
    pub mch_id: i64,
    pub mch_name: String,
    pub config_name: String,
    /// 10 hotel, 20 ticket.
    pub product_type: i32,
    /// 1 vendor, 2 channel.
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub interface_type: i32,
    /// Where the adapter calls the other system.
    pub base_url: String,
    /// The credentials kept (names only).
    pub credential_keys: Vec<String>,
    /// 1 enabled, 0 disabled.
    pub state: i32,
    pub create_date: i64,
    pub modify_date: i64,
}

fn view(r: ConfigRow, names: &std::collections::HashMap<i64, String>) -> InterfaceConfig {
    InterfaceConfig {
        mch_name: names.get(&r.mch_id).cloned().unwrap_or_default(),
        credential_keys: rules::fields_of(&r.credential_keys)
            .into_iter()
            .map(str::to_owned)
            .collect(),
        id: r.id,
        interface_id: r.interface_id,
        interface_name: r.interface_name,
        mch_id: r.mch_id,
        config_name: r.config_name,
        product_type: r.product_type,
        interface_type: r.interface_type,
        base_url: r.base_url,
        state: r.state,
        create_date: r.created_at,
        modify_date: r.updated_at,
    }
}

fn views(
    conn: &mut platform::db::DbConnection,
    viewer: &Viewer,
    rows: Vec<ConfigRow>,
) -> Result<Vec<InterfaceConfig>, ApiError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.mch_id).collect();
    let names = merchants::names(conn, viewer, &ids)?;
    Ok(rows.into_iter().map(|r| view(r, &names)).collect())
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ConfigListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// 10 hotel, 20 ticket, -99 all.
    pub product_type: Option<i32>,
    /// 1 vendor, 2 channel, -99 all.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub interface_type: Option<i32>,
    pub interface_id: Option<i64>,
    pub mch_id: Option<i64>,
    /// 1 enabled, 0 disabled, -99 all.
    pub state: Option<i32>,
    /// A part of the name.
    pub config_name: Option<String>,
}

/// The tenant's interface configurations, newest first.
#[utoipa::path(params(ConfigListQuery), responses((status = 200, body = Page<InterfaceConfig>), (status = 412)), security(("bearer" = [])), tag = "interface")]
#[get("/saas/saasInterface/interfaceConfig/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ConfigListQuery>,
) -> Result<Reply<Page<InterfaceConfig>>, ApiError> {
    let q = q.into_inner();
    let (product_type, interface_type) = KindQuery {
        product_type: q.product_type,
        interface_type: q.interface_type,
    }
    .checked()?;
    let state = unless_all(q.state);
    if let Some(s) = state {
        platform::validate::one_of("state", s, &[CONFIG_ENABLED, CONFIG_DISABLED])?;
    }
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = ConfigFilter {
        product_type,
        interface_type,
        interface_id: q.interface_id.filter(|i| *i > 0),
        mch_id: q.mch_id.filter(|m| *m > 0),
        state,
        config_name: q.config_name.map(|n| n.trim().to_owned()),
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(views(conn, &viewer, rows)?, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConfigIdQuery {
    pub id: i64,
}

/// One configuration.
#[utoipa::path(params(ConfigIdQuery), responses((status = 200, body = InterfaceConfig), (status = 404)), security(("bearer" = [])), tag = "interface")]
#[get("/saas/saasInterface/interfaceConfig/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ConfigIdQuery>,
) -> Result<Reply<InterfaceConfig>, ApiError> {
    let id = q.id;
    let config = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let row = store::find(conn, &viewer, id)?.ok_or_else(config_not_found)?;
        let mut v = views(conn, &viewer, vec![row])?;
        v.pop().ok_or_else(config_not_found)
    })
    .await?;
    Ok(Reply(config))
}

/// A configuration as the form sends it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigForm {
    /// Required by update only.
    #[serde(default)]
    pub id: Option<i64>,
    /// Save only: the interface of the catalogue (it cannot change later).
    #[serde(default)]
    pub interface_id: Option<i64>,
    /// A distributor of the tenant for a channel, a supplier for a vendor.
    pub mch_id: i64,
    pub config_name: String,
    /// http:// or https://, where the adapter calls the other system.
    pub base_url: String,
    /// Field name to value: every field the interface asks for (`credentialFields`) on save;
    /// on update the ones left out are kept.
    #[serde(default)]
    #[schema(value_type = BTreeMap<String, String>)]
    pub credentials: Credentials,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConfigCreated {
    pub id: i64,
}

/// The form's fields checked against the interface, and the credentials sealed.
fn checked_fields(
    conn: &mut platform::db::DbConnection,
    viewer: &Viewer,
    sealer: &Sealer,
    info: &InfoRow,
    form: &ConfigForm,
    existing: Option<&Credentials>,
) -> Result<ConfigFields, ApiError> {
    rules::check_configurable(info.state)?;
    let config_name = rules::check_name(&form.config_name)?;
    let base_url = rules::check_base_url(&form.base_url)?;
    let creds = rules::check_credentials(
        &rules::fields_of(&info.credential_fields),
        &form.credentials,
        existing,
    )?;
    let mch_type = rules::merchant_type_for(info.interface_type);
    let merchant = merchants::find(conn, viewer, Some(mch_type), form.mch_id)?;
    if merchant.is_none_or(|m| m.state == crate::domain::merchants::DELETED) {
        return Err(if mch_type == platform::tenancy::MCH_DISTRIBUTOR {
            ApiError::invalid_field(
                "mchId",
                "请选择本租户的分销商",
                "choose a distributor of the tenant",
            )
        } else {
            ApiError::invalid_field(
                "mchId",
                "请选择本租户的供应商",
                "choose a supplier of the tenant",
            )
        });
    }
    let json = serde_json::to_string(&creds.0).map_err(anyhow::Error::from)?;
    Ok(ConfigFields {
        mch_id: form.mch_id,
        config_name,
        base_url,
        credentials_sealed: sealer.seal(&json)?,
        credential_keys: creds.keys(),
    })
}

fn taken() -> ApiError {
    ApiError::invalid_field(
        "mchId",
        "该商户已配置此接口",
        "this merchant has a configuration of this interface already",
    )
}

/// Adds a configuration (disabled: enabling it puts it in the menus).
#[utoipa::path(request_body = ConfigForm, responses((status = 200, body = ConfigCreated), (status = 403), (status = 412)), security(("bearer" = [])), tag = "interface")]
#[post("/saas/saasInterface/interfaceConfig/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    keys: web::Data<CredentialKeys>,
    viewer: Viewer,
    form: Json<ConfigForm>,
) -> Result<Reply<ConfigCreated>, ApiError> {
    viewer.require_tenant_staff()?;
    let form = form.into_inner();
    let interface_id = form.interface_id.ok_or_else(|| {
        ApiError::invalid_field("interfaceId", "请选择接口", "please choose the interface")
    })?;
    let id = with_conn(&pool, move |conn| -> Result<i64, ApiError> {
        write_tx(conn, |conn| {
            let info = store::info(conn, interface_id)?.ok_or_else(interface_not_found)?;
            let fields = checked_fields(conn, &viewer, &keys.at_rest, &info, &form, None)?;
            if store::taken(conn, &viewer, interface_id, fields.mch_id, None)? {
                return Err(taken());
            }
            let id = platform::id::next_id();
            let now = platform::time::now_ms();
            store::insert(conn, &viewer, id, &info, &fields, CONFIG_DISABLED, now)?;
            store::announce(conn, &keys, viewer.saas_id, id)?;
            tracing::info!(
                id,
                interface_id,
                mch_id = fields.mch_id,
                "interface configured"
            );
            Ok(id)
        })
    })
    .await?;
    Ok(Reply(ConfigCreated { id }))
}

/// Changes a configuration's merchant, name, address or credentials (those left out are kept).
#[utoipa::path(request_body = ConfigForm, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "interface")]
#[put("/saas/saasInterface/interfaceConfig/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    keys: web::Data<CredentialKeys>,
    viewer: Viewer,
    form: Json<ConfigForm>,
) -> Result<Reply<bool>, ApiError> {
    viewer.require_tenant_staff()?;
    let form = form.into_inner();
    let id = form.id.ok_or_else(|| {
        ApiError::invalid_field("id", "请选择接口配置", "please choose the configuration")
    })?;
    with_conn(&pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            let row = store::find(conn, &viewer, id)?.ok_or_else(config_not_found)?;
            if form.interface_id.is_some_and(|i| i != row.interface_id) {
                return Err(ApiError::invalid_field(
                    "interfaceId",
                    "接口不能更改，请新建配置",
                    "the interface cannot change; add a new configuration",
                ));
            }
            let info = store::info(conn, row.interface_id)?.ok_or_else(interface_not_found)?;
            let sealed = store::sealed_credentials(conn, &viewer, id)?.unwrap_or_default();
            let opened = keys.at_rest.open(&sealed)?;
            let existing: BTreeMap<String, String> = if opened.is_empty() {
                BTreeMap::new()
            } else {
                serde_json::from_str(&opened).map_err(anyhow::Error::from)?
            };
            let existing = Credentials(existing);
            let fields =
                checked_fields(conn, &viewer, &keys.at_rest, &info, &form, Some(&existing))?;
            if store::taken(conn, &viewer, row.interface_id, fields.mch_id, Some(id))? {
                return Err(taken());
            }
            store::update(conn, &viewer, id, &fields, platform::time::now_ms())?;
            store::announce(conn, &keys, viewer.saas_id, id)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

async fn set_state(
    pool: &DbPool,
    keys: web::Data<CredentialKeys>,
    viewer: Viewer,
    id: i64,
    state: i32,
) -> Result<Reply<bool>, ApiError> {
    viewer.require_tenant_staff()?;
    with_conn(pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            let row = store::find(conn, &viewer, id)?.ok_or_else(config_not_found)?;
            if state == CONFIG_ENABLED {
                let info = store::info(conn, row.interface_id)?.ok_or_else(interface_not_found)?;
                rules::check_enable(info.state)?;
            }
            if !store::set_state(conn, &viewer, id, state, platform::time::now_ms())? {
                return Err(config_not_found());
            }
            store::announce(conn, &keys, viewer.saas_id, id)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

/// Enables a configuration: it joins the application's channel or vendor menu.
#[utoipa::path(params(ConfigIdQuery), responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412, description = "the interface is in development or stopped")), security(("bearer" = [])), tag = "interface")]
#[put("/saas/saasInterface/interfaceConfig/enable")]
pub async fn enable(
    pool: web::Data<DbPool>,
    keys: web::Data<CredentialKeys>,
    viewer: Viewer,
    q: Query<ConfigIdQuery>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&pool, keys, viewer, q.id, CONFIG_ENABLED).await
}

/// Disables a configuration: it leaves the menus and select boxes.
#[utoipa::path(params(ConfigIdQuery), responses((status = 200, body = bool), (status = 403), (status = 404)), security(("bearer" = [])), tag = "interface")]
#[put("/saas/saasInterface/interfaceConfig/disable")]
pub async fn disable(
    pool: web::Data<DbPool>,
    keys: web::Data<CredentialKeys>,
    viewer: Viewer,
    q: Query<ConfigIdQuery>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&pool, keys, viewer, q.id, CONFIG_DISABLED).await
}

/// Deletes a configuration and wipes its credentials.
#[utoipa::path(params(ConfigIdQuery), responses((status = 200, body = bool), (status = 403), (status = 404)), security(("bearer" = [])), tag = "interface")]
#[put("/saas/saasInterface/interfaceConfig/delete")]
pub async fn delete(
    pool: web::Data<DbPool>,
    keys: web::Data<CredentialKeys>,
    viewer: Viewer,
    q: Query<ConfigIdQuery>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&pool, keys, viewer, q.id, CONFIG_DELETED).await
}

/// An enabled configuration in a select box or a menu.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigOption {
    pub id: i64,
    pub interface_id: i64,
    pub interface_name: String,
    /// The interface's name in the request's language (the menus' entry).
    pub title: String,
    pub mch_id: i64,
    pub config_name: String,
    pub product_type: i32,
    #[serde(rename = "type")]
    #[schema(rename = "type")]
    pub interface_type: i32,
}

/// The enabled configurations of a product type and type: the hotel and ticket applications'
/// channel (type 2) and vendor (type 1) menus, one entry each.
#[utoipa::path(params(KindQuery), responses((status = 200, body = [ConfigOption]), (status = 412)), security(("bearer" = [])), tag = "interface")]
#[get("/saas/saasInterface/interfaceConfig/listForSelect")]
pub async fn select(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<KindQuery>,
) -> Result<Reply<Vec<ConfigOption>>, ApiError> {
    let (p, t) = q.checked()?;
    let lang = Lang::current();
    let (rows, infos) = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok((
            store::enabled(conn, &viewer, p, t)?,
            store::infos(conn, p, t)?,
        ))
    })
    .await?;
    let titles: std::collections::HashMap<i64, String> =
        lang.sync_scope(|| infos.iter().map(|i| (i.interface_id, title(i))).collect());
    Ok(Reply(
        rows.into_iter()
            .map(|r| ConfigOption {
                title: titles.get(&r.interface_id).cloned().unwrap_or_default(),
                id: r.id,
                interface_id: r.interface_id,
                interface_name: r.interface_name,
                mch_id: r.mch_id,
                config_name: r.config_name,
                product_type: r.product_type,
                interface_type: r.interface_type,
            })
            .collect(),
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InterfaceIdQuery {
    pub interface_id: i64,
}

/// One merchant's configurations of an interface.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MerchantConfigs {
    pub mch_id: i64,
    pub mch_name: String,
    pub configs: Vec<InterfaceConfig>,
}

/// An interface's details: the tenant's configurations of it, by merchant (the distributors
/// of a channel, the suppliers of a vendor).
#[utoipa::path(params(InterfaceIdQuery), responses((status = 200, body = [MerchantConfigs]), (status = 412)), security(("bearer" = [])), tag = "interface")]
#[get("/saas/saasInterface/interfaceConfig/listByMerchant")]
pub async fn by_merchant(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<InterfaceIdQuery>,
) -> Result<Reply<Vec<MerchantConfigs>>, ApiError> {
    let interface_id = q.interface_id;
    let groups = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        store::info(conn, interface_id)?.ok_or_else(interface_not_found)?;
        let rows = store::of_interface(conn, &viewer, interface_id)?;
        let mut out: Vec<MerchantConfigs> = Vec::new();
        for c in views(conn, &viewer, rows)? {
            match out.last_mut() {
                Some(g) if g.mch_id == c.mch_id => g.configs.push(c),
                _ => out.push(MerchantConfigs {
                    mch_id: c.mch_id,
                    mch_name: c.mch_name.clone(),
                    configs: vec![c],
                }),
            }
        }
        Ok(out)
    })
    .await?;
    Ok(Reply(groups))
}

platform::endpoints!(
    info_select,
    list,
    load,
    save,
    update,
    enable,
    disable,
    delete,
    select,
    by_merchant
);
