//! The finance side of the credit-payment saga, driven over the bus as an order service drives
//! it: a request is taken from the distributor's available credit or refused with the reason,
//! answered either way; the same order asked again (a redelivery, or a new event) takes nothing
//! more; a release gives back once; concurrent requests never go over the limit.

use std::time::Duration;

use platform::bus::{EventEnvelope, Outgoing, Subscription, v1};
use platform::testing::{Backend, TenantFixture, eventually};
use prost::Message as _;

use crate::helpers::{Client, SECOND_DISTRIBUTOR, start};

const SAAS: i64 = TenantFixture::SAAS;
const DISTRIBUTOR: i64 = TenantFixture::DISTRIBUTOR;

fn order(order_id: i64, mch_id: i64) -> v1::OrderRef {
    v1::OrderRef {
        order_id,
        order_no: order_id.to_string(),
        product_type: v1::ProductType::Hotel as i32,
        distributor_mch_id: mch_id,
        supplier_mch_id: TenantFixture::SUPPLIER,
        ..Default::default()
    }
}

fn request(order_id: i64, mch_id: i64, amount: i64) -> Outgoing {
    let asked = v1::CreditPaymentRequested {
        order: Some(order(order_id, mch_id)),
        amount,
        currency: "CNY".into(),
        requested_by: 3,
    };
    Outgoing::new("hotel-app", "credit.hotel.requested", SAAS, &asked)
}

fn release(order_id: i64, mch_id: i64, amount: i64) -> Outgoing {
    let back = v1::CreditReleaseRequested {
        order: Some(order(order_id, mch_id)),
        amount,
        currency: "CNY".into(),
        reason: "cancel".into(),
    };
    Outgoing::new("hotel-app", "credit.hotel.release-requested", SAAS, &back)
}

async fn send(f: &TenantFixture, key: &str, out: &Outgoing) {
    f.bus
        .publish_batch(&[(key, &out.envelope_bytes())])
        .await
        .unwrap();
}

/// The next answer finance-app published (10 s at most).
async fn next_answer(answers: &mut Subscription) -> (String, v1::CreditPaymentAnswered) {
    let d = tokio::time::timeout(Duration::from_secs(10), answers.recv())
        .await
        .expect("an answer within 10 s")
        .unwrap();
    let e = EventEnvelope::decode(d.body.as_slice()).unwrap();
    (
        d.routing_key,
        v1::CreditPaymentAnswered::decode(e.payload.as_slice()).unwrap(),
    )
}

async fn used_credit(staff: &Client<'_>, mch_id: i64) -> i64 {
    staff.check_credit(&format!("mchId={mch_id}")).await.data()["usedCredit"]
        .as_i64()
        .unwrap()
}

async fn a_payment_is_taken_when_covered_and_refused_beyond_with_the_reason(backend: Backend) {
    let f = start(backend).await;
    let mut answers = f.bus.broadcast("test", &["finance.#"]);
    let staff = Client::new(&f, &f.operator);
    staff.set_credit(DISTRIBUTOR, 10_000).await;

    send(
        &f,
        "credit.hotel.requested",
        &request(1, DISTRIBUTOR, 6_000),
    )
    .await;
    let (key, a) = next_answer(&mut answers).await;
    assert_eq!(key, "finance.hotel.credit-answered");
    assert!(a.accepted, "{a:?}");
    assert_eq!((a.order_id, a.amount, a.product_type), (1, 6_000, 10));
    assert_eq!(used_credit(&staff, DISTRIBUTOR).await, 6_000);

    send(
        &f,
        "credit.hotel.requested",
        &request(2, DISTRIBUTOR, 4_001),
    )
    .await;
    let (_, a) = next_answer(&mut answers).await;
    assert!(!a.accepted);
    assert_eq!(
        a.reason_en,
        "not enough credit: 40.00 available, 40.01 needed"
    );
    assert_eq!(a.reason_zh, "可用授信不足：可用 40.00，需要 40.01");
    // No account, and an account that is not valid.
    send(
        &f,
        "credit.hotel.requested",
        &request(3, SECOND_DISTRIBUTOR, 1),
    )
    .await;
    let (_, a) = next_answer(&mut answers).await;
    assert_eq!(a.reason_en, "the distributor has no credit account");
    let held =
        serde_json::json!({"mchId": DISTRIBUTOR, "credit": 10_000, "state": 0, "reason": "hold"});
    staff.update_credit(held).await.data();
    send(&f, "credit.hotel.requested", &request(4, DISTRIBUTOR, 1)).await;
    let (_, a) = next_answer(&mut answers).await;
    assert_eq!(a.reason_en, "the distributor's credit account is not valid");
    assert_eq!(used_credit(&staff, DISTRIBUTOR).await, 6_000);

    // A refused order may be asked again once credit is there.
    staff.set_credit(DISTRIBUTOR, 20_000).await;
    send(
        &f,
        "credit.hotel.requested",
        &request(2, DISTRIBUTOR, 4_001),
    )
    .await;
    let (_, a) = next_answer(&mut answers).await;
    assert!(a.accepted, "{a:?}");
    assert_eq!(used_credit(&staff, DISTRIBUTOR).await, 10_001);
    // The chart's day shows what is used.
    let graph = staff.balance_graph(&format!("mchId={DISTRIBUTOR}")).await;
    assert_eq!(graph.data()[29]["usedCredit"], 10_001);
    f.shutdown().await;
}

