#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The fleet binary: every service started in one process, all reached through the gateway.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

struct Fleet {
    child: Child,
    url: String,
    /// What it printed before it was up (the demo logins).
    banner: String,
    _data: tempfile::TempDir,
}

impl Drop for Fleet {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `fleet --target all` with every port chosen at bind time and the SQLite files in a
/// temporary directory; answers once it prints the gateway's URL.
fn start_fleet() -> Fleet {
    let data = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fleet"));
    cmd.args(["--target", "all"])
        .env("TRADEWIND_DATA_DIR", data.path())
        .env("TRADEWIND_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    for name in [
        "GATEWAY",
        "AUTH_CENTER",
        "SAAS_MAIN",
        "HOTEL_APP",
        "TICKET_APP",
        "WEIXIN_SERVER",
        "MALL_APP",
        "MESSAGE_SERVER",
        "FINANCE_APP",
    ] {
        cmd.env(format!("TRADEWIND_{name}__HTTP__PORT"), "0");
    }
    let mut child = cmd.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let mut banner = String::new();
    let url = loop {
        let line = lines
            .next()
            .expect("the fleet printed its URL before exiting")
            .unwrap();
        if let Some(url) = line.strip_prefix("Tradewind is up: ") {
            break url.trim_end_matches('/').to_owned();
        }
        banner.push_str(&line);
        banner.push('\n');
    };
    Fleet {
        child,
        url,
        banner,
        _data: data,
    }
}

#[actix_web::test]
async fn every_service_answers_its_build_info_through_the_gateway() {
    let fleet = start_fleet();
    let client = awc::Client::default();
    for name in platform::registry::upstreams().map(|s| s.name.as_str()) {
        let mut res = client
            .get(format!("{}/api/{name}/actuator/info", fleet.url))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "{name}");
        let info: serde_json::Value = res.json().await.unwrap();
        assert_eq!(info["build"]["artifact"], name);
        let mut res = client
            .get(format!("{}/api/{name}/actuator/health", fleet.url))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "{name}");
        let health: serde_json::Value = res.json().await.unwrap();
        assert_eq!(
            health["components"]["db"]["details"]["backend"], "sqlite",
            "{name}"
        );
    }
    let res = client
        .get(format!("{}/actuator/health", fleet.url))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
}

async fn login(client: &awc::Client, base: &str, username: &str, password: &str) -> String {
    let mut res = client
        .post(format!("{base}/api/auth-center/api/auth/login"))
        .insert_header(("x-requested-with", "XMLHttpRequest"))
        .send_json(&serde_json::json!({"username": username, "password": password}))
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200, "{username}");
    let body: serde_json::Value = res.json().await.unwrap();
    body["token"].as_str().unwrap().to_owned()
}

async fn status_of(client: &awc::Client, url: String, token: &str) -> (u16, serde_json::Value) {
    let mut res = client.get(url).bearer_auth(token).send().await.unwrap();
    let body = res.json().await.unwrap_or(serde_json::Value::Null);
    (res.status().as_u16(), body)
}

#[actix_web::test]
async fn the_demo_logins_work_and_a_second_login_ends_the_first_everywhere() {
    let fleet = start_fleet();
    for login in ["admin", "demo", "operator", "supplier", "distributor"] {
        assert!(
            fleet.banner.contains(login),
            "{login} not in\n{}",
            fleet.banner
        );
    }
    assert!(
        fleet.banner.contains("change these passwords"),
        "{}",
        fleet.banner
    );
    let client = awc::Client::default();
    let base = &fleet.url;
    let first = login(&client, base, "operator", "operator123").await;
    let (status, me) = status_of(
        &client,
        format!("{base}/api/auth-center/client/user"),
        &first,
    )
    .await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["data"]["companyName"], "Demo Travel");
    // Another service verifies the token itself (keys fetched from auth-center): past its
    // guard, the unknown path is a 404, not a 401.
    let (status, _) = status_of(
        &client,
        format!("{base}/api/hotel-app/client/nothing"),
        &first,
    )
    .await;
    assert_eq!(status, 404);

    let second = login(&client, base, "operator", "operator123").await;
    for service in ["auth-center", "hotel-app", "saas-main"] {
        let url = format!("{base}/api/{service}/client/user");
        // Soon: the gateway hears of it from the session.ended event.
        let (client_ref, first_ref) = (&client, &first);
        let answer =
            platform::testing::eventually(&format!("{service} refuses the first login"), || {
                let url = url.clone();
                async move {
                    let answer = status_of(client_ref, url, first_ref).await;
                    (answer.0 == 401).then_some(answer)
                }
            })
            .await;
        assert_eq!(answer.0, 401, "{service}: {}", answer.1);
        assert_eq!(answer.1["code"], "token-repeated", "{service}");
    }
    let (status, _) = status_of(
        &client,
        format!("{base}/api/auth-center/client/user"),
        &second,
    )
    .await;
    assert_eq!(status, 200);
}

