//! Price levels and price rules of the viewer's tenant. Every change to a rule publishes
//! `price-rule.updated` in its transaction; deleting a level moves its distributors to level 0
//! and deletes its rules in one transaction.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{merchants, price_grades, price_rules};
use crate::NAME;
use crate::domain::merchants::{DELETED, DISTRIBUTOR, SUPPLIER};
use crate::domain::price_policy::{DEFAULT_GRADE, RULE_ENABLED, Scope};

/// A level as listed: its name, and how many distributors and rules refer to it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceGrade {
    /// None for level 0 before it is named.
    pub id: Option<i64>,
    /// 0 (the default) to 9.
    pub grade: i32,
    pub grade_name: String,
    pub remark: String,
    /// Distributors at this level (deleted ones aside).
    pub distributor_count: i64,
    pub rule_count: i64,
    #[serde(rename = "createDate")]
    pub created_at: Option<i64>,
    #[serde(rename = "modifyDate")]
    pub updated_at: Option<i64>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = price_grades)]
struct GradeRow {
    id: i64,
    grade: i32,
    grade_name: String,
    remark: String,
    created_at: i64,
    updated_at: i64,
}

/// How many of the tenant's distributors are at `grade`.
fn distributors_at(conn: &mut DbConnection, viewer: &Viewer, grade: i32) -> QueryResult<i64> {
    merchants::table
        .filter(merchants::saas_id.eq(viewer.saas_id))
        .filter(merchants::mch_type.eq(DISTRIBUTOR))
        .filter(merchants::state.ne(DELETED))
        .filter(merchants::grade.eq(grade))
        .count()
        .get_result(conn)
}

fn rules_at(conn: &mut DbConnection, viewer: &Viewer, grade: i32) -> QueryResult<i64> {
    price_rules::table
        .filter(price_rules::saas_id.eq(viewer.saas_id))
        .filter(price_rules::grade.eq(grade))
        .count()
        .get_result(conn)
}

/// The tenant's levels in order, level 0 always among them (unnamed until staff name it; the
/// console shows its default name then).
pub fn list_grades(conn: &mut DbConnection, viewer: &Viewer) -> QueryResult<Vec<PriceGrade>> {
    let rows: Vec<GradeRow> = price_grades::table
        .filter(price_grades::saas_id.eq(viewer.saas_id))
        .order(price_grades::grade)
        .select(GradeRow::as_select())
        .load(conn)?;
    let mut out = Vec::with_capacity(rows.len() + 1);
    if rows.first().is_none_or(|r| r.grade != DEFAULT_GRADE) {
        out.push(PriceGrade {
            id: None,
            grade: DEFAULT_GRADE,
            grade_name: String::new(),
            remark: String::new(),
            distributor_count: distributors_at(conn, viewer, DEFAULT_GRADE)?,
            rule_count: rules_at(conn, viewer, DEFAULT_GRADE)?,
            created_at: None,
            updated_at: None,
        });
    }
    for r in rows {
        out.push(PriceGrade {
            id: Some(r.id),
            grade: r.grade,
            grade_name: r.grade_name,
            remark: r.remark,
            distributor_count: distributors_at(conn, viewer, r.grade)?,
            rule_count: rules_at(conn, viewer, r.grade)?,
            created_at: Some(r.created_at),
            updated_at: Some(r.updated_at),
        });
    }
    Ok(out)
}

/// Whether the tenant has named `grade` (level 0 always exists).
pub fn grade_exists(conn: &mut DbConnection, viewer: &Viewer, grade: i32) -> QueryResult<bool> {
    if grade == DEFAULT_GRADE {
        return Ok(true);
    }
    let n: i64 = price_grades::table
        .filter(price_grades::saas_id.eq(viewer.saas_id))
        .filter(price_grades::grade.eq(grade))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Names a level; false when the tenant already has it.
pub fn insert_grade(
    conn: &mut DbConnection,
    viewer: &Viewer,
    grade: i32,
    name: &str,
    remark: &str,
    now: i64,
) -> QueryResult<bool> {
    let exists: i64 = price_grades::table
        .filter(price_grades::saas_id.eq(viewer.saas_id))
        .filter(price_grades::grade.eq(grade))
        .count()
        .get_result(conn)?;
    if exists > 0 {
        return Ok(false);
    }
    diesel::insert_into(price_grades::table)
        .values((
            price_grades::id.eq(platform::id::next_id()),
            price_grades::saas_id.eq(viewer.saas_id),
            price_grades::grade.eq(grade),
            price_grades::grade_name.eq(name),
            price_grades::remark.eq(remark),
            price_grades::created_at.eq(now),
            price_grades::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(true)
}

/// Renames a level; level 0 is named on its first update. False when the tenant has no such
/// level.
pub fn update_grade(
    conn: &mut DbConnection,
    viewer: &Viewer,
    grade: i32,
    name: &str,
    remark: &str,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        price_grades::table
            .filter(price_grades::saas_id.eq(viewer.saas_id))
            .filter(price_grades::grade.eq(grade)),
    )
    .set((
        price_grades::grade_name.eq(name),
        price_grades::remark.eq(remark),
        price_grades::updated_at.eq(now),
    ))
    .execute(conn)?;
    if n == 0 && grade == DEFAULT_GRADE {
        return insert_grade(conn, viewer, grade, name, remark, now);
    }
    Ok(n > 0)
}

/// What deleting a level clears: the distributors moved back to level 0 and the rules deleted.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GradeDeletion {
    pub grade: i32,
    pub distributors: Vec<NamedId>,
    pub rules: Vec<NamedId>,
}

#[derive(Debug, Clone, Serialize, ToSchema, Queryable)]
pub struct NamedId {
    pub id: i64,
    pub name: String,
}

/// What deleting `grade` would clear (and, inside the delete's transaction, what it does).
pub fn deletion_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    grade: i32,
) -> QueryResult<GradeDeletion> {
    let distributors = merchants::table
        .filter(merchants::saas_id.eq(viewer.saas_id))
        .filter(merchants::mch_type.eq(DISTRIBUTOR))
        .filter(merchants::state.ne(DELETED))
        .filter(merchants::grade.eq(grade))
        .order(merchants::mch_name)
        .select((merchants::mch_id, merchants::mch_name))
        .load(conn)?;
    let rules = price_rules::table
        .filter(price_rules::saas_id.eq(viewer.saas_id))
        .filter(price_rules::grade.eq(grade))
        .order(price_rules::rule_name)
        .select((price_rules::id, price_rules::rule_name))
        .load(conn)?;
    Ok(GradeDeletion {
        grade,
        distributors,
        rules,
    })
}

