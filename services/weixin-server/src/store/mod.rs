//! weixin-server's persistence: configurations (secrets sealed), the shared access tokens,
//! bind scenes and bindings, followers, mini-program users, and the nonces of signed callbacks. Every function that
//! reads or writes a tenant's data takes `&Viewer` and filters by its tenant; the portal, which
//! WeChat calls without a user, and a mini-program's login find their configuration by id and act
//! in that configuration's tenant.

pub mod bindings;
pub mod configs;
pub mod followers;
pub mod ma_users;
pub mod messages;
pub mod nonces;
pub mod schema;
pub mod tokens;
