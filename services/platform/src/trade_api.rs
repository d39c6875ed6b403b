//! What hotel-app's and ticket-app's product and price endpoints read and answer the same way:
//! the price setting dialog's requests and their parsing into `platform::trade` changes, who
//! may keep products, which distributor may be priced, and a product state change's request
//! and refusals. Each app keeps its own routes, OpenAPI paths and product tables; its handlers
//! call these, so the api layer of the two says a thing once.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::db::DbConnection;
use crate::i18n::Text;
use crate::tenancy::{MCH_DISTRIBUTOR, MCH_SUPPLIER};
use crate::time::format_day;
use crate::trade::price_rule::Scope;
use crate::trade::pricing::{
    AuthorizedStock, Change, CommonChange, DateSelection, OwnChange, PriceChanges, PriceInput,
    StockChange, date_range, present,
};
use crate::trade::product_state::{Action, state};
use crate::trade_store::{CalendarTables, PriceDay};
use crate::{ApiError, Viewer};

/// The 404 of a product the caller does not keep (another supplier's or tenant's, or none).
pub fn product_not_found() -> ApiError {
    ApiError::not_found("产品", "product")
}

/// Products are the tenant's staff's and each supplier's own (the store confines a supplier's
/// user to its own); distributors have no business there (403).
pub fn keeps_products(viewer: &Viewer) -> Result<(), ApiError> {
    if viewer.distributor().is_some() {
        return Err(crate::auth::forbidden());
    }
    Ok(())
}

/// The supplier of a new product: a supplier's user's own; the tenant's staff name one of the
/// tenant's suppliers.
pub fn supplier_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    named: Option<i64>,
) -> Result<i64, ApiError> {
    if let Some(own) = viewer.supplier() {
        return Ok(own);
    }
    let Some(id) = named.filter(|id| *id > 0) else {
        return Err(ApiError::invalid_field(
            "supplierId",
            "请选择供应商",
            "Please select the supplier",
        ));
    };
    let supplier = crate::replica::merchant(conn, viewer.saas_id, id)?;
    if supplier.is_none_or(|m| m.mch_type != MCH_SUPPLIER || m.state == -1) {
        return Err(ApiError::invalid_field(
            "supplierId",
            "供应商须从已有列表中选择",
            "the supplier must be picked from the existing list",
        ));
    }
    Ok(id)
}

/// `state` and `confirmType` of a product list's query: -99 or absent is every one (every
/// state but deleted), anything else must be one of the app's values.
pub fn list_states(
    state: Option<i32>,
    confirm_type: Option<i32>,
    confirm_types: &[i32],
) -> Result<(Option<i32>, Option<i32>), ApiError> {
    let state = crate::http::unless_all(state);
    if let Some(s) = state {
        crate::validate::one_of("state", s, &state::ALL)?;
    }
    let confirm_type = crate::http::unless_all(confirm_type);
    if let Some(c) = confirm_type {
        crate::validate::one_of("confirmType", c, confirm_types)?;
    }
    Ok((state, confirm_type))
}

/// A product's fields may change unless it is deleted (it must be restored first).
pub fn changeable(product_state: i32) -> Result<(), ApiError> {
    if product_state == state::DELETED {
        return Err(ApiError::Rule {
            code: "product-state",
            msg: Text::fixed(
                "产品已删除，请先恢复再修改",
                "The product is deleted: restore it before changing it",
            ),
        });
    }
    Ok(())
}

/// A product's prices may change unless it is deleted.
pub fn prices_changeable(product_state: i32) -> Result<(), ApiError> {
    if product_state == state::DELETED {
        return Err(ApiError::Rule {
            code: "product-state",
            msg: Text::fixed(
                "产品已删除，不能修改价格",
                "The product is deleted: its prices cannot be changed",
            ),
        });
    }
    Ok(())
}

// A move of a product's state (no doc comment: it would become the schema's description).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateChange {
    pub product_id: i64,
    /// publish, unpublish, shelve, unshelve, disable, enable, delete or restore.
    pub action: String,
}

