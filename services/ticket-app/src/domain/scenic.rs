//! A scenic spot's fields and the rules they obey (`typeScenicStar`, `stateScenic`,
//! `typeScenicOpen`).

use platform::ApiError;
use platform::trade::fields::{clock, coordinates};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `stateScenic`: waiting for the operator's approval.
pub const STATE_PENDING: i32 = 0;
/// `stateScenic`: listed and bookable.
pub const STATE_NORMAL: i32 = 1;
/// `stateScenic`: taken off the lists.
pub const STATE_STOPPED: i32 = 2;
pub const STATES: &[i32] = &[STATE_PENDING, STATE_NORMAL, STATE_STOPPED];

/// `typeScenicStar`: 0 unrated, 1 (A) to 5 (AAAAA).
pub const STARS: std::ops::RangeInclusive<i32> = 0..=5;

/// `typeScenicOpen`: open all year, seasonal, temporarily closed.
pub const OPEN_ALL_YEAR: i32 = 1;
pub const OPEN_SEASONAL: i32 = 2;
pub const OPEN_CLOSED: i32 = 3;
pub const OPEN_TYPES: &[i32] = &[OPEN_ALL_YEAR, OPEN_SEASONAL, OPEN_CLOSED];

pub const NAME_MAX: usize = 64;
pub const MAX_IMAGES: usize = 30;
pub const NOTICES_MAX: usize = 4000;
pub const SEASONS_MAX: usize = 500;
pub const ADDRESS_MAX: usize = 200;
pub const DESCRIPTION_MAX: usize = 4000;

/// What the tenant's staff write of a scenic spot (the body of `save` and `update`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScenicFields {
    /// 1 to 64 characters, unique in the tenant.
    pub scenic_name: String,
    #[serde(default)]
    pub scenic_name_en: String,
    /// `typeScenicStar`: 0 unrated, 1 to 5 A.
    #[serde(default)]
    pub star: i32,
    /// saas-main's area: a country (`CN`), a province (`CN-ZJ`) or a city (`CN-ZJ-HZ`) in use, or
    /// empty (docs/areas.md).
    #[serde(default)]
    pub area_id: String,
    /// The zone the spot lies in, as the tenant names it (e.g. "West Lake district").
    #[serde(default)]
    pub zone_name: String,
    #[serde(default)]
    pub address: String,
    /// Both or neither; -180..180.
    #[serde(default)]
    pub longitude: Option<f64>,
    /// Both or neither; -90..90.
    #[serde(default)]
    pub latitude: Option<f64>,
    /// A landline or mobile number, or empty.
    #[serde(default)]
    pub phone: String,
    /// http(s) addresses, at most 30.
    #[serde(default)]
    pub images: Vec<String>,
    /// `typeScenicOpen`: 1 all year, 2 seasonal, 3 temporarily closed.
    #[serde(default = "all_year")]
    pub open_type: i32,
    /// HH:MM, with closeTime: both or neither.
    #[serde(default)]
    pub open_time: String,
    /// HH:MM, after openTime.
    #[serde(default)]
    pub close_time: String,
    /// The seasons a seasonal spot is open (required for seasonal spots), e.g. "04-01 to 10-31".
    #[serde(default)]
    pub seasons: String,
    #[serde(default)]
    pub description: String,
    /// What a visitor must know (rules, closed areas).
    #[serde(default)]
    pub notices: String,
    /// `stateScenic`: 0 pending, 1 normal, 2 stopped; new spots of the staff are normal.
    #[serde(default = "normal")]
    pub state: i32,
}

fn normal() -> i32 {
    STATE_NORMAL
}

fn all_year() -> i32 {
    OPEN_ALL_YEAR
}

impl ScenicFields {
    /// Trims the texts and checks every rule; the first broken one is a 412 naming its field.
    pub fn validated(mut self) -> Result<Self, ApiError> {
        self.scenic_name = self.scenic_name.trim().to_owned();
        self.scenic_name_en = self.scenic_name_en.trim().to_owned();
        for t in [
            &mut self.area_id,
            &mut self.zone_name,
            &mut self.address,
            &mut self.phone,
            &mut self.open_time,
            &mut self.close_time,
            &mut self.seasons,
            &mut self.description,
            &mut self.notices,
        ] {
            *t = t.trim().to_owned();
        }
        platform::validate::line("scenicName", &self.scenic_name, 1, NAME_MAX)?;
        platform::validate::line("scenicNameEn", &self.scenic_name_en, 0, NAME_MAX)?;
        if !STARS.contains(&self.star) {
            return Err(ApiError::invalid_field(
                "star",
                "景区星级为 0 到 5",
                "must be 0 (unrated) to 5",
            ));
        }
        platform::validate::line("areaId", &self.area_id, 0, 32)?;
        platform::validate::line("zoneName", &self.zone_name, 0, NAME_MAX)?;
        platform::validate::line("address", &self.address, 0, ADDRESS_MAX)?;
        coordinates(self.longitude, self.latitude)?;
        if !self.phone.is_empty() {
            platform::validate::phone("phone", &self.phone)?;
        }
        platform::trade::fields::images(&mut self.images, MAX_IMAGES)?;
        self.check_opening()?;
        platform::validate::text("description", &self.description, 0, DESCRIPTION_MAX)?;
        platform::validate::text("notices", &self.notices, 0, NOTICES_MAX)?;
        platform::validate::one_of("state", self.state, STATES)?;
        Ok(self)
    }

