//! The dispatch queue. SMS: queued from order events for users whose settings take them, sent through the
//! provider's HTTP API (a stand-in server here), split above 60 characters, written in the
//! user's language, retried from the part the provider refused, refused without a live
//! licence, each text sent reported as usage. Mail: the same queue, delivered to a real SMTP
//! server started by the test (a sink speaking the protocol over TCP), retried when it answers
//! "try later", failed at once when it rejects the mailbox for good.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use crate::helpers::{Client, at_least, publish, publish_licence, publish_settings, start};
use actix_web::{App, HttpResponse, HttpServer, web};
use platform::bus::{Bus, EventEnvelope, Outgoing, v1};
use platform::testing::Backend;
use prost::Message as _;
use serde_json::{Value, json};

const SAAS: i64 = 1001;
const OTHER: i64 = 1002;

/// A provider that refuses its `refuse`-th request (counting from 1), and takes every other.
#[derive(Default)]
struct Provider {
    calls: AtomicUsize,
    refuse: AtomicUsize,
    taken: Mutex<Vec<Value>>,
}

async fn provider_answer(p: web::Data<Arc<Provider>>, body: web::Json<Value>) -> HttpResponse {
    let call = p.calls.fetch_add(1, Ordering::SeqCst) + 1;
    if call == p.refuse.load(Ordering::SeqCst) {
        return HttpResponse::ServiceUnavailable().finish();
    }
    p.taken.lock().unwrap().push(body.into_inner());
    HttpResponse::Ok().json(json!({"code": 0}))
}

fn start_provider(p: Arc<Provider>) -> String {
    let server = HttpServer::new(move || {
        App::new()
            .app_data(web::Data::new(p.clone()))
            .route("/send", web::post().to(provider_answer))
    })
    .workers(1)
    .bind(("127.0.0.1", 0))
    .unwrap();
    let port = server.addrs()[0].port();
    actix_web::rt::spawn(server.run());
    format!("http://127.0.0.1:{port}/send")
}

