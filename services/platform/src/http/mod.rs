//! HTTP conventions shared by every service.

pub mod envelope;
pub mod extract;
pub mod observe;
pub mod paging;

pub use envelope::{Envelope, Reply, State};
pub use extract::{Json, Query};
pub use observe::RequestId;
pub use paging::{Page, PageQuery, PageRequest};
