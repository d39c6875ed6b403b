//! Tokens: compact JWS (JWT) signed with Ed25519 (`alg: EdDSA`), and the JWK form of the
//! public keys that verify them.
//!
//! Only auth-center holds a private key and calls [`sign`]; every other process verifies with
//! [`verify`] against the public keys it fetched. Verification accepts exactly one algorithm, so
//! `alg: none` and algorithm-confusion tokens are refused before any key is looked at.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use ed25519_dalek::{Signature, Signer as _, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};
use sha2::Digest as _;

pub const ALGORITHM: &str = "EdDSA";
pub const ISSUER: &str = "tradewind-auth-center";

/// What a token is for: calls (`access`) or getting a new access token (`refresh`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TokenKind {
    Access,
    Refresh,
}

/// The claims of every Tradewind token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Claims {
    pub iss: String,
    /// The user id, as a string as JWT wants it; [`Claims::user_id`] is the number.
    pub sub: String,
    pub username: String,
    pub saas_id: i64,
    pub mch_id: i64,
    pub msc_type: i32,
    pub user_grade: i32,
    /// The session the token belongs to; ending it ends the token.
    pub sid: String,
    pub typ: TokenKind,
    /// Seconds since the epoch.
    pub iat: i64,
    pub exp: i64,
}

impl Claims {
    pub fn user_id(&self) -> i64 {
        self.sub.parse().unwrap_or(0)
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct Header {
    alg: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    kid: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    typ: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    #[error("the token is not a well-formed JWT")]
    Malformed,
    #[error("algorithm {0:?} is not accepted")]
    Algorithm(String),
    #[error("the token names no key id")]
    NoKeyId,
    #[error("no key {0:?} is known")]
    UnknownKey(String),
    #[error("the signature does not verify")]
    Signature,
    #[error("the token has expired")]
    Expired,
    #[error("a {0:?} token was given where another kind is needed")]
    WrongKind(TokenKind),
    #[error("the token was not issued by auth-center")]
    Issuer,
}

/// A private key with the id its tokens carry.
#[derive(Clone)]
pub struct SigningPair {
    pub kid: String,
    key: SigningKey,
}

impl std::fmt::Debug for SigningPair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SigningPair")
            .field("kid", &self.kid)
            .finish_non_exhaustive()
    }
}

impl SigningPair {
    pub fn new(key: SigningKey) -> Self {
        let kid = thumbprint(&key.verifying_key());
        Self { kid, key }
    }

    pub fn signing_key(&self) -> &SigningKey {
        &self.key
    }

    pub fn jwk(&self) -> Jwk {
        Jwk::from_key(&self.key.verifying_key())
    }
}

/// The RFC 7638 thumbprint of an Ed25519 public key: a key id that needs no bookkeeping.
pub fn thumbprint(key: &VerifyingKey) -> String {
    let canonical = format!(
        r#"{{"crv":"Ed25519","kty":"OKP","x":"{}"}}"#,
        B64.encode(key.as_bytes())
    );
    B64.encode(sha2::Sha256::digest(canonical.as_bytes()))
}

/// One public key as `/.well-known/jwks.json` lists it (RFC 8037 OKP).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Jwk {
    pub kty: String,
    pub crv: String,
    pub x: String,
    pub kid: String,
    pub alg: String,
    #[serde(rename = "use")]
    pub use_: String,
}

impl Jwk {
    pub fn from_key(key: &VerifyingKey) -> Self {
        Self {
            kty: "OKP".to_owned(),
            crv: "Ed25519".to_owned(),
            x: B64.encode(key.as_bytes()),
            kid: thumbprint(key),
            alg: ALGORITHM.to_owned(),
            use_: "sig".to_owned(),
        }
    }

