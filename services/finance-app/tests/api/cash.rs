//! Prepaid money: the tenant's staff put it in and take it out (never more than the balance,
//! never leaving less available than nothing), each movement in the cash log; the chart shows
//! the balance and the used credit by day; a distributor sees its own only.

use platform::testing::{Backend, TenantFixture};
use serde_json::json;

use crate::helpers::{Client, SECOND_DISTRIBUTOR, day, second_distributor, start};

const DISTRIBUTOR: i64 = TenantFixture::DISTRIBUTOR;

async fn money_in_and_out_moves_the_balance_and_is_logged(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    staff.set_credit(DISTRIBUTOR, 10_000).await;
    let put_in = staff
        .save_cash(json!({"mchId": DISTRIBUTOR, "money": 50_000, "remark": "transfer 1"}))
        .await;
    assert_eq!(put_in.data()["balance"], 50_000);
    assert_eq!(put_in.data()["available"], 60_000);
    let taken = staff
        .save_cash(json!({"mchId": DISTRIBUTOR, "money": -20_000, "remark": "refund"}))
        .await;
    assert_eq!(taken.data()["balance"], 30_000);
    let too_much = staff
        .save_cash(json!({"mchId": DISTRIBUTOR, "money": -30_001, "remark": "too much"}))
        .await;
    assert_eq!(too_much.field(), "money");

    let log = staff.list_cash("").await.rows();
    assert_eq!(log.len(), 2);
    assert_eq!(log[0]["money"], -20_000);
    assert_eq!(log[0]["balance"], 30_000);
    assert_eq!(log[0]["remark"], "refund");
    assert_eq!(log[0]["mchName"], "Demo Distributor");
    assert_eq!(log[1]["money"], 50_000);
    assert_eq!(staff.list_cash("direction=1").await.rows().len(), 1);
    let today = day(0);
    let dated = staff
        .list_cash(&format!("startDate={today}&endDate={today}"))
        .await;
    assert_eq!(dated.data()["sizeAll"], 2);
    let tomorrow = day(1);
    assert_eq!(
        staff
            .list_cash(&format!("startDate={tomorrow}"))
            .await
            .data()["sizeAll"],
        0
    );

    let graph = staff
        .balance_graph(&format!(
            "mchId={DISTRIBUTOR}&startDate={}&endDate={today}",
            day(-2)
        ))
        .await;
    let points = graph.data().as_array().unwrap().clone();
    assert_eq!(points.len(), 3);
    assert_eq!(points[0]["date"], day(-2));
    assert_eq!(points[0]["balance"], 0);
    assert_eq!(points[2]["date"], today);
    assert_eq!(points[2]["balance"], 30_000);
    assert_eq!(points[2]["usedCredit"], 0);
    let balances = staff.list_balances(&format!("mchId={DISTRIBUTOR}")).await;
    assert_eq!(balances.rows()[0]["balance"], 30_000);
    f.shutdown().await;
}

async fn only_the_distributor_itself_sees_its_cash_and_chart(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    for m in [DISTRIBUTOR, SECOND_DISTRIBUTOR] {
        staff.set_credit(m, 1_000).await;
        staff
            .save_cash(json!({"mchId": m, "money": 5_000, "remark": "in"}))
            .await
            .data();
    }
    let own = Client::new(&f, &f.distributor);
    let log = own.list_cash("").await.rows();
    assert_eq!(log.len(), 1);
    assert_eq!(log[0]["mchId"], DISTRIBUTOR);
    // Its own name, not an id: a distributor's users have no merchant list to look it up in.
    assert_eq!(log[0]["mchName"], "Demo Distributor");
    let graph = own
        .balance_graph(&format!("mchId={SECOND_DISTRIBUTOR}"))
        .await;
    let points = graph.data().as_array().unwrap();
    assert_eq!(points.len(), 30, "the last 30 days by default");
    assert_eq!(points[29]["balance"], 5_000, "its own, whatever it names");
    let refused = own
        .save_cash(json!({"mchId": DISTRIBUTOR, "money": 1_000_000, "remark": "gift"}))
        .await;
    assert_eq!(refused.status, 403);
    let second_token = second_distributor(&f);
    assert_eq!(
        Client::new(&f, &second_token).list_cash("").await.rows()[0]["mchId"],
        SECOND_DISTRIBUTOR
    );
    assert_eq!(
        Client::new(&f, &f.supplier).list_cash("").await.data()["sizeAll"],
        0
    );
    let other = Client::new(&f, &f.other_operator);
    assert_eq!(other.list_cash("").await.data()["sizeAll"], 0);
    let theirs = other
        .save_cash(json!({"mchId": DISTRIBUTOR, "money": -5_000, "remark": "take"}))
        .await;
    assert_eq!(theirs.field(), "mchId");
    assert_eq!(own.list_balances("").await.rows()[0]["balance"], 5_000);
    f.shutdown().await;
}

async fn bad_cash_input_names_the_field_and_writes_nothing(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let no_account = staff
        .save_cash(json!({"mchId": DISTRIBUTOR, "money": 100, "remark": "in"}))
        .await;
    assert_eq!(no_account.field(), "mchId");
    staff.set_credit(DISTRIBUTOR, 1_000).await;
    for (body, field) in [
        (
            json!({"mchId": DISTRIBUTOR, "money": 0, "remark": "x"}),
            "money",
        ),
        (
            json!({"mchId": DISTRIBUTOR, "money": "9", "remark": "x"}),
            "money",
        ),
        (json!({"mchId": DISTRIBUTOR, "money": 5}), "remark"),
        (json!({"mchId": 0, "money": 5, "remark": "x"}), "mchId"),
        // Out of an empty balance.
        (
            json!({"mchId": DISTRIBUTOR, "money": -1, "remark": "x"}),
            "money",
        ),
    ] {
        assert_eq!(staff.save_cash(body).await.field(), field);
    }
    assert_eq!(staff.list_cash("").await.data()["sizeAll"], 0);
    assert_eq!(staff.list_cash("direction=3").await.field(), "direction");
    assert_eq!(
        staff.list_cash("startDate=yesterday").await.field(),
        "startDate"
    );
    let staff = &staff;
    let graph = |q: String| async move { staff.balance_graph(&q).await };
    assert_eq!(graph(String::new()).await.field(), "mchId");
    assert_eq!(
        graph(format!(
            "mchId={DISTRIBUTOR}&startDate={}&endDate={}",
            day(0),
            day(-1)
        ))
        .await
        .field(),
        "endDate"
    );
    assert_eq!(
        graph(format!("mchId={DISTRIBUTOR}&startDate={}", day(-400)))
            .await
            .field(),
        "endDate"
    );
    f.shutdown().await;
}

platform::on_both_backends!(
    money_in_and_out_moves_the_balance_and_is_logged,
    only_the_distributor_itself_sees_its_cash_and_chart,
    bad_cash_input_names_the_field_and_writes_nothing,
);
