-- Approval requests of a tenant: what a user asks (typeApprovalOperates on a typeApprovalRefs),
-- and the approver's decision with its remark (stateApprovals).
CREATE TABLE approvals (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    operate_type INTEGER NOT NULL,
    ref_type INTEGER NOT NULL,
    ref_id BIGINT NOT NULL,
    ref_name TEXT NOT NULL,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    -- 0 pending, 1 approved, 2 rejected, 3 withdrawn
    state INTEGER NOT NULL,
    requester_id BIGINT NOT NULL,
    requester_mch_id BIGINT NOT NULL,
    approver_id BIGINT,
    remark TEXT NOT NULL,
    decided_at BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX approvals_tenant ON approvals (saas_id, state, created_at);
CREATE INDEX approvals_requester ON approvals (saas_id, requester_id, created_at);
