//! Enumerations: every name answers in both languages without a login; an unknown name is a
//! 404 naming the known ones.

use awc::Client;
use serde_json::Value;

platform::backend_tests! {
    spec = saas_main::service;

    async fn every_enumeration_answers_in_both_languages(app) {
        let client = Client::default();
        for name in saas_main::domain::enums::names() {
            let mut labels = Vec::new();
            for lang in ["zh-CN", "en"] {
                let mut res = client
                    .get(app.url(&format!("/openapi/enum/{name}")))
                    .insert_header(("accept-language", lang))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(res.status().as_u16(), 200, "{name}");
                let body: Value = res.json().await.unwrap();
                let entries = body["data"].as_array().unwrap().clone();
                assert!(!entries.is_empty(), "{name}");
                labels.push(entries.iter().map(|e| e["label"].as_str().unwrap().to_owned()).collect::<Vec<_>>());
            }
            if name != "typeLimitTarget" && name != "typeTicketVoucher" {
                assert_ne!(labels[0], labels[1], "{name}: the two languages differ");
            }
        }
        let mut res = client
            .get(app.url("/openapi/enum/hotelStars"))
            .insert_header(("accept-language", "en"))
            .send()
            .await
            .unwrap();
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["data"][8]["value"], 8);
        assert_eq!(body["data"][8]["label"], "Five-star");
    }

    async fn an_unknown_enumeration_lists_the_known_ones(app) {
        let mut res = Client::default()
            .get(app.url("/openapi/enum/nope"))
            .insert_header(("accept-language", "en"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 404);
        let body: Value = res.json().await.unwrap();
        let msg = body["msg"].as_str().unwrap();
        assert!(msg.contains("enumeration nope") && msg.contains("typeBossServiceTag"), "{msg}");
    }
}
