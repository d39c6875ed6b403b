//! mall-app's snap-up orders reach the services that consume `order.*` through the bus, as
//! hotel-app's do (docs/mall.md#events): an order placed in the demo mall's live session becomes
//! a row of finance-app's credit log (product type 60, the mall product, quantity and price),
//! and when it is not paid in time the expiry's `order.mall.cancelled` moves that row too. A
//! mall order paid by credit goes through finance-app's saga as a hotel order does
//! (docs/finance.md): paid once finance-app took its amount, refused for lack of credit with the
//! reason on the order, its credit given back when the paid order is cancelled. On the
//! in-process bus, on SQLite and PostgreSQL.

use platform::bus::{Bus, MemoryBroker};
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID, SUPPLIER_ID};
use platform::testing::{Backend, TestApp, TestIssuer, eventually};
use serde_json::{Value, json};

use crate::saga::{announce_merchants, start_finance, start_on_bus};

const OPERATOR: i64 = 30;
const DISTRIBUTOR_USER: i64 = 31;

/// mall-app (the demo mall on, its expiry job every `expiry_check_secs`) and finance-app on one
/// in-process bus, once finance-app knows the distributor and has given it `credit`.
pub struct MallAndFinance {
    pub bus: Bus,
    pub mall: TestApp,
    pub mall_pool: platform::db::DbPool,
    pub finance: TestApp,
    pub operator: String,
    pub distributor: String,
}

impl MallAndFinance {
    pub async fn start(backend: Backend, expiry_check_secs: &str, credit: i64) -> Self {
        let bus = Bus::Memory(MemoryBroker::default());
        let issuer = TestIssuer::new();
        let (mall, mall_db) = start_on_bus(
            mall_app::service().auth_backend(issuer.clone()),
            mall_app::NAME,
            backend,
            &bus,
            &[
                ("TRADEWIND_MALL_APP__DEMO__ENABLED", "true"),
                (
                    "TRADEWIND_MALL_APP__SNAPUP__EXPIRY_CHECK_SECS",
                    expiry_check_secs,
                ),
            ],
        )
        .await;
        let finance = start_finance(backend, &bus, &issuer).await;
        issuer.grant(OPERATOR, &["/saas/**"]);
        issuer.grant(DISTRIBUTOR_USER, &["/saas/mall/**", "/saas/finance/**"]);
        let two = Self {
            mall_pool: platform::db::connect(&mall_db).expect("mall-app's database"),
            operator: issuer.token(OPERATOR, SAAS_ID, 0, 300),
            distributor: issuer.token(DISTRIBUTOR_USER, SAAS_ID, DISTRIBUTOR_ID, 312),
            bus,
            mall,
            finance,
        };
        eventually("finance-app knowing the distributor", || async {
            announce_merchants(&two.bus).await;
            (two.set_credit(credit).await == 200).then_some(())
        })
        .await;
        two
    }

    /// The distributor's credit limit, set by the operator; answers the status.
    pub async fn set_credit(&self, credit: i64) -> u16 {
        let body = json!({"mchId": DISTRIBUTOR_ID, "credit": credit, "reason": "mall test"});
        self.finance
            .call(
                "PUT",
                "/saas/finance/credit/update",
                &self.operator,
                "en",
                Some(body),
            )
            .await
            .0
    }

    /// The demo mall's live session, once mall-app knows the distributor.
    pub async fn live_session(&self) -> Value {
        eventually(
            "the distributor sees the demo mall's live session",
            || async {
                let (s, b) = self
                    .mall
                    .call(
                        "GET",
                        "/saas/mall/snapups/live",
                        &self.distributor,
                        "en",
                        None,
                    )
                    .await;
                (s == 200)
                    .then(|| b["data"].as_array().cloned())
                    .flatten()
                    .and_then(|l| l.into_iter().find(|x| x["phase"] == 1))
            },
        )
        .await
    }

    pub async fn shutdown(self) {
        self.mall.shutdown().await;
        self.finance.shutdown().await;
    }
}

async fn credit_log(finance: &TestApp, operator: &str) -> Option<Value> {
    let (s, b) = finance
        .call(
            "GET",
            "/saas/credit/log/list?contact=Mall",
            operator,
            "en",
            None,
        )
        .await;
    assert_eq!(s, 200, "{b}");
    b["data"]["results"].get(0).cloned()
}

