//! The order log (every action on every order) and the interface log.

use actix_web::{get, web};
use platform::db::{DbPool, with_conn};
use platform::http::{Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::store::logs::{self, InterfaceLog, InterfaceLogFilter};
use crate::store::orders::{self, OrderLog};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderLogQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub order_id: Option<i64>,
    /// create, pay, confirm, refuse, arrange, apply-cancel, agree-cancel, refuse-cancel,
    /// cancel, timeout-cancel, complete, remark, adjust.
    pub action: Option<String>,
}

/// The tenant's order log, newest first: who did what to which order, from which state to
/// which. Merchants read an order's log with the order itself.
#[utoipa::path(params(OrderLogQuery), responses((status = 200, body = Page<OrderLog>), (status = 403)), security(("bearer" = [])), tag = "log", summary = "List the order log")]
#[get("/saas/log/orderLog/list")]
pub async fn order_log(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderLogQuery>,
) -> Result<Reply<Page<OrderLog>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    viewer.require_tenant_staff()?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = orders::log_page(conn, &viewer, q.order_id, q.action.as_deref(), page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InterfaceLogQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub interface_id: Option<i64>,
    /// 1 outgoing, 2 incoming.
    pub direction: Option<i32>,
    pub order_id: Option<i64>,
    /// From (ms).
    pub start_time: Option<i64>,
    /// Until (ms, exclusive).
    pub end_time: Option<i64>,
}

/// Calls to and from external interfaces (sales channels, suppliers' systems), newest first.
#[utoipa::path(params(InterfaceLogQuery), responses((status = 200, body = Page<InterfaceLog>), (status = 403)), security(("bearer" = [])), tag = "log", summary = "List the interface log")]
#[get("/saas/log/interfaceLog/list")]
pub async fn interface_log(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<InterfaceLogQuery>,
) -> Result<Reply<Page<InterfaceLog>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = InterfaceLogFilter {
        interface_id: q.interface_id,
        direction: unless_all(q.direction),
        order_id: q.order_id,
        from: q.start_time,
        until: q.end_time,
    };
    viewer.require_tenant_staff()?;
    let out = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = logs::interface_page(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

platform::endpoints!(order_log, interface_log);
