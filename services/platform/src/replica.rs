//! The one local copy of saas-main's tenants and merchants that a service keeps (tables
//! `replica_tenants` and `replica_merchants`, created by the platform's migrations in every
//! service's database), fed by `tenant.updated` and `merchant.updated` ([`follow`]); and, for
//! the services that place things, of its provinces and cities (`replica_areas`, fed by
//! `area.updated`, [`follow_areas`]); and, for the services that sell through channels, of the
//! tenants' interface configurations of their product type (`replica_interface_configs`, fed by
//! `interface-config.updated`, [`follow_interface_configs`]); and, for the services that quote
//! prices to distributors, of the tenants' price rules (`replica_price_rules`, fed by
//! `price-rule.updated`, [`follow_price_rules`]) beside each distributor's price level.
//!
//! Each row remembers the `occurredAt` of the event it reflects, and an event older than that
//! changes nothing: events of one tenant may be delivered out of order (a retry, a relay
//! restart), and the copy must never roll back.

use std::collections::HashMap;

use diesel::prelude::*;

use crate::bus::subscriptions::{Event, Subscriptions};
use crate::bus::v1::{
    AreaUpdated, InterfaceConfigUpdated, MerchantUpdated, PriceRuleUpdated, TenantUpdated,
};
use crate::db::DbConnection;

pub mod schema {
    diesel::table! {
        replica_tenants (saas_id) {
            saas_id -> BigInt,
            saas_name -> Text,
            saas_logo -> Text,
            company_name -> Text,
            saas_expire_date -> BigInt,
            state -> Integer,
            currency -> Text,
            language -> Text,
            occurred_at -> BigInt,
        }
    }

    diesel::table! {
        replica_merchants (mch_id) {
            mch_id -> BigInt,
            saas_id -> BigInt,
            mch_type -> Integer,
            mch_name -> Text,
            mch_currency -> Text,
            state -> Integer,
            occurred_at -> BigInt,
            grade -> Integer,
        }
    }

    diesel::table! {
        replica_price_rules (rule_id) {
            rule_id -> BigInt,
            saas_id -> BigInt,
            grade -> Integer,
            supplier_id -> BigInt,
            product_type -> Integer,
            product_id -> BigInt,
            formula -> Text,
            enabled -> Bool,
            deleted -> Bool,
            occurred_at -> BigInt,
        }
    }

    diesel::allow_tables_to_appear_in_same_query!(replica_merchants, replica_price_rules);

    diesel::table! {
        replica_interface_configs (config_id) {
            config_id -> BigInt,
            saas_id -> BigInt,
            interface_id -> BigInt,
            interface_name -> Text,
            mch_id -> BigInt,
            config_name -> Text,
            product_type -> Integer,
            interface_type -> Integer,
            base_url -> Text,
            credentials_sealed -> Text,
            state -> Integer,
            occurred_at -> BigInt,
        }
    }

    diesel::table! {
        replica_areas (code) {
            code -> Text,
            parent_code -> Text,
            level -> Integer,
            name -> Text,
            name_en -> Text,
            state -> Integer,
            occurred_at -> BigInt,
        }
    }
}

use schema::{
    replica_areas as areas, replica_interface_configs as interface_configs,
    replica_merchants as merchants, replica_price_rules as price_rules, replica_tenants as tenants,
};

/// Writes `values` to row `key` of copy table `table` (a module of [`schema`]) unless the row
/// reflects an event newer than `at`, inserting it when missing; answers whether the copy
/// changed. One shape for every copy: the update takes a row not newer, the insert a missing
/// one, and its conflict keeps a newer one (the update found it and left it).
macro_rules! apply_if_newer {
    ($conn:expr, $table:ident, $key_col:ident = $key:expr, $at:expr, $values:expr) => {{
        let values = $values;
        let key = $key;
        let updated = diesel::update($table::table.find(key).filter($table::occurred_at.le($at)))
            .set(values)
            .execute($conn)?;
        if updated > 0 {
            Ok(true)
        } else {
            let insert = diesel::insert_into($table::table)
                .values(($table::$key_col.eq(key), values))
                .on_conflict_do_nothing();
            let inserted = crate::per_backend!($conn, |c| insert.execute(c))?;
            Ok(inserted > 0)
        }
    }};
}

