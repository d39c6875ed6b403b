//! The OpenAPI document says what is really sent. Handlers declare the `data` of their answers
//! (`body = Page<Row>`); every answer actually goes out in the envelope, and every operation can
//! also answer the platform's errors. Rather than repeat both in some hundreds of annotations,
//! the document is completed here once, from the same rules the code follows:
//! - a 2xx JSON answer becomes the envelope `{state, code, msg, data, time}` with the declared
//!   schema as `data` (operations that answer raw JSON say so with the extension
//!   `x-envelope: false`: the token calls the spec defines; their errors are enveloped all the
//!   same); the actuator's probes are left as declared;
//! - the statuses the platform itself can answer are added with the error envelope: 412 (with
//!   `data.field` and `data.reason`) for every operation, 401 and 403 where a token is needed
//!   (by the path's access class, as the guard decides), 413 where a body is read, 429 (rate
//!   limits at the gateway and on sign-in), 404 and 503 (a missing record, the database away).

use serde_json::{Map, Value, json};
use utoipa::openapi::OpenApi;

use crate::auth::access::{Access, classify};

/// The extension an operation carries when its answer is not in the envelope.
pub const RAW_EXTENSION: &str = "x-envelope";

const ERROR_SCHEMA: &str = "ErrorAnswer";
const METHODS: [&str; 5] = ["get", "post", "put", "delete", "patch"];

/// The document as served: every answer as it is sent, every status an operation can answer,
/// and the gateway's prefix of the service (`/api/<service>`) as its server, so the reference
/// page's calls and a generated client go where the console's go.
pub fn complete(doc: &OpenApi, service: &str) -> Result<Value, serde_json::Error> {
    let mut value = serde_json::to_value(doc)?;
    complete_value(&mut value);
    if let Some(d) = value.as_object_mut() {
        d.insert(
            "servers".to_owned(),
            json!([{ "url": format!("/api/{service}"), "description": "through the gateway" }]),
        );
    }
    Ok(value)
}

fn complete_value(doc: &mut Value) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for (path, item) in paths.iter_mut() {
        // Probes and this document answer for the orchestrator in their own shapes (Spring-style
        // health), and nothing else: they are documented as declared.
        if path.starts_with("/actuator/") || path == "/openapi.json" {
            continue;
        }
        let access = classify(path);
        for method in METHODS {
            if let Some(op) = item.get_mut(method).and_then(Value::as_object_mut) {
                complete_operation(op, access);
            }
        }
    }
    for (path, item) in paths.iter_mut() {
        for method in METHODS {
            if let Some(op) = item.get_mut(method).and_then(Value::as_object_mut) {
                op.insert("operationId".to_owned(), operation_id(method, path).into());
            }
        }
    }
    let components = doc
        .as_object_mut()
        .map(|d| d.entry("components").or_insert_with(|| json!({})));
    if let Some(schemas) = components
        .and_then(Value::as_object_mut)
        .map(|c| c.entry("schemas").or_insert_with(|| json!({})))
        .and_then(Value::as_object_mut)
    {
        schemas.insert(ERROR_SCHEMA.to_owned(), error_schema());
    }
}

/// OpenAPI wants operation ids unique in a document, and the handlers' function names are not
/// (every resource has its `list`): the id is the method and path, `getSaasHotelHotelInfosList`
/// for `GET /saas/hotel/hotelInfos/list`, stable whatever the function is called.
fn operation_id(method: &str, path: &str) -> String {
    let mut id = method.to_owned();
    for word in path.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            id.push(first.to_ascii_uppercase());
            id.extend(chars);
        }
    }
    id
}

