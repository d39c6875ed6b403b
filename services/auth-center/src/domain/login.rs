//! The rules of logging in: the form, whether an account may log in, the lockout after wrong
//! passwords and the refusals a login can meet.

use platform::ApiError;
use platform::i18n::Text;

use super::accounts::{USER_DISABLED, USER_LOCKED};
use super::ip_filter::ip_allowed;
use super::password;

/// The login form: answers the username without the blanks around it.
pub fn check_credentials(username: &str, password: &str) -> Result<String, ApiError> {
    let username = username.trim();
    if username.is_empty() {
        return Err(ApiError::invalid_field(
            "username",
            "请输入用户名",
            "Please enter the username",
        ));
    }
    password::check_password_length("password", password)?;
    Ok(username.to_owned())
}

/// What a login is decided on: the account as stored.
#[derive(Debug, Clone, Copy)]
pub struct Account<'a> {
    pub user_state: i32,
    pub locked_until: Option<i64>,
    pub ip_filter_type: i32,
    pub ip_filter_value: &'a str,
    pub password_hash: &'a str,
}

/// Why the login is refused, if it is; the password is checked last, so a locked account does
/// not learn whether a guess was right.
pub fn decide(account: Account<'_>, password: &str, ip: &str, now: i64) -> Option<LoginRefusal> {
    if let Some(until) = account.locked_until.filter(|u| *u > now) {
        return Some(LoginRefusal::Locked {
            minutes: ((until - now) + 59_999) / 60_000,
        });
    }
    match account.user_state {
        USER_LOCKED => return Some(LoginRefusal::LockedByAdmin),
        USER_DISABLED => return Some(LoginRefusal::Disabled),
        _ => {}
    }
    if !ip_allowed(account.ip_filter_type, account.ip_filter_value, ip) {
        return Some(LoginRefusal::IpRefused);
    }
    if !password::verify(password, account.password_hash) {
        return Some(LoginRefusal::WrongCredentials);
    }
    None
}

/// The lockout after wrong passwords, as configured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lockout {
    /// Wrong passwords within `window` that lock the account.
    pub max_failures: i32,
    pub window_ms: i64,
    pub duration_ms: i64,
}

/// Wrong passwords counted in the current window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Failures {
    pub count: i32,
    pub since: Option<i64>,
}

/// After one more wrong password at `now`: the new count, and the lock's end if it locks.
pub fn after_failure(prev: Failures, now: i64, rule: Lockout) -> (Failures, Option<i64>) {
    let in_window = prev.since.is_some_and(|since| now - since < rule.window_ms);
    let next = if in_window {
        Failures {
            count: prev.count + 1,
            since: prev.since,
        }
    } else {
        Failures {
            count: 1,
            since: Some(now),
        }
    };
    if next.count >= rule.max_failures {
        (
            Failures {
                count: 0,
                since: None,
            },
            Some(now + rule.duration_ms),
        )
    } else {
        (next, None)
    }
}

/// Whether an IP with `failures` wrong logins counted since `window_start` may not try again at
/// `now`: the limit reached within a window still open. A window that has ended counts nothing.
pub fn ip_blocked(failures: i32, window_start: i64, now: i64, window_ms: i64, max: u32) -> bool {
    now - window_start < window_ms && i64::from(failures) >= i64::from(max)
}

/// The failures a login can meet, each with its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoginRefusal {
    WrongCredentials,
    Locked { minutes: i64 },
    LockedByAdmin,
    Disabled,
    IpRefused,
    TooManyFromIp,
}

