//! saas-main's business rules, free of HTTP and SQL: the fields of tenants and merchants, what
//! buying a service does to a licence, the order statistics read model, notification settings,
//! notices, the activity figures and the enumeration catalogue.

pub mod activity;
pub mod approvals;
pub mod areas;
pub mod boss;
pub mod currency;
pub mod enums;
pub mod interfaces;
pub mod invoices;
pub mod merchants;
pub mod notices;
pub mod notify;
pub mod price_policy;
pub mod stats;
pub mod support;
pub mod tenants;
