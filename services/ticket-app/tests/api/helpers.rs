//! ticket-app as the tests use it: spawned with the platform's tenant fixture, called through a
//! client with one method per endpoint.

use platform::testing::{Answer, Backend, TenantFixture};
use serde_json::{Value, json};

/// What the demo groups give merchant users in the ticket application (docs/demo-data.md);
/// distributors also read the scenic spots they sell.
const SUPPLIER_GRANTS: &[&str] = &[
    "/saas/product/**",
    "/saas/price/**",
    "/saas/ticket/**",
    "/saas/order/**",
];
const DISTRIBUTOR_GRANTS: &[&str] = &["/saas/ticket/**", "/saas/booking/**", "/saas/order/**"];

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

    pub async fn get(&self, path: &str) -> Answer {
        self.call("GET", path, None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.call("POST", path, Some(body)).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Answer {
        self.call("PUT", path, Some(body)).await
    }

    pub async fn request_add(&self, body: Value) -> Answer {
        self.post("/saas/ticket/scenicInfos/requestAdd", body).await
    }

    pub async fn request_modify(&self, body: Value) -> Answer {
        self.post("/saas/ticket/scenicInfos/requestModify", body)
            .await
    }

    pub async fn list_requests(&self, query: &str) -> Answer {
        self.get(&format!("/saas/ticket/scenicRequests/list?{query}"))
            .await
    }

    pub async fn approve(&self, id: i64, remark: &str) -> Answer {
        self.put(
            "/saas/ticket/scenicRequests/approve",
            json!({"id": id, "remark": remark}),
        )
        .await
    }

    pub async fn reject(&self, id: i64, remark: &str) -> Answer {
        self.put(
            "/saas/ticket/scenicRequests/reject",
            json!({"id": id, "remark": remark}),
        )
        .await
    }

    pub async fn list_for_scenic(&self, query: &str) -> Answer {
        self.get(&format!(
            "/saas/product/scenicProducts/listForScenic?{query}"
        ))
        .await
    }

    pub async fn apply_supplier(&self, scenic_id: i64) -> Answer {
        self.post(
            "/saas/ticket/scenicSuppliers/apply",
            json!({"scenicId": scenic_id}),
        )
        .await
    }

    pub async fn list_suppliers(&self, query: &str) -> Answer {
        self.get(&format!("/saas/ticket/scenicSuppliers/list?{query}"))
            .await
    }

    pub async fn change_supplier(&self, id: i64, state: i32) -> Answer {
        self.put(
            "/saas/ticket/scenicSuppliers/changeState",
            json!({"id": id, "state": state, "remark": "checked"}),
        )
        .await
    }
}
