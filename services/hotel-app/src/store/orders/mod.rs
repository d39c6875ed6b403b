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

pub use actions::{ActionInput, Modification, act, cancel_unpaid, credit_answered, modify};
pub use booking::{NewGuest, NewOrder, place};
pub use log::{OrderLog, log_page, logs_of};
pub use queries::{COUNT_CAP, OrderFilter, find, guests, list, nights};
pub use report::{ProductSummary, product_summary};
pub use rows::{Guest, OrderDetail, OrderNight, OrderSummary};

use platform::{ApiError, Viewer};

use crate::domain::order_state::Role;
use crate::domain::viewer::role;

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

/// What every change of an order shares: the tenant and the orders it may touch, the role it
/// acts in, who changes it and when.
#[derive(Debug, Clone)]
pub struct OrderCtx {
    pub viewer: Viewer,
    role: Role,
    pub actor: Actor,
    /// ms; the time the change writes into the order and its log entry.
    pub now: i64,
}

impl OrderCtx {
    /// A change by `actor`, who sees what `viewer` sees, in the role the viewer gives it.
    pub fn by(viewer: Viewer, actor: Actor, now: i64) -> Self {
        Self {
            role: role(&viewer),
            viewer,
            actor,
            now,
        }
    }

    /// A change by hotel-app itself (the unpaid-order job): every order of the tenant, in the
    /// system's role, which the state machine keeps apart from the tenant's staff.
    pub fn system(saas_id: i64, now: i64) -> Self {
        Self {
            viewer: Viewer::tenant(saas_id),
            role: Role::System,
            actor: Actor::system(),
            now,
        }
    }
}

/// 404 for an order the caller does not see.
pub fn not_found() -> ApiError {
    ApiError::not_found("订单", "order")
}
