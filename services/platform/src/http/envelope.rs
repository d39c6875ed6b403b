//! The envelope of every business answer: `{state, code, msg, data, time}`.

use actix_web::body::BoxBody;
use actix_web::{HttpRequest, HttpResponse, Responder};
use serde::Serialize;
use utoipa::ToSchema;

use crate::i18n::Text;

#[derive(Debug, Clone, Copy, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Success,
    Warn,
    Error,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    pub state: State,
    /// `ok` on success, otherwise a stable error code (`invalid`, `not-found`, ...).
    pub code: String,
    /// What the user is shown, in the language of `Accept-Language`.
    pub msg: String,
    pub data: Option<T>,
    /// Server time of the answer, ms since the epoch.
    pub time: i64,
}

pub const SUCCESS_CODE: &str = "ok";

const SUCCESS: Text = Text::fixed("操作成功", "Success");

impl<T> Envelope<T> {
    pub fn success(data: T) -> Self {
        Self {
            state: State::Success,
            code: SUCCESS_CODE.to_owned(),
            msg: SUCCESS.localized().to_owned(),
            data: Some(data),
            time: crate::time::now_ms(),
        }
    }
}

/// A successful answer: handlers return `Result<Reply<T>, E>` and never build envelopes by hand.
#[derive(Debug)]
pub struct Reply<T>(pub T);

impl<T: Serialize> Responder for Reply<T> {
    type Body = BoxBody;

    fn respond_to(self, _req: &HttpRequest) -> HttpResponse {
        HttpResponse::Ok().json(Envelope::success(self.0))
    }
}
