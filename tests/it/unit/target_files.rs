//! Unit tests of `src/target_files.rs`.

use pitchprint::target_files::{parse_ink_limit, pdf_date};

#[test]
fn a_moment_is_written_as_a_pdf_date_in_utc() {
    assert_eq!(pdf_date(0), "D:19700101000000Z");
    assert_eq!(pdf_date(1_767_225_600), "D:20260101000000Z");
    // A leap day, and the last second of a day.
    assert_eq!(pdf_date(951_782_400), "D:20000229000000Z");
    assert_eq!(pdf_date(1_767_225_599), "D:20251231235959Z");
    assert_eq!(pdf_date(-86_400), "D:19691231000000Z");
}

#[test]
fn an_ink_limit_is_a_percentage_from_100_to_400() {
    assert_eq!(parse_ink_limit("260").ok(), Some(260.0));
    assert_eq!(parse_ink_limit("260%").ok(), Some(260.0));
    for bad in ["99", "401", "lots", "nan", ""] {
        let e = parse_ink_limit(bad).unwrap_err();
        assert!(e.contains("from 100 to 400"), "{bad}: {e}");
    }
}
