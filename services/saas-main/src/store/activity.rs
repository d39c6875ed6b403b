//! The activity dashboard: user actions counted per tenant and day from `user-action.recorded`.

use std::collections::BTreeMap;

use diesel::prelude::*;
use platform::bus::v1;
use platform::db::DbConnection;
use prost::Message as _;

use crate::schema::activity_days;
use crate::stats;

/// Counts a batch of actions in their days.
pub fn apply(conn: &mut DbConnection, saas_id: i64, body: &[u8]) -> anyhow::Result<()> {
    let batch = v1::UserActionsRecorded::decode(body)?;
    let mut per_day: BTreeMap<i64, i64> = BTreeMap::new();
    for a in &batch.actions {
        *per_day.entry(stats::day_of_ms(a.at)).or_default() += 1;
    }
    for (day, n) in per_day {
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

/// Counts per day for days `first..=last` (missing days absent).
pub fn days(
    conn: &mut DbConnection,
    saas_id: i64,
    first: i64,
    last: i64,
) -> QueryResult<BTreeMap<i64, i64>> {
    Ok(activity_days::table
        .filter(activity_days::saas_id.eq(saas_id))
        .filter(activity_days::day.ge(first))
        .filter(activity_days::day.le(last))
        .select((activity_days::day, activity_days::action_count))
        .load::<(i64, i64)>(conn)?
        .into_iter()
        .collect())
}

/// The change from `before` to `now` in percent, rounded to two places; 0 without a base.
pub fn ratio(now: i64, before: i64) -> f64 {
    if before == 0 {
        return 0.0;
    }
    ((now - before) as f64 * 10_000.0 / before as f64).round() / 100.0
}

#[cfg(test)]
mod tests {
    #[test]
    fn ratios() {
        assert_eq!(super::ratio(15, 10), 50.0);
        assert_eq!(super::ratio(5, 10), -50.0);
        assert_eq!(super::ratio(5, 0), 0.0);
        assert_eq!(super::ratio(1, 3), -66.67);
    }
}
