//! Price rule formulas: a small grammar over the three price codes, parsed by recursive descent
//! and evaluated exactly as rationals of fen, then rounded once to a whole fen.
//!
//! ```text
//! expr    := term (('+' | '-') term)*
//! term    := unary (('*' | '/') unary)*
//! unary   := ('+' | '-') unary | primary
//! primary := number | code | '(' expr ')'
//! code    := purchase | distribution | retail
//! number  := digits ['.' digits]        at most 6 decimals
//! ```
//!
//! `×`, `÷` and `−` are read as `*`, `/` and `-`. Numbers are plain amounts: in `distribution +
//! 500` the 500 is fen (5.00), in `distribution * 0.8` a factor. Positions are 1-based
//! characters, so the console can point at them whatever the script.
//!
//! Rounding: the exact result is rounded to the nearest fen, a half fen away from zero
//! (`1234.5` → `1235`); nothing is rounded before the end.

use std::cmp::Ordering;

/// The price codes a formula may name, in the order the console offers them.
pub const CODES: [&str; 3] = ["purchase", "distribution", "retail"];

const MAX_LEN: usize = 200;
const MAX_DECIMALS: u32 = 6;

/// What went wrong and where: `position` is the 1-based character where the trouble starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormulaError {
    pub position: usize,
    pub kind: ErrorKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    Empty,
    TooLong,
    UnexpectedChar(char),
    UnknownCode(String),
    TooManyDecimals,
    NumberTooLarge,
    ExpectedOperand,
    ExpectedOperator,
    UnclosedParen,
    UnmatchedParen,
    DivisionByZero,
    NoCode,
    Overflow,
    Negative,
}

impl FormulaError {
    fn at(position: usize, kind: ErrorKind) -> Self {
        Self { position, kind }
    }

    /// The reason in Chinese and English, with the position.
    pub fn texts(&self) -> (String, String) {
        let p = self.position;
        let (zh, en) = match &self.kind {
            ErrorKind::Empty => ("公式为空".to_owned(), "the formula is empty".to_owned()),
            ErrorKind::TooLong => (
                format!("公式最多 {MAX_LEN} 个字符"),
                format!("the formula is longer than {MAX_LEN} characters"),
            ),
            ErrorKind::UnexpectedChar(c) => (
                format!("无法识别的字符 '{c}'"),
                format!("unexpected character '{c}'"),
            ),
            ErrorKind::UnknownCode(c) => (
                format!("未知的价格代码 '{c}'（可用：{}）", CODES.join(", ")),
                format!("unknown price code '{c}' (known: {})", CODES.join(", ")),
            ),
            ErrorKind::TooManyDecimals => (
                format!("小数最多 {MAX_DECIMALS} 位"),
                format!("a number has more than {MAX_DECIMALS} decimals"),
            ),
            ErrorKind::NumberTooLarge => ("数字过大".to_owned(), "number too large".to_owned()),
            ErrorKind::ExpectedOperand => (
                "此处应为数字、价格代码或括号".to_owned(),
                "a number, price code or '(' was expected".to_owned(),
            ),
            ErrorKind::ExpectedOperator => (
                "此处应为运算符".to_owned(),
                "an operator was expected".to_owned(),
            ),
            ErrorKind::UnclosedParen => ("括号未闭合".to_owned(), "'(' is not closed".to_owned()),
            ErrorKind::UnmatchedParen => {
                ("多余的右括号".to_owned(), "')' without its '('".to_owned())
            }
            ErrorKind::DivisionByZero => ("除数为零".to_owned(), "division by zero".to_owned()),
            ErrorKind::NoCode => (
                "公式至少要用一个价格代码".to_owned(),
                "the formula uses no price code".to_owned(),
            ),
            ErrorKind::Overflow => (
                "计算结果过大".to_owned(),
                "the result is too large".to_owned(),
            ),
            ErrorKind::Negative => (
                "计算结果为负数".to_owned(),
                "the result is negative".to_owned(),
            ),
        };
        (
            format!("第 {p} 个字符处：{zh}"),
            format!("at character {p}: {en}"),
        )
    }
}

/// A price code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    Purchase,
    Distribution,
    Retail,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

