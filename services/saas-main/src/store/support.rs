//! Support tickets (work orders) and their replies. A tenant's users reach their tenant's tickets
//! (a merchant's users their merchant's) through [`Scope::Of`]; the platform's support staff
//! reach every tenant's through [`Scope::Platform`]. Each change is conditional on the state the
//! caller saw, so two people acting at once cannot both move a ticket. An assignment publishes
//! `support.assigned` in its transaction.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use platform::tenancy::PLATFORM_SAAS_ID;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{support_replies, support_tickets};
use crate::NAME;
use crate::domain::support::{PENDING, STATES, TicketFields};

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = support_tickets)]
pub struct Ticket {
    #[serde(rename = "supportId")]
    pub id: i64,
    pub saas_id: i64,
    /// 0: the tenant's staff submitted it.
    pub mch_id: i64,
    /// 10 hotel, 20 ticket.
    pub business_type: i32,
    /// 1 pending, 2 in progress, 3 solved.
    pub state: i32,
    pub subject: String,
    pub tag: String,
    pub title: String,
    pub content: String,
    pub applicant_id: i64,
    /// The applicant's username.
    #[serde(rename = "applicant")]
    pub applicant_name: String,
    pub assignee_id: Option<i64>,
    pub assignee_name: String,
    /// The customer allows support staff to act in their account.
    pub allow_agent_login: bool,
    /// Support took it up (assigned or replied).
    pub handled: bool,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    /// The last submission, reply or change.
    #[serde(rename = "lastDate")]
    pub last_at: i64,
    #[serde(rename = "solvedDate")]
    pub solved_at: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = support_replies)]
pub struct TicketReply {
    pub id: i64,
    #[serde(rename = "supportId")]
    pub ticket_id: i64,
    pub author_id: i64,
    pub author_name: String,
    /// Written by the platform's support staff.
    pub from_support: bool,
    pub content: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
}

/// Whose tickets a caller reaches.
#[derive(Debug, Clone, Copy)]
pub enum Scope<'a> {
    /// A tenant's user: the tenant's tickets, a merchant's user only the merchant's.
    Of(&'a Viewer),
    /// The platform's support staff: every tenant's.
    Platform,
}

#[derive(Debug, Default, Clone)]
pub struct TicketFilter {
    pub title: Option<String>,
    pub state: Option<i32>,
    pub business_type: Option<i32>,
    /// One tenant's (the platform's list).
    pub saas_id: Option<i64>,
    pub assignee_id: Option<i64>,
}

fn scoped<'a>(scope: Scope<'_>) -> support_tickets::BoxedQuery<'a, Db> {
    let mut q = support_tickets::table.into_boxed();
    if let Scope::Of(viewer) = scope {
        q = q.filter(support_tickets::saas_id.eq(viewer.saas_id));
        if let Some(mch) = viewer.mch_id() {
            q = q.filter(support_tickets::mch_id.eq(mch));
        }
    }
    q
}

fn matching<'a>(scope: Scope<'_>, f: &'a TicketFilter) -> support_tickets::BoxedQuery<'a, Db> {
    let mut q = scoped(scope);
    if let Some(t) = f.title.as_deref().filter(|t| !t.is_empty()) {
        q = q.filter(support_tickets::title.contains_text(t));
    }
    if let Some(s) = f.state {
        q = q.filter(support_tickets::state.eq(s));
    }
    if let Some(b) = f.business_type {
        q = q.filter(support_tickets::business_type.eq(b));
    }
    if let Some(s) = f.saas_id {
        q = q.filter(support_tickets::saas_id.eq(s));
    }
    if let Some(a) = f.assignee_id {
        q = q.filter(support_tickets::assignee_id.eq(a));
    }
    q
}