async fn an_order_asked_again_or_redelivered_takes_nothing_more(backend: Backend) {
    let f = start(backend).await;
    let mut answers = f.bus.broadcast("test", &["finance.#"]);
    let staff = Client::new(&f, &f.operator);
    staff.set_credit(DISTRIBUTOR, 10_000).await;
    let first = request(7, DISTRIBUTOR, 3_000);
    send(&f, "credit.hotel.requested", &first).await;
    let (_, answered) = next_answer(&mut answers).await;
    assert!(answered.accepted);
    assert_eq!(
        answered.request_id,
        first.event_id(),
        "the answer names its request"
    );
    // The same event delivered again: the consumer's record makes it nothing.
    send(&f, "credit.hotel.requested", &first).await;
    // The same order asked in a new event: answered as before, nothing taken.
    let second = request(7, DISTRIBUTOR, 3_000);
    send(&f, "credit.hotel.requested", &second).await;
    let (_, again) = next_answer(&mut answers).await;
    assert!(again.accepted);
    assert_eq!(again.request_id, second.event_id());
    assert_eq!(again.amount, 3_000);
    assert_eq!(used_credit(&staff, DISTRIBUTOR).await, 3_000);

    // Released twice (a redelivery, a second event): given back once.
    let back = release(7, DISTRIBUTOR, 3_000);
    send(&f, "credit.hotel.release-requested", &back).await;
    send(&f, "credit.hotel.release-requested", &back).await;
    send(
        &f,
        "credit.hotel.release-requested",
        &release(7, DISTRIBUTOR, 3_000),
    )
    .await;
    eventually("the release", || async {
        (used_credit(&staff, DISTRIBUTOR).await == 0).then_some(())
    })
    .await;
    // Asked once more after its release: refused, nothing taken.
    send(
        &f,
        "credit.hotel.requested",
        &request(7, DISTRIBUTOR, 3_000),
    )
    .await;
    let (_, late) = next_answer(&mut answers).await;
    assert!(!late.accepted);
    assert_eq!(late.reason_en, "the order's credit was already returned");
    // A further payment shows the releases counted once: 10,000 available, not 13,000 or more.
    send(
        &f,
        "credit.hotel.requested",
        &request(8, DISTRIBUTOR, 10_001),
    )
    .await;
    assert!(!next_answer(&mut answers).await.1.accepted);
    send(
        &f,
        "credit.hotel.requested",
        &request(9, DISTRIBUTOR, 10_000),
    )
    .await;
    assert!(next_answer(&mut answers).await.1.accepted);
    assert_eq!(used_credit(&staff, DISTRIBUTOR).await, 10_000);
    // Another tenant's event never touches this tenant's account.
    let theirs = Outgoing::new(
        "hotel-app",
        "credit.hotel.release-requested",
        TenantFixture::OTHER_SAAS,
        &v1::CreditReleaseRequested {
            order: Some(order(9, DISTRIBUTOR)),
            amount: 10_000,
            ..Default::default()
        },
    );
    send(&f, "credit.hotel.release-requested", &theirs).await;
    send(&f, "credit.hotel.requested", &request(10, DISTRIBUTOR, 1)).await;
    assert!(
        !next_answer(&mut answers).await.1.accepted,
        "still all used"
    );
    f.shutdown().await;
}

