//! Vouchers and the gate: a confirmed order's vouchers (one per ticket or one per order) with
//! random codes, their QR code decoding back to the code, the PDF; redemption admitting once
//! and refusing with the reason, completing the order when its last voucher is used; 100
//! parallel scans of one code admitting exactly one.

use std::collections::HashSet;

use platform::bus::v1;
use platform::testing::Backend;
use prost::Message as _;
use serde_json::{Value, json};

use crate::helpers::{Client, Env, buyer, day, next_event, start_env};

/// The raw answer of a download: status, content type, bytes.
async fn download(env: &Env, token: &str, path: &str) -> (u16, String, Vec<u8>) {
    let mut res = platform::http::client::client()
        .get(env.app.url(path))
        .bearer_auth(token)
        .insert_header(("accept-language", "en"))
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let ctype = res
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let bytes = res.body().limit(1 << 24).await.unwrap().to_vec();
    (status, ctype, bytes)
}

/// What the QR code of a PNG says.
fn decode_qr(png: &[u8]) -> String {
    let img = image::load_from_memory(png).unwrap().to_luma8();
    let (w, h) = img.dimensions();
    let mut prepared =
        rqrr::PreparedImage::prepare_from_greyscale(w as usize, h as usize, |x, y| {
            img.get_pixel(x as u32, y as u32).0[0]
        });
    let grids = prepared.detect_grids();
    assert_eq!(grids.len(), 1, "one QR code in the image");
    grids[0].decode().unwrap().1
}

async fn vouchers_of(client: &Client<'_>, order_id: i64) -> Vec<Value> {
    client
        .get(&format!(
            "/saas/order/ticketVoucher/list?orderId={order_id}"
        ))
        .await
        .data()
        .as_array()
        .unwrap()
        .clone()
}

async fn redeem(client: &Client<'_>, body: Value) -> Value {
    client
        .post("/saas/ticket/ticketVoucher/redeem", body)
        .await
        .data()
        .clone()
}

