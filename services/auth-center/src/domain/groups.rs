//! Permission groups: the form, the shape of a grant, and who may grant what.

use platform::ApiError;
use platform::auth::access;
use platform::i18n::Text;
use serde::Deserialize;
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupForm {
    /// Required by update only.
    #[serde(default)]
    pub id: Option<i64>,
    pub name: String,
    #[serde(default)]
    pub remarks: String,
    #[serde(default)]
    pub perm_codes: Vec<String>,
}

impl GroupForm {
    /// The group an update changes.
    pub fn checked_id(&self) -> Result<i64, ApiError> {
        self.id
            .ok_or_else(|| ApiError::invalid_field("id", "请选择权限组", "Please select the group"))
    }

    /// The name as it is stored, if valid.
    pub fn checked_name(&self) -> Result<&str, ApiError> {
        let name = self.name.trim();
        platform::validate::line("name", name, 1, 64)?;
        Ok(name)
    }

    /// The codes the group grants, each once and in order, if the granter (of `msc_type`,
    /// holding `held` through its groups) may grant every one: nobody hands out rights they do
    /// not have, and platform codes are never granted by a group.
    pub fn checked_codes(&self, msc_type: i32, held: &[String]) -> Result<Vec<String>, ApiError> {
        let mut codes: Vec<String> = self
            .perm_codes
            .iter()
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty())
            .collect();
        codes.sort();
        codes.dedup();
        for code in &codes {
            check_grant_shape(code)?;
            if access::is_platform_code(code) || !access::holds(msc_type, held, code) {
                return Err(ApiError::invalid(
                    "permCodes",
                    Text::new(
                        format!("无权授予 {code}"),
                        format!("you cannot grant {code}"),
                    ),
                ));
            }
        }
        Ok(codes)
    }
}

/// Whether a group entry is well-formed: a code `/a/b/c/d:METHOD` or a subtree `/saas/.../**`.
pub fn check_grant_shape(grant: &str) -> Result<(), ApiError> {
    let ok = if let Some(prefix) = grant.strip_suffix("**") {
        prefix.starts_with("/saas/") && prefix.ends_with('/')
    } else {
        grant.split_once(':').is_some_and(|(path, method)| {
            path.starts_with('/') && ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(&method)
        })
    };
    if ok {
        Ok(())
    } else {
        Err(ApiError::invalid(
            "permCodes",
            Text::new(
                format!("{grant} 不是权限编码"),
                format!("{grant} is not a permission code"),
            ),
        ))
    }
}

/// Whether the catalogue shows `code` to the caller: platform codes only to platform
/// administrators, who alone hold them.
pub fn shown_in_catalogue(platform_admin: bool, code: &str) -> bool {
    platform_admin || !access::is_platform_code(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grant_shapes() {
        assert!(check_grant_shape("/saas/order/hotelOrders/list:GET").is_ok());
        assert!(check_grant_shape("/saas/order/**").is_ok());
        assert!(check_grant_shape("/**").is_err());
        assert!(check_grant_shape("/saas/order/hotelOrders/list").is_err());
        assert!(check_grant_shape("/saas/x:FETCH").is_err());
    }
}
