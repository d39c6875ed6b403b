//! Who sees what: the one type a store function is scoped by ([`Viewer`]), the user and merchant
//! type numbers every service shares, and the request extractor that resolves a viewer once.
//!
//! Tenant isolation is absolute: every read or write of tenant data filters by the viewer's
//! `saas_id`, and by its merchant when the caller is a merchant's user. Both come from the
//! verified token (the merchant's type from the service's copy of merchants), never from the
//! request.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use futures_util::future::LocalBoxFuture;

use crate::app::ServiceState;
use crate::auth::CurrentUser;
use crate::db::DbConnection;
use crate::error::ApiError;
use crate::i18n::Text;

/// User types (`mscType`) as the spec numbers them. The console mirrors them in
/// `frontend/packages/shared/src/constants.ts`.
pub mod msc {
    pub const RPC_USER: i32 = 1;
    pub const PLATFORM_ADMIN: i32 = crate::auth::access::MSC_PLATFORM_ADMIN;
    pub const OPERATOR_ADMIN: i32 = crate::auth::access::MSC_OPERATOR_ADMIN;
    pub const OPERATOR_USER: i32 = 300;
    pub const OPERATOR_SHARED: i32 = 310;
    pub const SUPPLIER_USER: i32 = 311;
    pub const DISTRIBUTOR_USER: i32 = 312;
    pub const API_USER: i32 = 500;
    pub const API_SHARED: i32 = 510;
    pub const API_SUPPLIER: i32 = 511;
    pub const API_DISTRIBUTOR: i32 = 512;
    pub const C_SITE_USER: i32 = 0;
    pub const ANONYMOUS: i32 = -1;
}

/// The platform's own `saasId`: the tenant of the platform administrators and of no one else
/// (auth-center refuses any other user there, and saas-main takes a notice there for the
/// platform's only when a platform administrator wrote it).
pub const PLATFORM_SAAS_ID: i64 = 0;

/// Merchant types (`mchType`) as saas-main numbers them.
pub const MCH_SUPPLIER: i32 = 1;
pub const MCH_DISTRIBUTOR: i32 = 2;

/// What a merchant is to the tenant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MerchantKind {
    Supplier,
    Distributor,
}

impl MerchantKind {
    pub fn from_type(mch_type: i32) -> Option<Self> {
        match mch_type {
            MCH_SUPPLIER => Some(Self::Supplier),
            MCH_DISTRIBUTOR => Some(Self::Distributor),
            _ => None,
        }
    }

    pub fn mch_type(self) -> i32 {
        match self {
            Self::Supplier => MCH_SUPPLIER,
            Self::Distributor => MCH_DISTRIBUTOR,
        }
    }
}

/// The merchant a merchant's user is confined to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MerchantRef {
    pub id: i64,
    pub kind: MerchantKind,
}

/// The tenant a request acts in, narrowed to one merchant when the caller is a merchant's user.
/// Store functions take it (never loose ids or the raw user), so a query cannot forget either.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Viewer {
    pub saas_id: i64,
    pub merchant: Option<MerchantRef>,
}

impl Viewer {
    /// The tenant's own staff: sees the whole tenant.
    pub fn tenant(saas_id: i64) -> Self {
        Self {
            saas_id,
            merchant: None,
        }
    }

    pub fn merchant(saas_id: i64, id: i64, kind: MerchantKind) -> Self {
        Self {
            saas_id,
            merchant: Some(MerchantRef { id, kind }),
        }
    }

    /// Whether the caller is the tenant's staff rather than a merchant's user.
    pub fn is_tenant_staff(&self) -> bool {
        self.merchant.is_none()
    }

    /// The merchant id the caller is confined to, if any.
    pub fn mch_id(&self) -> Option<i64> {
        self.merchant.map(|m| m.id)
    }

    /// The supplier the caller is confined to, if the caller is a supplier's user.
    pub fn supplier(&self) -> Option<i64> {
        self.merchant
            .filter(|m| m.kind == MerchantKind::Supplier)
            .map(|m| m.id)
    }

    /// The distributor the caller is confined to, if the caller is a distributor's user.
    pub fn distributor(&self) -> Option<i64> {
        self.merchant
            .filter(|m| m.kind == MerchantKind::Distributor)
            .map(|m| m.id)
    }

    /// Whether a row of merchant `mch_id` in this tenant is visible: staff see every merchant's,
    /// a merchant's user only its own.
    pub fn sees_merchant(&self, mch_id: i64) -> bool {
        self.merchant.is_none_or(|m| m.id == mch_id)
    }

    /// Refuses callers who are not the tenant's staff.
    pub fn require_tenant_staff(&self) -> Result<(), ApiError> {
        if self.is_tenant_staff() {
            Ok(())
        } else {
            Err(crate::auth::forbidden())
        }
    }

    /// Resolves the caller: merchant users through `directory` (the service's copy of
    /// merchants, or its own table in saas-main). A merchant the service has not heard of yet is
    /// refused rather than guessed.
    pub fn resolve(
        conn: &mut DbConnection,
        user: &CurrentUser,
        directory: &dyn MerchantDirectory,
    ) -> Result<Self, ApiError> {
        if !user.is_merchant_user() {
            return Ok(Self::tenant(user.saas_id));
        }
        let kind = directory
            .merchant_type(conn, user.saas_id, user.mch_id)
            .map_err(|e| ApiError::Internal(anyhow::Error::new(e).context("merchant's type")))?
            .and_then(MerchantKind::from_type);
        match kind {
            Some(kind) => Ok(Self::merchant(user.saas_id, user.mch_id, kind)),
            None => Err(merchant_not_known()),
        }
    }
}

