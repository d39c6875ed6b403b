//! The paid interface service's figures: what was imported through the tenant's interface
//! configurations (`/saas/boss/channel/*`, `/saas/boss/supplier/*`,
//! `/saas/magic/bossProduct/countHotelAndPrice`), counted from the `interface.imported` events
//! saas-main keeps (`interface_imports`), and the check before an import
//! (`/saas/boss/license/importProduct`). Until hotel-app and ticket-app import anything
//! (issue 24's vendor imports and channel mappings are not built), every count is a real zero.

use actix_web::{get, web};
use platform::db::{DbPool, with_conn};
use platform::http::{Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::boss as boss_rules;
use crate::domain::interfaces::{
    self as rules, ALITRIP, BALANCE_LICENCE, CONFIG_ENABLED, IMPORT_HOTEL, IMPORT_PRICE,
    IMPORT_PRODUCT, SERVICE_TAG, TYPE_CHANNEL, TYPE_VENDOR,
};
use crate::store::boss as boss_store;
use crate::store::interfaces::{self as store, ImportScope};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CountQuery {
    /// One configuration's imports; all of the tenant's when absent.
    pub config_id: Option<i64>,
    /// 10 hotel, 20 ticket, -99 or absent: both.
    pub product_type: Option<i32>,
}

impl CountQuery {
    fn scope(&self, kind: i32) -> Result<ImportScope, ApiError> {
        let product_type = unless_all(self.product_type);
        if let Some(p) = product_type {
            rules::check_product_type("productType", p)?;
        }
        Ok(ImportScope {
            kind,
            product_type,
            config_id: self.config_id.filter(|c| *c > 0),
            ..Default::default()
        })
    }
}

async fn hotels(pool: &DbPool, viewer: Viewer, scope: ImportScope) -> Result<Reply<i64>, ApiError> {
    viewer.require_tenant_staff()?;
    let n = with_conn(pool, move |conn| -> Result<i64, ApiError> {
        Ok(store::count_hotels(conn, &viewer, &scope)?)
    })
    .await?;
    Ok(Reply(n))
}

/// How many hotels were taken in from the Alitrip channels (alitrip, alitripGlobal).
#[utoipa::path(params(CountQuery), responses((status = 200, body = i64, content_type = "application/json"), (status = 403), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/channel/getAlitripImportHotelCount")]
pub async fn alitrip_hotels(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<CountQuery>,
) -> Result<Reply<i64>, ApiError> {
    let mut scope = q.scope(IMPORT_HOTEL)?;
    scope.names = ALITRIP.to_vec();
    hotels(&pool, viewer, scope).await
}

/// How many hotels have products taken in from the Alitrip channels.
#[utoipa::path(params(CountQuery), responses((status = 200, body = i64, content_type = "application/json"), (status = 403), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/channel/getAlitripImportProductHotelCount")]
pub async fn alitrip_product_hotels(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<CountQuery>,
) -> Result<Reply<i64>, ApiError> {
    let mut scope = q.scope(IMPORT_PRODUCT)?;
    scope.names = ALITRIP.to_vec();
    hotels(&pool, viewer, scope).await
}

/// How many hotels have products imported from suppliers' systems (vendor interfaces).
#[utoipa::path(params(CountQuery), responses((status = 200, body = i64, content_type = "application/json"), (status = 403), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/supplier/getImportProductHotelCount")]
pub async fn supplier_product_hotels(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<CountQuery>,
) -> Result<Reply<i64>, ApiError> {
    let mut scope = q.scope(IMPORT_PRODUCT)?;
    scope.interface_type = Some(TYPE_VENDOR);
    hotels(&pool, viewer, scope).await
}

/// How many hotels had prices updated from suppliers' systems (vendor interfaces).
#[utoipa::path(params(CountQuery), responses((status = 200, body = i64, content_type = "application/json"), (status = 403), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/supplier/getUpdatePriceHotelCount")]
pub async fn supplier_price_hotels(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<CountQuery>,
) -> Result<Reply<i64>, ApiError> {
    let mut scope = q.scope(IMPORT_PRICE)?;
    scope.interface_type = Some(TYPE_VENDOR);
    hotels(&pool, viewer, scope).await
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HotelAndPrice {
    /// Hotels taken in.
    pub hotel_count: i64,
    /// Products taken in.
    pub product_count: i64,
    /// Hotels with products taken in.
    pub product_hotel_count: i64,
    /// Hotels whose prices were updated.
    pub price_hotel_count: i64,
}

/// Every interface's imports at once (all configurations, or one).
#[utoipa::path(params(CountQuery), responses((status = 200, body = HotelAndPrice), (status = 403), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/magic/bossProduct/countHotelAndPrice")]
pub async fn hotel_and_price(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<CountQuery>,
) -> Result<Reply<HotelAndPrice>, ApiError> {
    viewer.require_tenant_staff()?;
    let (h, p, pr) = (
        q.scope(IMPORT_HOTEL)?,
        q.scope(IMPORT_PRODUCT)?,
        q.scope(IMPORT_PRICE)?,
    );
    let answer = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(HotelAndPrice {
            hotel_count: store::count_hotels(conn, &viewer, &h)?,
            product_count: store::count_rows(conn, &viewer, &p)?,
            product_hotel_count: store::count_hotels(conn, &viewer, &p)?,
            price_hotel_count: store::count_hotels(conn, &viewer, &pr)?,
        })
    })
    .await?;
    Ok(Reply(answer))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImportQuery {
    /// The fixed `saas/account/balance`.
    pub license_name: String,
    /// The configuration to import through.
    pub config_id: i64,
}

/// Whether an import through a configuration may run now, and what it stands on.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportAllowance {
    pub license_name: String,
    /// The tenant's balance, fen (what pays for imports).
    pub balance: i64,
    /// The licence of the HOTEL_SUPPLIER_INTERFACE service a vendor import needs.
    pub interface_license_name: String,
    /// 1 normal, 0 expired or never bought.
    pub interface_license_state: i32,
    pub interface_license_expire_date: Option<i64>,
    /// Hotels imported through this configuration so far.
    pub imported_hotel_count: i64,
    pub importable: bool,
    /// Why not, in the request's language (empty when importable).
    pub reason: String,
}

