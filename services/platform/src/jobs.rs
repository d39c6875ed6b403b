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
