//! The channels ticket-app pushes to: the tenants' ticket interface configurations, copied
//! from saas-main's `interface-config.updated` with their credentials sealed as they travelled
//! (docs/channels.md).

use channel_sim::Registration;
use platform::bus::v1::InterfaceConfigUpdated;
use platform::channel::{CatalogueEntry, Channel};
use platform::replica;
use platform::testing::{Backend, TenantFixture, eventually};
use serde_json::json;

use crate::helpers::{self, DISTRIBUTOR, SAAS};

const OTHER_SAAS: i64 = TenantFixture::OTHER_SAAS;

const MEITUAN_TICKET: i64 = 2001;
const MEITUAN_HOTEL: i64 = 1001;

fn config(
    id: i64,
    interface_id: i64,
    product_type: i32,
    state: i32,
    at: i64,
) -> InterfaceConfigUpdated {
    InterfaceConfigUpdated {
        config_id: id,
        interface_id,
        interface_name: "meituan".into(),
        mch_id: DISTRIBUTOR,
        config_name: format!("Meituan {id}"),
        product_type,
        interface_type: 2,
        base_url: "http://127.0.0.1:8096/meituan".into(),
        credential_keys: "appKey,appSecret,partnerId".into(),
        state,
        updated_at: at,
        credentials_sealed: String::new(),
    }
}

async fn ticket_configurations_are_copied_with_their_credentials_sealed(backend: Backend) {
    let env = helpers::start(backend).await;
    let secret = json!({"appKey": "mt-key", "appSecret": "mt-s3cr3t-ticket", "partnerId": "77"});
    env.publish_interface_config(SAAS, config(11, MEITUAN_TICKET, 20, 1, 1), &secret, true)
        .await;
    // A hotel configuration is not ticket-app's: not kept, credentials included.
    env.publish_interface_config(SAAS, config(12, MEITUAN_HOTEL, 10, 1, 1), &secret, false)
        .await;
    // Another tenant's, kept under its own tenant.
    env.publish_interface_config(
        OTHER_SAAS,
        config(13, MEITUAN_TICKET, 20, 0, 1),
        &secret,
        true,
    )
    .await;

    let pool = platform::db::connect(&env.app.db.as_ref().unwrap().config()).unwrap();
    let mut conn = pool.get().unwrap();
    let ours = replica::interface_configs(&mut conn, SAAS, 2, None).unwrap();
    assert_eq!(ours.len(), 1, "{ours:?}");
    let c = &ours[0];
    assert_eq!(
        (
            c.config_id,
            c.interface_id,
            c.mch_id,
            c.product_type,
            c.state
        ),
        (11, MEITUAN_TICKET, DISTRIBUTOR, 20, 1)
    );
    assert!(
        replica::interface_config(&mut conn, SAAS, 12)
            .unwrap()
            .is_none()
    );
    assert!(
        replica::interface_config(&mut conn, SAAS, 13)
            .unwrap()
            .is_none()
    );
    assert!(
        replica::interface_config(&mut conn, OTHER_SAAS, 13)
            .unwrap()
            .is_some()
    );

    // Kept sealed as they travelled: not in clear at rest, opened by the transport key.
    let sealed = replica::interface_credentials(&mut conn, SAAS, 11)
        .unwrap()
        .unwrap();
    assert!(!sealed.contains("mt-s3cr3t-ticket"));
    let opened: serde_json::Value =
        serde_json::from_str(&env.transport().open(&sealed).unwrap()).unwrap();
    assert_eq!(opened, secret);

    // A change is applied; an older announcement after it changes nothing (the next one,
    // waited for, shows it was handled); deleted, it is gone.
    env.publish_interface_config(SAAS, config(11, MEITUAN_TICKET, 20, 0, 5), &secret, true)
        .await;
    let late = config(11, MEITUAN_TICKET, 20, 1, 2);
    let out =
        platform::bus::Outgoing::new("saas-main", "interface-config.updated", SAAS, &late).at(2);
    env.bus
        .publish_batch(&[("interface-config.updated", &out.envelope_bytes())])
        .await
        .unwrap();
    env.publish_interface_config(SAAS, config(14, MEITUAN_TICKET, 20, 1, 6), &secret, true)
        .await;
    let kept = replica::interface_config(&mut conn, SAAS, 11)
        .unwrap()
        .unwrap();
    assert_eq!(kept.state, 0, "the older announcement changed the copy");
    env.publish_interface_config(
        SAAS,
        config(11, MEITUAN_TICKET, 20, -1, 9),
        &json!({}),
        true,
    )
    .await;
    assert!(
        replica::interface_config(&mut conn, SAAS, 11)
            .unwrap()
            .is_none()
    );
    let left: Vec<i64> = replica::interface_configs(&mut conn, SAAS, 2, Some(DISTRIBUTOR))
        .unwrap()
        .iter()
        .map(|c| c.config_id)
        .collect();
    assert_eq!(left, [14]);
    drop(conn);
    env.shutdown().await;
}

