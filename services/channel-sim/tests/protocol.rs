//! The simulator through the platform's channel client: what a push leaves at the channel, in
//! each channel's field names; told failures, bad signatures and unknown products as the client
//! sees them; the catalogue lists; a channel order posted to our side, signed.

#![allow(clippy::unwrap_used, clippy::expect_used)]
use std::sync::{Arc, Mutex};

use actix_web::{HttpRequest, HttpResponse, web};
use platform::channel::{
    Calendar, CatalogueEntry, Channel, ChannelClient, Credentials, Day, Outcome, client,
};
use platform::outbound::{Outbound, OutboundConfig};
use serde_json::{Value, json};

fn entry(id: &str, name: &str, parent: &str) -> CatalogueEntry {
    CatalogueEntry {
        id: id.into(),
        name: name.into(),
        parent: parent.into(),
    }
}

fn day(date: &str, price: i64, stock: Option<i64>) -> Day {
    Day {
        date: date.into(),
        price,
        retail_price: price + 1000,
        stock,
        closed: false,
    }
}

fn creds(secret: &str) -> Credentials {
    Credentials {
        account: "acct-1".into(),
        secret: secret.into(),
    }
}

fn client_of(sim: &channel_sim::Running, channel: Channel, secret: &str) -> ChannelClient {
    let out = Outbound::new("test", OutboundConfig::default()).unwrap();
    ChannelClient::new(out, channel, &sim.channel_url(channel), creds(secret)).unwrap()
}

fn register(sim: &channel_sim::Running, channel: Channel, order_url: &str) {
    sim.sim.register(
        channel,
        "acct-1",
        channel_sim::Registration {
            secret: "the-secret".into(),
            scenics: vec![entry("S1", "West Lake", "")],
            products: vec![
                entry("P1", "Day ticket", "S1"),
                entry("P2", "Night ticket", "S1"),
            ],
            order_url: order_url.into(),
        },
    );
}

#[actix_web::test]
async fn a_push_reaches_every_channel_in_its_names_and_is_held() {
    let sim = channel_sim::start("127.0.0.1:0").unwrap();
    for channel in Channel::ALL {
        register(&sim, channel, "");
        let c = client_of(&sim, channel, "the-secret");
        let sent = vec![Calendar {
            product: "P1".into(),
            days: vec![
                day("2026-12-01", 9950, Some(20)),
                day("2026-12-02", 8800, None),
            ],
        }];
        let ex = c.push_calendars(&sent).await;
        assert_eq!(ex.outcome, Outcome::Success, "{channel}: {ex:?}");
        assert_eq!(ex.status, 200);
        assert!(
            ex.request.contains(channel.fields().price),
            "{channel}: {}",
            ex.request
        );
        assert!(!ex.request.contains("the-secret") && !ex.answer.contains("the-secret"));
        assert_eq!(sim.sim.calendars(channel, "acct-1"), sent, "{channel}");
        assert_eq!(sim.sim.pushes(channel, "acct-1").len(), 1);
    }
    sim.stop().await;
}

#[actix_web::test]
async fn told_failures_are_failed_then_the_push_goes_through() {
    let sim = channel_sim::start("127.0.0.1:0").unwrap();
    register(&sim, Channel::Meituan, "");
    assert!(
        sim.sim
            .fail_next(Channel::Meituan, "acct-1", vec![503, 429])
    );
    let c = client_of(&sim, Channel::Meituan, "the-secret");
    let sent = vec![Calendar {
        product: "P2".into(),
        days: vec![day("2026-12-03", 100, Some(1))],
    }];
    let first = c.push_calendars(&sent).await;
    assert_eq!((first.status, first.outcome), (503, Outcome::Failed));
    let second = c.push_calendars(&sent).await;
    assert_eq!((second.status, second.outcome), (429, Outcome::Failed));
    let third = c.push_calendars(&sent).await;
    assert_eq!(third.outcome, Outcome::Success);
    let statuses: Vec<u16> = sim
        .sim
        .pushes(Channel::Meituan, "acct-1")
        .iter()
        .map(|p| p.status)
        .collect();
    assert_eq!(statuses, vec![503, 429, 200]);
    assert_eq!(sim.sim.calendars(Channel::Meituan, "acct-1"), sent);
    sim.stop().await;
}

