//! HTTP conventions shared by every service.

pub mod client;
pub mod contract;
pub mod endpoints;
pub mod envelope;
pub mod extract;
pub mod filter;
pub mod identity;
pub mod observe;
pub mod paging;

pub use envelope::{Envelope, Reply, State};
pub use extract::{Json, Query};
pub use filter::unless_all;
pub use observe::RequestId;
pub use paging::{Page, PageQuery, PageRequest};

/// The header the gateway sets to the caller's address ([`identity`]: signed, so a caller
/// cannot set it).
pub const CLIENT_IP_HEADER: &str = identity::CLIENT_IP;

/// The caller's address: as the gateway determined and signed it, or the peer for a call that
/// did not come through the gateway.
pub use identity::client_ip;
