//! weixin-server's persistence: configurations (secrets sealed), the shared access tokens,
//! bind scenes and bindings, followers, and the nonces of signed callbacks. Every function that
//! reads or writes a tenant's data takes `&Viewer` and filters by its tenant; the portal, which
//! WeChat calls without a user, finds its configuration by id and acts in that configuration's
//! tenant.

pub mod bindings;
pub mod configs;
pub mod followers;
pub mod messages;
pub mod nonces;
pub mod schema;
pub mod tokens;