async fn concurrent_payments_never_go_over_the_limit(backend: Backend) {
    let f = start(backend).await;
    let mut answers = f.bus.broadcast("test", &["finance.#"]);
    let staff = Client::new(&f, &f.operator);
    // Credit for 10 payments of 1,000; 40 asked at once, in several batches.
    staff.set_credit(DISTRIBUTOR, 10_000).await;
    let requests: Vec<Outgoing> = (100..140)
        .map(|id| request(id, DISTRIBUTOR, 1_000))
        .collect();
    let bodies: Vec<Vec<u8>> = requests.iter().map(Outgoing::envelope_bytes).collect();
    let sends = bodies.chunks(8).map(|chunk| {
        let bus = f.bus.clone();
        let batch: Vec<(&str, &[u8])> = chunk
            .iter()
            .map(|b| ("credit.hotel.requested", b.as_slice()))
            .collect();
        async move { bus.publish_batch(&batch).await.unwrap() }
    });
    futures_util::future::join_all(sends).await;
    let mut accepted = 0;
    for _ in 0..40 {
        if next_answer(&mut answers).await.1.accepted {
            accepted += 1;
        }
    }
    assert_eq!(accepted, 10);
    assert_eq!(used_credit(&staff, DISTRIBUTOR).await, 10_000);
    f.shutdown().await;
}

