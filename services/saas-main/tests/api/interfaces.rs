//! Interfaces: the catalogue, a tenant's configurations (added disabled, enabled into the
//! menus' list, changed keeping the credentials left out, disabled, deleted), the merchant
//! they belong to, each tenant's own, and credentials sealed: never in an answer, never in a
//! log line, not in the database in clear.

use std::io::Write;
use std::sync::{Arc, Mutex};

use crate::helpers::{next_event, send};
use platform::bus::{Bus, MemoryBroker, Outgoing, v1};
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID, SUPPLIER_ID};
use platform::testing::{
    Backend, TestApp, TestDb, TestIssuer, eventually, spawn_on_bus, test_config,
};
use prost::Message as _;
use serde_json::{Value, json};

const SECRET: &str = "mt-s3cr3t-9f8e7d6c5b4a";
const NEW_SECRET: &str = "mt-n3w-s3cr3t-0a1b2c3d";
const KEY: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
/// The transport key saas-main shares with hotel-app and ticket-app (32 bytes of 7).
const TRANSPORT_KEY: &str = "BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=";

fn transport() -> platform::sealing::Sealer {
    platform::sealing::Sealer::new(&[7; 32]).unwrap()
}

/// The credentials an announcement carries, opened with the transport key.
fn carried(c: &v1::InterfaceConfigUpdated) -> Value {
    let opened = transport().open(&c.credentials_sealed).unwrap();
    if opened.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(&opened).unwrap()
    }
}
/// Meituan's hotel channel in the catalogue.
const MEITUAN_HOTEL: i64 = 1001;
/// The hotel supplier API (a vendor, in development).
const HOTEL_VENDOR_API: i64 = 1101;

#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

async fn start(backend: Backend) -> (TestApp, Arc<TestIssuer>) {
    let (app, issuer, _bus) = start_on_bus(backend).await;
    (app, issuer)
}

async fn start_on_bus(backend: Backend) -> (TestApp, Arc<TestIssuer>, Bus) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let db = TestDb::new(backend);
    let mut cfg = test_config(saas_main::NAME, Some(&db));
    cfg.env.set("TRADEWIND_SAAS_MAIN__DEMO__ENABLED", "true");
    cfg.env.set("TRADEWIND_SAAS_MAIN__SECRETS__KEY", KEY);
    let app = spawn_on_bus(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        bus.clone(),
    )
    .await;
    (app, issuer, bus)
}

fn meituan(name: &str) -> Value {
    json!({
        "interfaceId": MEITUAN_HOTEL,
        "mchId": DISTRIBUTOR_ID,
        "configName": name,
        "baseUrl": "https://channel.example.com/meituan/",
        "credentials": {"partnerId": "P-1001", "appKey": "mt-key-1", "appSecret": SECRET}
    })
}

