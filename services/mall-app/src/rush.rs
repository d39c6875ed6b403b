//! What one process keeps in memory to stand a rush: the sessions it has seen empty, answered
//! "sold out" without the database until stock could come back, and a bound on the order
//! attempts it works on at once, past which it answers 429 at once instead of queueing them for
//! the pool until they time out. The database stays the authority: a session is only marked
//! after its row (and its product's stock) was read empty, and the mark lapses when an unpaid
//! order of its product could give units back, or after two seconds at most, so a second
//! replica (whose job returned units, or whose staff restocked) is never contradicted for
//! longer than that; units coming back through this process forget its marks at once.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Shared by the process's workers (`web::Data<Rush>`).
#[derive(Debug)]
pub struct Rush {
    /// (tenant, session) → until when (ms) it is known empty, and the mall product it sells.
    sold_out: Mutex<HashMap<(i64, i64), (i64, i64)>>,
    in_flight: AtomicUsize,
    max_in_flight: usize,
}

/// One admitted order attempt; dropping it frees its place.
#[derive(Debug)]
pub struct Admitted<'a>(&'a AtomicUsize);

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Rush {
    pub fn new(max_in_flight: usize) -> Self {
        Self {
            sold_out: Mutex::new(HashMap::new()),
            in_flight: AtomicUsize::new(0),
            max_in_flight: max_in_flight.max(1),
        }
    }

    fn marks(&self) -> std::sync::MutexGuard<'_, HashMap<(i64, i64), (i64, i64)>> {
        // A panic while holding the map leaves a map that is still whole.
        self.sold_out
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether `session` of tenant `saas` is known empty at `now`.
    pub fn is_sold_out(&self, saas: i64, session: i64, now: i64) -> bool {
        let session = (saas, session);
        let mut marks = self.marks();
        match marks.get(&session) {
            Some((until, _)) if now < *until => true,
            Some(_) => {
                marks.remove(&session);
                false
            }
            None => false,
        }
    }

    /// Remembers `session` (selling `product`) as empty until `until` (ms).
    pub fn mark_sold_out(&self, saas: i64, session: i64, product: i64, until: i64) {
        self.marks().insert((saas, session), (until, product));
    }

    /// Forgets what this process knew of the sessions of `product` (units of it came back, to
    /// one of its sessions and to the product's stock, which all its sessions sell from).
    pub fn forget_product(&self, saas: i64, product: i64) {
        self.marks()
            .retain(|(s, _), (_, p)| !(*s == saas && *p == product));
    }

    /// A place for one more attempt, or none when the process works on its most already.
    pub fn admit(&self) -> Option<Admitted<'_>> {
        let was = self.in_flight.fetch_add(1, Ordering::AcqRel);
        let admitted = Admitted(&self.in_flight);
        (was < self.max_in_flight).then_some(admitted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_holds_until_its_time() {
        let r = Rush::new(4);
        assert!(!r.is_sold_out(7, 1, 0));
        r.mark_sold_out(7, 1, 3, 100);
        assert!(r.is_sold_out(7, 1, 99));
        assert!(!r.is_sold_out(7, 2, 99), "only that session");
        assert!(!r.is_sold_out(8, 1, 99), "only in that tenant");
        assert!(!r.is_sold_out(7, 1, 100), "lapsed");
        assert!(!r.is_sold_out(7, 1, 50), "and forgotten");
        r.mark_sold_out(7, 1, 3, 100);
        r.mark_sold_out(7, 2, 3, 100);
        r.mark_sold_out(7, 4, 5, 100);
        r.mark_sold_out(8, 6, 3, 100);
        r.forget_product(7, 3);
        assert!(!r.is_sold_out(7, 1, 10));
        assert!(!r.is_sold_out(7, 2, 10), "every session of the product");
        assert!(r.is_sold_out(7, 4, 10), "not another product's");
        assert!(r.is_sold_out(8, 6, 10), "not another tenant's");
    }

    #[test]
    fn attempts_past_the_bound_are_refused_and_places_come_back() {
        let r = Rush::new(2);
        let a = r.admit().unwrap();
        let b = r.admit().unwrap();
        assert!(r.admit().is_none());
        drop(a);
        let c = r.admit();
        assert!(c.is_some());
        drop((b, c));
        assert_eq!(r.in_flight.load(Ordering::Acquire), 0);
    }
}
