//! The tenant's ticket channels (docs/channels.md): pulling a channel's catalogue, the two
//! sides of the mapping (the channel's spots and products, the tenant's products), mapping a
//! product to the channel's and back, and the interface log of every call. The tenant's staff
//! run the channels; another tenant's configuration is not found.

use actix_web::{get, post, web};
use platform::auth::CurrentUser;
use platform::channel::Outcome;
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, PageRequest, Query, Reply};
use platform::i18n::Text;
use platform::outbound::Outbound;
use platform::replica::InterfaceConfigCopy;
use platform::sealing::Sealer;
use platform::time::now_ms;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::channel::{self as rules, PRODUCT, SCENIC};
use crate::store::channels::{
    self as store, CatalogueRow, ChannelProduct, InterfaceLog, LogFilter,
};
use crate::store::products::{self, ProductFilter};

/// How far ahead a newly mapped product's calendar is sent whole.
pub const FIRST_PUSH_DAYS: i64 = 180;

fn config_not_found() -> ApiError {
    ApiError::not_found("渠道配置", "channel configuration")
}

/// A live ticket channel configuration of the viewer's tenant (staff only).
fn config_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    config_id: i64,
) -> Result<InterfaceConfigCopy, ApiError> {
    viewer.require_tenant_staff()?;
    let c = platform::replica::interface_config(conn, viewer.saas_id, config_id)?
        .ok_or_else(config_not_found)?;
    rules::channel_of(&c)?;
    Ok(c)
}

/// What a call that did not succeed answers: the channel refused (412 with its reason) or
/// could not be reached (502).
fn not_done(config: &InterfaceConfigCopy, outcome: Outcome, reason: &str) -> ApiError {
    if outcome == Outcome::Refused {
        ApiError::Rule {
            code: "channel-refused",
            msg: Text::new(
                format!("渠道拒绝了请求：{reason}"),
                format!("the channel refused the call: {reason}"),
            ),
        }
    } else {
        ApiError::BadGateway {
            service: config.interface_name.clone(),
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigBody {
    pub config_id: i64,
}

/// What a pull of the channel's catalogue took in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Synced {
    pub scenics: usize,
    pub products: usize,
}

/// Pulls the channel's scenic spots and products of the configuration's account, in place of
/// what was pulled before; both calls are in the interface log.
#[utoipa::path(request_body = ConfigBody, responses((status = 200, body = Synced), (status = 403), (status = 404), (status = 412, description = "the configuration is disabled, incomplete, or the channel refused (code channel-refused)"), (status = 502, description = "the channel could not be reached")), security(("bearer" = [])), tag = "channel", summary = "Pull a channel's catalogue")]
#[post("/saas/ticket/channel/sync")]
pub async fn sync(
    pool: web::Data<DbPool>,
    transport: web::Data<Sealer>,
    outbound: web::Data<Outbound>,
    viewer: Viewer,
    body: Json<ConfigBody>,
) -> Result<Reply<Synced>, ApiError> {
    let config_id = body.config_id;
    let (config, client) = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let config = config_of(conn, &viewer, config_id)?;
        rules::check_enabled(&config)?;
        let sealed = platform::replica::interface_credentials(conn, viewer.saas_id, config_id)?
            .unwrap_or_default();
        let client = rules::client_of(&config, &sealed, &transport, &outbound)?;
        Ok((config, client))
    })
    .await?;
    let (scenic_call, scenics) = client.list_scenics().await;
    let (product_call, items) = if scenic_call.outcome == Outcome::Success {
        let (call, items) = client.list_products().await;
        (Some(call), items)
    } else {
        (None, Ok(Vec::new()))
    };
    let saas_id = viewer.saas_id;
    let config_ = config.clone();
    let synced = with_conn(
        &pool,
        move |conn| -> Result<Result<Synced, ApiError>, ApiError> {
            let now = now_ms();
            let name = &config_.interface_name;
            write_tx(conn, |conn| {
                store::log(conn, saas_id, config_id, name, "scenics", &scenic_call, now)?;
                if let Some(call) = &product_call {
                    store::log(conn, saas_id, config_id, name, "products", call, now)?;
                }
                let failed = std::iter::once(&scenic_call)
                    .chain(product_call.as_ref())
                    .find(|c| c.outcome != Outcome::Success);
                if let Some(c) = failed {
                    return Ok(Err(not_done(&config_, c.outcome, &c.error)));
                }
                let (scenics, products) = match (scenics, items) {
                    (Ok(s), Ok(p)) => (s, p),
                    (Err(e), _) | (_, Err(e)) => {
                        return Ok(Err(ApiError::BadGateway {
                            service: format!("{name}: {e}"),
                        }));
                    }
                };
                let s = store::replace_catalogue(conn, saas_id, config_id, SCENIC, &scenics, now)?;
                let p =
                    store::replace_catalogue(conn, saas_id, config_id, PRODUCT, &products, now)?;
                Ok(Ok(Synced {
                    scenics: s,
                    products: p,
                }))
            })
        },
    )
    .await?;
    let synced = synced?;
    tracing::info!(config_id, scenics = synced.scenics, products = synced.products, channel = %config.interface_name, "channel catalogue pulled");
    Ok(Reply(synced))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CatalogueQuery {
    pub config_id: i64,
    /// Part of the name.
    pub name: Option<String>,
    /// The channel's spot of the products (listProduct only).
    pub scenic_id: Option<String>,
    pub page: Option<u32>,
    pub result_num: Option<u32>,
}

/// A page of the configuration's catalogue of `kind` as `q` asks, and the configuration's id.
fn catalogue_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    q: &CatalogueQuery,
    kind: i32,
    page: PageRequest,
) -> Result<(i64, Vec<CatalogueRow>, i64), ApiError> {
    let c = config_of(conn, viewer, q.config_id)?;
    let parent = if kind == PRODUCT {
        q.scenic_id.as_deref()
    } else {
        None
    };
    let (rows, total) = store::catalogue(
        conn,
        viewer.saas_id,
        c.config_id,
        kind,
        q.name.as_deref(),
        parent,
        page,
    )?;
    Ok((c.config_id, rows, total))
}

