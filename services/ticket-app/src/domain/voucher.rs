//! Vouchers and the gate: what a voucher's code looks like (100 random bits written in
//! Crockford's base32, so it cannot be guessed and reads back whatever a scanner or a person
//! does to its case and separators), how many vouchers an order gets, the days a voucher
//! admits on, and what a gate answers for a scanned code. No I/O: the store draws the random
//! bytes and keeps the vouchers.

use crate::domain::product::{TicketProductFields, validate_type};

/// Random bytes behind a code: 13 bytes, of which the code carries the first 100 bits.
pub const CODE_BYTES: usize = 13;
/// Characters of a code: 20 of base32, 5 bits each.
pub const CODE_LEN: usize = 20;
/// The bits of chance in a code (the issue asks for at least 80).
pub const CODE_BITS: usize = CODE_LEN * 5;

/// Crockford's base32 alphabet: no I, L, O or U, so a code read aloud or typed is not misread.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// voucher states
pub mod state {
    pub const VALID: i32 = 0;
    pub const USED: i32 = 1;
    pub const CANCELLED: i32 = 2;
}

/// `typeTicketVoucher` 0: the product gives no voucher (entry by ID card or on site).
pub const VOUCHER_NONE: i32 = 0;

/// The code of `bytes`: their first 100 bits, 5 at a time, in Crockford's base32.
pub fn code_of(bytes: &[u8; CODE_BYTES]) -> String {
    let mut out = String::with_capacity(CODE_LEN);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for b in bytes {
        acc = (acc << 8) | u32::from(*b);
        bits += 8;
        while bits >= 5 && out.len() < CODE_LEN {
            bits -= 5;
            out.push(char::from(ALPHABET[((acc >> bits) & 31) as usize]));
        }
        acc &= (1 << bits) - 1;
    }
    out
}

/// A scanned or typed code as kept: upper case, without blanks and hyphens, the letters a
/// person may confuse read as Crockford says (O → 0, I and L → 1). `None` when it cannot be a
/// code of ours (wrong length or a character outside the alphabet): no lookup is needed.
pub fn normalise(scanned: &str) -> Option<String> {
    let mut out = String::with_capacity(CODE_LEN);
    for c in scanned.chars() {
        let c = match c.to_ascii_uppercase() {
            ' ' | '-' | '\t' => continue,
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        if !c.is_ascii() || !ALPHABET.contains(&(c as u8)) {
            return None;
        }
        out.push(c);
        if out.len() > CODE_LEN {
            return None;
        }
    }
    (out.len() == CODE_LEN).then_some(out)
}

/// A code as printed: groups of four, easier to read out and type.
pub fn grouped(code: &str) -> String {
    code.as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

/// The vouchers an order of `quantity` tickets gets: `(count, tickets each)`; none when the
/// product gives no voucher.
pub fn split(p: &TicketProductFields, quantity: i64) -> (i64, i64) {
    if p.voucher_type == VOUCHER_NONE || quantity < 1 {
        (0, 0)
    } else if p.voucher_per_ticket {
        (quantity, 1)
    } else {
        (1, quantity)
    }
}

/// The days (day numbers, both inclusive; `None` no bound) on which a voucher of an order for
/// `visit` bought on `bought` admits: on the visit day, any day of the product's range
/// (unbounded where it is), or within its days after purchase.
pub fn valid_days(p: &TicketProductFields, visit: i64, bought: i64) -> (Option<i64>, Option<i64>) {
    let day = |s: &str| platform::time::parse_date("validStart", s).ok();
    match p.validate_type {
        validate_type::WITHIN_RANGE => (day(&p.valid_start), day(&p.valid_end)),
        validate_type::DAYS_AFTER_PURCHASE => (
            Some(bought),
            Some(bought + i64::from(p.valid_days.max(1)) - 1),
        ),
        _ => (Some(visit), Some(visit)),
    }
}

/// Why a gate refuses a code, or that it admits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Admitted,
    UnknownCode,
    AlreadyUsed,
    NotYetValid,
    Expired,
    Cancelled,
    /// The order is not confirmed (waiting for payment or the supplier) or a cancellation of it
    /// is asked.
    NotConfirmed,
    WrongScenic,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Admitted => "admitted",
            Verdict::UnknownCode => "unknown-code",
            Verdict::AlreadyUsed => "already-used",
            Verdict::NotYetValid => "not-yet-valid",
            Verdict::Expired => "expired",
            Verdict::Cancelled => "cancelled",
            Verdict::NotConfirmed => "not-confirmed",
            Verdict::WrongScenic => "wrong-scenic",
        }
    }

    /// What the gate shows, (zh-CN, en).
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Verdict::Admitted => ("验证通过，请入园", "Admitted"),
            Verdict::UnknownCode => ("无效的凭证码", "Unknown code"),
            Verdict::AlreadyUsed => ("凭证已使用", "Already used"),
            Verdict::NotYetValid => ("未到有效期", "Not valid yet"),
            Verdict::Expired => ("凭证已过期", "Expired"),
            Verdict::Cancelled => ("订单已取消", "The order was cancelled"),
            Verdict::NotConfirmed => ("订单未确认或申请取消中", "The order is not confirmed"),
            Verdict::WrongScenic => ("非本景区的凭证", "A voucher of another scenic spot"),
        }
    }
}

