//! What the caller ([`crate::Viewer`]) is on a hotel or ticket order or product: the role it
//! acts in on the order state machine, and what it may read of the supplier's side of the money.
//! Each app's store takes the viewer itself to confine its queries.

use crate::Viewer;
use crate::tenancy::MerchantKind;

use super::order_state::Role;

/// The role a caller acts in: the tenant's staff as the operator, a merchant's user as its
/// merchant is to the tenant.
pub fn role(viewer: &Viewer) -> Role {
    match viewer.merchant.map(|m| m.kind) {
        None => Role::Operator,
        Some(MerchantKind::Supplier) => Role::Supplier,
        Some(MerchantKind::Distributor) => Role::Distributor,
    }
}

/// A cost (what the supplier is paid, a profit) as `viewer` may read it: None for a
/// distributor, whose price is the supplier's and the tenant's business, not what they keep
/// of it. Every view that carries a cost asks here.
pub fn cost<T>(viewer: &Viewer, cost: T) -> Option<T> {
    match role(viewer) {
        Role::Distributor => None,
        Role::Operator | Role::Supplier | Role::System => Some(cost),
    }
}

/// The role's name as order logs and vouchers record who acted.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Operator => "operator",
        Role::Supplier => "supplier",
        Role::Distributor => "distributor",
        Role::System => "system",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_distributor_is_kept_from_the_costs() {
        assert_eq!(cost(&Viewer::tenant(1), 170_000), Some(170_000));
        let supplier = Viewer::merchant(1, 7, MerchantKind::Supplier);
        assert_eq!(cost(&supplier, 170_000), Some(170_000));
        let distributor = Viewer::merchant(1, 9, MerchantKind::Distributor);
        assert_eq!(cost(&distributor, 170_000), None);
    }

    #[test]
    fn each_caller_acts_in_its_merchants_role() {
        assert_eq!(role(&Viewer::tenant(1)), Role::Operator);
        assert_eq!(
            role(&Viewer::merchant(1, 7, MerchantKind::Supplier)),
            Role::Supplier
        );
        assert_eq!(
            role(&Viewer::merchant(1, 9, MerchantKind::Distributor)),
            Role::Distributor
        );
    }
}
