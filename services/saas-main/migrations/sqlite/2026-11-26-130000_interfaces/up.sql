-- Interfaces: the catalogue of the systems a tenant can connect (sales channels it sells
-- through, vendors it imports from), and each tenant's configurations of them.
CREATE TABLE interface_infos (
    interface_id BIGINT PRIMARY KEY,
    -- the code the console chooses the icon and pages by (meituan, alitrip, api ...)
    interface_name TEXT NOT NULL,
    title_zh TEXT NOT NULL,
    title_en TEXT NOT NULL,
    -- 10 hotel, 20 ticket
    product_type INTEGER NOT NULL,
    -- 1 vendor, 2 channel
    interface_type INTEGER NOT NULL,
    -- 1 normal, 2 in development, 3 stopped, -1 deleted
    state INTEGER NOT NULL,
    -- the credential fields a configuration of it asks for, comma-separated
    credential_fields TEXT NOT NULL,
    sort INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

INSERT INTO interface_infos (interface_id, interface_name, title_zh, title_en, product_type, interface_type, state, credential_fields, sort, created_at, updated_at) VALUES
    (1001, 'meituan', '美团', 'Meituan', 10, 2, 1, 'partnerId,appKey,appSecret', 1, 0, 0),
    (1002, 'meituanGlobal', '美团海外', 'Meituan Global', 10, 2, 1, 'partnerId,appKey,appSecret', 2, 0, 0),
    (1003, 'alitrip', '飞猪', 'Alitrip (Fliggy)', 10, 2, 1, 'appKey,appSecret,sessionKey', 3, 0, 0),
    (1004, 'alitripGlobal', '飞猪海外', 'Alitrip Global', 10, 2, 1, 'appKey,appSecret,sessionKey', 4, 0, 0),
    (1005, 'qunar', '去哪儿', 'Qunar', 10, 2, 1, 'account,password,signKey', 5, 0, 0),
    (1006, 'qunarGlobal', '去哪儿海外', 'Qunar Global', 10, 2, 1, 'account,password,signKey', 6, 0, 0),
    (1007, 'elong', '艺龙', 'eLong', 10, 2, 1, 'userName,appKey,secretKey', 7, 0, 0),
    (1008, 'mafengwo', '马蜂窝', 'Mafengwo', 10, 2, 1, 'partnerId,appKey,appSecret', 8, 0, 0),
    (1009, 'api', '分销 API', 'Distribution API', 10, 2, 1, 'apiKey,apiSecret', 9, 0, 0),
    (1101, 'api', '供应商 API', 'Supplier API', 10, 1, 2, 'apiKey,apiSecret', 10, 0, 0),
    (2001, 'meituan', '美团门票', 'Meituan tickets', 20, 2, 1, 'partnerId,appKey,appSecret', 21, 0, 0),
    (2002, 'alitrip', '飞猪门票', 'Alitrip tickets', 20, 2, 1, 'appKey,appSecret,sessionKey', 22, 0, 0),
    (2003, 'tongcheng', '同程', 'Tongcheng', 20, 2, 1, 'userId,userKey', 23, 0, 0),
    (2004, 'api', '门票分销 API', 'Ticket distribution API', 20, 2, 1, 'apiKey,apiSecret', 24, 0, 0),
    (2101, 'api', '门票供应商 API', 'Ticket supplier API', 20, 1, 2, 'apiKey,apiSecret', 25, 0, 0);

CREATE TABLE interface_configs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    interface_id BIGINT NOT NULL,
    interface_name TEXT NOT NULL,
    -- the distributor (a channel) or the supplier (a vendor) the interface's orders and
    -- products belong to
    mch_id BIGINT NOT NULL,
    config_name TEXT NOT NULL,
    product_type INTEGER NOT NULL,
    interface_type INTEGER NOT NULL,
    -- where the adapter calls the other system
    base_url TEXT NOT NULL,
    -- the credentials as one JSON object, sealed (ChaCha20-Poly1305, platform::sealing)
    credentials_sealed TEXT NOT NULL,
    -- the names of the credentials kept, comma-separated (the values are never shown)
    credential_keys TEXT NOT NULL,
    -- 1 enabled, 0 disabled, -1 deleted
    state INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX interface_configs_tenant ON interface_configs (saas_id, product_type, interface_type, state);
CREATE INDEX interface_configs_interface ON interface_configs (saas_id, interface_id, mch_id);
