//! Which order events become which notifications, for whom, with which words: plain functions,
//! apart from the bus and the database. docs/notifications.md has the same table.
//!
//! Notification types (`typeNotifys`): what a supplier is told, 0 new order, 1 cancelled,
//! 2 modified, 3 succeeded; what a distributor is told, 10 new order, 11 cancelled,
//! 12 modified, 13 confirmed, 14 completed.

use platform::bus::v1;

/// Whose side of an order a notification speaks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Supplier,
    Distributor,
}

/// A notification an order event calls for, before its recipients are found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub side: Side,
    pub notify_type: i32,
    /// The merchant of that side (0 when the order has none, such as an order entered by the
    /// tenant's staff without a distributor).
    pub mch_id: i64,
    pub message_zh: String,
    pub message_en: String,
    /// The order id.
    pub ref_id: String,
    /// Where the console opens the order.
    pub action_url: String,
}

/// An order event as the rules need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderChange {
    Created,
    Cancelled,
    Modified,
    /// The order state it moved to.
    Moved(i32),
}

/// The product's application in the console, for links.
fn app_of(product_type: i32) -> &'static str {
    match product_type {
        20 => "saas-ticket-app",
        60 => "saas-mall-app",
        _ => "saas-hotel-app",
    }
}

fn kind_name(product_type: i32) -> (&'static str, &'static str) {
    match product_type {
        20 => ("门票", "ticket"),
        60 => ("商城", "mall"),
        _ => ("酒店", "hotel"),
    }
}

/// The (side, type) pairs a change calls for: both sides hear of new, cancelled and modified
/// orders; a confirmation is a success for the supplier and a confirmation for the
/// distributor; completion is told to the distributor; a refusal (invalid) is a cancellation
/// for the distributor; an application to cancel is a modification for the supplier.
pub fn types_for(change: OrderChange) -> Vec<(Side, i32)> {
    use Side::*;
    match change {
        OrderChange::Created => vec![(Supplier, 0), (Distributor, 10)],
        OrderChange::Cancelled => vec![(Supplier, 1), (Distributor, 11)],
        OrderChange::Modified => vec![(Supplier, 2), (Distributor, 12)],
        OrderChange::Moved(1) => vec![(Supplier, 3), (Distributor, 13)],
        OrderChange::Moved(5) => vec![(Distributor, 14)],
        OrderChange::Moved(9) => vec![(Distributor, 11)],
        OrderChange::Moved(7) => vec![(Supplier, 2)],
        OrderChange::Moved(_) => Vec::new(),
    }
}

/// What happened, in a few words (zh-CN, en): the start of a message and a mail's subject.
pub fn headline(notify_type: i32) -> (&'static str, &'static str) {
    match notify_type {
        0 | 10 => ("新订单", "New order"),
        1 | 11 => ("订单已取消", "Order cancelled"),
        2 => ("订单变更", "Order change requested"),
        12 => ("订单已修改", "Order modified"),
        3 => ("订单成功", "Order succeeded"),
        13 => ("订单已确认", "Order confirmed"),
        _ => ("订单已完成", "Order completed"),
    }
}

fn words(notify_type: i32, kind: (&str, &str), o: &v1::OrderRef) -> (String, String) {
    let (what_zh, what_en) = headline(notify_type);
    let dates_zh = if o.end_date.is_empty() || o.end_date == o.start_date {
        o.start_date.clone()
    } else {
        format!("{} 至 {}", o.start_date, o.end_date)
    };
    let dates_en = if o.end_date.is_empty() || o.end_date == o.start_date {
        o.start_date.clone()
    } else {
        format!("{} to {}", o.start_date, o.end_date)
    };
    (
        format!(
            "{what_zh}（{}）：{}，{dates_zh}，订单号 {}",
            kind.0, o.product_name, o.order_id
        ),
        format!(
            "{what_en} ({}): {}, {dates_en}, order {}",
            kind.1, o.product_name, o.order_id
        ),
    )
}

