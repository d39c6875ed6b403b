//! A mall product's fields (the spec's "product manage": state, createDate, rankNum,
//! productName, keywords, productId, saleType, saleNum, supplierId, saleTimeRange; with images,
//! description, price and stock) and its states.

use platform::ApiError;
use serde::Deserialize;
use utoipa::ToSchema;

/// `state`: written, not yet on sale.
pub const STATE_DRAFT: i32 = 0;
/// `state`: published, on sale in the mall.
pub const STATE_PUBLISHED: i32 = 1;
/// `state`: withdrawn from sale.
pub const STATE_WITHDRAWN: i32 = 2;
pub const STATES: &[i32] = &[STATE_DRAFT, STATE_PUBLISHED, STATE_WITHDRAWN];

/// `saleType` (the spec's `typeProducts`): what the mall product sells.
pub const SALE_HOTEL: i32 = 10;
pub const SALE_TICKET: i32 = 20;
pub const SALE_GENERAL: i32 = 60;
pub const SALE_TYPES: &[i32] = &[SALE_HOTEL, SALE_TICKET, SALE_GENERAL];

pub const NAME_MAX: usize = 64;
pub const KEYWORDS_MAX: usize = 200;
pub const DESCRIPTION_MAX: usize = 4000;
pub const IMAGES_MAX: usize = 9;
pub const IMAGE_URL_MAX: usize = 500;
/// The highest price a product may have (10 million yuan), in fen.
pub const PRICE_MAX: i64 = 1_000_000_000;
pub const STOCK_MAX: i32 = 10_000_000;
pub const RANK_MAX: i32 = 999_999;

/// What the tenant's staff write of a mall product (the body of `save` and `update`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductFields {
    /// 1 to 64 characters.
    pub product_name: String,
    /// Words buyers search by, separated by spaces or commas; up to 200 characters.
    #[serde(default)]
    pub keywords: String,
    /// `saleType`: 10 a hotel product, 20 a ticket product, 60 a general product of the mall.
    pub sale_type: i32,
    /// For sale types 10 and 20, the hotel or ticket product sold (one of the tenant's, see
    /// `/saas/mall/linked/list`); ignored for 60, whose product is the mall product itself.
    #[serde(default)]
    pub product_id: i64,
    /// For sale type 60, the supplier merchant of the tenant who supplies it (0: the tenant
    /// itself); for 10 and 20 it is the linked product's supplier.
    #[serde(default)]
    pub supplier_id: i64,
    /// `saleTimeRange`: [start, end) in ms, when the product is on sale.
    pub sale_time_range: [i64; 2],
    /// Image addresses (http or https), at most 9.
    #[serde(default)]
    pub images: Vec<String>,
    #[serde(default)]
    pub description: String,
    /// Price in fen.
    pub price: i64,
    pub stock: i32,
    /// Position in the mall's lists: lower first.
    #[serde(default)]
    pub rank_num: i32,
}

impl ProductFields {
    /// Trims the texts and checks every rule; the first broken one is a 412 naming its field.
    pub fn validated(mut self) -> Result<Self, ApiError> {
        self.product_name = self.product_name.trim().to_owned();
        self.keywords = self.keywords.trim().to_owned();
        self.description = self.description.trim().to_owned();
        platform::validate::line("productName", &self.product_name, 1, NAME_MAX)?;
        platform::validate::line("keywords", &self.keywords, 0, KEYWORDS_MAX)?;
        platform::validate::one_of("saleType", self.sale_type, SALE_TYPES)?;
        if self.sale_type == SALE_GENERAL {
            self.product_id = 0;
            if self.supplier_id < 0 {
                return Err(ApiError::invalid_field(
                    "supplierId",
                    "供应商无效",
                    "is not a supplier",
                ));
            }
        } else if self.product_id <= 0 {
            return Err(ApiError::invalid_field(
                "productId",
                "请选择酒店或门票产品",
                "a hotel or ticket product is required",
            ));
        }
        let [start, end] = self.sale_time_range;
        super::period("saleTimeRange", "saleTimeRange", start, end)?;
        if self.images.len() > IMAGES_MAX {
            return Err(ApiError::invalid_field(
                "images",
                "图片最多 9 张",
                "at most 9 images",
            ));
        }
        for img in &mut self.images {
            *img = img.trim().to_owned();
            platform::validate::line("images", img, 1, IMAGE_URL_MAX)?;
            if !(img.starts_with("https://") || img.starts_with("http://") || img.starts_with('/'))
            {
                return Err(ApiError::invalid_field(
                    "images",
                    "图片须为 http(s) 地址",
                    "must be http(s) addresses",
                ));
            }
        }
        platform::validate::text("description", &self.description, 0, DESCRIPTION_MAX)?;
        if !(0..=PRICE_MAX).contains(&self.price) {
            return Err(ApiError::invalid_field(
                "price",
                "价格须为 0 到 1000 万元",
                "must be 0 to 10,000,000 yuan (in fen)",
            ));
        }
        if !(0..=STOCK_MAX).contains(&self.stock) {
            return Err(ApiError::invalid_field(
                "stock",
                "库存须为 0 到 1000 万",
                "must be 0 to 10,000,000",
            ));
        }
        rank(self.rank_num)?;
        Ok(self)
    }
}

