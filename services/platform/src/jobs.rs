//! Periodic jobs a service runs beside its server (licences lapsing, unpaid orders cancelling
//! themselves). Every replica runs them: a job changes a row only under a condition its own
//! change makes false, so a second replica's run finds nothing left to do.

use std::sync::Arc;
use std::time::Duration;

use crate::db::{DbConnection, DbError, DbPool, with_conn};

/// One run: answers how many things it changed.
pub type JobFn = Arc<dyn Fn(&mut DbConnection) -> anyhow::Result<usize> + Send + Sync>;

#[derive(Clone)]
pub struct Job {
    pub name: &'static str,
    pub every: Duration,
    pub run: JobFn,
}

impl Job {
    pub fn new(
        name: &'static str,
        every: Duration,
        run: impl Fn(&mut DbConnection) -> anyhow::Result<usize> + Send + Sync + 'static,
    ) -> Self {
        Self {
            name,
            every,
            run: Arc::new(run),
        }
    }
}

#[derive(Debug, thiserror::Error)]
enum JobError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("{0:#}")]
    Run(anyhow::Error),
}

/// Runs `job` once now and then every period until the task is dropped; a failed run is logged
/// and the next one tries again.
pub async fn run(pool: DbPool, job: Job) {
    let mut tick = actix_web::rt::time::interval(job.every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let f = job.run.clone();
        match with_conn(&pool, move |c| f(c).map_err(JobError::Run)).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(job = job.name, changed = n, "job ran"),
            Err(e) => tracing::warn!(job = job.name, error = %e, "job failed; retried next period"),
        }
    }
}

/// Of queued items that go out in order within a group (an order's channel notices, its webhook
/// deliveries), the ids first in their group: `pending` holds every item still waiting of the
/// groups concerned, as (group, created_at, id); an item may go when no earlier one of its group
/// waits (earlier: created before, or at the same ms with a smaller id). One query of the
/// groups' items and this, instead of a query per item.
pub fn firsts_of_groups(
    pending: impl IntoIterator<Item = (i64, i64, i64)>,
) -> std::collections::HashSet<i64> {
    let mut first: std::collections::HashMap<i64, (i64, i64)> = std::collections::HashMap::new();
    for (group, created_at, id) in pending {
        first
            .entry(group)
            .and_modify(|f| *f = (*f).min((created_at, id)))
            .or_insert((created_at, id));
    }
    first.into_values().map(|(_, id)| id).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_first_of_each_group_goes_and_ties_go_by_id() {
        let firsts =
            super::firsts_of_groups([(1, 20, 7), (1, 10, 9), (2, 10, 4), (2, 10, 3), (3, 5, 1)]);
        let mut ids: Vec<i64> = firsts.into_iter().collect();
        ids.sort_unstable();
        assert_eq!(ids, vec![1, 3, 9]);
    }
}
