//! Unit tests of `src/diag/code.rs`.

use pitchprint::diag::code::*;

#[test]
fn names_are_unique_kebab_case_and_read_back() {
    let mut seen = std::collections::BTreeSet::new();
    for c in Code::ALL {
        assert!(seen.insert(c.name()), "{} twice", c.name());
        assert!(
            c.name()
                .chars()
                .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-')
        );
        assert_eq!(Code::from_name(c.name()), Some(*c));
    }
    assert_eq!(Code::from_name("no-such-code"), None);
    assert!(Code::CardPhoto.is_warning() && !Code::LayoutValue.is_warning());
}
