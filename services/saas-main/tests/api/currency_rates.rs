//! Exchange rates: the currency table, rates with their history, conversion in fen both ways,
//! refusals and each tenant's own.

use crate::helpers::send;
use platform::testing::{Backend, TestIssuer, spawn_with, test_config};
use serde_json::json;

async fn rates_keep_their_history_and_convert_in_fen(backend: Backend) {
    let issuer = TestIssuer::new();
    let db = platform::testing::TestDb::new(backend);
    let cfg = test_config(saas_main::NAME, Some(&db));
    let app = spawn_with(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
    )
    .await;
    let admin = issuer.token(2, 1001, 0, 200);
    let other = issuer.token(4, 2002, 0, 200);
    let supplier = issuer.token(5, 1001, 77, 300);
    issuer.grant(5, &["/saas/pricePolicy/**"]);

    let (status, table) = send(
        &app,
        "GET",
        "/saas/pricePolicy/currencyRate/currencies",
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 200);
    let table = table["data"].as_array().unwrap().clone();
    assert!(table.len() > 150);
    assert_eq!(
        table[0],
        json!({"code": "CNY", "name": "Chinese Yuan", "symbol": "￥"})
    );
    assert_eq!(table[11]["code"], "SGD");

    for (field, form) in [
        (
            "fromCurrency",
            json!({"fromCurrency": "XXY", "toCurrency": "CNY", "rate": "7"}),
        ),
        (
            "toCurrency",
            json!({"fromCurrency": "USD", "toCurrency": "USD", "rate": "1"}),
        ),
        (
            "rate",
            json!({"fromCurrency": "USD", "toCurrency": "CNY", "rate": "0"}),
        ),
        (
            "rate",
            json!({"fromCurrency": "USD", "toCurrency": "CNY", "rate": "7.123456789"}),
        ),
        (
            "rate",
            json!({"fromCurrency": "USD", "toCurrency": "CNY", "rate": "-7"}),
        ),
    ] {
        let (status, body) = send(
            &app,
            "POST",
            "/saas/pricePolicy/currencyRate/save",
            &admin,
            Some(form),
        )
        .await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some(field)),
            "{body}"
        );
    }
    let (status, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/currencyRate/save",
        &admin,
        Some(json!({"fromCurrency": "USD", "toCurrency": "CNY", "rate": "7.1"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = send(
        &app,
        "POST",
        "/saas/pricePolicy/currencyRate/save",
        &admin,
        Some(json!({"fromCurrency": "USD", "toCurrency": "CNY", "rate": "7.1234", "remark": "bank rate"})),
    )
    .await;
    assert_eq!(status, 200);
    // The inverse pair is the same rate: it is changed there, not set twice.
    let (status, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/currencyRate/save",
        &admin,
        Some(json!({"fromCurrency": "CNY", "toCurrency": "USD", "rate": "0.14"})),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("fromCurrency"))
    );

    let (_, listed) = send(
        &app,
        "GET",
        "/saas/pricePolicy/currencyRate/list",
        &admin,
        None,
    )
    .await;
    assert_eq!(listed["data"]["sizeAll"], 1, "{listed}");
    assert_eq!(listed["data"]["results"][0]["rate"], "7.1234");
    let (_, history) = send(
        &app,
        "GET",
        "/saas/pricePolicy/currencyRate/history?fromCurrency=USD&toCurrency=CNY",
        &admin,
        None,
    )
    .await;
    let rows = history["data"]["results"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "{history}");
    assert_eq!(
        (rows[0]["rate"].as_str(), rows[0]["isCurrent"].as_bool()),
        (Some("7.1234"), Some(true))
    );
    assert_eq!(
        (rows[1]["rate"].as_str(), rows[1]["isCurrent"].as_bool()),
        (Some("7.1"), Some(false))
    );

    let convert = |from: &str, to: &str, amount: i64| json!({"fromCurrency": from, "toCurrency": to, "amount": amount});
    let (status, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/currencyRate/calculate",
        &admin,
        Some(convert("USD", "CNY", 10_000)),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["data"]["amount"].as_i64(),
            body["data"]["inverse"].as_bool()
        ),
        (Some(71_234), Some(false))
    );
    // 0.07 USD is 0.498638 CNY: one rounding, to 0.50.
    let (_, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/currencyRate/calculate",
        &admin,
        Some(convert("USD", "CNY", 7)),
    )
    .await;
    assert_eq!(body["data"]["amount"], 50);
    let (_, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/currencyRate/calculate",
        &admin,
        Some(convert("CNY", "USD", 71_234)),
    )
    .await;
    assert_eq!(
        (
            body["data"]["amount"].as_i64(),
            body["data"]["inverse"].as_bool()
        ),
        (Some(10_000), Some(true))
    );
    let (_, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/currencyRate/calculate",
        &admin,
        Some(convert("EUR", "EUR", 123)),
    )
    .await;
    assert_eq!(body["data"]["amount"], 123);
    let (status, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/currencyRate/calculate",
        &admin,
        Some(convert("EUR", "CNY", 100)),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("toCurrency"))
    );
    let (status, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/currencyRate/calculate",
        &admin,
        Some(convert("USD", "CNY", -1)),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("amount"))
    );

    // Another tenant has none of them; a merchant's user may not.
    let (_, listed) = send(
        &app,
        "GET",
        "/saas/pricePolicy/currencyRate/list",
        &other,
        None,
    )
    .await;
    assert_eq!(listed["data"]["sizeAll"], 0);
    let (status, _) = send(
        &app,
        "POST",
        "/saas/pricePolicy/currencyRate/calculate",
        &other,
        Some(convert("USD", "CNY", 1)),
    )
    .await;
    assert_eq!(status, 412);
    let (status, _) = send(
        &app,
        "GET",
        "/saas/pricePolicy/currencyRate/list",
        &supplier,
        None,
    )
    .await;
    assert_eq!(status, 403);
    app.shutdown().await;
}

platform::on_both_backends!(rates_keep_their_history_and_convert_in_fen);
