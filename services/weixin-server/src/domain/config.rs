//! Configurations of official accounts (mp) and mini-programs (ma): what the tenant's staff
//! write, and the rules each field follows. Secrets are write-only: an empty secret on a change
//! keeps the stored one.

use std::collections::BTreeMap;

use platform::ApiError;
use serde::Deserialize;
use utoipa::ToSchema;

/// An official account (`mp/config`).
pub const KIND_MP: i32 = 1;
/// A mini-program (`ma/config`).
pub const KIND_MA: i32 = 2;

pub const STATE_ENABLED: i32 = 1;
pub const STATE_DISABLED: i32 = 2;
pub const STATES: &[i32] = &[STATE_ENABLED, STATE_DISABLED];

pub const NAME_MAX: usize = 64;

/// What the staff write of a configuration (the body of `save` and, with its id, `update`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigFields {
    /// 1 to 64 characters.
    pub name: String,
    /// WeChat's AppID: `wx` and 16 letters or digits (unique per kind in the tenant).
    pub app_id: String,
    /// The AppSecret (32 letters or digits). Required when adding; empty on a change keeps it.
    #[serde(default)]
    pub app_secret: String,
    /// The message token of the server settings (3 to 32 letters or digits). Required when
    /// adding an official account; empty on a change keeps it.
    #[serde(default)]
    pub token: String,
    /// The EncodingAESKey (43 letters or digits), or empty.
    #[serde(default)]
    pub encoding_aes_key: String,
    /// 1 enabled, 2 disabled.
    #[serde(default = "enabled")]
    pub state: i32,
    /// WeChat template ids by notification type (`{"10": "tmplId"}`); absent on a change keeps
    /// the stored ones.
    #[serde(default)]
    pub templates: Option<BTreeMap<String, String>>,
}

fn enabled() -> i32 {
    STATE_ENABLED
}

fn alnum(s: &str) -> bool {
    s.chars().all(|c| c.is_ascii_alphanumeric())
}

impl ConfigFields {
    /// Trims the texts and checks every rule for a configuration of `kind`; `adding` requires
    /// the secrets. The first broken rule is a 412 naming its field.
    pub fn validated(mut self, kind: i32, adding: bool) -> Result<Self, ApiError> {
        self.name = self.name.trim().to_owned();
        self.app_id = self.app_id.trim().to_owned();
        self.app_secret = self.app_secret.trim().to_owned();
        self.token = self.token.trim().to_owned();
        self.encoding_aes_key = self.encoding_aes_key.trim().to_owned();
        platform::validate::line("name", &self.name, 1, NAME_MAX)?;
        if !(self.app_id.len() == 18 && self.app_id.starts_with("wx") && alnum(&self.app_id)) {
            return Err(ApiError::invalid_field(
                "appId",
                "AppID 为 wx 开头的 18 位字母或数字",
                "must be wx followed by 16 letters or digits",
            ));
        }
        if (adding || !self.app_secret.is_empty())
            && !(self.app_secret.len() == 32 && alnum(&self.app_secret))
        {
            return Err(ApiError::invalid_field(
                "appSecret",
                "AppSecret 为 32 位字母或数字",
                "must be 32 letters or digits",
            ));
        }
        let token_needed = adding && kind == KIND_MP;
        if (token_needed || !self.token.is_empty())
            && !((3..=32).contains(&self.token.len()) && alnum(&self.token))
        {
            return Err(ApiError::invalid_field(
                "token",
                "令牌为 3 到 32 位字母或数字",
                "must be 3 to 32 letters or digits",
            ));
        }
        let aes_ok = self.encoding_aes_key.is_empty()
            || (self.encoding_aes_key.len() == 43 && alnum(&self.encoding_aes_key));
        if !aes_ok {
            return Err(ApiError::invalid_field(
                "encodingAesKey",
                "消息加解密密钥为 43 位字母或数字",
                "must be 43 letters or digits",
            ));
        }
        platform::validate::one_of("state", self.state, STATES)?;
        if let Some(t) = self.templates.take() {
            self.templates = Some(super::template::validated(t)?);
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> ConfigFields {
        ConfigFields {
            name: " Demo account ".into(),
            app_id: "wx0123456789abcdef".into(),
            app_secret: "0123456789abcdef0123456789abcdef".into(),
            token: "tradewind".into(),
            encoding_aes_key: String::new(),
            state: STATE_ENABLED,
            templates: None,
        }
    }

    fn field_of(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("expected a 412, got {other:?}"),
        }
    }

    #[test]
    fn a_valid_configuration_is_trimmed() {
        assert_eq!(
            fields().validated(KIND_MP, true).unwrap().name,
            "Demo account"
        );
    }

    #[test]
    fn each_broken_field_is_named() {
        for (f, field) in [
            (
                ConfigFields {
                    name: " ".into(),
                    ..fields()
                },
                "name",
            ),
            (
                ConfigFields {
                    app_id: "wx123".into(),
                    ..fields()
                },
                "appId",
            ),
            (
                ConfigFields {
                    app_secret: "short".into(),
                    ..fields()
                },
                "appSecret",
            ),
            (
                ConfigFields {
                    token: "a!".into(),
                    ..fields()
                },
                "token",
            ),
            (
                ConfigFields {
                    encoding_aes_key: "x".into(),
                    ..fields()
                },
                "encodingAesKey",
            ),
            (
                ConfigFields {
                    state: 9,
                    ..fields()
                },
                "state",
            ),
        ] {
            assert_eq!(field_of(f.validated(KIND_MP, true).unwrap_err()), field);
        }
    }

    #[test]
    fn secrets_are_required_when_adding_only() {
        let blank = ConfigFields {
            app_secret: String::new(),
            token: String::new(),
            ..fields()
        };
        assert_eq!(
            field_of(blank.clone().validated(KIND_MP, true).unwrap_err()),
            "appSecret"
        );
        assert!(blank.clone().validated(KIND_MP, false).is_ok());
        let ma = ConfigFields {
            token: String::new(),
            ..fields()
        };
        assert!(
            ma.validated(KIND_MA, true).is_ok(),
            "a mini-program needs no token"
        );
    }
}
