//! Receipts (money distributors owe the tenant) and payments (money the tenant owes suppliers),
//! their logs (each money arrival), what each settled order gets of the money, and the
//! reconciliation ledger's rules. Receipts and payments are one concept seen from two
//! [`Side`]s; the rules are the same.
//!
//! The ledger: every credit log row owes, on each side, its `due` (a receipt's: what the
//! distributor pays for the order, a payment's: the supplier's price; nothing once the order
//! failed). While the row is in a live receipt (payment) that amount is frozen as the receipt
//! took it; a later change of the order's amounts marks the row abnormal instead of changing
//! what is being settled. What a row has received is given by [`allocate`] from the confirmed
//! logs alone, so a rollback leaves exactly what there would be had the log never been
//! confirmed. Hence, per merchant, due = received + outstanding at every moment.

use platform::ApiError;
use platform::i18n::Text;

use super::credit_log;

/// Which way the money goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// From a distributor to the tenant.
    Receipt,
    /// From the tenant to a supplier.
    Payment,
}

impl Side {
    /// The value kept in the `kind` columns.
    pub fn kind(self) -> i32 {
        match self {
            Self::Receipt => 1,
            Self::Payment => 2,
        }
    }

    /// The field that names the merchant in requests and answers.
    pub fn mch_field(self) -> &'static str {
        match self {
            Self::Receipt => "distributorMchId",
            Self::Payment => "supplierMchId",
        }
    }

    fn what(self) -> (&'static str, &'static str) {
        match self {
            Self::Receipt => ("收款单", "receipt"),
            Self::Payment => ("付款单", "payment"),
        }
    }

    pub fn not_found(self) -> ApiError {
        let (zh, en) = self.what();
        ApiError::not_found(zh, en)
    }

    pub fn log_not_found(self) -> ApiError {
        match self {
            Self::Receipt => ApiError::not_found("收款记录", "receipt log"),
            Self::Payment => ApiError::not_found("付款记录", "payment log"),
        }
    }
}

/// Receipt and payment states (the spec's).
pub mod state {
    pub const DELETED: i32 = -1;
    /// Awaiting receipt (payment): nothing confirmed yet.
    pub const AWAITING: i32 = 1;
    /// Receiving (paying): some money confirmed.
    pub const IN_PROGRESS: i32 = 2;
    /// Reviewed by finance: closed.
    pub const REVIEWED: i32 = 4;
    pub const ALL: &[i32] = &[DELETED, AWAITING, IN_PROGRESS, REVIEWED];
}

/// Receipt and payment log states (the spec's).
pub mod log_state {
    pub const DELETED: i32 = -1;
    pub const PENDING: i32 = 0;
    pub const CONFIRMED: i32 = 1;
    pub const CANCELLED: i32 = 3;
    pub const ALL: &[i32] = &[DELETED, PENDING, CONFIRMED, CANCELLED];
}

/// Verify (reconciliation) states of an order on one side (the spec's: abnormal -1, not
/// reconciled 0, reconciled 1 to 3).
pub mod verify {
    /// Its amounts changed after it was put in a receipt (payment).
    pub const ABNORMAL: i32 = -1;
    /// In no receipt, or nothing of it received yet.
    pub const NOT_RECONCILED: i32 = 0;
    /// Part of it received.
    pub const PARTIAL: i32 = 1;
    /// All of it received.
    pub const FULL: i32 = 2;
    /// All of it received and its receipt reviewed.
    pub const REVIEWED: i32 = 3;
    pub const ALL: &[i32] = &[ABNORMAL, NOT_RECONCILED, PARTIAL, FULL, REVIEWED];
}

/// The largest amount of one log, fen (a hundred billion yuan).
pub const MONEY_MAX: i64 = 10_000_000_000_000;
/// The most orders one receipt (payment) settles.
pub const ORDERS_MAX: usize = 500;

/// What an order owes on `side` now, fen: the distributor's price (what it leaves to settle) for
/// receipts, the supplier's price for payments; nothing once it failed.
pub fn due_of(side: Side, log_state: i32, order_price: i64, supplier_price: i64) -> i64 {
    if log_state == credit_log::state::FAILED {
        return 0;
    }
    match side {
        Side::Receipt => credit_log::statement_price(log_state, order_price),
        Side::Payment => supplier_price,
    }
}

