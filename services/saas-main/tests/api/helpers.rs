//! Calling saas-main as the console does, and running a test on both backends.

use platform::testing::TestApp;
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
