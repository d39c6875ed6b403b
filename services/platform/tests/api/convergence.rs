//! Getting from nothing to a converged installation: every queue declared by whoever connects
//! first, an event no queue takes kept rather than lost, and copies of another service's data
//! rebuilt from their owner.

use std::time::Duration;

use platform::bus::rabbit::RabbitBroker;
use platform::bus::topology::Topology;
use platform::bus::v1::{MerchantUpdated, ResyncRequested};
use platform::bus::{Bus, Event, MemoryBroker, Outgoing, Subscriptions, resync};
use platform::testing::{
    Backend, TestApp, TestDb, TestIssuer, eventually, spawn_on_bus, test_config,
};
use platform::{ServiceSpec, replica};

use crate::helpers::fixture_migrations;

fn amqp_url() -> String {
    std::env::var("TRADEWIND_TEST_AMQP_URL")
        .unwrap_or_else(|_| "amqp://guest:guest@127.0.0.1:5672/%2f".to_owned())
}

fn unique(name: &str) -> String {
    format!("{name}-{}", uuid::Uuid::new_v4().simple())
}

fn envelope(key: &str, mch_id: i64) -> Vec<u8> {
    let m = MerchantUpdated {
        mch_id,
        mch_type: 1,
        mch_name: format!("M{mch_id}"),
        mch_currency: "CNY".into(),
        state: 1,
        grade: 0,
    };
    Outgoing::new("owner", key, 7, &m).envelope_bytes()
}

/// Drains what `rx` holds within a short wait.
async fn received(rx: &mut tokio::sync::mpsc::Receiver<platform::bus::Delivery>) -> Vec<String> {
    let mut keys = Vec::new();
    while let Ok(Some(d)) = tokio::time::timeout(Duration::from_secs(2), rx.recv()).await {
        keys.push(d.routing_key.clone());
        if let Some(ack) = d.ack {
            ack.ack().await;
        }
    }
    keys
}

/// A publisher that starts first declares its consumers' queues: what it publishes before any
/// consumer has connected is waiting for them.
#[actix_web::test]
async fn events_published_before_their_consumer_starts_wait_for_it() {
    let exchange = unique("converge");
    let queue = "late-consumer.events";
    let topology = Topology::empty().queue(
        queue,
        vec!["thing.#".to_owned()],
        Duration::from_millis(100),
    );
    let publisher = RabbitBroker::with_topology(&amqp_url(), &exchange, true, topology.clone());
    let sent = publisher
        .publish_batch(&[("thing.made", &envelope("thing.made", 1))])
        .await
        .expect("published");
    assert_eq!(sent, 1);
    // Only now does the consumer connect.
    let consumer = RabbitBroker::with_topology(&amqp_url(), &exchange, true, topology);
    let mut rx = consumer.subscribe(queue, &["thing.#".to_owned()], Duration::from_millis(100));
    assert_eq!(received(&mut rx).await, vec!["thing.made"]);
}

/// A queue that should take an event but has lost its binding returns it: the publish fails
/// (the relay keeps the row) instead of dropping it, and once the binding is declared again
/// (the publisher re-declares the topology when it reconnects) the event is delivered, once.
#[actix_web::test]
async fn an_event_no_bound_queue_takes_is_kept_until_the_binding_exists() {
    let exchange = unique("converge");
    let queue = "unbound.events";
    // A second queue keeps the test's auto-deleted exchange alive while the first is unbound.
    let topology = Topology::empty()
        .queue(
            queue,
            vec!["thing.#".to_owned()],
            Duration::from_millis(100),
        )
        .queue(
            "keeper.events",
            vec!["keeper.#".to_owned()],
            Duration::from_millis(100),
        );
    let publisher = RabbitBroker::with_topology(&amqp_url(), &exchange, true, topology.clone());
    // Connect (declaring the topology), then take the binding away behind its back.
    publisher
        .publish_batch(&[("other.key", &envelope("other.key", 0))])
        .await
        .expect("a key nobody wants is simply sent");
    {
        let conn = lapin::Connection::connect(&amqp_url(), lapin::ConnectionProperties::default())
            .await
            .unwrap();
        let ch = conn.create_channel().await.unwrap();
        ch.queue_unbind(
            format!("{exchange}.{queue}").as_str().into(),
            exchange.as_str().into(),
            "thing.#".into(),
            lapin::types::FieldTable::default(),
        )
        .await
        .unwrap();
        conn.close(200, "done".into()).await.unwrap();
    }
    let body = envelope("thing.made", 2);
    let refused = publisher.publish_batch(&[("thing.made", &body)]).await;
    let (taken, error) = refused.expect_err("returned as unroutable");
    assert_eq!(taken, 0);
    assert!(error.to_string().contains("binding is missing"), "{error}");
    // The relay's retry: a new connection declares the topology again, binding included.
    let sent = publisher
        .publish_batch(&[("thing.made", &body)])
        .await
        .expect("delivered once the binding exists");
    assert_eq!(sent, 1);
    let consumer = RabbitBroker::with_exchange(&amqp_url(), &exchange, true);
    let mut rx = consumer.subscribe(queue, &["thing.#".to_owned()], Duration::from_millis(100));
    assert_eq!(
        received(&mut rx).await,
        vec!["thing.made"],
        "once, not lost"
    );
}

