//! Account administration: users, groups, API users and logs, inside one tenant.

use platform::testing::{Backend, TestApp, eventually};
use serde_json::{Value, json};

use crate::helpers::{catalogue_entry, login, send, sql, start, start_on_bus, tokens};

fn new_user(username: &str) -> Value {
    json!({
        "username": username,
        "password": "secret-1",
        "realName": "New Operator",
        "mobile": "13800138000",
        "email": "new.op@example.com",
        "mscType": 300,
        "roleType": 1,
        "userGrade": 1,
    })
}

/// Another tenant's user, as saas-main's tenant 2002 would have.
fn other_tenant_user(app: &TestApp) -> i64 {
    sql(
        app,
        "INSERT INTO users (id, saas_id, mch_id, username, password_hash, msc_type, created_at, updated_at) \
              VALUES (99, 2002, 0, 'other-tenant', 'x', 300, 0, 0)",
    );
    99
}

/// The caller's menu once it holds `code` (the catalogue and the grants arrive over the bus).
async fn eventually_menu_has(app: &TestApp, token: &str, code: &str) -> Value {
    eventually(&format!("{code} reaches the menu"), || async {
        let menu = send(app, "GET", "/client/user/loadMenu", Some(token), None).await;
        menu.body["data"]
            .as_array()?
            .iter()
            .any(|e| e["permCode"] == code)
            .then(|| menu.body["data"].clone())
    })
    .await
}

