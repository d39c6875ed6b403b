//! What auth-center consumes: the permission catalogue from every service, the tenant and
//! merchant names it shows in `/client/user`, and the gateway's record of what users did (for
//! the user action log).

use platform::bus::{ConsumerSpec, EventEnvelope, v1};
use platform::db::DbConnection;
use prost::Message as _;

use crate::store;

pub fn consumer() -> ConsumerSpec {
    ConsumerSpec::new(
        &[
            "permission.declared",
            "tenant.updated",
            "merchant.updated",
            "user-action.recorded",
        ],
        handle,
    )
}

fn handle(conn: &mut DbConnection, event: &EventEnvelope) -> anyhow::Result<()> {
    let now = platform::time::now_ms();
    let body = event.payload.as_slice();
    match event.event_type.as_str() {
        "permission.declared" => {
            let declared = v1::PermissionsDeclared::decode(body)?;
            store::permissions::save_permissions(conn, &declared, now)?;
        }
        "tenant.updated" => {
            store::tenants::save_tenant(
                conn,
                event.saas_id,
                &v1::TenantUpdated::decode(body)?,
                now,
            )?;
        }
        "user-action.recorded" => {
            let batch = v1::UserActionsRecorded::decode(body)?;
            store::logs::record_requests(conn, event.saas_id, &batch.actions)?;
        }
        "merchant.updated" => {
            store::tenants::save_merchant(
                conn,
                event.saas_id,
                &v1::MerchantUpdated::decode(body)?,
                now,
            )?;
        }
        other => tracing::debug!(event_type = other, "not for auth-center"),
    }
    Ok(())
}
