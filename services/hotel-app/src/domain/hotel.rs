//! The hotel catalogue's field rules, free of I/O: a hotel's information, a room, a zone, and
//! the geohash the lists and maps search by. Each `check` trims what a user may pad with
//! blanks and answers the 412 naming the first wrong field, in the form's camelCase.

use platform::ApiError;
use platform::validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// state 1 normal, 0 disabled (hotels, rooms and zones alike).
pub const STATE_NORMAL: i32 = 1;
pub const STATE_DISABLED: i32 = 0;

/// Hotel star classes run from 0 (unrated) to 8 (`hotelStars`).
pub const MAX_STAR: i32 = 8;
/// A hotel shows at most this many images.
pub const MAX_IMAGES: usize = 50;
/// Geohash length stored: 12 characters locate a point within a few centimetres, and any
/// shorter prefix (a search radius) is a plain `LIKE 'prefix%'`.
pub const GEOHASH_LEN: usize = 12;

// Field rules ticket-app's scenic spots share, kept once in `platform::trade`.
pub use platform::trade::fields::{clock, coordinates, is_clock, is_image_url, required_id};

fn default_state() -> i32 {
    STATE_NORMAL
}

/// A hotel's information as an operator saves it or a supplier asks for it. The geohash is
/// not among them: it is computed from the coordinates, so it cannot disagree with them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HotelFields {
    pub name: String,
    #[serde(default)]
    pub name_en: String,
    /// 0 (unrated) to 8.
    #[serde(default)]
    pub star: i32,
    /// saas-main's area: a country (`CN`), a province (`CN-ZJ`) or a city (`CN-ZJ-HZ`) in use, or
    /// empty (docs/areas.md).
    #[serde(default)]
    pub area_id: String,
    /// A zone of the tenant; 0 for none.
    #[serde(default)]
    pub zone_id: i64,
    #[serde(default)]
    pub address: String,
    #[serde(default)]
    pub post_code: String,
    /// A mobile or a landline (`010-12345678`).
    #[serde(default)]
    pub phone: String,
    /// A landline, as the phone.
    #[serde(default)]
    pub fax: String,
    /// http(s) addresses of the hotel's pictures, at most 50.
    #[serde(default)]
    pub images: Vec<String>,
    #[serde(default)]
    pub room_num: i32,
    /// YYYY-MM-DD, or empty when unknown.
    #[serde(default)]
    pub open_date: String,
    /// HH:MM, or empty.
    #[serde(default)]
    pub checkin_time: String,
    /// HH:MM, or empty.
    #[serde(default)]
    pub checkout_time: String,
    /// -180 to 180; with the latitude, or neither.
    #[serde(default)]
    pub longitude: Option<f64>,
    /// -90 to 90; with the longitude, or neither.
    #[serde(default)]
    pub latitude: Option<f64>,
    /// `Asia/Shanghai`, `UTC`, or an offset such as `+08:00`; empty when unknown.
    #[serde(default)]
    pub time_zone: String,
    #[serde(default)]
    pub service_desc: String,
    /// 1 normal, 0 disabled.
    #[serde(default = "default_state")]
    pub state: i32,
}

impl HotelFields {
    /// Trims and checks every field; the zone's existence is the store's to check.
    pub fn check(&mut self) -> Result<(), ApiError> {
        for s in [
            &mut self.name,
            &mut self.name_en,
            &mut self.area_id,
            &mut self.address,
            &mut self.post_code,
            &mut self.phone,
            &mut self.fax,
            &mut self.open_date,
            &mut self.checkin_time,
            &mut self.checkout_time,
            &mut self.time_zone,
            &mut self.service_desc,
        ] {
            *s = s.trim().to_owned();
        }
        validate::line("name", &self.name, 1, 64)?;
        validate::line("nameEn", &self.name_en, 0, 128)?;
        star(self.star)?;
        validate::line("areaId", &self.area_id, 0, 32)?;
        if self.zone_id < 0 {
            return Err(ApiError::invalid_field(
                "zoneId",
                "请选择区域",
                "Please select the zone",
            ));
        }
        validate::line("address", &self.address, 0, 256)?;
        post_code(&self.post_code)?;
        validate::phone("phone", &self.phone)?;
        validate::phone("fax", &self.fax)?;
        platform::trade::fields::images(&mut self.images, MAX_IMAGES)?;
        if !(0..=100_000).contains(&self.room_num) {
            return Err(ApiError::invalid_field(
                "roomNum",
                "房间数为 0 到 100000",
                "must be 0 to 100000",
            ));
        }
        if !self.open_date.is_empty() {
            platform::time::parse_date("openDate", &self.open_date)?;
        }
        clock("checkinTime", &self.checkin_time)?;
        clock("checkoutTime", &self.checkout_time)?;
        coordinates(self.longitude, self.latitude)?;
        time_zone(&self.time_zone)?;
        validate::text("serviceDesc", &self.service_desc, 0, 2000)?;
        validate::one_of("state", self.state, &[STATE_NORMAL, STATE_DISABLED])
    }

