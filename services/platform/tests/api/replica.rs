//! The local copy of tenants and merchants: newer events win whatever their delivery order,
//! another tenant's merchant is not found, and a viewer resolves through it.

use platform::app::PLATFORM_MIGRATIONS;
use platform::bus::v1::{MerchantUpdated, TenantUpdated};
use platform::db::{DbConnection, connect, run_pending};
use platform::replica;
use platform::tenancy::{MerchantKind, Viewer};
use platform::testing::{Backend, TestDb};

fn merchant(name: &str, mch_type: i32) -> MerchantUpdated {
    MerchantUpdated {
        mch_id: 2001,
        mch_type,
        mch_name: name.into(),
        mch_currency: "CNY".into(),
        state: 1,
        grade: 0,
    }
}

fn with_copy(backend: Backend, test: impl FnOnce(&mut DbConnection)) {
    let db = TestDb::new(backend);
    let pool = connect(&db.config()).unwrap();
    let mut conn = pool.get().unwrap();
    run_pending(&mut conn, &PLATFORM_MIGRATIONS).unwrap();
    test(&mut conn);
}

async fn an_older_merchant_event_delivered_late_changes_nothing(backend: Backend) {
    with_copy(backend, |conn| {
        assert!(replica::apply_merchant(conn, 7, &merchant("Newer name", 1), 2_000).unwrap());
        let late = replica::apply_merchant(conn, 7, &merchant("Older name", 2), 1_000).unwrap();
        assert!(!late, "an older event must not change the copy");
        let copy = replica::merchant(conn, 7, 2001).unwrap().unwrap();
        assert_eq!((copy.mch_name.as_str(), copy.mch_type), ("Newer name", 1));
        assert_eq!(copy.occurred_at, 2_000);
        // A newer one does.
        assert!(replica::apply_merchant(conn, 7, &merchant("Newest", 2), 3_000).unwrap());
        assert_eq!(replica::merchant_type(conn, 7, 2001).unwrap(), Some(2));
        // Another tenant asking for the same id finds nothing.
        assert_eq!(replica::merchant(conn, 8, 2001).unwrap(), None);
        assert_eq!(replica::merchant_type(conn, 8, 2001).unwrap(), None);
    });
}

async fn an_older_tenant_event_delivered_late_changes_nothing(backend: Backend) {
    with_copy(backend, |conn| {
        let tenant = |name: &str| TenantUpdated {
            saas_name: name.into(),
            state: 1,
            currency: "CNY".into(),
            language: "zh-CN".into(),
            ..Default::default()
        };
        assert!(replica::apply_tenant(conn, 7, &tenant("Second"), 20).unwrap());
        assert!(!replica::apply_tenant(conn, 7, &tenant("First"), 10).unwrap());
        assert_eq!(
            replica::tenant(conn, 7).unwrap().unwrap().saas_name,
            "Second"
        );
    });
}

async fn a_viewer_is_resolved_from_the_copy(backend: Backend) {
    with_copy(backend, |conn| {
        let user = |saas_id, mch_id| platform::auth::CurrentUser {
            user_id: 1,
            username: "someone".into(),
            saas_id,
            mch_id,
            msc_type: platform::tenancy::msc::DISTRIBUTOR_USER,
            user_grade: 0,
            session_id: "s".into(),
            token: String::new(),
            exp: 0,
        };
        let directory = replica::merchant_type;
        // The tenant's staff need no copy.
        assert_eq!(
            Viewer::resolve(conn, &user(7, 0), &directory).unwrap(),
            Viewer::tenant(7)
        );
        // A merchant not heard of yet is refused, not guessed.
        let unknown = Viewer::resolve(conn, &user(7, 2001), &directory).unwrap_err();
        assert_eq!(unknown.code(), "forbidden");
        replica::apply_merchant(conn, 7, &merchant("Demo Distributor", 2), 1).unwrap();
        assert_eq!(
            Viewer::resolve(conn, &user(7, 2001), &directory).unwrap(),
            Viewer::merchant(7, 2001, MerchantKind::Distributor)
        );
        // Its id in another tenant's token names nothing there.
        assert!(Viewer::resolve(conn, &user(8, 2001), &directory).is_err());
    });
}