async fn users_are_managed_within_the_tenant(backend: Backend) {
    let app = start(backend).await;
    let (admin, _) = tokens(&app, "demo", "demo123").await;
    let other = other_tenant_user(&app);

    let list = send(
        &app,
        "GET",
        "/saas/account/user/list?resultNum=2",
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(list.status, 200, "{}", list.body);
    assert_eq!(
        list.body["data"]["sizeAll"], 4,
        "demo, operator, supplier, distributor: {}",
        list.body
    );
    assert_eq!(list.body["data"]["size"], 2);
    assert_eq!(list.body["data"]["pageCount"], 2);
    let all = send(&app, "GET", "/saas/account/user/list", Some(&admin), None).await;
    let names: Vec<&str> = all.body["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert!(
        !names.contains(&"admin") && !names.contains(&"other-tenant"),
        "{names:?}"
    );
    assert!(all.body["data"]["results"][0].get("passwordHash").is_none());
    let suppliers = send(
        &app,
        "GET",
        "/saas/account/user/list?mscType=311",
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(suppliers.body["data"]["sizeAll"], 1);

    // Another tenant's user is not found, and cannot be changed.
    assert_eq!(
        send(
            &app,
            "GET",
            &format!("/saas/account/user/load?id={other}"),
            Some(&admin),
            None
        )
        .await
        .status,
        404
    );
    let mut form = new_user("whatever");
    form["id"] = json!(other);
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/account/user/update",
            Some(&admin),
            Some(form)
        )
        .await
        .status,
        404
    );
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/account/user/lock",
            Some(&admin),
            Some(json!({"id": other}))
        )
        .await
        .status,
        404
    );

    // Creation: each rule names its field.
    for (field, patch) in [
        ("password", json!({"password": "123"})),
        ("username", json!({"username": "x"})),
        ("username", json!({"username": "operator"})),
        ("username", json!({"username": "op\u{0}1"})),
        ("realName", json!({"realName": "New\u{0}Operator"})),
        ("realName", json!({"realName": "\u{202E}rotarepO"})),
        ("realName", json!({"realName": "New\nOperator"})),
        ("mobile", json!({"mobile": "12345"})),
        ("email", json!({"email": "nope"})),
        ("mscType", json!({"mscType": 100})),
        ("mscType", json!({"mscType": 999})),
        ("mchId", json!({"mscType": 311})),
        ("mchId", json!({"mscType": 311, "mchId": 777})),
        ("groupIds", json!({"groupIds": [123]})),
        (
            "ipFilterValue",
            json!({"ipFilterType": 1, "ipFilterValue": "not-an-ip"}),
        ),
    ] {
        let mut form = new_user("newop");
        for (k, v) in patch.as_object().unwrap() {
            form[k] = v.clone();
        }
        let a = send(
            &app,
            "POST",
            "/saas/account/user/save",
            Some(&admin),
            Some(form),
        )
        .await;
        assert_eq!(
            (a.status, a.body["data"]["field"].as_str()),
            (412, Some(field)),
            "{patch}: {}",
            a.body
        );
    }
    let created = send(
        &app,
        "POST",
        "/saas/account/user/save",
        Some(&admin),
        Some(new_user("newop")),
    )
    .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let id = created.body["data"]["id"].as_i64().unwrap();
    let loaded = send(
        &app,
        "GET",
        &format!("/saas/account/user/load?id={id}"),
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(loaded.body["data"]["realName"], "New Operator");
    let (newop, _) = tokens(&app, "newop", "secret-1").await;
    let me = send(&app, "GET", "/client/user", Some(&newop), None).await;
    assert_eq!(
        (
            me.body["data"]["saasId"].as_i64(),
            me.body["data"]["mscType"].as_i64()
        ),
        (Some(1001), Some(300))
    );

    // Locking ends the session and refuses logins until unlocked; an admin sets a password.
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/account/user/lock",
            Some(&admin),
            Some(json!({"id": id}))
        )
        .await
        .status,
        200
    );
    let a = send(&app, "GET", "/client/user", Some(&newop), None).await;
    assert_eq!(
        (a.status, a.body["code"].as_str()),
        (401, Some("session-ended"))
    );
    assert_eq!(
        login(&app, "newop", "secret-1").await.body["code"],
        "account-locked"
    );
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/account/user/unlock",
            Some(&admin),
            Some(json!({"id": id}))
        )
        .await
        .status,
        200
    );
    let mut form = new_user("newop");
    form["id"] = json!(id);
    form["password"] = json!("secret-2");
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/account/user/update",
            Some(&admin),
            Some(form)
        )
        .await
        .status,
        200
    );
    assert_eq!(login(&app, "newop", "secret-2").await.status, 200);
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/account/user/disable",
            Some(&admin),
            Some(json!({"id": id}))
        )
        .await
        .status,
        200
    );
    assert_eq!(
        login(&app, "newop", "secret-2").await.body["code"],
        "account-disabled"
    );

    // What was done is logged, and so are the logins (of this tenant only).
    let actions = send(
        &app,
        "GET",
        "/saas/log/userLog/listUserActionLog?action=user.",
        Some(&admin),
        None,
    )
    .await;
    let done: Vec<&str> = actions.body["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap())
        .collect();
    for action in [
        "user.create",
        "user.lock",
        "user.unlock",
        "user.update",
        "user.disable",
    ] {
        assert!(done.contains(&action), "{action} not in {done:?}");
    }
    let logins = send(
        &app,
        "GET",
        "/saas/log/userLog/listUserLoginLog?username=newop",
        Some(&admin),
        None,
    )
    .await;
    let results: Vec<i64> = logins.body["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["result"].as_i64().unwrap())
        .collect();
    assert!(results.contains(&1) && results.contains(&0), "{results:?}");
    let failed = send(
        &app,
        "GET",
        "/saas/log/userLog/listUserLoginLog?result=0&username=newop",
        Some(&admin),
        None,
    )
    .await;
    assert!(failed.body["data"]["sizeAll"].as_i64().unwrap() >= 2);
    app.shutdown().await;
}

async fn permissions_come_from_groups(backend: Backend) {
    let app = start(backend).await;
    let (admin, _) = tokens(&app, "demo", "demo123").await;
    let (supplier, _) = tokens(&app, "supplier", "supplier123").await;
    // Suppliers hold no account codes.
    let a = send(
        &app,
        "GET",
        "/saas/account/user/list",
        Some(&supplier),
        None,
    )
    .await;
    assert_eq!(a.status, 403);
    assert_eq!(a.body["msg"], "Sorry, the current user has no permission");

    // The catalogue holds auth-center's own codes once its declaration is consumed.
    let code = "/saas/log/userLog/listUserLoginLog:GET";
    eventually_menu_has(&app, &admin, code).await;
    let entry = catalogue_entry(&app, &admin, "en", code).await.unwrap();
    assert_eq!(
        (entry["appId"].as_i64(), entry["summary"].as_str()),
        (Some(1), Some("List login logs"))
    );
    // The group editor reads it in the console's language.
    let entry = catalogue_entry(&app, &admin, "zh-CN", code).await.unwrap();
    assert_eq!(entry["summary"], "查看登录日志");

    // A group granting the login log page, given to a new user.
    let group = send(
        &app,
        "POST",
        "/saas/account/group/save",
        Some(&admin),
        Some(json!({"name": "Auditors", "permCodes": [code]})),
    )
    .await;
    assert_eq!(group.status, 200, "{}", group.body);
    let gid = group.body["data"]["id"].as_i64().unwrap();
    let mut form = new_user("auditor");
    form["groupIds"] = json!([gid]);
    assert_eq!(
        send(
            &app,
            "POST",
            "/saas/account/user/save",
            Some(&admin),
            Some(form)
        )
        .await
        .status,
        200
    );
    let (auditor, _) = tokens(&app, "auditor", "secret-1").await;
    let menu = eventually_menu_has(&app, &auditor, code).await;
    assert_eq!(menu.as_array().unwrap().len(), 1, "{menu}");
    assert_eq!(
        send(
            &app,
            "GET",
            "/saas/log/userLog/listUserLoginLog",
            Some(&auditor),
            None
        )
        .await
        .status,
        200
    );
    assert_eq!(
        send(&app, "GET", "/saas/account/user/list", Some(&auditor), None)
            .await
            .status,
        403
    );
    let apps = send(
        &app,
        "GET",
        "/client/user/loadAppList",
        Some(&auditor),
        None,
    )
    .await;
    assert_eq!(apps.body["data"].as_array().unwrap().len(), 1);

    // Groups cannot grant platform codes nor what the granter lacks; names are unique.
    for (field, codes) in [
        ("permCodes", json!(["/saas/platform/saasInfo/list:GET"])),
        ("permCodes", json!(["not a code"])),
    ] {
        let a = send(
            &app,
            "POST",
            "/saas/account/group/save",
            Some(&admin),
            Some(json!({"name": "Bad", "permCodes": codes})),
        )
        .await;
        assert_eq!(
            (a.status, a.body["data"]["field"].as_str()),
            (412, Some(field)),
            "{}",
            a.body
        );
    }
    let a = send(
        &app,
        "POST",
        "/saas/account/group/save",
        Some(&admin),
        Some(json!({"name": "Auditors"})),
    )
    .await;
    assert_eq!(
        (a.status, a.body["data"]["field"].as_str()),
        (412, Some("name"))
    );

    // Taking the code away takes effect at once (the cache is dropped by the event).
    let a = send(
        &app,
        "PUT",
        "/saas/account/group/update",
        Some(&admin),
        Some(json!({"id": gid, "name": "Auditors", "permCodes": []})),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    eventually("the auditor is refused the login log", || async {
        let status = send(
            &app,
            "GET",
            "/saas/log/userLog/listUserLoginLog",
            Some(&auditor),
            None,
        )
        .await
        .status;
        (status == 403).then_some(())
    })
    .await;
    let groups = send(&app, "GET", "/saas/account/group/list", Some(&admin), None).await;
    let auditors = groups.body["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "Auditors")
        .unwrap()
        .clone();
    assert_eq!(auditors["userCount"], 1);
    // Another tenant cannot see the group.
    sql(
        &app,
        &format!("UPDATE perm_groups SET saas_id = 2002 WHERE id = {gid}"),
    );
    assert_eq!(
        send(
            &app,
            "GET",
            &format!("/saas/account/group/load?id={gid}"),
            Some(&admin),
            None
        )
        .await
        .status,
        404
    );
    app.shutdown().await;
}

async fn api_users_get_a_secret_shown_once(backend: Backend) {
    let app = start(backend).await;
    let (admin, _) = tokens(&app, "demo", "demo123").await;
    let a = send(
        &app,
        "POST",
        "/saas/account/api/save",
        Some(&admin),
        Some(json!({"name": "Channel", "mscType": 300})),
    )
    .await;
    assert_eq!(
        (a.status, a.body["data"]["field"].as_str()),
        (412, Some("mscType"))
    );
    let a = send(
        &app,
        "POST",
        "/saas/account/api/save",
        Some(&admin),
        Some(json!({"name": "Channel", "mscType": 511})),
    )
    .await;
    assert_eq!(
        (a.status, a.body["data"]["field"].as_str()),
        (412, Some("mchId"))
    );
    let created = send(
        &app,
        "POST",
        "/saas/account/api/save",
        Some(&admin),
        Some(json!({"name": "Channel", "mscType": 511, "mchId": 2001})),
    )
    .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let secret = created.body["data"]["appSecret"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(secret.len() >= 32);
    let id = created.body["data"]["id"].as_i64().unwrap();
    let loaded = send(
        &app,
        "GET",
        &format!("/saas/account/api/load?id={id}"),
        Some(&admin),
        None,
    )
    .await;
    assert_eq!(loaded.body["data"]["mscType"], 511);
    assert!(loaded.body["data"].get("appSecret").is_none());
    assert!(!loaded.body.to_string().contains(&secret));
    let list = send(&app, "GET", "/saas/account/api/list", Some(&admin), None).await;
    assert_eq!(list.body["data"]["sizeAll"], 1);
    let reset = send(&app, "PUT", "/saas/account/api/update", Some(&admin), Some(json!({"id": id, "name": "Channel 2", "mscType": 511, "mchId": 2001, "resetSecret": true}))).await;
    assert_eq!(reset.status, 200, "{}", reset.body);
    assert_ne!(reset.body["data"]["appSecret"].as_str().unwrap(), secret);
    // A merchant's user sees its merchant's accounts only: the supplier, given the account
    // pages, finds the distributor's API user and users not there.
    sql(
        &app,
        &format!("UPDATE api_users SET mch_id = 2002, msc_type = 512 WHERE id = {id}"),
    );
    sql(
        &app,
        "INSERT INTO group_permissions (group_id, perm_code) \
               SELECT id, '/saas/account/**' FROM perm_groups WHERE name = 'Suppliers'",
    );
    let (supplier, _) = tokens(&app, "supplier", "supplier123").await;
    let list = send(&app, "GET", "/saas/account/api/list", Some(&supplier), None).await;
    assert_eq!(
        (list.status, list.body["data"]["sizeAll"].as_i64()),
        (200, Some(0)),
        "{}",
        list.body
    );
    assert_eq!(
        send(
            &app,
            "GET",
            &format!("/saas/account/api/load?id={id}"),
            Some(&supplier),
            None
        )
        .await
        .status,
        404
    );
    let users = send(
        &app,
        "GET",
        "/saas/account/user/list",
        Some(&supplier),
        None,
    )
    .await;
    let names: Vec<&str> = users.body["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["supplier"]);
    // Nor can it make a user of another merchant or kind.
    let mut form = new_user("sneaky");
    form["mscType"] = json!(312);
    form["mchId"] = json!(2002);
    let a = send(
        &app,
        "POST",
        "/saas/account/user/save",
        Some(&supplier),
        Some(form),
    )
    .await;
    assert_eq!(
        (a.status, a.body["data"]["field"].as_str()),
        (412, Some("mchId"))
    );
    app.shutdown().await;
}

/// A list filter finds what was typed: `_` and `%` are themselves, not wildcards, and are not
/// dropped (a username with `_` is found by its exact text).
async fn filters_find_underscores_and_percent_signs_as_typed(backend: Backend) {
    let app = start(backend).await;
    let (admin, _) = tokens(&app, "demo", "demo123").await;
    for (username, real_name) in [("op_1", "Half_50% off"), ("opx1", "Half 50x off")] {
        let mut form = new_user(username);
        form["realName"] = json!(real_name);
        let a = send(
            &app,
            "POST",
            "/saas/account/user/save",
            Some(&admin),
            Some(form),
        )
        .await;
        assert_eq!(a.status, 200, "{}", a.body);
    }
    for (query, expected) in [
        ("username=op_1", vec!["op_1"]),
        ("username=_", vec!["op_1"]),
        ("username=op%25", vec![]),
        ("realName=50%25", vec!["op_1"]),
        ("realName=f_50", vec!["op_1"]),
        ("realName=%25", vec!["op_1"]),
        ("username=opx1", vec!["opx1"]),
    ] {
        let list = send(
            &app,
            "GET",
            &format!("/saas/account/user/list?{query}"),
            Some(&admin),
            None,
        )
        .await;
        assert_eq!(list.status, 200, "{}", list.body);
        let names: Vec<&str> = list.body["data"]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["username"].as_str().unwrap())
            .collect();
        assert_eq!(names, expected, "{query}");
    }
}

/// A body over the platform's limit is a 413 in the envelope on every route of the service, the
/// public sign-in included.
async fn every_route_refuses_a_body_over_the_limit_in_the_envelope(backend: Backend) {
    let app = start(backend).await;
    let (admin, _) = tokens(&app, "demo", "demo123").await;
    let (platform, _) = tokens(&app, "admin", "admin123").await;
    assert_eq!(
        app.body_limit_misses(&[&admin, &platform]).await,
        Vec::<String>::new()
    );
    app.shutdown().await;
}

platform::on_both_backends!(
    every_route_refuses_a_body_over_the_limit_in_the_envelope,
    users_are_managed_within_the_tenant,
    filters_find_underscores_and_percent_signs_as_typed,
    permissions_come_from_groups,
    api_users_get_a_secret_shown_once,
);

/// The envelope of `event` as if it had occurred at `occurred_at` (a late delivery).
fn occurred_at(event: &platform::bus::Outgoing, occurred_at: i64) -> Vec<u8> {
    use prost::Message as _;
    let mut envelope =
        platform::bus::EventEnvelope::decode(event.envelope_bytes().as_slice()).unwrap();
    envelope.occurred_at = occurred_at;
    envelope.encode_to_vec()
}

/// The tenant's name, logo and expiry and the merchant's name come from saas-main's events; an
/// older event delivered late changes nothing.
#[actix_web::test]
async fn tenant_and_merchant_names_follow_their_events() {
    use platform::bus::{Bus, MemoryBroker, Outgoing, v1};

    let bus = Bus::Memory(MemoryBroker::default());
    let app = start_on_bus(Backend::Sqlite, &[], &bus).await;
    let (supplier, _) = tokens(&app, "supplier", "supplier123").await;

    let tenant = v1::TenantUpdated {
        saas_name: "Blue Sky".into(),
        saas_logo: "/files/logo.png".into(),
        company_name: "Blue Sky Travel Ltd".into(),
        saas_expire_date: 1_900_000_000_000,
        state: 1,
        currency: "CNY".into(),
        language: "zh-CN".into(),
    };
    let merchant = |name: &str| v1::MerchantUpdated {
        mch_id: 2001,
        mch_type: 1,
        mch_name: name.into(),
        mch_currency: "CNY".into(),
        state: 1,
        grade: 0,
    };
    let events = [
        Outgoing::new("saas-main", "tenant.updated", 1001, &tenant).envelope_bytes(),
        Outgoing::new(
            "saas-main",
            "merchant.updated",
            1001,
            &merchant("Harbour Hotels"),
        )
        .envelope_bytes(),
    ];
    bus.publish_batch(&[
        ("tenant.updated", events[0].as_slice()),
        ("merchant.updated", events[1].as_slice()),
    ])
    .await
    .unwrap();
    let user = || async {
        send(&app, "GET", "/client/user", Some(&supplier), None)
            .await
            .body["data"]
            .clone()
    };
    let me = eventually("the names reach /client/user", || async {
        let me = user().await;
        (me["mchName"] == "Harbour Hotels" && me["companyName"] == "Blue Sky Travel Ltd")
            .then_some(me)
    })
    .await;
    assert_eq!(me["companyName"], "Blue Sky Travel Ltd", "{me}");
    assert_eq!(me["saasLogo"], "/files/logo.png");
    assert_eq!(me["saasExpireDate"], 1_900_000_000_000_i64);
    assert_eq!(me["mchName"], "Harbour Hotels");

    // A change from a minute ago, delivered now, then a newer one of the merchant: once the
    // newer one shows, the late one has been handled, and it rolled nothing back.
    let stale = v1::TenantUpdated {
        company_name: "Stale Travel Ltd".into(),
        ..tenant.clone()
    };
    let late = occurred_at(
        &Outgoing::new("saas-main", "tenant.updated", 1001, &stale),
        platform::time::now_ms() - 60_000,
    );
    let newer = Outgoing::new(
        "saas-main",
        "merchant.updated",
        1001,
        &merchant("Harbour Hotels 2"),
    )
    .envelope_bytes();
    bus.publish_batch(&[
        ("tenant.updated", late.as_slice()),
        ("merchant.updated", newer.as_slice()),
    ])
    .await
    .unwrap();
    let me = eventually("the newer merchant reaches /client/user", || async {
        let me = user().await;
        (me["mchName"] == "Harbour Hotels 2").then_some(me)
    })
    .await;
    assert_eq!(me["companyName"], "Blue Sky Travel Ltd", "{me}");
    app.shutdown().await;
}

/// Requests to other services, as the gateway records them, join the user action log.
#[actix_web::test]
async fn other_services_actions_join_the_action_log() {
    use platform::bus::{Bus, MemoryBroker, Outgoing, v1};

    let bus = Bus::Memory(MemoryBroker::default());
    let app = start_on_bus(Backend::Sqlite, &[], &bus).await;
    let (admin, _) = tokens(&app, "demo", "demo123").await;
    let users = send(
        &app,
        "GET",
        "/saas/account/user/list?username=operator",
        Some(&admin),
        None,
    )
    .await;
    let operator = users.body["data"]["results"][0]["id"].as_i64().unwrap();
    let action = |path: &str| v1::UserAction {
        user_id: operator,
        method: "POST".into(),
        path: path.into(),
        status: 200,
        at: platform::time::now_ms(),
        client_ip: "203.0.113.9".into(),
        ..Default::default()
    };
    let batch = v1::UserActionsRecorded {
        actions: vec![
            action("/api/hotel-app/saas/product/hotelProducts/save"),
            action("/api/auth-center/saas/account/user/save"),
        ],
    };
    let body = Outgoing::new("gateway", "user-action.recorded", 1001, &batch).envelope_bytes();
    bus.publish_batch(&[("user-action.recorded", body.as_slice())])
        .await
        .unwrap();
    let logs = eventually("the other service's action reaches the log", || async {
        let logs = send(
            &app,
            "GET",
            "/saas/log/userLog/listUserActionLog?action=POST",
            Some(&admin),
            None,
        )
        .await
        .body;
        (logs["data"]["sizeAll"].as_i64()? > 0).then_some(logs)
    })
    .await;
    // auth-center's own request is not logged twice (it is logged by name where it happens).
    assert_eq!(logs["data"]["sizeAll"], 1, "{logs}");
    let entry = &logs["data"]["results"][0];
    assert_eq!(entry["username"], "operator");
    assert_eq!(
        entry["target"],
        "/api/hotel-app/saas/product/hotelProducts/save (200)"
    );
    assert_eq!(entry["ip"], "203.0.113.9");
    // Another tenant's log does not have it.
    let (other, _) = tokens(&app, "admin", "admin123").await;
    let theirs = send(
        &app,
        "GET",
        "/saas/log/userLog/listUserActionLog?action=POST",
        Some(&other),
        None,
    )
    .await;
    assert_eq!(theirs.body["data"]["sizeAll"], 0);
    app.shutdown().await;
}
