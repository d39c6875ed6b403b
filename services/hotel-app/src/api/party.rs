//! The caller's `Party` (the tenant's staff, a supplier or a distributor), resolved from the
//! local copy of the caller's merchant.

use platform::ApiError;
use platform::auth::CurrentUser;
use platform::db::DbConnection;
use platform::i18n::Text;

use crate::domain::party::Party;
use platform::tenancy::{MCH_DISTRIBUTOR, MCH_SUPPLIER};

/// The caller's party. A merchant user whose merchant hotel-app has not heard of (its
/// `merchant.updated` not arrived yet) is refused rather than guessed.
pub fn party(conn: &mut DbConnection, me: &CurrentUser) -> Result<Party, ApiError> {
    if !me.is_merchant_user() {
        return Ok(Party::Operator);
    }
    match platform::replica::merchant(conn, me.saas_id, me.mch_id)? {
        Some(m) if m.mch_type == MCH_SUPPLIER => Ok(Party::Supplier(m.mch_id)),
        Some(m) if m.mch_type == MCH_DISTRIBUTOR => Ok(Party::Distributor(m.mch_id)),
        _ => Err(ApiError::Forbidden {
            msg: Text::fixed(
                "您的商户尚未同步到酒店应用，请稍后重试",
                "Your merchant is not known to the hotel application yet; please retry shortly",
            ),
        }),
    }
}

/// Refuses callers who are not the tenant's staff.
pub fn operator_only(p: Party) -> Result<(), ApiError> {
    match p {
        Party::Operator => Ok(()),
        _ => Err(platform::auth::forbidden()),
    }
}
