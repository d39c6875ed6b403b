//! The access token: one per configuration, shared by every replica through the database.
//! Concurrent callers on two instances cause exactly one token request; a token WeChat calls
//! invalid or expired is replaced once and the call made again.

use futures_util::future::join_all;
use platform::testing::{Backend, test_config};

use crate::helpers::{APP_ID, KEY, start};

async fn a_hundred_concurrent_calls_on_two_instances_fetch_one_token(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_account().await;
    // A second replica of the service on the same database.
    let db = w.f.app.db.as_ref().unwrap();
    let mut cfg = test_config(weixin_server::NAME, Some(db));
    cfg.env.set(
        "TRADEWIND_WEIXIN_SERVER__WECHAT__BASE_URL",
        w.sim.url.clone(),
    );
    cfg.env.set("TRADEWIND_WEIXIN_SERVER__SECRETS__KEY", KEY);
    let second = platform::testing::spawn_on_bus(
        weixin_server::service().auth_backend(w.f.issuer.clone()),
        &cfg,
        None,
        w.f.bus.clone(),
    )
    .await;
    let apps = [&w.f.app, &second];
    let calls = (0..100).map(|i| {
        let app = apps[i % 2];
        let token = w.f.operator.clone();
        async move {
            app.answer(
                "GET",
                &format!("/saas/mp/bind/bindQrCode?configId={id}"),
                &token,
                "en",
                None,
            )
            .await
        }
    });
    let answers = join_all(calls).await;
    for a in &answers {
        assert_eq!(a.status, 200, "{}", a.body);
    }
    assert_eq!(w.sim.sim.token_requests(APP_ID), 1);
    second.shutdown().await;
    w.shutdown().await;
}

async fn a_refused_token_is_replaced_once_and_the_call_retried(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_account().await;
    let staff = w.client(&w.f.operator);
    assert_eq!(staff.bind_qr(id).await.status, 200);
    assert_eq!(w.sim.sim.token_requests(APP_ID), 1);

    // WeChat ends the token early (42001 on the next call): one refresh, and the call succeeds.
    w.sim.sim.expire_tokens(APP_ID);
    let qr = staff.bind_qr(id).await;
    assert_eq!(qr.status, 200, "{}", qr.body);
    assert_eq!(w.sim.sim.token_requests(APP_ID), 2);

    // Invalid credential twice in a row: refreshed once only, then WeChat's refusal is told.
    w.sim.sim.fail_next(APP_ID, "qrcode", &[40001, 40001]);
    let refused = staff.bind_qr(id).await;
    assert_eq!(refused.status, 412, "{}", refused.body);
    assert_eq!(refused.body["code"], "bind-qr-failed");
    assert_eq!(w.sim.sim.token_requests(APP_ID), 3);
    // The next call uses the token of that refresh.
    assert_eq!(staff.bind_qr(id).await.status, 200);
    assert_eq!(w.sim.sim.token_requests(APP_ID), 3);
    w.shutdown().await;
}

platform::on_both_backends!(
    a_hundred_concurrent_calls_on_two_instances_fetch_one_token,
    a_refused_token_is_replaced_once_and_the_call_retried,
);
