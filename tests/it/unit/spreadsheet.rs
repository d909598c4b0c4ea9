//! Unit tests of `src/spreadsheet/mod.rs`.

use pitchprint::spreadsheet::*;

#[test]
fn numbers_read_with_their_mark_and_thousands() {
    assert_eq!(number("22,8", Mark::Comma).as_deref(), Some("22.8"));
    assert_eq!(number("1.500", Mark::Comma).as_deref(), Some("1500"));
    assert_eq!(number("1.500,25", Mark::Comma).as_deref(), Some("1500.25"));
    assert_eq!(number("1,500.25", Mark::Point).as_deref(), Some("1500.25"));
    assert_eq!(number("1.500", Mark::Point).as_deref(), Some("1.500"));
    assert_eq!(number("22,8", Mark::Either).as_deref(), Some("22.8"));
    for bad in ["", "-4", "5.", ",5", "1.50,5", "12.34.5", "3e2", "many"] {
        assert_eq!(number(bad, Mark::Comma), None, "{bad}");
    }
}

#[test]
fn thousands_alone_do_not_vote() {
    assert_eq!(vote("1.500"), None);
    assert_eq!(vote("22,8"), Some(Mark::Comma));
    assert_eq!(vote("1,500.5"), Some(Mark::Point));
    assert_eq!(vote("12"), None);
}

#[test]
fn two_marks_of_one_kind_are_thousands_whatever_the_columns_mark() {
    for mark in [Mark::Point, Mark::Comma, Mark::Either] {
        assert_eq!(number("1.500.000", mark).as_deref(), Some("1500000"), "{mark:?}");
        assert_eq!(number("1,500,000", mark).as_deref(), Some("1500000"), "{mark:?}");
    }
    // One mark still follows the column's: 1.500 is 1.5 with a point.
    assert_eq!(number("1.500", Mark::Point).as_deref(), Some("1.500"));
    assert_eq!(number("1.50.0", Mark::Point), None);
}

#[test]
fn a_price_loses_the_unit_typed_with_it_and_nothing_else() {
    assert_eq!(without_unit("2,5 M"), "2,5");
    assert_eq!(without_unit(" 3.500.000 € "), "3.500.000");
    assert_eq!(without_unit("€12"), "12");
    assert_eq!(without_unit("12"), "12");
    // Not a unit: a sign, a second number, a long sentence.
    assert_eq!(without_unit("-5 M"), "-5 M");
    assert_eq!(without_unit("5 or 6"), "5 or 6");
    assert_eq!(without_unit("5 millions of euros please"), "5 millions of euros please");
}
