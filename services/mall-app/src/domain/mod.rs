//! mall-app's rules, with no I/O: what a valid mall product, theme and snap-up session are, when
//! a session may change, and the arithmetic of stock and purchase limits. Plain functions with
//! unit tests; the store and the handlers call them.

pub mod order;
pub mod product;
pub mod snapup;
pub mod theme;

use platform::ApiError;

/// Checks that `[start, end)` is a period: both set and the end after the start.
pub(crate) fn period(
    start_field: &str,
    end_field: &str,
    start: i64,
    end: i64,
) -> Result<(), ApiError> {
    if start <= 0 {
        return Err(ApiError::invalid_field(
            start_field.to_owned(),
            "请选择开始时间",
            "is required",
        ));
    }
    if end <= start {
        return Err(ApiError::invalid_field(
            end_field.to_owned(),
            "结束时间须晚于开始时间",
            "must be after the start",
        ));
    }
    Ok(())
}
