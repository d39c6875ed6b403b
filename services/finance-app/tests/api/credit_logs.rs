//! The credit log: kept from the order events (made by whichever arrives first, never rolled
//! back by a late one, a redelivery changing nothing), listed with the spec's filters, seen by
//! the tenant's staff and each distributor for its own orders only.

use platform::bus::{Outgoing, v1};
use platform::testing::{Backend, TenantFixture, eventually};
use serde_json::Value;

use crate::helpers::{Client, SECOND_DISTRIBUTOR, day, second_distributor, start};

const SAAS: i64 = TenantFixture::SAAS;
const SUPPLIER: i64 = TenantFixture::SUPPLIER;
const DISTRIBUTOR: i64 = TenantFixture::DISTRIBUTOR;
const HOUR_MS: i64 = 3_600_000;

fn order(id: i64, distributor: i64, checkin: i64) -> v1::OrderRef {
    v1::OrderRef {
        order_id: id,
        order_no: format!("H{id}"),
        product_type: v1::ProductType::Hotel as i32,
        supplier_mch_id: SUPPLIER,
        distributor_mch_id: distributor,
        product_id: 77,
        product_name: "Garden Twin".into(),
        start_date: day(checkin),
        end_date: day(checkin + 2),
        ..Default::default()
    }
}

fn amounts(price: i64) -> v1::OrderAmounts {
    v1::OrderAmounts {
        order_price: price,
        supplier_price: price - 5_000,
        channel_price: price + 10_000,
        profit: 5_000,
        currency: "CNY".into(),
    }
}

fn created(o: &v1::OrderRef, state: i32, at: i64) -> Outgoing {
    let e = v1::OrderCreated {
        order: Some(o.clone()),
        amounts: Some(amounts(45_000)),
        contact: Some(v1::Contact {
            name: "Li Lei".into(),
            mobile: "13812345678".into(),
            email: String::new(),
        }),
        quantity: 2,
        order_state: state,
        created_by: 3,
    };
    Outgoing::new("hotel-app", "order.hotel.created", SAAS, &e).at(at)
}

fn changed(o: &v1::OrderRef, from: i32, to: i32, at: i64) -> Outgoing {
    let e = v1::OrderStateChanged {
        order: Some(o.clone()),
        old_order_state: from,
        new_order_state: to,
        ..Default::default()
    };
    Outgoing::new("hotel-app", "order.hotel.state-changed", SAAS, &e).at(at)
}

fn cancelled(o: &v1::OrderRef, at: i64) -> Outgoing {
    let e = v1::OrderCancelled {
        order: Some(o.clone()),
        amounts: Some(amounts(45_000)),
        ..Default::default()
    };
    Outgoing::new("hotel-app", "order.hotel.cancelled", SAAS, &e).at(at)
}

async fn send(f: &TenantFixture, out: &Outgoing) {
    use prost::Message as _;
    let bytes = out.envelope_bytes();
    let key = platform::bus::EventEnvelope::decode(bytes.as_slice())
        .unwrap()
        .event_type;
    f.bus
        .publish_batch(&[(key.as_str(), &bytes)])
        .await
        .unwrap();
}

/// The row of `order_id` once `ready` holds of it.
async fn row_when(staff: &Client<'_>, order_id: i64, ready: impl Fn(&Value) -> bool) -> Value {
    eventually(&format!("order {order_id}'s credit log row"), || async {
        let rows = staff
            .list_credit_log(&format!("orderId={order_id}"))
            .await
            .rows();
        rows.first().filter(|r| ready(r)).cloned()
    })
    .await
}