/// The demo's year of hotel orders (docs/demo-data.md) reaches the tenant's dashboard:
/// hotel-app replays it on first start with its events dated in the past, and saas-main counts
/// them on those days, so the default period shows orders and today only today's.
#[actix_web::test]
async fn the_demo_history_fills_the_tenants_dashboard() {
    let fleet = start_fleet();
    let client = awc::Client::default();
    let base = &fleet.url;
    let demo = login(&client, base, "demo", "demo123").await;
    let (status, orders) = status_of(
        &client,
        format!("{base}/api/hotel-app/saas/order/sys/list?resultNum=1"),
        &demo,
    )
    .await;
    assert_eq!(status, 200, "{orders}");
    let total = orders["data"]["sizeAll"].as_i64().unwrap();
    assert!(total > 300, "{total} demo orders");
    let url = format!("{base}/api/saas-main/saas/dashboard/index/saasOverview");
    let (client_ref, demo_ref) = (&client, &demo);
    // Counted once saas-main has taken in the events: until then the figures grow.
    let overview = platform::testing::eventually_within(
        std::time::Duration::from_secs(60),
        "the dashboard counts the demo history",
        || {
            let url = url.clone();
            async move {
                let (status, body) = status_of(client_ref, url, demo_ref).await;
                let period = &body["data"]["period"];
                (status == 200
                    && period["orderNum"].as_i64() >= Some(20)
                    && period["orderSuccess"].as_i64() >= Some(10)
                    && period["orderCancel"].as_i64() >= Some(1))
                .then_some(body)
            }
        },
    )
    .await;
    let data = &overview["data"];
    let period = data["period"]["orderNum"].as_i64().unwrap();
    assert!(
        period < total / 3,
        "the period holds its 30 days, not the year: {data}"
    );
    assert!(
        data["today"]["orderNum"].as_i64().unwrap() < period,
        "{data}"
    );
    assert!(
        data["period"]["orderTotalMoney"].as_i64().unwrap() > 0,
        "{data}"
    );
    assert!(
        data["activeDistributorNum"].as_i64().unwrap() >= 1,
        "{data}"
    );
}