/// Tickets newest first.
pub fn list(
    conn: &mut DbConnection,
    scope: Scope<'_>,
    f: &TicketFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Ticket>, i64)> {
    let total = matching(scope, f).count().get_result(conn)?;
    let rows = matching(scope, f)
        .order(support_tickets::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(Ticket::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// How many of the reachable tickets are in each state: `[pending, in progress, solved]`.
pub fn counts(conn: &mut DbConnection, scope: Scope<'_>) -> QueryResult<[i64; 3]> {
    let mut out = [0; 3];
    for (slot, state) in out.iter_mut().zip(STATES) {
        *slot = scoped(scope)
            .filter(support_tickets::state.eq(state))
            .count()
            .get_result(conn)?;
    }
    Ok(out)
}

pub fn find(conn: &mut DbConnection, scope: Scope<'_>, id: i64) -> QueryResult<Option<Ticket>> {
    scoped(scope)
        .filter(support_tickets::id.eq(id))
        .select(Ticket::as_select())
        .first(conn)
        .optional()
}

/// A ticket's replies, oldest first.
pub fn replies(conn: &mut DbConnection, t: &Ticket) -> QueryResult<Vec<TicketReply>> {
    support_replies::table
        .filter(support_replies::ticket_id.eq(t.id))
        .filter(support_replies::saas_id.eq(t.saas_id))
        .order((support_replies::created_at.asc(), support_replies::id.asc()))
        .select(TicketReply::as_select())
        .load(conn)
}

/// Who writes: the user's id and username.
#[derive(Debug, Clone)]
pub struct Author {
    pub id: i64,
    pub name: String,
}

/// Files a pending ticket in the viewer's tenant (and merchant).
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &TicketFields,
    applicant: &Author,
    allow_agent_login: bool,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(support_tickets::table)
        .values((
            support_tickets::id.eq(id),
            support_tickets::saas_id.eq(viewer.saas_id),
            support_tickets::mch_id.eq(viewer.mch_id().unwrap_or(0)),
            support_tickets::business_type.eq(f.business_type),
            support_tickets::state.eq(PENDING),
            support_tickets::subject.eq(&f.subject),
            support_tickets::tag.eq(&f.tag),
            support_tickets::title.eq(&f.title),
            support_tickets::content.eq(&f.content),
            support_tickets::applicant_id.eq(applicant.id),
            support_tickets::applicant_name.eq(&applicant.name),
            support_tickets::assignee_name.eq(""),
            support_tickets::allow_agent_login.eq(allow_agent_login),
            support_tickets::handled.eq(false),
            support_tickets::created_at.eq(now),
            support_tickets::last_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Each update applies only while the ticket is in the state the caller saw.
fn moved_ok(n: usize) -> bool {
    n == 1
}

/// Moves the ticket to `state` (solve, restore); false when it changed meanwhile.
pub fn set_state(conn: &mut DbConnection, t: &Ticket, state: i32, now: i64) -> QueryResult<bool> {
    let solved_at = (state == crate::domain::support::SOLVED).then_some(now);
    let n = diesel::update(
        support_tickets::table
            .find(t.id)
            .filter(support_tickets::saas_id.eq(t.saas_id))
            .filter(support_tickets::state.eq(t.state)),
    )
    .set((
        support_tickets::state.eq(state),
        support_tickets::solved_at.eq(solved_at),
        support_tickets::last_at.eq(now),
    ))
    .execute(conn)?;
    Ok(moved_ok(n))
}

/// Adds a reply and moves the ticket to `state` (support's first reply takes it up); false when
/// the ticket changed meanwhile (nothing is written then).
pub fn reply(
    conn: &mut DbConnection,
    t: &Ticket,
    state: i32,
    author: &Author,
    from_support: bool,
    content: &str,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        support_tickets::table
            .find(t.id)
            .filter(support_tickets::saas_id.eq(t.saas_id))
            .filter(support_tickets::state.eq(t.state)),
    )
    .set((
        support_tickets::state.eq(state),
        support_tickets::handled.eq(t.handled || from_support),
        support_tickets::last_at.eq(now),
    ))
    .execute(conn)?;
    if !moved_ok(n) {
        return Ok(false);
    }
    diesel::insert_into(support_replies::table)
        .values((
            support_replies::id.eq(platform::id::next_id()),
            support_replies::ticket_id.eq(t.id),
            support_replies::saas_id.eq(t.saas_id),
            support_replies::author_id.eq(author.id),
            support_replies::author_name.eq(&author.name),
            support_replies::from_support.eq(from_support),
            support_replies::content.eq(content),
            support_replies::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(true)
}

/// The customer allows or withdraws the agent login; false when the ticket changed meanwhile.
pub fn consent(conn: &mut DbConnection, t: &Ticket, allow: bool, now: i64) -> QueryResult<bool> {
    let n = diesel::update(
        support_tickets::table
            .find(t.id)
            .filter(support_tickets::saas_id.eq(t.saas_id))
            .filter(support_tickets::state.eq(t.state)),
    )
    .set((
        support_tickets::allow_agent_login.eq(allow),
        support_tickets::last_at.eq(now),
    ))
    .execute(conn)?;
    Ok(moved_ok(n))
}

/// Assigns the ticket to one of the platform's support staff and moves it to `state`, then
/// announces `support.assigned` (for message-server to tell the assignee); false when the
/// ticket changed meanwhile.
pub fn assign(
    conn: &mut DbConnection,
    t: &Ticket,
    state: i32,
    assignee: &Author,
    by: &Author,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        support_tickets::table
            .find(t.id)
            .filter(support_tickets::saas_id.eq(t.saas_id))
            .filter(support_tickets::state.eq(t.state)),
    )
    .set((
        support_tickets::state.eq(state),
        support_tickets::assignee_id.eq(Some(assignee.id)),
        support_tickets::assignee_name.eq(&assignee.name),
        support_tickets::handled.eq(true),
        support_tickets::last_at.eq(now),
    ))
    .execute(conn)?;
    if !moved_ok(n) {
        return Ok(false);
    }
    let payload = v1::SupportAssigned {
        support_id: t.id,
        ticket_saas_id: t.saas_id,
        business_type: t.business_type,
        title: t.title.clone(),
        assignee_id: assignee.id,
        assignee_name: assignee.name.clone(),
        assigned_by: by.id,
        assigned_by_name: by.name.clone(),
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "support.assigned", PLATFORM_SAAS_ID, &payload),
    )?;
    Ok(true)
}
