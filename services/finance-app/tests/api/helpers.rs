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

pub use platform::testing::day;

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

    pub async fn get(&self, path: &str, query: &str) -> Answer {
        self.call("GET", &format!("{path}?{query}"), None).await
    }

    pub async fn send(&self, method: &str, path: &str, body: Value) -> Answer {
        self.call(method, path, Some(body)).await
    }

    // Receipts (a payment's calls are the same with `payment` for `receipt`: `settle(side, ..)`).

    pub async fn verify_orders(&self, side: Side, ids: &[i64]) -> Answer {
        let path = match side {
            Side::Receipt => "/saas/finance/verify/VerifyDistributorOrderList",
            Side::Payment => "/saas/finance/verify/VerifySupplierOrderList",
        };
        self.send("POST", path, json!({"creditLogIds": ids, "remark": "test"}))
            .await
    }

    pub async fn list_settlements(&self, side: Side, query: &str) -> Answer {
        self.get(&format!("/saas/finance/{}/list", side.name()), query)
            .await
    }

    pub async fn load_settlement(&self, side: Side, id: i64) -> Answer {
        let q = format!("{}Id={id}", side.name());
        self.get(&format!("/saas/finance/{}/load", side.name()), &q)
            .await
    }

    /// `review` or `delete`.
    pub async fn close_settlement(&self, side: Side, action: &str, id: i64) -> Answer {
        let body = json!({ format!("{}Id", side.name()): id });
        self.send(
            "PUT",
            &format!("/saas/finance/{}/{action}", side.name()),
            body,
        )
        .await
    }

    pub async fn list_logs(&self, side: Side, query: &str) -> Answer {
        self.get(&format!("/saas/finance/{}Log/list", side.name()), query)
            .await
    }

    pub async fn load_log(&self, side: Side, id: i64) -> Answer {
        self.get(
            &format!("/saas/finance/{}Log/load", side.name()),
            &format!("id={id}"),
        )
        .await
    }

    /// The caller's tenant's bank account in use in CNY, made the first time it is asked for;
    /// 0 for a caller who may not see bank accounts (a merchant's user).
    pub async fn bank_id(&self) -> i64 {
        let listed = self.list_banks("state=1").await;
        if listed.status != 200 {
            return 0;
        }
        let found = listed
            .rows()
            .iter()
            .find(|b| b["currency"] == "CNY")
            .and_then(|b| b["bankId"].as_i64());
        match found {
            Some(id) => id,
            None => self
                .save_bank(json!({
                    "bankName": "ICBC",
                    "accountName": "Demo Travel",
                    "accountNo": "6222 0000 1234 5678",
                }))
                .await
                .data()["bankId"]
                .as_i64()
                .unwrap_or(0),
        }
    }

    /// Records `money` against receipt (payment) `id`, dated today, through the tenant's bank
    /// account ([`Self::bank_id`]).
    pub async fn save_log(&self, side: Side, id: i64, money: i64) -> Answer {
        let bank = self.bank_id().await;
        self.save_log_through(side, id, money, bank).await
    }

    /// Records `money` against receipt (payment) `id`, dated today, through bank account `bank`.
    pub async fn save_log_through(&self, side: Side, id: i64, money: i64, bank: i64) -> Answer {
        let (date, info) = match side {
            Side::Receipt => ("receiptDate", "receiptInfo"),
            Side::Payment => ("payDate", "paymentInfo"),
        };
        let body = json!({
            format!("{}Id", side.name()): id,
            "money": money,
            "bankId": bank,
            "serialId": "SN-1",
            date: day(0),
            info: "ICBC 6222",
            "remark": "test",
        });
        self.send(
            "POST",
            &format!("/saas/finance/{}Log/save", side.name()),
            body,
        )
        .await
    }

    /// `confirm`, `rollback` or `delete`.
    pub async fn act_on_log(&self, side: Side, action: &str, id: i64) -> Answer {
        self.send(
            "PUT",
            &format!("/saas/finance/{}Log/{action}", side.name()),
            json!({ "id": id }),
        )
        .await
    }

    pub async fn summary(&self, side: Side, query: &str) -> Answer {
        let path = match side {
            Side::Receipt => "/saas/finance/verify/listDistributorReceiptSummary",
            Side::Payment => "/saas/finance/verify/listSupplierPaySummary",
        };
        self.get(path, query).await
    }

    pub async fn verify_order_list(&self, side: Side, query: &str) -> Answer {
        let path = match side {
            Side::Receipt => "/saas/finance/verify/listDistributorVerifyOrder",
            Side::Payment => "/saas/finance/verify/listSupplierVerifyOrder",
        };
        self.get(path, query).await
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

/// Which way the money goes, as the tests name the endpoints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Receipt,
    Payment,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Self::Receipt => "receipt",
            Self::Payment => "payment",
        }
    }
}