async fn a_snapup_order_reaches_the_credit_log_and_its_expiry_follows(backend: Backend) {
    let two = MallAndFinance::start(backend, "1", 0).await;
    let MallAndFinance {
        mall,
        mall_pool,
        finance,
        operator,
        distributor,
        ..
    } = &two;
    let session = two.live_session().await;
    let (s, placed) = mall
        .call(
            "POST",
            "/saas/mall/orders/place",
            distributor,
            "en",
            Some(json!({"sessionId": session["id"], "quantity": 2, "contactName": "Mall Tester", "contactPhone": "13812345678"})),
        )
        .await;
    assert_eq!(s, 200, "{placed}");
    let order_id = placed["data"]["order"]["orderId"].as_i64().unwrap();

    let row = eventually("finance-app's credit log has the mall order", || async {
        credit_log(finance, operator).await
    })
    .await;
    assert_eq!(row["orderId"], order_id);
    assert_eq!(row["productType"], 60);
    assert_eq!(row["productId"], session["mallProductId"]);
    assert_eq!(row["distributorMchId"], DISTRIBUTOR_ID);
    assert_eq!(row["supplierMchId"], SUPPLIER_ID);
    assert_eq!(
        (row["orderNum"].as_i64(), row["orderPrice"].as_i64()),
        (Some(2), Some(2 * 9_900))
    );
    let before = row["state"].clone();

    // Not paid in time: mall-app's job cancels it and gives the units back; finance-app's row
    // follows the cancellation.
    let mut conn = mall_pool.get().unwrap();
    diesel::RunQueryDsl::execute(
        diesel::sql_query(format!(
            "UPDATE mall_orders SET pay_deadline = 1 WHERE id = {order_id}"
        )),
        &mut conn,
    )
    .unwrap();
    drop(conn);
    let after = eventually("the cancellation reaches the credit log", || async {
        credit_log(finance, operator)
            .await
            .filter(|r| r["state"] != before)
    })
    .await;
    let (_, s) = mall
        .call(
            "GET",
            &format!("/saas/mall/snapups/load?id={}", session["id"]),
            operator,
            "en",
            None,
        )
        .await;
    assert_eq!(
        s["data"]["stockLeft"], session["stockLeft"],
        "the units went back"
    );
    assert_ne!(after["state"], before);
    two.shutdown().await;
}

/// The distributor's used credit, as finance-app tells its users.
pub async fn used_credit(finance: &TestApp, token: &str) -> i64 {
    let (s, b) = finance
        .call("GET", "/saas/finance/credit/check", token, "en", None)
        .await;
    assert_eq!(s, 200, "{b}");
    b["data"]["usedCredit"].as_i64().unwrap()
}

async fn mall_order(
    mall: &platform::testing::TestApp,
    token: &str,
    order_id: i64,
) -> (i64, i64, Value) {
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
    let d = b["data"].clone();
    (
        d["orderState"].as_i64().unwrap(),
        d["payState"].as_i64().unwrap(),
        d,
    )
}

async fn a_snapup_order_is_paid_by_credit_through_finance_app(backend: Backend) {
    // Once both services know the merchants, the distributor has no credit at all.
    let two = MallAndFinance::start(backend, "60", 0).await;
    let MallAndFinance {
        mall,
        finance,
        operator,
        distributor,
        ..
    } = &two;
    let session = two.live_session().await;
    let place = |quantity: i32| {
        let (mall, distributor, session) = (&mall, distributor.clone(), session["id"].clone());
        async move {
            let (s, b) = mall
                .call(
                    "POST",
                    "/saas/mall/orders/place",
                    &distributor,
                    "en",
                    Some(json!({"sessionId": session, "quantity": quantity, "contactName": "Mall Payer", "contactPhone": "13812345678"})),
                )
                .await;
            assert_eq!(s, 200, "{b}");
            (
                b["data"]["order"]["orderId"].as_i64().unwrap(),
                b["data"]["order"]["orderPrice"].as_i64().unwrap(),
            )
        }
    };
    let pay = |order_id: i64| {
        let (mall, distributor) = (&mall, distributor.clone());
        async move {
            mall.call(
                "PUT",
                "/saas/mall/orders/pay",
                &distributor,
                "en",
                Some(json!({"orderId": order_id, "payType": 1})),
            )
            .await
        }
    };

    // Refused: no credit. The order stays unpaid with finance-app's reason.
    let (a, price) = place(1).await;
    let (s, b) = pay(a).await;
    assert_eq!((s, b["data"]["payState"].as_i64()), (200, Some(20)), "{b}");
    let (state, _, o) = eventually("the payment refused", || async {
        let o = mall_order(mall, distributor, a).await;
        (o.1 == 29).then_some(o)
    })
    .await;
    assert_eq!(state, 2);
    let reason = o["payFailReason"].as_str().unwrap();
    assert!(reason.contains("not enough credit"), "{reason}");

    // Paid: the credit covers it now; finance-app takes the amount.
    assert_eq!(two.set_credit(price).await, 200);
    pay(a).await;
    let (state, _, o) = eventually("the order paid", || async {
        let o = mall_order(mall, distributor, a).await;
        (o.1 == 21).then_some(o)
    })
    .await;
    assert_eq!((state, o["payPrice"].as_i64()), (3, Some(price)));
    assert_eq!(used_credit(finance, distributor).await, price);

    // Cancelled by the operator: refunded, the credit comes back, the unit too.
    let left = mall_order(mall, operator, a).await;
    assert_eq!(left.0, 3);
    let (s, b) = mall
        .call(
            "PUT",
            "/saas/mall/orders/cancel",
            operator,
            "en",
            Some(json!({"orderId": a})),
        )
        .await;
    assert_eq!(
        (
            s,
            b["data"]["orderState"].as_i64(),
            b["data"]["payState"].as_i64()
        ),
        (200, Some(4), Some(51)),
        "{b}"
    );
    eventually("the refunded order's credit given back", || async {
        (used_credit(finance, distributor).await == 0).then_some(())
    })
    .await;
    let (_, now) = mall
        .call(
            "GET",
            &format!("/saas/mall/snapups/load?id={}", session["id"]),
            operator,
            "en",
            None,
        )
        .await;
    assert_eq!(
        now["data"]["stockLeft"], session["stockLeft"],
        "the unit went back"
    );
    two.shutdown().await;
}

platform::on_both_backends!(
    a_snapup_order_reaches_the_credit_log_and_its_expiry_follows,
    a_snapup_order_is_paid_by_credit_through_finance_app,
);