/// The notifications an order event calls for.
pub fn notices(change: OrderChange, o: &v1::OrderRef) -> Vec<Notice> {
    let kind = kind_name(o.product_type);
    let app = app_of(o.product_type);
    types_for(change)
        .into_iter()
        .map(|(side, notify_type)| {
            let (message_zh, message_en) = words(notify_type, kind, o);
            let (mch_id, list) = match side {
                Side::Supplier => (o.supplier_mch_id, "order/supplier/list"),
                Side::Distributor => (o.distributor_mch_id, "order/channel/list"),
            };
            Notice {
                side,
                notify_type,
                mch_id,
                message_zh,
                message_en,
                ref_id: o.order_id.to_string(),
                action_url: format!("/{app}/{list}?orderId={}", o.order_id),
            }
        })
        .collect()
}

/// How far an order event's notifications go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// News: stored, pushed to the user's sockets, and sent by WeChat, SMS and mail as the
    /// settings say; however late it is delivered (a broker or message-server outage delays
    /// news, it does not make it history).
    Live,
    /// History of the last days (told as of the past, such as the demo hotel's year of orders):
    /// stored in the user's list, unread, but neither pushed, nor in a new socket's backlog,
    /// nor sent: a person opening the console reads it and is not sent hundreds of toasts.
    Quiet,
    /// Older history: not news to anyone; nothing is made.
    Skip,
}

/// An event told more than this after it happened (its id made this long after its
/// `occurredAt`) was told as of the past: its producer replayed history. A change made through
/// the API is told within its request, well under this.
pub const TOLD_LATE_MS: i64 = 10 * 60 * 1000;

/// History reaches the lists back this far: the last two days' changes, a few notifications
/// per demo user, not the year.
pub const HISTORY_KEPT_MS: i64 = 2 * 24 * 3600 * 1000;

/// How far the notifications of an event go: news (`recorded_at`, when the producer wrote it,
/// no later than [`TOLD_LATE_MS`] after `occurred_at`, or unknown) is live; history is quiet
/// when it happened within [`HISTORY_KEPT_MS`] of `now`, else skipped.
pub fn reach(occurred_at: i64, recorded_at: Option<i64>, now: i64) -> Reach {
    let history = recorded_at.is_some_and(|r| r - occurred_at > TOLD_LATE_MS);
    if !history {
        Reach::Live
    } else if now - occurred_at <= HISTORY_KEPT_MS {
        Reach::Quiet
    } else {
        Reach::Skip
    }
}

/// When the producer wrote an event (ms): the time in its id, a UUID v7 (the envelope's
/// contract); None for an id of another kind.
pub fn recorded_at(event_id: &str) -> Option<i64> {
    let id = uuid::Uuid::parse_str(event_id).ok()?;
    if id.get_version_num() != 7 {
        return None;
    }
    let (secs, nanos) = id.get_timestamp()?.to_unix();
    i64::try_from(secs)
        .ok()?
        .checked_mul(1000)?
        .checked_add(i64::from(nanos / 1_000_000))
}

/// Whether a comma-joined list of types (as the settings keep them) holds `t`.
pub fn wants(list: &str, t: i32) -> bool {
    list.split(',')
        .any(|p| p.trim().parse::<i32>().ok() == Some(t))
}

