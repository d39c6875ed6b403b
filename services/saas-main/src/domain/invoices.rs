//! Invoices of top-ups: what a tenant's request must say, which top-ups it may cover, and what
//! the platform's issue must give. The balance log's states 2 invoicing and 3 invoiced are an
//! invoice's too: a top-up's row follows its invoice.
//!
//! A request can also end without an invoice (states of ours, the spec has none): withdrawn by
//! the tenant (4) or refused by the platform with a reason (5); its top-ups become successful
//! top-ups on no invoice again.
//!
//! The spec names only the states; the fields follow what a Chinese VAT invoice asks of the
//! buyer (发票抬头, 纳税人识别号; for a special invoice also the address and telephone, and
//! the bank and account), see docs/boss.md.

use platform::ApiError;
use platform::i18n::Text;
use platform::validate;

use super::boss::{LOG_SUCCESS, LOG_TOP_UP};

/// The balance log's states an invoice moves its top-ups through.
pub const INVOICING: i32 = 2;
pub const INVOICED: i32 = 3;
/// Withdrawn by the tenant while invoicing.
pub const WITHDRAWN: i32 = 4;
/// Refused by the platform while invoicing, with its reason.
pub const REFUSED: i32 = 5;
pub const STATES: [i32; 4] = [INVOICING, INVOICED, WITHDRAWN, REFUSED];

/// The longest refusal reason.
pub const MAX_REASON: usize = 200;

/// 1 ordinary VAT invoice (增值税普通发票), 2 special VAT invoice (增值税专用发票).
pub const ORDINARY: i32 = 1;
pub const SPECIAL: i32 = 2;
pub const TYPES: [i32; 2] = [ORDINARY, SPECIAL];

/// The most top-ups one invoice covers.
pub const MAX_LOGS: usize = 100;

/// What a tenant asks to be invoiced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InvoiceRequest {
    pub log_ids: Vec<i64>,
    pub invoice_type: i32,
    pub title: String,
    pub tax_no: String,
    pub email: String,
    pub address_phone: String,
    pub bank_account: String,
    pub remarks: String,
}

impl InvoiceRequest {
    /// Trims and checks every field; the tax number is kept in capitals. Whether the top-ups
    /// are the tenant's and not yet invoiced is [`check_logs`]'s, over the rows.
    pub fn check(mut self) -> Result<Self, ApiError> {
        if self.log_ids.is_empty() || self.log_ids.len() > MAX_LOGS {
            return Err(ApiError::invalid(
                "logIds",
                Text::new(
                    format!("请选择 1 到 {MAX_LOGS} 笔充值"),
                    format!("choose 1 to {MAX_LOGS} top-ups"),
                ),
            ));
        }
        let mut seen = self.log_ids.clone();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != self.log_ids.len() {
            return Err(ApiError::invalid_field(
                "logIds",
                "同一笔充值只能选一次",
                "a top-up is chosen more than once",
            ));
        }
        validate::one_of("invoiceType", self.invoice_type, &TYPES)?;
        self.title = self.title.trim().to_owned();
        validate::line("title", &self.title, 1, 100)?;
        self.tax_no = self.tax_no.trim().to_ascii_uppercase();
        check_tax_no(&self.tax_no)?;
        self.email = self.email.trim().to_owned();
        validate::line("email", &self.email, 1, 100)?;
        validate::email("email", &self.email)?;
        self.address_phone = self.address_phone.trim().to_owned();
        self.bank_account = self.bank_account.trim().to_owned();
        // A special invoice lets the buyer deduct its VAT: the law asks for both on it.
        let min = usize::from(self.invoice_type == SPECIAL);
        validate::line("addressPhone", &self.address_phone, min, 200)?;
        validate::line("bankAccount", &self.bank_account, min, 200)?;
        self.remarks = self.remarks.trim().to_owned();
        validate::text("remarks", &self.remarks, 0, 200)?;
        Ok(self)
    }
}

