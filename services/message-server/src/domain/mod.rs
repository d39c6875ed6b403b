//! message-server's rules, free of I/O.

pub mod notify;
