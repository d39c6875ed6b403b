//! Currencies and exchange rates: the currency table the console offers (ISO 4217 codes with
//! their names and symbols), rates as exact decimals, and conversion in fen.
//!
//! A rate is "1 unit of `from` is `rate` units of `to`", kept as an integer of 10^-8 units, never a
//! float. Amounts are in fen (hundredths of a unit) in every currency, as everywhere in Tradewind.
//! Conversion: `amount × rate` computed exactly, then rounded once to the nearest fen, a half fen
//! away from zero; the inverse direction divides by the rate, rounded the same way.

use platform::ApiError;
use platform::i18n::Text;

/// A currency of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Currency {
    pub code: &'static str,
    pub zh: &'static str,
    pub en: &'static str,
    pub symbol: &'static str,
}

const fn cur(
    code: &'static str,
    zh: &'static str,
    en: &'static str,
    symbol: &'static str,
) -> Currency {
    Currency {
        code,
        zh,
        en,
        symbol,
    }
}

/// The spec's twelve first (CNY, USD, HKD, JPY, MOP, TWD, EUR, GBP, THB, VND, KRW, SGD), then
/// the other current ISO 4217 codes alphabetically. Names and symbols as the Unicode CLDR gives
/// them (CNY's symbol is the spec's ￥).
pub const CURRENCIES: &[Currency] = &[
    cur("CNY", "人民币", "Chinese Yuan", "￥"),
    cur("USD", "美元", "US Dollar", "$"),
    cur("HKD", "港元", "Hong Kong Dollar", "HK$"),
    cur("JPY", "日元", "Japanese Yen", "¥"),
    cur("MOP", "澳门币", "Macanese Pataca", "MOP$"),
    cur("TWD", "新台币", "New Taiwan Dollar", "NT$"),
    cur("EUR", "欧元", "Euro", "€"),
    cur("GBP", "英镑", "British Pound", "£"),
    cur("THB", "泰铢", "Thai Baht", "฿"),
    cur("VND", "越南盾", "Vietnamese Dong", "₫"),
    cur("KRW", "韩元", "South Korean Won", "₩"),
    cur("SGD", "新加坡元", "Singapore Dollar", "S$"),
    cur("AED", "阿联酋迪拉姆", "United Arab Emirates Dirham", "AED"),
    cur("AFN", "阿富汗尼", "Afghan Afghani", "؋"),
    cur("ALL", "阿尔巴尼亚列克", "Albanian Lek", "ALL"),
    cur("AMD", "亚美尼亚德拉姆", "Armenian Dram", "֏"),
    cur(
        "ANG",
        "荷属安的列斯盾",
        "Netherlands Antillean Guilder",
        "ANG",
    ),
    cur("AOA", "安哥拉宽扎", "Angolan Kwanza", "Kz"),
    cur("ARS", "阿根廷比索", "Argentine Peso", "$"),
    cur("AUD", "澳大利亚元", "Australian Dollar", "A$"),
    cur("AWG", "阿鲁巴弗罗林", "Aruban Florin", "AWG"),
    cur("AZN", "阿塞拜疆马纳特", "Azerbaijani Manat", "₼"),
    cur(
        "BAM",
        "波斯尼亚-黑塞哥维那可兑换马克",
        "Bosnia-Herzegovina Convertible Mark",
        "KM",
    ),
    cur("BBD", "巴巴多斯元", "Barbadian Dollar", "$"),
    cur("BDT", "孟加拉塔卡", "Bangladeshi Taka", "৳"),
    cur("BGN", "保加利亚列弗", "Bulgarian Lev", "BGN"),
    cur("BHD", "巴林第纳尔", "Bahraini Dinar", "BHD"),
    cur("BIF", "布隆迪法郎", "Burundian Franc", "BIF"),
    cur("BMD", "百慕大元", "Bermudan Dollar", "$"),
    cur("BND", "文莱元", "Brunei Dollar", "$"),
    cur("BOB", "玻利维亚诺", "Bolivian Boliviano", "Bs"),
    cur("BRL", "巴西雷亚尔", "Brazilian Real", "R$"),
    cur("BSD", "巴哈马元", "Bahamian Dollar", "$"),
    cur("BTN", "不丹努尔特鲁姆", "Bhutanese Ngultrum", "BTN"),
    cur("BWP", "博茨瓦纳普拉", "Botswanan Pula", "P"),
    cur("BYN", "白俄罗斯卢布", "Belarusian Ruble", "BYN"),
    cur("BZD", "伯利兹元", "Belize Dollar", "$"),
    cur("CAD", "加拿大元", "Canadian Dollar", "CA$"),
    cur("CDF", "刚果法郎", "Congolese Franc", "CDF"),
    cur("CHF", "瑞士法郎", "Swiss Franc", "CHF"),
    cur("CLP", "智利比索", "Chilean Peso", "$"),
    cur("COP", "哥伦比亚比索", "Colombian Peso", "$"),
    cur("CRC", "哥斯达黎加科朗", "Costa Rican Colón", "₡"),
    cur("CUC", "古巴可兑换比索", "Cuban Convertible Peso", "$"),
    cur("CUP", "古巴比索", "Cuban Peso", "$"),
    cur("CVE", "佛得角埃斯库多", "Cape Verdean Escudo", "CVE"),
    cur("CZK", "捷克克朗", "Czech Koruna", "Kč"),
    cur("DJF", "吉布提法郎", "Djiboutian Franc", "DJF"),
    cur("DKK", "丹麦克朗", "Danish Krone", "kr"),
    cur("DOP", "多米尼加比索", "Dominican Peso", "$"),
    cur("DZD", "阿尔及利亚第纳尔", "Algerian Dinar", "DZD"),
    cur("EGP", "埃及镑", "Egyptian Pound", "E£"),
    cur("ERN", "厄立特里亚纳克法", "Eritrean Nakfa", "ERN"),
    cur("ETB", "埃塞俄比亚比尔", "Ethiopian Birr", "ETB"),
    cur("FJD", "斐济元", "Fijian Dollar", "$"),
    cur("FKP", "福克兰群岛镑", "Falkland Islands Pound", "£"),
    cur("GEL", "格鲁吉亚拉里", "Georgian Lari", "₾"),
    cur("GHS", "加纳塞地", "Ghanaian Cedi", "GH₵"),
    cur("GIP", "直布罗陀镑", "Gibraltar Pound", "£"),
    cur("GMD", "冈比亚达拉西", "Gambian Dalasi", "GMD"),
    cur("GNF", "几内亚法郎", "Guinean Franc", "FG"),
    cur("GTQ", "危地马拉格查尔", "Guatemalan Quetzal", "Q"),
    cur("GYD", "圭亚那元", "Guyanaese Dollar", "$"),
    cur("HNL", "洪都拉斯伦皮拉", "Honduran Lempira", "L"),
    cur("HRK", "克罗地亚库纳", "Croatian Kuna", "kn"),
    cur("HTG", "海地古德", "Haitian Gourde", "HTG"),
    cur("HUF", "匈牙利福林", "Hungarian Forint", "Ft"),
    cur("IDR", "印度尼西亚卢比", "Indonesian Rupiah", "Rp"),
    cur("ILS", "以色列新谢克尔", "Israeli New Shekel", "₪"),
    cur("INR", "印度卢比", "Indian Rupee", "₹"),
    cur("IQD", "伊拉克第纳尔", "Iraqi Dinar", "IQD"),
    cur("IRR", "伊朗里亚尔", "Iranian Rial", "IRR"),
    cur("ISK", "冰岛克朗", "Icelandic Króna", "kr"),
    cur("JMD", "牙买加元", "Jamaican Dollar", "$"),
    cur("JOD", "约旦第纳尔", "Jordanian Dinar", "JOD"),
    cur("KES", "肯尼亚先令", "Kenyan Shilling", "KES"),
    cur("KGS", "吉尔吉斯斯坦索姆", "Kyrgyz Som", "⃀"),
    cur("KHR", "柬埔寨瑞尔", "Cambodian Riel", "៛"),
    cur("KMF", "科摩罗法郎", "Comorian Franc", "CF"),
    cur("KPW", "朝鲜元", "North Korean Won", "₩"),
    cur("KWD", "科威特第纳尔", "Kuwaiti Dinar", "KWD"),
    cur("KYD", "开曼元", "Cayman Islands Dollar", "$"),
    cur("KZT", "哈萨克斯坦坚戈", "Kazakhstani Tenge", "₸"),
    cur("LAK", "老挝基普", "Laotian Kip", "₭"),
    cur("LBP", "黎巴嫩镑", "Lebanese Pound", "L£"),
    cur("LKR", "斯里兰卡卢比", "Sri Lankan Rupee", "Rs"),
    cur("LRD", "利比里亚元", "Liberian Dollar", "$"),
    cur("LSL", "莱索托洛蒂", "Lesotho Loti", "LSL"),
    cur("LYD", "利比亚第纳尔", "Libyan Dinar", "LYD"),
    cur("MAD", "摩洛哥迪拉姆", "Moroccan Dirham", "MAD"),
    cur("MDL", "摩尔多瓦列伊", "Moldovan Leu", "MDL"),
    cur("MGA", "马达加斯加阿里亚里", "Malagasy Ariary", "Ar"),
    cur("MKD", "马其顿第纳尔", "Macedonian Denar", "MKD"),
    cur("MMK", "缅甸元", "Myanmar Kyat", "K"),
    cur("MNT", "蒙古图格里克", "Mongolian Tugrik", "₮"),
    cur("MRU", "毛里塔尼亚乌吉亚", "Mauritanian Ouguiya", "MRU"),
    cur("MUR", "毛里求斯卢比", "Mauritian Rupee", "Rs"),
    cur("MVR", "马尔代夫卢菲亚", "Maldivian Rufiyaa", "MVR"),
    cur("MWK", "马拉维克瓦查", "Malawian Kwacha", "MWK"),
    cur("MXN", "墨西哥比索", "Mexican Peso", "MX$"),
    cur("MYR", "马来西亚林吉特", "Malaysian Ringgit", "RM"),
    cur("MZN", "莫桑比克美提卡", "Mozambican Metical", "MZN"),
    cur("NAD", "纳米比亚元", "Namibian Dollar", "$"),
    cur("NGN", "尼日利亚奈拉", "Nigerian Naira", "₦"),
    cur("NIO", "尼加拉瓜科多巴", "Nicaraguan Córdoba", "C$"),
    cur("NOK", "挪威克朗", "Norwegian Krone", "kr"),
    cur("NPR", "尼泊尔卢比", "Nepalese Rupee", "Rs"),
    cur("NZD", "新西兰元", "New Zealand Dollar", "NZ$"),
    cur("OMR", "阿曼里亚尔", "Omani Rial", "OMR"),
    cur("PAB", "巴拿马巴波亚", "Panamanian Balboa", "PAB"),
    cur("PEN", "秘鲁索尔", "Peruvian Sol", "PEN"),
    cur("PGK", "巴布亚新几内亚基那", "Papua New Guinean Kina", "PGK"),
    cur("PHP", "菲律宾比索", "Philippine Peso", "₱"),
    cur("PKR", "巴基斯坦卢比", "Pakistani Rupee", "Rs"),
    cur("PLN", "波兰兹罗提", "Polish Zloty", "zł"),
    cur("PYG", "巴拉圭瓜拉尼", "Paraguayan Guarani", "₲"),
    cur("QAR", "卡塔尔里亚尔", "Qatari Riyal", "QAR"),
    cur("RON", "罗马尼亚列伊", "Romanian Leu", "lei"),
    cur("RSD", "塞尔维亚第纳尔", "Serbian Dinar", "RSD"),
    cur("RUB", "俄罗斯卢布", "Russian Ruble", "₽"),
    cur("RWF", "卢旺达法郎", "Rwandan Franc", "RF"),
    cur("SAR", "沙特里亚尔", "Saudi Riyal", "SAR"),
    cur("SBD", "所罗门群岛元", "Solomon Islands Dollar", "$"),
    cur("SCR", "塞舌尔卢比", "Seychellois Rupee", "SCR"),
    cur("SDG", "苏丹镑", "Sudanese Pound", "SDG"),
    cur("SEK", "瑞典克朗", "Swedish Krona", "kr"),
    cur("SHP", "圣赫勒拿群岛磅", "St. Helena Pound", "£"),
    cur("SLE", "塞拉利昂新利昂", "Sierra Leonean Leone", "SLE"),
    cur(
        "SLL",
        "塞拉利昂利昂",
        "Sierra Leonean Leone (1964—2022)",
        "SLL",
    ),
    cur("SOS", "索马里先令", "Somali Shilling", "SOS"),
    cur("SRD", "苏里南元", "Surinamese Dollar", "$"),
    cur("SSP", "南苏丹镑", "South Sudanese Pound", "£"),
    cur(
        "STN",
        "圣多美和普林西比多布拉",
        "São Tomé & Príncipe Dobra",
        "Db",
    ),
    cur("SVC", "萨尔瓦多科朗", "Salvadoran Colón", "SVC"),
    cur("SYP", "叙利亚镑", "Syrian Pound", "£"),
    cur("SZL", "斯威士兰里兰吉尼", "Swazi Lilangeni", "SZL"),
    cur("TJS", "塔吉克斯坦索莫尼", "Tajikistani Somoni", "TJS"),
    cur("TMT", "土库曼斯坦马纳特", "Turkmenistani Manat", "TMT"),
    cur("TND", "突尼斯第纳尔", "Tunisian Dinar", "TND"),
    cur("TOP", "汤加潘加", "Tongan Paʻanga", "T$"),
    cur("TRY", "土耳其里拉", "Turkish Lira", "₺"),
    cur("TTD", "特立尼达和多巴哥元", "Trinidad & Tobago Dollar", "$"),
    cur("TZS", "坦桑尼亚先令", "Tanzanian Shilling", "TZS"),
    cur("UAH", "乌克兰格里夫纳", "Ukrainian Hryvnia", "₴"),
    cur("UGX", "乌干达先令", "Ugandan Shilling", "UGX"),
    cur("UYU", "乌拉圭比索", "Uruguayan Peso", "$"),
    cur("UZS", "乌兹别克斯坦苏姆", "Uzbekistani Som", "UZS"),
    cur("VES", "委内瑞拉玻利瓦尔", "Venezuelan Bolívar", "VES"),
    cur("VUV", "瓦努阿图瓦图", "Vanuatu Vatu", "VUV"),
    cur("WST", "萨摩亚塔拉", "Samoan Tala", "WST"),
    cur("XAF", "中非法郎", "Central African CFA Franc", "FCFA"),
    cur("XCD", "东加勒比元", "East Caribbean Dollar", "EC$"),
    cur("XCG", "加勒比盾", "Caribbean guilder", "Cg."),
    cur("XDR", "特别提款权", "Special Drawing Rights", "XDR"),
    cur("XOF", "西非法郎", "West African CFA Franc", "F CFA"),
    cur("XPF", "太平洋法郎", "CFP Franc", "CFPF"),
    cur("XSU", "苏克雷", "Sucre", "XSU"),
    cur("YER", "也门里亚尔", "Yemeni Rial", "YER"),
    cur("ZAR", "南非兰特", "South African Rand", "R"),
    cur("ZMW", "赞比亚克瓦查", "Zambian Kwacha", "ZK"),
    cur("ZWG", "津巴布韦金元", "Zimbabwean Gold", "ZWG"),
    cur(
        "ZWL",
        "津巴布韦元 (2009)",
        "Zimbabwean Dollar (2009–2024)",
        "ZWL",
    ),
];

