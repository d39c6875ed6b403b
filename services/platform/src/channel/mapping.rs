//! Each named channel's field mapping: the same facts of the generic protocol under the names
//! and in the formats of that channel. The names and formats are our assumption, modelled on
//! how such APIs usually differ (camelCase or PascalCase, fen or yuan, dashed or compact dates,
//! -1 or null for no limit): the real ones are proprietary. A real adapter changes the table,
//! never the callers.

use serde_json::{Map, Value, json};

use super::{Calendar, CatalogueEntry, Channel, ChannelOrder, Day};

/// How money travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Money {
    /// An integer in fen.
    Fen,
    /// A decimal string in yuan with two places: `"128.50"`.
    Yuan,
}

/// How a date travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateFormat {
    /// `2026-11-26`.
    Dashed,
    /// `20261126`.
    Compact,
}

/// How "no limit" of stock travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unlimited {
    Null,
    MinusOne,
}

/// One channel's names and formats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldMap {
    /// A product's id at the channel.
    pub product: &'static str,
    /// A spot's (hotel's) id at the channel.
    pub parent: &'static str,
    pub name: &'static str,
    /// The id of a catalogue entry.
    pub id: &'static str,
    /// The list of days of a product.
    pub days: &'static str,
    pub date: &'static str,
    pub price: &'static str,
    pub retail_price: &'static str,
    pub stock: &'static str,
    pub closed: &'static str,
    pub money: Money,
    pub date_format: DateFormat,
    pub unlimited: Unlimited,
}

const MEITUAN: FieldMap = FieldMap {
    product: "dealId",
    parent: "poiId",
    name: "name",
    id: "id",
    days: "priceStocks",
    date: "date",
    price: "sellPrice",
    retail_price: "marketPrice",
    stock: "stock",
    closed: "closed",
    money: Money::Fen,
    date_format: DateFormat::Dashed,
    unlimited: Unlimited::MinusOne,
};

const ALITRIP: FieldMap = FieldMap {
    product: "itemId",
    parent: "scenicId",
    name: "title",
    id: "id",
    days: "skus",
    date: "date",
    price: "price",
    retail_price: "originalPrice",
    stock: "quantity",
    closed: "closed",
    money: Money::Yuan,
    date_format: DateFormat::Dashed,
    unlimited: Unlimited::Null,
};

const TONGCHENG: FieldMap = FieldMap {
    product: "ProductId",
    parent: "SceneryId",
    name: "Name",
    id: "Id",
    days: "Calendar",
    date: "TravelDate",
    price: "SalePrice",
    retail_price: "MarketPrice",
    stock: "Stock",
    closed: "IsClosed",
    money: Money::Yuan,
    date_format: DateFormat::Compact,
    unlimited: Unlimited::MinusOne,
};

const API: FieldMap = FieldMap {
    product: "productId",
    parent: "scenicId",
    name: "name",
    id: "id",
    days: "days",
    date: "date",
    price: "price",
    retail_price: "retailPrice",
    stock: "stock",
    closed: "closed",
    money: Money::Fen,
    date_format: DateFormat::Dashed,
    unlimited: Unlimited::Null,
};

pub fn of(channel: Channel) -> &'static FieldMap {
    match channel {
        Channel::Meituan => &MEITUAN,
        Channel::Alitrip => &ALITRIP,
        Channel::Tongcheng => &TONGCHENG,
        Channel::Api => &API,
    }
}

/// Why a channel's JSON cannot be read: the field (as the channel names it) and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {reason}")]
pub struct Unreadable {
    pub field: String,
    pub reason: &'static str,
}

fn unreadable(field: impl Into<String>, reason: &'static str) -> Unreadable {
    Unreadable {
        field: field.into(),
        reason,
    }
}

/// Fen as yuan with two places: 12850 -> "128.50", -5 -> "-0.05".
pub fn fen_to_yuan(fen: i64) -> String {
    let sign = if fen < 0 { "-" } else { "" };
    let abs = fen.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// Yuan with at most two places to fen; None for anything else.
pub fn yuan_to_fen(yuan: &str) -> Option<i64> {
    let (neg, s) = match yuan.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, yuan),
    };
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    if whole.is_empty()
        || frac.len() > 2
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let whole: i64 = whole.parse().ok()?;
    let frac: i64 = match frac.len() {
        0 => 0,
        1 => frac.parse::<i64>().ok()? * 10,
        _ => frac.parse().ok()?,
    };
    let fen = whole.checked_mul(100)?.checked_add(frac)?;
    Some(if neg { -fen } else { fen })
}

