//! Changing prices and stock over the calendar: which dates a change covers, how each price
//! option turns a night's price into the new one, and the spec's price-plan rules (a date
//! must be chosen first, a price option needs its number, nobody divides by zero).
//!
//! Amounts are fen; factors (multiply, divide) are plain numbers such as 0.8. Results are
//! rounded to the fen, half away from zero, and never negative.

use crate::ApiError;
use crate::i18n::Text;
use crate::time::{format_day, parse_date, weekday};
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use utoipa::ToSchema;

/// A change covers at most this many dates.
pub const MAX_RANGE_DAYS: i64 = 366;
/// Stock of a night (common or authorised): 0 to this.
pub const MAX_STOCK: i64 = 9999;
/// No price goes above 100 million yuan.
pub const MAX_PRICE: i64 = 10_000_000_000;
/// Nor a factor above this.
pub const MAX_FACTOR: f64 = 1000.0;

/// A 412 on `field` whose reason names the value or the bounds.
fn invalid(field: &str, zh: String, en: String) -> ApiError {
    ApiError::invalid(field, Text::new(zh, en))
}

/// For fields where "absent" (keep) and `null` (clear) differ.
pub fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// The dates a change covers: `startDate..=endDate`, on the chosen weekdays (1 Monday .. 7
/// Sunday; none chosen = every day).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DateSelection {
    /// YYYY-MM-DD.
    #[serde(default)]
    pub start_date: Option<String>,
    /// YYYY-MM-DD, at most 366 days after startDate counting both.
    #[serde(default)]
    pub end_date: Option<String>,
    #[serde(default)]
    pub weekdays: Vec<i64>,
}

/// `start..=end` as day numbers: both given, in order, at most `MAX_RANGE_DAYS` dates.
pub fn date_range(start: Option<&str>, end: Option<&str>) -> Result<(i64, i64), ApiError> {
    let pick = |field: &str, v: Option<&str>, zh: &'static str, en: &'static str| match v
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(s) => parse_date(field, s),
        None => Err(ApiError::invalid_field(field, zh, en)),
    };
    let first = pick(
        "startDate",
        start,
        "请先选择开始日期",
        "Please select the start date first",
    )?;
    let last = pick(
        "endDate",
        end,
        "请先选择结束日期",
        "Please select the end date first",
    )?;
    if last < first {
        return Err(ApiError::invalid_field(
            "endDate",
            "结束日期不能早于开始日期",
            "the end date cannot be before the start date",
        ));
    }
    if last - first + 1 > MAX_RANGE_DAYS {
        return Err(invalid(
            "endDate",
            format!("一次最多选择 {MAX_RANGE_DAYS} 天"),
            format!("at most {MAX_RANGE_DAYS} dates at once"),
        ));
    }
    Ok((first, last))
}

impl DateSelection {
    /// The chosen day numbers, in order. Past dates (before `today`) cannot be changed.
    pub fn days(&self, today: i64) -> Result<Vec<i64>, ApiError> {
        let (first, last) = date_range(self.start_date.as_deref(), self.end_date.as_deref())?;
        if first < today {
            return Err(ApiError::invalid_field(
                "startDate",
                "不能修改今天以前的日期",
                "dates before today cannot be changed",
            ));
        }
        if let Some(bad) = self.weekdays.iter().find(|w| !(1..=7).contains(*w)) {
            return Err(invalid(
                "weekdays",
                format!("星期为 1（周一）到 7（周日），不能是 {bad}"),
                format!("weekdays are 1 (Monday) to 7 (Sunday), not {bad}"),
            ));
        }
        let days: Vec<i64> = (first..=last)
            .filter(|d| self.weekdays.is_empty() || self.weekdays.contains(&weekday(*d)))
            .collect();
        if days.is_empty() {
            return Err(ApiError::invalid_field(
                "weekdays",
                "所选日期范围内没有所选的星期",
                "none of the chosen weekdays falls in the date range",
            ));
        }
        Ok(days)
    }
}