async fn order(bus: &Bus, saas: i64, id: i64) {
    let created = v1::OrderCreated {
        order: Some(v1::OrderRef {
            order_id: id,
            product_type: 10,
            supplier_mch_id: 2001,
            product_name: "Sea-view King with breakfast for two and a late checkout".into(),
            start_date: "2026-12-01".into(),
            end_date: "2026-12-03".into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    publish(
        bus,
        "order.hotel.created",
        Outgoing::new("hotel-app", "order.hotel.created", saas, &created),
    )
    .await;
}

async fn texts_go_out_under_a_licence_split_and_retried(backend: Backend) {
    let provider = Arc::new(Provider::default());
    // The second part of the first text is refused once.
    provider.refuse.store(2, Ordering::SeqCst);
    let url = start_provider(provider.clone());
    let env = start(
        backend,
        &[
            ("SMS__PROVIDER_URL", url.as_str()),
            ("SMS__API_KEY", "k-123"),
            ("SMS__POLL_MS", "20"),
        ],
    )
    .await;
    let (app, bus, issuer) = (&env.app, &env.bus, &env.issuer);
    let mut usage = bus.broadcast("test", &["usage.recorded"]);
    for saas in [SAAS, OTHER] {
        let settings = v1::NotifyConfigUpdated {
            user_id: saas,
            mch_id: 2001,
            notify_sms: "0".into(),
            mobile: "13812345678".into(),
            state: 1,
            language: "en".into(),
            ..Default::default()
        };
        publish_settings(bus, saas, &settings).await;
    }
    publish_licence(bus, SAAS, "saas/notify/sms").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    order(bus, SAAS, 42).await;
    order(bus, OTHER, 43).await;

    // Two parts (the text is over 60 characters); the second refused once and sent again alone.
    let staff = issuer.token(99, SAAS, 0, 200);
    let staff = Client::new(app, &staff);
    let sent = at_least(1, "a text sent", || staff.list_sms("")).await;
    assert_eq!(sent.len(), 1);
    assert_eq!(
        (sent[0]["parts"].as_i64(), sent[0]["attempts"].as_i64()),
        (Some(2), Some(2))
    );
    assert_eq!(
        (sent[0]["state"].as_i64(), sent[0]["partsSent"].as_i64()),
        (Some(2), Some(2))
    );
    assert!(sent[0]["content"].as_str().unwrap().chars().count() > 60);
    assert!(
        sent[0]["content"]
            .as_str()
            .unwrap()
            .starts_with("New order (hotel): Sea-view King"),
        "in the user's language: {}",
        sent[0]["content"]
    );
    assert_eq!(provider.calls.load(Ordering::SeqCst), 3);
    let taken = provider.taken.lock().unwrap().clone();
    assert_eq!(taken.len(), 2, "the first part went once");
    assert!(
        taken
            .iter()
            .all(|t| t["key"] == "k-123" && t["mobile"] == "13812345678")
    );
    assert!(
        taken
            .iter()
            .all(|t| t["content"].as_str().unwrap().chars().count() <= 60)
    );
    let whole: String = taken
        .iter()
        .map(|t| t["content"].as_str().unwrap())
        .collect();
    assert_eq!(whole, sent[0]["content"].as_str().unwrap());
    let d = tokio::time::timeout(Duration::from_secs(5), usage.recv())
        .await
        .unwrap()
        .unwrap();
    let e = EventEnvelope::decode(d.body.as_slice()).unwrap();
    let u = v1::UsageRecorded::decode(e.payload.as_slice()).unwrap();
    assert_eq!(
        (e.saas_id, u.license_name.as_str(), u.quantity),
        (SAAS, "saas/notify/sms", 2)
    );

    // The other tenant holds no licence: refused, with the reason; sending again is refused
    // again for the same reason.
    let other_staff = issuer.token(98, OTHER, 0, 200);
    let other_staff = Client::new(app, &other_staff);
    let refused_texts = || other_staff.list_sms_queue("state=4");
    let queue = at_least(1, "a text refused", refused_texts).await;
    assert!(queue[0]["lastError"].as_str().unwrap().contains("licence"));
    let id = queue[0]["id"].as_i64().unwrap();
    let a = other_staff.resend_sms(&json!(id)).await;
    assert_eq!(a.status, 200);
    let a = staff.resend_sms(&json!(id)).await;
    assert_eq!(
        (a.status, a.body["code"].as_str()),
        (412, Some("not-resendable")),
        "another tenant's"
    );
    let refused = at_least(1, "the text refused again", refused_texts).await;
    assert_eq!(refused[0]["id"], id);
    let b = other_staff.list_sms("").await.body;
    assert_eq!(b["data"]["sizeAll"], 0);
    assert_eq!(
        provider.taken.lock().unwrap().len(),
        2,
        "nothing more went out"
    );
    assert_eq!(staff.list_sms_queue("state=9").await.field(), "state");
    env.app.shutdown().await;
}

platform::on_both_backends!(texts_go_out_under_a_licence_split_and_retried);

/// A ticket order's vouchers issued: one text a voucher to the buyer's mobile, each with its
/// whole code, sent under the tenant's SMS licence; refused, with the reason, for a tenant
/// without one; nothing for another tenant to see.
async fn a_buyer_is_texted_each_voucher_code(backend: Backend) {
    let provider = Arc::new(Provider::default());
    let url = start_provider(provider.clone());
    let env = start(
        backend,
        &[
            ("SMS__PROVIDER_URL", url.as_str()),
            ("SMS__API_KEY", "k-123"),
            ("SMS__POLL_MS", "20"),
        ],
    )
    .await;
    let (app, bus, issuer) = (&env.app, &env.bus, &env.issuer);
    publish_licence(bus, SAAS, "saas/notify/sms").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let codes = ["ABCDEFGHJKMNPQRSTVWX", "0123456789ABCDEFGHJK"];
    for (saas, id) in [(SAAS, 77), (OTHER, 78)] {
        let issued = v1::VouchersIssued {
            order: Some(v1::OrderRef {
                order_id: id,
                product_type: v1::ProductType::Ticket as i32,
                product_name: "West Lake day ticket".into(),
                start_date: "2026-12-01".into(),
                end_date: "2026-12-01".into(),
                ..Default::default()
            }),
            contact: Some(v1::Contact {
                name: "Li Lei".into(),
                mobile: "13900000001".into(),
                email: String::new(),
            }),
            codes: codes.iter().map(|c| (*c).to_owned()).collect(),
            sms_text: String::new(),
            quantity: 2,
        };
        publish(
            bus,
            "voucher.ticket.issued",
            Outgoing::new("ticket-app", "voucher.ticket.issued", saas, &issued),
        )
        .await;
    }

    let staff = issuer.token(99, SAAS, 0, 200);
    let staff = Client::new(app, &staff);
    let sent = at_least(2, "both texts sent", || staff.list_sms("")).await;
    assert_eq!(sent.len(), 2, "{sent:?}");
    let mut contents: Vec<&str> = sent
        .iter()
        .map(|m| m["content"].as_str().unwrap())
        .collect();
    contents.sort_unstable();
    assert_eq!(
        contents,
        [
            "West Lake day ticket 2026-12-01 凭证1/2：ABCD-EFGH-JKMN-PQRS-TVWX",
            "West Lake day ticket 2026-12-01 凭证2/2：0123-4567-89AB-CDEF-GHJK",
        ]
    );
    assert!(
        sent.iter()
            .all(|m| m["address"] == "13900000001" && m["refId"] == "77")
    );
    // Each is 62 characters: two parts a text.
    assert!(sent.iter().all(|m| m["parts"] == 2), "{sent:?}");
    let taken = provider.taken.lock().unwrap().clone();
    assert_eq!(taken.len(), 4);
    assert!(taken.iter().all(|t| t["mobile"] == "13900000001"));

    // The other tenant holds no SMS licence: its buyer's texts are refused with the reason.
    let other_staff = issuer.token(98, OTHER, 0, 200);
    let other_staff = Client::new(app, &other_staff);
    let refused = at_least(2, "texts refused", || other_staff.list_sms_queue("state=4")).await;
    assert!(
        refused
            .iter()
            .all(|m| m["lastError"].as_str().unwrap().contains("licence"))
    );
    assert!(refused.iter().all(|m| m["refId"] == "78"));
    assert_eq!(
        provider.taken.lock().unwrap().len(),
        4,
        "nothing of theirs went out"
    );
    env.app.shutdown().await;
}

platform::on_both_backends!(a_buyer_is_texted_each_voucher_code);

/// A provider that takes the connection and never answers: the attempt fails once the service's
/// outbound timeout has passed, saying so, and the text waits for its next attempt; the sender
/// is not stuck on it.
async fn a_provider_that_does_not_answer_fails_after_the_timeout(backend: Backend) {
    let silent = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = silent.local_addr().unwrap().port();
    actix_web::rt::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = silent.accept().await {
            held.push(socket);
        }
    });
    let url = format!("http://127.0.0.1:{port}/send");
    let env = start(
        backend,
        &[
            ("SMS__PROVIDER_URL", url.as_str()),
            ("SMS__API_KEY", "k-123"),
            ("SMS__POLL_MS", "20"),
            ("OUTBOUND__TIMEOUT_SECS", "0.3"),
        ],
    )
    .await;
    let (app, bus, issuer) = (&env.app, &env.bus, &env.issuer);
    let settings = v1::NotifyConfigUpdated {
        user_id: SAAS,
        mch_id: 2001,
        notify_sms: "0".into(),
        mobile: "13812345678".into(),
        state: 1,
        language: "en".into(),
        ..Default::default()
    };
    publish_settings(bus, SAAS, &settings).await;
    publish_licence(bus, SAAS, "saas/notify/sms").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let started = std::time::Instant::now();
    order(bus, SAAS, 44).await;

    let staff = issuer.token(99, SAAS, 0, 200);
    let staff = Client::new(app, &staff);
    let staff = &staff;
    let failed = platform::testing::eventually("an attempt that timed out", || async move {
        let rows = staff.list_sms_queue("").await.rows();
        rows.into_iter()
            .find(|r| r["lastError"].as_str().is_some_and(|e| !e.is_empty()))
    })
    .await;
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "failed after {:?}",
        started.elapsed()
    );
    assert_eq!(
        failed["lastError"],
        format!("SMS provider: {url} did not answer within 0.3 s"),
        "{failed}"
    );
    assert_eq!(
        (failed["state"].as_i64(), failed["partsSent"].as_i64()),
        (Some(0), Some(0)),
        "queued again, nothing taken: {failed}"
    );
    env.app.shutdown().await;
}

