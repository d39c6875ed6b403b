//! Credit limits: the tenant's staff set and change them (each change logged with who and why),
//! a distributor sees its own account only, a supplier none, another tenant nothing; bad input
//! is a 412 naming the field that writes nothing; the check says what may be paid.

use platform::testing::{Backend, TenantFixture};
use serde_json::json;

use crate::helpers::{Client, SECOND_DISTRIBUTOR, day, second_distributor, start};

const DISTRIBUTOR: i64 = TenantFixture::DISTRIBUTOR;

async fn staff_set_and_change_limits_and_each_change_is_logged(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let set = staff
        .update_credit(json!({
            "mchId": DISTRIBUTOR,
            "credit": 100_000,
            "tempCredit": 20_000,
            "tempCreditExpiry": day(3),
            "reason": " opening ",
        }))
        .await;
    let a = set.data();
    assert_eq!(a["mchName"], "Demo Distributor");
    assert_eq!(a["currency"], "CNY");
    assert_eq!(a["state"], 1, "new accounts are valid");
    assert_eq!(a["tempCreditExpiry"], day(3));
    assert_eq!(a["tempCreditValid"], true);
    assert_eq!(a["available"], 120_000);

    // An expired temporary credit no longer counts.
    let changed = staff
        .update_credit(json!({
            "mchId": DISTRIBUTOR,
            "credit": 80_000,
            "tempCredit": 20_000,
            "tempCreditExpiry": day(-1),
            "reason": "season over",
        }))
        .await;
    assert_eq!(changed.data()["available"], 80_000);
    assert_eq!(changed.data()["tempCreditValid"], false);

    let page = staff.list_credit("mchId=-99&state=-99").await;
    assert_eq!(page.data()["sizeAll"], 1);
    assert_eq!(page.rows()[0]["credit"], 80_000);

    let log = staff
        .credit_changes(&format!("mchId={DISTRIBUTOR}"))
        .await
        .rows();
    assert_eq!(log.len(), 2);
    assert_eq!(log[0]["reason"], "season over");
    assert_eq!(log[0]["creditBefore"], 100_000);
    assert_eq!(log[0]["creditAfter"], 80_000);
    assert_eq!(log[0]["tempCreditExpiryBefore"], day(3));
    assert_eq!(log[0]["tempCreditExpiryAfter"], day(-1));
    assert_eq!(log[0]["userId"], 1);
    assert_eq!(log[1]["reason"], "opening");
    assert_eq!(log[1]["creditBefore"], 0);
    assert_eq!(log[1]["stateBefore"], 0);
    assert_eq!(log[1]["stateAfter"], 1);
    f.shutdown().await;
}

async fn a_distributor_sees_its_own_account_only_and_cannot_change_it(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    staff.set_credit(DISTRIBUTOR, 50_000).await;
    staff.set_credit(SECOND_DISTRIBUTOR, 70_000).await;
    assert_eq!(staff.list_credit("").await.data()["sizeAll"], 2);

    let own = Client::new(&f, &f.distributor);
    let page = own.list_credit("").await;
    assert_eq!(page.data()["sizeAll"], 1);
    assert_eq!(page.rows()[0]["mchId"], DISTRIBUTOR);
    let asked_other = own
        .list_credit(&format!("mchId={SECOND_DISTRIBUTOR}"))
        .await;
    assert_eq!(asked_other.data()["sizeAll"], 0);
    // The check and the change log are the caller's own whatever it names.
    let check = own
        .check_credit(&format!("mchId={SECOND_DISTRIBUTOR}"))
        .await;
    assert_eq!(check.data()["mchId"], DISTRIBUTOR);
    assert_eq!(check.data()["available"], 50_000);
    let log = own
        .credit_changes(&format!("mchId={SECOND_DISTRIBUTOR}"))
        .await
        .rows();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0]["mchId"], DISTRIBUTOR);
    assert_eq!(own.list_balances("").await.data()["sizeAll"], 1);

    let refused = own
        .update_credit(json!({"mchId": DISTRIBUTOR, "credit": 9_999_999, "reason": "mine"}))
        .await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    let second_token = second_distributor(&f);
    let second = Client::new(&f, &second_token);
    assert_eq!(second.list_credit("").await.rows()[0]["credit"], 70_000);

    // A supplier has no credit: sees none, checks none.
    let supplier = Client::new(&f, &f.supplier);
    assert_eq!(supplier.list_credit("").await.data()["sizeAll"], 0);
    assert_eq!(supplier.list_balances("").await.data()["sizeAll"], 0);
    assert_eq!(supplier.check_credit("").await.status, 403);
    let refused = supplier
        .update_credit(json!({"mchId": DISTRIBUTOR, "credit": 1, "reason": "x"}))
        .await;
    assert_eq!(refused.status, 403);

    // Another tenant sees nothing of ours and cannot set ours.
    let other = Client::new(&f, &f.other_operator);
    assert_eq!(other.list_credit("").await.data()["sizeAll"], 0);
    let missing = other.check_credit(&format!("mchId={DISTRIBUTOR}")).await;
    assert_eq!(missing.status, 404, "{}", missing.body);
    let theirs = other
        .update_credit(json!({"mchId": DISTRIBUTOR, "credit": 1, "reason": "x"}))
        .await;
    assert_eq!(theirs.field(), "mchId");
    assert_eq!(
        staff.list_credit("").await.rows()[1]["credit"],
        50_000,
        "unchanged"
    );
    f.shutdown().await;
}