/// Order events as hotel-app publishes them, to fill the credit log.
pub mod orders {
    use platform::bus::{Outgoing, v1};
    use platform::testing::TenantFixture;

    pub fn order(id: i64, supplier: i64, distributor: i64) -> v1::OrderRef {
        v1::OrderRef {
            order_id: id,
            order_no: format!("H{id}"),
            product_type: v1::ProductType::Hotel as i32,
            supplier_mch_id: supplier,
            distributor_mch_id: distributor,
            product_id: 77,
            product_name: "Garden Twin".into(),
            start_date: super::day(3),
            end_date: super::day(5),
            ..Default::default()
        }
    }

    /// The distributor pays `price`; the supplier is paid `price` − 1,000 fen.
    pub fn amounts(price: i64) -> v1::OrderAmounts {
        v1::OrderAmounts {
            order_price: price,
            supplier_price: price - 1_000,
            channel_price: price + 1_000,
            profit: 1_000,
            currency: "CNY".into(),
        }
    }

    pub fn created(o: &v1::OrderRef, price: i64, state: i32, at: i64) -> Outgoing {
        let e = v1::OrderCreated {
            order: Some(o.clone()),
            amounts: Some(amounts(price)),
            quantity: 1,
            order_state: state,
            created_by: 3,
            ..Default::default()
        };
        Outgoing::new("hotel-app", "order.hotel.created", TenantFixture::SAAS, &e).at(at)
    }

    pub fn cancelled(o: &v1::OrderRef, price: i64, at: i64) -> Outgoing {
        let e = v1::OrderCancelled {
            order: Some(o.clone()),
            amounts: Some(amounts(price)),
            ..Default::default()
        };
        Outgoing::new(
            "hotel-app",
            "order.hotel.cancelled",
            TenantFixture::SAAS,
            &e,
        )
        .at(at)
    }

    pub fn state_changed(o: &v1::OrderRef, from: i32, to: i32, at: i64) -> Outgoing {
        let e = v1::OrderStateChanged {
            order: Some(o.clone()),
            old_order_state: from,
            new_order_state: to,
            ..Default::default()
        };
        Outgoing::new(
            "hotel-app",
            "order.hotel.state-changed",
            TenantFixture::SAAS,
            &e,
        )
        .at(at)
    }

    pub async fn send(f: &TenantFixture, out: &Outgoing) {
        use prost::Message as _;
        let bytes = out.envelope_bytes();
        let key = platform::bus::EventEnvelope::decode(bytes.as_slice())
            .unwrap()
            .event_type;
        f.bus
            .publish_batch(&[(key.as_str(), &bytes)])
            .await
            .unwrap();
    }

    /// Books a confirmed order of `price` and answers its credit log row's id once it is there.
    pub async fn book(f: &TenantFixture, id: i64, distributor: i64, price: i64) -> i64 {
        let at = platform::time::now_ms();
        send(
            f,
            &created(
                &order(id, TenantFixture::SUPPLIER, distributor),
                price,
                1,
                at,
            ),
        )
        .await;
        let staff = super::Client::new(f, &f.operator);
        platform::testing::eventually(&format!("order {id}'s row"), || async {
            let rows = staff.list_credit_log(&format!("orderId={id}")).await.rows();
            rows.first()
                .filter(|r| r["orderPrice"] == price)
                .and_then(|r| r["id"].as_i64())
        })
        .await
    }

    /// Cancels order `id` with its amounts now `price` and waits until its row has failed.
    pub async fn cancel(f: &TenantFixture, id: i64, distributor: i64, price: i64) {
        let at = platform::time::now_ms();
        send(
            f,
            &cancelled(&order(id, TenantFixture::SUPPLIER, distributor), price, at),
        )
        .await;
        let staff = super::Client::new(f, &f.operator);
        platform::testing::eventually(&format!("order {id} cancelled"), || async {
            let rows = staff.list_credit_log(&format!("orderId={id}")).await.rows();
            rows.first().filter(|r| r["state"] == 3).map(|_| ())
        })
        .await;
    }

    /// Moves order `id` from state `from` to `to` (order states: 5 completed, 9 invalid ...) and
    /// waits until its row shows credit log state `shown`.
    pub async fn change(
        f: &TenantFixture,
        id: i64,
        distributor: i64,
        from: i32,
        to: i32,
        shown: i32,
    ) {
        let at = platform::time::now_ms();
        send(
            f,
            &state_changed(
                &order(id, TenantFixture::SUPPLIER, distributor),
                from,
                to,
                at,
            ),
        )
        .await;
        let staff = super::Client::new(f, &f.operator);
        platform::testing::eventually(&format!("order {id} in state {to}"), || async {
            let rows = staff.list_credit_log(&format!("orderId={id}")).await.rows();
            rows.first().filter(|r| r["state"] == shown).map(|_| ())
        })
        .await;
    }
}