fn date_out(format: DateFormat, date: &str) -> String {
    match format {
        DateFormat::Dashed => date.to_owned(),
        DateFormat::Compact => date.replace('-', ""),
    }
}

fn date_in(format: DateFormat, s: &str) -> Option<String> {
    let dashed = match format {
        DateFormat::Dashed => s.to_owned(),
        DateFormat::Compact if s.len() == 8 && s.bytes().all(|b| b.is_ascii_digit()) => {
            format!("{}-{}-{}", &s[..4], &s[4..6], &s[6..])
        }
        DateFormat::Compact => return None,
    };
    crate::time::parse_date("date", &dashed)
        .ok()
        .map(|_| dashed)
}

impl FieldMap {
    fn money_out(&self, fen: i64) -> Value {
        match self.money {
            Money::Fen => json!(fen),
            Money::Yuan => json!(fen_to_yuan(fen)),
        }
    }

    fn money_in(&self, v: &Value, field: &str) -> Result<i64, Unreadable> {
        let fen = match self.money {
            Money::Fen => v.as_i64(),
            Money::Yuan => v.as_str().and_then(yuan_to_fen),
        };
        fen.filter(|f| *f >= 0)
            .ok_or_else(|| unreadable(field, "not an amount"))
    }

    /// A day in this channel's names and formats.
    pub fn day_out(&self, day: &Day) -> Value {
        let mut m = Map::new();
        m.insert(
            self.date.into(),
            json!(date_out(self.date_format, &day.date)),
        );
        m.insert(self.price.into(), self.money_out(day.price));
        m.insert(self.retail_price.into(), self.money_out(day.retail_price));
        let stock = match (day.stock, self.unlimited) {
            (Some(n), _) => json!(n),
            (None, Unlimited::Null) => Value::Null,
            (None, Unlimited::MinusOne) => json!(-1),
        };
        m.insert(self.stock.into(), stock);
        m.insert(self.closed.into(), json!(day.closed));
        Value::Object(m)
    }

    /// A day as this channel sent it; the error names the channel's field.
    pub fn day_in(&self, v: &Value, at: &str) -> Result<Day, Unreadable> {
        let field = |name: &str| format!("{at}.{name}");
        let get = |name: &str| v.get(name).unwrap_or(&Value::Null);
        let date = get(self.date)
            .as_str()
            .and_then(|s| date_in(self.date_format, s))
            .ok_or_else(|| unreadable(field(self.date), "not a date"))?;
        let price = self.money_in(get(self.price), &field(self.price))?;
        let retail_price = self.money_in(get(self.retail_price), &field(self.retail_price))?;
        let stock = match (get(self.stock), self.unlimited) {
            (Value::Null, Unlimited::Null) => None,
            (s, Unlimited::MinusOne) if s.as_i64() == Some(-1) => None,
            (s, _) => Some(
                s.as_i64()
                    .filter(|n| *n >= 0)
                    .ok_or_else(|| unreadable(field(self.stock), "not a stock"))?,
            ),
        };
        let closed = get(self.closed)
            .as_bool()
            .ok_or_else(|| unreadable(field(self.closed), "not true or false"))?;
        Ok(Day {
            date,
            price,
            retail_price,
            stock,
            closed,
        })
    }

    /// A calendar push's item.
    pub fn calendar_out(&self, c: &Calendar) -> Value {
        let days: Vec<Value> = c.days.iter().map(|d| self.day_out(d)).collect();
        json!({ self.product: c.product, self.days: days })
    }

