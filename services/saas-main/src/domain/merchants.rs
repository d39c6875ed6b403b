//! Suppliers and distributors of a tenant: the fields the tenant's administrator edits and the
//! rules a save must meet.

use platform::i18n::Text;
use platform::{ApiError, Viewer, validate};
use serde::Deserialize;
use utoipa::ToSchema;

use super::tenants::currency;

pub const SUPPLIER: i32 = platform::tenancy::MCH_SUPPLIER;
pub const DISTRIBUTOR: i32 = platform::tenancy::MCH_DISTRIBUTOR;
/// The state of a deleted merchant: kept for the records, no longer a merchant of the tenant.
pub const DELETED: i32 = -1;

/// Whose merchants of `mch_type` the viewer picks from in a select box. A supplier sets prices
/// and allots stock per distributor, so its users pick from the tenant's distributors (ids and
/// names only); any other merchant's user sees its own merchant, the tenant's staff all.
pub fn select_scope(viewer: &Viewer, mch_type: i32) -> Viewer {
    if mch_type == DISTRIBUTOR && viewer.supplier().is_some() {
        Viewer::tenant(viewer.saas_id)
    } else {
        *viewer
    }
}

/// The fields of a merchant a tenant's administrator edits. Its credit is not among them:
/// finance-app owns the credit accounts (its finance staff set the limits, with a reason) and
/// saas-main shows a copy of their figures (`store::merchants::copy_credit`).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
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
    /// Read-only here: finance-app's figure, echoed back as loaded is taken, a different one
    /// is a 412 (rather than ignore a limit the client believes it set).
    #[serde(default)]
    #[schema(ignore)]
    pub credit_permanent: Option<i64>,
    #[serde(default)]
    #[schema(ignore)]
    pub credit_temporary: Option<i64>,
}

impl MerchantFields {
    /// Refuses credit figures other than the merchant's current ones (a new merchant's: 0).
    pub fn keep_credit(&self, permanent: i64, temporary: i64) -> Result<(), ApiError> {
        for (field, sent, current) in [
            ("creditPermanent", self.credit_permanent, permanent),
            ("creditTemporary", self.credit_temporary, temporary),
        ] {
            if sent.is_some_and(|v| v != current) {
                return Err(ApiError::invalid_field(
                    field,
                    "分销商的授信额度在财务 › 授信额度中设置",
                    "a distributor's credit is set in Finance › Credit limits \
                     (PUT /saas/finance/credit/update)",
                ));
            }
        }
        Ok(())
    }

    pub fn check(&mut self) -> Result<(), ApiError> {
        self.mch_name = self.mch_name.trim().to_owned();
        validate::line("mchName", &self.mch_name, 1, 64)?;
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
        validate::one_of("state", self.state, &[0, 1, 2])?;
        validate::text("remarks", &self.remarks, 0, 500)
    }
}

#[cfg(test)]
mod tests {
    use platform::tenancy::MerchantKind;

    use super::*;

    #[test]
    fn a_supplier_picks_from_the_tenants_distributors() {
        let supplier = Viewer::merchant(7, 42, MerchantKind::Supplier);
        assert_eq!(select_scope(&supplier, DISTRIBUTOR), Viewer::tenant(7));
        assert_eq!(select_scope(&supplier, SUPPLIER), supplier);
    }

    #[test]
    fn credit_is_echoed_but_never_changed_by_a_merchants_save() {
        let mut f: MerchantFields = serde_json::from_value(serde_json::json!({
            "mchName": "D", "currency": "CNY", "language": "en", "state": 1
        }))
        .unwrap();
        assert!(f.keep_credit(500, 100).is_ok(), "not sent");
        f.credit_permanent = Some(500);
        f.credit_temporary = Some(100);
        assert!(f.keep_credit(500, 100).is_ok(), "echoed as loaded");
        f.credit_temporary = Some(0);
        match f.keep_credit(500, 100).unwrap_err() {
            ApiError::Invalid { field, .. } => assert_eq!(field, "creditTemporary"),
            other => panic!("{other}"),
        }
        assert!(f.keep_credit(500, 0).is_ok());
    }

    #[test]
    fn others_pick_from_what_they_see() {
        let distributor = Viewer::merchant(7, 43, MerchantKind::Distributor);
        for kind in [SUPPLIER, DISTRIBUTOR] {
            assert_eq!(select_scope(&distributor, kind), distributor);
            assert_eq!(select_scope(&Viewer::tenant(7), kind), Viewer::tenant(7));
        }
    }
}