fn page_of(page: Option<u32>, result_num: Option<u32>) -> Result<PageRequest, ApiError> {
    PageQuery { page, result_num }.validate()
}

/// The channel's scenic spots as last pulled (the spec's listScenic, getAlitripScenic,
/// getTongchengScenic).
#[utoipa::path(params(CatalogueQuery), responses((status = 200, body = Page<CatalogueRow>), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "channel", summary = "List a channel's scenic spots")]
#[get("/saas/ticket/channel/listScenic")]
pub async fn list_scenic(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<CatalogueQuery>,
) -> Result<Reply<Page<CatalogueRow>>, ApiError> {
    let q = q.into_inner();
    let page = page_of(q.page, q.result_num)?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (_, rows, total) = catalogue_page(conn, &viewer, &q, SCENIC, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

/// The channel's products as last pulled, each with its spot and the tenant's product it sells
/// (the spec's channel listProduct).
#[utoipa::path(params(CatalogueQuery), responses((status = 200, body = Page<ChannelProduct>), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "channel", summary = "List a channel's products")]
#[get("/saas/ticket/channel/listProduct")]
pub async fn list_product(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<CatalogueQuery>,
) -> Result<Reply<Page<ChannelProduct>>, ApiError> {
    let q = q.into_inner();
    let page = page_of(q.page, q.result_num)?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (config_id, rows, total) = catalogue_page(conn, &viewer, &q, PRODUCT, page)?;
        let rows = store::with_mappings(conn, config_id, rows)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SysProductQuery {
    pub config_id: i64,
    /// Part of the product's name.
    pub product_name: Option<String>,
    pub scenic_id: Option<i64>,
    pub page: Option<u32>,
    pub result_num: Option<u32>,
}

/// A product of the tenant with what it is sold as on the channel.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SysProduct {
    pub product_id: i64,
    pub product_name: String,
    pub scenic_id: i64,
    pub scenic_name: String,
    pub supplier_name: String,
    /// 0 unpublished, 1 on sale, 2 off the shelf, 3 disabled.
    pub state: i32,
    /// The channel's product it is sold as; null when not mapped.
    pub channel_product_id: Option<String>,
    pub channel_product_name: Option<String>,
}

/// The tenant's ticket products with what each is sold as on the channel (the spec's
/// listSysProduct, and listSysTicket for the api channel).
#[utoipa::path(params(SysProductQuery), responses((status = 200, body = Page<SysProduct>), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "channel", summary = "List the tenant's products for a channel")]
#[get("/saas/ticket/channel/listSysProduct")]
pub async fn list_sys_product(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<SysProductQuery>,
) -> Result<Reply<Page<SysProduct>>, ApiError> {
    let q = q.into_inner();
    let page = page_of(q.page, q.result_num)?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let c = config_of(conn, &viewer, q.config_id)?;
        let filter = ProductFilter {
            product_name: q.product_name,
            scenic_id: q.scenic_id,
            ..ProductFilter::default()
        };
        let (rows, total) = products::list(conn, &viewer, &filter, page)?;
        let ids: Vec<i64> = rows.iter().map(|p| p.product_id).collect();
        let mapped = store::mapped_products(conn, c.config_id, &ids)?;
        let channel_ids: Vec<String> = mapped.values().cloned().collect();
        let names = store::catalogue_names(conn, c.config_id, PRODUCT, &channel_ids)?;
        let rows = rows
            .into_iter()
            .map(|p| {
                let channel_product_id = mapped.get(&p.product_id).cloned();
                SysProduct {
                    channel_product_name: channel_product_id
                        .as_ref()
                        .and_then(|id| names.get(id).cloned()),
                    channel_product_id,
                    product_id: p.product_id,
                    product_name: p.fields.product_name.clone(),
                    scenic_id: p.fields.scenic_id,
                    scenic_name: p.scenic_name,
                    supplier_name: p.supplier_name,
                    state: p.state,
                }
            })
            .collect();
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MapBody {
    pub config_id: i64,
    pub product_id: i64,
    /// The channel's product (from listProduct).
    pub channel_product_id: String,
}

/// Sells a product of the tenant on the channel as one of the channel's products (in place of
/// the one it was sold as): its calendar from today on is queued to reach the channel whole.
#[utoipa::path(request_body = MapBody, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412, description = "channelProductId not in the channel's catalogue as last pulled, or sold as another product already")), security(("bearer" = [])), tag = "channel", summary = "Map a product to a channel's")]
#[post("/saas/ticket/channel/map")]
pub async fn map(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<MapBody>,
) -> Result<Reply<bool>, ApiError> {
    let b = body.into_inner();
    let channel_product_id = rules::check_channel_product_id(&b.channel_product_id)?;
    with_conn(&pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            let c = config_of(conn, &viewer, b.config_id)?;
            products::find(conn, &viewer, b.product_id)?.ok_or_else(|| {
                ApiError::invalid_field(
                    "productId",
                    "请选择本租户的门票产品",
                    "choose a ticket product of the tenant",
                )
            })?;
            if !store::has_product(conn, c.config_id, &channel_product_id)? {
                return Err(ApiError::invalid_field(
                    "channelProductId",
                    "渠道没有该产品，请先同步渠道产品",
                    "the channel has no such product; pull its catalogue first",
                ));
            }
            if let Some(other) = store::product_mapped_to(conn, c.config_id, &channel_product_id)?
                && other != b.product_id
            {
                return Err(ApiError::invalid_field(
                    "channelProductId",
                    "该渠道产品已对应其他产品",
                    "this channel product is sold as another product already",
                ));
            }
            let now = now_ms();
            store::map(
                conn,
                viewer.saas_id,
                c.config_id,
                b.product_id,
                &channel_product_id,
                me.user_id,
                now,
            )?;
            let today = platform::time::day_of_ms(now);
            let days: Vec<String> = (0..FIRST_PUSH_DAYS)
                .map(|d| platform::time::format_day(today + d))
                .collect();
            store::enqueue(conn, viewer.saas_id, b.product_id, &days, now)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnmapBody {
    pub config_id: i64,
    pub product_id: i64,
}

/// Stops selling a product on the channel (its unsent changes are dropped; the channel keeps
/// what it last received until its own operators take the product off).
#[utoipa::path(request_body = UnmapBody, responses((status = 200, body = bool), (status = 403), (status = 404)), security(("bearer" = [])), tag = "channel", summary = "Unmap a product from a channel")]
#[post("/saas/ticket/channel/unmap")]
pub async fn unmap(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<UnmapBody>,
) -> Result<Reply<bool>, ApiError> {
    let b = body.into_inner();
    with_conn(&pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            let c = config_of(conn, &viewer, b.config_id)?;
            if !store::unmap(conn, viewer.saas_id, c.config_id, b.product_id)? {
                return Err(ApiError::not_found("渠道产品对应", "mapping"));
            }
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LogQuery {
    pub config_id: Option<i64>,
    /// push, scenics, products, order-notify (our calls), order or order-cancel (the channel's).
    pub action: Option<String>,
    /// 1 success, 2 refused, 3 failed.
    pub outcome: Option<i32>,
    /// ms, both included.
    pub start_time: Option<i64>,
    pub end_time: Option<i64>,
    pub page: Option<u32>,
    pub result_num: Option<u32>,
}

/// Every call to the tenant's ticket channels, newest first: what was sent and answered (never
/// a credential or signature), how long it took and how it ended.
#[utoipa::path(params(LogQuery), responses((status = 200, body = Page<InterfaceLog>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "channel", summary = "List the interface log")]
#[get("/saas/ticket/log/interfaceLog/list")]
pub async fn interface_logs(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<LogQuery>,
) -> Result<Reply<Page<InterfaceLog>>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    let page = page_of(q.page, q.result_num)?;
    if let Some(o) = q.outcome
        && !(1..=3).contains(&o)
    {
        return Err(ApiError::invalid_field(
            "outcome",
            "结果只能是 1、2 或 3",
            "must be 1, 2 or 3",
        ));
    }
    if let Some(a) = q.action.as_deref()
        && !rules::LOG_ACTIONS.contains(&a)
    {
        let names = rules::LOG_ACTIONS.join(", ");
        return Err(ApiError::invalid(
            "action",
            Text::new(
                format!("操作只能是 {names}"),
                format!("must be one of {names}"),
            ),
        ));
    }
    let filter = LogFilter {
        config_id: q.config_id,
        action: q.action.filter(|a| !a.is_empty()),
        outcome: q.outcome,
        from: q.start_time,
        to: q.end_time,
    };
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::logs(conn, viewer.saas_id, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

platform::endpoints!(
    sync,
    list_scenic,
    list_product,
    list_sys_product,
    map,
    unmap,
    interface_logs
);