/// A price option as the form sends it.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceInput {
    /// keep (the default), fixed, add, subtract, multiply, divide; a distributor's price
    /// also clear (back to the common distribution price).
    #[serde(default)]
    pub mode: Option<String>,
    /// Fen for fixed, add and subtract; a factor (e.g. 0.8) for multiply and divide. A number
    /// or a numeric text.
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub value: Option<Value>,
}

/// A checked price option.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Change {
    Keep,
    Fixed(i64),
    Add(i64),
    Subtract(i64),
    Multiply(f64),
    Divide(f64),
    /// A distributor's own price removed: the common one applies again.
    Clear,
}

/// The number typed into an option: None when left empty; the 412 when it is not a number.
fn number(field: &str, v: Option<&Value>) -> Result<Option<f64>, ApiError> {
    let not_a_number = || ApiError::invalid_field(field, "请输入数字", "must be a number");
    let n = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::String(s)) => s.trim().parse::<f64>().map_err(|_| not_a_number())?,
        Some(Value::Number(n)) => n.as_f64().ok_or_else(not_a_number)?,
        Some(_) => return Err(not_a_number()),
    };
    if n.is_finite() {
        Ok(Some(n))
    } else {
        Err(not_a_number())
    }
}

fn fen(field: &str, v: f64) -> Result<i64, ApiError> {
    if v.fract() != 0.0 || !(0.0..=MAX_PRICE as f64).contains(&v) {
        return Err(invalid(
            field,
            format!("金额以分为单位，为 0 到 {MAX_PRICE} 的整数"),
            format!("an amount in fen: a whole number from 0 to {MAX_PRICE}"),
        ));
    }
    #[allow(clippy::cast_possible_truncation)]
    Ok(v as i64)
}

fn factor(field: &str, v: f64, divide: bool) -> Result<f64, ApiError> {
    if divide && v == 0.0 {
        return Err(ApiError::invalid_field(
            field,
            "除数不能为 0",
            "the division operand cannot be zero",
        ));
    }
    if !(0.0..=MAX_FACTOR).contains(&v) {
        return Err(invalid(
            field,
            format!("系数为 0 到 {MAX_FACTOR}"),
            format!("a factor from 0 to {MAX_FACTOR}"),
        ));
    }
    Ok(v)
}

/// A price rounded to the fen and kept within 0..=MAX_PRICE.
fn to_fen(v: f64) -> i64 {
    if v.is_nan() || v <= 0.0 {
        return 0;
    }
    let r = v.round();
    if r >= MAX_PRICE as f64 {
        MAX_PRICE
    } else {
        #[allow(clippy::cast_possible_truncation)]
        let out = r as i64;
        out
    }
}

impl Change {
    /// Checks the option sent for `field` (absent = keep).
    pub fn parse(
        field: &str,
        input: Option<&PriceInput>,
        allow_clear: bool,
    ) -> Result<Self, ApiError> {
        let Some(input) = input else {
            return Ok(Change::Keep);
        };
        let mode = input.mode.as_deref().map(str::trim).unwrap_or("");
        let value = number(field, input.value.as_ref())?;
        let needs_number = || match mode {
            "fixed" => {
                ApiError::invalid_field(field, "该选项不能为空！", "This option can not be empty!")
            }
            _ => ApiError::invalid_field(
                field,
                "非固定价格选项须填写数值",
                "a price option other than fixed needs a number",
            ),
        };
        Ok(match mode {
            "" | "keep" => Change::Keep,
            "clear" if allow_clear => Change::Clear,
            "fixed" => Change::Fixed(fen(field, value.ok_or_else(needs_number)?)?),
            "add" => Change::Add(fen(field, value.ok_or_else(needs_number)?)?),
            "subtract" => Change::Subtract(fen(field, value.ok_or_else(needs_number)?)?),
            "multiply" => Change::Multiply(factor(field, value.ok_or_else(needs_number)?, false)?),
            "divide" => Change::Divide(factor(field, value.ok_or_else(needs_number)?, true)?),
            other => {
                let modes = if allow_clear {
                    "keep, fixed, add, subtract, multiply, divide, clear"
                } else {
                    "keep, fixed, add, subtract, multiply, divide"
                };
                return Err(invalid(
                    field,
                    format!("价格选项只能是 {modes}，不能是「{other}」"),
                    format!("the price option must be one of {modes}, not \"{other}\""),
                ));
            }
        })
    }

