//! The summaries' read model (`ledger_lines`) after each kind of event that moves the ledger,
//! one at a time: an order created, one told out of order (state-changed before created),
//! completed, cancelled and made invalid while it is being settled (abnormal), a receipt and a
//! payment made, money confirmed and rolled back on both sides, a review, deletions. After each, the lines
//! equal the rows grouped afresh and the summaries answer them
//! ([`crate::verify::check_read_model`]; the random sequence there checks the same after each
//! of its steps).

use platform::testing::{Backend, TenantFixture};

use crate::helpers::orders::{book, cancel, change};
use crate::helpers::{Client, SECOND_DISTRIBUTOR, Side, start};
use crate::verify::check_read_model;

async fn the_summaries_read_model_equals_the_grouped_rows_after_every_kind_of_event(
    backend: Backend,
) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let pool = platform::db::connect(&f.app.db.as_ref().unwrap().config()).unwrap();
    let d1 = TenantFixture::DISTRIBUTOR;
    let d2 = SECOND_DISTRIBUTOR;
    check_read_model(&staff, &pool, 0, "nothing yet").await;

    let a = book(&f, 7_001, d1, 10_000).await;
    check_read_model(&staff, &pool, 1, "order created").await;
    let b = book(&f, 7_002, d2, 20_000).await;
    change(&f, 7_002, d2, 1, 5, 2).await;
    check_read_model(&staff, &pool, 2, "order completed").await;
    // Told out of order: the state first (a row without amounts, owing nothing), then created.
    change(&f, 7_003, d1, 2, 1, 2).await;
    check_read_model(&staff, &pool, 3, "state-changed before created").await;
    let c = book(&f, 7_003, d1, 30_000).await;
    check_read_model(&staff, &pool, 4, "created after its state").await;

    let made = staff.verify_orders(Side::Receipt, &[a, c]).await;
    assert_eq!(made.status, 200, "{}", made.body);
    let receipt = made.data()["receiptId"].as_i64().unwrap();
    check_read_model(&staff, &pool, 5, "receipt made").await;
    let made = staff.verify_orders(Side::Payment, &[a, b]).await;
    assert_eq!(made.status, 200, "{}", made.body);
    let payment = made.data()["paymentId"].as_i64().unwrap();
    check_read_model(&staff, &pool, 6, "payment made").await;

    let log = staff.save_log(Side::Receipt, receipt, 15_000).await;
    assert_eq!(log.status, 200, "{}", log.body);
    let log = log.data()["id"].as_i64().unwrap();
    check_read_model(&staff, &pool, 7, "money recorded").await;
    let done = staff.act_on_log(Side::Receipt, "confirm", log).await;
    assert_eq!(done.status, 200, "{}", done.body);
    check_read_model(&staff, &pool, 8, "money confirmed").await;
    let paid = staff.save_log(Side::Payment, payment, 5_000).await;
    assert_eq!(paid.status, 200, "{}", paid.body);
    let paid = paid.data()["id"].as_i64().unwrap();
    let done = staff.act_on_log(Side::Payment, "confirm", paid).await;
    assert_eq!(done.status, 200, "{}", done.body);
    check_read_model(&staff, &pool, 8, "payment money confirmed").await;

    cancel(&f, 7_001, d1, 10_000).await;
    check_read_model(&staff, &pool, 9, "cancelled while settled (abnormal)").await;
    let done = staff.act_on_log(Side::Receipt, "rollback", log).await;
    assert_eq!(done.status, 200, "{}", done.body);
    check_read_model(&staff, &pool, 10, "money rolled back").await;
    let done = staff
        .close_settlement(Side::Receipt, "delete", receipt)
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    check_read_model(&staff, &pool, 11, "receipt deleted").await;

    let made = staff.verify_orders(Side::Receipt, &[c]).await;
    assert_eq!(made.status, 200, "{}", made.body);
    let receipt = made.data()["receiptId"].as_i64().unwrap();
    let log = staff.save_log(Side::Receipt, receipt, 30_000).await;
    let log = log.data()["id"].as_i64().unwrap();
    let done = staff.act_on_log(Side::Receipt, "confirm", log).await;
    assert_eq!(done.status, 200, "{}", done.body);
    let done = staff
        .close_settlement(Side::Receipt, "review", receipt)
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    check_read_model(&staff, &pool, 12, "received in full and reviewed").await;

    change(&f, 7_002, d2, 5, 9, 3).await;
    check_read_model(
        &staff,
        &pool,
        13,
        "made invalid while in a payment (abnormal)",
    )
    .await;
    let lines = staff.summary(Side::Payment, "").await.rows();
    assert_eq!(lines[0]["abnormalCount"], 2, "{lines:?}");
    let done = staff.act_on_log(Side::Payment, "rollback", paid).await;
    assert_eq!(done.status, 200, "{}", done.body);
    check_read_model(&staff, &pool, 13, "payment money rolled back").await;
    let done = staff
        .close_settlement(Side::Payment, "delete", payment)
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    check_read_model(&staff, &pool, 14, "payment deleted").await;
    // What is left: order C received in full on the receipt side, nothing owed to the supplier
    // but C's price.
    let lines = staff.summary(Side::Receipt, "").await.rows();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(lines[0]["receiptPrice"], 30_000);
    assert_eq!(lines[0]["outstanding"], 0);
    f.shutdown().await;
}

platform::on_both_backends!(
    the_summaries_read_model_equals_the_grouped_rows_after_every_kind_of_event
);
