//! Support tickets (work orders): what a ticket must say, and how its state moves. A tenant's
//! user submits a ticket to the platform's support staff; both sides reply; either side marks it
//! solved (which closes the reply channel) or restores it.

use platform::ApiError;
use platform::i18n::Text;
use platform::validate;

/// The ticket's state (the spec's support ticket states, the work order's the same values).
pub const PENDING: i32 = 1;
pub const IN_PROGRESS: i32 = 2;
pub const SOLVED: i32 = 3;
pub const STATES: [i32; 3] = [PENDING, IN_PROGRESS, SOLVED];

/// Business types: 10 hotel, 20 ticket.
pub const BUSINESS_TYPES: [i32; 2] = [10, 20];

/// The notification type (`notifyType`) of a ticket assigned to a support agent; outside
/// typeNotifys, whose values are the order notices users choose in their settings: an
/// assignment always reaches its assignee.
pub const NOTIFY_ASSIGNED: i32 = 20;

/// What a submitter writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicketFields {
    pub business_type: i32,
    pub subject: String,
    pub tag: String,
    pub title: String,
    pub content: String,
}

impl TicketFields {
    pub fn check(mut self) -> Result<Self, ApiError> {
        validate::one_of("businessType", self.business_type, &BUSINESS_TYPES)?;
        self.subject = self.subject.trim().to_owned();
        validate::line("subject", &self.subject, 1, 50)?;
        self.tag = self.tag.trim().to_owned();
        validate::line("tag", &self.tag, 0, 30)?;
        self.title = self.title.trim().to_owned();
        validate::line("title", &self.title, 1, 100)?;
        self.content = self.content.trim().to_owned();
        validate::text("content", &self.content, 1, 5_000)?;
        Ok(self)
    }
}

/// A reply's text, trimmed.
pub fn reply_text(content: &str) -> Result<String, ApiError> {
    let content = content.trim().to_owned();
    validate::text("content", &content, 1, 5_000)?;
    Ok(content)
}

/// An assignee as the support console names them.
pub fn assignee(id: i64, name: &str) -> Result<(i64, String), ApiError> {
    if id <= 0 {
        return Err(ApiError::invalid_field(
            "assigneeId",
            "请选择处理人",
            "Please choose who handles the ticket",
        ));
    }
    let name = name.trim().to_owned();
    validate::line("assigneeName", &name, 1, 50)?;
    Ok((id, name))
}

/// Who acts on a ticket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The tenant's user who submitted it, or another of the same tenant (or merchant).
    Customer,
    /// The platform's support staff.
    Support,
}

/// What is done to a ticket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Reply(Side),
    Assign,
    Solve,
    Restore,
    /// The customer allows or withdraws the agent login.
    Consent,
}

/// A solved ticket's reply channel is closed.
pub fn closed() -> ApiError {
    ApiError::Rule {
        code: "support-closed",
        msg: Text::fixed(
            "工单已解决，请先恢复工单",
            "This ticket is solved; restore it first",
        ),
    }
}

fn not_solved() -> ApiError {
    ApiError::Rule {
        code: "support-open",
        msg: Text::fixed("工单未解决，无需恢复", "This ticket is not solved"),
    }
}

/// A ticket that changed under the caller (another agent or the customer acted a moment ago).
pub fn moved() -> ApiError {
    ApiError::Rule {
        code: "support-moved",
        msg: Text::fixed(
            "工单状态已变化，请刷新后重试",
            "This ticket has just changed; reload it and try again",
        ),
    }
}

/// The state a ticket in `state` moves to when `action` is done; `handled` says whether support
/// took it up already (assigned or replied), which is where a restored ticket goes back to.
pub fn next_state(state: i32, action: Action, handled: bool) -> Result<i32, ApiError> {
    match action {
        Action::Restore => {
            if state != SOLVED {
                return Err(not_solved());
            }
            Ok(if handled { IN_PROGRESS } else { PENDING })
        }
        _ if state == SOLVED => Err(closed()),
        Action::Reply(Side::Support) | Action::Assign => Ok(IN_PROGRESS),
        Action::Reply(Side::Customer) | Action::Consent => Ok(state),
        Action::Solve => Ok(SOLVED),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> TicketFields {
        TicketFields {
            business_type: 10,
            subject: " Orders ".into(),
            tag: String::new(),
            title: "Order 42 stuck".into(),
            content: "It stays in booking".into(),
        }
    }

    #[test]
    fn a_ticket_names_its_business_subject_title_and_content() {
        let t = fields().check().unwrap();
        assert_eq!(t.subject, "Orders");
        for (field, bad) in [
            (
                "businessType",
                TicketFields {
                    business_type: 30,
                    ..fields()
                },
            ),
            (
                "subject",
                TicketFields {
                    subject: " ".into(),
                    ..fields()
                },
            ),
            (
                "title",
                TicketFields {
                    title: "a\u{202e}b".into(),
                    ..fields()
                },
            ),
            (
                "content",
                TicketFields {
                    content: String::new(),
                    ..fields()
                },
            ),
            (
                "tag",
                TicketFields {
                    tag: "x".repeat(31),
                    ..fields()
                },
            ),
        ] {
            let e = bad.check().unwrap_err();
            assert!(format!("{e:?}").contains(field), "{field}: {e:?}");
        }
        assert!(reply_text("  ").is_err());
        assert_eq!(reply_text(" thanks\n").unwrap(), "thanks");
        assert!(assignee(0, "Ann").is_err());
        assert!(assignee(7, " ").is_err());
        assert_eq!(assignee(7, " Ann ").unwrap(), (7, "Ann".to_owned()));
    }

    #[test]
    fn support_takes_a_ticket_up_and_solving_closes_it_until_restored() {
        assert_eq!(
            next_state(PENDING, Action::Reply(Side::Customer), false).unwrap(),
            PENDING
        );
        assert_eq!(
            next_state(PENDING, Action::Reply(Side::Support), false).unwrap(),
            IN_PROGRESS
        );
        assert_eq!(
            next_state(PENDING, Action::Assign, false).unwrap(),
            IN_PROGRESS
        );
        assert_eq!(
            next_state(IN_PROGRESS, Action::Reply(Side::Customer), true).unwrap(),
            IN_PROGRESS
        );
        assert_eq!(next_state(PENDING, Action::Solve, false).unwrap(), SOLVED);
        assert_eq!(
            next_state(IN_PROGRESS, Action::Solve, true).unwrap(),
            SOLVED
        );
        for a in [
            Action::Reply(Side::Customer),
            Action::Reply(Side::Support),
            Action::Assign,
            Action::Solve,
            Action::Consent,
        ] {
            assert!(next_state(SOLVED, a, true).is_err(), "{a:?}");
        }
        assert_eq!(
            next_state(SOLVED, Action::Restore, true).unwrap(),
            IN_PROGRESS
        );
        assert_eq!(next_state(SOLVED, Action::Restore, false).unwrap(), PENDING);
        assert!(next_state(PENDING, Action::Restore, false).is_err());
        assert!(next_state(IN_PROGRESS, Action::Restore, true).is_err());
    }
}
