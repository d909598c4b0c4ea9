//! Unit tests of `src/watch.rs`.

use notify::EventKind;
use pitchprint::world::{Disk, Input, World};
use std::path::Path;

use pitchprint::watch::*;

#[test]
fn a_recorder_remembers_files_and_folders() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let recorder = Recorder::new(&Disk);
    let _ = recorder.read_text(&manifest.join("Cargo.toml"), Input::Layout);
    let _ = recorder.list(&manifest.join("templates/i18n"));
    let _ = recorder.is_file(&manifest.join("not-there.toml"));
    let reads = recorder.reads();
    let root = std::fs::canonicalize(manifest).unwrap();
    assert!(reads.files.contains(&root.join("Cargo.toml")));
    assert!(reads.files.contains(&root.join("not-there.toml")));
    assert!(reads.touched_by(&root.join("templates/i18n/fr.toml")));
    assert!(!reads.touched_by(&root.join("README.md")));
}

#[test]
fn reading_is_no_change() {
    use notify::event::{AccessKind, CreateKind, DataChange, MetadataKind, ModifyKind};
    assert!(changes_content(&EventKind::Modify(ModifyKind::Data(DataChange::Any))));
    assert!(changes_content(&EventKind::Create(CreateKind::File)));
    assert!(!changes_content(&EventKind::Access(AccessKind::Any)));
    assert!(!changes_content(&EventKind::Modify(ModifyKind::Metadata(
        MetadataKind::Any
    ))));
}
