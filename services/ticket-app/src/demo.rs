//! The demo tenant's scenic spots, supplied by the demo supplier (docs/demo-data.md), made once through the same rules and
//! store functions as the API; nothing is made when the tenant has a spot already.

use platform::Viewer;
use platform::db::DbConnection;
use platform::demo::{SAAS_ID, SUPPLIER_ID};

use crate::domain::scenic::{OPEN_ALL_YEAR, STATE_NORMAL, ScenicFields};
use crate::domain::scenic_supplier::COOPERATING;
use crate::store::scenic_suppliers;
use crate::store::scenics::{self, ScenicFilter};

/// The platform's id for data made by the system rather than a user.
const SYSTEM_USER: i64 = 0;

pub fn seed(conn: &mut DbConnection) -> anyhow::Result<bool> {
    let viewer = Viewer::tenant(SAAS_ID);
    platform::db::write_tx::<_, anyhow::Error>(conn, |conn| {
        let one = platform::http::PageRequest { page: 1, size: 1 };
        if scenics::list(conn, &viewer, &ScenicFilter::default(), one)?.1 > 0 {
            return Ok(false);
        }
        let now = platform::time::now_ms();
        for (name, en, star, address, phone) in [
            (
                "西湖风景名胜区",
                "West Lake Scenic Area",
                5,
                "浙江省杭州市西湖区龙井路 1 号",
                "0571-87179603",
            ),
            (
                "千岛湖风景区",
                "Qiandao Lake",
                5,
                "浙江省杭州市淳安县千岛湖镇",
                "0571-64812345",
            ),
        ] {
            let fields = ScenicFields {
                scenic_name: name.into(),
                scenic_name_en: en.into(),
                star,
                address: address.into(),
                phone: phone.into(),
                state: STATE_NORMAL,
                open_type: OPEN_ALL_YEAR,
                open_time: "07:30".into(),
                close_time: "17:30".into(),
                ..Default::default()
            }
            .validated()
            .map_err(|e| anyhow::anyhow!("demo data breaks a rule: {e}"))?;
            let scenic_id = scenics::insert(conn, &viewer, SYSTEM_USER, &fields, now)?;
            // The demo supplier supplies both spots, so its ticket products can be made at once.
            scenic_suppliers::put(
                conn,
                scenic_suppliers::Pair {
                    saas_id: SAAS_ID,
                    scenic_id,
                    mch_id: SUPPLIER_ID,
                },
                None,
                COOPERATING,
                "",
                now,
            )?;
        }
        Ok(true)
    })
}
