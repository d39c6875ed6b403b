//! weixin-server's rules, with no I/O: what a valid configuration is, WeChat's message
//! signature, event XML and safe mode's encryption, when an access token must be refreshed,
//! what a mini-program login brings. Plain functions with unit tests; the store, the handlers
//! and the WeChat client call them.

pub mod callback;
pub mod config;
pub mod ma_user;
pub mod qr;
pub mod safe_mode;
pub mod template;
pub mod token;
