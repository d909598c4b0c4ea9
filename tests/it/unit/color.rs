//! Unit tests of `src/color.rs`.

use pitchprint::color::*;

#[test]
fn colours_parse_in_long_short_and_named_forms() {
    assert_eq!(Color::parse("#1f5e2a"), Some(Color::rgb(0x1f, 0x5e, 0x2a)));
    assert_eq!(Color::parse("#fff"), Some(Color::WHITE));
    assert_eq!(Color::parse("black"), Some(Color::BLACK));
    assert_eq!(Color::parse("green-ish"), None);
    assert_eq!(Color::parse("#12345"), None);
    assert_eq!(Color::parse("#ggg"), None);
}
