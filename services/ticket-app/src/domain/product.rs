//! A ticket product's fields and the rules they obey, with the spec's enumerations
//! (`typeTicketProduct`, `typeTicketDelivery`, `typeTicketEnter`, `typeTicketVoucher`,
//! `typeTicketValidate`, `typeLimitTime`, `typeCancelTime`, `typeConfirm`, `typeLimitGoods`,
//! `typeTicketFormField`, `typeFieldForm`), and the confirmation SMS's length rule. Its states
//! are `platform::trade`'s, shared with hotel products.

use platform::ApiError;
use platform::i18n::Text;
use platform::trade::fields::clock;
use platform::validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use platform::trade::product_state::{Action, next_state, on_sale, state, state_name};

/// `typeTicketProduct`: single, joint, combo, annual pass.
pub const PRODUCT_TYPES: &[i32] = &[1, 2, 3, 4];
/// `typeTicketDelivery`.
pub mod delivery {
    pub const E_TICKET: i32 = 1;
    pub const EXPRESS: i32 = 2;
    pub const ON_SITE: i32 = 3;
    pub const ALL: &[i32] = &[E_TICKET, EXPRESS, ON_SITE];
}
/// `typeTicketEnter`: with the code, with the ID card, exchange for a paper ticket.
pub const ENTER_TYPES: &[i32] = &[1, 2, 3];
/// `typeTicketVoucher`: none, QR code, PDF.
pub const VOUCHER_TYPES: &[i32] = &[0, 1, 2];
/// `typeTicketValidate`.
pub mod validate_type {
    /// Any day within `validStart..=validEnd` (both empty: no limit).
    pub const WITHIN_RANGE: i32 = 1;
    /// On the visit date chosen at booking.
    pub const ON_DATE: i32 = 2;
    /// Within `validDays` days of the purchase.
    pub const DAYS_AFTER_PURCHASE: i32 = 3;
    pub const ALL: &[i32] = &[WITHIN_RANGE, ON_DATE, DAYS_AFTER_PURCHASE];
}
/// `typeLimitTime`: when a visit date may still be booked.
pub mod limit_time {
    pub const NONE: i32 = 0;
    /// Until `limitTime` (HH:MM) of the visit day.
    pub const SAME_DAY_BEFORE: i32 = 1;
    /// At least `limitDays` days ahead, until `limitTime` (or midnight) of that day.
    pub const DAYS_AHEAD: i32 = 2;
    pub const ALL: &[i32] = &[NONE, SAME_DAY_BEFORE, DAYS_AHEAD];
}
/// `typeCancelTime`.
pub mod cancel_time {
    pub const NON_REFUNDABLE: i32 = 0;
    pub const BEFORE_USE: i32 = 1;
    pub const DAYS_BEFORE: i32 = 2;
    pub const ALL: &[i32] = &[NON_REFUNDABLE, BEFORE_USE, DAYS_BEFORE];
}
/// `typeConfirm`: 0 not sure (treated as delayed: a person confirms), 1 instant, 2 delayed.
pub const CONFIRM_TYPES: &[i32] = &[0, 1, 2];
pub const CONFIRM_INSTANT: i32 = 1;
/// `typeLimitGoods`.
pub mod limit_goods {
    pub const NONE: i32 = 0;
    pub const PER_ORDER: i32 = 1;
    pub const PER_CUSTOMER: i32 = 2;
    pub const PER_DAY: i32 = 3;
    pub const ALL: &[i32] = &[NONE, PER_ORDER, PER_CUSTOMER, PER_DAY];
}
/// `typeTicketFormField`: what the buyer fills in.
pub mod form_field {
    pub const NAME: i32 = 1;
    pub const MOBILE: i32 = 2;
    pub const ID_NUMBER: i32 = 3;
    pub const EMAIL: i32 = 4;
    pub const ADDRESS: i32 = 5;
    pub const ALL: &[i32] = &[NAME, MOBILE, ID_NUMBER, EMAIL, ADDRESS];
}
/// `typeFieldForm`: the type of a custom field (text, number, date, select, ID number,
/// mobile).
pub const FIELD_FORMS: &[i32] = &[1, 2, 3, 4, 5, 6];
pub const FIELD_FORM_SELECT: i32 = 4;

