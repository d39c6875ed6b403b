//! The ids of the demo tenant every service's demo data refers to (docs/demo-data.md): one
//! place, so auth-center's logins, saas-main's tenant and merchants and, later, the demo
//! products and orders agree.

/// "Demo Travel".
pub const SAAS_ID: i64 = 1001;
/// "Demo Supplier" (mchType 1).
pub const SUPPLIER_ID: i64 = 2001;
/// "Demo Distributor" (mchType 2).
pub const DISTRIBUTOR_ID: i64 = 2002;
