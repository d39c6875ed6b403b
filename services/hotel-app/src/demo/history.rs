//! The demo hotel's past year (docs/demo-data.md): a few hundred to a couple of thousand orders
//! of the two demo products booked by "Demo Distributor", each told as a story of actions at
//! past times (booked, paid, confirmed, arranged, cancelled, refused, completed) and replayed
//! through the real order path "as of" each time, so the orders, their logs, the stock and the
//! `order.hotel.*` events are what the product would have written then, and every dashboard,
//! report and list has something to show on first start.
//!
//! [`plan`] decides the stories (no I/O, a fixed pseudo-random sequence: the same start day
//! gives the same history); [`make`] replays them, once, into a database without orders.

use platform::ApiError;
use platform::Viewer;
use platform::db::DbConnection;
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID, SUPPLIER_ID};
use platform::tenancy::MerchantKind;
use platform::time::{HOUR_MS, day_of_ms, day_start_ms, format_day};
use platform::trade_store::CalendarTables as _;

use crate::domain::booking::{self, Stay};
use crate::domain::order_rules::pay_type;
use crate::domain::order_state::Action;
use crate::domain::pricing::{Change, CommonChange, PriceChanges, StockChange};
use crate::settings::DEFAULT_PAY_TIMEOUT_MINUTES;
use crate::store::bookable::{self, Bookable};
use crate::store::calendar::{self, Calendar};
use crate::store::orders::{self, ActionInput, Actor, NewGuest, NewOrder, OrderCtx};
use crate::store::schema::hotel_orders;

const MINUTE_MS: i64 = 60_000;
/// How far back the history reaches.
pub const DAYS: i64 = 365;
/// Orders a day on an ordinary weekday of an ordinary month, before the trend.
const BASE_PER_DAY: f64 = 1.6;
/// The sequence every history is drawn from.
const SEED: u64 = 0x7ADE_3A1D_2026_0018;
/// How long an online order waits for its payment, as the default setting says (an
/// installation that sets another lets its unpaid-order job decide the rest).
const PAY_TIMEOUT_MS: i64 = DEFAULT_PAY_TIMEOUT_MINUTES * MINUTE_MS;

/// A small generator of our own (SplitMix64): a crate's generator may change its sequence
/// between versions, and the demo history should not.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// In [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1_u64 << 53) as f64
    }

    /// In [lo, hi].
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + ((self.unit() * (hi - lo + 1) as f64) as i64).min(hi - lo)
    }

    fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// An index into `weights`, drawn in proportion to them.
    fn weighted(&mut self, weights: &[f64]) -> usize {
        let mut left = self.unit() * weights.iter().sum::<f64>();
        for (i, w) in weights.iter().enumerate() {
            if left < *w {
                return i;
            }
            left -= w;
        }
        weights.len().saturating_sub(1)
    }

    /// A Poisson count of mean `lambda` (Knuth's method: fine for the small means here).
    fn poisson(&mut self, lambda: f64) -> i64 {
        let limit = (-lambda).exp();
        let mut k = 0;
        let mut p = self.unit();
        while p > limit {
            k += 1;
            p *= self.unit();
        }
        k
    }
}

/// Which demo product an order books.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Room {
    /// "Sea-view King": confirmed at once, paid at the hotel.
    SeaView,
    /// "Garden Twin": paid online, then confirmed by the supplier.
    Garden,
}

/// Who takes a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    Distributor,
    Supplier,
    /// hotel-app itself (an unpaid order's time running out).
    System,
}

/// One action of an order's story, at its time (ms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    pub at: i64,
    pub action: Action,
    pub by: Who,
}

/// An order of the history: booked at `created_at`, then its steps in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned {
    pub created_at: i64,
    pub room: Room,
    /// Day numbers.
    pub checkin: i64,
    pub nights: i64,
    pub rooms: i64,
    pub guests: Vec<(String, String)>,
    /// For a payment: 1 credit, 2 cash.
    pub pay_type: i32,
    /// Deterministic, for the supplier's confirmation number.
    pub number: u32,
    pub steps: Vec<Step>,
}

const SURNAMES: [&str; 16] = [
    "王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "郭",
];
const GIVEN: [&str; 16] = [
    "伟", "芳", "娜", "敏", "静", "磊", "洋", "艳", "勇", "军", "杰", "娟", "涛", "明", "超",
    "秀英",
];

fn person(rng: &mut Rng) -> (String, String) {
    let name = format!(
        "{}{}",
        SURNAMES[rng.range(0, 15) as usize],
        GIVEN[rng.range(0, 15) as usize]
    );
    let prefix = [138, 139, 135, 186, 159, 177][rng.range(0, 5) as usize];
    (name, format!("{prefix}{:08}", rng.range(0, 99_999_999)))
}

