//! mall-app's credit payments when a message of finance-app's saga is lost
//! (docs/mall.md#when-finance-app-does-not-answer), with both services on the in-process bus, on
//! SQLite and PostgreSQL: a lost request is asked again and paid once finance-app answers the new
//! one, the credit taken once; a payment whose answer is lost after finance-app took the credit
//! is given up, the order cancelled and the credit given back there.

use platform::testing::{Backend, TestApp, eventually};
use serde_json::json;

use crate::mall::{MallAndFinance, used_credit};

/// (order state, payment state, payment price) of a mall order.
async fn states(mall: &TestApp, token: &str, order_id: i64) -> (i64, i64, i64) {
    let (s, b) = mall
        .call(
            "GET",
            &format!("/saas/mall/orders/load?orderId={order_id}"),
            token,
            "en",
            None,
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let d = &b["data"];
    (
        d["orderState"].as_i64().unwrap(),
        d["payState"].as_i64().unwrap(),
        d["payPrice"].as_i64().unwrap(),
    )
}

/// mall-app's database, changed as a lost message would leave it.
fn mall_sql(pool: &platform::db::DbPool, statement: &str) {
    let mut conn = pool.get().unwrap();
    diesel::RunQueryDsl::execute(diesel::sql_query(statement), &mut conn).unwrap();
}

/// mall-app's job is run with a `now` ahead, as a test cannot wait half an hour.
async fn a_lost_credit_message_is_asked_again_or_given_up_with_the_credit_back(backend: Backend) {
    let two = MallAndFinance::start(backend, "3600", 1_000_000).await;
    let MallAndFinance {
        mall,
        mall_pool,
        finance,
        operator,
        distributor,
        ..
    } = &two;
    let session = two.live_session().await;
    let place = || {
        let (mall, distributor, session) = (&mall, distributor.clone(), session["id"].clone());
        async move {
            let (s, b) = mall
                .call(
                    "POST",
                    "/saas/mall/orders/place",
                    &distributor,
                    "en",
                    Some(json!({"sessionId": session, "quantity": 1, "contactName": "Mall Payer", "contactPhone": "13812345678"})),
                )
                .await;
            assert_eq!(s, 200, "{b}");
            (
                b["data"]["order"]["orderId"].as_i64().unwrap(),
                b["data"]["order"]["orderPrice"].as_i64().unwrap(),
            )
        }
    };
    let wait = platform::bus::saga::AnswerWait::new(
        std::time::Duration::from_secs(60),
        std::time::Duration::from_secs(30 * 60),
    );
    let chase = |now: i64| {
        let mut conn = mall_pool.get().unwrap();
        mall_app::store::orders::chase_credit_answers(&mut conn, &wait, now).unwrap()
    };

    // The request is lost: the order waits for an answer finance-app never got asked for.
    let (a, price) = place().await;
    let now = platform::time::now_ms();
    mall_sql(
        mall_pool,
        &format!(
            "UPDATE mall_orders SET pay_state = 20, pay_type = 1, pay_request_id = 'lost', \
             pay_asked_at = {now}, pay_last_asked_at = {now}, pay_asks = 1 WHERE id = {a}"
        ),
    );
    assert_eq!(chase(now + 60_000).asked_again, 1);
    let paid = eventually("the order paid by the new request", || async {
        let o = states(mall, distributor, a).await;
        (o.1 == 21).then_some(o)
    })
    .await;
    assert_eq!(paid, (3, 21, price));
    assert_eq!(used_credit(finance, distributor).await, price);

    // The answer is lost after finance-app took the credit: the order still waits for it.
    let (b, _) = place().await;
    let (s, body) = mall
        .call(
            "PUT",
            "/saas/mall/orders/pay",
            distributor,
            "en",
            Some(json!({"orderId": b, "payType": 1})),
        )
        .await;
    assert_eq!(s, 200, "{body}");
    eventually("finance-app took the second order's credit", || async {
        (used_credit(finance, distributor).await == 2 * price).then_some(())
    })
    .await;
    eventually("its answer applied", || async {
        (states(mall, distributor, b).await.1 == 21).then_some(())
    })
    .await;
    let now = platform::time::now_ms();
    mall_sql(
        mall_pool,
        &format!(
            "UPDATE mall_orders SET order_state = 2, pay_state = 20, pay_price = 0, pay_date = 0, \
             pay_request_id = 'answer-lost', pay_asked_at = {now}, pay_last_asked_at = {now}, \
             pay_asks = 1 WHERE id = {b}"
        ),
    );
    // Given up after half an hour: cancelled, and finance-app gives the credit back.
    let c = chase(now + 30 * 60_000);
    assert_eq!((c.asked_again, c.given_up), (0, 1));
    let (state, pay, _) = states(mall, operator, b).await;
    assert_eq!((state, pay), (4, 29));
    eventually("the given-up order's credit back", || async {
        (used_credit(finance, distributor).await == price).then_some(())
    })
    .await;
    two.shutdown().await;
}

platform::on_both_backends!(a_lost_credit_message_is_asked_again_or_given_up_with_the_credit_back);
