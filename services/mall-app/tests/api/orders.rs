//! Placing snap-up orders: never more than the stock, never past a buyer's limit, however many
//! come at once; sold out answered from memory once known; 429 past the bound of attempts in
//! flight; unpaid orders give stock and limit back exactly once; `order.mall.*` published.

use std::sync::mpsc;

use futures_util::future::join_all;
use platform::bus::v1;
use platform::testing::{Backend, eventually};
use prost::Message as _;
use serde_json::json;

use crate::helpers::{DISTRIBUTOR, start_with};

const MANY_IN_FLIGHT: &[(&str, &str)] = &[("TRADEWIND_MALL_APP__SNAPUP__MAX_IN_FLIGHT", "1000")];

/// The rush: 10,000 attempts at once on 100 units, from 500 buyers of 20 attempts each
/// (the session counts no limit, so a buyer's attempts compete like anyone's), with room for
/// every attempt in flight so none is shed: exactly 100 orders, every other attempt sold out,
/// and the session, the product and the events agree.
async fn ten_thousand_attempts_on_a_hundred_units_make_exactly_a_hundred_orders(backend: Backend) {
    const ATTEMPTS: usize = 10_000;
    const BUYERS: usize = 500;
    const UNITS: usize = 100;
    let mut f = start_with(
        backend,
        &[("TRADEWIND_MALL_APP__SNAPUP__MAX_IN_FLIGHT", "10000")],
    )
    .await;
    let p = f.product("Tea").await;
    let s = f.live_session(p, 100, 0, 0).await;
    let buyers: Vec<String> = (0..BUYERS).map(|i| f.buyer(1_000 + i as i64)).collect();
    let answers = join_all((0..ATTEMPTS).map(|i| f.order(&buyers[i % BUYERS], s, 1))).await;
    let placed = answers.iter().filter(|a| a.status == 200).count();
    let sold_out = answers
        .iter()
        .filter(|a| a.status == 412 && a.body["code"] == "sold-out")
        .count();
    assert_eq!(
        (placed, sold_out),
        (UNITS, ATTEMPTS - UNITS),
        "{:?}",
        answers
            .iter()
            .find(|a| a.status != 200 && a.body["code"] != "sold-out")
            .map(|a| (a.status, &a.body))
    );
    assert_eq!(f.stock_left(s).await, 0);
    assert_eq!(
        f.number(&format!(
            "SELECT COUNT(*) AS n FROM mall_orders WHERE session_id = {s}"
        )),
        100
    );
    let product = f
        .get(&format!("/saas/mall/products/load?id={p}"), &f.operator)
        .await;
    assert_eq!(
        (&product.data()["saleNum"], &product.data()["stock"]),
        (&json!(100), &json!(400)),
        "the product gave the session's 100 of its 500"
    );
    let mut orders = Vec::new();
    for _ in 0..UNITS {
        let e = f.next_event("order.mall.created").await;
        let created = v1::OrderCreated::decode(e.payload.as_slice()).unwrap();
        let order = created.order.unwrap();
        assert_eq!(order.product_type, v1::ProductType::General as i32);
        assert_eq!(
            (order.product_id, order.distributor_mch_id),
            (p, DISTRIBUTOR)
        );
        assert_eq!(created.amounts.unwrap().order_price, 990);
        assert_eq!((created.quantity, created.order_state), (1, 2));
        orders.push(order.order_id);
    }
    orders.sort_unstable();
    orders.dedup();
    assert_eq!(orders.len(), UNITS, "100 distinct orders announced");
    f.shutdown().await;
}

async fn one_buyer_sending_fifty_orders_with_a_limit_of_two_gets_two(backend: Backend) {
    let f = start_with(backend, MANY_IN_FLIGHT).await;
    let p = f.product("Tea").await;
    let s = f.live_session(p, 100, 2, 2).await;
    let answers = join_all((0..50).map(|_| f.order(&f.distributor, s, 1))).await;
    let placed = answers.iter().filter(|a| a.status == 200).count();
    let limited = answers
        .iter()
        .filter(|a| a.body["code"] == "limit-reached")
        .count();
    assert_eq!((placed, limited), (2, 48));
    assert_eq!(f.stock_left(s).await, 98, "refused orders took nothing");
    let other = f.buyer(77);
    assert_eq!(
        f.order(&other, s, 2).await.status,
        200,
        "the limit counts each user"
    );
    let over = f.order(&other, s, 1).await;
    assert_eq!(
        (over.status, over.body["code"].as_str()),
        (412, Some("limit-reached"))
    );
    f.shutdown().await;
}

