//! Suppliers' requests to add or change a scenic spot and the operator's decision; the
//! supplier relationship (`stateScenicSupplier`); the system spots products are made on.

use platform::testing::Backend;
use serde_json::json;

use crate::helpers::{Client, start};

async fn a_supplier_requests_a_spot_and_the_operator_approves_it(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let supplier = Client::new(&f, &f.supplier);
    let asked = supplier
        .request_add(json!({
            "scenicName": "Lingyin Temple",
            "star": 4,
            "areaId": "CN",
            "openType": 1,
            "openTime": "07:00",
            "closeTime": "18:00",
            "images": ["https://img.example.com/lingyin.jpg"],
            "longitude": 120.1,
            "latitude": 30.24,
            "notices": "No smoking",
        }))
        .await;
    let id = asked.data()["id"].as_i64().unwrap();
    assert_eq!(asked.data()["state"], 0);
    assert_eq!(asked.data()["kind"], 1);
    assert_eq!(asked.data()["mchName"], "Demo Supplier");
    assert_eq!(
        staff.list_scenics("").await.data()["sizeAll"],
        0,
        "nothing listed before the decision"
    );
    let pending = staff.list_requests("state=0").await;
    assert_eq!(pending.data()["sizeAll"], 1);

    let approved = staff.approve(id, "looks right").await;
    assert_eq!(approved.data()["state"], 1);
    assert_eq!(approved.data()["remark"], "looks right");
    let scenic_id = approved.data()["scenicId"].as_i64().unwrap();
    let spot = staff.load_scenic(scenic_id).await;
    assert_eq!(spot.data()["scenicName"], "Lingyin Temple");
    assert_eq!(spot.data()["state"], 1);
    assert_eq!(
        spot.data()["images"][0],
        "https://img.example.com/lingyin.jpg"
    );
    assert_eq!(spot.data()["latitude"], 30.24);
    // The supplier who asked supplies the new spot at once.
    let mine = supplier.list_for_scenic("").await;
    assert_eq!(mine.rows()[0]["scenicId"], scenic_id);
    assert_eq!(mine.rows()[0]["supplierState"], 1);

    let again = staff.approve(id, "").await;
    assert_eq!(
        (again.status, again.body["code"].as_str()),
        (412, Some("request-decided"))
    );

    // A change, rejected with a reason, leaves the spot as it was and is kept so.
    let change = supplier
        .request_modify(json!({"scenicId": scenic_id, "scenicName": "Lingyin", "star": 5}))
        .await;
    let change_id = change.data()["id"].as_i64().unwrap();
    let rejected = staff.reject(change_id, "the name stays").await;
    assert_eq!(rejected.data()["state"], 2);
    assert_eq!(staff.load_scenic(scenic_id).await.data()["star"], 4);
    let kept = supplier.list_requests("state=2").await;
    assert_eq!(kept.rows()[0]["remark"], "the name stays");
    assert_eq!(kept.rows()[0]["fields"]["scenicName"], "Lingyin");

    // An approved change applies the fields and keeps the operator's state.
    let change = supplier
        .request_modify(
            json!({"scenicId": scenic_id, "scenicName": "Lingyin", "star": 5, "state": 2}),
        )
        .await;
    staff
        .approve(change.data()["id"].as_i64().unwrap(), "")
        .await
        .data();
    let spot = staff.load_scenic(scenic_id).await;
    assert_eq!(
        (
            spot.data()["scenicName"].as_str(),
            spot.data()["star"].as_i64()
        ),
        (Some("Lingyin"), Some(5))
    );
    assert_eq!(spot.data()["state"], 1);
    f.shutdown().await;
}

async fn only_suppliers_request_and_only_staff_decide(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let supplier = Client::new(&f, &f.supplier);
    let distributor = Client::new(&f, &f.distributor);
    assert_eq!(
        staff.request_add(json!({"scenicName": "X"})).await.status,
        403
    );
    assert_eq!(
        distributor
            .request_add(json!({"scenicName": "X"}))
            .await
            .status,
        403
    );
    assert_eq!(distributor.list_requests("").await.status, 403);
    let id = supplier
        .request_add(json!({"scenicName": "X"}))
        .await
        .data()["id"]
        .as_i64()
        .unwrap();
    assert_eq!(supplier.approve(id, "").await.status, 403);
    assert_eq!(supplier.reject(id, "").await.status, 403);
    // Another tenant sees neither the request nor can decide it.
    let other = Client::new(&f, &f.other_operator);
    assert_eq!(other.list_requests("").await.data()["sizeAll"], 0);
    assert_eq!(other.approve(id, "").await.status, 404);
    assert_eq!(
        Client::new(&f, &f.other_supplier)
            .list_requests("")
            .await
            .data()["sizeAll"],
        0
    );
    // Bad input names the field and records nothing.
    assert_eq!(
        supplier
            .request_add(json!({"scenicName": " "}))
            .await
            .field(),
        "scenicName"
    );
    assert_eq!(
        supplier
            .request_add(json!({"scenicName": "Y", "openType": 2}))
            .await
            .field(),
        "seasons"
    );
    assert_eq!(
        supplier
            .request_modify(json!({"scenicId": 42, "scenicName": "Y"}))
            .await
            .status,
        404
    );
    assert_eq!(staff.approve(id, &"x".repeat(501)).await.field(), "remark");
    assert_eq!(staff.list_requests("").await.data()["sizeAll"], 1);
    f.shutdown().await;
}

