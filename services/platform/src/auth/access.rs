//! Who may call what: the one rule, shared by the gateway and every service, that says which
//! paths are public, which need a session, and which need a permission code.

/// What a path asks of its caller (the path as the service sees it, without `/api/<service>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// No token: actuator, OpenAPI, enumerations, JWKS and auth-center's own token calls.
    Public,
    /// A valid session: the logged-in user's own calls (`/client/...`), the websocket.
    Session,
    /// A valid session holding the permission code of the matched route (`/saas/...`).
    Permission,
    /// Platform administrators only (mscType 100): operational endpoints (`/internal/...`).
    Platform,
}

/// The platform administrator's mscType: holds every code.
pub const MSC_PLATFORM_ADMIN: i32 = 100;
/// A tenant's operator administrator: holds every code of the tenant scope.
pub const MSC_OPERATOR_ADMIN: i32 = 200;
/// Codes under this prefix are the platform's (tenants, services catalogue): only mscType 100.
pub const PLATFORM_SCOPE: &str = "/saas/platform/";

const PUBLIC_PREFIXES: &[&str] = &["/actuator/", "/openapi/", "/.well-known/"];
const PUBLIC_PATHS: &[&str] = &[
    "/actuator",
    "/openapi.json",
    "/api/auth/login",
    "/api/auth/token",
    "/api/auth/check",
    // The gateway's check of an API user's signed request (auth-center checks the signature).
    "/api/auth/verifySigned",
];

pub fn classify(path: &str) -> Access {
    if PUBLIC_PATHS.contains(&path) || PUBLIC_PREFIXES.iter().any(|p| path.starts_with(p)) {
        Access::Public
    } else if path.starts_with("/saas/") {
        Access::Permission
    } else if path.starts_with("/internal/") {
        Access::Platform
    } else {
        Access::Session
    }
}

/// The permission code of a route: its pattern and method, `/saas/order/hotelOrders/list:GET`.
pub fn permission_code(pattern: &str, method: &str) -> String {
    format!("{pattern}:{}", method.to_ascii_uppercase())
}

/// Platform codes whose paths the spec puts outside the platform scope: topping up a tenant's
/// balance is the platform's business, though its path is the boss application's.
const PLATFORM_CODES: &[&str] = &["/saas/boss/charge/recharge:POST"];

/// Whether a code is of the platform scope (held by platform administrators only).
pub fn is_platform_code(code: &str) -> bool {
    code.starts_with(PLATFORM_SCOPE) || PLATFORM_CODES.contains(&code)
}

/// Whether a user of `msc_type` holds `code` without any group granting it.
pub fn held_by_role(msc_type: i32, code: &str) -> bool {
    match msc_type {
        MSC_PLATFORM_ADMIN => true,
        MSC_OPERATOR_ADMIN => !is_platform_code(code),
        _ => false,
    }
}

/// Whether a user of `msc_type` whose groups grant `grants` holds `code`. Platform codes are
/// never granted by a group.
pub fn holds(msc_type: i32, grants: &[String], code: &str) -> bool {
    if held_by_role(msc_type, code) {
        return true;
    }
    !is_platform_code(code) && grants.iter().any(|g| grant_matches(g, code))
}

/// Whether a group entry grants `code`: the code itself, or a subtree such as `/saas/order/**`
/// (which grants every code under `/saas/order/`).
pub fn grant_matches(grant: &str, code: &str) -> bool {
    match grant.strip_suffix("**") {
        Some(prefix) => code.starts_with(prefix),
        None => grant == code,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_classified() {
        assert_eq!(classify("/actuator/health"), Access::Public);
        assert_eq!(classify("/openapi.json"), Access::Public);
        assert_eq!(classify("/openapi/enum/hotelStars"), Access::Public);
        assert_eq!(classify("/.well-known/jwks.json"), Access::Public);
        assert_eq!(classify("/api/auth/login"), Access::Public);
        assert_eq!(classify("/api/auth/tokens/x"), Access::Session);
        assert_eq!(classify("/api/auth/logout"), Access::Session);
        assert_eq!(classify("/client/user"), Access::Session);
        assert_eq!(classify("/websocket"), Access::Session);
        assert_eq!(classify("/saas/account/user/list"), Access::Permission);
        assert_eq!(classify("/internal/dead-letters"), Access::Platform);
        // A prefix must be a whole prefix, not a look-alike.
        assert_eq!(classify("/openapi.json.bak"), Access::Session);
    }

    #[test]
    fn codes_and_roles() {
        assert_eq!(
            permission_code("/saas/order/hotelOrders/list", "get"),
            "/saas/order/hotelOrders/list:GET"
        );
        assert!(held_by_role(100, "/saas/platform/saasInfo/list:GET"));
        assert!(!held_by_role(200, "/saas/platform/saasInfo/list:GET"));
        // The top-up is the platform's though its path is not under /saas/platform/.
        assert!(held_by_role(100, "/saas/boss/charge/recharge:POST"));
        assert!(!held_by_role(200, "/saas/boss/charge/recharge:POST"));
        assert!(!holds(
            300,
            &["/saas/**".to_owned()],
            "/saas/boss/charge/recharge:POST"
        ));
        assert!(holds(
            300,
            &["/saas/**".to_owned()],
            "/saas/boss/service/consumeService:POST"
        ));
        assert!(held_by_role(200, "/saas/account/user/list:GET"));
        assert!(!held_by_role(300, "/saas/account/user/list:GET"));
    }

    #[test]
    fn grants_match_codes_and_subtrees() {
        assert!(grant_matches(
            "/saas/order/**",
            "/saas/order/hotelOrders/list:GET"
        ));
        assert!(!grant_matches("/saas/order/**", "/saas/orders/x/y:GET"));
        assert!(grant_matches("/saas/a/b/c:GET", "/saas/a/b/c:GET"));
        assert!(!grant_matches("/saas/a/b/c:GET", "/saas/a/b/c:POST"));
    }
}
