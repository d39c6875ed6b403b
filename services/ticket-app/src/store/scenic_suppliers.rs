//! Which suppliers supply which scenic spot (`stateScenicSupplier`). The tenant's staff see
//! every relationship of the tenant, a supplier its own.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{scenic_infos, scenic_suppliers};

/// A relationship as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScenicSupplier {
    pub id: i64,
    pub scenic_id: i64,
    pub scenic_name: String,
    pub mch_id: i64,
    pub mch_name: String,
    /// `stateScenicSupplier`: 0 pending, 1 cooperating, 2 stopped.
    pub state: i32,
    /// The operator's note on the last change.
    pub remark: String,
    pub create_date: i64,
    pub modify_date: i64,
}

#[derive(Debug, Default, Clone)]
pub struct SupplierFilter {
    pub scenic_id: Option<i64>,
    pub mch_id: Option<i64>,
    pub state: Option<i32>,
}

type Row = (i64, i64, String, i64, i32, String, i64, i64);

fn visible(viewer: &Viewer) -> scenic_suppliers::BoxedQuery<'static, Db> {
    let mut q = scenic_suppliers::table
        .filter(scenic_suppliers::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(mch) = viewer.mch_id() {
        q = q.filter(scenic_suppliers::mch_id.eq(mch));
    }
    q
}

fn shown(
    conn: &mut DbConnection,
    viewer: &Viewer,
    rows: Vec<Row>,
) -> QueryResult<Vec<ScenicSupplier>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.3).collect();
    let names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    Ok(rows
        .into_iter()
        .map(
            |(id, scenic_id, scenic_name, mch_id, state, remark, created, updated)| {
                ScenicSupplier {
                    id,
                    scenic_id,
                    scenic_name,
                    mch_id,
                    mch_name: names.get(&mch_id).cloned().unwrap_or_default(),
                    state,
                    remark,
                    create_date: created,
                    modify_date: updated,
                }
            },
        )
        .collect())
}

const COLUMNS: (
    scenic_suppliers::id,
    scenic_suppliers::scenic_id,
    scenic_infos::scenic_name,
    scenic_suppliers::mch_id,
    scenic_suppliers::state,
    scenic_suppliers::remark,
    scenic_suppliers::created_at,
    scenic_suppliers::updated_at,
) = (
    scenic_suppliers::id,
    scenic_suppliers::scenic_id,
    scenic_infos::scenic_name,
    scenic_suppliers::mch_id,
    scenic_suppliers::state,
    scenic_suppliers::remark,
    scenic_suppliers::created_at,
    scenic_suppliers::updated_at,
);

pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &SupplierFilter,
    page: PageRequest,
) -> QueryResult<(Vec<ScenicSupplier>, i64)> {
    let filtered = || {
        let mut q = visible(viewer);
        if let Some(s) = f.scenic_id {
            q = q.filter(scenic_suppliers::scenic_id.eq(s));
        }
        if let Some(m) = f.mch_id {
            q = q.filter(scenic_suppliers::mch_id.eq(m));
        }
        if let Some(s) = f.state {
            q = q.filter(scenic_suppliers::state.eq(s));
        }
        q
    };
    let total = filtered().count().get_result(conn)?;
    let ids: Vec<i64> = filtered()
        .order(scenic_suppliers::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(scenic_suppliers::id)
        .load(conn)?;
    let rows: Vec<Row> = scenic_suppliers::table
        .inner_join(scenic_infos::table.on(scenic_infos::id.eq(scenic_suppliers::scenic_id)))
        .filter(scenic_suppliers::id.eq_any(&ids))
        .order(scenic_suppliers::id.desc())
        .select(COLUMNS)
        .load(conn)?;
    Ok((shown(conn, viewer, rows)?, total))
}

pub fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<ScenicSupplier>> {
    let mut q = scenic_suppliers::table
        .inner_join(scenic_infos::table.on(scenic_infos::id.eq(scenic_suppliers::scenic_id)))
        .filter(scenic_suppliers::saas_id.eq(viewer.saas_id))
        .filter(scenic_suppliers::id.eq(id))
        .into_boxed();
    if let Some(mch) = viewer.mch_id() {
        q = q.filter(scenic_suppliers::mch_id.eq(mch));
    }
    let row: Option<Row> = q.select(COLUMNS).first(conn).optional()?;
    match row {
        Some(r) => Ok(shown(conn, viewer, vec![r])?.pop()),
        None => Ok(None),
    }
}

/// The relationship of a supplier with a spot of the tenant: its id and state.
pub fn of(
    conn: &mut DbConnection,
    saas_id: i64,
    scenic_id: i64,
    mch_id: i64,
) -> QueryResult<Option<(i64, i32)>> {
    scenic_suppliers::table
        .filter(scenic_suppliers::saas_id.eq(saas_id))
        .filter(scenic_suppliers::scenic_id.eq(scenic_id))
        .filter(scenic_suppliers::mch_id.eq(mch_id))
        .select((scenic_suppliers::id, scenic_suppliers::state))
        .first(conn)
        .optional()
}

/// Starts a relationship, or moves an existing one to `state` when it is still in `from`
/// (a conditional UPDATE: of two concurrent changes only one applies). Answers its id, or
/// None when the existing one moved meanwhile.
/// A supplier and a spot of a tenant.
#[derive(Debug, Clone, Copy)]
pub struct Pair {
    pub saas_id: i64,
    pub scenic_id: i64,
    pub mch_id: i64,
}

pub fn put(
    conn: &mut DbConnection,
    Pair {
        saas_id,
        scenic_id,
        mch_id,
    }: Pair,
    from: Option<i32>,
    state: i32,
    remark: &str,
    now: i64,
) -> QueryResult<Option<i64>> {
    match (of(conn, saas_id, scenic_id, mch_id)?, from) {
        (None, None) => {
            let id = platform::id::next_id();
            let inserted = diesel::insert_into(scenic_suppliers::table)
                .values((
                    scenic_suppliers::id.eq(id),
                    scenic_suppliers::saas_id.eq(saas_id),
                    scenic_suppliers::scenic_id.eq(scenic_id),
                    scenic_suppliers::mch_id.eq(mch_id),
                    scenic_suppliers::state.eq(state),
                    scenic_suppliers::remark.eq(remark),
                    scenic_suppliers::created_at.eq(now),
                    scenic_suppliers::updated_at.eq(now),
                ))
                .execute(conn);
            // The unique pair index refuses a second row made meanwhile by a concurrent call.
            match inserted {
                Ok(_) => Ok(Some(id)),
                Err(diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::UniqueViolation,
                    _,
                )) => Ok(None),
                Err(e) => Err(e),
            }
        }
        (Some((id, _)), Some(from)) => {
            let n = diesel::update(
                scenic_suppliers::table
                    .filter(scenic_suppliers::id.eq(id))
                    .filter(scenic_suppliers::state.eq(from)),
            )
            .set((
                scenic_suppliers::state.eq(state),
                scenic_suppliers::remark.eq(remark),
                scenic_suppliers::updated_at.eq(now),
            ))
            .execute(conn)?;
            Ok((n > 0).then_some(id))
        }
        _ => Ok(None),
    }
}

/// Whether the supplier cooperates with the spot now (it may sell its tickets).
pub fn cooperating(
    conn: &mut DbConnection,
    saas_id: i64,
    scenic_id: i64,
    mch_id: i64,
) -> QueryResult<bool> {
    Ok(of(conn, saas_id, scenic_id, mch_id)?
        .is_some_and(|(_, s)| s == crate::domain::scenic_supplier::COOPERATING))
}