/// `make run`'s first start leaves the demo users a few notifications from the demo hotel's
/// history (docs/demo-data.md): the settings the demo saved for them in saas-main, the history's
/// last two days in their lists through the gateway, unread; and no flood of toasts when their
/// socket opens (the history is quiet: only news is pushed).
#[actix_web::test]
async fn the_demo_users_find_the_historys_notifications_without_a_flood_of_toasts() {
    let fleet = start_fleet();
    let client = awc::Client::default();
    let base = &fleet.url;
    let client_ref = &client;
    for (who, password, web) in [
        ("demo", "demo123", "0,1"),
        ("supplier", "supplier123", "0,1,2"),
        ("distributor", "distributor123", "11,13"),
    ] {
        let token = login(&client, base, who, password).await;
        let (status, settings) = status_of(
            &client,
            format!("{base}/api/saas-main/saas/notify/config/load"),
            &token,
        )
        .await;
        assert_eq!(status, 200, "{who}: {settings}");
        assert_eq!(settings["data"]["notifyWeb"], web, "{who}: {settings}");
        let url = format!("{base}/api/message-server/saas/notify/message/list?resultNum=500");
        let token_ref = &token;
        // Listed once message-server has taken in the history's events (they queue at start).
        let listed = platform::testing::eventually_within(
            std::time::Duration::from_secs(120),
            &format!("{who}'s notifications from the history"),
            || {
                let url = url.clone();
                async move {
                    let (status, body) = status_of(client_ref, url, token_ref).await;
                    let rows = body["data"]["results"].as_array().cloned()?;
                    (status == 200 && !rows.is_empty()).then_some(rows)
                }
            },
        )
        .await;
        let two_days_ago = platform::time::now_ms() - 2 * 24 * 3600 * 1000 - 60_000;
        for m in &listed {
            assert!(m["createDate"].as_i64() >= Some(two_days_ago), "{who}: {m}");
            assert_eq!(m["read"], false, "{who}: {m}");
        }
        assert!(listed.len() <= 60, "{who}: {} notifications", listed.len());

        let ws =
            format!("{base}/api/message-server/websocket?token={token}").replacen("http", "ws", 1);
        let (answer, mut socket) = client.ws(ws).connect().await.unwrap();
        assert_eq!(answer.status().as_u16(), 101);
        if let Some(text) = next_text(&mut socket, std::time::Duration::from_secs(2)).await {
            let pushed = match serde_json::from_str(&text).unwrap_or_default() {
                serde_json::Value::Array(a) => a.len(),
                _ => 1,
            };
            // News only: an order of the history booked in its last minutes, if the draw has one.
            assert!(pushed <= 3, "{who}: {pushed} toasts at login: {text}");
        }
    }
}

/// The next text frame within `wait`, or None.
async fn next_text(
    socket: &mut actix_codec::Framed<awc::BoxedSocket, awc::ws::Codec>,
    wait: std::time::Duration,
) -> Option<String> {
    use futures_util::StreamExt as _;
    loop {
        match actix_web::rt::time::timeout(wait, socket.next()).await {
            Ok(Some(Ok(awc::ws::Frame::Text(t)))) => {
                return Some(String::from_utf8(t.to_vec()).unwrap());
            }
            Ok(Some(Ok(_))) => {}
            _ => return None,
        }
    }
}

/// The demo groups and the dashboards agree (docs/dashboards.md): a supplier's and a
/// distributor's user read their own product count and overview, and not the tenant-wide
/// activity, which is the staff's.
#[actix_web::test]
async fn the_demo_merchants_read_their_own_dashboard_and_not_the_tenants_activity() {
    let fleet = start_fleet();
    let client = awc::Client::default();
    let base = &fleet.url;
    let saas = |path: &str| format!("{base}/api/saas-main/saas/{path}");
    let day = |n: i64| {
        platform::time::format_day(platform::time::day_of_ms(platform::time::now_ms()) + n)
    };
    let today = format!("startDate={}&endDate={}", day(-24), day(0));
    let operator = login(&client, base, "operator", "operator123").await;
    for (who, password, own) in [
        ("supplier", "supplier123", "supplierOverview"),
        ("distributor", "distributor123", "distributorOverview"),
    ] {
        let token = login(&client, base, who, password).await;
        // A member holds what its group grants from the first request: a service checks the
        // grants themselves, not the catalogue the services' codes reach through the bus.
        let (status, body) = status_of(
            &client,
            saas("stats/productStats/count?productType=10"),
            &token,
        )
        .await;
        assert_eq!(status, 200, "{who}: {body}");
        let (status, body) =
            status_of(&client, saas(&format!("dashboard/index/{own}")), &token).await;
        assert_eq!(status, 200, "{who}: {body}");
        for path in [
            "dashboard/index/userActionOverview".to_owned(),
            format!("dashboard/index/userActionStats?{today}"),
        ] {
            let (status, body) = status_of(&client, saas(&path), &token).await;
            assert_eq!(status, 403, "{who} {path}: {body}");
            let (status, body) = status_of(&client, saas(&path), &operator).await;
            assert_eq!(status, 200, "operator {path}: {body}");
        }
    }
}

