//! Invoices of top-ups. A request is one transaction: the invoice is written and its top-ups
//! move from success to invoicing under the condition that they still are successful top-ups of
//! the tenant on no invoice, so two requests for the same top-up at once make one invoice; the
//! issue moves the invoice and its top-ups to invoiced under the condition that it was invoicing,
//! and so does a withdrawal or a refusal, which gives the top-ups back (success, on no invoice).
//! `invoice_top_ups` keeps which top-ups a request covered once they are given back.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::boss::BalanceLog;
use super::schema::{balance_logs, invoice_top_ups, invoices, tenants};
use crate::domain::boss::{LOG_SUCCESS, LOG_TOP_UP};
use crate::domain::invoices::{Candidate, INVOICED, INVOICING, InvoiceRequest};

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = invoices)]
pub struct Invoice {
    pub id: i64,
    pub saas_id: i64,
    /// 1 ordinary VAT invoice, 2 special VAT invoice.
    pub invoice_type: i32,
    /// The buyer's name on the invoice.
    pub title: String,
    /// The buyer's taxpayer identification number.
    pub tax_no: String,
    pub email: String,
    pub address_phone: String,
    pub bank_account: String,
    pub remarks: String,
    /// The sum of its top-ups, fen.
    pub amount: i64,
    /// How many top-ups it covers.
    pub log_count: i32,
    /// 2 invoicing, 3 invoiced, 4 withdrawn by the tenant, 5 refused by the platform.
    pub state: i32,
    /// The issued invoice's number; empty until issued.
    pub invoice_no: String,
    pub applicant_id: i64,
    pub issuer_id: i64,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "issueDate")]
    pub issued_at: Option<i64>,
    /// The platform's reason for a refusal; empty otherwise.
    pub close_reason: String,
    /// Who withdrew or refused it (0: neither).
    pub closer_id: i64,
    /// When it was withdrawn or refused.
    #[serde(rename = "closeDate")]
    pub closed_at: Option<i64>,
}

/// An invoice with its tenant's name, as the platform's list shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceRow {
    #[serde(flatten)]
    pub invoice: Invoice,
    pub saas_name: String,
}

/// The rows among `ids` that are the tenant's (whatever their type and state).
pub fn candidates(
    conn: &mut DbConnection,
    viewer: &Viewer,
    ids: &[i64],
) -> QueryResult<Vec<Candidate>> {
    let rows: Vec<(i64, i32, i32, i64)> = balance_logs::table
        .filter(balance_logs::saas_id.eq(viewer.saas_id))
        .filter(balance_logs::id.eq_any(ids))
        .select((
            balance_logs::id,
            balance_logs::log_type,
            balance_logs::state,
            balance_logs::amount,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(id, log_type, state, amount)| Candidate {
            id,
            log_type,
            state,
            amount,
        })
        .collect())
}

/// Writes the invoice and moves its top-ups to invoicing; false (and the caller rolls back)
/// when one of them was taken or changed since it was checked.
#[allow(clippy::too_many_arguments)]
pub fn request(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    r: &InvoiceRequest,
    amount: i64,
    applicant_id: i64,
    now: i64,
) -> QueryResult<bool> {
    diesel::insert_into(invoices::table)
        .values((
            invoices::id.eq(id),
            invoices::saas_id.eq(viewer.saas_id),
            invoices::invoice_type.eq(r.invoice_type),
            invoices::title.eq(&r.title),
            invoices::tax_no.eq(&r.tax_no),
            invoices::email.eq(&r.email),
            invoices::address_phone.eq(&r.address_phone),
            invoices::bank_account.eq(&r.bank_account),
            invoices::remarks.eq(&r.remarks),
            invoices::amount.eq(amount),
            invoices::log_count.eq(r.log_ids.len() as i32),
            invoices::state.eq(INVOICING),
            invoices::invoice_no.eq(""),
            invoices::applicant_id.eq(applicant_id),
            invoices::issuer_id.eq(0),
            invoices::created_at.eq(now),
        ))
        .execute(conn)?;
    let moved = diesel::update(
        balance_logs::table
            .filter(balance_logs::saas_id.eq(viewer.saas_id))
            .filter(balance_logs::id.eq_any(&r.log_ids))
            .filter(balance_logs::log_type.eq(LOG_TOP_UP))
            .filter(balance_logs::state.eq(LOG_SUCCESS))
            .filter(balance_logs::invoice_id.eq(0)),
    )
    .set((
        balance_logs::state.eq(INVOICING),
        balance_logs::invoice_id.eq(id),
    ))
    .execute(conn)?;
    if moved != r.log_ids.len() {
        return Ok(false);
    }
    for log in &r.log_ids {
        diesel::insert_into(invoice_top_ups::table)
            .values((
                invoice_top_ups::invoice_id.eq(id),
                invoice_top_ups::log_id.eq(*log),
            ))
            .execute(conn)?;
    }
    Ok(true)
}

