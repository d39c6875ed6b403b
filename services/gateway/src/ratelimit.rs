//! Rate limits by target, per route: the first rule whose method and path match decides.
//!
//! A rule is written `[METHOD ]PATH=TARGET:LIMIT/WINDOW_SECS`, rules separated by `;`. PATH is
//! the gateway path, exact or a subtree ending in `/**`. TARGET is what is counted:
//! -1 unlimited, 0 the client IP, 1 the user, 2 the merchant, 5 the tenant (SaaS), and 11, 12,
//! 15 the same per resource (the user, merchant or tenant on that one path). A caller without
//! a session is counted by IP whatever the target.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use platform::auth::CurrentUser;

/// What `TRADEWIND_GATEWAY__RATE_LIMITS` is when unset.
pub const DEFAULT_RULES: &str = "POST /api/auth-center/api/auth/login=0:30/60; \
     GET /api/auth-center/api/auth/token=0:120/60; \
     /api/**=1:1200/60";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Unlimited,
    Ip,
    User,
    Merchant,
    Saas,
    UserResource,
    MerchantResource,
    SaasResource,
}

impl Target {
    fn from_code(code: i32) -> Option<Self> {
        Some(match code {
            -1 => Self::Unlimited,
            0 => Self::Ip,
            1 => Self::User,
            2 => Self::Merchant,
            5 => Self::Saas,
            11 => Self::UserResource,
            12 => Self::MerchantResource,
            15 => Self::SaasResource,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    method: Option<String>,
    path: String,
    target: Target,
    limit: u32,
    window: Duration,
}

impl Rule {
    fn matches(&self, method: &str, path: &str) -> bool {
        let method_ok = self
            .method
            .as_deref()
            .is_none_or(|m| m.eq_ignore_ascii_case(method));
        let path_ok = match self.path.strip_suffix("**") {
            Some(prefix) => path.starts_with(prefix),
            None => path == self.path,
        };
        method_ok && path_ok
    }
}

pub fn parse_rules(spec: &str) -> Result<Vec<Rule>, String> {
    spec.split(';')
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(|raw| {
            let bad = |why: &str| format!("rate limit rule {raw:?}: {why}");
            let (route, limit) = raw
                .split_once('=')
                .ok_or_else(|| bad("expected ROUTE=TARGET:LIMIT/SECS"))?;
            let mut words = route.split_whitespace();
            let (method, path) = match (words.next(), words.next(), words.next()) {
                (Some(path), None, None) => (None, path),
                (Some(method), Some(path), None) => (Some(method.to_ascii_uppercase()), path),
                _ => return Err(bad("the route is `[METHOD ]PATH`")),
            };
            if !path.starts_with('/') {
                return Err(bad("the path starts with /"));
            }
            let (target, rest) = limit
                .trim()
                .split_once(':')
                .ok_or_else(|| bad("expected TARGET:LIMIT/SECS"))?;
            let target = target
                .trim()
                .parse::<i32>()
                .ok()
                .and_then(Target::from_code)
                .ok_or_else(|| bad("the target is one of -1, 0, 1, 2, 5, 11, 12, 15"))?;
            let (count, secs) = rest
                .split_once('/')
                .ok_or_else(|| bad("expected LIMIT/SECS"))?;
            let limit = count
                .trim()
                .parse::<u32>()
                .map_err(|_| bad("the limit is a number"))?;
            let secs = secs
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|s| *s > 0)
                .ok_or_else(|| bad("the window is a number of seconds above 0"))?;
            Ok(Rule {
                method,
                path: path.to_owned(),
                target,
                limit,
                window: Duration::from_secs(secs),
            })
        })
        .collect()
}

/// The counting key of a request under `rule`, None when it is not limited.
fn key(
    rule_index: usize,
    rule: &Rule,
    path: &str,
    ip: &str,
    user: Option<&CurrentUser>,
) -> Option<String> {
    let per = match (rule.target, user) {
        (Target::Unlimited, _) => return None,
        (Target::Ip, _) | (_, None) => format!("ip:{ip}"),
        (Target::User, Some(u)) => format!("user:{}", u.user_id),
        (Target::Merchant, Some(u)) => format!("mch:{}:{}", u.saas_id, u.mch_id),
        (Target::Saas, Some(u)) => format!("saas:{}", u.saas_id),
        (Target::UserResource, Some(u)) => format!("user:{}:{path}", u.user_id),
        (Target::MerchantResource, Some(u)) => format!("mch:{}:{}:{path}", u.saas_id, u.mch_id),
        (Target::SaasResource, Some(u)) => format!("saas:{}:{path}", u.saas_id),
    };
    Some(format!("{rule_index}|{per}"))
}

/// Fixed-window counters for every key seen, in this replica.
pub struct Limiter {
    rules: Vec<Rule>,
    windows: Mutex<HashMap<String, (Instant, u32)>>,
}

const SWEEP_ABOVE: usize = 50_000;

impl Limiter {
    pub fn new(rules: Vec<Rule>) -> Self {
        Self {
            rules,
            windows: Mutex::default(),
        }
    }

    /// Counts the request; `Err(seconds)` when it is over the limit (the wait for `Retry-After`).
    pub fn check(
        &self,
        method: &str,
        path: &str,
        ip: &str,
        user: Option<&CurrentUser>,
    ) -> Result<(), u64> {
        let Some((index, rule)) = self
            .rules
            .iter()
            .enumerate()
            .find(|(_, r)| r.matches(method, path))
        else {
            return Ok(());
        };
        let Some(key) = key(index, rule, path, ip, user) else {
            return Ok(());
        };
        let mut windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        if windows.len() > SWEEP_ABOVE {
            let longest = self
                .rules
                .iter()
                .map(|r| r.window)
                .max()
                .unwrap_or_default();
            windows.retain(|_, (start, _)| start.elapsed() < longest);
        }
        let now = Instant::now();
        let entry = windows.entry(key).or_insert((now, 0));
        if now.duration_since(entry.0) >= rule.window {
            *entry = (now, 0);
        }
        if entry.1 >= rule.limit {
            let left = rule.window.saturating_sub(now.duration_since(entry.0));
            return Err(left.as_secs().max(1));
        }
        entry.1 += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: i64, saas: i64, mch: i64) -> CurrentUser {
        CurrentUser {
            user_id: id,
            username: String::new(),
            saas_id: saas,
            mch_id: mch,
            msc_type: 300,
            user_grade: 0,
            session_id: String::new(),
            token: String::new(),
            exp: 0,
        }
    }

    #[test]
    fn the_default_rules_parse() {
        let rules = parse_rules(DEFAULT_RULES).unwrap();
        assert_eq!(rules.len(), 3);
        assert_eq!(rules[0].method.as_deref(), Some("POST"));
        assert_eq!(rules[0].target, Target::Ip);
        assert_eq!(rules[2].target, Target::User);
    }

    #[test]
    fn bad_rules_name_themselves() {
        for bad in [
            "/api/**",
            "/api/**=3:1/1",
            "/api/**=1:x/1",
            "/api/**=1:1/0",
            "api=1:1/1",
            "A B C=1:1/1",
        ] {
            let err = parse_rules(bad).unwrap_err();
            assert!(err.contains(bad), "{err}");
        }
    }

    #[test]
    fn the_first_matching_rule_counts_by_its_target() {
        let limiter = Limiter::new(
            parse_rules("POST /login=0:2/60; /api/x/**=5:3/60; /api/**=-1:0/60").unwrap(),
        );
        assert!(limiter.check("POST", "/login", "1.1.1.1", None).is_ok());
        assert!(limiter.check("POST", "/login", "1.1.1.1", None).is_ok());
        let wait = limiter
            .check("POST", "/login", "1.1.1.1", None)
            .unwrap_err();
        assert!((1..=60).contains(&wait));
        assert!(
            limiter.check("POST", "/login", "2.2.2.2", None).is_ok(),
            "per IP"
        );
        assert!(
            limiter.check("GET", "/login", "1.1.1.1", None).is_ok(),
            "another method"
        );

        // Per tenant: two users of one tenant share the count, another tenant does not.
        let (a, b, c) = (user(1, 7, 0), user(2, 7, 0), user(3, 8, 0));
        for u in [&a, &b, &a] {
            assert!(
                limiter
                    .check("GET", "/api/x/list", "9.9.9.9", Some(u))
                    .is_ok()
            );
        }
        assert!(
            limiter
                .check("GET", "/api/x/list", "9.9.9.9", Some(&b))
                .is_err()
        );
        assert!(
            limiter
                .check("GET", "/api/x/list", "9.9.9.9", Some(&c))
                .is_ok()
        );
        // Unlimited.
        for _ in 0..10 {
            assert!(limiter.check("GET", "/api/y", "9.9.9.9", Some(&a)).is_ok());
        }
    }

    #[test]
    fn per_resource_targets_count_each_path_apart() {
        let limiter = Limiter::new(parse_rules("/api/**=11:1/60").unwrap());
        let u = user(1, 7, 0);
        assert!(limiter.check("GET", "/api/a", "ip", Some(&u)).is_ok());
        assert!(limiter.check("GET", "/api/b", "ip", Some(&u)).is_ok());
        assert!(limiter.check("GET", "/api/a", "ip", Some(&u)).is_err());
    }
}
