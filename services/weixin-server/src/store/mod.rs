//! weixin-server's persistence (configurations (secrets encrypted), followers, staff bindings): diesel schema, rows and queries scoped by
//! `platform::Viewer`, outbox writes; none yet (docs/adding-a-service.md).
