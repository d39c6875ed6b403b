//! Configurations: the tenant's staff keep them, secrets are sealed at rest and never answered,
//! another tenant sees nothing, bad input is a 412 naming the field that writes nothing, and
//! the connection test asks WeChat (the simulator) for a token.

use diesel::prelude::*;
use platform::testing::{Backend, TenantFixture};
use serde_json::json;

use crate::helpers::{AES_KEY, APP_ID, SECRET, TOKEN, config_body, start};

async fn staff_add_list_change_and_disable_accounts(backend: Backend) {
    let w = start(backend).await;
    let staff = w.client(&w.f.operator);
    let id = staff.save("mp", config_body()).await.data()["configId"]
        .as_i64()
        .unwrap();
    let loaded = staff.load("mp", id).await;
    assert_eq!(loaded.data()["appId"], APP_ID);
    assert_eq!(loaded.data()["appSecretSet"], true);
    assert_eq!(loaded.data()["tokenSet"], true);
    assert_eq!(loaded.data()["encodingAesKeySet"], true);
    assert_eq!(loaded.data()["state"], 1);
    assert!(
        loaded.data()["serverUrl"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/openapi/mp/portal/{id}"))
    );

    // A change without secrets keeps them.
    let changed = staff
        .update(
            "mp",
            json!({"configId": id, "name": "Renamed", "appId": APP_ID}),
        )
        .await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    let page = staff.list("mp", "name=renamed").await;
    assert_eq!(page.data()["sizeAll"], 1);
    assert_eq!(page.data()["results"][0]["appSecretSet"], true);
    assert_eq!(
        staff.list("ma", "").await.data()["sizeAll"],
        0,
        "mini-programs are apart"
    );

    assert_eq!(
        w.client("").config_ids(TenantFixture::SAAS).await.data(),
        &json!([id])
    );
    assert_eq!(staff.set_state("mp", id, 2).await.status, 200);
    assert_eq!(staff.load("mp", id).await.data()["state"], 2);
    assert_eq!(
        w.client("").config_ids(TenantFixture::SAAS).await.data(),
        &json!([]),
        "disabled ones are not offered"
    );

    let ma = staff
        .save(
            "ma",
            json!({"name": "Mini", "appId": "wxabcdefabcdefabcd", "appSecret": SECRET}),
        )
        .await;
    assert_eq!(ma.status, 200, "{}", ma.body);
    assert_eq!(staff.list("ma", "").await.data()["sizeAll"], 1);
    w.shutdown().await;
}

/// Secrets are never in an answer, and the database holds them sealed.
async fn secrets_never_leave_in_an_answer_or_the_database(backend: Backend) {
    let w = start(backend).await;
    let staff = w.client(&w.f.operator);
    let id = w.add_account().await;
    let answers = [
        staff.load("mp", id).await.body,
        staff.list("mp", "").await.body,
        staff.test("mp", id).await.body,
        staff.save("mp", config_body()).await.body, // refused: AppID taken
    ];
    for body in answers {
        let text = body.to_string();
        for secret in [SECRET, TOKEN, AES_KEY] {
            assert!(!text.contains(secret), "{text}");
        }
    }
    let db = w.f.app.db.as_ref().unwrap();
    let pool = platform::db::connect(&db.config()).unwrap();
    let mut conn = pool.get().unwrap();
    use weixin_server::store::schema::{wx_access_tokens, wx_configs};
    let (s, t, a): (String, String, String) = wx_configs::table
        .select((
            wx_configs::secret_sealed,
            wx_configs::token_sealed,
            wx_configs::aes_key_sealed,
        ))
        .first(&mut conn)
        .unwrap();
    for (sealed, plain) in [(s, SECRET), (t, TOKEN), (a, AES_KEY)] {
        assert!(
            sealed.starts_with("v1:") && !sealed.contains(plain),
            "{sealed}"
        );
    }
    let token: String = wx_access_tokens::table
        .select(wx_access_tokens::token_sealed)
        .first(&mut conn)
        .unwrap();
    assert!(
        token.starts_with("v1:") && !token.contains("SIM_"),
        "{token}"
    );
    w.shutdown().await;
}

async fn the_connection_test_asks_wechat_for_a_token(backend: Backend) {
    let w = start(backend).await;
    let staff = w.client(&w.f.operator);
    let id = w.add_account().await;
    let tested = staff.test("mp", id).await;
    assert_eq!(tested.status, 200, "{}", tested.body);
    assert!(tested.data()["tokenExpiresAt"].as_i64().unwrap() > platform::time::now_ms());
    assert_eq!(w.sim.sim.token_requests(APP_ID), 1);

    // A wrong secret: WeChat's refusal (40125) is told, the token is not fetched.
    let other = staff
        .save("mp", json!({"name": "Wrong", "appId": "wxffffffffffffffff", "appSecret": SECRET, "token": TOKEN}))
        .await
        .data()["configId"]
        .as_i64()
        .unwrap();
    let refused = staff.test("mp", other).await;
    assert_eq!(refused.status, 412, "{}", refused.body);
    assert_eq!(refused.body["code"], "wechat-refused");
    assert!(
        refused.body["msg"].as_str().unwrap().contains("40013"),
        "{}",
        refused.body
    );
    w.shutdown().await;
}

async fn another_tenant_and_merchants_see_no_configuration(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_account().await;
    let other = w.client(&w.f.other_operator);
    assert_eq!(other.load("mp", id).await.status, 404);
    assert_eq!(other.list("mp", "").await.data()["sizeAll"], 0);
    assert_eq!(other.test("mp", id).await.status, 404);
    let changed = other
        .update(
            "mp",
            json!({"configId": id, "name": "Theirs", "appId": APP_ID}),
        )
        .await;
    assert_eq!(changed.status, 404, "{}", changed.body);
    assert_eq!(other.set_state("mp", id, 2).await.status, 404);
    assert_eq!(
        w.client("")
            .config_ids(TenantFixture::OTHER_SAAS)
            .await
            .data(),
        &json!([])
    );
    // The same AppID is free in another tenant.
    assert_eq!(other.save("mp", config_body()).await.status, 200);
    for token in [&w.f.supplier, &w.f.distributor] {
        let merchant = w.client(token);
        assert_eq!(merchant.list("mp", "").await.status, 403);
        assert_eq!(merchant.save("mp", config_body()).await.status, 403);
    }
    assert_eq!(
        w.client(&w.f.operator).load("mp", id).await.data()["name"],
        "Tradewind Service"
    );
    w.shutdown().await;
}

async fn bad_input_names_the_field_and_writes_nothing(backend: Backend) {
    let w = start(backend).await;
    let staff = w.client(&w.f.operator);
    let with = |k: &str, v: serde_json::Value| {
        let mut b = config_body();
        b[k] = v;
        b
    };
    for (body, field) in [
        (with("name", json!(" ")), "name"),
        (with("appId", json!("wx1")), "appId"),
        (with("appSecret", json!("")), "appSecret"),
        (with("token", json!("")), "token"),
        (with("encodingAesKey", json!("short")), "encodingAesKey"),
        (with("state", json!(5)), "state"),
        (with("name", json!(3)), "name"),
    ] {
        assert_eq!(staff.save("mp", body).await.field(), field);
    }
    assert_eq!(staff.list("mp", "").await.data()["sizeAll"], 0);
    assert_eq!(staff.list("mp", "resultNum=0").await.field(), "resultNum");
    assert_eq!(staff.set_state("mp", 1, 7).await.field(), "state");
    assert_eq!(w.client("").config_ids(0).await.data(), &json!([]));
    let missing =
        w.f.app
            .answer("GET", "/openapi/mp/config/getConfigIds", "", "en", None)
            .await;
    assert_eq!(missing.field(), "saasId");
    w.shutdown().await;
}

async fn every_route_refuses_a_body_over_the_limit_in_the_envelope(backend: Backend) {
    let w = start(backend).await;
    assert_eq!(
        w.f.app.body_limit_misses(&[&w.f.operator]).await,
        Vec::<String>::new()
    );
    w.shutdown().await;
}

platform::on_both_backends!(
    staff_add_list_change_and_disable_accounts,
    secrets_never_leave_in_an_answer_or_the_database,
    the_connection_test_asks_wechat_for_a_token,
    another_tenant_and_merchants_see_no_configuration,
    bad_input_names_the_field_and_writes_nothing,
    every_route_refuses_a_body_over_the_limit_in_the_envelope,
);
