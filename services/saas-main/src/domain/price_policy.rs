//! Price levels and price rules: the fields a save must carry, which rule applies to a sale, and
//! what deleting a level takes with it.

use platform::ApiError;
use platform::i18n::Text;
use platform::validate;

use super::formula::{self, Expr, FormulaError};

/// At most 10 levels: 0 (every distributor's until given another) to 9.
pub const MAX_GRADE: i32 = 9;
pub const DEFAULT_GRADE: i32 = 0;

pub const RULE_DISABLED: i32 = 0;
pub const RULE_ENABLED: i32 = 1;

/// Product types a rule may be narrowed to (typeProducts).
pub const PRODUCT_TYPES: [i32; 6] = [10, 20, 30, 50, 60, 80];

/// A level 0-9.
pub fn check_grade(field: &str, grade: i32) -> Result<(), ApiError> {
    if !(0..=MAX_GRADE).contains(&grade) {
        return Err(ApiError::invalid_field(
            field,
            "等级为 0 到 9（最多 10 个等级）",
            "a level is 0 to 9 (at most 10 levels)",
        ));
    }
    Ok(())
}

/// A level's name (1-30 characters) and remark (up to 200), trimmed.
pub fn check_grade_text(name: &str, remark: &str) -> Result<(String, String), ApiError> {
    let name = name.trim().to_owned();
    validate::line("gradeName", &name, 1, 30)?;
    let remark = remark.trim().to_owned();
    validate::text("remark", &remark, 0, 200)?;
    Ok((name, remark))
}

/// Level 0 is every distributor's default: it is renamed, never deleted.
pub fn check_deletable(grade: i32) -> Result<(), ApiError> {
    if grade == DEFAULT_GRADE {
        return Err(ApiError::Rule {
            code: "default-grade",
            msg: Text::fixed(
                "默认等级 0 不能删除",
                "The default level 0 cannot be deleted",
            ),
        });
    }
    Ok(())
}

/// A formula refused as a 412 on `field`, its reason naming the character where it went wrong.
pub fn formula_error(field: &str, e: &FormulaError) -> ApiError {
    let (zh, en) = e.texts();
    ApiError::invalid(field, Text::new(zh, en))
}

/// Parses a formula for a save: a 412 on `formula` with the position when it is wrong.
pub fn check_formula(src: &str) -> Result<(String, Expr), ApiError> {
    let src = src.trim();
    let expr = formula::parse(src).map_err(|e| formula_error("formula", &e))?;
    Ok((src.to_owned(), expr))
}

/// What a rule covers: a level, and optionally one supplier, one product type, one product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    pub grade: i32,
    /// 0: any.
    pub supplier_id: i64,
    /// 0: any.
    pub product_type: i32,
    /// 0: any; a product needs its type.
    pub product_id: i64,
}

impl Scope {
    pub fn check(&self) -> Result<(), ApiError> {
        check_grade("grade", self.grade)?;
        if self.supplier_id < 0 {
            return Err(ApiError::invalid_field(
                "supplierId",
                "请选择供应商",
                "Please select the supplier",
            ));
        }
        if self.product_type != 0 && !PRODUCT_TYPES.contains(&self.product_type) {
            return Err(ApiError::invalid_field(
                "productType",
                "产品类型不存在（typeProducts）",
                "not a product type (typeProducts)",
            ));
        }
        if self.product_id < 0 || (self.product_id > 0 && self.product_type == 0) {
            return Err(ApiError::invalid_field(
                "productType",
                "指定产品时请选择产品类型",
                "a rule for one product needs the product's type",
            ));
        }
        Ok(())
    }

    /// How narrow the scope is; the narrowest enabled rule that covers a sale applies.
    pub fn specificity(&self) -> u8 {
        if self.product_id != 0 {
            4
        } else if self.supplier_id != 0 && self.product_type != 0 {
            3
        } else if self.supplier_id != 0 {
            2
        } else if self.product_type != 0 {
            1
        } else {
            0
        }
    }

    /// Whether this scope covers a sale to a distributor of `grade`.
    pub fn covers(&self, sale: &Scope) -> bool {
        self.grade == sale.grade
            && (self.supplier_id == 0 || self.supplier_id == sale.supplier_id)
            && (self.product_type == 0 || self.product_type == sale.product_type)
            && (self.product_id == 0 || self.product_id == sale.product_id)
    }
}

