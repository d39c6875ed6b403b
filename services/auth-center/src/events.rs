//! What auth-center consumes from its queue `auth-center.events`: saas-main's tenants and
//! merchants, kept in the platform's copy (the names and expiry `/client/user` shows, the
//! merchants accounts may be given, and each request's [`platform::Viewer`]); the permission
//! catalogue every service declares; and the gateway's record of what users did, for the user
//! action log.

use platform::bus::{Event, Subscriptions, v1};

use crate::store;

pub fn subscriptions() -> Subscriptions {
    platform::replica::follow(Subscriptions::new())
        .on::<v1::PermissionsDeclared>(
            "permission.declared",
            |conn, e: Event<v1::PermissionsDeclared>| {
                store::permissions::save_permissions(conn, &e.payload, platform::time::now_ms())?;
                Ok(())
            },
        )
        .on::<v1::UserActionsRecorded>(
            "user-action.recorded",
            |conn, e: Event<v1::UserActionsRecorded>| {
                store::logs::record_requests(conn, e.saas_id, &e.payload.actions)?;
                Ok(())
            },
        )
}
