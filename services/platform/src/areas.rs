//! The places hotels and scenic spots are put in, as every service reads them: the countries
//! (a fixed list, the spec's "country list of about 100 codes": ISO 3166-1 alpha-2) and the
//! rule an `areaId` follows. The provinces and cities below them are saas-main's (platform
//! administrators keep them); other services keep a copy ([`crate::replica::area_in_use`]).

use crate::error::ApiError;
use crate::i18n::Text;

/// An area's state: in use (offered and accepted on new rows) or disabled (kept on the rows
/// that name it).
pub const IN_USE: i32 = 1;
pub const DISABLED: i32 = 0;

/// A country: ISO 3166-1 alpha-2 code, Chinese and English names.
pub type Country = (&'static str, &'static str, &'static str);

/// The countries, China and its neighbours and main travel markets first, then by region.
pub const COUNTRIES: &[Country] = &[
    ("CN", "中国", "China"),
    ("HK", "中国香港", "Hong Kong, China"),
    ("MO", "中国澳门", "Macao, China"),
    ("TW", "中国台湾", "Taiwan, China"),
    ("JP", "日本", "Japan"),
    ("KR", "韩国", "South Korea"),
    ("KP", "朝鲜", "North Korea"),
    ("MN", "蒙古", "Mongolia"),
    ("TH", "泰国", "Thailand"),
    ("VN", "越南", "Vietnam"),
    ("SG", "新加坡", "Singapore"),
    ("MY", "马来西亚", "Malaysia"),
    ("ID", "印度尼西亚", "Indonesia"),
    ("PH", "菲律宾", "Philippines"),
    ("KH", "柬埔寨", "Cambodia"),
    ("LA", "老挝", "Laos"),
    ("MM", "缅甸", "Myanmar"),
    ("BN", "文莱", "Brunei"),
    ("IN", "印度", "India"),
    ("NP", "尼泊尔", "Nepal"),
    ("LK", "斯里兰卡", "Sri Lanka"),
    ("MV", "马尔代夫", "Maldives"),
    ("BD", "孟加拉国", "Bangladesh"),
    ("PK", "巴基斯坦", "Pakistan"),
    ("BT", "不丹", "Bhutan"),
    ("KZ", "哈萨克斯坦", "Kazakhstan"),
    ("UZ", "乌兹别克斯坦", "Uzbekistan"),
    ("KG", "吉尔吉斯斯坦", "Kyrgyzstan"),
    ("TJ", "塔吉克斯坦", "Tajikistan"),
    ("TM", "土库曼斯坦", "Turkmenistan"),
    ("AF", "阿富汗", "Afghanistan"),
    ("IR", "伊朗", "Iran"),
    ("IQ", "伊拉克", "Iraq"),
    ("SA", "沙特阿拉伯", "Saudi Arabia"),
    ("AE", "阿联酋", "United Arab Emirates"),
    ("QA", "卡塔尔", "Qatar"),
    ("KW", "科威特", "Kuwait"),
    ("BH", "巴林", "Bahrain"),
    ("OM", "阿曼", "Oman"),
    ("JO", "约旦", "Jordan"),
    ("IL", "以色列", "Israel"),
    ("LB", "黎巴嫩", "Lebanon"),
    ("TR", "土耳其", "Turkey"),
    ("GE", "格鲁吉亚", "Georgia"),
    ("AM", "亚美尼亚", "Armenia"),
    ("AZ", "阿塞拜疆", "Azerbaijan"),
    ("RU", "俄罗斯", "Russia"),
    ("GB", "英国", "United Kingdom"),
    ("IE", "爱尔兰", "Ireland"),
    ("FR", "法国", "France"),
    ("DE", "德国", "Germany"),
    ("IT", "意大利", "Italy"),
    ("ES", "西班牙", "Spain"),
    ("PT", "葡萄牙", "Portugal"),
    ("NL", "荷兰", "Netherlands"),
    ("BE", "比利时", "Belgium"),
    ("LU", "卢森堡", "Luxembourg"),
    ("CH", "瑞士", "Switzerland"),
    ("AT", "奥地利", "Austria"),
    ("DK", "丹麦", "Denmark"),
    ("SE", "瑞典", "Sweden"),
    ("NO", "挪威", "Norway"),
    ("FI", "芬兰", "Finland"),
    ("IS", "冰岛", "Iceland"),
    ("PL", "波兰", "Poland"),
    ("CZ", "捷克", "Czechia"),
    ("SK", "斯洛伐克", "Slovakia"),
    ("HU", "匈牙利", "Hungary"),
    ("RO", "罗马尼亚", "Romania"),
    ("BG", "保加利亚", "Bulgaria"),
    ("GR", "希腊", "Greece"),
    ("HR", "克罗地亚", "Croatia"),
    ("SI", "斯洛文尼亚", "Slovenia"),
    ("RS", "塞尔维亚", "Serbia"),
    ("UA", "乌克兰", "Ukraine"),
    ("BY", "白俄罗斯", "Belarus"),
    ("EE", "爱沙尼亚", "Estonia"),
    ("LV", "拉脱维亚", "Latvia"),
    ("LT", "立陶宛", "Lithuania"),
    ("MT", "马耳他", "Malta"),
    ("CY", "塞浦路斯", "Cyprus"),
    ("MC", "摩纳哥", "Monaco"),
    ("US", "美国", "United States"),
    ("CA", "加拿大", "Canada"),
    ("MX", "墨西哥", "Mexico"),
    ("CU", "古巴", "Cuba"),
    ("BR", "巴西", "Brazil"),
    ("AR", "阿根廷", "Argentina"),
    ("CL", "智利", "Chile"),
    ("PE", "秘鲁", "Peru"),
    ("CO", "哥伦比亚", "Colombia"),
    ("EC", "厄瓜多尔", "Ecuador"),
    ("UY", "乌拉圭", "Uruguay"),
    ("VE", "委内瑞拉", "Venezuela"),
    ("AU", "澳大利亚", "Australia"),
    ("NZ", "新西兰", "New Zealand"),
    ("FJ", "斐济", "Fiji"),
    ("PG", "巴布亚新几内亚", "Papua New Guinea"),
    ("EG", "埃及", "Egypt"),
    ("MA", "摩洛哥", "Morocco"),
    ("TN", "突尼斯", "Tunisia"),
    ("ZA", "南非", "South Africa"),
    ("KE", "肯尼亚", "Kenya"),
    ("TZ", "坦桑尼亚", "Tanzania"),
    ("ET", "埃塞俄比亚", "Ethiopia"),
    ("NG", "尼日利亚", "Nigeria"),
    ("MU", "毛里求斯", "Mauritius"),
    ("SC", "塞舌尔", "Seychelles"),
    ("MG", "马达加斯加", "Madagascar"),
];

/// The country of `code`, if it is on the list.
pub fn country(code: &str) -> Option<&'static Country> {
    COUNTRIES.iter().find(|c| c.0 == code)
}

/// The refusal of an `areaId` that names no country of the list and no area in use.
pub fn unknown_area(field: &str, code: &str) -> ApiError {
    ApiError::invalid(
        field,
        Text::new(
            format!("地区 {code} 不存在或已停用"),
            format!("area {code} does not exist or is disabled"),
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_country_list_is_unique_iso_codes_with_both_names() {
        assert!(COUNTRIES.len() >= 100, "{}", COUNTRIES.len());
        let mut codes: Vec<&str> = COUNTRIES.iter().map(|c| c.0).collect();
        assert!(
            codes
                .iter()
                .all(|c| c.len() == 2 && c.chars().all(|x| x.is_ascii_uppercase()))
        );
        assert!(COUNTRIES.iter().all(|c| !c.1.is_empty() && !c.2.is_empty()));
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), COUNTRIES.len());
        assert_eq!(country("CN").map(|c| c.2), Some("China"));
        assert!(country("XX").is_none());
    }
}
