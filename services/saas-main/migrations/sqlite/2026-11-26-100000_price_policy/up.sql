-- Price levels of a tenant's distributors (merchants.grade): 0 to 9, level 0 the default. A
-- level without a row here has no name yet; level 0 is listed whether named or not.
CREATE TABLE price_grades (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    grade INTEGER NOT NULL,
    grade_name TEXT NOT NULL,
    remark TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX price_grades_tenant_grade ON price_grades (saas_id, grade);

-- Price rules: the formula a level's distributors pay, for a scope narrowed optionally to a
-- supplier, a product type, a product (0: any). One rule per scope.
CREATE TABLE price_rules (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    rule_name TEXT NOT NULL,
    grade INTEGER NOT NULL,
    supplier_id BIGINT NOT NULL,
    product_type INTEGER NOT NULL,
    product_id BIGINT NOT NULL,
    formula TEXT NOT NULL,
    -- 1 enabled, 0 disabled
    state INTEGER NOT NULL,
    remark TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX price_rules_scope ON price_rules (saas_id, grade, supplier_id, product_type, product_id);
