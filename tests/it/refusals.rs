//! Broken layouts as data: every file under `tests/it/refusals/` is a layout
//! the checker must refuse, with the findings it must give written in its
//! header, one per line, as typst's test suite writes expected diagnostics:
//!
//! ```text
//! # error[layout-value] 5:9 board.pitch: from 0.1 mm to 1200 mm
//! ```
//!
//! that is the severity and the code, the line and column in the file
//! itself, the key (`-` for none) and, after a colon, words the message
//! must hold (optional). Other comment lines say what the case is about.
//!
//! A file at `refusals/<folder>/<name>.toml` is laid, in memory, at
//! `layouts/<folder>/<name>.toml` of the project, beside the shipped
//! layouts it may name, and loaded and checked in process through the
//! library's pipeline in English. The findings must be exactly the expected
//! ones: none missing, none more. A new case is a new file; a failure lists
//! every finding in the header's form.

use std::path::{Path, PathBuf};

use pitchprint::diag::{Finding, Severity};
use pitchprint::input::world::{Disk, Overlay};

use crate::common::{findings_in, project_root};

/// One finding a case expects.
#[derive(Debug)]
struct Expected {
    severity: Severity,
    code: String,
    line: usize,
    column: usize,
    key: Option<String>,
    words: Option<String>,
}

impl Expected {
    /// One header line, `# error[code] line:column key[: words]`; `None` for
    /// a comment line that says something else.
    fn parse(line: &str) -> Option<Expected> {
        let rest = line.strip_prefix("# ")?;
        let (severity, rest) = if let Some(r) = rest.strip_prefix("error[") {
            (Severity::Error, r)
        } else {
            (Severity::Warning, rest.strip_prefix("warning[")?)
        };
        let (code, rest) = rest.split_once("] ")?;
        let (place, rest) = rest.split_once(' ').unwrap_or((rest, "-"));
        let (line, column) = place.split_once(':')?;
        let (key, words) = match rest.split_once(": ") {
            Some((k, w)) => (k, Some(w.to_string())),
            None => (rest, None),
        };
        Some(Expected {
            severity,
            code: code.to_string(),
            line: line.parse().ok()?,
            column: column.parse().ok()?,
            key: (key != "-").then(|| key.to_string()),
            words,
        })
    }

    fn matches(&self, f: &Finding, file: &Path) -> bool {
        f.severity == self.severity
            && f.code.name() == self.code
            && f.location.file == file
            && f.location.line == Some(self.line)
            && f.location.column == Some(self.column)
            && f.location.key == self.key
            && self.words.as_ref().is_none_or(|w| f.message.contains(w.as_str()))
    }
}

/// A finding in the header's form, for the failure message.
fn header_form(f: &Finding) -> String {
    let severity = if f.is_error() { "error" } else { "warning" };
    let place = match (f.location.line, f.location.column) {
        (Some(l), Some(c)) => format!("{l}:{c}"),
        _ => "?:?".to_string(),
    };
    format!(
        "# {severity}[{}] {place} {}: {}   ({})",
        f.code.name(),
        f.location.key.as_deref().unwrap_or("-"),
        f.message,
        f.location.file.display()
    )
}

/// Every case under `refusals/`, by its path relative to that folder.
fn cases() -> Vec<PathBuf> {
    let root = project_root().join("tests/it/refusals");
    let mut out = Vec::new();
    for folder in std::fs::read_dir(&root).unwrap() {
        let folder = folder.unwrap().path();
        for file in std::fs::read_dir(&folder).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_some_and(|e| e == "toml") {
                out.push(file.strip_prefix(&root).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// What is wrong with one case, or `None` when it gives exactly its
/// expected findings.
fn judge(rel: &Path) -> Option<String> {
    let text = std::fs::read_to_string(project_root().join("tests/it/refusals").join(rel)).unwrap();
    let expected: Vec<Expected> = text
        .lines()
        .take_while(|l| l.starts_with('#'))
        .filter_map(Expected::parse)
        .collect();
    if !expected.iter().any(|e| e.severity == Severity::Error) {
        return Some(format!("{}: the header expects no error", rel.display()));
    }
    let at = project_root().join("layouts").join(rel);
    let world = Overlay::new(&Disk).with(at.clone(), text.clone());
    let found = findings_in(&world, &at, Some("en"));
    let missing: Vec<&Expected> = expected
        .iter()
        .filter(|e| found.iter().filter(|f| e.matches(f, &at)).count() != 1)
        .collect();
    let unexpected: Vec<&Finding> = found
        .iter()
        .filter(|f| !expected.iter().any(|e| e.matches(f, &at)))
        .collect();
    (!missing.is_empty() || !unexpected.is_empty()).then(|| {
        format!(
            "{}: expected, and not found once: {missing:?}\nfound, and not expected:\n{}\nevery finding:\n{}",
            rel.display(),
            unexpected.iter().map(|f| header_form(f)).collect::<Vec<_>>().join("\n"),
            found.iter().map(header_form).collect::<Vec<_>>().join("\n"),
        )
    })
}

#[test]
fn every_broken_layout_gives_the_findings_its_header_expects() {
    let cases = cases();
    assert!(cases.len() >= 10, "the refusal cases are found ({})", cases.len());
    let failures: Vec<String> = cases.iter().filter_map(|rel| judge(rel)).collect();
    assert!(
        failures.is_empty(),
        "{} of {} refusal cases failed:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

#[test]
fn a_header_line_reads_as_the_finding_it_names() {
    let e = Expected::parse("# error[layout-value] 5:9 board.pitch: from 0.1 mm").unwrap();
    assert_eq!(
        (e.severity, e.code.as_str(), e.line, e.column),
        (Severity::Error, "layout-value", 5, 9)
    );
    assert_eq!(e.key.as_deref(), Some("board.pitch"));
    assert_eq!(e.words.as_deref(), Some("from 0.1 mm"));
    let w = Expected::parse("# warning[text-small] 12:1 -").unwrap();
    assert_eq!((w.severity, w.key, w.words), (Severity::Warning, None, None));
    assert!(Expected::parse("# A pitch that is no number.").is_none());
    assert!(Expected::parse("kind = \"dice-pitch\"").is_none());
}
