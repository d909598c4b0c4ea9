//! Unit tests of `src/input/mod.rs`.

use pitchprint::input::*;

#[test]
fn a_bom_is_dropped() {
    assert_eq!(decode("\u{feff}# rules\n".as_bytes()).unwrap(), "# rules\n");
}

#[test]
fn windows_1252_is_placed_at_its_first_letter() {
    // "name,team\nJosé,Uno" with é as Windows-1252's 0xE9.
    let e = decode(b"name,team\nJos\xe9,Uno\n").unwrap_err();
    assert_eq!(e.at, Some((2, 4)));
    assert!(e.encoding && e.reason.contains("0xE9") && e.reason.contains("Windows-1252"));
}

#[test]
fn binary_is_not_called_an_encoding() {
    let e = decode(b"PK\x03\x04\x14\0\x06\0\x08\0\xff\xfe").unwrap_err();
    assert!(!e.encoding && e.reason.contains("not a text file"));
}

#[test]
fn io_errors_have_no_error_numbers() {
    let e = Unreadable::from_io(&std::io::Error::from_raw_os_error(2));
    assert_eq!(e.reason, "does not exist");
    let e = Unreadable::from_io(&std::io::Error::from_raw_os_error(28));
    assert!(!e.reason.contains("os error"), "{}", e.reason);
}
