//! The tenant's zones and areas, a tree by `parent_id` (0 for a root).

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::zones;
use crate::domain::hotel::ZoneFields;

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = zones)]
pub struct Zone {
    pub id: i64,
    /// 0 for a root.
    pub parent_id: i64,
    pub name: String,
    pub area_id: String,
    /// The centre as `longitude,latitude`, or empty.
    pub geo_lng: String,
    /// The geohash of the centre, or empty.
    pub geo_hash: String,
    /// 1 normal, 0 disabled.
    pub state: i32,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

/// A zone with its sub-zones, for the tree.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZoneNode {
    #[serde(flatten)]
    pub zone: Zone,
    #[schema(no_recursion)]
    pub children: Vec<ZoneNode>,
}

#[derive(Debug, Default, Clone)]
pub struct ZoneFilter {
    /// Part of the name.
    pub name: Option<String>,
    pub state: Option<i32>,
    pub parent_id: Option<i64>,
}

fn zones_in<'a>(viewer: &Viewer, f: &'a ZoneFilter) -> zones::BoxedQuery<'a, Db> {
    let mut q = zones::table
        .filter(zones::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(n) = f.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        q = q.filter(zones::name.contains_text(n));
    }
    if let Some(s) = f.state {
        q = q.filter(zones::state.eq(s));
    }
    if let Some(p) = f.parent_id {
        q = q.filter(zones::parent_id.eq(p));
    }
    q
}

pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &ZoneFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Zone>, i64)> {
    let total = zones_in(viewer, f).count().get_result(conn)?;
    let rows = zones_in(viewer, f)
        .order((zones::name, zones::id))
        .offset(page.offset())
        .limit(page.limit())
        .select(Zone::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// Every zone of the tenant, by name.
pub fn all(conn: &mut DbConnection, viewer: &Viewer) -> QueryResult<Vec<Zone>> {
    zones::table
        .filter(zones::saas_id.eq(viewer.saas_id))
        .order((zones::name, zones::id))
        .select(Zone::as_select())
        .load(conn)
}

pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<Zone>> {
    zones::table
        .find(id)
        .filter(zones::saas_id.eq(viewer.saas_id))
        .select(Zone::as_select())
        .first(conn)
        .optional()
}

pub fn exists(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<bool> {
    Ok(find(conn, viewer, id)?.is_some())
}

/// The names of the tenant's zones among `ids`.
pub fn names(
    conn: &mut DbConnection,
    viewer: &Viewer,
    ids: &[i64],
) -> QueryResult<HashMap<i64, String>> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<(i64, String)> = zones::table
            .filter(zones::saas_id.eq(viewer.saas_id))
            .filter(zones::id.eq_any(chunk))
            .select((zones::id, zones::name))
            .load(conn)?;
        out.extend(rows);
    }
    Ok(out)
}

/// Whether another zone under the same parent has this name (two "Chaoyang" under one city
/// could not be told apart in a select box).
pub fn sibling_name_taken(
    conn: &mut DbConnection,
    viewer: &Viewer,
    parent_id: i64,
    name: &str,
    except: i64,
) -> QueryResult<bool> {
    let n: i64 = zones::table
        .filter(zones::saas_id.eq(viewer.saas_id))
        .filter(zones::parent_id.eq(parent_id))
        .filter(zones::name.eq(name))
        .filter(zones::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// The columns a zone's fields fill (checked fields: `ZoneFields::check` ran and gave the
/// geohash).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = zones)]
struct ZoneColumns<'a> {
    parent_id: i64,
    name: &'a str,
    area_id: &'a str,
    geo_lng: &'a str,
    geo_hash: &'a str,
    state: i32,
}

impl<'a> ZoneColumns<'a> {
    fn of(f: &'a ZoneFields, geo_hash: &'a str) -> Self {
        Self {
            parent_id: f.parent_id,
            name: &f.name,
            area_id: &f.area_id,
            geo_lng: &f.geo_lng,
            geo_hash,
            state: f.state,
        }
    }
}

pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &ZoneFields,
    geo_hash: &str,
    now: i64,
) -> QueryResult<Zone> {
    diesel::insert_into(zones::table)
        .values((
            zones::id.eq(id),
            zones::saas_id.eq(viewer.saas_id),
            ZoneColumns::of(f, geo_hash),
            zones::created_at.eq(now),
            zones::updated_at.eq(now),
        ))
        .execute(conn)?;
    zones::table.find(id).select(Zone::as_select()).first(conn)
}

/// Changes a zone of the tenant; None when there is none.
pub fn update(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &ZoneFields,
    geo_hash: &str,
    now: i64,
) -> QueryResult<Option<Zone>> {
    let n = diesel::update(
        zones::table
            .find(id)
            .filter(zones::saas_id.eq(viewer.saas_id)),
    )
    .set((ZoneColumns::of(f, geo_hash), zones::updated_at.eq(now)))
    .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    find(conn, viewer, id)
}

/// Zones nest at most this deep (continent, country, province, city, district and a few
/// below): the tree is built and serialised recursively, so its depth must stay small.
pub const MAX_DEPTH: usize = 10;

/// Why a zone cannot hang under a parent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    Ok,
    /// No such zone in the tenant.
    NoParent,
    /// The parent is the zone itself or one of its descendants.
    Loop,
    /// The zone's subtree would reach below `MAX_DEPTH`.
    TooDeep,
}