    /// The new price of a night whose price is `current`.
    pub fn apply(self, current: i64) -> i64 {
        match self {
            Change::Keep | Change::Clear => current,
            Change::Fixed(v) => v,
            Change::Add(v) => current.saturating_add(v).min(MAX_PRICE),
            Change::Subtract(v) => current.saturating_sub(v).max(0),
            Change::Multiply(f) => to_fen(current as f64 * f),
            Change::Divide(f) => to_fen(current as f64 / f),
        }
    }

    pub fn is_keep(self) -> bool {
        self == Change::Keep
    }

    /// A distributor's own price after the change, from its own (None: it follows the common
    /// price `common`); relative options work on the price the distributor pays now.
    pub fn apply_own(self, own: Option<i64>, common: i64) -> Option<i64> {
        match self {
            Change::Keep => own,
            Change::Clear => None,
            Change::Fixed(v) => Some(v),
            relative => Some(relative.apply(own.unwrap_or(common))),
        }
    }
}

/// A night's three prices, fen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prices {
    pub purchase: i64,
    pub distribution: i64,
    pub retail: i64,
}

/// The three price options of a change.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PriceChanges {
    pub purchase: Change,
    pub distribution: Change,
    pub retail: Change,
}

impl PriceChanges {
    pub fn parse(
        purchase: Option<&PriceInput>,
        distribution: Option<&PriceInput>,
        retail: Option<&PriceInput>,
    ) -> Result<Self, ApiError> {
        Ok(Self {
            purchase: Change::parse("purchasePrice", purchase, false)?,
            distribution: Change::parse("distributionPrice", distribution, false)?,
            retail: Change::parse("retailPrice", retail, false)?,
        })
    }

    /// The night's new prices. A night without prices yet (`current` None) needs all three
    /// as fixed amounts: nothing else says what they are.
    pub fn apply(&self, day: i64, current: Option<Prices>) -> Result<Prices, ApiError> {
        if let Some(p) = current {
            return Ok(Prices {
                purchase: self.purchase.apply(p.purchase),
                distribution: self.distribution.apply(p.distribution),
                retail: self.retail.apply(p.retail),
            });
        }
        let fixed = |field: &str, c: Change| match c {
            Change::Fixed(v) => Ok(v),
            _ => Err(no_price_yet(field, day)),
        };
        Ok(Prices {
            purchase: fixed("purchasePrice", self.purchase)?,
            distribution: fixed("distributionPrice", self.distribution)?,
            retail: fixed("retailPrice", self.retail)?,
        })
    }
}

/// The 412 for a date the supplier has not priced yet.
pub fn no_price_yet(field: &str, day: i64) -> ApiError {
    let d = format_day(day);
    invalid(
        field,
        format!("{d} 尚未设置价格，请将采购价、分销价、零售价都设为固定价"),
        format!(
            "{d} has no price yet: give the purchase, distribution and retail prices as fixed amounts"
        ),
    )
}

/// What a change does to a night's common stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockChange {
    Keep,
    /// This many rooms left to sell.
    Limited(i64),
    /// No limit: orders then wait for the supplier's confirmation.
    Unlimited,
}

/// A whole number of rooms, 0 to `MAX_STOCK`, typed into `field` (None when left empty).
pub fn rooms(field: &str, v: Option<&Value>) -> Result<Option<i64>, ApiError> {
    let Some(n) = number(field, v)? else {
        return Ok(None);
    };
    if n.fract() != 0.0 || !(0.0..=MAX_STOCK as f64).contains(&n) {
        return Err(invalid(
            field,
            format!("库存为 0 到 {MAX_STOCK} 的整数"),
            format!("stock is a whole number from 0 to {MAX_STOCK}"),
        ));
    }
    #[allow(clippy::cast_possible_truncation)]
    Ok(Some(n as i64))
}

