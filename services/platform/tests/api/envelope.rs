use awc::Client;
use serde_json::{Value, json};

use crate::helpers::notes_service;

async fn post(url: String, body: &'static str, lang: &str) -> (u16, Value) {
    let mut res = Client::default()
        .post(url)
        .insert_header(("content-type", "application/json"))
        .insert_header(("accept-language", lang))
        .send_body(body)
        .await
        .unwrap();
    (res.status().as_u16(), res.json().await.unwrap())
}

platform::backend_tests! {
    spec = notes_service;

    async fn success_is_wrapped_in_the_envelope(app) {
        let (status, body) = post(app.url("/notes"), r#"{"id": 7, "title": "first"}"#, "en").await;
        assert_eq!(status, 200);
        assert_eq!(body["state"], "success");
        assert_eq!(body["code"], "ok");
        assert_eq!(body["msg"], "Success");
        assert_eq!(body["data"], 7);
        assert!(body["time"].as_i64().unwrap() > 1_700_000_000_000);
    }

    async fn malformed_json_is_a_412_naming_the_problem(app) {
        let (status, body) = post(app.url("/notes"), r#"{"id": 7, "title": "#, "en").await;
        assert_eq!(status, 412);
        assert_eq!(body["state"], "error");
        assert_eq!(body["code"], "invalid");
        assert_eq!(body["data"]["field"], "title");
        assert!(body["msg"].as_str().unwrap().starts_with("title: "), "{body}");
    }

    async fn a_wrong_type_is_a_412_naming_the_field_in_the_callers_language(app) {
        let (status, body) = post(app.url("/notes"), r#"{"id": "seven", "title": "x"}"#, "zh-CN").await;
        assert_eq!(status, 412);
        assert_eq!(body["data"]["field"], "id");
        assert!(body["msg"].as_str().unwrap().contains("JSON 格式或类型错误"), "{body}");
        let (status, body) = post(app.url("/notes"), "", "en").await;
        assert_eq!(status, 412);
        assert_eq!(body["data"]["field"], "body");
        let (status, body) = post(app.url("/notes"), r#"{"id": 7}"#, "en").await;
        assert_eq!(status, 412);
        assert_eq!(body["data"]["field"], "title", "{body}");
    }

    async fn a_fault_is_a_500_without_internals(app) {
        let mut res = Client::default().get(app.url("/fail")).insert_header(("accept-language", "en")).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 500);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["code"], "internal");
        assert!(!body.to_string().contains("disk on fire"), "{body}");
    }

    async fn an_unknown_path_is_a_404_in_the_envelope(app) {
        let mut res = Client::default().get(app.url("/nothing/here")).insert_header(("accept-language", "en")).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 404);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["msg"], "Not found: endpoint GET /nothing/here");
    }

    async fn lists_page_with_the_shells_fields(app) {
        for id in 1..=45 {
            let body = json!({"id": id, "title": format!("note {id}")}).to_string();
            let res = Client::default().post(app.url("/notes")).send_body(body).await.unwrap();
            assert_eq!(res.status().as_u16(), 200);
        }
        let mut res = Client::default().get(app.url("/notes?page=3&resultNum=20")).send().await.unwrap();
        let body: Value = res.json().await.unwrap();
        let page = &body["data"];
        assert_eq!(page["sizeAll"], 45);
        assert_eq!(page["page"], 3);
        assert_eq!(page["resultNum"], 20);
        assert_eq!(page["pageCount"], 3);
        assert_eq!(page["startIndex"], 40);
        assert_eq!(page["size"], 5);
        assert_eq!(page["results"][0]["id"], 41);

        let mut res = Client::default().get(app.url("/notes?page=zero")).send().await.unwrap();
        assert_eq!(res.status().as_u16(), 412);
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["data"]["field"], "page");
    }
}
