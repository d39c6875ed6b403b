//! The demo data (docs/demo-data.md): with `DEMO__ENABLED` the demo hotel comes with a year of
//! orders made through the real order path as of their past times, once; without it (the
//! tests' default) the database starts empty.

use crate::helpers::*;
use platform::testing::{Backend, eventually, spawn_with, test_config};

const DEMO_ON: (&str, &str) = ("TRADEWIND_HOTEL_APP__DEMO__ENABLED", "true");
const DAY_MS: i64 = platform::time::DAY_MS;

fn number_in(pool: &platform::db::DbPool, query: &str) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = pool.get().unwrap();
    let r: N = diesel::RunQueryDsl::get_result(diesel::sql_query(query), &mut conn).unwrap();
    r.n
}

fn count(env: &Env, table: &str) -> i64 {
    env.number(&format!("SELECT COUNT(*) AS n FROM {table}"))
}

async fn a_first_start_with_the_demo_on_has_a_year_of_orders_and_a_restart_adds_none(
    backend: Backend,
) {
    let env = start_with(backend, &[DEMO_ON]).await;
    let now = platform::time::now_ms();
    let orders = count(&env, "hotel_orders");
    assert!((300..=2_500).contains(&orders), "{orders} orders");
    let days = env.number("SELECT COUNT(DISTINCT created_at / 86400000) AS n FROM hotel_orders");
    assert!(days > 200, "orders on {days} days");
    let oldest = env.number("SELECT MIN(created_at) AS n FROM hotel_orders");
    assert!(oldest < now - 350 * DAY_MS && oldest > now - 367 * DAY_MS);
    assert!(env.number("SELECT MAX(created_at) AS n FROM hotel_orders") <= now);
    // Booked, paid, confirmed, cancelled, refunded, refused, completed; and open ones.
    for state in [1, 2, 3, 4, 5, 6, 7, 9, 10] {
        let n = env.number(&format!(
            "SELECT COUNT(*) AS n FROM hotel_orders WHERE order_state = {state}"
        ));
        assert!(n > 0, "no order in state {state}");
    }
    assert!(
        env.number("SELECT COUNT(*) AS n FROM hotel_orders WHERE order_state = 5") > orders / 2,
        "mostly completed"
    );
    // The real path's traces, as of their times: a log entry for every change, the events
    // dated then, the stock of the nights taken.
    let creations = env.number("SELECT COUNT(*) AS n FROM order_logs WHERE action = 'create'");
    assert_eq!(creations, orders);
    let logged_then = env.number(
        "SELECT COUNT(*) AS n FROM order_logs l JOIN hotel_orders o ON o.order_id = l.order_id \
         WHERE l.action = 'create' AND l.created_at = o.created_at",
    );
    assert_eq!(logged_then, orders);
    assert_eq!(
        env.number("SELECT COUNT(*) AS n FROM order_logs"),
        count(&env, "outbox WHERE routing_key LIKE 'order.hotel.%'")
    );
    let old_events = env.number(&format!(
        "SELECT COUNT(*) AS n FROM outbox WHERE routing_key = 'order.hotel.created' \
         AND created_at < {}",
        now - 180 * DAY_MS
    ));
    assert!(
        old_events > 100,
        "{old_events} creations dated half a year back or more"
    );
    assert!(
        env.number("SELECT CAST(COALESCE(SUM(sold), 0) AS BIGINT) AS n FROM price_calendar") > 0
    );
    let paid = env.number("SELECT COUNT(*) AS n FROM order_details WHERE pay_date > 0");
    assert!(paid > 0);

    // What the console shows: the tenant's order list and a supplier's.
    let all = env
        .app
        .answer(
            "GET",
            "/saas/order/sys/list?resultNum=1",
            &env.operator,
            "en",
            None,
        )
        .await;
    assert_eq!(all.data()["sizeAll"], orders, "{:?}", all.data());
    let to_confirm = env
        .app
        .answer(
            "GET",
            "/saas/order/supplier/list?orderState=3",
            &env.supplier,
            "en",
            None,
        )
        .await;
    assert!(to_confirm.data()["sizeAll"].as_i64().unwrap() >= 2);

    // A second start on the same database adds nothing.
    let events = count(&env, "outbox WHERE routing_key LIKE 'order.%'");
    let mut fixture = env.fixture;
    let db = fixture.app.db.take();
    fixture.app.shutdown().await;
    // SQLite: the stopped service's last connections may hold the file's lock for a moment.
    let config = db.as_ref().unwrap().config();
    eventually("the first start lets go of the database", || {
        let config = config.clone();
        async move {
            let pool = platform::db::connect(&config).ok()?;
            let mut conn = pool.get().ok()?;
            platform::db::write_tx(&mut conn, |c| {
                diesel::RunQueryDsl::execute(diesel::sql_query("DELETE FROM outbox WHERE 1 = 0"), c)
            })
            .ok()
        }
    })
    .await;
    let mut cfg = test_config(hotel_app::NAME, db.as_ref());
    cfg.env.set(DEMO_ON.0, DEMO_ON.1);
    let again = spawn_with(hotel_app::service(), &cfg, db).await;
    let pool = platform::db::connect(&again.db.as_ref().unwrap().config()).unwrap();
    assert_eq!(
        number_in(&pool, "SELECT COUNT(*) AS n FROM hotel_orders"),
        orders
    );
    assert_eq!(
        number_in(
            &pool,
            "SELECT COUNT(*) AS n FROM outbox WHERE routing_key LIKE 'order.%'"
        ),
        events
    );
    again.shutdown().await;
}

async fn with_the_demo_off_there_are_no_orders(backend: Backend) {
    let env = start(backend).await;
    assert_eq!(count(&env, "hotel_orders"), 0);
    assert_eq!(count(&env, "hotels"), 0);
    assert_eq!(count(&env, "outbox WHERE routing_key LIKE 'order.%'"), 0);
    env.shutdown().await;
}

platform::on_both_backends!(
    a_first_start_with_the_demo_on_has_a_year_of_orders_and_a_restart_adds_none,
    with_the_demo_off_there_are_no_orders,
);
