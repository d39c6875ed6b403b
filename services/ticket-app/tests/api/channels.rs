//! The channels ticket-app pushes to: the tenants' ticket interface configurations, copied
//! from saas-main's `interface-config.updated` with their credentials sealed as they travelled
//! (docs/channels.md).

use platform::bus::v1::InterfaceConfigUpdated;
use platform::replica;
use platform::testing::{Backend, TenantFixture};
use serde_json::json;

use crate::helpers::{self, DISTRIBUTOR, SAAS};

const OTHER_SAAS: i64 = TenantFixture::OTHER_SAAS;

const MEITUAN_TICKET: i64 = 2001;
const MEITUAN_HOTEL: i64 = 1001;

fn config(
    id: i64,
    interface_id: i64,
    product_type: i32,
    state: i32,
    at: i64,
) -> InterfaceConfigUpdated {
    InterfaceConfigUpdated {
        config_id: id,
        interface_id,
        interface_name: "meituan".into(),
        mch_id: DISTRIBUTOR,
        config_name: format!("Meituan {id}"),
        product_type,
        interface_type: 2,
        base_url: "http://127.0.0.1:8096/meituan".into(),
        credential_keys: "appKey,appSecret,partnerId".into(),
        state,
        updated_at: at,
        credentials_sealed: String::new(),
    }
}

async fn ticket_configurations_are_copied_with_their_credentials_sealed(backend: Backend) {
    let env = helpers::start(backend).await;
    let secret = json!({"appKey": "mt-key", "appSecret": "mt-s3cr3t-ticket", "partnerId": "77"});
    env.publish_interface_config(SAAS, config(11, MEITUAN_TICKET, 20, 1, 1), &secret, true)
        .await;
    // A hotel configuration is not ticket-app's: not kept, credentials included.
    env.publish_interface_config(SAAS, config(12, MEITUAN_HOTEL, 10, 1, 1), &secret, false)
        .await;
    // Another tenant's, kept under its own tenant.
    env.publish_interface_config(
        OTHER_SAAS,
        config(13, MEITUAN_TICKET, 20, 0, 1),
        &secret,
        true,
    )
    .await;

    let pool = platform::db::connect(&env.app.db.as_ref().unwrap().config()).unwrap();
    let mut conn = pool.get().unwrap();
    let ours = replica::interface_configs(&mut conn, SAAS, 2, None).unwrap();
    assert_eq!(ours.len(), 1, "{ours:?}");
    let c = &ours[0];
    assert_eq!(
        (
            c.config_id,
            c.interface_id,
            c.mch_id,
            c.product_type,
            c.state
        ),
        (11, MEITUAN_TICKET, DISTRIBUTOR, 20, 1)
    );
    assert!(
        replica::interface_config(&mut conn, SAAS, 12)
            .unwrap()
            .is_none()
    );
    assert!(
        replica::interface_config(&mut conn, SAAS, 13)
            .unwrap()
            .is_none()
    );
    assert!(
        replica::interface_config(&mut conn, OTHER_SAAS, 13)
            .unwrap()
            .is_some()
    );

    // Kept sealed as they travelled: not in clear at rest, opened by the transport key.
    let sealed = replica::interface_credentials(&mut conn, SAAS, 11)
        .unwrap()
        .unwrap();
    assert!(!sealed.contains("mt-s3cr3t-ticket"));
    let opened: serde_json::Value =
        serde_json::from_str(&env.transport().open(&sealed).unwrap()).unwrap();
    assert_eq!(opened, secret);

    // A change is applied; an older announcement after it changes nothing (the next one,
    // waited for, shows it was handled); deleted, it is gone.
    env.publish_interface_config(SAAS, config(11, MEITUAN_TICKET, 20, 0, 5), &secret, true)
        .await;
    let late = config(11, MEITUAN_TICKET, 20, 1, 2);
    let out =
        platform::bus::Outgoing::new("saas-main", "interface-config.updated", SAAS, &late).at(2);
    env.bus
        .publish_batch(&[("interface-config.updated", &out.envelope_bytes())])
        .await
        .unwrap();
    env.publish_interface_config(SAAS, config(14, MEITUAN_TICKET, 20, 1, 6), &secret, true)
        .await;
    let kept = replica::interface_config(&mut conn, SAAS, 11)
        .unwrap()
        .unwrap();
    assert_eq!(kept.state, 0, "the older announcement changed the copy");
    env.publish_interface_config(
        SAAS,
        config(11, MEITUAN_TICKET, 20, -1, 9),
        &json!({}),
        true,
    )
    .await;
    assert!(
        replica::interface_config(&mut conn, SAAS, 11)
            .unwrap()
            .is_none()
    );
    let left: Vec<i64> = replica::interface_configs(&mut conn, SAAS, 2, Some(DISTRIBUTOR))
        .unwrap()
        .iter()
        .map(|c| c.config_id)
        .collect();
    assert_eq!(left, [14]);
    drop(conn);
    env.shutdown().await;
}

platform::on_both_backends!(ticket_configurations_are_copied_with_their_credentials_sealed);