impl StockChange {
    /// `stockType` keep (or absent), limited (with `stock`) or unlimited.
    pub fn parse(stock_type: Option<&str>, stock: Option<&Value>) -> Result<Self, ApiError> {
        match stock_type.map(str::trim).unwrap_or("") {
            "" | "keep" => Ok(StockChange::Keep),
            "unlimited" => Ok(StockChange::Unlimited),
            "limited" => match rooms("stock", stock)? {
                Some(n) => Ok(StockChange::Limited(n)),
                None => Err(ApiError::invalid_field(
                    "stock",
                    "限量库存须填写库存数",
                    "limited stock needs the number of rooms",
                )),
            },
            other => Err(invalid(
                "stockType",
                format!("库存类型只能是 keep、limited、unlimited，不能是「{other}」"),
                format!("the stock type must be keep, limited or unlimited, not \"{other}\""),
            )),
        }
    }

    /// The night's (limited, stock) after the change; what orders hold (`sold`) is untouched.
    pub fn apply(self, limited: bool, stock: i64) -> (bool, i64) {
        match self {
            StockChange::Keep => (limited, stock),
            StockChange::Limited(n) => (true, n),
            StockChange::Unlimited => (false, 0),
        }
    }
}

/// What a change does to a distributor's authorised stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthorizedStock {
    Keep,
    /// Empty: the distributor books from the common stock.
    Common,
    Set(i64),
}

impl AuthorizedStock {
    /// Absent = keep; `null` or empty = the common stock; a number = that many rooms.
    pub fn parse(v: Option<&Value>) -> Result<Self, ApiError> {
        match v {
            None => Ok(AuthorizedStock::Keep),
            Some(v) => Ok(match rooms("authorizedStock", Some(v))? {
                Some(n) => AuthorizedStock::Set(n),
                None => AuthorizedStock::Common,
            }),
        }
    }

    pub fn apply(self, own: Option<i64>) -> Option<i64> {
        match self {
            AuthorizedStock::Keep => own,
            AuthorizedStock::Common => None,
            AuthorizedStock::Set(n) => Some(n),
        }
    }
}

/// A change of the common calendar over some dates: the price setting dialog's prices, stock
/// and closing, each of which may be kept.
#[derive(Debug, Clone, Copy)]
pub struct CommonChange {
    pub prices: PriceChanges,
    pub stock: StockChange,
    pub closed: Option<bool>,
}

