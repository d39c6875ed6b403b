//! Orders a channel places with ticket-app (docs/channels.md): through the channel simulator,
//! signed with the configuration's credentials, checked against the mapping and the price the
//! channel was pushed, becoming the distributor's orders paid at the channel; the supplier's
//! decisions told back to the channel; the channel's cancellations; every call logged.

use platform::channel::{Channel, Credentials, client};
use platform::testing::{Backend, eventually};
use serde_json::{Value, json};

use crate::channels::{ACCOUNT, SECRET, channel};
use crate::helpers;

const ORDERS: &str = "/openapi/channel/21/orders";

/// A call to the simulator's controls: answers its JSON.
async fn sim_post(sim: &channel_sim::Running, path: &str, body: Value) -> Value {
    let mut res = platform::http::client::client()
        .post(format!("{}{path}", sim.url))
        .send_json(&body)
        .await
        .expect("the simulator answers");
    res.json::<Value>().await.expect("the simulator's JSON")
}

/// The simulator places an order of `deal` for `day(n)` at `price` fen a ticket; answers our
/// HTTP status and answer.
async fn place(
    sim: &channel_sim::Running,
    order_id: &str,
    deal: &str,
    n: i64,
    quantity: i64,
    price: i64,
) -> (u16, Value) {
    let a = sim_post(
        sim,
        "/sim/orders",
        json!({"channel": "meituan", "account": ACCOUNT, "orderId": order_id, "product": deal,
            "date": helpers::day(n), "quantity": quantity, "price": price,
            "contactName": "Han Meimei", "contactMobile": "13800000042"}),
    )
    .await;
    (
        u16::try_from(a["status"].as_u64().expect("our status")).unwrap(),
        a["answer"].clone(),
    )
}

/// A call signed by hand: `secret`, `nonce` and `timestamp` as given.
async fn signed_post(
    env: &helpers::Env,
    path: &str,
    body: &str,
    secret: &str,
    nonce: &str,
    timestamp: i64,
) -> (u16, Value) {
    let creds = Credentials {
        account: ACCOUNT.into(),
        secret: secret.into(),
    };
    let mut req = platform::http::client::client()
        .post(env.app.url(path))
        .insert_header(("content-type", "application/json"));
    for (name, value) in
        client::sign_headers(&creds, "POST", path, body.as_bytes(), timestamp, nonce)
    {
        req = req.insert_header((name, value));
    }
    let mut res = req
        .send_body(body.to_owned())
        .await
        .expect("ticket-app answers");
    let status = res.status().as_u16();
    (status, res.json::<Value>().await.unwrap_or(Value::Null))
}