    /// The key, if this entry is an Ed25519 signing key (others are skipped).
    pub fn verifying_key(&self) -> Option<VerifyingKey> {
        if self.kty != "OKP" || self.crv != "Ed25519" {
            return None;
        }
        let bytes: [u8; 32] = B64.decode(&self.x).ok()?.try_into().ok()?;
        VerifyingKey::from_bytes(&bytes).ok()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JwkSet {
    pub keys: Vec<Jwk>,
}

fn encode_part<T: Serialize>(value: &T) -> String {
    // Serialising these plain structs cannot fail; an empty object would only fail verification.
    B64.encode(serde_json::to_vec(value).unwrap_or_default())
}

/// Signs `claims` into a compact JWT.
pub fn sign(claims: &Claims, pair: &SigningPair) -> String {
    let header = Header {
        alg: ALGORITHM.to_owned(),
        kid: Some(pair.kid.clone()),
        typ: Some("JWT".to_owned()),
    };
    let signing_input = format!("{}.{}", encode_part(&header), encode_part(claims));
    let signature = pair.key.sign(signing_input.as_bytes());
    format!("{signing_input}.{}", B64.encode(signature.to_bytes()))
}

/// The key id a token names, read without verifying anything (to pick the key).
pub fn key_id(token: &str) -> Result<String, TokenError> {
    let header = token.split('.').next().ok_or(TokenError::Malformed)?;
    let header: Header =
        serde_json::from_slice(&B64.decode(header).map_err(|_| TokenError::Malformed)?)
            .map_err(|_| TokenError::Malformed)?;
    if header.alg != ALGORITHM {
        return Err(TokenError::Algorithm(header.alg));
    }
    header.kid.ok_or(TokenError::NoKeyId)
}

/// Verifies signature, issuer, expiry (against `now_secs`) and kind; answers the claims.
pub fn verify(
    token: &str,
    key: &VerifyingKey,
    kind: TokenKind,
    now_secs: i64,
) -> Result<Claims, TokenError> {
    let mut parts = token.split('.');
    let (Some(header), Some(payload), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(TokenError::Malformed);
    };
    key_id(token)?;
    let signature = B64.decode(signature).map_err(|_| TokenError::Malformed)?;
    let signature = Signature::from_slice(&signature).map_err(|_| TokenError::Malformed)?;
    let signing_input = &token[..header.len() + 1 + payload.len()];
    key.verify_strict(signing_input.as_bytes(), &signature)
        .map_err(|_| TokenError::Signature)?;
    let claims: Claims =
        serde_json::from_slice(&B64.decode(payload).map_err(|_| TokenError::Malformed)?)
            .map_err(|_| TokenError::Malformed)?;
    if claims.iss != ISSUER {
        return Err(TokenError::Issuer);
    }
    if claims.exp <= now_secs {
        return Err(TokenError::Expired);
    }
    if claims.typ != kind {
        return Err(TokenError::WrongKind(claims.typ));
    }
    Ok(claims)
}

pub fn now_secs() -> i64 {
    crate::time::now_ms() / 1000
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(seed: u8) -> SigningPair {
        SigningPair::new(SigningKey::from_bytes(&[seed; 32]))
    }

    fn claims(typ: TokenKind, exp: i64) -> Claims {
        Claims {
            iss: ISSUER.to_owned(),
            sub: "42".to_owned(),
            username: "demo".to_owned(),
            saas_id: 7,
            mch_id: 0,
            msc_type: 200,
            user_grade: 2,
            sid: "s1".to_owned(),
            typ,
            iat: 1_000,
            exp,
        }
    }

    #[test]
    fn a_signed_token_verifies_with_its_key() {
        let p = pair(1);
        let token = sign(&claims(TokenKind::Access, 2_000), &p);
        assert_eq!(key_id(&token).unwrap(), p.kid);
        let got = verify(
            &token,
            &p.jwk().verifying_key().unwrap(),
            TokenKind::Access,
            1_500,
        )
        .unwrap();
        assert_eq!(got, claims(TokenKind::Access, 2_000));
        assert_eq!(got.user_id(), 42);
    }

    #[test]
    fn expired_wrong_kind_and_foreign_key_are_refused() {
        let p = pair(1);
        let key = p.signing_key().verifying_key();
        let token = sign(&claims(TokenKind::Access, 2_000), &p);
        assert_eq!(
            verify(&token, &key, TokenKind::Access, 2_000),
            Err(TokenError::Expired)
        );
        assert_eq!(
            verify(&token, &key, TokenKind::Refresh, 1_500),
            Err(TokenError::WrongKind(TokenKind::Access))
        );
        let other = pair(2).signing_key().verifying_key();
        assert_eq!(
            verify(&token, &other, TokenKind::Access, 1_500),
            Err(TokenError::Signature)
        );
    }

    #[test]
    fn tampered_and_unsigned_tokens_are_refused() {
        let p = pair(1);
        let key = p.signing_key().verifying_key();
        let token = sign(&claims(TokenKind::Access, 2_000), &p);
        let mut parts: Vec<&str> = token.split('.').collect();
        let forged = encode_part(&Claims {
            msc_type: 100,
            ..claims(TokenKind::Access, 2_000)
        });
        parts[1] = &forged;
        assert_eq!(
            verify(&parts.join("."), &key, TokenKind::Access, 1_500),
            Err(TokenError::Signature)
        );

        let none = format!(
            "{}.{}.",
            encode_part(&Header {
                alg: "none".into(),
                kid: Some(p.kid.clone()),
                typ: None
            }),
            encode_part(&claims(TokenKind::Access, 2_000))
        );
        assert_eq!(
            verify(&none, &key, TokenKind::Access, 1_500),
            Err(TokenError::Algorithm("none".into()))
        );
        assert_eq!(
            verify("abc", &key, TokenKind::Access, 1_500),
            Err(TokenError::Malformed)
        );
    }

    #[test]
    fn jwk_round_trips_and_kid_is_the_thumbprint() {
        let p = pair(3);
        let jwk = p.jwk();
        assert_eq!(jwk.kid, p.kid);
        assert_eq!(
            jwk.verifying_key().unwrap(),
            p.signing_key().verifying_key()
        );
        assert_ne!(pair(4).kid, p.kid);
    }
}
