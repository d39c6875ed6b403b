//! The SMS queue: texts enqueued from notices (or refused without a licence), claimed by the
//! sender, their attempts, and the lists.

use diesel::prelude::*;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::Subscriber;
use super::schema::{licences, sms_attempts, sms_queue};
use crate::domain::notify::{self, Notice};
use crate::domain::sms;

/// The licence SMS go out under (saas-main's catalogue).
pub const LICENCE: &str = "saas/notify/sms";
/// Why a text is refused when the tenant holds no live licence.
const NO_LICENCE: &str = "no live SMS licence (saas/notify/sms)";

pub mod state {
    pub const QUEUED: i32 = 0;
    pub const SENDING: i32 = 1;
    pub const SENT: i32 = 2;
    pub const FAILED: i32 = 3;
    pub const REFUSED: i32 = 4;
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = sms_queue)]
#[serde(rename_all = "camelCase")]
pub struct Sms {
    pub id: i64,
    #[serde(skip)]
    pub saas_id: i64,
    pub user_id: i64,
    pub mobile: String,
    pub content: String,
    pub notify_type: i32,
    pub ref_id: String,
    /// 1, or 2 for a body longer than 60 characters.
    pub parts: i32,
    /// `stateSms`: 0 queued, 1 sending, 2 sent, 3 failed, 4 refused.
    pub state: i32,
    pub attempts: i32,
    pub next_attempt_at: i64,
    /// Why the last attempt failed, or why it was refused.
    pub last_error: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "sendDate")]
    pub sent_at: i64,
}

pub fn licence_live(conn: &mut DbConnection, saas_id: i64, now: i64) -> QueryResult<bool> {
    let l: Option<(i32, i64, i64)> = licences::table
        .find((saas_id, LICENCE))
        .select((
            licences::state,
            licences::license_value,
            licences::expire_date,
        ))
        .first(conn)
        .optional()?;
    Ok(l.is_some_and(|(s, v, e)| sms::live(s, v, e, now)))
}

/// Queues a text for every user whose SMS settings take a notice and who gave a mobile; refused
/// at once, with the reason, when the tenant holds no live SMS licence. Answers how many.
pub fn enqueue(
    conn: &mut DbConnection,
    saas_id: i64,
    subs: &[Subscriber],
    notices: &[Notice],
    now: i64,
) -> QueryResult<usize> {
    let takers: Vec<(&Subscriber, &Notice)> = notices
        .iter()
        .flat_map(|n| subs.iter().map(move |u| (u, n)))
        .filter(|(u, n)| !u.mobile.is_empty() && notify::takes(&u.notify_sms, u.state, u.mch_id, n))
        .collect();
    if takers.is_empty() {
        return Ok(0);
    }
    let live = licence_live(conn, saas_id, now)?;
    for (u, n) in &takers {
        let parts = sms::split(&n.message_zh).len() as i32;
        diesel::insert_into(sms_queue::table)
            .values((
                sms_queue::id.eq(platform::id::next_id()),
                sms_queue::saas_id.eq(saas_id),
                sms_queue::user_id.eq(u.user_id),
                sms_queue::mobile.eq(&u.mobile),
                sms_queue::content.eq(&n.message_zh),
                sms_queue::notify_type.eq(n.notify_type),
                sms_queue::ref_id.eq(&n.ref_id),
                sms_queue::parts.eq(parts),
                sms_queue::state.eq(if live { state::QUEUED } else { state::REFUSED }),
                sms_queue::attempts.eq(0),
                sms_queue::next_attempt_at.eq(now),
                sms_queue::last_error.eq(if live {
                    ""
                } else {
                    "no live SMS licence (saas/notify/sms)"
                }),
                sms_queue::created_at.eq(now),
                sms_queue::sent_at.eq(0_i64),
            ))
            .execute(conn)?;
    }
    Ok(takers.len())
}

/// How long a claim holds: a text still "sending" after this (its sender died mid-way) is
/// claimed again.
const CLAIM_MS: i64 = 60_000;

