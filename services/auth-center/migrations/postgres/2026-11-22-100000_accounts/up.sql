-- Accounts, sessions, permission groups, applications, API users and logs of auth-center.
-- Ids are application-generated time-ordered BIGINTs; times are ms since the epoch.

CREATE TABLE users (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL DEFAULT 0,
    username TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    real_name TEXT NOT NULL DEFAULT '',
    nick_name TEXT NOT NULL DEFAULT '',
    mobile TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    is_manager BOOLEAN NOT NULL DEFAULT FALSE,
    msc_type INTEGER NOT NULL,
    role_type INTEGER NOT NULL DEFAULT 0,
    user_grade INTEGER NOT NULL DEFAULT 0,
    -- 0 normal, 1 locked, 2 disabled
    user_state INTEGER NOT NULL DEFAULT 0,
    -- -1 blacklist, 0 none, 1 whitelist; the value is a comma-joined list of IPs or CIDRs
    ip_filter_type INTEGER NOT NULL DEFAULT 0,
    ip_filter_value TEXT NOT NULL DEFAULT '',
    remarks TEXT NOT NULL DEFAULT '',
    last_login_ip TEXT NOT NULL DEFAULT '',
    last_login_date BIGINT,
    login_count BIGINT NOT NULL DEFAULT 0,
    -- wrong passwords since failed_since; the account is refused until locked_until
    failed_count INTEGER NOT NULL DEFAULT 0,
    failed_since BIGINT,
    locked_until BIGINT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX users_username ON users (username);
CREATE INDEX users_tenant ON users (saas_id, mch_id);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL,
    saas_id BIGINT NOT NULL,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    ended_at BIGINT,
    -- replaced, logout, password-changed, locked
    end_reason TEXT
);
CREATE INDEX sessions_user ON sessions (user_id, ended_at);

CREATE TABLE perm_groups (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    remarks TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX perm_groups_name ON perm_groups (saas_id, name);

-- A code, or a subtree such as /saas/order/** granting every code under it.
CREATE TABLE group_permissions (
    group_id BIGINT NOT NULL,
    perm_code TEXT NOT NULL,
    PRIMARY KEY (group_id, perm_code)
);

CREATE TABLE user_groups (
    user_id BIGINT NOT NULL,
    group_id BIGINT NOT NULL,
    PRIMARY KEY (user_id, group_id)
);

-- The catalogue, filled by the services' permission.declared events.
CREATE TABLE permissions (
    code TEXT PRIMARY KEY,
    app_id INTEGER NOT NULL,
    service TEXT NOT NULL,
    summary TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE applications (
    app_id INTEGER PRIMARY KEY,
    app_name TEXT NOT NULL,
    app_reg_name_zh TEXT NOT NULL,
    app_reg_name_en TEXT NOT NULL,
    -- 2 shown in the top menu
    display_status INTEGER NOT NULL,
    sort INTEGER NOT NULL
);
INSERT INTO applications (app_id, app_name, app_reg_name_zh, app_reg_name_en, display_status, sort) VALUES
    (1, 'saas-app', '基础数据', 'Basic data', 2, 1),
    (36, 'saas-hotel-app', '酒店', 'Hotel', 2, 2),
    (110, 'saas-ticket-app', '门票', 'Ticket', 2, 3),
    (50, 'common-weixin-server', '微信公众号', 'WeChat', 2, 4),
    (60, 'saas-mall-app', '商城', 'Mall', 2, 5);

CREATE TABLE api_users (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL DEFAULT 0,
    name TEXT NOT NULL,
    msc_type INTEGER NOT NULL,
    app_key TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    -- 0 normal, 2 disabled
    state INTEGER NOT NULL,
    remarks TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX api_users_app_key ON api_users (app_key);
CREATE INDEX api_users_tenant ON api_users (saas_id);

CREATE TABLE login_logs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    username TEXT NOT NULL,
    ip TEXT NOT NULL,
    user_agent TEXT NOT NULL,
    -- 1 success, 0 failure
    result INTEGER NOT NULL,
    message TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX login_logs_tenant ON login_logs (saas_id, created_at);

CREATE TABLE action_logs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    username TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    ip TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX action_logs_tenant ON action_logs (saas_id, created_at);

-- Copies kept from tenant.updated and merchant.updated, for /client/user.
CREATE TABLE tenants (
    saas_id BIGINT PRIMARY KEY,
    saas_name TEXT NOT NULL,
    saas_logo TEXT NOT NULL,
    company_name TEXT NOT NULL,
    saas_expire_date BIGINT NOT NULL,
    state INTEGER NOT NULL,
    currency TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE merchants (
    mch_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_type INTEGER NOT NULL,
    mch_name TEXT NOT NULL,
    mch_currency TEXT NOT NULL,
    state INTEGER NOT NULL,
    updated_at BIGINT NOT NULL
);