/// A tenant as saas-main last announced it.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = tenants)]
pub struct TenantCopy {
    pub saas_id: i64,
    pub saas_name: String,
    pub saas_logo: String,
    pub company_name: String,
    pub saas_expire_date: i64,
    pub state: i32,
    pub currency: String,
    pub language: String,
    pub occurred_at: i64,
}

/// A merchant (supplier or distributor) as saas-main last announced it.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = merchants)]
pub struct MerchantCopy {
    pub mch_id: i64,
    pub saas_id: i64,
    pub mch_type: i32,
    pub mch_name: String,
    pub mch_currency: String,
    pub state: i32,
    pub occurred_at: i64,
}

/// The copy's name in resync requests (`resync.tenants.requested`): saas-main owns it.
pub const COPY: &str = "tenants";

/// Adds the subscriptions that keep the copy: a service that needs tenants or merchants calls
/// this on its subscriptions. The copy is rebuilt from saas-main when it was never filled
/// ([`crate::bus::resync`]).
pub fn follow(subs: Subscriptions) -> Subscriptions {
    crate::bus::resync::keep_counted(subs, COPY, rows)
        .on::<TenantUpdated>("tenant.updated", |conn, e: Event<TenantUpdated>| {
            apply_tenant(conn, e.saas_id, &e.payload, e.occurred_at)?;
            Ok(())
        })
        .on::<MerchantUpdated>("merchant.updated", |conn, e: Event<MerchantUpdated>| {
            apply_merchant(conn, e.saas_id, &e.payload, e.occurred_at)?;
            Ok(())
        })
}

/// The copy of the areas' name in resync requests (`resync.areas.requested`): saas-main owns it.
pub const AREAS: &str = crate::bus::resync::AREAS;

/// Adds the subscriptions that keep the copy of the provinces and cities, for a service whose
/// rows name an area (`areaId`); rebuilt from saas-main when never filled.
pub fn follow_areas(subs: Subscriptions) -> Subscriptions {
    crate::bus::resync::keep_counted(subs, AREAS, area_rows).on::<AreaUpdated>(
        "area.updated",
        |conn, e: Event<AreaUpdated>| {
            apply_area(conn, &e.payload, e.occurred_at)?;
            Ok(())
        },
    )
}

pub fn area_rows(conn: &mut DbConnection) -> QueryResult<i64> {
    areas::table.count().get_result(conn)
}

/// Applies an `area.updated` that occurred at `at`; answers whether the copy changed.
pub fn apply_area(conn: &mut DbConnection, a: &AreaUpdated, at: i64) -> QueryResult<bool> {
    let values = (
        areas::parent_code.eq(&a.parent_code),
        areas::level.eq(a.level),
        areas::name.eq(&a.name),
        areas::name_en.eq(&a.name_en),
        areas::state.eq(a.state),
        areas::occurred_at.eq(at),
    );
    apply_if_newer!(conn, areas, code = &a.code, at, values)
}

/// Whether a row may be put in `code`: a country of the list, or a province or city in use
/// (state 1) in the copy. A disabled area stays valid on the rows that already name it: the
/// caller passes the row's current `areaId` as `kept`.
pub fn area_in_use(conn: &mut DbConnection, code: &str, kept: Option<&str>) -> QueryResult<bool> {
    if kept == Some(code) || crate::areas::country(code).is_some() {
        return Ok(true);
    }
    Ok(area_state(conn, code)? == Some(crate::areas::IN_USE))
}

/// The state of a province or city in the copy, if it holds it.
pub fn area_state(conn: &mut DbConnection, code: &str) -> QueryResult<Option<i32>> {
    areas::table
        .find(code)
        .select(areas::state)
        .first(conn)
        .optional()
}

