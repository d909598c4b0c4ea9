//! Unit tests of `src/components/card_deck/spreadsheet.rs`.

use pitchprint::components::card_deck::spreadsheet::*;

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
