//! Hostile files: inputs that are not regular
//! files or are far too large are refused at once with what they are; a
//! symbolic-link loop under `layouts/` is walked once; a layout's outputs are
//! replaced all together or not at all, what a killed build left is cleaned
//! up, and pages an earlier build wrote that this one does not are removed;
//! PNG previews stay within a pixel budget and a bounded amount of memory.
//!
//! Anything that used to hang runs under a guard that kills it: a regression
//! fails the test instead of hanging the run.

use std::path::{Path, PathBuf};

use crate::common::*;

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

/// Every file under `dir` whose name ends in `.tmp`.
fn temp_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = entry.path();
        if p.is_dir() {
            out.extend(temp_files(&p));
        } else if p.to_string_lossy().ends_with(".tmp") {
            out.push(p);
        }
    }
    out
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
                .contains("pipe.toml: the layout is a named pipe (FIFO), not a regular file")
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
        message.contains("named pipe (FIFO)") && message.contains("(.csv, .xlsx or .ods)"),
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
            .contains("zero.toml: the layout is a character device, not a regular file"),
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
        run.stderr.contains(
            "the spreadsheet is a folder, not a regular file; name the spreadsheet's file (.csv, .xlsx or .ods)"
        ),
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
            .contains("big.toml: the layout is too large (64.0 MB; at most 1 MB are read)"),
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
            .contains("players.csv: the spreadsheet is too large (16.0 MB; at most 16 MB are read)")
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
        g.run.stderr.contains("checked 1 layout in"),
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

/// The shipped layout with another grid colour: a build whose outputs differ
/// from the shipped layout's.
fn recoloured() -> String {
    replace_line(&shipped_layout(), "grid_colour", "grid_colour = \"#7a3d3d\"")
}

#[test]
fn an_output_that_cannot_be_renamed_leaves_every_output_as_it_was_and_no_temp_file() {
    let dir = TestDir::with_shipped_layout("rename_fails");
    dir.run(&["build", "--lang", "es", "--format", "pdf,svg,png", "--dpi", "20"])
        .expect_code(0);
    let out = dir.join("output/dice-football");
    // The SVG's place is taken by a folder with a file in it: the PDF is
    // renamed into place first, then the SVG's rename fails.
    std::fs::remove_file(out.join("pitch.svg")).unwrap();
    dir.write("output/dice-football/pitch.svg/keep.txt", "mine");
    let before = snapshot(&dir.join("output"));
    dir.write(SHIPPED_REL, &recoloured());
    let run = dir.run(&["build", "--lang", "es", "--format", "pdf,svg,png", "--dpi", "20"]);
    run.expect_code(2);
    assert!(
        run.stderr.contains("pitch.svg") && run.stderr.contains("nothing of this layout was replaced"),
        "{}",
        run.stderr
    );
    assert!(
        snapshot(&dir.join("output")) == before,
        "the PDF and PNG were replaced although the SVG could not be"
    );
    assert_eq!(temp_files(&dir.join("output")), Vec::<PathBuf>::new());
}

/// A process id no process can have (Linux's largest is 2^22).
const DEAD_PID: u32 = 4_194_305;

#[test]
fn temp_files_a_killed_build_left_are_removed_by_the_next_and_no_others() {
    let dir = TestDir::with_shipped_layout("stale_tmp");
    let out = "output/dice-football";
    let killed = [
        format!("{out}/.pitch.pdf.{DEAD_PID}.tmp"),
        format!("{out}/.pitch.svg.{DEAD_PID}.old.tmp"),
    ];
    // A build running now (this test's process stands for it), and files of
    // the user's that only look alike.
    let kept = [
        format!("{out}/.pitch.pdf.{}.tmp", std::process::id()),
        format!("{out}/.notes.txt.{DEAD_PID}.tmp"),
        format!("{out}/pitch.pdf.{DEAD_PID}.tmp"),
    ];
    for f in killed.iter().chain(&kept) {
        dir.write(f, "half a file");
    }
    dir.run(&["build", "--lang", "es"]).expect_code(0);
    for f in &killed {
        assert!(!dir.join(f).exists(), "{f} was left");
    }
    for f in &kept {
        assert!(dir.join(f).exists(), "{f} was removed");
    }
}