/// The orders the simulator placed, as it holds them.
fn sim_orders(sim: &channel_sim::Running) -> Vec<Value> {
    serde_json::to_value(sim.sim.orders(Channel::Meituan, ACCOUNT))
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

/// Waits until the simulator holds `order_id` in `state`; answers it.
async fn sim_order_in(sim: &channel_sim::Running, order_id: &str, state: &str) -> Value {
    eventually(
        &format!("the channel hears {order_id} is {state}"),
        || async {
            sim_orders(sim)
                .into_iter()
                .find(|o| o["order"]["orderId"] == order_id && o["state"] == state)
        },
    )
    .await
}

/// A product mapped to `deal-1` on configuration 21, paid online (a channel's order is paid at
/// the channel), cancellable before use, whose orders wait for the supplier (`confirmType` 0),
/// ten a day from today, 100.00 a ticket to the distributor.
async fn mapped_product(env: &helpers::Env) -> i64 {
    let staff = env.client(&env.operator);
    let product = env
        .bookable(
            &env.supplier,
            json!({"formFields": [1, 2], "confirmType": 0, "payOnline": true, "cancelType": 1}),
            Some(10),
        )
        .await;
    staff
        .post("/saas/ticket/channel/sync", json!({"configId": 21}))
        .await
        .data();
    staff
        .post(
            "/saas/ticket/channel/map",
            json!({"configId": 21, "productId": product, "channelProductId": "deal-1"}),
        )
        .await
        .data();
    product
}

/// Our order placed under the channel's `order_id`, as the tenant's staff see it.
async fn our_order(env: &helpers::Env, order_id: &str) -> Value {
    let rows = env
        .client(&env.operator)
        .get(&format!(
            "/saas/order/ticketSys/list?channelOrderId={order_id}"
        ))
        .await
        .rows();
    assert_eq!(rows.len(), 1, "{rows:?}");
    rows[0].clone()
}

async fn a_channel_order_becomes_an_order_and_hears_what_becomes_of_it(backend: Backend) {
    let env = helpers::start_env(backend).await;
    let sim = channel(&env).await;
    let product = mapped_product(&env).await;
    let staff = env.client(&env.operator);
    let supplier = env.client(&env.supplier);

    // At a price other than the one pushed: refused with ours, nothing placed, the day pushed
    // again.
    let (status, answer) = place(&sim, "MT-0", "deal-1", 2, 2, 9000).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        (
            &answer["code"],
            &answer["data"]["reason"],
            &answer["data"]["price"]
        ),
        (&json!(422), &json!("price-changed"), &json!(10000))
    );
    // A product the account does not sell for us: 404.
    let (status, answer) = place(&sim, "MT-9", "deal-2", 2, 1, 10000).await;
    assert_eq!(
        (status, &answer["data"]["reason"]),
        (404, &json!("not-mapped"))
    );
    let none = staff
        .get("/saas/order/ticketSys/list?channelOrderId=MT-0")
        .await;
    assert_eq!(none.data()["sizeAll"], 0);

    // At the pushed price: the distributor's order, paid at the channel, waiting for the
    // supplier; the same order id again answers the same order.
    let (status, answer) = place(&sim, "MT-1", "deal-1", 2, 2, 10000).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["code"], 0);
    assert_eq!(answer["data"]["state"], "pending");
    let ours = answer["data"]["orderId"].as_str().unwrap().to_owned();
    let (_, again) = place(&sim, "MT-1", "deal-1", 2, 2, 10000).await;
    assert_eq!(again["data"]["orderId"], ours.as_str());
    let (status, other) = place(&sim, "MT-1", "deal-1", 3, 2, 10000).await;
    assert_eq!(
        (status, &other["data"]["reason"]),
        (422, &json!("order-id-used"))
    );
    let o = our_order(&env, "MT-1").await;
    assert_eq!(o["orderId"].to_string(), ours);
    assert_eq!(
        (
            &o["productId"],
            &o["distributorId"],
            &o["configId"],
            &o["channelPrice"],
            &o["orderPrice"]
        ),
        (
            &json!(product),
            &json!(helpers::DISTRIBUTOR),
            &json!(21),
            &json!(20000),
            &json!(20000)
        )
    );
    assert_eq!(
        (&o["orderState"], &o["payState"], &o["payType"]),
        (&json!(3), &json!(21), &json!(2))
    );
    assert_eq!(o["contactMobile"], "13800000042");
    let id = o["orderId"].as_i64().unwrap();

    // The supplier confirms: the channel hears it, with the vouchers.
    supplier
        .put(
            "/saas/order/ticketOrder/confirm",
            json!({"orderId": id, "remark": ""}),
        )
        .await
        .data();
    let heard = sim_order_in(&sim, "MT-1", "confirmed").await;
    assert_eq!(heard["partnerOrderId"], ours.as_str());
    assert_eq!(heard["notices"][0]["partnerOrderId"], ours.as_str());
    assert!(
        !heard["notices"][0]["vouchers"]
            .as_array()
            .unwrap()
            .is_empty(),
        "{heard}"
    );

    // The channel asks to cancel a confirmed order: the supplier is asked; refusing, the order
    // stands and the channel hears it (channel state 49).
    let cancel = sim_post(
        &sim,
        "/sim/orders/cancel",
        json!({"channel": "meituan", "account": ACCOUNT, "orderId": "MT-1"}),
    )
    .await;
    assert_eq!(cancel["answer"]["data"]["state"], "cancelling", "{cancel}");
    supplier
        .put(
            "/saas/order/ticketOrder/refuseCancel",
            json!({"orderId": id, "remark": "the day is booked out"}),
        )
        .await
        .data();
    let heard = sim_order_in(&sim, "MT-1", "cancel-refused").await;
    assert_eq!(
        heard["notices"][1]["reason"], "the day is booked out",
        "{heard}"
    );
    assert_eq!(our_order(&env, "MT-1").await["channelState"], 49);

    // Asked again and agreed: cancelled, the money back, the channel told (channel state 48).
    sim_post(
        &sim,
        "/sim/orders/cancel",
        json!({"channel": "meituan", "account": ACCOUNT, "orderId": "MT-1"}),
    )
    .await;
    supplier
        .put(
            "/saas/order/ticketOrder/agreeCancel",
            json!({"orderId": id, "remark": ""}),
        )
        .await
        .data();
    sim_order_in(&sim, "MT-1", "cancelled").await;
    let o = our_order(&env, "MT-1").await;
    assert_eq!(
        (&o["orderState"], &o["payState"], &o["channelState"]),
        (&json!(6), &json!(51), &json!(48))
    );

    // An order not confirmed yet is cancelled at once, its tickets back on sale.
    let (_, answer) = place(&sim, "MT-2", "deal-1", 3, 4, 10000).await;
    assert_eq!(answer["data"]["state"], "pending", "{answer}");
    let cancel = sim_post(
        &sim,
        "/sim/orders/cancel",
        json!({"channel": "meituan", "account": ACCOUNT, "orderId": "MT-2"}),
    )
    .await;
    assert_eq!(cancel["answer"]["data"]["state"], "cancelled", "{cancel}");
    assert_eq!(our_order(&env, "MT-2").await["channelState"], 48);
    let unknown = sim_post(
        &sim,
        "/sim/orders/cancel",
        json!({"channel": "meituan", "account": ACCOUNT, "orderId": "MT-404"}),
    )
    .await;
    assert_eq!(unknown["status"], 404, "{unknown}");

    // The log: each call of the channel and each notice, refused ones with their reason.
    let log = eventually("every channel call is logged", || async {
        let log = staff
            .get("/saas/ticket/log/interfaceLog/list?configId=21&resultNum=100")
            .await;
        let rows = log.rows();
        (rows
            .iter()
            .filter(|r| r["action"] == "order-notify")
            .count()
            == 3)
            .then_some(rows)
    })
    .await;
    let count = |action: &str, outcome: i64| {
        log.iter()
            .filter(|r| r["action"] == action && r["outcome"] == outcome)
            .count()
    };
    assert_eq!(count("order", 1), 3, "{log:?}");
    assert_eq!(count("order", 2), 3, "{log:?}");
    assert_eq!(count("order-cancel", 1), 3);
    assert_eq!(count("order-cancel", 2), 1);
    assert_eq!(count("order-notify", 1), 3);
    let refused = log
        .iter()
        .find(|r| r["action"] == "order" && r["answer"].as_str().unwrap().contains("price-changed"))
        .unwrap();
    assert_eq!(refused["status"], 422);
    assert!(
        refused["reason"].as_str().unwrap().contains("10000"),
        "{refused}"
    );
    assert!(
        refused["request"].as_str().unwrap().contains("MT-0"),
        "{refused}"
    );
    assert!(!serde_json::to_string(&log).unwrap().contains(SECRET));

    // Confirmed and used at the gate: checked in (channel state 61), the channel told with the
    // voucher used.
    let (_, answer) = place(&sim, "MT-3", "deal-1", 0, 1, 10000).await;
    assert_eq!(answer["data"]["state"], "pending", "{answer}");
    let id = our_order(&env, "MT-3").await["orderId"].as_i64().unwrap();
    supplier
        .put(
            "/saas/order/ticketOrder/confirm",
            json!({"orderId": id, "remark": ""}),
        )
        .await
        .data();
    let heard = sim_order_in(&sim, "MT-3", "confirmed").await;
    let code = heard["notices"][0]["vouchers"][0]
        .as_str()
        .unwrap()
        .to_owned();
    let scanned = staff
        .post(
            "/saas/ticket/ticketVoucher/redeem",
            json!({"code": code, "gate": "East gate", "scanId": "mt3-1"}),
        )
        .await;
    assert_eq!(scanned.data()["admitted"], true, "{}", scanned.body);
    let heard = sim_order_in(&sim, "MT-3", "checked-in").await;
    assert_eq!(heard["notices"][1]["vouchers"][0], code.as_str(), "{heard}");
    assert_eq!(our_order(&env, "MT-3").await["channelState"], 61);
    drop(sim);
    env.shutdown().await;
}