/// Who lists invoices: a tenant its own, the platform every tenant's (or one's).
#[derive(Debug, Clone, Copy)]
pub enum Scope {
    Tenant(i64),
    Platform(Option<i64>),
}

fn scoped(scope: Scope, state: Option<i32>) -> invoices::BoxedQuery<'static, Db> {
    let mut q = invoices::table.into_boxed::<Db>();
    match scope {
        Scope::Tenant(saas_id) | Scope::Platform(Some(saas_id)) => {
            q = q.filter(invoices::saas_id.eq(saas_id));
        }
        Scope::Platform(None) => {}
    }
    if let Some(s) = state {
        q = q.filter(invoices::state.eq(s));
    }
    q
}

/// Invoices newest first, with their tenant's name.
pub fn list(
    conn: &mut DbConnection,
    scope: Scope,
    state: Option<i32>,
    page: PageRequest,
) -> QueryResult<(Vec<InvoiceRow>, i64)> {
    let total = scoped(scope, state).count().get_result(conn)?;
    let rows: Vec<Invoice> = scoped(scope, state)
        .order(invoices::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(Invoice::as_select())
        .load(conn)?;
    let mut ids: Vec<i64> = rows.iter().map(|r| r.saas_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let names: Vec<(i64, String)> = tenants::table
        .filter(tenants::saas_id.eq_any(&ids))
        .select((tenants::saas_id, tenants::saas_name))
        .load(conn)?;
    let rows = rows
        .into_iter()
        .map(|invoice| {
            let saas_name = names
                .iter()
                .find(|(id, _)| *id == invoice.saas_id)
                .map(|(_, n)| n.clone())
                .unwrap_or_default();
            InvoiceRow { invoice, saas_name }
        })
        .collect();
    Ok((rows, total))
}

/// One invoice in the scope.
pub fn find(conn: &mut DbConnection, scope: Scope, id: i64) -> QueryResult<Option<Invoice>> {
    scoped(scope, None)
        .filter(invoices::id.eq(id))
        .select(Invoice::as_select())
        .first(conn)
        .optional()
}

/// The invoice, if it is still invoicing: what an issue, a withdrawal and a refusal change.
#[diesel::dsl::auto_type]
fn still_invoicing(id: i64) -> _ {
    let invoicing: i32 = INVOICING;
    invoices::table
        .filter(invoices::id.eq(id))
        .filter(invoices::state.eq(invoicing))
}

/// Marks the invoice issued with its number and its top-ups invoiced; false when it was not
/// invoicing any more (issued by someone else meanwhile).
pub fn issue(
    conn: &mut DbConnection,
    id: i64,
    invoice_no: &str,
    issuer_id: i64,
    now: i64,
) -> QueryResult<bool> {
    let changed = diesel::update(still_invoicing(id))
        .set((
            invoices::state.eq(INVOICED),
            invoices::invoice_no.eq(invoice_no),
            invoices::issuer_id.eq(issuer_id),
            invoices::issued_at.eq(Some(now)),
        ))
        .execute(conn)?;
    if changed == 0 {
        return Ok(false);
    }
    diesel::update(balance_logs::table.filter(balance_logs::invoice_id.eq(id)))
        .set(balance_logs::state.eq(INVOICED))
        .execute(conn)?;
    Ok(true)
}

/// Ends a request without an invoice (withdrawn or refused, `state`) when it is still
/// invoicing (the caller has found it in its scope); its top-ups become successful top-ups on
/// no invoice. False when it was not (issued or closed by someone else meanwhile).
pub fn close(
    conn: &mut DbConnection,
    id: i64,
    state: i32,
    reason: &str,
    closer_id: i64,
    now: i64,
) -> QueryResult<bool> {
    let changed = diesel::update(still_invoicing(id))
        .set((
            invoices::state.eq(state),
            invoices::close_reason.eq(reason),
            invoices::closer_id.eq(closer_id),
            invoices::closed_at.eq(Some(now)),
        ))
        .execute(conn)?;
    if changed == 0 {
        return Ok(false);
    }
    diesel::update(
        balance_logs::table
            .filter(balance_logs::invoice_id.eq(id))
            .filter(balance_logs::state.eq(INVOICING)),
    )
    .set((
        balance_logs::state.eq(LOG_SUCCESS),
        balance_logs::invoice_id.eq(0),
    ))
    .execute(conn)?;
    Ok(true)
}

/// The top-ups a request covers (or covered, once withdrawn or refused), oldest first.
pub fn logs_of(conn: &mut DbConnection, invoice_id: i64) -> QueryResult<Vec<BalanceLog>> {
    let covered: Vec<i64> = invoice_top_ups::table
        .filter(invoice_top_ups::invoice_id.eq(invoice_id))
        .select(invoice_top_ups::log_id)
        .load(conn)?;
    balance_logs::table
        .filter(balance_logs::id.eq_any(&covered))
        .order(balance_logs::id)
        .select(BalanceLog::as_select())
        .load(conn)
}
