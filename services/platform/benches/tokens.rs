//! `make bench` (identity part): what checking a caller costs per request. Prints; asserts
//! nothing.
//!
//! - verifying an access token's Ed25519 signature and claims (the work of a cache miss-free
//!   request at the gateway and again at the service);
//! - a whole `Authenticator::authenticate` with keys and session state cached (what each request
//!   pays once warmed up).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use platform::auth::token::{self, TokenKind};
use platform::auth::{AuthBackend as _, Authenticator, CacheSettings};
use platform::testing::TestIssuer;

fn per_op(label: &str, n: u32, f: impl Fn()) {
    f();
    let start = Instant::now();
    for _ in 0..n {
        f();
    }
    let us = start.elapsed().as_secs_f64() * 1e6 / f64::from(n);
    println!("{label:<52} {us:>9.1} µs/op  {:>9.0} op/s", 1e6 / us);
}

fn main() {
    let issuer = TestIssuer::new();
    let raw = issuer.token(1, 7, 0, 300);
    let key = futures_util::FutureExt::now_or_never(issuer.jwks())
        .unwrap()
        .unwrap()
        .keys[0]
        .decoding_key()
        .unwrap();
    println!("== token verification (one core)");
    per_op(
        "verify signature + claims (jsonwebtoken, EdDSA)",
        20_000,
        || {
            token::verify(&raw, &key, TokenKind::Access).unwrap();
        },
    );
    let auth = Authenticator::new(issuer.clone(), CacheSettings::default());
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let local = tokio::task::LocalSet::new();
    local.block_on(&rt, async {
        auth.authenticate(&raw).await.unwrap();
        let n = 20_000u32;
        let start = Instant::now();
        for _ in 0..n {
            auth.authenticate(&raw).await.unwrap();
        }
        let us = start.elapsed().as_secs_f64() * 1e6 / f64::from(n);
        println!(
            "{:<52} {us:>9.1} µs/op  {:>9.0} op/s",
            "authenticate, keys and session cached",
            1e6 / us
        );
    });
}
