-- User actions per tenant and China calendar day (days since 1970-01-01), from the gateway's
-- user-action.recorded events.
CREATE TABLE activity_days (
    saas_id BIGINT NOT NULL,
    day BIGINT NOT NULL,
    action_count BIGINT NOT NULL,
    PRIMARY KEY (saas_id, day)
);
