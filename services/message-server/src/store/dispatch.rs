//! The dispatch queue of SMS and mail: messages enqueued from notices (or refused without a licence),
//! claimed by a sender, their attempts, and the lists. One table for both channels.

use diesel::prelude::*;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::Subscriber;
use super::schema::{dispatch_attempts, dispatches, licences};
use crate::domain::buyer::{self, BuyerMessage};
use crate::domain::dispatch::{self as rules, Channel};
use crate::domain::notify::{self, Notice};

/// `stateSms` and `stateMails`.
pub mod state {
    pub const QUEUED: i32 = 0;
    pub const SENDING: i32 = 1;
    pub const SENT: i32 = 2;
    pub const FAILED: i32 = 3;
    pub const REFUSED: i32 = 4;
}

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = dispatches)]
#[serde(rename_all = "camelCase")]
pub struct Dispatch {
    pub id: i64,
    #[serde(skip)]
    pub channel: i32,
    #[serde(skip)]
    pub saas_id: i64,
    pub user_id: i64,
    /// The mobile number (SMS) or e-mail address (mail).
    pub address: String,
    /// The mail's subject; empty for SMS.
    pub subject: String,
    pub content: String,
    pub notify_type: i32,
    pub ref_id: String,
    /// 1, or 2 for an SMS body longer than 60 characters.
    pub parts: i32,
    /// Parts the provider already took (a retry sends the rest).
    pub parts_sent: i32,
    /// 0 queued, 1 sending, 2 sent, 3 failed, 4 refused.
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

pub fn licence_live(
    conn: &mut DbConnection,
    channel: Channel,
    saas_id: i64,
    now: i64,
) -> QueryResult<bool> {
    let l: Option<(i32, i64, i64)> = licences::table
        .find((saas_id, channel.licence()))
        .select((
            licences::state,
            licences::license_value,
            licences::expire_date,
        ))
        .first(conn)
        .optional()?;
    Ok(l.is_some_and(|(s, v, e)| rules::live(s, v, e, now)))
}

/// A subscriber's settings and address on a channel.
fn on(channel: Channel, u: &Subscriber) -> (&str, &str) {
    match channel {
        Channel::Sms => (&u.notify_sms, &u.mobile),
        Channel::Mail => (&u.notify_mail, &u.email),
    }
}

/// Queues a message on `channel` for every user whose settings there take a notice and who
/// gave an address; refused at once, with the reason, when the tenant holds no live licence
/// for it. Answers how many.
pub fn enqueue(
    conn: &mut DbConnection,
    channel: Channel,
    saas_id: i64,
    subs: &[Subscriber],
    notices: &[Notice],
    now: i64,
) -> QueryResult<usize> {
    let takers: Vec<(&Subscriber, &Notice)> = notices
        .iter()
        .flat_map(|n| subs.iter().map(move |u| (u, n)))
        .filter(|(u, n)| {
            let (list, address) = on(channel, u);
            !address.is_empty() && notify::takes(list, u.state, u.mch_id, n)
        })
        .collect();
    if takers.is_empty() {
        return Ok(0);
    }
    let live = licence_live(conn, channel, saas_id, now)?;
    let refusal = if live {
        String::new()
    } else {
        channel.no_licence()
    };
    for (u, n) in &takers {
        let (subject, content, parts) = rules::compose(channel, n, &u.language);
        insert(
            conn,
            &Queued {
                channel,
                saas_id,
                user_id: u.user_id,
                address: on(channel, u).1,
                subject: &subject,
                content: &content,
                notify_type: n.notify_type,
                ref_id: &n.ref_id,
                parts,
            },
            &refusal,
            now,
        )?;
    }
    Ok(takers.len())
}

/// A message as it enters the queue.
struct Queued<'a> {
    channel: Channel,
    saas_id: i64,
    /// 0 for a buyer, who is no user.
    user_id: i64,
    address: &'a str,
    subject: &'a str,
    content: &'a str,
    notify_type: i32,
    ref_id: &'a str,
    parts: i32,
}

