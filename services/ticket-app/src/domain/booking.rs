//! Booking rules of a ticket product, as plain functions: the quantity, the visit date against
//! the booking time limit (`typeLimitTime`) and the validity (`typeTicketValidate`), the
//! buyer's form, the purchase limits (`typeLimitGoods`), and who confirms. Days are China
//! calendar days (`platform::time`), as everywhere in Tradewind.

use std::collections::BTreeMap;

use platform::ApiError;
use platform::i18n::Text;
use platform::time::{HOUR_MS, day_start_ms};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::product::{
    FIELD_FORM_SELECT, TicketProductFields, form_field, limit_goods, limit_time, validate_type,
};

/// Tickets in one order at most.
pub const MAX_QUANTITY: i64 = 999;

/// What the buyer fills in: the product's `formFields` and its custom fields by name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Buyer {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub id_number: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub address: String,
    /// The custom fields' values by their names.
    #[serde(default)]
    pub custom: BTreeMap<String, String>,
}

fn refusal(code: &'static str, zh: String, en: String) -> ApiError {
    ApiError::Rule {
        code,
        msg: Text::new(zh, en),
    }
}

pub fn check_quantity(quantity: i64) -> Result<(), ApiError> {
    if (1..=MAX_QUANTITY).contains(&quantity) {
        return Ok(());
    }
    Err(ApiError::invalid(
        "quantity",
        Text::new(
            format!("购买数量为 1 到 {MAX_QUANTITY}"),
            format!("the quantity is 1 to {MAX_QUANTITY}"),
        ),
    ))
}

fn hhmm_ms(s: &str) -> i64 {
    let b = s.as_bytes();
    if b.len() != 5 {
        return 0;
    }
    let n = |i: usize| i64::from(b[i] - b'0') * 10 + i64::from(b[i + 1] - b'0');
    n(0) * HOUR_MS + n(3) * 60_000
}

/// Whether the visit day `visit` (a day number) may be booked at `now` (ms): not in the past,
/// within the product's validity, and before its booking time limit.
pub fn check_visit(p: &TicketProductFields, visit: i64, now: i64) -> Result<(), ApiError> {
    let today = platform::time::day_of_ms(now);
    if visit < today {
        return Err(ApiError::invalid_field(
            "visitDate",
            "游玩日期不能早于今天",
            "the visit date cannot be before today",
        ));
    }
    if p.validate_type == validate_type::WITHIN_RANGE && !p.valid_start.is_empty() {
        let first = platform::time::parse_date("validStart", &p.valid_start)?;
        let last = platform::time::parse_date("validEnd", &p.valid_end)?;
        if visit < first || visit > last {
            return Err(refusal(
                "not-valid",
                format!("游玩日期须在有效期 {} 至 {} 内", p.valid_start, p.valid_end),
                format!(
                    "the visit date must be within the validity {} to {}",
                    p.valid_start, p.valid_end
                ),
            ));
        }
    }
    let deadline = match p.limit_time_type {
        limit_time::SAME_DAY_BEFORE => Some(day_start_ms(visit) + hhmm_ms(&p.limit_time)),
        limit_time::DAYS_AHEAD => {
            let day = visit - i64::from(p.limit_days);
            // No time given: until the end of that day.
            let time = if p.limit_time.is_empty() {
                24 * HOUR_MS
            } else {
                hhmm_ms(&p.limit_time)
            };
            Some(day_start_ms(day) + time)
        }
        _ => None,
    };
    if deadline.is_some_and(|d| now > d) {
        return Err(refusal(
            "too-late",
            "已过该产品的最晚预订时间".into(),
            "The latest booking time of this product for that date has passed".into(),
        ));
    }
    Ok(())
}

