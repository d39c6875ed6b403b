//! The platform's areas: the countries (a fixed list: the spec's "country list of about 100
//! codes", ISO 3166-1 alpha-2), and below them provinces and cities kept by platform
//! administrators. An area's code starts with its parent's (`CN` > `CN-ZJ` > `CN-ZJ-HZ`), so
//! "everything in Zhejiang" is a prefix match on a hotel's or scenic spot's `areaId`.

use platform::ApiError;
use platform::i18n::Text;
use platform::validate;

pub const COUNTRY: i32 = 1;
pub const PROVINCE: i32 = 2;
pub const CITY: i32 = 3;

pub use platform::areas::{COUNTRIES, Country, DISABLED, IN_USE, country};

/// What an administrator writes for a province or city.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AreaFields {
    pub name: String,
    pub name_en: String,
    pub state: i32,
}

impl AreaFields {
    pub fn check(mut self) -> Result<Self, ApiError> {
        self.name = self.name.trim().to_owned();
        validate::line("name", &self.name, 1, 50)?;
        self.name_en = self.name_en.trim().to_owned();
        validate::line("nameEn", &self.name_en, 1, 100)?;
        validate::one_of("state", self.state, &[IN_USE, DISABLED])?;
        Ok(self)
    }
}

/// The code of a new area under `parent` (a country's code or a province's) from its own part
/// (`ZJ`, `HZ`): 1 to 10 capital letters or digits, kept in capitals.
pub fn child_code(parent: &str, own: &str) -> Result<String, ApiError> {
    let own = own.trim().to_ascii_uppercase();
    let shaped = (1..=10).contains(&own.len())
        && own
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
    if !shaped {
        return Err(ApiError::invalid_field(
            "code",
            "代码为 1 到 10 位字母或数字",
            "a code has 1 to 10 letters or digits",
        ));
    }
    Ok(format!("{parent}-{own}"))
}

/// The level of an area whose parent has `parent_level` (a country's is [`COUNTRY`]): cities
/// are the last level.
pub fn level_under(parent_level: i32) -> Result<i32, ApiError> {
    match parent_level {
        COUNTRY => Ok(PROVINCE),
        PROVINCE => Ok(CITY),
        _ => Err(ApiError::invalid(
            "parentCode",
            Text::fixed("城市下不能再加地区", "a city has no areas under it"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_start_with_their_parents() {
        assert_eq!(child_code("CN", " zj ").unwrap(), "CN-ZJ");
        assert_eq!(child_code("CN-ZJ", "HZ").unwrap(), "CN-ZJ-HZ");
        assert!(child_code("CN", "").is_err());
        assert!(child_code("CN", "Z-J").is_err());
        assert!(child_code("CN", "ABCDEFGHIJK").is_err());
        assert_eq!(level_under(COUNTRY).unwrap(), PROVINCE);
        assert_eq!(level_under(PROVINCE).unwrap(), CITY);
        assert!(level_under(CITY).is_err());
    }

    #[test]
    fn fields_are_checked_by_name() {
        let ok = AreaFields {
            name: " 杭州市 ".into(),
            name_en: "Hangzhou".into(),
            state: IN_USE,
        };
        assert_eq!(ok.clone().check().unwrap().name, "杭州市");
        for (field, f) in [
            (
                "name",
                AreaFields {
                    name: " ".into(),
                    ..ok.clone()
                },
            ),
            (
                "nameEn",
                AreaFields {
                    name_en: String::new(),
                    ..ok.clone()
                },
            ),
            (
                "state",
                AreaFields {
                    state: 5,
                    ..ok.clone()
                },
            ),
        ] {
            match f.check() {
                Err(ApiError::Invalid { field: got, .. }) => assert_eq!(got, field),
                other => panic!("{other:?}"),
            }
        }
    }
}