/// The Chinese and English names of the areas of `codes`: countries from the list, provinces
/// and cities from the copy; a code it knows of neither is left out.
pub fn area_names(
    conn: &mut DbConnection,
    codes: &[&str],
) -> QueryResult<HashMap<String, (String, String)>> {
    let mut names = HashMap::new();
    let mut copied = Vec::new();
    for code in codes {
        match crate::areas::country(code) {
            Some((_, zh, en)) => {
                names.insert((*code).to_owned(), ((*zh).to_owned(), (*en).to_owned()));
            }
            None if !code.is_empty() => copied.push(*code),
            None => {}
        }
    }
    if !copied.is_empty() {
        let rows: Vec<(String, String, String)> = areas::table
            .filter(areas::code.eq_any(&copied))
            .select((areas::code, areas::name, areas::name_en))
            .load(conn)?;
        for (code, zh, en) in rows {
            names.insert(code, (zh, en));
        }
    }
    Ok(names)
}

/// Checks the `areaId` of a row being saved ([`area_in_use`]); empty names no area.
pub fn check_area_id(
    conn: &mut DbConnection,
    code: &str,
    kept: Option<&str>,
) -> Result<(), crate::ApiError> {
    if code.is_empty() || area_in_use(conn, code, kept)? {
        Ok(())
    } else {
        Err(crate::areas::unknown_area("areaId", code))
    }
}

/// The rows of the copy, tenants and merchants together.
pub fn rows(conn: &mut DbConnection) -> QueryResult<i64> {
    let t: i64 = tenants::table.count().get_result(conn)?;
    let m: i64 = merchants::table.count().get_result(conn)?;
    Ok(t + m)
}

/// Applies a `tenant.updated` that occurred at `at`; answers whether the copy changed (an
/// older event than the copy's does not change it).
pub fn apply_tenant(
    conn: &mut DbConnection,
    saas_id: i64,
    t: &TenantUpdated,
    at: i64,
) -> QueryResult<bool> {
    let values = (
        tenants::saas_name.eq(&t.saas_name),
        tenants::saas_logo.eq(&t.saas_logo),
        tenants::company_name.eq(&t.company_name),
        tenants::saas_expire_date.eq(t.saas_expire_date),
        tenants::state.eq(t.state),
        tenants::currency.eq(&t.currency),
        tenants::language.eq(&t.language),
        tenants::occurred_at.eq(at),
    );
    apply_if_newer!(conn, tenants, saas_id = saas_id, at, values)
}

/// Applies a `merchant.updated` of tenant `saas_id` that occurred at `at`; answers whether the
/// copy changed.
pub fn apply_merchant(
    conn: &mut DbConnection,
    saas_id: i64,
    m: &MerchantUpdated,
    at: i64,
) -> QueryResult<bool> {
    let values = (
        merchants::saas_id.eq(saas_id),
        merchants::mch_type.eq(m.mch_type),
        merchants::mch_name.eq(&m.mch_name),
        merchants::mch_currency.eq(&m.mch_currency),
        merchants::state.eq(m.state),
        merchants::grade.eq(m.grade),
        merchants::occurred_at.eq(at),
    );
    apply_if_newer!(conn, merchants, mch_id = m.mch_id, at, values)
}

pub fn tenant(conn: &mut DbConnection, saas_id: i64) -> QueryResult<Option<TenantCopy>> {
    tenants::table
        .find(saas_id)
        .select(TenantCopy::as_select())
        .first(conn)
        .optional()
}

/// A merchant of tenant `saas_id` (another tenant's is not found).
pub fn merchant(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_id: i64,
) -> QueryResult<Option<MerchantCopy>> {
    merchants::table
        .find(mch_id)
        .filter(merchants::saas_id.eq(saas_id))
        .select(MerchantCopy::as_select())
        .first(conn)
        .optional()
}

