//! Interfaces: the catalogue's states and kinds, and the rules of a tenant's configuration of
//! one (its name, the address its adapter calls, its credentials), as plain functions.

use std::collections::BTreeMap;

use platform::ApiError;
use platform::i18n::Text;
use platform::validate;
use serde::Deserialize;
use utoipa::ToSchema;

pub const PRODUCT_HOTEL: i32 = 10;
pub const PRODUCT_TICKET: i32 = 20;

/// Interface type 1: a vendor (a supplier's system we import from).
pub const TYPE_VENDOR: i32 = 1;
/// Interface type 2: a channel (a sales channel we sell through).
pub const TYPE_CHANNEL: i32 = 2;

/// Interface (catalogue) states.
pub const INFO_NORMAL: i32 = 1;
pub const INFO_IN_DEVELOPMENT: i32 = 2;
pub const INFO_STOPPED: i32 = 3;
pub const INFO_DELETED: i32 = -1;

/// Configuration states.
pub const CONFIG_ENABLED: i32 = 1;
pub const CONFIG_DISABLED: i32 = 0;
pub const CONFIG_DELETED: i32 = -1;

/// What an `interface.imported` event took in: a hotel (or scenic spot), a product, or a
/// product's prices.
pub const IMPORT_HOTEL: i32 = 1;
pub const IMPORT_PRODUCT: i32 = 2;
pub const IMPORT_PRICE: i32 = 3;

/// The Alitrip (Fliggy) channels, whose imports the `boss/channel` counts take.
pub const ALITRIP: &[&str] = &["alitrip", "alitripGlobal"];

/// The fixed names of the spec's paid-interface calls: the service class a page offers, and
/// the licence `license/load` and `license/importProduct` are asked about (the tenant's
/// balance, which pays for imports).
pub const SERVICE_TAG: &str = "HOTEL_SUPPLIER_INTERFACE";
pub const BALANCE_LICENCE: &str = "saas/account/balance";

const MAX_SECRET_LEN: usize = 500;
const MAX_URL_LEN: usize = 500;

/// The credentials of a configuration as the form sends them: field name to value. Its debug
/// output names the fields only, so a form logged by mistake shows no value.
#[derive(Clone, Default, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct Credentials(pub BTreeMap<String, String>);

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(self.0.keys().map(|k| format!("{k}=***")))
            .finish()
    }
}

impl Credentials {
    /// The names kept, comma-separated, in order.
    pub fn keys(&self) -> String {
        self.0.keys().cloned().collect::<Vec<_>>().join(",")
    }
}

/// `productType` of a list or a form: 10 hotel or 20 ticket.
pub fn check_product_type(field: &str, t: i32) -> Result<(), ApiError> {
    validate::one_of(field, t, &[PRODUCT_HOTEL, PRODUCT_TICKET])
}

/// `type` of a list or a form: 1 vendor or 2 channel.
pub fn check_type(field: &str, t: i32) -> Result<(), ApiError> {
    validate::one_of(field, t, &[TYPE_VENDOR, TYPE_CHANNEL])
}

/// The merchant type a configuration of an interface of `interface_type` belongs to: a
/// channel's orders come from a distributor, a vendor's products belong to a supplier.
pub fn merchant_type_for(interface_type: i32) -> i32 {
    if interface_type == TYPE_CHANNEL {
        platform::tenancy::MCH_DISTRIBUTOR
    } else {
        platform::tenancy::MCH_SUPPLIER
    }
}

/// An interface can be configured while it is normal or in development.
pub fn check_configurable(info_state: i32) -> Result<(), ApiError> {
    if matches!(info_state, INFO_NORMAL | INFO_IN_DEVELOPMENT) {
        return Ok(());
    }
    Err(ApiError::invalid(
        "interfaceId",
        Text::fixed("该接口已停用", "this interface is stopped"),
    ))
}

/// A configuration can be enabled only while its interface is normal: one in development or
/// stopped cannot carry products or orders yet.
pub fn check_enable(info_state: i32) -> Result<(), ApiError> {
    if info_state == INFO_NORMAL {
        return Ok(());
    }
    Err(ApiError::Rule {
        code: "interface-not-available",
        msg: if info_state == INFO_IN_DEVELOPMENT {
            Text::fixed(
                "该接口尚在开发中，不能启用",
                "This interface is still in development and cannot be enabled",
            )
        } else {
            Text::fixed(
                "该接口已停用，不能启用",
                "This interface is stopped and cannot be enabled",
            )
        },
    })
}

/// The configuration's name: 1 to 50 characters on one line.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    validate::line("configName", name, 1, 50)?;
    Ok(name.to_owned())
}

/// The base URL the adapter calls: http or https, a host, at most 500 characters, no spaces;
/// kept without a trailing slash.
pub fn check_base_url(url: &str) -> Result<String, ApiError> {
    let url = url.trim().trim_end_matches('/');
    validate::line("baseUrl", url, 1, MAX_URL_LEN)?;
    let host = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .map(|rest| rest.split(['/', '?', '#']).next().unwrap_or_default());
    match host {
        Some(h) if !h.is_empty() && !url.contains(char::is_whitespace) => Ok(url.to_owned()),
        _ => Err(ApiError::invalid(
            "baseUrl",
            Text::fixed(
                "须为 http:// 或 https:// 开头的地址",
                "must be an address starting with http:// or https://",
            ),
        )),
    }
}

