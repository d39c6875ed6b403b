//! saas-main's queries. Changes that other services hear of publish their event in the same
//! transaction (`platform::bus::publish_in_tx`). Every function that reads or writes a tenant's
//! data for a request takes the caller's [`platform::Viewer`]; the platform's administration
//! names its tenant, and the functions applying another service's event take the event's.

pub mod activity;
pub mod approvals;
pub mod areas;
pub mod boss;
pub mod currency_rates;
pub mod interfaces;
pub mod invoices;
pub mod merchants;
pub mod notices;
pub mod notify;
pub mod price_policy;
pub mod schema;
pub mod stats;
pub mod support;
pub mod tenants;

use platform::db::DbConnection;

/// Publishes every tenant and merchant as it stands (`tenant.updated`, `merchant.updated`).
/// Run when a service asks for its copy (`resync.tenants.requested`, `crate::events`) and at
/// each start: a service whose queue did not exist yet when a change was published (one deployed
/// later, or started after saas-main's first run) still gets every copy it keeps; consumers take
/// the same state twice without harm. Answers how many were published.
pub fn announce_all(conn: &mut DbConnection) -> diesel::QueryResult<usize> {
    Ok(tenants::announce_each(conn)? + merchants::announce_each(conn)?)
}