pub(crate) const ACCOUNT: &str = "mt-account";
pub(crate) const SECRET: &str = "mt-s3cr3t-push-0042";

/// The channel simulator with a meituan account of two products on one spot, and the
/// tenant's enabled configuration of it (id 21); the account's orders go to ticket-app.
pub(crate) async fn channel(env: &helpers::Env) -> channel_sim::Running {
    let sim = channel_sim::start("127.0.0.1:0").unwrap();
    let entry = |id: &str, name: &str, parent: &str| CatalogueEntry {
        id: id.into(),
        name: name.into(),
        parent: parent.into(),
    };
    sim.sim.register(
        Channel::Meituan,
        ACCOUNT,
        Registration {
            secret: SECRET.into(),
            scenics: vec![entry("poi-1", "West Lake", "")],
            products: vec![
                entry("deal-1", "West Lake adult", "poi-1"),
                entry("deal-2", "West Lake child", "poi-1"),
            ],
            order_url: env.app.url("/openapi/channel/21/orders"),
        },
    );
    let mut c = config(21, MEITUAN_TICKET, 20, 1, 1);
    c.base_url = sim.channel_url(Channel::Meituan);
    let credentials = json!({"appKey": ACCOUNT, "appSecret": SECRET, "partnerId": "77"});
    env.publish_interface_config(SAAS, c, &credentials, true)
        .await;
    sim
}

/// The pushes the simulator received so far.
fn pushes(sim: &channel_sim::Running) -> Vec<channel_sim::Push> {
    sim.sim.pushes(Channel::Meituan, ACCOUNT)
}

/// Waits until the simulator received `n` pushes; answers them.
async fn wait_pushes(sim: &channel_sim::Running, n: usize) -> Vec<channel_sim::Push> {
    eventually(&format!("{n} pushes reach the channel"), || async {
        let p = pushes(sim);
        (p.len() >= n).then_some(p)
    })
    .await
}