#[actix_web::test]
async fn a_bad_signature_or_an_unknown_product_is_refused_and_nothing_held() {
    let sim = channel_sim::start("127.0.0.1:0").unwrap();
    register(&sim, Channel::Tongcheng, "");
    let wrong = client_of(&sim, Channel::Tongcheng, "not-the-secret");
    let sent = vec![Calendar {
        product: "P1".into(),
        days: vec![day("2026-12-01", 100, None)],
    }];
    let ex = wrong.push_calendars(&sent).await;
    assert_eq!((ex.status, ex.outcome), (401, Outcome::Refused));
    assert_eq!(ex.error, "bad signature");
    let right = client_of(&sim, Channel::Tongcheng, "the-secret");
    let unknown = vec![Calendar {
        product: "NOPE".into(),
        days: vec![day("2026-12-01", 100, None)],
    }];
    let ex = right.push_calendars(&unknown).await;
    assert_eq!(ex.outcome, Outcome::Refused);
    assert!(ex.error.contains("NOPE"), "{}", ex.error);
    assert!(sim.sim.calendars(Channel::Tongcheng, "acct-1").is_empty());
    sim.stop().await;
}

#[actix_web::test]
async fn the_catalogue_lists_come_back_as_the_generic_records() {
    let sim = channel_sim::start("127.0.0.1:0").unwrap();
    register(&sim, Channel::Alitrip, "");
    let c = client_of(&sim, Channel::Alitrip, "the-secret");
    let (ex, scenics) = c.list_scenics().await;
    assert_eq!(ex.outcome, Outcome::Success);
    assert_eq!(scenics.unwrap(), vec![entry("S1", "West Lake", "")]);
    let (ex, products) = c.list_products().await;
    assert!(
        ex.answer.contains("\"title\""),
        "alitrip's names: {}",
        ex.answer
    );
    assert_eq!(
        products.unwrap(),
        vec![
            entry("P1", "Day ticket", "S1"),
            entry("P2", "Night ticket", "S1")
        ]
    );
    sim.stop().await;
}

type Seen = Arc<Mutex<Vec<(Value, Result<(), &'static str>)>>>;

async fn receive(seen: web::Data<Seen>, req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let h = |n: &str| {
        req.headers()
            .get(n)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned()
    };
    let (ts, nonce, sig) = (h(client::TIMESTAMP), h(client::NONCE), h(client::SIGNATURE));
    let checked = client::verify(
        "the-secret",
        &client::Received {
            method: "POST",
            path_and_query: req.uri().path_and_query().map_or("", |p| p.as_str()),
            body: &body,
            timestamp: &ts,
            nonce: &nonce,
            signature: &sig,
        },
        platform::time::now_ms(),
    );
    let v: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    seen.lock().unwrap().push((v, checked));
    HttpResponse::Ok().json(json!({"code": 0, "message": "ok"}))
}

#[actix_web::test]
async fn a_channel_order_is_posted_to_our_side_signed_in_the_channels_names() {
    let seen: Seen = Arc::default();
    let data = web::Data::new(seen.clone());
    let server = actix_web::HttpServer::new(move || {
        actix_web::App::new()
            .app_data(data.clone())
            .route("/channel/orders", web::post().to(receive))
    })
    .workers(1)
    .disable_signals()
    .bind("127.0.0.1:0")
    .unwrap();
    let port = server.addrs()[0].port();
    let server = server.run();
    let handle = server.handle();
    actix_web::rt::spawn(server);

    let sim = channel_sim::start("127.0.0.1:0").unwrap();
    register(
        &sim,
        Channel::Tongcheng,
        &format!("http://127.0.0.1:{port}/channel/orders?src=tc"),
    );
    let answer: Value = reqwest::Client::new()
        .post(format!("{}/sim/orders", sim.url))
        .json(
            &json!({"channel": "tongcheng", "account": "acct-1", "orderId": "TC-1",
                      "product": "P1", "date": "2026-12-01", "quantity": 2, "price": 9950,
                      "contactName": "Li", "contactMobile": "13800000000"}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(answer["status"], 200, "{answer}");
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 1);
    let (order, checked) = &seen[0];
    assert_eq!(*checked, Ok(()));
    assert_eq!(order["ProductId"], "P1");
    assert_eq!(order["TravelDate"], "20261201");
    assert_eq!(order["SalePrice"], "99.50");
    assert_eq!(order["orderId"], "TC-1");
    assert_eq!(order["quantity"], 2);
    sim.stop().await;
    handle.stop(true).await;
}
