//! A build on every core: layouts and languages run on a pool of threads
//! (`--jobs`, the machine's cores by default) and what they write and say
//! is what a serial build writes and says, byte for byte and line for line.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::{TestDir, copy_project, readme_build, shipped_project};

/// Every file under `dir`, by its path relative to `dir`, with its bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

#[test]
fn a_build_on_many_threads_writes_and_says_what_a_serial_build_does() {
    let serial = TestDir::new("jobs-1");
    copy_project(&serial);
    let one = serial.run(&["build", "--jobs", "1"]);
    one.expect_code(0);
    let wide = TestDir::new("jobs-5");
    copy_project(&wide);
    let five = wide.run(&["build", "--jobs", "5"]);
    five.expect_code(0);
    let (default, by_default) = readme_build(None);
    let written = files(&serial.join("output"));
    assert!(written.len() > 500, "the main job's files: {}", written.len());
    for (name, dir, run) in [("--jobs 5", &wide, &five), ("the machine's cores", default, by_default)] {
        let other = files(&dir.join("output"));
        assert_eq!(
            written.keys().collect::<Vec<_>>(),
            other.keys().collect::<Vec<_>>(),
            "{name}: the same files"
        );
        for (file, bytes) in &written {
            assert!(other[file] == *bytes, "{name}: {file} differs from the serial build's");
        }
        assert_eq!(run.stderr, one.stderr, "{name}: the same lines in the same order");
    }
}

#[test]
fn jobs_takes_a_count_of_threads() {
    let dir = TestDir::with_shipped_layout("jobs-zero");
    let run = dir.run(&["build", "--jobs", "0"]);
    run.expect_code(2);
    assert!(run.stderr.contains("--jobs"), "{}", run.stderr);
}

#[test]
fn a_check_on_many_threads_says_what_a_serial_check_does() {
    // The whole project, with findings in two layouts of different games,
    // so that their order and their languages show.
    let dir = shipped_project("check-jobs");
    let pitch = "layouts/dice-football/pitch.toml";
    let text = dir.read_string(pitch);
    dir.write(pitch, &format!("{text}\nunknown_key = 1\n"));
    let board = "layouts/futbolchess/board.toml";
    let text = dir.read_string(board);
    dir.write(board, &format!("{text}\nanother_unknown = 2\n"));
    let one = dir.run(&["check", "--jobs", "1"]);
    assert!(
        one.stderr.contains("unknown_key") && one.stderr.contains("another_unknown"),
        "{}",
        one.stderr
    );
    let json_one = dir.run(&["check", "--json", "--jobs", "1"]);
    for jobs in [&["--jobs", "5"][..], &[][..]] {
        let run = dir.run(&[&["check"][..], jobs].concat());
        assert_eq!(run.code, one.code, "{jobs:?}");
        assert_eq!(run.stderr, one.stderr, "{jobs:?}: the same lines in the same order");
        let json = dir.run(&[&["check", "--json"][..], jobs].concat());
        assert_eq!(json.stdout, json_one.stdout, "{jobs:?}: the same document");
    }
}
