//! Passwords: argon2id (the crate's defaults: 19 MiB, 2 passes, 1 lane, as OWASP advises),
//! stored as PHC strings so the parameters travel with each hash.

use std::sync::OnceLock;

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};

pub const MIN_LENGTH: usize = 6;

pub fn hash(password: &str) -> anyhow::Result<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
}

pub fn verify(password: &str, phc: &str) -> bool {
    Argon2::default()
        .verify_password(password.as_bytes(), phc)
        .is_ok()
}

/// Spends the time of a verification when there is no account, so a response's timing does not
/// tell which usernames exist.
pub fn verify_nothing(password: &str) {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let phc = DUMMY.get_or_init(|| hash("timing-equaliser").unwrap_or_default());
    let _ = verify(password, phc);
}

/// A random secret (API users' app secrets), URL-safe.
pub fn random_secret(bytes: usize) -> anyhow::Result<String> {
    use base64::Engine as _;
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(buf))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only() {
        let phc = hash("admin123").unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(verify("admin123", &phc));
        assert!(!verify("admin124", &phc));
        assert!(!verify("admin123", "not a hash"));
        assert_ne!(hash("admin123").unwrap(), phc, "salted");
    }
}
