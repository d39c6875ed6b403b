//! Areas: the country list, provinces and cities read alike by every tenant, kept by platform
//! administrators only (412 naming the field, nothing written on a refusal), each change
//! announced as `area.updated`.

use crate::helpers::{next_event, send};
use platform::bus::{Bus, MemoryBroker, v1};
use platform::testing::{Backend, TestDb, TestIssuer, spawn_on_bus, test_config};
use prost::Message as _;
use serde_json::json;

async fn platform_admins_keep_the_areas_every_tenant_reads(backend: Backend) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let mut events = bus.broadcast("test", &["area.updated"]);
    let db = TestDb::new(backend);
    let cfg = test_config(saas_main::NAME, Some(&db));
    let app = spawn_on_bus(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        bus,
    )
    .await;
    let platform_admin = issuer.token(1, 0, 0, 100);
    let admin = issuer.token(2, platform::demo::SAAS_ID, 0, 200);
    let other = issuer.token(9, 2002, 0, 200);

    let (_, countries) = send(&app, "GET", "/saas/area/country/list", &admin, None).await;
    let countries = countries["data"].as_array().unwrap();
    assert!(countries.len() >= 100);
    assert_eq!(countries[0]["code"], "CN");
    let (_, found) = send(
        &app,
        "GET",
        "/saas/area/country/list?keyword=japan",
        &admin,
        None,
    )
    .await;
    assert_eq!(found["data"][0]["name"], "日本");

    let (_, provinces) = send(
        &app,
        "GET",
        "/saas/area/areaInfo/list?parentCode=CN&resultNum=100",
        &admin,
        None,
    )
    .await;
    assert_eq!(provinces["data"]["sizeAll"], 34, "{provinces}");
    assert_eq!(
        send(
            &app,
            "GET",
            "/saas/area/areaInfo/list?level=7",
            &admin,
            None
        )
        .await
        .0,
        412
    );

    let city = json!({"parentCode": "CN-ZJ", "code": "hz", "name": "杭州市",
                      "nameEn": "Hangzhou", "state": 1});
    // Platform codes: a tenant's administrator is refused.
    assert_eq!(
        send(
            &app,
            "POST",
            "/saas/platform/area/save",
            &admin,
            Some(city.clone())
        )
        .await
        .0,
        403
    );
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/platform/area/update",
            &admin,
            Some(json!({"id": 111, "name": "x", "nameEn": "x", "state": 1}))
        )
        .await
        .0,
        403
    );
    let mut bad = Vec::new();
    for (field, key, value) in [
        ("parentCode", "parentCode", json!("XX")),
        ("code", "code", json!("h-z")),
        ("code", "code", json!("")),
        ("name", "name", json!(" ")),
        ("nameEn", "nameEn", json!("")),
        ("state", "state", json!(4)),
        // An existing province's code.
        ("code", "parentCode", json!("CN")),
    ] {
        let mut f = city.clone();
        f[key] = value;
        if field == "code" && key == "parentCode" {
            f["code"] = json!("ZJ");
        }
        bad.push((field, f));
    }
    for (field, f) in bad {
        let (status, body) = send(
            &app,
            "POST",
            "/saas/platform/area/save",
            &platform_admin,
            Some(f),
        )
        .await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some(field)),
            "{body}"
        );
    }
    let (_, under) = send(
        &app,
        "GET",
        "/saas/area/areaInfo/list?parentCode=CN-ZJ",
        &admin,
        None,
    )
    .await;
    assert_eq!(under["data"]["sizeAll"], 0, "nothing written");

    let (status, saved) = send(
        &app,
        "POST",
        "/saas/platform/area/save",
        &platform_admin,
        Some(city),
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["code"], "CN-ZJ-HZ");
    assert_eq!(saved["data"]["level"], 3);
    assert_eq!(saved["data"]["country"], "CN");
    let told = next_event(&mut events).await;
    assert_eq!(
        (told.event_type.as_str(), told.saas_id),
        ("area.updated", 0)
    );
    let payload = v1::AreaUpdated::decode(told.payload.as_slice()).unwrap();
    assert_eq!((payload.code.as_str(), payload.level), ("CN-ZJ-HZ", 3));
    // A city has no areas under it.
    let (status, body) = send(
        &app,
        "POST",
        "/saas/platform/area/save",
        &platform_admin,
        Some(
            json!({"parentCode": "CN-ZJ-HZ", "code": "XH", "name": "西湖区",
                    "nameEn": "Xihu", "state": 1}),
        ),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("parentCode"))
    );

    // Every tenant reads the same list.
    let (_, theirs) = send(
        &app,
        "GET",
        "/saas/area/areaInfo/list?keyword=hangzhou",
        &other,
        None,
    )
    .await;
    assert_eq!(theirs["data"]["results"][0]["code"], "CN-ZJ-HZ", "{theirs}");

    let id = saved["data"]["id"].as_i64().unwrap();
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/platform/area/update",
        &platform_admin,
        Some(json!({"id": id, "name": "", "nameEn": "Hangzhou", "state": 0})),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("name"))
    );
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/platform/area/update",
            &platform_admin,
            Some(json!({"id": 5, "name": "x", "nameEn": "x", "state": 0}))
        )
        .await
        .0,
        404
    );
    let (status, changed) = send(
        &app,
        "PUT",
        "/saas/platform/area/update",
        &platform_admin,
        Some(json!({"id": id, "name": "杭州", "nameEn": "Hangzhou City", "state": 0})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(changed["data"]["code"], "CN-ZJ-HZ");
    let told = next_event(&mut events).await;
    let payload = v1::AreaUpdated::decode(told.payload.as_slice()).unwrap();
    assert_eq!((payload.name.as_str(), payload.state), ("杭州", 0));
    let (_, in_use) = send(
        &app,
        "GET",
        "/saas/area/areaInfo/list?parentCode=CN-ZJ&state=1",
        &admin,
        None,
    )
    .await;
    assert_eq!(in_use["data"]["sizeAll"], 0);
    app.shutdown().await;
}

platform::on_both_backends!(platform_admins_keep_the_areas_every_tenant_reads);
