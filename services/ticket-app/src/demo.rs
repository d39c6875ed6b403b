//! The demo tenant's scenic spots, supplied by the demo supplier (docs/demo-data.md), each with
//! two ticket products on sale (an adult day ticket with a voucher per ticket, instant
//! confirmation; a family ticket with one voucher for the order, confirmed by the supplier) and
//! their price and stock calendar for the next 60 days; made once through the same rules and
//! store functions as the API; nothing is made when the tenant has a spot already.

use platform::Viewer;
use platform::db::DbConnection;
use platform::demo::{SAAS_ID, SUPPLIER_ID};

use platform::trade::pricing::{Change, CommonChange, PriceChanges, StockChange};
use platform::trade_store::CalendarTables as _;

use crate::domain::product::{TicketProductFields, state};
use crate::domain::scenic::{OPEN_ALL_YEAR, STATE_NORMAL, ScenicFields};
use crate::domain::scenic_supplier::COOPERATING;
use crate::store::calendar::Calendar;
use crate::store::products;
use crate::store::scenic_suppliers;
use crate::store::scenics::{self, ScenicFilter};

/// Days priced from today on.
const PRICED_DAYS: i64 = 60;

/// A product of the demo supplier on `scenic_id`, on sale, priced (fen) for the next days.
fn product(
    conn: &mut DbConnection,
    viewer: &Viewer,
    scenic_id: i64,
    form: serde_json::Value,
    (purchase, distribution, retail, stock): (i64, i64, i64, i64),
    now: i64,
) -> anyhow::Result<()> {
    let mut form = form;
    form["scenicId"] = serde_json::json!(scenic_id);
    let mut f: TicketProductFields = serde_json::from_value(form)?;
    f.check()
        .map_err(|e| anyhow::anyhow!("demo product breaks a rule: {e}"))?;
    let id = platform::id::next_id();
    products::insert(conn, viewer, id, SUPPLIER_ID, &f, now)?;
    products::set_state(conn, id, state::UNPUBLISHED, state::ON_SALE, now)?;
    let today = platform::time::day_of_ms(now);
    let days: Vec<i64> = (today..today + PRICED_DAYS).collect();
    let change = CommonChange {
        prices: PriceChanges {
            purchase: Change::Fixed(purchase),
            distribution: Change::Fixed(distribution),
            retail: Change::Fixed(retail),
        },
        stock: StockChange::Limited(stock),
        closed: Some(false),
    };
    Calendar::save_common(conn, viewer, id, &days, &change, now)
        .map_err(|e| anyhow::anyhow!("demo calendar: {e}"))?;
    Ok(())
}

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
            product(
                conn,
                &viewer,
                scenic_id,
                serde_json::json!({"productName": format!("{name} 成人票"), "productType": 1,
                    "formFields": [1, 2], "confirmType": 1, "voucherType": 1,
                    "voucherPerTicket": true, "validateType": 2, "cancelType": 1,
                    "smsText": "您的门票已确认，请凭二维码入园"}),
                (8000, 10000, 12000, 500),
                now,
            )?;
            product(
                conn,
                &viewer,
                scenic_id,
                serde_json::json!({"productName": format!("{name} 家庭套票"), "productType": 3,
                    "formFields": [1, 2, 3], "confirmType": 0, "voucherType": 2,
                    "voucherPerTicket": false, "validateType": 3, "validDays": 30,
                    "cancelType": 2, "cancelDays": 1, "limitGoodsType": 1, "limitNum": 6}),
                (20000, 24000, 30000, 100),
                now,
            )?;
        }
        Ok(true)
    })
}