/// Whether `zone` (None for a new one) may hang under `parent` (0: be a root), given all the
/// tenant's zones.
pub fn placement(all: &[Zone], zone: Option<i64>, parent: i64) -> Placement {
    let parents: HashMap<i64, i64> = all.iter().map(|z| (z.id, z.parent_id)).collect();
    // Levels from the top down to the parent, walking up; the visited set stops the walk
    // should the rows already hold a loop.
    let mut levels = 0;
    let mut seen = HashSet::new();
    let mut at = parent;
    while at != 0 {
        if Some(at) == zone {
            return Placement::Loop;
        }
        let Some(&up) = parents.get(&at) else {
            return if at == parent {
                Placement::NoParent
            } else {
                // A dangling ancestor: count the chain as rooted there.
                break;
            };
        };
        if !seen.insert(at) {
            break;
        }
        levels += 1;
        at = up;
    }
    let height = zone.map_or(1, |id| height(all, id));
    if levels + height > MAX_DEPTH {
        return Placement::TooDeep;
    }
    Placement::Ok
}

/// Levels in the subtree of `id`, itself included.
fn height(all: &[Zone], id: i64) -> usize {
    let mut children: HashMap<i64, Vec<i64>> = HashMap::new();
    for z in all {
        children.entry(z.parent_id).or_default().push(z.id);
    }
    let mut seen = HashSet::from([id]);
    let mut level = vec![id];
    let mut levels = 0;
    while !level.is_empty() {
        levels += 1;
        level = level
            .iter()
            .flat_map(|p| children.get(p).into_iter().flatten().copied())
            .filter(|c| seen.insert(*c))
            .collect();
    }
    levels
}

/// Nests zones under their parents, keeping the given order among siblings. A zone whose
/// parent is not among them (or that sits on a loop) is shown as a root rather than lost.
pub fn tree(rows: Vec<Zone>) -> Vec<ZoneNode> {
    let ids: HashSet<i64> = rows.iter().map(|z| z.id).collect();
    let mut children: HashMap<i64, Vec<Zone>> = HashMap::new();
    let mut roots = Vec::new();
    for z in rows {
        if z.parent_id != 0 && z.parent_id != z.id && ids.contains(&z.parent_id) {
            children.entry(z.parent_id).or_default().push(z);
        } else {
            roots.push(z);
        }
    }
    let mut out: Vec<ZoneNode> = roots
        .into_iter()
        .map(|z| attach(z, &mut children))
        .collect();
    // Zones left over sit on a loop no root reaches: each loop is shown from its smallest id.
    loop {
        let smallest = children
            .iter()
            .flat_map(|(&parent, kids)| {
                kids.iter().enumerate().map(move |(i, z)| (z.id, parent, i))
            })
            .min();
        let Some((_, parent, i)) = smallest else {
            break;
        };
        let Some(kids) = children.get_mut(&parent) else {
            break;
        };
        let first = kids.remove(i);
        if kids.is_empty() {
            children.remove(&parent);
        }
        out.push(attach(first, &mut children));
    }
    out
}

/// One zone's subtree, taking its descendants out of `children` (so each zone appears once).
fn attach(zone: Zone, children: &mut HashMap<i64, Vec<Zone>>) -> ZoneNode {
    let kids = children.remove(&zone.id).unwrap_or_default();
    ZoneNode {
        zone,
        children: kids.into_iter().map(|k| attach(k, children)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zone(id: i64, parent_id: i64) -> Zone {
        Zone {
            id,
            parent_id,
            name: format!("z{id}"),
            area_id: String::new(),
            geo_lng: String::new(),
            geo_hash: String::new(),
            state: 1,
            created_at: 0,
            updated_at: 0,
        }
    }

    fn shape(nodes: &[ZoneNode]) -> String {
        nodes
            .iter()
            .map(|n| {
                if n.children.is_empty() {
                    n.zone.id.to_string()
                } else {
                    format!("{}({})", n.zone.id, shape(&n.children))
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn nests_in_order_and_keeps_orphans_and_loops() {
        let rows = vec![
            zone(1, 0),
            zone(2, 1),
            zone(3, 2),
            zone(4, 1),
            zone(5, 0),
            zone(6, 99),
            zone(7, 8),
            zone(8, 7),
        ];
        assert_eq!(shape(&tree(rows)), "1(2(3) 4) 5 6 7(8)");
        assert!(tree(Vec::new()).is_empty());
    }

    #[test]
    fn placement_refuses_missing_parents_loops_and_depth() {
        let rows = vec![zone(1, 0), zone(2, 1), zone(3, 2), zone(4, 0)];
        assert_eq!(placement(&rows, None, 0), Placement::Ok);
        assert_eq!(placement(&rows, None, 3), Placement::Ok);
        assert_eq!(placement(&rows, None, 42), Placement::NoParent);
        assert_eq!(placement(&rows, Some(1), 1), Placement::Loop);
        assert_eq!(placement(&rows, Some(1), 3), Placement::Loop);
        assert_eq!(placement(&rows, Some(2), 4), Placement::Ok);
        assert_eq!(placement(&rows, Some(4), 3), Placement::Ok);
        let chain: Vec<Zone> = (1..=MAX_DEPTH as i64).map(|i| zone(i, i - 1)).collect();
        assert_eq!(placement(&chain, None, MAX_DEPTH as i64 - 1), Placement::Ok);
        assert_eq!(
            placement(&chain, None, MAX_DEPTH as i64),
            Placement::TooDeep
        );
        let mut two = chain.clone();
        two.push(zone(100, 0));
        two.push(zone(101, 100));
        // 100 and its child would sit below level 9: 9 + 2 levels.
        assert_eq!(placement(&two, Some(100), 9), Placement::TooDeep);
        assert_eq!(placement(&two, Some(100), 8), Placement::Ok);
    }
}