async fn a_sold_out_session_is_answered_from_memory_until_stock_can_return(backend: Backend) {
    let f = start_with(
        backend,
        &[("TRADEWIND_MALL_APP__SNAPUP__EXPIRY_CHECK_SECS", "1")],
    )
    .await;
    let p = f.product("Tea").await;
    let s = f.live_session(p, 1, 0, 0).await;
    let placed = f.order(&f.distributor, s, 1).await;
    assert_eq!(placed.data()["stockLeft"], 0);
    let order_id = placed.data()["order"]["orderId"].as_i64().unwrap();
    // Stock appears in the row behind the process's back: the process, which knows the
    // session empty until its unpaid order's deadline, does not look.
    f.sql(&format!(
        "UPDATE snapup_sessions SET stock_left = 5 WHERE id = {s}"
    ));
    let refused = f.order(&f.buyer(50), s, 1).await;
    assert_eq!(
        (refused.status, refused.body["code"].as_str()),
        (412, Some("sold-out"))
    );
    assert_eq!(f.stock_left(s).await, 5);
    // The unpaid order's time runs out: its unit comes back and the process looks again.
    f.sql(&format!(
        "UPDATE mall_orders SET pay_deadline = 1 WHERE id = {order_id}"
    ));
    eventually("the unpaid order gives its unit back", || async {
        (f.stock_left(s).await == 6).then_some(())
    })
    .await;
    assert_eq!(f.order(&f.buyer(50), s, 1).await.status, 200);
    f.shutdown().await;
}

async fn expiry_gives_stock_and_limit_back_exactly_once(backend: Backend) {
    let mut f = start_with(
        backend,
        &[("TRADEWIND_MALL_APP__SNAPUP__EXPIRY_CHECK_SECS", "3600")],
    )
    .await;
    let p = f.product("Tea").await;
    let s = f.live_session(p, 10, 2, 3).await;
    let first = f.order(&f.distributor, s, 2).await;
    let first = first.data()["order"]["orderId"].as_i64().unwrap();
    assert_eq!(f.order(&f.distributor, s, 1).await.status, 200);
    assert_eq!(
        f.order(&f.distributor, s, 1).await.body["code"],
        "limit-reached"
    );
    f.sql(&format!(
        "UPDATE mall_orders SET pay_deadline = 1 WHERE id = {first}"
    ));
    // Two replicas' jobs at once on the one database.
    let pool = f.pool();
    let runs: Vec<_> = (0..2)
        .map(|_| {
            let pool = pool.clone();
            std::thread::spawn(move || {
                let mut conn = pool.get().unwrap();
                mall_app::store::orders::expire_unpaid(&mut conn, platform::time::now_ms())
                    .unwrap()
                    .0
            })
        })
        .collect();
    let cancelled: usize = runs.into_iter().map(|r| r.join().unwrap()).sum();
    assert_eq!(cancelled, 1);
    assert_eq!(f.stock_left(s).await, 9);
    let o = f
        .get(
            &format!("/saas/mall/orders/load?orderId={first}"),
            &f.operator,
        )
        .await;
    assert_eq!(o.data()["orderState"], 4);
    let e = f.next_event("order.mall.cancelled").await;
    let c = v1::OrderCancelled::decode(e.payload.as_slice()).unwrap();
    assert_eq!(c.order.unwrap().order_id, first);
    // The buyer's limit has its 2 back, and no more.
    assert_eq!(f.order(&f.distributor, s, 2).await.status, 200);
    assert_eq!(
        f.order(&f.distributor, s, 1).await.body["code"],
        "limit-reached"
    );
    f.shutdown().await;
}

async fn attempts_past_the_bound_in_flight_are_refused_with_429(backend: Backend) {
    let f = start_with(
        backend,
        &[("TRADEWIND_MALL_APP__SNAPUP__MAX_IN_FLIGHT", "1")],
    )
    .await;
    let p = f.product("Tea").await;
    let s = f.live_session(p, 10, 0, 0).await;
    // Hold the session's row in an open write, so the one admitted attempt waits for it.
    let (locked_tx, locked) = mpsc::channel();
    let (release, released) = mpsc::channel::<()>();
    let pool = f.pool();
    let holder = std::thread::spawn(move || {
        let mut conn = pool.get().unwrap();
        platform::db::write_tx::<_, diesel::result::Error>(&mut conn, |c| {
            diesel::RunQueryDsl::execute(
                diesel::sql_query(format!(
                    "UPDATE snapup_sessions SET stock_left = stock_left WHERE id = {s}"
                )),
                c,
            )?;
            locked_tx.send(()).unwrap();
            released.recv().unwrap();
            Ok(())
        })
        .unwrap();
    });
    locked.recv().unwrap();
    let (done_tx, mut done) = tokio::sync::mpsc::unbounded_channel();
    let buyers: Vec<String> = (0..20).map(|i| f.buyer(200 + i)).collect();
    let app = &f;
    let attempts = join_all(buyers.iter().map(|b| {
        let done_tx = done_tx.clone();
        async move {
            let a = app.order(b, s, 1).await;
            done_tx.send(a.status).unwrap();
            a.status
        }
    }));
    let watcher = async {
        let mut refused = 0;
        while refused < 19 {
            let status = done.recv().await.unwrap();
            assert_eq!(status, 429, "only one attempt is in flight, and it waits");
            refused += 1;
        }
        release.send(()).unwrap();
    };
    let (statuses, ()) = futures_util::join!(attempts, watcher);
    holder.join().unwrap();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1);
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 19);
    assert_eq!(f.stock_left(s).await, 9);
    f.shutdown().await;
}