/// One SMS carries at most this many characters; a longer confirmation is sent in two.
pub const SMS_PART_MAX: usize = 60;
pub const SMS_PARTS_MAX: usize = 2;
pub const MAX_CUSTOM_FIELDS: usize = 10;
pub const MAX_LIMIT: i32 = 999;
pub const MAX_DAYS: i32 = 365;
pub const MAX_IMAGES: usize = 20;

/// A field the product asks of the buyer beyond the standard ones.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomField {
    /// 1 to 20 characters, unique in the product.
    pub name: String,
    /// `typeFieldForm`.
    pub field_type: i32,
    #[serde(default)]
    pub required: bool,
    /// The choices of a select field (1 to 20 of them; none for other types).
    #[serde(default)]
    pub options: Vec<String>,
}

/// A ticket product's fields as the product form sends them (create and update alike).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketProductFields {
    /// 1 to 64 characters.
    pub product_name: String,
    /// A normal scenic spot the supplier cooperates with.
    pub scenic_id: i64,
    /// The tenant's staff name the supplier; a supplier's own products ignore it.
    #[serde(default)]
    pub supplier_id: Option<i64>,
    /// `typeTicketProduct`: 1 single, 2 joint, 3 combo, 4 annual pass.
    pub product_type: i32,
    /// `typeTicketDelivery`: 1 e-ticket, 2 express (needs the buyer's address), 3 on site.
    #[serde(default = "e_ticket")]
    pub delivery_type: i32,
    /// `typeTicketEnter`: 1 with the code, 2 with the ID card, 3 exchange for a paper ticket.
    #[serde(default = "one")]
    pub enter_type: i32,
    /// `typeTicketVoucher`: 0 none, 1 QR code, 2 PDF.
    #[serde(default = "one")]
    pub voucher_type: i32,
    /// One voucher per ticket (true) or one for the whole order.
    #[serde(default = "yes")]
    pub voucher_per_ticket: bool,
    /// `typeTicketValidate`: 1 within validStart..validEnd, 2 on the visit date, 3 within
    /// validDays of purchase.
    #[serde(default = "on_date")]
    pub validate_type: i32,
    /// YYYY-MM-DD; with validEnd. Both emptied: no limit.
    #[serde(default)]
    pub valid_start: String,
    #[serde(default)]
    pub valid_end: String,
    /// 1 to 365, for validateType 3.
    #[serde(default)]
    pub valid_days: i32,
    /// `typeLimitTime`: 0 none, 1 until limitTime of the visit day, 2 limitDays ahead.
    #[serde(default)]
    pub limit_time_type: i32,
    /// 1 to 365, for limitTimeType 2.
    #[serde(default)]
    pub limit_days: i32,
    /// HH:MM: required for limitTimeType 1, optional for 2 (midnight when empty).
    #[serde(default)]
    pub limit_time: String,
    /// `typeCancelTime`: 0 non-refundable, 1 any time before use, 2 up to cancelDays before.
    #[serde(default)]
    pub cancel_type: i32,
    /// 1 to 365, for cancelType 2.
    #[serde(default)]
    pub cancel_days: i32,
    /// `typeConfirm`: 0 not sure, 1 instant, 2 delayed.
    #[serde(default = "one")]
    pub confirm_type: i32,
    /// `typeLimitGoods`: 0 none, 1 per order, 2 per customer, 3 per day.
    #[serde(default)]
    pub limit_goods_type: i32,
    /// Tickets allowed within the limit, 1 to 999 (when limitGoodsType is not 0).
    #[serde(default)]
    pub limit_num: i32,
    /// How a customer is recognised for the per-customer limit: `typeTicketFormField` 2
    /// mobile or 3 ID number (it must be one of formFields).
    #[serde(default)]
    pub limit_by: i32,
    /// `typeTicketFormField` values the buyer fills: mobile (2) or e-mail (4) is required.
    pub form_fields: Vec<i32>,
    /// Further fields; none for a product of an external interface.
    #[serde(default)]
    pub custom_fields: Vec<CustomField>,
    /// The external interface the product comes from; 0 for the supplier's own.
    #[serde(default)]
    pub interface_id: i64,
    /// Paid online before anything else happens (an unpaid order cancels itself after the
    /// configured time); otherwise settled later.
    #[serde(default)]
    pub pay_online: bool,
    /// The confirmation SMS: up to 60 characters in one message, up to 120 in two.
    #[serde(default)]
    pub sms_text: String,
    #[serde(default)]
    pub images: Vec<String>,
    #[serde(default)]
    pub description: String,
    /// What the buyer must know (booking notes).
    #[serde(default)]
    pub notice: String,
}

