//! Passwords: the rules a new one follows, and argon2id (the crate's defaults: 19 MiB, 2 passes,
//! 1 lane, as OWASP advises), stored as PHC strings so the parameters travel with each hash; and
//! the random secrets of API users.

use std::sync::OnceLock;

use argon2::Argon2;
use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
use platform::ApiError;

pub const MIN_LENGTH: usize = 6;

pub fn check_password_length(field: &str, password: &str) -> Result<(), ApiError> {
    if password.chars().count() < MIN_LENGTH {
        return Err(ApiError::invalid_field(
            field,
            "密码不能少于6位",
            "Password cannot be less than 6 characters",
        ));
    }
    Ok(())
}

/// The change-password form: old given, new long enough, repeat equal.
pub fn check_reset(old: &str, new: &str, repeat: &str) -> Result<(), ApiError> {
    if old.is_empty() {
        return Err(ApiError::invalid_field(
            "oldPassword",
            "请输入原密码",
            "Please enter the old password",
        ));
    }
    if new.is_empty() {
        return Err(ApiError::invalid_field(
            "newPassword",
            "请输入新密码",
            "Please enter the new password",
        ));
    }
    check_password_length("newPassword", new)?;
    if repeat.is_empty() {
        return Err(ApiError::invalid_field(
            "repeatNewPassword",
            "请再次输入密码！",
            "Please input the password again!",
        ));
    }
    if repeat != new {
        return Err(ApiError::invalid_field(
            "repeatNewPassword",
            "两次输入的密码不一致！",
            "The two passwords are different!",
        ));
    }
    Ok(())
}

/// The change-password form's old password must be the account's.
pub fn check_old(old: &str, phc: &str) -> Result<(), ApiError> {
    if verify(old, phc) {
        Ok(())
    } else {
        Err(ApiError::invalid_field(
            "oldPassword",
            "原密码不正确",
            "The old password is wrong",
        ))
    }
}

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

    #[test]
    fn reset_rules() {
        assert!(check_reset("", "abcdef", "abcdef").is_err());
        assert!(check_reset("old", "abc", "abc").is_err());
        let err = check_reset("old", "abcdef", "abcdeg").unwrap_err();
        assert!(
            err.to_string().contains("The two passwords are different!"),
            "{err}"
        );
        assert!(check_reset("old", "abcdef", "abcdef").is_ok());
    }
}
