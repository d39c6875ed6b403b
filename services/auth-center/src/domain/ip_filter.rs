//! Which addresses may log in to an account: none, all but a blacklist, or only a whitelist of
//! addresses and CIDR blocks.

use std::net::IpAddr;

use platform::ApiError;
use platform::i18n::Text;

pub const IP_BLACKLIST: i32 = -1;
pub const IP_NONE: i32 = 0;
pub const IP_WHITELIST: i32 = 1;

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
        return Err(ApiError::invalid_field(
            "ipFilterType",
            "只能是 -1、0 或 1",
            "must be -1, 0 or 1",
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
