//! Which of a tenant's price rules prices a sale to a distributor, and the price it gives: a
//! rule covers a price level (the distributor's) and optionally one supplier, one product type,
//! one product; the most specific enabled rule that covers the sale applies. saas-main keeps the
//! rules; hotel-app and ticket-app quote with their copy of them (`replica::price_rules_for`).

use super::formula::{self, Expr, Prices};

/// What a rule covers: a level, and optionally one supplier, one product type, one product.
/// A sale is described the same way: the distributor's level and the product's three.
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

/// Product types (typeProducts) the product services quote.
pub const HOTEL: i32 = 10;
pub const TICKET: i32 = 20;

impl Scope {
    /// A product's side of a sale; the level is the distributor's, set where it is quoted.
    pub fn of_product(supplier_id: i64, product_type: i32, product_id: i64) -> Self {
        Scope {
            grade: 0,
            supplier_id,
            product_type,
            product_id,
        }
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

    /// Whether this scope covers `sale` (a distributor of `sale.grade` buying the product).
    pub fn covers(&self, sale: &Scope) -> bool {
        self.grade == sale.grade
            && (self.supplier_id == 0 || self.supplier_id == sale.supplier_id)
            && (self.product_type == 0 || self.product_type == sale.product_type)
            && (self.product_id == 0 || self.product_id == sale.product_id)
    }
}

/// The rule that prices `sale`: among the enabled ones covering it, the most specific. Scopes
/// are unique per tenant, so there is never a tie.
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

/// The distribution price a rule gives for a date's three prices, in whole fen (rounded once,
/// a half fen away from zero). None when it gives none there (a division by a price that is 0,
/// a negative result, an overflow): the date's own distribution price then stands, as if the
/// level had no rule, rather than a made-up price.
pub fn quote(rule: &Expr, prices: Prices) -> Option<i64> {
    formula::evaluate(rule, prices).ok().map(|(fen, _)| fen)
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
    fn a_quote_is_the_rounded_formula_or_none() {
        let p = Prices {
            purchase: 8_000,
            distribution: 12_345,
            retail: 15_000,
        };
        let rule = |src: &str| formula::parse(src).unwrap();
        // The spec's example: 20% off the distribution price; 9876 exactly.
        assert_eq!(quote(&rule("distribution * 0.8"), p), Some(9_876));
        // 12345 * 0.9 = 11110.5: half a fen away from zero.
        assert_eq!(quote(&rule("distribution * 0.9"), p), Some(11_111));
        assert_eq!(quote(&rule("purchase + 500"), p), Some(8_500));
        // No price where the formula gives none: a division by a zero price, a negative one.
        let free = Prices { purchase: 0, ..p };
        assert_eq!(quote(&rule("retail / purchase"), free), None);
        assert_eq!(quote(&rule("purchase - retail"), p), None);
    }
}
