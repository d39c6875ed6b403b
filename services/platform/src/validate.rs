//! Field checks the shell's forms make, made again on the server: each answers the 412 naming
//! the field, with the shell's own messages.

use crate::error::ApiError;
use crate::i18n::Text;

/// An 11-digit mainland mobile: 1, then 3, 4, 5, 7 or 8, then 9 digits.
pub fn is_mobile(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 11 && b[0] == b'1' && b"34578".contains(&b[1]) && b.iter().all(u8::is_ascii_digit)
}

/// A mobile, or a landline: an optional 3- or 4-digit area code and hyphen, then 7 or 8 digits.
pub fn is_phone(s: &str) -> bool {
    if is_mobile(s) {
        return true;
    }
    let digits =
        |p: &str, lens: &[usize]| lens.contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit());
    match s.split_once('-') {
        Some((area, number)) => digits(area, &[3, 4]) && digits(number, &[7, 8]),
        None => digits(s, &[7, 8]),
    }
}

/// A plain address whose top-level domain is 2 to 63 letters (`.cn`, `.com`, `.info`, `.travel`),
/// as the console checks.
pub fn is_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    let tld = domain.rsplit_once('.').map_or("", |(_, t)| t);
    !local.is_empty()
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._%+-".contains(c))
        && domain.contains('.')
        && domain
            .split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        && (2..=63).contains(&tld.len())
        && tld.chars().all(|c| c.is_ascii_alphabetic())
}

/// An optional mobile (empty passes).
pub fn mobile(field: &str, value: &str) -> Result<(), ApiError> {
    if value.is_empty() || is_mobile(value) {
        return Ok(());
    }
    Err(ApiError::invalid(
        field,
        Text::fixed("手机号格式错误！", "Wrong phone format!"),
    ))
}

/// An optional phone, mobile or landline (empty passes).
pub fn phone(field: &str, value: &str) -> Result<(), ApiError> {
    if value.is_empty() || is_phone(value) {
        return Ok(());
    }
    Err(ApiError::invalid(
        field,
        Text::fixed("电话格式错误！", "Wrong phone format!"),
    ))
}

/// An optional e-mail address (empty passes).
pub fn email(field: &str, value: &str) -> Result<(), ApiError> {
    if value.is_empty() || is_email(value) {
        return Ok(());
    }
    Err(ApiError::invalid(
        field,
        Text::fixed("邮箱格式错误", "Wrong e-mail format"),
    ))
}

/// A text of `min` to `max` characters.
pub fn length(field: &str, value: &str, min: usize, max: usize) -> Result<(), ApiError> {
    let n = value.chars().count();
    if (min..=max).contains(&n) {
        return Ok(());
    }
    Err(ApiError::invalid(
        field,
        Text::new(
            format!("长度为 {min} 到 {max} 个字符"),
            format!("The length is {min} to {max} characters"),
        ),
    ))
}

/// Characters no text field takes: control characters (NUL, the C0 and C1 sets, DEL) and the
/// invisible ones that change the direction of what follows (bidirectional marks, embeddings,
/// overrides and isolates), with which a name can be made to read as something else.
fn is_hidden_control(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
}

fn refuse_control(field: &str, value: &str, allowed: &[char]) -> Result<(), ApiError> {
    match value
        .chars()
        .find(|c| is_hidden_control(*c) && !allowed.contains(c))
    {
        None => Ok(()),
        Some(c) => Err(ApiError::invalid(
            field,
            Text::new(
                format!("不能包含控制字符（U+{:04X}）", u32::from(c)),
                format!(
                    "must not contain control characters (U+{:04X})",
                    u32::from(c)
                ),
            ),
        )),
    }
}

/// A single line of `min` to `max` characters, for names, titles and the like: no control
/// characters (line breaks and tabs included) and no direction overrides.
pub fn line(field: &str, value: &str, min: usize, max: usize) -> Result<(), ApiError> {
    length(field, value, min, max)?;
    refuse_control(field, value, &[])
}

/// A text of `min` to `max` characters that may run over several lines (remarks, descriptions):
/// line breaks and tabs are taken, other control characters and direction overrides are not.
pub fn text(field: &str, value: &str, min: usize, max: usize) -> Result<(), ApiError> {
    length(field, value, min, max)?;
    refuse_control(field, value, &['\n', '\r', '\t'])
}

/// A value from a fixed list.
pub fn one_of<T: PartialEq + std::fmt::Display>(
    field: &str,
    value: T,
    allowed: &[T],
) -> Result<(), ApiError> {
    if allowed.contains(&value) {
        return Ok(());
    }
    let list = allowed
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    Err(ApiError::invalid(
        field,
        Text::new(format!("只能是 {list}"), format!("must be one of {list}")),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert!(is_mobile("13800138000"));
        assert!(!is_mobile("12800138000"));
        assert!(!is_mobile("1380013800"));
        assert!(is_phone("010-12345678"));
        assert!(is_phone("0755-1234567"));
        assert!(is_phone("12345678"));
        assert!(!is_phone("01-12345678"));
        assert!(is_email("a.b@example.com"));
        assert!(!is_email("a@b"));
        assert!(is_email("sales@agency.travel"));
        assert!(is_email("a@b.info"));
        assert!(!is_email("a@b.c"));
        assert!(!is_email("a@b.c0m"));
        assert!(mobile("m", "").is_ok());
        assert!(length("name", "", 1, 64).is_err());
        assert!(one_of("state", 3, &[0, 1, 2]).is_err());
    }

    #[test]
    fn control_and_direction_characters_are_refused() {
        assert!(line("name", "Sea View 海景", 1, 64).is_ok());
        for bad in [
            "a\0b",
            "a\u{202E}b",
            "a\nb",
            "a\u{7F}",
            "a\u{85}",
            "\u{2066}x",
        ] {
            let err = line("name", bad, 1, 64).unwrap_err();
            assert!(
                matches!(err, ApiError::Invalid { ref field, .. } if field == "name"),
                "{bad:?}"
            );
        }
        assert!(text("remark", "line one\r\nline\ttwo", 0, 500).is_ok());
        assert!(text("remark", "a\0b", 0, 500).is_err());
        assert!(text("remark", "a\u{202E}b", 0, 500).is_err());
        // Joiners belong to scripts and emoji, and stay.
        assert!(line("name", "\u{200D}\u{200C}", 1, 64).is_ok());
    }
}
