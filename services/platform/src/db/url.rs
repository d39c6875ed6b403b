//! Which backend a database URL selects.

use std::path::PathBuf;

use super::DbError;
use crate::secret::redact_url;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbUrl {
    /// Passed to libpq as is.
    Postgres(String),
    /// A file path (relative to the working directory, or absolute with `sqlite:///`).
    Sqlite(PathBuf),
}

impl DbUrl {
    pub fn parse(url: &str) -> Result<Self, DbError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Self::Postgres(url.to_owned()))
        } else if let Some(path) = url.strip_prefix("sqlite://") {
            if path.is_empty() {
                return Err(DbError::Url(format!(
                    "{url}: the SQLite file path is empty"
                )));
            }
            Ok(Self::Sqlite(PathBuf::from(path)))
        } else {
            Err(DbError::Url(format!(
                "{}: expected postgres://... or sqlite://path",
                redact_url(url)
            )))
        }
    }

    /// What the pool hands libpq: the URL as configured, except that a connection to this host
    /// that does not choose its `sslmode` gets `sslmode=disable`. libpq's default (`prefer`)
    /// would wrap every round trip in TLS, which on the loopback protects nothing and costs both
    /// sides CPU on each statement; a database on another host keeps libpq's default.
    pub fn for_libpq(url: &str) -> std::borrow::Cow<'_, str> {
        if url.contains("sslmode=") || !is_loopback(url) {
            return url.into();
        }
        let joint = if url.contains('?') { '&' } else { '?' };
        format!("{url}{joint}sslmode=disable").into()
    }

    pub fn backend(&self) -> &'static str {
        match self {
            Self::Postgres(_) => "postgresql",
            Self::Sqlite(_) => "sqlite",
        }
    }
}

/// Whether a postgres URL's host is this machine (a loopback address, or none: libpq's Unix
/// socket).
fn is_loopback(url: &str) -> bool {
    let Some((_, rest)) = url.split_once("://") else {
        return false;
    };
    let authority = rest.split(['/', '?']).next().unwrap_or("");
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = match host_port.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(""),
        None => host_port.split(':').next().unwrap_or(""),
    };
    host.is_empty() || host == "localhost" || host == "::1" || host.starts_with("127.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scheme_chooses_the_backend() {
        assert_eq!(
            DbUrl::parse("postgres://u@h/db").unwrap(),
            DbUrl::Postgres("postgres://u@h/db".into())
        );
        assert_eq!(
            DbUrl::parse("sqlite://data/x.db").unwrap(),
            DbUrl::Sqlite("data/x.db".into())
        );
        assert_eq!(
            DbUrl::parse("sqlite:///var/x.db").unwrap(),
            DbUrl::Sqlite("/var/x.db".into())
        );
    }

    #[test]
    fn loopback_connections_go_without_tls_unless_the_url_says() {
        let l = |u| DbUrl::for_libpq(u).into_owned();
        assert_eq!(
            l("postgres://postgres:pw@127.0.0.1:5432/db"),
            "postgres://postgres:pw@127.0.0.1:5432/db?sslmode=disable"
        );
        assert_eq!(
            l("postgres://u@localhost/db?connect_timeout=5"),
            "postgres://u@localhost/db?connect_timeout=5&sslmode=disable"
        );
        assert_eq!(
            l("postgres://u@[::1]:5432/db"),
            "postgres://u@[::1]:5432/db?sslmode=disable"
        );
        assert_eq!(l("postgresql:///db"), "postgresql:///db?sslmode=disable");
        for kept in [
            "postgres://u@db.internal:5432/db",
            "postgres://u@10.0.0.7/db",
            "postgres://u@127.0.0.1/db?sslmode=require",
        ] {
            assert_eq!(l(kept), kept);
        }
    }

    #[test]
    fn other_schemes_are_refused_without_leaking_the_password() {
        let err = DbUrl::parse("mysql://root:pw@h/db")
            .unwrap_err()
            .to_string();
        assert!(err.contains("expected postgres"), "{err}");
        assert!(!err.contains("pw@"), "{err}");
        assert!(DbUrl::parse("sqlite://").is_err());
    }
}