pub fn find(code: &str) -> Option<&'static Currency> {
    CURRENCIES.iter().find(|c| c.code == code)
}

/// A code of the table, or a 412 on `field`.
pub fn check_code(field: &str, code: &str) -> Result<&'static Currency, ApiError> {
    find(code).ok_or_else(|| {
        ApiError::invalid_field(
            field,
            "不支持的币种代码",
            "not a currency code of the table (ISO 4217, e.g. USD)",
        )
    })
}

/// 10^8: a rate is kept in hundred-millionths.
pub const RATE_SCALE: i64 = 100_000_000;
const RATE_DECIMALS: usize = 8;
/// The largest rate, one unit for a billion.
const MAX_RATE: i64 = 1_000_000_000 * RATE_SCALE;

fn rate_error() -> ApiError {
    ApiError::invalid(
        "rate",
        Text::fixed(
            "汇率为大于 0 的数字，最多 8 位小数，不超过 10 亿",
            "a rate is a number above 0 with at most 8 decimals, up to 1,000,000,000",
        ),
    )
}

/// Reads a rate written as a decimal (`7.1234`) into hundred-millionths.
pub fn parse_rate(text: &str) -> Result<i64, ApiError> {
    let text = text.trim();
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty()
        || !digits(int)
        || !digits(frac)
        || frac.len() > RATE_DECIMALS
        || (text.contains('.') && frac.is_empty())
        || int.len() > 10
    {
        return Err(rate_error());
    }
    let int: i64 = int.parse().map_err(|_| rate_error())?;
    let mut scaled_frac: i64 = if frac.is_empty() {
        0
    } else {
        frac.parse().map_err(|_| rate_error())?
    };
    for _ in frac.len()..RATE_DECIMALS {
        scaled_frac *= 10;
    }
    let rate = int
        .checked_mul(RATE_SCALE)
        .and_then(|v| v.checked_add(scaled_frac))
        .ok_or_else(rate_error)?;
    if rate <= 0 || rate > MAX_RATE {
        return Err(rate_error());
    }
    Ok(rate)
}

