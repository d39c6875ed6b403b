//! A product's life, as one table of actions and states: hotel and ticket products move
//! through the same states (docs/hotel-products.md and docs/ticket.md draw the table).
//!
//! The spec names the labels (published/unpublished, shelve/unshelve, enable/disable, delete,
//! restore) but no values; one `state` column holds them all, so a product is never both
//! "disabled" and "on sale" at once.

use crate::ApiError;
use crate::i18n::Text;

/// Product state (`state`).
pub mod state {
    /// Unpublished: a draft distributors never see.
    pub const UNPUBLISHED: i32 = 0;
    /// Published and shelved: bookable.
    pub const ON_SALE: i32 = 1;
    /// Published but taken off the shelf.
    pub const OFF_SHELF: i32 = 2;
    pub const DISABLED: i32 = 3;
    /// Kept for orders and reports; lists leave it out unless asked for.
    pub const DELETED: i32 = -1;
    pub const ALL: [i32; 5] = [UNPUBLISHED, ON_SALE, OFF_SHELF, DISABLED, DELETED];
}

use state::*;

/// The name of a product state, for messages.
pub fn state_name(s: i32) -> Text {
    let (zh, en) = match s {
        UNPUBLISHED => ("未发布", "unpublished"),
        ON_SALE => ("在售", "on sale"),
        OFF_SHELF => ("已下架", "off the shelf"),
        DISABLED => ("已停用", "disabled"),
        DELETED => ("已删除", "deleted"),
        _ => ("未知", "unknown"),
    };
    Text::new(format!("{zh}({s})"), format!("{en} ({s})"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Publish,
    Unpublish,
    Shelve,
    Unshelve,
    Disable,
    Enable,
    Delete,
    Restore,
}

impl Action {
    pub const ALL: [Action; 8] = [
        Action::Publish,
        Action::Unpublish,
        Action::Shelve,
        Action::Unshelve,
        Action::Disable,
        Action::Enable,
        Action::Delete,
        Action::Restore,
    ];

    /// The name the API takes (`changeState`'s `action`).
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Publish => "publish",
            Action::Unpublish => "unpublish",
            Action::Shelve => "shelve",
            Action::Unshelve => "unshelve",
            Action::Disable => "disable",
            Action::Enable => "enable",
            Action::Delete => "delete",
            Action::Restore => "restore",
        }
    }

    pub fn parse(s: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.as_str() == s.trim())
    }

    fn text(self) -> Text {
        let (zh, en) = match self {
            Action::Publish => ("发布", "published"),
            Action::Unpublish => ("取消发布", "unpublished"),
            Action::Shelve => ("上架", "shelved"),
            Action::Unshelve => ("下架", "unshelved"),
            Action::Disable => ("停用", "disabled"),
            Action::Enable => ("启用", "enabled"),
            Action::Delete => ("删除", "deleted"),
            Action::Restore => ("恢复", "restored"),
        };
        Text::fixed(zh, en)
    }
}

/// The table: action, the states it may start from, where it leads.
const TABLE: &[(Action, &[i32], i32)] = &[
    (Action::Publish, &[UNPUBLISHED], ON_SALE),
    (Action::Unpublish, &[ON_SALE, OFF_SHELF], UNPUBLISHED),
    (Action::Shelve, &[OFF_SHELF], ON_SALE),
    (Action::Unshelve, &[ON_SALE], OFF_SHELF),
    (
        Action::Disable,
        &[UNPUBLISHED, ON_SALE, OFF_SHELF],
        DISABLED,
    ),
    (Action::Enable, &[DISABLED], OFF_SHELF),
    // An on-sale product may hold distributors' attention: it must be unshelved first.
    (Action::Delete, &[UNPUBLISHED, OFF_SHELF, DISABLED], DELETED),
    (Action::Restore, &[DELETED], UNPUBLISHED),
];

/// The state `action` leads a product in state `from` to, or the 412 naming both.
pub fn next_state(from: i32, action: Action) -> Result<i32, ApiError> {
    TABLE
        .iter()
        .find(|(a, starts, _)| *a == action && starts.contains(&from))
        .map(|(_, _, to)| *to)
        .ok_or_else(|| forbidden(from, action))
}

fn forbidden(from: i32, action: Action) -> ApiError {
    let (s, a) = (state_name(from), action.text());
    let (hint_zh, hint_en) = if action == Action::Delete && from == ON_SALE {
        ("，请先下架", "; unshelve it first")
    } else {
        ("", "")
    };
    ApiError::Rule {
        code: "product-state",
        msg: Text::new(
            format!("产品状态为{}，不能{}{hint_zh}", s.zh, a.zh),
            format!("The product is {}: it cannot be {}{hint_en}", s.en, a.en),
        ),
    }
}

/// Bookable by distributors (`ProductUpdated.on_sale`).
pub fn on_sale(s: i32) -> bool {
    s == ON_SALE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_allows_exactly_these_moves() {
        use Action::*;
        let allowed: &[(i32, Action, i32)] = &[
            (UNPUBLISHED, Publish, ON_SALE),
            (ON_SALE, Unpublish, UNPUBLISHED),
            (OFF_SHELF, Unpublish, UNPUBLISHED),
            (OFF_SHELF, Shelve, ON_SALE),
            (ON_SALE, Unshelve, OFF_SHELF),
            (UNPUBLISHED, Disable, DISABLED),
            (ON_SALE, Disable, DISABLED),
            (OFF_SHELF, Disable, DISABLED),
            (DISABLED, Enable, OFF_SHELF),
            (UNPUBLISHED, Delete, DELETED),
            (OFF_SHELF, Delete, DELETED),
            (DISABLED, Delete, DELETED),
            (DELETED, Restore, UNPUBLISHED),
        ];
        for from in state::ALL {
            for action in Action::ALL {
                let want = allowed
                    .iter()
                    .find(|(f, a, _)| *f == from && *a == action)
                    .map(|(_, _, to)| *to);
                assert_eq!(
                    next_state(from, action).ok(),
                    want,
                    "{from} {}",
                    action.as_str()
                );
            }
        }
    }

    #[test]
    fn a_forbidden_move_names_the_state_and_the_action() {
        let e = next_state(ON_SALE, Action::Delete).unwrap_err();
        let ApiError::Rule { code, msg } = e else {
            panic!("not a rule")
        };
        assert_eq!(code, "product-state");
        assert!(msg.en.contains("on sale (1)"), "{}", msg.en);
        assert!(msg.en.contains("deleted") && msg.en.contains("unshelve it first"));
        assert!(msg.zh.contains("在售") && msg.zh.contains("删除"));
        let e = next_state(DELETED, Action::Publish).unwrap_err();
        assert!(e.to_string().contains("deleted (-1)") && e.to_string().contains("published"));
    }

    #[test]
    fn actions_parse_by_name() {
        for a in Action::ALL {
            assert_eq!(Action::parse(a.as_str()), Some(a));
        }
        assert_eq!(Action::parse("sell"), None);
        assert!(on_sale(ON_SALE) && !on_sale(OFF_SHELF));
    }
}