fn complete_operation(op: &mut Map<String, Value>, access: Access) {
    let raw = op.get(RAW_EXTENSION) == Some(&Value::Bool(false));
    let has_body = op.contains_key("requestBody");
    let responses = op
        .entry("responses")
        .or_insert_with(|| json!({}))
        .as_object_mut();
    let Some(responses) = responses else {
        return;
    };
    for (status, response) in responses.iter_mut() {
        if !status.starts_with('2') {
            describe_error(response);
        } else if !raw {
            wrap_success(response);
        }
    }
    let mut add = |status: &str, text: &str| {
        let entry = responses
            .entry(status.to_owned())
            .or_insert_with(|| json!({ "description": text }));
        describe_error(entry);
    };
    add(
        "412",
        "Invalid input: `data.field` names the field and `data.reason` says why; or a business rule refused the call (`code` names it, `data` null)",
    );
    add("404", "The record does not exist or is not the caller's");
    add(
        "429",
        "Too many requests: retry after the `Retry-After` seconds",
    );
    add(
        "503",
        "The service cannot reach its database or broker for now",
    );
    if has_body {
        add("413", "The body is larger than the service accepts");
    }
    if access != Access::Public {
        add(
            "401",
            "No valid session: `code` is unauthorized, token-expired, token-invalid, token-repeated or session-ended",
        );
        add(
            "403",
            "The caller's session lacks the permission (or is not a platform administrator)",
        );
    }
}

/// A success declared with a JSON body becomes the envelope around it; one declared without a
/// body is the envelope with `data` null.
fn wrap_success(response: &mut Value) {
    let Some(response) = response.as_object_mut() else {
        return;
    };
    // utoipa documents a bare integer, number or boolean (`body = bool`) as text/plain, while the
    // handler answers it inside the JSON envelope like any other data: it is JSON data here.
    // Only a text answer (the metrics' exposition, a file) keeps its own type.
    if let Some(content) = response.get_mut("content").and_then(Value::as_object_mut)
        && content.len() == 1
        && let Some(plain) = content.remove("text/plain")
    {
        let scalar = plain
            .get("schema")
            .and_then(|s| s.get("type"))
            .and_then(Value::as_str)
            .is_some_and(|t| matches!(t, "integer" | "number" | "boolean"));
        let key = if scalar {
            "application/json"
        } else {
            "text/plain"
        };
        content.insert(key.to_owned(), plain);
    }
    let data = response
        .get("content")
        .and_then(|c| c.get("application/json"))
        .and_then(|j| j.get("schema"))
        .cloned();
    let is_other_type = response
        .get("content")
        .and_then(Value::as_object)
        .is_some_and(|c| !c.is_empty() && !c.contains_key("application/json"));
    if is_other_type {
        return;
    }
    let data = data.unwrap_or_else(|| json!({ "type": "null" }));
    response.insert(
        "content".to_owned(),
        json!({ "application/json": { "schema": envelope_schema(data) } }),
    );
}

/// An error declared without a body is the error envelope (one declared with its own body, as
/// a probe's 503, keeps it).
fn describe_error(response: &mut Value) {
    if let Some(response) = response.as_object_mut()
        && !response.contains_key("content")
    {
        response.insert(
            "content".to_owned(),
            json!({ "application/json": { "schema": { "$ref": format!("#/components/schemas/{ERROR_SCHEMA}") } } }),
        );
    }
}

fn envelope_schema(data: Value) -> Value {
    json!({
        "type": "object",
        "required": ["state", "code", "msg", "data", "time"],
        "properties": {
            "state": { "type": "string", "enum": ["success"] },
            "code": { "type": "string", "enum": [crate::http::envelope::SUCCESS_CODE] },
            "msg": { "type": "string", "description": "Shown to the user, in the language of Accept-Language" },
            "data": data,
            "time": { "type": "integer", "format": "int64", "description": "Server time, ms since the epoch" },
        },
    })
}

