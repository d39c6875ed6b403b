//! weixin-server's rules without I/O (what WeChat's signatures and messages require), as plain functions with unit tests; none yet
//! (docs/adding-a-service.md).
