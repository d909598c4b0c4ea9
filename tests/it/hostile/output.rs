//! Other people's files and places: a label table that does not
//! parse or a layout that is not there is an error of `pitchprint i18n`, not
//! "complete"; standard output that is a full disk says so (exit 2) and a
//! closed pipe ends quietly, never a panic; and an output name as long as the
//! file system allows is written.

use std::fs::File;
use std::path::Path;
use std::process::Stdio;

use crate::common::{Run, TestDir, run_to};

/// A full disk: every write fails with "No space left on device".
fn full() -> Stdio {
    Stdio::from(File::create("/dev/full").expect("/dev/full opens"))
}

/// A pipe whose reading end is closed before the program starts: its first
/// write fails with a broken pipe.
fn closed_pipe() -> Stdio {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Stdio::from(writer)
}

/// The commands whose output is standard output, with a project to run in.
fn stdout_commands() -> (TestDir, Vec<Vec<&'static str>>) {
    let dir = TestDir::with_shipped_layout("stdout-commands");
    let build = vec![
        "build",
        "--json",
        "--format",
        "svg",
        crate::common::SHIPPED_REL,
        "--out",
        "out",
    ];
    let commands = vec![
        vec!["completions", "bash"],
        vec!["completions", "zsh"],
        vec!["check", "--json", crate::common::SHIPPED_REL],
        build,
        vec!["man"],
        vec!["--help"],
        vec!["--version"],
        vec!["i18n", crate::common::SHIPPED_REL],
    ];
    (dir, commands)
}

#[test]
fn a_full_disk_on_stdout_is_exit_2_with_the_reason() {
    let (dir, commands) = stdout_commands();
    for args in &commands {
        let run = run_to(dir.path(), args, full());
        run.expect_code(2);
        assert!(
            run.stderr.contains(
                "pitchprint: cannot write to standard output: No space left on device (the disk may be full)"
            ),
            "pitchprint {args:?} into /dev/full said:\n{}",
            run.stderr
        );
    }
}

#[test]
fn a_closed_pipe_on_stdout_ends_quietly_with_the_commands_own_code() {
    let (dir, commands) = stdout_commands();
    for args in &commands {
        // What the command ends with when its output is read.
        let read = run_to(dir.path(), args, Stdio::piped());
        assert!(!read.stdout.is_empty(), "pitchprint {args:?} printed nothing");
        let closed = run_to(dir.path(), args, closed_pipe());
        assert_eq!(
            closed.code, read.code,
            "pitchprint {args:?} into a closed pipe: exit {} (read: {})\n{}",
            closed.code, read.code, closed.stderr
        );
        assert!(
            !closed.stderr.contains("standard output"),
            "pitchprint {args:?} into a closed pipe is not quiet:\n{}",
            closed.stderr
        );
    }
    // The shipped layout checks clean: the code kept is 0, not a failure.
    assert_eq!(
        run_to(
            dir.path(),
            &["check", "--json", crate::common::SHIPPED_REL],
            closed_pipe()
        )
        .code,
        0
    );
}

/// The program's own source, its test modules included.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap()));
        }
    }
}

#[test]
fn stdout_is_written_in_one_place() {
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    assert!(files.len() > 20, "the sources were not found");
    for (path, text) in &files {
        // What the program says, not what its comments say about it.
        let code: Vec<&str> = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
        // `println!` panics on a closed pipe; `print!` too.
        for macro_name in ["println!", "print!("] {
            let hits: Vec<&&str> = code
                .iter()
                .filter(|l| l.contains(macro_name) && !l.contains(&format!("e{macro_name}")))
                .collect();
            assert!(hits.is_empty(), "{path} writes to stdout with {macro_name}: {hits:?}");
        }
        // Asking whether stdout is a terminal writes nothing.
        let writes: Vec<&&str> = code
            .iter()
            .filter(|l| l.contains("stdout()") && !l.contains("is_terminal"))
            .collect();
        assert!(
            path.ends_with("src/output/stdout.rs") || writes.is_empty(),
            "{path} writes to stdout itself, not through src/output/stdout.rs: {writes:?}"
        );
    }
}

/// A project with the shipped layout and the shipped Spanish and English
/// labels, and `ca` as its Catalan labels.
fn labels_project(name: &str, ca: &str) -> TestDir {
    let dir = TestDir::with_shipped_layout(name);
    for lang in ["es", "en"] {
        let rel = format!("templates/i18n/{lang}.toml");
        dir.write(&rel, &std::fs::read_to_string(crate::common::shipped(&rel)).unwrap());
    }
    dir.write("templates/i18n/ca.toml", ca);
    dir
}

/// Panics if the i18n report calls a language or the whole complete.
fn assert_not_complete(run: &Run) {
    for line in run.stdout.lines() {
        assert!(
            !line.ends_with(": complete"),
            "the report says {line:?}:\n{}",
            run.stdout
        );
    }
    let summary = run.stdout.lines().last().expect("a summary line");
    assert!(
        summary.contains(", 0 complete;") && summary.contains("could not be read"),
        "summary: {summary}"
    );
}