/// The rule that prices `sale` (its `grade` the distributor's level, the rest the product's):
/// among the enabled ones covering it, the most specific. Scopes are unique per tenant, so
/// there is never a tie.
pub fn pick<'a, R>(
    rules: &'a [R],
    sale: &Scope,
    scope_of: impl Fn(&R) -> (Scope, bool),
) -> Option<&'a R> {
    rules
        .iter()
        .filter(|r| {
            let (s, enabled) = scope_of(r);
            enabled && s.covers(sale)
        })
        .max_by_key(|r| scope_of(r).0.specificity())
}

/// A rule's name (1-50 characters) and remark (up to 200), trimmed.
pub fn check_rule_text(name: &str, remark: &str) -> Result<(String, String), ApiError> {
    let name = name.trim().to_owned();
    validate::line("ruleName", &name, 1, 50)?;
    let remark = remark.trim().to_owned();
    validate::text("remark", &remark, 0, 200)?;
    Ok((name, remark))
}

pub fn check_rule_state(state: i32) -> Result<(), ApiError> {
    validate::one_of("state", state, &[RULE_DISABLED, RULE_ENABLED])
}

/// A sample price for `calculate`: whole fen, 0 to 10^10 (a hundred million yuan).
pub fn check_sample(field: &str, fen: i64) -> Result<(), ApiError> {
    if !(0..=10_000_000_000).contains(&fen) {
        return Err(ApiError::invalid_field(
            field,
            "价格为 0 到 1 亿元（单位：分）",
            "a price is 0 to 100,000,000 yuan (in fen)",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scope(grade: i32, supplier_id: i64, product_type: i32, product_id: i64) -> Scope {
        Scope {
            grade,
            supplier_id,
            product_type,
            product_id,
        }
    }

    #[test]
    fn levels_are_zero_to_nine_and_zero_stays() {
        assert!(check_grade("grade", 0).is_ok());
        assert!(check_grade("grade", 9).is_ok());
        assert!(check_grade("grade", 10).is_err());
        assert!(check_grade("grade", -1).is_err());
        assert!(check_deletable(0).is_err());
        assert!(check_deletable(3).is_ok());
        assert!(check_grade_text(" ", "").is_err());
        assert_eq!(
            check_grade_text(" Gold ", " vip ").unwrap(),
            ("Gold".to_owned(), "vip".to_owned())
        );
    }

    #[test]
    fn a_scope_for_one_product_needs_its_type() {
        assert!(scope(1, 0, 0, 0).check().is_ok());
        assert!(scope(1, 5, 10, 7).check().is_ok());
        assert!(scope(1, 0, 0, 7).check().is_err());
        assert!(scope(1, 0, 11, 0).check().is_err());
        assert!(scope(12, 0, 0, 0).check().is_err());
    }

    #[test]
    fn the_most_specific_enabled_rule_applies() {
        let rules = [
            (scope(1, 0, 0, 0), true, "level"),
            (scope(1, 0, 10, 0), true, "hotels"),
            (scope(1, 5, 0, 0), true, "supplier 5"),
            (scope(1, 5, 10, 0), true, "supplier 5 hotels"),
            (scope(1, 5, 10, 77), false, "product 77 (disabled)"),
            (scope(1, 0, 10, 78), true, "product 78"),
            (scope(2, 0, 0, 0), true, "level 2"),
        ];
        let pick_for = |sale: Scope| pick(&rules, &sale, |r| (r.0, r.1)).map(|r| r.2);
        assert_eq!(pick_for(scope(1, 5, 10, 77)), Some("supplier 5 hotels"));
        assert_eq!(pick_for(scope(1, 6, 10, 78)), Some("product 78"));
        assert_eq!(pick_for(scope(1, 5, 20, 1)), Some("supplier 5"));
        assert_eq!(pick_for(scope(1, 6, 10, 1)), Some("hotels"));
        assert_eq!(pick_for(scope(1, 6, 20, 1)), Some("level"));
        assert_eq!(pick_for(scope(2, 6, 20, 1)), Some("level 2"));
        assert_eq!(pick_for(scope(3, 6, 20, 1)), None);
    }

    #[test]
    fn a_bad_formula_is_a_412_on_formula_with_its_position() {
        let e = check_formula("distribution / 0").unwrap_err();
        assert!(
            matches!(&e, ApiError::Invalid { field, reason } if field == "formula" && reason.en.contains("character 16")),
            "{e:?}"
        );
        assert!(check_formula(" distribution * 0.8 ").is_ok());
    }
}