async fn who_may_order_and_whose_orders_are_seen(backend: Backend) {
    let f = start_with(backend, &[]).await;
    let p = f.product("Tea").await;
    let s = f.live_session(p, 10, 1, 2).await;
    assert_eq!(f.order(&f.supplier, s, 1).await.status, 403);
    let over = f.order(&f.distributor, s, 3).await;
    assert_eq!(
        (over.status, over.field()),
        (412, "quantity"),
        "over the per-order limit"
    );
    let placed = f.order(&f.distributor, s, 2).await;
    assert_eq!(placed.data()["order"]["orderPrice"], 1980);
    let id = placed.data()["order"]["orderId"].as_i64().unwrap();
    let staff = f.order(&f.operator, s, 1).await;
    assert_eq!(staff.data()["order"]["distributorId"], 0);
    assert_eq!(
        f.get("/saas/mall/orders/list", &f.operator).await.data()["sizeAll"],
        2
    );
    assert_eq!(
        f.get("/saas/mall/orders/list", &f.distributor).await.data()["sizeAll"],
        1
    );
    assert_eq!(
        f.get("/saas/mall/orders/list", &f.supplier).await.data()["sizeAll"],
        2,
        "of its product"
    );
    assert_eq!(
        f.get(
            &format!("/saas/mall/orders/list?sessionId={s}&orderState=2"),
            &f.operator
        )
        .await
        .data()["sizeAll"],
        2
    );
    assert_eq!(
        f.get(
            &format!("/saas/mall/orders/load?orderId={id}"),
            &f.other_operator
        )
        .await
        .status,
        404
    );
    assert_eq!(
        f.get("/saas/mall/orders/list", &f.other_operator)
            .await
            .data()["sizeAll"],
        0
    );
    for (body, field) in [
        (
            json!({"sessionId": s, "quantity": 1, "contactName": "", "contactPhone": "13812345678"}),
            "contactName",
        ),
        (
            json!({"sessionId": s, "quantity": 1, "contactName": "Li", "contactPhone": "12"}),
            "contactPhone",
        ),
        (
            json!({"sessionId": s, "quantity": 0, "contactName": "Li", "contactPhone": "13812345678"}),
            "quantity",
        ),
        (
            json!({"sessionId": "x", "quantity": 1, "contactName": "Li", "contactPhone": "13812345678"}),
            "sessionId",
        ),
    ] {
        let a = f
            .post("/saas/mall/orders/place", &f.distributor, body)
            .await;
        assert_eq!((a.status, a.field()), (412, field), "{}", a.body);
    }
    assert_eq!(f.stock_left(s).await, 7);
    f.shutdown().await;
}

async fn the_demo_mall_is_made_once_with_a_live_session(backend: Backend) {
    let f = start_with(backend, &[]).await;
    let pool = f.pool();
    let mut conn = pool.get().unwrap();
    assert!(mall_app::demo::seed(&mut conn).unwrap());
    assert!(!mall_app::demo::seed(&mut conn).unwrap(), "made once");
    drop(conn);
    assert_eq!(
        f.get("/saas/mall/products/list?state=1", &f.operator)
            .await
            .data()["sizeAll"],
        3
    );
    assert_eq!(
        f.get("/saas/mall/themes/list", &f.operator).await.data()["sizeAll"],
        1
    );
    let live = f.get("/saas/mall/snapups/live", &f.distributor).await;
    let phases: Vec<_> = live
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["phase"].as_i64().unwrap())
        .collect();
    assert_eq!(phases, [1, 0], "one live, one coming");
    let s = live.data()[0]["id"].as_i64().unwrap();
    assert_eq!(f.order(&f.distributor, s, 2).await.status, 200);
    f.shutdown().await;
}

platform::on_both_backends!(
    the_demo_mall_is_made_once_with_a_live_session,
    ten_thousand_attempts_on_a_hundred_units_make_exactly_a_hundred_orders,
    one_buyer_sending_fifty_orders_with_a_limit_of_two_gets_two,
    a_sold_out_session_is_answered_from_memory_until_stock_can_return,
    expiry_gives_stock_and_limit_back_exactly_once,
    attempts_past_the_bound_in_flight_are_refused_with_429,
    who_may_order_and_whose_orders_are_seen,
);