/// How one side of a ledger row follows a change of its order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Follow {
    /// Nothing to write.
    Keep,
    /// In no receipt (payment): it owes this now.
    Due(i64),
    /// In one: it keeps what it owed when put there, which the order no longer owes.
    Abnormal,
}

/// A row in no receipt (payment) owes what its order now leaves to settle (`due`); one in a
/// receipt (payment) keeps what it owed when it was put there (`held_due`), and is marked
/// abnormal if that is no longer what the order owes (once: an abnormal row stays so).
pub fn follow(in_document: bool, held_due: i64, held_verify: i32, due: i64) -> Follow {
    if held_due == due {
        Follow::Keep
    } else if !in_document {
        Follow::Due(due)
    } else if held_verify == verify::ABNORMAL {
        Follow::Keep
    } else {
        Follow::Abnormal
    }
}

/// Collection (payment) progress of `done` out of `due`: none 1, partial 2, full 3.
pub fn progress_of(due: i64, done: i64) -> i32 {
    use credit_log::progress;
    if done <= 0 {
        progress::NONE
    } else if done >= due {
        progress::FULL
    } else {
        progress::PARTIAL
    }
}

/// The state of a live receipt (payment) that has `arrived` confirmed.
pub fn state_after(arrived: i64) -> i32 {
    if arrived > 0 {
        state::IN_PROGRESS
    } else {
        state::AWAITING
    }
}

/// A credit log row offered to a new receipt (payment).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub id: i64,
    /// The distributor (receipts) or supplier (payments).
    pub mch_id: i64,
    pub currency: String,
    /// The row's credit log state.
    pub state: i32,
    /// The receipt (payment) it is in already, 0 for none.
    pub settlement_id: i64,
    /// What it owes on this side.
    pub due: i64,
}

/// What a new receipt (payment) is: its merchant, currency and total due.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSettlement {
    pub mch_id: i64,
    pub currency: String,
    pub due: i64,
}

fn ids_invalid(zh: &'static str, en: &'static str) -> ApiError {
    ApiError::invalid_field("creditLogIds", zh, en)
}

/// Checks the rows asked for (`asked`, as the request names them) against those found in the
/// caller's tenant (`found`): every one found once, of one merchant and currency, neither
/// failed nor unpaid, owing something, in no live receipt (payment) of this side.
pub fn new_settlement(asked: &[i64], found: &[Candidate]) -> Result<NewSettlement, ApiError> {
    if asked.is_empty() {
        return Err(ids_invalid("请选择订单", "must name at least one order"));
    }
    if asked.len() > ORDERS_MAX {
        return Err(ids_invalid(
            "一次最多 500 个订单",
            "may name at most 500 orders",
        ));
    }
    let mut unique = asked.to_vec();
    unique.sort_unstable();
    unique.dedup();
    if unique.len() != asked.len() {
        return Err(ids_invalid("订单重复", "names an order twice"));
    }
    if found.len() != asked.len() {
        return Err(ids_invalid(
            "订单不存在",
            "names an order that does not exist",
        ));
    }
    let first = &found[0];
    let mut due = 0i64;
    for c in found {
        if c.mch_id != first.mch_id {
            return Err(ids_invalid(
                "订单须属于同一商户",
                "names orders of different merchants",
            ));
        }
        if c.currency != first.currency {
            return Err(ids_invalid(
                "订单须为同一币种",
                "names orders in different currencies",
            ));
        }
        if c.state == credit_log::state::FAILED {
            return Err(ids_invalid(
                "已失败的订单无需结算",
                "names a failed order, which leaves nothing to settle",
            ));
        }
        if c.state == credit_log::state::UNPAID {
            return Err(ids_invalid(
                "未支付的订单不能结算",
                "names an unpaid order, which is not settled yet",
            ));
        }
        if c.settlement_id != 0 {
            return Err(ids_invalid(
                "订单已在其他结算单中",
                "names an order that is in another live receipt or payment",
            ));
        }
        if c.due <= 0 {
            return Err(ids_invalid(
                "订单没有待结算金额",
                "names an order that owes nothing",
            ));
        }
        due = due
            .checked_add(c.due)
            .ok_or_else(|| ids_invalid("金额过大", "names orders whose sum is too large"))?;
    }
    Ok(NewSettlement {
        mch_id: first.mch_id,
        currency: first.currency.clone(),
        due,
    })
}