/// The owner of the tenant copy in these tests: answers a resync request with `MERCHANTS`
/// merchants, then its completion.
const MERCHANTS: i64 = 1000;

fn owner() -> ServiceSpec {
    let subs = Subscriptions::new().on::<ResyncRequested>(
        &resync::requested_key(replica::COPY),
        |conn, e: Event<ResyncRequested>| {
            for i in 0..MERCHANTS {
                let m = MerchantUpdated {
                    mch_id: 10_000 + i,
                    mch_type: 1 + (i % 2) as i32,
                    mch_name: format!("Merchant {i}"),
                    mch_currency: "CNY".into(),
                    state: 1,
                    grade: 0,
                };
                platform::bus::publish_in_tx(
                    conn,
                    Outgoing::new("owner", "merchant.updated", 7, &m),
                )?;
            }
            resync::answer(
                conn,
                "owner",
                replica::COPY,
                &e.payload.requester,
                MERCHANTS,
            )?;
            Ok(())
        },
    );
    ServiceSpec::new("owner", "1.0.0", 0)
        .migrations(fixture_migrations())
        .consumer(subs.into())
}

fn follower_spec(issuer: &std::sync::Arc<TestIssuer>) -> ServiceSpec {
    ServiceSpec::new("follower", "1.0.0", 0)
        .migrations(fixture_migrations())
        .auth_backend(issuer.clone())
        .consumer(replica::follow(Subscriptions::new()).into())
}

async fn spawn(spec: ServiceSpec, backend: Backend, bus: &Bus) -> TestApp {
    let db = TestDb::new(backend);
    let cfg = test_config(spec.name, Some(&db));
    spawn_on_bus(spec, &cfg, Some(db), bus.clone()).await
}

async fn status(app: &TestApp, path: &str) -> (u16, serde_json::Value) {
    app.call("GET", path, "", "en", None).await
}

/// The follower's merchants, or -1 while SQLite's lock is held by a writer (the waits retry).
fn copy_rows(app: &TestApp) -> i64 {
    use diesel::prelude::*;
    let count = || -> Option<i64> {
        let pool = platform::db::connect(&app.db.as_ref()?.config()).ok()?;
        let mut conn = pool.get().ok()?;
        replica::schema::replica_merchants::table
            .count()
            .get_result(&mut conn)
            .ok()
    };
    count().unwrap_or(-1)
}

