//! Receipts and their logs: made of a distributor's orders, money recorded, confirmed, rolled
//! back and reviewed; each order's progress, date and id follow, and a rollback undoes exactly
//! what its confirmation did. Who sees and who acts; bad input writes nothing; an order changed
//! after it was put in a receipt is abnormal.

use platform::testing::{Backend, TenantFixture};
use serde_json::Value;

use crate::helpers::orders::{book, cancel};
use crate::helpers::{Client, SECOND_DISTRIBUTOR, Side, second_distributor, start};

const DISTRIBUTOR: i64 = TenantFixture::DISTRIBUTOR;
const R: Side = Side::Receipt;

/// The receipt's orders as (order id, received, progress, date, receipt id, verify).
async fn orders_of(staff: &Client<'_>, receipt: i64) -> Vec<(i64, i64, i64, i64, i64, i64)> {
    let a = staff.load_settlement(R, receipt).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.data()["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            let n = |k: &str| o[k].as_i64().unwrap();
            (
                n("orderId"),
                n("receiptReceived"),
                n("receiptProgress"),
                n("receiptDate"),
                n("receiptId"),
                n("receiptVerify"),
            )
        })
        .collect()
}

fn id_of(a: &platform::testing::Answer, key: &str) -> i64 {
    assert_eq!(a.status, 200, "{}", a.body);
    a.data()[key].as_i64().unwrap()
}

async fn credit_log_row(staff: &Client<'_>, order_id: i64) -> Value {
    staff
        .list_credit_log(&format!("orderId={order_id}"))
        .await
        .rows()[0]
        .clone()
}

async fn a_receipt_settles_its_orders_and_a_rollback_undoes_exactly_that(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let first = book(&f, 801, DISTRIBUTOR, 45_000).await;
    let second = book(&f, 802, DISTRIBUTOR, 30_000).await;

    let receipt = id_of(&staff.verify_orders(R, &[first, second]).await, "receiptId");
    let r = staff.load_settlement(R, receipt).await;
    let d = &r.data()["receipt"];
    assert_eq!(d["distributorMchId"], DISTRIBUTOR);
    assert_eq!(d["distributorName"], "Demo Distributor");
    assert_eq!(d["currencyCode"], "CNY");
    assert_eq!(d["receiptPrice"], 75_000);
    assert_eq!(d["arrivalPrice"], 0);
    assert_eq!(d["receiptProgress"], 1);
    assert_eq!(d["state"], 1);
    assert_eq!(d["orderCount"], 2);
    assert_eq!(
        r.data()["prompts"]["review"],
        "Confirm receipt information is correct?"
    );
    // A row is in one live receipt only.
    let again = staff.verify_orders(R, &[first]).await;
    assert_eq!((again.status, again.field()), (412, "creditLogIds"));

    // Money recorded is pending: nothing counts yet.
    let log = id_of(&staff.save_log(R, receipt, 50_000).await, "id");
    let l = staff.load_log(R, log).await;
    assert_eq!(l.data()["state"], 0);
    assert_eq!(l.data()["receiptId"], receipt);
    assert_eq!(l.data()["money"], 50_000);
    assert_eq!(l.data()["serialId"], "SN-1");
    assert_eq!(orders_of(&staff, receipt).await[0].1, 0);
    // Pending money counts against what is left.
    let over = staff.save_log(R, receipt, 25_001).await;
    assert_eq!((over.status, over.field()), (412, "money"));

    let after = staff.act_on_log(R, "confirm", log).await;
    assert_eq!(after.status, 200, "{}", after.body);
    assert_eq!(after.data()["arrivalPrice"], 50_000);
    assert_eq!(after.data()["receiptProgress"], 2);
    assert_eq!(after.data()["state"], 2);
    assert!(
        after.data()["confirmUserName"]
            .as_str()
            .unwrap()
            .starts_with("user")
    );
    let once = orders_of(&staff, receipt).await;
    assert_eq!(
        once.iter()
            .map(|o| (o.0, o.1, o.2, o.4, o.5))
            .collect::<Vec<_>>(),
        [(801, 45_000, 3, receipt, 2), (802, 5_000, 2, receipt, 1)]
    );
    assert!(once.iter().all(|o| o.3 > 0), "dated: {once:?}");
    let row = credit_log_row(&staff, 801).await;
    assert_eq!(
        (&row["receiptProgress"], &row["receiptId"]),
        (&Value::from(3), &Value::from(receipt))
    );
    assert_eq!(staff.load_log(R, log).await.data()["state"], 1, "confirmed");
    // Confirming twice is refused.
    assert_eq!(staff.act_on_log(R, "confirm", log).await.status, 412);

    // The rest, confirmed, then rolled back: the orders are exactly as after the first.
    let rest = id_of(&staff.save_log(R, receipt, 25_000).await, "id");
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let full = staff.act_on_log(R, "confirm", rest).await;
    assert_eq!(full.data()["arrivalPrice"], 75_000);
    assert_eq!(full.data()["receiptProgress"], 3);
    let both = orders_of(&staff, receipt).await;
    assert_eq!((both[1].1, both[1].2), (30_000, 3));
    let back = staff.act_on_log(R, "rollback", rest).await;
    assert_eq!(back.status, 200, "{}", back.body);
    assert_eq!(back.data()["arrivalPrice"], 50_000);
    assert_eq!(orders_of(&staff, receipt).await, once);
    assert_eq!(staff.load_log(R, rest).await.data()["state"], 3);
    // A cancelled log is not confirmed again.
    assert_eq!(staff.act_on_log(R, "confirm", rest).await.status, 412);

    // Review needs everything received.
    let early = staff.close_settlement(R, "review", receipt).await;
    assert_eq!(early.status, 412, "{}", early.body);
    assert_eq!(early.body["code"], "not-fully-settled");
    let last = id_of(&staff.save_log(R, receipt, 25_000).await, "id");
    assert_eq!(staff.act_on_log(R, "confirm", last).await.status, 200);
    let reviewed = staff.close_settlement(R, "review", receipt).await;
    assert_eq!(reviewed.status, 200, "{}", reviewed.body);
    let d = staff.load_settlement(R, receipt).await.data()["receipt"].clone();
    assert_eq!(d["state"], 4);
    assert!(d["checkDate"].as_i64().unwrap() > 0);
    assert!(d["checkUserName"].as_str().unwrap().starts_with("user"));
    assert!(orders_of(&staff, receipt).await.iter().all(|o| o.5 == 3));
    // Reviewed: closed.
    assert_eq!(staff.act_on_log(R, "rollback", last).await.status, 412);
    assert_eq!(staff.save_log(R, receipt, 1).await.status, 412);

    let logs = staff
        .list_logs(R, &format!("receiptId={receipt}&state=1"))
        .await;
    assert_eq!(logs.data()["sizeAll"], 2);
    let listed = staff.list_settlements(R, "state=4").await.rows();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["id"], receipt);
    f.shutdown().await;
}

