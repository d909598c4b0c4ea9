//! Unit tests of `src/new_layout.rs`.

use std::path::{Path, PathBuf};

use pitchprint::new_layout::*;

#[test]
fn a_path_names_the_file_or_its_folder() {
    assert_eq!(target("sheet-kind", None), PathBuf::from("sheet-kind.toml"));
    assert_eq!(
        target("sheet-kind", Some(Path::new("x/sheet"))),
        PathBuf::from("x/sheet.toml")
    );
    assert_eq!(
        target("sheet-kind", Some(Path::new("x/sheet.toml"))),
        PathBuf::from("x/sheet.toml")
    );
    assert_eq!(
        target("sheet-kind", Some(Path::new("no-such-folder/"))),
        PathBuf::from("no-such-folder/sheet-kind.toml")
    );
    assert_eq!(
        target("sheet-kind", Some(Path::new("."))),
        PathBuf::from("./sheet-kind.toml")
    );
}
