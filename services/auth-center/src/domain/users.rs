//! The user form administrators fill in, and the rules of changing a user: what a valid form
//! is, when a change ends the user's sessions, who may lock, unlock or disable whom.

use platform::ApiError;
use platform::auth::{CurrentUser, EndReason};
use serde::Deserialize;
use utoipa::ToSchema;

use super::accounts::{
    PERSON_TYPES, USER_DISABLED, USER_LOCKED, USER_NORMAL, check_may_manage, check_range,
    check_tenant_type, check_username, target_tenant,
};
use super::{ip_filter, password};

/// What an administrator fills in; the same form creates and updates.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserForm {
    /// Required by update only.
    #[serde(default)]
    pub id: Option<i64>,
    /// The user's tenant: the caller's own when left out. Only a platform administrator names
    /// another (to give a new tenant its first administrator, or change a user of it); saasId 0,
    /// the platform's own, holds platform administrators only.
    #[serde(default)]
    pub saas_id: Option<i64>,
    /// Required to create; cannot change.
    #[serde(default)]
    pub username: String,
    /// Required to create (at least 6 characters); on update, set only to reset it.
    #[serde(default)]
    pub password: Option<String>,
    #[serde(default)]
    pub real_name: String,
    #[serde(default)]
    pub nick_name: String,
    #[serde(default)]
    pub mch_id: i64,
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub is_manager: bool,
    pub msc_type: i32,
    /// operate 0, edit 1, dispatcher 2, market 3, management 4, finance 5.
    #[serde(default)]
    pub role_type: i32,
    /// ordinary staff 0, department head 1, company head 2.
    #[serde(default)]
    pub user_grade: i32,
    #[serde(default)]
    pub user_state: i32,
    #[serde(default)]
    pub ip_filter_type: i32,
    #[serde(default)]
    pub ip_filter_value: String,
    #[serde(default)]
    pub group_ids: Vec<i64>,
    #[serde(default)]
    pub remarks: String,
}

/// Where a checked form acts: the tenant, and for a change the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub saas_id: i64,
    /// 0 for a new user.
    pub id: i64,
}

impl UserForm {
    /// Checks the form; answers the tenant it acts in.
    fn check(&self, me: &CurrentUser) -> Result<i64, ApiError> {
        let saas_id = target_tenant(me, self.saas_id)?;
        check_range("mscType", self.msc_type, PERSON_TYPES)?;
        check_may_manage(me, self.msc_type, self.mch_id)?;
        check_tenant_type(saas_id, self.msc_type)?;
        check_range("roleType", self.role_type, &[0, 1, 2, 3, 4, 5])?;
        check_range("userGrade", self.user_grade, &[0, 1, 2])?;
        check_range("userState", self.user_state, &[0, 1, 2])?;
        platform::validate::mobile("mobile", self.mobile.trim())?;
        platform::validate::email("email", self.email.trim())?;
        ip_filter::check_ip_filter(self.ip_filter_type, &self.ip_filter_value)?;
        platform::validate::line("realName", &self.real_name, 0, 64)?;
        platform::validate::text("remarks", &self.remarks, 0, 500)?;
        Ok(saas_id)
    }

    /// Checks a form that creates a user; answers where and the password to hash.
    pub fn check_create(&self, me: &CurrentUser) -> Result<(Target, String), ApiError> {
        check_username(self.username.trim())?;
        let password = self.password.clone().unwrap_or_default();
        password::check_password_length("password", &password)?;
        let saas_id = self.check(me)?;
        Ok((Target { saas_id, id: 0 }, password))
    }

    /// Checks a form that changes a user; answers where and the new password, if the form sets
    /// one.
    pub fn check_update(&self, me: &CurrentUser) -> Result<(Target, Option<&str>), ApiError> {
        let id = self
            .id
            .ok_or_else(|| ApiError::invalid_field("id", "请选择用户", "Please select the user"))?;
        let saas_id = self.check(me)?;
        let new_password = self.password.as_deref().filter(|p| !p.is_empty());
        if let Some(p) = new_password {
            password::check_password_length("password", p)?;
        }
        Ok((Target { saas_id, id }, new_password))
    }

    /// The form as it is stored: names, contacts and the IP filter without the blanks around
    /// them (after the checks, which measure the name as typed).
    pub fn trimmed(mut self) -> Self {
        for field in [
            &mut self.username,
            &mut self.real_name,
            &mut self.nick_name,
            &mut self.mobile,
            &mut self.email,
            &mut self.ip_filter_value,
        ] {
            *field = field.trim().to_owned();
        }
        self
    }