/// A rate in hundred-millionths written back as a decimal without trailing zeros (`7.1234`).
pub fn format_rate(rate: i64) -> String {
    let int = rate / RATE_SCALE;
    let frac = rate % RATE_SCALE;
    if frac == 0 {
        return int.to_string();
    }
    let frac = format!("{frac:08}");
    format!("{int}.{}", frac.trim_end_matches('0'))
}

/// `num / den` rounded to the nearest whole, a half away from zero (den > 0).
fn div_round(num: i128, den: i128) -> i128 {
    let q = num / den;
    let r = num % den;
    if 2 * r.abs() >= den {
        if num < 0 { q - 1 } else { q + 1 }
    } else {
        q
    }
}

/// `fen` of the rate's `from` currency in fen of its `to` currency.
pub fn convert(fen: i64, rate: i64) -> Option<i64> {
    let v = div_round(i128::from(fen) * i128::from(rate), i128::from(RATE_SCALE));
    i64::try_from(v).ok()
}

/// `fen` of the rate's `to` currency back in fen of its `from` currency.
pub fn convert_back(fen: i64, rate: i64) -> Option<i64> {
    if rate <= 0 {
        return None;
    }
    let v = div_round(i128::from(fen) * i128::from(RATE_SCALE), i128::from(rate));
    i64::try_from(v).ok()
}