/// Claims up to `limit` texts due now (queued and their time come, or a stale claim): each
/// marked sending with a conditional update, so two senders never take the same one.
pub fn claim_due(conn: &mut DbConnection, now: i64, limit: i64) -> QueryResult<Vec<Sms>> {
    let due: Vec<Sms> = sms_queue::table
        .filter(sms_queue::state.eq_any([state::QUEUED, state::SENDING]))
        .filter(sms_queue::next_attempt_at.le(now))
        .order(sms_queue::next_attempt_at)
        .limit(limit)
        .select(Sms::as_select())
        .load(conn)?;
    let mut claimed = Vec::with_capacity(due.len());
    for s in due {
        let n = diesel::update(
            sms_queue::table
                .find(s.id)
                .filter(sms_queue::state.eq(s.state))
                .filter(sms_queue::next_attempt_at.eq(s.next_attempt_at)),
        )
        .set((
            sms_queue::state.eq(state::SENDING),
            sms_queue::next_attempt_at.eq(now + CLAIM_MS),
        ))
        .execute(conn)?;
        if n == 1 {
            claimed.push(s);
        }
    }
    Ok(claimed)
}

/// Records an attempt: sent (the licence used by its parts, `usage.recorded`), or failed and
/// retried later, or failed for good after the last attempt.
pub fn finish(
    conn: &mut DbConnection,
    s: &Sms,
    result: Result<(), String>,
    now: i64,
) -> QueryResult<()> {
    let attempts = s.attempts + 1;
    diesel::insert_into(sms_attempts::table)
        .values((
            sms_attempts::id.eq(platform::id::next_id()),
            sms_attempts::sms_id.eq(s.id),
            sms_attempts::attempted_at.eq(now),
            sms_attempts::ok.eq(result.is_ok()),
            sms_attempts::detail.eq(result.as_ref().err().cloned().unwrap_or_default()),
        ))
        .execute(conn)?;
    let row = sms_queue::table.find(s.id);
    match result {
        Ok(()) => {
            diesel::update(row)
                .set((
                    sms_queue::state.eq(state::SENT),
                    sms_queue::attempts.eq(attempts),
                    sms_queue::sent_at.eq(now),
                    sms_queue::last_error.eq(""),
                ))
                .execute(conn)?;
            let usage = v1::UsageRecorded {
                license_name: LICENCE.into(),
                quantity: i64::from(s.parts),
            };
            publish_in_tx(
                conn,
                Outgoing::new(crate::NAME, "usage.recorded", s.saas_id, &usage),
            )?;
        }
        Err(e) => {
            let (st, next) = if attempts >= sms::MAX_ATTEMPTS {
                (state::FAILED, now)
            } else {
                (state::QUEUED, now + sms::backoff_ms(attempts))
            };
            diesel::update(row)
                .set((
                    sms_queue::state.eq(st),
                    sms_queue::attempts.eq(attempts),
                    sms_queue::next_attempt_at.eq(next),
                    sms_queue::last_error.eq(e),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// A claimed text the tenant may no longer send (its licence lapsed or was used up).
pub fn refuse(conn: &mut DbConnection, s: &Sms) -> QueryResult<()> {
    diesel::update(sms_queue::table.find(s.id))
        .set((
            sms_queue::state.eq(state::REFUSED),
            sms_queue::last_error.eq(NO_LICENCE),
        ))
        .execute(conn)
        .map(|_| ())
}

/// A page of the tenant's texts, newest first.
pub fn page(
    conn: &mut DbConnection,
    saas_id: i64,
    only_user: Option<i64>,
    states: Option<i32>,
    mobile: Option<&str>,
    page: PageRequest,
) -> QueryResult<(Vec<Sms>, i64)> {
    let query = || {
        let mut q = sms_queue::table
            .filter(sms_queue::saas_id.eq(saas_id))
            .into_boxed::<Db>();
        if let Some(u) = only_user {
            q = q.filter(sms_queue::user_id.eq(u));
        }
        if let Some(s) = states {
            q = q.filter(sms_queue::state.eq(s));
        }
        if let Some(m) = mobile.filter(|m| !m.is_empty()) {
            q = q.filter(sms_queue::mobile.like(platform::db::prefix_pattern(m)));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((sms_queue::created_at.desc(), sms_queue::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(Sms::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// Puts a failed or refused text of the tenant back in the queue; false when there is none in
/// those states.
pub fn resend(conn: &mut DbConnection, saas_id: i64, id: i64, now: i64) -> QueryResult<bool> {
    let n = diesel::update(
        sms_queue::table
            .find(id)
            .filter(sms_queue::saas_id.eq(saas_id))
            .filter(sms_queue::state.eq_any([state::FAILED, state::REFUSED])),
    )
    .set((
        sms_queue::state.eq(state::QUEUED),
        sms_queue::attempts.eq(0),
        sms_queue::next_attempt_at.eq(now),
        sms_queue::last_error.eq(""),
    ))
    .execute(conn)?;
    Ok(n == 1)
}
