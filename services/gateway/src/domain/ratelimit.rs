//! Rate limits by target, per route: the first rule whose method and path match decides.
//!
//! A rule is written `[METHOD ]PATH=TARGET:LIMIT/WINDOW_SECS`, rules separated by `;`. PATH is
//! the gateway path, exact or a subtree ending in `/**`. TARGET is what is counted:
//! -1 unlimited, 0 the client IP, 1 the user, 2 the merchant, 5 the tenant (SaaS), and 11, 12,
//! 15 the same per resource (the user, merchant or tenant on that one path). A caller without
//! a session is counted by IP whatever the target.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

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

/// A key's count in its current window: what this replica let through (`local`, of which
/// `unsent` not yet told to the others) and what the other replicas told (`remote`).
#[derive(Debug, Clone, Copy)]
struct Window {
    index: u64,
    window_ms: u64,
    local: u32,
    unsent: u32,
    remote: u32,
}

impl Window {
    fn new(index: u64, window_ms: u64) -> Self {
        Self {
            index,
            window_ms,
            local: 0,
            unsent: 0,
            remote: 0,
        }
    }

    fn ended_before(&self, now_ms: u64) -> bool {
        (self.index + 1) * self.window_ms <= now_ms
    }
}

/// What one replica let through under one key in one window, to tell the others.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    pub key: String,
    pub window: u64,
    pub count: u32,
}

/// Fixed-window counters for every key seen. Windows are aligned on the epoch, so every
/// replica's windows are the same; with `store::counts::share` running each replica also counts what the
/// others let through, told at most [`SHARE_EVERY`] late (so the replicas together can let a
/// caller through a little over a limit, by what they let through in that time).
pub struct Limiter {
    rules: Vec<Rule>,
    state: Mutex<State>,
}

/// Every key's window, and the keys with counts not yet told: the sender walks only those
/// every [`SHARE_EVERY`], so tens of thousands of quiet keys cost it nothing under the lock.
#[derive(Default)]
struct State {
    windows: HashMap<String, Window>,
    unsent: Vec<String>,
}

const SWEEP_ABOVE: usize = 50_000;

fn now_ms() -> u64 {
    u64::try_from(platform::time::now_ms()).unwrap_or(0)
}

impl Limiter {
    pub fn new(rules: Vec<Rule>) -> Self {
        Self {
            rules,
            state: Mutex::default(),
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
        self.check_at(now_ms(), method, path, ip, user)
    }

    fn check_at(
        &self,
        now_ms: u64,
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
        let window_ms = u64::try_from(rule.window.as_millis()).unwrap_or(u64::MAX);
        let current = now_ms / window_ms;
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let State { windows, unsent } = &mut *state;
        if windows.len() > SWEEP_ABOVE {
            windows.retain(|_, w| !w.ended_before(now_ms) || w.unsent > 0);
        }
        // Two lookups rather than `entry(key)`, which would take the key the unsent list needs.
        if !windows.contains_key(&key) {
            windows.insert(key.clone(), Window::new(current, window_ms));
        }
        let Some(entry) = windows.get_mut(&key) else {
            return Ok(());
        };
        if entry.index != current {
            // What was not sent of the last window no longer matters to anyone.
            *entry = Window::new(current, window_ms);
        }
        if entry.local.saturating_add(entry.remote) >= rule.limit {
            let left_ms = (current + 1) * window_ms - now_ms;
            return Err(left_ms.div_ceil(1000).max(1));
        }
        entry.local += 1;
        entry.unsent += 1;
        if entry.unsent == 1 {
            unsent.push(key);
        }
        Ok(())
    }

    /// What this replica let through since it last said, to tell the others (the counts of
    /// windows still open).
    pub fn take_unsent(&self) -> Vec<Count> {
        self.take_unsent_at(now_ms())
    }

    fn take_unsent_at(&self, now: u64) -> Vec<Count> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let State { windows, unsent } = &mut *state;
        let mut counts = Vec::with_capacity(unsent.len());
        // A key can be listed twice (its window turned over while it had unsent counts); the
        // second time its count is already 0. A key swept away meanwhile is simply gone.
        for key in unsent.drain(..) {
            let Some(w) = windows.get_mut(&key) else {
                continue;
            };
            if w.unsent > 0 && !w.ended_before(now) {
                counts.push(Count {
                    key,
                    window: w.index,
                    count: w.unsent,
                });
            }
            w.unsent = 0;
        }
        counts
    }

    /// Counts another replica let through; answers how many applied (those of windows past, or
    /// of keys whose rule this replica does not have, are dropped).
    pub fn heard(&self, counts: &[Count]) -> u64 {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let windows = &mut state.windows;
        let mut applied = 0;
        for c in counts {
            let Some(window_ms) = self.window_of(&c.key) else {
                continue;
            };
            let entry = windows
                .entry(c.key.clone())
                .or_insert_with(|| Window::new(c.window, window_ms));
            if entry.index < c.window {
                // The other replica is in a window this one has not counted in yet.
                *entry = Window::new(c.window, window_ms);
            }
            if entry.index == c.window {
                entry.remote = entry.remote.saturating_add(c.count);
                applied += u64::from(c.count);
            }
        }
        applied
    }