    /// The geohash of the hotel's coordinates, empty when it has none.
    pub fn geo_hash(&self) -> String {
        match (self.longitude, self.latitude) {
            (Some(lng), Some(lat)) => geohash(lat, lng, GEOHASH_LEN),
            _ => String::new(),
        }
    }
}

pub fn star(value: i32) -> Result<(), ApiError> {
    if (0..=MAX_STAR).contains(&value) {
        return Ok(());
    }
    Err(ApiError::invalid_field(
        "star",
        "星级为 0 到 8",
        "must be 0 to 8",
    ))
}

/// Post codes differ by country (six digits in China, `SW1A 1AA` in Britain): letters, digits,
/// blanks and hyphens, 3 to 10 of them.
pub fn post_code(value: &str) -> Result<(), ApiError> {
    let ok = value.is_empty()
        || ((3..=10).contains(&value.len())
            && value
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-'));
    if ok {
        return Ok(());
    }
    Err(ApiError::invalid_field(
        "postCode",
        "邮编格式错误",
        "a post code of 3 to 10 letters and digits",
    ))
}

/// Whether `s` names a time zone: `UTC`, an offset `+08:00` / `UTC+08:00`, or an IANA name such
/// as `Asia/Shanghai` (its shape only: the zone database is not consulted).
pub fn is_time_zone(s: &str) -> bool {
    if s == "UTC" || s == "GMT" {
        return true;
    }
    let offset = s
        .strip_prefix("UTC")
        .or_else(|| s.strip_prefix("GMT"))
        .unwrap_or(s);
    if let Some(rest) = offset.strip_prefix(['+', '-']) {
        return is_clock(rest) && rest <= "14:00";
    }
    let mut parts = s.split('/');
    let area_ok = parts
        .next()
        .is_some_and(|a| !a.is_empty() && a.chars().all(|c| c.is_ascii_alphabetic()));
    let mut rest = parts.peekable();
    area_ok
        && s.len() <= 64
        && rest.peek().is_some()
        && rest.all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_+-".contains(c))
        })
}

fn time_zone(value: &str) -> Result<(), ApiError> {
    if value.is_empty() || is_time_zone(value) {
        return Ok(());
    }
    Err(ApiError::invalid_field(
        "timeZone",
        "时区格式错误，如 Asia/Shanghai 或 +08:00",
        "a time zone such as Asia/Shanghai or +08:00",
    ))
}

const BASE32: &[u8; 32] = b"0123456789bcdefghjkmnpqrstuvwxyz";

/// The geohash of a point, `len` characters long (at most 24: beyond that f64 has no bits).
/// Bits alternate longitude and latitude, each halving its interval, five bits a character.
pub fn geohash(latitude: f64, longitude: f64, len: usize) -> String {
    let (mut lat, mut lng) = ((-90.0_f64, 90.0_f64), (-180.0_f64, 180.0_f64));
    let mut out = String::with_capacity(len);
    let mut even = true;
    let (mut bits, mut ch) = (0, 0usize);
    while out.len() < len.min(24) {
        let (range, value) = if even {
            (&mut lng, longitude)
        } else {
            (&mut lat, latitude)
        };
        let mid = (range.0 + range.1) / 2.0;
        ch <<= 1;
        if value >= mid {
            ch |= 1;
            range.0 = mid;
        } else {
            range.1 = mid;
        }
        even = !even;
        bits += 1;
        if bits == 5 {
            out.push(char::from(BASE32[ch]));
            bits = 0;
            ch = 0;
        }
    }
    out
}

