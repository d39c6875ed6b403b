//! The open API's webhooks (docs/open-api.md): an API user sets its distributor's callback
//! URL; each change of the distributor's orders is posted there signed with the webhook's
//! secret, tried again until the receiver answers 2xx, kept in the delivery log and sent again
//! on request; another distributor sees none of it.

use std::sync::{Arc, Mutex};

use actix_web::{HttpRequest, HttpResponse, web};
use hotel_app::domain::webhook;
use platform::testing::{Backend, eventually};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::open::{api_env, call_with};

/// What the receiver saw of each delivery: its id, whether its signature verified with the
/// secret, and its body; and the statuses it is to answer next (then 200).
#[derive(Default)]
struct Receiver {
    seen: Vec<(String, bool, Value)>,
    answers: Vec<u16>,
    secret: String,
}

type Shared = Arc<Mutex<Receiver>>;

async fn receive(req: HttpRequest, body: web::Bytes, r: web::Data<Shared>) -> HttpResponse {
    let header = |n: &str| {
        req.headers()
            .get(n)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    let mut r = r.lock().unwrap();
    let id = header(webhook::ID_HEADER);
    let ts: i64 = header(webhook::TIMESTAMP_HEADER).parse().unwrap_or(0);
    let path = req.uri().path_and_query().map_or("/", |p| p.as_str());
    let good =
        header(webhook::SIGNATURE_HEADER) == webhook::signature(&r.secret, path, ts, &id, &body);
    r.seen.push((
        id,
        good,
        serde_json::from_slice(&body).unwrap_or(Value::Null),
    ));
    let status = if r.answers.is_empty() {
        200
    } else {
        r.answers.remove(0)
    };
    HttpResponse::build(actix_web::http::StatusCode::from_u16(status).unwrap()).finish()
}

/// A receiver on a port of its own; answers its state and its callback URL.
fn receiver() -> (Shared, String, actix_web::dev::ServerHandle) {
    let shared: Shared = Arc::default();
    let data = web::Data::new(shared.clone());
    let server = actix_web::HttpServer::new(move || {
        actix_web::App::new()
            .app_data(data.clone())
            .route("/hooks/tw", web::post().to(receive))
    })
    .workers(1)
    .disable_signals()
    .bind("127.0.0.1:0")
    .unwrap();
    let port = server.addrs()[0].port();
    let server = server.run();
    let handle = server.handle();
    actix_web::rt::spawn(server);
    (
        shared,
        format!("http://127.0.0.1:{port}/hooks/tw?source=tradewind"),
        handle,
    )
}

async fn order_changes_reach_the_callback_url_signed_until_taken(backend: Backend) {
    let api = api_env(backend).await;
    let env = &api.env;
    let seeded = env.seed(&Seed {
        is_online_pay: 1,
        ..Seed::default()
    });
    let (shared, url, handle) = receiver();
    let call = |method: &'static str, path: String, token: &str, body: Option<Value>| {
        let token = token.to_owned();
        async move {
            let (s, _, b) = call_with(&env.app, method, &path, &token, &[], body).await;
            (s, b)
        }
    };

    // Setting: a bad URL names the field; a good one answers the secret, once.
    let (s, b) = call(
        "PUT",
        "/open/v1/webhook".into(),
        &api.user,
        Some(json!({"url": "ftp://x/y"})),
    )
    .await;
    assert_eq!((s, field(&b)), (412, "url"), "{b}");
    let (s, b) = call("GET", "/open/v1/webhook".into(), &api.user, None).await;
    assert_eq!(s, 404, "{b}");
    let (s, b) = call(
        "PUT",
        "/open/v1/webhook".into(),
        &api.user,
        Some(json!({"url": url})),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let secret = b["data"]["secret"].as_str().unwrap().to_owned();
    assert!(secret.starts_with("whsec_"));
    shared.lock().unwrap().secret = secret.clone();
    let (s, b) = call("GET", "/open/v1/webhook".into(), &api.user, None).await;
    assert_eq!((s, &b["data"]["url"]), (200, &json!(url)), "{b}");
    assert!(!b.to_string().contains(&secret));

    // A booking: its delivery fails once (503) and is taken the second time, signed.
    shared.lock().unwrap().answers = vec![503];
    let (s, b) = call(
        "POST",
        "/open/v1/orders".into(),
        &api.user,
        Some(booking(seeded.product_id, 1, 3, 1)),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let id = b["data"]["orderId"].as_i64().unwrap();
    let seen = eventually("the booking delivered after a retry", || async {
        let r = shared.lock().unwrap();
        (r.seen.len() >= 2).then(|| r.seen.clone())
    })
    .await;
    assert_eq!(seen[0].0, seen[1].0, "the same delivery tried again");
    assert!(seen.iter().all(|(_, good, _)| *good), "{seen:?}");
    let created = &seen[1].2;
    assert_eq!(
        (
            &created["event"],
            &created["orderId"],
            &created["orderState"]
        ),
        (&json!("order.created"), &json!(id), &json!(2))
    );

    // Paid: the change follows.
    let (s, b) = call(
        "POST",
        format!("/open/v1/orders/{id}/pay"),
        &api.user,
        Some(json!({"payType": 2})),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let changed = eventually("the payment delivered", || async {
        let r = shared.lock().unwrap();
        r.seen
            .iter()
            .find(|x| x.2["event"] == "order.state-changed")
            .cloned()
    })
    .await;
    assert_eq!(
        (&changed.2["oldOrderState"], &changed.2["payState"]),
        (&json!(2), &json!(21)),
        "{changed:?}"
    );
    assert!(changed.1);

    // The delivery log: both delivered, the first after one failed attempt.
    let log = eventually("both deliveries logged as delivered", || async {
        let (_, b) = call(
            "GET",
            format!("/open/v1/webhook/deliveries?orderId={id}"),
            &api.user,
            None,
        )
        .await;
        let rows = b["data"]["results"].as_array().cloned().unwrap_or_default();
        (rows.len() == 2 && rows.iter().all(|r| r["state"] == 2)).then_some(rows)
    })
    .await;
    let first = log.iter().find(|r| r["event"] == "order.created").unwrap();
    assert_eq!(
        (&first["attempts"], &first["lastStatus"]),
        (&json!(1), &json!(200))
    );
    assert!(!serde_json::to_string(&log).unwrap().contains(&secret));

    // Sent again on request: the receiver sees the same delivery id once more.
    let delivery = first["id"].as_i64().unwrap();
    let (s, b) = call(
        "POST",
        format!("/open/v1/webhook/deliveries/{delivery}/resend"),
        &api.user,
        None,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    eventually("the delivery sent again", || async {
        let r = shared.lock().unwrap();
        (r.seen
            .iter()
            .filter(|x| x.0 == delivery.to_string())
            .count()
            == 3)
            .then_some(())
    })
    .await;

    // Another distributor's API user: no deliveries, and not this one to send again.
    let (_, b) = call(
        "GET",
        "/open/v1/webhook/deliveries".into(),
        &api.user_2,
        None,
    )
    .await;
    assert_eq!(b["data"]["sizeAll"], 0, "{b}");
    let (s, _) = call(
        "PUT",
        "/open/v1/webhook".into(),
        &api.user_2,
        Some(json!({"url": "https://elsewhere.example/cb"})),
    )
    .await;
    assert_eq!(s, 200);
    let (s, b) = call(
        "POST",
        format!("/open/v1/webhook/deliveries/{delivery}/resend"),
        &api.user_2,
        None,
    )
    .await;
    assert_eq!(s, 404, "{b}");

    // Removed: later changes queue nothing.
    let (s, _) = call("DELETE", "/open/v1/webhook".into(), &api.user, None).await;
    assert_eq!(s, 200);
    let (s, b) = call(
        "POST",
        format!("/open/v1/orders/{id}/cancel"),
        &api.user,
        Some(json!({"remark": "plans changed"})),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let queued = env.number(&format!(
        "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM open_webhook_deliveries WHERE order_id = {id}"
    ));
    assert_eq!(queued, 2);
    handle.stop(false).await;
    api.env.shutdown().await;
}

platform::on_both_backends!(order_changes_reach_the_callback_url_signed_until_taken);