/// An amount to convert: whole fen, 0 to 10^12.
pub fn check_amount(fen: i64) -> Result<(), ApiError> {
    if !(0..=1_000_000_000_000).contains(&fen) {
        return Err(ApiError::invalid_field(
            "amount",
            "金额为 0 到 100 亿（单位：分）",
            "an amount is 0 to 10,000,000,000 (in fen)",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specs_twelve_come_first_and_codes_are_unique() {
        let first: Vec<&str> = CURRENCIES.iter().take(12).map(|c| c.code).collect();
        assert_eq!(
            first,
            [
                "CNY", "USD", "HKD", "JPY", "MOP", "TWD", "EUR", "GBP", "THB", "VND", "KRW", "SGD"
            ]
        );
        assert_eq!(find("CNY").map(|c| c.symbol), Some("￥"));
        assert_eq!(find("USD").map(|c| c.symbol), Some("$"));
        let mut codes: Vec<&str> = CURRENCIES.iter().map(|c| c.code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), CURRENCIES.len());
        assert!(CURRENCIES.len() > 150);
        assert!(
            CURRENCIES
                .iter()
                .all(|c| c.code.len() == 3 && c.code.bytes().all(|b| b.is_ascii_uppercase()))
        );
        assert!(check_code("toCurrency", "XYZ").is_err());
    }

    #[test]
    fn rates_are_exact_decimals() {
        assert_eq!(parse_rate("7.1234").unwrap(), 712_340_000);
        assert_eq!(parse_rate("0.00000001").unwrap(), 1);
        assert_eq!(parse_rate("3500").unwrap(), 3_500 * RATE_SCALE);
        for bad in [
            "0",
            "-1",
            "1.",
            ".5",
            "1.123456789",
            "abc",
            "1e5",
            "",
            "1,5",
            "1000000001",
        ] {
            assert!(parse_rate(bad).is_err(), "{bad}");
        }
        assert_eq!(format_rate(712_340_000), "7.1234");
        assert_eq!(format_rate(3_500 * RATE_SCALE), "3500");
        assert_eq!(format_rate(1), "0.00000001");
    }

    #[test]
    fn conversion_rounds_once_half_away_from_zero() {
        let usd_cny = parse_rate("7.1234").unwrap();
        // 100.00 USD = 712.34 CNY.
        assert_eq!(convert(10_000, usd_cny), Some(71_234));
        // 0.07 USD = 0.498638 CNY → 0.50.
        assert_eq!(convert(7, usd_cny), Some(50));
        // 712.34 CNY back is 100.00 USD exactly.
        assert_eq!(convert_back(71_234, usd_cny), Some(10_000));
        // A half fen goes up: 1 fen at 0.5 is 0.5 fen → 1.
        assert_eq!(convert(1, parse_rate("0.5").unwrap()), Some(1));
        assert_eq!(convert(1, parse_rate("0.49999999").unwrap()), Some(0));
        assert_eq!(convert(1_000_000_000_000, MAX_RATE), None);
    }
}
