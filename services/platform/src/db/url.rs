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

    pub fn backend(&self) -> &'static str {
        match self {
            Self::Postgres(_) => "postgresql",
            Self::Sqlite(_) => "sqlite",
        }
    }
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
    fn other_schemes_are_refused_without_leaking_the_password() {
        let err = DbUrl::parse("mysql://root:pw@h/db")
            .unwrap_err()
            .to_string();
        assert!(err.contains("expected postgres"), "{err}");
        assert!(!err.contains("pw@"), "{err}");
        assert!(DbUrl::parse("sqlite://").is_err());
    }
}
