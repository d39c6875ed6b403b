//! Selling tickets through a channel (docs/channels.md), the rules without I/O: which
//! configuration ticket-app can work with, what a mapping may name, and the day a channel is
//! told of a product's calendar.

use platform::ApiError;
use std::collections::BTreeMap;

use platform::channel::{Channel, ChannelClient, Credentials, Day};
use platform::i18n::Text;
use platform::outbound::Outbound;
use platform::replica::{CONFIG_ENABLED, InterfaceConfigCopy};
use platform::sealing::Sealer;
use platform::trade::calendar::Offer;

/// The catalogue kinds a channel lists.
pub const SCENIC: i32 = 1;
pub const PRODUCT: i32 = 2;

/// The interface type of a channel (1 is a vendor).
pub const CHANNEL_TYPE: i32 = 2;

/// The longest channel id a mapping keeps.
pub const MAX_CHANNEL_ID: usize = 64;

/// The channel a configuration connects, if ticket-app speaks it; otherwise a 412 on
/// `configId`.
pub fn channel_of(config: &InterfaceConfigCopy) -> Result<Channel, ApiError> {
    if config.interface_type != CHANNEL_TYPE {
        return Err(ApiError::invalid(
            "configId",
            Text::fixed("该配置不是渠道接口", "this configuration is not a channel"),
        ));
    }
    Channel::from_name(&config.interface_name).ok_or_else(|| {
        ApiError::invalid(
            "configId",
            Text::fixed(
                "暂不支持该渠道的门票接口",
                "ticket-app does not speak this channel",
            ),
        )
    })
}

/// A configuration calls its channel only while enabled; otherwise a 412 on `configId`.
pub fn check_enabled(config: &InterfaceConfigCopy) -> Result<(), ApiError> {
    if config.state == CONFIG_ENABLED {
        Ok(())
    } else {
        Err(ApiError::invalid(
            "configId",
            Text::fixed(
                "该渠道配置已停用，请先启用",
                "this channel configuration is disabled; enable it first",
            ),
        ))
    }
}

/// A channel product id as a mapping form sends it: trimmed, 1 to 64 printable characters.
pub fn check_channel_product_id(id: &str) -> Result<String, ApiError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(ApiError::invalid(
            "channelProductId",
            Text::fixed("请选择渠道产品", "choose the channel's product"),
        ));
    }
    if id.chars().count() > MAX_CHANNEL_ID || id.chars().any(char::is_control) {
        return Err(ApiError::invalid(
            "channelProductId",
            Text::fixed(
                "渠道产品编号最多 64 个可见字符",
                "a channel product id is at most 64 printable characters",
            ),
        ));
    }
    Ok(id.to_owned())
}

/// The day a channel is told of: what the configuration's distributor books it at and can
/// still book (its own price and authorised stock where it has them, the common ones
/// otherwise), with the retail price beside it.
pub fn day_of(offer: &Offer) -> Day {
    Day {
        date: offer.day.clone(),
        price: offer.price,
        retail_price: offer.retail_price,
        stock: offer.left.map(|n| n.max(0)),
        closed: offer.closed,
    }
}

/// The channel of a configuration and its account's credentials, opened in memory.
pub fn credentials_of(
    config: &InterfaceConfigCopy,
    sealed: &str,
    transport: &Sealer,
) -> Result<(Channel, Credentials), ApiError> {
    let channel = channel_of(config)?;
    let opened = transport.open(sealed)?;
    let fields: BTreeMap<String, String> = if opened.is_empty() {
        BTreeMap::new()
    } else {
        serde_json::from_str(&opened).map_err(anyhow::Error::from)?
    };
    let credentials = Credentials::of(channel, &fields).map_err(|field| {
        ApiError::invalid(
            "configId",
            Text::new(
                format!("渠道配置缺少凭据 {field}，请在接口配置中补充"),
                format!(
                    "the configuration lacks {field}; complete it in the interface configuration"
                ),
            ),
        )
    })?;
    Ok((channel, credentials))
}