    /// The opening type and what it needs: hours both or neither, opening before closing, and
    /// the seasons of a seasonal spot.
    fn check_opening(&self) -> Result<(), ApiError> {
        platform::validate::one_of("openType", self.open_type, OPEN_TYPES)?;
        clock("openTime", &self.open_time)?;
        clock("closeTime", &self.close_time)?;
        match (self.open_time.is_empty(), self.close_time.is_empty()) {
            (true, false) => {
                return Err(ApiError::invalid_field(
                    "openTime",
                    "请填写开放时间",
                    "Please enter the opening time",
                ));
            }
            (false, true) => {
                return Err(ApiError::invalid_field(
                    "closeTime",
                    "请填写关闭时间",
                    "Please enter the closing time",
                ));
            }
            // HH:MM compares as text in time order.
            (false, false) if self.open_time >= self.close_time => {
                return Err(ApiError::invalid_field(
                    "closeTime",
                    "关闭时间须晚于开放时间",
                    "the closing time must be after the opening time",
                ));
            }
            _ => {}
        }
        platform::validate::text("seasons", &self.seasons, 0, SEASONS_MAX)?;
        if self.open_type == OPEN_SEASONAL && self.seasons.is_empty() {
            return Err(ApiError::invalid_field(
                "seasons",
                "季节性开放的景区须填写开放季节",
                "a seasonal spot needs its seasons",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> ScenicFields {
        ScenicFields {
            scenic_name: "  West Lake  ".into(),
            star: 5,
            state: STATE_NORMAL,
            open_type: OPEN_ALL_YEAR,
            open_time: "08:00".into(),
            close_time: "17:30".into(),
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
    fn a_valid_spot_is_trimmed() {
        assert_eq!(fields().validated().unwrap().scenic_name, "West Lake");
    }

    #[test]
    fn a_blank_name_is_refused() {
        let f = ScenicFields {
            scenic_name: "   ".into(),
            ..fields()
        };
        assert_eq!(field_of(f.validated().unwrap_err()), "scenicName");
    }

    #[test]
    fn a_star_outside_the_scale_is_refused() {
        for star in [-1, 6] {
            let f = ScenicFields { star, ..fields() };
            assert_eq!(field_of(f.validated().unwrap_err()), "star");
        }
    }

    #[test]
    fn an_unknown_state_is_refused() {
        let f = ScenicFields {
            state: 7,
            ..fields()
        };
        assert_eq!(field_of(f.validated().unwrap_err()), "state");
    }

    #[test]
    fn a_phone_must_look_like_one() {
        let f = ScenicFields {
            phone: "call me".into(),
            ..fields()
        };
        assert_eq!(field_of(f.validated().unwrap_err()), "phone");
        let ok = ScenicFields {
            phone: "0571-87979999".into(),
            ..fields()
        };
        assert!(ok.validated().is_ok());
    }

    #[test]
    fn opening_hours_follow_the_opening_type() {
        let closed = ScenicFields {
            open_type: OPEN_CLOSED,
            open_time: String::new(),
            close_time: String::new(),
            ..fields()
        };
        assert!(closed.validated().is_ok(), "hours are both or neither");
        for (f, field) in [
            (
                ScenicFields {
                    open_time: String::new(),
                    ..fields()
                },
                "openTime",
            ),
            (
                ScenicFields {
                    close_time: String::new(),
                    ..fields()
                },
                "closeTime",
            ),
            (
                ScenicFields {
                    open_time: "18:00".into(),
                    ..fields()
                },
                "closeTime",
            ),
            (
                ScenicFields {
                    open_time: "8am".into(),
                    ..fields()
                },
                "openTime",
            ),
            (
                ScenicFields {
                    open_type: OPEN_SEASONAL,
                    ..fields()
                },
                "seasons",
            ),
            (
                ScenicFields {
                    open_type: 4,
                    ..fields()
                },
                "openType",
            ),
            (
                ScenicFields {
                    longitude: Some(120.1),
                    ..fields()
                },
                "latitude",
            ),
            (
                ScenicFields {
                    images: vec!["ftp://x/y.jpg".into()],
                    ..fields()
                },
                "images[0]",
            ),
        ] {
            assert_eq!(field_of(f.validated().unwrap_err()), field);
        }
        let seasonal = ScenicFields {
            open_type: OPEN_SEASONAL,
            seasons: " 04-01 to 10-31 ".into(),
            ..fields()
        };
        assert_eq!(seasonal.validated().unwrap().seasons, "04-01 to 10-31");
    }
}