async fn each_sees_its_own_and_only_staff_act(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let mine = book(&f, 811, DISTRIBUTOR, 10_000).await;
    let theirs = book(&f, 812, SECOND_DISTRIBUTOR, 20_000).await;
    let receipt = id_of(&staff.verify_orders(R, &[mine]).await, "receiptId");
    let other = id_of(&staff.verify_orders(R, &[theirs]).await, "receiptId");
    let log = id_of(&staff.save_log(R, receipt, 4_000).await, "id");

    let distributor = Client::new(&f, &f.distributor);
    let rows = distributor.list_settlements(R, "").await.rows();
    assert_eq!(
        rows.iter().map(|r| r["id"].clone()).collect::<Vec<_>>(),
        [Value::from(receipt)]
    );
    assert_eq!(
        distributor
            .list_settlements(R, &format!("distributorMchId={SECOND_DISTRIBUTOR}"))
            .await
            .data()["sizeAll"],
        0
    );
    assert_eq!(distributor.load_settlement(R, receipt).await.status, 200);
    assert_eq!(distributor.load_settlement(R, other).await.status, 404);
    assert_eq!(distributor.load_log(R, log).await.status, 200);
    let lines = distributor.summary(R, "").await.rows();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0]["distributorMchId"], DISTRIBUTOR);
    assert_eq!(lines[0]["receiptPrice"], 10_000);
    let theirs_line = format!("distributorMchId={SECOND_DISTRIBUTOR}");
    assert_eq!(
        distributor.summary(R, &theirs_line).await.data()["sizeAll"],
        0
    );
    assert_eq!(staff.summary(R, "").await.data()["sizeAll"], 2);
    let orders = distributor.verify_order_list(R, "").await.rows();
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0]["orderId"], 811);
    assert!(
        orders[0].get("supplierPrice").is_none(),
        "no supplier price"
    );
    assert!(orders[0].get("paymentDue").is_none(), "no payment side");
    assert_eq!(
        distributor.summary(Side::Payment, "").await.data()["sizeAll"],
        0
    );
    // Only the tenant's staff act.
    assert_eq!(distributor.verify_orders(R, &[mine]).await.status, 403);
    assert_eq!(distributor.save_log(R, receipt, 1).await.status, 403);
    assert_eq!(distributor.act_on_log(R, "confirm", log).await.status, 403);
    assert_eq!(
        distributor
            .close_settlement(R, "delete", receipt)
            .await
            .status,
        403
    );

    let second_token = second_distributor(&f);
    let second = Client::new(&f, &second_token);
    assert_eq!(second.load_settlement(R, receipt).await.status, 404);
    assert_eq!(second.load_log(R, log).await.status, 404);
    assert_eq!(second.list_logs(R, "").await.data()["sizeAll"], 0);

    let supplier = Client::new(&f, &f.supplier);
    assert_eq!(supplier.list_settlements(R, "").await.data()["sizeAll"], 0);
    assert_eq!(supplier.list_logs(R, "").await.data()["sizeAll"], 0);
    assert_eq!(supplier.load_settlement(R, receipt).await.status, 404);
    assert_eq!(supplier.act_on_log(R, "confirm", log).await.status, 403);

    let stranger = Client::new(&f, &f.other_operator);
    assert_eq!(stranger.list_settlements(R, "").await.data()["sizeAll"], 0);
    assert_eq!(stranger.load_settlement(R, receipt).await.status, 404);
    assert_eq!(stranger.act_on_log(R, "confirm", log).await.status, 404);
    assert_eq!(
        stranger.close_settlement(R, "delete", receipt).await.status,
        404
    );
    let theirs_too = stranger.verify_orders(R, &[mine]).await;
    assert_eq!(
        (theirs_too.status, theirs_too.field()),
        (412, "creditLogIds")
    );
    // Nothing of that moved anything.
    let d = staff.load_settlement(R, receipt).await;
    assert_eq!(d.data()["receipt"]["state"], 1);
    assert_eq!(d.data()["logs"][0]["state"], 0);
    f.shutdown().await;
}