/// Sanya's year: winter is the high season (the Spring Festival above all), summer holidays
/// and the National Day week fill it again, late spring and autumn are quiet.
fn season(month: i64) -> f64 {
    [1.5, 1.7, 1.2, 0.9, 0.9, 0.7, 1.1, 1.1, 0.7, 1.2, 0.8, 1.3][(month - 1).clamp(0, 11) as usize]
}

/// Bookings by the day of the week (1 Monday .. 7 Sunday): the week's end is planned on its
/// first days.
fn weekday_factor(weekday: i64) -> f64 {
    [1.1, 1.15, 1.1, 1.0, 1.05, 0.75, 0.85][(weekday - 1).clamp(0, 6) as usize]
}

/// A price of a night in `month`, from the product's ordinary one: dearer in the high season,
/// rounded to ten yuan.
pub fn seasonal_price(base: i64, month: i64) -> i64 {
    let f = 0.85 + (season(month) - 0.7) * 0.45;
    ((base as f64 * f / 1_000.0).round() as i64) * 1_000
}

/// The history for a first start at `now`: the last [`DAYS`] days' orders, oldest first, each
/// with the steps taken by `now` (a story's later steps have not happened yet, so recent
/// orders are still open).
pub fn plan(now: i64) -> Vec<Planned> {
    let mut rng = Rng(SEED);
    let today = day_of_ms(now);
    let mut out = Vec::new();
    for day in today - DAYS..=today {
        let (_, month, _) = platform::time::civil_from_days(day);
        // The business grows over the year.
        let trend = 0.8 + 0.4 * (day - (today - DAYS)) as f64 / DAYS as f64;
        let lambda =
            BASE_PER_DAY * season(month) * weekday_factor(platform::time::weekday(day)) * trend;
        for _ in 0..rng.poisson(lambda) {
            let at = day_start_ms(day) + rng.range(8 * 60, 23 * 60 + 50) * MINUTE_MS;
            let o = story(&mut rng, at);
            if o.created_at <= now {
                out.push(o);
            }
        }
    }
    out.extend(recent(&mut rng, now));
    for o in &mut out {
        // What happens after `now` has not happened yet, nor anything after it.
        if let Some(cut) = o.steps.iter().position(|s| s.at > now) {
            o.steps.truncate(cut);
        }
    }
    out.sort_by_key(|o| o.created_at);
    out
}

/// An order booked at `at`, with the story it will have.
fn story(rng: &mut Rng, at: i64) -> Planned {
    let booked_on = day_of_ms(at);
    // Mostly booked a few days ahead, some weeks ahead, a few for the same night.
    let lead = (rng.unit().min(rng.unit()) * 40.0) as i64;
    let nights = [1, 2, 3, 4][rng.weighted(&[0.4, 0.35, 0.15, 0.1])];
    let rooms = [1, 2, 3][rng.weighted(&[0.8, 0.17, 0.03])];
    let room = if rng.chance(0.6) {
        Room::SeaView
    } else {
        Room::Garden
    };
    let mut o = Planned {
        created_at: at,
        room,
        checkin: booked_on + lead,
        nights,
        rooms,
        guests: Vec::new(),
        pay_type: if rng.chance(0.7) {
            pay_type::CREDIT
        } else {
            pay_type::CASH
        },
        number: (rng.next_u64() % 100_000_000) as u32,
        steps: Vec::new(),
    };
    let guests = rng.range(rooms, rooms * 2);
    o.guests = (0..guests).map(|_| person(rng)).collect();
    let mut t = at;
    let step = |t: &mut i64, after: (i64, i64), action: Action, by: Who, rng: &mut Rng| {
        *t += rng.range(after.0, after.1) * MINUTE_MS;
        Step { at: *t, action, by }
    };
    use Who::*;
    if room == Room::Garden {
        let r = rng.unit();
        if r < 0.07 {
            // Never paid: it cancels itself when its time runs out.
            o.steps.push(Step {
                at: at + PAY_TIMEOUT_MS,
                action: Action::TimeoutCancel,
                by: System,
            });
            return o;
        }
        if r < 0.11 {
            o.steps
                .push(step(&mut t, (5, 90), Action::Cancel, Distributor, rng));
            return o;
        }
        o.steps
            .push(step(&mut t, (2, 45), Action::Pay, Distributor, rng));
        let r = rng.unit();
        if r < 0.06 {
            o.steps
                .push(step(&mut t, (30, 300), Action::Refuse, Supplier, rng));
            return o;
        }
        if r < 0.09 {
            o.steps
                .push(step(&mut t, (60, 600), Action::Cancel, Distributor, rng));
            return o;
        }
        o.steps
            .push(step(&mut t, (10, 480), Action::Confirm, Supplier, rng));
    }
    if rng.chance(0.5) {
        o.steps
            .push(step(&mut t, (30, 360), Action::Arrange, Supplier, rng));
    }
    // Free cancellation ends with the check-in day; applications come before it.
    let last_apply = day_start_ms(o.checkin) + 12 * HOUR_MS;
    let r = rng.unit();
    if r < 0.15 && t + 10 * MINUTE_MS < last_apply {
        let apply_at =
            t + 10 * MINUTE_MS + (rng.unit() * (last_apply - t - 10 * MINUTE_MS) as f64) as i64;
        t = apply_at;
        o.steps.push(Step {
            at: apply_at,
            action: Action::ApplyCancel,
            by: Distributor,
        });
        if r < 0.12 {
            o.steps
                .push(step(&mut t, (20, 240), Action::AgreeCancel, Supplier, rng));
            return o;
        }
        o.steps
            .push(step(&mut t, (20, 240), Action::RefuseCancel, Supplier, rng));
    }
    // The supplier closes the order the morning the guests leave.
    let checkout_morning =
        day_start_ms(o.checkin + o.nights) + rng.range(9 * 60, 14 * 60) * MINUTE_MS;
    o.steps.push(Step {
        at: checkout_morning.max(t + MINUTE_MS),
        action: Action::Complete,
        by: Supplier,
    });
    o
}

