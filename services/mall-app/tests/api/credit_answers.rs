//! Credit payments finance-app does not answer (the request or the answer lost): asked again
//! with a new request and paid by that request's answer; given up past their time, the order
//! cancelled with its units back and its credit released; two replicas act once; the job does it
//! on its own. The job's runs are called here with a `now` ahead, as a test cannot wait minutes.

use std::time::Duration;

use mall_app::store::orders::{Chased, chase_credit_answers, credit_answered};
use platform::bus::saga::AnswerWait;
use platform::bus::v1;
use platform::testing::{Backend, eventually};
use prost::Message as _;
use serde_json::json;

use crate::helpers::{DISTRIBUTOR, Env, SAAS, start_with};

const MIN: i64 = 60_000;

/// The defaults: asked again after a minute (then 2, 4, 8...), given up after half an hour.
fn wait() -> AnswerWait {
    AnswerWait::new(Duration::from_secs(60), Duration::from_secs(30 * 60))
}

/// A job that never runs on its own within a test.
const NO_JOB: &[(&str, &str)] = &[("TRADEWIND_MALL_APP__SNAPUP__EXPIRY_CHECK_SECS", "3600")];

/// An order of 2 units in a new session of 10, paid by the distributor: (session, order, price,
/// the request's event id, when it was asked).
async fn paying(f: &mut Env) -> (i64, i64, i64, String, i64) {
    let p = f.product("Tea").await;
    let s = f.live_session(p, 10, 0, 0).await;
    let placed = f.order(&f.distributor, s, 2).await;
    let order = placed.data()["order"]["orderId"].as_i64().unwrap();
    let price = placed.data()["order"]["orderPrice"].as_i64().unwrap();
    let paid = f
        .put(
            "/saas/mall/orders/pay",
            &f.distributor,
            json!({"orderId": order, "payType": 1}),
        )
        .await;
    assert_eq!(paid.data()["payState"], 20);
    let asked = f.next_event("credit.mall.requested").await;
    let at = f.number(&format!(
        "SELECT pay_asked_at AS n FROM mall_orders WHERE id = {order}"
    ));
    (s, order, price, asked.event_id, at)
}

/// Runs the job as `replicas` replicas at once at `now`, answering what they did together.
fn chase(f: &Env, replicas: usize, now: i64) -> Chased {
    let pool = f.pool();
    let runs: Vec<_> = (0..replicas)
        .map(|_| {
            let pool = pool.clone();
            std::thread::spawn(move || {
                let mut conn = pool.get().unwrap();
                chase_credit_answers(&mut conn, &wait(), now).unwrap()
            })
        })
        .collect();
    runs.into_iter()
        .map(|r| r.join().unwrap())
        .fold(Chased::default(), |mut all, c| {
            all.asked_again += c.asked_again;
            all.given_up += c.given_up;
            all.given_back.extend(c.given_back);
            all
        })
}

fn answer(order: i64, price: i64, request: &str, accepted: bool) -> v1::CreditPaymentAnswered {
    v1::CreditPaymentAnswered {
        order_id: order,
        product_type: v1::ProductType::General as i32,
        distributor_mch_id: DISTRIBUTOR,
        amount: price,
        currency: "CNY".into(),
        accepted,
        reason_zh: String::new(),
        reason_en: String::new(),
        request_id: request.to_owned(),
    }
}

async fn an_unanswered_payment_is_asked_again_and_paid_by_the_new_answer(backend: Backend) {
    let mut f = start_with(backend, NO_JOB).await;
    let (s, order, price, first, at) = paying(&mut f).await;
    assert_eq!(chase(&f, 1, at + MIN - 1), Chased::default(), "not yet");

    // A minute without an answer: asked again, by one of two replicas.
    let c = chase(&f, 2, at + MIN);
    assert_eq!((c.asked_again, c.given_up), (1, 0));
    let again = f.next_event("credit.mall.requested").await;
    assert_ne!(
        again.event_id, first,
        "a new request, which finance-app handles anew"
    );
    let r = v1::CreditPaymentRequested::decode(again.payload.as_slice()).unwrap();
    assert_eq!(
        (r.order.unwrap().order_id, r.amount, r.requested_by),
        (order, price, 0),
        "the same order and amount, asked by the system"
    );
    // The next ask waits twice as long.
    assert_eq!(chase(&f, 1, at + 3 * MIN - 1), Chased::default());
    assert_eq!(chase(&f, 2, at + 3 * MIN).asked_again, 1);
    let third = f.next_event("credit.mall.requested").await;

    // Still paying meanwhile: neither cancelled nor paid again, its units held.
    let (state, pay, _) = f.order_of(&f.distributor, order).await;
    assert_eq!((state, pay), (2, 20));
    let cancel = f
        .put(
            "/saas/mall/orders/cancel",
            &f.operator,
            json!({"orderId": order}),
        )
        .await;
    assert_eq!(cancel.body["code"], "order-paying");
    assert_eq!(f.stock_left(s).await, 8);

    // The order waits for its newest request's answer; finance-app answers every request of an
    // order it decided alike, so that answer comes, and an earlier one changes nothing.
    let mut conn = f.pool().get().unwrap();
    let now = platform::time::now_ms();
    assert!(!credit_answered(&mut conn, SAAS, &answer(order, price, &first, false), now).unwrap());
    assert!(
        credit_answered(
            &mut conn,
            SAAS,
            &answer(order, price, &third.event_id, true),
            now
        )
        .unwrap()
    );
    drop(conn);
    let (state, pay, o) = f.order_of(&f.distributor, order).await;
    assert_eq!((state, pay, o["payPrice"].as_i64()), (3, 21, Some(price)));
    assert_eq!(
        chase(&f, 1, at + 60 * MIN),
        Chased::default(),
        "a paid order is not chased"
    );
    assert_eq!(f.stock_left(s).await, 8);
    f.shutdown().await;
}

