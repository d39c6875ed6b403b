//! A saga step that asks another service over the bus and waits for its answer (an order paid
//! by credit asks finance-app, docs/finance.md): when the asker asks again and when it gives up.
//!
//! The outbox makes sure a request leaves, but not that an answer comes back: the request or
//! the answer can end in a dead-letter queue, or outlive the broker's hold while the answering
//! service is down, and a row waiting for it would wait forever (an order paying, its stock held).
//! So the asker looks at what it still waits for (a job), asks again with a new event (the
//! answering side is idempotent by the thing asked about, not by the event, and answers a
//! request it has decided the same again), waiting twice as long after each ask so a slow
//! answerer is not flooded, and past the give-up time stops waiting and compensates as its
//! saga says (an order is cancelled and its credit released, which the answerer applies even
//! if the request arrives after it).

use std::time::Duration;

/// How long a request waits for its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnswerWait {
    /// ms after the first ask before asking again; each further ask waits twice as long as the
    /// one before it.
    pub ask_again_after_ms: i64,
    /// ms after the first ask when the asker stops waiting and compensates.
    pub give_up_after_ms: i64,
}

/// What to do now about a request still unanswered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unanswered {
    /// Its time to ask again has not come.
    Wait,
    /// Ask again (a new event; the row keeps it as the request it waits for).
    AskAgain,
    /// Stop waiting and compensate.
    GiveUp,
}

/// The longest wait between two asks, whatever the doubling reaches.
const MAX_INTERVAL_MS: i64 = 30 * 60_000;

impl AnswerWait {
    /// Asks again after `ask_again`, gives up after `give_up` (at least the first wait).
    pub fn new(ask_again: Duration, give_up: Duration) -> Self {
        let ms = |d: Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX).max(1);
        let ask_again_after_ms = ms(ask_again);
        Self {
            ask_again_after_ms,
            give_up_after_ms: ms(give_up).max(ask_again_after_ms),
        }
    }

    /// The wait after the `asks`-th ask (1 for the first): the first wait doubled per ask
    /// after the first, at most half an hour (or the first wait, if that is longer).
    pub fn interval_after(&self, asks: i32) -> i64 {
        let doublings = u32::try_from(asks.saturating_sub(1)).unwrap_or(0).min(32);
        self.ask_again_after_ms
            .saturating_mul(1_i64 << doublings)
            .min(MAX_INTERVAL_MS.max(self.ask_again_after_ms))
    }

    /// What to do at `now` about a request first asked at `first_asked`, last asked at
    /// `last_asked`, asked `asks` times so far.
    pub fn decide(&self, first_asked: i64, last_asked: i64, asks: i32, now: i64) -> Unanswered {
        if now >= first_asked.saturating_add(self.give_up_after_ms) {
            Unanswered::GiveUp
        } else if now >= last_asked.saturating_add(self.interval_after(asks)) {
            Unanswered::AskAgain
        } else {
            Unanswered::Wait
        }
    }

    /// Bounds a job's query can filter by: at `now` a request is due only if it was last asked
    /// by the first (no wait is shorter than the first) or first asked by the second (given up,
    /// however recently asked).
    pub fn due_bounds(&self, now: i64) -> (i64, i64) {
        (
            now.saturating_sub(self.ask_again_after_ms),
            now.saturating_sub(self.give_up_after_ms),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: i64 = 60_000;

    fn wait() -> AnswerWait {
        AnswerWait::new(Duration::from_secs(60), Duration::from_secs(15 * 60))
    }

    #[test]
    fn asks_again_after_a_doubling_wait_then_gives_up() {
        let w = wait();
        assert_eq!(w.decide(0, 0, 1, MIN - 1), Unanswered::Wait);
        assert_eq!(w.decide(0, 0, 1, MIN), Unanswered::AskAgain);
        // Asked again at 1 min: the next wait is 2 min, then 4, then 8.
        assert_eq!(w.decide(0, MIN, 2, 3 * MIN - 1), Unanswered::Wait);
        assert_eq!(w.decide(0, MIN, 2, 3 * MIN), Unanswered::AskAgain);
        assert_eq!(w.decide(0, 3 * MIN, 3, 7 * MIN), Unanswered::AskAgain);
        assert_eq!(w.decide(0, 7 * MIN, 4, 14 * MIN), Unanswered::Wait);
        assert_eq!(w.decide(0, 7 * MIN, 4, 15 * MIN), Unanswered::GiveUp);
        assert_eq!(
            w.decide(0, 0, 1, 15 * MIN),
            Unanswered::GiveUp,
            "giving up comes first however long since the last ask"
        );
    }

    #[test]
    fn the_wait_stops_doubling_at_half_an_hour() {
        let w = wait();
        assert_eq!(w.interval_after(0), MIN);
        assert_eq!(w.interval_after(1), MIN);
        assert_eq!(w.interval_after(5), 16 * MIN);
        assert_eq!(w.interval_after(6), 30 * MIN);
        assert_eq!(w.interval_after(i32::MAX), 30 * MIN);
        let slow = AnswerWait::new(Duration::from_secs(3600), Duration::from_secs(7200));
        assert_eq!(
            slow.interval_after(3),
            60 * MIN,
            "never under the first wait"
        );
    }

    #[test]
    fn giving_up_is_never_before_the_first_wait() {
        let w = AnswerWait::new(Duration::from_secs(60), Duration::from_secs(1));
        assert_eq!(w.give_up_after_ms, MIN);
        assert_eq!(w.decide(0, 0, 1, MIN - 1), Unanswered::Wait);
        assert_eq!(w.decide(0, 0, 1, MIN), Unanswered::GiveUp);
        let z = AnswerWait::new(Duration::ZERO, Duration::ZERO);
        assert_eq!((z.ask_again_after_ms, z.give_up_after_ms), (1, 1));
    }

    #[test]
    fn nothing_outside_the_bounds_is_due() {
        let w = wait();
        let now = 100 * MIN;
        let (last_by, first_by) = w.due_bounds(now);
        assert_eq!((last_by, first_by), (99 * MIN, 85 * MIN));
        assert_eq!(
            w.decide(first_by + 1, last_by + 1, 1, now),
            Unanswered::Wait
        );
        assert_eq!(
            w.decide(first_by + 1, last_by, 1, now),
            Unanswered::AskAgain
        );
        assert_eq!(
            w.decide(first_by, last_by + 1, 5, now),
            Unanswered::GiveUp,
            "given up however recently asked"
        );
    }
}