#[test]
fn pages_an_earlier_build_wrote_and_this_one_does_not_are_removed() {
    let dir = TestDir::with_shipped_layout("stale_pages");
    // Another layout beside it, whose output looks like a page of pitch.
    dir.write("layouts/dice-football/pitch-3.toml", &shipped_layout());
    let out = "output/dice-football";
    // An earlier build of more pages (pitch is one page now).
    let earlier = ["pitch-1.svg", "pitch-2.svg", "pitch-12.svg"];
    // Not pitch's pages, or not of a format this build writes, or a page's
    // name that no build of ours wrote (the user's own file: the record
    // beside the outputs does not name it).
    let others = [
        "pitch-5.svg",
        "pitch-02.svg",
        "pitch-notes.svg",
        "pitch-2.svg.bak",
        "pitch-2.png",
        "pitch-en-2.svg",
        "notes.svg",
    ];
    for f in earlier.iter().chain(&others) {
        dir.write(format!("{out}/{f}"), "earlier");
    }
    // What the earlier build recorded it wrote: its pages, and a file since
    // deleted by hand.
    dir.write(
        format!("{out}/.pitchprint/pitch.es.written"),
        &format!("# an earlier build\n{}\npitch-gone.svg\n", earlier.join("\n")),
    );
    let run = dir.run(&["build", "--lang", "es", "--format", "pdf,svg"]);
    run.expect_code(0);
    for f in earlier {
        assert!(!dir.join(format!("{out}/{f}")).exists(), "{f} was left");
        assert!(run.stderr.contains(&format!("removed {out}/{f}")), "{}", run.stderr);
    }
    for f in others {
        assert_eq!(
            std::fs::read_to_string(dir.join(format!("{out}/{f}"))).unwrap(),
            "earlier",
            "{f} was touched"
        );
    }
    // Both layouts' own outputs are there.
    for f in ["pitch.svg", "pitch-3.svg", "pitch.pdf", "pitch-3.pdf"] {
        assert!(dir.join(format!("{out}/{f}")).is_file(), "{f} missing");
    }
    // The record now names what this build wrote, and nothing it removed
    // or never wrote.
    let record = dir.read_string(format!("{out}/.pitchprint/pitch.es.written"));
    let named: Vec<&str> = record.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(named, ["pitch.pdf", "pitch.svg"], "{record}");
}

#[test]
fn a_preview_past_the_pixel_budget_is_refused_with_the_dpi_that_fits() {
    let dir = TestDir::with_shipped_layout("png_budget");
    let g = dir.run_within(
        &[
            "build", "--lang", "es", "--format", "png", "--dpi", "1200", "--paper", "a3",
        ],
        GUARD_SECS,
    );
    g.run.expect_code(2);
    assert!(
        g.run.stderr.contains("14031 x 19843 pixels") && g.run.stderr.contains("lower --dpi to 719 or less"),
        "{}",
        g.run.stderr
    );
    assert!(!dir.join("output").exists(), "a refused preview wrote something");
    assert!(g.peak_kb < 150_000, "refusing took {} KB", g.peak_kb);
}

#[test]
fn a_preview_at_the_pixel_budget_takes_bounded_memory() {
    let dir = TestDir::with_shipped_layout("png_memory");
    // 8407 x 11889 pixels, just under the budget: 400 MB as one image.
    let g = dir.run_within(
        &[
            "build", "--lang", "es", "--format", "png", "--dpi", "719", "--paper", "a3",
        ],
        GUARD_SECS * 3,
    );
    g.run.expect_code(0);
    let png = dir.read("output/dice-football/pitch.png");
    assert_eq!(png_size(&png), (8407, 11889));
    assert!(
        g.peak_kb < 200_000,
        "a 100-megapixel preview took {} KB; it is drawn in bands",
        g.peak_kb
    );
}
