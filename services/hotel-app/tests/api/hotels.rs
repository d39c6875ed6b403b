//! The hotel catalogue: zones, hotels, suppliers' requests and their decision, rooms, the
//! system hotel list for products, and tenant isolation over all of them.

use crate::helpers::{Env, OTHER_SAAS, SAAS, SUPPLIER, field, start};
use platform::testing::Backend;
use serde_json::{Value, json};

fn hotel_form() -> Value {
    json!({
        "name": "Grand Harbour Hotel",
        "nameEn": "Grand Harbour",
        "star": 5,
        "areaId": "CN",
        "address": "1 Harbour Road",
        "postCode": "100001",
        "phone": "010-12345678",
        "fax": "010-87654321",
        "images": ["https://img.example.com/a.jpg", "http://img.example.com/b.png"],
        "roomNum": 320,
        "openDate": "2012-06-01",
        "checkinTime": "14:00",
        "checkoutTime": "12:00",
        "longitude": 116.397,
        "latitude": 39.909,
        "timeZone": "Asia/Shanghai",
        "serviceDesc": "Pool, gym, airport shuttle",
        "state": 1,
    })
}

fn with(form: &Value, patch: Value) -> Value {
    let mut form = form.clone();
    for (k, v) in patch.as_object().unwrap() {
        form[k] = v.clone();
    }
    form
}

fn room_form(hotel_id: i64) -> Value {
    json!({
        "hotelId": hotel_id,
        "name": "Deluxe King",
        "bedType": 1,
        "roomType": 2,
        "area": "35",
        "floor": "5-8",
        "maxGuests": 2,
        "addBed": 1,
        "broadband": "1",
        "window": 1,
        "state": 1,
    })
}