/// What is known of a voucher when it is scanned.
#[derive(Debug, Clone, Copy)]
pub struct Scanned<'a> {
    pub voucher_state: i32,
    /// `orderState` of its order.
    pub order_state: i32,
    pub scenic_id: i64,
    pub valid_from: &'a str,
    pub valid_to: &'a str,
}

/// The gate's answer for a voucher scanned at spot `gate_scenic` (0: the caller names none) on
/// `today` (YYYY-MM-DD), before anything is written: a valid voucher of a confirmed order of the
/// spot, on one of its days, may be admitted; anything else is refused with its reason, the
/// voucher's own state first (used or cancelled say most).
pub fn judge(v: &Scanned<'_>, gate_scenic: i64, today: &str) -> Verdict {
    use platform::trade::order_state::state as order;
    match v.voucher_state {
        state::USED => return Verdict::AlreadyUsed,
        state::CANCELLED => return Verdict::Cancelled,
        _ => {}
    }
    if gate_scenic > 0 && gate_scenic != v.scenic_id {
        return Verdict::WrongScenic;
    }
    match v.order_state {
        order::CONFIRMED | order::ARRANGED => {}
        order::CANCELLED | order::REFUNDED | order::INVALID => return Verdict::Cancelled,
        order::COMPLETED => return Verdict::AlreadyUsed,
        _ => return Verdict::NotConfirmed,
    }
    if !v.valid_from.is_empty() && today < v.valid_from {
        return Verdict::NotYetValid;
    }
    if !v.valid_to.is_empty() && today > v.valid_to {
        return Verdict::Expired;
    }
    Verdict::Admitted
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::trade::order_state::state as order;

    #[test]
    fn a_code_is_twenty_characters_of_the_alphabet_carrying_a_hundred_bits() {
        const { assert!(CODE_BITS >= 80) };
        let zero = code_of(&[0; CODE_BYTES]);
        assert_eq!(zero, "0".repeat(CODE_LEN));
        let ones = code_of(&[0xff; CODE_BYTES]);
        assert_eq!(ones, "Z".repeat(CODE_LEN));
        // The first byte's top five bits are the first character, the next five the second.
        let mut b = [0u8; CODE_BYTES];
        b[0] = 0b0000_1000;
        b[1] = 0b0100_0000;
        assert_eq!(&code_of(&b)[..3], "110");
        // Bit 99 (the last carried) shows; bits 100.. of the 13th byte do not.
        let mut last = [0u8; CODE_BYTES];
        last[12] = 0b0001_0000;
        assert_eq!(&code_of(&last)[19..], "1");
        last[12] = 0b0000_1111;
        assert_eq!(code_of(&last), zero);
    }

    #[test]
    fn every_bit_of_the_hundred_changes_the_code() {
        let base = code_of(&[0x5a; CODE_BYTES]);
        for bit in 0..CODE_BITS {
            let mut b = [0x5a; CODE_BYTES];
            b[bit / 8] ^= 0x80 >> (bit % 8);
            assert_ne!(code_of(&b), base, "bit {bit}");
        }
    }

    #[test]
    fn a_scanned_code_reads_back_whatever_its_case_and_separators() {
        let code = code_of(&[0xa7; CODE_BYTES]);
        assert_eq!(normalise(&code), Some(code.clone()));
        assert_eq!(
            normalise(&grouped(&code).to_lowercase()),
            Some(code.clone())
        );
        assert_eq!(normalise(&format!("  {code} ")), Some(code.clone()));
        assert_eq!(
            normalise("O0IL-0000-0000-0000-0000"),
            Some("00110000000000000000".into())
        );
        assert_eq!(normalise(""), None);
        assert_eq!(normalise(&code[..19]), None);
        assert_eq!(normalise(&format!("{code}0")), None);
        assert_eq!(normalise("U000000000000000000'"), None);
        assert_eq!(normalise("' OR 1=1 --0000000000"), None);
        assert_eq!(normalise("ＡＢＣＤ0000000000000000"), None);
        assert_eq!(normalise(&"A".repeat(10_000)), None);
    }

    fn product(voucher_type: i32, per_ticket: bool) -> TicketProductFields {
        serde_json::from_value(serde_json::json!({
            "productName": "West Lake boat",
            "scenicId": 7,
            "productType": 1,
            "formFields": [1, 2],
            "voucherType": voucher_type,
            "voucherPerTicket": per_ticket,
        }))
        .unwrap()
    }

    #[test]
    fn one_voucher_a_ticket_or_one_for_the_order_or_none() {
        assert_eq!(split(&product(1, true), 3), (3, 1));
        assert_eq!(split(&product(2, false), 3), (1, 3));
        assert_eq!(split(&product(0, true), 3), (0, 0));
    }

    #[test]
    fn a_voucher_admits_on_its_days() {
        let mut p = product(1, true);
        p.validate_type = validate_type::ON_DATE;
        assert_eq!(valid_days(&p, 100, 90), (Some(100), Some(100)));
        p.validate_type = validate_type::DAYS_AFTER_PURCHASE;
        p.valid_days = 7;
        assert_eq!(valid_days(&p, 100, 90), (Some(90), Some(96)));
        p.validate_type = validate_type::WITHIN_RANGE;
        p.valid_start = "1970-01-11".into();
        p.valid_end = "1970-02-10".into();
        assert_eq!(valid_days(&p, 100, 90), (Some(10), Some(40)));
        p.valid_start.clear();
        p.valid_end.clear();
        assert_eq!(valid_days(&p, 100, 90), (None, None));
    }

    fn scanned(voucher_state: i32, order_state: i32) -> Scanned<'static> {
        Scanned {
            voucher_state,
            order_state,
            scenic_id: 7,
            valid_from: "2026-12-01",
            valid_to: "2026-12-03",
        }
    }

    #[test]
    fn the_gate_admits_a_valid_voucher_of_a_confirmed_order_on_its_days_only() {
        let ok = scanned(state::VALID, order::CONFIRMED);
        assert_eq!(judge(&ok, 7, "2026-12-01"), Verdict::Admitted);
        assert_eq!(judge(&ok, 0, "2026-12-03"), Verdict::Admitted);
        assert_eq!(
            judge(&scanned(state::VALID, order::ARRANGED), 7, "2026-12-02"),
            Verdict::Admitted
        );
        assert_eq!(judge(&ok, 7, "2026-11-30"), Verdict::NotYetValid);
        assert_eq!(judge(&ok, 7, "2026-12-04"), Verdict::Expired);
        assert_eq!(judge(&ok, 8, "2026-12-01"), Verdict::WrongScenic);
        let open = Scanned {
            valid_from: "",
            valid_to: "",
            ..ok
        };
        assert_eq!(judge(&open, 7, "2099-01-01"), Verdict::Admitted);
    }

    #[test]
    fn the_gate_refuses_with_the_reason() {
        let at = |v, o| judge(&scanned(v, o), 7, "2026-12-02");
        assert_eq!(at(state::USED, order::CONFIRMED), Verdict::AlreadyUsed);
        assert_eq!(at(state::USED, order::COMPLETED), Verdict::AlreadyUsed);
        assert_eq!(at(state::CANCELLED, order::CANCELLED), Verdict::Cancelled);
        for o in [order::CANCELLED, order::REFUNDED, order::INVALID] {
            assert_eq!(at(state::VALID, o), Verdict::Cancelled, "order state {o}");
        }
        for o in [
            order::UNPAID,
            order::PAID,
            order::UNCONFIRMED,
            order::CANCEL_REQUESTED,
        ] {
            assert_eq!(
                at(state::VALID, o),
                Verdict::NotConfirmed,
                "order state {o}"
            );
        }
        // Used says more than the spot: the gate names who used it.
        assert_eq!(
            judge(&scanned(state::USED, order::CONFIRMED), 8, "2026-12-02"),
            Verdict::AlreadyUsed
        );
    }
}