/// The embedded product end to end: the demo supplier asks for new-order notifications in the
/// console's way (saas-main), opens the websocket through the gateway with its token, and sees
/// the order the demo distributor books through the gateway (hotel-app), carried by the
/// in-process bus.
#[actix_web::test]
async fn an_order_booked_through_the_gateway_reaches_the_suppliers_socket() {
    use futures_util::SinkExt as _;
    let fleet = start_fleet();
    let client = awc::Client::default();
    let base = &fleet.url;
    let supplier = login(&client, base, "supplier", "supplier123").await;
    let distributor = login(&client, base, "distributor", "distributor123").await;
    let mut res = client
        .post(format!("{base}/api/saas-main/saas/notify/config/save"))
        .bearer_auth(&supplier)
        .send_json(&serde_json::json!({"notifyWeb": "0", "state": 1}))
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200, "{:?}", res.body().await);

    let ws =
        format!("{base}/api/message-server/websocket?token={supplier}").replacen("http", "ws", 1);
    let (answer, mut socket) = client
        .ws(ws)
        .header("accept-language", "en")
        .connect()
        .await
        .unwrap();
    assert_eq!(answer.status().as_u16(), 101);
    socket
        .send(awc::ws::Message::Text("ping".into()))
        .await
        .unwrap();
    let mut pong = None;
    for _ in 0..5 {
        pong = next_text(&mut socket, std::time::Duration::from_secs(2)).await;
        if pong.as_deref() == Some("success") {
            break;
        }
    }
    assert_eq!(
        pong.as_deref(),
        Some("success"),
        "keep-alive through the gateway"
    );
    let bad =
        format!("{base}/api/message-server/websocket?token=nonsense").replacen("http", "ws", 1);
    let refused = client.ws(bad).connect().await;
    assert!(refused.is_err(), "a bad token is refused at the upgrade");

    let day = |n: i64| {
        platform::time::format_day(platform::time::day_of_ms(platform::time::now_ms()) + n)
    };
    let stay = format!("checkinDate={}&checkoutDate={}&roomNum=1", day(2), day(3));
    let search = format!("{base}/api/hotel-app/saas/booking/hotelBookings/list?{stay}");
    let (status, found) = status_of(&client, search, &distributor).await;
    assert_eq!(status, 200, "{found}");
    let hotel_id = found["data"]["results"][0]["hotelId"].clone();
    let products = format!(
        "{base}/api/hotel-app/saas/booking/hotelBookings/listHotelProduct?hotelId={hotel_id}&{stay}"
    );
    let (status, products) = status_of(&client, products, &distributor).await;
    assert_eq!(status, 200, "{products}");
    let mut res = client
        .post(format!(
            "{base}/api/hotel-app/saas/booking/hotelBookings/order"
        ))
        .bearer_auth(&distributor)
        .send_json(&serde_json::json!({
            "productId": products["data"][0]["productId"],
            "checkinDate": day(2),
            "checkoutDate": day(3),
            "roomNum": 1,
            "contactName": "Li Lei",
            "contactPhone": "13812345678",
            "guests": [{"name": "Li Lei"}]
        }))
        .await
        .unwrap();
    let booked: serde_json::Value = res.json().await.unwrap();
    assert_eq!(res.status().as_u16(), 200, "{booked}");
    let order_id = booked["data"]["orderId"].to_string();
    let mut toast = None;
    // The order's event may queue behind the demo history's (a year of orders replayed at first
    // start): a bound for "it arrives", not a timing.
    while let Some(text) = next_text(&mut socket, std::time::Duration::from_secs(60)).await {
        let v: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
        if v["notifyType"] == 0 && v["refId"].as_str() == Some(order_id.trim_matches('"')) {
            toast = Some(v);
            break;
        }
    }
    let toast = toast.expect("the new-order notification reached the socket");
    assert!(
        toast["message"]
            .as_str()
            .unwrap()
            .starts_with("New order (hotel)"),
        "{toast}"
    );
}

async fn send_json(
    client: &awc::Client,
    method: &str,
    url: String,
    token: &str,
    body: serde_json::Value,
) -> (u16, serde_json::Value) {
    let mut res = client
        .request(method.parse().unwrap(), url)
        .bearer_auth(token)
        .insert_header(("x-requested-with", "XMLHttpRequest"))
        .send_json(&body)
        .await
        .unwrap();
    let body = res.json().await.unwrap_or(serde_json::Value::Null);
    (res.status().as_u16(), body)
}

