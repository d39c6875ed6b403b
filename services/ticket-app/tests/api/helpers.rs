//! ticket-app as the tests use it: spawned with the platform's tenant fixture, called through a
//! client with one method per endpoint.

use platform::testing::{Answer, Backend, TenantFixture};
use serde_json::{Value, json};

/// What the demo groups give merchant users in the ticket application (docs/demo-data.md).
const SUPPLIER_GRANTS: &[&str] = &["/saas/ticket/**"];
const DISTRIBUTOR_GRANTS: &[&str] = &["/saas/ticket/**"];

pub async fn start(backend: Backend) -> TenantFixture {
    TenantFixture::start(
        ticket_app::service(),
        backend,
        &[],
        SUPPLIER_GRANTS,
        DISTRIBUTOR_GRANTS,
    )
    .await
}

/// One caller of the service.
pub struct Client<'a> {
    pub fixture: &'a TenantFixture,
    pub token: &'a str,
    pub lang: &'a str,
}

impl<'a> Client<'a> {
    pub fn new(fixture: &'a TenantFixture, token: &'a str) -> Self {
        Self {
            fixture,
            token,
            lang: "en",
        }
    }

    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        self.fixture
            .app
            .answer(method, path, self.token, self.lang, body)
            .await
    }

    pub async fn list_scenics(&self, query: &str) -> Answer {
        self.call(
            "GET",
            &format!("/saas/ticket/scenicInfos/list?{query}"),
            None,
        )
        .await
    }

    pub async fn load_scenic(&self, id: i64) -> Answer {
        self.call(
            "GET",
            &format!("/saas/ticket/scenicInfos/load?scenicId={id}"),
            None,
        )
        .await
    }

    pub async fn save_scenic(&self, body: Value) -> Answer {
        self.call("POST", "/saas/ticket/scenicInfos/save", Some(body))
            .await
    }

    pub async fn update_scenic(&self, body: Value) -> Answer {
        self.call("PUT", "/saas/ticket/scenicInfos/update", Some(body))
            .await
    }

    /// Adds a spot and answers its id.
    pub async fn add_scenic(&self, name: &str, state: i32) -> i64 {
        let saved = self
            .save_scenic(json!({"scenicName": name, "star": 4, "state": state}))
            .await;
        saved.data()["scenicId"].as_i64().unwrap()
    }
}
