use platform::testing::{assert_actuator, assert_same_schema};

platform::backend_tests! {
    spec = mall_app::service;

    async fn actuator_and_openapi_answer(app) {
        assert_actuator(app, mall_app::NAME).await;
    }
}

#[test]
fn both_migration_sets_make_the_same_schema() {
    assert_same_schema(&mall_app::service());
}
