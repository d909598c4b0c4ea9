//! Unit tests of `src/input/world.rs`.

use std::io::{self};
use std::path::{Path, PathBuf};

use pitchprint::input::world::*;

#[test]
fn an_overlay_shows_its_files_and_lets_the_rest_through() {
    let w = Overlay::new(&Disk).with("nowhere/pitch.toml", "kind = \"dice-pitch\"");
    assert_eq!(
        w.read_text(Path::new("nowhere/pitch.toml"), Input::Layout).unwrap(),
        "kind = \"dice-pitch\""
    );
    assert!(w.is_file(Path::new("nowhere/pitch.toml")) && w.is_dir(Path::new("nowhere")));
    assert_eq!(
        w.list(Path::new("nowhere")).unwrap(),
        vec![PathBuf::from("nowhere/pitch.toml")]
    );
    // The crate's own manifest comes from the disk below.
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    assert!(w.read_text(&manifest, Input::Layout).unwrap().contains("pitchprint"));
    assert!(w.read_text(Path::new("nowhere/else.toml"), Input::Layout).is_err());
}

#[test]
fn only_regular_files_within_the_limit_are_read() {
    let dir = std::env::temp_dir().join(format!("pitchprint-world-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let e = read_file(&dir, Input::Layout).unwrap_err().to_string();
    assert!(
        e.contains("is a folder, not a regular file; name the layout's .toml file"),
        "{e}"
    );
    let big = dir.join("big.md");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(Input::Text.limit() + 1)
        .unwrap();
    let e = read_file(&big, Input::Text).unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
    // The same size is within a spreadsheet's limit.
    assert_eq!(
        read_file(&big, Input::Data).unwrap().len() as u64,
        Input::Text.limit() + 1
    );
    let e = read_text_file(&dir.join("missing.toml"), Input::Layout)
        .unwrap_err()
        .to_string();
    assert_eq!(e, "there is no such file");
    std::fs::write(dir.join("latin1.md"), b"# Reglas\nbal\xf3n\n").unwrap();
    let e = read_text_file(&dir.join("latin1.md"), Input::Text)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("it is not UTF-8 text (line 2, column 4)"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
    #[cfg(unix)]
    {
        let e = read_file(Path::new("/dev/null"), Input::Image).unwrap_err().to_string();
        assert!(e.starts_with("it is a character device"), "{e}");
    }
}

#[test]
fn files_in_memory_keep_the_limits() {
    let w = Overlay::new(&Disk).with("x/rules.md", vec![b'a'; Input::Text.limit() as usize + 1]);
    assert_eq!(
        w.read_text(Path::new("x/rules.md"), Input::Text).unwrap_err().kind(),
        io::ErrorKind::FileTooLarge
    );
}