async fn select(app: &TestApp, token: &str, query: &str) -> Value {
    let (status, body) = send(
        app,
        "GET",
        &format!("/saas/saasInterface/interfaceConfig/listForSelect?{query}"),
        token,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// The sealed credentials of the configurations the test made (not the demo's).
fn stored_credentials(app: &TestApp) -> Vec<String> {
    let db = app.db.as_ref().expect("a database");
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        credentials_sealed: String,
    }
    let pool = platform::db::connect(&db.config()).unwrap();
    let rows: Vec<Row> = diesel::RunQueryDsl::load(
        diesel::sql_query(format!(
            "SELECT credentials_sealed FROM interface_configs WHERE id <> {}",
            platform::demo::MEITUAN_TICKET_CONFIG_ID
        )),
        &mut pool.get().unwrap(),
    )
    .unwrap();
    rows.into_iter().map(|r| r.credentials_sealed).collect()
}

async fn a_channel_is_configured_enabled_changed_and_disabled(backend: Backend) {
    let capture = Capture::default();
    let writer = capture.clone();
    // Each test is its own process (nextest): this subscriber sees everything of this one.
    let _ = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::DEBUG)
        .with_writer(move || writer.clone())
        .try_init();
    let (app, issuer) = start(backend).await;
    let admin = issuer.token(2, SAAS_ID, 0, 200);
    let distributor = issuer.token(5, SAAS_ID, DISTRIBUTOR_ID, 312);
    let supplier = issuer.token(6, SAAS_ID, SUPPLIER_ID, 311);
    // What merchants' users may be granted: reading the configurations (writing stays staff's).
    issuer.grant(5, &["/saas/saasInterface/**"]);
    issuer.grant(6, &["/saas/saasInterface/**"]);
    let mut answers = Vec::new();

    // The catalogue: the named hotel channels, in its order, with the fields each asks for.
    let (status, infos) = send(
        &app,
        "GET",
        "/saas/saasInterface/interfaceInfo/listForSelect?productType=10&type=2",
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 200, "{infos}");
    let names: Vec<&str> = infos["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["interfaceName"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "meituan",
            "meituanGlobal",
            "alitrip",
            "alitripGlobal",
            "qunar",
            "qunarGlobal",
            "elong",
            "mafengwo",
            "api"
        ]
    );
    assert_eq!(infos["data"][0]["title"], "Meituan");
    assert_eq!(
        infos["data"][0]["credentialFields"],
        json!(["partnerId", "appKey", "appSecret"])
    );
    let (_, tickets) = send(
        &app,
        "GET",
        "/saas/saasInterface/interfaceInfo/listForSelect?productType=20&type=2",
        &admin,
        None,
    )
    .await;
    let names: Vec<&str> = tickets["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["interfaceName"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["meituan", "alitrip", "tongcheng", "api"]);
    for (query, field) in [("productType=30", "productType"), ("type=3", "type")] {
        let (status, body) = send(
            &app,
            "GET",
            &format!("/saas/saasInterface/interfaceInfo/listForSelect?{query}"),
            &admin,
            None,
        )
        .await;
        assert_eq!((status, body["data"]["field"].as_str()), (412, Some(field)));
    }

    // Bad forms are refused naming the field, and write nothing.
    let mut no_secret = meituan("Meituan");
    no_secret["credentials"]
        .as_object_mut()
        .unwrap()
        .remove("appSecret");
    let mut stranger = meituan("Meituan");
    stranger["credentials"]["pin"] = json!("1234");
    let mut supplier_as_channel = meituan("Meituan");
    supplier_as_channel["mchId"] = json!(SUPPLIER_ID);
    let mut no_url = meituan("Meituan");
    no_url["baseUrl"] = json!("channel.example.com");
    let mut no_interface = meituan("Meituan");
    no_interface["interfaceId"] = json!(999_999);
    for (field, form) in [
        ("credentials.appSecret", no_secret),
        ("credentials.pin", stranger),
        ("mchId", supplier_as_channel),
        ("baseUrl", no_url),
        ("configName", meituan(" ")),
        ("interfaceId", no_interface),
        (
            "mchId",
            json!({"interfaceId": MEITUAN_HOTEL, "configName": "x", "baseUrl": "https://x"}),
        ),
    ] {
        let (status, body) = send(
            &app,
            "POST",
            "/saas/saasInterface/interfaceConfig/save",
            &admin,
            Some(form),
        )
        .await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some(field)),
            "{body}"
        );
        answers.push(body.to_string());
    }
    assert!(stored_credentials(&app).is_empty());

    // Only the tenant's staff configure.
    let (status, _) = send(
        &app,
        "POST",
        "/saas/saasInterface/interfaceConfig/save",
        &distributor,
        Some(meituan("Mine")),
    )
    .await;
    assert_eq!(status, 403);

    // Added: disabled, so not in the menus yet; the answer names the credentials only.
    let (status, body) = send(
        &app,
        "POST",
        "/saas/saasInterface/interfaceConfig/save",
        &admin,
        Some(meituan("Meituan hotels")),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let id = body["data"]["id"].as_i64().unwrap();
    assert_eq!(
        select(&app, &admin, "productType=10&type=2").await,
        json!([])
    );
    let (_, loaded) = send(
        &app,
        "GET",
        &format!("/saas/saasInterface/interfaceConfig/load?id={id}"),
        &admin,
        None,
    )
    .await;
    let c = &loaded["data"];
    assert_eq!(
        (
            c["interfaceName"].as_str(),
            c["mchName"].as_str(),
            c["type"].as_i64(),
            c["productType"].as_i64(),
            c["state"].as_i64(),
            c["baseUrl"].as_str()
        ),
        (
            Some("meituan"),
            Some("Demo Distributor"),
            Some(2),
            Some(10),
            Some(0),
            Some("https://channel.example.com/meituan")
        ),
        "{loaded}"
    );
    assert_eq!(
        c["credentialKeys"],
        json!(["appKey", "appSecret", "partnerId"])
    );
    answers.push(loaded.to_string());

    // A second configuration of the same interface for the same merchant is refused.
    let (status, body) = send(
        &app,
        "POST",
        "/saas/saasInterface/interfaceConfig/save",
        &admin,
        Some(meituan("Again")),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("mchId"))
    );

    // Enabled: the hotel application's channel menu lists it, the ticket one and the vendor
    // one do not.
    let (status, _) = send(
        &app,
        "PUT",
        &format!("/saas/saasInterface/interfaceConfig/enable?id={id}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 200);
    let menu = select(&app, &admin, "productType=10&type=2").await;
    assert_eq!(
        menu,
        json!([{"id": id, "interfaceId": MEITUAN_HOTEL, "interfaceName": "meituan", "title": "Meituan",
                "mchId": DISTRIBUTOR_ID, "configName": "Meituan hotels", "productType": 10, "type": 2}])
    );
    // The ticket channels hold only the demo's.
    assert_eq!(
        select(&app, &admin, "productType=20&type=2").await[0]["id"],
        platform::demo::MEITUAN_TICKET_CONFIG_ID
    );
    assert_eq!(
        select(&app, &admin, "productType=20&type=2")
            .await
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    assert_eq!(
        select(&app, &admin, "productType=10&type=1").await,
        json!([])
    );
    // The distributor it belongs to sees it; a supplier does not.
    assert_eq!(
        select(&app, &distributor, "productType=10&type=2").await[0]["id"],
        id
    );
    assert_eq!(
        select(&app, &supplier, "productType=10&type=2").await,
        json!([])
    );

    // Changed: the secret replaced, the other credentials kept; the sealed value changes and
    // never holds a credential in clear.
    let before = stored_credentials(&app);
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/saasInterface/interfaceConfig/update",
        &admin,
        Some(json!({"id": id, "mchId": DISTRIBUTOR_ID, "configName": "Meituan (all hotels)",
                    "baseUrl": "https://channel.example.com/mt", "credentials": {"appSecret": NEW_SECRET}})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let after = stored_credentials(&app);
    assert_ne!(before, after);
    for sealed in before.iter().chain(&after) {
        assert!(sealed.starts_with("v1:"), "{sealed}");
        for clear in [SECRET, NEW_SECRET, "mt-key-1", "P-1001"] {
            assert!(!sealed.contains(clear));
        }
    }
    // KEY is the base64 of the bytes 0 to 31.
    let sealer = platform::sealing::Sealer::new(&(0u8..32).collect::<Vec<_>>()).unwrap();
    let opened: Value = serde_json::from_str(&sealer.open(&after[0]).unwrap()).unwrap();
    assert_eq!(
        opened,
        json!({"appKey": "mt-key-1", "appSecret": NEW_SECRET, "partnerId": "P-1001"})
    );
    // Emptying a credential is refused.
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/saasInterface/interfaceConfig/update",
        &admin,
        Some(json!({"id": id, "mchId": DISTRIBUTOR_ID, "configName": "x",
                    "baseUrl": "https://x", "credentials": {"appKey": ""}})),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("credentials.appKey"))
    );

    // The list and the interface's details by merchant.
    let (_, list) = send(
        &app,
        "GET",
        "/saas/saasInterface/interfaceConfig/list?productType=10&type=2&state=1",
        &admin,
        None,
    )
    .await;
    assert_eq!(list["data"]["sizeAll"], 1, "{list}");
    assert_eq!(
        list["data"]["results"][0]["configName"],
        "Meituan (all hotels)"
    );
    answers.push(list.to_string());
    let (_, details) = send(
        &app,
        "GET",
        &format!("/saas/saasInterface/interfaceConfig/listByMerchant?interfaceId={MEITUAN_HOTEL}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(details["data"][0]["mchId"], DISTRIBUTOR_ID, "{details}");
    assert_eq!(details["data"][0]["mchName"], "Demo Distributor");
    assert_eq!(details["data"][0]["configs"][0]["id"], id);
    answers.push(details.to_string());

    // A vendor interface still in development can be configured but not enabled.
    let (status, body) = send(
        &app,
        "POST",
        "/saas/saasInterface/interfaceConfig/save",
        &admin,
        Some(json!({"interfaceId": HOTEL_VENDOR_API, "mchId": SUPPLIER_ID, "configName": "Supplier system",
                    "baseUrl": "http://127.0.0.1:9", "credentials": {"apiKey": "k", "apiSecret": SECRET}})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let vendor = body["data"]["id"].as_i64().unwrap();
    let (status, body) = send(
        &app,
        "PUT",
        &format!("/saas/saasInterface/interfaceConfig/enable?id={vendor}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("interface-not-available"))
    );
    answers.push(body.to_string());

    // Disabled: it leaves the menu. Deleted: gone, its credentials wiped.
    let (status, _) = send(
        &app,
        "PUT",
        &format!("/saas/saasInterface/interfaceConfig/disable?id={id}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        select(&app, &admin, "productType=10&type=2").await,
        json!([])
    );
    let (status, _) = send(
        &app,
        "PUT",
        &format!("/saas/saasInterface/interfaceConfig/delete?id={vendor}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = send(
        &app,
        "GET",
        &format!("/saas/saasInterface/interfaceConfig/load?id={vendor}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 404);
    assert!(stored_credentials(&app).contains(&String::new()));

    // No answer and no log line held a credential.
    let logs = String::from_utf8(capture.0.lock().unwrap().clone()).unwrap();
    assert!(logs.contains("interface configured"), "the capture works");
    for text in answers.iter().chain([&logs]) {
        for clear in [SECRET, NEW_SECRET, "mt-key-1", "P-1001"] {
            assert!(!text.contains(clear), "{clear} in {text}");
        }
    }
}

async fn another_tenant_sees_and_changes_none_of_them(backend: Backend) {
    let (app, issuer) = start(backend).await;
    let admin = issuer.token(2, SAAS_ID, 0, 200);
    let other = issuer.token(9, 2002, 0, 200);
    let (_, body) = send(
        &app,
        "POST",
        "/saas/saasInterface/interfaceConfig/save",
        &admin,
        Some(meituan("Ours")),
    )
    .await;
    let id = body["data"]["id"].as_i64().unwrap();
    send(
        &app,
        "PUT",
        &format!("/saas/saasInterface/interfaceConfig/enable?id={id}"),
        &admin,
        None,
    )
    .await;

    assert_eq!(
        select(&app, &other, "productType=10&type=2").await,
        json!([])
    );
    let (_, list) = send(
        &app,
        "GET",
        "/saas/saasInterface/interfaceConfig/list",
        &other,
        None,
    )
    .await;
    assert_eq!(list["data"]["sizeAll"], 0);
    let (_, details) = send(
        &app,
        "GET",
        &format!("/saas/saasInterface/interfaceConfig/listByMerchant?interfaceId={MEITUAN_HOTEL}"),
        &other,
        None,
    )
    .await;
    assert_eq!(details["data"], json!([]));
    for (method, path, body) in [
        (
            "GET",
            format!("/saas/saasInterface/interfaceConfig/load?id={id}"),
            None,
        ),
        (
            "PUT",
            format!("/saas/saasInterface/interfaceConfig/disable?id={id}"),
            None,
        ),
        (
            "PUT",
            format!("/saas/saasInterface/interfaceConfig/delete?id={id}"),
            None,
        ),
        (
            "PUT",
            "/saas/saasInterface/interfaceConfig/update".to_owned(),
            Some(
                json!({"id": id, "mchId": DISTRIBUTOR_ID, "configName": "Theirs", "baseUrl": "https://x"}),
            ),
        ),
    ] {
        let (status, answer) = send(&app, method, &path, &other, body).await;
        assert_eq!(status, 404, "{path}: {answer}");
    }
    // Nor can it hang a configuration on our distributor.
    let (status, body) = send(
        &app,
        "POST",
        "/saas/saasInterface/interfaceConfig/save",
        &other,
        Some(meituan("Theirs")),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("mchId"))
    );
    // Ours is untouched.
    assert_eq!(
        select(&app, &admin, "productType=10&type=2").await[0]["configName"],
        "Ours"
    );
}

async fn save_enabled(app: &TestApp, token: &str, form: Value) -> i64 {
    let (status, body) = send(
        app,
        "POST",
        "/saas/saasInterface/interfaceConfig/save",
        token,
        Some(form),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let id = body["data"]["id"].as_i64().unwrap();
    send(
        app,
        "PUT",
        &format!("/saas/saasInterface/interfaceConfig/enable?id={id}"),
        token,
        None,
    )
    .await;
    id
}

async fn imported(bus: &Bus, saas_id: i64, e: v1::InterfaceImported) {
    let body = Outgoing::new("hotel-app", "interface.imported", saas_id, &e).envelope_bytes();
    bus.publish_batch(&[("interface.imported", body.as_slice())])
        .await
        .unwrap();
}

async fn get(app: &TestApp, token: &str, path: &str) -> Value {
    let (status, body) = send(app, "GET", path, token, None).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"].clone()
}

async fn import_counts_come_from_what_was_imported(backend: Backend) {
    let (app, issuer, bus) = start_on_bus(backend).await;
    let admin = issuer.token(2, SAAS_ID, 0, 200);
    let other = issuer.token(9, 2002, 0, 200);
    let distributor = issuer.token(5, SAAS_ID, DISTRIBUTOR_ID, 312);
    let counts = [
        "/saas/boss/channel/getAlitripImportHotelCount",
        "/saas/boss/channel/getAlitripImportProductHotelCount",
        "/saas/boss/supplier/getImportProductHotelCount",
        "/saas/boss/supplier/getUpdatePriceHotelCount",
    ];
    // Nothing imported yet: every count is zero.
    for path in counts {
        assert_eq!(get(&app, &admin, path).await, 0, "{path}");
        assert_eq!(send(&app, "GET", path, &distributor, None).await.0, 403);
    }
    assert_eq!(
        get(&app, &admin, "/saas/magic/bossProduct/countHotelAndPrice").await,
        json!({"hotelCount": 0, "productCount": 0, "productHotelCount": 0, "priceHotelCount": 0})
    );

    // The paid service and the balance licence of the spec's fixed names.
    let services = get(
        &app,
        &admin,
        "/saas/boss/service/getServiceClassByTag?tag=HOTEL_SUPPLIER_INTERFACE",
    )
    .await;
    assert_eq!(
        services[0]["licenseData"], "saas/hotel/supplierInterface",
        "{services}"
    );
    let balance =
        get(&app, &admin, "/saas/boss/balanceLog/getBossBalanceInfo").await["account"].clone();
    let licence = get(
        &app,
        &admin,
        "/saas/boss/license/load?licenseName=saas/account/balance",
    )
    .await;
    assert_eq!(licence["licenseName"], "saas/account/balance");
    assert_eq!(licence["licenseValue"], balance, "{licence}");

    let alitrip = save_enabled(&app, &admin, json!({"interfaceId": 1003, "mchId": DISTRIBUTOR_ID, "configName": "Fliggy",
        "baseUrl": "https://fliggy.example.com", "credentials": {"appKey": "a", "appSecret": "b", "sessionKey": "c"}})).await;
    let vendor = save_enabled(&app, &admin, json!({"interfaceId": HOTEL_VENDOR_API, "mchId": SUPPLIER_ID, "configName": "Supplier system",
        "baseUrl": "https://supplier.example.com", "credentials": {"apiKey": "k", "apiSecret": "s"}})).await;

    // The check before an import: the channel may import; the vendor's configuration cannot be
    // enabled while its interface is in development.
    let allowed = get(
        &app,
        &admin,
        &format!(
            "/saas/boss/license/importProduct?licenseName=saas/account/balance&configId={alitrip}"
        ),
    )
    .await;
    assert_eq!(
        (allowed["importable"].as_bool(), allowed["reason"].as_str()),
        (Some(true), Some("")),
        "{allowed}"
    );
    assert_eq!(allowed["balance"], balance);
    let refused = get(
        &app,
        &admin,
        &format!(
            "/saas/boss/license/importProduct?licenseName=saas/account/balance&configId={vendor}"
        ),
    )
    .await;
    assert_eq!(refused["importable"], false, "{refused}");
    assert_eq!(refused["reason"], "This configuration is disabled");
    let (status, body) = send(
        &app,
        "GET",
        &format!("/saas/boss/license/importProduct?licenseName=saas/notify/sms&configId={alitrip}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("licenseName"))
    );
    let (status, _) = send(
        &app,
        "GET",
        &format!(
            "/saas/boss/license/importProduct?licenseName=saas/account/balance&configId={alitrip}"
        ),
        &other,
        None,
    )
    .await;
    assert_eq!(status, 404);

    // What the importers report (hotel 11 twice: counted once), and another tenant's.
    let e = |config_id, interface_id, kind, hotel_id, product_id| v1::InterfaceImported {
        config_id,
        interface_id,
        kind,
        hotel_id,
        product_id,
    };
    for ev in [
        e(alitrip, 1003, 1, 11, 0),
        e(alitrip, 1003, 1, 12, 0),
        e(alitrip, 1003, 1, 11, 0),
        e(alitrip, 1003, 2, 11, 111),
        e(alitrip, 1003, 2, 11, 112),
        e(vendor, HOTEL_VENDOR_API, 2, 21, 211),
        e(vendor, HOTEL_VENDOR_API, 3, 21, 211),
        e(vendor, HOTEL_VENDOR_API, 3, 22, 221),
    ] {
        imported(&bus, SAAS_ID, ev).await;
    }
    imported(&bus, 2002, e(77, 1003, 1, 99, 0)).await;
    // The events are handled concurrently, in no set order: wait for every count, not the last sent.
    let expected_all =
        json!({"hotelCount": 2, "productCount": 3, "productHotelCount": 2, "priceHotelCount": 2});
    let all = eventually("the imports counted", || async {
        let v = get(&app, &admin, "/saas/magic/bossProduct/countHotelAndPrice").await;
        (v == expected_all).then_some(v)
    })
    .await;
    assert_eq!(all, expected_all);
    let expected = [2, 1, 1, 2];
    for (path, n) in counts.iter().zip(expected) {
        assert_eq!(get(&app, &admin, path).await, n, "{path}");
    }
    assert_eq!(
        get(
            &app,
            &admin,
            &format!("/saas/magic/bossProduct/countHotelAndPrice?configId={alitrip}")
        )
        .await,
        json!({"hotelCount": 2, "productCount": 2, "productHotelCount": 1, "priceHotelCount": 0})
    );
    let allowed = get(
        &app,
        &admin,
        &format!(
            "/saas/boss/license/importProduct?licenseName=saas/account/balance&configId={alitrip}"
        ),
    )
    .await;
    assert_eq!(allowed["importedHotelCount"], 2);
    // The other tenant counts its own only.
    let theirs = eventually("the other tenant's import", || async {
        let n = get(
            &app,
            &other,
            "/saas/boss/channel/getAlitripImportHotelCount",
        )
        .await;
        (n == 1).then_some(n)
    })
    .await;
    assert_eq!(theirs, 1);
    assert_eq!(
        get(&app, &other, "/saas/boss/supplier/getUpdatePriceHotelCount").await,
        0
    );
}

/// Every change of a configuration is announced as it is now (for hotel-app's and ticket-app's
/// copies), in the tenant's envelope, its credentials sealed with the transport key; and every
/// configuration again when a copy asks.
async fn every_change_of_a_configuration_is_announced_with_its_credentials_sealed(
    backend: Backend,
) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let mut events = bus.broadcast("test", &["interface-config.updated"]);
    let db = TestDb::new(backend);
    let mut cfg = test_config(saas_main::NAME, Some(&db));
    cfg.env.set("TRADEWIND_SAAS_MAIN__DEMO__ENABLED", "true");
    cfg.env.set("TRADEWIND_SAAS_MAIN__SECRETS__KEY", KEY);
    cfg.env
        .set("TRADEWIND_SAAS_MAIN__CHANNEL__TRANSPORT_KEY", TRANSPORT_KEY);
    let app = spawn_on_bus(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        bus.clone(),
    )
    .await;
    let admin = issuer.token(2, SAAS_ID, 0, 200);
    let (status, body) = send(
        &app,
        "POST",
        "/saas/saasInterface/interfaceConfig/save",
        &admin,
        Some(meituan("Meituan")),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let id = body["data"]["id"].as_i64().unwrap();
    let mut changed = meituan("Meituan main");
    changed["id"] = json!(id);
    changed["baseUrl"] = json!("https://channel.example.com/meituan/v2/");
    changed["credentials"] = json!({"appSecret": NEW_SECRET});
    for (method, path, form) in [
        (
            "PUT",
            format!("/saas/saasInterface/interfaceConfig/enable?id={id}"),
            None,
        ),
        (
            "PUT",
            "/saas/saasInterface/interfaceConfig/update".to_owned(),
            Some(changed),
        ),
        (
            "PUT",
            format!("/saas/saasInterface/interfaceConfig/disable?id={id}"),
            None,
        ),
        (
            "PUT",
            format!("/saas/saasInterface/interfaceConfig/delete?id={id}"),
            None,
        ),
    ] {
        let (status, body) = send(&app, method, &path, &admin, form).await;
        assert_eq!(status, 200, "{path}: {body}");
    }
    let mut seen = Vec::new();
    let mut carriers = Vec::new();
    for _ in 0..5 {
        let e = next_event(&mut events).await;
        assert_eq!(e.saas_id, SAAS_ID);
        let raw = String::from_utf8_lossy(&e.payload).into_owned();
        assert!(!raw.contains(SECRET) && !raw.contains(NEW_SECRET));
        let c = v1::InterfaceConfigUpdated::decode(e.payload.as_slice()).unwrap();
        assert_eq!(
            (
                c.config_id,
                c.interface_id,
                c.interface_name.as_str(),
                c.mch_id
            ),
            (id, MEITUAN_HOTEL, "meituan", DISTRIBUTOR_ID)
        );
        assert_eq!((c.product_type, c.interface_type), (10, 2));
        assert!(
            c.credential_keys.contains("appSecret"),
            "{}",
            c.credential_keys
        );
        seen.push((c.state, c.config_name.clone(), c.base_url.clone()));
        carriers.push(carried(&c));
    }
    let states: Vec<i32> = seen.iter().map(|s| s.0).collect();
    assert_eq!(states, vec![0, 1, 1, 0, -1]);
    assert_eq!(seen[0].1, "Meituan");
    assert_eq!(seen[2].1, "Meituan main");
    // Kept without its trailing slash, as saas-main keeps addresses.
    assert_eq!(seen[2].2, "https://channel.example.com/meituan/v2");
    // The credentials travel sealed with the transport key: the new secret from the change on,
    // the others kept, nothing once deleted.
    assert_eq!(carriers[0]["appSecret"], SECRET);
    assert_eq!(carriers[2]["appSecret"], NEW_SECRET);
    assert_eq!(carriers[2]["appKey"], carriers[0]["appKey"]);
    assert_eq!(carriers[4], Value::Null);

    // Asked for the copy again (a follower starting empty), saas-main announces every
    // configuration, the deleted one too, then answers with their number.
    let second = save_enabled(&app, &admin, meituan("Second")).await;
    // Its save and its enabling.
    next_event(&mut events).await;
    next_event(&mut events).await;
    let mut answers = bus.broadcast("answers", &["resync.interface-configs.completed"]);
    let key = platform::bus::resync::requested_key("interface-configs");
    let ask = v1::ResyncRequested {
        copy: "interface-configs".into(),
        requester: "follower".into(),
    };
    let body = Outgoing::new("follower", &key, 0, &ask).envelope_bytes();
    bus.publish_batch(&[(key.as_str(), body.as_slice())])
        .await
        .unwrap();
    let done = next_event(&mut answers).await;
    let done = v1::ResyncCompleted::decode(done.payload.as_slice()).unwrap();
    // The demo's meituan ticket configuration too.
    assert_eq!((done.requester.as_str(), done.rows), ("follower", 3));
    let mut again = Vec::new();
    for _ in 0..3 {
        let e = next_event(&mut events).await;
        let c = v1::InterfaceConfigUpdated::decode(e.payload.as_slice()).unwrap();
        again.push((c.config_id, c.state, carried(&c)["appSecret"].clone()));
    }
    again.sort_by_key(|a| a.0);
    let mut expected = vec![
        (id, -1, Value::Null),
        (second, 1, json!(SECRET)),
        (
            platform::demo::MEITUAN_TICKET_CONFIG_ID,
            1,
            json!(platform::demo::MEITUAN_TICKET_SECRET),
        ),
    ];
    expected.sort_by_key(|a| a.0);
    assert_eq!(again, expected);
}

platform::on_both_backends!(
    every_change_of_a_configuration_is_announced_with_its_credentials_sealed,
    a_channel_is_configured_enabled_changed_and_disabled,
    another_tenant_sees_and_changes_none_of_them,
    import_counts_come_from_what_was_imported
);
