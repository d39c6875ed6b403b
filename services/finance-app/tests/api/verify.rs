//! Reconciliation as a ledger whose sums always balance: after every step of a random (seeded,
//! so the same every run) sequence of orders, cancellations, receipts and payments made and
//! deleted, money recorded and confirmed, rollbacks and reviews, for every distributor (and the
//! supplier) the summary's due = received + outstanding, and each figure is what a model of the
//! steps kept beside the service says, and what the confirmed logs add up to; and the
//! summaries' read model (`ledger_lines`, what the summaries answer) equals every row grouped
//! afresh, after every step (each kind of order event on its own: tests/api/ledger_lines.rs).

use std::collections::BTreeMap;

use platform::testing::{Backend, TenantFixture};

use finance_app::store::ledger_lines;
use platform::db::DbPool;

use crate::helpers::orders::{book, cancel};
use crate::helpers::{Client, SECOND_DISTRIBUTOR, Side, start};

const DISTRIBUTORS: [i64; 2] = [TenantFixture::DISTRIBUTOR, SECOND_DISTRIBUTOR];
const SIDES: [Side; 2] = [Side::Receipt, Side::Payment];

/// A small deterministic generator (xorshift64*), so a failing sequence is the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n.max(1) as u64).unwrap()
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())])
    }
}

struct Order {
    row: i64,
    order_id: i64,
    distributor: i64,
    price: i64,
    cancelled: bool,
    /// The receipt and the payment it is in (0: none), and what it owed when it went in.
    settlement: [i64; 2],
    frozen: [i64; 2],
}

impl Order {
    fn owes(&self, side: usize) -> i64 {
        match (self.cancelled, side) {
            (true, _) => 0,
            (false, 0) => self.price,
            (false, _) => self.price - 1_000,
        }
    }

    fn ledger_due(&self, side: usize) -> i64 {
        if self.settlement[side] != 0 {
            self.frozen[side]
        } else {
            self.owes(side)
        }
    }

    fn abnormal(&self, side: usize) -> bool {
        self.settlement[side] != 0 && self.frozen[side] != self.owes(side)
    }
}

struct Settlement {
    side: usize,
    id: i64,
    mch: i64,
    orders: Vec<usize>,
    due: i64,
    /// (log id, money, confirmed)
    logs: Vec<(i64, i64, bool)>,
    reviewed: bool,
    deleted: bool,
}

impl Settlement {
    fn arrived(&self) -> i64 {
        self.logs.iter().filter(|l| l.2).map(|l| l.1).sum()
    }

    fn live(&self) -> bool {
        !self.reviewed && !self.deleted
    }
}

struct Model {
    orders: Vec<Order>,
    settlements: Vec<Settlement>,
}

impl Model {
    fn mch_of(&self, o: &Order, side: usize) -> i64 {
        if side == 0 {
            o.distributor
        } else {
            TenantFixture::SUPPLIER
        }
    }

    /// Per merchant of `side`: (due, received).
    fn expected(&self, side: usize) -> BTreeMap<i64, (i64, i64)> {
        let mut out: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
        for o in &self.orders {
            let due = o.ledger_due(side);
            if due > 0 {
                out.entry(self.mch_of(o, side)).or_default().0 += due;
            }
        }
        for s in self
            .settlements
            .iter()
            .filter(|s| s.side == side && !s.deleted)
        {
            let arrived = s.arrived();
            if arrived > 0 {
                out.entry(s.mch).or_default().1 += arrived;
            }
        }
        out
    }
}

fn side_of(i: usize) -> Side {
    SIDES[i]
}

/// The summaries' read model against the truth: each line what the rows of its merchant and
/// currency add up to, grouped afresh, and the summary answers those lines.
pub async fn check_read_model(staff: &Client<'_>, pool: &DbPool, step: usize, what: &str) {
    use finance_app::domain::settlement::Side as S;
    for (side, s) in [(Side::Receipt, S::Receipt), (Side::Payment, S::Payment)] {
        let mut conn = pool.get().unwrap();
        let truth = ledger_lines::grouped(&mut conn, TenantFixture::SAAS, s).unwrap();
        let kept =
            ledger_lines::lines_of(&mut conn, TenantFixture::SAAS, s, i64::MIN, i64::MAX).unwrap();
        drop(conn);
        assert_eq!(
            kept, truth,
            "step {step} ({what}), {side:?}: read model = grouped rows"
        );
        let (due_key, mch_key) = match side {
            Side::Receipt => ("receiptPrice", "distributorMchId"),
            Side::Payment => ("paymentPrice", "supplierMchId"),
        };
        let answered: Vec<(i64, String, [i64; 5])> = staff
            .summary(side, "resultNum=500")
            .await
            .rows()
            .iter()
            .map(|l| {
                let n = |k: &str| l[k].as_i64().unwrap();
                let c = l["currencyCode"].as_str().unwrap().to_owned();
                let f = [
                    n("orderCount"),
                    n(due_key),
                    n("arrivalPrice"),
                    n("outstanding"),
                    n("abnormalCount"),
                ];
                (n(mch_key), c, f)
            })
            .collect();
        let truth: Vec<(i64, String, [i64; 5])> = truth
            .into_iter()
            .map(|l| {
                let f = l.figures;
                (
                    l.mch_id,
                    l.currency,
                    [
                        f.order_count,
                        f.due,
                        f.done,
                        f.outstanding,
                        f.abnormal_count,
                    ],
                )
            })
            .collect();
        assert_eq!(
            answered, truth,
            "step {step} ({what}), {side:?}: the summary answers the truth"
        );
    }
}

