//! What users do, for the activity dashboard: one entry per authenticated data-changing request,
//! sent to saas-main as `user-action.recorded` events, batched per tenant (at most every second,
//! or per 200 actions). Best effort: the gateway keeps no outbox, so a broker outage loses
//! activity counts (never a request).

use std::collections::HashMap;
use std::time::Duration;

use platform::auth::CurrentUser;
use platform::bus::{Bus, Outgoing, v1};
use tokio::sync::mpsc;

const BATCH: usize = 200;
const EVERY: Duration = Duration::from_secs(1);

#[derive(Clone)]
pub struct Recorder {
    tx: mpsc::UnboundedSender<(i64, v1::UserAction)>,
}

impl Recorder {
    /// Starts the sender on this runtime.
    pub fn start(bus: Bus) -> Self {
        let (tx, mut rx) = mpsc::unbounded_channel::<(i64, v1::UserAction)>();
        actix_web::rt::spawn(async move {
            let mut pending: Vec<(i64, v1::UserAction)> = Vec::new();
            loop {
                let next = tokio::time::timeout(EVERY, rx.recv()).await;
                match next {
                    Ok(Some(item)) => {
                        pending.push(item);
                        if pending.len() < BATCH {
                            continue;
                        }
                    }
                    Ok(None) => {
                        send(&bus, std::mem::take(&mut pending)).await;
                        return;
                    }
                    Err(_) => {}
                }
                send(&bus, std::mem::take(&mut pending)).await;
            }
        });
        Self { tx }
    }

    pub fn record(
        &self,
        user: &CurrentUser,
        method: &str,
        path: &str,
        status: u16,
        client_ip: &str,
    ) {
        let action = v1::UserAction {
            user_id: user.user_id,
            mch_id: user.mch_id,
            method: method.to_owned(),
            path: path.to_owned(),
            status: i32::from(status),
            at: platform::time::now_ms(),
            client_ip: client_ip.to_owned(),
        };
        let _ = self.tx.send((user.saas_id, action));
    }
}

async fn send(bus: &Bus, actions: Vec<(i64, v1::UserAction)>) {
    if actions.is_empty() {
        return;
    }
    let mut by_tenant: HashMap<i64, Vec<v1::UserAction>> = HashMap::new();
    for (saas_id, a) in actions {
        by_tenant.entry(saas_id).or_default().push(a);
    }
    let bodies: Vec<Vec<u8>> = by_tenant
        .into_iter()
        .map(|(saas_id, actions)| {
            let payload = v1::UserActionsRecorded { actions };
            Outgoing::new(crate::NAME, "user-action.recorded", saas_id, &payload).envelope_bytes()
        })
        .collect();
    let batch: Vec<(&str, &[u8])> = bodies
        .iter()
        .map(|b| ("user-action.recorded", b.as_slice()))
        .collect();
    if let Err((_, e)) = bus.publish_batch(&batch).await {
        tracing::warn!(error = %e, "user actions not sent");
    }
}
