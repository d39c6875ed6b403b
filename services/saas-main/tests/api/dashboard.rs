//! The dashboards fed by real order and product events through the bus: the tenant's overview,
//! each merchant's own figures in its own amounts, the ranking, the interfaces, the product
//! counts; merchants see only themselves, another tenant nothing.

use std::time::Duration;

use platform::bus::{Bus, EventEnvelope, MemoryBroker, v1};
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID, SUPPLIER_ID};
use platform::testing::{
    Backend, TestDb, TestIssuer, eventually_within, spawn_on_bus, test_config,
};
use prost::Message as _;

use crate::helpers::send;

fn envelope(id: &str, key: &str, saas_id: i64, at: i64, payload: Vec<u8>) -> Vec<u8> {
    EventEnvelope {
        event_id: id.to_owned(),
        event_type: key.to_owned(),
        saas_id,
        occurred_at: at,
        producer: "test".to_owned(),
        payload,
        ..Default::default()
    }
    .encode_to_vec()
}

struct Order {
    id: i64,
    supplier: i64,
    distributor: i64,
    price: i64,
    supplier_price: i64,
    channel_price: i64,
    profit: i64,
    state: i32,
}

fn created(o: &Order) -> Vec<u8> {
    v1::OrderCreated {
        order: Some(v1::OrderRef {
            order_id: o.id,
            product_type: 10,
            supplier_mch_id: o.supplier,
            distributor_mch_id: o.distributor,
            supplier_interface_id: 7,
            distributor_interface_id: if o.distributor == 0 { 0 } else { 9 },
            ..Default::default()
        }),
        amounts: Some(v1::OrderAmounts {
            order_price: o.price,
            supplier_price: o.supplier_price,
            channel_price: o.channel_price,
            profit: o.profit,
            currency: "CNY".into(),
        }),
        order_state: o.state,
        ..Default::default()
    }
    .encode_to_vec()
}

fn product(id: i64, supplier: i64, on_sale: bool, deleted: bool) -> Vec<u8> {
    v1::ProductUpdated {
        product_id: id,
        product_type: 10,
        supplier_mch_id: supplier,
        product_name: format!("Room {id}"),
        on_sale,
        deleted,
    }
    .encode_to_vec()
}

