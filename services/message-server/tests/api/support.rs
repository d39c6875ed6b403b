//! A work order assigned in saas-main (`support.assigned`) becomes a web notification for its
//! assignee only, pushed to the replicas' sockets, once however often the event is delivered.

use std::time::Duration;

use crate::helpers::{Client, at_least, start};
use platform::bus::{Outgoing, v1};
use platform::testing::Backend;
use prost::Message as _;

async fn an_assigned_work_order_reaches_its_assignee_only(backend: Backend) {
    let env = start(backend, &[]).await;
    let (app, bus, issuer) = (&env.app, &env.bus, &env.issuer);
    for user in [3000, 3001, 20] {
        issuer.grant(user, &["/saas/notify/**"]);
    }
    let assignee = issuer.token(3000, 0, 0, 100);
    let other_agent = issuer.token(3001, 0, 0, 100);
    let customer = issuer.token(20, 1001, 0, 200);
    let mut requests = bus.broadcast("test", &["notification.requested"]);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let assigned = v1::SupportAssigned {
        support_id: 77,
        ticket_saas_id: 1001,
        business_type: 20,
        title: "Voucher not sent".into(),
        assignee_id: 3000,
        assignee_name: "admin".into(),
        assigned_by: 3001,
        assigned_by_name: "lead".into(),
    };
    let out = Outgoing::new("saas-main", "support.assigned", 0, &assigned);
    // Delivered twice (at least once is the bus's promise): told once.
    let bytes = out.envelope_bytes();
    for _ in 0..2 {
        bus.publish_batch(&[("support.assigned", &bytes)])
            .await
            .unwrap();
    }

    let me = Client::new(app, &assignee);
    let rows = at_least(1, "the assignment", || me.list_messages("")).await;
    assert_eq!(rows[0]["notifyType"], 20);
    assert_eq!(rows[0]["refId"], "77");
    assert_eq!(
        rows[0]["message"],
        "lead assigned you a ticket work order 77: Voucher not sent"
    );
    assert_eq!(
        rows[0]["actionUrl"],
        "/saas-app/support/workOrder/list?supportId=77"
    );
    let d = tokio::time::timeout(Duration::from_secs(10), requests.recv())
        .await
        .unwrap()
        .unwrap();
    let e = platform::bus::EventEnvelope::decode(d.body.as_slice()).unwrap();
    let pushed = v1::NotificationRequested::decode(e.payload.as_slice()).unwrap();
    assert_eq!(
        (pushed.channel.as_str(), pushed.user_id, pushed.notify_type),
        ("web", 3000, 20)
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    let b = me.list_messages("").await.body;
    assert_eq!(b["data"]["sizeAll"], 1, "{b}");
    for token in [&other_agent, &customer] {
        let b = Client::new(app, token).list_messages("").await.body;
        assert_eq!(b["data"]["sizeAll"], 0, "{b}");
    }
    env.app.shutdown().await;
}

platform::on_both_backends!(an_assigned_work_order_reaches_its_assignee_only);
