//! Followers: synced from WeChat's list page by page and incrementally, kept current by
//! events, filtered, and invisible to another tenant.

use platform::testing::Backend;
use serde_json::json;

use crate::helpers::{APP_ID, start};

async fn followers_sync_page_by_page_and_incrementally(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_account().await;
    for (open_id, nick) in [
        ("oA", "Alice"),
        ("oB", "Bob"),
        ("oC", "Carol"),
        ("oD", "Dan"),
        ("oE", "Eve"),
    ] {
        w.sim.sim.add_follower(APP_ID, open_id, nick);
    }
    let staff = w.client(&w.f.operator);
    // The simulator lists two a page: three pages.
    let synced = staff.sync(id).await;
    assert_eq!(synced.status, 200, "{}", synced.body);
    assert_eq!(synced.data()["total"], 5);
    assert_eq!(synced.data()["added"], 5);
    assert_eq!(staff.followers(id, "").await.data()["sizeAll"], 5);
    assert_eq!(
        staff.followers(id, "nickname=car").await.data()["results"][0]["openId"],
        "oC"
    );

    // Incremental: only the newcomer's details are asked; one who left is marked so.
    w.sim.sim.add_follower(APP_ID, "oF", "Frank");
    w.sim_post("/sim/unsubscribe", json!({"appid": APP_ID, "openid": "oB"}))
        .await;
    let again = staff.sync(id).await;
    assert_eq!(again.data()["added"], 1, "{}", again.body);
    assert_eq!(
        staff.followers(id, "subscribe=1").await.data()["sizeAll"],
        5
    );
    assert_eq!(
        staff.followers(id, "subscribe=0").await.data()["results"][0]["openId"],
        "oB"
    );

    // Events keep it current between syncs.
    w.sim_post(
        "/sim/subscribe",
        json!({"appid": APP_ID, "openid": "oG", "nickname": "Grace"}),
    )
    .await;
    assert_eq!(
        staff.followers(id, "nickname=grace").await.data()["sizeAll"],
        1
    );
    assert_eq!(staff.followers(id, "bound=2").await.field(), "bound");

    // Another tenant sees none of them.
    let other = w.client(&w.f.other_operator);
    assert_eq!(other.followers(id, "").await.status, 404);
    assert_eq!(other.sync(id).await.status, 404);
    assert_eq!(w.client(&w.f.supplier).followers(id, "").await.status, 403);
    w.shutdown().await;
}

platform::on_both_backends!(followers_sync_page_by_page_and_incrementally);