/// A service added to an installation that holds 1,000 merchants asks their owner at start,
/// is out of traffic until the snapshot is in, and has every merchant afterwards; wiped, its
/// copy is rebuilt by the operators' call.
async fn a_new_service_gets_the_owners_snapshot_and_a_wiped_copy_is_rebuilt(backend: Backend) {
    let bus = Bus::Memory(MemoryBroker::default());
    // The in-process broker routes to declared queues only; RabbitMQ gets this from the
    // registry's topology.
    if let Bus::Memory(b) = &bus {
        b.prepare("owner.events", &[resync::requested_key(replica::COPY)]);
    }
    let issuer = TestIssuer::new();
    let follower = spawn(follower_spec(&issuer), backend, &bus).await;
    // Its request waits for the owner, and so does its readiness.
    let (code, health) = status(&follower, "/actuator/health/readiness").await;
    assert_eq!(code, 503, "{health}");
    assert_eq!(health["components"]["copies"]["status"], "DOWN", "{health}");
    let (code, health) = status(&follower, "/actuator/health").await;
    assert_eq!(code, 200, "a copy being filled is no fault: {health}");
    assert_eq!(health["components"]["copies"]["status"], "OUT_OF_SERVICE");

    let owner = spawn(owner(), backend, &bus).await;
    eventually("the follower is ready", || async {
        (status(&follower, "/actuator/health/readiness").await.0 == 200).then_some(())
    })
    .await;
    eventually("the snapshot's merchants", || {
        std::future::ready((copy_rows(&follower) == MERCHANTS).then_some(()))
    })
    .await;
    let (_, health) = status(&follower, "/actuator/health").await;
    let tenants = &health["components"]["copies"]["details"]["tenants"];
    assert_eq!(tenants["state"], "current", "{health}");
    assert_eq!(tenants["ownerRows"], MERCHANTS);

    // An operator wipes the copy, then asks for it again.
    {
        use diesel::prelude::*;
        let pool = platform::db::connect(&follower.db.as_ref().unwrap().config()).unwrap();
        diesel::delete(replica::schema::replica_merchants::table)
            .execute(&mut pool.get().unwrap())
            .unwrap();
    }
    eventually("the copy is empty", || {
        std::future::ready((copy_rows(&follower) == 0).then_some(()))
    })
    .await;
    let admin = issuer.token(1, 0, 0, platform::tenancy::msc::PLATFORM_ADMIN);
    let (code, body) = follower
        .call(
            "POST",
            "/internal/replica/resync?copy=tenants",
            &admin,
            "en",
            None,
        )
        .await;
    assert_eq!(code, 200, "{body}");
    assert_eq!(body["data"], serde_json::json!(["tenants"]));
    let (code, body) = follower
        .call(
            "POST",
            "/internal/replica/resync?copy=orders",
            &admin,
            "en",
            None,
        )
        .await;
    assert_eq!(code, 412, "{body}");
    assert_eq!(body["data"]["field"], "copy");
    eventually("the wiped copy is rebuilt", || async {
        (copy_rows(&follower) == MERCHANTS).then_some(())
    })
    .await;
    let (code, body) = follower
        .call("GET", "/internal/replica/copies", &admin, "en", None)
        .await;
    assert_eq!(code, 200, "{body}");
    assert_eq!(body["data"][0]["copy"], "tenants");

    // Wiped while the service was down (a restore from an empty backup): at its next start it
    // finds the copy empty though the owner had rows, asks again, and is ready once filled.
    // On PostgreSQL only: on SQLite the stopped service's pool can hold the file's lock for a
    // moment and the restart's connection is refused; what is tested does not depend on the
    // backend.
    if backend != Backend::Postgres {
        owner.shutdown().await;
        follower.shutdown().await;
        return;
    }
    let mut follower = follower;
    let db = follower.db.take().expect("the follower's database");
    follower.shutdown().await;
    // The stopped service's last connections may still hold SQLite's lock for a moment.
    let config = db.config();
    eventually("the copy is wiped", || {
        let wiped = (|| -> Option<()> {
            use diesel::prelude::*;
            let pool = platform::db::connect(&config).ok()?;
            let mut conn = pool.get().ok()?;
            diesel::delete(replica::schema::replica_merchants::table)
                .execute(&mut conn)
                .ok()?;
            diesel::delete(replica::schema::replica_tenants::table)
                .execute(&mut conn)
                .ok()?;
            Some(())
        })();
        std::future::ready(wiped)
    })
    .await;
    let cfg = test_config("follower", Some(&db));
    let follower = spawn_on_bus(follower_spec(&issuer), &cfg, Some(db), bus.clone()).await;
    eventually(
        "the restarted follower has its copy back and is ready",
        || async {
            (copy_rows(&follower) == MERCHANTS
                && status(&follower, "/actuator/health/readiness").await.0 == 200)
                .then_some(())
        },
    )
    .await;
    owner.shutdown().await;
    follower.shutdown().await;
}

platform::on_both_backends!(a_new_service_gets_the_owners_snapshot_and_a_wiped_copy_is_rebuilt);