#[test]
fn a_label_table_that_does_not_parse_is_an_error_at_its_line() {
    let dir = labels_project("i18n-bad-toml", "[dice]\ntitle = \"Fútbol de dados\n");
    let run = dir.run(&["i18n", crate::common::SHIPPED_REL]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[i18n-syntax]: templates/i18n/ca.toml:2:")
            && run.stderr.contains("the labels are not valid TOML")
            && run.stderr.contains("hint: check quotes and [sections]"),
        "{}",
        run.stderr
    );
    assert!(
        run.stdout
            .contains("ca: 0 missing, 0 untranslated, 1 file(s) that cannot be read")
            && run.stdout.contains("  templates/i18n/ca.toml:2:"),
        "{}",
        run.stdout
    );
    assert_not_complete(&run);
    // Once it parses (and holds the others' labels), the same project is complete.
    let ca = std::fs::read_to_string(crate::common::shipped("templates/i18n/ca.toml")).unwrap();
    dir.write("templates/i18n/ca.toml", &ca);
    let fixed = dir.run(&["i18n", crate::common::SHIPPED_REL]);
    assert!(fixed.stdout.contains("ca: complete"), "{}", fixed.stdout);
}

#[test]
fn a_layout_that_is_not_there_is_an_error_never_complete() {
    let dir = TestDir::with_shipped_layout("i18n-missing-layout");
    for args in [
        vec!["i18n", "layouts/dice-football/pich.toml"],
        vec!["i18n", crate::common::SHIPPED_REL, "layouts/dice-football/pich.toml"],
    ] {
        let run = dir.run(&args);
        run.expect_code(1);
        assert!(
            run.stderr
                .contains("error[layout-read]: layouts/dice-football/pich.toml: the layout does not exist")
                && run.stderr.contains("hint: check the path"),
            "{}",
            run.stderr
        );
        assert!(
            run.stdout
                .contains("not read: layouts/dice-football/pich.toml: the layout does not exist"),
            "{}",
            run.stdout
        );
        assert_not_complete(&run);
    }
}

#[test]
fn dev_zero_as_a_layout_is_an_error_within_a_deadline() {
    let dir = TestDir::new("i18n-dev-zero");
    let guarded = dir.run_within(&["i18n", "/dev/zero"], 30);
    let run = &guarded.run;
    run.expect_code(1);
    assert!(
        run.stderr
            .contains("error[layout-read]: /dev/zero: the layout is a character device"),
        "{}",
        run.stderr
    );
    assert_not_complete(run);
}

/// Every file under `dir`, by name.
fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                // The build's record of what it wrote is not an output.
                .filter(|n| n != ".pitchprint")
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn an_output_name_of_249_bytes_is_written() {
    // 245 bytes and `.pdf`: as long as a name can be with room for the
    // layout's own `.toml`.
    let stem = format!("pitch-{}", "x".repeat(239));
    assert_eq!(stem.len() + ".pdf".len(), 249);
    let dir = TestDir::new("long-output-name");
    let layout = format!("layouts/dice-football/{stem}.toml");
    dir.write(&layout, &crate::common::shipped_layout());
    let mut bytes = Vec::new();
    for out in ["out-1", "out-2"] {
        let run = dir.run(&["build", &layout, "--lang", "es", "--format", "pdf,svg", "--out", out]);
        run.expect_code(0);
        let folder = dir.join(out).join("dice-football");
        // Both files, under their own names, and no temporary file left.
        assert_eq!(names_in(&folder), vec![format!("{stem}.pdf"), format!("{stem}.svg")]);
        let pdf = std::fs::read(folder.join(format!("{stem}.pdf"))).unwrap();
        let svg = std::fs::read_to_string(folder.join(format!("{stem}.svg"))).unwrap();
        assert!(pdf.starts_with(b"%PDF-"), "not a PDF");
        roxmltree::Document::parse(&svg).expect("the SVG parses");
        bytes.push((pdf, svg));
    }
    // The temporary name does not reach the files: two builds, the same bytes.
    assert!(bytes[0] == bytes[1], "two builds of one layout differ");
}

#[test]
fn an_output_name_longer_than_255_bytes_is_refused_by_its_name() {
    // The layout's name is legal (255 bytes); in English its outputs are
    // `STEM-en.pdf`, 257 bytes.
    let stem = format!("pitch-{}", "x".repeat(244));
    let dir = TestDir::new("too-long-output-name");
    let layout = format!("layouts/dice-football/{stem}.toml");
    dir.write(&layout, &crate::common::shipped_layout());
    let run = dir.run(&["build", &layout, "--lang", "en", "--format", "pdf,svg", "--out", "out"]);
    run.expect_code(1);
    let named = format!("out/dice-football/{stem}-en.");
    assert!(
        run.stderr.contains("error[output-name]")
            && run.stderr.contains(&named)
            && run
                .stderr
                .contains("257 bytes, longer than the 255 a file system takes")
            && run.stderr.contains("give the layout a shorter file name"),
        "{}",
        run.stderr
    );
    // The temporary name is not the one blamed, and nothing is written.
    assert!(!run.stderr.contains(".tmp"), "{}", run.stderr);
    assert!(names_in(&dir.join("out/dice-football")).is_empty());
}
