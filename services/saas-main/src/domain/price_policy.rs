//! Price levels and price rules: the fields a save must carry, which rule applies to a sale, and
//! what deleting a level takes with it.

use platform::ApiError;
use platform::i18n::Text;
use platform::validate;

use platform::trade::formula::{self, Expr, FormulaError};
pub use platform::trade::price_rule::Scope;

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

/// A rule's scope as a save must give it: a level 0-9, a supplier id or 0, a product type of
/// typeProducts or 0, a product only with its type.
pub fn check_scope(s: &Scope) -> Result<(), ApiError> {
    check_grade("grade", s.grade)?;
    if s.supplier_id < 0 {
        return Err(ApiError::invalid_field(
            "supplierId",
            "请选择供应商",
            "Please select the supplier",
        ));
    }
    if s.product_type != 0 && !PRODUCT_TYPES.contains(&s.product_type) {
        return Err(ApiError::invalid_field(
            "productType",
            "产品类型不存在（typeProducts）",
            "not a product type (typeProducts)",
        ));
    }
    if s.product_id < 0 || (s.product_id > 0 && s.product_type == 0) {
        return Err(ApiError::invalid_field(
            "productType",
            "指定产品时请选择产品类型",
            "a rule for one product needs the product's type",
        ));
    }
    Ok(())
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
        assert!(check_scope(&scope(1, 0, 0, 0)).is_ok());
        assert!(check_scope(&scope(1, 5, 10, 7)).is_ok());
        assert!(check_scope(&scope(1, 0, 0, 7)).is_err());
        assert!(check_scope(&scope(1, 0, 11, 0)).is_err());
        assert!(check_scope(&scope(12, 0, 0, 0)).is_err());
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