impl StateChange {
    /// The action named, or a 412 listing the actions.
    pub fn action(&self) -> Result<Action, ApiError> {
        Action::parse(&self.action).ok_or_else(|| {
            let names = Action::ALL.map(Action::as_str).join(", ");
            ApiError::invalid(
                "action",
                Text::new(
                    format!("操作只能是 {names}"),
                    format!("must be one of {names}"),
                ),
            )
        })
    }
}

/// The refusal when another request moved the product's state between the read and the write.
pub fn state_changed_meanwhile() -> ApiError {
    ApiError::Rule {
        code: "product-changed",
        msg: Text::fixed(
            "产品状态已被他人修改，请刷新后重试",
            "The product's state changed meanwhile; reload and retry",
        ),
    }
}

/// The distributor a price is set for or shown to: a distributor merchant of the tenant, not
/// deleted.
pub fn check_distributor(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> Result<(), ApiError> {
    match crate::replica::merchant(conn, viewer.saas_id, id)? {
        Some(m) if m.mch_type == MCH_DISTRIBUTOR && m.state != -1 => Ok(()),
        _ => Err(ApiError::invalid_field(
            "distributorId",
            "分销商须从已有列表中选择",
            "distributor must be picked from the existing list",
        )),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PriceListQuery {
    pub product_id: i64,
    /// YYYY-MM-DD.
    pub start_date: Option<String>,
    /// YYYY-MM-DD; at most 366 dates from startDate.
    pub end_date: Option<String>,
    /// A distributor of the tenant: adds its own price, authorised stock and how it books
    /// each date.
    pub distributor_id: Option<i64>,
}

impl PriceListQuery {
    /// The dates asked for (day numbers) and the distributor whose view is added, if any (one
    /// of the tenant's, or a 412).
    pub fn parse(
        &self,
        conn: &mut DbConnection,
        viewer: &Viewer,
    ) -> Result<(i64, i64, Option<i64>), ApiError> {
        let (first, last) = date_range(self.start_date.as_deref(), self.end_date.as_deref())?;
        let distributor = self.distributor_id.filter(|d| *d > 0);
        if let Some(d) = distributor {
            check_distributor(conn, viewer, d)?;
        }
        Ok((first, last, distributor))
    }
}

/// A change of the common calendar.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceSave {
    pub product_id: i64,
    #[serde(flatten)]
    pub dates: DateSelection,
    /// Absent: kept.
    #[serde(default)]
    pub purchase_price: Option<PriceInput>,
    #[serde(default)]
    pub distribution_price: Option<PriceInput>,
    #[serde(default)]
    pub retail_price: Option<PriceInput>,
    /// keep (the default), limited (with `stock`) or unlimited (orders then need the
    /// supplier's confirmation).
    #[serde(default)]
    pub stock_type: Option<String>,
    /// Left to sell, 0-9999, for limited stock.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub stock: Option<Value>,
    /// Absent: kept.
    #[serde(default)]
    pub closed: Option<bool>,
}

impl PriceSave {
    /// The dates chosen (from `today` on, ascending day numbers) and what to do to each.
    pub fn parse(&self, today: i64) -> Result<(Vec<i64>, CommonChange), ApiError> {
        let days = self.dates.days(today)?;
        let change = CommonChange {
            prices: PriceChanges::parse(
                self.purchase_price.as_ref(),
                self.distribution_price.as_ref(),
                self.retail_price.as_ref(),
            )?,
            stock: StockChange::parse(self.stock_type.as_deref(), self.stock.as_ref())?,
            closed: self.closed,
        };
        Ok((days, change))
    }
}

/// A change of one distributor's own price and authorised stock.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DistributorPriceSave {
    pub product_id: i64,
    /// A distributor merchant of the tenant.
    pub distributor_id: i64,
    #[serde(flatten)]
    pub dates: DateSelection,
    /// Its own price; mode `clear` goes back to the common distribution price. Absent: kept.
    #[serde(default)]
    pub distribution_price: Option<PriceInput>,
    /// Set aside for it, 0-9999; null or empty: it books from the common stock. Absent: kept.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    pub authorized_stock: Option<Value>,
}

impl DistributorPriceSave {
    /// The dates chosen (from `today` on) and what to do to the distributor's own row of each.
    pub fn parse(&self, today: i64) -> Result<(Vec<i64>, OwnChange), ApiError> {
        let days = self.dates.days(today)?;
        let change = OwnChange {
            distributor_id: self.distributor_id,
            price: Change::parse("distributionPrice", self.distribution_price.as_ref(), true)?,
            stock: AuthorizedStock::parse(self.authorized_stock.as_ref())?,
        };
        Ok((days, change))
    }
}

/// What a save changed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceSaved {
    /// The dates changed, YYYY-MM-DD.
    pub dates: Vec<String>,
    /// How many of them had no price before.
    pub created: usize,
}

