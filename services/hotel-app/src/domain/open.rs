//! The open distribution API's rules (`/open/v1/...`, docs/open-api.md): who may call it, the
//! form of an idempotency key and how long it is kept, what a repeated key means, and which
//! action a distributor's "cancel" is.

use platform::tenancy::msc;
use platform::{ApiError, Viewer};

use super::order_state::{Action, state};

/// The header a booking names its idempotency key in.
pub const KEY_HEADER: &str = "Idempotency-Key";

/// How long a key is kept per API user: a retry within a day answers the first order. After
/// that the key is free again (the job `open-idempotency-keys` removes it).
pub const KEY_RETENTION_MS: i64 = 24 * 60 * 60 * 1000;

/// The longest key: a UUID or a distributor's own order number fits with room to spare.
pub const KEY_MAX: usize = 64;

/// The open API is for the API users (mscType 500, 510, 511, 512) of a distributor merchant:
/// they book at that distributor's prices and see that distributor's orders only. A console
/// user, or an API user of a supplier or of no merchant, is refused.
pub fn caller(msc_type: i32, viewer: &Viewer) -> Result<i64, ApiError> {
    let api_user = matches!(
        msc_type,
        msc::API_USER | msc::API_SHARED | msc::API_SUPPLIER | msc::API_DISTRIBUTOR
    );
    match viewer.distributor() {
        Some(id) if api_user => Ok(id),
        _ => Err(platform::auth::forbidden()),
    }
}

/// Checks a key's form: 1 to 64 printable ASCII characters, no blanks.
pub fn check_key(key: &str) -> Result<(), ApiError> {
    if !key.is_empty() && key.len() <= KEY_MAX && key.bytes().all(|b| b.is_ascii_graphic()) {
        Ok(())
    } else {
        Err(ApiError::invalid_field(
            KEY_HEADER,
            "幂等键为 1 到 64 个可打印 ASCII 字符，不含空格",
            "the idempotency key is 1 to 64 printable ASCII characters without blanks",
        ))
    }
}

/// A key as kept: the digest of the booking it was first used with and the order it made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptKey {
    pub body_hash: String,
    pub order_id: i64,
    pub created_at: i64,
}

/// What a booking with a key already kept comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repeat {
    /// The same booking again: answer the first order, book nothing.
    Same(i64),
    /// The key's time has passed: it is free for this booking.
    Expired,
}

/// Decides a booking whose key is kept: the same body within the retention answers the first
/// order; a different body is refused (412 naming the key), so a reused key never books
/// something else by mistake.
pub fn repeat(key: &str, kept: &KeptKey, body_hash: &str, now: i64) -> Result<Repeat, ApiError> {
    if now - kept.created_at >= KEY_RETENTION_MS {
        return Ok(Repeat::Expired);
    }
    if kept.body_hash == body_hash {
        return Ok(Repeat::Same(kept.order_id));
    }
    Err(ApiError::invalid(
        KEY_HEADER,
        platform::i18n::Text::new(
            format!("幂等键 {key} 已用于另一笔不同内容的预订"),
            format!("the idempotency key {key} was already used for a different booking"),
        ),
    ))
}

/// A distributor's "cancel": an order the supplier has confirmed (or arranged) can only be
/// applied for cancellation, which the supplier agrees to or refuses; any other is cancelled
/// at once. The state machine still decides whether either may happen.
pub fn cancel_action(order_state: i32) -> Action {
    match order_state {
        state::CONFIRMED | state::ARRANGED => Action::ApplyCancel,
        _ => Action::Cancel,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::tenancy::MerchantKind;

    #[test]
    fn only_api_users_of_a_distributor_call_the_open_api() {
        let d = Viewer::merchant(7, 42, MerchantKind::Distributor);
        let s = Viewer::merchant(7, 43, MerchantKind::Supplier);
        assert_eq!(caller(msc::API_DISTRIBUTOR, &d).ok(), Some(42));
        assert_eq!(caller(msc::API_USER, &d).ok(), Some(42));
        assert!(caller(msc::DISTRIBUTOR_USER, &d).is_err(), "a console user");
        assert!(caller(msc::API_SUPPLIER, &s).is_err());
        assert!(caller(msc::API_USER, &Viewer::tenant(7)).is_err());
    }

    #[test]
    fn keys_are_short_printable_ascii() {
        assert!(check_key("order-2026-0001").is_ok());
        assert!(check_key(&"k".repeat(64)).is_ok());
        for bad in ["", "has blank", "tab\t", "é", &"k".repeat(65)] {
            let e = check_key(bad).unwrap_err();
            assert_eq!(e.code(), "invalid", "{bad}");
        }
    }

    #[test]
    fn a_kept_key_answers_the_same_booking_and_refuses_another() {
        let kept = KeptKey {
            body_hash: "abc".into(),
            order_id: 9,
            created_at: 1_000,
        };
        assert_eq!(repeat("k", &kept, "abc", 2_000).ok(), Some(Repeat::Same(9)));
        let e = repeat("k1", &kept, "other", 2_000).unwrap_err();
        assert!(e.message().contains("k1"), "{}", e.message());
        let late = 1_000 + KEY_RETENTION_MS;
        assert_eq!(
            repeat("k", &kept, "other", late).ok(),
            Some(Repeat::Expired)
        );
    }

    #[test]
    fn a_confirmed_order_is_applied_for_cancellation() {
        assert_eq!(cancel_action(state::CONFIRMED), Action::ApplyCancel);
        assert_eq!(cancel_action(state::ARRANGED), Action::ApplyCancel);
        assert_eq!(cancel_action(state::UNPAID), Action::Cancel);
        assert_eq!(cancel_action(state::UNCONFIRMED), Action::Cancel);
        assert_eq!(cancel_action(state::PAID), Action::Cancel);
    }
}