/// A change of one distributor's own price and authorised stock over some dates.
#[derive(Debug, Clone, Copy)]
pub struct OwnChange {
    pub distributor_id: i64,
    pub price: Change,
    pub stock: AuthorizedStock,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn field(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("{other}"),
        }
    }

    fn reason(e: ApiError) -> String {
        match e {
            ApiError::Invalid { reason, .. } => reason.en.into_owned(),
            other => panic!("{other}"),
        }
    }

    fn input(v: Value) -> PriceInput {
        serde_json::from_value(v).unwrap()
    }

    fn change(v: Value) -> Result<Change, ApiError> {
        Change::parse("retailPrice", Some(&input(v)), false)
    }

    fn day(s: &str) -> i64 {
        parse_date("d", s).unwrap()
    }

    fn select(start: &str, end: &str, weekdays: &[i64]) -> DateSelection {
        DateSelection {
            start_date: Some(start.into()).filter(|s: &String| !s.is_empty()),
            end_date: Some(end.into()).filter(|s: &String| !s.is_empty()),
            weekdays: weekdays.to_vec(),
        }
    }

    #[test]
    fn weekdays_pick_their_dates_in_the_range() {
        // 2026-11-23 is a Monday.
        let today = day("2026-11-01");
        let days = select("2026-11-23", "2026-12-06", &[6, 7])
            .days(today)
            .unwrap();
        let days: Vec<String> = days.into_iter().map(format_day).collect();
        assert_eq!(
            days,
            ["2026-11-28", "2026-11-29", "2026-12-05", "2026-12-06"]
        );
        let all = select("2026-11-23", "2026-11-25", &[]).days(today).unwrap();
        assert_eq!(all.len(), 3);
    }

    #[test]
    fn a_date_must_be_chosen_and_sensible() {
        let today = day("2026-11-01");
        let f = |s: &DateSelection| field(s.days(today).unwrap_err());
        assert_eq!(f(&select("", "2026-11-25", &[])), "startDate");
        assert_eq!(f(&select("2026-11-25", "", &[])), "endDate");
        assert_eq!(f(&select("2026-11-25", "2026-11-24", &[])), "endDate");
        assert_eq!(f(&select("2026-11-01", "2027-11-02", &[])), "endDate");
        assert!(select("2026-11-01", "2027-11-01", &[]).days(today).is_ok());
        assert_eq!(f(&select("2026-10-31", "2026-11-02", &[])), "startDate");
        assert_eq!(f(&select("2026-11-23", "2026-11-24", &[8])), "weekdays");
        // Monday and Tuesday only, asked for Sunday.
        assert_eq!(f(&select("2026-11-23", "2026-11-24", &[7])), "weekdays");
        assert_eq!(f(&select("2026-11-31", "2026-12-02", &[])), "startDate");
    }

    #[test]
    fn each_mode_changes_the_price() {
        let c = |v| change(v).unwrap();
        assert_eq!(c(json!({"mode": "keep"})).apply(10_000), 10_000);
        assert_eq!(c(json!({})).apply(10_000), 10_000);
        assert_eq!(
            c(json!({"mode": "fixed", "value": 8_800})).apply(10_000),
            8_800
        );
        assert_eq!(
            c(json!({"mode": "add", "value": "500"})).apply(10_000),
            10_500
        );
        assert_eq!(
            c(json!({"mode": "subtract", "value": 500})).apply(10_000),
            9_500
        );
        assert_eq!(
            c(json!({"mode": "multiply", "value": 0.8})).apply(10_000),
            8_000
        );
        assert_eq!(
            c(json!({"mode": "multiply", "value": "0.85"})).apply(1_999),
            1_699
        );
        assert_eq!(
            c(json!({"mode": "divide", "value": 3})).apply(10_000),
            3_333
        );
        assert_eq!(
            c(json!({"mode": "divide", "value": 0.9})).apply(9_000),
            10_000
        );
        // Half a fen rounds away from zero.
        assert_eq!(c(json!({"mode": "multiply", "value": 0.5})).apply(15), 8);
    }

    #[test]
    fn prices_never_go_negative_or_past_the_maximum() {
        let c = |v| change(v).unwrap();
        assert_eq!(c(json!({"mode": "subtract", "value": 500})).apply(300), 0);
        assert_eq!(c(json!({"mode": "multiply", "value": 0})).apply(300), 0);
        assert_eq!(
            c(json!({"mode": "add", "value": MAX_PRICE})).apply(10),
            MAX_PRICE
        );
        assert_eq!(
            c(json!({"mode": "multiply", "value": 1000})).apply(MAX_PRICE),
            MAX_PRICE
        );
    }

    #[test]
    fn the_spec_rules_name_the_price_field() {
        let e = change(json!({"mode": "add"})).unwrap_err();
        assert!(reason(change(json!({"mode": "add"})).unwrap_err()).contains("needs a number"));
        assert_eq!(field(e), "retailPrice");
        let e = change(json!({"mode": "multiply", "value": ""})).unwrap_err();
        assert_eq!(field(e), "retailPrice");
        let e = change(json!({"mode": "fixed", "value": null})).unwrap_err();
        assert!(reason(e).contains("can not be empty"));
        let e = change(json!({"mode": "divide", "value": 0})).unwrap_err();
        assert!(reason(e).contains("cannot be zero"));
        let e = change(json!({"mode": "divide", "value": "0.0"})).unwrap_err();
        assert!(reason(e).contains("cannot be zero"));
        for bad in [
            json!({"mode": "fixed", "value": 10.5}),
            json!({"mode": "fixed", "value": -1}),
            json!({"mode": "add", "value": "ten"}),
            json!({"mode": "multiply", "value": -0.5}),
            json!({"mode": "multiply", "value": [1]}),
            json!({"mode": "clear"}),
            json!({"mode": "double"}),
        ] {
            assert_eq!(
                field(change(bad.clone()).unwrap_err()),
                "retailPrice",
                "{bad}"
            );
        }
        assert_eq!(
            Change::parse(
                "distributionPrice",
                Some(&input(json!({"mode": "clear"}))),
                true
            )
            .unwrap(),
            Change::Clear
        );
    }

    #[test]
    fn a_new_night_needs_three_fixed_prices() {
        let fixed = |v: i64| input(json!({"mode": "fixed", "value": v}));
        let add = input(json!({"mode": "add", "value": 100}));
        let d = day("2026-12-01");
        let all = PriceChanges::parse(
            Some(&fixed(8_000)),
            Some(&fixed(9_000)),
            Some(&fixed(12_000)),
        )
        .unwrap();
        assert_eq!(
            all.apply(d, None).unwrap(),
            Prices {
                purchase: 8_000,
                distribution: 9_000,
                retail: 12_000
            }
        );
        let some = PriceChanges::parse(Some(&fixed(8_000)), Some(&add), None).unwrap();
        let e = some.apply(d, None).unwrap_err();
        assert!(reason(some.apply(d, None).unwrap_err()).contains("2026-12-01 has no price yet"));
        assert_eq!(field(e), "distributionPrice");
        let now = Prices {
            purchase: 1,
            distribution: 2,
            retail: 3,
        };
        assert_eq!(
            some.apply(d, Some(now)).unwrap(),
            Prices {
                purchase: 8_000,
                distribution: 102,
                retail: 3
            }
        );
    }

    #[test]
    fn stock_types() {
        let p = |t: &str, v: Value| StockChange::parse(Some(t), Some(&v));
        assert_eq!(p("limited", json!(12)).unwrap(), StockChange::Limited(12));
        assert_eq!(p("unlimited", Value::Null).unwrap(), StockChange::Unlimited);
        assert_eq!(StockChange::parse(None, None).unwrap(), StockChange::Keep);
        assert_eq!(field(p("limited", Value::Null).unwrap_err()), "stock");
        assert_eq!(field(p("limited", json!(10_000)).unwrap_err()), "stock");
        assert_eq!(field(p("limited", json!(-1)).unwrap_err()), "stock");
        assert_eq!(field(p("plenty", json!(1)).unwrap_err()), "stockType");
        assert_eq!(StockChange::Limited(4).apply(false, 0), (true, 4));
        assert_eq!(StockChange::Unlimited.apply(true, 9), (false, 0));
        assert_eq!(StockChange::Keep.apply(true, 9), (true, 9));
    }

    #[test]
    fn authorised_stock_empty_means_the_common_stock() {
        let p = |v: Option<Value>| AuthorizedStock::parse(v.as_ref());
        assert_eq!(p(None).unwrap(), AuthorizedStock::Keep);
        assert_eq!(p(Some(Value::Null)).unwrap(), AuthorizedStock::Common);
        assert_eq!(p(Some(json!(""))).unwrap(), AuthorizedStock::Common);
        assert_eq!(p(Some(json!("3"))).unwrap(), AuthorizedStock::Set(3));
        assert_eq!(field(p(Some(json!(1.5))).unwrap_err()), "authorizedStock");
        assert_eq!(AuthorizedStock::Common.apply(Some(3)), None);
        assert_eq!(AuthorizedStock::Keep.apply(Some(3)), Some(3));
    }

    #[test]
    fn a_distributor_price_follows_the_common_one_until_set() {
        assert_eq!(Change::Keep.apply_own(None, 9_000), None);
        assert_eq!(Change::Clear.apply_own(Some(8_000), 9_000), None);
        assert_eq!(Change::Subtract(500).apply_own(None, 9_000), Some(8_500));
        assert_eq!(
            Change::Multiply(0.5).apply_own(Some(8_000), 9_000),
            Some(4_000)
        );
        assert_eq!(
            Change::Fixed(7_000).apply_own(Some(8_000), 9_000),
            Some(7_000)
        );
    }
}
