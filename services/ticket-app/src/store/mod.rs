//! ticket-app's persistence: the diesel schema, rows and queries. Every function that reads or
//! writes tenant data takes the caller's [`platform::Viewer`].

pub mod scenics;
pub mod schema;
