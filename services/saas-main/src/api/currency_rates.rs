//! Exchange rates (`/saas/pricePolicy/currencyRate/*`): the currency table, the tenant's rates
//! with their history, and conversion in fen. The tenant's staff only.

use actix_web::{get, post, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Lang;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::currency::{self, CURRENCIES};
use crate::store::currency_rates::{self as store, RateRow};

#[derive(Debug, Serialize, ToSchema)]
pub struct CurrencyView {
    pub code: String,
    /// In the request's language.
    pub name: String,
    pub symbol: String,
}

/// The currency table (the spec's twelve first, then ISO 4217 alphabetically).
#[utoipa::path(responses((status = 200, body = [CurrencyView]), (status = 403)), security(("bearer" = [])), tag = "pricePolicy")]
#[get("/saas/pricePolicy/currencyRate/currencies")]
pub async fn currencies(viewer: Viewer) -> Result<Reply<Vec<CurrencyView>>, ApiError> {
    viewer.require_tenant_staff()?;
    let lang = Lang::current();
    Ok(Reply(
        CURRENCIES
            .iter()
            .map(|c| CurrencyView {
                code: c.code.to_owned(),
                name: match lang {
                    Lang::ZhCn => c.zh,
                    Lang::En => c.en,
                }
                .to_owned(),
                symbol: c.symbol.to_owned(),
            })
            .collect(),
    ))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrencyRate {
    pub id: i64,
    pub from_currency: String,
    pub to_currency: String,
    /// 1 from = rate to, an exact decimal of up to 8 places (`7.1234`).
    pub rate: String,
    /// Whether it is the pair's rate now (history rows are not).
    pub is_current: bool,
    pub remark: String,
    pub created_by: i64,
    #[serde(rename = "createDate")]
    pub created_at: i64,
}

impl From<RateRow> for CurrencyRate {
    fn from(r: RateRow) -> Self {
        Self {
            id: r.id,
            from_currency: r.from_currency,
            to_currency: r.to_currency,
            rate: currency::format_rate(r.rate),
            is_current: r.is_current,
            remark: r.remark,
            created_by: r.created_by,
            created_at: r.created_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RateListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub from_currency: Option<String>,
    pub to_currency: Option<String>,
}

fn code_filter(field: &str, v: Option<String>) -> Result<Option<String>, ApiError> {
    match v.filter(|c| !c.is_empty()) {
        None => Ok(None),
        Some(c) => Ok(Some(currency::check_code(field, &c)?.code.to_owned())),
    }
}

/// The current rate of each pair the tenant set.
#[utoipa::path(params(RateListQuery), responses((status = 200, body = Page<CurrencyRate>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[get("/saas/pricePolicy/currencyRate/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<RateListQuery>,
) -> Result<Reply<Page<CurrencyRate>>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let from = code_filter("fromCurrency", q.from_currency)?;
    let to = code_filter("toCurrency", q.to_currency)?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) =
            store::list_current(conn, &viewer, from.as_deref(), to.as_deref(), page)?;
        Ok(Page::new(
            rows.into_iter().map(CurrencyRate::from).collect(),
            total,
            page,
        ))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub from_currency: String,
    pub to_currency: String,
}

/// Every rate a pair has had, newest first.
#[utoipa::path(params(HistoryQuery), responses((status = 200, body = Page<CurrencyRate>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[get("/saas/pricePolicy/currencyRate/history")]
pub async fn history(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<HistoryQuery>,
) -> Result<Reply<Page<CurrencyRate>>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let from = currency::check_code("fromCurrency", &q.from_currency)?.code;
    let to = currency::check_code("toCurrency", &q.to_currency)?.code;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::history(conn, &viewer, from, to, page)?;
        Ok(Page::new(
            rows.into_iter().map(CurrencyRate::from).collect(),
            total,
            page,
        ))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateForm {
    pub from_currency: String,
    pub to_currency: String,
    /// A decimal written as text (`7.1234`), above 0, at most 8 decimals: never a float.
    pub rate: String,
    #[serde(default)]
    pub remark: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RateSaved {
    pub id: i64,
}

/// Sets a pair's rate; the previous one stays in its history. A pair whose inverse is set is
/// refused (one rate per two currencies, used both ways).
#[utoipa::path(request_body = RateForm, responses((status = 200, body = RateSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[post("/saas/pricePolicy/currencyRate/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<RateForm>,
) -> Result<Reply<RateSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let from = currency::check_code("fromCurrency", form.from_currency.trim())?.code;
    let to = currency::check_code("toCurrency", form.to_currency.trim())?.code;
    if from == to {
        return Err(ApiError::invalid_field(
            "toCurrency",
            "两种币种不能相同",
            "the two currencies must differ",
        ));
    }
    let rate = currency::parse_rate(&form.rate)?;
    let remark = form.remark.trim().to_owned();
    platform::validate::text("remark", &remark, 0, 200)?;
    let id = with_conn(&pool, move |conn| -> Result<i64, ApiError> {
        write_tx(conn, |conn| {
            if store::current(conn, &viewer, to, from)?.is_some() {
                return Err(ApiError::invalid_field(
                    "fromCurrency",
                    "已设置反向汇率，请修改那一条",
                    "the inverse pair has a rate: change that one",
                ));
            }
            let id = platform::id::next_id();
            store::set(
                conn,
                &viewer,
                id,
                from,
                to,
                rate,
                &remark,
                me.user_id,
                platform::time::now_ms(),
            )?;
            Ok(id)
        })
    })
    .await?;
    Ok(Reply(RateSaved { id }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConvertForm {
    pub from_currency: String,
    pub to_currency: String,
    /// fen of fromCurrency.
    pub amount: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversion {
    /// fen of toCurrency, rounded once to the nearest fen (half a fen away from zero).
    pub amount: i64,
    /// The rate used, 1 from = rate to, as set (for an inverse pair: the rate of to → from).
    pub rate: String,
    /// Whether the tenant's rate is of the inverse pair (the amount was divided by it).
    pub inverse: bool,
    /// When the rate used was set; none for the same currency.
    pub rate_date: Option<i64>,
}

/// Converts an amount in fen at the tenant's current rate (set for the pair or its inverse).
#[utoipa::path(request_body = ConvertForm, responses((status = 200, body = Conversion), (status = 403), (status = 412)), security(("bearer" = [])), tag = "pricePolicy")]
#[post("/saas/pricePolicy/currencyRate/calculate")]
pub async fn calculate(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<ConvertForm>,
) -> Result<Reply<Conversion>, ApiError> {
    viewer.require_tenant_staff()?;
    let from = currency::check_code("fromCurrency", form.from_currency.trim())?.code;
    let to = currency::check_code("toCurrency", form.to_currency.trim())?.code;
    let amount = form.amount;
    currency::check_amount(amount)?;
    if from == to {
        return Ok(Reply(Conversion {
            amount,
            rate: "1".to_owned(),
            inverse: false,
            rate_date: None,
        }));
    }
    let too_large = || {
        ApiError::invalid_field(
            "amount",
            "换算结果过大",
            "the converted amount is too large",
        )
    };
    let conversion = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        if let Some(r) = store::current(conn, &viewer, from, to)? {
            return Ok(Conversion {
                amount: currency::convert(amount, r.rate).ok_or_else(too_large)?,
                rate: currency::format_rate(r.rate),
                inverse: false,
                rate_date: Some(r.created_at),
            });
        }
        if let Some(r) = store::current(conn, &viewer, to, from)? {
            return Ok(Conversion {
                amount: currency::convert_back(amount, r.rate).ok_or_else(too_large)?,
                rate: currency::format_rate(r.rate),
                inverse: true,
                rate_date: Some(r.created_at),
            });
        }
        Err(ApiError::invalid_field(
            "toCurrency",
            "未设置这两种币种的汇率",
            "no rate is set between these currencies",
        ))
    })
    .await?;
    Ok(Reply(conversion))
}

platform::endpoints!(currencies, list, history, save, calculate);