async fn suppliers_apply_to_supply_and_the_staff_decide(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let supplier = Client::new(&f, &f.supplier);
    let spot = staff.add_scenic("West Lake", 1).await;
    let hidden = staff.add_scenic("Closed Spot", 2).await;
    assert_eq!(supplier.apply_supplier(hidden).await.status, 404);
    let applied = supplier.apply_supplier(spot).await;
    assert_eq!(applied.data()["state"], 0);
    assert_eq!(applied.data()["mchName"], "Demo Supplier");
    assert_eq!(applied.data()["scenicName"], "West Lake");
    let id = applied.data()["id"].as_i64().unwrap();
    let twice = supplier.apply_supplier(spot).await;
    assert_eq!(
        (twice.status, twice.body["code"].as_str()),
        (412, Some("scenic-supplier-state"))
    );
    assert_eq!(supplier.change_supplier(id, 1).await.status, 403);
    assert_eq!(
        Client::new(&f, &f.distributor)
            .apply_supplier(spot)
            .await
            .status,
        403
    );
    assert_eq!(
        Client::new(&f, &f.distributor)
            .list_suppliers("")
            .await
            .status,
        403
    );

    assert_eq!(staff.change_supplier(id, 1).await.data()["state"], 1);
    assert_eq!(staff.change_supplier(id, 1).await.status, 412);
    assert_eq!(staff.change_supplier(id, 0).await.field(), "state");
    assert_eq!(staff.change_supplier(id, 2).await.data()["state"], 2);
    // A stopped supplier may apply again.
    assert_eq!(supplier.apply_supplier(spot).await.data()["state"], 0);
    assert_eq!(
        staff
            .list_suppliers(&format!("scenicId={spot}&state=0"))
            .await
            .data()["sizeAll"],
        1
    );
    assert_eq!(
        supplier.list_for_scenic("supplierState=0").await.data()["sizeAll"],
        1
    );
    assert_eq!(
        supplier.list_for_scenic("supplierState=1").await.data()["sizeAll"],
        0
    );
    let other = Client::new(&f, &f.other_operator);
    assert_eq!(other.list_suppliers("").await.data()["sizeAll"], 0);
    assert_eq!(other.change_supplier(id, 1).await.status, 404);
    assert_eq!(
        Client::new(&f, &f.other_supplier)
            .list_suppliers("")
            .await
            .data()["sizeAll"],
        0
    );
    f.shutdown().await;
}

async fn lists_filter_and_page(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    f.publish_areas(&[("CN-ZJ", 1), ("CN-ZJ-HZ", 1), ("CN-SH", 1)])
        .await;
    for (i, (area, open)) in [("CN-ZJ-HZ", 1), ("CN-ZJ-HZ", 3), ("CN-SH", 1)]
        .iter()
        .enumerate()
    {
        staff
            .save_scenic(
                json!({"scenicName": format!("Spot {i}"), "areaId": area, "openType": open}),
            )
            .await
            .data();
    }
    // An area saas-main has not told of is refused; so is one it disabled.
    f.publish_areas(&[("CN-SH", 0)]).await;
    for area in ["CN-ZJ-XX", "CN-SH"] {
        let refused = staff
            .save_scenic(json!({"scenicName": "Nowhere", "areaId": area}))
            .await;
        assert_eq!(refused.field(), "areaId", "{area}");
    }
    let zhejiang = staff.list_scenics("areaId=CN-ZJ").await;
    assert_eq!(zhejiang.data()["sizeAll"], 2);
    assert_eq!(zhejiang.rows()[0]["areaName"], "地区 CN-ZJ-HZ");
    assert_eq!(zhejiang.rows()[0]["areaNameEn"], "Area CN-ZJ-HZ");
    assert_eq!(staff.list_scenics("openType=3").await.data()["sizeAll"], 1);
    assert_eq!(
        staff.list_scenics("openType=-99&areaId=").await.data()["sizeAll"],
        3
    );
    let page = staff.list_scenics("page=2&resultNum=2").await;
    assert_eq!(page.data()["sizeAll"], 3);
    assert_eq!(page.rows().len(), 1);
    assert_eq!(page.rows()[0]["scenicName"], "Spot 0", "newest first");
    let systems = Client::new(&f, &f.supplier)
        .list_for_scenic("areaId=CN-SH")
        .await;
    assert_eq!(systems.data()["sizeAll"], 1);
    assert_eq!(systems.rows()[0]["supplierState"], -1);
    assert_eq!(
        staff.list_for_scenic("resultNum=0").await.field(),
        "resultNum"
    );
    f.shutdown().await;
}

platform::on_both_backends!(
    a_supplier_requests_a_spot_and_the_operator_approves_it,
    only_suppliers_request_and_only_staff_decide,
    suppliers_apply_to_supply_and_the_staff_decide,
    lists_filter_and_page,
);