/// `lng,lat` as a zone stores it in `geoLng`: both numbers, in range.
pub fn parse_geo_lng(value: &str) -> Result<Option<(f64, f64)>, ApiError> {
    if value.is_empty() {
        return Ok(None);
    }
    let bad = || {
        ApiError::invalid_field(
            "geoLng",
            "经纬度格式为 经度,纬度，如 116.397,39.909",
            "longitude,latitude such as 116.397,39.909",
        )
    };
    let (lng, lat) = value.split_once(',').ok_or_else(bad)?;
    let lng: f64 = lng.trim().parse().map_err(|_| bad())?;
    let lat: f64 = lat.trim().parse().map_err(|_| bad())?;
    if !lng.is_finite() || !lat.is_finite() {
        return Err(bad());
    }
    if !(-180.0..=180.0).contains(&lng) || !(-90.0..=90.0).contains(&lat) {
        return Err(ApiError::invalid_field(
            "geoLng",
            "经度为 -180 到 180，纬度为 -90 到 90",
            "longitude must be -180 to 180, latitude -90 to 90",
        ));
    }
    Ok(Some((lng, lat)))
}

/// A zone's fields as an operator saves them. As for hotels, the geohash is computed.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZoneFields {
    pub name: String,
    /// saas-main's area: a country (`CN`), a province (`CN-ZJ`) or a city (`CN-ZJ-HZ`) in use, or
    /// empty (docs/areas.md).
    #[serde(default)]
    pub area_id: String,
    /// The zone's centre as `longitude,latitude`, or empty.
    #[serde(default)]
    pub geo_lng: String,
    /// The parent zone of the tenant; 0 for a root.
    #[serde(default)]
    pub parent_id: i64,
    /// 1 normal, 0 disabled.
    #[serde(default = "default_state")]
    pub state: i32,
}

impl ZoneFields {
    /// Trims and checks the fields; answers the geohash of the centre (empty without one).
    /// Whether the parent exists and is no descendant is the store's to check.
    pub fn check(&mut self) -> Result<String, ApiError> {
        self.name = self.name.trim().to_owned();
        self.area_id = self.area_id.trim().to_owned();
        self.geo_lng = self.geo_lng.trim().to_owned();
        validate::line("name", &self.name, 1, 64)?;
        validate::line("areaId", &self.area_id, 0, 32)?;
        let hash = parse_geo_lng(&self.geo_lng)?
            .map(|(lng, lat)| geohash(lat, lng, GEOHASH_LEN))
            .unwrap_or_default();
        if self.parent_id < 0 {
            return Err(ApiError::invalid_field(
                "parentId",
                "上级区域不存在",
                "the parent zone does not exist",
            ));
        }
        validate::one_of("state", self.state, &[STATE_NORMAL, STATE_DISABLED])?;
        Ok(hash)
    }
}

/// Bed and room types are codes of the tenant's enumerations (`/openapi/enum`), 0 to 99.
const MAX_TYPE_CODE: i32 = 99;

/// A room's fields as an operator or a supplier saves them.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoomFields {
    pub name: String,
    /// A bed type code, 0 to 99.
    #[serde(default)]
    pub bed_type: i32,
    /// A room type code, 0 to 99.
    #[serde(default)]
    pub room_type: i32,
    /// Floor area as shown, such as `25` or `25-30` (square metres).
    #[serde(default)]
    pub area: String,
    /// Floors as shown, such as `3` or `5-8`.
    #[serde(default)]
    pub floor: String,
    /// 1 to 20.
    pub max_guests: i32,
    /// 0 no, 1 an extra bed can be added.
    #[serde(default)]
    pub add_bed: i32,
    /// '0' none, '1' broadband.
    #[serde(default = "no_broadband")]
    pub broadband: String,
    /// 0 no window, 1 windows, 2 some rooms have one.
    #[serde(default)]
    pub window: i32,
    /// 1 normal, 0 disabled.
    #[serde(default = "default_state")]
    pub state: i32,
}

fn no_broadband() -> String {
    "0".to_owned()
}

