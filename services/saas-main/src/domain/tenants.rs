//! Tenants (SaaS info): the fields an administrator edits and the rules a save must meet.

use platform::ApiError;
use platform::i18n::Text;
use platform::validate;
use serde::Deserialize;
use utoipa::ToSchema;

pub const TENANT_PENDING: i32 = 0;
pub const TENANT_NORMAL: i32 = 1;
pub const TENANT_STOPPED: i32 = 2;

/// The fields of a tenant an administrator edits.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantFields {
    pub saas_name: String,
    #[serde(default)]
    pub saas_logo: String,
    #[serde(default)]
    pub company_name: String,
    /// 0-6.
    #[serde(default)]
    pub pay_mode: i32,
    /// 3-20 per thousand.
    pub pay_service_fee: i32,
    /// 0-10 or 15-100 per thousand.
    #[serde(default)]
    pub credit_fee: i32,
    pub currency: String,
    /// zh-cn or en.
    pub language: String,
    #[serde(default)]
    pub contact_name: String,
    #[serde(default)]
    pub contact_mobile: String,
    #[serde(default)]
    pub contact_email: String,
    #[serde(default)]
    pub domain: String,
    /// ms since the epoch.
    pub saas_expire_date: i64,
    /// 0 pending, 1 normal, 2 stopped.
    pub state: i32,
    /// 0 standard, 1 trial.
    #[serde(default)]
    pub saas_type: i32,
    #[serde(default)]
    pub remarks: String,
}

/// Merchants are held to the same currency codes as tenants.
pub(super) fn currency(field: &str, value: &str) -> Result<(), ApiError> {
    if value.len() == 3 && value.bytes().all(|b| b.is_ascii_uppercase()) {
        return Ok(());
    }
    Err(ApiError::invalid(
        field,
        Text::fixed(
            "币种为 3 位大写字母代码，如 CNY",
            "a 3-letter currency code such as CNY",
        ),
    ))
}

fn domain(value: &str) -> Result<(), ApiError> {
    let ok = value.is_empty()
        || (value.len() <= 253
            && value.contains('.')
            && value.split('.').all(|l| {
                !l.is_empty()
                    && l.len() <= 63
                    && !l.starts_with('-')
                    && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            }));
    if ok {
        Ok(())
    } else {
        Err(ApiError::invalid(
            "domain",
            Text::fixed("域名格式错误", "not a domain name"),
        ))
    }
}

/// Credit fee options: 0 to 10, then 15 to 100 per thousand.
pub fn credit_fee_allowed(fee: i32) -> bool {
    (0..=10).contains(&fee) || (15..=100).contains(&fee)
}

impl TenantFields {
    pub fn check(&mut self) -> Result<(), ApiError> {
        self.saas_name = self.saas_name.trim().to_owned();
        validate::line("saasName", &self.saas_name, 1, 64)?;
        validate::line("companyName", &self.company_name, 0, 128)?;
        validate::one_of("payMode", self.pay_mode, &[0, 1, 2, 3, 4, 5, 6])?;
        if !(3..=20).contains(&self.pay_service_fee) {
            return Err(ApiError::invalid(
                "payServiceFee",
                Text::fixed("只能是千分之 3 到 20", "must be 3 to 20 per thousand"),
            ));
        }
        if !credit_fee_allowed(self.credit_fee) {
            return Err(ApiError::invalid(
                "creditFee",
                Text::fixed(
                    "只能是千分之 0 到 10 或 15 到 100",
                    "must be 0 to 10 or 15 to 100 per thousand",
                ),
            ));
        }
        currency("currency", &self.currency)?;
        validate::one_of("language", self.language.as_str(), &["zh-cn", "en"])?;
        validate::phone("contactMobile", self.contact_mobile.trim())?;
        validate::email("contactEmail", self.contact_email.trim())?;
        domain(self.domain.trim())?;
        if self.saas_expire_date <= 0 {
            return Err(ApiError::invalid(
                "saasExpireDate",
                Text::fixed("请选择到期日期", "Please select the expiry date"),
            ));
        }
        validate::one_of(
            "state",
            self.state,
            &[TENANT_PENDING, TENANT_NORMAL, TENANT_STOPPED],
        )?;
        validate::one_of("saasType", self.saas_type, &[0, 1])?;
        validate::text("remarks", &self.remarks, 0, 500)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fee_options() {
        assert!(
            credit_fee_allowed(0)
                && credit_fee_allowed(10)
                && credit_fee_allowed(15)
                && credit_fee_allowed(100)
        );
        assert!(!credit_fee_allowed(11) && !credit_fee_allowed(14) && !credit_fee_allowed(101));
        assert!(domain("demo.example.com").is_ok());
        assert!(domain("nodot").is_err());
        assert!(currency("c", "CNY").is_ok());
        assert!(currency("c", "cny").is_err());
    }
}
