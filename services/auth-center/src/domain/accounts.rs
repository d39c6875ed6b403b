//! Who an account is and who may manage it: the user types and states, the login name's form,
//! and how far an administrator's hand reaches.

use platform::ApiError;
use platform::auth::CurrentUser;
use platform::i18n::Text;
use platform::tenancy::{PLATFORM_SAAS_ID, msc};

/// mscTypes of the people of a tenant (and the platform's admins).
pub const PERSON_TYPES: &[i32] = &[
    msc::PLATFORM_ADMIN,
    msc::OPERATOR_ADMIN,
    msc::OPERATOR_USER,
    msc::OPERATOR_SHARED,
    msc::SUPPLIER_USER,
    msc::DISTRIBUTOR_USER,
];
/// mscTypes of API users.
pub const API_TYPES: &[i32] = &[
    msc::API_USER,
    msc::API_SHARED,
    msc::API_SUPPLIER,
    msc::API_DISTRIBUTOR,
];
/// Types that belong to a merchant (mchId required): supplier and distributor users, API
/// supplier and distributor.
pub const MERCHANT_TYPES: &[i32] = &[
    msc::SUPPLIER_USER,
    msc::DISTRIBUTOR_USER,
    msc::API_SUPPLIER,
    msc::API_DISTRIBUTOR,
];

pub const USER_NORMAL: i32 = 0;
pub const USER_LOCKED: i32 = 1;
pub const USER_DISABLED: i32 = 2;

pub fn check_username(username: &str) -> Result<(), ApiError> {
    platform::validate::length("username", username, 3, 32)?;
    if !username
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_.@-".contains(c))
    {
        return Err(ApiError::invalid_field(
            "username",
            "只能包含字母、数字和 _ . @ -",
            "may contain only letters, digits and _ . @ -",
        ));
    }
    Ok(())
}

pub use platform::validate::one_of as check_range;

/// Whether `actor` may create or change a user of `msc_type` for merchant `mch_id`: nobody
/// makes a user more powerful than themselves, a merchant's user only users of that merchant,
/// and merchant types need a merchant while the others must not have one.
pub fn check_may_manage(actor: &CurrentUser, msc_type: i32, mch_id: i64) -> Result<(), ApiError> {
    let needs_merchant = MERCHANT_TYPES.contains(&msc_type);
    if needs_merchant && mch_id == 0 {
        return Err(ApiError::invalid_field(
            "mchId",
            "供应商和分销商用户必须选择商户",
            "a supplier or distributor user needs a merchant",
        ));
    }
    if !needs_merchant && mch_id != 0 {
        return Err(ApiError::invalid_field(
            "mchId",
            "该用户类型不属于商户",
            "this user type belongs to no merchant",
        ));
    }
    if msc_type == msc::PLATFORM_ADMIN && !actor.is_platform_admin() {
        return Err(ApiError::invalid_field(
            "mscType",
            "不能创建平台管理员",
            "only platform administrators create platform administrators",
        ));
    }
    if actor.is_merchant_user() && (mch_id != actor.mch_id || msc_type != actor.msc_type) {
        return Err(ApiError::invalid_field(
            "mchId",
            "只能管理本商户的用户",
            "you can manage only your merchant's users",
        ));
    }
    if msc_type < actor.msc_type && !API_TYPES.contains(&msc_type) {
        return Err(ApiError::invalid_field(
            "mscType",
            "不能创建权限高于自己的用户",
            "you cannot create a user with more rights than your own",
        ));
    }
    Ok(())
}

/// The tenant a user (or API user) form acts in: the caller's own, unless a platform
/// administrator names another (`saasId`) to give a tenant its first administrator. Anyone else
/// naming a tenant not their own is refused, so a tenant's administrator cannot reach past it.
pub fn target_tenant(actor: &CurrentUser, named: Option<i64>) -> Result<i64, ApiError> {
    match named {
        None => Ok(actor.saas_id),
        Some(id) if id == actor.saas_id => Ok(id),
        Some(_) if !actor.is_platform_admin() => Err(ApiError::Forbidden {
            msg: Text::fixed(
                "只有平台管理员可以为其他租户创建用户",
                "Only platform administrators create users in another tenant",
            ),
        }),
        Some(id) if id < 0 => Err(ApiError::invalid_field(
            "saasId",
            "租户不存在",
            "no such tenant",
        )),
        Some(id) => Ok(id),
    }
}

