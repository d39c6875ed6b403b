//! The demo accounts: made once on a start with demo data on, their secrets sealed with the
//! service's own key (the platform hands the seed its sealer), so the service opens them: the
//! simulator's preset of the same accounts reaches the official account's portal in safe mode
//! (token and EncodingAESKey opened) and logs a mini-program user in (app secret opened).

use platform::testing::{Backend, TenantFixture};
use serde_json::json;
use weixin_server::demo;

use crate::helpers::KEY;

async fn the_demo_accounts_work_with_the_simulators_preset(backend: Backend) {
    let sim = wechat_sim::start("127.0.0.1:0", wechat_sim::Settings::default()).unwrap();
    let f = TenantFixture::start(
        weixin_server::service(),
        backend,
        &[
            ("TRADEWIND_WEIXIN_SERVER__WECHAT__BASE_URL", &sim.url),
            ("TRADEWIND_WEIXIN_SERVER__SECRETS__KEY", KEY),
            ("TRADEWIND_WEIXIN_SERVER__DEMO__ENABLED", "true"),
        ],
        &[],
        &[],
    )
    .await;
    sim.sim.preset_demo(&f.app.url(""));

    // The official account: a follow travels encrypted and is taken.
    let answer = platform::outbound::reqwest::Client::new()
        .post(format!("{}/sim/subscribe", sim.url))
        .json(&json!({"appid": demo::MP_APP_ID, "openid": "oDemo", "nickname": "Demo"}))
        .send()
        .await
        .unwrap()
        .json::<serde_json::Value>()
        .await
        .unwrap();
    assert_eq!(answer["serverStatus"], 200, "{answer}");
    assert_eq!(answer["serverAnswer"], "success", "{answer}");

    // The mini-program: a login exchanges its code with the demo secret.
    let code = sim.sim.ma_login(demo::MA_APP_ID, "oMini", "").unwrap();
    let login = f
        .app
        .answer(
            "POST",
            "/openapi/ma/user/login",
            "",
            "en",
            Some(json!({"configId": demo::MA_CONFIG_ID, "code": code})),
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.body);
    assert_eq!(login.data()["openId"], "oMini");
    f.shutdown().await;
    sim.stop().await;
}

platform::on_both_backends!(the_demo_accounts_work_with_the_simulators_preset);
