//! Template messages: which template a configuration uses for each notification type, what
//! WeChat is sent, and what happens after a failed send (retry with backoff, or dead).

use std::collections::BTreeMap;

use platform::ApiError;
use platform::i18n::Text;
use serde_json::{Value, json};

/// message-server's notification types (docs/events.md): 0/10 new order, 1/11 cancelled,
/// 2/12 modified, 3/13/14 success.
pub const NOTIFY_TYPES: &[i32] = &[0, 1, 2, 3, 10, 11, 12, 13, 14];

/// Attempts before a message that keeps failing transiently is dead.
pub const MAX_ATTEMPTS: i32 = 5;

pub const STATE_PENDING: i32 = 0;
pub const STATE_SENT: i32 = 1;
pub const STATE_DEAD: i32 = 3;

/// Checks a configuration's template ids (notification type → WeChat template id).
pub fn validated(
    templates: BTreeMap<String, String>,
) -> Result<BTreeMap<String, String>, ApiError> {
    let mut out = BTreeMap::new();
    for (kind, id) in templates {
        let known = kind
            .parse::<i32>()
            .ok()
            .filter(|k| NOTIFY_TYPES.contains(k));
        if known.is_none() {
            return Err(ApiError::invalid(
                "templates",
                Text::new(
                    format!("未知的通知类型 {kind}"),
                    format!("{kind} is not a notification type (0-3, 10-14)"),
                ),
            ));
        }
        let id = id.trim().to_owned();
        if id.is_empty() {
            continue;
        }
        if id.len() > 64
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(ApiError::invalid_field(
                "templates",
                "模板 ID 为 1 到 64 位字母、数字、下划线或连字符",
                "a template id is 1 to 64 letters, digits, _ or -",
            ));
        }
        out.insert(kind, id);
    }
    Ok(out)
}

/// The template id of `notify_type` in a configuration's stored templates.
pub fn template_for(stored: &str, notify_type: i32) -> Option<String> {
    serde_json::from_str::<BTreeMap<String, String>>(stored)
        .ok()?
        .remove(&notify_type.to_string())
        .filter(|t| !t.is_empty())
}

/// The `data` of the template message: the notification's text as `first`, its reference and
/// time as the first two keywords (the classic template layout; docs/weixin.md).
pub fn data(message: &str, ref_id: &str, at: &str) -> Value {
    json!({
        "first": {"value": message},
        "keyword1": {"value": ref_id},
        "keyword2": {"value": at},
        "remark": {"value": ""},
    })
}

/// The notification's text in a message's `data` (its `first`), empty when there is none.
pub fn message_of(content: &str) -> String {
    serde_json::from_str::<Value>(content)
        .ok()
        .and_then(|v| v["first"]["value"].as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// `ms` as China's local time (UTC+8), `YYYY-MM-DD HH:MM`, as the message shows it.
pub fn china_time(ms: i64) -> String {
    let secs = ms.div_euclid(1000) + 8 * 3600;
    let (y, m, d) = platform::time::civil_from_days(secs.div_euclid(86_400));
    let s = secs.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02} {:02}:{:02}", s / 3600, s % 3600 / 60)
}

/// What to do with a message after attempt number `attempts` failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AfterFailure {
    /// Try again at this time (ms).
    Retry(i64),
    Dead,
}

/// `transient`: WeChat busy or over a limit, or WeChat not reached. Backoff doubles from
/// `base_ms` (capped at 64 times it); after [`MAX_ATTEMPTS`] the message is dead.
pub fn after_failure(attempts: i32, transient: bool, now: i64, base_ms: i64) -> AfterFailure {
    if !transient || attempts >= MAX_ATTEMPTS {
        return AfterFailure::Dead;
    }
    let factor = 1i64 << (attempts - 1).clamp(0, 6);
    AfterFailure::Retry(now + base_ms * factor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_checked() {
        let ok = validated(BTreeMap::from([
            ("10".into(), " tmpl_A-1 ".into()),
            ("11".into(), String::new()),
        ]))
        .unwrap();
        assert_eq!(ok, BTreeMap::from([("10".into(), "tmpl_A-1".into())]));
        assert!(validated(BTreeMap::from([("99".into(), "x".into())])).is_err());
        assert!(validated(BTreeMap::from([("10".into(), "no spaces".into())])).is_err());
        assert_eq!(template_for(r#"{"10":"T"}"#, 10).as_deref(), Some("T"));
        assert_eq!(template_for(r#"{"10":"T"}"#, 11), None);
        assert_eq!(template_for("not json", 10), None);
        assert_eq!(message_of(&data("新订单", "H1", "t").to_string()), "新订单");
        assert_eq!(message_of("not json"), "");
    }

    #[test]
    fn times_are_shown_in_china() {
        // 2026-11-26 00:30 UTC is 08:30 in Beijing.
        let ms = (platform::time::days_from_civil(2026, 11, 26) * 86_400 + 1800) * 1000;
        assert_eq!(china_time(ms), "2026-11-26 08:30");
    }

    #[test]
    fn transient_failures_back_off_then_die() {
        assert_eq!(after_failure(1, true, 1000, 100), AfterFailure::Retry(1100));
        assert_eq!(after_failure(2, true, 1000, 100), AfterFailure::Retry(1200));
        assert_eq!(after_failure(4, true, 1000, 100), AfterFailure::Retry(1800));
        assert_eq!(
            after_failure(MAX_ATTEMPTS, true, 1000, 100),
            AfterFailure::Dead
        );
        assert_eq!(after_failure(1, false, 1000, 100), AfterFailure::Dead);
    }
}
