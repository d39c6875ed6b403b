//! finance-app: distributors' credit accounts (limits, prepaid money, used credit), the
//! credit-payment saga's finance side, the cash log, balances and the tenant's bank accounts
//! (docs/finance.md). `api/` parses, scopes and serialises; `domain/` decides; `store/`
//! persists and publishes.

pub mod api;
pub mod demo;
pub mod domain;
pub mod events;
pub mod permission_texts;
pub mod settings;
pub mod store;

use platform::{Prepared, ServiceSpec};

pub const NAME: &str = "finance-app";
pub const DEFAULT_PORT: u16 = 8088;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("Credit logs, receipts, payments, reconciliation, balances, bank accounts")
        .app(platform::app::APP_BASE)
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .permission_texts(permission_texts::TEXTS)
        .variables(settings::VARIABLES)
        .consumer(events::subscriptions().into())
        .demo(demo::seed)
        .setup(|_| Ok(Prepared::new(api::routes)))
}