/// A rank is 0 to 999,999.
pub fn rank(rank_num: i32) -> Result<(), ApiError> {
    if (0..=RANK_MAX).contains(&rank_num) {
        Ok(())
    } else {
        Err(ApiError::invalid_field(
            "rankNum",
            "排序须为 0 到 999999",
            "must be 0 to 999999",
        ))
    }
}

/// The state publishing leaves: a draft or withdrawn product goes on sale.
pub fn publish(state: i32) -> Result<i32, ApiError> {
    match state {
        STATE_DRAFT | STATE_WITHDRAWN => Ok(STATE_PUBLISHED),
        _ => Err(ApiError::Rule {
            code: "already-published",
            msg: platform::i18n::Text::fixed("商品已上架", "the product is on sale already"),
        }),
    }
}

/// The state withdrawing leaves: only a published product can be withdrawn.
pub fn withdraw(state: i32) -> Result<i32, ApiError> {
    match state {
        STATE_PUBLISHED => Ok(STATE_WITHDRAWN),
        _ => Err(ApiError::Rule {
            code: "not-published",
            msg: platform::i18n::Text::fixed("商品未上架", "the product is not on sale"),
        }),
    }
}

/// Whether a product is on sale at `now`: published and inside its sale time.
pub fn on_sale(state: i32, sale_start: i64, sale_end: i64, now: i64) -> bool {
    state == STATE_PUBLISHED && sale_start <= now && now < sale_end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> ProductFields {
        ProductFields {
            product_name: " Tea set ".into(),
            sale_type: SALE_GENERAL,
            sale_time_range: [1_000, 2_000],
            price: 9_900,
            stock: 10,
            images: vec![" https://img.example/1.png ".into()],
            ..Default::default()
        }
    }

    fn field_of(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("expected a 412, got {other:?}"),
        }
    }

    #[test]
    fn a_valid_product_is_trimmed() {
        let f = fields().validated().unwrap();
        assert_eq!(f.product_name, "Tea set");
        assert_eq!(f.images, ["https://img.example/1.png"]);
    }

    #[test]
    fn a_general_product_names_no_other_product() {
        let f = ProductFields {
            product_id: 77,
            ..fields()
        }
        .validated()
        .unwrap();
        assert_eq!(f.product_id, 0);
    }

    #[test]
    fn a_hotel_or_ticket_product_must_name_one() {
        for sale_type in [SALE_HOTEL, SALE_TICKET] {
            let f = ProductFields {
                sale_type,
                ..fields()
            };
            assert_eq!(field_of(f.validated().unwrap_err()), "productId");
        }
    }

    #[test]
    fn each_rule_names_its_field() {
        let cases: Vec<(ProductFields, &str)> = vec![
            (
                ProductFields {
                    product_name: " ".into(),
                    ..fields()
                },
                "productName",
            ),
            (
                ProductFields {
                    sale_type: 30,
                    ..fields()
                },
                "saleType",
            ),
            (
                ProductFields {
                    sale_time_range: [2_000, 2_000],
                    ..fields()
                },
                "saleTimeRange",
            ),
            (
                ProductFields {
                    sale_time_range: [0, 2_000],
                    ..fields()
                },
                "saleTimeRange",
            ),
            (
                ProductFields {
                    price: -1,
                    ..fields()
                },
                "price",
            ),
            (
                ProductFields {
                    stock: -1,
                    ..fields()
                },
                "stock",
            ),
            (
                ProductFields {
                    rank_num: -1,
                    ..fields()
                },
                "rankNum",
            ),
            (
                ProductFields {
                    images: vec!["ftp://x".into()],
                    ..fields()
                },
                "images",
            ),
            (
                ProductFields {
                    images: vec!["https://x".into(); 10],
                    ..fields()
                },
                "images",
            ),
        ];
        for (f, field) in cases {
            assert_eq!(field_of(f.validated().unwrap_err()), field);
        }
    }

    #[test]
    fn publish_and_withdraw_move_between_states() {
        assert_eq!(publish(STATE_DRAFT).unwrap(), STATE_PUBLISHED);
        assert_eq!(publish(STATE_WITHDRAWN).unwrap(), STATE_PUBLISHED);
        assert!(publish(STATE_PUBLISHED).is_err());
        assert_eq!(withdraw(STATE_PUBLISHED).unwrap(), STATE_WITHDRAWN);
        assert!(withdraw(STATE_DRAFT).is_err());
    }

    #[test]
    fn on_sale_needs_publication_and_the_sale_time() {
        assert!(on_sale(STATE_PUBLISHED, 10, 20, 10));
        assert!(!on_sale(STATE_PUBLISHED, 10, 20, 20));
        assert!(!on_sale(STATE_DRAFT, 10, 20, 15));
    }
}
