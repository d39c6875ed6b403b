//! A supplier's relationship with a scenic spot (`stateScenicSupplier`), and a supplier's
//! requests to add or change a spot: who may move them where.
//!
//! A supplier applies to supply a spot (pending); the tenant's staff accept (cooperating) or
//! stop it, and may resume a stopped one. A stopped supplier may apply again. A supplier whose
//! request to add a spot is approved cooperates with the new spot at once.

use platform::ApiError;
use platform::i18n::Text;

/// `stateScenicSupplier`.
pub const PENDING: i32 = 0;
pub const COOPERATING: i32 = 1;
pub const STOPPED: i32 = 2;
pub const STATES: &[i32] = &[PENDING, COOPERATING, STOPPED];

/// Request kinds and states (`scenicRequests`).
pub const KIND_ADD: i32 = 1;
pub const KIND_MODIFY: i32 = 2;
pub const REQUEST_PENDING: i32 = 0;
pub const REQUEST_APPROVED: i32 = 1;
pub const REQUEST_REJECTED: i32 = 2;

fn state_name(s: i32) -> Text {
    let (zh, en) = match s {
        PENDING => ("待审核", "pending"),
        COOPERATING => ("合作中", "cooperating"),
        STOPPED => ("已停止", "stopped"),
        _ => ("未知", "unknown"),
    };
    Text::new(format!("{zh}({s})"), format!("{en} ({s})"))
}

fn refused(from: i32, to: i32) -> ApiError {
    let (f, t) = (state_name(from), state_name(to));
    ApiError::Rule {
        code: "scenic-supplier-state",
        msg: Text::new(
            format!("景区供应商状态为{}，不能改为{}", f.zh, t.zh),
            format!(
                "The supplier relationship is {}: it cannot become {}",
                f.en, t.en
            ),
        ),
    }
}

/// The state a supplier's application leads to: a new relationship, or a stopped one, becomes
/// pending; a pending or cooperating one cannot be applied for again.
pub fn apply(current: Option<i32>) -> Result<i32, ApiError> {
    match current {
        None | Some(STOPPED) => Ok(PENDING),
        Some(s) => Err(refused(s, PENDING)),
    }
}

/// The tenant's staff move a relationship: pending to cooperating or stopped, cooperating to
/// stopped, stopped back to cooperating.
pub fn change(from: i32, to: i32) -> Result<i32, ApiError> {
    platform::validate::one_of("state", to, &[COOPERATING, STOPPED])?;
    let allowed = matches!(
        (from, to),
        (PENDING, COOPERATING)
            | (PENDING, STOPPED)
            | (COOPERATING, STOPPED)
            | (STOPPED, COOPERATING)
    );
    if allowed {
        Ok(to)
    } else {
        Err(refused(from, to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_supplier_applies_when_new_or_stopped_only() {
        assert_eq!(apply(None).unwrap(), PENDING);
        assert_eq!(apply(Some(STOPPED)).unwrap(), PENDING);
        for s in [PENDING, COOPERATING] {
            let e = apply(Some(s)).unwrap_err();
            assert!(matches!(
                e,
                ApiError::Rule {
                    code: "scenic-supplier-state",
                    ..
                }
            ));
        }
    }

    #[test]
    fn the_staff_move_exactly_these_ways() {
        let allowed = [
            (PENDING, COOPERATING),
            (PENDING, STOPPED),
            (COOPERATING, STOPPED),
            (STOPPED, COOPERATING),
        ];
        for from in STATES {
            for to in [PENDING, COOPERATING, STOPPED, 7] {
                let r = change(*from, to);
                assert_eq!(r.is_ok(), allowed.contains(&(*from, to)), "{from} -> {to}");
            }
        }
        assert!(matches!(change(PENDING, 7), Err(ApiError::Invalid { .. })));
        let msg = change(COOPERATING, COOPERATING).unwrap_err().to_string();
        assert!(msg.contains("cooperating (1)"), "{msg}");
    }
}