/// Whether a user whose settings for a channel (web, weixin, SMS, mail) are `list` and `state`
/// gets `n` there: not blocked, the type chosen, and either the tenant's staff (merchant 0, who
/// see every order of the tenant) or a user of the notice's merchant.
pub fn takes(list: &str, state: i32, user_mch_id: i64, n: &Notice) -> bool {
    state == 1 && wants(list, n.notify_type) && (user_mch_id == 0 || user_mch_id == n.mch_id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order() -> v1::OrderRef {
        v1::OrderRef {
            order_id: 42,
            product_type: 10,
            supplier_mch_id: 2001,
            distributor_mch_id: 2002,
            product_name: "Sea-view King".into(),
            start_date: "2026-12-01".into(),
            end_date: "2026-12-03".into(),
            ..Default::default()
        }
    }

    #[test]
    fn each_change_tells_the_right_sides() {
        let types = |c| types_for(c).into_iter().map(|(_, t)| t).collect::<Vec<_>>();
        assert_eq!(types(OrderChange::Created), [0, 10]);
        assert_eq!(types(OrderChange::Cancelled), [1, 11]);
        assert_eq!(types(OrderChange::Modified), [2, 12]);
        assert_eq!(types(OrderChange::Moved(1)), [3, 13]);
        assert_eq!(types(OrderChange::Moved(5)), [14]);
        assert_eq!(types(OrderChange::Moved(9)), [11]);
        assert_eq!(types(OrderChange::Moved(7)), [2]);
        assert!(types(OrderChange::Moved(3)).is_empty());
    }

    #[test]
    fn a_notice_names_the_order_in_both_languages_and_links_to_it() {
        let n = notices(OrderChange::Created, &order());
        assert_eq!(n.len(), 2);
        assert_eq!((n[0].side, n[0].mch_id), (Side::Supplier, 2001));
        assert_eq!(
            n[0].message_en,
            "New order (hotel): Sea-view King, 2026-12-01 to 2026-12-03, order 42"
        );
        assert!(n[0].message_zh.starts_with("新订单（酒店）：Sea-view King"));
        assert_eq!(
            n[1].action_url,
            "/saas-hotel-app/order/channel/list?orderId=42"
        );
        assert_eq!(n[1].ref_id, "42");
    }

    const MIN: i64 = 60 * 1000;
    const DAY: i64 = 24 * 60 * MIN;

    #[test]
    fn news_is_live_however_late_it_arrives() {
        let now = 1_790_000_000_000;
        assert_eq!(reach(now, Some(now), now), Reach::Live);
        assert_eq!(reach(now - 3 * DAY, Some(now - 3 * DAY), now), Reach::Live);
        assert_eq!(
            reach(now - 2 * MIN, Some(now), now),
            Reach::Live,
            "told within its request"
        );
        assert_eq!(
            reach(now - 5 * DAY, None, now),
            Reach::Live,
            "time of telling unknown"
        );
        assert_eq!(
            reach(now + MIN, Some(now), now),
            Reach::Live,
            "another clock ahead"
        );
    }

    #[test]
    fn history_of_the_last_days_is_quiet_and_older_history_is_skipped() {
        let now = 1_790_000_000_000;
        assert_eq!(reach(now - 11 * MIN, Some(now), now), Reach::Quiet);
        assert_eq!(reach(now - 2 * DAY, Some(now), now), Reach::Quiet);
        assert_eq!(reach(now - 2 * DAY - 1, Some(now), now), Reach::Skip);
        assert_eq!(reach(now - 300 * DAY, Some(now), now), Reach::Skip);
        // Heard a day after it was told, it is as old as it was.
        assert_eq!(reach(now - 3 * DAY, Some(now - DAY), now), Reach::Skip);
    }

    #[test]
    fn an_event_id_tells_when_it_was_written() {
        let at = 1_790_000_000_123_u64;
        let ts =
            uuid::Timestamp::from_unix(uuid::NoContext, at / 1000, (at % 1000) as u32 * 1_000_000);
        let id = uuid::Uuid::new_v7(ts).to_string();
        assert_eq!(recorded_at(&id), Some(at as i64));
        assert_eq!(recorded_at(&uuid::Uuid::new_v4().to_string()), None);
        assert_eq!(recorded_at("not an id"), None);
    }

    #[test]
    fn recipients_follow_their_settings_and_their_merchant() {
        let n = &notices(OrderChange::Created, &order())[0];
        let s = |mch_id, web: &'static str, state| (web, state, mch_id);
        let web_recipient =
            |(web, state, mch_id): (&str, i32, i64), n: &Notice| takes(web, state, mch_id, n);
        assert!(web_recipient(s(2001, "0,1", 1), n));
        assert!(web_recipient(s(0, "0", 1), n), "the tenant's staff");
        assert!(!web_recipient(s(2001, "1,10", 1), n), "type not chosen");
        assert!(!web_recipient(s(2001, "0", 0), n), "blocked");
        assert!(!web_recipient(s(2003, "0", 1), n), "another supplier");
        assert!(wants("0, 10", 10) && !wants("", 0) && !wants("100", 10));
    }
}