fn one() -> i32 {
    1
}
fn yes() -> bool {
    true
}
fn e_ticket() -> i32 {
    delivery::E_TICKET
}
fn on_date() -> i32 {
    validate_type::ON_DATE
}

fn rule(field: &str, zh: &'static str, en: &'static str) -> ApiError {
    ApiError::invalid_field(field, zh, en)
}

fn days(field: &str, v: i32) -> Result<(), ApiError> {
    if (1..=MAX_DAYS).contains(&v) {
        return Ok(());
    }
    Err(ApiError::invalid(
        field,
        Text::new(
            format!("天数为 1 到 {MAX_DAYS}"),
            format!("a number of days from 1 to {MAX_DAYS}"),
        ),
    ))
}

/// The confirmation SMS as it is sent: one message of at most 60 characters, or two when it is
/// longer (split at the last blank or punctuation within the first 60 characters, else at
/// 60); more than two messages' worth is refused. Characters, not bytes: a Chinese character
/// counts one.
pub fn sms_parts(text: &str) -> Result<Vec<String>, ApiError> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() <= SMS_PART_MAX {
        return Ok(vec![chars.into_iter().collect()]);
    }
    let breaks = |c: &char| c.is_whitespace() || "，。；！？,.;!?、".contains(*c);
    // The first part ends after a break when one lies in its second half, so words stay whole.
    let cut = chars[..SMS_PART_MAX]
        .iter()
        .rposition(breaks)
        .map(|i| i + 1)
        .filter(|i| *i > SMS_PART_MAX / 2)
        .unwrap_or(SMS_PART_MAX);
    let first: String = chars[..cut]
        .iter()
        .collect::<String>()
        .trim_end()
        .to_owned();
    let second: String = chars[cut..]
        .iter()
        .collect::<String>()
        .trim_start()
        .to_owned();
    if second.chars().count() > SMS_PART_MAX {
        return Err(ApiError::invalid(
            "smsText",
            Text::new(
                format!("短信内容最多分 {SMS_PARTS_MAX} 条发送，每条不超过 {SMS_PART_MAX} 字"),
                format!(
                    "the SMS is sent in at most {SMS_PARTS_MAX} messages of {SMS_PART_MAX} characters"
                ),
            ),
        ));
    }
    Ok(vec![first, second])
}

impl TicketProductFields {
    /// Trims the texts and checks every rule; the first broken one is a 412 naming its field.
    pub fn check(&mut self) -> Result<(), ApiError> {
        for s in [
            &mut self.product_name,
            &mut self.valid_start,
            &mut self.valid_end,
            &mut self.limit_time,
            &mut self.sms_text,
            &mut self.description,
            &mut self.notice,
        ] {
            *s = s.trim().to_owned();
        }
        validate::line("productName", &self.product_name, 1, 64)?;
        if self.scenic_id <= 0 {
            return Err(rule(
                "scenicId",
                "请选择景区",
                "Please select the scenic spot",
            ));
        }
        validate::one_of("productType", self.product_type, PRODUCT_TYPES)?;
        validate::one_of("deliveryType", self.delivery_type, delivery::ALL)?;
        validate::one_of("enterType", self.enter_type, ENTER_TYPES)?;
        validate::one_of("voucherType", self.voucher_type, VOUCHER_TYPES)?;
        self.check_validity()?;
        self.check_booking_limit()?;
        validate::one_of("cancelType", self.cancel_type, cancel_time::ALL)?;
        if self.cancel_type == cancel_time::DAYS_BEFORE {
            days("cancelDays", self.cancel_days)?;
        } else {
            self.cancel_days = 0;
        }
        validate::one_of("confirmType", self.confirm_type, CONFIRM_TYPES)?;
        self.check_form()?;
        self.check_purchase_limit()?;
        if self.interface_id < 0 {
            return Err(rule("interfaceId", "接口编号无效", "not an interface id"));
        }
        sms_parts(&self.sms_text)?;
        platform::trade::fields::images(&mut self.images, MAX_IMAGES)?;
        validate::text("description", &self.description, 0, 4000)?;
        validate::text("notice", &self.notice, 0, 4000)
    }

