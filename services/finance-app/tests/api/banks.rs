//! The tenant's bank accounts: its staff keep them; merchants' users and other tenants neither
//! see nor change them; bad input is a 412 naming the field that writes nothing.

use platform::testing::Backend;
use serde_json::json;

use crate::helpers::{Client, start};

fn bank(no: &str) -> serde_json::Value {
    json!({
        "bankName": " ICBC Hangzhou ",
        "accountName": "Demo Travel",
        "accountNo": no,
        "branch": "West Lake",
    })
}

async fn staff_add_change_and_disable_bank_accounts(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let id = staff.save_bank(bank("6222 0000 1111")).await.data()["bankId"]
        .as_i64()
        .unwrap();
    let rows = staff.list_banks("").await.rows();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["bankName"], "ICBC Hangzhou");
    assert_eq!(rows[0]["accountNo"], "622200001111");
    assert_eq!(rows[0]["currency"], "CNY");
    assert_eq!(rows[0]["state"], 1);

    let mut changed = bank("6222-0000-2222");
    changed["bankId"] = json!(id);
    changed["currency"] = json!("USD");
    staff.update_bank(changed).await.data();
    staff.disable_bank(json!({"bankId": id})).await.data();
    let row = &staff.list_banks("keyword=2222").await.rows()[0];
    assert_eq!(row["currency"], "USD");
    assert_eq!(row["state"], 0);
    assert_eq!(staff.list_banks("state=1").await.data()["sizeAll"], 0);
    staff
        .disable_bank(json!({"bankId": id, "state": 1}))
        .await
        .data();
    assert_eq!(staff.list_banks("state=1").await.data()["sizeAll"], 1);
    f.shutdown().await;
}

async fn merchants_and_other_tenants_cannot_see_or_change_them(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let id = staff.save_bank(bank("6222000011110")).await.data()["bankId"]
        .as_i64()
        .unwrap();
    for token in [&f.supplier, &f.distributor] {
        let merchant = Client::new(&f, token);
        assert_eq!(merchant.list_banks("").await.status, 403);
        assert_eq!(merchant.save_bank(bank("99998888")).await.status, 403);
        assert_eq!(
            merchant.disable_bank(json!({"bankId": id})).await.status,
            403
        );
    }
    let other = Client::new(&f, &f.other_operator);
    assert_eq!(other.list_banks("").await.data()["sizeAll"], 0);
    let mut theirs = bank("11112222");
    theirs["bankId"] = json!(id);
    assert_eq!(other.update_bank(theirs).await.status, 404);
    assert_eq!(other.disable_bank(json!({"bankId": id})).await.status, 404);
    // The same number is free in another tenant.
    other.save_bank(bank("6222000011110")).await.data();
    assert_eq!(staff.list_banks("state=1").await.data()["sizeAll"], 1);
    f.shutdown().await;
}

async fn bad_bank_input_names_the_field_and_writes_nothing(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let with = |k: &str, v: serde_json::Value| {
        let mut b = bank("62220000");
        b[k] = v;
        b
    };
    for (body, field) in [
        (with("bankName", json!(" ")), "bankName"),
        (with("accountName", json!("")), "accountName"),
        (with("accountNo", json!("12ab")), "accountNo"),
        (with("accountNo", json!(12345678)), "accountNo"),
        (with("currency", json!("rmb")), "currency"),
        (with("branch", json!("a\nb")), "branch"),
    ] {
        assert_eq!(staff.save_bank(body).await.field(), field);
    }
    staff.save_bank(bank("62220000")).await.data();
    assert_eq!(
        staff.save_bank(bank("6222 0000")).await.field(),
        "accountNo"
    );
    assert_eq!(staff.list_banks("").await.data()["sizeAll"], 1);
    assert_eq!(
        staff
            .disable_bank(json!({"bankId": 1, "state": 5}))
            .await
            .field(),
        "state"
    );
    assert_eq!(staff.disable_bank(json!({"bankId": 42})).await.status, 404);
    f.shutdown().await;
}

platform::on_both_backends!(
    staff_add_change_and_disable_bank_accounts,
    merchants_and_other_tenants_cannot_see_or_change_them,
    bad_bank_input_names_the_field_and_writes_nothing,
);
