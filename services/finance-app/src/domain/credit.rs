//! A distributor's credit account and the rules it obeys: its states (the spec's credit states),
//! what a change of limits may say, what is available to spend, and whether a credit payment of
//! an amount may be taken. Money is in fen (`i64`) everywhere; days are China calendar days
//! (days since 1970-01-01, `platform::time::day_of_ms`).

use platform::ApiError;
use platform::i18n::Text;
use serde::Deserialize;
use utoipa::ToSchema;

/// Credit state: deleted.
pub const STATE_DELETED: i32 = -1;
/// Credit state: invalid (set, but not to be spent).
pub const STATE_INVALID: i32 = 0;
/// Credit state: valid.
pub const STATE_VALID: i32 = 1;
pub const STATES: &[i32] = &[STATE_DELETED, STATE_INVALID, STATE_VALID];

/// The most a limit or a single movement of money may be: 10,000,000,000 yuan. Sums of a few of
/// these stay far inside `i64`.
pub const MONEY_MAX: i64 = 1_000_000_000_000;

pub const REASON_MAX: usize = 200;

/// No temporary credit, or none with a date: the day before every day.
pub const NO_DAY: i64 = i64::MIN / 4;

/// What the spending rules need of an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Funds {
    pub credit: i64,
    pub temp_credit: i64,
    /// The last day the temporary credit may be spent.
    pub temp_credit_until: i64,
    pub used_credit: i64,
    pub balance: i64,
    pub state: i32,
}

impl Funds {
    /// The temporary credit that counts on `today`: all of it up to its last day, none after.
    pub fn temp_credit_on(&self, today: i64) -> i64 {
        if today <= self.temp_credit_until {
            self.temp_credit
        } else {
            0
        }
    }

    /// permanent + temporary (if still valid) + balance − used, whatever the state.
    pub fn available(&self, today: i64) -> i64 {
        self.credit
            .saturating_add(self.temp_credit_on(today))
            .saturating_add(self.balance)
            .saturating_sub(self.used_credit)
    }
}

/// Why a credit payment is refused, in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    NoAccount,
    NotValid,
    Currency { account: String, order: String },
    Insufficient { available: i64, amount: i64 },
    BadAmount,
    Released,
}

impl Refusal {
    pub fn text(&self) -> Text {
        match self {
            Refusal::NoAccount => Text::fixed(
                "分销商没有授信账户",
                "the distributor has no credit account",
            ),
            Refusal::NotValid => Text::fixed(
                "分销商的授信账户无效",
                "the distributor's credit account is not valid",
            ),
            Refusal::Currency { account, order } => Text::new(
                format!("授信账户币种为 {account}，订单币种为 {order}"),
                format!("the credit account is in {account}, the order in {order}"),
            ),
            Refusal::Insufficient { available, amount } => Text::new(
                format!(
                    "可用授信不足：可用 {}，需要 {}",
                    yuan(*available),
                    yuan(*amount)
                ),
                format!(
                    "not enough credit: {} available, {} needed",
                    yuan(*available),
                    yuan(*amount)
                ),
            ),
            Refusal::BadAmount => Text::fixed("支付金额无效", "the amount to pay is not valid"),
            Refusal::Released => Text::fixed(
                "该订单的授信已退回",
                "the order's credit was already returned",
            ),
        }
    }

    /// The reason as one line in both languages, as an order keeps it.
    pub fn line(&self) -> String {
        let t = self.text();
        format!("{} / {}", t.zh, t.en)
    }
}

/// Fen as yuan with two decimals, for messages (never for sums).
pub fn yuan(fen: i64) -> String {
    let sign = if fen < 0 { "-" } else { "" };
    let abs = fen.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// Whether `amount` of `currency` may be taken from `funds` on `today`; the store takes it with
/// one conditional update that says the same.
pub fn may_spend(
    funds: &Funds,
    account_currency: &str,
    currency: &str,
    amount: i64,
    today: i64,
) -> Result<(), Refusal> {
    if amount <= 0 || amount > MONEY_MAX {
        return Err(Refusal::BadAmount);
    }
    if funds.state != STATE_VALID {
        return Err(Refusal::NotValid);
    }
    if !currency.is_empty() && account_currency != currency {
        return Err(Refusal::Currency {
            account: account_currency.to_owned(),
            order: currency.to_owned(),
        });
    }
    let available = funds.available(today);
    if available < amount {
        return Err(Refusal::Insufficient { available, amount });
    }
    Ok(())
}

/// What the tenant's finance staff set of a distributor's account (the body of
/// `finance/credit/update`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitForm {
    /// The distributor merchant.
    pub mch_id: i64,
    /// Permanent credit, fen.
    pub credit: i64,
    /// Temporary credit, fen.
    #[serde(default)]
    pub temp_credit: i64,
    /// The last day the temporary credit may be spent, `YYYY-MM-DD`; required with a
    /// temporary credit.
    #[serde(default)]
    pub temp_credit_expiry: String,
    /// Credit state: -1 deleted, 0 invalid, 1 valid.
    #[serde(default = "valid")]
    pub state: i32,
    /// Why the limits change (kept in the change log).
    #[serde(default)]
    pub reason: String,
}

