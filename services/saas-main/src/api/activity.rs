//! `/saas/dashboard/index/{userActionOverview,userActionStats}`: how busy the tenant's users are.

use actix_web::{get, web};
use platform::db::{DbPool, with_conn};
use platform::http::{Query, Reply};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::required_dates;
use crate::domain::{activity, stats};
use crate::store;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Overview {
    pub today_action_num: i64,
    pub yesterday_action_num: i64,
    /// Yesterday against the day before, percent.
    pub yesterday_action_ratio: f64,
    /// The last 7 days, today included.
    pub week_action_num: i64,
    /// Those 7 days against the 7 before, percent.
    pub week_action_ratio: f64,
}

/// Data-changing actions of the tenant's users: today, yesterday and the last week, with the
/// change against the period before (China calendar days). The tenant's staff only: the counts
/// are the whole tenant's, merchants' users included.
#[utoipa::path(responses((status = 200, body = Overview), (status = 403)), security(("bearer" = [])), tag = "stats")]
#[get("/saas/dashboard/index/userActionOverview")]
pub async fn overview(
    pool: web::Data<DbPool>,
    viewer: Viewer,
) -> Result<Reply<Overview>, ApiError> {
    viewer.require_tenant_staff()?;
    let today = stats::day_of_ms(platform::time::now_ms());
    let counts = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(store::activity::days(conn, &viewer, today - 13, today)?)
    })
    .await?;
    let on = |d: i64| counts.get(&d).copied().unwrap_or(0);
    let sum = |from: i64, to: i64| (from..=to).map(on).sum::<i64>();
    let week = sum(today - 6, today);
    let before = sum(today - 13, today - 7);
    Ok(Reply(Overview {
        today_action_num: on(today),
        yesterday_action_num: on(today - 1),
        yesterday_action_ratio: activity::ratio(on(today - 1), on(today - 2)),
        week_action_num: week,
        week_action_ratio: activity::ratio(week, before),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RangeQuery {
    /// YYYY-MM-DD.
    pub start_date: Option<String>,
    /// YYYY-MM-DD, inclusive; at most 366 days after startDate.
    pub end_date: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DayCount {
    pub day: String,
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActionStats {
    /// Every day of the range.
    pub current: Vec<DayCount>,
    /// The same number of days just before it.
    pub previous: Vec<DayCount>,
}

/// Actions per day over the range, and over the period of the same length before it (the
/// tenant's staff only, as the overview).
#[utoipa::path(params(RangeQuery), responses((status = 200, body = ActionStats), (status = 403), (status = 412)), security(("bearer" = [])), tag = "stats")]
#[get("/saas/dashboard/index/userActionStats")]
pub async fn per_day(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<RangeQuery>,
) -> Result<Reply<ActionStats>, ApiError> {
    viewer.require_tenant_staff()?;
    let (first, last) = required_dates(q.start_date.as_deref(), q.end_date.as_deref())?;
    if last < first || last - first > 366 {
        return Err(ApiError::invalid_field(
            "endDate",
            "结束日期须在开始日期后一年以内",
            "must be within a year after startDate",
        ));
    }
    let len = last - first + 1;
    let counts = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(store::activity::days(conn, &viewer, first - len, last)?)
    })
    .await?;
    let series = |from: i64, to: i64| {
        (from..=to)
            .map(|d| DayCount {
                day: stats::label(stats::Display::Daily, stats::day_start_ms(d)),
                count: counts.get(&d).copied().unwrap_or(0),
            })
            .collect()
    };
    Ok(Reply(ActionStats {
        current: series(first, last),
        previous: series(first - len, first - 1),
    }))
}

platform::endpoints!(overview, per_day);
