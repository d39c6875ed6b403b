//! What every Tradewind service shares: configuration, database, the HTTP envelope and errors,
//! the actuator, OpenAPI and telemetry. A service is a [`ServiceSpec`]; `main` is
//! `platform::cli::run(my_service::service())`.

pub mod actuator;
pub mod app;
pub mod areas;
pub mod auth;
pub mod build_info;
pub mod bus;
pub mod channel;
pub mod cli;
pub mod config;
pub mod db;
pub mod demo;
pub mod drain;
pub mod error;
pub mod health;
pub mod http;
pub mod i18n;
pub mod id;
pub mod jobs;
pub mod metrics;
pub mod node;
pub mod outbound;
pub mod registry;
pub mod replica;
pub mod sealing;
pub mod secret;
pub mod telemetry;
pub mod tenancy;
pub mod time;
pub mod trade;
pub mod trade_api;
pub mod trade_store;
pub mod validate;

#[cfg(feature = "test-support")]
pub mod testing;

pub use app::{Application, Prepared, Resources, ServiceSpec, SetupContext};
pub use error::ApiError;
pub use tenancy::Viewer;

#[doc(hidden)]
pub use diesel_migrations as __diesel_migrations;