fn error_schema() -> Value {
    json!({
        "type": "object",
        "description": "Every error answer: the envelope with a stable `code` and a message in the caller's language",
        "required": ["state", "code", "msg", "time"],
        "properties": {
            "state": { "type": "string", "enum": ["error", "warn"] },
            "code": { "type": "string", "description": "invalid, not-found, forbidden, unauthorized, token-expired, too-many-requests, payload-too-large, unavailable, or a business rule's own code" },
            "msg": { "type": "string" },
            "data": {
                "type": ["object", "null"],
                "properties": {
                    "field": { "type": "string", "description": "412: the field that was refused" },
                    "reason": { "type": "string", "description": "412: why, in the caller's language" },
                    "service": { "type": "string", "description": "502/504: the service that did not answer" },
                },
            },
            "time": { "type": "integer", "format": "int64" },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc() -> Value {
        json!({
            "openapi": "3.1.0",
            "info": { "title": "t", "version": "1" },
            "paths": {
                "/saas/things/list": { "get": { "responses": {
                    "200": { "description": "ok", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Page" } } } },
                    "412": { "description": "bad period" }
                } } },
                "/saas/things/save": { "post": { "requestBody": { "content": {} }, "responses": {
                    "200": { "description": "saved" }
                } } },
                "/oauth/token": { "post": { "x-envelope": false, "responses": {
                    "200": { "description": "raw", "content": { "application/json": { "schema": { "type": "object" } } } }
                } } },
                "/openapi/things/ids": { "get": { "responses": { "200": { "description": "ok" } } } },
                "/saas/things/enabled": { "get": { "responses": {
                    "200": { "description": "a bare boolean", "content": { "text/plain": { "schema": { "type": "boolean" } } } }
                } } },
                "/saas/things/export": { "get": { "responses": {
                    "200": { "description": "a text file", "content": { "text/plain": { "schema": { "type": "string" } } } }
                } } }
            }
        })
    }

    #[test]
    fn operation_ids_are_the_method_and_path() {
        assert_eq!(
            operation_id("get", "/saas/hotel/hotelInfos/list"),
            "getSaasHotelHotelInfosList"
        );
        assert_eq!(
            operation_id("put", "/saas/order/{orderId}/state-changes"),
            "putSaasOrderOrderIdStateChanges"
        );
    }

    #[test]
    fn successes_are_the_envelope_around_the_declared_data() {
        let mut d = doc();
        complete_value(&mut d);
        let ok = &d["paths"]["/saas/things/list"]["get"]["responses"]["200"]["content"]["application/json"]
            ["schema"];
        assert_eq!(
            ok["properties"]["data"]["$ref"],
            "#/components/schemas/Page"
        );
        assert_eq!(ok["required"][3], "data");
        let saved = &d["paths"]["/saas/things/save"]["post"]["responses"]["200"]["content"]["application/json"]
            ["schema"];
        assert_eq!(saved["properties"]["data"]["type"], "null");
    }

    #[test]
    fn a_bare_scalar_is_json_data_and_text_stays_text() {
        let mut d = doc();
        complete_value(&mut d);
        let enabled = &d["paths"]["/saas/things/enabled"]["get"]["responses"]["200"]["content"];
        assert!(enabled.get("text/plain").is_none(), "{enabled}");
        assert_eq!(
            enabled["application/json"]["schema"]["properties"]["data"]["type"],
            "boolean"
        );
        let export = &d["paths"]["/saas/things/export"]["get"]["responses"]["200"]["content"];
        assert_eq!(export["text/plain"]["schema"]["type"], "string");
        assert!(export.get("application/json").is_none(), "{export}");
    }

    #[test]
    fn every_operation_gets_the_statuses_the_platform_answers() {
        let mut d = doc();
        complete_value(&mut d);
        let list = &d["paths"]["/saas/things/list"]["get"]["responses"];
        for s in ["401", "403", "404", "412", "429", "503"] {
            assert!(list.get(s).is_some(), "{s} missing");
        }
        assert!(list.get("413").is_none(), "no body is read");
        assert_eq!(list["412"]["description"], "bad period", "kept");
        assert!(d["paths"]["/saas/things/save"]["post"]["responses"]["413"].is_object());
        let public = &d["paths"]["/openapi/things/ids"]["get"]["responses"];
        assert!(public.get("401").is_none() && public.get("412").is_some());
        assert!(d["components"]["schemas"][ERROR_SCHEMA].is_object());
    }

    #[test]
    fn raw_successes_are_left_as_declared() {
        let mut d = doc();
        complete_value(&mut d);
        let raw = &d["paths"]["/oauth/token"]["post"]["responses"];
        assert_eq!(
            raw["200"]["content"]["application/json"]["schema"]["type"],
            "object"
        );
        assert!(
            raw["412"]["content"].is_object(),
            "its errors are enveloped"
        );
    }

    #[test]
    fn the_typed_document_is_completed_with_its_server() {
        let typed: OpenApi = serde_json::from_value(doc()).expect("a valid document");
        let done = complete(&typed, "hotel-app").expect("serialises");
        assert!(
            done["paths"]["/saas/things/list"]["get"]["responses"]["200"]["content"]
                ["application/json"]["schema"]["properties"]["state"]
                .is_object()
        );
        assert_eq!(done["servers"][0]["url"], "/api/hotel-app");
    }
}