async fn a_confirmed_order_gets_vouchers_with_random_codes_whose_qr_decodes_back(backend: Backend) {
    let mut env = start_env(backend).await;
    let per_ticket = env
        .bookable(&env.supplier, json!({"confirmType": 1}), Some(10))
        .await;
    let distributor = Client::new(&env.fixture, &env.fixture.distributor);
    let supplier = Client::new(&env.fixture, &env.fixture.supplier);
    while env.events.try_recv().is_some() {}
    let o = distributor
        .book(per_ticket, 1, 3, buyer("13800000001", "A1"))
        .await;
    let o = o.data();
    let id = o["orderId"].as_i64().unwrap();
    assert_eq!(o["orderState"], 1, "instant confirmation");
    assert_eq!(
        (o["vouchers"].as_i64(), o["usedTickets"].as_i64()),
        (Some(3), Some(0))
    );
    let vs = vouchers_of(&distributor, id).await;
    assert_eq!(vs.len(), 3, "one per ticket: {vs:?}");
    let codes: HashSet<String> = vs
        .iter()
        .map(|v| v["code"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(codes.len(), 3, "distinct codes");
    for (i, v) in vs.iter().enumerate() {
        assert_eq!(v["seq"], i as i64 + 1);
        assert_eq!(
            (v["tickets"].as_i64(), v["state"].as_i64()),
            (Some(1), Some(0))
        );
        assert_eq!(
            (v["validFrom"].as_str(), v["validTo"].as_str()),
            (Some(day(1).as_str()), Some(day(1).as_str()))
        );
        let code = v["code"].as_str().unwrap();
        assert_eq!(code.len(), 20);
        assert!(
            code.chars()
                .all(|c| "0123456789ABCDEFGHJKMNPQRSTVWXYZ".contains(c)),
            "{code}"
        );
        // The image a buyer gets says the code.
        let (s, ctype, png) = download(
            &env,
            &env.distributor,
            &format!("/saas/order/ticketVoucher/qr?voucherId={}", v["voucherId"]),
        )
        .await;
        assert_eq!((s, ctype.as_str()), (200, "image/png"));
        assert_eq!(decode_qr(&png), code);
    }
    let (s, ctype, pdf) = download(
        &env,
        &env.supplier,
        &format!("/saas/order/ticketVoucher/pdf?orderId={id}"),
    )
    .await;
    assert_eq!((s, ctype.as_str()), (200, "application/pdf"));
    assert!(pdf.starts_with(b"%PDF-"), "a PDF");
    let pages = |marker: &[u8]| pdf.windows(marker.len()).filter(|w| *w == marker).count();
    assert!(
        pages(b"/Type /Page") + pages(b"/Type/Page") >= 3,
        "a page a voucher"
    );
    // The codes go to the buyer: message-server sends them to the order's contact.
    let e = next_event(&mut env.events, "voucher.ticket.issued").await;
    let issued = v1::VouchersIssued::decode(e.payload.as_slice()).unwrap();
    let sent: Vec<&str> = issued.codes.iter().map(String::as_str).collect();
    let listed: Vec<&str> = vs.iter().map(|v| v["code"].as_str().unwrap()).collect();
    assert_eq!(sent, listed, "every code, in the vouchers' order");
    assert_eq!(issued.contact.unwrap().mobile, "13800000001");
    assert_eq!((issued.quantity, issued.order.unwrap().order_id), (3, id));
    let e = next_event(&mut env.events, "order.ticket.created").await;
    assert!(v1::OrderCreated::decode(e.payload.as_slice()).is_ok());

    // Another supplier, another tenant: no such order.
    let other = Client::new(&env.fixture, &env.supplier_2);
    assert_eq!(
        other
            .get(&format!("/saas/order/ticketVoucher/list?orderId={id}"))
            .await
            .status,
        404
    );
    let (s, _, _) = download(
        &env,
        &env.other_operator,
        &format!("/saas/order/ticketVoucher/pdf?orderId={id}"),
    )
    .await;
    assert_eq!(s, 404);

    // One voucher for the whole order, issued when the supplier confirms.
    let per_order = env
        .bookable(
            &env.supplier,
            json!({"confirmType": 2, "voucherPerTicket": false, "voucherType": 2}),
            Some(10),
        )
        .await;
    let o = distributor
        .book(per_order, 1, 4, buyer("13800000002", "A2"))
        .await;
    let id2 = o.data()["orderId"].as_i64().unwrap();
    assert!(
        vouchers_of(&distributor, id2).await.is_empty(),
        "not confirmed yet"
    );
    let (s, _, _) = download(
        &env,
        &env.distributor,
        &format!("/saas/order/ticketVoucher/pdf?orderId={id2}"),
    )
    .await;
    assert_eq!(s, 412, "no voucher before confirmation");
    while env.events.try_recv().is_some() {}
    supplier.act("confirm", id2, "").await.data();
    let vs = vouchers_of(&distributor, id2).await;
    assert_eq!(vs.len(), 1);
    assert_eq!(vs[0]["tickets"], 4);
    let e = next_event(&mut env.events, "order.ticket.state-changed").await;
    let changed = v1::OrderStateChanged::decode(e.payload.as_slice()).unwrap();
    assert!(
        changed
            .reason
            .contains(vs[0]["codeGrouped"].as_str().unwrap()),
        "the confirmation names the voucher: {}",
        changed.reason
    );
    env.shutdown().await;
}

async fn the_gate_admits_once_refuses_with_the_reason_and_completes_the_order(backend: Backend) {
    let mut env = start_env(backend).await;
    let product = env
        .bookable(
            &env.supplier,
            json!({"confirmType": 1, "cancelType": 1}),
            Some(10),
        )
        .await;
    let distributor = Client::new(&env.fixture, &env.fixture.distributor);
    let supplier = Client::new(&env.fixture, &env.fixture.supplier);
    // Today's visit: admitted today.
    let o = distributor
        .book(product, 0, 2, buyer("13800000003", "A3"))
        .await;
    let id = o.data()["orderId"].as_i64().unwrap();
    let vs = vouchers_of(&supplier, id).await;
    let (a, b) = (
        vs[0]["code"].as_str().unwrap(),
        vs[1]["code"].as_str().unwrap(),
    );
    let scenic = o.data()["scenicId"].as_i64().unwrap();

    // Bad input.
    let empty = supplier
        .post("/saas/ticket/ticketVoucher/redeem", json!({"code": " "}))
        .await;
    assert_eq!((empty.status, empty.field()), (412, "code"));
    let long = supplier
        .post(
            "/saas/ticket/ticketVoucher/redeem",
            json!({"code": "A".repeat(65)}),
        )
        .await;
    assert_eq!((long.status, long.field()), (412, "code"));
    for junk in ["' OR 1=1 --", "00000000000000000000", "ZZZZ"] {
        let r = redeem(&supplier, json!({"code": junk})).await;
        assert_eq!(
            (r["admitted"].as_bool(), r["result"].as_str()),
            (Some(false), Some("unknown-code")),
            "{junk}"
        );
    }
    assert_eq!(
        distributor
            .post("/saas/ticket/ticketVoucher/redeem", json!({"code": a}))
            .await
            .status,
        403
    );
    // Another supplier's gate does not know this code; another spot's gate refuses it.
    let r = redeem(
        &Client::new(&env.fixture, &env.supplier_2),
        json!({"code": a}),
    )
    .await;
    assert_eq!(r["result"], "unknown-code");
    let r = redeem(&supplier, json!({"code": a, "scenicId": scenic + 1})).await;
    assert_eq!(r["result"], "wrong-scenic");
    assert_eq!(r["admitted"], false);

    while env.events.try_recv().is_some() {}
    // Lower case and hyphens as a person types it.
    let typed = format!("{}-{}", &a[..10], &a[10..]).to_lowercase();
    let r = redeem(
        &supplier,
        json!({"code": typed, "scenicId": scenic, "gate": "East gate", "scanId": "s-1"}),
    )
    .await;
    assert_eq!(
        (r["admitted"].as_bool(), r["result"].as_str()),
        (Some(true), Some("admitted")),
        "{r}"
    );
    assert_eq!(
        (r["orderId"].as_i64(), r["tickets"].as_i64()),
        (Some(id), Some(1))
    );
    assert_eq!(r["orderCompleted"], false);
    assert_eq!(r["usedRole"], "supplier");
    assert!(r["usedAt"].as_i64().unwrap() > 0);
    let e = next_event(&mut env.events, "order.ticket.modified").await;
    let m = v1::OrderStateChanged::decode(e.payload.as_slice()).unwrap();
    assert!(m.reason.starts_with("redeem"), "{}", m.reason);
    // The same scan again (its answer was lost): the same answer, nothing more used.
    let again = redeem(&supplier, json!({"code": a, "scanId": "s-1"})).await;
    assert_eq!(
        (again["admitted"].as_bool(), again["repeat"].as_bool()),
        (Some(true), Some(true))
    );
    // Another scan of it: refused, naming when, by whom and where.
    let used = redeem(
        &Client::new(&env.fixture, &env.fixture.operator),
        json!({"code": a, "scanId": "s-2"}),
    )
    .await;
    assert_eq!(
        (used["admitted"].as_bool(), used["result"].as_str()),
        (Some(false), Some("already-used"))
    );
    assert_eq!(used["usedAt"], r["usedAt"]);
    assert_eq!(used["usedBy"], r["usedBy"]);
    assert_eq!(used["usedGate"], "East gate");
    assert!(used["message"].as_str().unwrap().contains("used"), "{used}");
    let order = supplier.load_order(id).await;
    assert_eq!(
        (
            order.data()["orderState"].as_i64(),
            order.data()["usedTickets"].as_i64()
        ),
        (Some(1), Some(1))
    );
    // A used ticket cannot be cancelled.
    let c = distributor.act("applyCancel", id, "").await;
    assert_eq!(
        (c.status, c.body["code"].as_str()),
        (412, Some("tickets-used"))
    );

    // The last one completes the order.
    let r = redeem(&supplier, json!({"code": b})).await;
    assert_eq!(
        (r["admitted"].as_bool(), r["orderCompleted"].as_bool()),
        (Some(true), Some(true))
    );
    let order = supplier.load_order(id).await;
    assert_eq!(
        (
            order.data()["orderState"].as_i64(),
            order.data()["usedTickets"].as_i64()
        ),
        (Some(5), Some(2))
    );
    let log = supplier
        .get(&format!("/saas/log/ticketOrderLog/list?orderId={id}"))
        .await;
    let actions: Vec<&str> = log
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["create", "redeem", "redeem", "complete"]);
    let e = next_event(&mut env.events, "order.ticket.state-changed").await;
    let done = v1::OrderStateChanged::decode(e.payload.as_slice()).unwrap();
    assert_eq!((done.old_order_state, done.new_order_state), (1, 5));

    // Cancelled: asked (not confirmed any more), then agreed (cancelled).
    let o = distributor
        .book(product, 0, 1, buyer("13800000004", "A4"))
        .await;
    let id = o.data()["orderId"].as_i64().unwrap();
    let c = vouchers_of(&supplier, id).await[0]["code"]
        .as_str()
        .unwrap()
        .to_owned();
    distributor.act("applyCancel", id, "").await.data();
    assert_eq!(
        redeem(&supplier, json!({"code": c})).await["result"],
        "not-confirmed"
    );
    supplier.act("agreeCancel", id, "").await.data();
    assert_eq!(
        redeem(&supplier, json!({"code": c})).await["result"],
        "cancelled"
    );
    assert_eq!(vouchers_of(&supplier, id).await[0]["state"], 2);

    // Not valid yet (tomorrow's visit), and expired.
    let o = distributor
        .book(product, 1, 1, buyer("13800000005", "A5"))
        .await;
    let id = o.data()["orderId"].as_i64().unwrap();
    let c = vouchers_of(&supplier, id).await[0]["code"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        redeem(&supplier, json!({"code": c})).await["result"],
        "not-yet-valid"
    );
    env.sql(&format!(
        "UPDATE ticket_vouchers SET valid_from = '{}', valid_to = '{}' WHERE order_id = {id}",
        day(-3),
        day(-1)
    ));
    assert_eq!(
        redeem(&supplier, json!({"code": c})).await["result"],
        "expired"
    );
    assert_eq!(
        vouchers_of(&supplier, id).await[0]["state"],
        0,
        "a refusal writes nothing"
    );
    env.shutdown().await;
}

async fn a_hundred_parallel_redemptions_of_one_code_admit_exactly_one(backend: Backend) {
    let env = start_env(backend).await;
    let product = env
        .bookable(&env.supplier, json!({"confirmType": 1}), Some(10))
        .await;
    let distributor = Client::new(&env.fixture, &env.fixture.distributor);
    let o = distributor
        .book(product, 0, 2, buyer("13800000006", "A6"))
        .await;
    let id = o.data()["orderId"].as_i64().unwrap();
    let supplier = Client::new(&env.fixture, &env.fixture.supplier);
    let code = vouchers_of(&supplier, id).await[0]["code"]
        .as_str()
        .unwrap()
        .to_owned();
    let scans = (0..100).map(|i| {
        let (client, code) = (&supplier, code.clone());
        async move {
            client
                .post(
                    "/saas/ticket/ticketVoucher/redeem",
                    json!({"code": code, "gate": format!("gate {i}"), "scanId": format!("scan {i}")}),
                )
                .await
        }
    });
    let answers = futures_util::future::join_all(scans).await;
    assert!(
        answers.iter().all(|a| a.status == 200),
        "every scan answered"
    );
    let admitted: Vec<&Value> = answers
        .iter()
        .map(|a| &a.body["data"])
        .filter(|d| d["admitted"] == true)
        .collect();
    assert_eq!(admitted.len(), 1, "exactly one admitted");
    let refused = answers
        .iter()
        .filter(|a| a.body["data"]["result"] == "already-used")
        .count();
    assert_eq!(refused, 99);
    // Each refusal names the one admission.
    assert!(
        answers
            .iter()
            .all(|a| a.body["data"]["usedGate"] == admitted[0]["usedGate"])
    );
    let order = supplier.load_order(id).await;
    assert_eq!(order.data()["usedTickets"], 1);
    let log = supplier
        .get(&format!("/saas/log/ticketOrderLog/list?orderId={id}"))
        .await;
    let redeemed = log
        .data()
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["action"] == "redeem")
        .count();
    assert_eq!(redeemed, 1, "one admission logged");
    env.shutdown().await;
}

platform::on_both_backends!(
    a_confirmed_order_gets_vouchers_with_random_codes_whose_qr_decodes_back,
    the_gate_admits_once_refuses_with_the_reason_and_completes_the_order,
    a_hundred_parallel_redemptions_of_one_code_admit_exactly_one,
);