/// The type of a merchant of tenant `saas_id`: the default [`crate::tenancy::MerchantDirectory`].
pub fn merchant_type(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_id: i64,
) -> QueryResult<Option<i32>> {
    merchants::table
        .find(mch_id)
        .filter(merchants::saas_id.eq(saas_id))
        .select(merchants::mch_type)
        .first(conn)
        .optional()
}

/// Names of the given merchants of tenant `saas_id`, for lists.
pub fn merchant_names(
    conn: &mut DbConnection,
    saas_id: i64,
    ids: &[i64],
) -> QueryResult<HashMap<i64, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, String)> = merchants::table
        .filter(merchants::saas_id.eq(saas_id))
        .filter(merchants::mch_id.eq_any(ids))
        .select((merchants::mch_id, merchants::mch_name))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// The copy of the interface configurations' name in resync requests: saas-main owns it.
pub const INTERFACE_CONFIGS: &str = crate::bus::resync::INTERFACE_CONFIGS;

/// Interface configuration states as saas-main announces them.
pub const CONFIG_ENABLED: i32 = 1;
pub const CONFIG_DELETED: i32 = -1;

/// A tenant's interface configuration as saas-main last announced it, without its credentials
/// ([`interface_credentials`] reads those, sealed).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, serde::Serialize)]
#[diesel(table_name = interface_configs)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceConfigCopy {
    #[serde(rename = "id")]
    pub config_id: i64,
    #[serde(skip)]
    pub saas_id: i64,
    pub interface_id: i64,
    pub interface_name: String,
    pub mch_id: i64,
    pub config_name: String,
    pub product_type: i32,
    #[serde(rename = "type")]
    pub interface_type: i32,
    pub base_url: String,
    pub state: i32,
}

/// Adds the subscriptions that keep the copy of the interface configurations of `product_type`
/// (10 hotel, 20 ticket): the others are not kept, so no service holds credentials it never
/// uses. Rebuilt from saas-main when never filled (not counted: the owner's rows are every
/// product type's).
pub fn follow_interface_configs(subs: Subscriptions, product_type: i32) -> Subscriptions {
    crate::bus::resync::keep(subs, INTERFACE_CONFIGS).on::<InterfaceConfigUpdated>(
        "interface-config.updated",
        move |conn, e: Event<InterfaceConfigUpdated>| {
            if e.payload.product_type == product_type {
                apply_interface_config(conn, e.saas_id, &e.payload, e.occurred_at)?;
            }
            Ok(())
        },
    )
}

/// Applies an `interface-config.updated` of tenant `saas_id` that occurred at `at`; answers
/// whether the copy changed. The credentials are kept as they travelled, sealed with the
/// transport key ([`crate::sealing::transport_from_config`]).
pub fn apply_interface_config(
    conn: &mut DbConnection,
    saas_id: i64,
    c: &InterfaceConfigUpdated,
    at: i64,
) -> QueryResult<bool> {
    let values = (
        interface_configs::saas_id.eq(saas_id),
        interface_configs::interface_id.eq(c.interface_id),
        interface_configs::interface_name.eq(&c.interface_name),
        interface_configs::mch_id.eq(c.mch_id),
        interface_configs::config_name.eq(&c.config_name),
        interface_configs::product_type.eq(c.product_type),
        interface_configs::interface_type.eq(c.interface_type),
        interface_configs::base_url.eq(&c.base_url),
        interface_configs::credentials_sealed.eq(&c.credentials_sealed),
        interface_configs::state.eq(c.state),
        interface_configs::occurred_at.eq(at),
    );
    apply_if_newer!(conn, interface_configs, config_id = c.config_id, at, values)
}

/// A live (not deleted) configuration of tenant `saas_id` (another tenant's is not found).
pub fn interface_config(
    conn: &mut DbConnection,
    saas_id: i64,
    config_id: i64,
) -> QueryResult<Option<InterfaceConfigCopy>> {
    interface_configs::table
        .find(config_id)
        .filter(interface_configs::saas_id.eq(saas_id))
        .filter(interface_configs::state.ne(CONFIG_DELETED))
        .select(InterfaceConfigCopy::as_select())
        .first(conn)
        .optional()
}