async fn check(staff: &Client<'_>, model: &Model, step: usize, what: &str) {
    for (i, side) in SIDES.iter().enumerate() {
        let (due_key, mch_key) = match side {
            Side::Receipt => ("receiptPrice", "distributorMchId"),
            Side::Payment => ("paymentPrice", "supplierMchId"),
        };
        let lines = staff.summary(*side, "resultNum=500").await.rows();
        let mut seen: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
        for l in &lines {
            let n = |k: &str| l[k].as_i64().unwrap();
            let (due, received, outstanding) = (n(due_key), n("arrivalPrice"), n("outstanding"));
            assert_eq!(
                due,
                received + outstanding,
                "step {step} ({what}), {side:?}: due = received + outstanding in {l}"
            );
            let mch = n(mch_key);
            let confirmed: i64 = staff
                .list_logs(*side, &format!("state=1&resultNum=500&{mch_key}={mch}"))
                .await
                .rows()
                .iter()
                .map(|r| r["money"].as_i64().unwrap())
                .sum();
            assert_eq!(
                received, confirmed,
                "step {step} ({what}), {side:?}: received is what the confirmed logs say, {l}"
            );
            let rows_received: i64 = staff
                .verify_order_list(*side, &format!("resultNum=500&{mch_key}={mch}"))
                .await
                .rows()
                .iter()
                .map(|r| {
                    let k = if i == 0 {
                        "receiptReceived"
                    } else {
                        "paymentPaid"
                    };
                    r[k].as_i64().unwrap()
                })
                .sum();
            assert_eq!(
                received, rows_received,
                "step {step} ({what}), {side:?}: the orders hold what was received"
            );
            seen.insert(mch, (due, received));
        }
        assert_eq!(
            seen,
            model.expected(i),
            "step {step} ({what}), {side:?}: per merchant (due, received)"
        );
    }
}