async fn a_row_follows_its_order_and_a_late_or_repeated_event_changes_nothing(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let now = platform::time::now_ms();
    let o = order(501, DISTRIBUTOR, 3);
    let first = created(&o, 8, now - 3 * HOUR_MS);
    send(&f, &first).await;
    let row = row_when(&staff, 501, |r| r["state"] == 1).await;
    assert_eq!(row["supplierMchId"], SUPPLIER);
    assert_eq!(row["supplierName"], "Demo Supplier");
    assert_eq!(row["distributorMchId"], DISTRIBUTOR);
    assert_eq!(row["distributorName"], "Demo Distributor");
    assert_eq!(row["saleUserId"], 3);
    assert_eq!(row["productType"], 10);
    assert_eq!(row["productId"], 77);
    assert_eq!(row["productName"], "Garden Twin");
    assert_eq!(row["orderNumber"], "H501");
    assert_eq!(row["contactName"], "Li Lei");
    assert_eq!(row["contactPhone"], "13812345678");
    assert_eq!(row["travelDate"], day(3));
    assert_eq!(row["endTravelDate"], day(5));
    assert_eq!(row["orderDate"], now - 3 * HOUR_MS);
    assert_eq!(row["currencyCode"], "CNY");
    assert_eq!(row["orderNum"], 2);
    assert_eq!(row["orderPrice"], 45_000);
    assert_eq!(row["supplierPrice"], 40_000);
    assert_eq!(row["distributorPrice"], 55_000);
    assert_eq!(row["statementPrice"], 45_000);
    assert_eq!(
        (
            row["receiptProgress"].as_i64(),
            row["paymentProgress"].as_i64()
        ),
        (Some(1), Some(1))
    );
    assert_eq!(
        (row["receiptId"].as_i64(), row["paymentId"].as_i64()),
        (Some(0), Some(0))
    );

    // Confirmed: deducted. A late event (older) and a repeated one change nothing.
    send(&f, &changed(&o, 8, 1, now - HOUR_MS)).await;
    row_when(&staff, 501, |r| r["state"] == 2).await;
    send(&f, &changed(&o, 2, 7, now - 2 * HOUR_MS)).await;
    send(&f, &first).await;
    // A change that keeps the state (a payment starting) still counts as the newest: an event
    // older than it, though newer than the confirmation, changes nothing either.
    send(&f, &changed(&o, 1, 1, now - 20 * 60_000)).await;
    send(&f, &changed(&o, 1, 7, now - 30 * 60_000)).await;
    // Events are applied in their order: once this order's row is there, those two were.
    let marker = order(509, DISTRIBUTOR, 3);
    send(&f, &created(&marker, 8, now - HOUR_MS)).await;
    row_when(&staff, 509, |r| r["state"] == 1).await;
    let row = row_when(&staff, 501, |_| true).await;
    assert_eq!(row["state"], 2, "the older event changed nothing: {row}");
    assert_eq!(row["statementPrice"], 45_000);
    // Cancelled later: failed, nothing left to settle.
    send(&f, &cancelled(&o, now)).await;
    let row = row_when(&staff, 501, |r| r["state"] == 3).await;
    assert_eq!(row["statementPrice"], 0);
    assert_eq!(row["orderPrice"], 45_000);
    assert_eq!(
        staff.list_credit_log("").await.data()["sizeAll"],
        2,
        "one row an order (and the marker's)"
    );

    // Told out of order: the state change first, the creation after it fills the row in.
    let late = order(502, DISTRIBUTOR, 4);
    send(&f, &changed(&late, 8, 1, now)).await;
    send(&f, &created(&late, 8, now - HOUR_MS)).await;
    let row = row_when(&staff, 502, |r| r["orderNum"] == 2).await;
    assert_eq!(row["state"], 2, "still the newer state");
    assert_eq!(row["statementPrice"], 45_000);
    assert_eq!(row["contactName"], "Li Lei");
    f.shutdown().await;
}

