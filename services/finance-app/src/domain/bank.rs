//! The tenant's bank accounts (for receipts from distributors and payments to suppliers): what a
//! valid one is, and its states.

use platform::ApiError;
use serde::Deserialize;
use utoipa::ToSchema;

/// Bank account state: disabled (kept for the records that name it, offered no more).
pub const STATE_DISABLED: i32 = 0;
/// Bank account state: in use.
pub const STATE_ENABLED: i32 = 1;
pub const STATES: &[i32] = &[STATE_DISABLED, STATE_ENABLED];

pub const NAME_MAX: usize = 64;
pub const NO_MAX: usize = 40;
pub const REMARK_MAX: usize = 500;

/// What the tenant's finance staff write of a bank account (the body of `save`, and of `update`
/// beside its id).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankFields {
    /// The bank, 1 to 64 characters.
    pub bank_name: String,
    /// The account holder, 1 to 64 characters.
    pub account_name: String,
    /// The account number: 4 to 40 digits, spaces and dashes; unique in the tenant.
    pub account_no: String,
    /// The branch, if any.
    #[serde(default)]
    pub branch: String,
    /// ISO 4217 code, three capital letters; CNY when absent.
    #[serde(default = "cny")]
    pub currency: String,
    #[serde(default)]
    pub remark: String,
}

/// Whether money of a receipt (payment) in `currency` may be recorded as gone through the bank
/// account `bank` (its state and currency; `None`: no account of the tenant has that id): it
/// must be the tenant's, in use and in the settlement's currency. 412 naming `bankId`.
pub fn may_carry(bank: Option<(i32, &str)>, currency: &str) -> Result<(), ApiError> {
    let refuse =
        |zh: &'static str, en: &'static str| Err(ApiError::invalid_field("bankId", zh, en));
    match bank {
        None => refuse(
            "请选择本租户的银行账户",
            "names no bank account of the tenant",
        ),
        Some((state, _)) if state != STATE_ENABLED => {
            refuse("该银行账户已停用", "names a disabled bank account")
        }
        Some((_, c)) if c != currency => refuse(
            "银行账户的币种与结算单不同",
            "names a bank account in another currency than the receipt or payment",
        ),
        Some(_) => Ok(()),
    }
}

fn cny() -> String {
    "CNY".to_owned()
}

impl BankFields {
    /// Trims the texts (the account number loses its spaces) and checks every rule; the first
    /// broken one is a 412 naming its field.
    pub fn validated(mut self) -> Result<Self, ApiError> {
        self.bank_name = self.bank_name.trim().to_owned();
        self.account_name = self.account_name.trim().to_owned();
        self.account_no = self.account_no.chars().filter(|c| *c != ' ').collect();
        self.branch = self.branch.trim().to_owned();
        self.currency = self.currency.trim().to_owned();
        self.remark = self.remark.trim().to_owned();
        platform::validate::line("bankName", &self.bank_name, 1, NAME_MAX)?;
        platform::validate::line("accountName", &self.account_name, 1, NAME_MAX)?;
        let digits = self.account_no.chars().filter(char::is_ascii_digit).count();
        if !(4..=NO_MAX).contains(&self.account_no.len())
            || digits < 4
            || !self
                .account_no
                .chars()
                .all(|c| c.is_ascii_digit() || c == '-')
        {
            return Err(ApiError::invalid_field(
                "accountNo",
                "账号为 4 到 40 位数字",
                "an account number is 4 to 40 digits",
            ));
        }
        platform::validate::line("branch", &self.branch, 0, NAME_MAX)?;
        if self.currency.len() != 3 || !self.currency.chars().all(|c| c.is_ascii_uppercase()) {
            return Err(ApiError::invalid_field(
                "currency",
                "币种为三位大写字母代码",
                "a currency is a three-letter code",
            ));
        }
        platform::validate::text("remark", &self.remark, 0, REMARK_MAX)?;
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> BankFields {
        BankFields {
            bank_name: " ICBC ".into(),
            account_name: "Demo Travel".into(),
            account_no: "6222 0212 3456 7890".into(),
            currency: "CNY".into(),
            ..Default::default()
        }
    }

    fn field_of(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("expected a 412, got {other:?}"),
        }
    }

    #[test]
    fn money_goes_only_through_an_account_in_use_in_its_currency() {
        assert!(may_carry(Some((STATE_ENABLED, "CNY")), "CNY").is_ok());
        for bank in [
            None,
            Some((STATE_DISABLED, "CNY")),
            Some((STATE_ENABLED, "USD")),
        ] {
            assert_eq!(field_of(may_carry(bank, "CNY").unwrap_err()), "bankId");
        }
    }

    #[test]
    fn a_valid_account_is_trimmed_and_its_number_compacted() {
        let f = fields().validated().unwrap();
        assert_eq!(f.bank_name, "ICBC");
        assert_eq!(f.account_no, "6222021234567890");
    }

    #[test]
    fn each_broken_rule_names_its_field() {
        for (f, field) in [
            (
                BankFields {
                    bank_name: " ".into(),
                    ..fields()
                },
                "bankName",
            ),
            (
                BankFields {
                    account_name: String::new(),
                    ..fields()
                },
                "accountName",
            ),
            (
                BankFields {
                    account_no: "12a45".into(),
                    ..fields()
                },
                "accountNo",
            ),
            (
                BankFields {
                    account_no: "12".into(),
                    ..fields()
                },
                "accountNo",
            ),
            (
                BankFields {
                    currency: "yuan".into(),
                    ..fields()
                },
                "currency",
            ),
        ] {
            assert_eq!(field_of(f.validated().unwrap_err()), field);
        }
    }
}
