//! mall-app's persistence: the diesel schema, rows and queries. Every function that reads or
//! writes tenant data takes the caller's [`platform::Viewer`].

pub mod linked;
pub mod orders;
pub mod products;
pub mod schema;
pub mod sessions;
pub mod themes;
