//! CORS for `/api/**`: only the configured origins get the headers; a preflight from one of
//! them is answered here, without reaching a service.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, web};

/// The origins allowed, as configured.
#[derive(Debug, Clone, Default)]
pub struct Origins(pub Vec<String>);

const ALLOWED_METHODS: &str = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const ALLOWED_HEADERS: &str =
    "authorization, content-type, accept-language, x-requested-with, x-request-id";

pub async fn cors<B: MessageBody>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    let allowed = req.app_data::<web::Data<Origins>>().and_then(|origins| {
        let origin = req.headers().get(header::ORIGIN)?.to_str().ok()?;
        origins
            .0
            .iter()
            .any(|o| o == origin)
            .then(|| origin.to_owned())
    });
    let Some(origin) = allowed else {
        return Ok(next.call(req).await?.map_into_left_body());
    };
    let origin = HeaderValue::from_str(&origin).unwrap_or(HeaderValue::from_static("null"));
    if req.method() == Method::OPTIONS
        && req
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
    {
        let res = HttpResponse::build(StatusCode::NO_CONTENT)
            .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, origin))
            .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, ALLOWED_METHODS))
            .insert_header((header::ACCESS_CONTROL_ALLOW_HEADERS, ALLOWED_HEADERS))
            .insert_header((header::ACCESS_CONTROL_MAX_AGE, "600"))
            .insert_header((header::VARY, "Origin"))
            .finish();
        return Ok(req.into_response(res).map_into_right_body());
    }
    let mut res = next.call(req).await?;
    let headers = res.headers_mut();
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    headers.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static("retry-after, x-request-id, content-disposition"),
    );
    headers.append(header::VARY, HeaderValue::from_static("Origin"));
    Ok(res.map_into_left_body())
}
