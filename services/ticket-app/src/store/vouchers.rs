//! Vouchers: issued when an order is confirmed (one per ticket or one per order, by the
//! product), cancelled with it, listed and printed for whoever sees the order, and redeemed at
//! the gate. A redemption admits with one conditional UPDATE (`state = valid`), so however many
//! gates scan a code at the same moment exactly one admits; redeeming the last valid voucher
//! of an order completes it (`platform::trade::order_state`), in the same transaction.

use diesel::prelude::*;
use platform::db::{Backend as Db, DbConnection};
use platform::i18n::Text;
use platform::{ApiError, Viewer};
use serde::Serialize;
use utoipa::ToSchema;

use super::channel_orders::ChannelOrigin;
use super::orders::{self, Actor, OrderRow};
use super::schema::{
    scenic_infos, ticket_channel_orders, ticket_orders, ticket_products, ticket_vouchers,
};
use crate::domain::product::TicketProductFields;
use crate::domain::voucher::{self, CODE_BYTES, Scanned, Verdict, state};
use crate::domain::voucher_doc::{self, VoucherPage};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = ticket_vouchers)]
struct VoucherRow {
    id: i64,
    order_id: i64,
    scenic_id: i64,
    seq: i32,
    code: String,
    tickets: i64,
    state: i32,
    valid_from: String,
    valid_to: String,
    used_at: i64,
    used_by: i64,
    used_role: String,
    used_gate: String,
    used_scan: String,
    created_at: i64,
}

/// A voucher as the order's detail shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Voucher {
    pub voucher_id: i64,
    pub order_id: i64,
    /// 1.. among the order's vouchers.
    pub seq: i32,
    /// The code the QR code carries (20 characters of Crockford's base32).
    pub code: String,
    /// The code as printed, in groups of four.
    pub code_grouped: String,
    /// People it admits.
    pub tickets: i64,
    /// 0 valid, 1 used, 2 cancelled.
    pub state: i32,
    /// First day it admits, YYYY-MM-DD ('' no bound).
    pub valid_from: String,
    /// Last day it admits ('' no bound).
    pub valid_to: String,
    /// When it was used (ms; 0 not yet), by whom (user id), as what (operator/supplier) and at
    /// which gate.
    pub used_at: i64,
    pub used_by: i64,
    pub used_role: String,
    pub used_gate: String,
    pub create_date: i64,
}

impl From<VoucherRow> for Voucher {
    fn from(r: VoucherRow) -> Self {
        Self {
            voucher_id: r.id,
            order_id: r.order_id,
            seq: r.seq,
            code_grouped: voucher::grouped(&r.code),
            code: r.code,
            tickets: r.tickets,
            state: r.state,
            valid_from: r.valid_from,
            valid_to: r.valid_to,
            used_at: r.used_at,
            used_by: r.used_by,
            used_role: r.used_role,
            used_gate: r.used_gate,
            create_date: r.created_at,
        }
    }
}

fn no_randomness(e: &getrandom::Error) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("no randomness for a voucher code: {e}"))
}

/// A new code, drawn from the system's random source.
fn new_code() -> Result<String, ApiError> {
    let mut b = [0u8; CODE_BYTES];
    getrandom::fill(&mut b).map_err(|e| no_randomness(&e))?;
    Ok(voucher::code_of(&b))
}

fn day_text(d: Option<i64>) -> String {
    d.map(platform::time::format_day).unwrap_or_default()
}

/// Issues the vouchers of order `o` (product `p`) unless it has some: in the caller's
/// transaction, when the order becomes confirmed. Answers the codes issued.
pub fn issue(
    conn: &mut DbConnection,
    o: &OrderRow,
    p: &TicketProductFields,
    now: i64,
) -> Result<Vec<String>, ApiError> {
    let has: i64 = ticket_vouchers::table
        .filter(ticket_vouchers::order_id.eq(o.id))
        .count()
        .get_result(conn)?;
    if has > 0 {
        return Ok(Vec::new());
    }
    issue_new(conn, o, p, now)
}

