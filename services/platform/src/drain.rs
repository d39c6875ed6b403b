//! Leaving traffic before stopping. A stop signal (SIGTERM from Kubernetes) does not stop the
//! server at once: for `HTTP__DRAIN_SECS` the process keeps serving but says it is not ready,
//! so the Service sends it no new connections, and answers every request with
//! `Connection: close`, so the callers' pooled keep-alive connections to it end right after an
//! answer instead of under the next request when the server goes. Only then does the server
//! stop, letting in-flight requests finish. Without this a gateway's POST sent on a pooled
//! connection the replica was closing fails, and a POST is never sent twice.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::json;

use crate::health::{CheckResult, HealthCheck};

/// Whether this service is leaving traffic; shared by the signal handler, the request
/// middleware and the readiness check.
#[derive(Debug, Clone, Default)]
pub struct Drain(Arc<AtomicBool>);

impl Drain {
    /// From now on: not ready, and every connection closed after its answer.
    pub fn start(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn draining(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl HealthCheck for Drain {
    fn name(&self) -> &'static str {
        "drain"
    }

    fn check(&self) -> Pin<Box<dyn Future<Output = CheckResult> + '_>> {
        let draining = self.draining();
        Box::pin(async move {
            if draining {
                Err("stopping: leaving traffic before the server stops".to_owned())
            } else {
                Ok(json!({ "draining": false }))
            }
        })
    }

    fn readiness_only(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[actix_web::test]
    async fn a_draining_service_is_not_ready_but_healthy() {
        let drain = Drain::default();
        assert!(drain.check().await.is_ok());
        let seen_elsewhere = drain.clone();
        drain.start();
        assert!(seen_elsewhere.draining());
        assert!(seen_elsewhere.check().await.is_err());
        assert!(
            drain.readiness_only(),
            "a liveness or health failure would restart the pod"
        );
    }
}
