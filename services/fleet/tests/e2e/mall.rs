//! mall-app's snap-up orders reach the services that consume `order.*` through the bus, as
//! hotel-app's do (docs/mall.md#events): an order placed in the demo mall's live session becomes
//! a row of finance-app's credit log (product type 60, the mall product, quantity and price),
//! and when it is not paid in time the expiry's `order.mall.cancelled` moves that row too. On
//! the in-process bus, on SQLite and PostgreSQL.

use platform::bus::{Bus, MemoryBroker, Outgoing, v1};
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID, SUPPLIER_ID};
use platform::testing::{Backend, TestDb, TestIssuer, eventually, spawn_on_bus, test_config};
use serde_json::{Value, json};

const OPERATOR: i64 = 30;
const DISTRIBUTOR_USER: i64 = 31;

async fn credit_log(finance: &platform::testing::TestApp, operator: &str) -> Option<Value> {
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
    let bus = Bus::Memory(MemoryBroker::default());
    let issuer = TestIssuer::new();
    let mall_db = TestDb::new(backend);
    let mall_cfg = {
        let mut c = test_config(mall_app::NAME, Some(&mall_db));
        c.env.set("TRADEWIND_MALL_APP__DEMO__ENABLED", "true");
        c.env
            .set("TRADEWIND_MALL_APP__SNAPUP__EXPIRY_CHECK_SECS", "1");
        c
    };
    let mall_pool = platform::db::connect(&mall_db.config()).unwrap();
    let mall = spawn_on_bus(
        mall_app::service().auth_backend(issuer.clone()),
        &mall_cfg,
        Some(mall_db),
        bus.clone(),
    )
    .await;
    let finance_db = TestDb::new(backend);
    let mut finance_cfg = test_config(finance_app::NAME, Some(&finance_db));
    finance_cfg
        .env
        .set("TRADEWIND_FINANCE_APP__DEMO__ENABLED", "false");
    let finance = spawn_on_bus(
        finance_app::service().auth_backend(issuer.clone()),
        &finance_cfg,
        Some(finance_db),
        bus.clone(),
    )
    .await;
    for (mch_id, mch_type) in [(SUPPLIER_ID, 1), (DISTRIBUTOR_ID, 2)] {
        let m = v1::MerchantUpdated {
            mch_id,
            mch_type,
            mch_name: format!("merchant {mch_id}"),
            mch_currency: "CNY".into(),
            state: 1,
        };
        let out = Outgoing::new("saas-main", "merchant.updated", SAAS_ID, &m);
        bus.publish_batch(&[("merchant.updated", &out.envelope_bytes())])
            .await
            .unwrap();
    }
    issuer.grant(OPERATOR, &["/saas/**"]);
    issuer.grant(DISTRIBUTOR_USER, &["/saas/mall/**"]);
    let operator = issuer.token(OPERATOR, SAAS_ID, 0, 300);
    let distributor = issuer.token(DISTRIBUTOR_USER, SAAS_ID, DISTRIBUTOR_ID, 312);

    // The demo mall's live session, once mall-app knows the distributor.
    let session = eventually(
        "the distributor sees the demo mall's live session",
        || async {
            let (s, b) = mall
                .call("GET", "/saas/mall/snapups/live", &distributor, "en", None)
                .await;
            (s == 200)
                .then(|| b["data"].as_array().cloned())
                .flatten()
                .and_then(|l| l.into_iter().find(|x| x["phase"] == 1))
        },
    )
    .await;
    let (s, placed) = mall
        .call(
            "POST",
            "/saas/mall/orders/place",
            &distributor,
            "en",
            Some(json!({"sessionId": session["id"], "quantity": 2, "contactName": "Mall Tester", "contactPhone": "13812345678"})),
        )
        .await;
    assert_eq!(s, 200, "{placed}");
    let order_id = placed["data"]["order"]["orderId"].as_i64().unwrap();

    let row = eventually("finance-app's credit log has the mall order", || async {
        credit_log(&finance, &operator).await
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
        credit_log(&finance, &operator)
            .await
            .filter(|r| r["state"] != before)
    })
    .await;
    let (_, s) = mall
        .call(
            "GET",
            &format!("/saas/mall/snapups/load?id={}", session["id"]),
            &operator,
            "en",
            None,
        )
        .await;
    assert_eq!(
        s["data"]["stockLeft"], session["stockLeft"],
        "the units went back"
    );
    assert_ne!(after["state"], before);
    mall.shutdown().await;
    finance.shutdown().await;
}

platform::on_both_backends!(a_snapup_order_reaches_the_credit_log_and_its_expiry_follows);
