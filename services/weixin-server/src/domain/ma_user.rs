//! Mini-program users: what a login must bring, and what the list may be filtered by.

use platform::ApiError;
use platform::i18n::Text;

/// The longest `wx.login` code taken (WeChat's are 32 characters; the margin is for changes).
pub const MAX_CODE_LEN: usize = 128;

/// The code of `wx.login` the mini-program sends: required, printable ASCII without spaces.
pub fn code(code: Option<&str>) -> Result<String, ApiError> {
    let c = code.map(str::trim).unwrap_or_default();
    if c.is_empty() {
        return Err(ApiError::invalid_field(
            "code",
            "请提供 wx.login 的 code",
            "is required (the code of wx.login)",
        ));
    }
    if c.len() > MAX_CODE_LEN || !c.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::invalid(
            "code",
            Text::new(
                format!("须为不超过 {MAX_CODE_LEN} 个字符的可见 ASCII 字符"),
                format!("must be at most {MAX_CODE_LEN} printable ASCII characters"),
            ),
        ));
    }
    Ok(c.to_owned())
}

/// A last-login window: `to` (exclusive) must not come before `from`.
pub fn window(from: Option<i64>, to: Option<i64>) -> Result<(), ApiError> {
    match (from, to) {
        (Some(f), Some(t)) if t < f => Err(ApiError::invalid_field(
            "loginTo",
            "结束时间不能早于开始时间",
            "must not be before loginFrom",
        )),
        (Some(v), _) | (_, Some(v)) if v < 0 => Err(ApiError::invalid_field(
            if from.is_some_and(|f| f < 0) {
                "loginFrom"
            } else {
                "loginTo"
            },
            "时间无效",
            "is not a valid time",
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("not a 412: {other:?}"),
        }
    }

    #[test]
    fn a_code_is_required_and_plain() {
        assert_eq!(code(Some(" 0a1B2c ")).unwrap(), "0a1B2c");
        assert_eq!(field(code(None).unwrap_err()), "code");
        assert_eq!(field(code(Some("  ")).unwrap_err()), "code");
        assert_eq!(field(code(Some("a b")).unwrap_err()), "code");
        assert_eq!(field(code(Some("码")).unwrap_err()), "code");
        assert_eq!(field(code(Some(&"x".repeat(129))).unwrap_err()), "code");
        assert!(code(Some(&"x".repeat(128))).is_ok());
    }

    #[test]
    fn a_window_runs_forward() {
        assert!(window(None, None).is_ok());
        assert!(window(Some(1), Some(1)).is_ok());
        assert_eq!(field(window(Some(2), Some(1)).unwrap_err()), "loginTo");
        assert_eq!(field(window(Some(-1), None).unwrap_err()), "loginFrom");
        assert_eq!(field(window(None, Some(-1)).unwrap_err()), "loginTo");
    }
}
