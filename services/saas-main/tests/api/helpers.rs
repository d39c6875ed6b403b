//! Calling saas-main as the console does, and running a test on both backends.

use platform::bus::{EventEnvelope, Subscription};
use platform::testing::TestApp;
use prost::Message as _;
use serde_json::Value;

/// Sends `body` (if any) as JSON with the caller's token, in English; answers the status and
/// the body.
pub async fn send(
    app: &TestApp,
    method: &str,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> (u16, Value) {
    app.call(method, path, token, "en", body).await
}

/// Ends the mail licence's year a second ago, as an administrator's clock would have it (no
/// endpoint moves time); answers the expiry date written.
pub fn lapse_mail_licence(app: &TestApp) -> i64 {
    let db = app.db.as_ref().expect("a database");
    let pool = platform::db::connect(&db.config()).unwrap();
    let past = platform::time::now_ms() - 1_000;
    diesel::RunQueryDsl::execute(
        diesel::sql_query(format!(
            "UPDATE licences SET expire_date = {past} WHERE license_name = 'saas/notify/mail'"
        )),
        &mut pool.get().unwrap(),
    )
    .unwrap();
    past
}

/// The next event on a test's own queue of the bus, decoded.
pub async fn next_event(events: &mut Subscription) -> EventEnvelope {
    let delivery = tokio::time::timeout(std::time::Duration::from_secs(10), events.recv())
        .await
        .expect("an event within 10 s")
        .expect("the bus is open");
    EventEnvelope::decode(delivery.body.as_slice()).unwrap()
}
