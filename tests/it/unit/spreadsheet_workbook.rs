//! Unit tests of `src/spreadsheet/workbook.rs`.

use pitchprint::spreadsheet::workbook::*;

#[test]
fn numbers_read_as_the_spreadsheet_shows_them() {
    assert_eq!(number(22.8), "22.8");
    assert_eq!(number(3.0), "3");
    assert_eq!(number(0.1 + 0.2), "0.3");
    assert_eq!(number(1500.25), "1500.25");
    assert_eq!(number(-4.0), "-4");
}
