//! The simulator's memory: the accounts it knows at each channel (their secrets, catalogues of
//! spots and products), the calendars pushed to them, every push received, the answers it was
//! told to fail with, and the nonces seen. Every worker shares one [`Sim`]; each operation takes
//! the lock once.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};

use platform::channel::{Calendar, CatalogueEntry, Channel, ChannelOrder, Day, OrderNotice};
use serde::Serialize;

use crate::domain;

/// A push as received, in the generic records, for tests and the page.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Push {
    pub at_ms: i64,
    /// The HTTP status answered (a told failure, or 200).
    pub status: u16,
    pub items: Vec<Calendar>,
}

/// An order the channel placed with our side, what our side answered, and what it told since.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlacedOrder {
    pub order: ChannelOrder,
    pub placed_at_ms: i64,
    /// Our side's order id, from its answer (empty when it refused).
    pub partner_order_id: String,
    /// The latest state our side gave: its answer's, then each notice's.
    pub state: String,
    /// Our side's answers to the placement and to each cancellation, in order.
    pub answers: Vec<serde_json::Value>,
    /// The notices received of it, in order.
    pub notices: Vec<OrderNotice>,
}

#[derive(Debug, Default)]
struct Account {
    secret: String,
    scenics: Vec<CatalogueEntry>,
    products: Vec<CatalogueEntry>,
    /// Where the channel posts its orders (our side's channel order address).
    order_url: String,
    calendars: BTreeMap<String, BTreeMap<String, Day>>,
    pushes: Vec<Push>,
    /// HTTP statuses the next protocol calls answer, in order.
    failures: Vec<u16>,
    nonces: HashSet<String>,
    orders: Vec<PlacedOrder>,
}

type Key = (Channel, String);

/// The simulator's state, shared by every worker.
#[derive(Clone, Default)]
pub struct Sim {
    state: Arc<Mutex<HashMap<Key, Account>>>,
}

/// What an account is registered with (`POST /sim/accounts`).
#[derive(Debug, Clone, Default)]
pub struct Registration {
    pub secret: String,
    pub scenics: Vec<CatalogueEntry>,
    pub products: Vec<CatalogueEntry>,
    pub order_url: String,
}

/// Why a protocol call is refused before it is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A told failure: this HTTP status.
    Told(u16),
    Unknown,
}

