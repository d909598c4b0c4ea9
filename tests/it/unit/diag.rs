//! Unit tests of `src/diag/mod.rs`.

use pitchprint::diag::code::Code;
use std::path::PathBuf;

use pitchprint::diag::*;

#[test]
fn a_finding_reads_file_line_column_key_and_hint() {
    let loc = Location {
        file: PathBuf::from("layouts/x.toml"),
        line: Some(12),
        column: Some(9),
        key: Some("board.pitch".into()),
        span: None,
        cell: None,
    };
    let f = Finding::error(Code::LayoutValue, "must be greater than 0 mm", loc).with_hint("try 20");
    assert_eq!(
        f.to_string(),
        "error[layout-value]: layouts/x.toml:12:9: `board.pitch`: must be greater than 0 mm\n  hint: try 20"
    );
}
