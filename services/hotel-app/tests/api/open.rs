//! The open distribution API (`/open/v1/...`): an API user of a distributor searches, books
//! with an idempotency key, pays, cancels and reads its own orders; nobody else's are visible.
//! The signature itself is checked at the gateway and auth-center (services/gateway/tests/api/
//! signed.rs, services/auth-center/tests/api/signed.rs); here the service sees the access token
//! the gateway forwards for the API user.

use crate::helpers::*;
use platform::tenancy::{MCH_DISTRIBUTOR, msc};
use platform::testing::{Backend, TestApp};
use serde_json::{Value, json};

/// A distributor of the other tenant, told to the service in `api_env`.
const OTHER_DISTRIBUTOR: i64 = 3002;

pub(crate) struct Api {
    pub env: Env,
    /// An API user of [`DISTRIBUTOR`].
    pub user: String,
    /// An API user of [`DISTRIBUTOR_2`].
    pub user_2: String,
    /// An API user of the other tenant's distributor.
    other_tenant: String,
    /// An API user of the tenant's supplier.
    supplier: String,
}

pub(crate) async fn api_env(backend: Backend) -> Api {
    let env = start(backend).await;
    env.publish_merchant(
        OTHER_SAAS,
        OTHER_DISTRIBUTOR,
        MCH_DISTRIBUTOR,
        "Other Distributor",
    )
    .await;
    env.wait_for_merchants(&[(OTHER_SAAS, OTHER_DISTRIBUTOR)])
        .await;
    let token = |id, saas, mch, msc| env.issuer.token(id, saas, mch, msc);
    Api {
        user: token(901, SAAS, DISTRIBUTOR, msc::API_DISTRIBUTOR),
        user_2: token(902, SAAS, DISTRIBUTOR_2, msc::API_USER),
        other_tenant: token(903, OTHER_SAAS, OTHER_DISTRIBUTOR, msc::API_DISTRIBUTOR),
        supplier: token(904, SAAS, SUPPLIER, msc::API_SUPPLIER),
        env,
    }
}

/// A call with extra headers; answers the status, the `Idempotent-Replayed` header and the
/// body.
pub(crate) async fn call_with(
    app: &TestApp,
    method: &str,
    path: &str,
    token: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
) -> (u16, Option<String>, Value) {
    let mut req = platform::http::client::client()
        .request(method.parse().unwrap(), app.url(path))
        .insert_header(("accept-language", "en"))
        .timeout(std::time::Duration::from_secs(60))
        .bearer_auth(token);
    for (k, v) in headers {
        req = req.insert_header((*k, *v));
    }
    let mut res = match body {
        Some(b) => req.send_json(&b).await,
        None => req.send().await,
    }
    .unwrap();
    let replayed = res
        .headers()
        .get("idempotent-replayed")
        .map(|v| v.to_str().unwrap().to_owned());
    let body = res.json().limit(1 << 24).await.unwrap_or(Value::Null);
    (res.status().as_u16(), replayed, body)
}

fn stay(from: i64, to: i64, rooms: i64) -> String {
    format!(
        "checkinDate={}&checkoutDate={}&roomNum={rooms}",
        day(from),
        day(to)
    )
}

fn orders_count(env: &Env) -> i64 {
    env.number("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hotel_orders")
}

