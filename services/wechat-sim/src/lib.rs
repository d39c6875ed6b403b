//! A simulator of the parts of WeChat's official-account API that weixin-server calls, written
//! from WeChat's public documentation: the same paths, parameters, JSON answers, error codes,
//! token lifetimes, and the signed XML events it posts to a developer's server. Tests, browser
//! tests and `make run` talk to it instead of `https://api.weixin.qq.com`.
//!
//! WeChat's own paths (`/cgi-bin/...`, [`api::wechat`]) behave as documented. Under `/sim/`
//! ([`api::sim`]) are the simulator's controls, which WeChat has no equivalent of: register an
//! official account (what a developer does in the mp admin console: app id, secret, message token,
//! server URL), "scan" a QR code as a WeChat user (WeChat then posts the subscribe or SCAN event to
//! the server URL), unsubscribe, read what was sent to it (template messages, token requests),
//! make the next calls fail with a code, and expire tokens early. [`domain`] holds what WeChat's
//! documentation fixes (signatures, token lifetimes, codes, event XML); [`store`] the accounts
//! in memory. docs/weixin.md says which behaviours are WeChat's and which are assumed.

pub mod api;
pub mod domain;
pub mod store;

pub use api::{Running, routes, start};
pub use domain::{event_xml, signature};
pub use store::{Follower, Received, Settings, Sim};