/// Deletes a named level: its distributors go back to level 0 (each announced), its rules are
/// deleted (each announced). Answers what it cleared; None when the tenant has no such level.
pub fn delete_grade(
    conn: &mut DbConnection,
    viewer: &Viewer,
    grade: i32,
    now: i64,
) -> QueryResult<Option<GradeDeletion>> {
    let n = diesel::delete(
        price_grades::table
            .filter(price_grades::saas_id.eq(viewer.saas_id))
            .filter(price_grades::grade.eq(grade)),
    )
    .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    let cleared = deletion_of(conn, viewer, grade)?;
    let ids: Vec<i64> = cleared.distributors.iter().map(|d| d.id).collect();
    super::merchants::set_grade(conn, viewer, &ids, DEFAULT_GRADE, now)?;
    for r in &cleared.rules {
        delete_rule(conn, viewer, r.id, now)?;
    }
    Ok(Some(cleared))
}

/// A rule as listed, with its supplier's name.
#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = price_rules)]
pub struct PriceRule {
    pub id: i64,
    pub rule_name: String,
    pub grade: i32,
    /// 0: any supplier.
    pub supplier_id: i64,
    /// typeProducts; 0: any.
    pub product_type: i32,
    /// 0: any product.
    pub product_id: i64,
    pub formula: String,
    /// 1 enabled, 0 disabled.
    pub state: i32,
    pub remark: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

impl PriceRule {
    pub fn scope(&self) -> Scope {
        Scope {
            grade: self.grade,
            supplier_id: self.supplier_id,
            product_type: self.product_type,
            product_id: self.product_id,
        }
    }
}

#[derive(Debug, Default, Clone)]
pub struct RuleFilter {
    pub rule_name: Option<String>,
    pub grade: Option<i32>,
    pub supplier_id: Option<i64>,
    pub product_type: Option<i32>,
    pub state: Option<i32>,
}

fn rules_matching<'a>(viewer: &Viewer, f: &'a RuleFilter) -> price_rules::BoxedQuery<'a, Db> {
    let mut q = price_rules::table
        .filter(price_rules::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(n) = f.rule_name.as_deref().filter(|n| !n.is_empty()) {
        q = q.filter(price_rules::rule_name.contains_text(n));
    }
    if let Some(g) = f.grade {
        q = q.filter(price_rules::grade.eq(g));
    }
    if let Some(s) = f.supplier_id {
        q = q.filter(price_rules::supplier_id.eq(s));
    }
    if let Some(t) = f.product_type {
        q = q.filter(price_rules::product_type.eq(t));
    }
    if let Some(s) = f.state {
        q = q.filter(price_rules::state.eq(s));
    }
    q
}