/// A live configuration called on by its own channel, whichever its tenant, with its sealed
/// credentials: the channel knows only the id in the address it calls, and the signature made
/// with those credentials is what proves the call is the configuration's (so nothing of the
/// tenant is answered before it is checked).
pub fn interface_config_called(
    conn: &mut DbConnection,
    config_id: i64,
) -> QueryResult<Option<(InterfaceConfigCopy, String)>> {
    interface_configs::table
        .find(config_id)
        .filter(interface_configs::state.ne(CONFIG_DELETED))
        .select((
            InterfaceConfigCopy::as_select(),
            interface_configs::credentials_sealed,
        ))
        .first(conn)
        .optional()
}

/// The live configurations of tenant `saas_id` of interface type `interface_type` (1 vendor,
/// 2 channel), of merchant `mch_id` only when given, by name.
pub fn interface_configs(
    conn: &mut DbConnection,
    saas_id: i64,
    interface_type: i32,
    mch_id: Option<i64>,
) -> QueryResult<Vec<InterfaceConfigCopy>> {
    let mut q = interface_configs::table
        .filter(interface_configs::saas_id.eq(saas_id))
        .filter(interface_configs::interface_type.eq(interface_type))
        .filter(interface_configs::state.ne(CONFIG_DELETED))
        .select(InterfaceConfigCopy::as_select())
        .order((interface_configs::config_name, interface_configs::config_id))
        .into_boxed();
    if let Some(m) = mch_id {
        q = q.filter(interface_configs::mch_id.eq(m));
    }
    q.load(conn)
}

/// The credentials of a live configuration of tenant `saas_id`, sealed with the transport key
/// (empty when it holds none).
pub fn interface_credentials(
    conn: &mut DbConnection,
    saas_id: i64,
    config_id: i64,
) -> QueryResult<Option<String>> {
    interface_configs::table
        .find(config_id)
        .filter(interface_configs::saas_id.eq(saas_id))
        .filter(interface_configs::state.ne(CONFIG_DELETED))
        .select(interface_configs::credentials_sealed)
        .first(conn)
        .optional()
}

/// The copy of the price rules' name in resync requests: saas-main owns it.
pub const PRICE_RULES: &str = crate::bus::resync::PRICE_RULES;

/// A tenant's price rule as saas-main last announced it (enabled, not deleted, when read by
/// [`price_rules_for`]).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = price_rules)]
pub struct PriceRuleCopy {
    pub rule_id: i64,
    pub grade: i32,
    pub supplier_id: i64,
    pub product_type: i32,
    pub product_id: i64,
    pub formula: String,
}

impl PriceRuleCopy {
    pub fn scope(&self) -> crate::trade::price_rule::Scope {
        crate::trade::price_rule::Scope {
            grade: self.grade,
            supplier_id: self.supplier_id,
            product_type: self.product_type,
            product_id: self.product_id,
        }
    }
}

/// Adds the subscriptions that keep the copy of the price rules; rebuilt from saas-main when
/// never filled (not counted: a tenant may have no rule at all).
pub fn follow_price_rules(subs: Subscriptions) -> Subscriptions {
    crate::bus::resync::keep(subs, PRICE_RULES).on::<PriceRuleUpdated>(
        "price-rule.updated",
        |conn, e: Event<PriceRuleUpdated>| {
            apply_price_rule(conn, e.saas_id, &e.payload, e.occurred_at)?;
            Ok(())
        },
    )
}