fn rule(code: &'static str, zh: &'static str, en: &'static str) -> ApiError {
    ApiError::Rule {
        code,
        msg: Text::fixed(zh, en),
    }
}

fn closed() -> ApiError {
    rule(
        "settlement-closed",
        "已审核或已删除的结算单不能再修改",
        "a reviewed or deleted receipt or payment cannot change",
    )
}

fn require_live(settlement_state: i32) -> Result<(), ApiError> {
    if matches!(settlement_state, state::AWAITING | state::IN_PROGRESS) {
        Ok(())
    } else {
        Err(closed())
    }
}

/// Checks a new log of `money` against a receipt (payment) that has `due`, of which `counted`
/// is confirmed or pending already.
pub fn may_record(
    settlement_state: i32,
    due: i64,
    counted: i64,
    money: i64,
) -> Result<(), ApiError> {
    if !(1..=MONEY_MAX).contains(&money) {
        return Err(ApiError::invalid_field(
            "money",
            "金额至少为 1 分",
            "must be at least 1 fen",
        ));
    }
    require_live(settlement_state)?;
    if counted.saturating_add(money) > due {
        return Err(ApiError::invalid_field(
            "money",
            "超过结算单剩余待结算金额（含待确认记录）",
            "is more than the receipt or payment has left (pending logs included)",
        ));
    }
    Ok(())
}

fn wrong_log_state(code: &'static str, zh: &'static str, en: &'static str) -> ApiError {
    rule(code, zh, en)
}

/// Confirming a pending log of `money` when `arrived` of `due` is confirmed.
pub fn may_confirm(
    settlement_state: i32,
    log: i32,
    arrived: i64,
    due: i64,
    money: i64,
) -> Result<(), ApiError> {
    require_live(settlement_state)?;
    if log != log_state::PENDING {
        return Err(wrong_log_state(
            "log-not-pending",
            "只能确认待确认的记录",
            "only a pending log can be confirmed",
        ));
    }
    if arrived.saturating_add(money) > due {
        return Err(rule(
            "over-settled",
            "确认后将超过应结金额",
            "confirming it would settle more than is due",
        ));
    }
    Ok(())
}

/// Rolling back a confirmed log.
pub fn may_roll_back(settlement_state: i32, log: i32) -> Result<(), ApiError> {
    require_live(settlement_state)?;
    if log != log_state::CONFIRMED {
        return Err(wrong_log_state(
            "log-not-confirmed",
            "只能撤销已确认的记录",
            "only a confirmed log can be rolled back",
        ));
    }
    Ok(())
}

/// Deleting a pending log.
pub fn may_delete_log(settlement_state: i32, log: i32) -> Result<(), ApiError> {
    require_live(settlement_state)?;
    if log != log_state::PENDING {
        return Err(wrong_log_state(
            "log-not-pending",
            "只能删除待确认的记录",
            "only a pending log can be deleted",
        ));
    }
    Ok(())
}

/// Reviewing: fully settled, nothing pending, no order changed after it was settled.
pub fn may_review(
    settlement_state: i32,
    due: i64,
    arrived: i64,
    pending: i64,
    abnormal: i64,
) -> Result<(), ApiError> {
    require_live(settlement_state)?;
    if arrived != due {
        return Err(rule(
            "not-fully-settled",
            "款项未结清，不能审核",
            "not fully settled yet, so it cannot be reviewed",
        ));
    }
    if pending > 0 {
        return Err(rule(
            "logs-pending",
            "还有待确认的记录",
            "some logs are still pending",
        ));
    }
    if abnormal > 0 {
        return Err(rule(
            "orders-abnormal",
            "有订单在结算后金额发生变化（异常），请撤销后重新结算",
            "an order's amounts changed after it was settled (abnormal): roll back and settle it again",
        ));
    }
    Ok(())
}

