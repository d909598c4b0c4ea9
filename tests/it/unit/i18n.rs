//! Unit tests of `pitchprint::i18n` (`src/i18n.rs`).

use std::collections::BTreeMap;

use pitchprint::i18n::*;

#[test]
fn a_decimal_takes_the_mark_and_other_points_stay() {
    assert_eq!(with_decimal_mark("19.5 mm", ","), "19,5 mm");
    assert_eq!(with_decimal_mark("22,8 M", "."), "22.8 M");
    assert_eq!(with_decimal_mark("1, 2 o 3. 1.ª parte", ","), "1, 2 o 3. 1.ª parte");
    assert!(has_decimal("of 0.5 mm") && !has_decimal("1, 2. 3"));
}

#[test]
fn every_key_knows_its_line() {
    let lines = key_lines("# words\n[dice]\ntitle = \"Fútbol\"\n\n[dice.more]\n\"x\" = \"y\"\n");
    assert_eq!(lines.get("dice.title"), Some(&3));
    assert_eq!(lines.get("dice.more.x"), Some(&6));
}

#[test]
fn nested_tables_become_dotted_keys() {
    let mut out = BTreeMap::new();
    let v: toml::Value = toml::from_str("[dice]\ntitle = \"Fútbol\"\n[dice.more]\nx = \"y\"\n").unwrap();
    flatten("", &v, &mut out);
    assert_eq!(out.get("dice.title").map(String::as_str), Some("Fútbol"));
    assert_eq!(out.get("dice.more.x").map(String::as_str), Some("y"));
}
