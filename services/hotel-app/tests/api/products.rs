//! Hotel products and their price and stock calendar: validation, the state machine, who sees
//! what, the `product.hotel.updated` events, price changes over dates and weekdays, and
//! distributors' own prices and authorised stock.

use crate::helpers::{DISTRIBUTOR, Env, SAAS, SUPPLIER, SUPPLIER_2, day, field, start};
use platform::bus::v1;
use platform::testing::Backend;
use prost::Message as _;
use serde_json::{Value, json};

const EVENT: &str = "product.hotel.updated";

fn with(form: &Value, patch: Value) -> Value {
    let mut form = form.clone();
    for (k, v) in patch.as_object().unwrap() {
        form[k] = v.clone();
    }
    form
}

fn id_of(data: &Value, key: &str) -> i64 {
    data[key]
        .as_i64()
        .or_else(|| data["id"].as_i64())
        .unwrap_or_else(|| panic!("no {key} in {data}"))
}

/// A hotel of the tenant with one room, through the hotel endpoints.
async fn hotel_and_room(env: &Env, name: &str) -> (i64, i64) {
    let (status, body) = env
        .call(
            "POST",
            "/saas/hotel/hotelInfos/save",
            &env.operator,
            Some(json!({
                "name": name, "nameEn": name, "star": 4, "areaId": "CN", "zoneId": 0,
                "address": "1 Harbour Road", "postCode": "100001", "phone": "010-12345678",
                "fax": "", "images": [], "roomNum": 100, "openDate": "2020-01-01",
                "checkinTime": "14:00", "checkoutTime": "12:00", "longitude": 116.4,
                "latitude": 39.9, "timeZone": "Asia/Shanghai", "serviceDesc": "", "state": 1,
            })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let hotel = id_of(&body["data"], "hotelId");
    let (status, body) = env
        .call(
            "POST",
            "/saas/hotel/rooms/save",
            &env.operator,
            Some(json!({
                "hotelId": hotel, "name": "Deluxe King", "bedType": 1, "roomType": 1,
                "area": "35", "floor": "5", "maxGuests": 2, "addBed": 0, "broadband": "1",
                "window": 1, "state": 1,
            })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    (hotel, id_of(&body["data"], "roomId"))
}

fn product_form(hotel: i64, room: i64) -> Value {
    json!({
        "productName": "Deluxe King with breakfast",
        "productShortName": "Deluxe King",
        "productDesc": "Sea view",
        "hotelId": hotel,
        "roomId": room,
        "cancelPolicy": "Free cancellation until 18:00 the day before",
        "confirmType": 1,
        "shareType": 0,
        "cancelType": 2,
        "paymentTypes": "2,1",
        "isOnlinePay": 2,
        "earliestBookingDays": 90,
        "earliestBookingHours": 0,
        "latestBookingDays": 0,
        "latestBookingHours": 22,
        "breakfastNum": 99,
        "lunchNum": 0,
        "dinnerNum": 1,
        "serialCheckinMin": 1,
        "serialCheckinMax": 14,
        "roomCountMin": 1,
        "roomCountMax": 5,
        "moveupCancelDays": 1,
        "moveupCancelHours": 18,
        "guestType": 1,
        "supplierHotelId": "H-1",
        "supplierProductId": "P-1",
        "supplierRoomId": "R-1",
    })
}

async fn create(env: &Env, token: &str, form: Value) -> Value {
    let (status, body) = env
        .call(
            "POST",
            "/saas/product/hotelProducts/save",
            token,
            Some(form),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn act(env: &Env, token: &str, id: i64, action: &str) -> (u16, Value) {
    env.call(
        "PUT",
        "/saas/product/hotelProducts/changeState",
        token,
        Some(json!({"productId": id, "action": action})),
    )
    .await
}

async fn next_product_event(env: &mut Env) -> (i64, v1::ProductUpdated) {
    let e = env.next_event(EVENT).await;
    (
        e.saas_id,
        v1::ProductUpdated::decode(e.payload.as_slice()).unwrap(),
    )
}

async fn every_product_rule_is_a_412_naming_its_field(backend: Backend) {
    let env = start(backend).await;
    let (hotel, room) = hotel_and_room(&env, "Harbour").await;
    let (other_hotel, other_room) = hotel_and_room(&env, "Hillside").await;
    let form = product_form(hotel, room);
    let save = "/saas/product/hotelProducts/save";
    for (expected, patch) in [
        ("productName", json!({"productName": "  "})),
        ("productName", json!({"productName": "x".repeat(101)})),
        (
            "productShortName",
            json!({"productShortName": "x".repeat(51)}),
        ),
        ("confirmType", json!({"confirmType": 3})),
        ("confirmType", json!({"confirmType": "instant"})),
        ("shareType", json!({"shareType": 2})),
        ("cancelType", json!({"cancelType": 4})),
        ("paymentTypes", json!({"paymentTypes": "1,3"})),
        ("isOnlinePay", json!({"isOnlinePay": 3})),
        ("earliestBookingDays", json!({"earliestBookingDays": 366})),
        ("latestBookingHours", json!({"latestBookingHours": 24})),
        ("breakfastNum", json!({"breakfastNum": 5})),
        ("dinnerNum", json!({"dinnerNum": 98})),
        ("serialCheckinMin", json!({"serialCheckinMin": 0})),
        (
            "serialCheckinMax",
            json!({"serialCheckinMin": 3, "serialCheckinMax": 2}),
        ),
        (
            "roomCountMax",
            json!({"roomCountMin": 2, "roomCountMax": 1}),
        ),
        ("moveupCancelHours", json!({"moveupCancelHours": 24})),
        (
            "moveupCancelDays",
            json!({"cancelType": 2, "moveupCancelDays": 0, "moveupCancelHours": 0}),
        ),
        ("guestType", json!({"guestType": 3})),
        ("hotelId", json!({"hotelId": 42})),
        ("roomId", json!({"roomId": other_room})),
    ] {
        let (status, body) = env
            .call(
                "POST",
                save,
                &env.supplier,
                Some(with(&form, patch.clone())),
            )
            .await;
        assert_eq!((status, field(&body)), (412, expected), "{patch}: {body}");
    }
    // An operator names a supplier of the tenant.
    let (status, body) = env
        .call("POST", save, &env.operator, Some(form.clone()))
        .await;
    assert_eq!((status, field(&body)), (412, "supplierId"), "{body}");
    let (status, body) = env
        .call(
            "POST",
            save,
            &env.operator,
            Some(with(&form, json!({"supplierId": DISTRIBUTOR}))),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "supplierId"), "{body}");
    assert_eq!(
        env.number("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hotel_products"),
        0
    );

    // A good form: the supplier's own, unpublished, with the names and every field back.
    let p = create(&env, &env.supplier, form.clone()).await;
    assert_eq!(
        (
            &p["state"],
            &p["supplierId"],
            &p["supplierName"],
            &p["hotelName"],
            &p["roomName"],
            &p["paymentTypes"],
            &p["breakfastNum"],
            &p["moveupCancelHours"],
            &p["supplierRoomId"],
        ),
        (
            &json!(0),
            &json!(SUPPLIER),
            &json!("Demo Supplier"),
            &json!("Harbour"),
            &json!("Deluxe King"),
            &json!("1,2"),
            &json!(99),
            &json!(18),
            &json!("R-1"),
        )
    );
    let id = p["productId"].as_i64().unwrap();
    let (status, loaded) = env
        .call(
            "GET",
            &format!("/saas/product/hotelProducts/load?productId={id}"),
            &env.supplier,
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(loaded["data"], p);

    // The same rules on update; a good update moves it to the other hotel.
    let update = "/saas/product/hotelProducts/updateHotelProduct";
    let (status, body) = env
        .call(
            "PUT",
            update,
            &env.supplier,
            Some(with(&form, json!({"productId": id, "breakfastNum": 7}))),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "breakfastNum"), "{body}");
    let (status, body) = env
        .call(
            "PUT",
            update,
            &env.supplier,
            Some(with(
                &form,
                json!({"productId": id, "hotelId": other_hotel, "roomId": other_room,
                       "productName": "Hillside twin", "cancelType": 1}),
            )),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            &body["data"]["hotelName"],
            &body["data"]["productName"],
            &body["data"]["cancelType"],
            &body["data"]["state"]
        ),
        (
            &json!("Hillside"),
            &json!("Hillside twin"),
            &json!(1),
            &json!(0)
        )
    );

    // An operator creates for a supplier it names.
    let p = create(
        &env,
        &env.operator,
        with(&form, json!({"supplierId": SUPPLIER_2})),
    )
    .await;
    assert_eq!(p["supplierId"], json!(SUPPLIER_2));
    env.shutdown().await;
}

async fn products_move_through_their_states(backend: Backend) {
    let mut env = start(backend).await;
    let (hotel, room) = hotel_and_room(&env, "Harbour").await;
    let p = create(&env, &env.supplier, product_form(hotel, room)).await;
    let id = p["productId"].as_i64().unwrap();
    let (saas, e) = next_product_event(&mut env).await;
    assert_eq!(
        (
            saas,
            e.product_id,
            e.product_type,
            e.supplier_mch_id,
            e.product_name.as_str(),
            e.on_sale,
            e.deleted
        ),
        (
            SAAS,
            id,
            v1::ProductType::Hotel as i32,
            SUPPLIER,
            "Deluxe King with breakfast",
            false,
            false
        )
    );

    // Allowed moves, each with its event; on_sale follows state 1.
    for (action, state, on_sale, deleted) in [
        ("publish", 1, true, false),
        ("unshelve", 2, false, false),
        ("shelve", 1, true, false),
        ("disable", 3, false, false),
        ("enable", 2, false, false),
        ("unpublish", 0, false, false),
        ("delete", -1, false, true),
        ("restore", 0, false, false),
        ("publish", 1, true, false),
    ] {
        let (status, body) = act(&env, &env.supplier, id, action).await;
        assert_eq!(
            (status, &body["data"]["state"]),
            (200, &json!(state)),
            "{action}: {body}"
        );
        let (_, e) = next_product_event(&mut env).await;
        assert_eq!(
            (e.product_id, e.on_sale, e.deleted),
            (id, on_sale, deleted),
            "{action}"
        );
    }

    // An on-sale product cannot be deleted: the 412 names the state and the action.
    let (status, body) = act(&env, &env.supplier, id, "delete").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("product-state"))
    );
    let msg = body["msg"].as_str().unwrap();
    assert!(
        msg.contains("on sale") && msg.contains("deleted") && msg.contains("unshelve"),
        "{msg}"
    );
    let (status, body) = act(&env, &env.supplier, id, "shelve").await;
    assert_eq!(status, 412, "{body}");
    let (status, body) = act(&env, &env.supplier, id, "sell").await;
    assert_eq!((status, field(&body)), (412, "action"));

    // Deleted products leave the lists unless asked for, and cannot be edited.
    act(&env, &env.operator, id, "unshelve").await;
    let (status, _) = act(&env, &env.operator, id, "delete").await;
    assert_eq!(status, 200);
    let list = "/saas/product/hotelProducts/list";
    let (_, body) = env.call("GET", list, &env.supplier, None).await;
    assert_eq!(body["data"]["sizeAll"], 0, "{body}");
    let (_, body) = env
        .call("GET", &format!("{list}?state=-1"), &env.supplier, None)
        .await;
    assert_eq!(body["data"]["results"][0]["productId"], json!(id));
    let (status, body) = env
        .call(
            "PUT",
            "/saas/product/hotelProducts/updateHotelProduct",
            &env.supplier,
            Some(with(&product_form(hotel, room), json!({"productId": id}))),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("product-state"))
    );
    let (status, body) = env
        .call(
            "POST",
            "/saas/price/priceStore/save",
            &env.supplier,
            Some(
                json!({"productId": id, "startDate": day(1), "endDate": day(1),
                        "purchasePrice": {"mode": "fixed", "value": 1},
                        "distributionPrice": {"mode": "fixed", "value": 1},
                        "retailPrice": {"mode": "fixed", "value": 1}}),
            ),
        )
        .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("product-state"))
    );
    // Nothing was published for the refused moves.
    let (_, e) = next_product_event(&mut env).await;
    assert_eq!((e.on_sale, e.deleted), (false, false));
    let (_, e) = next_product_event(&mut env).await;
    assert!(e.deleted);
    env.shutdown().await;
}