/// A taxpayer identification number: 15, 17, 18 or 20 capital letters and digits (the unified
/// social credit code has 18; older numbers 15, 17 or 20).
pub fn check_tax_no(tax_no: &str) -> Result<(), ApiError> {
    let shaped = matches!(tax_no.len(), 15 | 17 | 18 | 20)
        && tax_no
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_ascii_uppercase());
    if shaped {
        Ok(())
    } else {
        Err(ApiError::invalid_field(
            "taxNo",
            "纳税人识别号为 15、17、18 或 20 位字母和数字",
            "a taxpayer number has 15, 17, 18 or 20 letters and digits",
        ))
    }
}

/// One of the rows a request names, as the tenant's log holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    pub id: i64,
    pub log_type: i32,
    pub state: i32,
    pub amount: i64,
}

/// The amount an invoice over `asked` would carry, when every one of them is a successful
/// top-up of the tenant's (`found` holds the tenant's rows among them) not already on an
/// invoice; otherwise a 412 on logIds naming the first that is not.
pub fn check_logs(asked: &[i64], found: &[Candidate]) -> Result<i64, ApiError> {
    let mut total = 0i64;
    for id in asked {
        let Some(row) = found.iter().find(|c| c.id == *id) else {
            // Another tenant's top-up is as unknown as one that does not exist.
            return Err(ApiError::invalid(
                "logIds",
                Text::new(
                    format!("充值记录 {id} 不存在"),
                    format!("top-up {id} does not exist"),
                ),
            ));
        };
        if row.log_type != LOG_TOP_UP {
            return Err(ApiError::invalid(
                "logIds",
                Text::new(
                    format!("记录 {id} 不是充值，不能开票"),
                    format!("record {id} is not a top-up and cannot be invoiced"),
                ),
            ));
        }
        if row.state != LOG_SUCCESS {
            return Err(ApiError::invalid(
                "logIds",
                Text::new(
                    format!("充值 {id} 已开票或正在开票"),
                    format!("top-up {id} is invoiced or being invoiced already"),
                ),
            ));
        }
        total += row.amount;
    }
    Ok(total)
}

/// The number of the issued invoice: 8 to 20 digits (8 on a classic invoice, 20 on a fully
/// digital one).
pub fn check_invoice_no(no: &str) -> Result<String, ApiError> {
    let no = no.trim();
    if (8..=20).contains(&no.len()) && no.chars().all(|c| c.is_ascii_digit()) {
        Ok(no.to_owned())
    } else {
        Err(ApiError::invalid_field(
            "invoiceNo",
            "发票号码为 8 到 20 位数字",
            "an invoice number has 8 to 20 digits",
        ))
    }
}

/// Only an invoice being invoiced can be issued (a second issue would overwrite the number; a
/// withdrawn or refused request has given its top-ups back).
pub fn check_issuable(state: i32) -> Result<(), ApiError> {
    check_closable(state)
}

/// The refusal of a second issue.
fn already_issued() -> ApiError {
    ApiError::Rule {
        code: "invoice-issued",
        msg: Text::fixed("该发票已开具", "This invoice is issued already"),
    }
}

/// Only an invoice being invoiced can be withdrawn or refused: an issued one exists in the tax
/// system, and a closed one is closed.
pub fn check_closable(state: i32) -> Result<(), ApiError> {
    match state {
        INVOICING => Ok(()),
        INVOICED => Err(already_issued()),
        _ => Err(already_closed()),
    }
}

/// The refusal of a second withdrawal or refusal.
pub fn already_closed() -> ApiError {
    ApiError::Rule {
        code: "invoice-closed",
        msg: Text::fixed(
            "该开票申请已撤回或被拒绝",
            "This invoice request is withdrawn or refused already",
        ),
    }
}

