//! Giving a tenant its first administrator, and the platform's own tenant (saasId 0), which holds
//! platform administrators only.

use platform::bus::{Bus, MemoryBroker, Outgoing, v1};
use platform::testing::{Backend, TestDb, eventually, migrated_before, test_config};
use serde_json::{Value, json};

use crate::helpers::{Answer, login, send, start, start_on_bus, tokens};

const NEW_TENANT: i64 = 3001;

fn administrator(username: &str, saas_id: Option<i64>) -> Value {
    let mut form = json!({
        "username": username,
        "password": "first-admin-1",
        "realName": "First Admin",
        "mscType": 200,
        "isManager": true,
        "userGrade": 2,
    });
    if let Some(id) = saas_id {
        form["saasId"] = json!(id);
    }
    form
}

/// saas-main announcing a tenant it has just created.
async fn announce_tenant(bus: &Bus, saas_id: i64, name: &str) {
    let tenant = v1::TenantUpdated {
        saas_name: name.into(),
        company_name: format!("{name} Ltd"),
        saas_expire_date: 1_900_000_000_000,
        state: 1,
        currency: "CNY".into(),
        ..Default::default()
    };
    let body = Outgoing::new("saas-main", "tenant.updated", saas_id, &tenant).envelope_bytes();
    bus.publish_batch(&[("tenant.updated", body.as_slice())])
        .await
        .unwrap();
}

async fn save(app: &platform::testing::TestApp, token: &str, form: Value) -> Answer {
    send(
        app,
        "POST",
        "/saas/account/user/save",
        Some(token),
        Some(form),
    )
    .await
}

fn field(a: &Answer) -> (u16, Option<&str>) {
    (a.status, a.body["data"]["field"].as_str())
}

async fn user_count(app: &platform::testing::TestApp, token: &str) -> i64 {
    let list = send(app, "GET", "/saas/account/user/list", Some(token), None).await;
    assert_eq!(list.status, 200, "{}", list.body);
    list.body["data"]["sizeAll"].as_i64().unwrap()
}