/// The check before an import: the configuration enabled, and for a vendor interface the
/// supplier-interface licence in force. Nothing is taken from the balance or the licence here:
/// the importer reports what it took in (`interface.imported`).
#[utoipa::path(params(ImportQuery), responses((status = 200, body = ImportAllowance), (status = 404), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/license/importProduct")]
pub async fn import_product(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ImportQuery>,
) -> Result<Reply<ImportAllowance>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    if q.license_name.trim() != BALANCE_LICENCE {
        return Err(ApiError::invalid_field(
            "licenseName",
            "导入使用余额许可 saas/account/balance",
            "imports use the licence saas/account/balance",
        ));
    }
    let lang = platform::i18n::Lang::current();
    let answer = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let config = store::find(conn, &viewer, q.config_id)?
            .ok_or_else(|| ApiError::not_found("接口配置", "interface configuration"))?;
        let now = platform::time::now_ms();
        let service = boss_store::services_by_tag(conn, SERVICE_TAG)?;
        let licence_name = service
            .first()
            .map(|s| s.license_data.clone())
            .unwrap_or_default();
        let licence = boss_store::licence(conn, &viewer, &licence_name)?;
        let state = licence.as_ref().map_or(boss_rules::LICENCE_EXPIRED, |l| {
            boss_rules::state_of(l.licence(), now)
        });
        let reason = if config.state != CONFIG_ENABLED {
            Some(platform::i18n::Text::fixed(
                "该接口配置未启用",
                "This configuration is disabled",
            ))
        } else if config.interface_type == TYPE_VENDOR && state != boss_rules::LICENCE_NORMAL {
            Some(platform::i18n::Text::fixed(
                "供应商接口服务未购买或已过期",
                "The supplier interface service is not bought or has expired",
            ))
        } else {
            None
        };
        let scope = ImportScope {
            kind: IMPORT_HOTEL,
            config_id: Some(config.id),
            interface_type: Some(config.interface_type),
            ..Default::default()
        };
        debug_assert!(matches!(config.interface_type, TYPE_VENDOR | TYPE_CHANNEL));
        Ok(ImportAllowance {
            license_name: BALANCE_LICENCE.to_owned(),
            balance: boss_store::balance(conn, &viewer)?,
            interface_license_name: licence_name,
            interface_license_state: state,
            interface_license_expire_date: licence.and_then(|l| l.expire_date),
            imported_hotel_count: store::count_hotels(conn, &viewer, &scope)?,
            importable: reason.is_none(),
            reason: reason.map(|r| r.get(lang).to_owned()).unwrap_or_default(),
        })
    })
    .await?;
    Ok(Reply(answer))
}

platform::endpoints!(
    alitrip_hotels,
    alitrip_product_hotels,
    supplier_product_hotels,
    supplier_price_hotels,
    hotel_and_price,
    import_product
);
