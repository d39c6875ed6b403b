use awc::Client;
use serde_json::Value;

use crate::helpers::spawn_stack;

async fn get(url: String) -> (u16, String, Option<String>) {
    let mut res = Client::default().get(url).send().await.unwrap();
    let cache = res
        .headers()
        .get("cache-control")
        .map(|v| v.to_str().unwrap().to_owned());
    let body = String::from_utf8(res.body().await.unwrap().to_vec()).unwrap();
    (res.status().as_u16(), body, cache)
}

#[actix_web::test]
async fn client_routes_fall_back_to_index_html() {
    let stack = spawn_stack().await;
    for path in ["/", "/dashboard", "/saas-hotel-app/product/list"] {
        let (status, body, cache) = get(stack.url(path)).await;
        assert_eq!(status, 200, "{path}");
        assert!(body.contains("<title>Tradewind</title>"), "{path}: {body}");
        assert_eq!(cache.as_deref(), Some("no-cache"), "{path}");
    }
}

#[actix_web::test]
async fn remote_entries_are_served_as_files_and_missing_files_are_404() {
    let stack = spawn_stack().await;
    let (status, body, _) = get(stack.url("/remotes/hotel/remoteEntry.js")).await;
    assert_eq!((status, body.as_str()), (200, "var hotel = 1;"));
    let (status, _, _) = get(stack.url("/remotes/hotel/missing.js")).await;
    assert_eq!(status, 404);
    let (status, _, _) = get(stack.url("/..%2f..%2fetc/passwd.txt")).await;
    assert_eq!(status, 404);
}

#[actix_web::test]
async fn without_a_built_frontend_the_404_says_how_to_build_it() {
    let stack = spawn_stack().await;
    std::fs::remove_file(stack.static_dir.path().join("index.html")).unwrap();
    let mut res = Client::default()
        .get(stack.url("/dashboard"))
        .insert_header(("accept-language", "en"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
    let body: Value = res.json().await.unwrap();
    assert!(
        body["msg"].as_str().unwrap().contains("make frontend"),
        "{body}"
    );
}

#[actix_web::test]
async fn console_files_carry_the_security_headers() {
    let stack = spawn_stack().await;
    for path in ["/", "/remotes/hotel/remoteEntry.js"] {
        let res = Client::default().get(stack.url(path)).send().await.unwrap();
        let h = res.headers();
        assert_eq!(
            h.get("x-content-type-options").unwrap(),
            "nosniff",
            "{path}"
        );
        assert_eq!(h.get("x-frame-options").unwrap(), "DENY", "{path}");
        let csp = h.get("content-security-policy").unwrap().to_str().unwrap();
        assert!(
            csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{csp}"
        );
    }
}
