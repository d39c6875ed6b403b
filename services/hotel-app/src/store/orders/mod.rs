//! Hotel orders: placing one (`booking`: stock taken for every night or none), acting on one
//! (`actions`: the state machine of `domain::order_state`), lists and loads (`queries`), the
//! product report (`report`) and the order log (`log`). Every change writes its log entry and
//! its `order.hotel.*` event (`events`) in the caller's transaction, and takes an `OrderCtx`.

mod actions;
mod booking;
mod events;
mod log;
mod queries;
mod report;
mod rows;

pub use actions::{ActionInput, Modification, act, cancel_unpaid, modify};
pub use booking::{NewGuest, NewOrder, place};
pub use log::{OrderLog, log_page, logs_of};
pub use queries::{COUNT_CAP, OrderFilter, find, guests, list, nights};
pub use report::{ProductSummary, product_summary};
pub use rows::{Guest, OrderDetail, OrderNight, OrderSummary};

use platform::ApiError;
use platform::i18n::Text;

use crate::domain::order_state::Role;
use crate::domain::party::Party;

/// Who did it, for the log.
#[derive(Debug, Clone)]
pub struct Actor {
    pub user_id: i64,
    pub username: String,
}

impl Actor {
    pub fn system() -> Self {
        Self {
            user_id: 0,
            username: "system".into(),
        }
    }
}

/// What every change of an order shares: the tenant, who changes it and when.
#[derive(Debug, Clone)]
pub struct OrderCtx {
    pub saas_id: i64,
    /// Which orders the caller may touch, and in which role; None is hotel-app itself (the
    /// unpaid-order job), which acts on every order of the tenant.
    pub party: Option<Party>,
    pub actor: Actor,
    /// ms; the time the change writes into the order and its log entry.
    pub now: i64,
}

impl OrderCtx {
    fn scope(&self) -> Party {
        self.party.unwrap_or(Party::Operator)
    }

    fn role(&self) -> Role {
        self.party.map_or(Role::System, Party::role)
    }
}

fn not_found() -> ApiError {
    ApiError::NotFound {
        what: Text::fixed("订单", "order"),
    }
}