/// A parsed formula. Each node keeps the position of its operator (or operand) for errors found
/// when it is evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    Num(Ratio),
    Code(Code),
    Neg(Box<Expr>),
    Bin {
        op: Op,
        at: usize,
        left: Box<Expr>,
        right: Box<Expr>,
    },
}

/// An exact rational number, kept reduced with a positive denominator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ratio {
    num: i128,
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    pub fn int(n: i64) -> Self {
        Self {
            num: n.into(),
            den: 1,
        }
    }

    fn new(num: i128, den: i128) -> Option<Self> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let sign = if den < 0 { -1 } else { 1 };
        Some(Self {
            num: sign * num / g,
            den: sign * den / g,
        })
    }

    fn is_zero(self) -> bool {
        self.num == 0
    }

    fn add(self, o: Self) -> Option<Self> {
        let num = self
            .num
            .checked_mul(o.den)?
            .checked_add(o.num.checked_mul(self.den)?)?;
        Self::new(num, self.den.checked_mul(o.den)?)
    }

    fn neg(self) -> Option<Self> {
        Some(Self {
            num: self.num.checked_neg()?,
            den: self.den,
        })
    }

    fn mul(self, o: Self) -> Option<Self> {
        Self::new(self.num.checked_mul(o.num)?, self.den.checked_mul(o.den)?)
    }

    /// None for a zero divisor or an overflow: the caller tells the two apart.
    fn div(self, o: Self) -> Option<Self> {
        Self::new(self.num.checked_mul(o.den)?, self.den.checked_mul(o.num)?)
    }

    /// To the nearest whole, a half away from zero.
    pub fn round_half_away(self) -> i128 {
        let q = self.num / self.den;
        let r = self.num % self.den;
        match (2 * r.abs()).cmp(&self.den) {
            Ordering::Less => q,
            _ if self.num < 0 => q - 1,
            _ => q + 1,
        }
    }

    /// `num/den`, or `num` when whole: the exact value the console may show beside the rounded.
    pub fn exact(self) -> String {
        if self.den == 1 {
            self.num.to_string()
        } else {
            format!("{}/{}", self.num, self.den)
        }
    }
}

/// The three prices a formula is evaluated against, in fen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Prices {
    pub purchase: i64,
    pub distribution: i64,
    pub retail: i64,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok {
    Num(Ratio),
    Code(Code),
    Op(Op),
    Open,
    Close,
}

fn code_of(word: &str) -> Option<Code> {
    match word {
        "purchase" => Some(Code::Purchase),
        "distribution" => Some(Code::Distribution),
        "retail" => Some(Code::Retail),
        _ => None,
    }
}

/// Tokens with their 1-based positions.
fn lex(src: &str) -> Result<Vec<(Tok, usize)>, FormulaError> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let pos = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let op = match c {
            '+' => Some(Tok::Op(Op::Add)),
            '-' | '−' => Some(Tok::Op(Op::Sub)),
            '*' | '×' => Some(Tok::Op(Op::Mul)),
            '/' | '÷' => Some(Tok::Op(Op::Div)),
            '(' => Some(Tok::Open),
            ')' => Some(Tok::Close),
            _ => None,
        };
        if let Some(t) = op {
            out.push((t, pos));
            i += 1;
        } else if c.is_ascii_digit() {
            let mut int: i128 = 0;
            while i < chars.len() && chars[i].is_ascii_digit() {
                int = int
                    .checked_mul(10)
                    .and_then(|v| v.checked_add(i128::from(chars[i] as u8 - b'0')))
                    .filter(|v| *v <= 1_000_000_000_000)
                    .ok_or_else(|| FormulaError::at(pos, ErrorKind::NumberTooLarge))?;
                i += 1;
            }
            let mut den: i128 = 1;
            if i < chars.len() && chars[i] == '.' {
                i += 1;
                let mut decimals = 0;
                if i >= chars.len() || !chars[i].is_ascii_digit() {
                    return Err(FormulaError::at(i + 1, ErrorKind::ExpectedOperand));
                }
                while i < chars.len() && chars[i].is_ascii_digit() {
                    decimals += 1;
                    if decimals > MAX_DECIMALS {
                        return Err(FormulaError::at(i + 1, ErrorKind::TooManyDecimals));
                    }
                    int = int * 10 + i128::from(chars[i] as u8 - b'0');
                    den *= 10;
                    i += 1;
                }
            }
            let r = Ratio::new(int, den)
                .ok_or_else(|| FormulaError::at(pos, ErrorKind::NumberTooLarge))?;
            out.push((Tok::Num(r), pos));
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let code = code_of(&word)
                .ok_or_else(|| FormulaError::at(pos, ErrorKind::UnknownCode(word.clone())))?;
            out.push((Tok::Code(code), pos));
        } else {
            return Err(FormulaError::at(pos, ErrorKind::UnexpectedChar(c)));
        }
    }
    Ok(out)
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    i: usize,
    /// Where the input ends (for errors at the end): one past the last character.
    end: usize,
}

