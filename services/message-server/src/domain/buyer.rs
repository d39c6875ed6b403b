//! What the buyer of a ticket order is sent when its vouchers are issued (`voucher.ticket.issued`):
//! one SMS a voucher to the contact's mobile, each carrying its whole code, and one mail with
//! every code to the contact's e-mail. The buyer is no user of the tenant, so neither has
//! notification settings: the contact gave the address to be sent the tickets.

use platform::bus::v1;

use super::dispatch::Channel;
use super::sms;

/// The notification type the messages are listed under (13: the order confirmed, as the
/// distributor is told).
pub const NOTIFY_TYPE: i32 = 13;

/// One message to the buyer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuyerMessage {
    pub channel: Channel,
    pub address: String,
    /// The mail's subject; empty for SMS.
    pub subject: String,
    pub content: String,
    pub parts: i32,
}

/// A code as a person reads it aloud: groups of four.
fn grouped(code: &str) -> String {
    code.chars()
        .collect::<Vec<_>>()
        .chunks(4)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// The most an SMS holds: two parts.
const SMS_MAX: usize = 2 * sms::MAX_CHARS;

/// An SMS of voucher `seq` of `count`: the product's confirmation text (or the product and
/// the day when it has none), cut with an ellipsis where the code would not fit whole.
fn voucher_sms(lead: &str, seq: usize, count: usize, code: &str) -> String {
    let tail = if count > 1 {
        format!("凭证{seq}/{count}：{}", grouped(code))
    } else {
        format!("凭证：{}", grouped(code))
    };
    let room = SMS_MAX.saturating_sub(tail.chars().count() + 1);
    let lead: String = if lead.chars().count() > room {
        lead.chars()
            .take(room.saturating_sub(1))
            .chain(['…'])
            .collect()
    } else {
        lead.to_owned()
    };
    if lead.is_empty() {
        tail
    } else {
        format!("{lead} {tail}")
    }
}

/// The messages `e` calls for: none for an order without codes or a contact without an address.
pub fn voucher_messages(e: &v1::VouchersIssued) -> Vec<BuyerMessage> {
    let (Some(order), Some(contact)) = (&e.order, &e.contact) else {
        return Vec::new();
    };
    if e.codes.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mobile = contact.mobile.trim();
    if !mobile.is_empty() {
        let lead = if e.sms_text.trim().is_empty() {
            format!("{} {}", order.product_name, order.start_date)
        } else {
            e.sms_text.trim().to_owned()
        };
        for (i, code) in e.codes.iter().enumerate() {
            let content = voucher_sms(&lead, i + 1, e.codes.len(), code);
            let parts = sms::split(&content).len() as i32;
            out.push(BuyerMessage {
                channel: Channel::Sms,
                address: mobile.to_owned(),
                subject: String::new(),
                content,
                parts,
            });
        }
    }
    let email = contact.email.trim();
    if !email.is_empty() {
        let codes: Vec<String> = e
            .codes
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{}. {}", i + 1, grouped(c)))
            .collect();
        let codes = codes.join("\n");
        let content = format!(
            "{name}，您好：\n您的门票已确认：{product}，{date}，{n} 张，订单号 {id}。\n入园凭证：\n{codes}\n\nDear {name},\nYour tickets are confirmed: {product}, {date}, {n} ticket(s), order {id}.\nYour vouchers:\n{codes}\n{text}",
            name = contact.name,
            product = order.product_name,
            date = order.start_date,
            n = e.quantity,
            id = order.order_id,
            text = e.sms_text.trim(),
        );
        out.push(BuyerMessage {
            channel: Channel::Mail,
            address: email.to_owned(),
            subject: format!(
                "门票凭证 Ticket vouchers：{}，订单号 order {}",
                order.product_name, order.order_id
            ),
            content: content.trim_end().to_owned(),
            parts: 1,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issued(codes: &[&str], mobile: &str, email: &str, sms_text: &str) -> v1::VouchersIssued {
        v1::VouchersIssued {
            order: Some(v1::OrderRef {
                order_id: 42,
                product_type: v1::ProductType::Ticket as i32,
                product_name: "West Lake day ticket".into(),
                start_date: "2026-12-01".into(),
                end_date: "2026-12-01".into(),
                ..Default::default()
            }),
            contact: Some(v1::Contact {
                name: "Li Lei".into(),
                mobile: mobile.into(),
                email: email.into(),
            }),
            codes: codes.iter().map(|c| (*c).to_owned()).collect(),
            sms_text: sms_text.into(),
            quantity: codes.len() as i64,
        }
    }

    const A: &str = "ABCDEFGHJKMNPQRSTVWX";
    const B: &str = "0123456789ABCDEFGHJK";

    #[test]
    fn each_voucher_gets_an_sms_with_its_whole_code_and_the_mail_has_them_all() {
        let m = voucher_messages(&issued(&[A, B], "13800000001", "li@example.com", ""));
        assert_eq!(m.len(), 3);
        assert_eq!(m[0].channel, Channel::Sms);
        assert_eq!(m[0].address, "13800000001");
        assert_eq!(
            m[0].content,
            "West Lake day ticket 2026-12-01 凭证1/2：ABCD-EFGH-JKMN-PQRS-TVWX"
        );
        assert!(m[1].content.ends_with("凭证2/2：0123-4567-89AB-CDEF-GHJK"));
        assert_eq!(m[2].channel, Channel::Mail);
        assert_eq!(m[2].address, "li@example.com");
        assert!(m[2].subject.contains("order 42"), "{}", m[2].subject);
        for code in ["1. ABCD-EFGH-JKMN-PQRS-TVWX", "2. 0123-4567-89AB-CDEF-GHJK"] {
            assert!(m[2].content.contains(code), "{}", m[2].content);
        }
        assert!(m[2].content.contains("Your tickets are confirmed"));
    }

    #[test]
    fn the_suppliers_text_leads_and_gives_way_to_the_code() {
        let m = voucher_messages(&issued(&[A], "13800000001", "", "请凭短信入园"));
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].content, "请凭短信入园 凭证：ABCD-EFGH-JKMN-PQRS-TVWX");
        assert_eq!(m[0].parts, 1);
        let long = "字".repeat(120);
        let m = voucher_messages(&issued(&[A], "13800000001", "", &long));
        let c = &m[0].content;
        assert_eq!(c.chars().count(), SMS_MAX, "{c}");
        assert!(c.ends_with("凭证：ABCD-EFGH-JKMN-PQRS-TVWX"), "{c}");
        assert!(c.contains('…'));
        assert_eq!(m[0].parts, 2);
    }

    #[test]
    fn nothing_is_sent_without_codes_or_an_address() {
        assert!(voucher_messages(&issued(&[], "13800000001", "li@example.com", "")).is_empty());
        assert!(voucher_messages(&issued(&[A], " ", "", "")).is_empty());
        let only_mail = voucher_messages(&issued(&[A], "", "li@example.com", ""));
        assert_eq!(only_mail.len(), 1);
        assert_eq!(only_mail[0].channel, Channel::Mail);
    }
}
