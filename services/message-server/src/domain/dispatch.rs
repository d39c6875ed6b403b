//! Rules of the dispatch queue (SMS and mail sent by a worker): which licence a channel goes out
//! under, what a notice becomes on it, retries, and when a licence lets messages go.

use super::notify::{Notice, headline};
use super::sms;

/// A channel delivered through the dispatch queue; the number is the `channel` column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Sms = 1,
    Mail = 2,
}

/// Attempts before a message is marked failed.
pub const MAX_ATTEMPTS: i32 = 5;

impl Channel {
    pub fn id(self) -> i32 {
        self as i32
    }

    /// The licence of saas-main's catalogue the channel goes out under.
    pub fn licence(self) -> &'static str {
        match self {
            Channel::Sms => "saas/notify/sms",
            Channel::Mail => "saas/notify/mail",
        }
    }

    /// Why a message is refused when the tenant holds no live licence.
    pub fn no_licence(self) -> String {
        format!("no live licence ({})", self.licence())
    }

    pub fn name(self) -> &'static str {
        match self {
            Channel::Sms => "SMS",
            Channel::Mail => "mail",
        }
    }
}

/// What a notice becomes on a channel for a reader of `language` (`en`, otherwise zh-CN):
/// the subject (mail only), the body, and how many parts it is sent in.
pub fn compose(channel: Channel, n: &Notice, language: &str) -> (String, String, i32) {
    let english = language.eq_ignore_ascii_case("en");
    let body = if english {
        &n.message_en
    } else {
        &n.message_zh
    };
    match channel {
        Channel::Sms => (String::new(), body.clone(), sms::split(body).len() as i32),
        Channel::Mail => {
            let (zh, en) = headline(n.notify_type);
            let subject = if english {
                format!("Tradewind: {en}, order {}", n.ref_id)
            } else {
                format!("Tradewind：{zh}，订单号 {}", n.ref_id)
            };
            (subject, body.clone(), 1)
        }
    }
}

/// How long to wait after the `attempts`-th failure: 2 s doubling, at most 10 minutes.
pub fn backoff_ms(attempts: i32) -> i64 {
    let exp = attempts.clamp(1, 20) - 1;
    (2_000_i64 << exp).min(600_000)
}

/// Whether a licence (as `licence.updated` left it) lets messages go out now: normal, not
/// expired, and for a count, something left.
pub fn live(state: i32, value: i64, expire_date: i64, now: i64) -> bool {
    state == 1 && value > 0 && (expire_date == 0 || expire_date > now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::notify::Side;

    fn notice(message_zh: &str) -> Notice {
        Notice {
            side: Side::Supplier,
            notify_type: 0,
            mch_id: 1,
            message_zh: message_zh.into(),
            message_en: "New order (hotel): X, order 7".into(),
            ref_id: "7".into(),
            action_url: String::new(),
        }
    }

    #[test]
    fn a_notice_is_written_in_the_readers_language() {
        let n = notice("新订单（酒店）：X，订单号 7");
        let (subject, body, parts) = compose(Channel::Mail, &n, "en");
        assert_eq!(subject, "Tradewind: New order, order 7");
        assert_eq!((body.as_str(), parts), ("New order (hotel): X, order 7", 1));
        let (subject, body, _) = compose(Channel::Mail, &n, "zh-cn");
        assert_eq!(subject, "Tradewind：新订单，订单号 7");
        assert_eq!(body, n.message_zh);
        let (subject, _, parts) = compose(Channel::Sms, &notice(&"字".repeat(61)), "");
        assert_eq!((subject.as_str(), parts), ("", 2));
    }

    #[test]
    fn retries_back_off_up_to_ten_minutes() {
        assert_eq!(backoff_ms(1), 2_000);
        assert_eq!(backoff_ms(2), 4_000);
        assert_eq!(backoff_ms(30), 600_000);
    }

    #[test]
    fn a_licence_is_live_while_normal_unexpired_and_not_used_up() {
        assert!(live(1, 10, 0, 5));
        assert!(live(1, 10, 6, 5));
        assert!(!live(1, 10, 5, 5), "expired");
        assert!(!live(0, 10, 0, 5), "state 0");
        assert!(!live(1, 0, 0, 5), "used up");
    }

    #[test]
    fn each_channel_has_its_licence() {
        assert_eq!(Channel::Sms.licence(), "saas/notify/sms");
        assert_eq!(
            Channel::Mail.no_licence(),
            "no live licence (saas/notify/mail)"
        );
    }
}
