//! finance-app as the tests use it: spawned with the platform's tenant fixture, called through a
//! client with one method per endpoint.

use platform::testing::{Answer, Backend, TenantFixture};
use serde_json::{Value, json};

/// What merchant users are granted here: everything finance-app serves, so that what they see
/// is decided by the scoping under test, not by a missing grant.
pub const MERCHANT_GRANTS: &[&str] = &[
    "/saas/finance/**",
    "/saas/balance/**",
    "/saas/cash/**",
    "/saas/credit/**",
];

/// A second distributor of the fixture's tenant, with a user of its own.
pub const SECOND_DISTRIBUTOR: i64 = 2003;

pub async fn start(backend: Backend) -> TenantFixture {
    let f = TenantFixture::start(
        finance_app::service(),
        backend,
        &[],
        MERCHANT_GRANTS,
        MERCHANT_GRANTS,
    )
    .await;
    f.publish_merchant(
        TenantFixture::SAAS,
        SECOND_DISTRIBUTOR,
        platform::tenancy::MCH_DISTRIBUTOR,
        "Second Distributor",
    )
    .await;
    f.wait_for_merchants(&[(TenantFixture::SAAS, SECOND_DISTRIBUTOR)])
        .await;
    f
}

/// A token of a user of [`SECOND_DISTRIBUTOR`].
pub fn second_distributor(f: &TenantFixture) -> String {
    f.issuer.grant(6, MERCHANT_GRANTS);
    f.issuer.token(
        6,
        TenantFixture::SAAS,
        SECOND_DISTRIBUTOR,
        platform::tenancy::msc::DISTRIBUTOR_USER,
    )
}

/// `YYYY-MM-DD`, `n` China days from today.
pub fn day(n: i64) -> String {
    platform::time::format_day(platform::time::day_of_ms(platform::time::now_ms()) + n)
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

    pub async fn list_credit(&self, query: &str) -> Answer {
        self.call("GET", &format!("/saas/finance/credit/list?{query}"), None)
            .await
    }

    pub async fn update_credit(&self, body: Value) -> Answer {
        self.call("PUT", "/saas/finance/credit/update", Some(body))
            .await
    }

    pub async fn credit_changes(&self, query: &str) -> Answer {
        self.call(
            "GET",
            &format!("/saas/finance/credit/changes?{query}"),
            None,
        )
        .await
    }

    pub async fn check_credit(&self, query: &str) -> Answer {
        self.call("GET", &format!("/saas/finance/credit/check?{query}"), None)
            .await
    }

    pub async fn list_credit_log(&self, query: &str) -> Answer {
        self.call("GET", &format!("/saas/credit/log/list?{query}"), None)
            .await
    }

    pub async fn list_balances(&self, query: &str) -> Answer {
        self.call("GET", &format!("/saas/balance/info/list?{query}"), None)
            .await
    }

    pub async fn balance_graph(&self, query: &str) -> Answer {
        self.call(
            "GET",
            &format!("/saas/balance/info/graphList?{query}"),
            None,
        )
        .await
    }

    pub async fn list_cash(&self, query: &str) -> Answer {
        self.call("GET", &format!("/saas/cash/log/list?{query}"), None)
            .await
    }

    pub async fn save_cash(&self, body: Value) -> Answer {
        self.call("POST", "/saas/cash/log/save", Some(body)).await
    }

    pub async fn list_banks(&self, query: &str) -> Answer {
        self.call("GET", &format!("/saas/finance/bank/list?{query}"), None)
            .await
    }

    pub async fn save_bank(&self, body: Value) -> Answer {
        self.call("POST", "/saas/finance/bank/save", Some(body))
            .await
    }

    pub async fn update_bank(&self, body: Value) -> Answer {
        self.call("PUT", "/saas/finance/bank/update", Some(body))
            .await
    }

    pub async fn disable_bank(&self, body: Value) -> Answer {
        self.call("PUT", "/saas/finance/bank/disable", Some(body))
            .await
    }

    /// Sets a distributor's permanent credit (the tenant's staff) and answers the account.
    pub async fn set_credit(&self, mch_id: i64, credit: i64) -> Value {
        let a = self
            .update_credit(json!({"mchId": mch_id, "credit": credit, "reason": "test"}))
            .await;
        assert_eq!(a.status, 200, "{}", a.body);
        a.data().clone()
    }
}