impl Sim {
    pub fn new() -> Self {
        Self::default()
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<Key, Account>> {
        // A panic while holding the lock leaves consistent maps: keep serving.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Registers (or rewrites) an account with its catalogue, as the channel's operator sets up a
    /// merchant; what it held is kept when only the catalogue changes.
    pub fn register(&self, channel: Channel, account: &str, r: Registration) {
        let mut s = self.lock();
        let a = s.entry((channel, account.to_owned())).or_default();
        a.secret = r.secret;
        a.scenics = r.scenics;
        a.products = r.products;
        a.order_url = r.order_url;
    }

    /// Registers the demo tenant's meituan ticket account (its configuration is saas-main's demo
    /// data, `platform::demo::MEITUAN_TICKET_*`): two scenic spots and three products, named as a
    /// Chinese channel would name them.
    /// `order_url`: where the channel posts its orders (ticket-app's channel order address for
    /// the demo configuration, through the gateway).
    pub fn preset_demo(&self, order_url: &str) {
        let entry = |id: &str, name: &str, parent: &str| CatalogueEntry {
            id: id.into(),
            name: name.into(),
            parent: parent.into(),
        };
        self.register(
            Channel::Meituan,
            platform::demo::MEITUAN_TICKET_ACCOUNT,
            Registration {
                secret: platform::demo::MEITUAN_TICKET_SECRET.into(),
                scenics: vec![
                    entry("poi-1001", "西湖风景区", ""),
                    entry("poi-1002", "千岛湖风景区", ""),
                ],
                products: vec![
                    entry("deal-1001", "西湖成人票", "poi-1001"),
                    entry("deal-1002", "西湖儿童票", "poi-1001"),
                    entry("deal-1003", "千岛湖成人票", "poi-1002"),
                ],
                order_url: order_url.to_owned(),
            },
        );
    }

    /// The account's secret and whether the next call is told to fail; takes the failure.
    pub fn admit(&self, channel: Channel, account: &str) -> Result<String, Refusal> {
        let mut s = self.lock();
        let a = s
            .get_mut(&(channel, account.to_owned()))
            .ok_or(Refusal::Unknown)?;
        if !a.failures.is_empty() {
            return Err(Refusal::Told(a.failures.remove(0)));
        }
        Ok(a.secret.clone())
    }

    /// Records a nonce; false when it was seen before (a replay).
    pub fn first_use(&self, channel: Channel, account: &str, nonce: &str) -> bool {
        let mut s = self.lock();
        s.get_mut(&(channel, account.to_owned()))
            .is_some_and(|a| a.nonces.insert(nonce.to_owned()))
    }

    /// Applies a push the protocol accepted; the products the catalogue lacks refuse it whole.
    pub fn push(
        &self,
        channel: Channel,
        account: &str,
        items: Vec<Calendar>,
        at_ms: i64,
    ) -> Result<usize, Vec<String>> {
        let mut s = self.lock();
        let Some(a) = s.get_mut(&(channel, account.to_owned())) else {
            return Err(Vec::new());
        };
        let known: BTreeSet<String> = a.products.iter().map(|p| p.id.clone()).collect();
        let unknown = domain::unknown_products(&known, &items);
        if !unknown.is_empty() {
            return Err(unknown);
        }
        a.pushes.push(Push {
            at_ms,
            status: 200,
            items: items.clone(),
        });
        Ok(domain::apply(&mut a.calendars, items))
    }

    /// Notes a push answered with a told failure (kept for the tests: it was received).
    pub fn note_failed_push(&self, channel: Channel, account: &str, status: u16, at_ms: i64) {
        if let Some(a) = self.lock().get_mut(&(channel, account.to_owned())) {
            a.pushes.push(Push {
                at_ms,
                status,
                items: Vec::new(),
            });
        }
    }

    pub fn scenics(&self, channel: Channel, account: &str) -> Vec<CatalogueEntry> {
        self.lock()
            .get(&(channel, account.to_owned()))
            .map(|a| a.scenics.clone())
            .unwrap_or_default()
    }

    pub fn products(&self, channel: Channel, account: &str) -> Vec<CatalogueEntry> {
        self.lock()
            .get(&(channel, account.to_owned()))
            .map(|a| a.products.clone())
            .unwrap_or_default()
    }

    /// What the account holds: each product's days, in date order.
    pub fn calendars(&self, channel: Channel, account: &str) -> Vec<Calendar> {
        self.lock()
            .get(&(channel, account.to_owned()))
            .map(|a| {
                a.calendars
                    .iter()
                    .map(|(p, days)| Calendar {
                        product: p.clone(),
                        days: days.values().cloned().collect(),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Every push received, in order (told failures with no items).
    pub fn pushes(&self, channel: Channel, account: &str) -> Vec<Push> {
        self.lock()
            .get(&(channel, account.to_owned()))
            .map(|a| a.pushes.clone())
            .unwrap_or_default()
    }

    /// The next protocol calls of the account answer these statuses; false for an unknown one.
    pub fn fail_next(&self, channel: Channel, account: &str, statuses: Vec<u16>) -> bool {
        match self.lock().get_mut(&(channel, account.to_owned())) {
            Some(a) => {
                a.failures.extend(statuses);
                true
            }
            None => false,
        }
    }

    /// Keeps an order placed (or answers again for one placed before: our side's answer to the
    /// same order id is added to it).
    pub fn placed(&self, channel: Channel, account: &str, order: PlacedOrder) {
        if let Some(a) = self.lock().get_mut(&(channel, account.to_owned())) {
            match a
                .orders
                .iter_mut()
                .find(|o| o.order.order_id == order.order.order_id)
            {
                Some(o) => {
                    o.answers.extend(order.answers);
                    if !order.partner_order_id.is_empty() {
                        o.partner_order_id = order.partner_order_id;
                        o.state = order.state;
                    }
                }
                None => a.orders.push(order),
            }
        }
    }

    /// Adds our side's answer to a cancellation of `order_id`, with the state it gave.
    pub fn cancel_answered(
        &self,
        channel: Channel,
        account: &str,
        order_id: &str,
        answer: serde_json::Value,
        state: Option<String>,
    ) {
        if let Some(o) = self
            .lock()
            .get_mut(&(channel, account.to_owned()))
            .and_then(|a| a.orders.iter_mut().find(|o| o.order.order_id == order_id))
        {
            o.answers.push(answer);
            if let Some(s) = state {
                o.state = s;
            }
        }
    }

    /// Applies a notice of our side; false when the account placed no such order.
    pub fn notified(&self, channel: Channel, account: &str, notice: OrderNotice) -> bool {
        let mut s = self.lock();
        let Some(o) = s.get_mut(&(channel, account.to_owned())).and_then(|a| {
            a.orders
                .iter_mut()
                .find(|o| o.order.order_id == notice.order_id)
        }) else {
            return false;
        };
        o.state = notice.state.as_str().to_owned();
        o.notices.push(notice);
        true
    }

    /// The orders the account placed, in order.
    pub fn orders(&self, channel: Channel, account: &str) -> Vec<PlacedOrder> {
        self.lock()
            .get(&(channel, account.to_owned()))
            .map(|a| a.orders.clone())
            .unwrap_or_default()
    }

    /// The account's secret and order address, for an order the channel places.
    pub fn order_target(&self, channel: Channel, account: &str) -> Option<(String, String)> {
        self.lock()
            .get(&(channel, account.to_owned()))
            .map(|a| (a.secret.clone(), a.order_url.clone()))
    }
}
