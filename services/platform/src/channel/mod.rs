//! Sales channels: the one adapter interface every channel of hotel-app and ticket-app goes
//! through (issue 24, docs/channels.md).
//!
//! The online travel agencies' real APIs are proprietary and not reachable from here, so every
//! named channel is written as **one generic channel protocol** ([`client`]: the paths, the
//! envelope, the signature, which is our assumption) **plus its field mapping** ([`mapping`]: the
//! names and formats each channel gives the same facts, also our assumption). A real adapter
//! replaces [`client::ChannelClient`]'s transport and keeps everything else: the generic records
//! ([`Calendar`], [`Day`], [`CatalogueEntry`]), the rules of batching and retrying ([`push`]).
//! The channel simulator (`services/channel-sim`) plays the channel's side with these same
//! functions, so the two cannot drift.

pub mod client;
pub mod mapping;
pub mod push;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use client::{ChannelClient, ChannelError, Exchange, Outcome};
pub use mapping::FieldMap;

/// A named channel: the catalogue's interface name (saas-main's `interface_infos.name`). Only
/// the ticket channels are here yet; hotel's (alitripGlobal, meituanGlobal, qunar, elong,
/// mafengwo ...) follow with their field maps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Meituan,
    Alitrip,
    Tongcheng,
    Api,
}

impl Channel {
    pub const ALL: [Channel; 4] = [
        Channel::Meituan,
        Channel::Alitrip,
        Channel::Tongcheng,
        Channel::Api,
    ];

    /// The channel of an interface name, as the catalogue and the paths spell it.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Channel::Meituan => "meituan",
            Channel::Alitrip => "alitrip",
            Channel::Tongcheng => "tongcheng",
            Channel::Api => "api",
        }
    }

    /// The credential that names the account at the channel and the one that signs
    /// (the catalogue's `credentialFields`; the others a channel asks for, such as meituan's
    /// partnerId or alitrip's sessionKey, are kept but the generic protocol does not send them).
    pub fn credential_names(self) -> (&'static str, &'static str) {
        match self {
            Channel::Meituan | Channel::Alitrip => ("appKey", "appSecret"),
            Channel::Tongcheng => ("userId", "userKey"),
            Channel::Api => ("apiKey", "apiSecret"),
        }
    }

    /// How this channel names and formats the facts of the generic protocol.
    pub fn fields(self) -> &'static FieldMap {
        mapping::of(self)
    }
}

impl std::fmt::Display for Channel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The account a configuration holds at the channel. Its debug output hides the secret, so a
/// logged value shows none.
#[derive(Clone, PartialEq, Eq)]
pub struct Credentials {
    pub account: String,
    pub secret: String,
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Credentials {{ account: {:?}, secret: *** }}",
            self.account
        )
    }
}

impl Credentials {
    /// The channel's account and secret from a configuration's opened credentials; the error
    /// names the credential missing.
    pub fn of(channel: Channel, opened: &BTreeMap<String, String>) -> Result<Self, String> {
        let (account, secret) = channel.credential_names();
        let get = |name: &str| {
            opened
                .get(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
                .ok_or_else(|| format!("credentials.{name}"))
        };
        Ok(Self {
            account: get(account)?,
            secret: get(secret)?,
        })
    }
}

/// One day of a product's calendar as a channel sells it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Day {
    /// YYYY-MM-DD.
    pub date: String,
    /// What the channel sells at, fen (the tenant's distribution price).
    pub price: i64,
    /// The retail (market) price shown beside it, fen.
    pub retail_price: i64,
    /// Tickets (rooms) left; None for no limit.
    pub stock: Option<i64>,
    pub closed: bool,
}

/// A product's days pushed to a channel, under the channel's product id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Calendar {
    pub product: String,
    pub days: Vec<Day>,
}

/// What the channel lists of its own catalogue: a scenic spot (hotel) or a product, under the
/// channel's ids; a product names the spot it belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueEntry {
    pub id: String,
    pub name: String,
    /// A product's spot (hotel); empty for a spot.
    #[serde(default)]
    pub parent: String,
}

