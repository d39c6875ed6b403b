//! The enumerations the console's forms and filters read from `/openapi/enum/{name}`: each a
//! list of values with a label in zh-CN and en, in display order. Values are the spec's where it
//! gives them; the others are ours and listed in docs/enums.md.

use serde_json::Value;

/// One entry of an enumeration: its value (a number, or a string for service tags) and labels.
pub struct Entry {
    pub value: EnumValue,
    pub zh: &'static str,
    pub en: &'static str,
}

#[derive(Clone, Copy)]
pub enum EnumValue {
    Int(i64),
    Str(&'static str),
}

impl EnumValue {
    pub fn to_json(self) -> Value {
        match self {
            Self::Int(n) => Value::from(n),
            Self::Str(s) => Value::from(s),
        }
    }
}

const fn n(value: i64, zh: &'static str, en: &'static str) -> Entry {
    Entry {
        value: EnumValue::Int(value),
        zh,
        en,
    }
}

const fn s(value: &'static str, zh: &'static str, en: &'static str) -> Entry {
    Entry {
        value: EnumValue::Str(value),
        zh,
        en,
    }
}

/// Every enumeration, by name, in the order the spec lists them.
pub const ENUMS: &[(&str, &[Entry])] = &[
    (
        "breakfasts",
        &[
            n(0, "无早", "No breakfast"),
            n(1, "单早", "One breakfast"),
            n(2, "双早", "Two breakfasts"),
            n(3, "三早", "Three breakfasts"),
            n(4, "四早", "Four breakfasts"),
            n(99, "按入住人数", "One per guest"),
        ],
    ),
    (
        "guestTypes",
        &[n(1, "成人", "Adult"), n(2, "儿童", "Child")],
    ),
    (
        "confirmTypes",
        &[
            n(-99, "全部", "All"),
            n(0, "不确定", "Not sure"),
            n(1, "即时确认", "Instant"),
            n(2, "延时确认", "Delayed"),
        ],
    ),
    (
        "cancelTypes",
        &[
            n(0, "不可取消", "Non-cancellable"),
            n(1, "免费取消", "Free cancellation"),
            n(2, "限时取消", "Cancellable until a deadline"),
            n(3, "收费取消", "Cancellable with a fee"),
        ],
    ),
    (
        "hotelStars",
        &[
            n(0, "未评级", "Unrated"),
            n(1, "经济型", "Economy"),
            n(2, "二星级", "Two-star"),
            n(3, "舒适型", "Comfort / business"),
            n(4, "三星级", "Three-star"),
            n(5, "高档型", "Upscale"),
            n(6, "四星级", "Four-star"),
            n(7, "豪华型", "Luxury"),
            n(8, "五星级", "Five-star"),
        ],
    ),
    (
        "issueTypes",
        &[
            n(1, "产品问题", "Product"),
            n(2, "订单问题", "Order"),
            n(3, "财务问题", "Finance"),
            n(4, "账户问题", "Account"),
            n(9, "其他", "Other"),
        ],
    ),
    (
        "typeNotifys",
        &[
            n(0, "新订单（供应商）", "New order (supplier)"),
            n(1, "订单取消（供应商）", "Order cancelled (supplier)"),
            n(2, "订单修改（供应商）", "Order modified (supplier)"),
            n(3, "订单成功（供应商）", "Order succeeded (supplier)"),
            n(10, "新订单（分销商）", "New order (distributor)"),
            n(11, "订单取消（分销商）", "Order cancelled (distributor)"),
            n(12, "订单修改（分销商）", "Order modified (distributor)"),
            n(13, "订单确认（分销商）", "Order confirmed (distributor)"),
            n(14, "订单完成（分销商）", "Order completed (distributor)"),
        ],
    ),
    (
        "stateMerchants",
        &[
            n(0, "待审核", "Pending"),
            n(1, "正常", "Normal"),
            n(2, "停用", "Stopped"),
            n(-1, "已删除", "Deleted"),
        ],
    ),
    (
        "typeProducts",
        &[
            n(10, "酒店", "Hotel"),
            n(20, "门票", "Ticket"),
            n(30, "旅游", "Travel"),
            n(50, "套餐", "Package"),
            n(60, "通用商品", "General product"),
            n(80, "金融", "Finance"),
        ],
    ),
    (
        "typeApprovalOperates",
        &[
            n(1, "新增", "Add"),
            n(2, "修改", "Modify"),
            n(3, "删除", "Delete"),
        ],
    ),
    (
        "typeApprovalRefs",
        &[n(10, "酒店", "Hotel"), n(20, "景区", "Scenic spot")],
    ),
    (
        "stateApprovals",
        &[
            n(0, "待审批", "Pending"),
            n(1, "已通过", "Approved"),
            n(2, "已驳回", "Rejected"),
            n(3, "已撤回", "Withdrawn"),
        ],
    ),
    (
        "typeMsgRefs",
        &[
            n(10, "酒店订单", "Hotel order"),
            n(20, "门票订单", "Ticket order"),
            n(60, "商城订单", "Mall order"),
            n(90, "系统", "System"),
        ],
    ),
    (
        "stateMails",
        &[
            n(0, "待发送", "Queued"),
            n(1, "发送中", "Sending"),
            n(2, "已发送", "Sent"),
            n(3, "发送失败", "Failed"),
            n(4, "已拒绝", "Refused"),
        ],
    ),
    (
        "stateSms",
        &[
            n(0, "待发送", "Queued"),
            n(1, "发送中", "Sending"),
            n(2, "已发送", "Sent"),
            n(3, "发送失败", "Failed"),
            n(4, "已拒绝", "Refused"),
        ],
    ),
    (
        "typeScenicStar",
        &[
            n(0, "未评级", "Unrated"),
            n(1, "A 级", "A"),
            n(2, "AA 级", "AA"),
            n(3, "AAA 级", "AAA"),
            n(4, "AAAA 级", "AAAA"),
            n(5, "AAAAA 级", "AAAAA"),
        ],
    ),
    (
        "stateScenic",
        &[
            n(0, "待审核", "Pending"),
            n(1, "正常", "Normal"),
            n(2, "停用", "Stopped"),
        ],
    ),
    (
        "stateScenicSupplier",
        &[
            n(0, "待审核", "Pending"),
            n(1, "合作中", "Cooperating"),
            n(2, "已停止", "Stopped"),
        ],
    ),
    (
        "typeScenicOpen",
        &[
            n(1, "全年开放", "Open all year"),
            n(2, "季节性开放", "Seasonal"),
            n(3, "暂停开放", "Temporarily closed"),
        ],
    ),
    (
        "typeFieldForm",
        &[
            n(1, "文本", "Text"),
            n(2, "数字", "Number"),
            n(3, "日期", "Date"),
            n(4, "下拉选择", "Select"),
            n(5, "证件号", "ID number"),
            n(6, "手机号", "Mobile"),
        ],
    ),
    (
        "typeLimitGoods",
        &[
            n(0, "不限购", "No limit"),
            n(1, "每单限购", "Per order"),
            n(2, "每人限购", "Per customer"),
            n(3, "每日限购", "Per day"),
        ],
    ),
    (
        "typeLimitTarget",
        &[
            n(-1, "不限", "Unlimited"),
            n(0, "IP", "IP"),
            n(1, "用户", "User"),
            n(2, "商户", "Merchant"),
            n(5, "SaaS", "SaaS"),
            n(11, "用户资源", "User resource"),
            n(12, "商户资源", "Merchant resource"),
            n(15, "SaaS 资源", "SaaS resource"),
        ],
    ),
    (
        "typeTicketDelivery",
        &[
            n(1, "电子票", "E-ticket"),
            n(2, "快递", "Express delivery"),
            n(3, "现场取票", "Collect on site"),
        ],
    ),
    (
        "typeTicketEnter",
        &[
            n(1, "凭码入园", "Enter with the code"),
            n(2, "凭身份证入园", "Enter with the ID card"),
            n(3, "换票入园", "Exchange for a paper ticket"),
        ],
    ),
    (
        "typeTicketFormField",
        &[
            n(1, "姓名", "Name"),
            n(2, "手机号", "Mobile"),
            n(3, "证件号", "ID number"),
            n(4, "邮箱", "E-mail"),
            n(5, "地址", "Address"),
        ],
    ),
    (
        "typeTicketProduct",
        &[
            n(1, "单票", "Single ticket"),
            n(2, "联票", "Joint ticket"),
            n(3, "套票", "Combo ticket"),
            n(4, "年卡", "Annual pass"),
        ],
    ),
    (
        "typeTicketValidate",
        &[
            n(1, "有效期内可用", "Any day within the validity"),
            n(2, "指定日期可用", "On the chosen date"),
            n(3, "购买后 N 天内可用", "Within N days of purchase"),
        ],
    ),
    (
        "typeTicketVoucher",
        &[
            n(0, "无", "None"),
            n(1, "二维码", "QR code"),
            n(2, "PDF", "PDF"),
        ],
    ),
    (
        "typeCancelTime",
        &[
            n(0, "不可退", "Non-refundable"),
            n(1, "使用前随时可退", "Refundable any time before use"),
            n(2, "提前 N 天可退", "Refundable up to N days before"),
        ],
    ),
    (
        "typeConfirm",
        &[
            n(0, "不确定", "Not sure"),
            n(1, "即时确认", "Instant"),
            n(2, "延时确认", "Delayed"),
        ],
    ),
    (
        "typeLimitTime",
        &[
            n(0, "不限", "No limit"),
            n(1, "当天指定时间前", "Before a time of the same day"),
            n(2, "提前 N 天", "N days ahead"),
        ],
    ),
    (
        "typeBossServiceTag",
        &[
            s(
                "HOTEL_SUPPLIER_INTERFACE",
                "酒店供应商接口",
                "Hotel supplier interface",
            ),
            s("SMS_NOTICE", "短信通知", "SMS notifications"),
            s("MAIL_NOTICE", "邮件通知", "Mail notifications"),
            s("ACCOUNT_BALANCE", "账户余额", "Account balance"),
        ],
    ),
];

pub fn find(name: &str) -> Option<&'static [Entry]> {
    ENUMS.iter().find(|(n, _)| *n == name).map(|(_, e)| *e)
}

