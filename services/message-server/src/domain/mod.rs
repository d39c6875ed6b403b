//! message-server's rules, free of I/O.

pub mod buyer;
pub mod dispatch;
pub mod notify;
pub mod sms;
pub mod support;
