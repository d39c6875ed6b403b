-- The platform's area list below the countries (a fixed list in the code): provinces (level 2)
-- and cities (level 3), the same for every tenant, kept by platform administrators. A code
-- starts with its parent's (`CN` > `CN-ZJ` > `CN-ZJ-HZ`) and never changes.
CREATE TABLE areas (
    id BIGINT PRIMARY KEY,
    code TEXT NOT NULL,
    parent_code TEXT NOT NULL,
    country TEXT NOT NULL,
    level INTEGER NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT NOT NULL,
    -- 1 in use, 0 disabled
    state INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX areas_code ON areas (code);
CREATE INDEX areas_parent ON areas (parent_code, code);

-- China's provincial divisions (ISO 3166-2:CN codes), the list every tenant starts from.
INSERT INTO areas (id, code, parent_code, country, level, name, name_en, state, created_at, updated_at) VALUES
    (101, 'CN-BJ', 'CN', 'CN', 2, '北京市', 'Beijing', 1, 0, 0),
    (102, 'CN-TJ', 'CN', 'CN', 2, '天津市', 'Tianjin', 1, 0, 0),
    (103, 'CN-HE', 'CN', 'CN', 2, '河北省', 'Hebei', 1, 0, 0),
    (104, 'CN-SX', 'CN', 'CN', 2, '山西省', 'Shanxi', 1, 0, 0),
    (105, 'CN-NM', 'CN', 'CN', 2, '内蒙古自治区', 'Inner Mongolia', 1, 0, 0),
    (106, 'CN-LN', 'CN', 'CN', 2, '辽宁省', 'Liaoning', 1, 0, 0),
    (107, 'CN-JL', 'CN', 'CN', 2, '吉林省', 'Jilin', 1, 0, 0),
    (108, 'CN-HL', 'CN', 'CN', 2, '黑龙江省', 'Heilongjiang', 1, 0, 0),
    (109, 'CN-SH', 'CN', 'CN', 2, '上海市', 'Shanghai', 1, 0, 0),
    (110, 'CN-JS', 'CN', 'CN', 2, '江苏省', 'Jiangsu', 1, 0, 0),
    (111, 'CN-ZJ', 'CN', 'CN', 2, '浙江省', 'Zhejiang', 1, 0, 0),
    (112, 'CN-AH', 'CN', 'CN', 2, '安徽省', 'Anhui', 1, 0, 0),
    (113, 'CN-FJ', 'CN', 'CN', 2, '福建省', 'Fujian', 1, 0, 0),
    (114, 'CN-JX', 'CN', 'CN', 2, '江西省', 'Jiangxi', 1, 0, 0),
    (115, 'CN-SD', 'CN', 'CN', 2, '山东省', 'Shandong', 1, 0, 0),
    (116, 'CN-HA', 'CN', 'CN', 2, '河南省', 'Henan', 1, 0, 0),
    (117, 'CN-HB', 'CN', 'CN', 2, '湖北省', 'Hubei', 1, 0, 0),
    (118, 'CN-HN', 'CN', 'CN', 2, '湖南省', 'Hunan', 1, 0, 0),
    (119, 'CN-GD', 'CN', 'CN', 2, '广东省', 'Guangdong', 1, 0, 0),
    (120, 'CN-GX', 'CN', 'CN', 2, '广西壮族自治区', 'Guangxi', 1, 0, 0),
    (121, 'CN-HI', 'CN', 'CN', 2, '海南省', 'Hainan', 1, 0, 0),
    (122, 'CN-CQ', 'CN', 'CN', 2, '重庆市', 'Chongqing', 1, 0, 0),
    (123, 'CN-SC', 'CN', 'CN', 2, '四川省', 'Sichuan', 1, 0, 0),
    (124, 'CN-GZ', 'CN', 'CN', 2, '贵州省', 'Guizhou', 1, 0, 0),
    (125, 'CN-YN', 'CN', 'CN', 2, '云南省', 'Yunnan', 1, 0, 0),
    (126, 'CN-XZ', 'CN', 'CN', 2, '西藏自治区', 'Tibet', 1, 0, 0),
    (127, 'CN-SN', 'CN', 'CN', 2, '陕西省', 'Shaanxi', 1, 0, 0),
    (128, 'CN-GS', 'CN', 'CN', 2, '甘肃省', 'Gansu', 1, 0, 0),
    (129, 'CN-QH', 'CN', 'CN', 2, '青海省', 'Qinghai', 1, 0, 0),
    (130, 'CN-NX', 'CN', 'CN', 2, '宁夏回族自治区', 'Ningxia', 1, 0, 0),
    (131, 'CN-XJ', 'CN', 'CN', 2, '新疆维吾尔自治区', 'Xinjiang', 1, 0, 0),
    (132, 'CN-TW', 'CN', 'CN', 2, '台湾省', 'Taiwan', 1, 0, 0),
    (133, 'CN-HK', 'CN', 'CN', 2, '香港特别行政区', 'Hong Kong', 1, 0, 0),
    (134, 'CN-MO', 'CN', 'CN', 2, '澳门特别行政区', 'Macao', 1, 0, 0);