/// A few orders of the last hours and days whose stories are written out, so each open state
/// (awaiting payment, awaiting the supplier, a cancellation asked for, confirmed, arranged) is
/// there on first start whatever the draw, and each demo user's notifications of the last days
/// (docs/demo-data.md) have something: new orders and a cancellation asked for (the supplier's,
/// the tenant's), a confirmation (the distributor's).
fn recent(rng: &mut Rng, now: i64) -> Vec<Planned> {
    use Who::*;
    let today = day_of_ms(now);
    let order =
        |rng: &mut Rng, ago_min: i64, room, checkin_in: i64, steps: &[(i64, Action, Who)]| {
            let created_at = now - ago_min * MINUTE_MS;
            Planned {
                created_at,
                room,
                checkin: today + checkin_in,
                nights: 2,
                rooms: 1,
                guests: vec![person(rng)],
                pay_type: pay_type::CREDIT,
                number: (rng.next_u64() % 100_000_000) as u32,
                steps: steps
                    .iter()
                    .map(|&(after_min, action, by)| Step {
                        at: created_at + after_min * MINUTE_MS,
                        action,
                        by,
                    })
                    .collect(),
            }
        };
    vec![
        order(rng, 50, Room::Garden, 5, &[]),
        order(rng, 190, Room::Garden, 12, &[]),
        order(rng, 130, Room::Garden, 9, &[(6, Action::Pay, Distributor)]),
        order(rng, 370, Room::Garden, 3, &[(12, Action::Pay, Distributor)]),
        order(rng, 250, Room::SeaView, 7, &[]),
        order(
            rng,
            26 * 60,
            Room::SeaView,
            4,
            &[(6 * 60, Action::Arrange, Supplier)],
        ),
        order(
            rng,
            5 * 24 * 60,
            Room::SeaView,
            3,
            &[(5 * 24 * 60 - 60, Action::ApplyCancel, Distributor)],
        ),
        order(
            rng,
            20 * 60,
            Room::Garden,
            6,
            &[
                (10, Action::Pay, Distributor),
                (17 * 60, Action::Confirm, Supplier),
            ],
        ),
    ]
}

/// What replaying the history did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Made {
    pub orders: usize,
    pub steps: usize,
    /// Orders the real path refused (a night sold out, a rule): left out, with their story.
    pub refused: usize,
}

fn as_of(who: Who, at: i64) -> OrderCtx {
    let (viewer, name, kind) = match who {
        Who::System => return OrderCtx::system(SAAS_ID, at),
        Who::Distributor => (DISTRIBUTOR_ID, "distributor", MerchantKind::Distributor),
        Who::Supplier => (SUPPLIER_ID, "supplier", MerchantKind::Supplier),
    };
    // hotel-app does not know auth-center's user ids; the log names the demo login.
    let actor = Actor {
        user_id: 0,
        username: name.into(),
    };
    OrderCtx::by(Viewer::merchant(SAAS_ID, viewer, kind), actor, at)
}