async fn a_mapped_products_calendar_reaches_the_channel_once_per_edit(backend: Backend) {
    let env = helpers::start_env(backend).await;
    let sim = channel(&env).await;
    let staff = env.client(&env.operator);
    let product = env.bookable(&env.supplier, json!({}), Some(50)).await;
    let other = env.bookable(&env.supplier, json!({}), None).await;

    // The channel's catalogue, pulled.
    let synced = staff
        .post("/saas/ticket/channel/sync", json!({"configId": 21}))
        .await;
    assert_eq!(synced.data(), &json!({"scenics": 1, "products": 2}));
    let spots = staff
        .get("/saas/ticket/channel/listScenic?configId=21")
        .await;
    assert_eq!(spots.data()["results"][0]["channelId"], "poi-1");
    assert_eq!(spots.data()["sizeAll"], 1);

    // Mapping: the channel's product must exist there and be free.
    let map = |product: i64, deal: &str| json!({"configId": 21, "productId": product, "channelProductId": deal});
    let unknown = staff
        .post("/saas/ticket/channel/map", map(product, "deal-9"))
        .await;
    assert_eq!((unknown.status, unknown.field()), (412, "channelProductId"));
    let empty = staff
        .post("/saas/ticket/channel/map", map(product, " "))
        .await;
    assert_eq!((empty.status, empty.field()), (412, "channelProductId"));
    staff
        .post("/saas/ticket/channel/map", map(product, "deal-1"))
        .await
        .data();
    let taken = staff
        .post("/saas/ticket/channel/map", map(other, "deal-1"))
        .await;
    assert_eq!((taken.status, taken.field()), (412, "channelProductId"));
    let products = staff
        .get("/saas/ticket/channel/listProduct?configId=21&scenicId=poi-1")
        .await;
    let rows = products.data()["results"].as_array().unwrap().clone();
    let adult = rows.iter().find(|r| r["channelId"] == "deal-1").unwrap();
    assert_eq!(adult["productId"], product);
    assert_eq!(adult["parentName"], "West Lake");
    let ours = staff
        .get("/saas/ticket/channel/listSysProduct?configId=21")
        .await;
    let mine = ours.data()["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["productId"] == product)
        .unwrap()
        .clone();
    assert_eq!(mine["channelProductId"], "deal-1");
    assert_eq!(mine["channelProductName"], "West Lake adult");

    // Mapped, its priced days reach the channel in one push, as the distributor books them.
    let first = wait_pushes(&sim, 1).await;
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].items.len(), 1);
    let sent = &first[0].items[0];
    assert_eq!(sent.product, "deal-1");
    assert_eq!(sent.days.len(), 6, "{sent:?}");
    assert!(
        sent.days.iter().all(|d| d.price == 10000
            && d.retail_price == 12000
            && d.stock == Some(50)
            && !d.closed)
    );

    // A three-day edit is one push of those three days, with the new price.
    staff
        .post(
            "/saas/price/ticketPriceStore/save",
            json!({"productId": product, "startDate": helpers::day(1), "endDate": helpers::day(3),
                "distributionPrice": {"mode": "fixed", "value": 11000}}),
        )
        .await
        .data();
    let second = wait_pushes(&sim, 2).await;
    let sent = &second[1].items[0];
    let dates: Vec<&str> = sent.days.iter().map(|d| d.date.as_str()).collect();
    assert_eq!(dates, [helpers::day(1), helpers::day(2), helpers::day(3)]);
    assert!(sent.days.iter().all(|d| d.price == 11000));
    // An unmapped product's edits go nowhere.
    staff
        .post(
            "/saas/price/ticketPriceStore/save",
            json!({"productId": other, "startDate": helpers::day(1), "endDate": helpers::day(1),
                "distributionPrice": {"mode": "fixed", "value": 9000}}),
        )
        .await
        .data();

    // A booking takes stock: the channel is told what is left that day.
    env.client(&env.distributor)
        .book(product, 5, 2, helpers::buyer("13800000001", "A1"))
        .await
        .data();
    let booked = wait_pushes(&sim, 3).await;
    let day5 = &booked[2].items[0].days;
    assert_eq!(day5.len(), 1, "{day5:?}");
    assert_eq!(
        (day5[0].date.as_str(), day5[0].stock),
        (helpers::day(5).as_str(), Some(48))
    );

    // A failed push is tried again until the channel takes it.
    sim.sim.fail_next(Channel::Meituan, ACCOUNT, vec![503]);
    staff
        .post(
            "/saas/price/ticketPriceStore/save",
            json!({"productId": product, "startDate": helpers::day(4), "endDate": helpers::day(4),
                "closed": true}),
        )
        .await
        .data();
    let third = wait_pushes(&sim, 5).await;
    assert_eq!((third[3].status, third[4].status), (503, 200));
    assert_eq!(third.len(), 5, "the unmapped product was pushed");
    let held = sim.sim.calendars(Channel::Meituan, ACCOUNT);
    let day4 = held[0]
        .days
        .iter()
        .find(|d| d.date == helpers::day(4))
        .unwrap();
    assert!(day4.closed);

    // The interface log: every call, newest first, no credential anywhere.
    let log = eventually("the retried push is logged", || async {
        let log = staff
            .get("/saas/ticket/log/interfaceLog/list?configId=21")
            .await;
        (log.data()["sizeAll"] == 7).then_some(log)
    })
    .await;
    let outcomes: Vec<(String, i64)> = log.data()["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["action"].as_str().unwrap().to_owned(),
                r["outcome"].as_i64().unwrap(),
            )
        })
        .collect();
    let expected: Vec<(String, i64)> = [
        ("push", 1),
        ("push", 3),
        ("push", 1),
        ("push", 1),
        ("push", 1),
        ("products", 1),
        ("scenics", 1),
    ]
    .iter()
    .map(|(a, o)| ((*a).to_owned(), *o))
    .collect();
    assert_eq!(outcomes, expected);
    assert!(!log.body.to_string().contains(SECRET));
    let failed = staff
        .get("/saas/ticket/log/interfaceLog/list?outcome=3")
        .await;
    assert_eq!(failed.data()["sizeAll"], 1);
    let bad = staff
        .get("/saas/ticket/log/interfaceLog/list?outcome=7")
        .await;
    assert_eq!((bad.status, bad.field()), (412, "outcome"));

    // Unmapped, nothing more is sent.
    staff
        .post(
            "/saas/ticket/channel/unmap",
            json!({"configId": 21, "productId": product}),
        )
        .await
        .data();
    let again = staff
        .post(
            "/saas/ticket/channel/unmap",
            json!({"configId": 21, "productId": product}),
        )
        .await;
    assert_eq!(again.status, 404);

    // Another tenant, and a merchant's user, see none of it.
    let other_tenant = env.client(&env.other_operator);
    assert_eq!(
        other_tenant
            .get("/saas/ticket/channel/listScenic?configId=21")
            .await
            .status,
        404
    );
    assert_eq!(
        other_tenant
            .get("/saas/ticket/log/interfaceLog/list")
            .await
            .data()["sizeAll"],
        0
    );
    let supplier = env.client(&env.supplier);
    assert_eq!(
        supplier
            .get("/saas/ticket/channel/listScenic?configId=21")
            .await
            .status,
        403
    );
    assert_eq!(
        supplier
            .get("/saas/ticket/log/interfaceLog/list")
            .await
            .status,
        403
    );
    sim.stop().await;
    env.shutdown().await;
}

