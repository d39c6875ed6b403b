//! Area management: the countries (a fixed list), provinces and cities, the same for every
//! tenant. Everyone with the codes reads them (`/saas/area/*`); platform administrators add and
//! change provinces and cities (`/saas/platform/area/*`, platform codes: a tenant's
//! administrator gets 403). A tenant's own zones stay with the hotels (hotel-app), naming an
//! area by its code.

use actix_web::{get, post, put, web};
use platform::ApiError;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::filter::ALL;
use platform::http::{Json, Page, PageQuery, Query, Reply};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::areas::{self, AreaFields};
use crate::store::areas::{self as store, Area, AreaFilter, Placing};

fn not_found() -> ApiError {
    ApiError::not_found("地区", "area")
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryView {
    /// ISO 3166-1 alpha-2.
    pub code: &'static str,
    pub name: &'static str,
    pub name_en: &'static str,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CountryQuery {
    /// Part of either name, or the code.
    pub keyword: Option<String>,
}

/// The countries (the spec's list), China and its neighbours first.
#[utoipa::path(params(CountryQuery), responses((status = 200, body = [CountryView])), security(("bearer" = [])), tag = "area")]
#[get("/saas/area/country/list")]
pub async fn countries(q: Query<CountryQuery>) -> Result<Reply<Vec<CountryView>>, ApiError> {
    let keyword = q.into_inner().keyword.unwrap_or_default();
    let keyword = keyword.trim().to_lowercase();
    let rows = areas::COUNTRIES
        .iter()
        .filter(|(code, name, name_en)| {
            keyword.is_empty()
                || code.to_lowercase() == keyword
                || name.contains(&keyword)
                || name_en.to_lowercase().contains(&keyword)
        })
        .map(|&(code, name, name_en)| CountryView {
            code,
            name,
            name_en,
        })
        .collect();
    Ok(Reply(rows))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AreaListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// The areas right under this one (a country's provinces, a province's cities).
    pub parent_code: Option<String>,
    /// Every area of a country.
    pub country: Option<String>,
    /// -99 all, 2 province, 3 city.
    pub level: Option<i32>,
    /// -99 all, 1 in use, 0 disabled.
    pub state: Option<i32>,
    /// Part of either name, or the start of the code.
    pub keyword: Option<String>,
}

fn given(s: Option<String>) -> Option<String> {
    s.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

/// Provinces and cities by code, paged.
#[utoipa::path(params(AreaListQuery), responses((status = 200, body = Page<Area>), (status = 412)), security(("bearer" = [])), tag = "area")]
#[get("/saas/area/areaInfo/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    q: Query<AreaListQuery>,
) -> Result<Reply<Page<Area>>, ApiError> {
    let q = q.into_inner();
    if let Some(l) = q.level {
        platform::validate::one_of("level", l, &[ALL, areas::PROVINCE, areas::CITY])?;
    }
    if let Some(s) = q.state {
        platform::validate::one_of("state", s, &[ALL, areas::IN_USE, areas::DISABLED])?;
    }
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = AreaFilter {
        parent_code: given(q.parent_code).map(|s| s.to_ascii_uppercase()),
        country: given(q.country).map(|s| s.to_ascii_uppercase()),
        level: q.level.filter(|l| *l != ALL),
        state: q.state.filter(|s| *s != ALL),
        keyword: given(q.keyword),
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::list(conn, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// A new province (under a country) or city (under a province).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaForm {
    /// A country's code (`CN`) for a province, a province's (`CN-ZJ`) for a city.
    pub parent_code: String,
    /// The area's own part of the code, 1 to 10 letters or digits (`ZJ`, `HZ`): its code is
    /// the parent's, a hyphen and this.
    pub code: String,
    pub name: String,
    pub name_en: String,
    /// 1 in use, 0 disabled.
    pub state: i32,
}

/// Adds a province or city (platform administrators). A parent that is neither a country of
/// the list nor a province is a 412 on parentCode; a code in use, on code.
#[utoipa::path(request_body = AreaForm, responses((status = 200, body = Area), (status = 403), (status = 412)), security(("bearer" = [])), tag = "area")]
#[post("/saas/platform/area/save")]
pub async fn save(pool: web::Data<DbPool>, form: Json<AreaForm>) -> Result<Reply<Area>, ApiError> {
    let form = form.into_inner();
    let parent = form.parent_code.trim().to_ascii_uppercase();
    let code = areas::child_code(&parent, &form.code)?;
    let fields = AreaFields {
        name: form.name,
        name_en: form.name_en,
        state: form.state,
    }
    .check()?;
    let area = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            let (country, parent_level) = match areas::country(&parent) {
                Some(c) => (c.0.to_owned(), areas::COUNTRY),
                None => {
                    let p = store::by_code(conn, &parent)?.ok_or_else(|| {
                        ApiError::invalid_field(
                            "parentCode",
                            "上级地区不存在",
                            "the parent area does not exist",
                        )
                    })?;
                    (p.country, p.level)
                }
            };
            let level = areas::level_under(parent_level)?;
            if store::by_code(conn, &code)?.is_some() {
                return Err(ApiError::invalid_field(
                    "code",
                    "该代码已被使用",
                    "this code is in use",
                ));
            }
            let at = Placing {
                code: &code,
                parent_code: &parent,
                country: &country,
                level,
            };
            Ok(store::insert(conn, at, &fields, platform::time::now_ms())?)
        })
    })
    .await?;
    Ok(Reply(area))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaUpdate {
    pub id: i64,
    pub name: String,
    pub name_en: String,
    /// 1 in use, 0 disabled.
    pub state: i32,
}

/// Changes a province's or city's names and state (platform administrators); its code and
/// place stay, since hotels and scenic spots keep the code.
#[utoipa::path(request_body = AreaUpdate, responses((status = 200, body = Area), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "area")]
#[put("/saas/platform/area/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    form: Json<AreaUpdate>,
) -> Result<Reply<Area>, ApiError> {
    let form = form.into_inner();
    let id = form.id;
    let fields = AreaFields {
        name: form.name,
        name_en: form.name_en,
        state: form.state,
    }
    .check()?;
    let area = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            store::update(conn, id, &fields, platform::time::now_ms())?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(area))
}

platform::endpoints!(countries, list, save, update);