/// Issues the vouchers of an order that has none yet (one just placed), in one statement.
pub fn issue_new(
    conn: &mut DbConnection,
    o: &OrderRow,
    p: &TicketProductFields,
    now: i64,
) -> Result<Vec<String>, ApiError> {
    let (count, each) = voucher::split(p, o.quantity);
    let visit = platform::time::parse_date("visitDate", &o.visit_date)?;
    let (from, to) = voucher::valid_days(p, visit, platform::time::day_of_ms(o.created_at));
    let (from, to) = (day_text(from), day_text(to));
    let mut codes = Vec::new();
    let mut rows = Vec::new();
    for seq in 1..=count {
        // 100 random bits: a clash is next to impossible, and the unique index refuses one.
        let code = new_code()?;
        rows.push((
            (
                ticket_vouchers::id.eq(platform::id::next_id()),
                ticket_vouchers::saas_id.eq(o.saas_id),
                ticket_vouchers::order_id.eq(o.id),
                ticket_vouchers::scenic_id.eq(o.scenic_id),
                ticket_vouchers::seq.eq(i32::try_from(seq).unwrap_or(i32::MAX)),
                ticket_vouchers::code.eq(code.clone()),
                ticket_vouchers::tickets.eq(each),
                ticket_vouchers::state.eq(state::VALID),
            ),
            (
                ticket_vouchers::valid_from.eq(from.clone()),
                ticket_vouchers::valid_to.eq(to.clone()),
                ticket_vouchers::used_at.eq(0),
                ticket_vouchers::used_by.eq(0),
                ticket_vouchers::used_role.eq(""),
                ticket_vouchers::used_gate.eq(""),
                ticket_vouchers::used_scan.eq(""),
                ticket_vouchers::created_at.eq(now),
            ),
        ));
        codes.push(code);
    }
    // 16 columns a row: 500 rows stay well under SQLite's 32,766 parameters.
    for chunk in rows.chunks(500) {
        let insert = diesel::insert_into(ticket_vouchers::table).values(chunk);
        platform::per_backend!(conn, |c| insert.execute(c))?;
    }
    Ok(codes)
}

/// The order's vouchers not used yet become cancelled (the order was cancelled or refunded).
pub fn cancel_of(conn: &mut DbConnection, order_id: i64) -> QueryResult<usize> {
    diesel::update(
        ticket_vouchers::table
            .filter(ticket_vouchers::order_id.eq(order_id))
            .filter(ticket_vouchers::state.eq(state::VALID)),
    )
    .set(ticket_vouchers::state.eq(state::CANCELLED))
    .execute(conn)
}

/// The codes of the order's vouchers still valid, in order (what a channel hands its visitor).
pub fn codes_of(conn: &mut DbConnection, order_id: i64) -> QueryResult<Vec<String>> {
    ticket_vouchers::table
        .filter(ticket_vouchers::order_id.eq(order_id))
        .filter(ticket_vouchers::state.eq(state::VALID))
        .order(ticket_vouchers::seq)
        .select(ticket_vouchers::code)
        .load(conn)
}

/// Tickets of the order admitted so far.
pub fn used_tickets(conn: &mut DbConnection, order_id: i64) -> QueryResult<i64> {
    let used: Vec<i64> = ticket_vouchers::table
        .filter(ticket_vouchers::order_id.eq(order_id))
        .filter(ticket_vouchers::state.eq(state::USED))
        .select(ticket_vouchers::tickets)
        .load(conn)?;
    Ok(used.iter().sum())
}

fn of_order(conn: &mut DbConnection, order_id: i64) -> QueryResult<Vec<VoucherRow>> {
    ticket_vouchers::table
        .filter(ticket_vouchers::order_id.eq(order_id))
        .order(ticket_vouchers::seq)
        .select(VoucherRow::as_select())
        .load(conn)
}

/// The vouchers of an order the caller sees; `None` when it sees no such order.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    order_id: i64,
) -> QueryResult<Option<Vec<Voucher>>> {
    if orders::find(conn, viewer, order_id)?.is_none() {
        return Ok(None);
    }
    Ok(Some(
        of_order(conn, order_id)?
            .into_iter()
            .map(Voucher::from)
            .collect(),
    ))
}