impl Parser {
    fn peek(&self) -> Option<(Tok, usize)> {
        self.toks.get(self.i).copied()
    }

    fn here(&self) -> usize {
        self.peek().map_or(self.end, |(_, p)| p)
    }

    fn expr(&mut self) -> Result<Expr, FormulaError> {
        let mut left = self.term()?;
        while let Some((Tok::Op(op @ (Op::Add | Op::Sub)), at)) = self.peek() {
            self.i += 1;
            let right = self.term()?;
            left = Expr::Bin {
                op,
                at,
                left: Box::new(left),
                right: Box::new(right),
            };
        }
        Ok(left)
    }

    fn term(&mut self) -> Result<Expr, FormulaError> {
        let mut left = self.unary()?;
        while let Some((Tok::Op(op @ (Op::Mul | Op::Div)), at)) = self.peek() {
            self.i += 1;
            let divisor_at = self.here();
            let right = self.unary()?;
            if op == Op::Div && constant(&right).is_some_and(Ratio::is_zero) {
                return Err(FormulaError::at(divisor_at, ErrorKind::DivisionByZero));
            }
            left = Expr::Bin {
                op,
                at,
                left: Box::new(left),
                right: Box::new(right),
            };
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, FormulaError> {
        match self.peek() {
            Some((Tok::Op(Op::Sub), _)) => {
                self.i += 1;
                Ok(Expr::Neg(Box::new(self.unary()?)))
            }
            Some((Tok::Op(Op::Add), _)) => {
                self.i += 1;
                self.unary()
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Result<Expr, FormulaError> {
        match self.peek() {
            Some((Tok::Num(n), _)) => {
                self.i += 1;
                Ok(Expr::Num(n))
            }
            Some((Tok::Code(c), _)) => {
                self.i += 1;
                Ok(Expr::Code(c))
            }
            Some((Tok::Open, open)) => {
                self.i += 1;
                let inner = self.expr()?;
                match self.peek() {
                    Some((Tok::Close, _)) => {
                        self.i += 1;
                        Ok(inner)
                    }
                    None => Err(FormulaError::at(open, ErrorKind::UnclosedParen)),
                    Some((_, p)) => Err(FormulaError::at(p, ErrorKind::ExpectedOperator)),
                }
            }
            Some((Tok::Close, p)) | Some((Tok::Op(_), p)) => {
                Err(FormulaError::at(p, ErrorKind::ExpectedOperand))
            }
            None => Err(FormulaError::at(self.end, ErrorKind::ExpectedOperand)),
        }
    }
}

/// The value of an expression that names no code, when it can be computed.
fn constant(e: &Expr) -> Option<Ratio> {
    match e {
        Expr::Num(n) => Some(*n),
        Expr::Code(_) => None,
        Expr::Neg(x) => constant(x)?.neg(),
        Expr::Bin {
            op, left, right, ..
        } => {
            let (l, r) = (constant(left)?, constant(right)?);
            match op {
                Op::Add => l.add(r),
                Op::Sub => l.add(r.neg()?),
                Op::Mul => l.mul(r),
                Op::Div => l.div(r),
            }
        }
    }
}

fn uses_code(e: &Expr) -> bool {
    match e {
        Expr::Num(_) => false,
        Expr::Code(_) => true,
        Expr::Neg(x) => uses_code(x),
        Expr::Bin { left, right, .. } => uses_code(left) || uses_code(right),
    }
}

/// Parses a formula: the whole text must be one expression using at least one price code, with
/// no division by a constant zero.
pub fn parse(src: &str) -> Result<Expr, FormulaError> {
    let len = src.chars().count();
    if src.trim().is_empty() {
        return Err(FormulaError::at(1, ErrorKind::Empty));
    }
    if len > MAX_LEN {
        return Err(FormulaError::at(MAX_LEN + 1, ErrorKind::TooLong));
    }
    let mut p = Parser {
        toks: lex(src)?,
        i: 0,
        end: len + 1,
    };
    let e = p.expr()?;
    match p.peek() {
        None => {}
        Some((Tok::Close, at)) => return Err(FormulaError::at(at, ErrorKind::UnmatchedParen)),
        Some((_, at)) => return Err(FormulaError::at(at, ErrorKind::ExpectedOperator)),
    }
    if !uses_code(&e) {
        return Err(FormulaError::at(1, ErrorKind::NoCode));
    }
    Ok(e)
}

/// The exact value of a parsed formula for these prices.
pub fn evaluate_exact(e: &Expr, prices: Prices) -> Result<Ratio, FormulaError> {
    let overflow = |at| FormulaError::at(at, ErrorKind::Overflow);
    match e {
        Expr::Num(n) => Ok(*n),
        Expr::Code(Code::Purchase) => Ok(Ratio::int(prices.purchase)),
        Expr::Code(Code::Distribution) => Ok(Ratio::int(prices.distribution)),
        Expr::Code(Code::Retail) => Ok(Ratio::int(prices.retail)),
        Expr::Neg(x) => evaluate_exact(x, prices)?.neg().ok_or_else(|| overflow(1)),
        Expr::Bin {
            op,
            at,
            left,
            right,
        } => {
            let (l, r) = (
                evaluate_exact(left, prices)?,
                evaluate_exact(right, prices)?,
            );
            let v = match op {
                Op::Add => l.add(r),
                Op::Sub => r.neg().and_then(|r| l.add(r)),
                Op::Mul => l.mul(r),
                Op::Div if r.is_zero() => {
                    return Err(FormulaError::at(*at, ErrorKind::DivisionByZero));
                }
                Op::Div => l.div(r),
            };
            v.ok_or_else(|| overflow(*at))
        }
    }
}

/// The price in whole fen: the exact value rounded once, a half away from zero; a negative
/// price or one beyond i64 is refused.
pub fn evaluate(e: &Expr, prices: Prices) -> Result<(i64, Ratio), FormulaError> {
    let exact = evaluate_exact(e, prices)?;
    let rounded = exact.round_half_away();
    if rounded < 0 {
        return Err(FormulaError::at(1, ErrorKind::Negative));
    }
    let fen = i64::try_from(rounded).map_err(|_| FormulaError::at(1, ErrorKind::Overflow))?;
    Ok((fen, exact))
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: Prices = Prices {
        purchase: 8_000,
        distribution: 10_000,
        retail: 12_345,
    };

    fn price(src: &str) -> i64 {
        evaluate(&parse(src).unwrap(), P).unwrap().0
    }

    fn err(src: &str) -> FormulaError {
        match parse(src) {
            Err(e) => e,
            Ok(e) => evaluate(&e, P).unwrap_err(),
        }
    }

    #[test]
    fn the_specs_example_takes_a_fifth_off_the_distribution_price() {
        assert_eq!(price("distribution * 0.8"), 8_000);
        assert_eq!(price("distribution × 0.8"), 8_000);
    }

    #[test]
    fn every_operator_and_the_unicode_signs() {
        assert_eq!(price("purchase + 500"), 8_500);
        assert_eq!(price("retail - 345"), 12_000);
        assert_eq!(price("retail − 345"), 12_000);
        assert_eq!(price("purchase * 2"), 16_000);
        assert_eq!(price("distribution / 4"), 2_500);
        assert_eq!(price("distribution ÷ 4"), 2_500);
        assert_eq!(price("-purchase + 2 * distribution"), 12_000);
        assert_eq!(price("+retail"), 12_345);
    }

    #[test]
    fn multiplication_binds_tighter_and_parentheses_win() {
        assert_eq!(price("purchase + distribution * 0.5"), 13_000);
        assert_eq!(price("(purchase + distribution) * 0.5"), 9_000);
        assert_eq!(price("retail - purchase - 345"), 4_000, "left-associative");
        assert_eq!(price("distribution / 2 / 5"), 1_000, "left-associative");
        assert_eq!(price("((purchase))"), 8_000);
    }

    #[test]
    fn nothing_is_rounded_before_the_end() {
        // 10000 / 3 * 3 is exactly 10000; rounding the quotient first would give 9999.
        assert_eq!(price("distribution / 3 * 3"), 10_000);
        // 12345 * 0.9 = 11110.5: a half fen goes away from zero.
        let (fen, exact) = evaluate(&parse("retail * 0.9").unwrap(), P).unwrap();
        assert_eq!((fen, exact.exact()), (11_111, "22221/2".to_owned()));
        // 12345 * 0.33 = 4073.85 → 4074; 12345 / 7 = 1763.57… → 1764; 12345 * 0.3333 = 4114.59…
        assert_eq!(price("retail * 0.33"), 4_074);
        assert_eq!(price("retail / 7"), 1_764);
        assert_eq!(price("retail * 0.1234"), 1_523);
    }

    #[test]
    fn halves_round_away_from_zero() {
        let r = |n, d| Ratio::new(n, d).unwrap().round_half_away();
        assert_eq!(r(5, 2), 3);
        assert_eq!(r(-5, 2), -3);
        assert_eq!(r(7, 3), 2);
        assert_eq!(r(-7, 3), -2);
        assert_eq!(r(8, 3), 3);
    }

    #[test]
    fn errors_name_their_position() {
        assert_eq!(
            err("distribution * 0.8 + cost"),
            FormulaError::at(22, ErrorKind::UnknownCode("cost".into()))
        );
        assert_eq!(
            err("distribution / 0"),
            FormulaError::at(16, ErrorKind::DivisionByZero)
        );
        assert_eq!(
            err("retail / (2 - 2)"),
            FormulaError::at(10, ErrorKind::DivisionByZero)
        );
        assert_eq!(
            err("retail * "),
            FormulaError::at(10, ErrorKind::ExpectedOperand)
        );
        assert_eq!(
            err("(retail * 2"),
            FormulaError::at(1, ErrorKind::UnclosedParen)
        );
        assert_eq!(
            err("retail * 2)"),
            FormulaError::at(11, ErrorKind::UnmatchedParen)
        );
        assert_eq!(
            err("retail 2"),
            FormulaError::at(8, ErrorKind::ExpectedOperator)
        );
        assert_eq!(
            err("retail % 2"),
            FormulaError::at(8, ErrorKind::UnexpectedChar('%'))
        );
        assert_eq!(
            err("retail * 0.1234567"),
            FormulaError::at(18, ErrorKind::TooManyDecimals)
        );
        assert_eq!(
            err("retail * 1."),
            FormulaError::at(12, ErrorKind::ExpectedOperand)
        );
        assert_eq!(err("100 * 2"), FormulaError::at(1, ErrorKind::NoCode));
        assert_eq!(err("  "), FormulaError::at(1, ErrorKind::Empty));
        assert_eq!(
            err("* retail"),
            FormulaError::at(1, ErrorKind::ExpectedOperand)
        );
        assert_eq!(
            err(&"retail+".repeat(40)),
            FormulaError::at(201, ErrorKind::TooLong)
        );
    }

    #[test]
    fn runtime_division_by_zero_and_negative_results_are_refused() {
        let zero = Prices { purchase: 0, ..P };
        let e = parse("retail / purchase").unwrap();
        assert_eq!(
            evaluate(&e, zero).unwrap_err(),
            FormulaError::at(8, ErrorKind::DivisionByZero)
        );
        assert_eq!(
            evaluate(&parse("purchase - retail").unwrap(), P)
                .unwrap_err()
                .kind,
            ErrorKind::Negative
        );
    }

    #[test]
    fn positions_count_characters_not_bytes() {
        // '×' is two bytes in UTF-8 but one character.
        assert_eq!(err("retail × 成本").position, 10);
    }

    #[test]
    fn huge_values_overflow_instead_of_wrapping() {
        let big = "retail * 1000000000000 * 1000000000000 * 1000000000000 * 1000000000000";
        assert_eq!(err(big).kind, ErrorKind::Overflow);
        assert_eq!(
            err("retail * 10000000000000").kind,
            ErrorKind::NumberTooLarge
        );
    }

    #[test]
    fn texts_carry_the_position_in_both_languages() {
        let (zh, en) = FormulaError::at(4, ErrorKind::DivisionByZero).texts();
        assert!(zh.contains("第 4 个字符"));
        assert_eq!(en, "at character 4: division by zero");
    }
}
