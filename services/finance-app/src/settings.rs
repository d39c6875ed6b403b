//! finance-app's own settings: the keys it reads under `TRADEWIND_FINANCE_APP__` besides the
//! platform's (database, port, workers, demo data: docs/configuration.md). None yet; a new one
//! is added here, read in `lib.rs`'s set-up with `cfg.env.parse_or(&cfg.var(KEY), default)`,
//! and documented in docs/configuration.md (the fleet's test fails until it is).

pub const VARIABLES: &[&str] = &[];
