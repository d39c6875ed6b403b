//! SMS rules: a body's length and its parts.

/// A text message carries at most this many characters (the spec's 60).
pub const MAX_CHARS: usize = 60;

/// The parts a body is sent in: itself when it fits, otherwise two, the second cut (with an
/// ellipsis) when even two would not hold it.
pub fn split(body: &str) -> Vec<String> {
    let chars: Vec<char> = body.chars().collect();
    if chars.len() <= MAX_CHARS {
        return vec![body.to_owned()];
    }
    let first: String = chars[..MAX_CHARS].iter().collect();
    let rest = &chars[MAX_CHARS..];
    let second: String = if rest.len() <= MAX_CHARS {
        rest.iter().collect()
    } else {
        rest[..MAX_CHARS - 1].iter().chain(['…'].iter()).collect()
    };
    vec![first, second]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_body_goes_in_two_parts_of_sixty() {
        assert_eq!(split("short"), ["short"]);
        let sixty = "字".repeat(60);
        assert_eq!(split(&sixty), std::slice::from_ref(&sixty));
        let parts = split(&format!("{sixty}abc"));
        assert_eq!(parts, [sixty.clone(), "abc".to_owned()]);
        let parts = split(&"x".repeat(150));
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[1].chars().count(), 60);
        assert!(parts[1].ends_with('…'));
    }
}
