//! Health checks: each part a service depends on reports itself; any part down makes the
//! service unhealthy (503) with that part named.

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use serde_json::{Value, json};

use crate::db::DbPool;

/// A check's outcome: details to show when up, the reason when down.
pub type CheckResult = Result<Value, String>;

pub trait HealthCheck: Send + Sync {
    /// The name the health document shows (`db`, `broker`, ...).
    fn name(&self) -> &'static str;
    fn check(&self) -> Pin<Box<dyn Future<Output = CheckResult> + '_>>;

    /// Whether a failure only keeps the service out of traffic (readiness 503) rather than
    /// making it unhealthy.
    fn readiness_only(&self) -> bool {
        false
    }
}

/// How long a probe waits for a pooled connection before calling the database down.
const DB_CHECK_TIMEOUT: Duration = Duration::from_secs(2);

pub struct DatabaseCheck {
    pub pool: DbPool,
    /// `postgresql` or `sqlite`, shown in the details.
    pub backend: &'static str,
}

impl HealthCheck for DatabaseCheck {
    fn name(&self) -> &'static str {
        "db"
    }

    fn check(&self) -> Pin<Box<dyn Future<Output = CheckResult> + '_>> {
        let pool = self.pool.clone();
        Box::pin(async move {
            let backend = self.backend;
            // The pool blocks while it waits; keep that off the HTTP worker.
            let outcome = actix_web::web::block(move || {
                use diesel::r2d2::R2D2Connection;
                let mut conn = pool
                    .get_timeout(DB_CHECK_TIMEOUT)
                    .map_err(|e| e.to_string())?;
                conn.ping().map_err(|e| e.to_string())
            })
            .await
            .map_err(|e| e.to_string())?;
            match outcome {
                Ok(()) => Ok(json!({ "backend": backend })),
                Err(reason) => Err(format!("{backend}: {reason}")),
            }
        })
    }
}

/// The broker, and the outbox backlog waiting for it.
pub struct BusCheck {
    pub bus: crate::bus::Bus,
    pub pool: Option<DbPool>,
}

impl HealthCheck for BusCheck {
    fn name(&self) -> &'static str {
        "broker"
    }

    fn check(&self) -> Pin<Box<dyn Future<Output = CheckResult> + '_>> {
        Box::pin(async move {
            let backlog = match self.pool.clone() {
                Some(pool) => actix_web::web::block(move || {
                    let mut conn = pool.get_timeout(DB_CHECK_TIMEOUT).ok()?;
                    crate::bus::backlog(&mut conn).ok()
                })
                .await
                .ok()
                .flatten(),
                None => None,
            };
            let reachable = match &self.bus {
                crate::bus::Bus::Memory(_) => Ok(()),
                crate::bus::Bus::Rabbit(b) => b.check().await.map_err(|e| e.to_string()),
            };
            match reachable {
                Ok(()) => Ok(json!({ "kind": self.bus.kind(), "outboxBacklog": backlog })),
                Err(e) => Err(format!("{}: {e}", self.bus.kind())),
            }
        })
    }
}

/// The copies a service keeps of other services' data ([`crate::bus::resync`]): their state and
/// owner's watermark; a copy never filled yet keeps the service out of traffic.
pub struct CopiesCheck {
    pub pool: DbPool,
    pub copies: Vec<&'static str>,
}

impl HealthCheck for CopiesCheck {
    fn name(&self) -> &'static str {
        "copies"
    }

    fn readiness_only(&self) -> bool {
        true
    }

    fn check(&self) -> Pin<Box<dyn Future<Output = CheckResult> + '_>> {
        let pool = self.pool.clone();
        let copies = self.copies.clone();
        Box::pin(async move {
            let states = actix_web::web::block(move || {
                let mut conn = pool
                    .get_timeout(DB_CHECK_TIMEOUT)
                    .map_err(|e| e.to_string())?;
                copies
                    .iter()
                    .map(|c| {
                        crate::bus::resync::state(&mut conn, c)
                            .map(|s| (*c, s))
                            .map_err(|e| e.to_string())
                    })
                    .collect::<Result<Vec<_>, String>>()
            })
            .await
            .map_err(|e| e.to_string())??;
            let mut details = serde_json::Map::new();
            let mut waiting = Vec::new();
            for (copy, state) in states {
                if state.as_ref().is_none_or(|s| s.completed_at.is_none()) {
                    waiting.push(copy);
                }
                details.insert(
                    copy.to_owned(),
                    state.map_or_else(|| json!({ "state": "unknown" }), |s| json!(s)),
                );
            }
            if waiting.is_empty() {
                Ok(Value::Object(details))
            } else {
                Err(format!(
                    "waiting for the owner's snapshot of {}: {}",
                    waiting.join(", "),
                    Value::Object(details)
                ))
            }
        })
    }
}