/// The platform's own tenant (`saasId` 0) holds platform administrators and nobody else, and
/// platform administrators belong to no other: a tenant's type in it would see the platform's
/// accounts and logs and speak for the platform, and a platform administrator in a tenant would
/// act across tenants from inside one.
pub fn check_tenant_type(saas_id: i64, msc_type: i32) -> Result<(), ApiError> {
    if saas_id == PLATFORM_SAAS_ID && msc_type != msc::PLATFORM_ADMIN {
        return Err(ApiError::invalid_field(
            "mscType",
            "平台（saasId 0）只能有平台管理员，其他用户请在所属租户中创建",
            "the platform (saasId 0) holds platform administrators only; create this user in its tenant",
        ));
    }
    if saas_id != PLATFORM_SAAS_ID && msc_type == msc::PLATFORM_ADMIN {
        return Err(ApiError::invalid_field(
            "mscType",
            "平台管理员只属于平台（saasId 0），不能属于租户",
            "platform administrators belong to the platform (saasId 0), not to a tenant",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actor(msc_type: i32, mch_id: i64) -> CurrentUser {
        CurrentUser {
            user_id: 1,
            username: "a".into(),
            saas_id: 7,
            mch_id,
            msc_type,
            user_grade: 0,
            session_id: "s".into(),
            token: String::new(),
            exp: 0,
        }
    }

    #[test]
    fn field_formats() {
        assert!(check_username("op.01@x").is_ok());
        assert!(check_username("ab").is_err());
        assert!(check_username("has space").is_err());
        assert!(platform::validate::mobile("mobile", "13800138000").is_ok());
        assert!(platform::validate::mobile("mobile", "").is_ok());
        assert!(platform::validate::mobile("mobile", "12800138000").is_err());
        assert!(platform::validate::mobile("mobile", "1380013800").is_err());
        assert!(platform::validate::email("email", "a.b@example.com").is_ok());
        assert!(platform::validate::email("email", "a@b").is_err());
        assert!(platform::validate::email("email", "a@b.info").is_ok());
        assert!(platform::validate::email("email", "a@b.c").is_err());
        assert!(check_range("userState", 3, &[0, 1, 2]).is_err());
    }

    #[test]
    fn nobody_creates_someone_stronger_and_merchants_stay_in_their_merchant() {
        use msc::{DISTRIBUTOR_USER, OPERATOR_ADMIN, OPERATOR_USER, PLATFORM_ADMIN, SUPPLIER_USER};
        let admin = actor(OPERATOR_ADMIN, 0);
        assert!(check_may_manage(&admin, OPERATOR_USER, 0).is_ok());
        assert!(check_may_manage(&admin, SUPPLIER_USER, 2001).is_ok());
        assert!(check_may_manage(&admin, SUPPLIER_USER, 0).is_err());
        assert!(check_may_manage(&admin, OPERATOR_USER, 2001).is_err());
        assert!(check_may_manage(&admin, PLATFORM_ADMIN, 0).is_err());
        let operator = actor(OPERATOR_USER, 0);
        assert!(check_may_manage(&operator, OPERATOR_ADMIN, 0).is_err());
        assert!(check_may_manage(&operator, DISTRIBUTOR_USER, 2002).is_ok());
        let supplier = actor(SUPPLIER_USER, 2001);
        assert!(check_may_manage(&supplier, SUPPLIER_USER, 2001).is_ok());
        assert!(check_may_manage(&supplier, SUPPLIER_USER, 2002).is_err());
        assert!(check_may_manage(&supplier, DISTRIBUTOR_USER, 2001).is_err());
    }

    /// 412 and the field named, or 403.
    fn status(e: ApiError) -> (u16, String) {
        match e {
            ApiError::Invalid { field, .. } => (412, field),
            ApiError::Forbidden { .. } => (403, String::new()),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn only_platform_administrators_name_another_tenant() {
        let platform = CurrentUser {
            saas_id: 0,
            ..actor(msc::PLATFORM_ADMIN, 0)
        };
        assert_eq!(target_tenant(&platform, None).unwrap(), 0);
        assert_eq!(target_tenant(&platform, Some(1002)).unwrap(), 1002);
        assert_eq!(
            status(target_tenant(&platform, Some(-5)).unwrap_err()),
            (412, "saasId".into())
        );
        let admin = actor(msc::OPERATOR_ADMIN, 0);
        assert_eq!(target_tenant(&admin, None).unwrap(), 7);
        assert_eq!(target_tenant(&admin, Some(7)).unwrap(), 7);
        assert_eq!(status(target_tenant(&admin, Some(8)).unwrap_err()).0, 403);
        assert_eq!(status(target_tenant(&admin, Some(0)).unwrap_err()).0, 403);
    }

    #[test]
    fn the_platform_tenant_holds_platform_administrators_only() {
        assert!(check_tenant_type(0, msc::PLATFORM_ADMIN).is_ok());
        assert!(check_tenant_type(7, msc::OPERATOR_ADMIN).is_ok());
        for t in [
            msc::OPERATOR_ADMIN,
            msc::OPERATOR_USER,
            msc::SUPPLIER_USER,
            msc::API_USER,
        ] {
            assert_eq!(
                status(check_tenant_type(0, t).unwrap_err()),
                (412, "mscType".into())
            );
        }
        assert_eq!(
            status(check_tenant_type(7, msc::PLATFORM_ADMIN).unwrap_err()),
            (412, "mscType".into())
        );
    }
}
