//! The platform's provinces and cities (the countries are a fixed list in `domain::areas`).
//! Every tenant reads the same rows; platform administrators add and change them, and each change
//! is announced (`area.updated`, tenant 0) in its transaction for the services that place hotels
//! and scenic spots in areas.

use diesel::prelude::*;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::{Backend as Db, DbConnection, SearchText};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::areas;
use crate::NAME;
use crate::domain::areas::AreaFields;

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = areas)]
pub struct Area {
    pub id: i64,
    /// `CN-ZJ`, `CN-ZJ-HZ`: what hotels and scenic spots keep as their `areaId`.
    pub code: String,
    /// The country's code for a province, the province's for a city.
    pub parent_code: String,
    pub country: String,
    /// 2 province, 3 city.
    pub level: i32,
    pub name: String,
    pub name_en: String,
    /// 1 in use, 0 disabled.
    pub state: i32,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

#[derive(Debug, Default, Clone)]
pub struct AreaFilter {
    pub parent_code: Option<String>,
    pub country: Option<String>,
    pub level: Option<i32>,
    pub state: Option<i32>,
    /// Part of either name, or the start of the code.
    pub keyword: Option<String>,
}

fn filtered(f: &AreaFilter) -> areas::BoxedQuery<'_, Db> {
    let mut q = areas::table.into_boxed::<Db>();
    if let Some(p) = &f.parent_code {
        q = q.filter(areas::parent_code.eq(p));
    }
    if let Some(c) = &f.country {
        q = q.filter(areas::country.eq(c));
    }
    if let Some(l) = f.level {
        q = q.filter(areas::level.eq(l));
    }
    if let Some(s) = f.state {
        q = q.filter(areas::state.eq(s));
    }
    if let Some(k) = &f.keyword {
        // Case ignored on both backends: PostgreSQL's LIKE minds it, SQLite's does not.
        let lower = k.to_lowercase();
        q = q.filter(
            areas::name
                .contains_text(k)
                .or(platform::db::lower(areas::name_en).contains_text(&lower))
                .or(areas::code.starts_with_text(&k.to_ascii_uppercase())),
        );
    }
    q
}

/// Areas by code (so a province's cities follow it), paged.
pub fn list(
    conn: &mut DbConnection,
    f: &AreaFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Area>, i64)> {
    let total = filtered(f).count().get_result(conn)?;
    let rows = filtered(f)
        .order(areas::code)
        .offset(page.offset())
        .limit(page.limit())
        .select(Area::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn by_code(conn: &mut DbConnection, code: &str) -> QueryResult<Option<Area>> {
    areas::table
        .filter(areas::code.eq(code))
        .select(Area::as_select())
        .first(conn)
        .optional()
}

pub fn find(conn: &mut DbConnection, id: i64) -> QueryResult<Option<Area>> {
    areas::table
        .find(id)
        .select(Area::as_select())
        .first(conn)
        .optional()
}

fn announce(conn: &mut DbConnection, a: &Area) -> QueryResult<()> {
    let event = v1::AreaUpdated {
        code: a.code.clone(),
        parent_code: a.parent_code.clone(),
        level: a.level,
        name: a.name.clone(),
        name_en: a.name_en.clone(),
        state: a.state,
    };
    // Tenant 0: the list is the platform's, the same for every tenant.
    publish_in_tx(conn, Outgoing::new(NAME, "area.updated", 0, &event)).map(|_| ())
}

/// Announces every province and city again (`resync.areas.requested`), those the migration
/// seeded too (they predate every event); answers how many.
pub fn announce_all(conn: &mut DbConnection) -> QueryResult<usize> {
    let all: Vec<Area> = areas::table
        .order(areas::code)
        .select(Area::as_select())
        .load(conn)?;
    for a in &all {
        announce(conn, a)?;
    }
    Ok(all.len())
}

/// The place of a new area: its full code, parent, country and level.
pub struct Placing<'a> {
    pub code: &'a str,
    pub parent_code: &'a str,
    pub country: &'a str,
    pub level: i32,
}

/// Adds an area and announces it; answers it.
pub fn insert(
    conn: &mut DbConnection,
    at: Placing<'_>,
    f: &AreaFields,
    now: i64,
) -> QueryResult<Area> {
    let id = platform::id::next_id();
    diesel::insert_into(areas::table)
        .values((
            areas::id.eq(id),
            areas::code.eq(at.code),
            areas::parent_code.eq(at.parent_code),
            areas::country.eq(at.country),
            areas::level.eq(at.level),
            areas::name.eq(&f.name),
            areas::name_en.eq(&f.name_en),
            areas::state.eq(f.state),
            areas::created_at.eq(now),
            areas::updated_at.eq(now),
        ))
        .execute(conn)?;
    let area = find(conn, id)?.ok_or(diesel::result::Error::NotFound)?;
    announce(conn, &area)?;
    Ok(area)
}

/// Changes an area's names and state (its code and place never change: hotels and scenic
/// spots keep the code) and announces it; None when there is no such area.
pub fn update(
    conn: &mut DbConnection,
    id: i64,
    f: &AreaFields,
    now: i64,
) -> QueryResult<Option<Area>> {
    let changed = diesel::update(areas::table.find(id))
        .set((
            areas::name.eq(&f.name),
            areas::name_en.eq(&f.name_en),
            areas::state.eq(f.state),
            areas::updated_at.eq(now),
        ))
        .execute(conn)?;
    if changed == 0 {
        return Ok(None);
    }
    let area = find(conn, id)?.ok_or(diesel::result::Error::NotFound)?;
    announce(conn, &area)?;
    Ok(Some(area))
}
