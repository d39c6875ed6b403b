//! `GET /openapi/enum/{name}`: an enumeration in the request's language (no login needed).

use actix_web::{get, web};
use platform::ApiError;
use platform::http::Reply;
use platform::i18n::{Lang, Text};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::enums;

#[derive(Debug, Serialize, ToSchema)]
pub struct EnumEntry {
    /// A number, or a string for service tags.
    #[schema(value_type = Object)]
    pub value: serde_json::Value,
    pub label: String,
}

/// The values of one enumeration, in display order, labelled in the request's language.
#[utoipa::path(
    params(("name" = String, Path, description = "breakfasts, guestTypes, ... (docs/enums.md)")),
    responses((status = 200, body = [EnumEntry]), (status = 404, description = "no such enumeration; the message lists the known names")),
    tag = "enum",
    summary = "Load an enumeration"
)]
#[get("/openapi/enum/{name}")]
pub async fn load(name: web::Path<String>) -> Result<Reply<Vec<EnumEntry>>, ApiError> {
    let Some(entries) = enums::find(&name) else {
        let known = enums::names().join(", ");
        return Err(ApiError::NotFound {
            what: Text::new(
                format!("枚举 {name}（可用：{known}）"),
                format!("enumeration {name} (known: {known})"),
            ),
        });
    };
    let lang = Lang::current();
    Ok(Reply(
        entries
            .iter()
            .map(|e| EnumEntry {
                value: e.value.to_json(),
                label: match lang {
                    Lang::ZhCn => e.zh,
                    Lang::En => e.en,
                }
                .to_owned(),
            })
            .collect(),
    ))
}

platform::endpoints!(load);
