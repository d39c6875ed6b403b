//! Secrets at rest, one mechanism for every service that keeps one (weixin-server's app
//! secrets and tokens, saas-main's interface credentials): each value is sealed with
//! ChaCha20-Poly1305 under the service's key before it reaches the database, with a fresh random
//! nonce each time. The key comes from configuration ([`from_config`]: `SECRETS__KEY` or the
//! file `SECRETS__KEY_FILE` under the service's prefix); it never leaves the process and never
//! prints.

use std::path::PathBuf;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as B64;
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Nonce};

use crate::config::ServiceConfig;

const PREFIX: &str = "v1:";
const NONCE_LEN: usize = 12;
pub const KEY_LEN: usize = 32;

#[derive(Clone)]
pub struct Sealer {
    cipher: ChaCha20Poly1305,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealer(***)")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SealError {
    #[error("the sealing key must be {KEY_LEN} bytes")]
    KeyLength,
    #[error("no randomness for a nonce: {0}")]
    Random(String),
    #[error("a sealed value cannot be opened (another key, or damaged)")]
    Open,
}

impl Sealer {
    pub fn new(key: &[u8]) -> Result<Self, SealError> {
        let cipher = ChaCha20Poly1305::new_from_slice(key).map_err(|_| SealError::KeyLength)?;
        Ok(Self { cipher })
    }

    /// `value` sealed: `v1:` and the base64 of nonce and ciphertext. The empty value stays empty
    /// (an unset optional secret).
    pub fn seal(&self, value: &str) -> Result<String, SealError> {
        if value.is_empty() {
            return Ok(String::new());
        }
        let mut nonce = [0u8; NONCE_LEN];
        getrandom::fill(&mut nonce).map_err(|e| SealError::Random(e.to_string()))?;
        let sealed = self
            .cipher
            .encrypt(&Nonce::from(nonce), value.as_bytes())
            .map_err(|_| SealError::Open)?;
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        Ok(format!("{PREFIX}{}", B64.encode(out)))
    }

    pub fn open(&self, sealed: &str) -> Result<String, SealError> {
        if sealed.is_empty() {
            return Ok(String::new());
        }
        let raw = sealed
            .strip_prefix(PREFIX)
            .and_then(|b| B64.decode(b).ok())
            .filter(|r| r.len() > NONCE_LEN)
            .ok_or(SealError::Open)?;
        let (nonce, body) = raw.split_at(NONCE_LEN);
        let nonce: [u8; NONCE_LEN] = nonce.try_into().map_err(|_| SealError::Open)?;
        let plain = self
            .cipher
            .decrypt(&Nonce::from(nonce), body)
            .map_err(|_| SealError::Open)?;
        String::from_utf8(plain).map_err(|_| SealError::Open)
    }
}

/// `sealed` (sealed under `from`) sealed again under `to`, opened only in memory on the way.
pub fn reseal(from: &Sealer, to: &Sealer, sealed: &str) -> Result<String, SealError> {
    to.seal(&from.open(sealed)?)
}

impl From<SealError> for crate::ApiError {
    fn from(e: SealError) -> Self {
        crate::ApiError::Internal(anyhow::anyhow!(e))
    }
}

/// The service's sealer. The key is `TRADEWIND_<SERVICE>__SECRETS__KEY` (base64 of 32 bytes;
/// production sets it from a secret), or else the file `SECRETS__KEY_FILE` (default
/// `<data dir>/<service>/secrets.key`), made with 32 random bytes on first start (the embedded
/// mode's default). A service using it lists both keys among its variables.
pub fn from_config(cfg: &ServiceConfig) -> anyhow::Result<Sealer> {
    let default_file = cfg.env.data_dir().join(&cfg.name).join("secrets.key");
    key_from(cfg, "SECRETS__KEY", "SECRETS__KEY_FILE", default_file)
}

