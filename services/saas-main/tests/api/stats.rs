//! The statistics read model fed by real order events through the bus: its answers equal the
//! sums computed from the events directly, whatever the order of delivery, and redelivery
//! counts nothing twice.

use std::collections::HashMap;
use std::time::Duration;

use awc::Client;
use platform::bus::{Bus, EventEnvelope, MemoryBroker, v1};
use platform::testing::{
    Backend, TestApp, TestDb, TestIssuer, eventually, spawn_on_bus, test_config,
};
use prost::Message as _;
use saas_main::domain::stats::{self, Display, Outcome};
use serde_json::Value;

async fn get(app: &TestApp, path: &str, token: &str) -> (u16, Value) {
    let mut res = Client::default()
        .get(app.url(path))
        .insert_header(("accept-language", "en"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn envelope(id: &str, key: &str, saas_id: i64, at: i64, payload: Vec<u8>) -> Vec<u8> {
    EventEnvelope {
        event_id: id.to_owned(),
        event_type: key.to_owned(),
        saas_id,
        occurred_at: at,
        producer: "test".to_owned(),
        payload,
        ..Default::default()
    }
    .encode_to_vec()
}

fn order(id: i64, product_type: i32) -> Option<v1::OrderRef> {
    Some(v1::OrderRef {
        order_id: id,
        product_type,
        supplier_interface_id: id % 2,
        ..Default::default()
    })
}

/// What one order should count as: created at `created`, priced, ending at `outcome`.
struct Expect {
    created: i64,
    amount: i64,
    profit: i64,
    outcome: Outcome,
    product_type: i32,
}

async fn answers_equal_the_sums_of_the_events(backend: Backend) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let db = TestDb::new(backend);
    let cfg = test_config(saas_main::NAME, Some(&db));
    let app = spawn_on_bus(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        bus.clone(),
    )
    .await;
    let demo = platform::demo::SAAS_ID;
    let admin = issuer.token(2, demo, 0, 200);

    // Three China days from 2026-11-20; 60 orders, hotel and ticket.
    let first = stats::days_from_civil(2026, 11, 20);
    let day0 = stats::day_start_ms(first);
    let mut messages: Vec<(String, Vec<u8>)> = Vec::new();
    let mut expected: HashMap<i64, Expect> = HashMap::new();
    for id in 1..=60_i64 {
        let created = day0 + (id * 7919 % (3 * 24 * 60)) * 60_000;
        let product_type = if id % 3 == 0 { 20 } else { 10 };
        let amount = 10_000 + id * 100;
        let profit = id * 10;
        let created_event = v1::OrderCreated {
            order: order(id, product_type),
            amounts: Some(v1::OrderAmounts {
                order_price: amount,
                profit,
                ..Default::default()
            }),
            order_state: 8,
            ..Default::default()
        };
        let key = if product_type == 10 {
            "order.hotel"
        } else {
            "order.ticket"
        };
        messages.push((
            format!("{key}.created"),
            envelope(
                &format!("c{id}"),
                &format!("{key}.created"),
                demo,
                created,
                created_event.encode_to_vec(),
            ),
        ));
        // The outcome is the one of the latest change by time, whatever the delivery order.
        let mut changes = vec![(created, Outcome::Open)];
        if id % 4 != 0 {
            // Confirmed an hour later.
            let change = v1::OrderStateChanged {
                order: order(id, product_type),
                new_order_state: 1,
                ..Default::default()
            };
            messages.push((
                format!("{key}.state-changed"),
                envelope(
                    &format!("s{id}"),
                    &format!("{key}.state-changed"),
                    demo,
                    created + 3_600_000,
                    change.encode_to_vec(),
                ),
            ));
            changes.push((created + 3_600_000, Outcome::Success));
        }
        if id % 5 == 0 {
            // Cancelled two hours later.
            let cancel = v1::OrderCancelled {
                order: order(id, product_type),
                ..Default::default()
            };
            messages.push((
                format!("{key}.cancelled"),
                envelope(
                    &format!("x{id}"),
                    &format!("{key}.cancelled"),
                    demo,
                    created + 7_200_000,
                    cancel.encode_to_vec(),
                ),
            ));
            changes.push((created + 7_200_000, Outcome::Cancel));
        }
        if id % 7 == 0 {
            // A change a minute after creation (invalid), delivered after the later ones: it
            // counts only where nothing newer happened.
            let early = v1::OrderStateChanged {
                order: order(id, product_type),
                new_order_state: 9,
                ..Default::default()
            };
            messages.push((
                format!("{key}.state-changed"),
                envelope(
                    &format!("o{id}"),
                    &format!("{key}.state-changed"),
                    demo,
                    created + 60_000,
                    early.encode_to_vec(),
                ),
            ));
            changes.push((created + 60_000, Outcome::Fail));
        }
        let outcome = changes
            .iter()
            .max_by_key(|(at, _)| *at)
            .map(|(_, o)| *o)
            .unwrap();
        expected.insert(
            id,
            Expect {
                created,
                amount,
                profit,
                outcome,
                product_type,
            },
        );
    }
    // Out of order: every third order's events arrive last event first.
    let mut delivery: Vec<(String, Vec<u8>)> = Vec::new();
    let mut chunk: Vec<(String, Vec<u8>)> = Vec::new();
    for m in messages {
        chunk.push(m);
        if chunk.len() == 3 {
            chunk.reverse();
            delivery.append(&mut chunk);
        }
    }
    delivery.append(&mut chunk);
    // Redelivery: the first ten messages twice.
    let again: Vec<(String, Vec<u8>)> = delivery[..10].to_vec();
    delivery.extend(again);
    // Another tenant's order, never visible here.
    let foreign = v1::OrderCreated {
        order: order(999, 10),
        amounts: Some(v1::OrderAmounts {
            order_price: 1,
            ..Default::default()
        }),
        order_state: 1,
        ..Default::default()
    };
    delivery.push((
        "order.hotel.created".into(),
        envelope(
            "f1",
            "order.hotel.created",
            2002,
            day0,
            foreign.encode_to_vec(),
        ),
    ));
    let batch: Vec<(&str, &[u8])> = delivery
        .iter()
        .map(|(k, b)| (k.as_str(), b.as_slice()))
        .collect();
    bus.publish_batch(&batch).await.unwrap();

    let range = "startDate=2026-11-20&endDate=2026-11-22";
    let (app_ref, admin_ref) = (&app, &admin);
    let count = eventually("the 60 orders reach the statistics", || async move {
        let path = format!("/saas/stats/orderStats/count?{range}");
        let count = get(app_ref, &path, admin_ref).await.1;
        (count["data"]["orderTotal"] == 60).then_some(count)
    })
    .await;
    assert_eq!(count["data"]["orderTotal"], 60, "{count}");
    // Let any late duplicates through before comparing.
    actix_web::rt::time::sleep(Duration::from_millis(200)).await;

    let (nov1, dec31) = (
        stats::days_from_civil(2026, 11, 1),
        stats::days_from_civil(2026, 12, 31),
    );
    for (display, from, to) in [
        (Display::Hourly, first, first + 2),
        (Display::Daily, first, first + 2),
        (Display::Daily, nov1, dec31),
        (Display::Monthly, nov1, dec31),
        // A partial month at the start: its days, not the month's sum.
        (Display::Monthly, first + 1, dec31),
    ] {
        let label = |day| stats::label(Display::Daily, stats::day_start_ms(day));
        let path = format!(
            "/saas/stats/orderStats/list?startDate={}&endDate={}&displayType={}",
            label(from),
            label(to),
            display as i32
        );
        let (status, body) = get(&app, &path, &admin).await;
        assert_eq!(status, 200, "{body}");
        let rows = body["data"].as_array().unwrap();
        let buckets = stats::buckets(display, from, to);
        assert_eq!(rows.len(), buckets.len());
        for (row, (start, end)) in rows.iter().zip(&buckets) {
            let mine: Vec<&Expect> = expected
                .values()
                .filter(|e| e.created >= *start && e.created < *end)
                .collect();
            let sum = |f: &dyn Fn(&Expect) -> i64| mine.iter().map(|e| f(e)).sum::<i64>();
            let of = |o: Outcome| move |e: &Expect| i64::from(e.outcome == o);
            assert_eq!(row["time"], stats::label(display, *start));
            assert_eq!(
                row["orderNum"].as_i64().unwrap(),
                mine.len() as i64,
                "{row}"
            );
            assert_eq!(
                row["orderTotalMoney"].as_i64().unwrap(),
                sum(&|e| e.amount),
                "{row}"
            );
            assert_eq!(
                row["orderSuccess"].as_i64().unwrap(),
                sum(&of(Outcome::Success)),
                "{row}"
            );
            assert_eq!(
                row["orderSuccessMoney"].as_i64().unwrap(),
                sum(&|e| if e.outcome == Outcome::Success {
                    e.amount
                } else {
                    0
                }),
                "{row}"
            );
            assert_eq!(
                row["orderSuccessProfit"].as_i64().unwrap(),
                sum(&|e| if e.outcome == Outcome::Success {
                    e.profit
                } else {
                    0
                }),
                "{row}"
            );
            assert_eq!(
                row["orderCancel"].as_i64().unwrap(),
                sum(&of(Outcome::Cancel)),
                "{row}"
            );
            assert_eq!(
                row["orderCancelMoney"].as_i64().unwrap(),
                sum(&|e| if e.outcome == Outcome::Cancel {
                    e.amount
                } else {
                    0
                }),
                "{row}"
            );
            assert_eq!(
                row["orderFail"].as_i64().unwrap(),
                sum(&of(Outcome::Fail)),
                "{row}"
            );
            assert_eq!(
                row["orderFailMoney"].as_i64().unwrap(),
                sum(&|e| if e.outcome == Outcome::Fail {
                    e.amount
                } else {
                    0
                }),
                "{row}"
            );
        }
    }
    // A product type alone.
    let (_, tickets) = get(
        &app,
        &format!("/saas/stats/orderStats/list?{range}&displayType=2&productType=20"),
        &admin,
    )
    .await;
    let ticket_total: i64 = tickets["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["orderNum"].as_i64().unwrap())
        .sum();
    assert_eq!(
        ticket_total,
        expected.values().filter(|e| e.product_type == 20).count() as i64
    );

    // The rules of ranges and display types.
    for (path, field) in [
        ("/saas/stats/orderStats/list?displayType=1", "startDate"),
        (
            "/saas/stats/orderStats/list?startDate=2026-11-01&endDate=2026-11-08&displayType=1",
            "displayType",
        ),
        (
            "/saas/stats/orderStats/list?startDate=2026-01-01&endDate=2026-04-30&displayType=2",
            "displayType",
        ),
        (
            "/saas/stats/orderStats/list?startDate=2025-01-01&endDate=2026-02-01&displayType=3",
            "displayType",
        ),
        (
            "/saas/stats/orderStats/list?startDate=2026-11-09&endDate=2026-11-08",
            "endDate",
        ),
        (
            "/saas/stats/orderStats/list?startDate=2026-13-01&endDate=2026-11-08",
            "startDate",
        ),
    ] {
        let (status, body) = get(&app, path, &admin).await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some(field)),
            "{path}: {body}"
        );
    }
    // Another tenant sees its own figures only; a merchant's user is not shown the tenant's.
    let other = issuer.token(3, 2002, 0, 200);
    let (_, theirs) = get(
        &app,
        &format!("/saas/stats/orderStats/count?{range}"),
        &other,
    )
    .await;
    assert_eq!(theirs["data"]["orderTotal"], 1);
    issuer.grant(4, &["/saas/stats/**"]);
    let supplier = issuer.token(4, demo, platform::demo::SUPPLIER_ID, 311);
    assert_eq!(
        get(
            &app,
            &format!("/saas/stats/orderStats/list?{range}"),
            &supplier
        )
        .await
        .0,
        403
    );
    app.shutdown().await;
}

platform::on_both_backends!(answers_equal_the_sums_of_the_events);
