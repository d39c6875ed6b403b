//! Vouchers of ticket orders (`/saas/order/ticketVoucher/*`: the list, the QR code image and
//! the PDF, for whoever sees the order) and the gate (`/saas/ticket/ticketVoucher/redeem`: the
//! tenant's staff and the order's supplier, including their API users).

use actix_web::http::header;
use actix_web::{HttpResponse, get, post, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, hot_write_tx, with_conn};
use platform::http::{Json, Query, Reply};
use platform::trade::fields::required_id;
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::store::orders::Actor;
use crate::store::vouchers::{self, Download, Redemption, Scan, Voucher};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderIdQuery {
    pub order_id: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct VoucherIdQuery {
    pub voucher_id: Option<i64>,
}

/// The vouchers of an order the caller sees (none before it is confirmed), by their number.
#[utoipa::path(params(OrderIdQuery), responses((status = 200, body = [Voucher]), (status = 404), (status = 412)), security(("bearer" = [])), tag = "voucher", summary = "A ticket order's vouchers")]
#[get("/saas/order/ticketVoucher/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderIdQuery>,
) -> Result<Reply<Vec<Voucher>>, ApiError> {
    let id = required_id("orderId", q.order_id)?;
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        vouchers::list(conn, &viewer, id)?.ok_or_else(crate::store::orders::not_found)
    })
    .await?;
    Ok(Reply(rows))
}

fn download(d: Download) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(d.content_type)
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}\"", d.file_name),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(d.bytes)
}

/// One voucher's QR code as a PNG image (a binary download; the QR code carries the code).
#[utoipa::path(params(VoucherIdQuery), responses((status = 200, description = "The PNG image", content_type = "image/png", body = Vec<u8>), (status = 404), (status = 412)), security(("bearer" = [])), tag = "voucher", summary = "A voucher's QR code (PNG)")]
#[get("/saas/order/ticketVoucher/qr")]
pub async fn qr(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<VoucherIdQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = required_id("voucherId", q.voucher_id)?;
    let d = with_conn(&pool, move |conn| vouchers::qr_png(conn, &viewer, id)).await?;
    Ok(download(d))
}

/// The order's vouchers as a PDF document, one page a voucher (a binary download); 412
/// `no-voucher` before confirmation or for a product that gives none.
#[utoipa::path(params(OrderIdQuery), responses((status = 200, description = "The PDF document", content_type = "application/pdf", body = Vec<u8>), (status = 404), (status = 412)), security(("bearer" = [])), tag = "voucher", summary = "A ticket order's vouchers (PDF)")]
#[get("/saas/order/ticketVoucher/pdf")]
pub async fn pdf(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<OrderIdQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = required_id("orderId", q.order_id)?;
    let d = with_conn(&pool, move |conn| vouchers::pdf(conn, &viewer, id)).await?;
    Ok(download(d))
}

/// A scan at a gate.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RedeemForm {
    /// The code as scanned or typed (case, blanks and hyphens do not matter); up to 64
    /// characters.
    pub code: Option<String>,
    /// The gate's scenic spot: a voucher of another spot is refused (`wrong-scenic`). 0 or
    /// absent: not checked.
    pub scenic_id: Option<i64>,
    /// The gate's name, kept with the admission; up to 64 characters.
    #[serde(default)]
    pub gate: String,
    /// The scanner's id of this scan, up to 64 characters: sent again (a retry after a lost
    /// answer), an admission is answered again as admitted (`repeat`), never admitted twice.
    #[serde(default)]
    pub scan_id: String,
}

/// The gate: a scanned code is admitted (its voucher becomes used, with who and when; the
/// order completes when its last voucher is) or refused with the reason (`already-used` naming
/// when and by whom, `not-yet-valid`, `expired`, `cancelled`, `not-confirmed`, `wrong-scenic`,
/// `unknown-code`). Both answers are 200 (`admitted` says which); a code that is not text of a
/// sane length is a 412. The tenant's staff and suppliers (a supplier redeems the vouchers of
/// its own products' orders); distributors 403.
#[utoipa::path(request_body = RedeemForm, responses((status = 200, body = Redemption), (status = 403), (status = 412)), security(("bearer" = [])), tag = "voucher", summary = "Redeem a voucher at the gate")]
#[post("/saas/ticket/ticketVoucher/redeem")]
pub async fn redeem(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<RedeemForm>,
) -> Result<Reply<Redemption>, ApiError> {
    if viewer.distributor().is_some() {
        return Err(platform::auth::forbidden());
    }
    let f = form.into_inner();
    let code = f.code.unwrap_or_default();
    if code.trim().is_empty() {
        return Err(ApiError::invalid_field(
            "code",
            "请扫描或输入凭证码",
            "Please scan or type the voucher code",
        ));
    }
    platform::validate::text("code", &code, 1, 64)?;
    let gate = f.gate.trim().to_owned();
    platform::validate::line("gate", &gate, 0, 64)?;
    let scan_id = f.scan_id.trim().to_owned();
    platform::validate::line("scanId", &scan_id, 0, 64)?;
    let scan = Scan {
        code,
        scenic_id: f.scenic_id.unwrap_or(0).max(0),
        gate,
        scan_id,
    };
    let actor = Actor {
        viewer,
        user_id: me.user_id,
        now: platform::time::now_ms(),
    };
    let r = with_conn(&pool, move |conn| {
        // Every statement of a scan has one shape: generic plans may serve it.
        hot_write_tx::<_, ApiError>(conn, |conn| vouchers::redeem(conn, &actor, &scan))
    })
    .await?;
    Ok(Reply(r))
}

platform::endpoints!(list, qr, pdf, redeem);
