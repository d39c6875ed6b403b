//! Approval requests: what a request must say, and how its state moves (stateApprovals).

use platform::ApiError;
use platform::i18n::Text;
use platform::validate;

/// stateApprovals.
pub const PENDING: i32 = 0;
pub const APPROVED: i32 = 1;
pub const REJECTED: i32 = 2;
pub const WITHDRAWN: i32 = 3;

/// typeApprovalOperates: add, modify, delete.
pub const OPERATES: [i32; 3] = [1, 2, 3];
/// typeApprovalRefs: hotel, scenic spot.
pub const REFS: [i32; 2] = [10, 20];
const ADD: i32 = 1;

/// What a requester asks: an operation on a hotel or scenic spot, with a title and details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestFields {
    pub operate_type: i32,
    pub ref_type: i32,
    /// The hotel or spot changed or deleted; 0 for an add.
    pub ref_id: i64,
    pub ref_name: String,
    pub title: String,
    pub content: String,
}

impl RequestFields {
    pub fn check(mut self) -> Result<Self, ApiError> {
        validate::one_of("operateType", self.operate_type, &OPERATES)?;
        validate::one_of("refType", self.ref_type, &REFS)?;
        if self.ref_id < 0 || (self.operate_type != ADD && self.ref_id == 0) {
            return Err(ApiError::invalid_field(
                "refId",
                "修改或删除需指明对象",
                "a change or deletion names what it changes",
            ));
        }
        if self.operate_type == ADD {
            self.ref_id = 0;
        }
        self.ref_name = self.ref_name.trim().to_owned();
        validate::line("refName", &self.ref_name, 1, 100)?;
        self.title = self.title.trim().to_owned();
        validate::line("title", &self.title, 1, 100)?;
        self.content = self.content.trim().to_owned();
        validate::text("content", &self.content, 0, 5_000)?;
        Ok(self)
    }
}

/// What the approver or requester does to a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Approve,
    Reject,
    Withdraw,
}

/// A request that is no longer pending (decided, withdrawn, or decided a moment ago by someone
/// else).
pub fn already_decided() -> ApiError {
    ApiError::Rule {
        code: "approval-decided",
        msg: Text::fixed("该申请已处理", "This request has been dealt with already"),
    }
}

/// The state a pending request moves to; a decided or withdrawn one does not move again. A
/// rejection says why.
pub fn next_state(state: i32, action: Action, remark: &str) -> Result<i32, ApiError> {
    if state != PENDING {
        return Err(already_decided());
    }
    validate::text("remark", remark, 0, 500)?;
    Ok(match action {
        Action::Approve => APPROVED,
        Action::Reject => {
            if remark.is_empty() {
                return Err(ApiError::invalid_field(
                    "remark",
                    "请填写驳回原因",
                    "Please give the reason for rejecting",
                ));
            }
            REJECTED
        }
        Action::Withdraw => WITHDRAWN,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(operate_type: i32, ref_id: i64) -> RequestFields {
        RequestFields {
            operate_type,
            ref_type: 10,
            ref_id,
            ref_name: " Sea View Hotel ".into(),
            title: "Add the hotel".into(),
            content: String::new(),
        }
    }

    #[test]
    fn a_request_names_its_operation_and_object() {
        let added = fields(1, 9).check().unwrap();
        assert_eq!(
            (added.ref_id, added.ref_name.as_str()),
            (0, "Sea View Hotel")
        );
        assert!(fields(2, 9).check().is_ok());
        assert!(fields(2, 0).check().is_err());
        assert!(fields(4, 9).check().is_err());
        assert!(
            RequestFields {
                ref_type: 30,
                ..fields(1, 0)
            }
            .check()
            .is_err()
        );
        assert!(
            RequestFields {
                title: " ".into(),
                ..fields(1, 0)
            }
            .check()
            .is_err()
        );
    }

    #[test]
    fn only_a_pending_request_moves_and_a_rejection_says_why() {
        assert_eq!(next_state(PENDING, Action::Approve, "").unwrap(), APPROVED);
        assert_eq!(
            next_state(PENDING, Action::Reject, "no licence").unwrap(),
            REJECTED
        );
        assert!(next_state(PENDING, Action::Reject, "").is_err());
        assert_eq!(
            next_state(PENDING, Action::Withdraw, "").unwrap(),
            WITHDRAWN
        );
        for done in [APPROVED, REJECTED, WITHDRAWN] {
            for a in [Action::Approve, Action::Reject, Action::Withdraw] {
                assert!(next_state(done, a, "x").is_err());
            }
        }
    }
}