fn no_voucher() -> ApiError {
    ApiError::Rule {
        code: "no-voucher",
        msg: Text::fixed(
            "该订单没有凭证（尚未确认，或产品不发凭证）",
            "This order has no voucher (not confirmed yet, or its product gives none)",
        ),
    }
}

/// A downloadable file.
pub struct Download {
    pub file_name: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// The QR code (PNG) of voucher `voucher_id` of an order the caller sees.
pub fn qr_png(
    conn: &mut DbConnection,
    viewer: &Viewer,
    voucher_id: i64,
) -> Result<Download, ApiError> {
    let v = ticket_vouchers::table
        .find(voucher_id)
        .filter(ticket_vouchers::saas_id.eq(viewer.saas_id))
        .select(VoucherRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(not_found)?;
    if orders::find(conn, viewer, v.order_id)?.is_none() {
        return Err(not_found());
    }
    let bytes = voucher_doc::qr_png(&v.code).map_err(|e| ApiError::Internal(anyhow::anyhow!(e)))?;
    Ok(Download {
        file_name: format!("voucher-{}-{}.png", v.order_id, v.seq),
        content_type: "image/png",
        bytes,
    })
}

/// The PDF of the vouchers of an order the caller sees (the cancelled ones left out).
pub fn pdf(conn: &mut DbConnection, viewer: &Viewer, order_id: i64) -> Result<Download, ApiError> {
    let o = orders::find(conn, viewer, order_id)?.ok_or_else(orders::not_found)?;
    let rows: Vec<VoucherRow> = of_order(conn, order_id)?
        .into_iter()
        .filter(|v| v.state != state::CANCELLED)
        .collect();
    if rows.is_empty() {
        return Err(no_voucher());
    }
    let product_name: String = ticket_products::table
        .find(o.product_id)
        .select(ticket_products::product_name)
        .first(conn)?;
    let (scenic_name, scenic_name_en): (String, String) = scenic_infos::table
        .find(o.scenic_id)
        .select((scenic_infos::scenic_name, scenic_infos::scenic_name_en))
        .first(conn)?;
    let total = rows.len();
    let pages: Vec<VoucherPage> = rows
        .into_iter()
        .map(|v| VoucherPage {
            seq: format!("{}/{total}", v.seq),
            tickets: v.tickets,
            order_id: o.id,
            product_name: product_name.clone(),
            scenic_name: scenic_name.clone(),
            scenic_name_en: scenic_name_en.clone(),
            visit_date: o.visit_date.clone(),
            valid: match (v.valid_from.as_str(), v.valid_to.as_str()) {
                ("", "") => "any day".into(),
                (f, t) if f == t => f.to_owned(),
                (f, t) => format!("{} - {}", or_any(f), or_any(t)),
            },
            contact: o.contact_name.clone(),
            code: v.code,
        })
        .collect();
    let bytes = voucher_doc::pdf(&pages).map_err(|e| ApiError::Internal(anyhow::anyhow!(e)))?;
    Ok(Download {
        file_name: format!("vouchers-{order_id}.pdf"),
        content_type: "application/pdf",
        bytes,
    })
}

fn or_any(d: &str) -> &str {
    if d.is_empty() { "..." } else { d }
}

fn not_found() -> ApiError {
    ApiError::not_found("凭证", "voucher")
}

/// A scan at a gate.
#[derive(Debug, Clone, Default)]
pub struct Scan {
    /// As read or typed (anything: checked here).
    pub code: String,
    /// The gate's scenic spot (0: not said; then any spot's voucher of the caller's).
    pub scenic_id: i64,
    /// The gate's name, kept with the admission.
    pub gate: String,
    /// The scanner's id of this scan: the same scan sent again is answered as before.
    pub scan_id: String,
}

/// The gate's answer.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Redemption {
    /// true: let them in.
    pub admitted: bool,
    /// `admitted`, `already-used`, `not-yet-valid`, `expired`, `cancelled`, `not-confirmed`,
    /// `wrong-scenic`, `unknown-code`.
    pub result: String,
    /// What the gate shows, in the caller's language.
    pub message: String,
    /// The same scan (its `scanId`) told again: admitted before, not again.
    pub repeat: bool,
    /// The code as read (normalised), empty when it cannot be one.
    pub code: String,
    pub voucher_id: i64,
    pub order_id: i64,
    pub seq: i32,
    /// People it admits.
    pub tickets: i64,
    pub scenic_id: i64,
    pub scenic_name: String,
    pub product_name: String,
    pub visit_date: String,
    pub contact_name: String,
    pub valid_from: String,
    pub valid_to: String,
    /// When and by whom it was used (the admission, or the earlier one a refusal names).
    pub used_at: i64,
    pub used_by: i64,
    pub used_role: String,
    pub used_gate: String,
    /// This admission used the order's last voucher: the order is completed.
    pub order_completed: bool,
}

fn answer(verdict: Verdict, code: &str) -> Redemption {
    let (zh, en) = verdict.words();
    Redemption {
        admitted: verdict == Verdict::Admitted,
        result: verdict.as_str().to_owned(),
        message: Text::fixed(zh, en).localized().to_owned(),
        code: code.to_owned(),
        ..Redemption::default()
    }
}

/// The gate's answer `r` about voucher `v` (as it now is) of the scanned order.
fn describe(mut r: Redemption, v: &VoucherRow, g: &AtGate) -> Redemption {
    let o = &g.order;
    r.voucher_id = v.id;
    r.order_id = o.id;
    r.seq = v.seq;
    r.tickets = v.tickets;
    r.scenic_id = v.scenic_id;
    r.scenic_name.clone_from(&g.scenic_name);
    r.product_name.clone_from(&g.product_name);
    r.visit_date = o.visit_date.clone();
    r.contact_name = o.contact_name.clone();
    r.valid_from = v.valid_from.clone();
    r.valid_to = v.valid_to.clone();
    r.used_at = v.used_at;
    r.used_by = v.used_by;
    r.used_role = v.used_role.clone();
    r.used_gate = v.used_gate.clone();
    r
}

/// A scanned voucher with all its answer and admission need, read with one statement: its order
/// (if `viewer` sees it), the product's and the spot's names, the channel the order came from.
struct AtGate {
    voucher: VoucherRow,
    order: OrderRow,
    product_name: String,
    scenic_name: String,
    origin: Option<ChannelOrigin>,
}

type AtGateRow = (
    VoucherRow,
    OrderRow,
    Option<String>,
    Option<String>,
    Option<ChannelOrigin>,
);

fn at_gate(conn: &mut DbConnection, viewer: &Viewer, code: &str) -> QueryResult<Option<AtGate>> {
    let q = ticket_vouchers::table
        .inner_join(ticket_orders::table.on(ticket_orders::id.eq(ticket_vouchers::order_id)))
        .left_join(ticket_products::table.on(ticket_products::id.eq(ticket_orders::product_id)))
        .left_join(scenic_infos::table.on(scenic_infos::id.eq(ticket_vouchers::scenic_id)))
        .left_join(
            ticket_channel_orders::table.on(ticket_channel_orders::order_id.eq(ticket_orders::id)),
        )
        .filter(ticket_vouchers::code.eq(code))
        .filter(ticket_vouchers::saas_id.eq(viewer.saas_id))
        .filter(orders::seen_by(viewer))
        .into_boxed::<Db>();
    let row: Option<AtGateRow> = q
        .select((
            VoucherRow::as_select(),
            OrderRow::as_select(),
            ticket_products::product_name.nullable(),
            scenic_infos::scenic_name.nullable(),
            Option::<ChannelOrigin>::as_select(),
        ))
        .first(conn)
        .optional()?;
    Ok(row.map(|(voucher, order, product, scenic, origin)| AtGate {
        voucher,
        order,
        product_name: product.unwrap_or_default(),
        scenic_name: scenic.unwrap_or_default(),
        origin,
    }))
}

/// Redeems a scanned code for `actor` (the tenant's staff, or the supplier of the voucher's
/// order: another's code is unknown to it), in the caller's transaction. A refusal writes
/// nothing; an admission marks the voucher used (who, when, which gate, which scan) with one
/// conditional UPDATE, logs it on the order, publishes `order.ticket.modified`, and when no
/// valid voucher of the order is left completes the order.
pub fn redeem(conn: &mut DbConnection, actor: &Actor, scan: &Scan) -> Result<Redemption, ApiError> {
    let Some(code) = voucher::normalise(&scan.code) else {
        return Ok(answer(Verdict::UnknownCode, ""));
    };
    let Some(g) = at_gate(conn, &actor.viewer, &code)? else {
        return Ok(answer(Verdict::UnknownCode, &code));
    };
    let (v, o) = (&g.voucher, &g.order);
    let today = platform::time::format_day(platform::time::day_of_ms(actor.now));
    if v.state == state::USED && !scan.scan_id.is_empty() && v.used_scan == scan.scan_id {
        let mut r = describe(answer(Verdict::Admitted, &code), v, &g);
        r.repeat = true;
        return Ok(r);
    }
    let verdict = voucher::judge(
        &Scanned {
            voucher_state: v.state,
            order_state: o.order_state,
            scenic_id: v.scenic_id,
            valid_from: &v.valid_from,
            valid_to: &v.valid_to,
        },
        scan.scenic_id,
        &today,
    );
    if verdict != Verdict::Admitted {
        return Ok(describe(answer(verdict, &code), v, &g));
    }
    let role = orders::role_name_of(&actor.viewer);
    let admitted = diesel::update(
        ticket_vouchers::table
            .filter(ticket_vouchers::id.eq(v.id))
            .filter(ticket_vouchers::state.eq(state::VALID)),
    )
    .set((
        ticket_vouchers::state.eq(state::USED),
        ticket_vouchers::used_at.eq(actor.now),
        ticket_vouchers::used_by.eq(actor.user_id),
        ticket_vouchers::used_role.eq(role),
        ticket_vouchers::used_gate.eq(&scan.gate),
        ticket_vouchers::used_scan.eq(&scan.scan_id),
    ))
    .execute(conn)?;
    if admitted != 1 {
        let now_v = ticket_vouchers::table
            .find(v.id)
            .select(VoucherRow::as_select())
            .first(conn)?;
        // Another gate admitted it a moment ago: name when and by whom (or, the same scan, the
        // same answer).
        if !scan.scan_id.is_empty() && now_v.used_scan == scan.scan_id {
            let mut r = describe(answer(Verdict::Admitted, &code), &now_v, &g);
            r.repeat = true;
            return Ok(r);
        }
        let again = if now_v.state == state::USED {
            Verdict::AlreadyUsed
        } else {
            Verdict::Cancelled
        };
        return Ok(describe(answer(again, &code), &now_v, &g));
    }
    // What the update wrote, without reading the row again.
    let now_v = VoucherRow {
        state: state::USED,
        used_at: actor.now,
        used_by: actor.user_id,
        used_role: role.to_owned(),
        used_gate: scan.gate.clone(),
        used_scan: scan.scan_id.clone(),
        ..v.clone()
    };
    // The order's row is written first (its lock taken), so two gates admitting the order's
    // last two vouchers at once count one after the other and the second completes it.
    let completed = orders::redeemed(
        conn,
        actor,
        o,
        orders::Used {
            product_name: &g.product_name,
            code: &now_v.code,
            tickets: now_v.tickets,
            gate: &scan.gate,
            origin: g.origin.as_ref(),
        },
        |c| {
            ticket_vouchers::table
                .filter(ticket_vouchers::order_id.eq(o.id))
                .filter(ticket_vouchers::state.eq(state::VALID))
                .count()
                .get_result::<i64>(c)
        },
    )?;
    let mut r = describe(answer(Verdict::Admitted, &code), &now_v, &g);
    r.order_completed = completed;
    Ok(r)
}