async fn an_unanswered_payment_is_given_up_its_units_back_and_its_credit_released(
    backend: Backend,
) {
    let mut f = start_with(backend, NO_JOB).await;
    let (s, order, price, _, at) = paying(&mut f).await;
    let c = chase(&f, 1, at + 30 * MIN - 1);
    assert_eq!(
        (c.asked_again, c.given_up),
        (1, 0),
        "asked again, not given up yet"
    );
    let last = f.next_event("credit.mall.requested").await.event_id;

    // Half an hour without an answer: given up once, by one of two replicas.
    let c = chase(&f, 2, at + 30 * MIN);
    assert_eq!((c.asked_again, c.given_up, c.given_back.len()), (0, 1, 1));
    let (state, pay, o) = f.order_of(&f.operator, order).await;
    assert_eq!((state, pay), (4, 29));
    assert!(
        o["payFailReason"]
            .as_str()
            .unwrap()
            .contains("finance-app did not answer"),
        "{o}"
    );
    assert_eq!(
        o["cancelReason"],
        "timeout-cancel: the credit payment got no answer"
    );
    assert_eq!(f.stock_left(s).await, 10, "its units back");
    let cancelled = f.next_event("order.mall.cancelled").await;
    let c = v1::OrderCancelled::decode(cancelled.payload.as_slice()).unwrap();
    assert_eq!(c.order.unwrap().order_id, order);
    let released = f.next_event("credit.mall.release-requested").await;
    let r = v1::CreditReleaseRequested::decode(released.payload.as_slice()).unwrap();
    assert_eq!(
        (r.order.unwrap().order_id, r.amount),
        (order, price),
        "whatever finance-app took goes back, and a late request is refused there"
    );

    // finance-app's answer, arriving after all, changes nothing; nor can the order move again.
    let mut conn = f.pool().get().unwrap();
    let now = platform::time::now_ms();
    assert!(!credit_answered(&mut conn, SAAS, &answer(order, price, &last, true), now).unwrap());
    drop(conn);
    assert_eq!(f.order_of(&f.operator, order).await.0, 4);
    let cancel = f
        .put(
            "/saas/mall/orders/cancel",
            &f.operator,
            json!({"orderId": order}),
        )
        .await;
    assert_eq!(cancel.body["code"], "order-closed");
    assert_eq!(chase(&f, 1, at + 90 * MIN), Chased::default());
    assert_eq!(f.stock_left(s).await, 10, "given back once");
    f.shutdown().await;
}

async fn the_job_gives_up_on_its_own(backend: Backend) {
    let mut f = start_with(
        backend,
        &[
            ("TRADEWIND_MALL_APP__SNAPUP__EXPIRY_CHECK_SECS", "1"),
            ("TRADEWIND_MALL_APP__PAYMENT__ASK_AGAIN_SECS", "1"),
            ("TRADEWIND_MALL_APP__PAYMENT__GIVE_UP_SECS", "2"),
        ],
    )
    .await;
    let (s, order, _, _, _) = paying(&mut f).await;
    eventually("the unanswered payment given up", || async {
        (f.order_of(&f.operator, order).await.1 == 29).then_some(())
    })
    .await;
    f.next_event("credit.mall.release-requested").await;
    assert_eq!(f.stock_left(s).await, 10);
    f.shutdown().await;
}

platform::on_both_backends!(
    an_unanswered_payment_is_asked_again_and_paid_by_the_new_answer,
    an_unanswered_payment_is_given_up_its_units_back_and_its_credit_released,
    the_job_gives_up_on_its_own,
);