    /// The window of the rule a key was counted under (its leading `index|`).
    fn window_of(&self, key: &str) -> Option<u64> {
        let (index, _) = key.split_once('|')?;
        let rule = self.rules.get(index.parse::<usize>().ok()?)?;
        u64::try_from(rule.window.as_millis()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ten seconds into a minute: every 60 s window of the tests has 50 s left.
    const T: u64 = 29_000_000 * 60_000 + 10_000;

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
        assert!(
            limiter
                .check_at(T, "POST", "/login", "1.1.1.1", None)
                .is_ok()
        );
        assert!(
            limiter
                .check_at(T, "POST", "/login", "1.1.1.1", None)
                .is_ok()
        );
        let wait = limiter
            .check_at(T, "POST", "/login", "1.1.1.1", None)
            .unwrap_err();
        assert_eq!(wait, 50, "the seconds left in the window");
        assert!(
            limiter
                .check_at(T, "POST", "/login", "2.2.2.2", None)
                .is_ok(),
            "per IP"
        );
        assert!(
            limiter
                .check_at(T, "GET", "/login", "1.1.1.1", None)
                .is_ok(),
            "another method"
        );

        // Per tenant: two users of one tenant share the count, another tenant does not.
        let (a, b, c) = (user(1, 7, 0), user(2, 7, 0), user(3, 8, 0));
        for u in [&a, &b, &a] {
            assert!(
                limiter
                    .check_at(T, "GET", "/api/x/list", "9.9.9.9", Some(u))
                    .is_ok()
            );
        }
        assert!(
            limiter
                .check_at(T, "GET", "/api/x/list", "9.9.9.9", Some(&b))
                .is_err()
        );
        assert!(
            limiter
                .check_at(T, "GET", "/api/x/list", "9.9.9.9", Some(&c))
                .is_ok()
        );
        // Unlimited.
        for _ in 0..10 {
            assert!(
                limiter
                    .check_at(T, "GET", "/api/y", "9.9.9.9", Some(&a))
                    .is_ok()
            );
        }
    }

    #[test]
    fn per_resource_targets_count_each_path_apart() {
        let limiter = Limiter::new(parse_rules("/api/**=11:1/60").unwrap());
        let u = user(1, 7, 0);
        assert!(limiter.check_at(T, "GET", "/api/a", "ip", Some(&u)).is_ok());
        assert!(limiter.check_at(T, "GET", "/api/b", "ip", Some(&u)).is_ok());
        assert!(
            limiter
                .check_at(T, "GET", "/api/a", "ip", Some(&u))
                .is_err()
        );
    }

    #[test]
    fn only_keys_with_new_counts_are_told_each_once() {
        let limiter = Limiter::new(parse_rules("/api/**=1:50/60").unwrap());
        let (u, v) = (user(1, 7, 0), user(2, 7, 0));
        let on =
            |who: &CurrentUser, at: u64| limiter.check_at(at, "GET", "/api/x", "ip", Some(who));
        assert!(on(&u, T).is_ok());
        assert!(on(&v, T).is_ok());
        assert!(on(&u, T).is_ok());
        let mut told = limiter.take_unsent_at(T);
        told.sort_by(|a, b| a.key.cmp(&b.key));
        assert_eq!(told.iter().map(|c| c.count).collect::<Vec<_>>(), [2, 1]);
        // Only u counts again; v, quiet, is not told. u's window then turns over with a count
        // unsent, so u is listed twice: told once, with the new window's count.
        assert!(on(&u, T).is_ok());
        assert!(on(&u, T + 60_000).is_ok());
        let told = limiter.take_unsent_at(T + 60_000);
        assert_eq!(told.len(), 1, "{told:?}");
        assert_eq!((told[0].window, told[0].count), ((T + 60_000) / 60_000, 1));
        assert!(limiter.take_unsent_at(T + 60_000).is_empty());
    }

    #[test]
    fn replicas_that_share_their_counts_hold_one_limit_together() {
        let rules = || parse_rules("/api/**=1:5/60").unwrap();
        let (a, b) = (Limiter::new(rules()), Limiter::new(rules()));
        let u = user(1, 7, 0);
        let on = |l: &Limiter, at: u64| l.check_at(at, "GET", "/api/x", "ip", Some(&u));
        for _ in 0..3 {
            assert!(on(&a, T).is_ok());
        }
        let told = a.take_unsent_at(T);
        assert_eq!(told.len(), 1);
        assert_eq!(told[0].count, 3);
        assert_eq!(b.heard(&told), 3);
        assert!(a.take_unsent_at(T).is_empty(), "each count told once");
        assert!(on(&b, T + 1).is_ok());
        assert!(on(&b, T + 1).is_ok());
        assert!(on(&b, T + 2).is_err(), "3 let through by a, 2 by b");
        assert_eq!(a.heard(&b.take_unsent_at(T + 2)), 2);
        assert!(on(&a, T + 3).is_err(), "a knows of b's 2");

        // The next window starts again on both, and counts of the past one change nothing.
        let next = T + 60_000;
        assert!(on(&b, next).is_ok());
        let late = Count {
            key: told[0].key.clone(),
            window: told[0].window,
            count: 100,
        };
        assert_eq!(b.heard(std::slice::from_ref(&late)), 0);
        assert!(on(&b, next).is_ok());
        // A count of a window this replica has not reached yet (its clock a little behind).
        let ahead = Count {
            window: told[0].window + 2,
            ..late
        };
        assert_eq!(a.heard(&[ahead]), 100);
        assert!(on(&a, T + 120_000).is_err());
        // Keys of rules this replica does not have are ignored.
        let unknown = Count {
            key: "9|user:1".to_owned(),
            window: 0,
            count: 1,
        };
        assert_eq!(a.heard(&[unknown]), 0);
    }
}
