//! The demo tenant's finance data (docs/demo-data.md), made once through the same rules and
//! store functions as the API: Demo Distributor's credit account (a permanent and a temporary
//! credit, some prepaid money) and one bank account of the tenant. Nothing is made when the
//! distributor has an account already.

use platform::Viewer;
use platform::db::DbConnection;
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID};

use crate::domain::bank::BankFields;
use crate::domain::credit::LimitForm;
use crate::store::{accounts, banks};

/// The platform's id for data made by the system rather than a user.
const SYSTEM_USER: i64 = 0;

/// 50,000.00 yuan of permanent credit.
pub const DEMO_CREDIT: i64 = 5_000_000;
/// 10,000.00 yuan of temporary credit, for the next 30 days.
pub const DEMO_TEMP_CREDIT: i64 = 1_000_000;
/// 5,000.00 yuan of prepaid money.
pub const DEMO_BALANCE: i64 = 500_000;

fn broken(e: platform::ApiError) -> anyhow::Error {
    anyhow::anyhow!("demo data breaks a rule: {e}")
}

pub fn seed(conn: &mut DbConnection) -> anyhow::Result<bool> {
    let viewer = Viewer::tenant(SAAS_ID);
    platform::db::write_tx::<_, anyhow::Error>(conn, |conn| {
        if accounts::find(conn, &viewer, DISTRIBUTOR_ID)?.is_some() {
            return Ok(false);
        }
        let now = platform::time::now_ms();
        let today = platform::time::day_of_ms(now);
        let actor = accounts::Actor {
            user_id: SYSTEM_USER,
            username: "system".into(),
        };
        let limits = LimitForm {
            mch_id: DISTRIBUTOR_ID,
            credit: DEMO_CREDIT,
            temp_credit: DEMO_TEMP_CREDIT,
            temp_credit_expiry: platform::time::format_day(today + 30),
            state: crate::domain::credit::STATE_VALID,
            reason: "演示数据 / demo data".into(),
        }
        .validated()
        .map_err(broken)?;
        // The demo distributor's currency (saas-main's demo makes it CNY); the copy of merchants
        // may not have it yet when the demo is seeded at start.
        accounts::set_limits(conn, &viewer, &actor, &limits, "CNY", now).map_err(broken)?;
        accounts::move_cash(
            conn,
            &viewer,
            &actor,
            DISTRIBUTOR_ID,
            DEMO_BALANCE,
            "演示预存款 / demo prepayment",
            now,
        )
        .map_err(broken)?;
        let bank = BankFields {
            bank_name: "中国工商银行 杭州分行".into(),
            account_name: "Demo Travel".into(),
            account_no: "6222021202001234567".into(),
            branch: "西湖支行".into(),
            currency: "CNY".into(),
            remark: "收款与付款 / receipts and payments".into(),
        }
        .validated()
        .map_err(broken)?;
        banks::insert(conn, &viewer, SYSTEM_USER, &bank, now)?;
        Ok(true)
    })
}
