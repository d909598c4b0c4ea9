//! Other people's files and places (issue 28): a label table that does not
//! parse or a layout that is not there is an error of `pitchprint i18n`, not
//! "complete"; standard output that is a full disk says so (exit 2) and a
//! closed pipe ends quietly, never a panic; and an output name as long as the
//! file system allows is written.

mod common;

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};

use common::{Run, TestDir};

/// Runs `pitchprint` with `args` in `dir`, its standard output `stdout`.
fn run_to(dir: &Path, args: &[&str], stdout: Stdio) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_pitchprint"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("the pitchprint binary runs");
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked at"),
        "pitchprint {args:?} panicked:\n{}",
        run.stderr
    );
    run
}

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
        common::SHIPPED_REL,
        "--out",
        "out",
    ];
    let commands = vec![
        vec!["completions", "bash"],
        vec!["completions", "zsh"],
        vec!["check", "--json", common::SHIPPED_REL],
        build,
        vec!["man"],
        vec!["--help"],
        vec!["--version"],
        vec!["i18n", common::SHIPPED_REL],
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
        run_to(dir.path(), &["check", "--json", common::SHIPPED_REL], closed_pipe()).code,
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
            path.ends_with("src/stdout.rs") || writes.is_empty(),
            "{path} writes to stdout itself, not through src/stdout.rs: {writes:?}"
        );
    }
}
