//! The cryptography `jsonwebtoken` signs and verifies with: Ed25519 through the ed25519-dalek 3
//! the workspace already builds. jsonwebtoken's own providers would bring a second ed25519-dalek,
//! sha2 and curve25519-dalek (with RSA and the NIST curves) or a C library; this one knows EdDSA
//! alone, so any other algorithm fails here too, not only in the `Validation`.
//!
//! Keys are what jsonwebtoken's built-in providers expect (a PKCS#8 DER private key, the raw
//! 32-byte public key), so changing to one of them later is a change of this file only.

use ed25519_dalek::pkcs8::DecodePrivateKey as _;
use ed25519_dalek::{Signature, SigningKey, VerifyingKey};
use jsonwebtoken::crypto::{CryptoProvider, JwtSigner, JwtVerifier, KeyUtils};
use jsonwebtoken::errors::{ErrorKind, Result};
use jsonwebtoken::jwk::{EllipticCurve, ThumbprintHash};
use jsonwebtoken::signature;
use jsonwebtoken::{Algorithm, AlgorithmFamily, DecodingKey, EncodingKey};
use sha2::Digest as _;

struct Signer(SigningKey);

impl signature::Signer<Vec<u8>> for Signer {
    fn try_sign(&self, msg: &[u8]) -> std::result::Result<Vec<u8>, signature::Error> {
        use ed25519_dalek::Signer as _;
        Ok(self.0.sign(msg).to_bytes().to_vec())
    }
}

impl JwtSigner for Signer {
    fn algorithm(&self) -> Algorithm {
        Algorithm::EdDSA
    }
}

struct Verifier(VerifyingKey);

impl signature::Verifier<Vec<u8>> for Verifier {
    fn verify(&self, msg: &[u8], sig: &Vec<u8>) -> std::result::Result<(), signature::Error> {
        let sig = Signature::from_slice(sig).map_err(|_| signature::Error::new())?;
        // Strict: refuses the malleable and small-order forms the lax check lets through.
        self.0
            .verify_strict(msg, &sig)
            .map_err(|_| signature::Error::new())
    }
}

impl JwtVerifier for Verifier {
    fn algorithm(&self) -> Algorithm {
        Algorithm::EdDSA
    }
}

fn signer(alg: &Algorithm, key: &EncodingKey) -> Result<Box<dyn JwtSigner>> {
    if *alg != Algorithm::EdDSA || key.family() != AlgorithmFamily::Ed {
        return Err(ErrorKind::InvalidAlgorithm.into());
    }
    let key = SigningKey::from_pkcs8_der(key.as_bytes()).map_err(|_| ErrorKind::InvalidEddsaKey)?;
    Ok(Box::new(Signer(key)))
}

/// The public key as a verifier, if `bytes` is one.
pub(super) fn verifying_key(bytes: &[u8]) -> Option<VerifyingKey> {
    VerifyingKey::from_bytes(bytes.try_into().ok()?).ok()
}

fn verifier(alg: &Algorithm, key: &DecodingKey) -> Result<Box<dyn JwtVerifier>> {
    if *alg != Algorithm::EdDSA || key.family() != AlgorithmFamily::Ed {
        return Err(ErrorKind::InvalidAlgorithm.into());
    }
    let key = verifying_key(key.try_get_as_bytes()?).ok_or(ErrorKind::InvalidEddsaKey)?;
    Ok(Box::new(Verifier(key)))
}

fn ed_public(der: &[u8], curve: &EllipticCurve) -> Result<Vec<u8>> {
    if *curve != EllipticCurve::Ed25519 {
        return Err(ErrorKind::UnsupportedAlgorithm.into());
    }
    let key = SigningKey::from_pkcs8_der(der).map_err(|_| ErrorKind::InvalidEddsaKey)?;
    Ok(key.verifying_key().as_bytes().to_vec())
}

fn digest(data: &[u8], hash: ThumbprintHash) -> Result<Vec<u8>> {
    Ok(match hash {
        ThumbprintHash::SHA256 => sha2::Sha256::digest(data).to_vec(),
        ThumbprintHash::SHA384 => sha2::Sha384::digest(data).to_vec(),
        ThumbprintHash::SHA512 => sha2::Sha512::digest(data).to_vec(),
        _ => return Err(ErrorKind::UnsupportedAlgorithm.into()),
    })
}

static PROVIDER: CryptoProvider = CryptoProvider {
    signer_factory: signer,
    verifier_factory: verifier,
    key_utils: KeyUtils {
        rsa_pub_components_from_private_key: |_| Err(ErrorKind::UnsupportedAlgorithm.into()),
        rsa_pub_components_from_public_key: |_| Err(ErrorKind::UnsupportedAlgorithm.into()),
        ec_pub_components_from_private_key: |_, _| Err(ErrorKind::UnsupportedAlgorithm.into()),
        ed_pub_components_from_private_key: ed_public,
        compute_digest: digest,
    },
};

/// Makes this the process's provider. jsonwebtoken falls back to one that panics when none is
/// installed, so every use in `token` calls this first; only the first call does anything.
pub(super) fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if PROVIDER.install_default().is_err() {
            // Another provider was installed first (no code here does that): it serves, and a
            // token it cannot handle is refused like any bad token.
            tracing::warn!("a jsonwebtoken crypto provider was already installed");
        }
    });
}
