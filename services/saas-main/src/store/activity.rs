//! The activity dashboard's counts: user actions per tenant and day.

use std::collections::BTreeMap;

use diesel::prelude::*;
use platform::Viewer;
use platform::db::DbConnection;

use super::schema::activity_days;

/// Adds each day's count of actions to the tenant's (the tenant of the gateway's event).
pub fn add(conn: &mut DbConnection, saas_id: i64, per_day: &BTreeMap<i64, i64>) -> QueryResult<()> {
    for (&day, &n) in per_day {
        let target = activity_days::table
            .filter(activity_days::saas_id.eq(saas_id))
            .filter(activity_days::day.eq(day));
        let updated = diesel::update(target)
            .set(activity_days::action_count.eq(activity_days::action_count + n))
            .execute(conn)?;
        if updated == 0 {
            diesel::insert_into(activity_days::table)
                .values((
                    activity_days::saas_id.eq(saas_id),
                    activity_days::day.eq(day),
                    activity_days::action_count.eq(n),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// The viewer's tenant's counts per day for days `first..=last` (missing days absent).
pub fn days(
    conn: &mut DbConnection,
    viewer: &Viewer,
    first: i64,
    last: i64,
) -> QueryResult<BTreeMap<i64, i64>> {
    Ok(activity_days::table
        .filter(activity_days::saas_id.eq(viewer.saas_id))
        .filter(activity_days::day.ge(first))
        .filter(activity_days::day.le(last))
        .select((activity_days::day, activity_days::action_count))
        .load::<(i64, i64)>(conn)?
        .into_iter()
        .collect())
}