impl LoginRefusal {
    pub fn code(self) -> &'static str {
        match self {
            Self::WrongCredentials => "login-failed",
            Self::Locked { .. } | Self::LockedByAdmin => "account-locked",
            Self::Disabled => "account-disabled",
            Self::IpRefused => "ip-refused",
            Self::TooManyFromIp => "too-many-attempts",
        }
    }

    pub fn text(self) -> Text {
        match self {
            Self::WrongCredentials => Text::fixed("用户名或密码错误", "Wrong username or password"),
            Self::Locked { minutes } => Text::new(
                format!("密码错误次数过多，账号已锁定，请 {minutes} 分钟后再试"),
                format!(
                    "Too many wrong passwords: the account is locked, try again in {minutes} minutes"
                ),
            ),
            Self::LockedByAdmin => Text::fixed(
                "账号已被锁定，请联系管理员",
                "The account is locked, please contact the administrator",
            ),
            Self::Disabled => Text::fixed("账号已停用", "The account is disabled"),
            Self::IpRefused => Text::fixed(
                "当前 IP 不允许登录该账号",
                "Logging in to this account from this IP is not allowed",
            ),
            Self::TooManyFromIp => Text::fixed(
                "登录失败次数过多，请稍后再试",
                "Too many failed logins, please try again later",
            ),
        }
    }
}

impl From<LoginRefusal> for ApiError {
    fn from(r: LoginRefusal) -> Self {
        match r {
            LoginRefusal::TooManyFromIp => ApiError::TooManyRequests {
                retry_after_secs: 60,
            },
            other => ApiError::Rule {
                code: other.code(),
                msg: other.text(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: Lockout = Lockout {
        max_failures: 5,
        window_ms: 600_000,
        duration_ms: 600_000,
    };

    #[test]
    fn a_lock_is_told_before_the_password_is_checked() {
        let phc = password::hash("right1").unwrap();
        let account = Account {
            user_state: 0,
            locked_until: None,
            ip_filter_type: 0,
            ip_filter_value: "",
            password_hash: &phc,
        };
        assert_eq!(decide(account, "right1", "1.2.3.4", 0), None);
        assert_eq!(
            decide(account, "wrong1", "1.2.3.4", 0),
            Some(LoginRefusal::WrongCredentials)
        );
        let locked = Account {
            locked_until: Some(60_001),
            ..account
        };
        assert_eq!(
            decide(locked, "wrong1", "1.2.3.4", 0),
            Some(LoginRefusal::Locked { minutes: 2 })
        );
        let disabled = Account {
            user_state: USER_DISABLED,
            ..account
        };
        assert_eq!(
            decide(disabled, "right1", "1.2.3.4", 0),
            Some(LoginRefusal::Disabled)
        );
        let whitelisted = Account {
            ip_filter_type: 1,
            ip_filter_value: "10.0.0.0/8",
            ..account
        };
        assert_eq!(
            decide(whitelisted, "right1", "1.2.3.4", 0),
            Some(LoginRefusal::IpRefused)
        );
        assert!(check_credentials("  ", "secret1").is_err());
        assert_eq!(check_credentials(" op ", "secret1").unwrap(), "op");
    }

    #[test]
    fn five_failures_in_the_window_lock_for_the_duration() {
        let mut f = Failures {
            count: 0,
            since: None,
        };
        for i in 0..4 {
            let (next, lock) = after_failure(f, 1_000 + i, RULE);
            assert_eq!(lock, None);
            f = next;
        }
        assert_eq!(f.count, 4);
        let (f, lock) = after_failure(f, 2_000, RULE);
        assert_eq!(lock, Some(602_000));
        assert_eq!(f.count, 0);
    }

    #[test]
    fn failures_outside_the_window_start_again() {
        let f = Failures {
            count: 4,
            since: Some(0),
        };
        let (next, lock) = after_failure(f, 600_000, RULE);
        assert_eq!(lock, None);
        assert_eq!(
            next,
            Failures {
                count: 1,
                since: Some(600_000)
            }
        );
    }

    #[test]
    fn an_ip_is_held_back_from_the_limit_until_its_window_ends() {
        let (start, window) = (1_000_000, 60_000);
        assert!(!ip_blocked(2, start, start + 10, window, 3));
        assert!(ip_blocked(3, start, start + 10, window, 3));
        assert!(ip_blocked(7, start, start + window - 1, window, 3));
        assert!(
            !ip_blocked(7, start, start + window, window, 3),
            "the window ended"
        );
        assert!(
            ip_blocked(0, start, start, window, 0),
            "a limit of 0 refuses every try"
        );
    }
}
