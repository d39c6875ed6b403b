//! The channel's side of the generic channel protocol as plain functions: the answer codes, how
//! a push's body is read (through the channel's field map, `platform::channel::mapping`), and
//! what a push does to the calendars the channel holds. No HTTP, no shared state.

use std::collections::{BTreeMap, BTreeSet};

use platform::channel::{Calendar, Channel, Day};
use serde_json::{Value, json};

/// A push naming a product the channel does not have, or a notice of an order it never placed.
pub use platform::channel::code::NOT_FOUND;
/// The protocol's answer codes (`platform::channel::code`, shared with our side).
pub use platform::channel::code::{BAD_REQUEST, FAULT, OK, REPLAYED, UNAUTHORIZED};

/// The envelope of every answer.
pub fn answer(code: i64, message: &str, data: Value) -> Value {
    json!({"code": code, "message": message, "data": data})
}

/// A push's body read through the channel's field map; the error names the channel's field.
pub fn read_push(channel: Channel, body: &[u8]) -> Result<Vec<Calendar>, String> {
    let v: Value = serde_json::from_slice(body).map_err(|_| "the body is not JSON".to_owned())?;
    let items = v
        .get("items")
        .and_then(Value::as_array)
        .ok_or_else(|| "items: not a list".to_owned())?;
    let map = channel.fields();
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            map.calendar_in(item, &format!("items[{i}]"))
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// The products a push names that the channel's catalogue does not have, in order.
pub fn unknown_products(known: &BTreeSet<String>, pushed: &[Calendar]) -> Vec<String> {
    let mut unknown: Vec<String> = pushed
        .iter()
        .filter(|c| !known.contains(&c.product))
        .map(|c| c.product.clone())
        .collect();
    unknown.dedup();
    unknown
}

/// The calendars after a push: each pushed day replaces the held one of its product and date.
pub fn apply(held: &mut BTreeMap<String, BTreeMap<String, Day>>, pushed: Vec<Calendar>) -> usize {
    let mut days = 0;
    for c in pushed {
        let product = held.entry(c.product).or_default();
        for d in c.days {
            product.insert(d.date.clone(), d);
            days += 1;
        }
    }
    days
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(date: &str, price: i64) -> Day {
        Day {
            date: date.into(),
            price,
            retail_price: price,
            stock: Some(5),
            closed: false,
        }
    }

    #[test]
    fn a_push_is_read_in_the_channels_names() {
        let cal = Calendar {
            product: "D1".into(),
            days: vec![day("2026-12-01", 9900)],
        };
        let body = json!({"items": [Channel::Tongcheng.fields().calendar_out(&cal)]}).to_string();
        assert_eq!(
            read_push(Channel::Tongcheng, body.as_bytes()).unwrap(),
            vec![cal]
        );
        // The same body is not meituan's: its names differ.
        assert_eq!(
            read_push(Channel::Meituan, body.as_bytes()).unwrap_err(),
            "items[0].dealId: missing"
        );
        assert_eq!(
            read_push(Channel::Api, b"nope").unwrap_err(),
            "the body is not JSON"
        );
    }

    #[test]
    fn a_push_replaces_its_days_and_names_the_unknown() {
        let mut held = BTreeMap::new();
        let first = vec![Calendar {
            product: "A".into(),
            days: vec![day("2026-12-01", 1), day("2026-12-02", 1)],
        }];
        assert_eq!(apply(&mut held, first), 2);
        let second = vec![Calendar {
            product: "A".into(),
            days: vec![day("2026-12-02", 7)],
        }];
        apply(&mut held, second.clone());
        assert_eq!(held["A"]["2026-12-01"].price, 1);
        assert_eq!(held["A"]["2026-12-02"].price, 7);
        let known: BTreeSet<String> = ["A".to_owned()].into();
        assert!(unknown_products(&known, &second).is_empty());
        let other = vec![Calendar {
            product: "Z".into(),
            days: vec![],
        }];
        assert_eq!(unknown_products(&known, &other), vec!["Z".to_owned()]);
    }
}