/// The platform administrator names a tenant saas-main created: refused while auth-center has
/// not heard of it, made once it has; the new administrator logs in to that tenant, alone in it.
async fn the_platform_administrator_gives_a_new_tenant_its_administrator(backend: Backend) {
    let bus = Bus::Memory(MemoryBroker::default());
    let app = start_on_bus(backend, &[], &bus).await;
    let (platform, _) = tokens(&app, "admin", "admin123").await;

    let early = save(
        &app,
        &platform,
        administrator("blue.admin", Some(NEW_TENANT)),
    )
    .await;
    assert_eq!(field(&early), (412, Some("saasId")), "{}", early.body);
    assert!(
        early.body["msg"].as_str().unwrap().contains("retry"),
        "{}",
        early.body
    );
    assert_eq!(login(&app, "blue.admin", "first-admin-1").await.status, 412);

    announce_tenant(&bus, NEW_TENANT, "Blue Sky").await;
    let made = eventually("the tenant reaches auth-center", || async {
        let a = save(
            &app,
            &platform,
            administrator("blue.admin", Some(NEW_TENANT)),
        )
        .await;
        match field(&a) {
            (412, Some("saasId")) => None,
            _ => Some(a),
        }
    })
    .await;
    assert_eq!(made.status, 200, "{}", made.body);
    let id = made.body["data"]["id"].as_i64().unwrap();

    let (token, _) = tokens(&app, "blue.admin", "first-admin-1").await;
    let me = send(&app, "GET", "/client/user", Some(&token), None).await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.body["data"]["saasId"], NEW_TENANT, "{}", me.body);
    assert_eq!(me.body["data"]["mscType"], 200);
    assert_eq!(me.body["data"]["companyName"], "Blue Sky Ltd");
    // An empty tenant: its administrator is its only user, and sees neither the platform's
    // accounts nor the demo tenant's.
    let theirs = send(&app, "GET", "/saas/account/user/list", Some(&token), None).await;
    assert_eq!(theirs.body["data"]["sizeAll"], 1, "{}", theirs.body);
    assert_eq!(theirs.body["data"]["results"][0]["id"], id);
    // The platform's own list stays the platform's.
    let ours = send(
        &app,
        "GET",
        "/saas/account/user/list",
        Some(&platform),
        None,
    )
    .await;
    let names: Vec<&str> = ours.body["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["admin"], "{}", ours.body);

    // The platform administrator changes that user by naming its tenant too.
    let mut change = administrator("blue.admin", Some(NEW_TENANT));
    change["id"] = json!(id);
    change["realName"] = json!("Blue Boss");
    change.as_object_mut().unwrap().remove("password");
    let changed = send(
        &app,
        "PUT",
        "/saas/account/user/update",
        Some(&platform),
        Some(change),
    )
    .await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    let mine = send(&app, "GET", "/saas/account/user/list", Some(&token), None).await;
    assert_eq!(mine.body["data"]["results"][0]["realName"], "Blue Boss");
    // The platform's action log says which tenant.
    let log = send(
        &app,
        "GET",
        "/saas/log/userLog/listUserActionLog",
        Some(&platform),
        None,
    )
    .await;
    let targets: Vec<&str> = log.body["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["target"].as_str())
        .collect();
    assert!(targets.contains(&"blue.admin (saasId 3001)"), "{targets:?}");
    app.shutdown().await;
}

/// A tenant's administrator names no tenant but its own: another one, or the platform's, is a
/// 403 that writes nothing.
async fn a_tenant_administrator_names_no_other_tenant(backend: Backend) {
    let app = start(backend).await;
    let (demo, _) = tokens(&app, "demo", "demo123").await;
    let before = user_count(&app, &demo).await;
    for other in [2002, 0] {
        let a = save(&app, &demo, administrator("reach.out", Some(other))).await;
        assert_eq!(a.status, 403, "saasId {other}: {}", a.body);
        assert!(
            a.body["msg"]
                .as_str()
                .unwrap()
                .contains("Only platform administrators"),
            "{}",
            a.body
        );
    }
    let mut op = administrator("op.own", Some(1001));
    op["mscType"] = json!(300);
    let own = save(&app, &demo, op).await;
    assert_eq!(own.status, 200, "its own tenant may be named: {}", own.body);
    assert_eq!(user_count(&app, &demo).await, before + 1);
    assert_eq!(login(&app, "reach.out", "first-admin-1").await.status, 412);
    app.shutdown().await;
}

/// saasId 0 holds platform administrators only, and platform administrators no tenant: every
/// other combination is a 412 on mscType that writes nothing.
async fn the_platform_tenant_holds_platform_administrators_only(backend: Backend) {
    let app = start(backend).await;
    let (platform, _) = tokens(&app, "admin", "admin123").await;

    // Without a saasId the platform administrator's user would be the platform's.
    let tenant_admin = save(&app, &platform, administrator("stray.admin", None)).await;
    assert_eq!(
        field(&tenant_admin),
        (412, Some("mscType")),
        "{}",
        tenant_admin.body
    );
    let mut operator = administrator("stray.op", Some(0));
    operator["mscType"] = json!(300);
    assert_eq!(
        field(&save(&app, &platform, operator).await),
        (412, Some("mscType"))
    );
    let mut in_tenant = administrator("tenant.platform", Some(1001));
    in_tenant["mscType"] = json!(100);
    assert_eq!(
        field(&save(&app, &platform, in_tenant).await),
        (412, Some("mscType"))
    );
    let api = send(
        &app,
        "POST",
        "/saas/account/api/save",
        Some(&platform),
        Some(json!({"name": "platform feed", "mscType": 500})),
    )
    .await;
    assert_eq!(field(&api), (412, Some("mscType")), "{}", api.body);
    assert_eq!(user_count(&app, &platform).await, 1);

    // A second platform administrator is made, and cannot become anything else there.
    let mut second = administrator("second.admin", None);
    second["mscType"] = json!(100);
    let made = save(&app, &platform, second.clone()).await;
    assert_eq!(made.status, 200, "{}", made.body);
    second["id"] = made.body["data"]["id"].clone();
    second["mscType"] = json!(200);
    second.as_object_mut().unwrap().remove("password");
    let demoted = send(
        &app,
        "PUT",
        "/saas/account/user/update",
        Some(&platform),
        Some(second),
    )
    .await;
    assert_eq!(field(&demoted), (412, Some("mscType")), "{}", demoted.body);
    let (token, _) = tokens(&app, "second.admin", "first-admin-1").await;
    let me = send(&app, "GET", "/client/user", Some(&token), None).await;
    assert_eq!(
        (
            me.body["data"]["saasId"].as_i64(),
            me.body["data"]["mscType"].as_i64()
        ),
        (Some(0), Some(100))
    );
    app.shutdown().await;
}

/// An account that breaks the rule, from before it or written by hand, stops auth-center from
/// starting, and the refusal names it.
async fn a_misplaced_account_stops_the_start(backend: Backend) {
    let db = TestDb::new(backend);
    drop(migrated_before(&db, &auth_center::service(), "9999"));
    let dir = tempfile::tempdir().unwrap();
    let mut cfg = test_config(auth_center::NAME, Some(&db));
    cfg.env
        .set("TRADEWIND_DATA_DIR", dir.path().display().to_string());
    let pool = platform::db::connect(&db.config()).unwrap();
    {
        use diesel::RunQueryDsl;
        let mut conn = pool.get().unwrap();
        diesel::sql_query(
            "INSERT INTO users (id, saas_id, mch_id, username, password_hash, msc_type, created_at, updated_at) \
             VALUES (77, 0, 0, 'old.tenant.admin', 'x', 200, 0, 0)",
        )
        .execute(&mut conn)
        .unwrap();
    }
    drop(pool);
    let refused = platform::Application::build(auth_center::service(), &cfg).await;
    let Err(e) = refused else {
        panic!("auth-center started with a tenant administrator in saasId 0");
    };
    let said = e.to_string();
    assert!(
        said.contains("user 77 \"old.tenant.admin\" (saasId 0, mscType 200)"),
        "{said}"
    );
    assert!(said.contains("docs/operations.md"), "{said}");

    // Moved to its tenant, as docs/operations.md says, it lets auth-center start.
    let pool = platform::db::connect(&db.config()).unwrap();
    {
        use diesel::RunQueryDsl;
        let mut conn = pool.get().unwrap();
        diesel::sql_query("UPDATE users SET saas_id = 1001 WHERE id = 77")
            .execute(&mut conn)
            .unwrap();
    }
    drop(pool);
    let started = platform::Application::build(auth_center::service(), &cfg).await;
    assert!(
        started.is_ok(),
        "{:?}",
        started.err().map(|e| e.to_string())
    );
    drop(started);
}

platform::on_both_backends!(
    the_platform_administrator_gives_a_new_tenant_its_administrator,
    a_tenant_administrator_names_no_other_tenant,
    the_platform_tenant_holds_platform_administrators_only,
    a_misplaced_account_stops_the_start,
);
