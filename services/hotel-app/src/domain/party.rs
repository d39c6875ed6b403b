//! Who the caller is on a hotel order or product: the tenant's staff, a supplier or a
//! distributor. Resolving it from the caller's merchant is the API's (`api::party`); the store
//! takes it to confine queries, the order state machine its role.

use super::order_state::Role;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Party {
    /// The tenant's staff (merchant id 0): sees and acts on the whole tenant.
    Operator,
    Supplier(i64),
    Distributor(i64),
}

impl Party {
    pub fn role(self) -> Role {
        match self {
            Party::Operator => Role::Operator,
            Party::Supplier(_) => Role::Supplier,
            Party::Distributor(_) => Role::Distributor,
        }
    }

    /// The supplier the caller is confined to, if any.
    pub fn supplier(self) -> Option<i64> {
        match self {
            Party::Supplier(id) => Some(id),
            _ => None,
        }
    }

    pub fn distributor(self) -> Option<i64> {
        match self {
            Party::Distributor(id) => Some(id),
            _ => None,
        }
    }
}
