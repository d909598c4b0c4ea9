//! Hostile files (issue 14, item 8): inputs that are not regular files or are
//! far too large are refused at once with what they are; a symbolic-link loop
//! under `layouts/` is walked once.
//!
//! Anything that used to hang runs under a guard that kills it: a regression
//! fails the test instead of hanging the run.

mod common;

use std::path::Path;

use common::*;

/// A run that used to hang or fill memory gets this long before it is killed.
const GUARD_SECS: u64 = 60;

/// A named pipe at `path`, made with the system's `mkfifo`.
fn mkfifo(path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {} failed", path.display());
}

/// A file of `len` zero bytes that takes no room on disk.
fn sparse(path: &Path, len: u64) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::File::create(path).unwrap().set_len(len).unwrap();
}

#[test]
fn a_named_pipe_given_as_a_layout_is_refused_without_waiting() {
    let dir = TestDir::with_shipped_layout("fifo_layout");
    mkfifo(&dir.join("layouts/dice-football/pipe.toml"));
    // Named, and found by the walk of layouts/: both refuse it at once.
    for args in [
        &["check", "layouts/dice-football/pipe.toml"][..],
        &["build", "--lang", "es"][..],
    ] {
        let g = dir.run_within(args, GUARD_SECS);
        g.run.expect_code(1);
        assert!(
            g.run
                .stderr
                .contains("pipe.toml: cannot read the layout: it is a named pipe (FIFO), not a regular file")
                && g.run.stderr.contains("name the layout's .toml file"),
            "{args:?}: the finding says what the path is and what to give:\n{}",
            g.run.stderr
        );
    }
    // The good layout beside it was still built.
    assert!(dir.join("output/dice-football/pitch.pdf").is_file());
}

#[test]
fn a_named_pipe_given_as_the_spreadsheet_is_refused_without_waiting() {
    let dir = TestDir::new("fifo_csv");
    dir.write_league_deck();
    std::fs::remove_file(dir.join("layouts/league/players.csv")).unwrap();
    mkfifo(&dir.join("layouts/league/players.csv"));
    let g = dir.run_within(&["check", "--json", "layouts/league/deck.toml"], GUARD_SECS);
    g.run.expect_code(1);
    let findings = json_findings(&g.run.stdout);
    let f = findings
        .iter()
        .find(|f| f["code"] == "card-data")
        .unwrap_or_else(|| panic!("no card-data finding:\n{}", g.run.stdout));
    let message = f["message"].as_str().unwrap();
    assert!(
        message.contains("named pipe (FIFO)") && message.contains(".csv file"),
        "{message}"
    );
}

#[test]
fn a_device_linked_in_as_a_layout_is_refused_by_its_type_not_read() {
    let dir = TestDir::with_shipped_layout("dev_zero");
    std::os::unix::fs::symlink("/dev/zero", dir.join("layouts/dice-football/zero.toml")).unwrap();
    let g = dir.run_within(&["check", "layouts/dice-football/zero.toml"], GUARD_SECS);
    g.run.expect_code(1);
    assert!(
        g.run
            .stderr
            .contains("zero.toml: cannot read the layout: it is a character device, not a regular file"),
        "{}",
        g.run.stderr
    );
    // It was looked at, not read: reading it would take all the memory there is.
    assert!(g.peak_kb < 200_000, "check held {} KB", g.peak_kb);
}

#[test]
fn a_folder_given_as_the_spreadsheet_is_refused_as_a_folder() {
    let dir = TestDir::new("folder_csv");
    dir.write_league_deck();
    std::fs::remove_file(dir.join("layouts/league/players.csv")).unwrap();
    std::fs::create_dir(dir.join("layouts/league/players.csv")).unwrap();
    let run = dir.run(&["check", "layouts/league/deck.toml"]);
    run.expect_code(1);
    assert!(
        run.stderr
            .contains("it is a folder, not a regular file; name the spreadsheet exported as a .csv file"),
        "{}",
        run.stderr
    );
}

#[test]
fn an_oversized_layout_is_refused_by_its_size_before_it_is_read() {
    let dir = TestDir::with_shipped_layout("big_layout");
    // 64 MB of zeros: far past the 1 MB a layout may hold.
    sparse(&dir.join("layouts/dice-football/big.toml"), 64 << 20);
    let g = dir.run_within(&["check", "layouts/dice-football/big.toml"], GUARD_SECS);
    g.run.expect_code(1);
    assert!(
        g.run
            .stderr
            .contains("big.toml: cannot read the layout: it is too large (64.0 MB; at most 1 MB are read)"),
        "{}",
        g.run.stderr
    );
    assert!(g.peak_kb < 60_000, "check held {} KB for a file it refuses", g.peak_kb);
}

#[test]
fn an_oversized_spreadsheet_is_refused_by_its_size() {
    let dir = TestDir::new("big_csv");
    dir.write_league_deck();
    let csv = dir.join("layouts/league/players.csv");
    // The real sheet, then zeros up to one byte past the 16 MB limit.
    let header = std::fs::read(&csv).unwrap();
    std::fs::write(&csv, &header).unwrap();
    std::fs::OpenOptions::new()
        .write(true)
        .open(&csv)
        .unwrap()
        .set_len((16 << 20) + 1)
        .unwrap();
    let run = dir.run(&["check", "layouts/league/deck.toml"]);
    run.expect_code(1);
    assert!(
        run.stderr
            .contains("players.csv: cannot read the spreadsheet: it is too large (16.0 MB; at most 16 MB are read)")
            && run.stderr.contains("export only the rows and columns the deck prints"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_symlink_loop_under_layouts_is_walked_once() {
    let dir = TestDir::with_shipped_layout("symlink_loop");
    // A link from inside the game's folder back up to layouts/, and a second
    // link to the same game folder: each folder is walked once.
    std::os::unix::fs::symlink("..", dir.join("layouts/dice-football/up")).unwrap();
    std::os::unix::fs::symlink("dice-football", dir.join("layouts/again")).unwrap();
    let g = dir.run_within(&["check", "--lang", "es"], GUARD_SECS);
    g.run.expect_code(0);
    assert!(
        g.run.stderr.contains("checked 1 layout(s)"),
        "the one layout is checked once:\n{}",
        g.run.stderr
    );
}

#[test]
fn a_linked_game_folder_is_still_found() {
    let dir = TestDir::new("linked_game");
    dir.write("elsewhere/pitch.toml", &shipped_layout());
    std::fs::create_dir_all(dir.join("layouts")).unwrap();
    std::os::unix::fs::symlink("../elsewhere", dir.join("layouts/dice-football")).unwrap();
    let run = dir.run(&["build", "--lang", "es", "--format", "svg"]);
    run.expect_code(0);
    assert!(dir.join("output/dice-football/pitch.svg").is_file(), "{}", run.stderr);
}
