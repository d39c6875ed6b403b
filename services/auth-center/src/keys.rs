//! The signing keys: Ed25519, kept as PKCS#8 PEM files (a file under the data directory in the
//! embedded mode, a mounted Kubernetes Secret in production). The first start creates the
//! signing key when its file does not exist; previous keys still verify during a rotation.

use std::path::Path;

use ed25519_dalek::SigningKey;
use ed25519_dalek::pkcs8::spki::der::pem::LineEnding;
use ed25519_dalek::pkcs8::{DecodePrivateKey as _, EncodePrivateKey as _};
use std::collections::HashMap;

use platform::auth::JwkSet;
use platform::auth::token::{DecodingKey, SigningPair};

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("{path}: {reason}")]
    File { path: String, reason: String },
}

/// The key that signs and every key that verifies.
#[derive(Debug, Clone)]
pub struct KeyRing {
    pub signing: SigningPair,
    previous: Vec<SigningPair>,
    /// Every key that verifies, by key id: what [`KeyRing::jwks`] publishes, made once.
    pub decoding_keys: HashMap<String, DecodingKey>,
}

fn file_error(path: &Path, reason: impl std::fmt::Display) -> KeyError {
    KeyError::File {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

fn read_key(path: &Path) -> Result<SigningKey, KeyError> {
    let pem = std::fs::read_to_string(path).map_err(|e| file_error(path, e))?;
    SigningKey::from_pkcs8_pem(&pem)
        .map_err(|e| file_error(path, format!("not an Ed25519 PKCS#8 PEM key: {e}")))
}

fn create_key(path: &Path) -> Result<SigningKey, KeyError> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| file_error(path, format!("no randomness: {e}")))?;
    let key = SigningKey::from_bytes(&seed);
    let pem = key
        .to_pkcs8_pem(LineEnding::LF)
        .map_err(|e| file_error(path, e))?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| file_error(path, e))?;
    }
    write_private(path, pem.as_bytes()).map_err(|e| file_error(path, e))?;
    tracing::info!(path = %path.display(), "created the token signing key");
    Ok(key)
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    use std::os::unix::fs::OpenOptionsExt as _;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?
        .write_all(bytes)
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}

impl KeyRing {
    /// Reads the signing key, creating it if its file does not exist, and the previous keys.
    pub fn load_or_create(signing: &Path, previous: &[impl AsRef<Path>]) -> Result<Self, KeyError> {
        let key = if signing.exists() {
            read_key(signing)?
        } else {
            create_key(signing)?
        };
        let previous = previous
            .iter()
            .map(|p| read_key(p.as_ref()).map(SigningPair::new))
            .collect::<Result<Vec<_>, _>>()?;
        let mut ring = Self {
            signing: SigningPair::new(key),
            previous,
            decoding_keys: HashMap::new(),
        };
        ring.decoding_keys = ring.jwks().decoding_keys();
        Ok(ring)
    }

    /// `/.well-known/jwks.json`: the signing key first.
    pub fn jwks(&self) -> JwkSet {
        JwkSet {
            keys: std::iter::once(&self.signing)
                .chain(&self.previous)
                .map(SigningPair::jwk)
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_key_is_created_once_and_then_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("keys/signing-key.pem");
        let first = KeyRing::load_or_create(&path, &[] as &[&Path]).unwrap();
        let again = KeyRing::load_or_create(&path, &[] as &[&Path]).unwrap();
        assert_eq!(first.signing.kid, again.signing.kid);
        let pem = std::fs::read_to_string(&path).unwrap();
        assert!(pem.starts_with("-----BEGIN PRIVATE KEY-----"), "{pem}");
    }

    #[test]
    fn previous_keys_are_published_after_the_signing_key() {
        let dir = tempfile::tempdir().unwrap();
        let old = dir.path().join("old.pem");
        let new = dir.path().join("new.pem");
        let old_kid = KeyRing::load_or_create(&old, &[] as &[&Path])
            .unwrap()
            .signing
            .kid;
        let ring = KeyRing::load_or_create(&new, &[&old]).unwrap();
        let kids: Vec<String> = ring.jwks().keys.into_iter().map(|k| k.kid).collect();
        assert_eq!(kids, vec![ring.signing.kid.clone(), old_kid]);
    }

    #[test]
    fn a_file_that_is_not_a_key_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.pem");
        std::fs::write(&path, "hello").unwrap();
        let err = KeyRing::load_or_create(&path, &[] as &[&Path]).unwrap_err();
        assert!(err.to_string().contains("bad.pem"), "{err}");
    }
}