pub fn list_rules(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &RuleFilter,
    page: PageRequest,
) -> QueryResult<(Vec<PriceRule>, i64)> {
    let total = rules_matching(viewer, f).count().get_result(conn)?;
    let rows = rules_matching(viewer, f)
        .order((price_rules::grade, price_rules::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(PriceRule::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn find_rule(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<PriceRule>> {
    price_rules::table
        .find(id)
        .filter(price_rules::saas_id.eq(viewer.saas_id))
        .select(PriceRule::as_select())
        .first(conn)
        .optional()
}

/// Whether another rule of the tenant has this scope.
pub fn scope_taken(
    conn: &mut DbConnection,
    viewer: &Viewer,
    s: &Scope,
    except: i64,
) -> QueryResult<bool> {
    let n: i64 = price_rules::table
        .filter(price_rules::saas_id.eq(viewer.saas_id))
        .filter(price_rules::grade.eq(s.grade))
        .filter(price_rules::supplier_id.eq(s.supplier_id))
        .filter(price_rules::product_type.eq(s.product_type))
        .filter(price_rules::product_id.eq(s.product_id))
        .filter(price_rules::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Whether `id` is a supplier of the viewer's tenant (deleted ones aside).
pub fn is_supplier(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<bool> {
    let n: i64 = merchants::table
        .find(id)
        .filter(merchants::saas_id.eq(viewer.saas_id))
        .filter(merchants::mch_type.eq(SUPPLIER))
        .filter(merchants::state.ne(DELETED))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// The checked fields of a rule.
pub struct RuleFields {
    pub rule_name: String,
    pub scope: Scope,
    pub formula: String,
    pub remark: String,
}

fn announce(
    conn: &mut DbConnection,
    saas_id: i64,
    r: &PriceRule,
    deleted: bool,
    now: i64,
) -> QueryResult<()> {
    let payload = v1::PriceRuleUpdated {
        rule_id: r.id,
        grade: r.grade,
        supplier_id: r.supplier_id,
        product_type: r.product_type,
        product_id: r.product_id,
        formula: r.formula.clone(),
        enabled: r.state == RULE_ENABLED && !deleted,
        deleted,
        updated_at: now,
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "price-rule.updated", saas_id, &payload),
    )
    .map(|_| ())
}

/// Announces every rule of every tenant again: the answer to `resync.price-rules.requested`.
/// Deleted rules are gone here; a copy never filled holds none of them.
pub fn announce_all(conn: &mut DbConnection, now: i64) -> QueryResult<usize> {
    let rules: Vec<(i64, PriceRule)> = price_rules::table
        .order(price_rules::id)
        .select((price_rules::saas_id, PriceRule::as_select()))
        .load(conn)?;
    for (saas_id, r) in &rules {
        announce(conn, *saas_id, r, false, now)?;
    }
    Ok(rules.len())
}

fn announce_changed(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    now: i64,
) -> QueryResult<Option<PriceRule>> {
    let Some(r) = find_rule(conn, viewer, id)? else {
        return Ok(None);
    };
    announce(conn, viewer.saas_id, &r, false, now)?;
    Ok(Some(r))
}

/// Adds an enabled rule.
pub fn insert_rule(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &RuleFields,
    now: i64,
) -> QueryResult<Option<PriceRule>> {
    diesel::insert_into(price_rules::table)
        .values((
            price_rules::id.eq(id),
            price_rules::saas_id.eq(viewer.saas_id),
            price_rules::rule_name.eq(&f.rule_name),
            price_rules::grade.eq(f.scope.grade),
            price_rules::supplier_id.eq(f.scope.supplier_id),
            price_rules::product_type.eq(f.scope.product_type),
            price_rules::product_id.eq(f.scope.product_id),
            price_rules::formula.eq(&f.formula),
            price_rules::state.eq(RULE_ENABLED),
            price_rules::remark.eq(&f.remark),
            price_rules::created_at.eq(now),
            price_rules::updated_at.eq(now),
        ))
        .execute(conn)?;
    announce_changed(conn, viewer, id, now)
}

/// Rewrites a rule of the viewer's tenant; None when it has no such rule.
pub fn update_rule(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &RuleFields,
    now: i64,
) -> QueryResult<Option<PriceRule>> {
    let n = diesel::update(
        price_rules::table
            .find(id)
            .filter(price_rules::saas_id.eq(viewer.saas_id)),
    )
    .set((
        price_rules::rule_name.eq(&f.rule_name),
        price_rules::grade.eq(f.scope.grade),
        price_rules::supplier_id.eq(f.scope.supplier_id),
        price_rules::product_type.eq(f.scope.product_type),
        price_rules::product_id.eq(f.scope.product_id),
        price_rules::formula.eq(&f.formula),
        price_rules::remark.eq(&f.remark),
        price_rules::updated_at.eq(now),
    ))
    .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    announce_changed(conn, viewer, id, now)
}

pub fn set_rule_state(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    state: i32,
    now: i64,
) -> QueryResult<Option<PriceRule>> {
    let n = diesel::update(
        price_rules::table
            .find(id)
            .filter(price_rules::saas_id.eq(viewer.saas_id)),
    )
    .set((
        price_rules::state.eq(state),
        price_rules::updated_at.eq(now),
    ))
    .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    announce_changed(conn, viewer, id, now)
}

/// Deletes a rule of the viewer's tenant; false when it has no such rule.
pub fn delete_rule(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    now: i64,
) -> QueryResult<bool> {
    let Some(r) = find_rule(conn, viewer, id)? else {
        return Ok(false);
    };
    diesel::delete(price_rules::table.find(id)).execute(conn)?;
    announce(conn, viewer.saas_id, &r, true, now)?;
    Ok(true)
}