async fn bad_input_is_a_412_naming_the_field_and_writes_nothing(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let a = book(&f, 821, DISTRIBUTOR, 10_000).await;
    let b = book(&f, 822, SECOND_DISTRIBUTOR, 10_000).await;
    let failed = book(&f, 823, DISTRIBUTOR, 10_000).await;
    let unpaid = {
        use crate::helpers::orders::{created, order, send};
        let o = order(824, TenantFixture::SUPPLIER, DISTRIBUTOR);
        send(&f, &created(&o, 10_000, 2, platform::time::now_ms())).await;
        platform::testing::eventually("the unpaid order's row", || async {
            let rows = staff.list_credit_log("orderId=824").await.rows();
            rows.first().and_then(|r| r["id"].as_i64())
        })
        .await
    };
    cancel(&f, 823, DISTRIBUTOR, 10_000).await;
    for ids in [
        vec![],
        vec![a, a],
        vec![a, 999],
        vec![a, b],
        vec![failed],
        vec![unpaid],
    ] {
        let r = staff.verify_orders(R, &ids).await;
        assert_eq!((r.status, r.field()), (412, "creditLogIds"), "{ids:?}");
    }
    let wrong = staff
        .send(
            "POST",
            "/saas/finance/verify/VerifyDistributorOrderList",
            serde_json::json!({"creditLogIds": "x"}),
        )
        .await;
    assert_eq!((wrong.status, wrong.field()), (412, "creditLogIds"));
    assert_eq!(staff.list_settlements(R, "").await.data()["sizeAll"], 0);

    let receipt = id_of(&staff.verify_orders(R, &[a]).await, "receiptId");
    assert_eq!(staff.save_log(R, receipt, 0).await.field(), "money");
    assert_eq!(staff.save_log(R, receipt, 10_001).await.field(), "money");
    assert_eq!(staff.save_log(R, 42, 1).await.field(), "receiptId");
    let bad_date = staff
        .send(
            "POST",
            "/saas/finance/receiptLog/save",
            serde_json::json!({"receiptId": receipt, "money": 1, "receiptDate": "2026-02-30"}),
        )
        .await;
    assert_eq!((bad_date.status, bad_date.field()), (412, "receiptDate"));
    assert_eq!(staff.list_logs(R, "").await.data()["sizeAll"], 0);
    for (q, field) in [
        ("state=5", "state"),
        ("receiptProgress=4", "receiptProgress"),
        ("page=0", "page"),
    ] {
        assert_eq!(staff.list_settlements(R, q).await.field(), field, "{q}");
    }
    assert_eq!(staff.list_logs(R, "state=2").await.field(), "state");
    assert_eq!(staff.list_logs(R, "startDate=x").await.field(), "startDate");
    assert_eq!(staff.act_on_log(R, "confirm", 42).await.status, 404);
    assert_eq!(staff.close_settlement(R, "review", 42).await.status, 404);
    f.shutdown().await;
}