impl PriceSaved {
    pub fn new(days: Vec<i64>, created: usize) -> Self {
        PriceSaved {
            dates: days.into_iter().map(format_day).collect(),
            created,
        }
    }
}

/// The price calendar page of a product the caller keeps (`product`: its supplier, type and
/// id, found by the app): one entry per date asked for, with the distributor's view when one
/// is named (priced by its level's price rule where it has no price of its own).
pub fn list_prices<C: CalendarTables>(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product: Scope,
    q: &PriceListQuery,
) -> Result<Vec<PriceDay>, ApiError> {
    let (first, last, distributor) = q.parse(conn, viewer)?;
    let rule = match distributor {
        Some(d) => crate::replica::price_rule_of(conn, viewer.saas_id, d, product)?,
        None => None,
    };
    Ok(C::calendar_days(
        conn,
        product.product_id,
        distributor,
        rule.as_ref(),
        first,
        last,
    )?)
}

/// Saves a change of the common calendar of a product the caller keeps (`product_id` in
/// `product_state`, found by the app), from today on; the caller's transaction holds it.
pub fn save_prices<C: CalendarTables>(
    conn: &mut DbConnection,
    viewer: &Viewer,
    (product_id, product_state): (i64, i32),
    f: &PriceSave,
    now: i64,
) -> Result<PriceSaved, ApiError> {
    prices_changeable(product_state)?;
    let (days, change) = f.parse(crate::time::day_of_ms(now))?;
    let created = C::save_common(conn, viewer, product_id, &days, &change, now)?;
    Ok(PriceSaved::new(days, created))
}

/// Saves a change of a distributor's own prices and stock of a product the caller keeps.
pub fn save_own_prices<C: CalendarTables>(
    conn: &mut DbConnection,
    viewer: &Viewer,
    (product_id, product_state): (i64, i32),
    f: &DistributorPriceSave,
    now: i64,
) -> Result<PriceSaved, ApiError> {
    prices_changeable(product_state)?;
    check_distributor(conn, viewer, f.distributor_id)?;
    let (days, change) = f.parse(crate::time::day_of_ms(now))?;
    C::save_own(conn, viewer, product_id, &days, &change, now)?;
    Ok(PriceSaved::new(days, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => format!("{other:?}"),
        }
    }

    #[test]
    fn an_unknown_action_is_refused_naming_the_field() {
        let c = StateChange {
            product_id: 1,
            action: "sell".into(),
        };
        assert_eq!(c.action().map_err(field), Err("action".to_owned()));
        let c = StateChange {
            product_id: 1,
            action: " publish ".into(),
        };
        assert_eq!(c.action().ok(), Some(Action::Publish));
    }

    #[test]
    fn list_states_take_minus_99_as_all_and_refuse_others() {
        assert_eq!(
            list_states(Some(-99), None, &[0, 1]).ok(),
            Some((None, None))
        );
        assert_eq!(
            list_states(Some(1), Some(2), &[0, 1]).map_err(field),
            Err("confirmType".to_owned())
        );
        assert_eq!(
            list_states(Some(7), None, &[0, 1]).map_err(field),
            Err("state".to_owned())
        );
    }

    #[test]
    fn a_deleted_product_keeps_its_fields_and_prices() {
        assert!(changeable(state::DELETED).is_err() && prices_changeable(state::DELETED).is_err());
        assert!(changeable(state::ON_SALE).is_ok() && prices_changeable(state::ON_SALE).is_ok());
    }
}
