//! Calling saas-main as the console does, and running a test on both backends.

use awc::Client;
use platform::testing::TestApp;
use serde_json::Value;

/// Sends `body` (if any) as JSON with the caller's token; answers the status and the body.
pub async fn send(
    app: &TestApp,
    method: &str,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let req = Client::default()
        .request(method.parse().unwrap(), app.url(path))
        .insert_header(("accept-language", "en"))
        .bearer_auth(token);
    let mut res = match body {
        Some(b) => req.send_json(&b).await.unwrap(),
        None => req.send().await.unwrap(),
    };
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}