    /// Whether changing a user of `old_msc_type` and `old_mch_id` to this form ends the user's
    /// sessions: the user may no longer log in, or the tokens no longer say who the user is.
    pub fn ends_sessions(&self, old_msc_type: i32, old_mch_id: i64, new_password: bool) -> bool {
        let identity_changed = old_msc_type != self.msc_type || old_mch_id != self.mch_id;
        new_password || self.user_state != USER_NORMAL || identity_changed
    }
}

/// Why the sessions an update ends end.
pub fn update_end_reason(new_password: bool) -> EndReason {
    if new_password {
        EndReason::PasswordChanged
    } else {
        EndReason::Locked
    }
}

/// What an administrator does to a user's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateChange {
    Lock,
    Unlock,
    Disable,
}

impl StateChange {
    /// The user's state afterwards.
    pub fn state(self) -> i32 {
        match self {
            Self::Lock => USER_LOCKED,
            Self::Unlock => USER_NORMAL,
            Self::Disable => USER_DISABLED,
        }
    }

    /// Its name in the user action log.
    pub fn action(self) -> &'static str {
        match self {
            Self::Lock => "user.lock",
            Self::Unlock => "user.unlock",
            Self::Disable => "user.disable",
        }
    }

    /// A locked or disabled user is logged out everywhere.
    pub fn ends_sessions(self) -> bool {
        self != Self::Unlock
    }

    /// Whether `me` may do this to the user `user_id` of `msc_type` and `mch_id`: one it may
    /// manage, and never lock or disable itself.
    pub fn check(
        self,
        me: &CurrentUser,
        user_id: i64,
        msc_type: i32,
        mch_id: i64,
    ) -> Result<(), ApiError> {
        check_may_manage(me, msc_type, mch_id)?;
        if user_id == me.user_id && self.ends_sessions() {
            return Err(ApiError::invalid_field(
                "id",
                "不能锁定或停用自己",
                "you cannot lock or disable yourself",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::tenancy::msc::{OPERATOR_ADMIN, OPERATOR_USER, PLATFORM_ADMIN};

    fn me(user_id: i64) -> CurrentUser {
        CurrentUser {
            user_id,
            username: "a".into(),
            saas_id: 7,
            mch_id: 0,
            msc_type: OPERATOR_ADMIN,
            user_grade: 0,
            session_id: "s".into(),
            token: String::new(),
            exp: 0,
        }
    }

    fn form(json: serde_json::Value) -> UserForm {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn a_change_of_password_state_type_or_merchant_ends_the_sessions() {
        let f = form(serde_json::json!({"mscType": 300}));
        assert!(!f.ends_sessions(OPERATOR_USER, 0, false));
        assert!(f.ends_sessions(OPERATOR_USER, 0, true));
        assert!(f.ends_sessions(OPERATOR_ADMIN, 0, false));
        assert!(f.ends_sessions(OPERATOR_USER, 2001, false));
        let locked = form(serde_json::json!({"mscType": 300, "userState": USER_LOCKED}));
        assert!(locked.ends_sessions(OPERATOR_USER, 0, false));
        assert_eq!(update_end_reason(true), EndReason::PasswordChanged);
        assert_eq!(update_end_reason(false), EndReason::Locked);
    }

    #[test]
    fn the_stored_form_is_trimmed_after_the_checks() {
        let f = form(serde_json::json!({
            "username": " op01 ", "password": "secret1", "mscType": 300,
            "realName": " Ann ", "mobile": " 13800138000 ", "remarks": " kept "
        }));
        let (target, password) = f.check_create(&me(1)).unwrap();
        assert_eq!((target.saas_id, password.as_str()), (7, "secret1"));
        let f = f.trimmed();
        assert_eq!((f.username.as_str(), f.real_name.as_str()), ("op01", "Ann"));
        assert_eq!(
            (f.mobile.as_str(), f.remarks.as_str()),
            ("13800138000", " kept ")
        );
    }

    #[test]
    fn nobody_locks_or_disables_themselves() {
        assert!(
            StateChange::Lock
                .check(&me(1), 1, OPERATOR_USER, 0)
                .is_err()
        );
        assert!(
            StateChange::Disable
                .check(&me(1), 1, OPERATOR_USER, 0)
                .is_err()
        );
        assert!(
            StateChange::Unlock
                .check(&me(1), 1, OPERATOR_USER, 0)
                .is_ok()
        );
        assert!(StateChange::Lock.check(&me(1), 2, OPERATOR_USER, 0).is_ok());
        assert!(
            StateChange::Lock
                .check(&me(1), 2, PLATFORM_ADMIN, 0)
                .is_err()
        );
        assert_eq!(
            [StateChange::Lock, StateChange::Unlock, StateChange::Disable].map(StateChange::state),
            [USER_LOCKED, USER_NORMAL, USER_DISABLED]
        );
    }
}