/// The platform's reason for refusing a request, shown to the tenant: 1 to 200 characters.
pub fn check_reason(reason: &str) -> Result<String, ApiError> {
    let reason = reason.trim();
    validate::text("reason", reason, 1, MAX_REASON)?;
    Ok(reason.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> InvoiceRequest {
        InvoiceRequest {
            log_ids: vec![1, 2],
            invoice_type: ORDINARY,
            title: " Demo Travel Ltd ".into(),
            tax_no: "91330100ma2b3c4d5e".into(),
            email: "finance@demo.com".into(),
            ..InvoiceRequest::default()
        }
    }

    fn field(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("not a field error: {other}"),
        }
    }

    #[test]
    fn a_request_is_trimmed_and_checked_field_by_field() {
        let ok = request().check().unwrap();
        assert_eq!(ok.title, "Demo Travel Ltd");
        assert_eq!(ok.tax_no, "91330100MA2B3C4D5E");
        type Spoil = fn(&mut InvoiceRequest);
        let cases: [(&str, Spoil); 10] = [
            ("logIds", |r| r.log_ids.clear()),
            ("logIds", |r| r.log_ids = vec![3, 3]),
            ("logIds", |r| r.log_ids = (0..101).collect()),
            ("invoiceType", |r| r.invoice_type = 3),
            ("title", |r| r.title = "  ".into()),
            ("taxNo", |r| r.tax_no = "1234567890123456".into()),
            ("taxNo", |r| r.tax_no = "91330100MA2B3C4D5-".into()),
            ("email", |r| r.email = "nobody".into()),
            // A special invoice needs the address and the bank.
            ("addressPhone", |r| r.invoice_type = SPECIAL),
            ("remarks", |r| r.remarks = "x".repeat(201)),
        ];
        for (name, spoil) in cases {
            let mut r = request();
            spoil(&mut r);
            assert_eq!(field(r.check().unwrap_err()), name);
        }
        let special = InvoiceRequest {
            invoice_type: SPECIAL,
            address_phone: "1 Lake Road, Hangzhou 0571-88886666".into(),
            bank_account: "ICBC Hangzhou 1202020209900012345".into(),
            ..request()
        };
        assert!(special.check().is_ok());
    }

    #[test]
    fn only_the_tenants_own_successful_top_ups_are_invoiced_once() {
        let top_up = |id, state| Candidate {
            id,
            log_type: LOG_TOP_UP,
            state,
            amount: id * 100,
        };
        let found = [
            top_up(1, LOG_SUCCESS),
            top_up(2, LOG_SUCCESS),
            top_up(3, INVOICING),
        ];
        assert_eq!(check_logs(&[1, 2], &found).unwrap(), 300);
        // Not found (another tenant's or none), invoicing already, a purchase.
        assert!(check_logs(&[1, 9], &found).is_err());
        assert!(check_logs(&[3], &found).is_err());
        let purchase = Candidate {
            log_type: super::super::boss::LOG_CONSUMPTION,
            ..top_up(4, LOG_SUCCESS)
        };
        assert!(check_logs(&[4], &[purchase]).is_err());
    }

    #[test]
    fn issuing_needs_a_number_and_an_open_invoice() {
        assert_eq!(check_invoice_no(" 12345678 ").unwrap(), "12345678");
        assert!(check_invoice_no("1234567").is_err());
        assert!(check_invoice_no(&"1".repeat(21)).is_err());
        assert!(check_invoice_no("1234567A").is_err());
        assert!(check_issuable(INVOICING).is_ok());
        assert!(check_issuable(INVOICED).is_err());
        assert!(check_issuable(REFUSED).is_err());
    }

    fn rule(e: ApiError) -> &'static str {
        match e {
            ApiError::Rule { code, .. } => code,
            other => panic!("not a rule: {other}"),
        }
    }

    #[test]
    fn only_a_request_being_invoiced_is_withdrawn_or_refused_with_a_reason() {
        assert!(check_closable(INVOICING).is_ok());
        assert_eq!(
            rule(check_closable(INVOICED).unwrap_err()),
            "invoice-issued"
        );
        assert_eq!(
            rule(check_closable(WITHDRAWN).unwrap_err()),
            "invoice-closed"
        );
        assert_eq!(rule(check_closable(REFUSED).unwrap_err()), "invoice-closed");
        assert_eq!(
            check_reason("  wrong tax number ").unwrap(),
            "wrong tax number"
        );
        assert_eq!(field(check_reason("   ").unwrap_err()), "reason");
        assert_eq!(field(check_reason(&"x".repeat(201)).unwrap_err()), "reason");
        assert!(check_reason(&"税".repeat(200)).is_ok());
    }
}
