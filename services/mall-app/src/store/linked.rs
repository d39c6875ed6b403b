//! The tenant's hotel and ticket products as hotel-app and ticket-app announce them
//! (`product.hotel.updated`, `product.ticket.updated`): what a mall product of sale type 10 or
//! 20 may sell. The copy keeps the newest announcement whatever the delivery order.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Event, v1};
use platform::db::SearchText as _;
use platform::db::{DbConnection, lower};
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::linked_products;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = linked_products)]
pub struct LinkedProduct {
    pub product_id: i64,
    /// `typeProducts`: 10 hotel, 20 ticket.
    #[serde(rename = "saleType")]
    pub product_type: i32,
    pub supplier_id: i64,
    pub product_name: String,
    pub on_sale: bool,
}

/// Applies a `product.*.updated`; an older announcement than the copy's changes nothing.
pub fn apply(conn: &mut DbConnection, e: &Event<v1::ProductUpdated>) -> anyhow::Result<()> {
    let p = &e.payload;
    let values = (
        linked_products::saas_id.eq(e.saas_id),
        linked_products::supplier_id.eq(p.supplier_mch_id),
        linked_products::product_name.eq(&p.product_name),
        linked_products::on_sale.eq(p.on_sale),
        linked_products::deleted.eq(p.deleted),
        linked_products::occurred_at.eq(e.occurred_at),
    );
    let updated = diesel::update(
        linked_products::table
            .find((p.product_type, p.product_id))
            .filter(linked_products::occurred_at.le(e.occurred_at)),
    )
    .set(values)
    .execute(conn)?;
    if updated > 0 {
        return Ok(());
    }
    // No row, or a newer one: the insert takes the first case, the conflict keeps the second.
    let insert = diesel::insert_into(linked_products::table)
        .values((
            linked_products::product_type.eq(p.product_type),
            linked_products::product_id.eq(p.product_id),
            values,
        ))
        .on_conflict_do_nothing();
    platform::per_backend!(conn, |c| insert.execute(c))?;
    Ok(())
}

/// One product of the viewer's tenant of `product_type`, unless deleted.
pub fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_type: i32,
    product_id: i64,
) -> QueryResult<Option<LinkedProduct>> {
    linked_products::table
        .filter(linked_products::saas_id.eq(viewer.saas_id))
        .filter(linked_products::product_type.eq(product_type))
        .filter(linked_products::product_id.eq(product_id))
        .filter(linked_products::deleted.eq(false))
        .select(LinkedProduct::as_select())
        .first(conn)
        .optional()
}

/// Up to 50 of the tenant's products of `product_type` whose name holds `name`, for a picker.
pub fn search(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_type: i32,
    name: Option<&str>,
) -> QueryResult<Vec<LinkedProduct>> {
    let mut q = linked_products::table
        .filter(linked_products::saas_id.eq(viewer.saas_id))
        .filter(linked_products::product_type.eq(product_type))
        .filter(linked_products::deleted.eq(false))
        .into_boxed();
    if let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) {
        q = q.filter(lower(linked_products::product_name).contains_text(&name.to_lowercase()));
    }
    q.order(linked_products::product_name.asc())
        .limit(50)
        .select(LinkedProduct::as_select())
        .load(conn)
}
