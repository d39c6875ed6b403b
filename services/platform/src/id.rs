//! Time-ordered ids made by the application (no sequences, so both backends agree), kept
//! within 53 bits so that JavaScript reads them from JSON exactly (ids above 2^53 lose their
//! last digits in a browser): 40 bits of milliseconds since 2024-01-01 (until 2058), 5 bits of
//! node, 8 bits of sequence (256 ids a millisecond per process; the next millisecond is
//! borrowed beyond).

use std::sync::Mutex;

const EPOCH_MS: i64 = 1_704_067_200_000;
pub const NODE_BITS: u32 = 5;
const SEQ_BITS: u32 = 8;
const SEQ_MASK: i64 = (1 << SEQ_BITS) - 1;

struct State {
    last_ms: i64,
    seq: i64,
}

static STATE: Mutex<State> = Mutex::new(State { last_ms: 0, seq: 0 });

static NODE: std::sync::OnceLock<i64> = std::sync::OnceLock::new();

/// The node part: `TRADEWIND_NODE_ID` (0-31) when set, else the node this process claimed in
/// its database at start ([`set_node`], `platform::node`), else the process id (a process
/// without a database, or ids made before the claim).
fn node() -> i64 {
    *NODE.get_or_init(|| {
        configured_node().unwrap_or_else(|| i64::from(std::process::id())) & NODE_MASK
    })
}

const NODE_MASK: i64 = (1 << NODE_BITS) - 1;

/// `TRADEWIND_NODE_ID`, when set.
pub fn configured_node() -> Option<i64> {
    std::env::var("TRADEWIND_NODE_ID")
        .ok()
        .and_then(|v| v.parse::<i64>().ok())
        .map(|n| n & NODE_MASK)
}

/// The node this process makes ids with from now on, unless it has made some already (then
/// the node it made them with stays, and is answered).
pub fn set_node(node: i64) -> i64 {
    *NODE.get_or_init(|| node & NODE_MASK)
}

/// The node ids are made with, if already fixed.
pub fn current_node() -> Option<i64> {
    NODE.get().copied()
}

/// The next id: strictly increasing within the process.
pub fn next_id() -> i64 {
    let mut state = STATE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut now = crate::time::now_ms() - EPOCH_MS;
    if now <= state.last_ms {
        // Same millisecond, or the clock stepped back: keep counting from the last one.
        now = state.last_ms;
        state.seq = (state.seq + 1) & SEQ_MASK;
        if state.seq == 0 {
            now += 1;
        }
    } else {
        state.seq = 0;
    }
    state.last_ms = now;
    (now << (NODE_BITS + SEQ_BITS)) | (node() << SEQ_BITS) | state.seq
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_increase_strictly_and_are_positive() {
        let mut last = 0;
        for _ in 0..20_000 {
            let id = next_id();
            assert!(id > last, "{id} after {last}");
            last = id;
        }
    }

    #[test]
    fn ids_stay_exact_in_javascript_until_2058() {
        const MAX_SAFE_INTEGER: i64 = (1 << 53) - 1;
        assert!(next_id() < MAX_SAFE_INTEGER);
        let end_of_2057_ms = 2_145_916_800_000 - EPOCH_MS;
        let last = (end_of_2057_ms << (NODE_BITS + SEQ_BITS))
            | (((1 << NODE_BITS) - 1) << SEQ_BITS)
            | SEQ_MASK;
        assert!(last <= MAX_SAFE_INTEGER, "{last}");
    }
}
