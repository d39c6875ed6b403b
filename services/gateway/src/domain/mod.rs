//! What the gateway decides on its own: whether a caller is over a rate limit.

pub mod ratelimit;
