//! Forged tokens stop at the gateway: none reaches a service, each is `token-invalid`.

use awc::Client;
use platform::auth::AuthBackend as _;
use serde_json::Value;

use crate::helpers::spawn_stack;

#[actix_web::test]
async fn forged_tokens_stop_at_the_gateway() {
    let stack = spawn_stack().await;
    let good = stack.issuer.token(9, 7, 0, 300);
    let jwks = futures_util::FutureExt::now_or_never(stack.issuer.jwks())
        .unwrap()
        .unwrap();
    let res = Client::default()
        .get(stack.url("/api/hotel-app/client/user"))
        .bearer_auth(&good)
        .send()
        .await
        .unwrap();
    assert!(
        res.headers().get("x-upstream").is_some(),
        "the good token passes"
    );
    for (what, forged) in platform::testing::forgeries(&good, &jwks.keys[0]) {
        let mut res = Client::default()
            .get(stack.url("/api/hotel-app/client/user"))
            .bearer_auth(&forged)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 401, "{what}");
        assert!(
            res.headers().get("x-upstream").is_none(),
            "{what}: the service was not reached"
        );
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["code"], "token-invalid", "{what}: {body}");
    }
}
