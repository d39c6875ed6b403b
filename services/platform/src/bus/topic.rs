//! Topic matching as RabbitMQ does it: words separated by dots, `*` matches exactly one word,
//! `#` matches zero or more.

pub fn matches(pattern: &str, key: &str) -> bool {
    let pattern: Vec<&str> = pattern.split('.').collect();
    let key: Vec<&str> = key.split('.').collect();
    match_words(&pattern, &key)
}

fn match_words(pattern: &[&str], key: &[&str]) -> bool {
    match pattern.split_first() {
        None => key.is_empty(),
        Some((&"#", rest)) => (0..=key.len()).any(|skip| match_words(rest, &key[skip..])),
        Some((&word, rest)) => match key.split_first() {
            Some((&first, key_rest)) => {
                (word == "*" || word == first) && match_words(rest, key_rest)
            }
            None => false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn star_is_one_word_and_hash_is_any_number() {
        assert!(matches("order.*.created", "order.hotel.created"));
        assert!(!matches("order.*.created", "order.hotel.cancelled"));
        assert!(!matches("order.*.created", "order.created"));
        assert!(matches("order.#", "order.hotel.created"));
        assert!(matches("order.#", "order"));
        assert!(matches("#", "tenant.updated"));
        assert!(matches("#.updated", "notify-config.updated"));
        assert!(!matches("tenant.*", "merchant.updated"));
        assert!(matches("tenant.updated", "tenant.updated"));
        assert!(matches("order.#.created", "order.created"));
        assert!(matches("order.#.created", "order.mall.snapup.created"));
    }
}