/// The client of a configuration's channel account, its credentials opened in memory.
pub fn client_of(
    config: &InterfaceConfigCopy,
    sealed: &str,
    transport: &Sealer,
    outbound: &Outbound,
) -> Result<ChannelClient, ApiError> {
    let (channel, credentials) = credentials_of(config, sealed, transport)?;
    ChannelClient::new(outbound.clone(), channel, &config.base_url, credentials).map_err(|e| {
        ApiError::invalid(
            "configId",
            Text::new(
                format!("渠道地址无效：{e}"),
                format!("the channel's address: {e}"),
            ),
        )
    })
}

/// The interface log's actions: calls to the channel (push, scenics, products, order-notify)
/// and the channel's calls to us (order, order-cancel).
pub const LOG_ACTIONS: [&str; 6] = [
    "push",
    "scenics",
    "products",
    "order",
    "order-cancel",
    "order-notify",
];

#[cfg(test)]
mod tests {
    use super::*;
    use platform::trade::calendar::Source;

    fn config(name: &str, interface_type: i32, state: i32) -> InterfaceConfigCopy {
        InterfaceConfigCopy {
            config_id: 1,
            saas_id: 1001,
            interface_id: 2001,
            interface_name: name.into(),
            mch_id: 2002,
            config_name: "c".into(),
            product_type: 20,
            interface_type,
            base_url: "http://127.0.0.1:8096/meituan".into(),
            state,
        }
    }

    fn field(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("not a 412: {other:?}"),
        }
    }

    #[test]
    fn only_enabled_channels_ticket_app_speaks_are_used() {
        assert_eq!(
            channel_of(&config("tongcheng", 2, 1)).unwrap(),
            Channel::Tongcheng
        );
        assert_eq!(
            field(channel_of(&config("meituan", 1, 1)).unwrap_err()),
            "configId"
        );
        assert_eq!(
            field(channel_of(&config("qunar", 2, 1)).unwrap_err()),
            "configId"
        );
        assert!(check_enabled(&config("meituan", 2, 1)).is_ok());
        assert_eq!(
            field(check_enabled(&config("meituan", 2, 0)).unwrap_err()),
            "configId"
        );
    }

    #[test]
    fn channel_product_ids_are_trimmed_and_bounded() {
        assert_eq!(check_channel_product_id("  MT-1 ").unwrap(), "MT-1");
        assert_eq!(
            field(check_channel_product_id(" ").unwrap_err()),
            "channelProductId"
        );
        let long = "x".repeat(MAX_CHANNEL_ID + 1);
        assert_eq!(
            field(check_channel_product_id(&long).unwrap_err()),
            "channelProductId"
        );
        assert_eq!(
            field(check_channel_product_id("a\nb").unwrap_err()),
            "channelProductId"
        );
        assert!(check_channel_product_id(&"y".repeat(MAX_CHANNEL_ID)).is_ok());
    }

    #[test]
    fn a_day_is_what_the_distributor_books() {
        let offer = Offer {
            day: "2026-12-01".into(),
            price: 9000,
            purchase_price: 7000,
            retail_price: 12000,
            closed: false,
            source: Source::Authorized,
            left: Some(5),
            own_price: true,
        };
        assert_eq!(
            day_of(&offer),
            Day {
                date: "2026-12-01".into(),
                price: 9000,
                retail_price: 12000,
                stock: Some(5),
                closed: false
            }
        );
        let oversold = Offer {
            left: Some(-2),
            closed: true,
            ..offer.clone()
        };
        assert_eq!(day_of(&oversold).stock, Some(0));
        assert!(day_of(&oversold).closed);
        let unlimited = Offer {
            left: None,
            source: Source::Unlimited,
            ..offer
        };
        assert_eq!(day_of(&unlimited).stock, None);
    }
}
