//! The spec's "all" value for list filters: `-99` (or the parameter left out) means no filter.

/// The value a select box sends for "all".
pub const ALL: i32 = -99;

/// The filter a list applies: `None` for "all" (absent or [`ALL`]).
pub fn unless_all(value: Option<i32>) -> Option<i32> {
    value.filter(|v| *v != ALL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_and_absent_filter_nothing() {
        assert_eq!(unless_all(None), None);
        assert_eq!(unless_all(Some(ALL)), None);
        assert_eq!(unless_all(Some(0)), Some(0));
        assert_eq!(unless_all(Some(-1)), Some(-1));
    }
}
