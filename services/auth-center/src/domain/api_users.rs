//! API users: the form, and the app keys and secrets they are given.

use platform::ApiError;
use platform::auth::CurrentUser;
use serde::Deserialize;
use utoipa::ToSchema;

use super::accounts::{API_TYPES, check_may_manage, check_range, check_tenant_type};
use super::password::random_secret;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiUserForm {
    /// Required by update only.
    #[serde(default)]
    pub id: Option<i64>,
    pub name: String,
    pub msc_type: i32,
    #[serde(default)]
    pub mch_id: i64,
    #[serde(default)]
    pub state: i32,
    #[serde(default)]
    pub remarks: String,
    /// On update: make a new secret (the old one stops working).
    #[serde(default)]
    pub reset_secret: bool,
}

impl ApiUserForm {
    pub fn check(&self, me: &CurrentUser) -> Result<(), ApiError> {
        platform::validate::line("name", self.name.trim(), 1, 64)?;
        check_range("mscType", self.msc_type, API_TYPES)?;
        check_range("state", self.state, &[0, 2])?;
        check_may_manage(me, self.msc_type, self.mch_id)?;
        // API users act for a tenant: the platform's own has none.
        check_tenant_type(me.saas_id, self.msc_type)
    }

    /// Checks a form that changes an API user; answers its id.
    pub fn check_update(&self, me: &CurrentUser) -> Result<i64, ApiError> {
        let id = self.id.ok_or_else(|| {
            ApiError::invalid_field("id", "请选择接口用户", "Please select the API user")
        })?;
        self.check(me)?;
        Ok(id)
    }

    /// The form as it is stored: the name without the blanks around it.
    pub fn trimmed(mut self) -> Self {
        self.name = self.name.trim().to_owned();
        self
    }

    /// The change's name in the user action log.
    pub fn update_action(&self) -> &'static str {
        if self.reset_secret {
            "api-user.reset-secret"
        } else {
            "api-user.update"
        }
    }
}

/// A new app key: `tw` and lower-case letters and digits.
pub fn new_app_key() -> anyhow::Result<String> {
    Ok(format!(
        "tw{}",
        random_secret(12)?
            .to_ascii_lowercase()
            .replace(['-', '_'], "")
    ))
}

/// A new app secret, shown once and kept only as its hash.
pub fn new_secret() -> anyhow::Result<String> {
    random_secret(24)
}