    fn check_validity(&mut self) -> Result<(), ApiError> {
        validate::one_of("validateType", self.validate_type, validate_type::ALL)?;
        match self.validate_type {
            validate_type::WITHIN_RANGE => {
                // An emptied range is valid: the ticket has no time limit.
                if self.valid_start.is_empty() && self.valid_end.is_empty() {
                    return Ok(());
                }
                let need = |f: &str, v: &str| {
                    if v.is_empty() {
                        Err(rule(f, "请选择日期", "Please select the date"))
                    } else {
                        platform::time::parse_date(f, v)
                    }
                };
                let first = need("validStart", &self.valid_start)?;
                let last = need("validEnd", &self.valid_end)?;
                if last < first {
                    return Err(rule(
                        "validEnd",
                        "结束日期不能早于开始日期",
                        "the end date cannot be before the start date",
                    ));
                }
                Ok(())
            }
            validate_type::DAYS_AFTER_PURCHASE => {
                self.valid_start.clear();
                self.valid_end.clear();
                days("validDays", self.valid_days)
            }
            _ => {
                self.valid_start.clear();
                self.valid_end.clear();
                self.valid_days = 0;
                Ok(())
            }
        }
    }

    fn check_booking_limit(&mut self) -> Result<(), ApiError> {
        validate::one_of("limitTimeType", self.limit_time_type, limit_time::ALL)?;
        clock("limitTime", &self.limit_time)?;
        match self.limit_time_type {
            limit_time::SAME_DAY_BEFORE => {
                self.limit_days = 0;
                if self.limit_time.is_empty() {
                    return Err(rule(
                        "limitTime",
                        "请填写当天最晚预订时间",
                        "Please enter the latest booking time of the day",
                    ));
                }
                Ok(())
            }
            limit_time::DAYS_AHEAD => days("limitDays", self.limit_days),
            _ => {
                self.limit_days = 0;
                self.limit_time.clear();
                Ok(())
            }
        }
    }

    fn check_form(&mut self) -> Result<(), ApiError> {
        let mut seen = Vec::new();
        for (i, f) in self.form_fields.iter().enumerate() {
            validate::one_of(&format!("formFields[{i}]"), *f, form_field::ALL)?;
            if !seen.contains(f) {
                seen.push(*f);
            }
        }
        seen.sort_unstable();
        self.form_fields = seen;
        if !self.form_fields.contains(&form_field::MOBILE)
            && !self.form_fields.contains(&form_field::EMAIL)
        {
            return Err(rule(
                "formFields",
                "手机号和邮箱须至少填写一项",
                "the buyer's mobile or e-mail is required (one of the two)",
            ));
        }
        if self.delivery_type == delivery::EXPRESS
            && !self.form_fields.contains(&form_field::ADDRESS)
        {
            return Err(rule(
                "formFields",
                "快递配送须填写收货地址",
                "express delivery needs the buyer's delivery address",
            ));
        }
        if self.interface_id > 0 && !self.custom_fields.is_empty() {
            return Err(rule(
                "customFields",
                "接口产品不能设置自定义字段",
                "a product of an external interface cannot have custom fields",
            ));
        }
        if self.custom_fields.len() > MAX_CUSTOM_FIELDS {
            return Err(ApiError::invalid(
                "customFields",
                Text::new(
                    format!("自定义字段最多 {MAX_CUSTOM_FIELDS} 个"),
                    format!("at most {MAX_CUSTOM_FIELDS} custom fields"),
                ),
            ));
        }
        let mut names: Vec<String> = Vec::new();
        for (i, c) in self.custom_fields.iter_mut().enumerate() {
            c.name = c.name.trim().to_owned();
            validate::line(&format!("customFields[{i}].name"), &c.name, 1, 20)?;
            if names.contains(&c.name) {
                return Err(rule(
                    &format!("customFields[{i}].name"),
                    "自定义字段名称重复",
                    "two custom fields have this name",
                ));
            }
            names.push(c.name.clone());
            validate::one_of(
                &format!("customFields[{i}].fieldType"),
                c.field_type,
                FIELD_FORMS,
            )?;
            for o in c.options.iter_mut() {
                *o = o.trim().to_owned();
            }
            let options_ok = if c.field_type == FIELD_FORM_SELECT {
                (1..=20).contains(&c.options.len())
                    && c.options
                        .iter()
                        .all(|o| (1..=40).contains(&o.chars().count()))
            } else {
                c.options.is_empty()
            };
            if !options_ok {
                return Err(rule(
                    &format!("customFields[{i}].options"),
                    "下拉字段须有 1 到 20 个选项（每项 1 到 40 字），其他字段不设选项",
                    "a select field has 1 to 20 options of 1 to 40 characters; other fields none",
                ));
            }
        }
        Ok(())
    }

