//! Each endpoint declared once: `platform::endpoints!(list, load, save)` at the end of a
//! resource module makes both its route registration (`config`) and its OpenAPI paths (`Doc`)
//! from the same list, so a handler cannot be served without being documented (and its
//! permission code, read from the document, declared).

/// `endpoints!(handler, ...)` in a module whose handlers carry `#[get(..)]`/`#[post(..)]`… and
/// `#[utoipa::path(..)]`: defines `pub struct Doc` (their OpenAPI paths) and
/// `pub fn config(cfg)` (their routes). The crate must depend on `utoipa` and `actix-web`.
#[macro_export]
macro_rules! endpoints {
    ($($handler:ident),+ $(,)?) => {
        /// This module's OpenAPI paths: the handlers [`config`] serves.
        #[derive(utoipa::OpenApi)]
        #[openapi(paths($($handler),+))]
        pub struct Doc;

        /// Serves this module's handlers: the ones [`Doc`] documents.
        pub fn config(cfg: &mut actix_web::web::ServiceConfig) {
            $(cfg.service($handler);)+
        }

        /// This module for the service's list of modules (`platform::http::endpoints::Module`).
        pub const MODULE: $crate::http::endpoints::Module = $crate::http::endpoints::Module {
            config,
            doc: <Doc as utoipa::OpenApi>::openapi,
        };
    };
}

/// A resource module of a service's `api/`: its routes and their OpenAPI paths, made together
/// by [`endpoints!`].
#[derive(Clone, Copy)]
pub struct Module {
    pub config: fn(&mut actix_web::web::ServiceConfig),
    pub doc: fn() -> utoipa::openapi::OpenApi,
}

/// Serves every module of the list.
pub fn serve(modules: &[Module], cfg: &mut actix_web::web::ServiceConfig) {
    for m in modules {
        (m.config)(cfg);
    }
}

/// The service's OpenAPI document: `base` (its tags) with every module's paths.
pub fn document(base: utoipa::openapi::OpenApi, modules: &[Module]) -> utoipa::openapi::OpenApi {
    let mut doc = base;
    for m in modules {
        doc.merge((m.doc)());
    }
    doc
}