/// Deleting a receipt (payment): live, nothing confirmed on it.
pub fn may_delete(settlement_state: i32, arrived: i64) -> Result<(), ApiError> {
    require_live(settlement_state)?;
    if arrived != 0 {
        return Err(rule(
            "money-confirmed",
            "已有确认的款项，请先撤销",
            "money is confirmed on it: roll it back first",
        ));
    }
    Ok(())
}

/// What one settled order has of the confirmed money.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allocation {
    /// Received (paid) of it, fen.
    pub done: i64,
    /// none 1, partial 2, full 3.
    pub progress: i32,
    /// When the last confirmation that gave it money was made (ms), 0 for none.
    pub date: i64,
}

/// Shares the confirmed logs (`(money, confirmed at)`, in the order they were confirmed) among
/// the orders of a receipt (their dues, in the receipt's order): each log fills the first orders
/// not yet full. It reads nothing but the confirmed logs, so after a rollback it gives exactly
/// what there would be without the rolled-back log.
pub fn allocate(dues: &[i64], confirmed: &[(i64, i64)]) -> Vec<Allocation> {
    let mut out: Vec<Allocation> = dues
        .iter()
        .map(|_| Allocation {
            done: 0,
            progress: credit_log::progress::NONE,
            date: 0,
        })
        .collect();
    let mut at = 0usize;
    for &(money, when) in confirmed {
        let mut left = money;
        while left > 0 && at < dues.len() {
            let room = dues[at] - out[at].done;
            if room <= 0 {
                at += 1;
                continue;
            }
            let take = room.min(left);
            out[at].done += take;
            out[at].date = when;
            left -= take;
        }
    }
    for (a, &due) in out.iter_mut().zip(dues) {
        a.progress = progress_of(due, a.done);
    }
    out
}

/// An order's verify state on one side: abnormal stays abnormal until the order leaves its
/// receipt (payment); otherwise by what it has received and whether the receipt is reviewed.
pub fn verify_of(was: i32, progress: i32, reviewed: bool) -> i32 {
    use credit_log::progress as p;
    if was == verify::ABNORMAL {
        return verify::ABNORMAL;
    }
    match progress {
        p::FULL if reviewed => verify::REVIEWED,
        p::FULL => verify::FULL,
        p::PARTIAL => verify::PARTIAL,
        _ => verify::NOT_RECONCILED,
    }
}

/// The confirmation texts of the spec, for the console.
pub struct Prompts {
    pub confirm: Text,
    pub rollback: Text,
    pub review: Text,
    pub delete: Text,
}