async fn the_list_filters_by_date_progress_and_the_rest(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let now = platform::time::now_ms();
    // Ordered today, two days ago and ten days ago; check-in at +3, +10, +20.
    let a = order(601, DISTRIBUTOR, 3);
    let b = order(602, SECOND_DISTRIBUTOR, 10);
    let c = order(603, DISTRIBUTOR, 20);
    send(&f, &created(&a, 2, now)).await;
    send(&f, &created(&b, 1, now - 48 * HOUR_MS)).await;
    send(&f, &created(&c, 8, now - 240 * HOUR_MS)).await;
    eventually("three rows", || async {
        (staff.list_credit_log("").await.data()["sizeAll"] == 3).then_some(())
    })
    .await;
    let staff = &staff;
    let ids = |q: String| async move {
        let rows = staff.list_credit_log(&q).await.rows();
        rows.iter()
            .map(|r| r["orderId"].as_i64().unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        ids(String::new()).await,
        vec![601, 602, 603],
        "newest orders first"
    );
    let (today, t1) = (day(0), day(-1));
    assert_eq!(
        ids(format!("startDate={today}&endDate={today}")).await,
        vec![601]
    );
    assert_eq!(
        ids(format!("dateType=1&startDate={}", day(-3))).await,
        vec![601, 602]
    );
    assert_eq!(
        ids(format!("dateType=1&endDate={t1}")).await,
        vec![602, 603]
    );
    assert_eq!(
        ids(format!(
            "dateType=2&startDate={}&endDate={}",
            day(3),
            day(10)
        ))
        .await,
        vec![602, 601],
        "a range of check-ins is listed by check-in, latest first"
    );
    assert_eq!(
        ids(format!("dateType=2&endDate={}", day(30))).await,
        vec![603, 602, 601]
    );
    assert_eq!(
        ids(format!("dateType=3&startDate={}", day(12))).await,
        vec![603, 602],
        "a range of end dates by end date"
    );
    assert_eq!(
        ids("dateType=2".into()).await,
        vec![601, 602, 603],
        "no range: by order date"
    );
    // Nothing is paid to a supplier yet: no row has a pay date.
    assert_eq!(
        ids(format!("dateType=0&startDate={}", day(-30))).await,
        Vec::<i64>::new()
    );
    assert_eq!(
        ids("receiptProgress=1&paymentProgress=1".into())
            .await
            .len(),
        3
    );
    assert_eq!(ids("receiptProgress=2".into()).await, Vec::<i64>::new());
    assert_eq!(ids("paymentProgress=3".into()).await, Vec::<i64>::new());
    assert_eq!(ids("state=5".into()).await, vec![601], "unpaid");
    assert_eq!(
        ids("state=2".into()).await,
        vec![602],
        "confirmed: deducted"
    );
    assert_eq!(
        ids("state=1".into()).await,
        vec![603],
        "unconfirmed: pending confirm"
    );
    assert_eq!(
        ids(format!("distributorMchId={SECOND_DISTRIBUTOR}")).await,
        vec![602]
    );
    assert_eq!(
        ids(format!("supplierMchId={SUPPLIER}&productType=10"))
            .await
            .len(),
        3
    );
    assert_eq!(ids("productType=20".into()).await, Vec::<i64>::new());
    assert_eq!(ids("productName=garden".into()).await.len(), 3);
    assert_eq!(ids("contact=1381".into()).await.len(), 3);
    assert_eq!(ids("contact=Han".into()).await, Vec::<i64>::new());
    assert_eq!(
        ids("orderId=602&state=-99&distributorMchId=-99".into()).await,
        vec![602]
    );
    f.shutdown().await;
}

async fn each_distributor_sees_its_own_rows_and_suppliers_none(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let now = platform::time::now_ms();
    send(&f, &created(&order(701, DISTRIBUTOR, 3), 2, now)).await;
    send(&f, &created(&order(702, SECOND_DISTRIBUTOR, 3), 2, now)).await;
    let other = v1::OrderCreated {
        order: Some(order(703, DISTRIBUTOR, 3)),
        ..Default::default()
    };
    let theirs = Outgoing::new(
        "hotel-app",
        "order.hotel.created",
        TenantFixture::OTHER_SAAS,
        &other,
    );
    send(&f, &theirs).await;
    let other_staff = Client::new(&f, &f.other_operator);
    eventually("the other tenant's row", || async {
        (other_staff.list_credit_log("").await.data()["sizeAll"] == 1).then_some(())
    })
    .await;
    eventually("both rows", || async {
        (staff.list_credit_log("").await.data()["sizeAll"] == 2).then_some(())
    })
    .await;
    let own = Client::new(&f, &f.distributor);
    let rows = own
        .list_credit_log(&format!("distributorMchId={SECOND_DISTRIBUTOR}"))
        .await
        .rows();
    assert!(rows.is_empty(), "another distributor's rows: {rows:?}");
    let rows = own.list_credit_log("").await.rows();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["orderId"], 701);
    assert!(
        rows[0].get("supplierPrice").is_none(),
        "no supplier price for a distributor"
    );
    assert_eq!(
        staff.list_credit_log("orderId=701").await.rows()[0]["supplierPrice"],
        40_000
    );
    let second_token = second_distributor(&f);
    let rows = Client::new(&f, &second_token)
        .list_credit_log("")
        .await
        .rows();
    assert_eq!((rows.len(), rows[0]["orderId"].as_i64()), (1, Some(702)));
    assert_eq!(
        Client::new(&f, &f.supplier)
            .list_credit_log("")
            .await
            .data()["sizeAll"],
        0
    );
    assert_eq!(
        other_staff.list_credit_log("").await.rows()[0]["orderId"],
        703
    );
    f.shutdown().await;
}

async fn bad_filters_name_the_field(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    for (q, field) in [
        ("dateType=4", "dateType"),
        ("receiptProgress=0", "receiptProgress"),
        ("paymentProgress=4", "paymentProgress"),
        ("state=9", "state"),
        ("startDate=2026-02-30", "startDate"),
        ("startDate=2026-03-02&endDate=2026-03-01", "endDate"),
        ("orderId=abc", "orderId"),
        ("resultNum=0", "resultNum"),
    ] {
        assert_eq!(staff.list_credit_log(q).await.field(), field, "{q}");
    }
    f.shutdown().await;
}

platform::on_both_backends!(
    a_row_follows_its_order_and_a_late_or_repeated_event_changes_nothing,
    the_list_filters_by_date_progress_and_the_rest,
    each_distributor_sees_its_own_rows_and_suppliers_none,
    bad_filters_name_the_field,
);