async fn a_channel_call_must_be_signed_once_by_the_account(backend: Backend) {
    let env = helpers::start_env(backend).await;
    let sim = channel(&env).await;
    let product = mapped_product(&env).await;
    let body = json!({"orderId": "MT-7", "dealId": "deal-1", "date": helpers::day(1),
        "quantity": 1, "sellPrice": 10000, "contactName": "Li Lei", "contactMobile": "13800000007"})
    .to_string();
    let now = platform::time::now_ms();

    let (status, a) = signed_post(&env, ORDERS, &body, "not-the-secret", "nonce-0001", now).await;
    assert_eq!((status, &a["code"]), (401, &json!(401)), "{a}");
    let stale = now - 10 * 60 * 1000;
    let (status, _) = signed_post(&env, ORDERS, &body, SECRET, "nonce-0002", stale).await;
    assert_eq!(status, 401);
    let (status, a) = signed_post(&env, ORDERS, &body, SECRET, "nonce-0003", now).await;
    assert_eq!(
        (status, &a["data"]["state"]),
        (200, &json!("pending")),
        "{a}"
    );
    // The same call again (its nonce seen): refused, nothing placed twice.
    let (status, a) = signed_post(&env, ORDERS, &body, SECRET, "nonce-0003", now).await;
    assert_eq!((status, &a["code"]), (409, &json!(409)), "{a}");
    // Another configuration's address with this account's signature: not its channel.
    let (status, _) = signed_post(
        &env,
        "/openapi/channel/99/orders",
        &body,
        SECRET,
        "nonce-0004",
        now,
    )
    .await;
    assert_eq!(status, 404);
    // A body in another channel's names: the channel's field named.
    let tongcheng = json!({"orderId": "MT-8", "ProductId": "deal-1", "quantity": 1}).to_string();
    let (status, a) = signed_post(&env, ORDERS, &tongcheng, SECRET, "nonce-0005", now).await;
    assert_eq!(status, 400, "{a}");
    assert!(a["message"].as_str().unwrap().contains("dealId"), "{a}");

    let rows = env
        .client(&env.operator)
        .get(&format!("/saas/order/ticketSys/list?productId={product}"))
        .await
        .rows();
    assert_eq!(rows.len(), 1, "{rows:?}");
    // Another tenant sees none of it.
    let other = env.client(&env.other_operator);
    assert_eq!(
        other
            .get("/saas/order/ticketSys/list?channelOrderId=MT-7")
            .await
            .data()["sizeAll"],
        0
    );
    assert_eq!(
        other
            .get("/saas/ticket/log/interfaceLog/list?configId=21")
            .await
            .data()["sizeAll"],
        0
    );
    drop(sim);
    env.shutdown().await;
}

platform::on_both_backends!(
    a_channel_order_becomes_an_order_and_hears_what_becomes_of_it,
    a_channel_call_must_be_signed_once_by_the_account
);