/// The generic protocol's answer codes, in `{"code", "message", "data"}` on both sides (our
/// assumption, docs/channels.md).
pub mod code {
    pub const OK: i64 = 0;
    /// A body that cannot be read (the message names the field).
    pub const BAD_REQUEST: i64 = 400;
    /// An unknown account or a bad signature.
    pub const UNAUTHORIZED: i64 = 401;
    /// A product (or order) the receiver does not have.
    pub const NOT_FOUND: i64 = 404;
    /// A replayed nonce.
    pub const REPLAYED: i64 = 409;
    /// An order that cannot be taken as it is: a price other than the one pushed, a day sold
    /// out, closed or not sold, or a cancellation the order's terms refuse (`data.reason`).
    pub const REFUSED: i64 = 422;
    /// The receiver's own fault.
    pub const FAULT: i64 = 500;
}

/// An order a channel places with us: its product, date and price travel in the channel's names
/// ([`mapping::FieldMap::order_in`]); its order id, quantity and contact in the generic names
/// (`orderId`, `quantity`, `contactName`, `contactMobile`), which is our assumption.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChannelOrder {
    /// The channel's order id.
    pub order_id: String,
    /// The channel's product id.
    pub product: String,
    /// YYYY-MM-DD.
    pub date: String,
    pub quantity: i64,
    /// What the channel sells one ticket (room night) at, fen: the price it was last pushed.
    pub price: i64,
    pub contact_name: String,
    pub contact_mobile: String,
}

/// What became of a channel's order on our side, told back to the channel
/// ([`client::ChannelClient::notify_order`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OrderOutcome {
    /// Taken and waiting for the supplier's confirmation.
    Pending,
    Confirmed,
    /// The supplier refused it (the money goes back).
    Refused,
    Cancelled,
    /// The channel asked to cancel and the supplier refused: the order stands.
    CancelRefused,
    /// Tickets of the order were used at the gate (the spec's channel state 61).
    CheckedIn,
}

impl OrderOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            OrderOutcome::Pending => "pending",
            OrderOutcome::Confirmed => "confirmed",
            OrderOutcome::Refused => "refused",
            OrderOutcome::Cancelled => "cancelled",
            OrderOutcome::CancelRefused => "cancel-refused",
            OrderOutcome::CheckedIn => "checked-in",
        }
    }

    pub fn from_name(s: &str) -> Option<Self> {
        [
            OrderOutcome::Pending,
            OrderOutcome::Confirmed,
            OrderOutcome::Refused,
            OrderOutcome::Cancelled,
            OrderOutcome::CancelRefused,
            OrderOutcome::CheckedIn,
        ]
        .into_iter()
        .find(|o| o.as_str() == s)
    }
}

/// A notice to the channel of what became of one of its orders (generic names).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderNotice {
    /// The channel's order id.
    pub order_id: String,
    /// Ours.
    pub partner_order_id: String,
    pub state: OrderOutcome,
    /// The voucher codes the visitor shows at the gate (confirmed ticket orders).
    #[serde(default)]
    pub vouchers: Vec<String>,
    /// Why it was refused or its cancellation refused.
    #[serde(default)]
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channels_are_named_as_the_catalogue_names_them() {
        for c in Channel::ALL {
            assert_eq!(Channel::from_name(c.name()), Some(c));
        }
        assert_eq!(Channel::from_name("qunar"), None);
        assert_eq!(
            serde_json::to_string(&Channel::Tongcheng).unwrap(),
            "\"tongcheng\""
        );
    }

    #[test]
    fn credentials_name_the_missing_one_and_never_print_the_secret() {
        let mut opened = BTreeMap::new();
        opened.insert("userId".to_owned(), "u-1".to_owned());
        assert_eq!(
            Credentials::of(Channel::Tongcheng, &opened).unwrap_err(),
            "credentials.userKey"
        );
        opened.insert("userKey".to_owned(), " s3cret-value ".to_owned());
        let c = Credentials::of(Channel::Tongcheng, &opened).unwrap();
        assert_eq!(c.secret, "s3cret-value");
        assert!(!format!("{c:?}").contains("s3cret"));
        assert_eq!(
            Credentials::of(Channel::Api, &opened).unwrap_err(),
            "credentials.apiKey"
        );
    }
}
