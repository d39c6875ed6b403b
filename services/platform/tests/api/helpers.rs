//! A small service built on the platform alone, to test what every service inherits.

use actix_web::web;
use diesel::RunQueryDsl;
use diesel::sql_types::{BigInt, Text};
use platform::db::{DbPool, Migrations};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::{ApiError, ServiceSpec};
use serde::{Deserialize, Serialize};

pub fn fixture_migrations() -> Migrations {
    platform::embed_migrations!(
        postgres = "tests/fixtures/migrations/postgres",
        sqlite = "tests/fixtures/migrations/sqlite"
    )
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewNote {
    pub id: i64,
    pub title: String,
}

#[derive(Debug, Serialize, diesel::QueryableByName)]
pub struct Note {
    #[diesel(sql_type = BigInt)]
    pub id: i64,
    #[diesel(sql_type = Text)]
    pub title: String,
}

#[derive(diesel::QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

async fn create(pool: web::Data<DbPool>, body: Json<NewNote>) -> Result<Reply<i64>, ApiError> {
    let note = body.into_inner();
    let pool = pool.get_ref().clone();
    web::block(move || -> anyhow::Result<i64> {
        let mut conn = pool.get()?;
        diesel::sql_query(
            "INSERT INTO notes (id, saas_id, title, created_at) VALUES ($1, 1, $2, 0)",
        )
        .bind::<BigInt, _>(note.id)
        .bind::<Text, _>(note.title)
        .execute(&mut conn)?;
        Ok(note.id)
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))?
    .map(Reply)
    .map_err(ApiError::Internal)
}

async fn list(pool: web::Data<DbPool>, q: Query<PageQuery>) -> Result<Reply<Page<Note>>, ApiError> {
    let page = q.into_inner().validate()?;
    // Through with_conn, as services read: an unreachable database is its 503, not a 500.
    platform::db::with_conn(
        pool.get_ref(),
        move |conn| -> Result<Page<Note>, ApiError> {
            let total: Vec<Count> =
                diesel::sql_query("SELECT COUNT(*) AS n FROM notes").load(conn)?;
            let rows: Vec<Note> =
                diesel::sql_query("SELECT id, title FROM notes ORDER BY id LIMIT $1 OFFSET $2")
                    .bind::<BigInt, _>(page.limit())
                    .bind::<BigInt, _>(page.offset())
                    .load(conn)?;
            Ok(Page::new(rows, total.first().map_or(0, |c| c.n), page))
        },
    )
    .await
    .map(Reply)
}

async fn fail() -> Result<Reply<()>, ApiError> {
    Err(ApiError::Internal(anyhow::anyhow!(
        "secret detail: disk on fire"
    )))
}

pub fn notes_service() -> ServiceSpec {
    // The envelope fixture: callers are not its concern (tests/api/auth.rs checks the guard).
    ServiceSpec::new("notes", "1.0.0", 0)
        .migrations(fixture_migrations())
        .unguarded()
        .routes(|c, _| {
            c.route("/notes", web::post().to(create))
                .route("/notes", web::get().to(list))
                .route("/fail", web::get().to(fail));
        })
}
