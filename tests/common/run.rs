//! Running the built binary and reading what it printed.

use std::path::Path;
use std::process::Command;

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

    /// The `code` fields of `check --json` output (a JSON array of findings).
    pub fn json_codes(&self) -> Vec<String> {
        json_findings(&self.stdout)
            .iter()
            .map(|f| f["code"].as_str().expect("every finding has a string code").to_string())
            .collect()
    }
}

/// Runs `pitchprint` with `args` in `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_pitchprint"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the pitchprint binary runs");
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    // DESIGN.md: no panics on any input.
    assert!(
        !run.stderr.contains("panicked at"),
        "pitchprint {args:?} panicked:\n{}",
        run.stderr
    );
    run
}

/// Parses `check --json` output: it must be a JSON array.
pub fn json_findings(stdout: &str) -> Vec<serde_json::Value> {
    let v: serde_json::Value =
        serde_json::from_str(stdout).unwrap_or_else(|e| panic!("check --json printed invalid JSON ({e}):\n{stdout}"));
    match v {
        serde_json::Value::Array(items) => items,
        other => panic!("check --json printed {other}, not an array"),
    }
}
