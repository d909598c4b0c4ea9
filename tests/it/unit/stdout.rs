//! Unit tests of `src/output/stdout.rs`.

use std::io::{self};

use pitchprint::output::stdout::*;

#[test]
fn reasons_are_words_without_numbers() {
    let full = io::Error::from_raw_os_error(28);
    assert_eq!(reason(&full), "No space left on device (the disk may be full)");
    assert_eq!(reason(&io::Error::other("gone")), "gone");
}