async fn dashboards_follow_the_events(backend: Backend) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let db = TestDb::new(backend);
    let mut cfg = test_config(saas_main::NAME, Some(&db));
    cfg.env.set("TRADEWIND_SAAS_MAIN__DEMO__ENABLED", "true");
    let app = spawn_on_bus(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        bus.clone(),
    )
    .await;
    let admin = issuer.token(2, SAAS_ID, 0, 200);
    issuer.grant(4, &["/saas/dashboard/**", "/saas/stats/**"]);
    issuer.grant(5, &["/saas/dashboard/**", "/saas/stats/**"]);
    let supplier = issuer.token(4, SAAS_ID, SUPPLIER_ID, 311);
    let distributor = issuer.token(5, SAAS_ID, DISTRIBUTOR_ID, 312);

    let now = platform::time::now_ms();
    let orders = [
        Order {
            id: 1,
            supplier: SUPPLIER_ID,
            distributor: DISTRIBUTOR_ID,
            price: 10_000,
            supplier_price: 9_000,
            channel_price: 9_500,
            profit: 500,
            state: 1,
        },
        Order {
            id: 2,
            supplier: SUPPLIER_ID,
            distributor: DISTRIBUTOR_ID,
            price: 20_000,
            supplier_price: 18_000,
            channel_price: 19_000,
            profit: 1_000,
            state: 8,
        },
        Order {
            id: 3,
            supplier: SUPPLIER_ID,
            distributor: 0,
            price: 5_000,
            supplier_price: 4_000,
            channel_price: 0,
            profit: 1_000,
            state: 1,
        },
    ];
    let mut messages: Vec<(String, Vec<u8>)> = orders
        .iter()
        .map(|o| {
            let key = "order.hotel.created".to_owned();
            let body = envelope(
                &format!("c{}", o.id),
                &key,
                SAAS_ID,
                now - 60_000,
                created(o),
            );
            (key, body)
        })
        .collect();
    let cancel = v1::OrderCancelled {
        order: Some(v1::OrderRef {
            order_id: 2,
            product_type: 10,
            ..Default::default()
        }),
        ..Default::default()
    };
    messages.push((
        "order.hotel.cancelled".into(),
        envelope(
            "x2",
            "order.hotel.cancelled",
            SAAS_ID,
            now - 30_000,
            cancel.encode_to_vec(),
        ),
    ));
    // Another tenant's order from a merchant of the same id: counted for that tenant only.
    let foreign = Order {
        id: 99,
        supplier: SUPPLIER_ID,
        distributor: 0,
        price: 1,
        supplier_price: 1,
        channel_price: 0,
        profit: 0,
        state: 1,
    };
    messages.push((
        "order.hotel.created".into(),
        envelope(
            "f99",
            "order.hotel.created",
            3003,
            now - 60_000,
            created(&foreign),
        ),
    ));
    // Products: on sale, off sale, deleted, another supplier's; then a late, older event that
    // would delete the first: it changes nothing.
    for (id, sup, on_sale, deleted) in [
        (1, SUPPLIER_ID, true, false),
        (2, SUPPLIER_ID, false, false),
        (3, SUPPLIER_ID, true, true),
        (4, 9_999, true, false),
    ] {
        messages.push((
            "product.hotel.updated".into(),
            envelope(
                &format!("p{id}"),
                "product.hotel.updated",
                SAAS_ID,
                now - 10_000,
                product(id, sup, on_sale, deleted),
            ),
        ));
    }
    messages.push((
        "product.hotel.updated".into(),
        envelope(
            "p1-old",
            "product.hotel.updated",
            SAAS_ID,
            now - 20_000,
            product(1, SUPPLIER_ID, false, true),
        ),
    ));
    let batch: Vec<(&str, &[u8])> = messages
        .iter()
        .map(|(k, b)| (k.as_str(), b.as_slice()))
        .collect();
    bus.publish_batch(&batch).await.unwrap();

    // A slow machine takes a while over the first batch on PostgreSQL: 15 s, as before.
    let (app_ref, admin_ref) = (&app, &admin);
    let seen = || async move {
        let overview = send(
            app_ref,
            "GET",
            "/saas/dashboard/index/saasOverview",
            admin_ref,
            None,
        )
        .await
        .1;
        let d = &overview["data"];
        // The overview reads the period, today and the products one after another: a batch
        // applied between two of those reads shows in the later ones only, so wait for all.
        (d["today"]["orderCancel"] == 1
            && d["period"]["orderCancel"] == 1
            && d["productTotal"] == 3)
            .then_some(overview)
    };
    let overview = eventually_within(
        Duration::from_secs(15),
        "the events reach the dashboard",
        seen,
    )
    .await;
    let o = &overview["data"];
    assert_eq!(o["period"]["orderNum"], 3, "{overview}");
    assert_eq!(o["period"]["orderSuccess"], 2);
    assert_eq!(o["period"]["orderSuccessMoney"], 15_000);
    assert_eq!(o["period"]["orderSuccessProfit"], 1_500);
    assert_eq!(o["period"]["orderCancelMoney"], 20_000);
    assert_eq!(o["today"]["orderNum"], 3);
    assert_eq!(
        (o["supplierNum"].as_i64(), o["distributorNum"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(o["activeSupplierNum"], 1);
    assert_eq!(o["activeDistributorNum"], 1);
    assert_eq!(
        (o["productTotal"].as_i64(), o["productSale"].as_i64()),
        (Some(3), Some(2))
    );

    // A supplier sees its own figures in what it is paid, without the tenant's margin.
    let (status, mine) = send(
        &app,
        "GET",
        "/saas/dashboard/index/supplierOverview",
        &supplier,
        None,
    )
    .await;
    assert_eq!(status, 200, "{mine}");
    let m = &mine["data"];
    assert_eq!(m["mchId"], SUPPLIER_ID);
    assert_eq!(m["period"]["orderSuccessMoney"], 13_000);
    assert_eq!(m["period"]["orderCancelMoney"], 18_000);
    assert!(m["period"].get("orderSuccessProfit").is_none(), "{mine}");
    assert_eq!(
        (m["productTotal"].as_i64(), m["productSale"].as_i64()),
        (Some(2), Some(1))
    );
    // The operator sees the same, with the margin.
    let path = format!("/saas/dashboard/index/supplierOverview?mchId={SUPPLIER_ID}");
    let (_, staff) = send(&app, "GET", &path, &admin, None).await;
    assert_eq!(staff["data"]["period"]["orderSuccessProfit"], 1_500);
    // A distributor: what it pays.
    let (_, theirs) = send(
        &app,
        "GET",
        "/saas/dashboard/index/distributorOverview",
        &distributor,
        None,
    )
    .await;
    assert_eq!(theirs["data"]["period"]["orderNum"], 2, "{theirs}");
    assert_eq!(theirs["data"]["period"]["orderSuccessMoney"], 9_500);
    assert_eq!(theirs["data"]["period"]["orderCancelMoney"], 19_000);
    // Nobody reads another merchant, nor a side it is not on.
    let other = format!("/saas/dashboard/index/supplierOverview?mchId={DISTRIBUTOR_ID}");
    assert_eq!(send(&app, "GET", &other, &supplier, None).await.0, 403);
    assert_eq!(
        send(
            &app,
            "GET",
            "/saas/dashboard/index/supplierOverview",
            &distributor,
            None
        )
        .await
        .0,
        403
    );
    let (status, body) = send(&app, "GET", &other, &admin, None).await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("mchId")),
        "{body}"
    );
    for path in [
        "/saas/dashboard/index/saasOverview",
        "/saas/dashboard/index/mchRank?mchType=1",
        "/saas/stats/common/interfaceList",
    ] {
        assert_eq!(
            send(&app, "GET", path, &supplier, None).await.0,
            403,
            "{path}"
        );
    }

    // The ranking.
    let (status, rank) = send(
        &app,
        "GET",
        "/saas/dashboard/index/mchRank?mchType=1",
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 200, "{rank}");
    let first = &rank["data"][0];
    assert_eq!(
        (
            first["rank"].as_i64(),
            first["mchId"].as_i64(),
            first["mchName"].as_str()
        ),
        (Some(1), Some(SUPPLIER_ID), Some("Demo Supplier"))
    );
    assert_eq!(first["orderSuccessMoney"], 13_000);
    assert_eq!(rank["data"].as_array().unwrap().len(), 1);
    for (path, field) in [
        ("/saas/dashboard/index/mchRank", "mchType"),
        ("/saas/dashboard/index/mchRank?mchType=2&limit=0", "limit"),
        (
            "/saas/dashboard/index/saasOverview?startDate=2026-11-01",
            "endDate",
        ),
        (
            "/saas/dashboard/index/saasOverview?startDate=2024-01-01&endDate=2026-01-01",
            "endDate",
        ),
    ] {
        let (status, body) = send(&app, "GET", path, &admin, None).await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some(field)),
            "{path}: {body}"
        );
    }

    // Interfaces, each with its merchants.
    let (_, lists) = send(
        &app,
        "GET",
        "/saas/stats/common/interfaceList",
        &admin,
        None,
    )
    .await;
    let l = &lists["data"];
    assert_eq!(l["supplierInterfaceList"][0]["interfaceId"], 7, "{lists}");
    assert_eq!(
        l["supplierInterfaceList"][0]["merchants"][0]["mchId"],
        SUPPLIER_ID
    );
    assert_eq!(l["channelInterfaceList"][0]["interfaceId"], 9);
    assert_eq!(
        l["channelInterfaceList"][0]["merchants"][0]["mchName"],
        "Demo Distributor"
    );

    // Product counts: the tenant's, a supplier's own, what a distributor can sell.
    for (token, total, sale) in [(&admin, 3, 2), (&supplier, 2, 1), (&distributor, 2, 2)] {
        let (_, count) = send(&app, "GET", "/saas/stats/productStats/count", token, None).await;
        assert_eq!(
            (
                count["data"]["total"].as_i64(),
                count["data"]["sale"].as_i64()
            ),
            (Some(total), Some(sale)),
            "{count}"
        );
    }

    // Another tenant sees only its own order.
    let stranger = issuer.token(6, 3003, 0, 200);
    let (_, theirs) = send(
        &app,
        "GET",
        "/saas/dashboard/index/saasOverview",
        &stranger,
        None,
    )
    .await;
    assert_eq!(theirs["data"]["period"]["orderNum"], 1, "{theirs}");
    assert_eq!(theirs["data"]["productTotal"], 0);
    let (_, rank) = send(
        &app,
        "GET",
        "/saas/dashboard/index/mchRank?mchType=1",
        &stranger,
        None,
    )
    .await;
    assert_eq!(rank["data"][0]["mchName"], "", "{rank}");
    app.shutdown().await;
}

platform::on_both_backends!(dashboards_follow_the_events);