async fn an_api_user_searches_books_pays_cancels_and_reads_its_own_orders(backend: Backend) {
    let api = api_env(backend).await;
    let env = &api.env;
    let seeded = env.seed(&Seed {
        is_online_pay: 1,
        ..Seed::default()
    });
    // The distributor's own price on the first night, as the console's search shows it.
    env.sql(&format!(
        "INSERT INTO price_distributor VALUES ({}, {DISTRIBUTOR}, '{}', {SAAS}, 20000, 1, 0, 0)",
        seeded.product_id,
        day(1)
    ));

    let (s, _, b) = call_with(
        &env.app,
        "GET",
        &format!("/open/v1/hotels?{}", stay(1, 3, 1)),
        &api.user,
        &[],
        None,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["results"][0]["hotelId"], seeded.hotel_id);
    assert_eq!(b["data"]["results"][0]["minPrice"], 20_000 + 28_800);
    let (s, _, b) = call_with(
        &env.app,
        "GET",
        &format!(
            "/open/v1/hotels/{}/products?{}",
            seeded.hotel_id,
            stay(1, 3, 1)
        ),
        &api.user,
        &[],
        None,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"][0]["productId"], seeded.product_id);
    assert_eq!(b["data"][0]["totalPrice"], 20_000 + 28_800);
    assert_eq!(b["data"][0]["bookable"], true);
    let (s, _, b) = call_with(
        &env.app,
        "GET",
        "/open/v1/hotels/abc/products",
        &api.user,
        &[],
        None,
    )
    .await;
    assert_eq!((s, field(&b)), (412, "hotelId"), "{b}");

    // A booking with a key; the same again answers the first order and books nothing.
    let form = booking(seeded.product_id, 1, 3, 1);
    let key = [("Idempotency-Key", "dist-order-0001")];
    let (s, replayed, first) = call_with(
        &env.app,
        "POST",
        "/open/v1/orders",
        &api.user,
        &key,
        Some(form.clone()),
    )
    .await;
    assert_eq!(s, 200, "{first}");
    assert_eq!(replayed.as_deref(), Some("false"));
    let id = first["data"]["orderId"].as_i64().unwrap();
    assert_eq!(first["data"]["distributionId"], DISTRIBUTOR);
    assert_eq!(first["data"]["orderPrice"], 20_000 + 28_800);
    assert_eq!(first["data"]["orderState"], 2, "unpaid: {first}");
    assert_eq!(first["data"]["nightly"][0]["price"], 20_000);
    assert!(
        first["data"]["nightly"][0].get("purchasePrice").is_none(),
        "the supplier's price is not the distributor's business: {first}"
    );
    assert_eq!(first["data"]["guests"][0]["name"], "Li Lei");
    let (s, replayed, again) = call_with(
        &env.app,
        "POST",
        "/open/v1/orders",
        &api.user,
        &key,
        Some(form.clone()),
    )
    .await;
    assert_eq!((s, replayed.as_deref()), (200, Some("true")), "{again}");
    assert_eq!(again["data"]["orderId"], id);
    assert_eq!(orders_count(env), 1);
    // The first night came from the distributor's authorised room, the second from the
    // common stock: each taken once.
    assert_eq!(
        env.stock(seeded.product_id, 2),
        9,
        "the rooms were taken once"
    );

    // The same key with another booking names the key; a malformed key is refused.
    let (s, _, b) = call_with(
        &env.app,
        "POST",
        "/open/v1/orders",
        &api.user,
        &key,
        Some(booking(seeded.product_id, 1, 3, 2)),
    )
    .await;
    assert_eq!((s, field(&b)), (412, "Idempotency-Key"), "{b}");
    assert!(
        b["msg"].as_str().unwrap().contains("dist-order-0001"),
        "{b}"
    );
    let (s, _, b) = call_with(
        &env.app,
        "POST",
        "/open/v1/orders",
        &api.user,
        &[("Idempotency-Key", "has blank")],
        Some(form.clone()),
    )
    .await;
    assert_eq!((s, field(&b)), (412, "Idempotency-Key"), "{b}");
    // Keys are per API user: another distributor's user books its own order with the same key.
    let (s, replayed, b) = call_with(
        &env.app,
        "POST",
        "/open/v1/orders",
        &api.user_2,
        &key,
        Some(form.clone()),
    )
    .await;
    assert_eq!((s, replayed.as_deref()), (200, Some("false")), "{b}");
    let other_id = b["data"]["orderId"].as_i64().unwrap();
    assert_ne!(other_id, id);
    assert_eq!(b["data"]["distributionId"], DISTRIBUTOR_2);

    // Pay (cash, as the console's pay allows) and read it back.
    let (s, _, b) = call_with(
        &env.app,
        "POST",
        &format!("/open/v1/orders/{id}/pay"),
        &api.user,
        &[],
        Some(json!({"payType": 7})),
    )
    .await;
    assert_eq!((s, field(&b)), (412, "payType"), "{b}");
    let (s, _, b) = call_with(
        &env.app,
        "POST",
        &format!("/open/v1/orders/{id}/pay"),
        &api.user,
        &[],
        Some(json!({"payType": 2})),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (
            b["data"]["payState"].as_i64(),
            b["data"]["payType"].as_i64()
        ),
        (Some(21), Some(2))
    );
    assert_eq!(b["data"]["payPrice"], 20_000 + 28_800);

    // A second order, cancelled before it is paid: its rooms go back.
    let (s, _, b) = call_with(
        &env.app,
        "POST",
        "/open/v1/orders",
        &api.user,
        &[],
        Some(booking(seeded.product_id, 2, 3, 1)),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let second = b["data"]["orderId"].as_i64().unwrap();
    assert_eq!(
        env.stock(seeded.product_id, 2),
        7,
        "three orders took the night"
    );
    let (s, _, b) = call_with(
        &env.app,
        "POST",
        &format!("/open/v1/orders/{second}/cancel"),
        &api.user,
        &[],
        Some(json!({"remark": "plans changed"})),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["orderState"], 4, "cancelled: {b}");
    assert_eq!(env.stock(seeded.product_id, 2), 8);

    let (s, _, b) = call_with(
        &env.app,
        "GET",
        &format!("/open/v1/orders/{id}"),
        &api.user,
        &[],
        None,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["payState"], 21);
    let (s, _, b) = call_with(
        &env.app,
        "GET",
        "/open/v1/orders?page=1&resultNum=10",
        &api.user,
        &[],
        None,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let ids: Vec<i64> = b["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["orderId"].as_i64().unwrap())
        .collect();
    assert_eq!(
        ids.len(),
        2,
        "its own two, not the other distributor's: {b}"
    );
    assert!(ids.contains(&id) && ids.contains(&second));
    let (s, _, b) = call_with(
        &env.app,
        "GET",
        "/open/v1/orders?orderState=4",
        &api.user,
        &[],
        None,
    )
    .await;
    assert_eq!((s, b["data"]["sizeAll"].as_i64()), (200, Some(1)), "{b}");

    // Another distributor's or another tenant's API user sees none of it.
    for token in [&api.user_2, &api.other_tenant] {
        for (method, path, body) in [
            ("GET", format!("/open/v1/orders/{id}"), None),
            (
                "POST",
                format!("/open/v1/orders/{id}/pay"),
                Some(json!({"payType": 2})),
            ),
            (
                "POST",
                format!("/open/v1/orders/{second}/cancel"),
                Some(json!({})),
            ),
        ] {
            let (s, _, b) = call_with(&env.app, method, &path, token, &[], body).await;
            assert_eq!(s, 404, "{method} {path}: {b}");
        }
    }
    let (_, _, b) = call_with(
        &env.app,
        "GET",
        "/open/v1/orders",
        &api.other_tenant,
        &[],
        None,
    )
    .await;
    assert_eq!(b["data"]["sizeAll"], 0, "{b}");
    let (_, _, b) = call_with(&env.app, "GET", "/open/v1/orders", &api.user_2, &[], None).await;
    assert_eq!(b["data"]["results"][0]["orderId"], other_id, "{b}");
    assert_eq!(b["data"]["sizeAll"], 1, "{b}");
    let (s, _, b) = call_with(
        &env.app,
        "GET",
        &format!("/open/v1/hotels?{}", stay(1, 3, 1)),
        &api.other_tenant,
        &[],
        None,
    )
    .await;
    assert_eq!((s, b["data"]["sizeAll"].as_i64()), (200, Some(0)), "{b}");
    let (s, _, b) = call_with(
        &env.app,
        "POST",
        "/open/v1/orders",
        &api.other_tenant,
        &[],
        Some(form.clone()),
    )
    .await;
    assert_eq!(
        (s, field(&b)),
        (412, "productId"),
        "another tenant's product is not on sale to it: {b}"
    );

    // Only API users of a distributor: not a console user, not a supplier's API user.
    for token in [&env.distributor, &api.supplier] {
        let (s, _, b) = call_with(&env.app, "GET", "/open/v1/orders", token, &[], None).await;
        assert_eq!(s, 403, "{b}");
    }
    let (s, _, _) = call_with(&env.app, "GET", "/open/v1/orders", "", &[], None).await;
    assert_eq!(s, 401);
    api.env.shutdown().await;
}

async fn twenty_retries_of_one_key_at_once_book_once(backend: Backend) {
    let api = api_env(backend).await;
    let env = &api.env;
    let seeded = env.seed(&Seed::default());
    let form = booking(seeded.product_id, 1, 2, 2);
    let key = [("Idempotency-Key", "retry-storm-1")];
    let answers = futures_util::future::join_all((0..20).map(|_| {
        call_with(
            &env.app,
            "POST",
            "/open/v1/orders",
            &api.user,
            &key,
            Some(form.clone()),
        )
    }))
    .await;
    let mut ids = Vec::new();
    let mut fresh = 0;
    for (s, replayed, b) in &answers {
        assert_eq!(*s, 200, "{b}");
        ids.push(b["data"]["orderId"].as_i64().unwrap());
        if replayed.as_deref() == Some("false") {
            fresh += 1;
        }
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "every answer is the one order: {ids:?}");
    assert_eq!(fresh, 1, "one booked, nineteen answered it again");
    assert_eq!(orders_count(env), 1);
    assert_eq!(env.stock(seeded.product_id, 1), 8, "two rooms taken once");
    api.env.shutdown().await;
}

async fn the_open_api_has_its_own_document(backend: Backend) {
    let api = api_env(backend).await;
    let env = &api.env;
    let (s, _, doc) = call_with(&env.app, "GET", "/openapi/open-v1.json", "", &[], None).await;
    assert_eq!(s, 200, "public, as the service's own document");
    assert_eq!(doc["info"]["version"], "v1");
    let paths = doc["paths"].as_object().unwrap();
    for p in [
        "/open/v1/hotels",
        "/open/v1/hotels/{hotelId}/products",
        "/open/v1/orders",
        "/open/v1/orders/{orderId}",
        "/open/v1/orders/{orderId}/pay",
        "/open/v1/orders/{orderId}/cancel",
    ] {
        assert!(paths.contains_key(p), "{p} in {:?}", paths.keys());
    }
    assert!(
        paths
            .keys()
            .all(|p| p.starts_with("/open/") || p.starts_with("/openapi/")),
        "only the open API: {:?}",
        paths.keys()
    );
    // Answers in the envelope, errors too; the signed scheme is declared.
    let book = &doc["paths"]["/open/v1/orders"]["post"];
    let ok = book["responses"]["200"].to_string();
    assert!(ok.contains("state") && ok.contains("data"), "{ok}");
    assert!(book["responses"].get("412").is_some(), "{book}");
    assert!(doc["components"]["securitySchemes"]["signed"].is_object());
    assert_eq!(doc["servers"][0]["url"], "/api/hotel-app");
    // The console's document does not carry it.
    let (_, console) = env.call("GET", "/openapi.json", "", None).await;
    assert!(
        console["paths"]
            .as_object()
            .unwrap()
            .keys()
            .all(|p| !p.starts_with("/open/")),
        "the console's document is the console's"
    );
    api.env.shutdown().await;
}

platform::on_both_backends!(
    an_api_user_searches_books_pays_cancels_and_reads_its_own_orders,
    twenty_retries_of_one_key_at_once_book_once,
    the_open_api_has_its_own_document,
);
