//! The ids of the demo tenant every service's demo data refers to (docs/demo-data.md): one
//! place, so auth-center's logins, saas-main's tenant, merchants and notification settings,
//! hotel-app's products and orders and message-server's notifications agree.

/// "Demo Travel".
pub const SAAS_ID: i64 = 1001;
/// "Demo Supplier" (mchType 1).
pub const SUPPLIER_ID: i64 = 2001;
/// "Demo Distributor" (mchType 2).
pub const DISTRIBUTOR_ID: i64 = 2002;
/// The demo distributor's meituan ticket channel configuration (saas-main), at the channel
/// simulator's demo account (`channel-sim` with `CHANNEL_SIM__DEMO`, docs/channels.md).
pub const MEITUAN_TICKET_CONFIG_ID: i64 = 4001;
/// Where the simulator's meituan listens in `make run`, its demo account and secret.
pub const MEITUAN_TICKET_BASE_URL: &str = "http://127.0.0.1:8096/meituan";
pub const MEITUAN_TICKET_ACCOUNT: &str = "demo-meituan";
pub const MEITUAN_TICKET_SECRET: &str = "demo-meituan-secret";

// The demo logins' user ids. auth-center makes the logins with these rather than fresh ids, so
// saas-main can keep the demo users' notification settings, which are keyed by user, without
// asking auth-center. Far below any id `crate::id::next_id` makes (those count milliseconds since
// 2024 in their upper bits), so they never meet one.

/// `admin`, the platform administrator.
pub const ADMIN_USER_ID: i64 = 3000;
/// `demo`, the tenant's administrator.
pub const DEMO_USER_ID: i64 = 3001;
/// `operator`, the tenant's staff in the Operators group.
pub const OPERATOR_USER_ID: i64 = 3002;
/// `supplier`, a user of Demo Supplier.
pub const SUPPLIER_USER_ID: i64 = 3003;
/// `distributor`, a user of Demo Distributor.
pub const DISTRIBUTOR_USER_ID: i64 = 3004;

/// A demo login's notification settings: the web notification types it asked for (the console's
/// settings dialog, `typeNotifys`), nothing by WeChat, SMS or mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotifySetting {
    pub user_id: i64,
    /// The user's merchant; 0 for the tenant's staff, who hear of every order of the tenant.
    pub mch_id: i64,
    /// Comma-joined types, in order, as saas-main keeps them.
    pub web: &'static str,
}

/// What the demo logins asked to be told on the web (docs/demo-data.md): saas-main saves them
/// with the demo tenant, and message-server starts with them in its copy, so the demo hotel's
/// history leaves notifications for these users.
pub const NOTIFY_SETTINGS: &[NotifySetting] = &[
    // The tenant's administrator: new orders and cancellations, as the supplier side reads them.
    NotifySetting {
        user_id: DEMO_USER_ID,
        mch_id: 0,
        web: "0,1",
    },
    // The supplier: what it has to act on (new orders, cancellations, changes asked for).
    NotifySetting {
        user_id: SUPPLIER_USER_ID,
        mch_id: SUPPLIER_ID,
        web: "0,1,2",
    },
    // The distributor: what becomes of its bookings (cancelled or refused, confirmed).
    NotifySetting {
        user_id: DISTRIBUTOR_USER_ID,
        mch_id: DISTRIBUTOR_ID,
        web: "11,13",
    },
];
