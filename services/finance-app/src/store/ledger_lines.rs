//! The reconciliation summaries' read model (`ledger_lines`, [`crate::domain::ledger_line`]):
//! one line per tenant, side, merchant and currency, kept in the transaction that changes the
//! ledger's rows. A writer [`track`]s the rows it is about to change (on PostgreSQL they are
//! locked first, in id order, so nobody else changes them before it reads what they count),
//! changes them, and [`Tracked::finish`]es: what they count now minus what they counted is
//! added to the lines, in key order, after every row change of the transaction (lines are
//! only ever locked last, so a writer holding a line waits for nothing but other lines).
//! [`grouped`] is the truth the lines must equal (every row grouped), used by [`rebuild`] and
//! by the tests.

use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use diesel::upsert::excluded;
use platform::db::DbConnection;

use super::schema::ledger as rows;
use super::schema::ledger_lines as lines;
use crate::domain::ledger_line::{Figures, LineKey, changes};
use crate::domain::settlement::Side;

/// What a ledger row counts in the lines.
#[derive(Queryable, Selectable)]
#[diesel(table_name = rows)]
struct RowFigures {
    id: i64,
    distributor_mch_id: i64,
    supplier_mch_id: i64,
    currency_code: String,
    receipt_due: i64,
    receipt_received: i64,
    receipt_verify: i32,
    payment_due: i64,
    payment_paid: i64,
    payment_verify: i32,
}

impl RowFigures {
    /// Its receipt line and its payment line, with what it counts in each.
    fn counted(self) -> [(LineKey, Figures); 2] {
        [
            (
                (
                    Side::Receipt.kind(),
                    self.distributor_mch_id,
                    self.currency_code.clone(),
                ),
                Figures::of_row(self.receipt_due, self.receipt_received, self.receipt_verify),
            ),
            (
                (
                    Side::Payment.kind(),
                    self.supplier_mch_id,
                    self.currency_code,
                ),
                Figures::of_row(self.payment_due, self.payment_paid, self.payment_verify),
            ),
        ]
    }
}

fn read(
    conn: &mut DbConnection,
    saas_id: i64,
    ids: &[i64],
) -> QueryResult<Vec<(LineKey, Figures)>> {
    let found: Vec<RowFigures> = rows::table
        .filter(rows::saas_id.eq(saas_id))
        .filter(rows::id.eq_any(ids))
        .select(RowFigures::as_select())
        .load(conn)?;
    Ok(found.into_iter().flat_map(RowFigures::counted).collect())
}

/// Rows about to change, with what they counted before.
#[must_use = "a tracked change must be finished, or the summaries miss it"]
pub struct Tracked {
    saas_id: i64,
    ids: Vec<i64>,
    before: Vec<(LineKey, Figures)>,
}

/// Takes the rows `ids` of the tenant (locked, on PostgreSQL) and reads what they count now.
pub fn track(conn: &mut DbConnection, saas_id: i64, ids: &[i64]) -> QueryResult<Tracked> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    if let DbConnection::Postgres(c) = conn {
        // SQLite's writer holds the whole database from BEGIN IMMEDIATE on.
        rows::table
            .filter(rows::saas_id.eq(saas_id))
            .filter(rows::id.eq_any(&ids))
            .order(rows::id)
            .select(rows::id)
            .for_update()
            .load::<i64>(c)?;
    }
    let before = read(conn, saas_id, &ids)?;
    Ok(Tracked {
        saas_id,
        ids,
        before,
    })
}

/// [`track`] of one order's row (none if it has none yet), locked and read in one statement.
pub fn track_order(
    conn: &mut DbConnection,
    saas_id: i64,
    product_type: i32,
    order_id: i64,
) -> QueryResult<Tracked> {
    let of_order = rows::table
        .filter(rows::saas_id.eq(saas_id))
        .filter(rows::product_type.eq(product_type))
        .filter(rows::order_id.eq(order_id));
    let found: Vec<RowFigures> = match conn {
        // SQLite's writer holds the whole database from BEGIN IMMEDIATE on.
        DbConnection::Postgres(c) => of_order
            .select(RowFigures::as_select())
            .for_update()
            .load(c)?,
        DbConnection::Sqlite(_) => of_order.select(RowFigures::as_select()).load(conn)?,
    };
    Ok(Tracked {
        saas_id,
        ids: found.iter().map(|r| r.id).collect(),
        before: found.into_iter().flat_map(RowFigures::counted).collect(),
    })
}

impl Tracked {
    /// Adds to the lines what the tracked rows count now minus what they counted.
    pub fn finish(self, conn: &mut DbConnection) -> QueryResult<()> {
        let after = read(conn, self.saas_id, &self.ids)?;
        for ((kind, mch_id, currency), d) in changes(&self.before, &after) {
            let upsert = diesel::insert_into(lines::table)
                .values((
                    lines::saas_id.eq(self.saas_id),
                    lines::kind.eq(kind),
                    lines::mch_id.eq(mch_id),
                    lines::currency.eq(&currency),
                    lines::order_count.eq(d.order_count),
                    lines::due.eq(d.due),
                    lines::done.eq(d.done),
                    lines::outstanding.eq(d.outstanding),
                    lines::abnormal_count.eq(d.abnormal_count),
                ))
                .on_conflict((lines::saas_id, lines::kind, lines::mch_id, lines::currency))
                .do_update()
                .set((
                    lines::order_count.eq(lines::order_count + excluded(lines::order_count)),
                    lines::due.eq(lines::due + excluded(lines::due)),
                    lines::done.eq(lines::done + excluded(lines::done)),
                    lines::outstanding.eq(lines::outstanding + excluded(lines::outstanding)),
                    lines::abnormal_count
                        .eq(lines::abnormal_count + excluded(lines::abnormal_count)),
                ));
            platform::per_backend!(&mut *conn, |c| upsert.execute(c))?;
        }
        Ok(())
    }
}