/// Checks what the buyer filled in against the product's form; trims it. Each missing or
/// malformed field is a 412 naming it (`buyer.mobile`, `buyer.custom.Size`).
pub fn check_buyer(p: &TicketProductFields, b: &mut Buyer) -> Result<(), ApiError> {
    for s in [
        &mut b.name,
        &mut b.mobile,
        &mut b.id_number,
        &mut b.email,
        &mut b.address,
    ] {
        *s = s.trim().to_owned();
    }
    let needs = |f: i32| p.form_fields.contains(&f);
    let required = |field: &str, v: &str| {
        if v.is_empty() {
            Err(ApiError::invalid_field(field, "请填写此项", "is required"))
        } else {
            Ok(())
        }
    };
    if needs(form_field::NAME) {
        required("buyer.name", &b.name)?;
    }
    platform::validate::line("buyer.name", &b.name, 0, 64)?;
    if needs(form_field::MOBILE) {
        required("buyer.mobile", &b.mobile)?;
    }
    if !b.mobile.is_empty() {
        platform::validate::mobile("buyer.mobile", &b.mobile)?;
    }
    if needs(form_field::ID_NUMBER) {
        required("buyer.idNumber", &b.id_number)?;
    }
    let id_ok = b.id_number.len() <= 32
        && b.id_number
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !id_ok {
        return Err(ApiError::invalid_field(
            "buyer.idNumber",
            "证件号只能包含字母、数字和连字符",
            "an ID number has letters, digits and hyphens only",
        ));
    }
    b.id_number = b.id_number.to_ascii_uppercase();
    if needs(form_field::EMAIL) {
        required("buyer.email", &b.email)?;
    }
    if !b.email.is_empty() {
        platform::validate::email("buyer.email", &b.email)?;
    }
    if needs(form_field::ADDRESS) {
        required("buyer.address", &b.address)?;
    }
    platform::validate::line("buyer.address", &b.address, 0, 200)?;
    if let Some(unknown) = b
        .custom
        .keys()
        .find(|k| !p.custom_fields.iter().any(|c| &c.name == *k))
    {
        return Err(ApiError::invalid_field(
            format!("buyer.custom.{unknown}"),
            "产品没有该字段",
            "the product has no such field",
        ));
    }
    for c in &p.custom_fields {
        let field = format!("buyer.custom.{}", c.name);
        let v = b.custom.get(&c.name).map(|v| v.trim()).unwrap_or("");
        if v.is_empty() {
            if c.required {
                return Err(ApiError::invalid_field(field, "请填写此项", "is required"));
            }
            continue;
        }
        platform::validate::line(&field, v, 0, 200)?;
        if c.field_type == FIELD_FORM_SELECT && !c.options.iter().any(|o| o == v) {
            return Err(ApiError::invalid_field(
                field,
                "请从选项中选择",
                "must be one of the options",
            ));
        }
    }
    Ok(())
}

/// Who the purchase limits count as one customer: the field the product names (`limitBy`,
/// mobile or ID number), else the mobile, else the e-mail (one of the two is always asked).
pub fn customer_key(p: &TicketProductFields, b: &Buyer) -> String {
    match p.limit_by {
        form_field::ID_NUMBER if !b.id_number.is_empty() => format!("id:{}", b.id_number),
        _ if !b.mobile.is_empty() => format!("mobile:{}", b.mobile),
        _ => format!("email:{}", b.email.to_lowercase()),
    }
}

/// Tickets the customer already holds that a limit counts: over all its live orders of the
/// product (`per_customer`) and those for the same visit day (`same_day`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Bought {
    pub per_customer: i64,
    pub same_day: i64,
}

