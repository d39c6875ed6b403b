//! The tenants' hotel interface configurations, copied from saas-main's
//! `interface-config.updated` with their credentials sealed as they travelled (the hotel
//! channels will sign with them, docs/channels.md); ticket ones are not hotel-app's.

use platform::bus::v1::InterfaceConfigUpdated;
use platform::replica;
use platform::testing::Backend;
use serde_json::json;

use crate::helpers::*;

fn config(id: i64, interface_id: i64, product_type: i32, state: i32) -> InterfaceConfigUpdated {
    InterfaceConfigUpdated {
        config_id: id,
        interface_id,
        interface_name: "qunar".into(),
        mch_id: DISTRIBUTOR,
        config_name: format!("Qunar {id}"),
        product_type,
        interface_type: 2,
        base_url: "http://127.0.0.1:8096/qunar".into(),
        credential_keys: "account,password,signKey".into(),
        state,
        updated_at: 1,
        credentials_sealed: String::new(),
    }
}

async fn hotel_configurations_are_copied_with_their_credentials_sealed(backend: Backend) {
    let env = start(backend).await;
    let secret = json!({"account": "qn-acc", "password": "qn-pass-0077", "signKey": "qn-sign"});
    // A ticket configuration is not hotel-app's: not kept; the hotel one after it is.
    env.publish_interface_config(SAAS, config(31, 2001, 20, 1), &secret, false)
        .await;
    env.publish_interface_config(SAAS, config(32, 1005, 10, 1), &secret, true)
        .await;

    let pool = platform::db::connect(&env.app.db.as_ref().unwrap().config()).unwrap();
    let mut conn = pool.get().unwrap();
    let kept: Vec<i64> = replica::interface_configs(&mut conn, SAAS, 2, None)
        .unwrap()
        .iter()
        .map(|c| c.config_id)
        .collect();
    assert_eq!(kept, [32]);
    let sealed = replica::interface_credentials(&mut conn, SAAS, 32)
        .unwrap()
        .unwrap();
    assert!(!sealed.contains("qn-pass-0077"));
    let opened: serde_json::Value =
        serde_json::from_str(&env.transport().open(&sealed).unwrap()).unwrap();
    assert_eq!(opened, secret);
    assert!(
        replica::interface_config(&mut conn, OTHER_SAAS, 32)
            .unwrap()
            .is_none()
    );
    drop(conn);
    env.shutdown().await;
}

platform::on_both_backends!(hotel_configurations_are_copied_with_their_credentials_sealed);
