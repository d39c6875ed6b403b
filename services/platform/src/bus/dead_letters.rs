//! The dead-letter view every service with a database serves: `GET /internal/dead-letters`
//! (paged, newest first) and `POST /internal/dead-letters/{id}/requeue`.
//! Not authenticated yet: restricted to platform admins once auth-center exists (issue 4);
//! until then keep `/internal/` off the public ingress (the gateway does not route it).

use actix_web::web;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::{OpenApi, ToSchema};

use super::schema::dead_letters;
use super::{Bus, EventEnvelope};
use crate::db::{DbError, DbPool, with_conn};
use crate::error::ApiError;
use crate::http::{Page, PageQuery, Query, Reply};
use crate::i18n::Text;

#[derive(Debug, Serialize, Queryable, Selectable, ToSchema)]
#[diesel(table_name = dead_letters)]
#[serde(rename_all = "camelCase")]
pub struct DeadLetter {
    pub id: i64,
    pub consumer: String,
    pub event_id: String,
    pub routing_key: String,
    pub error: String,
    pub attempts: i32,
    pub created_at: i64,
    pub requeued_at: Option<i64>,
}

/// What a re-queue needs of a dead letter: consumer queue, routing key, envelope, re-queued at.
type Requeueable = (String, String, Vec<u8>, Option<i64>);

/// Keeps a message that will not be handled: the envelope that `consumer` (the queue a re-queue
/// puts it back on) could not apply under `routing_key`, after `attempts`, with the reason. The
/// consumer calls it for a delivery that keeps failing; a service whose own work on an event fails
/// for good after it was consumed (weixin-server's template sends) calls it too, with an envelope
/// that a re-queue would apply afresh.
pub fn record(
    conn: &mut crate::db::DbConnection,
    consumer: &str,
    routing_key: &str,
    envelope: &[u8],
    attempts: u32,
    error: &str,
) -> QueryResult<()> {
    use prost::Message as _;
    let event_id = EventEnvelope::decode(envelope)
        .map(|e| e.event_id)
        .unwrap_or_default();
    diesel::insert_into(dead_letters::table)
        .values((
            dead_letters::id.eq(crate::id::next_id()),
            dead_letters::consumer.eq(consumer),
            dead_letters::event_id.eq(event_id),
            dead_letters::routing_key.eq(routing_key),
            dead_letters::envelope.eq(envelope),
            dead_letters::error.eq(error),
            dead_letters::attempts.eq(i32::try_from(attempts).unwrap_or(i32::MAX)),
            dead_letters::created_at.eq(crate::time::now_ms()),
        ))
        .execute(conn)?;
    Ok(())
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::Internal(anyhow::anyhow!("dead letters: {e}"))
}

#[utoipa::path(
    get,
    path = "/internal/dead-letters",
    tag = "bus",
    params(PageQuery),
    responses((status = 200, body = Page<DeadLetter>, description = "Dead letters, newest first"))
)]
pub async fn list(
    pool: web::Data<DbPool>,
    q: Query<PageQuery>,
) -> Result<Reply<Page<DeadLetter>>, ApiError> {
    let page = q.into_inner().validate()?;
    with_conn(&pool, move |c| -> Result<Page<DeadLetter>, DbError> {
        let total: i64 = dead_letters::table.count().get_result(c)?;
        let rows = dead_letters::table
            .order(dead_letters::id.desc())
            .limit(page.limit())
            .offset(page.offset())
            .select(DeadLetter::as_select())
            .load(c)?;
        Ok(Page::new(rows, total, page))
    })
    .await
    .map(Reply)
    .map_err(internal)
}

#[utoipa::path(
    post,
    path = "/internal/dead-letters/{id}/requeue",
    tag = "bus",
    params(("id" = i64, Path, description = "Dead letter id")),
    responses(
        (status = 200, body = i64, description = "Put back on the consumer's queue: its id"),
        (status = 404, description = "No such dead letter"),
        (status = 412, description = "Already re-queued")
    )
)]
pub async fn requeue(
    pool: web::Data<DbPool>,
    bus: web::Data<Bus>,
    id: web::Path<i64>,
) -> Result<Reply<i64>, ApiError> {
    let id = id.into_inner();
    let row = with_conn(&pool, move |c| -> Result<Option<Requeueable>, DbError> {
        Ok(dead_letters::table
            .find(id)
            .select((
                dead_letters::consumer,
                dead_letters::routing_key,
                dead_letters::envelope,
                dead_letters::requeued_at,
            ))
            .first(c)
            .optional()?)
    })
    .await
    .map_err(internal)?;
    let Some((consumer, routing_key, body, requeued_at)) = row else {
        return Err(ApiError::NotFound {
            what: Text::new(format!("死信 {id}"), format!("dead letter {id}")),
        });
    };
    if requeued_at.is_some() {
        return Err(ApiError::Rule {
            code: "already-requeued",
            msg: Text::new(
                format!("死信 {id} 已重新入队"),
                format!("dead letter {id} was already re-queued"),
            ),
        });
    }
    if let Err(e) = bus.requeue(&consumer, &routing_key, body).await {
        return Err(ApiError::Unavailable {
            reason: Text::new(
                format!("无法重新入队：{e}"),
                format!("cannot re-queue: {e}"),
            ),
        });
    }
    let now = crate::time::now_ms();
    with_conn(&pool, move |c| -> Result<usize, DbError> {
        Ok(diesel::update(dead_letters::table.find(id))
            .set(dead_letters::requeued_at.eq(Some(now)))
            .execute(c)?)
    })
    .await
    .map_err(internal)?;
    Ok(Reply(id))
}

#[derive(OpenApi)]
#[openapi(paths(list, requeue), components(schemas(DeadLetter)), tags((name = "bus", description = "Dead letters of this service's consumer")))]
pub struct DeadLetterApi;

pub fn config(cfg: &mut web::ServiceConfig) {
    cfg.route("/internal/dead-letters", web::get().to(list))
        .route(
            "/internal/dead-letters/{id}/requeue",
            web::post().to(requeue),
        );
}