/// The product's purchase limit (`typeLimitGoods`) for an order of `quantity` tickets.
pub fn check_purchase_limit(
    p: &TicketProductFields,
    quantity: i64,
    bought: Bought,
) -> Result<(), ApiError> {
    let limit = i64::from(p.limit_num);
    let (held, zh, en) = match p.limit_goods_type {
        limit_goods::PER_ORDER => (0, "每单限购", "per order"),
        limit_goods::PER_CUSTOMER => (bought.per_customer, "每人限购", "per customer"),
        limit_goods::PER_DAY => (bought.same_day, "每人每日限购", "per customer and day"),
        _ => return Ok(()),
    };
    if held + quantity <= limit {
        return Ok(());
    }
    Err(refusal(
        "purchase-limit",
        format!("{zh} {limit} 张，已购 {held} 张，不能再购 {quantity} 张"),
        format!("At most {limit} tickets {en}: {held} bought already, {quantity} more is too many"),
    ))
}

/// Whether a person confirms the order: unless the product confirms instantly and the day's
/// stock is limited (an unlimited day is the supplier's promise to check, as for hotels).
pub fn needs_confirmation(p: &TicketProductFields, unlimited_stock: bool) -> bool {
    p.needs_confirmation() || unlimited_stock
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::product::{CustomField, limit_goods};
    use platform::time::{format_day, parse_date};

    fn product() -> TicketProductFields {
        let mut p: TicketProductFields = serde_json::from_value(serde_json::json!({
            "productName": "Day ticket",
            "scenicId": 1,
            "productType": 1,
            "formFields": [1, 2],
        }))
        .unwrap();
        p.check().unwrap();
        p
    }

    fn code(r: Result<(), ApiError>) -> String {
        match r {
            Ok(()) => "ok".into(),
            Err(ApiError::Rule { code, .. }) => code.into(),
            Err(ApiError::Invalid { field, .. }) => format!("invalid {field}"),
            Err(e) => panic!("{e}"),
        }
    }

    fn at(day: &str, hh: i64) -> i64 {
        day_start_ms(parse_date("d", day).unwrap()) + hh * HOUR_MS
    }

    #[test]
    fn purchase_limits_count_what_the_customer_holds() {
        let mut p = product();
        assert_eq!(code(check_purchase_limit(&p, 999, Bought::default())), "ok");
        p.limit_goods_type = limit_goods::PER_ORDER;
        p.limit_num = 4;
        assert_eq!(code(check_purchase_limit(&p, 4, Bought::default())), "ok");
        assert_eq!(
            code(check_purchase_limit(&p, 5, Bought::default())),
            "purchase-limit"
        );
        // Per order ignores earlier orders.
        let held = Bought {
            per_customer: 9,
            same_day: 9,
        };
        assert_eq!(code(check_purchase_limit(&p, 4, held)), "ok");
        p.limit_goods_type = limit_goods::PER_CUSTOMER;
        let held = Bought {
            per_customer: 3,
            same_day: 0,
        };
        assert_eq!(code(check_purchase_limit(&p, 1, held)), "ok");
        assert_eq!(code(check_purchase_limit(&p, 2, held)), "purchase-limit");
        p.limit_goods_type = limit_goods::PER_DAY;
        assert_eq!(
            code(check_purchase_limit(&p, 4, held)),
            "ok",
            "other days don't count"
        );
        let held = Bought {
            per_customer: 3,
            same_day: 2,
        };
        assert_eq!(code(check_purchase_limit(&p, 3, held)), "purchase-limit");
        assert_eq!(code(check_purchase_limit(&p, 2, held)), "ok");
    }

    #[test]
    fn the_customer_is_who_the_product_counts_by() {
        let mut p = product();
        let b = Buyer {
            mobile: "13800000000".into(),
            id_number: "11010119900307001X".into(),
            email: "A@b.cn".into(),
            ..Default::default()
        };
        assert_eq!(customer_key(&p, &b), "mobile:13800000000");
        p.limit_by = form_field::ID_NUMBER;
        assert_eq!(customer_key(&p, &b), "id:11010119900307001X");
        let only_mail = Buyer {
            email: "A@b.cn".into(),
            ..Default::default()
        };
        assert_eq!(customer_key(&product(), &only_mail), "email:a@b.cn");
    }

    #[test]
    fn the_visit_date_obeys_the_validity_and_the_booking_limit() {
        let mut p = product();
        let visit = parse_date("d", "2026-12-10").unwrap();
        assert_eq!(code(check_visit(&p, visit, at("2026-12-10", 20))), "ok");
        assert_eq!(
            code(check_visit(&p, visit, at("2026-12-11", 1))),
            "invalid visitDate"
        );
        p.limit_time_type = limit_time::SAME_DAY_BEFORE;
        p.limit_time = "12:00".into();
        assert_eq!(code(check_visit(&p, visit, at("2026-12-10", 11))), "ok");
        assert_eq!(
            code(check_visit(&p, visit, at("2026-12-10", 13))),
            "too-late"
        );
        p.limit_time_type = limit_time::DAYS_AHEAD;
        p.limit_days = 2;
        p.limit_time = String::new();
        assert_eq!(code(check_visit(&p, visit, at("2026-12-08", 23))), "ok");
        assert_eq!(
            code(check_visit(&p, visit, at("2026-12-09", 1))),
            "too-late"
        );
        let mut ranged = product();
        ranged.validate_type = validate_type::WITHIN_RANGE;
        ranged.valid_start = "2026-12-01".into();
        ranged.valid_end = "2026-12-05".into();
        assert_eq!(
            code(check_visit(&ranged, visit, at("2026-12-01", 0))),
            "not-valid"
        );
        let inside = parse_date("d", "2026-12-05").unwrap();
        assert_eq!(
            code(check_visit(&ranged, inside, at("2026-12-01", 0))),
            "ok"
        );
        assert_eq!(format_day(inside), "2026-12-05");
    }

    #[test]
    fn the_buyer_fills_what_the_product_asks() {
        let mut p = product();
        p.form_fields = vec![1, 2, 3];
        p.custom_fields = vec![CustomField {
            name: "Size".into(),
            field_type: FIELD_FORM_SELECT,
            required: true,
            options: vec!["S".into(), "M".into()],
        }];
        let good = || Buyer {
            name: " Li Lei ".into(),
            mobile: "13800000000".into(),
            id_number: "11010119900307001x".into(),
            custom: [("Size".to_owned(), "M".to_owned())].into(),
            ..Default::default()
        };
        let mut b = good();
        assert_eq!(code(check_buyer(&p, &mut b)), "ok");
        assert_eq!(
            (b.name.as_str(), b.id_number.as_str()),
            ("Li Lei", "11010119900307001X")
        );
        type Edit = fn(&mut Buyer);
        let cases: &[(&str, Edit)] = &[
            ("buyer.name", |b| b.name.clear()),
            ("buyer.mobile", |b| b.mobile = "123".into()),
            ("buyer.idNumber", |b| b.id_number.clear()),
            ("buyer.idNumber", |b| b.id_number = "1'; drop".into()),
            ("buyer.email", |b| b.email = "not mail".into()),
            ("buyer.custom.Size", |b| {
                b.custom.clear();
            }),
            ("buyer.custom.Size", |b| {
                b.custom.insert("Size".into(), "XL".into());
            }),
            ("buyer.custom.Colour", |b| {
                b.custom.insert("Colour".into(), "red".into());
            }),
        ];
        for (field, edit) in cases {
            let mut b = good();
            edit(&mut b);
            assert_eq!(code(check_buyer(&p, &mut b)), format!("invalid {field}"));
        }
    }

    #[test]
    fn quantities_and_confirmation() {
        assert_eq!(code(check_quantity(0)), "invalid quantity");
        assert_eq!(code(check_quantity(1)), "ok");
        assert_eq!(code(check_quantity(1000)), "invalid quantity");
        let mut p = product();
        assert!(!needs_confirmation(&p, false));
        assert!(
            needs_confirmation(&p, true),
            "an unlimited day is confirmed by a person"
        );
        p.confirm_type = 2;
        assert!(needs_confirmation(&p, false));
    }
}