/// Queues `m`, or writes it refused with `refusal` when that is not empty.
fn insert(conn: &mut DbConnection, m: &Queued<'_>, refusal: &str, now: i64) -> QueryResult<()> {
    let state = if refusal.is_empty() {
        state::QUEUED
    } else {
        state::REFUSED
    };
    diesel::insert_into(dispatches::table)
        .values((
            dispatches::id.eq(platform::id::next_id()),
            dispatches::channel.eq(m.channel.id()),
            dispatches::saas_id.eq(m.saas_id),
            dispatches::user_id.eq(m.user_id),
            dispatches::address.eq(m.address),
            dispatches::subject.eq(m.subject),
            dispatches::content.eq(m.content),
            dispatches::notify_type.eq(m.notify_type),
            dispatches::ref_id.eq(m.ref_id),
            dispatches::parts.eq(m.parts),
            dispatches::parts_sent.eq(0),
            dispatches::state.eq(state),
            dispatches::attempts.eq(0),
            dispatches::next_attempt_at.eq(now),
            dispatches::last_error.eq(refusal),
            dispatches::created_at.eq(now),
            dispatches::sent_at.eq(0_i64),
        ))
        .execute(conn)?;
    Ok(())
}

/// Queues the messages to a ticket order's buyer (its vouchers' codes), each refused at once
/// when the tenant holds no live licence for its channel. Answers how many.
pub fn enqueue_for_buyer(
    conn: &mut DbConnection,
    saas_id: i64,
    order_id: i64,
    messages: &[BuyerMessage],
    now: i64,
) -> QueryResult<usize> {
    let ref_id = order_id.to_string();
    for m in messages {
        let refusal = if licence_live(conn, m.channel, saas_id, now)? {
            String::new()
        } else {
            m.channel.no_licence()
        };
        insert(
            conn,
            &Queued {
                channel: m.channel,
                saas_id,
                user_id: 0,
                address: &m.address,
                subject: &m.subject,
                content: &m.content,
                notify_type: buyer::NOTIFY_TYPE,
                ref_id: &ref_id,
                parts: m.parts,
            },
            &refusal,
            now,
        )?;
    }
    Ok(messages.len())
}

/// How long a claim holds: a message still "sending" after this (its sender died mid-way) is
/// claimed again.
const CLAIM_MS: i64 = 60_000;

/// Claims up to `limit` messages of `channel` due now (queued and their time come, or a stale
/// claim): each marked sending with a conditional update, so two senders never take the same.
pub fn claim_due(
    conn: &mut DbConnection,
    channel: Channel,
    now: i64,
    limit: i64,
) -> QueryResult<Vec<Dispatch>> {
    let due: Vec<Dispatch> = dispatches::table
        .filter(dispatches::channel.eq(channel.id()))
        .filter(dispatches::state.eq_any([state::QUEUED, state::SENDING]))
        .filter(dispatches::next_attempt_at.le(now))
        .order(dispatches::next_attempt_at)
        .limit(limit)
        .select(Dispatch::as_select())
        .load(conn)?;
    let mut claimed = Vec::with_capacity(due.len());
    for m in due {
        let n = diesel::update(
            dispatches::table
                .find(m.id)
                .filter(dispatches::state.eq(m.state))
                .filter(dispatches::next_attempt_at.eq(m.next_attempt_at)),
        )
        .set((
            dispatches::state.eq(state::SENDING),
            dispatches::next_attempt_at.eq(now + CLAIM_MS),
        ))
        .execute(conn)?;
        if n == 1 {
            claimed.push(m);
        }
    }
    Ok(claimed)
}

/// What one attempt achieved: the parts now taken (of all), and the error that stopped it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    pub parts_sent: i32,
    pub error: Option<String>,
    /// The error will not go away by trying again (a mailbox the server rejects for good, an
    /// address that is not one): failed at once.
    pub permanent: bool,
}

