//! Unit tests of `src/watch.rs`.

use notify::EventKind;
use pitchprint::input::world::{Disk, Input, World};
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

#[test]
fn a_stream_of_events_that_do_not_matter_never_puts_a_rebuild_off() {
    use notify::event::{AccessKind, DataChange, ModifyKind};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, mpsc};
    let dir = std::env::temp_dir();
    let layout = dir.join("pitchprint-next-change-layout.toml");
    let log = dir.join("pitchprint-next-change.log");
    let (tx, rx) = mpsc::channel();
    let modified =
        |p: &Path| notify::Event::new(EventKind::Modify(ModifyKind::Data(DataChange::Any))).add_path(p.to_path_buf());
    tx.send(Ok(modified(&layout))).unwrap();
    // Then, for far longer than QUIET, a log written and the layout read
    // every 10 ms: neither is a change that matters.
    let streaming = Arc::new(AtomicBool::new(true));
    let sender = {
        let (streaming, log, layout) = (streaming.clone(), log.clone(), layout.clone());
        std::thread::spawn(move || {
            // Two seconds, ten times QUIET.
            for _ in 0..200 {
                let read = notify::Event::new(EventKind::Access(AccessKind::Any)).add_path(layout.clone());
                let written = modified(&log);
                if tx.send(Ok(read)).is_err() || tx.send(Ok(written)).is_err() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            streaming.store(false, Ordering::SeqCst);
        })
    };
    let matters = |p: &Path| p.file_name() == layout.file_name();
    let changed = next_change(&rx, matters).expect("the sender is still there");
    assert!(
        streaming.load(Ordering::SeqCst),
        "the change came back while the other events still streamed"
    );
    let names: Vec<_> = changed.iter().map(|p| p.file_name().unwrap().to_owned()).collect();
    assert_eq!(names, [layout.file_name().unwrap()], "only the path that matters");
    drop(rx);
    sender.join().unwrap();
}
