//! The SMS lists of the base application: texts sent (`/saas/msg/sms/list`), the queue with
//! every state (`/saas/msg/smsQueue/list`), and sending a failed or refused one again. The
//! tenant's staff see the tenant's texts; a merchant's user its own.

use actix_web::{get, put, web};
use platform::ApiError;
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Text;
use serde::Deserialize;
use utoipa::{IntoParams, OpenApi, ToSchema};

use crate::store::sms::{self, Sms, state};

#[derive(OpenApi)]
#[openapi(paths(sent, queue, resend))]
pub struct Doc;

pub fn config(cfg: &mut web::ServiceConfig) {
    cfg.service(sent).service(queue).service(resend);
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SmsQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// `stateSms` (-99 or absent: all); the sent list is always 2.
    pub state: Option<i32>,
    /// The start of the mobile number.
    pub mobile: Option<String>,
}

async fn page_of(
    pool: &DbPool,
    me: CurrentUser,
    q: SmsQuery,
    forced: Option<i32>,
) -> Result<Reply<Page<Sms>>, ApiError> {
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let st = forced.or(q.state.filter(|s| *s != -99));
    if let Some(s) = st
        && !(0..=4).contains(&s)
    {
        return Err(ApiError::invalid(
            "state",
            Text::fixed("状态为 0 到 4", "the state is 0 to 4"),
        ));
    }
    let only_user = me.is_merchant_user().then_some(me.user_id);
    let out = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = sms::page(conn, me.saas_id, only_user, st, q.mobile.as_deref(), page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

/// The texts sent, newest first.
#[utoipa::path(params(SmsQuery), responses((status = 200, body = Page<Sms>)), security(("bearer" = [])), tag = "message", summary = "List sent SMS")]
#[get("/saas/msg/sms/list")]
pub async fn sent(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    q: Query<SmsQuery>,
) -> Result<Reply<Page<Sms>>, ApiError> {
    page_of(&pool, me, q.into_inner(), Some(state::SENT)).await
}

/// The SMS queue in every state, newest first.
#[utoipa::path(params(SmsQuery), responses((status = 200, body = Page<Sms>), (status = 412)), security(("bearer" = [])), tag = "message", summary = "List the SMS queue")]
#[get("/saas/msg/smsQueue/list")]
pub async fn queue(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    q: Query<SmsQuery>,
) -> Result<Reply<Page<Sms>>, ApiError> {
    page_of(&pool, me, q.into_inner(), None).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResendForm {
    pub id: i64,
}

/// Queues a failed or refused text of the tenant again (the tenant's staff).
#[utoipa::path(request_body = ResendForm, responses((status = 200), (status = 403), (status = 412)), security(("bearer" = [])), tag = "message", summary = "Send an SMS again")]
#[put("/saas/msg/smsQueue/resend")]
pub async fn resend(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<ResendForm>,
) -> Result<Reply<bool>, ApiError> {
    if me.is_merchant_user() {
        return Err(platform::auth::forbidden());
    }
    let id = form.id;
    let done = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(sms::resend(conn, me.saas_id, id, platform::time::now_ms())?)
    })
    .await?;
    if !done {
        return Err(ApiError::Rule {
            code: "not-resendable",
            msg: Text::fixed(
                "只能重发发送失败或被拒绝的短信",
                "Only a failed or refused SMS can be sent again",
            ),
        });
    }
    Ok(Reply(true))
}