/// The credentials of a new configuration (`existing` none) or of a changed one: every field
/// the interface asks for (`fields`) and no other, each of 1 to 500 characters on one line. A
/// change may leave a field out (its value is kept from `existing`) but not empty it.
pub fn check_credentials(
    fields: &[&str],
    given: &Credentials,
    existing: Option<&Credentials>,
) -> Result<Credentials, ApiError> {
    for (k, v) in &given.0 {
        if !fields.contains(&k.as_str()) {
            return Err(ApiError::invalid(
                format!("credentials.{k}"),
                Text::new(
                    format!("该接口没有此项，可填：{}", fields.join("、")),
                    format!(
                        "this interface has no such field; it takes {}",
                        fields.join(", ")
                    ),
                ),
            ));
        }
        validate::line(&format!("credentials.{k}"), v.trim(), 1, MAX_SECRET_LEN)?;
    }
    let mut out = BTreeMap::new();
    for f in fields {
        let value = given
            .0
            .get(*f)
            .map(|v| v.trim().to_owned())
            .or_else(|| existing.and_then(|e| e.0.get(*f).cloned()));
        match value {
            Some(v) => {
                out.insert((*f).to_owned(), v);
            }
            None => {
                return Err(ApiError::invalid(
                    format!("credentials.{f}"),
                    Text::fixed("请填写", "is required"),
                ));
            }
        }
    }
    Ok(Credentials(out))
}

/// The credential fields of an interface as the catalogue keeps them (comma-separated).
pub fn fields_of(list: &str) -> Vec<&str> {
    list.split(',')
        .map(str::trim)
        .filter(|f| !f.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn creds(pairs: &[(&str, &str)]) -> Credentials {
        Credentials(
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        )
    }

    fn field_of(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("not a field error: {other:?}"),
        }
    }

    #[test]
    fn debug_output_names_the_fields_only() {
        let c = creds(&[("appKey", "k-123"), ("appSecret", "s3cr3t")]);
        let shown = format!("{c:?}");
        assert!(shown.contains("appSecret=***"), "{shown}");
        assert!(
            !shown.contains("s3cr3t") && !shown.contains("k-123"),
            "{shown}"
        );
        assert_eq!(c.keys(), "appKey,appSecret");
    }

    #[test]
    fn a_new_configuration_needs_every_field_and_no_other() {
        let fields = ["appKey", "appSecret"];
        let all = creds(&[("appKey", " k "), ("appSecret", "s")]);
        let ok = check_credentials(&fields, &all, None).unwrap();
        assert_eq!(ok.0.get("appKey").map(String::as_str), Some("k"));
        let missing = creds(&[("appKey", "k")]);
        assert_eq!(
            field_of(check_credentials(&fields, &missing, None).unwrap_err()),
            "credentials.appSecret"
        );
        let extra = creds(&[("appKey", "k"), ("appSecret", "s"), ("pin", "1")]);
        assert_eq!(
            field_of(check_credentials(&fields, &extra, None).unwrap_err()),
            "credentials.pin"
        );
        let empty = creds(&[("appKey", " "), ("appSecret", "s")]);
        assert_eq!(
            field_of(check_credentials(&fields, &empty, None).unwrap_err()),
            "credentials.appKey"
        );
        let broken = creds(&[("appKey", "a\nb"), ("appSecret", "s")]);
        assert_eq!(
            field_of(check_credentials(&fields, &broken, None).unwrap_err()),
            "credentials.appKey"
        );
    }

    #[test]
    fn a_change_keeps_what_it_leaves_out() {
        let fields = ["appKey", "appSecret"];
        let before = creds(&[("appKey", "k"), ("appSecret", "old")]);
        let after =
            check_credentials(&fields, &creds(&[("appSecret", "new")]), Some(&before)).unwrap();
        assert_eq!(after.0.get("appKey").map(String::as_str), Some("k"));
        assert_eq!(after.0.get("appSecret").map(String::as_str), Some("new"));
    }

    #[test]
    fn base_urls_are_http_addresses() {
        assert_eq!(
            check_base_url(" https://api.example.com/v1/ ").unwrap(),
            "https://api.example.com/v1"
        );
        assert!(check_base_url("http://127.0.0.1:9000").is_ok());
        for bad in ["", "ftp://x", "https://", "example.com", "https://a b.com"] {
            assert_eq!(
                field_of(check_base_url(bad).unwrap_err()),
                "baseUrl",
                "{bad}"
            );
        }
    }

    #[test]
    fn states_decide_what_can_be_configured_and_enabled() {
        assert!(check_configurable(INFO_NORMAL).is_ok());
        assert!(check_configurable(INFO_IN_DEVELOPMENT).is_ok());
        assert!(check_configurable(INFO_STOPPED).is_err());
        assert!(check_enable(INFO_NORMAL).is_ok());
        assert!(check_enable(INFO_IN_DEVELOPMENT).is_err());
        assert!(check_enable(INFO_STOPPED).is_err());
        assert_eq!(
            merchant_type_for(TYPE_CHANNEL),
            platform::tenancy::MCH_DISTRIBUTOR
        );
        assert_eq!(
            merchant_type_for(TYPE_VENDOR),
            platform::tenancy::MCH_SUPPLIER
        );
        assert!(check_type("type", 3).is_err());
        assert!(check_product_type("productType", 30).is_err());
        assert_eq!(fields_of("a, b,,c"), vec!["a", "b", "c"]);
        assert_eq!(field_of(check_name("  ").unwrap_err()), "configName");
    }
}