    pub fn calendar_in(&self, v: &Value, at: &str) -> Result<Calendar, Unreadable> {
        let product = v
            .get(self.product)
            .and_then(Value::as_str)
            .filter(|s| !s.trim().is_empty())
            .ok_or_else(|| unreadable(format!("{at}.{}", self.product), "missing"))?;
        let days = v
            .get(self.days)
            .and_then(Value::as_array)
            .ok_or_else(|| unreadable(format!("{at}.{}", self.days), "not a list"))?;
        let days = days
            .iter()
            .enumerate()
            .map(|(i, d)| self.day_in(d, &format!("{at}.{}[{i}]", self.days)))
            .collect::<Result<_, _>>()?;
        Ok(Calendar {
            product: product.to_owned(),
            days,
        })
    }

    /// A catalogue entry (a spot with no parent, a product with its spot).
    pub fn entry_out(&self, e: &CatalogueEntry) -> Value {
        let mut m = Map::new();
        m.insert(self.id.into(), json!(e.id));
        m.insert(self.name.into(), json!(e.name));
        if !e.parent.is_empty() {
            m.insert(self.parent.into(), json!(e.parent));
        }
        Value::Object(m)
    }

    /// An order placed by this channel: product, date and price in its names and formats, the
    /// order id, quantity and contact in the generic names.
    pub fn order_out(&self, o: &ChannelOrder) -> Value {
        let mut m = Map::new();
        m.insert("orderId".into(), json!(o.order_id));
        m.insert(self.product.into(), json!(o.product));
        m.insert(self.date.into(), json!(date_out(self.date_format, &o.date)));
        m.insert("quantity".into(), json!(o.quantity));
        m.insert(self.price.into(), self.money_out(o.price));
        m.insert("contactName".into(), json!(o.contact_name));
        m.insert("contactMobile".into(), json!(o.contact_mobile));
        Value::Object(m)
    }

