//! Mini-program users: a mini-program logs its user in with the code of `wx.login`, which
//! weixin-server exchanges at WeChat (the simulator's `jscode2session`); the tenant's staff list
//! the users. Codes are single-use; another tenant sees none; bad input is a 412 naming the field.

use platform::testing::Backend;
use serde_json::json;

use crate::helpers::{MA_APP_ID, start};

async fn a_login_makes_the_user_and_the_next_one_updates_it(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_mini_program().await;
    let app = w.client("");

    let code = w.wx_login("oMa1", "uUnion1").await;
    let first = app.ma_login(json!({"configId": id, "code": code})).await;
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.data()["openId"], "oMa1");
    assert_eq!(first.data()["unionId"], "uUnion1");
    assert_eq!(first.data()["firstLogin"], true);
    assert!(
        first.data().get("sessionKey").is_none(),
        "the session key stays here"
    );
    // A code is good once (WeChat's 40163): a 412 on the code, nothing written.
    let again = app.ma_login(json!({"configId": id, "code": code})).await;
    assert_eq!(again.field(), "code", "{}", again.body);
    assert!(again.body.to_string().contains("40163"), "{}", again.body);

    let second = app
        .ma_login(json!({"configId": id, "code": w.wx_login("oMa1", "").await}))
        .await;
    assert_eq!(second.data()["firstLogin"], false);
    assert_eq!(second.data()["loginCount"], 2);
    assert_eq!(
        second.data()["unionId"],
        "uUnion1",
        "a login without one keeps it"
    );
    app.ma_login(json!({"configId": id, "code": w.wx_login("oMa2", "").await}))
        .await;

    let staff = w.client(&w.f.operator);
    let all = staff.ma_users(id, "").await;
    assert_eq!(all.status, 200, "{}", all.body);
    assert_eq!(all.data()["sizeAll"], 2);
    let rows = all.data()["results"].as_array().unwrap();
    // Latest login first.
    assert_eq!(rows[0]["openId"], "oMa2");
    assert_eq!(rows[1]["openId"], "oMa1");
    assert_eq!(rows[1]["loginCount"], 2);
    assert_eq!(rows[1]["configId"], id);
    assert!(rows[1]["createDate"].as_i64().unwrap() <= rows[1]["lastLoginDate"].as_i64().unwrap());
    assert!(rows[1].get("sessionKey").is_none() && rows[1].get("sessionKeySealed").is_none());
    assert_eq!(
        staff.ma_users(id, "keyword=UNION1").await.data()["sizeAll"],
        1
    );
    assert_eq!(
        staff.ma_users(id, "hasUnionId=0").await.data()["results"][0]["openId"],
        "oMa2"
    );
    assert_eq!(
        staff
            .ma_users(id, "hasUnionId=-99&page=2&resultNum=1")
            .await
            .data()["results"][0]["openId"],
        "oMa1"
    );
    let later = platform::time::now_ms() + 60_000;
    assert_eq!(
        staff
            .ma_users(id, &format!("loginFrom={later}"))
            .await
            .data()["sizeAll"],
        0
    );
    w.shutdown().await;
}

async fn first_logins_at_once_make_one_user(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_mini_program().await;
    let app = w.client("");
    let mut codes = Vec::new();
    for _ in 0..8 {
        codes.push(w.wx_login("oMaTwice", "").await);
    }
    let answers = futures_util::future::join_all(
        codes
            .iter()
            .map(|code| app.ma_login(json!({"configId": id, "code": code}))),
    )
    .await;
    for a in &answers {
        assert_eq!(a.status, 200, "{}", a.body);
    }
    let firsts = answers
        .iter()
        .filter(|a| a.data()["firstLogin"] == true)
        .count();
    assert_eq!(firsts, 1, "one of them made the user");
    let staff = w.client(&w.f.operator);
    let all = staff.ma_users(id, "").await;
    assert_eq!(all.data()["sizeAll"], 1);
    assert_eq!(all.data()["results"][0]["loginCount"], 8);
    w.shutdown().await;
}

async fn another_tenant_and_merchants_see_none(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_mini_program().await;
    w.client("")
        .ma_login(json!({"configId": id, "code": w.wx_login("oMa1", "").await}))
        .await;
    // Another tenant's administrator: the mini-program is not theirs.
    let other = w.client(&w.f.other_operator);
    assert_eq!(other.ma_users(id, "").await.status, 404);
    // With a mini-program of their own (same AppID, another tenant): none of the first's users.
    let theirs = other
        .save(
            "ma",
            json!({"name": "Theirs", "appId": MA_APP_ID, "appSecret": crate::helpers::SECRET}),
        )
        .await
        .data()["configId"]
        .as_i64()
        .unwrap();
    let listed = other.ma_users(theirs, "").await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    assert_eq!(listed.data()["sizeAll"], 0);
    // Merchants' users do not manage the tenant's WeChat.
    assert_eq!(w.client(&w.f.supplier).ma_users(id, "").await.status, 403);
    // An official account's id is not a mini-program's.
    let mp = w.add_plain_account().await;
    assert_eq!(w.client(&w.f.operator).ma_users(mp, "").await.status, 404);
    assert_eq!(
        w.client("")
            .ma_login(json!({"configId": mp, "code": "abc"}))
            .await
            .status,
        404
    );
    w.shutdown().await;
}

async fn bad_input_is_a_412_naming_the_field(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_mini_program().await;
    let staff = w.client(&w.f.operator);
    let app = w.client("");
    for (query, field) in [
        ("hasUnionId=5", "hasUnionId"),
        ("loginFrom=2000&loginTo=1000", "loginTo"),
        ("resultNum=0", "resultNum"),
    ] {
        let a = staff.ma_users(id, query).await;
        assert_eq!(a.field(), field, "{query}: {}", a.body);
    }
    let missing = staff.call("GET", "/saas/ma/user/list", None).await;
    assert_eq!(missing.field(), "configId");
    for (body, field) in [
        (json!({"configId": id}), "code"),
        (json!({"configId": id, "code": "has space"}), "code"),
        (json!({"configId": id, "code": "never-issued"}), "code"),
        (json!({"code": "abc"}), "configId"),
    ] {
        let a = app.ma_login(body.clone()).await;
        assert_eq!(a.field(), field, "{body}: {}", a.body);
    }
    // A disabled mini-program logs nobody in.
    assert_eq!(staff.set_state("ma", id, 2).await.status, 200);
    let code = w.wx_login("oMa1", "").await;
    let off = app.ma_login(json!({"configId": id, "code": code})).await;
    assert_eq!(off.field(), "configId");
    assert_eq!(
        staff.ma_users(id, "").await.data()["sizeAll"],
        0,
        "nothing written"
    );
    w.shutdown().await;
}

platform::on_both_backends!(
    a_login_makes_the_user_and_the_next_one_updates_it,
    first_logins_at_once_make_one_user,
    another_tenant_and_merchants_see_none,
    bad_input_is_a_412_naming_the_field,
);
