//! A voucher as the buyer receives it: its code as a QR code image (PNG, drawn by `qrcode`,
//! encoded by `image`) and the order's vouchers as a PDF document (`printpdf`: one A6-sized
//! page a voucher, its QR code drawn as vector squares, so it prints sharp at any size). No I/O:
//! bytes in, bytes out.
//!
//! The PDF's text is in the PDF's built-in Helvetica, which has no Chinese glyphs, so a name
//! that is not ASCII is replaced by its English counterpart (the spot's English name) or left
//! out; the code, dates and numbers are always there, and the QR code carries the code.

use printpdf::{
    BuiltinFont, Color, Mm, Op, PaintMode, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions,
    Point, Pt, Rect, Rgb, TextItem,
};
use qrcode::{EcLevel, QrCode};

use super::voucher::grouped;

/// Pixels a module of the PNG's QR code is drawn with.
const PNG_MODULE_PX: u32 = 8;

fn qr(code: &str) -> Result<QrCode, String> {
    // Level M: a scratched or folded voucher still reads (15 % of the modules may be lost).
    QrCode::with_error_correction_level(code.as_bytes(), EcLevel::M)
        .map_err(|e| format!("QR code of a voucher: {e}"))
}

/// The QR code carrying `code`, as a PNG (black on white, with the quiet zone the standard asks).
pub fn qr_png(code: &str) -> Result<Vec<u8>, String> {
    let q = qr(code)?;
    let side = u32::try_from(q.width()).unwrap_or(0).saturating_add(8) * PNG_MODULE_PX;
    let img = q
        .render::<image::Luma<u8>>()
        .quiet_zone(true)
        .min_dimensions(side, side)
        .build();
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageLuma8(img)
        .write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| format!("PNG of a voucher's QR code: {e}"))?;
    Ok(out.into_inner())
}

/// One voucher as printed.
#[derive(Debug, Clone)]
pub struct VoucherPage {
    pub code: String,
    /// "1/3": the voucher's place among the order's.
    pub seq: String,
    pub tickets: i64,
    pub order_id: i64,
    pub product_name: String,
    pub scenic_name: String,
    pub scenic_name_en: String,
    pub visit_date: String,
    /// "2026-12-01 - 2026-12-03", "2026-12-01", or "any day".
    pub valid: String,
    pub contact: String,
}

/// `s` when it can be written in the built-in font, else `fallback` when that can, else empty.
fn latin(s: &str, fallback: &str) -> String {
    [s, fallback]
        .into_iter()
        .find(|t| !t.trim().is_empty() && t.is_ascii())
        .unwrap_or("")
        .trim()
        .to_owned()
}

fn black() -> Color {
    Color::Rgb(Rgb::new(0.0, 0.0, 0.0, None))
}

fn text(ops: &mut Vec<Op>, x: f32, y: f32, size: f32, bold: bool, s: &str) {
    let font = if bold {
        BuiltinFont::HelveticaBold
    } else {
        BuiltinFont::Helvetica
    };
    ops.extend([
        Op::StartTextSection,
        Op::SetTextCursor {
            pos: Point::new(Mm(x), Mm(y)),
        },
        Op::SetFont {
            font: PdfFontHandle::Builtin(font),
            size: Pt(size),
        },
        Op::SetFillColor { col: black() },
        Op::ShowText {
            items: vec![TextItem::Text(s.to_owned())],
        },
        Op::EndTextSection,
    ]);
}

/// The QR code's dark modules as filled squares, its lower left corner at (`x`, `y`) mm, `side`
/// mm wide without the quiet zone (the page's white around it is the zone).
fn qr_squares(ops: &mut Vec<Op>, q: &QrCode, x: f32, y: f32, side: f32) {
    let n = q.width();
    #[allow(clippy::cast_precision_loss)] // a QR code is at most 177 modules wide
    let m = side / n as f32;
    ops.push(Op::SetFillColor { col: black() });
    for (i, c) in q.to_colors().iter().enumerate() {
        if *c != qrcode::Color::Dark {
            continue;
        }
        #[allow(clippy::cast_precision_loss)]
        let (col, row) = ((i % n) as f32, (i / n) as f32);
        // PDF's y grows upwards, the QR code's rows downwards.
        let lower_left = Point::new(Mm(x + col * m), Mm(y + side - (row + 1.0) * m));
        ops.push(Op::DrawRectangle {
            rectangle: Rect {
                x: lower_left.x,
                y: lower_left.y,
                width: Mm(m).into(),
                height: Mm(m).into(),
                mode: Some(PaintMode::Fill),
                winding_order: None,
            },
        });
    }
}

/// The PDF of an order's vouchers: one page (105 × 148 mm) a voucher.
pub fn pdf(pages: &[VoucherPage]) -> Result<Vec<u8>, String> {
    let mut doc = PdfDocument::new("Tradewind ticket vouchers");
    let mut out = Vec::with_capacity(pages.len());
    for v in pages {
        let q = qr(&v.code)?;
        let mut ops = Vec::new();
        text(&mut ops, 8.0, 136.0, 14.0, true, "E-TICKET VOUCHER");
        let spot = latin(&v.scenic_name, &v.scenic_name_en);
        let product = latin(&v.product_name, "");
        let mut y = 128.0;
        for line in [spot, product].into_iter().filter(|l| !l.is_empty()) {
            text(&mut ops, 8.0, y, 10.0, false, &line);
            y -= 6.0;
        }
        qr_squares(&mut ops, &q, 22.5, 42.0, 60.0);
        text(&mut ops, 8.0, 34.0, 13.0, true, &grouped(&v.code));
        let facts = [
            format!("Order {}   Voucher {}", v.order_id, v.seq),
            format!(
                "Admits {} person(s)   Visit date {}",
                v.tickets, v.visit_date
            ),
            format!("Valid: {}", v.valid),
            format!("Guest: {}", latin(&v.contact, "-")),
        ];
        let mut y = 27.0;
        for f in facts {
            text(&mut ops, 8.0, y, 8.5, false, &f);
            y -= 5.0;
        }
        out.push(PdfPage::new(Mm(105.0), Mm(148.0), ops));
    }
    let mut warnings = Vec::new();
    let bytes = doc
        .with_pages(out)
        .save(&PdfSaveOptions::default(), &mut warnings);
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_in_chinese_gives_way_to_its_english_one_or_to_nothing() {
        assert_eq!(latin("西湖", "West Lake"), "West Lake");
        assert_eq!(latin("Boat", "West Lake"), "Boat");
        assert_eq!(latin("西湖", "西湖"), "");
    }

    #[test]
    fn the_png_is_a_png_and_the_pdf_a_pdf_of_a_page_a_voucher() {
        let png = qr_png("0123456789ABCDEFGHJK").unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let page = VoucherPage {
            code: "0123456789ABCDEFGHJK".into(),
            seq: "1/2".into(),
            tickets: 1,
            order_id: 42,
            product_name: "Boat".into(),
            scenic_name: "西湖".into(),
            scenic_name_en: "West Lake".into(),
            visit_date: "2026-12-01".into(),
            valid: "2026-12-01".into(),
            contact: "Li Lei".into(),
        };
        let doc = pdf(&[page.clone(), page]).unwrap();
        assert!(doc.starts_with(b"%PDF-"));
        let tail = String::from_utf8_lossy(&doc[doc.len().saturating_sub(64)..]).into_owned();
        assert!(tail.contains("%%EOF"), "{tail}");
    }
}