pub fn prompts(side: Side) -> Prompts {
    match side {
        Side::Receipt => Prompts {
            confirm: Text::fixed(
                "确认已收到这笔款项？",
                "Confirm this money has been received?",
            ),
            rollback: Text::fixed(
                "撤销这笔款项的确认？",
                "Roll back the confirmation of this money?",
            ),
            review: Text::fixed(
                "确认收款信息无误？",
                "Confirm receipt information is correct?",
            ),
            delete: Text::fixed("删除这张收款单？", "Delete this receipt?"),
        },
        Side::Payment => Prompts {
            confirm: Text::fixed("确认已付出这笔款项？", "Confirm this money has been paid?"),
            rollback: Text::fixed(
                "撤销这笔款项的确认？",
                "Roll back the confirmation of this money?",
            ),
            review: Text::fixed(
                "确认付款信息无误？",
                "Confirm payment information is correct?",
            ),
            delete: Text::fixed("删除这张付款单？", "Delete this payment?"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use credit_log::progress::{FULL, NONE, PARTIAL};

    #[test]
    fn a_row_follows_its_order_unless_a_document_holds_it() {
        assert_eq!(
            follow(false, 500, verify::NOT_RECONCILED, 500),
            Follow::Keep
        );
        assert_eq!(
            follow(false, 500, verify::NOT_RECONCILED, 300),
            Follow::Due(300)
        );
        assert_eq!(follow(true, 500, verify::PARTIAL, 500), Follow::Keep);
        assert_eq!(follow(true, 500, verify::PARTIAL, 300), Follow::Abnormal);
        assert_eq!(follow(true, 500, verify::ABNORMAL, 300), Follow::Keep);
    }

    fn field_of(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("expected a 412 naming a field, got {other:?}"),
        }
    }

    fn code_of(e: ApiError) -> &'static str {
        match e {
            ApiError::Rule { code, .. } => code,
            other => panic!("expected a rule, got {other:?}"),
        }
    }

    fn cand(id: i64, mch: i64, due: i64) -> Candidate {
        Candidate {
            id,
            mch_id: mch,
            currency: "CNY".into(),
            state: credit_log::state::DEDUCTED,
            settlement_id: 0,
            due,
        }
    }

    #[test]
    fn a_settlement_is_made_of_free_rows_of_one_merchant_and_currency() {
        let ok = new_settlement(&[1, 2], &[cand(1, 7, 100), cand(2, 7, 250)]).unwrap();
        assert_eq!(
            ok,
            NewSettlement {
                mch_id: 7,
                currency: "CNY".into(),
                due: 350
            }
        );
        let err = |asked: &[i64], found: &[Candidate]| {
            field_of(new_settlement(asked, found).unwrap_err())
        };
        assert_eq!(err(&[], &[]), "creditLogIds");
        assert_eq!(err(&[1, 1], &[cand(1, 7, 1)]), "creditLogIds");
        assert_eq!(err(&[1, 2], &[cand(1, 7, 1)]), "creditLogIds");
        assert_eq!(
            err(&[1, 2], &[cand(1, 7, 1), cand(2, 8, 1)]),
            "creditLogIds"
        );
        let mut usd = cand(2, 7, 1);
        usd.currency = "USD".into();
        assert_eq!(err(&[1, 2], &[cand(1, 7, 1), usd]), "creditLogIds");
        let mut failed = cand(1, 7, 1);
        failed.state = credit_log::state::FAILED;
        assert_eq!(err(&[1], &[failed]), "creditLogIds");
        let mut unpaid = cand(1, 7, 1);
        unpaid.state = credit_log::state::UNPAID;
        assert_eq!(err(&[1], &[unpaid]), "creditLogIds");
        let mut taken = cand(1, 7, 1);
        taken.settlement_id = 9;
        assert_eq!(err(&[1], &[taken]), "creditLogIds");
        assert_eq!(err(&[1], &[cand(1, 7, 0)]), "creditLogIds");
    }

    #[test]
    fn what_an_order_owes_on_each_side() {
        let deducted = credit_log::state::DEDUCTED;
        let failed = credit_log::state::FAILED;
        assert_eq!(due_of(Side::Receipt, deducted, 500, 400), 500);
        assert_eq!(due_of(Side::Payment, deducted, 500, 400), 400);
        assert_eq!(due_of(Side::Receipt, failed, 500, 400), 0);
        assert_eq!(due_of(Side::Payment, failed, 500, 400), 0);
    }

    #[test]
    fn progress_is_none_partial_or_full() {
        assert_eq!(progress_of(100, 0), NONE);
        assert_eq!(progress_of(100, 1), PARTIAL);
        assert_eq!(progress_of(100, 100), FULL);
        assert_eq!(state_after(0), state::AWAITING);
        assert_eq!(state_after(1), state::IN_PROGRESS);
    }

    #[test]
    fn logs_move_pending_confirmed_cancelled_and_never_over_what_is_due() {
        assert!(may_record(state::AWAITING, 100, 40, 60).is_ok());
        assert_eq!(
            field_of(may_record(state::AWAITING, 100, 40, 61).unwrap_err()),
            "money"
        );
        assert_eq!(
            field_of(may_record(state::AWAITING, 100, 0, 0).unwrap_err()),
            "money"
        );
        assert_eq!(
            code_of(may_record(state::REVIEWED, 100, 0, 1).unwrap_err()),
            "settlement-closed"
        );
        assert_eq!(
            code_of(may_record(state::DELETED, 100, 0, 1).unwrap_err()),
            "settlement-closed"
        );

        assert!(may_confirm(state::IN_PROGRESS, log_state::PENDING, 40, 100, 60).is_ok());
        assert_eq!(
            code_of(may_confirm(state::IN_PROGRESS, log_state::PENDING, 50, 100, 60).unwrap_err()),
            "over-settled"
        );
        for s in [
            log_state::CONFIRMED,
            log_state::CANCELLED,
            log_state::DELETED,
        ] {
            assert_eq!(
                code_of(may_confirm(state::AWAITING, s, 0, 100, 1).unwrap_err()),
                "log-not-pending"
            );
        }
        assert!(may_roll_back(state::IN_PROGRESS, log_state::CONFIRMED).is_ok());
        assert_eq!(
            code_of(may_roll_back(state::IN_PROGRESS, log_state::PENDING).unwrap_err()),
            "log-not-confirmed"
        );
        assert_eq!(
            code_of(may_roll_back(state::REVIEWED, log_state::CONFIRMED).unwrap_err()),
            "settlement-closed"
        );
        assert!(may_delete_log(state::AWAITING, log_state::PENDING).is_ok());
        assert_eq!(
            code_of(may_delete_log(state::AWAITING, log_state::CONFIRMED).unwrap_err()),
            "log-not-pending"
        );
    }

    #[test]
    fn review_needs_everything_settled_and_nothing_abnormal() {
        assert!(may_review(state::IN_PROGRESS, 100, 100, 0, 0).is_ok());
        assert_eq!(
            code_of(may_review(state::IN_PROGRESS, 100, 99, 0, 0).unwrap_err()),
            "not-fully-settled"
        );
        assert_eq!(
            code_of(may_review(state::IN_PROGRESS, 100, 100, 1, 0).unwrap_err()),
            "logs-pending"
        );
        assert_eq!(
            code_of(may_review(state::IN_PROGRESS, 100, 100, 0, 1).unwrap_err()),
            "orders-abnormal"
        );
        assert_eq!(
            code_of(may_review(state::REVIEWED, 100, 100, 0, 0).unwrap_err()),
            "settlement-closed"
        );
        assert!(may_delete(state::AWAITING, 0).is_ok());
        assert_eq!(
            code_of(may_delete(state::IN_PROGRESS, 1).unwrap_err()),
            "money-confirmed"
        );
        assert_eq!(
            code_of(may_delete(state::REVIEWED, 0).unwrap_err()),
            "settlement-closed"
        );
    }

    #[test]
    fn money_fills_the_orders_in_turn_and_a_rollback_leaves_what_there_would_be_without_it() {
        let dues = [100, 50, 30];
        let a = allocate(&dues, &[(120, 10)]);
        assert_eq!(a.iter().map(|a| a.done).collect::<Vec<_>>(), [100, 20, 0]);
        assert_eq!(
            a.iter().map(|a| a.progress).collect::<Vec<_>>(),
            [FULL, PARTIAL, NONE]
        );
        assert_eq!(a.iter().map(|a| a.date).collect::<Vec<_>>(), [10, 10, 0]);
        let b = allocate(&dues, &[(120, 10), (60, 20)]);
        assert_eq!(b.iter().map(|a| a.done).collect::<Vec<_>>(), [100, 50, 30]);
        assert_eq!(b.iter().map(|a| a.date).collect::<Vec<_>>(), [10, 20, 20]);
        // Rolling the second back gives the first's allocation again, dates included.
        assert_eq!(allocate(&dues, &[(120, 10)]), a);
        // Whatever the logs, each order gets at most its due and the sum is what was confirmed.
        let c = allocate(&dues, &[(7, 1), (13, 2), (90, 3)]);
        assert_eq!(c.iter().map(|a| a.done).sum::<i64>(), 110);
        assert!(c.iter().zip(dues).all(|(a, d)| a.done <= d));
    }

    #[test]
    fn abnormal_stays_until_the_order_leaves_and_reconciled_is_one_to_three() {
        assert_eq!(verify_of(verify::ABNORMAL, FULL, true), verify::ABNORMAL);
        assert_eq!(verify_of(0, NONE, false), verify::NOT_RECONCILED);
        assert_eq!(verify_of(0, PARTIAL, false), verify::PARTIAL);
        assert_eq!(verify_of(1, FULL, false), verify::FULL);
        assert_eq!(verify_of(2, FULL, true), verify::REVIEWED);
    }

    #[test]
    fn prompts_are_the_specs_in_both_languages() {
        assert_eq!(
            prompts(Side::Receipt).review.en,
            "Confirm receipt information is correct?"
        );
        assert_eq!(
            prompts(Side::Payment).review.en,
            "Confirm payment information is correct?"
        );
        assert_eq!(prompts(Side::Receipt).review.zh, "确认收款信息无误？");
    }
}
