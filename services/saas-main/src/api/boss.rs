//! Paid services: the catalogue, buying, the balance and its log, licences (`/saas/boss/*`).

use actix_web::{get, post, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::filter::ALL;
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::boss::{self, Licence};
use crate::domain::interfaces::BALANCE_LICENCE;
use crate::store::boss::{self as store, BalanceLog, BossService, LicenceRow};
use crate::store::tenants;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ServiceListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// -99 all, 0 in development, 1 on sale, -1 off sale.
    pub state: Option<i32>,
    /// -99 all, 0 undefined, 1 feature licence, 2 quantity licence, 3 single task.
    pub service_type: Option<i32>,
}

/// The service catalogue.
#[utoipa::path(params(ServiceListQuery), responses((status = 200, body = Page<BossService>)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/service/list")]
pub async fn services(
    pool: web::Data<DbPool>,
    q: Query<ServiceListQuery>,
) -> Result<Reply<Page<BossService>>, ApiError> {
    let q = q.into_inner();
    if let Some(s) = q.state {
        platform::validate::one_of("state", s, &[ALL, 0, 1, -1])?;
    }
    if let Some(t) = q.service_type {
        platform::validate::one_of("serviceType", t, &[ALL, 0, 1, 2, 3])?;
    }
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) =
            store::list_services(conn, unless_all(q.state), unless_all(q.service_type), page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TagQuery {
    /// HOTEL_SUPPLIER_INTERFACE, SMS_NOTICE, MAIL_NOTICE ...
    pub tag: String,
}

/// The services on sale of one class (a page's "buy" button).
#[utoipa::path(params(TagQuery), responses((status = 200, body = [BossService])), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/service/getServiceClassByTag")]
pub async fn by_tag(
    pool: web::Data<DbPool>,
    q: Query<TagQuery>,
) -> Result<Reply<Vec<BossService>>, ApiError> {
    let tag = q.into_inner().tag;
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(store::services_by_tag(conn, tag.trim())?)
    })
    .await?;
    Ok(Reply(rows))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RechargeForm {
    pub saas_id: i64,
    /// fen, above 0.
    pub amount: i64,
    #[serde(default)]
    pub remarks: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BalanceAnswer {
    /// fen.
    pub account: i64,
}

/// Tops up a tenant's balance (platform administrators only).
#[utoipa::path(request_body = RechargeForm, responses((status = 200, body = BalanceAnswer), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "boss")]
#[post("/saas/boss/charge/recharge")]
pub async fn recharge(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<RechargeForm>,
) -> Result<Reply<BalanceAnswer>, ApiError> {
    if !me.is_platform_admin() {
        return Err(platform::auth::forbidden());
    }
    let form = form.into_inner();
    boss::check_top_up(form.amount, &form.remarks)?;
    let account = with_conn(&pool, move |conn| -> Result<i64, ApiError> {
        write_tx(conn, |conn| {
            if tenants::find(conn, form.saas_id)?.is_none() {
                return Err(ApiError::not_found("租户", "tenant"));
            }
            Ok(store::top_up(
                conn,
                form.saas_id,
                form.amount,
                &form.remarks,
                me.user_id,
                platform::time::now_ms(),
            )?)
        })
    })
    .await?;
    Ok(Reply(BalanceAnswer { account }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsumeForm {
    pub service_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Purchase {
    /// The balance after, fen.
    pub account: i64,
    pub license_name: String,
    pub license_value: i64,
    pub expire_date: Option<i64>,
}

/// Buys a service for the caller's tenant: the balance pays, the licence grows, in one
/// transaction; a short balance is a 412 and changes nothing.
#[utoipa::path(request_body = ConsumeForm, responses((status = 200, body = Purchase), (status = 404), (status = 412, description = "the balance does not cover the price, or the service is not on sale")), security(("bearer" = [])), tag = "boss")]
#[post("/saas/boss/service/consumeService")]
pub async fn consume(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<ConsumeForm>,
) -> Result<Reply<Purchase>, ApiError> {
    let service_id = form.service_id;
    let answer = with_conn(&pool, move |conn| -> Result<Purchase, ApiError> {
        write_tx(conn, |conn| {
            let s = store::service(conn, service_id)?
                .ok_or_else(|| ApiError::not_found("服务", "service"))?;
            boss::check_on_sale(s.state)?;
            let now = platform::time::now_ms();
            let Some((account, Licence { value, expire_date })) =
                store::purchase(conn, &viewer, &s, me.user_id, now)?
            else {
                return Err(boss::balance_short(s.price, store::balance(conn, &viewer)?));
            };
            Ok(Purchase {
                account,
                license_name: s.license_data,
                license_value: value,
                expire_date,
            })
        })
    })
    .await?;
    Ok(Reply(answer))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LogListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// 1 top-up, -1 consumption, -99 all.
    pub log_type: Option<i32>,
    /// -99 all, 0 processing, 1 success, 2 invoicing, 3 invoiced, -1 failed.
    pub state: Option<i32>,
}

/// The caller's tenant's balance log, newest first.
#[utoipa::path(params(LogListQuery), responses((status = 200, body = Page<BalanceLog>)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/balanceLog/list")]
pub async fn logs(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<LogListQuery>,
) -> Result<Reply<Page<BalanceLog>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::list_logs(
            conn,
            &viewer,
            unless_all(q.log_type),
            unless_all(q.state),
            page,
        )?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceInfo {
    /// fen.
    pub account: i64,
    /// What was spent yesterday (China calendar day), fen.
    pub yesterday_consume: i64,
}

/// The dashboard's balance card.
#[utoipa::path(responses((status = 200, body = BalanceInfo)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/balanceLog/getBossBalanceInfo")]
pub async fn balance_info(
    pool: web::Data<DbPool>,
    viewer: Viewer,
) -> Result<Reply<BalanceInfo>, ApiError> {
    let info = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (from, to) = boss::yesterday_bounds(platform::time::now_ms());
        Ok(BalanceInfo {
            account: store::balance(conn, &viewer)?,
            yesterday_consume: store::consumed_between(conn, &viewer, from, to)?,
        })
    })
    .await?;
    Ok(Reply(info))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LicenceView {
    #[serde(flatten)]
    pub licence: LicenceRow,
    /// 1 normal, 0 expired.
    pub state: i32,
}

fn view(l: LicenceRow, now: i64) -> LicenceView {
    let state = boss::state_of(l.licence(), now);
    LicenceView { licence: l, state }
}

/// The caller's tenant's licences.
#[utoipa::path(responses((status = 200, body = [LicenceView])), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/license/list")]
pub async fn licences(
    pool: web::Data<DbPool>,
    viewer: Viewer,
) -> Result<Reply<Vec<LicenceView>>, ApiError> {
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(store::licences(conn, &viewer)?)
    })
    .await?;
    let now = platform::time::now_ms();
    Ok(Reply(rows.into_iter().map(|l| view(l, now)).collect()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LicenceQuery {
    /// `saas/account/balance`, `saas/notify/sms` ...
    pub license_name: String,
}

/// One licence of the caller's tenant. `saas/account/balance` (the spec's fixed licence of the
/// interface service's calls) is the balance itself: its value is the balance in fen, normal
/// while above zero.
#[utoipa::path(params(LicenceQuery), responses((status = 200, body = LicenceView), (status = 404)), security(("bearer" = [])), tag = "boss")]
#[get("/saas/boss/license/load")]
pub async fn licence(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<LicenceQuery>,
) -> Result<Reply<LicenceView>, ApiError> {
    let name = q.into_inner().license_name;
    let row = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let name = name.trim();
        if name == BALANCE_LICENCE {
            let balance = store::balance(conn, &viewer)?;
            return Ok(LicenceView {
                licence: LicenceRow {
                    id: 0,
                    license_name: BALANCE_LICENCE.to_owned(),
                    license_value: balance,
                    expire_date: None,
                    last_buy_date: None,
                    last_consume_date: None,
                },
                state: if balance > 0 {
                    boss::LICENCE_NORMAL
                } else {
                    boss::LICENCE_EXPIRED
                },
            });
        }
        let row = store::licence(conn, &viewer, name)?
            .ok_or_else(|| ApiError::not_found("许可", "licence"))?;
        Ok(view(row, platform::time::now_ms()))
    })
    .await?;
    Ok(Reply(row))
}

platform::endpoints!(
    services,
    by_tag,
    recharge,
    consume,
    logs,
    balance_info,
    licences,
    licence
);