fn valid() -> i32 {
    STATE_VALID
}

/// A checked [`LimitForm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    pub mch_id: i64,
    pub credit: i64,
    pub temp_credit: i64,
    pub temp_credit_until: i64,
    pub state: i32,
    pub reason: String,
}

fn money(field: &str, v: i64) -> Result<(), ApiError> {
    if (0..=MONEY_MAX).contains(&v) {
        Ok(())
    } else {
        Err(ApiError::invalid_field(
            field,
            "金额为 0 到 100 亿元（以分计）",
            "must be 0 to 10,000,000,000 yuan, in fen",
        ))
    }
}

/// A required reason of 1 to [`REASON_MAX`] characters, trimmed.
pub fn reason(field: &str, v: &str) -> Result<String, ApiError> {
    let v = v.trim();
    if v.is_empty() {
        return Err(ApiError::invalid_field(
            field,
            "请输入原因",
            "please enter the reason",
        ));
    }
    platform::validate::text(field, v, 1, REASON_MAX)?;
    Ok(v.to_owned())
}

impl LimitForm {
    /// Checks every rule; the first broken one is a 412 naming its field.
    pub fn validated(self) -> Result<Limits, ApiError> {
        if self.mch_id <= 0 {
            return Err(ApiError::invalid_field(
                "mchId",
                "请选择分销商",
                "choose a distributor",
            ));
        }
        money("credit", self.credit)?;
        money("tempCredit", self.temp_credit)?;
        let expiry = self.temp_credit_expiry.trim();
        let temp_credit_until = if expiry.is_empty() {
            if self.temp_credit > 0 {
                return Err(ApiError::invalid_field(
                    "tempCreditExpiry",
                    "临时授信需要有效期",
                    "a temporary credit needs its last day",
                ));
            }
            NO_DAY
        } else {
            platform::time::parse_date("tempCreditExpiry", expiry)?
        };
        platform::validate::one_of("state", self.state, STATES)?;
        let reason = reason("reason", &self.reason)?;
        Ok(Limits {
            mch_id: self.mch_id,
            credit: self.credit,
            temp_credit: self.temp_credit,
            temp_credit_until,
            state: self.state,
            reason,
        })
    }
}

/// A movement of prepaid money (the body of `cash/log/save`): in when positive, out when
/// negative.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CashForm {
    pub mch_id: i64,
    /// Fen; positive puts money in, negative takes it out.
    pub money: i64,
    /// What it is (a bank transfer's number, a refund).
    #[serde(default)]
    pub remark: String,
}

impl CashForm {
    pub fn validated(mut self) -> Result<Self, ApiError> {
        if self.mch_id <= 0 {
            return Err(ApiError::invalid_field(
                "mchId",
                "请选择分销商",
                "choose a distributor",
            ));
        }
        if self.money == 0 || self.money.abs() > MONEY_MAX {
            return Err(ApiError::invalid_field(
                "money",
                "金额不能为 0，且不超过 100 亿元（以分计）",
                "must not be 0, nor over 10,000,000,000 yuan, in fen",
            ));
        }
        self.remark = reason("remark", &self.remark)?;
        Ok(self)
    }
}

/// Why money cannot be taken out of the balance.
pub fn cash_out_refusal(funds: &Funds, out: i64, today: i64) -> Option<ApiError> {
    if funds.balance < out {
        return Some(ApiError::invalid_field(
            "money",
            "余额不足",
            "more than the balance",
        ));
    }
    if funds.available(today) < out {
        return Some(ApiError::invalid_field(
            "money",
            "取出后可用额度将为负",
            "would leave less than the credit already used",
        ));
    }
    None
}

/// The longest span the chart draws, in days.
/// How much of a credit payment of `amount` what was received for its order gives back: the
/// money received, never below nothing nor above what the payment took (a receipt's share of an
/// order is at most what it owes, but an order's price can change after it was paid).
pub fn repaid_part(received: i64, amount: i64) -> i64 {
    received.clamp(0, amount.max(0))
}

