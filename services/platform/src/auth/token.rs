//! Tokens: compact JWS (JWT) signed with Ed25519 (`alg: EdDSA`), and the JWK form of the
//! public keys that verify them.
//!
//! Only auth-center holds a private key and calls [`sign`]; every other process verifies with
//! [`verify`] against the public keys it fetched. Both go through `jsonwebtoken` (with the
//! provider of [`super::eddsa`]). Verification accepts exactly one algorithm, so `alg: none` and
//! algorithm-confusion tokens are refused before any key is looked at.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use ed25519_dalek::pkcs8::EncodePrivateKey as _;
use ed25519_dalek::{SigningKey, VerifyingKey};
/// A public key as [`verify`] takes it (from [`Jwk::decoding_key`] or [`JwkSet::decoding_keys`]).
pub use jsonwebtoken::DecodingKey;
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::Digest as _;

use super::eddsa;

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
    #[error("the token is not valid yet")]
    NotYetValid,
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
    /// The same key as jsonwebtoken takes it (PKCS#8 DER), made once.
    encoding: EncodingKey,
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
        // Encoding a 32-byte seed as PKCS#8 does not fail; were it to, signing would fail and
        // say so (see `sign`), not sign with another key.
        let der = key
            .to_pkcs8_der()
            .map(|d| d.as_bytes().to_vec())
            .unwrap_or_default();
        Self {
            kid,
            key,
            encoding: EncodingKey::from_ed_der(&der),
        }
    }

    pub fn signing_key(&self) -> &SigningKey {
        &self.key
    }

    pub fn jwk(&self) -> Jwk {
        Jwk::from_key(&self.key.verifying_key())
    }

    /// The key that verifies this pair's tokens.
    pub fn decoding_key(&self) -> DecodingKey {
        DecodingKey::from_ed_der(self.key.verifying_key().as_bytes())
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
        eddsa::verifying_key(&B64.decode(&self.x).ok()?)
    }

    /// The key as [`verify`] takes it, if this entry is an Ed25519 signing key.
    pub fn decoding_key(&self) -> Option<DecodingKey> {
        self.verifying_key()
            .map(|k| DecodingKey::from_ed_der(k.as_bytes()))
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JwkSet {
    pub keys: Vec<Jwk>,
}

impl JwkSet {
    /// The verifying keys by key id; entries that are not Ed25519 signing keys are left out.
    pub fn decoding_keys(&self) -> std::collections::HashMap<String, DecodingKey> {
        self.keys
            .iter()
            .filter_map(|k| Some((k.kid.clone(), k.decoding_key()?)))
            .collect()
    }
}

/// Signs `claims` into a compact JWT.
///
/// Cannot fail with a [`SigningPair`] and these claims; if it ever did, the error is logged and
/// the empty string answered, which no verifier accepts.
pub fn sign(claims: &Claims, pair: &SigningPair) -> String {
    eddsa::install();
    let mut header = Header::new(Algorithm::EdDSA);
    header.kid = Some(pair.kid.clone());
    jsonwebtoken::encode(&header, claims, &pair.encoding).unwrap_or_else(|e| {
        tracing::error!(error = %e, kid = pair.kid, "a token could not be signed");
        String::new()
    })
}

/// The `alg` a header names, read leniently: to say which algorithm was refused when the header
/// does not parse as a JWS header (`none` is no algorithm jsonwebtoken knows).
fn named_algorithm(token: &str) -> Option<String> {
    let header = B64.decode(token.split('.').next()?).ok()?;
    let header: serde_json::Value = serde_json::from_slice(&header).ok()?;
    header.get("alg")?.as_str().map(str::to_owned)
}

/// The key id a token names, read without verifying anything (to pick the key). Refuses any
/// algorithm but EdDSA, and a token without a key id.
pub fn key_id(token: &str) -> Result<String, TokenError> {
    let header = jsonwebtoken::decode_header(token).map_err(|_| match named_algorithm(token) {
        Some(alg) if alg != ALGORITHM => TokenError::Algorithm(alg),
        _ => TokenError::Malformed,
    })?;
    if header.alg != Algorithm::EdDSA {
        return Err(TokenError::Algorithm(format!("{:?}", header.alg)));
    }
    header.kid.ok_or(TokenError::NoKeyId)
}

/// What jsonwebtoken checks: the one algorithm, the signature, `exp` (and `nbf` when present)
/// against the clock without leeway, and the issuer.
fn validation() -> Validation {
    let mut v = Validation::new(Algorithm::EdDSA);
    v.leeway = 0;
    // jsonwebtoken accepts a token in its `exp` second; RFC 7519 wants now before `exp`.
    v.reject_tokens_expiring_in_less_than = 1;
    v.validate_nbf = true;
    v.set_issuer(&[ISSUER]);
    v.set_required_spec_claims(&["exp", "iss", "sub"]);
    v
}

fn token_error(e: &jsonwebtoken::errors::Error) -> TokenError {
    match e.kind() {
        ErrorKind::ExpiredSignature => TokenError::Expired,
        ErrorKind::ImmatureSignature => TokenError::NotYetValid,
        ErrorKind::InvalidIssuer => TokenError::Issuer,
        ErrorKind::InvalidSignature | ErrorKind::InvalidEddsaKey | ErrorKind::InvalidKeyFormat => {
            TokenError::Signature
        }
        _ => TokenError::Malformed,
    }
}

/// Verifies the header (EdDSA, a key id), signature, issuer, expiry and kind with `key`, the key
/// the token's `kid` named; answers the claims.
pub fn verify(token: &str, key: &DecodingKey, kind: TokenKind) -> Result<Claims, TokenError> {
    key_id(token)?;
    eddsa::install();
    let claims = jsonwebtoken::decode::<Claims>(token, key, &validation())
        .map_err(|e| token_error(&e))?
        .claims;
    if claims.typ != kind {
        return Err(TokenError::WrongKind(claims.typ));
    }
    Ok(claims)
}

/// Verifies a token with the key its `kid` names among `keys` (a key set already at hand).
pub fn verify_with(
    token: &str,
    keys: &std::collections::HashMap<String, DecodingKey>,
    kind: TokenKind,
) -> Result<Claims, TokenError> {
    let kid = key_id(token)?;
    let key = keys.get(&kid).ok_or(TokenError::UnknownKey(kid))?;
    verify(token, key, kind)
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
            iat: now_secs(),
            exp,
        }
    }

    fn in_an_hour() -> i64 {
        now_secs() + 3600
    }

    /// Signs anything as the pair would, for claims and headers auth-center never makes.
    fn sign_raw(header: &Header, claims: &serde_json::Value, p: &SigningPair) -> String {
        eddsa::install();
        jsonwebtoken::encode(header, claims, &p.encoding).unwrap()
    }

    #[test]
    fn a_signed_token_verifies_with_its_key() {
        let p = pair(1);
        let c = claims(TokenKind::Access, in_an_hour());
        let token = sign(&c, &p);
        assert_eq!(key_id(&token).unwrap(), p.kid);
        let got = verify(&token, &p.jwk().decoding_key().unwrap(), TokenKind::Access).unwrap();
        assert_eq!(got, c);
        assert_eq!(got.user_id(), 42);
        let header: serde_json::Value =
            serde_json::from_slice(&B64.decode(token.split('.').next().unwrap()).unwrap()).unwrap();
        assert_eq!(
            header,
            serde_json::json!({"alg": "EdDSA", "kid": p.kid, "typ": "JWT"})
        );
    }

    #[test]
    fn expired_wrong_kind_and_foreign_key_are_refused() {
        let p = pair(1);
        let key = p.decoding_key();
        let now = now_secs();
        for exp in [now - 1, now] {
            let token = sign(&claims(TokenKind::Access, exp), &p);
            assert_eq!(
                verify(&token, &key, TokenKind::Access),
                Err(TokenError::Expired),
                "exp {exp}, now {now}"
            );
        }
        let token = sign(&claims(TokenKind::Access, in_an_hour()), &p);
        assert_eq!(
            verify(&token, &key, TokenKind::Refresh),
            Err(TokenError::WrongKind(TokenKind::Access))
        );
        assert_eq!(
            verify(&token, &pair(2).decoding_key(), TokenKind::Access),
            Err(TokenError::Signature)
        );
    }

    #[test]
    fn issuer_not_before_and_key_id_are_checked() {
        let p = pair(1);
        let key = p.decoding_key();
        let mut header = Header::new(Algorithm::EdDSA);
        header.kid = Some(p.kid.clone());
        let mut c = serde_json::to_value(claims(TokenKind::Access, in_an_hour())).unwrap();

        c["iss"] = "someone-else".into();
        let token = sign_raw(&header, &c, &p);
        assert_eq!(
            verify(&token, &key, TokenKind::Access),
            Err(TokenError::Issuer)
        );

        c["iss"] = ISSUER.into();
        c["nbf"] = (now_secs() + 600).into();
        let token = sign_raw(&header, &c, &p);
        assert_eq!(
            verify(&token, &key, TokenKind::Access),
            Err(TokenError::NotYetValid)
        );

        c["nbf"] = (now_secs() - 600).into();
        assert!(verify(&sign_raw(&header, &c, &p), &key, TokenKind::Access).is_ok());

        let unnamed = sign_raw(&Header::new(Algorithm::EdDSA), &c, &p);
        assert_eq!(key_id(&unnamed), Err(TokenError::NoKeyId));
        assert_eq!(
            verify(&unnamed, &key, TokenKind::Access),
            Err(TokenError::NoKeyId)
        );
    }

    #[test]
    fn forged_tokens_are_refused() {
        let p = pair(1);
        let keys = JwkSet {
            keys: vec![p.jwk()],
        }
        .decoding_keys();
        let token = sign(&claims(TokenKind::Access, in_an_hour()), &p);
        assert!(verify_with(&token, &keys, TokenKind::Access).is_ok());
        let forged: std::collections::HashMap<_, _> = crate::testing::forgeries(&token, &p.jwk())
            .into_iter()
            .collect();
        let check = |what: &str| verify_with(&forged[what], &keys, TokenKind::Access);
        assert_eq!(check("altered claims"), Err(TokenError::Signature));
        assert_eq!(check("alg none"), Err(TokenError::Algorithm("none".into())));
        assert_eq!(
            check("algorithm confusion"),
            Err(TokenError::Algorithm("HS256".into()))
        );
        assert_eq!(
            check("unknown kid"),
            Err(TokenError::UnknownKey("no-such-key".into()))
        );
        // Even given the right key directly, the confused token is refused for its algorithm.
        assert_eq!(
            verify(
                &forged["algorithm confusion"],
                &p.decoding_key(),
                TokenKind::Access
            ),
            Err(TokenError::Algorithm("HS256".into()))
        );
        for garbage in ["abc", "abc.def.ghi", "", "a.b.c.d"] {
            assert_eq!(
                verify(garbage, &p.decoding_key(), TokenKind::Access),
                Err(TokenError::Malformed),
                "{garbage:?}"
            );
        }
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
        // The kid is what jsonwebtoken computes as the RFC 7638 thumbprint as well.
        eddsa::install();
        let theirs: jsonwebtoken::jwk::Jwk =
            serde_json::from_value(serde_json::to_value(&jwk).unwrap()).unwrap();
        assert_eq!(
            theirs
                .thumbprint(jsonwebtoken::jwk::ThumbprintHash::SHA256)
                .unwrap(),
            p.kid
        );
        let not_ed = Jwk {
            crv: "X25519".into(),
            ..jwk
        };
        assert!(not_ed.decoding_key().is_none());
    }
}
