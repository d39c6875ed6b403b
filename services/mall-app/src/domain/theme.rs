//! A theme: a named group of mall products with a cover, its place among the themes and the
//! period it is shown in.

use platform::ApiError;
use serde::Deserialize;
use utoipa::ToSchema;

/// `state`: shown in its active period.
pub const STATE_ENABLED: i32 = 1;
/// `state`: hidden.
pub const STATE_DISABLED: i32 = 0;
pub const STATES: &[i32] = &[STATE_DISABLED, STATE_ENABLED];

pub const NAME_MAX: usize = 64;
pub const COVER_MAX: usize = 500;
/// The most products a theme holds.
pub const PRODUCTS_MAX: usize = 200;

/// What the tenant's staff write of a theme (the body of `save` and `update`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThemeFields {
    /// 1 to 64 characters, unique in the tenant.
    pub theme_name: String,
    /// The cover image's address (http or https).
    pub cover: String,
    /// Position among the themes: lower first.
    #[serde(default)]
    pub sort_num: i32,
    /// Active period [start, end) in ms.
    pub start_time: i64,
    pub end_time: i64,
    /// 1 enabled (new themes), 0 disabled.
    #[serde(default = "enabled")]
    pub state: i32,
}

fn enabled() -> i32 {
    STATE_ENABLED
}

impl ThemeFields {
    pub fn validated(mut self) -> Result<Self, ApiError> {
        self.theme_name = self.theme_name.trim().to_owned();
        self.cover = self.cover.trim().to_owned();
        platform::validate::line("themeName", &self.theme_name, 1, NAME_MAX)?;
        platform::validate::line("cover", &self.cover, 1, COVER_MAX)?;
        if !(self.cover.starts_with("https://")
            || self.cover.starts_with("http://")
            || self.cover.starts_with('/'))
        {
            return Err(ApiError::invalid_field(
                "cover",
                "封面须为 http(s) 地址",
                "must be an http(s) address",
            ));
        }
        if !(0..=super::product::RANK_MAX).contains(&self.sort_num) {
            return Err(ApiError::invalid_field(
                "sortNum",
                "排序须为 0 到 999999",
                "must be 0 to 999999",
            ));
        }
        super::period("startTime", "endTime", self.start_time, self.end_time)?;
        platform::validate::one_of("state", self.state, STATES)?;
        Ok(self)
    }
}

/// Checks the ordered product list of a theme: no product twice, at most [`PRODUCTS_MAX`].
pub fn product_order(ids: &[i64]) -> Result<(), ApiError> {
    if ids.len() > PRODUCTS_MAX {
        return Err(ApiError::invalid_field(
            "productIds",
            "主题最多 200 个商品",
            "at most 200 products",
        ));
    }
    let mut seen = std::collections::HashSet::new();
    if ids.iter().any(|id| !seen.insert(*id)) {
        return Err(ApiError::invalid_field(
            "productIds",
            "商品重复",
            "a product appears twice",
        ));
    }
    Ok(())
}

/// Whether an enabled theme is showing at `now`.
pub fn active(state: i32, start: i64, end: i64, now: i64) -> bool {
    state == STATE_ENABLED && start <= now && now < end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> ThemeFields {
        ThemeFields {
            theme_name: " Spring ".into(),
            cover: "https://img.example/c.png".into(),
            start_time: 1,
            end_time: 2,
            state: STATE_ENABLED,
            ..Default::default()
        }
    }

    fn field_of(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("expected a 412, got {other:?}"),
        }
    }

    #[test]
    fn a_valid_theme_is_trimmed() {
        assert_eq!(fields().validated().unwrap().theme_name, "Spring");
    }

    #[test]
    fn each_rule_names_its_field() {
        for (f, field) in [
            (
                ThemeFields {
                    theme_name: "".into(),
                    ..fields()
                },
                "themeName",
            ),
            (
                ThemeFields {
                    cover: "".into(),
                    ..fields()
                },
                "cover",
            ),
            (
                ThemeFields {
                    cover: "javascript:x".into(),
                    ..fields()
                },
                "cover",
            ),
            (
                ThemeFields {
                    sort_num: -2,
                    ..fields()
                },
                "sortNum",
            ),
            (
                ThemeFields {
                    end_time: 1,
                    ..fields()
                },
                "endTime",
            ),
            (
                ThemeFields {
                    start_time: 0,
                    ..fields()
                },
                "startTime",
            ),
            (
                ThemeFields {
                    state: 3,
                    ..fields()
                },
                "state",
            ),
        ] {
            assert_eq!(field_of(f.validated().unwrap_err()), field);
        }
    }

    #[test]
    fn a_product_appears_once_in_a_theme() {
        assert!(product_order(&[1, 2, 3]).is_ok());
        assert_eq!(
            field_of(product_order(&[1, 2, 1]).unwrap_err()),
            "productIds"
        );
        assert!(product_order(&[]).is_ok());
    }

    #[test]
    fn a_theme_shows_when_enabled_and_in_its_period() {
        assert!(active(STATE_ENABLED, 5, 10, 5));
        assert!(!active(STATE_ENABLED, 5, 10, 10));
        assert!(!active(STATE_DISABLED, 5, 10, 7));
    }
}
