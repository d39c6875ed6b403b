//! Payments to suppliers and their logs: the mirror of receipts. A payment owes the supplier's
//! price of its orders; money paid is recorded, confirmed, rolled back and reviewed by finance;
//! a supplier sees its own payments, a distributor none; an order can be in a receipt and a
//! payment at once.

use platform::testing::{Backend, TenantFixture};
use serde_json::Value;

use crate::helpers::orders::book;
use crate::helpers::{Client, Side, start};

const DISTRIBUTOR: i64 = TenantFixture::DISTRIBUTOR;
const P: Side = Side::Payment;

fn id_of(a: &platform::testing::Answer, key: &str) -> i64 {
    assert_eq!(a.status, 200, "{}", a.body);
    a.data()[key].as_i64().unwrap()
}

async fn a_payment_pays_the_suppliers_price_and_a_rollback_undoes_it(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let first = book(&f, 901, DISTRIBUTOR, 45_000).await;
    let second = book(&f, 902, DISTRIBUTOR, 31_000).await;
    let payment = id_of(&staff.verify_orders(P, &[first, second]).await, "paymentId");
    // The same orders go in a receipt too: the two sides are apart.
    let receipt = staff.verify_orders(Side::Receipt, &[first, second]).await;
    assert_eq!(receipt.status, 200, "{}", receipt.body);
    let again = staff.verify_orders(P, &[second]).await;
    assert_eq!((again.status, again.field()), (412, "creditLogIds"));

    let d = staff.load_settlement(P, payment).await;
    let p = &d.data()["payment"];
    assert_eq!(p["supplierMchId"], TenantFixture::SUPPLIER);
    assert_eq!(p["supplierName"], "Demo Supplier");
    assert_eq!(p["paymentPrice"], 44_000 + 30_000);
    assert_eq!(p["state"], 1);
    assert_eq!(
        d.data()["prompts"]["review"],
        "Confirm payment information is correct?"
    );

    let log = id_of(&staff.save_log(P, payment, 50_000).await, "id");
    let l = staff.load_log(P, log).await;
    assert_eq!(l.data()["paymentId"], payment);
    assert_eq!(l.data()["payDate"], crate::helpers::day(0));
    assert_eq!(l.data()["paymentInfo"], "ICBC 6222");
    let after = staff.act_on_log(P, "confirm", log).await;
    assert_eq!(after.data()["arrivalPrice"], 50_000);
    assert_eq!(after.data()["paymentProgress"], 2);
    assert_eq!(after.data()["state"], 2);
    let row = staff.list_credit_log("orderId=902").await.rows()[0].clone();
    assert_eq!(
        (&row["paymentProgress"], &row["paymentId"]),
        (&Value::from(2), &Value::from(payment))
    );
    assert!(row["paymentDate"].as_i64().unwrap() > 0);
    // The receipt side of the order is untouched.
    assert_eq!(row["receiptProgress"], 1);

    let back = staff.act_on_log(P, "rollback", log).await;
    assert_eq!(back.data()["arrivalPrice"], 0);
    assert_eq!(back.data()["state"], 1);
    let row = staff.list_credit_log("orderId=902").await.rows()[0].clone();
    assert_eq!(
        (&row["paymentProgress"], &row["paymentDate"]),
        (&Value::from(1), &Value::from(0))
    );

    let all = id_of(&staff.save_log(P, payment, 74_000).await, "id");
    assert_eq!(staff.act_on_log(P, "confirm", all).await.status, 200);
    assert_eq!(
        staff.close_settlement(P, "review", payment).await.status,
        200
    );
    let p = staff.load_settlement(P, payment).await.data()["payment"].clone();
    assert_eq!(
        (&p["state"], &p["paymentProgress"]),
        (&Value::from(4), &Value::from(3))
    );
    let line = staff.summary(P, "").await.rows()[0].clone();
    assert_eq!(line["supplierMchId"], TenantFixture::SUPPLIER);
    assert_eq!(line["paymentPrice"], 74_000);
    assert_eq!(line["arrivalPrice"], 74_000);
    assert_eq!(line["outstanding"], 0);
    f.shutdown().await;
}

async fn a_supplier_sees_its_own_payments_and_a_distributor_none(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let row = book(&f, 911, DISTRIBUTOR, 10_000).await;
    let payment = id_of(&staff.verify_orders(P, &[row]).await, "paymentId");
    let log = id_of(&staff.save_log(P, payment, 1_000).await, "id");

    let supplier = Client::new(&f, &f.supplier);
    assert_eq!(supplier.list_settlements(P, "").await.data()["sizeAll"], 1);
    assert_eq!(supplier.load_settlement(P, payment).await.status, 200);
    assert_eq!(supplier.list_logs(P, "").await.data()["sizeAll"], 1);
    let lines = supplier.summary(P, "").await.rows();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["paymentPrice"], 9_000);
    let orders = supplier.verify_order_list(P, "").await.rows();
    assert_eq!(orders.len(), 1);
    assert!(
        orders[0].get("orderPrice").is_none(),
        "no distributor price"
    );
    assert!(orders[0].get("receiptDue").is_none(), "no receipt side");
    assert_eq!(supplier.act_on_log(P, "confirm", log).await.status, 403);
    assert_eq!(supplier.verify_orders(P, &[row]).await.status, 403);
    // A supplier has no receipts.
    assert_eq!(
        supplier.summary(Side::Receipt, "").await.data()["sizeAll"],
        0
    );

    let distributor = Client::new(&f, &f.distributor);
    assert_eq!(
        distributor.list_settlements(P, "").await.data()["sizeAll"],
        0
    );
    assert_eq!(distributor.load_settlement(P, payment).await.status, 404);
    assert_eq!(distributor.load_log(P, log).await.status, 404);
    assert_eq!(distributor.summary(P, "").await.data()["sizeAll"], 0);
    assert_eq!(
        distributor.verify_order_list(P, "").await.data()["sizeAll"],
        0
    );

    let other = Client::new(&f, &f.other_supplier);
    assert_eq!(other.list_settlements(P, "").await.data()["sizeAll"], 0);
    assert_eq!(other.load_settlement(P, payment).await.status, 404);
    let stranger = Client::new(&f, &f.other_operator);
    assert_eq!(stranger.summary(P, "").await.data()["sizeAll"], 0);
    assert_eq!(stranger.act_on_log(P, "confirm", log).await.status, 404);

    let bad = staff.save_log(P, payment, 9_001).await;
    assert_eq!((bad.status, bad.field()), (412, "money"));
    let bad_date = staff
        .send(
            "POST",
            "/saas/finance/paymentLog/save",
            serde_json::json!({"paymentId": payment, "money": 1, "payDate": "x"}),
        )
        .await;
    assert_eq!((bad_date.status, bad_date.field()), (412, "payDate"));
    assert_eq!(staff.save_log(P, 42, 1).await.field(), "paymentId");
    assert_eq!(staff.list_logs(P, "").await.data()["sizeAll"], 1);
    f.shutdown().await;
}

platform::on_both_backends!(
    a_payment_pays_the_suppliers_price_and_a_rollback_undoes_it,
    a_supplier_sees_its_own_payments_and_a_distributor_none,
);