/// Whether the real path refused (a rule, a sold-out night) rather than failed.
fn refused(e: &ApiError) -> bool {
    matches!(
        e,
        ApiError::Invalid { .. }
            | ApiError::Rule { .. }
            | ApiError::Forbidden { .. }
            | ApiError::NotFound { .. }
    )
}

/// Books `o` and takes its steps, each as of its time, all or nothing.
fn replay(
    conn: &mut DbConnection,
    p: &Bookable,
    o: &Planned,
    currency: &str,
) -> Result<usize, ApiError> {
    let stay = Stay {
        checkin: o.checkin,
        checkout: o.checkin + o.nights,
        rooms: o.rooms,
    };
    booking::check_stay(&stay, day_of_ms(o.created_at))?;
    let (contact_name, contact_phone) = o.guests.first().cloned().unwrap_or_default();
    let n = NewOrder {
        product_id: p.product_id,
        distributor_id: DISTRIBUTOR_ID,
        stay,
        contact_name,
        contact_phone,
        contact_id_type: 0,
        contact_id_no: String::new(),
        guests: o
            .guests
            .iter()
            .map(|(name, phone)| NewGuest {
                name: name.clone(),
                phone: phone.clone(),
                id_type: 0,
                id_no: String::new(),
                country: "CN".into(),
            })
            .collect(),
        order_memo: String::new(),
        guest_memo: String::new(),
        channel_order_id: format!("DD{:08}", o.number),
        pay_online: None,
        currency: currency.to_owned(),
    };
    let placed = orders::place(
        conn,
        &as_of(Who::Distributor, o.created_at),
        p,
        &n,
        PAY_TIMEOUT_MS,
    )?;
    for s in &o.steps {
        let input = ActionInput {
            remark: String::new(),
            pay_type: o.pay_type,
            supplier_order_id: if s.action == Action::Confirm {
                format!("SY{:08}", o.number)
            } else {
                String::new()
            },
            // A year of history was paid long before finance-app was asked about anything.
            credit_settled: true,
        };
        orders::act(conn, &as_of(s.by, s.at), placed.order_id, s.action, &input)?;
    }
    Ok(o.steps.len())
}

/// Prices the year before `now` for each product (its price of today, by the season), as
/// the supplier would have at `listed`: the past nights the history books.
fn price_the_year(
    conn: &mut DbConnection,
    products: &[&Bookable],
    now: i64,
    listed: i64,
) -> Result<(), ApiError> {
    let viewer = Viewer::tenant(SAAS_ID);
    let today = day_of_ms(now);
    for p in products {
        let Some(base) = calendar::common_range(conn, p.product_id, today, today + 1)?
            .into_iter()
            .next()
        else {
            continue;
        };
        let mut first = today - DAYS - 1;
        while first < today {
            let (_, month, _) = platform::time::civil_from_days(first);
            let mut end = first;
            while end < today && platform::time::civil_from_days(end).1 == month {
                end += 1;
            }
            let days: Vec<i64> = (first..end).collect();
            let change = CommonChange {
                prices: PriceChanges {
                    purchase: Change::Fixed(seasonal_price(base.purchase_price, month)),
                    distribution: Change::Fixed(seasonal_price(base.distribution_price, month)),
                    retail: Change::Fixed(seasonal_price(base.retail_price, month)),
                },
                stock: StockChange::Limited(base.stock),
                closed: Some(false),
            };
            Calendar::save_common(conn, &viewer, p.product_id, &days, &change, listed)?;
            first = end;
        }
    }
    Ok(())
}

