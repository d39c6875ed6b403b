//! The SMS and mail lists of the base application: messages sent (`/saas/msg/sms/list`,
//! `/saas/msg/mail/list`), the queues with every state (`smsQueue/list`, `mailQueue/list`), and
//! sending a failed or refused one again. The tenant's staff see the tenant's messages; a
//! merchant's user its own.

use actix_web::{get, put, web};
use platform::ApiError;
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Text;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::domain::dispatch::Channel;
use crate::store::dispatch::{self, Dispatch, Filter, state};

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

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MailQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// `stateMails` (-99 or absent: all); the sent list is always 2.
    pub state: Option<i32>,
    /// The start of the e-mail address.
    pub email: Option<String>,
}

async fn page_of(
    pool: &DbPool,
    me: CurrentUser,
    channel: Channel,
    paging: PageQuery,
    wanted: Option<i32>,
    address: Option<String>,
) -> Result<Reply<Page<Dispatch>>, ApiError> {
    let page = paging.validate()?;
    let st = wanted.filter(|s| *s != -99);
    if let Some(s) = st
        && !(state::QUEUED..=state::REFUSED).contains(&s)
    {
        return Err(ApiError::invalid(
            "state",
            Text::fixed("状态为 0 到 4", "the state is 0 to 4"),
        ));
    }
    let filter = Filter {
        user_id: me.is_merchant_user().then_some(me.user_id),
        state: st,
        address,
    };
    let out = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = dispatch::page(conn, channel, me.saas_id, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(out))
}

async fn resend(
    pool: &DbPool,
    me: CurrentUser,
    channel: Channel,
    id: i64,
) -> Result<Reply<bool>, ApiError> {
    if me.is_merchant_user() {
        return Err(platform::auth::forbidden());
    }
    let done = with_conn(pool, move |conn| -> Result<_, ApiError> {
        Ok(dispatch::resend(
            conn,
            channel,
            me.saas_id,
            id,
            platform::time::now_ms(),
        )?)
    })
    .await?;
    if !done {
        return Err(ApiError::Rule {
            code: "not-resendable",
            msg: match channel {
                Channel::Sms => Text::fixed(
                    "只能重发发送失败或被拒绝的短信",
                    "Only a failed or refused SMS can be sent again",
                ),
                Channel::Mail => Text::fixed(
                    "只能重发发送失败或被拒绝的邮件",
                    "Only a failed or refused mail can be sent again",
                ),
            },
        });
    }
    Ok(Reply(true))
}

fn paging(page: Option<u32>, result_num: Option<u32>) -> PageQuery {
    PageQuery { page, result_num }
}

/// The texts sent, newest first.
#[utoipa::path(params(SmsQuery), responses((status = 200, body = Page<Dispatch>)), security(("bearer" = [])), tag = "message", summary = "List sent SMS")]
#[get("/saas/msg/sms/list")]
pub async fn sms_sent(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    q: Query<SmsQuery>,
) -> Result<Reply<Page<Dispatch>>, ApiError> {
    let q = q.into_inner();
    let p = paging(q.page, q.result_num);
    page_of(&pool, me, Channel::Sms, p, Some(state::SENT), q.mobile).await
}

/// The SMS queue in every state, newest first.
#[utoipa::path(params(SmsQuery), responses((status = 200, body = Page<Dispatch>), (status = 412)), security(("bearer" = [])), tag = "message", summary = "List the SMS queue")]
#[get("/saas/msg/smsQueue/list")]
pub async fn sms_queue(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    q: Query<SmsQuery>,
) -> Result<Reply<Page<Dispatch>>, ApiError> {
    let q = q.into_inner();
    let p = paging(q.page, q.result_num);
    page_of(&pool, me, Channel::Sms, p, q.state, q.mobile).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResendForm {
    pub id: i64,
}

/// Queues a failed or refused text of the tenant again (the tenant's staff).
#[utoipa::path(request_body = ResendForm, responses((status = 200), (status = 403), (status = 412)), security(("bearer" = [])), tag = "message", summary = "Send an SMS again")]
#[put("/saas/msg/smsQueue/resend")]
pub async fn sms_resend(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<ResendForm>,
) -> Result<Reply<bool>, ApiError> {
    resend(&pool, me, Channel::Sms, form.id).await
}

/// The mails sent, newest first.
#[utoipa::path(params(MailQuery), responses((status = 200, body = Page<Dispatch>)), security(("bearer" = [])), tag = "message", summary = "List sent mail")]
#[get("/saas/msg/mail/list")]
pub async fn mail_sent(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    q: Query<MailQuery>,
) -> Result<Reply<Page<Dispatch>>, ApiError> {
    let q = q.into_inner();
    let p = paging(q.page, q.result_num);
    page_of(&pool, me, Channel::Mail, p, Some(state::SENT), q.email).await
}

/// The mail queue in every state, newest first.
#[utoipa::path(params(MailQuery), responses((status = 200, body = Page<Dispatch>), (status = 412)), security(("bearer" = [])), tag = "message", summary = "List the mail queue")]
#[get("/saas/msg/mailQueue/list")]
pub async fn mail_queue(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    q: Query<MailQuery>,
) -> Result<Reply<Page<Dispatch>>, ApiError> {
    let q = q.into_inner();
    let p = paging(q.page, q.result_num);
    page_of(&pool, me, Channel::Mail, p, q.state, q.email).await
}

/// Queues a failed or refused mail of the tenant again (the tenant's staff).
#[utoipa::path(request_body = ResendForm, responses((status = 200), (status = 403), (status = 412)), security(("bearer" = [])), tag = "message", summary = "Send a mail again")]
#[put("/saas/msg/mailQueue/resend")]
pub async fn mail_resend(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<ResendForm>,
) -> Result<Reply<bool>, ApiError> {
    resend(&pool, me, Channel::Mail, form.id).await
}

platform::endpoints!(
    sms_sent,
    sms_queue,
    sms_resend,
    mail_sent,
    mail_queue,
    mail_resend
);