/// A channel's order end to end (docs/channels.md): the demo operator points the demo meituan
/// ticket configuration at a channel simulator, pulls its catalogue and maps the demo adult
/// ticket; the price pushed reaches the channel, which places an order at it through the
/// gateway, signed over the path it called; the order is the demo distributor's, confirmed with
/// its vouchers, and in the interface log.
#[actix_web::test]
async fn a_channel_places_a_signed_order_through_the_gateway() {
    use platform::channel::Channel;
    use platform::demo::{MEITUAN_TICKET_ACCOUNT, MEITUAN_TICKET_CONFIG_ID as CONFIG};
    use platform::testing::eventually;
    use serde_json::json;

    let fleet = start_fleet();
    let base = fleet.url.clone();
    let sim = channel_sim::start("127.0.0.1:0").unwrap();
    sim.sim.preset_demo(&format!(
        "{base}/api/ticket-app/openapi/channel/{CONFIG}/orders"
    ));
    let client = awc::Client::default();
    let operator = login(&client, &base, "operator", "operator123").await;
    let saas = |path: &str| format!("{base}/api/saas-main/saas/saasInterface/{path}");
    let ticket = |path: &str| format!("{base}/api/ticket-app{path}");

    let (status, loaded) = status_of(
        &client,
        saas(&format!("interfaceConfig/load?id={CONFIG}")),
        &operator,
    )
    .await;
    assert_eq!(status, 200, "{loaded}");
    let c = &loaded["data"];
    let (status, body) = send_json(
        &client,
        "PUT",
        saas("interfaceConfig/update"),
        &operator,
        json!({"id": CONFIG, "mchId": c["mchId"], "configName": c["configName"],
            "baseUrl": sim.channel_url(Channel::Meituan)}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // ticket-app's copy follows saas-main's event: the pull reaches the simulator.
    let (client_, operator_) = (&client, operator.as_str());
    eventually("the catalogue pulled from the simulator", || async {
        let (status, body) = send_json(
            client_,
            "POST",
            ticket("/saas/ticket/channel/sync"),
            operator_,
            json!({"configId": CONFIG}),
        )
        .await;
        (status == 200 && body["data"]["products"] == 3).then_some(())
    })
    .await;
    let (_, ours) = status_of(
        &client,
        ticket(&format!(
            "/saas/ticket/channel/listSysProduct?configId={CONFIG}"
        )),
        &operator,
    )
    .await;
    let adult = ours["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["productName"].as_str().unwrap().ends_with("成人票"))
        .expect("a demo adult ticket")["productId"]
        .clone();
    let (status, body) = send_json(
        &client,
        "POST",
        ticket("/saas/ticket/channel/map"),
        &operator,
        json!({"configId": CONFIG, "productId": adult, "channelProductId": "deal-1001"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    // The channel sells at the price it was pushed.
    let day = eventually("the mapped calendar reaches the channel", || async {
        sim.sim
            .calendars(Channel::Meituan, MEITUAN_TICKET_ACCOUNT)
            .into_iter()
            .find(|c| c.product == "deal-1001")
            .and_then(|c| {
                c.days
                    .into_iter()
                    .find(|d| !d.closed && d.stock.is_none_or(|n| n > 0))
            })
    })
    .await;
    let mut res = client
        .post(format!("{}/sim/orders", sim.url))
        .send_json(
            &json!({"channel": "meituan", "account": MEITUAN_TICKET_ACCOUNT,
            "orderId": "E2E-1", "product": "deal-1001", "date": day.date, "quantity": 1,
            "price": day.price, "contactName": "Han Meimei", "contactMobile": "13800000042"}),
        )
        .await
        .unwrap();
    let placed: serde_json::Value = res.json().await.unwrap();
    assert_eq!(placed["status"], 200, "{placed}");
    assert_eq!(placed["answer"]["data"]["state"], "confirmed", "{placed}");
    assert!(
        !placed["answer"]["data"]["vouchers"]
            .as_array()
            .unwrap()
            .is_empty()
    );

    let (_, orders) = status_of(
        &client,
        ticket("/saas/order/ticketSys/list?channelOrderId=E2E-1"),
        &operator,
    )
    .await;
    let o = &orders["data"]["results"][0];
    assert_eq!(
        (&o["configId"], &o["distributorId"], &o["productId"]),
        (
            &json!(CONFIG),
            &json!(platform::demo::DISTRIBUTOR_ID),
            &adult
        ),
        "{orders}"
    );
    let (_, log) = status_of(
        &client,
        ticket(&format!(
            "/saas/ticket/log/interfaceLog/list?configId={CONFIG}&action=order"
        )),
        &operator,
    )
    .await;
    assert_eq!(
        log["data"]["results"][0]["url"],
        format!("/api/ticket-app/openapi/channel/{CONFIG}/orders"),
        "{log}"
    );
    sim.stop().await;
}

/// A call of an API user through the gateway, signed with its secret as
/// docs/open-api.md says (`path` is the full path the gateway is called at).
async fn signed_call(
    client: &awc::Client,
    base: &str,
    method: &str,
    path: &str,
    body: Option<serde_json::Value>,
    (app_key, secret): (&str, &str),
) -> (u16, serde_json::Value) {
    use platform::auth::signed;
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let ts = platform::time::now_ms();
    let nonce = uuid::Uuid::new_v4().simple().to_string();
    let mut req = client.request(method.parse().unwrap(), format!("{base}{path}"));
    for header in
        signed::request_headers(app_key, secret, method, path, body.as_bytes(), ts, &nonce)
    {
        req = req.insert_header(header);
    }
    let mut res = req
        .insert_header(("content-type", "application/json"))
        .send_body(body)
        .await
        .unwrap();
    let answer = res.json().await.unwrap_or(serde_json::Value::Null);
    (res.status().as_u16(), answer)
}

/// The open API end to end (docs/open-api.md): the tenant's administrator makes an API user of
/// the demo distributor; with its secret it signs its calls to the gateway, sets a callback URL,
/// finds and books the demo hotel; the booking reaches the callback signed with the webhook's
/// secret and is in the delivery log. A call signed with another secret is refused.
#[actix_web::test]
async fn an_api_user_books_with_signed_calls_and_hears_its_webhook() {
    use hotel_app::domain::webhook;
    use platform::testing::eventually;
    use serde_json::{Value, json};
    use std::sync::{Arc, Mutex};

    let fleet = start_fleet();
    let base = fleet.url.clone();
    let client = awc::Client::default();
    let admin = login(&client, &base, "demo", "demo123").await;
    let (status, made) = send_json(
        &client,
        "POST",
        format!("{base}/api/auth-center/saas/account/api/save"),
        &admin,
        json!({"name": "E2E booking system", "mscType": 512,
            "mchId": platform::demo::DISTRIBUTOR_ID, "state": 0}),
    )
    .await;
    assert_eq!(status, 200, "{made}");
    let key = made["data"]["appKey"].as_str().unwrap().to_owned();
    let secret = made["data"]["appSecret"].as_str().unwrap().to_owned();
    let me = (key.as_str(), secret.as_str());
    let open = |path: &str| format!("/api/hotel-app/open/v1{path}");

    // The distributor's receiver: each delivery's body and whether its signature verified.
    type Seen = Arc<Mutex<(String, Vec<(bool, Value)>)>>;
    let seen: Seen = Arc::default();
    let data = actix_web::web::Data::new(seen.clone());
    let server = actix_web::HttpServer::new(move || {
        actix_web::App::new().app_data(data.clone()).route(
            "/cb",
            actix_web::web::post().to(
                |req: actix_web::HttpRequest,
                 body: actix_web::web::Bytes,
                 seen: actix_web::web::Data<Seen>| async move {
                    let h = |n: &str| {
                        req.headers()
                            .get(n)
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or("")
                            .to_owned()
                    };
                    let mut s = seen.lock().unwrap();
                    let ts: i64 = h(webhook::TIMESTAMP_HEADER).parse().unwrap_or(0);
                    let good = h(webhook::SIGNATURE_HEADER)
                        == webhook::signature(&s.0, "/cb", ts, &h(webhook::ID_HEADER), &body);
                    s.1.push((good, serde_json::from_slice(&body).unwrap_or(Value::Null)));
                    actix_web::HttpResponse::NoContent().finish()
                },
            ),
        )
    })
    .workers(1)
    .disable_signals()
    .bind("127.0.0.1:0")
    .unwrap();
    let port = server.addrs()[0].port();
    let server = server.run();
    let handle = server.handle();
    actix_web::rt::spawn(server);

    let (status, set) = signed_call(
        &client,
        &base,
        "PUT",
        &open("/webhook"),
        Some(json!({"url": format!("http://127.0.0.1:{port}/cb")})),
        me,
    )
    .await;
    assert_eq!(status, 200, "{set}");
    seen.lock().unwrap().0 = set["data"]["secret"].as_str().unwrap().to_owned();

    let day = |n: i64| {
        platform::time::format_day(platform::time::day_of_ms(platform::time::now_ms()) + n)
    };
    let stay = format!("checkinDate={}&checkoutDate={}&roomNum=1", day(1), day(2));
    let (client_, base_) = (&client, base.as_str());
    let hotels_path = open(&format!("/hotels?{stay}"));
    let hotel = eventually("the demo hotel offered to the API user", || async {
        let (s, b) = signed_call(client_, base_, "GET", &hotels_path, None, me).await;
        (s == 200 && b["data"]["sizeAll"] == 1).then(|| b["data"]["results"][0]["hotelId"].clone())
    })
    .await;
    let (status, products) = signed_call(
        &client,
        &base,
        "GET",
        &open(&format!("/hotels/{hotel}/products?{stay}")),
        None,
        me,
    )
    .await;
    assert_eq!(status, 200, "{products}");
    let product = products["data"][0]["productId"].clone();
    let form = json!({"productId": product, "checkinDate": day(1), "checkoutDate": day(2),
        "roomNum": 1, "contactName": "Li Lei", "contactPhone": "13812345678",
        "guests": [{"name": "Li Lei"}], "channelOrderId": "DIST-0001"});
    let (status, refused) = signed_call(
        &client,
        &base,
        "POST",
        &open("/orders"),
        Some(form.clone()),
        (key.as_str(), "not-the-secret"),
    )
    .await;
    assert_eq!(status, 401, "{refused}");
    let (status, booked) =
        signed_call(&client, &base, "POST", &open("/orders"), Some(form), me).await;
    assert_eq!(status, 200, "{booked}");
    let order = booked["data"]["orderId"].clone();

    let heard = eventually("the booking delivered to the callback URL", || async {
        let s = seen.lock().unwrap();
        s.1.iter().find(|(_, b)| b["orderId"] == order).cloned()
    })
    .await;
    assert!(
        heard.0,
        "the delivery's signature did not verify: {heard:?}"
    );
    assert_eq!(
        (&heard.1["event"], &heard.1["channelOrderId"]),
        (&json!("order.created"), &json!("DIST-0001"))
    );
    let (client_, base_) = (&client, base.as_str());
    let log_path = open(&format!("/webhook/deliveries?orderId={order}"));
    eventually("the delivery logged as delivered", || async {
        let (_, b) = signed_call(client_, base_, "GET", &log_path, None, me).await;
        (b["data"]["results"][0]["state"] == 2).then_some(())
    })
    .await;
    handle.stop(false).await;
}

#[test]
fn an_unknown_target_is_refused_with_the_known_names() {
    let out = Command::new(env!("CARGO_BIN_EXE_fleet"))
        .args(["--target", "hotel"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("known: all, gateway, auth-center"), "{err}");
}

#[test]
fn migrate_brings_the_chosen_databases_up_to_date_and_exits() {
    let data = tempfile::tempdir().unwrap();
    let migrate = || {
        let out = Command::new(env!("CARGO_BIN_EXE_fleet"))
            .args(["migrate", "--target", "hotel-app,saas-main"])
            .env("TRADEWIND_DATA_DIR", data.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let first = migrate();
    assert!(first.contains("saas-main: applied"), "{first}");
    assert!(first.contains("hotel-app: applied"), "{first}");
    let second = migrate();
    assert!(second.contains("saas-main: schema up to date"), "{second}");
    assert!(second.contains("hotel-app: schema up to date"), "{second}");
    assert!(data.path().join("hotel-app.db").exists());
    assert!(data.path().join("saas-main.db").exists());
    assert!(!data.path().join("finance-app.db").exists());
}