    fn check_purchase_limit(&mut self) -> Result<(), ApiError> {
        validate::one_of("limitGoodsType", self.limit_goods_type, limit_goods::ALL)?;
        if self.limit_goods_type == limit_goods::NONE {
            self.limit_num = 0;
            self.limit_by = 0;
            return Ok(());
        }
        if !(1..=MAX_LIMIT).contains(&self.limit_num) {
            return Err(ApiError::invalid(
                "limitNum",
                Text::new(
                    format!("限购数量为 1 到 {MAX_LIMIT}"),
                    format!("the purchase limit is 1 to {MAX_LIMIT}"),
                ),
            ));
        }
        if self.limit_goods_type != limit_goods::PER_CUSTOMER {
            self.limit_by = 0;
            return Ok(());
        }
        validate::one_of(
            "limitBy",
            self.limit_by,
            &[form_field::MOBILE, form_field::ID_NUMBER],
        )?;
        if !self.form_fields.contains(&self.limit_by) {
            return Err(rule(
                "limitBy",
                "按人限购须让购买人填写该项（手机号或证件号）",
                "a per-customer limit needs the buyer to fill in that field (mobile or ID number)",
            ));
        }
        Ok(())
    }

    /// Whether a person confirms the orders (every type but instant).
    pub fn needs_confirmation(&self) -> bool {
        self.confirm_type != CONFIRM_INSTANT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("expected a 412, got {other:?}"),
        }
    }

    fn form() -> TicketProductFields {
        serde_json::from_value(serde_json::json!({
            "productName": " West Lake boat, adult ",
            "scenicId": 7,
            "productType": 1,
            "formFields": [1, 2, 2],
        }))
        .unwrap()
    }

    #[test]
    fn a_good_form_is_normalised_with_the_defaults() {
        let mut f = form();
        f.check().unwrap();
        assert_eq!(f.product_name, "West Lake boat, adult");
        assert_eq!(f.form_fields, [1, 2]);
        assert_eq!(
            (f.delivery_type, f.voucher_type, f.validate_type),
            (1, 1, 2)
        );
        assert!(!f.needs_confirmation());
    }

    #[test]
    fn each_broken_rule_names_its_field() {
        type Edit = fn(&mut TicketProductFields);
        let cases: &[(&str, Edit)] = &[
            ("productName", |f| f.product_name = " ".into()),
            ("scenicId", |f| f.scenic_id = 0),
            ("productType", |f| f.product_type = 5),
            ("deliveryType", |f| f.delivery_type = 4),
            ("enterType", |f| f.enter_type = 0),
            ("voucherType", |f| f.voucher_type = 3),
            ("validateType", |f| f.validate_type = 0),
            ("validDays", |f| f.validate_type = 3),
            ("validEnd", |f| {
                f.validate_type = 1;
                f.valid_start = "2026-12-10".into();
                f.valid_end = "2026-12-01".into();
            }),
            ("limitTime", |f| f.limit_time_type = 1),
            ("limitDays", |f| f.limit_time_type = 2),
            ("limitTime", |f| f.limit_time = "25:00".into()),
            ("cancelDays", |f| f.cancel_type = 2),
            ("confirmType", |f| f.confirm_type = 3),
            ("formFields", |f| f.form_fields = vec![1, 3]),
            ("formFields[1]", |f| f.form_fields = vec![2, 9]),
            ("formFields", |f| f.delivery_type = delivery::EXPRESS),
            ("limitNum", |f| f.limit_goods_type = 1),
            ("limitBy", |f| {
                f.limit_goods_type = 2;
                f.limit_num = 2;
            }),
            ("limitBy", |f| {
                f.limit_goods_type = 2;
                f.limit_num = 2;
                f.limit_by = form_field::ID_NUMBER;
            }),
            ("customFields", |f| {
                f.interface_id = 3;
                f.custom_fields = vec![CustomField {
                    name: "Hotel".into(),
                    field_type: 1,
                    ..Default::default()
                }];
            }),
            ("customFields[0].options", |f| {
                f.custom_fields = vec![CustomField {
                    name: "Size".into(),
                    field_type: FIELD_FORM_SELECT,
                    ..Default::default()
                }];
            }),
            ("customFields[0].fieldType", |f| {
                f.custom_fields = vec![CustomField {
                    name: "Size".into(),
                    field_type: 9,
                    ..Default::default()
                }];
            }),
            ("smsText", |f| f.sms_text = "x".repeat(121)),
            ("images[0]", |f| f.images = vec!["nope".into()]),
        ];
        for (want, edit) in cases {
            let mut f = form();
            edit(&mut f);
            assert_eq!(field(f.check().unwrap_err()), *want);
        }
    }

    #[test]
    fn the_edges_pass() {
        let mut f = form();
        f.form_fields = vec![4, 5];
        f.delivery_type = delivery::EXPRESS;
        f.limit_goods_type = limit_goods::PER_CUSTOMER;
        f.limit_num = MAX_LIMIT;
        f.form_fields.push(form_field::ID_NUMBER);
        f.limit_by = form_field::ID_NUMBER;
        f.validate_type = validate_type::WITHIN_RANGE;
        f.valid_start = String::new();
        f.valid_end = String::new();
        f.sms_text = "字".repeat(120);
        f.custom_fields = vec![CustomField {
            name: "Size".into(),
            field_type: FIELD_FORM_SELECT,
            required: true,
            options: vec!["S".into(), "M".into()],
        }];
        f.check().unwrap();
        assert_eq!(f.form_fields, [3, 4, 5]);
        // A validity may run longer than a calendar change's 366 days; half a range is not one.
        let mut long = form();
        long.validate_type = validate_type::WITHIN_RANGE;
        long.valid_start = "2026-01-01".into();
        long.valid_end = "2028-12-31".into();
        long.check().unwrap();
        long.valid_end.clear();
        assert_eq!(field(long.check().unwrap_err()), "validEnd");
    }

    #[test]
    fn an_sms_within_60_characters_is_one_message() {
        assert_eq!(sms_parts("").unwrap(), [""]);
        let sixty = "票".repeat(60);
        assert_eq!(sms_parts(&sixty).unwrap(), std::slice::from_ref(&sixty));
        assert_eq!(sms_parts(&format!("  {sixty}  ")).unwrap().len(), 1);
    }

    #[test]
    fn a_longer_sms_is_split_in_two_of_at_most_60() {
        let text = format!("{}，{}", "甲".repeat(50), "乙".repeat(30));
        let parts = sms_parts(&text).unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(
            parts[0],
            format!("{}，", "甲".repeat(50)),
            "split after the comma"
        );
        assert_eq!(parts[1], "乙".repeat(30));
        // No break in the second half of the first 60: cut at 60 exactly.
        let plain = "a".repeat(61);
        let parts = sms_parts(&plain).unwrap();
        assert_eq!((parts[0].len(), parts[1].len()), (60, 1));
        for n in [61, 100, 120] {
            let parts = sms_parts(&"b".repeat(n)).unwrap();
            assert!(
                parts.iter().all(|p| p.chars().count() <= SMS_PART_MAX),
                "{n}"
            );
            assert_eq!(parts.concat().len(), n);
        }
        assert_eq!(field(sms_parts(&"c".repeat(121)).unwrap_err()), "smsText");
        // Words are kept whole when a blank allows it, even if that needs the whole 2nd part.
        let words = "word ".repeat(24);
        let parts = sms_parts(&words).unwrap();
        assert!(
            parts[0].ends_with("word") && parts[1].starts_with("word"),
            "{parts:?}"
        );
    }
}
