//! Tenants (SaaS info) and merchants: their fields and the rules a save must meet.

use diesel::prelude::*;
use platform::ApiError;
use platform::i18n::Text;
use platform::validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::schema::{merchants, tenants};

pub const TENANT_PENDING: i32 = 0;
pub const TENANT_NORMAL: i32 = 1;
pub const TENANT_STOPPED: i32 = 2;

pub const SUPPLIER: i32 = 1;
pub const DISTRIBUTOR: i32 = 2;

/// The fields of a tenant an administrator edits.
#[derive(Debug, Clone, Deserialize, ToSchema, Insertable, AsChangeset)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = tenants)]
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

/// A tenant as the pages show it.
#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = tenants)]
pub struct Tenant {
    pub saas_id: i64,
    pub saas_name: String,
    pub saas_logo: String,
    pub company_name: String,
    pub pay_mode: i32,
    pub pay_service_fee: i32,
    pub credit_fee: i32,
    pub currency: String,
    pub language: String,
    pub contact_name: String,
    pub contact_mobile: String,
    pub contact_email: String,
    pub domain: String,
    pub saas_expire_date: i64,
    pub state: i32,
    pub saas_type: i32,
    pub remarks: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

fn currency(field: &str, value: &str) -> Result<(), ApiError> {
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
        validate::length("saasName", &self.saas_name, 1, 64)?;
        validate::length("companyName", &self.company_name, 0, 128)?;
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
        validate::length("remarks", &self.remarks, 0, 500)
    }
}

/// The fields of a merchant a tenant's administrator edits (the used credit is finance's).
#[derive(Debug, Clone, Deserialize, ToSchema, Insertable, AsChangeset)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = merchants)]
pub struct MerchantFields {
    pub mch_name: String,
    /// Price level, 0 (the default) to 9.
    #[serde(default)]
    pub grade: i32,
    #[serde(default)]
    pub contact_name: String,
    #[serde(default)]
    pub contact_mobile: String,
    #[serde(default)]
    pub contact_email: String,
    #[serde(default)]
    pub is_whitelist: bool,
    pub currency: String,
    pub language: String,
    /// 0-4 or 9 per thousand.
    #[serde(default)]
    pub withdraw_fee: i32,
    #[serde(default)]
    pub is_withdraw: bool,
    /// 0-100 percent, in steps of 10.
    #[serde(default)]
    pub withdraw_limit: i32,
    #[serde(default)]
    pub is_confirm_order: bool,
    #[serde(default)]
    pub is_display_stock: bool,
    #[serde(default)]
    pub price_codex_purchase: String,
    #[serde(default)]
    pub price_codex_distribution: String,
    #[serde(default)]
    pub price_codex_retail: String,
    /// fen.
    #[serde(default)]
    pub credit_permanent: i64,
    /// fen.
    #[serde(default)]
    pub credit_temporary: i64,
    /// Supplier order management allowed.
    #[serde(default)]
    pub supplier_order_manage: bool,
    /// Supplier pre-sale products visible.
    #[serde(default)]
    pub presale_visible: bool,
    /// Group products may be bought.
    #[serde(default)]
    pub group_purchase: bool,
    /// 0 pending, 1 normal, 2 stopped.
    pub state: i32,
    #[serde(default)]
    pub remarks: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = merchants)]
pub struct Merchant {
    pub mch_id: i64,
    pub saas_id: i64,
    /// 1 supplier, 2 distributor.
    pub mch_type: i32,
    pub mch_name: String,
    pub grade: i32,
    pub contact_name: String,
    pub contact_mobile: String,
    pub contact_email: String,
    pub is_whitelist: bool,
    pub currency: String,
    pub language: String,
    pub withdraw_fee: i32,
    pub is_withdraw: bool,
    pub withdraw_limit: i32,
    pub is_confirm_order: bool,
    pub is_display_stock: bool,
    pub price_codex_purchase: String,
    pub price_codex_distribution: String,
    pub price_codex_retail: String,
    pub credit_used: i64,
    pub credit_permanent: i64,
    pub credit_temporary: i64,
    pub supplier_order_manage: bool,
    pub presale_visible: bool,
    pub group_purchase: bool,
    pub state: i32,
    pub remarks: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

impl MerchantFields {
    pub fn check(&mut self) -> Result<(), ApiError> {
        self.mch_name = self.mch_name.trim().to_owned();
        validate::length("mchName", &self.mch_name, 1, 64)?;
        validate::one_of("grade", self.grade, &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9])?;
        validate::phone("contactMobile", self.contact_mobile.trim())?;
        validate::email("contactEmail", self.contact_email.trim())?;
        currency("currency", &self.currency)?;
        validate::one_of("language", self.language.as_str(), &["zh-cn", "en"])?;
        validate::one_of("withdrawFee", self.withdraw_fee, &[0, 1, 2, 3, 4, 9])?;
        if !(0..=100).contains(&self.withdraw_limit) || self.withdraw_limit % 10 != 0 {
            return Err(ApiError::invalid(
                "withdrawLimit",
                Text::fixed(
                    "只能是 0 到 100，以 10 为步长",
                    "must be 0 to 100 in steps of 10",
                ),
            ));
        }
        for (field, amount) in [
            ("creditPermanent", self.credit_permanent),
            ("creditTemporary", self.credit_temporary),
        ] {
            if amount < 0 {
                return Err(ApiError::invalid(
                    field,
                    Text::fixed("不能为负数", "cannot be negative"),
                ));
            }
        }
        validate::one_of("state", self.state, &[0, 1, 2])?;
        validate::length("remarks", &self.remarks, 0, 500)
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