/// The sealer of what travels between services: interface credentials, from saas-main that
/// keeps them to the services that sign channel calls with them. The key is
/// `TRADEWIND_<SERVICE>__CHANNEL__TRANSPORT_KEY`, the same value for saas-main, hotel-app and
/// ticket-app (production sets it from one shared secret), or else the file
/// `CHANNEL__TRANSPORT_KEY_FILE` (default `<data dir>/channel-transport.key`, one file for the
/// services of one data directory, as the embedded fleet runs). A service using it lists both
/// keys among its variables.
pub fn transport_from_config(cfg: &ServiceConfig) -> anyhow::Result<Sealer> {
    let default_file = cfg.env.data_dir().join("channel-transport.key");
    key_from(
        cfg,
        "CHANNEL__TRANSPORT_KEY",
        "CHANNEL__TRANSPORT_KEY_FILE",
        default_file,
    )
}

fn key_from(
    cfg: &ServiceConfig,
    key_var: &str,
    file_var: &str,
    default_file: PathBuf,
) -> anyhow::Result<Sealer> {
    let b64 = base64::engine::general_purpose::STANDARD;
    let var = cfg.var(key_var);
    let given = cfg.env.get(&var).unwrap_or_default().trim();
    if !given.is_empty() {
        let key = b64
            .decode(given)
            .map_err(|_| anyhow::anyhow!("{var} is not base64"))?;
        anyhow::ensure!(
            key.len() == KEY_LEN,
            "{var} must be the base64 of {KEY_LEN} bytes"
        );
        return Ok(Sealer::new(&key)?);
    }
    let file = cfg
        .env
        .get(&cfg.var(file_var))
        .map(|p| PathBuf::from(p.trim()))
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(default_file);
    if !file.exists() {
        create_key_file(&file)?;
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| anyhow::anyhow!("reading the sealing key {}: {e}", file.display()))?;
    let key = b64
        .decode(text.trim())
        .map_err(|_| anyhow::anyhow!("the sealing key {} is not base64", file.display()))?;
    Ok(Sealer::new(&key)?)
}

/// Writes a new random key to `file`, unless another process made it first: services of one
/// fleet start together and must all read the same key, so the key is written whole under a
/// name of its own and then linked into place, which fails if the file already exists.
fn create_key_file(file: &std::path::Path) -> anyhow::Result<()> {
    let b64 = base64::engine::general_purpose::STANDARD;
    let mut key = [0u8; KEY_LEN];
    getrandom::fill(&mut key).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut tag = [0u8; 8];
    getrandom::fill(&mut tag).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    let staged = file.with_extension(format!("new-{}", u64::from_le_bytes(tag)));
    std::fs::write(&staged, b64.encode(key))?;
    let linked = std::fs::hard_link(&staged, file);
    let _ = std::fs::remove_file(&staged);
    match linked {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(anyhow::anyhow!(
            "writing the sealing key {}: {e}",
            file.display()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_value_opens_with_its_key_only() {
        let a = Sealer::new(&[7; KEY_LEN]).unwrap();
        let sealed = a.seal("0123456789abcdef0123456789abcdef").unwrap();
        assert!(!sealed.contains("0123456789abcdef"));
        assert_ne!(
            sealed,
            a.seal("0123456789abcdef0123456789abcdef").unwrap(),
            "fresh nonce"
        );
        assert_eq!(a.open(&sealed).unwrap(), "0123456789abcdef0123456789abcdef");
        let b = Sealer::new(&[8; KEY_LEN]).unwrap();
        assert!(b.open(&sealed).is_err());
        assert!(a.open("v1:AAAA").is_err());
        assert_eq!(a.seal("").unwrap(), "");
        assert!(Sealer::new(&[1; 16]).is_err());
        assert_eq!(format!("{a:?}"), "Sealer(***)");
    }

    #[test]
    fn a_key_file_made_by_one_service_is_read_by_the_others() {
        let dir = std::env::temp_dir().join(format!("tw-seal-{}", std::process::id()));
        let file = dir.join("channel-transport.key");
        let _ = std::fs::remove_dir_all(&dir);
        create_key_file(&file).unwrap();
        let first = std::fs::read_to_string(&file).unwrap();
        create_key_file(&file).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), first, "kept");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "no staged file left"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