/// 403 for a merchant's user whose merchant this service has no copy of yet.
pub fn merchant_not_known() -> ApiError {
    ApiError::Forbidden {
        msg: Text::fixed(
            "您的商户尚未同步到本应用，请稍后重试",
            "Your merchant is not known to this application yet; please retry shortly",
        ),
    }
}

/// Where a service looks up the type of a merchant of a tenant.
pub trait MerchantDirectory: Send + Sync + 'static {
    fn merchant_type(
        &self,
        conn: &mut DbConnection,
        saas_id: i64,
        mch_id: i64,
    ) -> diesel::QueryResult<Option<i32>>;
}

impl<F> MerchantDirectory for F
where
    F: Fn(&mut DbConnection, i64, i64) -> diesel::QueryResult<Option<i32>> + Send + Sync + 'static,
{
    fn merchant_type(
        &self,
        conn: &mut DbConnection,
        saas_id: i64,
        mch_id: i64,
    ) -> diesel::QueryResult<Option<i32>> {
        self(conn, saas_id, mch_id)
    }
}

/// The kinds of the merchants a service's copy of merchants has told, kept for the life of the
/// process (one per service, in its `ServiceState`). A merchant's kind is set when saas-main
/// creates it and never changes, and the copy keeps every merchant it was told of, so asking the
/// database again on each request of a merchant's user only repeats the answer. A merchant not
/// known yet is not kept: its users are asked to retry, and it is asked about again.
#[derive(Debug, Clone, Default)]
pub struct KnownKinds(Arc<Mutex<HashMap<(i64, i64), MerchantKind>>>);

impl KnownKinds {
    /// Far more merchants than a fleet has; past it, the kinds are forgotten and asked again.
    const MAX: usize = 100_000;

    pub fn get(&self, saas_id: i64, mch_id: i64) -> Option<MerchantKind> {
        let kinds = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        kinds.get(&(saas_id, mch_id)).copied()
    }

    pub fn remember(&self, saas_id: i64, mch_id: i64, kind: MerchantKind) {
        let mut kinds = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if kinds.len() >= Self::MAX {
            kinds.clear();
        }
        kinds.insert((saas_id, mch_id), kind);
    }
}

/// The directory a service's requests resolve viewers with (app data set by the platform).
#[derive(Clone)]
pub struct Directory(pub Arc<dyn MerchantDirectory>);

impl Default for Directory {
    /// The platform's copy of merchants ([`crate::replica`]).
    fn default() -> Self {
        Self(Arc::new(crate::replica::merchant_type))
    }
}

impl FromRequest for Viewer {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let user = CurrentUser::from_request(req, payload).into_inner();
        let state = req.app_data::<web::Data<ServiceState>>().cloned();
        let own_directory = req
            .app_data::<web::Data<Directory>>()
            .map(|d| d.get_ref().clone());
        Box::pin(async move {
            let user = user?;
            if !user.is_merchant_user() {
                return Ok(Viewer::tenant(user.saas_id));
            }
            let state =
                state.ok_or_else(|| anyhow::anyhow!("a viewer needs the service's database"))?;
            // Only the copy's answers are kept: a service with a directory of its own (saas-main,
            // whose merchants can be deleted) is asked every time.
            let known = own_directory.is_none().then(|| state.known_kinds.clone());
            if let Some(kind) = known
                .as_ref()
                .and_then(|k| k.get(user.saas_id, user.mch_id))
            {
                return Ok(Viewer::merchant(user.saas_id, user.mch_id, kind));
            }
            let pool = state
                .pool
                .clone()
                .ok_or_else(|| anyhow::anyhow!("a viewer needs the service's database"))?;
            let directory = own_directory.unwrap_or_default();
            let viewer = crate::db::with_conn(&pool, move |conn| {
                Viewer::resolve(conn, &user, directory.0.as_ref())
            })
            .await?;
            if let (Some(known), Some(m)) = (known, viewer.merchant) {
                known.remember(viewer.saas_id, m.id, m.kind);
            }
            Ok(viewer)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_supplier_sees_its_own_rows_only() {
        let v = Viewer::merchant(7, 42, MerchantKind::Supplier);
        assert_eq!(v.supplier(), Some(42));
        assert_eq!(v.distributor(), None);
        assert!(v.sees_merchant(42));
        assert!(!v.sees_merchant(43));
        assert!(v.require_tenant_staff().is_err());
    }

    #[test]
    fn the_tenant_staff_see_every_merchant() {
        let v = Viewer::tenant(7);
        assert!(v.is_tenant_staff());
        assert!(v.sees_merchant(43));
        assert_eq!(v.mch_id(), None);
        assert!(v.require_tenant_staff().is_ok());
    }

    #[test]
    fn known_kinds_are_kept_per_tenant_and_merchant() {
        let known = KnownKinds::default();
        assert_eq!(known.get(7, 42), None);
        known.remember(7, 42, MerchantKind::Distributor);
        assert_eq!(known.get(7, 42), Some(MerchantKind::Distributor));
        assert_eq!(known.get(8, 42), None, "another tenant's merchant 42");
        let shared = known.clone();
        shared.remember(7, 43, MerchantKind::Supplier);
        assert_eq!(known.get(7, 43), Some(MerchantKind::Supplier));
    }

    #[test]
    fn merchant_types_round_trip() {
        for kind in [MerchantKind::Supplier, MerchantKind::Distributor] {
            assert_eq!(MerchantKind::from_type(kind.mch_type()), Some(kind));
        }
        assert_eq!(MerchantKind::from_type(0), None);
    }
}