async fn the_ledger_balances_after_every_step_of_a_random_sequence(backend: Backend) {
    let f = start(backend).await;
    let staff = Client::new(&f, &f.operator);
    let pool = platform::db::connect(&f.app.db.as_ref().unwrap().config()).unwrap();
    let mut rng = Rng(0x5EED_2026_1126);
    let mut model = Model {
        orders: Vec::new(),
        settlements: Vec::new(),
    };
    let mut next_order = 5_000i64;
    let mut done: BTreeMap<&str, usize> = BTreeMap::new();
    for step in 0..70 {
        let what = match rng.below(10) {
            0..=2 => {
                next_order += 1;
                let distributor = rng.pick(&DISTRIBUTORS).unwrap();
                let price = 1_000 + 100 * i64::try_from(rng.below(300)).unwrap() + 100;
                let row = book(&f, next_order, distributor, price).await;
                model.orders.push(Order {
                    row,
                    order_id: next_order,
                    distributor,
                    price,
                    cancelled: false,
                    settlement: [0, 0],
                    frozen: [0, 0],
                });
                "order"
            }
            3 => {
                let open: Vec<usize> = (0..model.orders.len())
                    .filter(|&i| !model.orders[i].cancelled)
                    .collect();
                let Some(i) = rng.pick(&open) else { continue };
                let o = &model.orders[i];
                cancel(&f, o.order_id, o.distributor, o.price).await;
                model.orders[i].cancelled = true;
                "cancellation"
            }
            4 | 5 => {
                let side = rng.below(2);
                let mch = if side == 0 {
                    rng.pick(&DISTRIBUTORS).unwrap()
                } else {
                    TenantFixture::SUPPLIER
                };
                let free: Vec<usize> = (0..model.orders.len())
                    .filter(|&i| {
                        let o = &model.orders[i];
                        model.mch_of(o, side) == mch && o.settlement[side] == 0 && o.owes(side) > 0
                    })
                    .collect();
                if free.is_empty() {
                    continue;
                }
                let take = 1 + rng.below(free.len().min(3));
                let chosen: Vec<usize> = free.iter().copied().take(take).collect();
                let rows: Vec<i64> = chosen.iter().map(|&i| model.orders[i].row).collect();
                let a = staff.verify_orders(side_of(side), &rows).await;
                assert_eq!(a.status, 200, "step {step}: {}", a.body);
                let key = if side == 0 { "receiptId" } else { "paymentId" };
                let id = a.data()[key].as_i64().unwrap();
                let mut due = 0;
                for &i in &chosen {
                    let o = &mut model.orders[i];
                    o.settlement[side] = id;
                    o.frozen[side] = o.owes(side);
                    due += o.frozen[side];
                }
                model.settlements.push(Settlement {
                    side,
                    id,
                    mch,
                    orders: chosen,
                    due,
                    logs: Vec::new(),
                    reviewed: false,
                    deleted: false,
                });
                "settlement made"
            }
            6 | 7 => {
                let open: Vec<usize> = (0..model.settlements.len())
                    .filter(|&i| {
                        let s = &model.settlements[i];
                        s.live() && s.arrived() < s.due
                    })
                    .collect();
                let Some(i) = rng.pick(&open) else { continue };
                let s = &model.settlements[i];
                let left = s.due - s.arrived();
                let money = if rng.below(3) == 0 {
                    left
                } else {
                    1 + i64::try_from(rng.below(usize::try_from(left).unwrap())).unwrap()
                };
                let side = side_of(s.side);
                let a = staff.save_log(side, s.id, money).await;
                assert_eq!(a.status, 200, "step {step}: {}", a.body);
                let log = a.data()["id"].as_i64().unwrap();
                let c = staff.act_on_log(side, "confirm", log).await;
                assert_eq!(c.status, 200, "step {step}: {}", c.body);
                model.settlements[i].logs.push((log, money, true));
                "money confirmed"
            }
            8 => {
                let confirmed: Vec<(usize, usize)> = (0..model.settlements.len())
                    .filter(|&i| model.settlements[i].live())
                    .flat_map(|i| {
                        let s = &model.settlements[i];
                        (0..s.logs.len())
                            .filter(|&j| s.logs[j].2)
                            .map(move |j| (i, j))
                    })
                    .collect();
                let Some((i, j)) = rng.pick(&confirmed) else {
                    continue;
                };
                let s = &model.settlements[i];
                let a = staff
                    .act_on_log(side_of(s.side), "rollback", s.logs[j].0)
                    .await;
                assert_eq!(a.status, 200, "step {step}: {}", a.body);
                model.settlements[i].logs[j].2 = false;
                "rollback"
            }
            _ => {
                let open: Vec<usize> = (0..model.settlements.len())
                    .filter(|&i| model.settlements[i].live())
                    .collect();
                let Some(i) = rng.pick(&open) else { continue };
                let s = &model.settlements[i];
                let side = side_of(s.side);
                let abnormal = s.orders.iter().any(|&o| model.orders[o].abnormal(s.side));
                if s.arrived() == 0 {
                    let a = staff.close_settlement(side, "delete", s.id).await;
                    assert_eq!(a.status, 200, "step {step}: {}", a.body);
                    let orders = s.orders.clone();
                    let side_i = s.side;
                    model.settlements[i].deleted = true;
                    for o in orders {
                        model.orders[o].settlement[side_i] = 0;
                        model.orders[o].frozen[side_i] = 0;
                    }
                    "settlement deleted"
                } else {
                    let a = staff.close_settlement(side, "review", s.id).await;
                    if s.arrived() == s.due && !abnormal {
                        assert_eq!(a.status, 200, "step {step}: {}", a.body);
                        model.settlements[i].reviewed = true;
                        "reviewed"
                    } else {
                        assert_eq!(a.status, 412, "step {step}: {}", a.body);
                        "review refused"
                    }
                }
            }
        };
        check(&staff, &model, step, what).await;
        check_read_model(&staff, &pool, step, what).await;
        *done.entry(what).or_default() += 1;
    }
    // The sequence went through every kind of step, abnormal orders included.
    for kind in [
        "order",
        "cancellation",
        "settlement made",
        "money confirmed",
        "rollback",
        "settlement deleted",
        "reviewed",
    ] {
        assert!(done.contains_key(kind), "no {kind} in {done:?}");
    }
    assert!(
        model.orders.iter().any(|o| o.abnormal(0) || o.abnormal(1)),
        "no order changed after it was settled"
    );
    assert!(
        model.settlements.iter().any(|s| s.arrived() > 0),
        "the sequence received money"
    );
    f.shutdown().await;
}

platform::on_both_backends!(the_ledger_balances_after_every_step_of_a_random_sequence);
