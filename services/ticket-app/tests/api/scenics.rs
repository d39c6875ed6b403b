//! Scenic spots: the tenant's staff keep them, merchants' users read the normal ones, nobody
//! sees another tenant's, and bad input is a 412 naming the field that changes nothing.

use platform::testing::Backend;
use serde_json::json;

use crate::helpers::{Client, start};

async fn staff_add_list_load_and_change_a_spot(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let saved = staff
        .save_scenic(json!({
            "scenicName": " West Lake ",
            "scenicNameEn": "West Lake",
            "star": 5,
            "address": "1 Longjing Road",
            "phone": "0571-87179603",
        }))
        .await;
    let id = saved.data()["scenicId"].as_i64().unwrap();
    let spot = staff.load_scenic(id).await;
    assert_eq!(spot.data()["scenicName"], "West Lake", "trimmed");
    assert_eq!(spot.data()["star"], 5);
    assert_eq!(spot.data()["state"], 1, "the staff's new spots are normal");

    let changed = staff
        .update_scenic(json!({"scenicId": id, "scenicName": "West Lake Area", "star": 4}))
        .await;
    assert_eq!(changed.data()["scenicId"], id);
    let page = staff.list_scenics("scenicName=lake&state=-99").await;
    assert_eq!(page.data()["sizeAll"], 1);
    assert_eq!(page.data()["results"][0]["scenicName"], "West Lake Area");
    assert_eq!(page.data()["results"][0]["star"], 4);
    f.shutdown().await;
}

async fn merchants_read_normal_spots_only_and_cannot_write(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let open = staff.add_scenic("Open Spot", 1).await;
    let stopped = staff.add_scenic("Stopped Spot", 2).await;
    for token in [&f.supplier, &f.distributor] {
        let merchant = Client::new(&f, token);
        let page = merchant.list_scenics("").await;
        assert_eq!(page.data()["sizeAll"], 1);
        assert_eq!(page.data()["results"][0]["scenicId"], open);
        assert_eq!(merchant.load_scenic(stopped).await.status, 404);
        let refused = merchant.save_scenic(json!({"scenicName": "Mine"})).await;
        assert_eq!(refused.status, 403, "{}", refused.body);
        let refused = merchant
            .update_scenic(json!({"scenicId": open, "scenicName": "Renamed"}))
            .await;
        assert_eq!(refused.status, 403, "{}", refused.body);
    }
    assert_eq!(
        staff.load_scenic(open).await.data()["scenicName"],
        "Open Spot"
    );
    f.shutdown().await;
}

async fn another_tenants_spots_are_not_found(backend: Backend) {
    let f = start(backend).await;
    let id = Client::new(&f, &f.operator).add_scenic("Ours", 1).await;
    for token in [&f.other_operator, &f.other_supplier] {
        let other = Client::new(&f, token);
        assert_eq!(other.load_scenic(id).await.status, 404);
        assert_eq!(other.list_scenics("").await.data()["sizeAll"], 0);
        let changed = other
            .update_scenic(json!({"scenicId": id, "scenicName": "Theirs"}))
            .await;
        assert!(matches!(changed.status, 403 | 404), "{}", changed.body);
    }
    // The same name is free in another tenant.
    Client::new(&f, &f.other_operator)
        .add_scenic("Ours", 1)
        .await;
    f.shutdown().await;
}

async fn bad_input_names_the_field_and_writes_nothing(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    for (body, field) in [
        (json!({"scenicName": "  "}), "scenicName"),
        (json!({"scenicName": "x", "star": 9}), "star"),
        (json!({"scenicName": "x", "state": 5}), "state"),
        (json!({"scenicName": "x", "phone": "call me"}), "phone"),
        (json!({"scenicName": 12}), "scenicName"),
        (json!({"scenicName": "West\u{0}Lake"}), "scenicName"),
        (
            json!({"scenicName": "x", "scenicNameEn": "\u{202E}ekaL"}),
            "scenicNameEn",
        ),
        (json!({"scenicName": "x", "address": "a\nb"}), "address"),
    ] {
        assert_eq!(staff.save_scenic(body).await.field(), field);
    }
    staff.add_scenic("Taken", 1).await;
    assert_eq!(
        staff
            .save_scenic(json!({"scenicName": "Taken"}))
            .await
            .field(),
        "scenicName"
    );
    assert_eq!(staff.list_scenics("").await.data()["sizeAll"], 1);
    let bad_filter = staff.list_scenics("resultNum=0").await;
    assert_eq!(bad_filter.field(), "resultNum");
    let missing = staff
        .update_scenic(json!({"scenicId": 42, "scenicName": "Nowhere"}))
        .await;
    assert_eq!(missing.status, 404);
    f.shutdown().await;
}

async fn messages_follow_the_callers_language(backend: Backend) {
    let f = start(backend).await;
    let mut staff = Client::new(&f, &f.operator);
    staff.lang = "zh-CN";
    let answer = staff
        .save_scenic(json!({"scenicName": "x", "star": 9}))
        .await;
    assert_eq!(answer.field(), "star");
    assert!(
        answer.body["msg"].as_str().unwrap().contains("景区星级"),
        "{}",
        answer.body
    );
    f.shutdown().await;
}

/// A body over the platform's limit is a 413 in the envelope on every route of the service.
async fn every_route_refuses_a_body_over_the_limit_in_the_envelope(backend: Backend) {
    let f = start(backend).await;
    assert_eq!(
        f.app.body_limit_misses(&[&f.operator]).await,
        Vec::<String>::new()
    );
    f.shutdown().await;
}

platform::on_both_backends!(
    every_route_refuses_a_body_over_the_limit_in_the_envelope,
    staff_add_list_load_and_change_a_spot,
    merchants_read_normal_spots_only_and_cannot_write,
    another_tenants_spots_are_not_found,
    bad_input_names_the_field_and_writes_nothing,
    messages_follow_the_callers_language,
);