/// The price rules of a distributor's level, newest announcement first whatever the delivery
/// order: a deleted rule stays deleted when an older announcement arrives late, another level's
/// and another tenant's rules are not the distributor's, and its level follows `merchant.updated`.
async fn a_distributors_price_rules_follow_its_level_and_the_newest_announcements(
    backend: Backend,
) {
    use platform::bus::v1::PriceRuleUpdated;
    use platform::trade::price_rule::Scope;
    with_copy(backend, |conn| {
        let rule = |rule_id, grade, product_id, formula: &str| PriceRuleUpdated {
            rule_id,
            grade,
            supplier_id: 0,
            product_type: if product_id > 0 { 10 } else { 0 },
            product_id,
            formula: formula.into(),
            enabled: true,
            deleted: false,
            updated_at: 0,
        };
        let gold = MerchantUpdated {
            grade: 3,
            ..merchant("Gold Travel", 2)
        };
        replica::apply_merchant(conn, 7, &gold, 1).unwrap();
        replica::apply_price_rule(conn, 7, &rule(1, 3, 0, "distribution * 0.8"), 10).unwrap();
        replica::apply_price_rule(conn, 7, &rule(2, 3, 55, "purchase + 100"), 10).unwrap();
        replica::apply_price_rule(conn, 7, &rule(3, 4, 0, "retail"), 10).unwrap();
        replica::apply_price_rule(conn, 8, &rule(4, 3, 0, "retail"), 10).unwrap();
        let ids = |conn: &mut DbConnection| {
            let mut ids: Vec<i64> = replica::price_rules_for(conn, 7, 2001)
                .unwrap()
                .iter()
                .map(|r| r.rule_id)
                .collect();
            ids.sort_unstable();
            ids
        };
        assert_eq!(ids(conn), [1, 2]);
        // The product's rule is the more specific; another product gets the level's.
        let formula = |conn: &mut DbConnection, product_id| {
            replica::price_rule_of(conn, 7, 2001, Scope::of_product(9, 10, product_id))
                .unwrap()
                .map(|e| format!("{e:?}"))
        };
        let product_rule = formula(conn, 55);
        assert!(product_rule.is_some() && product_rule != formula(conn, 56));
        // Deleted, then an older announcement delivered late: it stays deleted.
        let deleted = PriceRuleUpdated {
            enabled: false,
            deleted: true,
            ..rule(2, 3, 55, "purchase + 100")
        };
        assert!(replica::apply_price_rule(conn, 7, &deleted, 30).unwrap());
        assert!(
            !replica::apply_price_rule(conn, 7, &rule(2, 3, 55, "purchase + 100"), 20).unwrap()
        );
        assert_eq!(ids(conn), [1]);
        assert_eq!(formula(conn, 55), formula(conn, 56));
        // Moved to level 4, the distributor is priced by level 4's rules; a merchant unknown
        // to the copy by none.
        let moved = MerchantUpdated {
            grade: 4,
            ..merchant("Gold Travel", 2)
        };
        replica::apply_merchant(conn, 7, &moved, 2).unwrap();
        assert_eq!(ids(conn), [3]);
        assert!(replica::price_rules_for(conn, 7, 9999).unwrap().is_empty());
        // Several distributors' rules in one read: each its own level's, none for one
        // unknown to the copy or one whose level has no rule.
        let silver = MerchantUpdated {
            mch_id: 2002,
            grade: 3,
            ..merchant("Silver Travel", 2)
        };
        let plain = MerchantUpdated {
            mch_id: 2003,
            ..merchant("Plain Travel", 2)
        };
        replica::apply_merchant(conn, 7, &silver, 2).unwrap();
        replica::apply_merchant(conn, 7, &plain, 2).unwrap();
        let many = replica::price_rules_by_distributor(conn, 7, &[2001, 2002, 2003, 9999]).unwrap();
        let of = |id| -> Vec<i64> {
            let mut ids: Vec<i64> = many
                .get(&id)
                .into_iter()
                .flatten()
                .map(|r| r.rule_id)
                .collect();
            ids.sort_unstable();
            ids
        };
        assert_eq!((of(2001), of(2002)), (vec![3], vec![1]));
        assert!(!many.contains_key(&2003) && !many.contains_key(&9999));
        assert!(
            replica::price_rules_by_distributor(conn, 7, &[])
                .unwrap()
                .is_empty()
        );
    });
}

platform::on_both_backends!(
    an_older_merchant_event_delivered_late_changes_nothing,
    an_older_tenant_event_delivered_late_changes_nothing,
    a_viewer_is_resolved_from_the_copy,
    a_distributors_price_rules_follow_its_level_and_the_newest_announcements,
);
