#![allow(clippy::unwrap_used, clippy::expect_used)]
//! A fresh installation converges whatever the start order: every service its own process
//! (`fleet --target <service>`, as the chart runs one pod each), each on an empty PostgreSQL
//! database, RabbitMQ on a vhost of its own, the demo data on. Started all at once, and again one
//! by one in reverse dependency order, the demo users work across services within 10 s: the
//! distributor searches and books the demo hotel, the supplier sees the order, the tenant's
//! dashboard counts it.

mod support;

use std::collections::HashMap;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use platform::testing::{Backend, TestDb, eventually_within};
use support::{Vhost, call, day, free_port, login};

/// How long the installation may take to converge once every process answers.
const CONVERGED_WITHIN: Duration = Duration::from_secs(10);

/// One installation: a port and a database per service, one vhost, one data directory.
struct Install {
    ports: HashMap<String, u16>,
    dbs: HashMap<String, TestDb>,
    vhost: Vhost,
    data: tempfile::TempDir,
    children: Vec<Child>,
}

impl Drop for Install {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn env_prefix(name: &str) -> String {
    platform::registry::get(name).unwrap().env_prefix.clone()
}

impl Install {
    fn new() -> Self {
        let mut ports = HashMap::new();
        let mut dbs = HashMap::new();
        for s in platform::registry::all() {
            ports.insert(s.name.clone(), free_port());
            if s.database.is_some() {
                dbs.insert(s.name.clone(), TestDb::new(Backend::Postgres));
            }
        }
        Self {
            ports,
            dbs,
            vhost: Vhost::new("converge"),
            data: tempfile::tempdir().unwrap(),
            children: Vec::new(),
        }
    }

    fn url(&self, name: &str) -> String {
        format!("http://127.0.0.1:{}", self.ports[name])
    }

    /// Starts `name` as its own process, configured as the chart configures a pod.
    fn start(&mut self, name: &str) {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_fleet"));
        let prefix = env_prefix(name);
        let data = self.data.path().join(name);
        std::fs::create_dir_all(&data).unwrap();
        cmd.args(["--target", name])
            .env("TRADEWIND_LOG", "warn")
            .env("TRADEWIND_DATA_DIR", &data)
            .env("TRADEWIND_AMQP_URL", self.vhost.url())
            .env("TRADEWIND_AUTH_URL", self.url("auth-center"))
            .env(
                format!("TRADEWIND_{prefix}__HTTP__PORT"),
                self.ports[name].to_string(),
            )
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        if let Some(db) = self.dbs.get(name) {
            cmd.env(
                format!("TRADEWIND_{prefix}__DATABASE__URL"),
                db.config().url.expose(),
            )
            .env(format!("TRADEWIND_{prefix}__DATABASE__POOL_SIZE"), "3");
        }
        if name == "gateway" {
            for s in platform::registry::upstreams() {
                cmd.env(
                    format!("TRADEWIND_GATEWAY__UPSTREAMS__{}__URL", s.env_prefix),
                    self.url(&s.name),
                );
            }
        }
        self.children.push(cmd.spawn().unwrap());
    }

    /// Waits until `name` answers at all (liveness: not whether its copies are filled).
    async fn wait_alive(&self, name: &str) {
        let client = awc::Client::default();
        let url = format!("{}/actuator/health/liveness", self.url(name));
        eventually_within(Duration::from_secs(60), &format!("{name} answers"), || {
            let req = client.get(&url).timeout(Duration::from_secs(2));
            async move {
                req.send()
                    .await
                    .ok()
                    .filter(|r| r.status().is_success())
                    .map(|_| ())
            }
        })
        .await
    }
}

/// One pass of what the demo users do; `None` (with the step that failed) until it all works.
async fn demo_users_work(base: &str) -> Result<(), String> {
    let distributor = login(base, "distributor", "distributor123")
        .await
        .ok_or("distributor login")?;
    let stay = format!("checkinDate={}&checkoutDate={}&roomNum=1", day(2), day(3));
    let (status, found) = call(
        "GET",
        &format!("{base}/api/hotel-app/saas/booking/hotelBookings/list?{stay}"),
        Some(&distributor),
        None,
    )
    .await;
    let hotel_id = found["data"]["results"][0]["hotelId"].clone();
    if status != 200 || hotel_id.is_null() {
        return Err(format!("hotel search: {status} {found}"));
    }
    let (status, products) = call(
        "GET",
        &format!(
            "{base}/api/hotel-app/saas/booking/hotelBookings/listHotelProduct?hotelId={hotel_id}&{stay}"
        ),
        Some(&distributor),
        None,
    )
    .await;
    if status != 200 || products["data"][0]["productId"].is_null() {
        return Err(format!("products: {status} {products}"));
    }
    let (status, booked) = call(
        "POST",
        &format!("{base}/api/hotel-app/saas/booking/hotelBookings/order"),
        Some(&distributor),
        Some(support::demo_hotel::order_form(
            &products["data"][0]["productId"],
            2,
        )),
    )
    .await;
    if status != 200 {
        return Err(format!("booking: {status} {booked}"));
    }
    let order_id = booked["data"]["orderId"].clone();
    let supplier = login(base, "supplier", "supplier123")
        .await
        .ok_or("supplier login")?;
    let admin = login(base, "demo", "demo123").await.ok_or("tenant login")?;
    // The order and its count travel over the bus: give them the rest of the time.
    eventually_within(CONVERGED_WITHIN, "the supplier sees the order", || {
        let supplier = supplier.clone();
        let order_id = order_id.clone();
        async move {
            let (status, list) = call(
                "GET",
                &format!("{base}/api/hotel-app/saas/order/supplier/list?resultNum=50"),
                Some(&supplier),
                None,
            )
            .await;
            (status == 200
                && list["data"]["results"]
                    .as_array()
                    .is_some_and(|r| r.iter().any(|o| o["orderId"] == order_id)))
            .then_some(())
        }
    })
    .await;
    eventually_within(CONVERGED_WITHIN, "the dashboard counts the order", || {
        let admin = admin.clone();
        async move {
            let (status, count) = call(
                "GET",
                &format!("{base}/api/saas-main/saas/stats/orderStats/count"),
                Some(&admin),
                None,
            )
            .await;
            (status == 200 && count["data"]["orderTotal"].as_i64().unwrap_or(0) >= 1).then_some(())
        }
    })
    .await;
    Ok(())
}

async fn converges(install: &Install) {
    let base = install.url("gateway");
    let deadline = std::time::Instant::now() + CONVERGED_WITHIN;
    loop {
        let failure = match demo_users_work(&base).await {
            Ok(()) => return,
            Err(step) => step,
        };
        assert!(
            std::time::Instant::now() < deadline,
            "not converged within {CONVERGED_WITHIN:?}; last failure: {failure}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(250)).await;
    }
}

/// Both start orders, one after the other (each is nine processes on PostgreSQL and RabbitMQ).
#[actix_web::test]
async fn a_fresh_installation_converges_whatever_the_start_order() {
    // As `helm install` starts pods: all at once.
    let mut install = Install::new();
    let names: Vec<String> = platform::registry::all()
        .iter()
        .map(|s| s.name.clone())
        .collect();
    for name in &names {
        install.start(name);
    }
    for name in &names {
        install.wait_alive(name).await;
    }
    converges(&install).await;
    drop(install);

    // The owners last: each service up before the ones it depends on.
    let mut install = Install::new();
    for name in names.iter().rev() {
        install.start(name);
        install.wait_alive(name).await;
    }
    converges(&install).await;
}
