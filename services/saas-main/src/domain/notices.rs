//! Notices: their states, the text a save must carry, and which notices may change.

use platform::ApiError;
use platform::i18n::Text;
use platform::validate;

pub const DRAFT: i32 = 0;
pub const PUBLISHED: i32 = 1;
pub const WITHDRAWN: i32 = 2;

/// The title and content, trimmed: a title of 1 to 100 characters, content of 1 to 10,000.
pub fn check_text(title: &str, content: &str) -> Result<(String, String), ApiError> {
    let title = title.trim().to_owned();
    validate::line("title", &title, 1, 100)?;
    let content = content.trim();
    validate::text("content", content, 1, 10_000)?;
    Ok((title, content.to_owned()))
}

/// Readers may have seen a published notice: it is withdrawn before its text changes.
pub fn check_editable(state: i32) -> Result<(), ApiError> {
    if state == PUBLISHED {
        return Err(ApiError::Rule {
            code: "notice-published",
            msg: Text::fixed(
                "已发布的公告需先撤回再修改",
                "Withdraw a published notice before changing it",
            ),
        });
    }
    Ok(())
}

/// When a notice moved to `state` at `now` was published: now for a publication, else never.
pub fn published_at(state: i32, now: i64) -> Option<i64> {
    (state == PUBLISHED).then_some(now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_trimmed_and_bounded() {
        assert_eq!(
            check_text("  Hello ", " body\n").unwrap(),
            ("Hello".to_owned(), "body".to_owned())
        );
        assert!(check_text("   ", "body").is_err());
        assert!(check_text("t", "  ").is_err());
        assert!(check_text(&"x".repeat(101), "body").is_err());
    }

    #[test]
    fn only_unpublished_notices_change() {
        assert!(check_editable(DRAFT).is_ok());
        assert!(check_editable(WITHDRAWN).is_ok());
        assert!(check_editable(PUBLISHED).is_err());
        assert_eq!(published_at(PUBLISHED, 7), Some(7));
        assert_eq!(published_at(WITHDRAWN, 7), None);
    }
}