/// Replays the history of a first start at `now` into a database that holds no order yet,
/// in the caller's transaction; None when there are orders already, or no demo products.
pub fn make(conn: &mut DbConnection, now: i64, listed: i64) -> anyhow::Result<Option<Made>> {
    use diesel::prelude::*;
    let any: i64 = hotel_orders::table.count().get_result(conn)?;
    if any > 0 {
        return Ok(None);
    }
    let on_sale = bookable::bookable_products(conn, &Viewer::tenant(SAAS_ID), None, None)?;
    let demo = |online: i32| {
        on_sale
            .iter()
            .filter(|p| p.supplier_id == SUPPLIER_ID && p.is_online_pay == online)
            .min_by_key(|p| p.product_id)
    };
    let (Some(sea_view), Some(garden)) = (demo(0), demo(1)) else {
        return Ok(None);
    };
    price_the_year(conn, &[sea_view, garden], now, listed)
        .map_err(|e| anyhow::anyhow!("pricing the demo year: {e}"))?;
    let currency = platform::replica::merchant(conn, SAAS_ID, DISTRIBUTOR_ID)?
        .map_or_else(|| "CNY".to_owned(), |m| m.mch_currency);
    let mut made = Made::default();
    for o in plan(now) {
        let p = match o.room {
            Room::SeaView => sea_view,
            Room::Garden => garden,
        };
        // A savepoint each: an order the real path refuses leaves nothing behind.
        match conn.transaction(|c| replay(c, p, &o, &currency)) {
            Ok(steps) => {
                made.orders += 1;
                made.steps += steps;
            }
            Err(e) if refused(&e) => {
                tracing::debug!(error = %e, day = %format_day(o.checkin), "demo order refused");
                made.refused += 1;
            }
            Err(e) => return Err(anyhow::anyhow!("replaying the demo history: {e}")),
        }
    }
    Ok(Some(made))
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::time::parse_date;

    fn noon(day: &str) -> i64 {
        day_start_ms(parse_date("d", day).unwrap_or_default()) + 12 * HOUR_MS
    }

    #[test]
    fn the_same_start_gives_the_same_history() {
        let now = noon("2026-11-25");
        assert_eq!(plan(now), plan(now));
        assert_eq!(plan(now + MINUTE_MS).len(), plan(now).len());
    }

    #[test]
    fn a_year_of_orders_of_a_believable_size_and_shape() {
        let now = noon("2026-11-25");
        let p = plan(now);
        assert!((400..=2_000).contains(&p.len()), "{} orders", p.len());
        let today = day_of_ms(now);
        let first = p.first().map(|o| day_of_ms(o.created_at)).unwrap_or(today);
        assert!(first <= today - DAYS + 3, "starts a year back");
        let in_month = |m: &str| {
            p.iter()
                .filter(|o| format_day(day_of_ms(o.created_at)).starts_with(m))
                .count()
        };
        assert!(
            in_month("2026-02") > in_month("2026-06"),
            "high season busier"
        );
        assert!(p.iter().all(|o| o.created_at <= now));
        assert!(p.windows(2).all(|w| w[0].created_at <= w[1].created_at));
    }

    #[test]
    fn stories_keep_time_and_the_rules() {
        let now = noon("2026-11-25");
        for o in plan(now) {
            let mut t = o.created_at;
            for s in &o.steps {
                assert!(s.at > t && s.at <= now, "{o:?}");
                t = s.at;
                if s.action == Action::ApplyCancel {
                    assert!(s.at < day_start_ms(o.checkin + 1), "before the deadline");
                }
                if s.action == Action::Complete {
                    assert!(day_of_ms(s.at) >= o.checkin, "not before check-in");
                }
            }
            assert!(o.guests.len() as i64 <= o.rooms * 2 && !o.guests.is_empty());
            assert!(o.checkin >= day_of_ms(o.created_at));
        }
    }

    #[test]
    fn every_ending_and_every_open_state_is_told() {
        let p = plan(noon("2026-11-25"));
        let last = |a: Action| {
            p.iter()
                .any(|o| o.steps.last().map(|s| s.action) == Some(a))
        };
        for a in [
            Action::Complete,
            Action::AgreeCancel,
            Action::Cancel,
            Action::TimeoutCancel,
            Action::Refuse,
            Action::ApplyCancel,
            Action::Arrange,
            Action::Pay,
        ] {
            assert!(last(a), "{a:?}");
        }
        let unpaid = p
            .iter()
            .filter(|o| o.room == Room::Garden && o.steps.is_empty())
            .count();
        assert!(unpaid >= 2);
    }

    #[test]
    fn the_last_two_days_hold_news_for_each_demo_user_whatever_the_day() {
        // message-server lists the history of the last two days (docs/demo-data.md).
        for day in ["2026-11-25", "2027-02-10", "2027-07-01"] {
            let now = noon(day);
            let since = now - 48 * HOUR_MS;
            let p = plan(now);
            assert!(p.iter().any(|o| o.created_at > since), "{day}: a new order");
            for a in [Action::Confirm, Action::ApplyCancel] {
                let told = p
                    .iter()
                    .flat_map(|o| &o.steps)
                    .any(|s| s.action == a && s.at > since);
                assert!(told, "{day}: {a:?}");
            }
        }
    }

    #[test]
    fn prices_follow_the_season() {
        assert_eq!(seasonal_price(68_000, 6), 58_000);
        assert!(seasonal_price(68_000, 2) > seasonal_price(68_000, 11));
        assert_eq!(seasonal_price(68_000, 2) % 1_000, 0);
    }
}