pub const GRAPH_DAYS_MAX: i64 = 366;

/// One day of the chart: the balance and the used credit at its end, fen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayPoint {
    /// Days since 1970-01-01 (China calendar).
    #[serde(skip)]
    pub day: i64,
    /// `YYYY-MM-DD`.
    #[schema(value_type = String)]
    #[serde(serialize_with = "as_date")]
    pub date: i64,
    pub balance: i64,
    pub used_credit: i64,
}

fn as_date<S: serde::Serializer>(day: &i64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&platform::time::format_day(*day))
}

/// Every day from `from` to `to`, each with the figures of the last day at or before it that
/// changed (`figures`: (day, balance, used credit), in day order); nothing before the first.
pub fn daily(figures: &[(i64, i64, i64)], from: i64, to: i64) -> Vec<DayPoint> {
    let mut out = Vec::new();
    let mut next = figures.iter().peekable();
    let (mut balance, mut used) = (0, 0);
    for day in from..=to {
        while let Some(&&(d, b, u)) = next.peek() {
            if d > day {
                break;
            }
            (balance, used) = (b, u);
            next.next();
        }
        out.push(DayPoint {
            day,
            date: day,
            balance,
            used_credit: used,
        });
    }
    out
}

/// The span of the chart: `from` to `to` (`YYYY-MM-DD`), the last 30 days to `today` when
/// absent; at most [`GRAPH_DAYS_MAX`] days, `to` not before `from`.
pub fn graph_span(
    from: Option<&str>,
    to: Option<&str>,
    today: i64,
) -> Result<(i64, i64), ApiError> {
    let to = match to.map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => platform::time::parse_date("endDate", s)?,
        None => today,
    };
    let from = match from.map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) => platform::time::parse_date("startDate", s)?,
        None => to - 29,
    };
    if to < from {
        return Err(ApiError::invalid_field(
            "endDate",
            "结束日期不能早于开始日期",
            "must not be before the start date",
        ));
    }
    if to - from + 1 > GRAPH_DAYS_MAX {
        return Err(ApiError::invalid_field(
            "endDate",
            "最多查询 366 天",
            "at most 366 days",
        ));
    }
    Ok((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn received_money_gives_back_at_most_what_the_payment_took() {
        assert_eq!(repaid_part(0, 500), 0);
        assert_eq!(repaid_part(200, 500), 200);
        assert_eq!(repaid_part(500, 500), 500);
        assert_eq!(repaid_part(700, 500), 500);
        assert_eq!(repaid_part(-5, 500), 0);
        assert_eq!(repaid_part(100, 0), 0);
    }

    fn funds() -> Funds {
        Funds {
            credit: 10000,
            temp_credit: 5000,
            temp_credit_until: 20_000,
            used_credit: 3000,
            balance: 1000,
            state: STATE_VALID,
        }
    }

    fn field_of(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("expected a 412, got {other:?}"),
        }
    }

    fn form() -> LimitForm {
        LimitForm {
            mch_id: 7,
            credit: 1_000,
            temp_credit: 0,
            temp_credit_expiry: String::new(),
            state: STATE_VALID,
            reason: " new season ".into(),
        }
    }

    #[test]
    fn temporary_credit_counts_up_to_its_last_day_only() {
        let f = funds();
        assert_eq!(f.available(20_000), 10000 + 5000 + 1000 - 3000);
        assert_eq!(f.available(20_001), 10000 + 1000 - 3000);
    }

    #[test]
    fn a_payment_is_refused_for_each_reason() {
        let f = funds();
        assert_eq!(may_spend(&f, "CNY", "CNY", 13000, 20_000), Ok(()));
        assert_eq!(
            may_spend(&f, "CNY", "CNY", 13001, 20_000),
            Err(Refusal::Insufficient {
                available: 13000,
                amount: 13001
            })
        );
        assert!(matches!(
            may_spend(&f, "CNY", "CNY", 9000, 20_001),
            Err(Refusal::Insufficient { .. })
        ));
        assert_eq!(
            may_spend(&f, "CNY", "CNY", 0, 20_000),
            Err(Refusal::BadAmount)
        );
        assert!(matches!(
            may_spend(&f, "CNY", "USD", 1, 20_000),
            Err(Refusal::Currency { .. })
        ));
        let invalid = Funds {
            state: STATE_INVALID,
            ..f
        };
        assert_eq!(
            may_spend(&invalid, "CNY", "CNY", 1, 20_000),
            Err(Refusal::NotValid)
        );
    }

    #[test]
    fn a_refusal_reads_in_both_languages_with_yuan() {
        let r = Refusal::Insufficient {
            available: 12_345,
            amount: 99_900,
        };
        assert_eq!(
            r.line(),
            "可用授信不足：可用 123.45，需要 999.00 / not enough credit: 123.45 available, 999.00 needed"
        );
        assert_eq!(yuan(-5), "-0.05");
    }

    #[test]
    fn limits_are_checked_field_by_field() {
        let ok = form().validated().unwrap();
        assert_eq!(ok.reason, "new season");
        assert_eq!(ok.temp_credit_until, NO_DAY);
        for (f, field) in [
            (
                LimitForm {
                    mch_id: 0,
                    ..form()
                },
                "mchId",
            ),
            (
                LimitForm {
                    credit: -1,
                    ..form()
                },
                "credit",
            ),
            (
                LimitForm {
                    credit: MONEY_MAX + 1,
                    ..form()
                },
                "credit",
            ),
            (
                LimitForm {
                    temp_credit: 5,
                    ..form()
                },
                "tempCreditExpiry",
            ),
            (
                LimitForm {
                    temp_credit: 5,
                    temp_credit_expiry: "2026-02-30".into(),
                    ..form()
                },
                "tempCreditExpiry",
            ),
            (LimitForm { state: 3, ..form() }, "state"),
            (
                LimitForm {
                    reason: "  ".into(),
                    ..form()
                },
                "reason",
            ),
        ] {
            assert_eq!(field_of(f.validated().unwrap_err()), field);
        }
        let temp = LimitForm {
            temp_credit: 5,
            temp_credit_expiry: "1970-01-02".into(),
            ..form()
        }
        .validated()
        .unwrap();
        assert_eq!(temp.temp_credit_until, 1);
    }

    #[test]
    fn cash_needs_an_amount_and_a_remark_and_cannot_overdraw() {
        let c = CashForm {
            mch_id: 7,
            money: -5,
            remark: "refund".into(),
        };
        assert!(c.clone().validated().is_ok());
        assert_eq!(
            field_of(
                CashForm {
                    money: 0,
                    ..c.clone()
                }
                .validated()
                .unwrap_err()
            ),
            "money"
        );
        assert_eq!(
            field_of(
                CashForm {
                    remark: String::new(),
                    ..c
                }
                .validated()
                .unwrap_err()
            ),
            "remark"
        );
        let f = funds();
        assert!(cash_out_refusal(&f, 1000, 20_000).is_none());
        assert!(cash_out_refusal(&f, 1001, 20_000).is_some());
        let tight = Funds {
            used_credit: 11500,
            temp_credit: 0,
            ..f
        };
        // Balance 10.00, available 100 + 10 − 115 = −5: nothing may go out.
        assert!(cash_out_refusal(&tight, 1, 20_000).is_some());
    }

    #[test]
    fn the_chart_carries_each_figure_forward_to_the_next_change() {
        let pts = daily(&[(8, 5, 1), (10, 7, 2), (12, 9, 3)], 10, 13);
        let got: Vec<(i64, i64, i64)> = pts
            .iter()
            .map(|p| (p.day, p.balance, p.used_credit))
            .collect();
        assert_eq!(got, vec![(10, 7, 2), (11, 7, 2), (12, 9, 3), (13, 9, 3)]);
        let empty = daily(&[], 1, 2);
        assert_eq!(empty.len(), 2);
        assert_eq!((empty[0].balance, empty[0].used_credit), (0, 0));
        let early = daily(&[(8, 5, 1)], 10, 10);
        assert_eq!(early[0].balance, 5);
    }

    #[test]
    fn the_chart_span_is_checked() {
        assert_eq!(graph_span(None, None, 100).unwrap(), (71, 100));
        assert_eq!(
            graph_span(Some("1970-01-02"), Some("1970-01-03"), 100).unwrap(),
            (1, 2)
        );
        assert_eq!(
            field_of(graph_span(Some("x"), None, 100).unwrap_err()),
            "startDate"
        );
        assert_eq!(
            field_of(graph_span(Some("1970-01-03"), Some("1970-01-02"), 100).unwrap_err()),
            "endDate"
        );
        assert_eq!(
            field_of(graph_span(Some("1970-01-01"), Some("1971-01-03"), 100).unwrap_err()),
            "endDate"
        );
    }
}
