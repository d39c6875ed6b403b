//! mall-app's persistence (mall products, themes, sessions and their stock, mall orders): diesel schema, rows and queries scoped by
//! `platform::Viewer`, outbox writes; none yet (docs/adding-a-service.md).
