//! Running the built binary and reading what it printed.

use std::path::Path;
use std::process::{Command, Stdio};

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    /// The exit code (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// Panics with both streams unless the exit code is `code`.
    pub fn expect_code(&self, code: i32) -> &Run {
        assert_eq!(
            self.code, code,
            "expected exit code {code}, got {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.code, self.stdout, self.stderr
        );
        self
    }

    /// The `code` fields of the findings `check --json` prints.
    pub fn json_codes(&self) -> Vec<String> {
        json_findings(&self.stdout)
            .iter()
            .map(|f| f["code"].as_str().expect("every finding has a string code").to_string())
            .collect()
    }
}

/// The `pitchprint` binary as every test runs it: its cache of made photos
/// in a folder of the test build's own (shared by the tests, which run at
/// the same time: two builds at once on one cache), never the user's.
pub fn pitchprint() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pitchprint"));
    command.env(
        "PITCHPRINT_CACHE",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("photo-cache"),
    );
    command
}

/// Runs `pitchprint` with `args` in `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Run {
    run_to(dir, args, Stdio::piped())
}

/// Runs `pitchprint` with `args` in `dir`, its standard output `stdout`
/// (piped and read back, or a full disk, or a pipe already closed).
pub fn run_to(dir: &Path, args: &[&str], stdout: Stdio) -> Run {
    let out = pitchprint()
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
    // No panics on any input.
    assert!(
        !run.stderr.contains("panicked at"),
        "pitchprint {args:?} panicked:\n{}",
        run.stderr
    );
    run
}

/// The lines of `stderr` that start a finding (`error[...]`,
/// `warning[...]`): the headlines, without their places, notes and hints.
pub fn headlines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.starts_with("error[") || l.starts_with("warning["))
        .collect()
}

/// The findings of `check --json` (or `build --json`) output: the
/// document's `findings` array (schemas/output.json).
pub fn json_findings(stdout: &str) -> Vec<serde_json::Value> {
    let v: serde_json::Value =
        serde_json::from_str(stdout).unwrap_or_else(|e| panic!("--json printed invalid JSON ({e}):\n{stdout}"));
    assert_eq!(
        v["version"], 1,
        "--json printed a document of another version:\n{stdout}"
    );
    match &v["findings"] {
        serde_json::Value::Array(items) => items.clone(),
        other => panic!("--json printed findings {other}, not an array"),
    }
}

/// What a guarded run did, and the most memory it held.
#[derive(Debug)]
pub struct GuardedRun {
    /// The run, as [`run_in`] gives it.
    pub run: Run,
    /// The largest resident set the process had, in KB, where the system
    /// shows it (`VmHWM` in `/proc/<pid>/status`); 0 where it does not.
    pub peak_kb: u64,
}

/// Runs `pitchprint` with `args` in `dir` like [`run_in`], but kills it and
/// fails the test if it has not finished after `secs` seconds: a test of
/// something that used to hang must fail, not hang the test run.
pub fn run_in_within(dir: &Path, args: &[&str], secs: u64) -> GuardedRun {
    use std::io::Read;
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = pitchprint()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the pitchprint binary runs");
    // The pipes are drained while the child runs, so that a full pipe never
    // stops it.
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = r.read_to_end(&mut s);
            String::from_utf8_lossy(&s).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let status_file = format!("/proc/{}/status", child.id());
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut peak_kb = 0;
    let status = loop {
        if let Ok(status) = std::fs::read_to_string(&status_file) {
            let hwm = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok());
            peak_kb = peak_kb.max(hwm.unwrap_or(0));
        }
        if let Some(status) = child.try_wait().expect("waiting for pitchprint") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("pitchprint {args:?} did not finish within {secs} s: killed");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let run = Run {
        code: status.code().unwrap_or(-1),
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    };
    assert!(
        !run.stderr.contains("panicked at"),
        "pitchprint {args:?} panicked:\n{}",
        run.stderr
    );
    GuardedRun { run, peak_kb }
}