/// Saves a hotel as the operator; answers its id.
async fn add_hotel(env: &Env, form: Value) -> i64 {
    let (status, body) = env
        .call(
            "POST",
            "/saas/hotel/hotelInfos/save",
            &env.operator,
            Some(form),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["id"].as_i64().unwrap()
}

async fn add_zone(env: &Env, name: &str, parent: i64) -> i64 {
    let (status, body) = env
        .call(
            "POST",
            "/saas/hotel/zones/save",
            &env.operator,
            Some(json!({"name": name, "parentId": parent})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["id"].as_i64().unwrap()
}

async fn ids(env: &Env, path: &str, token: &str) -> Vec<i64> {
    let (status, body) = env.call("GET", path, token, None).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect()
}

async fn every_hotel_rule_is_a_412_naming_its_field(backend: Backend) {
    let env = start(backend).await;
    let cases = [
        ("name", json!({"name": "  "})),
        ("name", json!({"name": "n".repeat(65)})),
        ("nameEn", json!({"nameEn": "n".repeat(129)})),
        ("star", json!({"star": 9})),
        ("star", json!({"star": -1})),
        ("star", json!({"star": "five"})),
        ("areaId", json!({"areaId": "a".repeat(33)})),
        ("zoneId", json!({"zoneId": 123_456})),
        ("zoneId", json!({"zoneId": -1})),
        ("address", json!({"address": "a".repeat(257)})),
        ("postCode", json!({"postCode": "10#001"})),
        ("phone", json!({"phone": "12-34"})),
        ("fax", json!({"fax": "fax me"})),
        (
            "images[1]",
            json!({"images": ["https://a.example.com/1.jpg", "ftp://x/y.jpg"]}),
        ),
        (
            "images",
            json!({"images": vec!["https://a.example.com/x.jpg"; 51]}),
        ),
        ("roomNum", json!({"roomNum": -1})),
        ("openDate", json!({"openDate": "2012-02-30"})),
        ("openDate", json!({"openDate": "01/06/2012"})),
        ("checkinTime", json!({"checkinTime": "24:00"})),
        ("checkoutTime", json!({"checkoutTime": "noon"})),
        ("longitude", json!({"longitude": 180.5})),
        ("latitude", json!({"latitude": -91})),
        ("latitude", json!({"latitude": null})),
        ("longitude", json!({"longitude": null})),
        ("timeZone", json!({"timeZone": "Mars time"})),
        ("serviceDesc", json!({"serviceDesc": "d".repeat(2001)})),
        ("state", json!({"state": 2})),
    ];
    for (expected, patch) in &cases {
        let form = with(&hotel_form(), patch.clone());
        let (status, body) = env
            .call(
                "POST",
                "/saas/hotel/hotelInfos/save",
                &env.operator,
                Some(form.clone()),
            )
            .await;
        assert_eq!(
            (status, field(&body)),
            (412, *expected),
            "save {patch}: {body}"
        );
        // The same rules hold for a supplier's request.
        let (status, body) = env
            .call(
                "POST",
                "/saas/hotel/hotelInfos/requestAdd",
                &env.supplier,
                Some(form),
            )
            .await;
        assert_eq!(
            (status, field(&body)),
            (412, *expected),
            "request {patch}: {body}"
        );
        assert!(
            body["msg"].as_str().unwrap().starts_with(expected),
            "the message names the field: {body}"
        );
    }
    // Nothing of the above was stored.
    assert_eq!(
        env.number("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hotels"),
        0
    );
    assert_eq!(
        env.number("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hotel_requests"),
        0
    );

    let id = add_hotel(&env, hotel_form()).await;
    for (expected, patch) in &cases[..4] {
        let form = with(&hotel_form(), patch.clone());
        let form = with(&form, json!({"hotelId": id}));
        let (status, body) = env
            .call(
                "PUT",
                "/saas/hotel/hotelInfos/update",
                &env.operator,
                Some(form),
            )
            .await;
        assert_eq!(
            (status, field(&body)),
            (412, *expected),
            "update {patch}: {body}"
        );
    }
    let (status, body) = env
        .call(
            "POST",
            "/saas/hotel/hotelInfos/save",
            &env.operator,
            Some(json!("nope")),
        )
        .await;
    assert_eq!(status, 412, "{body}");
}

async fn operators_keep_the_hotel_list(backend: Backend) {
    let env = start(backend).await;
    let zone = add_zone(&env, "Beijing", 0).await;
    let id = add_hotel(
        &env,
        with(
            &hotel_form(),
            json!({"zoneId": zone, "name": " Grand Harbour Hotel "}),
        ),
    )
    .await;

    let (status, body) = env
        .call(
            "GET",
            &format!("/saas/hotel/hotelInfos/load?hotelId={id}"),
            &env.supplier,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let h = &body["data"];
    assert_eq!(h["name"], "Grand Harbour Hotel", "trimmed");
    assert_eq!(h["star"], 5);
    assert_eq!(h["zoneId"], zone);
    assert_eq!(h["zoneName"], "Beijing");
    assert_eq!(h["images"][1], "http://img.example.com/b.png");
    assert_eq!(h["openDate"], "2012-06-01");
    assert_eq!(h["longitude"], 116.397);
    assert_eq!(h["latitude"], 39.909);
    let hash = h["geoHash"].as_str().unwrap();
    assert_eq!(hash.len(), 12);
    assert!(hash.starts_with("wx4g0"), "{hash}");
    assert!(h["createDate"].as_i64().unwrap() > 0);

    // A hotel without coordinates has no geohash, and no coordinates are made up.
    let bare = add_hotel(
        &env,
        json!({"name": "Bare Inn", "longitude": null, "latitude": null}),
    )
    .await;
    let (_, body) = env
        .call(
            "GET",
            &format!("/saas/hotel/hotelInfos/load?hotelId={bare}"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(
        (
            &body["data"]["geoHash"],
            &body["data"]["longitude"],
            &body["data"]["state"],
            &body["data"]["star"]
        ),
        (&json!(""), &Value::Null, &json!(1), &json!(0))
    );

    let update = with(
        &hotel_form(),
        json!({"hotelId": id, "star": 4, "longitude": 121.4737, "latitude": 31.2304, "state": 0}),
    );
    let (status, body) = env
        .call(
            "PUT",
            "/saas/hotel/hotelInfos/update",
            &env.operator,
            Some(update.clone()),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (&body["data"]["star"], &body["data"]["state"]),
        (&json!(4), &json!(0))
    );
    assert!(
        body["data"]["geoHash"]
            .as_str()
            .unwrap()
            .starts_with("wtw3s"),
        "{body}"
    );
    assert_eq!(body["data"]["zoneId"], 0, "the whole form is saved");

    // Only the tenant's staff edit the list; distributors do not even read it.
    let (status, _) = env
        .call(
            "POST",
            "/saas/hotel/hotelInfos/save",
            &env.supplier,
            Some(hotel_form()),
        )
        .await;
    assert_eq!(status, 403);
    let (status, _) = env
        .call(
            "PUT",
            "/saas/hotel/hotelInfos/update",
            &env.supplier,
            Some(update.clone()),
        )
        .await;
    assert_eq!(status, 403);
    let (status, _) = env
        .call("GET", "/saas/hotel/hotelInfos/list", &env.distributor, None)
        .await;
    assert_eq!(status, 403);
    let (status, _) = env
        .call(
            "PUT",
            "/saas/hotel/hotelInfos/update",
            &env.operator,
            Some(with(&update, json!({"hotelId": 42}))),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = env
        .call(
            "GET",
            "/saas/hotel/hotelInfos/load?hotelId=42",
            &env.operator,
            None,
        )
        .await;
    assert_eq!(status, 404);

    // Filters and paging.
    let mut made = vec![];
    for i in 0..5 {
        made.push(
            add_hotel(
                &env,
                with(
                    &hotel_form(),
                    json!({"name": format!("Paging Lodge {i}"), "star": 3, "zoneId": zone}),
                ),
            )
            .await,
        );
    }
    made.reverse();
    let list = "/saas/hotel/hotelInfos/list";
    assert_eq!(
        ids(
            &env,
            &format!("{list}?name=Lodge&resultNum=50"),
            &env.operator
        )
        .await,
        made
    );
    assert_eq!(
        ids(&env, &format!("{list}?name=Harbour"), &env.operator).await,
        vec![id]
    );
    assert_eq!(
        ids(&env, &format!("{list}?star=4"), &env.operator).await,
        vec![id]
    );
    assert_eq!(
        ids(&env, &format!("{list}?state=0"), &env.operator).await,
        vec![id]
    );
    assert_eq!(
        ids(&env, &format!("{list}?zoneId={zone}"), &env.operator).await,
        made
    );
    assert_eq!(
        ids(&env, &format!("{list}?name=Nowhere"), &env.operator).await,
        Vec::<i64>::new()
    );
    let (_, body) = env
        .call(
            "GET",
            &format!("{list}?star=3&page=3&resultNum=2"),
            &env.operator,
            None,
        )
        .await;
    let d = &body["data"];
    assert_eq!(
        (
            &d["sizeAll"],
            &d["pageCount"],
            &d["page"],
            &d["resultNum"],
            &d["startIndex"],
            &d["size"]
        ),
        (
            &json!(5),
            &json!(3),
            &json!(3),
            &json!(2),
            &json!(4),
            &json!(1)
        )
    );
    assert_eq!(d["results"][0]["id"], made[4]);
    assert_eq!(d["results"][0]["zoneName"], "Beijing");
    let (status, body) = env
        .call("GET", &format!("{list}?page=0"), &env.operator, None)
        .await;
    assert_eq!((status, field(&body)), (412, "page"));
    let (status, body) = env
        .call("GET", &format!("{list}?star=x"), &env.operator, None)
        .await;
    assert_eq!((status, field(&body)), (412, "star"));
}

async fn suppliers_request_and_operators_decide(backend: Backend) {
    let env = start(backend).await;
    let add = "/saas/hotel/hotelInfos/requestAdd";
    let (status, body) = env
        .call(
            "POST",
            add,
            &env.supplier,
            Some(with(&hotel_form(), json!({"name": "Asked Inn"}))),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let asked = &body["data"];
    assert_eq!(
        (&asked["state"], &asked["kind"], &asked["hotelId"]),
        (&json!(0), &json!(1), &json!(0))
    );
    assert_eq!(
        (&asked["mchId"], &asked["mchName"]),
        (&json!(SUPPLIER), &json!("Demo Supplier"))
    );
    assert_eq!(asked["hotel"]["name"], "Asked Inn");
    let first = asked["id"].as_i64().unwrap();
    let (_, body) = env
        .call(
            "POST",
            add,
            &env.supplier_2,
            Some(with(&hotel_form(), json!({"name": "Rejected Inn"}))),
        )
        .await;
    let second = body["data"]["id"].as_i64().unwrap();

    // Pending requests change nothing.
    assert!(
        ids(&env, "/saas/hotel/hotelInfos/list", &env.operator)
            .await
            .is_empty()
    );
    // The operator sees the tenant's requests, each supplier its own.
    let requests = "/saas/hotel/hotelRequests/list";
    assert_eq!(
        ids(&env, requests, &env.operator).await,
        vec![second, first]
    );
    assert_eq!(ids(&env, requests, &env.supplier).await, vec![first]);
    assert_eq!(ids(&env, requests, &env.supplier_2).await, vec![second]);
    // Operators save hotels themselves; distributors have no say.
    let (status, _) = env
        .call("POST", add, &env.operator, Some(hotel_form()))
        .await;
    assert_eq!(status, 403);
    let (status, _) = env
        .call("POST", add, &env.distributor, Some(hotel_form()))
        .await;
    assert_eq!(status, 403);

    // A supplier cannot decide, not even its own request.
    let approve = "/saas/hotel/hotelRequests/approve";
    let reject = "/saas/hotel/hotelRequests/reject";
    for path in [approve, reject] {
        let (status, body) = env
            .call("PUT", path, &env.supplier, Some(json!({"id": first})))
            .await;
        assert_eq!(status, 403, "{body}");
    }
    let (status, body) = env
        .call(
            "PUT",
            approve,
            &env.operator,
            Some(json!({"id": first, "remark": "r".repeat(501)})),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "remark"));
    let (status, _) = env
        .call("PUT", approve, &env.operator, Some(json!({"id": 42})))
        .await;
    assert_eq!(status, 404);
    let (status, body) = env
        .call(
            "PUT",
            approve,
            &env.operator,
            Some(json!({"id": first, "remark": "welcome"})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let decided = &body["data"];
    assert_eq!(
        (&decided["state"], &decided["remark"], &decided["decidedBy"]),
        (&json!(1), &json!("welcome"), &json!(1))
    );
    assert!(decided["decideDate"].as_i64().unwrap() > 0);
    let hotel_id = decided["hotelId"].as_i64().unwrap();
    assert_eq!(
        ids(&env, "/saas/hotel/hotelInfos/list", &env.operator).await,
        vec![hotel_id]
    );
    let (_, body) = env
        .call(
            "GET",
            &format!("/saas/hotel/hotelInfos/load?hotelId={hotel_id}"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(
        (&body["data"]["name"], &body["data"]["star"]),
        (&json!("Asked Inn"), &json!(5))
    );
    assert!(
        body["data"]["geoHash"]
            .as_str()
            .unwrap()
            .starts_with("wx4g0")
    );

    // A decided request stays decided, whichever way it is asked again.
    for path in [approve, reject] {
        let (status, body) = env
            .call("PUT", path, &env.operator, Some(json!({"id": first})))
            .await;
        assert_eq!(
            (status, body["code"].as_str()),
            (412, Some("request-decided")),
            "{body}"
        );
    }
    assert_eq!(
        env.number("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hotels"),
        1
    );

    let (status, body) = env
        .call(
            "PUT",
            reject,
            &env.operator,
            Some(json!({"id": second, "remark": "duplicate"})),
        )
        .await;
    assert_eq!((status, &body["data"]["state"]), (200, &json!(2)), "{body}");
    let (status, _) = env
        .call("PUT", approve, &env.operator, Some(json!({"id": second})))
        .await;
    assert_eq!(status, 412);
    assert_eq!(
        ids(&env, "/saas/hotel/hotelInfos/list", &env.operator).await,
        vec![hotel_id]
    );
    assert_eq!(
        ids(&env, &format!("{requests}?state=2"), &env.operator).await,
        vec![second]
    );
    assert_eq!(
        ids(&env, &format!("{requests}?state=0"), &env.operator).await,
        Vec::<i64>::new()
    );

    // A change asked by a supplier is applied as asked once approved.
    let modify = "/saas/hotel/hotelInfos/requestModify";
    let change = with(
        &hotel_form(),
        json!({"hotelId": hotel_id, "name": "Asked Inn Renovated", "star": 6}),
    );
    let (status, body) = env
        .call("POST", modify, &env.supplier_2, Some(change.clone()))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (&body["data"]["kind"], &body["data"]["hotelId"]),
        (&json!(2), &json!(hotel_id))
    );
    let change_id = body["data"]["id"].as_i64().unwrap();
    assert_eq!(
        ids(&env, &format!("{requests}?kind=2"), &env.operator).await,
        vec![change_id]
    );
    assert_eq!(
        ids(&env, &format!("{requests}?kind=2"), &env.supplier).await,
        Vec::<i64>::new()
    );
    let (_, body) = env
        .call(
            "GET",
            &format!("/saas/hotel/hotelInfos/load?hotelId={hotel_id}"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(
        body["data"]["name"], "Asked Inn",
        "unchanged until approved"
    );
    let (status, body) = env
        .call(
            "PUT",
            approve,
            &env.operator,
            Some(json!({"id": change_id})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, body) = env
        .call(
            "GET",
            &format!("/saas/hotel/hotelInfos/load?hotelId={hotel_id}"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(
        (&body["data"]["name"], &body["data"]["star"]),
        (&json!("Asked Inn Renovated"), &json!(6))
    );
    assert_eq!(
        env.number("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hotels"),
        1
    );

    let (status, _) = env
        .call(
            "POST",
            modify,
            &env.supplier,
            Some(with(&change, json!({"hotelId": 42}))),
        )
        .await;
    assert_eq!(status, 404);
    let (status, body) = env
        .call(
            "POST",
            modify,
            &env.supplier,
            Some(with(&change, json!({"star": 10}))),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "star"));
    let (status, body) = env
        .call(
            "POST",
            modify,
            &env.supplier,
            Some(json!({"name": "No id"})),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "hotelId"), "{body}");
}

async fn zones_form_a_tree(backend: Backend) {
    let env = start(backend).await;
    env.publish_areas(&[("CN-BJ", 1), ("CN-BJ-HD", 1)]).await;
    let china = add_zone(&env, "China", 0).await;
    let beijing = add_zone(&env, "Beijing", china).await;
    let shanghai = add_zone(&env, "Shanghai", china).await;
    let chaoyang = add_zone(&env, "Chaoyang", beijing).await;
    let japan = add_zone(&env, "Japan", 0).await;

    let (status, body) = env
        .call("GET", "/saas/hotel/zones/tree", &env.supplier, None)
        .await;
    assert_eq!(status, 200, "{body}");
    let roots = body["data"].as_array().unwrap();
    let names: Vec<&str> = roots.iter().map(|z| z["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["China", "Japan"]);
    let china_node = &roots[0];
    assert_eq!(china_node["id"], china);
    let kids: Vec<i64> = china_node["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|z| z["id"].as_i64().unwrap())
        .collect();
    assert_eq!(kids, [beijing, shanghai]);
    assert_eq!(china_node["children"][0]["children"][0]["id"], chaoyang);
    assert_eq!(
        china_node["children"][0]["children"][0]["children"],
        json!([])
    );
    assert_eq!(roots[1]["children"], json!([]));

    let list = "/saas/hotel/zones/list";
    assert_eq!(
        ids(&env, &format!("{list}?parentId={china}"), &env.operator).await,
        vec![beijing, shanghai]
    );
    assert_eq!(
        ids(&env, &format!("{list}?parentId=0"), &env.operator).await,
        vec![china, japan]
    );
    assert_eq!(
        ids(&env, &format!("{list}?name=hai"), &env.operator).await,
        vec![shanghai]
    );
    let (_, body) = env
        .call(
            "GET",
            &format!("{list}?resultNum=2&page=3"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(
        (&body["data"]["sizeAll"], &body["data"]["size"]),
        (&json!(5), &json!(1))
    );

    // The centre's geohash is computed from geoLng.
    let (status, body) = env
        .call(
            "POST",
            "/saas/hotel/zones/save",
            &env.operator,
            Some(json!({"name": "Haidian", "parentId": beijing, "areaId": "CN-BJ-HD", "geoLng": "116.298, 39.959", "state": 0})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body["data"]["geoHash"]
            .as_str()
            .unwrap()
            .starts_with("wx4e"),
        "{body}"
    );
    assert_eq!(
        (&body["data"]["state"], &body["data"]["areaId"]),
        (&json!(0), &json!("CN-BJ-HD"))
    );
    let haidian = body["data"]["id"].as_i64().unwrap();
    assert_eq!(
        ids(&env, &format!("{list}?state=0"), &env.operator).await,
        vec![haidian]
    );

    let save = "/saas/hotel/zones/save";
    for (expected, form) in [
        ("name", json!({"name": " "})),
        ("name", json!({"name": "Chaoyang", "parentId": beijing})),
        ("parentId", json!({"name": "Lost", "parentId": 42})),
        ("geoLng", json!({"name": "Bad", "geoLng": "116.3"})),
        ("geoLng", json!({"name": "Bad", "geoLng": "190,10"})),
        ("state", json!({"name": "Bad", "state": 7})),
        ("areaId", json!({"name": "Bad", "areaId": "a".repeat(33)})),
        ("areaId", json!({"name": "Bad", "areaId": "CN-BJ-XX"})),
    ] {
        let (status, body) = env
            .call("POST", save, &env.operator, Some(form.clone()))
            .await;
        assert_eq!((status, field(&body)), (412, expected), "{form}: {body}");
    }
    // The same name under another parent is another zone.
    add_zone(&env, "Chaoyang", shanghai).await;

    let update = "/saas/hotel/zones/update";
    for parent in [china, chaoyang, beijing] {
        let (status, body) = env
            .call(
                "PUT",
                update,
                &env.operator,
                Some(json!({"id": china, "name": "China", "parentId": parent})),
            )
            .await;
        assert_eq!(
            (status, field(&body)),
            (412, "parentId"),
            "under {parent}: {body}"
        );
    }
    // Moving a zone moves its subtree.
    let (status, body) = env
        .call(
            "PUT",
            update,
            &env.operator,
            Some(json!({"id": beijing, "name": "Beijing", "parentId": japan})),
        )
        .await;
    assert_eq!(
        (status, &body["data"]["parentId"]),
        (200, &json!(japan)),
        "{body}"
    );
    let (_, body) = env
        .call("GET", "/saas/hotel/zones/tree", &env.operator, None)
        .await;
    assert_eq!(body["data"][1]["children"][0]["id"], beijing);
    assert_eq!(
        body["data"][1]["children"][0]["children"][0]["id"],
        chaoyang
    );
    let (status, _) = env
        .call(
            "PUT",
            update,
            &env.operator,
            Some(json!({"id": 42, "name": "X"})),
        )
        .await;
    assert_eq!(status, 404);

    // A chain deeper than ten levels is refused.
    let mut parent = 0;
    for i in 0..10 {
        parent = add_zone(&env, &format!("Level {i}"), parent).await;
    }
    let (status, body) = env
        .call(
            "POST",
            save,
            &env.operator,
            Some(json!({"name": "Too deep", "parentId": parent})),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "parentId"), "{body}");

    // Suppliers read zones but do not change them.
    let (status, _) = env
        .call("POST", save, &env.supplier, Some(json!({"name": "Mine"})))
        .await;
    assert_eq!(status, 403);
    let (status, _) = env
        .call(
            "PUT",
            update,
            &env.supplier,
            Some(json!({"id": china, "name": "Mine"})),
        )
        .await;
    assert_eq!(status, 403);

    // Another tenant neither sees nor uses these zones.
    let (_, body) = env
        .call("GET", "/saas/hotel/zones/tree", &env.other_operator, None)
        .await;
    assert_eq!(body["data"], json!([]));
    assert!(ids(&env, list, &env.other_operator).await.is_empty());
    let (status, body) = env
        .call(
            "POST",
            save,
            &env.other_operator,
            Some(json!({"name": "Sneaky", "parentId": china})),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "parentId"));
    let (status, _) = env
        .call(
            "PUT",
            update,
            &env.other_operator,
            Some(json!({"id": china, "name": "Taken"})),
        )
        .await;
    assert_eq!(status, 404);
    let (status, body) = env
        .call(
            "POST",
            "/saas/hotel/hotelInfos/save",
            &env.other_operator,
            Some(with(&hotel_form(), json!({"zoneId": china}))),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "zoneId"));
    let (_, body) = env
        .call("GET", &format!("{list}?name=China"), &env.operator, None)
        .await;
    assert_eq!(body["data"]["results"][0]["name"], "China", "unchanged");
}

async fn rooms_belong_to_the_tenants_hotels(backend: Backend) {
    let env = start(backend).await;
    let hotel = add_hotel(&env, hotel_form()).await;
    let other_hotel = add_hotel(&env, with(&hotel_form(), json!({"name": "Other"}))).await;
    let save = "/saas/hotel/rooms/save";

    for (expected, patch) in [
        ("name", json!({"name": ""})),
        ("bedType", json!({"bedType": 100})),
        ("roomType", json!({"roomType": -1})),
        ("area", json!({"area": "a".repeat(33)})),
        ("floor", json!({"floor": "f".repeat(33)})),
        ("maxGuests", json!({"maxGuests": 0})),
        ("maxGuests", json!({"maxGuests": 21})),
        ("maxGuests", json!({"maxGuests": "two"})),
        ("addBed", json!({"addBed": 2})),
        ("broadband", json!({"broadband": "2"})),
        ("broadband", json!({"broadband": 1})),
        ("window", json!({"window": 3})),
        ("state", json!({"state": 5})),
        ("hotelId", json!({"hotelId": "x"})),
        ("hotelId", json!({"hotelId": null})),
    ] {
        let (status, body) = env
            .call(
                "POST",
                save,
                &env.supplier,
                Some(with(&room_form(hotel), patch.clone())),
            )
            .await;
        assert_eq!((status, field(&body)), (412, expected), "{patch}: {body}");
    }
    assert_eq!(
        env.number("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM rooms"),
        0
    );

    // The operator and suppliers add rooms.
    let (status, body) = env
        .call("POST", save, &env.supplier, Some(room_form(hotel)))
        .await;
    assert_eq!(status, 200, "{body}");
    let r = &body["data"];
    assert_eq!(
        (
            &r["hotelId"],
            &r["maxGuests"],
            &r["addBed"],
            &r["broadband"],
            &r["window"],
            &r["floor"]
        ),
        (
            &json!(hotel),
            &json!(2),
            &json!(1),
            &json!("1"),
            &json!(1),
            &json!("5-8")
        )
    );
    let king = r["id"].as_i64().unwrap();
    let (status, body) = env
        .call(
            "POST",
            save,
            &env.operator,
            Some(with(
                &room_form(hotel),
                json!({"name": "Standard Twin", "window": 2}),
            )),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let twin = body["data"]["id"].as_i64().unwrap();
    let (status, body) = env
        .call("POST", save, &env.operator, Some(room_form(hotel)))
        .await;
    assert_eq!((status, field(&body)), (412, "name"), "one name per hotel");
    let (status, _) = env
        .call("POST", save, &env.operator, Some(room_form(other_hotel)))
        .await;
    assert_eq!(status, 200, "the same name in another hotel");
    let (status, _) = env
        .call("POST", save, &env.operator, Some(room_form(42)))
        .await;
    assert_eq!(status, 404);
    let (status, _) = env
        .call("POST", save, &env.distributor, Some(room_form(hotel)))
        .await;
    assert_eq!(status, 403);

    let list = format!("/saas/hotel/rooms/list?hotelId={hotel}");
    assert_eq!(ids(&env, &list, &env.operator).await, vec![king, twin]);
    let (_, body) = env
        .call(
            "GET",
            &format!("{list}&resultNum=1&page=2"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(
        (&body["data"]["sizeAll"], &body["data"]["pageCount"]),
        (&json!(2), &json!(2))
    );
    assert_eq!(body["data"]["results"][0]["id"], twin);
    let (status, _) = env
        .call(
            "GET",
            "/saas/hotel/rooms/list?hotelId=42",
            &env.operator,
            None,
        )
        .await;
    assert_eq!(status, 404);
    let (status, body) = env
        .call("GET", "/saas/hotel/rooms/list", &env.operator, None)
        .await;
    assert_eq!((status, field(&body)), (412, "hotelId"), "{body}");

    let update = "/saas/hotel/rooms/update";
    let change = with(
        &room_form(hotel),
        json!({"roomId": king, "hotelId": other_hotel, "maxGuests": 3, "state": 0}),
    );
    let (status, body) = env
        .call("PUT", update, &env.supplier_2, Some(change.clone()))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            &body["data"]["maxGuests"],
            &body["data"]["state"],
            &body["data"]["hotelId"]
        ),
        (&json!(3), &json!(0), &json!(hotel)),
        "a room stays in its hotel"
    );
    let (status, body) = env
        .call(
            "PUT",
            update,
            &env.operator,
            Some(with(&change, json!({"name": "Standard Twin"}))),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "name"));
    let (status, body) = env
        .call(
            "PUT",
            update,
            &env.operator,
            Some(with(&change, json!({"maxGuests": 25}))),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "maxGuests"));
    let (status, body) = env
        .call(
            "GET",
            &format!("/saas/hotel/rooms/load?roomId={king}"),
            &env.supplier,
            None,
        )
        .await;
    assert_eq!((status, &body["data"]["maxGuests"]), (200, &json!(3)));

    // Another tenant's users find none of it and change none of it.
    for token in [&env.other_operator, &env.other_supplier] {
        let (status, _) = env.call("GET", &list, token, None).await;
        assert_eq!(status, 404);
        let (status, _) = env
            .call(
                "GET",
                &format!("/saas/hotel/rooms/load?roomId={king}"),
                token,
                None,
            )
            .await;
        assert_eq!(status, 404);
        let (status, _) = env
            .call(
                "POST",
                save,
                token,
                Some(with(&room_form(hotel), json!({"name": "Intruder"}))),
            )
            .await;
        assert_eq!(status, 404);
        let (status, _) = env
            .call(
                "PUT",
                update,
                token,
                Some(with(&change, json!({"name": "Hacked"}))),
            )
            .await;
        assert_eq!(status, 404);
    }
    let (_, body) = env
        .call(
            "GET",
            &format!("/saas/hotel/rooms/load?roomId={king}"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(body["data"]["name"], "Deluxe King");
}

async fn another_tenant_sees_and_changes_nothing(backend: Backend) {
    let env = start(backend).await;
    let hotel = add_hotel(&env, hotel_form()).await;
    let (_, body) = env
        .call(
            "POST",
            "/saas/hotel/hotelInfos/requestAdd",
            &env.supplier,
            Some(hotel_form()),
        )
        .await;
    let request = body["data"]["id"].as_i64().unwrap();

    assert!(
        ids(&env, "/saas/hotel/hotelInfos/list", &env.other_operator)
            .await
            .is_empty()
    );
    assert!(
        ids(&env, "/saas/hotel/hotelRequests/list", &env.other_operator)
            .await
            .is_empty()
    );
    assert!(
        ids(&env, "/saas/hotel/hotelRequests/list", &env.other_supplier)
            .await
            .is_empty()
    );
    assert!(
        ids(
            &env,
            "/saas/product/hotelProducts/listForHotel",
            &env.other_operator
        )
        .await
        .is_empty()
    );
    let (status, _) = env
        .call(
            "GET",
            &format!("/saas/hotel/hotelInfos/load?hotelId={hotel}"),
            &env.other_operator,
            None,
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = env
        .call(
            "PUT",
            "/saas/hotel/hotelInfos/update",
            &env.other_operator,
            Some(with(
                &hotel_form(),
                json!({"hotelId": hotel, "name": "Hijacked"}),
            )),
        )
        .await;
    assert_eq!(status, 404);
    let (status, _) = env
        .call(
            "POST",
            "/saas/hotel/hotelInfos/requestModify",
            &env.other_supplier,
            Some(with(
                &hotel_form(),
                json!({"hotelId": hotel, "name": "Hijacked"}),
            )),
        )
        .await;
    assert_eq!(status, 404);
    for path in [
        "/saas/hotel/hotelRequests/approve",
        "/saas/hotel/hotelRequests/reject",
    ] {
        let (status, _) = env
            .call(
                "PUT",
                path,
                &env.other_operator,
                Some(json!({"id": request})),
            )
            .await;
        assert_eq!(status, 404);
    }
    // Its own list is its own.
    let (status, body) = env
        .call(
            "POST",
            "/saas/hotel/hotelInfos/save",
            &env.other_operator,
            Some(with(&hotel_form(), json!({"name": "Elsewhere"}))),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let theirs = body["data"]["id"].as_i64().unwrap();
    assert_eq!(
        ids(&env, "/saas/hotel/hotelInfos/list", &env.other_operator).await,
        vec![theirs]
    );
    assert_eq!(
        ids(&env, "/saas/hotel/hotelInfos/list", &env.operator).await,
        vec![hotel]
    );

    let (_, body) = env
        .call(
            "GET",
            &format!("/saas/hotel/hotelInfos/load?hotelId={hotel}"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(body["data"]["name"], "Grand Harbour Hotel");
    let (_, body) = env
        .call("GET", "/saas/hotel/hotelRequests/list", &env.operator, None)
        .await;
    assert_eq!(body["data"]["results"][0]["state"], 0, "still pending");
    assert_eq!(
        env.number(&format!(
            "SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hotels WHERE saas_id = {OTHER_SAAS}"
        )),
        1
    );
}

async fn system_hotels_for_products_count_their_products(backend: Backend) {
    let env = start(backend).await;
    let zone = add_zone(&env, "Sanya", 0).await;
    let busy = add_hotel(
        &env,
        with(
            &hotel_form(),
            json!({"name": "Busy Resort", "zoneId": zone, "star": 5}),
        ),
    )
    .await;
    let quiet = add_hotel(
        &env,
        with(
            &hotel_form(),
            json!({"name": "Quiet Resort", "star": 3, "state": 0}),
        ),
    )
    .await;
    let product = |hotel: i64, saas: i64| {
        format!(
            "INSERT INTO hotel_products VALUES ({}, {saas}, {SUPPLIER}, {hotel}, 0, 0, 'P', 'P', '', 1, 0, \
             '1', 0, 1, '', '', '', 1, 0, 0)",
            platform::id::next_id()
        )
    };
    env.sql(&product(busy, SAAS));
    env.sql(&product(busy, SAAS));
    env.sql(&product(busy, SAAS));
    // Another tenant's row on the same id is not this tenant's product.
    env.sql(&product(busy, OTHER_SAAS));

    let path = "/saas/product/hotelProducts/listForHotel";
    let (status, body) = env.call("GET", path, &env.supplier, None).await;
    assert_eq!(status, 200, "{body}");
    let rows = body["data"]["results"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (&rows[0]["id"], &rows[0]["productCount"], &rows[0]["state"]),
        (&json!(quiet), &json!(0), &json!(0))
    );
    let b = &rows[1];
    assert_eq!(
        (
            &b["id"],
            &b["name"],
            &b["star"],
            &b["zoneId"],
            &b["zoneName"],
            &b["address"],
            &b["productCount"]
        ),
        (
            &json!(busy),
            &json!("Busy Resort"),
            &json!(5),
            &json!(zone),
            &json!("Sanya"),
            &json!("1 Harbour Road"),
            &json!(3)
        )
    );
    assert_eq!(
        ids(&env, &format!("{path}?star=5"), &env.operator).await,
        vec![busy]
    );
    assert_eq!(
        ids(&env, &format!("{path}?state=0"), &env.operator).await,
        vec![quiet]
    );
    assert_eq!(
        ids(&env, &format!("{path}?zoneId={zone}"), &env.operator).await,
        vec![busy]
    );
    assert_eq!(
        ids(&env, &format!("{path}?name=Quiet"), &env.operator).await,
        vec![quiet]
    );
    let (_, body) = env
        .call(
            "GET",
            &format!("{path}?resultNum=1&page=2"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(
        (
            &body["data"]["sizeAll"],
            &body["data"]["results"][0]["productCount"]
        ),
        (&json!(2), &json!(3))
    );
    let (status, _) = env.call("GET", path, &env.distributor, None).await;
    assert_eq!(status, 403);
}

async fn each_endpoint_is_documented_with_a_summary(backend: Backend) {
    let env = start(backend).await;
    let client = awc::Client::default();
    let mut res = client
        .get(env.app.url("/openapi.json"))
        .send()
        .await
        .unwrap();
    let doc: Value = res.json().limit(1 << 24).await.unwrap();
    for (path, method, summary) in [
        ("/saas/hotel/zones/list", "get", "List zones"),
        ("/saas/hotel/zones/tree", "get", "Zone tree"),
        ("/saas/hotel/zones/save", "post", "Add a zone"),
        ("/saas/hotel/zones/update", "put", "Update a zone"),
        ("/saas/hotel/hotelInfos/list", "get", "List hotels"),
        ("/saas/hotel/hotelInfos/load", "get", "Load a hotel"),
        ("/saas/hotel/hotelInfos/save", "post", "Add a hotel"),
        ("/saas/hotel/hotelInfos/update", "put", "Update a hotel"),
        (
            "/saas/hotel/hotelInfos/requestAdd",
            "post",
            "Request a new hotel",
        ),
        (
            "/saas/hotel/hotelInfos/requestModify",
            "post",
            "Request a hotel change",
        ),
        (
            "/saas/hotel/hotelRequests/list",
            "get",
            "List hotel requests",
        ),
        (
            "/saas/hotel/hotelRequests/approve",
            "put",
            "Approve a hotel request",
        ),
        (
            "/saas/hotel/hotelRequests/reject",
            "put",
            "Reject a hotel request",
        ),
        (
            "/saas/product/hotelProducts/listForHotel",
            "get",
            "System hotels for products",
        ),
        ("/saas/hotel/rooms/list", "get", "List rooms"),
        ("/saas/hotel/rooms/load", "get", "Load a room"),
        ("/saas/hotel/rooms/save", "post", "Add a room"),
        ("/saas/hotel/rooms/update", "put", "Update a room"),
    ] {
        let op = &doc["paths"][path][method];
        assert_eq!(op["summary"], summary, "{method} {path}");
        assert!(op["security"].is_array(), "{method} {path} needs a token");
    }
}

/// One body limit on every route, refused in the envelope: rooms and hotels read their forms as
/// a raw body (the record's id beside the fields) and answer a large one as every route does.
async fn every_route_refuses_a_body_over_the_limit_in_the_envelope(backend: Backend) {
    let env = start(backend).await;
    assert_eq!(
        env.app.body_limit_misses(&[&env.operator]).await,
        Vec::<String>::new()
    );
    env.shutdown().await;
}

/// Names are single lines: NUL, line breaks and direction overrides are a 412 naming the field,
/// and nothing is written.
async fn control_characters_in_names_are_refused(backend: Backend) {
    let env = start(backend).await;
    let hotel = add_hotel(&env, hotel_form()).await;
    for bad in ["Sea\u{0}View", "Sea\u{202E}weiV", "Sea\nView"] {
        let (status, body) = env
            .call(
                "POST",
                "/saas/hotel/rooms/save",
                &env.operator,
                Some(with(&room_form(hotel), json!({"name": bad}))),
            )
            .await;
        assert_eq!((status, field(&body)), (412, "name"), "{bad:?}: {body}");
        let (status, body) = env
            .call(
                "PUT",
                "/saas/hotel/hotelInfos/update",
                &env.operator,
                Some(with(&hotel_form(), json!({"hotelId": hotel, "name": bad}))),
            )
            .await;
        assert_eq!((status, field(&body)), (412, "name"), "{bad:?}: {body}");
        let (status, body) = env
            .call(
                "POST",
                "/saas/hotel/hotelInfos/save",
                &env.operator,
                Some(with(&hotel_form(), json!({"nameEn": bad}))),
            )
            .await;
        assert_eq!((status, field(&body)), (412, "nameEn"), "{bad:?}: {body}");
    }
    assert_eq!(
        env.number("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM rooms"),
        0
    );
    assert_eq!(
        env.number("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hotels"),
        1
    );
    env.shutdown().await;
}

/// A hotel's `areaId` is a country of the list or one of saas-main's areas in use, as the copy
/// fed by `area.updated` holds them; a hotel keeps an area disabled since it was put there.
async fn a_hotel_is_put_in_an_area_in_use(backend: Backend) {
    let env = start(backend).await;
    let save = "/saas/hotel/hotelInfos/save";
    let (status, body) = env
        .call(
            "POST",
            save,
            &env.operator,
            Some(with(&hotel_form(), json!({"areaId": "CN-ZJ-HZ"}))),
        )
        .await;
    assert_eq!(
        (status, field(&body)),
        (412, "areaId"),
        "not copied yet: {body}"
    );
    env.publish_areas(&[("CN-ZJ", 1), ("CN-ZJ-HZ", 1), ("CN-ZJ-NB", 0)])
        .await;
    let id = add_hotel(&env, with(&hotel_form(), json!({"areaId": "CN-ZJ-HZ"}))).await;
    let tokyo = add_hotel(
        &env,
        with(&hotel_form(), json!({"name": "Tokyo Bay", "areaId": "JP"})),
    )
    .await;
    // Shown with the area's names: a city's from the copy, a country's from the list.
    for (hotel, names) in [
        (id, ("地区 CN-ZJ-HZ", "Area CN-ZJ-HZ")),
        (tokyo, ("日本", "Japan")),
    ] {
        let (status, body) = env
            .call(
                "GET",
                &format!("/saas/hotel/hotelInfos/load?hotelId={hotel}"),
                &env.operator,
                None,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            (
                body["data"]["areaName"].as_str(),
                body["data"]["areaNameEn"].as_str()
            ),
            (Some(names.0), Some(names.1))
        );
    }
    let (_, listed) = env
        .call("GET", "/saas/hotel/hotelInfos/list", &env.operator, None)
        .await;
    assert_eq!(
        listed["data"]["results"][1]["areaNameEn"], "Area CN-ZJ-HZ",
        "{listed}"
    );
    for area in ["CN-ZJ-NB", "XX", "cn-zj"] {
        let (status, body) = env
            .call(
                "POST",
                save,
                &env.operator,
                Some(with(&hotel_form(), json!({"name": area, "areaId": area}))),
            )
            .await;
        assert_eq!((status, field(&body)), (412, "areaId"), "{area}: {body}");
    }
    // Hangzhou is disabled later: the hotel there is still saved as it is, not moved to
    // another disabled area.
    env.publish_areas(&[("CN-ZJ-HZ", 0)]).await;
    let update = "/saas/hotel/hotelInfos/update";
    let (status, body) = env
        .call(
            "PUT",
            update,
            &env.operator,
            Some(with(
                &hotel_form(),
                json!({"hotelId": id, "areaId": "CN-ZJ-HZ", "phone": "0571-88880000"}),
            )),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = env
        .call(
            "PUT",
            update,
            &env.operator,
            Some(with(
                &hotel_form(),
                json!({"hotelId": id, "areaId": "CN-ZJ-NB"}),
            )),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "areaId"), "{body}");
    // A supplier's request is checked the same way.
    let (status, body) = env
        .call(
            "POST",
            "/saas/hotel/hotelInfos/requestAdd",
            &env.supplier,
            Some(with(
                &hotel_form(),
                json!({"name": "Asked", "areaId": "CN-ZJ-NB"}),
            )),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "areaId"), "{body}");
    env.shutdown().await;
}

platform::on_both_backends!(
    a_hotel_is_put_in_an_area_in_use,
    every_hotel_rule_is_a_412_naming_its_field,
    every_route_refuses_a_body_over_the_limit_in_the_envelope,
    control_characters_in_names_are_refused,
    operators_keep_the_hotel_list,
    suppliers_request_and_operators_decide,
    zones_form_a_tree,
    rooms_belong_to_the_tenants_hotels,
    another_tenant_sees_and_changes_nothing,
    system_hotels_for_products_count_their_products,
    each_endpoint_is_documented_with_a_summary,
);
