//! Who the caller is on a hotel order or product: the tenant's staff, a supplier or a
//! distributor, and what each may read of the supplier's side of the money (`Party::cost`).
//! Resolving it from the caller's merchant is the API's (`api::party`); the store takes it to
//! confine queries, the order state machine its role.

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

    /// A cost (what the supplier is paid, a profit) as this party may read it: None for a
    /// distributor, whose price is the supplier's and the tenant's business, not what they
    /// keep of it. Every view that carries a cost asks here.
    pub fn cost<T>(self, cost: T) -> Option<T> {
        match self {
            Party::Distributor(_) => None,
            Party::Operator | Party::Supplier(_) => Some(cost),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_distributor_is_kept_from_the_costs() {
        assert_eq!(Party::Operator.cost(170_000), Some(170_000));
        assert_eq!(Party::Supplier(7).cost(170_000), Some(170_000));
        assert_eq!(Party::Distributor(9).cost(170_000), None);
    }
}