async fn a_channel_that_refuses_or_is_disabled_is_reported(backend: Backend) {
    let env = helpers::start_env(backend).await;
    let sim = channel(&env).await;
    let staff = env.client(&env.operator);
    // Wrong secret: the channel refuses, the caller is told why, the call is logged.
    let mut c = config(21, MEITUAN_TICKET, 20, 1, 2);
    c.base_url = sim.channel_url(Channel::Meituan);
    env.publish_interface_config(
        SAAS,
        c.clone(),
        &json!({"appKey": ACCOUNT, "appSecret": "wrong", "partnerId": "77"}),
        true,
    )
    .await;
    let refused = staff
        .post("/saas/ticket/channel/sync", json!({"configId": 21}))
        .await;
    assert_eq!(refused.status, 412, "{}", refused.body);
    assert_eq!(refused.body["code"], "channel-refused");
    let log = staff.get("/saas/ticket/log/interfaceLog/list").await;
    assert_eq!(log.data()["results"][0]["outcome"], 2);
    assert_eq!(log.data()["results"][0]["status"], 401);
    // Unreachable: 502.
    c.base_url = "http://127.0.0.1:9/meituan".into();
    c.updated_at = 3;
    env.publish_interface_config(
        SAAS,
        c.clone(),
        &json!({"appKey": ACCOUNT, "appSecret": SECRET, "partnerId": "77"}),
        true,
    )
    .await;
    let down = staff
        .post("/saas/ticket/channel/sync", json!({"configId": 21}))
        .await;
    assert_eq!(down.status, 502, "{}", down.body);
    // Disabled: 412 on configId; a hotel or unknown configuration: not found.
    c.state = 0;
    env.publish_interface_config(SAAS, c, &json!({}), true)
        .await;
    let disabled = staff
        .post("/saas/ticket/channel/sync", json!({"configId": 21}))
        .await;
    assert_eq!((disabled.status, disabled.field()), (412, "configId"));
    let unknown = staff
        .get("/saas/ticket/channel/listScenic?configId=999")
        .await;
    assert_eq!(unknown.status, 404);
    sim.stop().await;
    env.shutdown().await;
}

/// A push reads a product's queued days, then sends them; a change committed meanwhile (to a day
/// it sent, or another) must stay queued for the next push, not be taken off with the sent ones.
async fn a_change_during_a_push_stays_queued(backend: Backend) {
    use ticket_app::store::channels as queue;
    let env = helpers::start(backend).await;
    let pool = platform::db::connect(&env.app.db.as_ref().unwrap().config()).unwrap();
    let mut conn = pool.get().unwrap();
    let (config, product) = (31, 77);
    let days = |d: &[&str]| d.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    queue::map(&mut conn, SAAS, config, product, "deal-1", 1, 1).unwrap();
    queue::enqueue(
        &mut conn,
        SAAS,
        product,
        &days(&["2026-12-01", "2026-12-02"]),
        10,
    )
    .unwrap();

    // Taken at 20 with both days; then a day it holds and a new one change at 25.
    let taken = queue::pending(&mut conn, 20, 10).unwrap().pop().unwrap();
    let read = queue::pending_days(&mut conn, config, product).unwrap();
    assert_eq!(read, days(&["2026-12-01", "2026-12-02"]));
    queue::enqueue(
        &mut conn,
        SAAS,
        product,
        &days(&["2026-12-02", "2026-12-03"]),
        25,
    )
    .unwrap();
    queue::sent(&mut conn, &taken, &read, 20).unwrap();
    assert_eq!(
        queue::pending_days(&mut conn, config, product).unwrap(),
        days(&["2026-12-02", "2026-12-03"]),
        "only the day unchanged since the read left the queue"
    );
    let left = queue::pending(&mut conn, 30, 10).unwrap();
    assert_eq!(left.len(), 1, "the product's entry stays for the next push");
    assert_eq!((left[0].first_at, left[0].attempts), (20, 0));

    // Sent with nothing changed since, the queue is empty.
    let read = queue::pending_days(&mut conn, config, product).unwrap();
    queue::sent(&mut conn, &left[0], &read, 30).unwrap();
    assert!(
        queue::pending_days(&mut conn, config, product)
            .unwrap()
            .is_empty()
    );
    assert!(queue::pending(&mut conn, 40, 10).unwrap().is_empty());
    drop(conn);
    env.shutdown().await;
}

platform::on_both_backends!(
    a_change_during_a_push_stays_queued,
    ticket_configurations_are_copied_with_their_credentials_sealed,
    a_mapped_products_calendar_reaches_the_channel_once_per_edit,
    a_channel_that_refuses_or_is_disabled_is_reported
);