/// Money received for an order paid by credit gives the credit back, a rollback takes it again,
/// and a cancellation afterwards gives back only what was not received; the credit log shows
/// the order in a receipt (7) and received (8). The prepaid balance never moves.
async fn money_received_gives_the_credit_back_once(backend: Backend) {
    use crate::helpers::Side::Receipt as R;
    use crate::helpers::orders::{book, cancel};
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    staff.set_credit(DISTRIBUTOR, 100_000).await;
    let first = book(&f, 901, DISTRIBUTOR, 40_000).await;
    let second = book(&f, 902, DISTRIBUTOR, 30_000).await;
    // The second was paid online: receiving it gives no credit back.
    send(
        &f,
        "credit.hotel.requested",
        &request(901, DISTRIBUTOR, 40_000),
    )
    .await;
    eventually("the payment taken", || async {
        (used_credit(&staff, DISTRIBUTOR).await == 40_000).then_some(())
    })
    .await;
    let state_of = |order: i64| {
        let staff = &staff;
        async move {
            staff
                .list_credit_log(&format!("orderId={order}"))
                .await
                .rows()[0]["state"]
                .as_i64()
                .unwrap()
        }
    };
    assert_eq!(state_of(901).await, 2, "deducted");

    let made = staff.verify_orders(R, &[first, second]).await;
    assert_eq!(made.status, 200, "{}", made.body);
    let receipt = made.data()["receiptId"].as_i64().unwrap();
    assert_eq!(
        (state_of(901).await, state_of(902).await),
        (7, 7),
        "in a receipt"
    );
    let log = staff.save_log(R, receipt, 25_000).await.data()["id"]
        .as_i64()
        .unwrap();
    assert_eq!(staff.act_on_log(R, "confirm", log).await.status, 200);
    // 25,000 of order 901's 40,000 received (orders fill in order date order).
    assert_eq!(used_credit(&staff, DISTRIBUTOR).await, 15_000);
    assert_eq!(state_of(901).await, 7, "not received in full");
    let rest = staff.save_log(R, receipt, 45_000).await.data()["id"]
        .as_i64()
        .unwrap();
    assert_eq!(staff.act_on_log(R, "confirm", rest).await.status, 200);
    assert_eq!(
        used_credit(&staff, DISTRIBUTOR).await,
        0,
        "all of 901 back, none for 902"
    );
    // Received money settles orders; it is not prepaid money (docs/finance.md): the balance
    // stays as it was, and the 40,000 counts once in what is available, as credit given back.
    let account = staff
        .check_credit(&format!("mchId={DISTRIBUTOR}"))
        .await
        .data()
        .clone();
    assert_eq!(account["balance"], 0, "{account}");
    assert_eq!(account["available"], 100_000, "{account}");
    assert_eq!(
        (state_of(901).await, state_of(902).await),
        (8, 8),
        "received"
    );
    assert_eq!(staff.act_on_log(R, "rollback", rest).await.status, 200);
    assert_eq!(used_credit(&staff, DISTRIBUTOR).await, 15_000, "owed again");
    assert_eq!(state_of(901).await, 7);

    // Cancelled now: the release gives back the 15,000 not received, not the whole 40,000.
    cancel(&f, 901, DISTRIBUTOR, 40_000).await;
    send(
        &f,
        "credit.hotel.release-requested",
        &release(901, DISTRIBUTOR, 40_000),
    )
    .await;
    eventually("the rest given back", || async {
        (used_credit(&staff, DISTRIBUTOR).await == 0).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        used_credit(&staff, DISTRIBUTOR).await,
        0,
        "never below nothing"
    );
    assert_eq!(state_of(901).await, 3, "failed");
    f.shutdown().await;
}

/// The next figures of an account finance-app told (10 s at most), or the end of a resync.
async fn next_told(told: &mut Subscription) -> EventEnvelope {
    let d = tokio::time::timeout(Duration::from_secs(10), told.recv())
        .await
        .expect("an event within 10 s")
        .unwrap();
    EventEnvelope::decode(d.body.as_slice()).unwrap()
}

fn account_of(e: &EventEnvelope) -> v1::CreditAccountUpdated {
    assert_eq!(e.event_type, "credit-account.updated");
    v1::CreditAccountUpdated::decode(e.payload.as_slice()).unwrap()
}

/// saas-main shows the distributors' credit as finance-app tells it: every change of an account
/// (limits, a payment, a release) is told with a higher version, and a resync request has every
/// account told again, then answered with their number.
async fn every_change_of_an_account_is_told_and_all_again_on_request(backend: Backend) {
    let f = start(backend).await;
    let mut told = f.bus.broadcast(
        "test",
        &["credit-account.updated", "resync.credit-accounts.completed"],
    );
    let staff = Client::new(&f, &f.operator);
    staff.set_credit(DISTRIBUTOR, 10_000).await;
    let set = account_of(&next_told(&mut told).await);
    assert_eq!(
        (set.mch_id, set.credit, set.used_credit, set.state),
        (DISTRIBUTOR, 10_000, 0, 1)
    );

    send(
        &f,
        "credit.hotel.requested",
        &request(700, DISTRIBUTOR, 4_000),
    )
    .await;
    let taken = account_of(&next_told(&mut told).await);
    assert_eq!(taken.used_credit, 4_000);
    assert!(taken.version > set.version, "{taken:?} after {set:?}");

    send(
        &f,
        "credit.hotel.release-requested",
        &release(700, DISTRIBUTOR, 4_000),
    )
    .await;
    let back = account_of(&next_told(&mut told).await);
    assert_eq!(back.used_credit, 0);
    assert!(back.version > taken.version);

    let asked = v1::ResyncRequested {
        copy: "credit-accounts".into(),
        requester: "saas-main".into(),
    };
    let key = "resync.credit-accounts.requested";
    send(&f, key, &Outgoing::new("saas-main", key, 0, &asked)).await;
    let mut again = Vec::new();
    let done = loop {
        let e = next_told(&mut told).await;
        if e.event_type == "resync.credit-accounts.completed" {
            break v1::ResyncCompleted::decode(e.payload.as_slice()).unwrap();
        }
        again.push(account_of(&e));
    };
    assert!(again.contains(&back), "as it stands: {again:?}");
    assert_eq!(
        (done.requester.as_str(), done.rows),
        ("saas-main", again.len() as i64)
    );
    f.shutdown().await;
}

platform::on_both_backends!(
    every_change_of_an_account_is_told_and_all_again_on_request,
    money_received_gives_the_credit_back_once,
    a_payment_is_taken_when_covered_and_refused_beyond_with_the_reason,
    an_order_asked_again_or_redelivered_takes_nothing_more,
    concurrent_payments_never_go_over_the_limit,
);