    /// An order as this channel sent it; the error names the channel's field.
    pub fn order_in(&self, v: &Value) -> Result<ChannelOrder, Unreadable> {
        let text = |name: &'static str| -> Result<String, Unreadable> {
            v.get(name)
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .ok_or_else(|| unreadable(name, "missing"))
        };
        let optional = |name: &str| {
            v.get(name)
                .and_then(Value::as_str)
                .map_or_else(String::new, |s| s.trim().to_owned())
        };
        let order_id = text("orderId")?;
        let product = text(self.product)?;
        let date = v
            .get(self.date)
            .and_then(Value::as_str)
            .and_then(|s| date_in(self.date_format, s))
            .ok_or_else(|| unreadable(self.date, "not a date"))?;
        let quantity = v
            .get("quantity")
            .and_then(Value::as_i64)
            .filter(|n| *n > 0)
            .ok_or_else(|| unreadable("quantity", "not a positive whole number"))?;
        let price = self.money_in(v.get(self.price).unwrap_or(&Value::Null), self.price)?;
        Ok(ChannelOrder {
            order_id,
            product,
            date,
            quantity,
            price,
            contact_name: optional("contactName"),
            contact_mobile: optional("contactMobile"),
        })
    }

    pub fn entry_in(&self, v: &Value, at: &str) -> Result<CatalogueEntry, Unreadable> {
        let text = |name: &str| v.get(name).and_then(Value::as_str).map(str::to_owned);
        let id = text(self.id)
            .filter(|s| !s.trim().is_empty())
            .ok_or_else(|| unreadable(format!("{at}.{}", self.id), "missing"))?;
        Ok(CatalogueEntry {
            id,
            name: text(self.name).unwrap_or_default(),
            parent: text(self.parent).unwrap_or_default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(stock: Option<i64>) -> Day {
        Day {
            date: "2026-12-01".into(),
            price: 12850,
            retail_price: 15000,
            stock,
            closed: false,
        }
    }

    #[test]
    fn each_channel_reads_back_the_orders_it_writes() {
        let o = ChannelOrder {
            order_id: "M-1".into(),
            product: "deal-1".into(),
            date: "2026-12-01".into(),
            quantity: 2,
            price: 12850,
            contact_name: "张三".into(),
            contact_mobile: "13800000000".into(),
        };
        for c in Channel::ALL {
            let map = of(c);
            let v = map.order_out(&o);
            assert_eq!(map.order_in(&v), Ok(o.clone()), "{c}");
        }
        let tongcheng = of(Channel::Tongcheng).order_out(&o);
        assert_eq!(tongcheng["TravelDate"], "20261201");
        assert_eq!(tongcheng["SalePrice"], "128.50");
        let mut bad = of(Channel::Meituan).order_out(&o);
        bad["quantity"] = json!(0);
        assert_eq!(
            of(Channel::Meituan).order_in(&bad).map_err(|e| e.field),
            Err("quantity".to_owned())
        );
        bad["quantity"] = json!(1);
        bad["dealId"] = json!(" ");
        assert_eq!(
            of(Channel::Meituan).order_in(&bad).map_err(|e| e.field),
            Err("dealId".to_owned())
        );
        let mut bad = of(Channel::Alitrip).order_out(&o);
        bad["price"] = json!(128.5);
        assert_eq!(
            of(Channel::Alitrip).order_in(&bad).map_err(|e| e.field),
            Err("price".to_owned())
        );
    }

    #[test]
    fn money_goes_to_yuan_and_back_exactly() {
        assert_eq!(fen_to_yuan(12850), "128.50");
        assert_eq!(fen_to_yuan(5), "0.05");
        assert_eq!(fen_to_yuan(-5), "-0.05");
        assert_eq!(yuan_to_fen("128.5"), Some(12850));
        assert_eq!(yuan_to_fen("128"), Some(12800));
        assert_eq!(yuan_to_fen("0.05"), Some(5));
        for bad in ["", ".5", "1.234", "1,00", "abc", "1.x"] {
            assert_eq!(yuan_to_fen(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_channel_reads_back_what_it_writes() {
        for c in Channel::ALL {
            let map = c.fields();
            for stock in [Some(0), Some(30), None] {
                let cal = Calendar {
                    product: "P-1".into(),
                    days: vec![day(stock)],
                };
                let out = map.calendar_out(&cal);
                assert_eq!(map.calendar_in(&out, "items[0]").unwrap(), cal, "{c}");
            }
            let entry = CatalogueEntry {
                id: "D-9".into(),
                name: "Day ticket".into(),
                parent: "S-1".into(),
            };
            assert_eq!(map.entry_in(&map.entry_out(&entry), "x").unwrap(), entry);
        }
    }

    #[test]
    fn each_channel_names_and_formats_the_facts_its_way() {
        let t = Channel::Tongcheng.fields().day_out(&day(None));
        assert_eq!(
            t,
            json!({"TravelDate": "20261201", "SalePrice": "128.50", "MarketPrice": "150.00",
                   "Stock": -1, "IsClosed": false})
        );
        let m = Channel::Meituan.fields().day_out(&day(Some(7)));
        assert_eq!(
            m,
            json!({"date": "2026-12-01", "sellPrice": 12850, "marketPrice": 15000,
                   "stock": 7, "closed": false})
        );
        let a = Channel::Alitrip.fields().day_out(&day(None));
        assert_eq!(a["quantity"], Value::Null);
        assert_eq!(a["price"], json!("128.50"));
    }

    #[test]
    fn a_broken_day_names_the_channels_field() {
        let map = Channel::Tongcheng.fields();
        let bad = json!({"TravelDate": "2026-12-01", "SalePrice": "1", "MarketPrice": "1",
                         "Stock": 1, "IsClosed": false});
        assert_eq!(
            map.day_in(&bad, "items[0].Calendar[3]").unwrap_err().field,
            "items[0].Calendar[3].TravelDate"
        );
        let bad = json!({"TravelDate": "20261201", "SalePrice": 100, "MarketPrice": "1",
                         "Stock": 1, "IsClosed": false});
        assert_eq!(map.day_in(&bad, "d").unwrap_err().field, "d.SalePrice");
        let bad = json!({"TravelDate": "20261301", "SalePrice": "1", "MarketPrice": "1",
                         "Stock": 1, "IsClosed": false});
        assert_eq!(map.day_in(&bad, "d").unwrap_err().field, "d.TravelDate");
        let bad = json!({"TravelDate": "20261201", "SalePrice": "1", "MarketPrice": "1",
                         "Stock": -2, "IsClosed": false});
        assert_eq!(map.day_in(&bad, "d").unwrap_err().field, "d.Stock");
        let no_product = json!({"Calendar": []});
        assert_eq!(
            map.calendar_in(&no_product, "items[1]").unwrap_err().field,
            "items[1].ProductId"
        );
    }
}
