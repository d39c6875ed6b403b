-- Support tickets (work orders): a tenant's user asks the platform's support staff for help
-- (state 1 pending, 2 in progress, 3 solved; business type 10 hotel, 20 ticket), and the replies
-- of both sides.
CREATE TABLE support_tickets (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    -- 0: the tenant's staff submitted it
    mch_id BIGINT NOT NULL,
    business_type INTEGER NOT NULL,
    state INTEGER NOT NULL,
    subject TEXT NOT NULL,
    tag TEXT NOT NULL,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    applicant_id BIGINT NOT NULL,
    applicant_name TEXT NOT NULL,
    assignee_id BIGINT,
    assignee_name TEXT NOT NULL,
    -- the customer allows support staff to act in their account (default not)
    allow_agent_login BOOLEAN NOT NULL,
    -- support took it up (assigned or replied): where a restored ticket goes back to
    handled BOOLEAN NOT NULL,
    created_at BIGINT NOT NULL,
    last_at BIGINT NOT NULL,
    solved_at BIGINT
);
CREATE INDEX support_tickets_tenant ON support_tickets (saas_id, mch_id, state, created_at);
CREATE INDEX support_tickets_state ON support_tickets (state, created_at);
CREATE INDEX support_tickets_assignee ON support_tickets (assignee_id, state);

CREATE TABLE support_replies (
    id BIGINT PRIMARY KEY,
    ticket_id BIGINT NOT NULL,
    saas_id BIGINT NOT NULL,
    author_id BIGINT NOT NULL,
    author_name TEXT NOT NULL,
    -- written by the platform's support staff
    from_support BOOLEAN NOT NULL,
    content TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX support_replies_ticket ON support_replies (ticket_id, created_at);