platform::on_both_backends!(a_provider_that_does_not_answer_fails_after_the_timeout);

/// An SMTP server that answers `451` to the first `defer` transactions, rejects recipients at
/// `reject` with `550`, and keeps every message it accepts (envelope and data).
#[derive(Default)]
struct Sink {
    defer: AtomicUsize,
    reject: String,
    mails: Mutex<Vec<(String, String)>>,
}

async fn smtp_session(sink: Arc<Sink>, stream: tokio::net::TcpStream) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 sink ESMTP\r\n").await?;
    let mut rcpt = String::new();
    while let Some(line) = lines.next_line().await? {
        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
        let answer: &[u8] = match verb.as_str() {
            "EHLO" | "HELO" => b"250-sink\r\n250 8BITMIME\r\n",
            "MAIL" => {
                let deferred = sink
                    .defer
                    .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                    .is_ok();
                if deferred {
                    b"451 4.3.0 try again later\r\n"
                } else {
                    b"250 OK\r\n"
                }
            }
            "RCPT" if line.contains(&sink.reject) => b"550 5.1.1 no such mailbox\r\n",
            "RCPT" => {
                rcpt = line.clone();
                b"250 OK\r\n"
            }
            "DATA" => {
                write.write_all(b"354 end with a dot\r\n").await?;
                let mut data = String::new();
                while let Some(l) = lines.next_line().await? {
                    if l == "." {
                        break;
                    }
                    data.push_str(&l);
                    data.push('\n');
                }
                sink.mails.lock().unwrap().push((rcpt.clone(), data));
                b"250 queued\r\n"
            }
            "QUIT" => {
                write.write_all(b"221 bye\r\n").await?;
                return Ok(());
            }
            _ => b"250 OK\r\n",
        };
        write.write_all(answer).await?;
    }
    Ok(())
}