pub fn names() -> Vec<&'static str> {
    ENUMS.iter().map(|(n, _)| *n).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_32_names_of_the_spec_are_there_with_unique_values_and_labels() {
        assert_eq!(ENUMS.len(), 32);
        for (name, entries) in ENUMS {
            assert!(!entries.is_empty(), "{name}");
            let values: Vec<String> = entries
                .iter()
                .map(|e| e.value.to_json().to_string())
                .collect();
            let mut unique = values.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), values.len(), "{name} repeats a value");
            assert!(
                entries.iter().all(|e| !e.zh.is_empty() && !e.en.is_empty()),
                "{name}"
            );
        }
    }

    #[test]
    fn the_spec_constants_hold() {
        let values = |name| {
            find(name)
                .unwrap()
                .iter()
                .map(|e| e.value.to_json())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            values("typeProducts"),
            [10, 20, 30, 50, 60, 80].map(Value::from)
        );
        assert_eq!(
            values("hotelStars"),
            (0..=8).map(Value::from).collect::<Vec<_>>()
        );
        assert_eq!(values("guestTypes"), [1, 2].map(Value::from));
        assert_eq!(
            values("typeNotifys"),
            [0, 1, 2, 3, 10, 11, 12, 13, 14].map(Value::from)
        );
        assert_eq!(
            values("typeLimitTarget"),
            [-1, 0, 1, 2, 5, 11, 12, 15].map(Value::from)
        );
        assert_eq!(values("typeTicketVoucher"), [0, 1, 2].map(Value::from));
        assert_eq!(
            values("typeBossServiceTag")[0],
            Value::from("HOTEL_SUPPLIER_INTERFACE")
        );
    }
}

#[cfg(test)]
mod doc_tests {
    use super::*;

    /// docs/enums.md lists every enumeration with every value and both labels.
    #[test]
    fn the_documentation_lists_every_entry() {
        let page = include_str!("../../../../docs/enums.md");
        for (name, entries) in ENUMS {
            let start = page
                .find(&format!("## {name} "))
                .unwrap_or_else(|| panic!("{name} missing"));
            let section = &page[start..];
            let section = &section[..section[3..].find("\n## ").map_or(section.len(), |i| i + 3)];
            for e in *entries {
                let value = match e.value {
                    EnumValue::Int(n) => n.to_string(),
                    EnumValue::Str(s) => s.to_owned(),
                };
                let row = format!("| `{value}` | {} | {} |", e.zh, e.en);
                assert!(section.contains(&row), "{name}: {row} missing");
            }
        }
    }
}
