//! The rules of logging in and of passwords, as plain functions.

use std::net::IpAddr;

use platform::ApiError;
use platform::i18n::Text;

use crate::password::MIN_LENGTH;
use crate::settings::Lockout;

pub const USER_NORMAL: i32 = 0;
pub const USER_LOCKED: i32 = 1;
pub const USER_DISABLED: i32 = 2;

pub const IP_BLACKLIST: i32 = -1;
pub const IP_NONE: i32 = 0;
pub const IP_WHITELIST: i32 = 1;

pub fn check_password_length(field: &str, password: &str) -> Result<(), ApiError> {
    if password.chars().count() < MIN_LENGTH {
        return Err(ApiError::invalid(
            field,
            Text::fixed(
                "密码不能少于6位",
                "Password cannot be less than 6 characters",
            ),
        ));
    }
    Ok(())
}

/// The change-password form: old given, new long enough, repeat equal.
pub fn check_reset(old: &str, new: &str, repeat: &str) -> Result<(), ApiError> {
    if old.is_empty() {
        return Err(ApiError::invalid(
            "oldPassword",
            Text::fixed("请输入原密码", "Please enter the old password"),
        ));
    }
    if new.is_empty() {
        return Err(ApiError::invalid(
            "newPassword",
            Text::fixed("请输入新密码", "Please enter the new password"),
        ));
    }
    check_password_length("newPassword", new)?;
    if repeat.is_empty() {
        return Err(ApiError::invalid(
            "repeatNewPassword",
            Text::fixed("请再次输入密码！", "Please input the password again!"),
        ));
    }
    if repeat != new {
        return Err(ApiError::invalid(
            "repeatNewPassword",
            Text::fixed("两次输入的密码不一致！", "The two passwords are different!"),
        ));
    }
    Ok(())
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

/// Whether `ip` may log in under the user's filter; the value lists addresses or CIDR blocks.
pub fn ip_allowed(filter_type: i32, filter_value: &str, ip: &str) -> bool {
    let listed = || {
        let Ok(ip) = ip.parse::<IpAddr>() else {
            return false;
        };
        filter_value
            .split([',', ';', ' ', '\n'])
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .any(|entry| entry_matches(entry, ip))
    };
    match filter_type {
        IP_BLACKLIST => !listed(),
        IP_WHITELIST => listed(),
        _ => true,
    }
}

fn entry_matches(entry: &str, ip: IpAddr) -> bool {
    let Some((net, bits)) = entry.split_once('/') else {
        return entry.parse::<IpAddr>().is_ok_and(|e| e == ip);
    };
    let (Ok(net), Ok(bits)) = (net.parse::<IpAddr>(), bits.parse::<u32>()) else {
        return false;
    };
    match (net, ip) {
        (IpAddr::V4(n), IpAddr::V4(i)) if bits <= 32 => {
            let mask = u32::MAX.checked_shl(32 - bits).unwrap_or(0);
            u32::from(n) & mask == u32::from(i) & mask
        }
        (IpAddr::V6(n), IpAddr::V6(i)) if bits <= 128 => {
            let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
            u128::from(n) & mask == u128::from(i) & mask
        }
        _ => false,
    }
}

/// Checks an IP filter as an administrator saves it.
pub fn check_ip_filter(filter_type: i32, value: &str) -> Result<(), ApiError> {
    if ![IP_BLACKLIST, IP_NONE, IP_WHITELIST].contains(&filter_type) {
        return Err(ApiError::invalid(
            "ipFilterType",
            Text::fixed("只能是 -1、0 或 1", "must be -1, 0 or 1"),
        ));
    }
    for entry in value
        .split([',', ';', ' ', '\n'])
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        let ok = match entry.split_once('/') {
            None => entry.parse::<IpAddr>().is_ok(),
            Some((net, bits)) => {
                net.parse::<IpAddr>().is_ok() && bits.parse::<u8>().is_ok_and(|b| b <= 128)
            }
        };
        if !ok {
            return Err(ApiError::invalid(
                "ipFilterValue",
                Text::new(
                    format!("{entry} 不是 IP 地址或网段"),
                    format!("{entry} is not an IP address or CIDR block"),
                ),
            ));
        }
    }
    Ok(())
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
    fn ip_filters() {
        assert!(ip_allowed(IP_NONE, "", "1.2.3.4"));
        assert!(!ip_allowed(IP_BLACKLIST, "1.2.3.4, 5.6.7.8", "1.2.3.4"));
        assert!(ip_allowed(IP_BLACKLIST, "1.2.3.4", "1.2.3.5"));
        assert!(ip_allowed(IP_WHITELIST, "10.0.0.0/8", "10.1.2.3"));
        assert!(!ip_allowed(IP_WHITELIST, "10.0.0.0/8", "11.1.2.3"));
        assert!(!ip_allowed(IP_WHITELIST, "", "10.1.2.3"));
        assert!(ip_allowed(IP_WHITELIST, "::1", "::1"));
        assert!(check_ip_filter(1, "10.0.0.0/8,1.2.3.4").is_ok());
        assert!(check_ip_filter(1, "10.0.0.0/8,banana").is_err());
        assert!(check_ip_filter(3, "").is_err());
    }

    #[test]
    fn reset_rules() {
        assert!(check_reset("", "abcdef", "abcdef").is_err());
        assert!(check_reset("old", "abc", "abc").is_err());
        let err = check_reset("old", "abcdef", "abcdeg").unwrap_err();
        assert!(
            err.to_string().contains("The two passwords are different!"),
            "{err}"
        );
        assert!(check_reset("old", "abcdef", "abcdef").is_ok());
    }
}
