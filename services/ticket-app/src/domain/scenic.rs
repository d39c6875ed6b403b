//! A scenic spot's fields and the rules they obey (`typeScenicStar`, `stateScenic`).

use platform::ApiError;
use serde::Deserialize;
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

pub const NAME_MAX: usize = 64;
pub const ADDRESS_MAX: usize = 200;
pub const DESCRIPTION_MAX: usize = 4000;

/// What the tenant's staff write of a scenic spot (the body of `save` and `update`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScenicFields {
    /// 1 to 64 characters, unique in the tenant.
    pub scenic_name: String,
    #[serde(default)]
    pub scenic_name_en: String,
    /// `typeScenicStar`: 0 unrated, 1 to 5 A.
    #[serde(default)]
    pub star: i32,
    #[serde(default)]
    pub address: String,
    /// A landline or mobile number, or empty.
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub description: String,
    /// `stateScenic`: 0 pending, 1 normal, 2 stopped; new spots of the staff are normal.
    #[serde(default = "normal")]
    pub state: i32,
}

fn normal() -> i32 {
    STATE_NORMAL
}

impl ScenicFields {
    /// Trims the texts and checks every rule; the first broken one is a 412 naming its field.
    pub fn validated(mut self) -> Result<Self, ApiError> {
        self.scenic_name = self.scenic_name.trim().to_owned();
        self.scenic_name_en = self.scenic_name_en.trim().to_owned();
        self.address = self.address.trim().to_owned();
        self.phone = self.phone.trim().to_owned();
        self.description = self.description.trim().to_owned();
        platform::validate::line("scenicName", &self.scenic_name, 1, NAME_MAX)?;
        platform::validate::line("scenicNameEn", &self.scenic_name_en, 0, NAME_MAX)?;
        if !STARS.contains(&self.star) {
            return Err(ApiError::invalid_field(
                "star",
                "景区星级为 0 到 5",
                "must be 0 (unrated) to 5",
            ));
        }
        platform::validate::line("address", &self.address, 0, ADDRESS_MAX)?;
        if !self.phone.is_empty() {
            platform::validate::phone("phone", &self.phone)?;
        }
        platform::validate::text("description", &self.description, 0, DESCRIPTION_MAX)?;
        platform::validate::one_of("state", self.state, STATES)?;
        Ok(self)
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
}
