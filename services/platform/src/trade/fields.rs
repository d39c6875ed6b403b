//! Field rules several catalogues share (hotels, scenic spots): required ids, image
//! addresses, times of day, coordinates. Each answers the 412 naming the field.

use crate::ApiError;
use crate::i18n::Text;

/// An id the request must carry: its absence is a 412 naming it, not a parse error of the
/// whole body.
pub fn required_id(field: &str, id: Option<i64>) -> Result<i64, ApiError> {
    id.ok_or_else(|| {
        ApiError::invalid(
            field,
            Text::new(
                format!("{field} 不能为空"),
                format!("This {field} can not be empty!"),
            ),
        )
    })
}

/// Whether an image address is an absolute http(s) URL with a host and no blanks.
pub fn is_image_url(s: &str) -> bool {
    let rest = s
        .strip_prefix("https://")
        .or_else(|| s.strip_prefix("http://"));
    let Some(rest) = rest else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    s.len() <= 512
        && !host.is_empty()
        && !host.starts_with(':')
        && !s.chars().any(|c| c.is_whitespace() || c.is_control())
}

/// A list of image addresses: at most `max`, each trimmed and an http(s) URL; the 412 names
/// the first wrong one (`images[2]`).
pub fn images(list: &mut [String], max: usize) -> Result<(), ApiError> {
    if list.len() > max {
        return Err(ApiError::invalid(
            "images",
            Text::new(
                format!("图片最多 {max} 张"),
                format!("at most {max} images"),
            ),
        ));
    }
    for (i, url) in list.iter_mut().enumerate() {
        *url = url.trim().to_owned();
        if !is_image_url(url) {
            return Err(ApiError::invalid_field(
                format!("images[{i}]"),
                "图片地址须为 http(s) 网址",
                "an image address must be an http(s) URL",
            ));
        }
    }
    Ok(())
}

/// Whether `s` is a time of day as HH:MM (00:00 to 23:59).
pub fn is_clock(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 5 || b[2] != b':' || ![0, 1, 3, 4].iter().all(|&i| b[i].is_ascii_digit()) {
        return false;
    }
    let num = |i: usize| (b[i] - b'0') * 10 + (b[i + 1] - b'0');
    num(0) < 24 && num(3) < 60
}

/// An optional time of day.
pub fn clock(field: &str, value: &str) -> Result<(), ApiError> {
    if value.is_empty() || is_clock(value) {
        return Ok(());
    }
    Err(ApiError::invalid_field(
        field,
        "时间格式为 HH:MM，如 14:00",
        "a time as HH:MM, such as 14:00",
    ))
}

/// Both coordinates in range, or neither: a point with one coordinate is nowhere.
pub fn coordinates(longitude: Option<f64>, latitude: Option<f64>) -> Result<(), ApiError> {
    match (longitude, latitude) {
        (None, None) => Ok(()),
        (Some(_), None) => Err(ApiError::invalid_field(
            "latitude",
            "请输入纬度",
            "Please enter the latitude",
        )),
        (None, Some(_)) => Err(ApiError::invalid_field(
            "longitude",
            "请输入经度",
            "Please enter the longitude",
        )),
        (Some(lng), Some(lat)) => {
            if !(-180.0..=180.0).contains(&lng) {
                return Err(ApiError::invalid_field(
                    "longitude",
                    "经度为 -180 到 180",
                    "must be -180 to 180",
                ));
            }
            if !(-90.0..=90.0).contains(&lat) {
                return Err(ApiError::invalid_field(
                    "latitude",
                    "纬度为 -90 到 90",
                    "must be -90 to 90",
                ));
            }
            Ok(())
        }
    }
}