async fn an_order_changed_after_it_was_settled_is_abnormal_never_silently_changed(
    backend: Backend,
) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let row = book(&f, 831, DISTRIBUTOR, 20_000).await;
    let receipt = id_of(&staff.verify_orders(R, &[row]).await, "receiptId");
    let log = id_of(&staff.save_log(R, receipt, 20_000).await, "id");
    assert_eq!(staff.act_on_log(R, "confirm", log).await.status, 200);
    // The order is cancelled after it was received: the receipt still settles what it took.
    cancel(&f, 831, DISTRIBUTOR, 20_000).await;
    let o = orders_of(&staff, receipt).await;
    assert_eq!((o[0].1, o[0].5), (20_000, -1), "{o:?}");
    let line = staff.summary(R, "").await.rows()[0].clone();
    assert_eq!(line["receiptPrice"], 20_000);
    assert_eq!(line["arrivalPrice"], 20_000);
    assert_eq!(line["outstanding"], 0);
    assert_eq!(line["abnormalCount"], 1);
    let abnormal = staff.verify_order_list(R, "verifyState=-1").await.rows();
    assert_eq!(abnormal.len(), 1);
    assert_eq!(abnormal[0]["receiptDue"], 20_000);
    let refused = staff.close_settlement(R, "review", receipt).await;
    assert_eq!(refused.body["code"], "orders-abnormal");
    // Rolled back and deleted, the order owes what it owes now: nothing.
    assert_eq!(
        staff.close_settlement(R, "delete", receipt).await.status,
        412
    );
    assert_eq!(staff.act_on_log(R, "rollback", log).await.status, 200);
    assert_eq!(
        staff.close_settlement(R, "delete", receipt).await.status,
        200
    );
    let row = credit_log_row(&staff, 831).await;
    assert_eq!(
        (&row["receiptId"], &row["receiptProgress"]),
        (&Value::from(0), &Value::from(1))
    );
    assert_eq!(staff.summary(R, "").await.data()["sizeAll"], 0);
    assert_eq!(
        staff.load_settlement(R, receipt).await.data()["receipt"]["state"],
        -1
    );
    f.shutdown().await;
}

async fn concurrent_requests_take_a_row_once_and_count_every_confirmation_once(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let row = book(&f, 841, DISTRIBUTOR, 12_000).await;
    let rows = [row];
    let tries =
        futures_util::future::join_all((0..10).map(|_| staff.verify_orders(R, &rows))).await;
    let made: Vec<i64> = tries
        .iter()
        .filter(|a| a.status == 200)
        .map(|a| a.data()["receiptId"].as_i64().unwrap())
        .collect();
    assert_eq!(
        made.len(),
        1,
        "{:?}",
        tries.iter().map(|a| &a.body).collect::<Vec<_>>()
    );
    assert!(
        tries
            .iter()
            .all(|a| a.status == 200 || a.field() == "creditLogIds")
    );
    let receipt = made[0];
    let mut logs = Vec::new();
    for _ in 0..6 {
        logs.push(id_of(&staff.save_log(R, receipt, 2_000).await, "id"));
    }
    let confirmed = futures_util::future::join_all(
        logs.iter()
            .chain(logs.iter())
            .map(|&l| staff.act_on_log(R, "confirm", l)),
    )
    .await;
    // Each log confirmed once: six 200s, six refusals of a log no longer pending.
    assert_eq!(confirmed.iter().filter(|a| a.status == 200).count(), 6);
    let d = staff.load_settlement(R, receipt).await;
    assert_eq!(d.data()["receipt"]["arrivalPrice"], 12_000);
    assert_eq!(d.data()["orders"][0]["receiptReceived"], 12_000);
    assert_eq!(staff.summary(R, "").await.rows()[0]["outstanding"], 0);
    f.shutdown().await;
}