async fn start_sink(sink: Arc<Sink>) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            tokio::spawn(smtp_session(sink.clone(), stream));
        }
    });
    port
}

async fn mail_settings(bus: &Bus, saas: i64, user_id: i64, email: &str, language: &str) {
    let s = v1::NotifyConfigUpdated {
        user_id,
        mch_id: 2001,
        notify_mail: "0".into(),
        email: email.into(),
        state: 1,
        language: language.into(),
        ..Default::default()
    };
    publish_settings(bus, saas, &s).await;
}

async fn mail_goes_to_an_smtp_server_under_a_licence(backend: Backend) {
    let sink = Arc::new(Sink {
        reject: "nobody@example.com".into(),
        ..Default::default()
    });
    sink.defer.store(1, Ordering::SeqCst);
    let port = start_sink(sink.clone()).await;
    let port = port.to_string();
    let env = start(
        backend,
        &[
            ("MAIL__SMTP_HOST", "127.0.0.1"),
            ("MAIL__SMTP_PORT", port.as_str()),
            ("MAIL__TLS", "none"),
            ("MAIL__FROM", "Tradewind <notices@tradewind.test>"),
            ("MAIL__POLL_MS", "20"),
        ],
    )
    .await;
    let (app, bus, issuer) = (&env.app, &env.bus, &env.issuer);
    let mut usage = bus.broadcast("test", &["usage.recorded"]);
    mail_settings(bus, SAAS, 11, "ops@example.com", "en").await;
    mail_settings(bus, SAAS, 12, "nobody@example.com", "zh-cn").await;
    mail_settings(bus, OTHER, 13, "ops@other.example", "en").await;
    publish_licence(bus, SAAS, "saas/notify/mail").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    order(bus, SAAS, 42).await;
    order(bus, OTHER, 43).await;

    // Deferred once by the server, then delivered, in English with its subject.
    let staff = issuer.token(99, SAAS, 0, 200);
    let staff = Client::new(app, &staff);
    let sent = at_least(1, "a mail sent", || staff.list_mail("")).await;
    assert_eq!(sent.len(), 1);
    assert_eq!(
        (
            sent[0]["address"].as_str(),
            sent[0]["attempts"].as_i64(),
            sent[0]["state"].as_i64()
        ),
        (Some("ops@example.com"), Some(2), Some(2))
    );
    assert_eq!(sent[0]["subject"], "Tradewind: New order, order 42");
    let mails = sink.mails.lock().unwrap().clone();
    assert_eq!(mails.len(), 1, "{mails:?}");
    let (rcpt, data) = &mails[0];
    assert!(rcpt.contains("<ops@example.com>"), "{rcpt}");
    assert!(
        data.contains("Subject: Tradewind: New order, order 42"),
        "{data}"
    );
    assert!(
        data.contains("From: Tradewind <notices@tradewind.test>"),
        "{data}"
    );
    assert!(data.contains("New order (hotel): Sea-view King"), "{data}");
    let d = tokio::time::timeout(Duration::from_secs(5), usage.recv())
        .await
        .unwrap()
        .unwrap();
    let e = EventEnvelope::decode(d.body.as_slice()).unwrap();
    let u = v1::UsageRecorded::decode(e.payload.as_slice()).unwrap();
    assert_eq!(
        (e.saas_id, u.license_name.as_str(), u.quantity),
        (SAAS, "saas/notify/mail", 1)
    );

    // A mailbox the server rejects for good fails at once, in Chinese for its zh-cn reader.
    let failed = at_least(1, "a mail failed", || staff.list_mail_queue("state=3")).await;
    assert_eq!(
        (
            failed[0]["address"].as_str(),
            failed[0]["attempts"].as_i64()
        ),
        (Some("nobody@example.com"), Some(1))
    );
    assert!(failed[0]["lastError"].as_str().unwrap().contains("550"));
    assert!(failed[0]["subject"].as_str().unwrap().contains("新订单"));
    let b = staff.list_mail_queue("email=ops@&state=-99").await.body;
    assert_eq!(b["data"]["sizeAll"], 1, "filtered by the address: {b}");

    // The other tenant holds no mail licence: refused with the reason, and never sees ours.
    let other_staff = issuer.token(98, OTHER, 0, 200);
    let other_staff = Client::new(app, &other_staff);
    let refused = at_least(1, "a mail refused", || {
        other_staff.list_mail_queue("state=4")
    })
    .await;
    assert!(
        refused[0]["lastError"]
            .as_str()
            .unwrap()
            .contains("saas/notify/mail")
    );
    let b = other_staff.list_mail_queue("").await.body;
    assert_eq!(b["data"]["sizeAll"], 1);
    let a = other_staff.resend_mail(&sent[0]["id"]).await;
    assert_eq!(
        (a.status, a.body["code"].as_str()),
        (412, Some("not-resendable"))
    );
    // The SMS queue is a list of its own.
    let b = staff.list_sms_queue("").await.body;
    assert_eq!(b["data"]["sizeAll"], 0);
    assert_eq!(sink.mails.lock().unwrap().len(), 1, "nothing more went out");
    env.app.shutdown().await;
}

platform::on_both_backends!(mail_goes_to_an_smtp_server_under_a_licence);
