//! API users: an app key and the hash of its secret, for system-to-system calls. Bounded to the
//! caller's tenant (and, for a merchant's user, merchant) like the users.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::Backend as Db;
use platform::db::DbConnection;
use platform::db::SearchText as _;
use platform::http::PageRequest;

use super::schema::{api_nonces, api_users};
use crate::domain::api_users::ApiUserForm;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = api_users)]
pub struct ApiUser {
    pub id: i64,
    pub saas_id: i64,
    pub mch_id: i64,
    pub name: String,
    pub msc_type: i32,
    pub app_key: String,
    pub secret_hash: String,
    pub state: i32,
    pub remarks: String,
    pub created_at: i64,
    pub updated_at: i64,
    /// The secret sealed with the service's key (`platform::sealing`), to check signed
    /// requests; none for users made before signing existed, until their secret is reset.
    pub secret_sealed: Option<String>,
}

/// The API users `viewer` sees: its tenant's, and a merchant's user its merchant's.
fn visible(viewer: &Viewer) -> api_users::BoxedQuery<'static, Db> {
    let mut q = api_users::table
        .filter(api_users::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(mch_id) = viewer.mch_id() {
        q = q.filter(api_users::mch_id.eq(mch_id));
    }
    q
}

pub fn list_api_users(
    conn: &mut DbConnection,
    viewer: &Viewer,
    name: Option<&str>,
    page: PageRequest,
) -> QueryResult<(Vec<ApiUser>, i64)> {
    let query = || {
        let mut q = visible(viewer);
        if let Some(n) = name.filter(|n| !n.is_empty()) {
            q = q.filter(api_users::name.contains_text(n));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(api_users::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(ApiUser::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// The API user if `viewer` sees it.
pub fn api_user_in_scope(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<ApiUser>> {
    visible(viewer)
        .filter(api_users::id.eq(id))
        .select(ApiUser::as_select())
        .first(conn)
        .optional()
}

/// The columns the form sets, on create and on update alike.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = api_users)]
struct FormColumns<'a> {
    name: &'a str,
    msc_type: i32,
    mch_id: i64,
    state: i32,
    remarks: &'a str,
}

impl<'a> From<&'a ApiUserForm> for FormColumns<'a> {
    fn from(f: &'a ApiUserForm) -> Self {
        Self {
            name: &f.name,
            msc_type: f.msc_type,
            mch_id: f.mch_id,
            state: f.state,
            remarks: &f.remarks,
        }
    }
}

/// Creates an API user of the viewer's tenant.
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    app_key: &str,
    secret: &SecretColumns<'_>,
    form: &ApiUserForm,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(api_users::table)
        .values((
            api_users::id.eq(id),
            api_users::saas_id.eq(viewer.saas_id),
            FormColumns::from(form),
            api_users::app_key.eq(app_key),
            api_users::secret_hash.eq(secret.hash),
            api_users::secret_sealed.eq(Some(secret.sealed)),
            api_users::created_at.eq(now),
            api_users::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// A secret as it is kept: its argon2id hash, and the secret sealed with the service's key.
pub struct SecretColumns<'a> {
    pub hash: &'a str,
    pub sealed: &'a str,
}

/// Writes the form over the API user, and its new secret when it has one (the app key stays).
pub fn update(
    conn: &mut DbConnection,
    id: i64,
    form: &ApiUserForm,
    new_secret: Option<&SecretColumns<'_>>,
    now: i64,
) -> QueryResult<()> {
    diesel::update(api_users::table.find(id))
        .set((FormColumns::from(form), api_users::updated_at.eq(now)))
        .execute(conn)?;
    if let Some(secret) = new_secret {
        diesel::update(api_users::table.find(id))
            .set((
                api_users::secret_hash.eq(secret.hash),
                api_users::secret_sealed.eq(Some(secret.sealed)),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The API user of an app key, in any tenant (a signed request names only its key).
pub fn by_app_key(conn: &mut DbConnection, app_key: &str) -> QueryResult<Option<ApiUser>> {
    api_users::table
        .filter(api_users::app_key.eq(app_key))
        .select(ApiUser::as_select())
        .first(conn)
        .optional()
}

/// The state of an API user (for the sessions of its tokens); none when it is gone.
pub fn state_of(conn: &mut DbConnection, id: i64) -> QueryResult<Option<i32>> {
    api_users::table
        .find(id)
        .select(api_users::state)
        .first(conn)
        .optional()
}

/// Records a nonce of an app key until `expires_at`; false when it was already recorded (a
/// replay). The unique (app key, nonce) decides, so two replicas cannot both accept it.
pub fn record_nonce(
    conn: &mut DbConnection,
    app_key: &str,
    nonce: &str,
    expires_at: i64,
) -> QueryResult<bool> {
    let insert = diesel::insert_into(api_nonces::table)
        .values((
            api_nonces::app_key.eq(app_key),
            api_nonces::nonce.eq(nonce),
            api_nonces::expires_at.eq(expires_at),
        ))
        .on_conflict_do_nothing();
    let inserted = platform::per_backend!(conn, |c| insert.execute(c))?;
    Ok(inserted == 1)
}

/// Removes the nonces past their expiry (their timestamps are refused as stale anyway).
pub fn forget_nonces(conn: &mut DbConnection, now: i64) -> QueryResult<usize> {
    diesel::delete(api_nonces::table.filter(api_nonces::expires_at.le(now))).execute(conn)
}