/// Money goes through one of the tenant's bank accounts in use, in the receipt's currency; the
/// logs show which, and the log list spans every receipt.
async fn money_names_a_bank_account_of_the_tenant_in_use(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let first = book(&f, 841, DISTRIBUTOR, 20_000).await;
    let second = book(&f, 842, DISTRIBUTOR, 30_000).await;
    let r1 = id_of(&staff.verify_orders(R, &[first]).await, "receiptId");
    let r2 = id_of(&staff.verify_orders(R, &[second]).await, "receiptId");
    let bank = staff.bank_id().await;
    let dollars = id_of(
        &staff
            .save_bank(
                serde_json::json!({"bankName": "HSBC", "accountName": "Demo Travel",
                "accountNo": "4000 1234", "currency": "USD"}),
            )
            .await,
        "bankId",
    );
    let disabled = id_of(
        &staff
            .save_bank(
                serde_json::json!({"bankName": "BOC", "accountName": "Demo Travel",
                "accountNo": "6217 9999"}),
            )
            .await,
        "bankId",
    );
    staff
        .disable_bank(serde_json::json!({"bankId": disabled}))
        .await
        .data();
    let theirs = Client::new(&f, &f.other_operator).bank_id().await;
    assert!(theirs > 0);
    for wrong in [0, 999, dollars, disabled, theirs] {
        let a = staff.save_log_through(R, r1, 1_000, wrong).await;
        assert_eq!((a.status, a.field()), (412, "bankId"), "{wrong}");
    }
    assert_eq!(staff.list_logs(R, "").await.data()["sizeAll"], 0);

    let l1 = id_of(&staff.save_log_through(R, r1, 20_000, bank).await, "id");
    id_of(&staff.save_log_through(R, r2, 10_000, bank).await, "id");
    let shown = staff
        .get("/saas/finance/receiptLog/load", &format!("id={l1}"))
        .await;
    assert_eq!(shown.data()["bankId"], bank);
    assert_eq!(shown.data()["bankName"], "ICBC");
    assert_eq!(shown.data()["accountNo"], "6222000012345678");
    // The log list spans the receipts, newest first, and narrows to one.
    let all = staff.list_logs(R, "").await.rows();
    let receipts: Vec<i64> = all
        .iter()
        .map(|l| l["receiptId"].as_i64().unwrap())
        .collect();
    assert_eq!(receipts, vec![r2, r1]);
    assert_eq!(all[1]["bankName"], "ICBC");
    let one = staff.list_logs(R, &format!("receiptId={r1}")).await;
    assert_eq!(one.data()["sizeAll"], 1);
    // A distributor sees its own logs with the account they went through.
    let mine = Client::new(&f, &f.distributor)
        .list_logs(R, "")
        .await
        .rows();
    assert_eq!(mine.len(), 2);
    assert_eq!(mine[0]["accountNo"], "6222000012345678");
    // Disabling the account later leaves the records naming it.
    staff
        .disable_bank(serde_json::json!({"bankId": bank}))
        .await
        .data();
    let a = staff.save_log_through(R, r2, 1_000, bank).await;
    assert_eq!((a.status, a.field()), (412, "bankId"));
    assert_eq!(staff.list_logs(R, "").await.rows()[1]["bankId"], bank);
    f.shutdown().await;
}

platform::on_both_backends!(
    money_names_a_bank_account_of_the_tenant_in_use,
    concurrent_requests_take_a_row_once_and_count_every_confirmation_once,
    a_receipt_settles_its_orders_and_a_rollback_undoes_exactly_that,
    each_sees_its_own_and_only_staff_act,
    bad_input_is_a_412_naming_the_field_and_writes_nothing,
    an_order_changed_after_it_was_settled_is_abnormal_never_silently_changed,
);