/// One merchant's line in one currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub mch_id: i64,
    pub currency: String,
    pub figures: Figures,
}

type LineRow = (i64, String, i64, i64, i64, i64, i64);

fn line_of(
    (mch_id, currency, order_count, due, done, outstanding, abnormal_count): LineRow,
) -> Line {
    Line {
        mch_id,
        currency,
        figures: Figures {
            order_count,
            due,
            done,
            outstanding,
            abnormal_count,
        },
    }
}

/// The lines of `side` of the tenant with merchant ids from `lo` to `hi` and at least one
/// order, by merchant and currency.
pub fn lines_of(
    conn: &mut DbConnection,
    saas_id: i64,
    side: Side,
    lo: i64,
    hi: i64,
) -> QueryResult<Vec<Line>> {
    let found: Vec<LineRow> = lines::table
        .filter(lines::saas_id.eq(saas_id))
        .filter(lines::kind.eq(side.kind()))
        .filter(lines::mch_id.between(lo, hi))
        .filter(lines::order_count.gt(0))
        .order((lines::mch_id, lines::currency))
        .select((
            lines::mch_id,
            lines::currency,
            lines::order_count,
            lines::due,
            lines::done,
            lines::outstanding,
            lines::abnormal_count,
        ))
        .load(conn)?;
    Ok(found.into_iter().map(line_of).collect())
}

/// The same lines computed from every row of the tenant (what [`lines_of`] must equal; slow on
/// a large ledger).
pub fn grouped(conn: &mut DbConnection, saas_id: i64, side: Side) -> QueryResult<Vec<Line>> {
    let (due_col, done_col, ver_col) = match side {
        Side::Receipt => ("receipt_due", "receipt_received", "receipt_verify"),
        Side::Payment => ("payment_due", "payment_paid", "payment_verify"),
    };
    let sum = |expr: String| sql::<BigInt>(&format!("CAST(COALESCE(SUM({expr}), 0) AS BIGINT)"));
    let found: Vec<LineRow> = match side {
        Side::Receipt => rows::table
            .filter(rows::saas_id.eq(saas_id))
            .filter(rows::receipt_due.gt(0).or(rows::receipt_received.gt(0)))
            .group_by((rows::distributor_mch_id, rows::currency_code))
            .select((
                rows::distributor_mch_id,
                rows::currency_code,
                sql::<BigInt>("CAST(COUNT(*) AS BIGINT)"),
                sum(due_col.to_owned()),
                sum(done_col.to_owned()),
                sum(format!("{due_col} - {done_col}")),
                sum(format!("CASE WHEN {ver_col} = -1 THEN 1 ELSE 0 END")),
            ))
            .order_by((rows::distributor_mch_id, rows::currency_code))
            .load(conn)?,
        Side::Payment => rows::table
            .filter(rows::saas_id.eq(saas_id))
            .filter(rows::payment_due.gt(0).or(rows::payment_paid.gt(0)))
            .group_by((rows::supplier_mch_id, rows::currency_code))
            .select((
                rows::supplier_mch_id,
                rows::currency_code,
                sql::<BigInt>("CAST(COUNT(*) AS BIGINT)"),
                sum(due_col.to_owned()),
                sum(done_col.to_owned()),
                sum(format!("{due_col} - {done_col}")),
                sum(format!("CASE WHEN {ver_col} = -1 THEN 1 ELSE 0 END")),
            ))
            .order_by((rows::supplier_mch_id, rows::currency_code))
            .load(conn)?,
    };
    Ok(found.into_iter().map(line_of).collect())
}

/// Makes the tenant's lines again from its rows (after rows were written around the store, as
/// the finance benchmark's bulk insert does).
pub fn rebuild(conn: &mut DbConnection, saas_id: i64) -> QueryResult<()> {
    diesel::delete(lines::table.filter(lines::saas_id.eq(saas_id))).execute(conn)?;
    for side in [Side::Receipt, Side::Payment] {
        for l in grouped(conn, saas_id, side)? {
            let f = l.figures;
            diesel::insert_into(lines::table)
                .values((
                    lines::saas_id.eq(saas_id),
                    lines::kind.eq(side.kind()),
                    lines::mch_id.eq(l.mch_id),
                    lines::currency.eq(&l.currency),
                    lines::order_count.eq(f.order_count),
                    lines::due.eq(f.due),
                    lines::done.eq(f.done),
                    lines::outstanding.eq(f.outstanding),
                    lines::abnormal_count.eq(f.abnormal_count),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}