async fn products_stay_with_their_supplier_and_tenant(backend: Backend) {
    let env = start(backend).await;
    let (hotel, room) = hotel_and_room(&env, "Harbour").await;
    let (hotel_2, room_2) = hotel_and_room(&env, "Hillside").await;
    let mine = create(&env, &env.supplier, product_form(hotel, room)).await;
    let id = mine["productId"].as_i64().unwrap();
    let second = create(
        &env,
        &env.supplier,
        with(&product_form(hotel_2, room_2), json!({"confirmType": 2})),
    )
    .await;
    let theirs = create(
        &env,
        &env.supplier_2,
        with(
            &product_form(hotel, room),
            json!({"productName": "Second's room"}),
        ),
    )
    .await;
    let theirs_id = theirs["productId"].as_i64().unwrap();

    // Another supplier's product is not found, whatever the call.
    let load = |id: i64| format!("/saas/product/hotelProducts/load?productId={id}");
    let (status, _) = env.call("GET", &load(id), &env.supplier_2, None).await;
    assert_eq!(status, 404);
    let (status, _) = act(&env, &env.supplier_2, id, "publish").await;
    assert_eq!(status, 404);
    let (status, _) = env
        .call(
            "PUT",
            "/saas/product/hotelProducts/updateHotelProduct",
            &env.supplier_2,
            Some(with(&product_form(hotel, room), json!({"productId": id}))),
        )
        .await;
    assert_eq!(status, 404);
    let prices = format!(
        "/saas/price/priceStore/list?productId={id}&startDate={}&endDate={}",
        day(1),
        day(2)
    );
    let (status, _) = env.call("GET", &prices, &env.supplier_2, None).await;
    assert_eq!(status, 404);
    let (status, _) = env
        .call(
            "POST",
            "/saas/price/priceStore/save",
            &env.supplier_2,
            Some(
                json!({"productId": id, "startDate": day(1), "endDate": day(1),
                        "stockType": "unlimited"}),
            ),
        )
        .await;
    assert_eq!(status, 404);

    // Each supplier lists its own; the operator the tenant's, by supplier if asked.
    let names = |body: &Value| -> Vec<String> {
        body["data"]["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["productName"].as_str().unwrap().to_owned())
            .collect()
    };
    let list = "/saas/product/hotelProducts/list";
    let (_, body) = env.call("GET", list, &env.supplier_2, None).await;
    assert_eq!(names(&body), ["Second's room"]);
    let (_, body) = env
        .call(
            "GET",
            "/saas/product/supplierProduct/list",
            &env.supplier,
            None,
        )
        .await;
    assert_eq!(body["data"]["sizeAll"], 2, "{body}");
    let (_, body) = env.call("GET", list, &env.operator, None).await;
    assert_eq!(body["data"]["sizeAll"], 3);
    let (_, body) = env
        .call(
            "GET",
            &format!("/saas/product/supplierProduct/list?supplierId={SUPPLIER_2}"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(names(&body), ["Second's room"]);
    let (_, body) = env
        .call(
            "GET",
            &format!("{list}?productName=king&confirmType=1"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(body["data"]["sizeAll"], 1, "{body}");
    assert_eq!(body["data"]["results"][0]["productId"], json!(id));
    let (_, body) = env
        .call(
            "GET",
            &format!("{list}?hotelId={hotel_2}"),
            &env.operator,
            None,
        )
        .await;
    assert_eq!(body["data"]["results"][0]["productId"], second["productId"]);

    // Grouped by hotel: a page of hotels, each with its products.
    let (status, body) = env
        .call(
            "GET",
            "/saas/product/hotelProducts/listHotel?resultNum=1",
            &env.operator,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (&body["data"]["sizeAll"], &body["data"]["pageCount"]),
        (&json!(2), &json!(2))
    );
    let (_, body) = env
        .call(
            "GET",
            "/saas/product/hotelProducts/listHotel?page=2&resultNum=1",
            &env.operator,
            None,
        )
        .await;
    let group = &body["data"]["results"][0];
    let products = group["products"].as_array().unwrap();
    let ids: Vec<i64> = products
        .iter()
        .map(|p| p["productId"].as_i64().unwrap())
        .collect();
    // Hotels come newest first, so the second page is the first hotel, with its products
    // newest first.
    assert_eq!(
        (&group["hotelId"], &group["hotelName"]),
        (&json!(hotel), &json!("Harbour"))
    );
    assert_eq!(ids, [theirs_id, id]);

    // Distributors book elsewhere.
    for path in [
        list.to_owned(),
        load(id),
        "/saas/product/supplierProduct/list".to_owned(),
        prices.clone(),
    ] {
        let (status, _) = env.call("GET", &path, &env.distributor, None).await;
        assert_eq!(status, 403, "{path}");
    }

    // Another tenant sees nothing of it.
    let (status, _) = env.call("GET", &load(id), &env.other_operator, None).await;
    assert_eq!(status, 404);
    let (_, body) = env.call("GET", list, &env.other_operator, None).await;
    assert_eq!(body["data"]["sizeAll"], 0);
    let (_, body) = env.call("GET", list, &env.other_supplier, None).await;
    assert_eq!(body["data"]["sizeAll"], 0);
    let (status, _) = act(&env, &env.other_operator, id, "publish").await;
    assert_eq!(status, 404);
    let (status, body) = env
        .call(
            "POST",
            "/saas/product/hotelProducts/save",
            &env.other_operator,
            Some(with(
                &product_form(hotel, room),
                json!({"supplierId": crate::helpers::OTHER_SUPPLIER}),
            )),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "hotelId"), "{body}");
    env.shutdown().await;
}

fn price(mode: &str, value: Value) -> Value {
    json!({"mode": mode, "value": value})
}

async fn calendar(env: &Env, token: &str, id: i64, from: i64, to: i64, extra: &str) -> Vec<Value> {
    let (status, body) = env
        .call(
            "GET",
            &format!(
                "/saas/price/priceStore/list?productId={id}&startDate={}&endDate={}{extra}",
                day(from),
                day(to)
            ),
            token,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

async fn save_prices(env: &Env, token: &str, body: Value) -> (u16, Value) {
    env.call("POST", "/saas/price/priceStore/save", token, Some(body))
        .await
}

async fn prices_change_over_dates_and_weekdays(backend: Backend) {
    let env = start(backend).await;
    let (hotel, room) = hotel_and_room(&env, "Harbour").await;
    let id = create(&env, &env.supplier, product_form(hotel, room)).await["productId"]
        .as_i64()
        .unwrap();
    let today = platform::time::day_of_ms(platform::time::now_ms());
    let fixed = json!({
        "productId": id,
        "purchasePrice": price("fixed", json!(20_000)),
        "distributionPrice": price("fixed", json!(25_000)),
        "retailPrice": price("fixed", json!(30_000)),
        "stockType": "limited",
        "stock": 10,
    });

    // The spec's rules, each a 412 naming its field; nothing is written.
    for (expected, patch) in [
        ("startDate", json!({"endDate": day(3)})),
        ("endDate", json!({"startDate": day(3)})),
        ("endDate", json!({"startDate": day(3), "endDate": day(2)})),
        ("endDate", json!({"startDate": day(1), "endDate": day(367)})),
        (
            "startDate",
            json!({"startDate": day(-1), "endDate": day(2)}),
        ),
        (
            "weekdays",
            json!({"startDate": day(1), "endDate": day(2), "weekdays": [0]}),
        ),
        (
            "retailPrice",
            json!({"startDate": day(1), "endDate": day(2), "retailPrice": {"mode": "add"}}),
        ),
        (
            "purchasePrice",
            json!({"startDate": day(1), "endDate": day(2), "purchasePrice": {"mode": "fixed", "value": ""}}),
        ),
        (
            "distributionPrice",
            json!({"startDate": day(1), "endDate": day(2), "distributionPrice": price("divide", json!(0))}),
        ),
        (
            "stock",
            json!({"startDate": day(1), "endDate": day(2), "stock": 10_000}),
        ),
        (
            "stockType",
            json!({"startDate": day(1), "endDate": day(2), "stockType": "plenty"}),
        ),
        // A date without prices needs all three fixed.
        (
            "retailPrice",
            json!({"startDate": day(1), "endDate": day(2), "retailPrice": price("add", json!(100))}),
        ),
    ] {
        let (status, body) = save_prices(&env, &env.supplier, with(&fixed, patch.clone())).await;
        assert_eq!((status, field(&body)), (412, expected), "{patch}: {body}");
    }
    let (_, body) = save_prices(
        &env,
        &env.supplier,
        with(
            &fixed,
            json!({"startDate": day(1), "endDate": day(1), "distributionPrice": price("divide", json!(0))}),
        ),
    )
    .await;
    assert!(body["msg"].as_str().unwrap().contains("zero"), "{body}");
    let (_, body) = save_prices(
        &env,
        &env.supplier,
        with(
            &fixed,
            json!({"startDate": day(1), "endDate": day(1), "retailPrice": {"mode": "multiply"}}),
        ),
    )
    .await;
    assert!(
        body["msg"].as_str().unwrap().contains("needs a number"),
        "{body}"
    );
    assert_eq!(
        env.number("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM price_calendar"),
        0
    );

    // Fixed prices for 14 days from tomorrow, then weekend changes only.
    let (status, body) = save_prices(
        &env,
        &env.supplier,
        with(&fixed, json!({"startDate": day(1), "endDate": day(14)})),
    )
    .await;
    assert_eq!(
        (status, &body["data"]["created"]),
        (200, &json!(14)),
        "{body}"
    );
    let weekend: Vec<String> = (1..=14)
        .filter(|n| platform::time::weekday(today + n) >= 6)
        .map(day)
        .collect();
    assert_eq!(weekend.len(), 4);
    let (status, body) = save_prices(
        &env,
        &env.operator,
        json!({
            "productId": id, "startDate": day(1), "endDate": day(14), "weekdays": [6, 7],
            "purchasePrice": price("add", json!("1500")),
            "distributionPrice": price("multiply", json!(1.2)),
            "retailPrice": price("subtract", json!(40_000)),
        }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["dates"], json!(weekend));
    assert_eq!(body["data"]["created"], json!(0));
    let days = calendar(&env, &env.supplier, id, 0, 15, "").await;
    assert_eq!(days.len(), 16);
    assert_eq!(
        (&days[0]["hasPrice"], &days[0]["purchasePrice"]),
        (&json!(false), &Value::Null)
    );
    assert_eq!(days[15]["hasPrice"], json!(false));
    for d in &days[1..=14] {
        let prices = (
            &d["purchasePrice"],
            &d["distributionPrice"],
            &d["retailPrice"],
            &d["stockType"],
            &d["stock"],
        );
        if weekend.contains(&d["day"].as_str().unwrap().to_owned()) {
            assert_eq!(
                prices,
                (
                    &json!(21_500),
                    &json!(30_000),
                    &json!(0),
                    &json!("limited"),
                    &json!(10)
                ),
                "{d}"
            );
        } else {
            assert_eq!(
                prices,
                (
                    &json!(20_000),
                    &json!(25_000),
                    &json!(30_000),
                    &json!("limited"),
                    &json!(10)
                ),
                "{d}"
            );
        }
    }

    // Divide and round to the fen; stock changes keep what orders hold; close a night.
    env.sql(&format!(
        "UPDATE price_calendar SET sold = 3, stock = 7 WHERE product_id = {id} AND day = '{}'",
        day(2)
    ));
    let (status, body) = save_prices(
        &env,
        &env.supplier,
        json!({
            "productId": id, "startDate": day(2), "endDate": day(3),
            "distributionPrice": price("divide", json!(3)),
            "stockType": "unlimited",
            "closed": true,
        }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let days = calendar(&env, &env.supplier, id, 2, 4, "").await;
    let expected_price = |n: usize| {
        if weekend.contains(&day(2 + n as i64)) {
            json!(10_000)
        } else {
            json!(8_333)
        }
    };
    for (n, d) in days[..2].iter().enumerate() {
        assert_eq!(
            (
                &d["distributionPrice"],
                &d["stockType"],
                &d["stock"],
                &d["closed"]
            ),
            (
                &expected_price(n),
                &json!("unlimited"),
                &Value::Null,
                &json!(true)
            ),
            "{d}"
        );
    }
    assert_eq!(days[0]["sold"], json!(3));
    assert_eq!(
        (&days[2]["stockType"], &days[2]["closed"]),
        (&json!("limited"), &json!(false))
    );
    let (status, _) = save_prices(
        &env,
        &env.supplier,
        json!({"productId": id, "startDate": day(2), "endDate": day(2),
               "stockType": "limited", "stock": 5, "closed": false}),
    )
    .await;
    assert_eq!(status, 200);
    let days = calendar(&env, &env.supplier, id, 2, 2, "").await;
    assert_eq!(
        (&days[0]["stock"], &days[0]["sold"], &days[0]["closed"]),
        (&json!(5), &json!(3), &json!(false))
    );
    env.shutdown().await;
}

async fn distributors_get_their_own_price_and_stock(backend: Backend) {
    let env = start(backend).await;
    let (hotel, room) = hotel_and_room(&env, "Harbour").await;
    let id = create(&env, &env.supplier, product_form(hotel, room)).await["productId"]
        .as_i64()
        .unwrap();
    let (status, body) = save_prices(
        &env,
        &env.supplier,
        json!({
            "productId": id, "startDate": day(1), "endDate": day(5),
            "purchasePrice": price("fixed", json!(20_000)),
            "distributionPrice": price("fixed", json!(25_000)),
            "retailPrice": price("fixed", json!(30_000)),
            "stockType": "limited", "stock": 8,
        }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let save = "/saas/price/priceStoreDistributor/save";

    // The distributor comes from the existing list, and the dates must be priced.
    for not_a_distributor in [SUPPLIER, 424_242] {
        let (status, body) = env
            .call(
                "POST",
                save,
                &env.supplier,
                Some(json!({"productId": id, "distributorId": not_a_distributor,
                            "startDate": day(1), "endDate": day(2), "authorizedStock": 2})),
            )
            .await;
        assert_eq!((status, field(&body)), (412, "distributorId"), "{body}");
        assert!(
            body["msg"]
                .as_str()
                .unwrap()
                .contains("distributor must be picked from the existing list")
        );
    }
    let (status, body) = env
        .call(
            "POST",
            save,
            &env.supplier,
            Some(json!({"productId": id, "distributorId": DISTRIBUTOR,
                        "startDate": day(5), "endDate": day(6), "authorizedStock": 2})),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "startDate"), "{body}");
    let (status, body) = env
        .call(
            "POST",
            save,
            &env.supplier,
            Some(json!({"productId": id, "distributorId": DISTRIBUTOR,
                        "startDate": day(1), "endDate": day(2),
                        "distributionPrice": price("divide", json!("0"))})),
        )
        .await;
    assert_eq!((status, field(&body)), (412, "distributionPrice"), "{body}");

    // Its own price and three rooms of its own on days 1-3.
    let (status, body) = env
        .call(
            "POST",
            save,
            &env.supplier,
            Some(json!({"productId": id, "distributorId": DISTRIBUTOR,
                        "startDate": day(1), "endDate": day(3),
                        "distributionPrice": price("multiply", json!(0.9)),
                        "authorizedStock": 3})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let view = |d: &Value| {
        let o = &d["distributor"];
        (
            o["distributionPrice"].clone(),
            o["authorizedStock"].clone(),
            o["effectivePrice"].clone(),
            o["effectiveStock"].clone(),
            o["stockSource"].as_str().unwrap().to_owned(),
        )
    };
    let extra = format!("&distributorId={DISTRIBUTOR}");
    let days = calendar(&env, &env.supplier, id, 1, 4, &extra).await;
    for d in &days[..3] {
        assert_eq!(
            view(d),
            (
                json!(22_500),
                json!(3),
                json!(22_500),
                json!(3),
                "authorized".into()
            ),
            "{d}"
        );
    }
    assert_eq!(
        view(&days[3]),
        (
            Value::Null,
            Value::Null,
            json!(25_000),
            json!(8),
            "common".into()
        )
    );
    // The other distributor still gets the common values; no distributor, no view.
    let other = calendar(
        &env,
        &env.supplier,
        id,
        1,
        1,
        &format!("&distributorId={}", crate::helpers::DISTRIBUTOR_2),
    )
    .await;
    assert_eq!(
        view(&other[0]),
        (
            Value::Null,
            Value::Null,
            json!(25_000),
            json!(8),
            "common".into()
        )
    );
    let plain = calendar(&env, &env.supplier, id, 1, 1, "").await;
    assert!(plain[0].get("distributor").is_none(), "{}", plain[0]);

    // Empty authorised stock on day 2 goes back to the common stock, and a cleared price on
    // day 3 back to the common price; the other values stay.
    let (status, body) = env
        .call(
            "POST",
            save,
            &env.operator,
            Some(json!({"productId": id, "distributorId": DISTRIBUTOR,
                        "startDate": day(2), "endDate": day(2), "authorizedStock": ""})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = env
        .call(
            "POST",
            save,
            &env.operator,
            Some(json!({"productId": id, "distributorId": DISTRIBUTOR,
                        "startDate": day(3), "endDate": day(3),
                        "distributionPrice": {"mode": "clear"}})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let days = calendar(&env, &env.operator, id, 1, 3, &extra).await;
    assert_eq!(
        view(&days[0]),
        (
            json!(22_500),
            json!(3),
            json!(22_500),
            json!(3),
            "authorized".into()
        )
    );
    assert_eq!(
        view(&days[1]),
        (
            json!(22_500),
            Value::Null,
            json!(22_500),
            json!(8),
            "common".into()
        )
    );
    assert_eq!(
        view(&days[2]),
        (
            Value::Null,
            json!(3),
            json!(25_000),
            json!(3),
            "authorized".into()
        )
    );

    // Unlimited common stock: a distributor without its own stock has no limit.
    save_prices(
        &env,
        &env.supplier,
        json!({"productId": id, "startDate": day(2), "endDate": day(2), "stockType": "unlimited"}),
    )
    .await;
    let days = calendar(&env, &env.supplier, id, 2, 2, &extra).await;
    assert_eq!(
        view(&days[0]),
        (
            json!(22_500),
            Value::Null,
            json!(22_500),
            Value::Null,
            "unlimited".into()
        )
    );

    // The distributor price page: one distributor's priced dates, or every own row.
    let (status, body) = env
        .call(
            "GET",
            &format!(
                "/saas/price/priceStoreDistributor/list?productId={id}&startDate={}&endDate={}",
                day(1),
                day(5)
            ),
            &env.supplier,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let rows = body["data"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "{body}");
    assert_eq!(
        (
            &rows[0]["distributorName"],
            &rows[0]["commonDistributionPrice"],
            &rows[0]["effectivePrice"]
        ),
        (&json!("Demo Distributor"), &json!(25_000), &json!(22_500))
    );
    let (_, body) = env
        .call(
            "GET",
            &format!(
                "/saas/price/priceStoreDistributor/list?productId={id}&startDate={}&endDate={}{extra}",
                day(1),
                day(5)
            ),
            &env.supplier,
            None,
        )
        .await;
    assert_eq!(body["data"].as_array().unwrap().len(), 5, "{body}");
    // Distributors do not set prices.
    let (status, _) = env
        .call(
            "POST",
            save,
            &env.distributor,
            Some(json!({"productId": id, "distributorId": DISTRIBUTOR,
                        "startDate": day(1), "endDate": day(1), "authorizedStock": 9})),
        )
        .await;
    assert_eq!(status, 403);
    env.shutdown().await;
}

async fn every_endpoint_is_documented(backend: Backend) {
    let env = start(backend).await;
    let client = awc::Client::default();
    let mut res = client
        .get(env.app.url("/openapi.json"))
        .send()
        .await
        .unwrap();
    let doc: Value = res.json().limit(1 << 24).await.unwrap();
    for (path, method, tag) in [
        ("/saas/product/hotelProducts/list", "get", "product"),
        ("/saas/product/hotelProducts/listHotel", "get", "product"),
        ("/saas/product/hotelProducts/load", "get", "product"),
        ("/saas/product/hotelProducts/save", "post", "product"),
        (
            "/saas/product/hotelProducts/updateHotelProduct",
            "put",
            "product",
        ),
        ("/saas/product/hotelProducts/changeState", "put", "product"),
        ("/saas/product/supplierProduct/list", "get", "product"),
        ("/saas/price/priceStore/list", "get", "price"),
        ("/saas/price/priceStore/save", "post", "price"),
        ("/saas/price/priceStoreDistributor/list", "get", "price"),
        ("/saas/price/priceStoreDistributor/save", "post", "price"),
    ] {
        let op = &doc["paths"][path][method];
        assert_eq!(op["tags"][0], json!(tag), "{method} {path}");
        assert!(
            !op["summary"].as_str().unwrap_or_default().is_empty(),
            "{method} {path} needs a summary"
        );
        assert!(op["security"].is_array(), "{method} {path} needs a token");
    }
    env.shutdown().await;
}

platform::on_both_backends!(
    every_product_rule_is_a_412_naming_its_field,
    products_move_through_their_states,
    products_stay_with_their_supplier_and_tenant,
    prices_change_over_dates_and_weekdays,
    distributors_get_their_own_price_and_stock,
    every_endpoint_is_documented,
);
