//! The demo tenant's mall (docs/demo-data.md): three general products of the demo supplier on
//! sale, a theme holding them, a snap-up session live for 30 days from the first start and one
//! starting a day later. Made once through the same rules and store functions as the API;
//! nothing is made when the tenant has a mall product already.

use platform::Viewer;
use platform::db::DbConnection;
use platform::demo::{SAAS_ID, SUPPLIER_ID};

use crate::domain::product::{self, ProductFields, SALE_GENERAL};
use crate::domain::snapup::{LIMIT_PER_CUSTOMER, SessionFields, TARGET_USER};
use crate::domain::theme::{STATE_ENABLED, ThemeFields};
use crate::store::products::{self, ProductFilter};
use crate::store::{sessions, themes};

/// The platform's id for data made by the system rather than a user.
const SYSTEM_USER: i64 = 0;
const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;

fn broken(e: platform::ApiError) -> anyhow::Error {
    anyhow::anyhow!("demo data breaks a rule: {e}")
}

pub fn seed(conn: &mut DbConnection) -> anyhow::Result<bool> {
    let viewer = Viewer::tenant(SAAS_ID);
    platform::db::write_tx::<_, anyhow::Error>(conn, |conn| {
        let one = platform::http::PageRequest { page: 1, size: 1 };
        if products::list(conn, &viewer, &ProductFilter::default(), one)?.1 > 0 {
            return Ok(false);
        }
        let now = platform::time::now_ms();
        let mut ids = Vec::new();
        for (rank, (name, keywords, price, stock)) in [
            ("西湖龙井茶礼盒 250g", "龙井 茶叶 伴手礼", 26_800, 500),
            ("杭州丝绸围巾", "丝绸 围巾 伴手礼", 19_900, 300),
            ("千岛湖有机鱼头 2 份", "千岛湖 鱼头 美食", 15_800, 200),
        ]
        .into_iter()
        .enumerate()
        {
            let fields = ProductFields {
                product_name: name.into(),
                keywords: keywords.into(),
                sale_type: SALE_GENERAL,
                product_id: 0,
                supplier_id: SUPPLIER_ID,
                sale_time_range: [now - DAY_MS, now + 365 * DAY_MS],
                images: Vec::new(),
                description: String::new(),
                price,
                stock,
                rank_num: i32::try_from(rank)? * 10,
            }
            .validated()
            .map_err(broken)?;
            let id = products::insert(conn, &viewer, SYSTEM_USER, &fields, now)?;
            products::move_state(
                conn,
                &viewer,
                id,
                product::STATE_DRAFT,
                product::STATE_PUBLISHED,
                now,
            )?;
            ids.push(id);
        }
        let theme = ThemeFields {
            theme_name: "杭州伴手礼".into(),
            // The console's own mark, served at the root: a cover that shows on any install.
            cover: "/favicon.svg".into(),
            sort_num: 0,
            start_time: now - DAY_MS,
            end_time: now + 90 * DAY_MS,
            state: STATE_ENABLED,
        }
        .validated()
        .map_err(broken)?;
        let theme_id = themes::insert(conn, &viewer, &theme, now)?;
        themes::set_products(conn, &viewer, theme_id, &ids)?;
        for (product, price, stock, start, end) in [
            (ids[0], 9_900, 100, now - HOUR_MS, now + 30 * DAY_MS),
            (ids[1], 9_900, 50, now + DAY_MS, now + 2 * DAY_MS),
        ] {
            let fields = SessionFields {
                mall_product_id: product,
                snapup_price: price,
                stock,
                start_time: start,
                end_time: end,
                type_limit_goods: LIMIT_PER_CUSTOMER,
                type_limit_target: TARGET_USER,
                limit_num: 2,
            }
            .validated(now)
            .map_err(broken)?;
            sessions::insert(conn, &viewer, SYSTEM_USER, &fields, now)?;
        }
        Ok(true)
    })
}
