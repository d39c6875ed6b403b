use platform::testing::{assert_actuator, assert_same_schema};

platform::backend_tests! {
    spec = ticket_app::service;

    async fn actuator_and_openapi_answer(app) {
        assert_actuator(app, ticket_app::NAME).await;
    }
}

#[test]
fn both_migration_sets_make_the_same_schema() {
    assert_same_schema(&ticket_app::service());
}
