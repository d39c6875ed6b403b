//! Notification settings: which notification types a user wants on which channel, and the
//! rules a save must meet (the shell's, made again here).

use platform::ApiError;
use platform::i18n::Text;
use platform::validate;

/// The notification types (docs/enums.md, `typeNotifys`).
pub const TYPES: &[i32] = &[0, 1, 2, 3, 10, 11, 12, 13, 14];

/// The licences SMS and mail notifications need.
pub const SMS_LICENCE: &str = "saas/notify/sms";
pub const MAIL_LICENCE: &str = "saas/notify/mail";

/// A comma-joined list of types, checked and put in order without repeats.
pub fn parse_types(field: &str, raw: &str) -> Result<String, ApiError> {
    let mut types = Vec::new();
    for part in raw.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let value: i32 = part
            .parse()
            .ok()
            .filter(|v| TYPES.contains(v))
            .ok_or_else(|| {
                ApiError::invalid(
                    field,
                    Text::new(
                        format!("{part} 不是通知类型"),
                        format!("{part} is not a notification type"),
                    ),
                )
            })?;
        if !types.contains(&value) {
            types.push(value);
        }
    }
    types.sort_unstable();
    Ok(types
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(","))
}

/// A checked form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub web: String,
    pub weixin: String,
    pub sms: String,
    pub mail: String,
    pub mobile: String,
    pub email: String,
    pub state: i32,
}

impl Settings {
    /// What a user who never saved has: nothing checked, and not blocked.
    pub fn never_saved() -> Self {
        Self {
            web: String::new(),
            weixin: String::new(),
            sms: String::new(),
            mail: String::new(),
            mobile: String::new(),
            email: String::new(),
            state: 1,
        }
    }

    /// The paid services the checked channels need, each with the field that checks it.
    pub fn licences_needed(&self) -> Vec<(&'static str, &'static str)> {
        let mut out = Vec::new();
        if !self.sms.is_empty() {
            out.push(("notifySms", SMS_LICENCE));
        }
        if !self.mail.is_empty() {
            out.push(("notifyMail", MAIL_LICENCE));
        }
        out
    }

    /// Checks the lists, the contact each checked channel needs, and the state. Licences are
    /// checked apart (they need the database).
    pub fn check(
        web: &str,
        weixin: &str,
        sms: &str,
        mail: &str,
        mobile: &str,
        email: &str,
        state: i32,
    ) -> Result<Self, ApiError> {
        let s = Self {
            web: parse_types("notifyWeb", web)?,
            weixin: parse_types("notifyWeixin", weixin)?,
            sms: parse_types("notifySms", sms)?,
            mail: parse_types("notifyMail", mail)?,
            mobile: mobile.trim().to_owned(),
            email: email.trim().to_owned(),
            state,
        };
        validate::one_of("state", state, &[0, 1])?;
        if !s.sms.is_empty() && !validate::is_mobile(&s.mobile) {
            return Err(ApiError::invalid(
                "mobile",
                Text::fixed(
                    "您勾选了短信通知，请填写正确的联系手机",
                    "you checked SMS notice, enter a valid contact phone",
                ),
            ));
        }
        if !s.mail.is_empty() && !validate::is_email(&s.email) {
            return Err(ApiError::invalid(
                "email",
                Text::fixed(
                    "您勾选了邮件通知，请填写正确的邮箱",
                    "you checked mail notice, enter a valid e-mail address",
                ),
            ));
        }
        validate::mobile("mobile", &s.mobile)?;
        validate::email("email", &s.email)?;
        Ok(s)
    }
}

/// The 412 for a channel whose paid service the tenant lacks.
pub fn service_required(field: &str, licence: &str) -> ApiError {
    let (zh, en) = match licence {
        SMS_LICENCE => (
            "短信通知需要先购买短信服务",
            "SMS notifications need the SMS service: buy it under paid services",
        ),
        _ => (
            "邮件通知需要先购买邮件服务",
            "Mail notifications need the mail service: buy it under paid services",
        ),
    };
    ApiError::Rule {
        code: "service-required",
        msg: Text::new(format!("{field}: {zh}"), format!("{field}: {en}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_lists_are_checked_and_normalised() {
        assert_eq!(parse_types("f", "10, 0,3,10").unwrap(), "0,3,10");
        assert_eq!(parse_types("f", "").unwrap(), "");
        assert!(parse_types("f", "4").is_err());
        assert!(parse_types("f", "x").is_err());
    }

    #[test]
    fn checked_channels_need_their_contact() {
        let sms = Settings::check("", "", "0", "", "12345", "", 1).unwrap_err();
        assert!(
            sms.to_string().contains("enter a valid contact phone"),
            "{sms}"
        );
        let mail = Settings::check("", "", "", "1", "", "nope", 1).unwrap_err();
        assert!(mail.to_string().starts_with("email:"), "{mail}");
        assert!(Settings::check("0,1", "", "0", "1", "13800138000", "a@b.com", 1).is_ok());
        assert!(Settings::check("", "", "", "", "", "", 2).is_err());
        // Unchecked channels do not need a contact, but a given one must be well-formed.
        assert!(Settings::check("0", "", "", "", "", "", 0).is_ok());
        assert!(Settings::check("0", "", "", "", "999", "", 1).is_err());
    }

    #[test]
    fn sms_and_mail_need_their_paid_service() {
        let none = Settings::check("0", "1", "", "", "", "", 1).unwrap();
        assert!(none.licences_needed().is_empty());
        let both = Settings::check("", "", "0", "1", "13800138000", "a@b.com", 1).unwrap();
        assert_eq!(
            both.licences_needed(),
            [("notifySms", SMS_LICENCE), ("notifyMail", MAIL_LICENCE)]
        );
    }
}