async fn bad_limits_name_the_field_and_write_nothing(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let ok = json!({"mchId": DISTRIBUTOR, "credit": 1000, "reason": "r"});
    let with = |k: &str, v: serde_json::Value| {
        let mut b = ok.clone();
        b[k] = v;
        b
    };
    for (body, field) in [
        (with("mchId", json!(0)), "mchId"),
        (with("mchId", json!(TenantFixture::SUPPLIER)), "mchId"),
        (with("mchId", json!(424_242)), "mchId"),
        (with("credit", json!(-1)), "credit"),
        (with("credit", json!("lots")), "credit"),
        (with("credit", json!(1.5)), "credit"),
        (with("tempCredit", json!(10)), "tempCreditExpiry"),
        (
            {
                let mut b = with("tempCredit", json!(10));
                b["tempCreditExpiry"] = json!("2026-13-01");
                b
            },
            "tempCreditExpiry",
        ),
        (with("state", json!(2)), "state"),
        (with("reason", json!("   ")), "reason"),
        (with("reason", json!("a\u{0}b")), "reason"),
    ] {
        assert_eq!(staff.update_credit(body).await.field(), field);
    }
    assert_eq!(staff.list_credit("").await.data()["sizeAll"], 0);
    assert_eq!(staff.list_credit("resultNum=0").await.field(), "resultNum");
    assert_eq!(staff.check_credit("").await.field(), "mchId");
    assert_eq!(
        staff
            .check_credit(&format!("mchId={DISTRIBUTOR}&amount=0"))
            .await
            .field(),
        "amount"
    );
    f.shutdown().await;
}

async fn the_check_says_whether_an_amount_may_be_paid(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    staff.set_credit(DISTRIBUTOR, 10_000).await;
    let own = Client::new(&f, &f.distributor);
    let fits = own.check_credit("amount=10000").await;
    assert_eq!(fits.data()["enough"], true);
    assert_eq!(fits.data()["reason"], "");
    let over = own.check_credit("amount=10001").await;
    assert_eq!(over.data()["enough"], false);
    assert!(
        over.data()["reason"]
            .as_str()
            .unwrap()
            .contains("100.00 available"),
        "{}",
        over.body
    );
    staff
        .update_credit(
            json!({"mchId": DISTRIBUTOR, "credit": 10_000, "state": 0, "reason": "hold"}),
        )
        .await
        .data();
    let mut zh = Client::new(&f, &f.distributor);
    zh.lang = "zh-CN";
    let held = zh.check_credit("amount=1").await;
    assert_eq!(held.data()["enough"], false);
    assert_eq!(held.data()["reason"], "分销商的授信账户无效");
    // Nothing was taken by checking.
    assert_eq!(own.check_credit("").await.data()["usedCredit"], 0);
    f.shutdown().await;
}

/// A body over the platform's limit is a 413 in the envelope on every route of the service.
async fn every_route_refuses_a_body_over_the_limit_in_the_envelope(backend: Backend) {
    let f = start(backend).await;
    assert_eq!(
        f.app.body_limit_misses(&[&f.operator]).await,
        Vec::<String>::new()
    );
    f.shutdown().await;
}

platform::on_both_backends!(
    staff_set_and_change_limits_and_each_change_is_logged,
    a_distributor_sees_its_own_account_only_and_cannot_change_it,
    bad_limits_name_the_field_and_write_nothing,
    the_check_says_whether_an_amount_may_be_paid,
    every_route_refuses_a_body_over_the_limit_in_the_envelope,
);
