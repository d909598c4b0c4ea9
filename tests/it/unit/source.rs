//! Unit tests of `src/input/source.rs`.

use pitchprint::diag::code::Code;
use std::path::Path;

use pitchprint::input::source::*;

#[test]
fn keys_are_located_by_line_and_column() {
    let text = "kind = \"dice-pitch\"\n\n[board]\npitch = -3.0\n".to_string();
    let src = Source::parse(Path::new("x.toml"), text).unwrap();
    let loc = src.locate("board.pitch");
    assert_eq!((loc.line, loc.column), (Some(4), Some(9)));
    assert!(src.has_key("board"));
    assert!(!src.has_key("board.rows"));
}

#[test]
fn syntax_errors_have_a_line() {
    let err = Source::parse(Path::new("x.toml"), "kind = \"a\"\n[board\n".into())
        .unwrap_err()
        .remove(0);
    assert_eq!(err.code, Code::LayoutSyntax);
    assert_eq!(err.location.line, Some(2));
}

#[test]
fn columns_count_characters_not_bytes() {
    assert_eq!(line_col("ñá = 1", 5), (1, 4));
}