impl RoomFields {
    pub fn check(&mut self) -> Result<(), ApiError> {
        self.name = self.name.trim().to_owned();
        self.area = self.area.trim().to_owned();
        self.floor = self.floor.trim().to_owned();
        self.broadband = self.broadband.trim().to_owned();
        validate::line("name", &self.name, 1, 64)?;
        for (field, code) in [("bedType", self.bed_type), ("roomType", self.room_type)] {
            if !(0..=MAX_TYPE_CODE).contains(&code) {
                return Err(ApiError::invalid_field(
                    field,
                    "类型代码为 0 到 99",
                    "must be 0 to 99",
                ));
            }
        }
        validate::line("area", &self.area, 0, 32)?;
        validate::line("floor", &self.floor, 0, 32)?;
        if !(1..=20).contains(&self.max_guests) {
            return Err(ApiError::invalid_field(
                "maxGuests",
                "最多入住人数为 1 到 20",
                "must be 1 to 20",
            ));
        }
        validate::one_of("addBed", self.add_bed, &[0, 1])?;
        validate::one_of("broadband", self.broadband.as_str(), &["0", "1"])?;
        validate::one_of("window", self.window, &[0, 1, 2])?;
        validate::one_of("state", self.state, &[STATE_NORMAL, STATE_DISABLED])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(r: Result<(), ApiError>) -> String {
        match r {
            Err(ApiError::Invalid { field, .. }) => field,
            other => panic!("expected a 412, got {other:?}"),
        }
    }

    fn hotel() -> HotelFields {
        HotelFields {
            name: " Grand Hotel ".into(),
            star: 5,
            phone: "010-12345678".into(),
            images: vec!["https://img.example.com/a.jpg".into()],
            open_date: "2010-05-01".into(),
            checkin_time: "14:00".into(),
            checkout_time: "12:00".into(),
            longitude: Some(116.397),
            latitude: Some(39.909),
            time_zone: "Asia/Shanghai".into(),
            state: 1,
            ..HotelFields::default()
        }
    }

    #[test]
    fn geohash_matches_known_points() {
        // The reference example of the geohash's inventor, and the origin.
        assert_eq!(geohash(57.64911, 10.40744, 11), "u4pruydqqvj");
        assert_eq!(geohash(0.0, 0.0, 12), "s00000000000");
        assert_eq!(geohash(-90.0, -180.0, 5), "00000");
        assert_eq!(geohash(90.0, 180.0, 5), "zzzzz");
        // Tian'anmen, Beijing: a shorter hash is a prefix of a longer one.
        let long = geohash(39.909, 116.397, 12);
        assert!(long.starts_with("wx4g0"), "{long}");
        assert_eq!(geohash(39.909, 116.397, 6), long[..6]);
        assert_eq!(geohash(1.0, 1.0, 40).len(), 24);
    }

    #[test]
    fn a_good_hotel_passes_trimmed_with_its_geohash() {
        let mut h = hotel();
        h.check().unwrap();
        assert_eq!(h.name, "Grand Hotel");
        assert_eq!(h.geo_hash(), geohash(39.909, 116.397, GEOHASH_LEN));
        let mut h = HotelFields {
            name: "x".into(),
            state: 1,
            ..HotelFields::default()
        };
        h.check().unwrap();
        assert_eq!(h.geo_hash(), "");
    }

    #[test]
    fn each_hotel_rule_names_its_field() {
        type Spoil = fn(&mut HotelFields);
        let cases: Vec<(&str, Spoil)> = vec![
            ("name", |h| h.name = "  ".into()),
            ("name", |h| h.name = "n".repeat(65)),
            ("nameEn", |h| h.name_en = "n".repeat(129)),
            ("star", |h| h.star = 9),
            ("star", |h| h.star = -1),
            ("zoneId", |h| h.zone_id = -5),
            ("areaId", |h| h.area_id = "a".repeat(33)),
            ("address", |h| h.address = "a".repeat(257)),
            ("postCode", |h| h.post_code = "10#001".into()),
            ("phone", |h| h.phone = "12-34".into()),
            ("fax", |h| h.fax = "fax me".into()),
            ("images[0]", |h| h.images = vec!["ftp://x/y.jpg".into()]),
            ("images[1]", |h| {
                h.images.push("https:///nohost".into());
            }),
            ("images", |h| h.images = vec!["https://a.b/c".into(); 51]),
            ("roomNum", |h| h.room_num = -1),
            ("openDate", |h| h.open_date = "2010-02-30".into()),
            ("checkinTime", |h| h.checkin_time = "24:00".into()),
            ("checkoutTime", |h| h.checkout_time = "1200".into()),
            ("longitude", |h| h.longitude = Some(180.5)),
            ("latitude", |h| h.latitude = Some(-90.1)),
            ("latitude", |h| h.latitude = None),
            ("longitude", |h| h.longitude = None),
            ("timeZone", |h| h.time_zone = "Mars time".into()),
            ("serviceDesc", |h| h.service_desc = "d".repeat(2001)),
            ("state", |h| h.state = 2),
        ];
        for (field, spoil) in cases {
            let mut h = hotel();
            spoil(&mut h);
            assert_eq!(field_of(h.check()), field);
        }
    }

    #[test]
    fn small_formats() {
        assert!(is_clock("00:00") && is_clock("23:59"));
        assert!(!is_clock("24:00") && !is_clock("12:60") && !is_clock("9:00"));
        assert!(is_time_zone("Asia/Shanghai") && is_time_zone("America/Argentina/Salta"));
        assert!(is_time_zone("+08:00") && is_time_zone("UTC-05:30") && is_time_zone("UTC"));
        assert!(!is_time_zone("+15:00") && !is_time_zone("Asia") && !is_time_zone("Asia/"));
        assert!(is_image_url("http://a.example.com/x.png?w=100"));
        assert!(!is_image_url("https://") && !is_image_url("https://a b/c") && !is_image_url("/x"));
        assert!(post_code("100001").is_ok() && post_code("SW1A 1AA").is_ok());
        assert!(post_code("12").is_err());
    }

    #[test]
    fn zone_rules() {
        let mut z = ZoneFields {
            name: " Beijing ".into(),
            geo_lng: "116.397, 39.909".into(),
            state: 1,
            ..ZoneFields::default()
        };
        assert_eq!(z.check().unwrap(), geohash(39.909, 116.397, GEOHASH_LEN));
        assert_eq!(z.name, "Beijing");
        z.geo_lng = String::new();
        assert_eq!(z.check().unwrap(), "");
        for (field, spoil) in [
            (
                "name",
                ZoneFields {
                    name: "".into(),
                    ..z.clone()
                },
            ),
            (
                "geoLng",
                ZoneFields {
                    geo_lng: "116.4".into(),
                    ..z.clone()
                },
            ),
            (
                "geoLng",
                ZoneFields {
                    geo_lng: "200,10".into(),
                    ..z.clone()
                },
            ),
            (
                "geoLng",
                ZoneFields {
                    geo_lng: "NaN,10".into(),
                    ..z.clone()
                },
            ),
            (
                "parentId",
                ZoneFields {
                    parent_id: -1,
                    ..z.clone()
                },
            ),
            (
                "state",
                ZoneFields {
                    state: 3,
                    ..z.clone()
                },
            ),
        ] {
            let mut spoilt = spoil;
            assert_eq!(field_of(spoilt.check().map(|_| ())), field);
        }
    }

    #[test]
    fn room_rules() {
        let room = RoomFields {
            name: "Deluxe King".into(),
            max_guests: 2,
            broadband: "1".into(),
            window: 1,
            state: 1,
            ..RoomFields::default()
        };
        room.clone().check().unwrap();
        for (field, spoil) in [
            (
                "name",
                RoomFields {
                    name: " ".into(),
                    ..room.clone()
                },
            ),
            (
                "bedType",
                RoomFields {
                    bed_type: 100,
                    ..room.clone()
                },
            ),
            (
                "roomType",
                RoomFields {
                    room_type: -1,
                    ..room.clone()
                },
            ),
            (
                "maxGuests",
                RoomFields {
                    max_guests: 0,
                    ..room.clone()
                },
            ),
            (
                "maxGuests",
                RoomFields {
                    max_guests: 21,
                    ..room.clone()
                },
            ),
            (
                "addBed",
                RoomFields {
                    add_bed: 2,
                    ..room.clone()
                },
            ),
            (
                "broadband",
                RoomFields {
                    broadband: "2".into(),
                    ..room.clone()
                },
            ),
            (
                "window",
                RoomFields {
                    window: 3,
                    ..room.clone()
                },
            ),
            (
                "state",
                RoomFields {
                    state: -1,
                    ..room.clone()
                },
            ),
        ] {
            let mut spoilt = spoil;
            assert_eq!(field_of(spoilt.check()), field);
        }
    }
}