/// Records an attempt: sent (its licence used, `usage.recorded` with the parts), or failed and
/// retried later from the first part not taken, or failed for good after the last attempt or
/// a permanent error.
pub fn finish(
    conn: &mut DbConnection,
    m: &Dispatch,
    attempt: Attempt,
    now: i64,
) -> QueryResult<()> {
    let attempts = m.attempts + 1;
    diesel::insert_into(dispatch_attempts::table)
        .values((
            dispatch_attempts::id.eq(platform::id::next_id()),
            dispatch_attempts::message_id.eq(m.id),
            dispatch_attempts::attempted_at.eq(now),
            dispatch_attempts::ok.eq(attempt.error.is_none()),
            dispatch_attempts::detail.eq(attempt.error.clone().unwrap_or_default()),
        ))
        .execute(conn)?;
    let row = dispatches::table.find(m.id);
    match attempt.error {
        None => {
            diesel::update(row)
                .set((
                    dispatches::state.eq(state::SENT),
                    dispatches::attempts.eq(attempts),
                    dispatches::parts_sent.eq(m.parts),
                    dispatches::sent_at.eq(now),
                    dispatches::last_error.eq(""),
                ))
                .execute(conn)?;
            let channel = if m.channel == Channel::Mail.id() {
                Channel::Mail
            } else {
                Channel::Sms
            };
            let usage = v1::UsageRecorded {
                license_name: channel.licence().into(),
                quantity: i64::from(m.parts),
            };
            publish_in_tx(
                conn,
                Outgoing::new(crate::NAME, "usage.recorded", m.saas_id, &usage),
            )?;
        }
        Some(e) => {
            let (st, next) = if attempt.permanent || attempts >= rules::MAX_ATTEMPTS {
                (state::FAILED, now)
            } else {
                (state::QUEUED, now + rules::backoff_ms(attempts))
            };
            diesel::update(row)
                .set((
                    dispatches::state.eq(st),
                    dispatches::attempts.eq(attempts),
                    dispatches::parts_sent.eq(attempt.parts_sent),
                    dispatches::next_attempt_at.eq(next),
                    dispatches::last_error.eq(e),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// A claimed message the tenant may no longer send (its licence lapsed or was used up).
pub fn refuse(conn: &mut DbConnection, channel: Channel, m: &Dispatch) -> QueryResult<()> {
    diesel::update(dispatches::table.find(m.id))
        .set((
            dispatches::state.eq(state::REFUSED),
            dispatches::last_error.eq(channel.no_licence()),
        ))
        .execute(conn)
        .map(|_| ())
}

/// What a list asks for.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Only this user's (a merchant's user sees its own).
    pub user_id: Option<i64>,
    pub state: Option<i32>,
    /// The start of the mobile number or address.
    pub address: Option<String>,
}

/// A page of the tenant's messages on a channel, newest first.
pub fn page(
    conn: &mut DbConnection,
    channel: Channel,
    saas_id: i64,
    f: &Filter,
    page: PageRequest,
) -> QueryResult<(Vec<Dispatch>, i64)> {
    let query = || {
        let mut q = dispatches::table
            .filter(dispatches::saas_id.eq(saas_id))
            .filter(dispatches::channel.eq(channel.id()))
            .into_boxed::<Db>();
        if let Some(u) = f.user_id {
            q = q.filter(dispatches::user_id.eq(u));
        }
        if let Some(s) = f.state {
            q = q.filter(dispatches::state.eq(s));
        }
        if let Some(a) = f.address.as_deref().filter(|a| !a.is_empty()) {
            q = q.filter(dispatches::address.starts_with_text(a));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((dispatches::created_at.desc(), dispatches::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(Dispatch::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// Puts a failed or refused message of the tenant back in the queue (from its first part not
/// taken); false when there is none in those states.
pub fn resend(
    conn: &mut DbConnection,
    channel: Channel,
    saas_id: i64,
    id: i64,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        dispatches::table
            .find(id)
            .filter(dispatches::saas_id.eq(saas_id))
            .filter(dispatches::channel.eq(channel.id()))
            .filter(dispatches::state.eq_any([state::FAILED, state::REFUSED])),
    )
    .set((
        dispatches::state.eq(state::QUEUED),
        dispatches::attempts.eq(0),
        dispatches::next_attempt_at.eq(now),
        dispatches::last_error.eq(""),
    ))
    .execute(conn)?;
    Ok(n == 1)
}