/// Applies a `price-rule.updated` of tenant `saas_id` that occurred at `at`; answers whether
/// the copy changed. A deleted rule is kept, disabled and marked, so an older announcement
/// delivered late does not bring it back.
pub fn apply_price_rule(
    conn: &mut DbConnection,
    saas_id: i64,
    r: &PriceRuleUpdated,
    at: i64,
) -> QueryResult<bool> {
    let values = (
        price_rules::saas_id.eq(saas_id),
        price_rules::grade.eq(r.grade),
        price_rules::supplier_id.eq(r.supplier_id),
        price_rules::product_type.eq(r.product_type),
        price_rules::product_id.eq(r.product_id),
        price_rules::formula.eq(&r.formula),
        price_rules::enabled.eq(r.enabled && !r.deleted),
        price_rules::deleted.eq(r.deleted),
        price_rules::occurred_at.eq(at),
    );
    apply_if_newer!(conn, price_rules, rule_id = r.rule_id, at, values)
}

/// The enabled price rules of distributor `distributor_id`'s level in tenant `saas_id`, read
/// with its level in one statement (none when the distributor or its level has none).
pub fn price_rules_for(
    conn: &mut DbConnection,
    saas_id: i64,
    distributor_id: i64,
) -> QueryResult<Vec<PriceRuleCopy>> {
    price_rules::table
        .inner_join(
            merchants::table.on(merchants::grade
                .eq(price_rules::grade)
                .and(merchants::saas_id.eq(price_rules::saas_id))),
        )
        .filter(merchants::mch_id.eq(distributor_id))
        .filter(price_rules::saas_id.eq(saas_id))
        .filter(price_rules::enabled.eq(true))
        .select(PriceRuleCopy::as_select())
        .load(conn)
}

/// [`price_rules_for`] of each of the distributors `distributor_ids` in one statement, by
/// distributor (one without a rule is absent).
pub fn price_rules_by_distributor(
    conn: &mut DbConnection,
    saas_id: i64,
    distributor_ids: &[i64],
) -> QueryResult<HashMap<i64, Vec<PriceRuleCopy>>> {
    if distributor_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, PriceRuleCopy)> = price_rules::table
        .inner_join(
            merchants::table.on(merchants::grade
                .eq(price_rules::grade)
                .and(merchants::saas_id.eq(price_rules::saas_id))),
        )
        .filter(merchants::mch_id.eq_any(distributor_ids))
        .filter(price_rules::saas_id.eq(saas_id))
        .filter(price_rules::enabled.eq(true))
        .select((merchants::mch_id, PriceRuleCopy::as_select()))
        .load(conn)?;
    let mut by_distributor: HashMap<i64, Vec<PriceRuleCopy>> = HashMap::new();
    for (id, rule) in rows {
        by_distributor.entry(id).or_default().push(rule);
    }
    Ok(by_distributor)
}

/// The parsed formula of the rule among `rules` (a distributor's, [`price_rules_for`]) that
/// prices its quotes of `product` (its supplier, type and id; `grade` ignored): the most
/// specific covering it. None without one: the product's own prices stand. A formula that no
/// longer parses (saas-main checks each at save) is no rule, and said in the log.
pub fn rule_for(
    rules: &[PriceRuleCopy],
    product: crate::trade::price_rule::Scope,
) -> Option<crate::trade::formula::Expr> {
    let grade = rules.first()?.grade;
    let sale = crate::trade::price_rule::Scope { grade, ..product };
    let rule = crate::trade::price_rule::pick(rules, &sale, |r| (r.scope(), true))?;
    match crate::trade::formula::parse(&rule.formula) {
        Ok(e) => Some(e),
        Err(e) => {
            tracing::warn!(rule_id = rule.rule_id, error = ?e, "a copied price rule does not parse");
            None
        }
    }
}

/// [`rule_for`] read from the copy: the rule pricing distributor `distributor_id`'s quotes of
/// `product` in tenant `saas_id`.
pub fn price_rule_of(
    conn: &mut DbConnection,
    saas_id: i64,
    distributor_id: i64,
    product: crate::trade::price_rule::Scope,
) -> QueryResult<Option<crate::trade::formula::Expr>> {
    Ok(rule_for(
        &price_rules_for(conn, saas_id, distributor_id)?,
        product,
    ))
}
