//! The bind QR code's image: WeChat's answer carries the text the code encodes (`url`) and
//! says to draw the image from it; drawing it here means the console needs nothing from
//! mp.weixin.qq.com, and the same image works against the simulator.

use base64::Engine as _;

/// `content` as a QR code in an SVG `data:` URL, fit for an `<img>`.
pub fn data_url(content: &str) -> Result<String, qrcode::types::QrError> {
    let code = qrcode::QrCode::new(content.as_bytes())?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(176, 176)
        .build();
    Ok(format!(
        "data:image/svg+xml;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(svg)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_qr_code_is_an_svg_data_url() {
        let url = data_url("http://weixin.qq.com/q/02abc").unwrap();
        assert!(url.starts_with("data:image/svg+xml;base64,"));
        let svg = base64::engine::general_purpose::STANDARD
            .decode(url.trim_start_matches("data:image/svg+xml;base64,"))
            .unwrap();
        assert!(String::from_utf8(svg).unwrap().contains("<svg"));
    }
}
