//! HTTP conventions shared by every service.

pub mod client;
pub mod contract;
pub mod endpoints;
pub mod envelope;
pub mod extract;
pub mod filter;
pub mod observe;
pub mod paging;

pub use envelope::{Envelope, Reply, State};
pub use extract::{Json, Query};
pub use filter::unless_all;
pub use observe::RequestId;
pub use paging::{Page, PageQuery, PageRequest};

/// The header the gateway sets to the caller's address (callers cannot set it: the gateway
/// replaces every `x-tradewind-*` header).
pub const CLIENT_IP_HEADER: &str = "x-tradewind-client-ip";

/// The caller's address: as the gateway determined it, or the peer for a direct call.
pub fn client_ip(req: &actix_web::HttpRequest) -> String {
    if let Some(ip) = req
        .headers()
        .get(CLIENT_IP_HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty())
    {
        return ip.to_owned();
    }
    req.peer_addr()
        .map_or_else(|| "unknown".to_owned(), |a| a.ip().to_string())
}
