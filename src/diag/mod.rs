//! Findings for people: bad input and checker results share one shape, with a
//! code, a severity, a message, where in which file, and a hint.

pub mod code;

use std::fmt;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::diag::code::Code;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; the build goes on.
    Warning,
    /// The output would be wrong: nothing is written.
    Error,
}

/// Where a finding points: a file, and when known a line, a column and the key.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Location {
    /// The layout (or data) file.
    pub file: PathBuf,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// The dotted key (`board.pitch`), when the finding is about one.
    pub key: Option<String>,
    /// A workbook's cell as its user sees it (`sheet Players, cell C7`),
    /// for a finding in an .xlsx or .ods, which has no lines to count.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<String>,
    /// The bytes of the file the finding is about (a key's value), for
    /// showing the source line with a caret under them.
    #[serde(skip)]
    pub span: Option<std::ops::Range<usize>>,
}

impl Location {
    /// A whole file.
    pub fn file(path: &Path) -> Location {
        Location {
            file: path.to_path_buf(),
            ..Location::default()
        }
    }

    /// A line of a file (a line of Markdown), with its column when known.
    pub fn at_line(path: &Path, line: usize, column: Option<usize>) -> Location {
        Location {
            file: path.to_path_buf(),
            line: Some(line),
            column,
            ..Location::default()
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if let Some(cell) = &self.cell {
            return write!(f, ": {cell}");
        }
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(col) = self.column {
                write!(f, ":{col}")?;
            }
        }
        Ok(())
    }
}

/// One thing wrong (or worth a warning) with a layout or what it composes to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finding {
    /// What the finding is about (`cell-pitch`, `layout-unknown-key`).
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in lowercase, with the numbers that show it.
    pub message: String,
    /// Where.
    pub location: Location,
    /// What to do about it.
    pub hint: Option<String>,
    /// Other places that explain it (the key that named a referenced layout).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
}

/// A place that explains a finding, with a word on how.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Note {
    /// How the place relates to the finding.
    pub message: String,
    /// Where.
    pub location: Location,
}

impl Finding {
    /// An error.
    pub fn error(code: Code, message: impl Into<String>, location: Location) -> Finding {
        Finding {
            code,
            severity: Severity::Error,
            message: message.into(),
            location,
            hint: None,
            notes: Vec::new(),
        }
    }

    /// A warning.
    pub fn warning(code: Code, message: impl Into<String>, location: Location) -> Finding {
        Finding {
            severity: Severity::Warning,
            ..Finding::error(code, message, location)
        }
    }

    /// The same finding with a hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Finding {
        self.hint = Some(hint.into());
        self
    }

    /// The same finding with a note pointing at another place.
    pub fn with_note(mut self, message: impl Into<String>, location: Location) -> Finding {
        self.notes.push(Note {
            message: message.into(),
            location,
        });
        self
    }

    /// The same finding with `notes` added after its own.
    pub fn with_notes(mut self, notes: impl IntoIterator<Item = Note>) -> Finding {
        self.notes.extend(notes);
        self
    }

    /// Whether the finding stops a build.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl Finding {
    /// The first line: severity, code, place, key and message.
    pub fn headline(&self) -> String {
        let level = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let mut out = format!("{level}[{}]: {}: ", self.code, self.location);
        if let Some(key) = &self.location.key {
            out.push_str(&format!("`{key}`: "));
        }
        out.push_str(&self.message);
        out
    }

    /// The lines after the place: the hint and the notes, each on its own
    /// line and each starting with a newline.
    pub fn footer(&self) -> String {
        let mut out = String::new();
        if let Some(hint) = &self.hint {
            out.push_str(&format!("\n  hint: {hint}"));
        }
        for note in &self.notes {
            out.push_str(&format!("\n  note: {}: ", note.location));
            if let Some(key) = &note.location.key {
                out.push_str(&format!("`{key}`: "));
            }
            out.push_str(&note.message);
        }
        out
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.headline(), self.footer())
    }
}

/// The word of `words` nearest to `name` in letters (case aside), when it
/// is near enough to be the one meant (a spreadsheet's column, a game's
/// number): at most a third of its letters apart. For a hint.
pub fn nearest<'h>(name: &str, words: &'h [String]) -> Option<&'h str> {
    let name = name.to_lowercase();
    words
        .iter()
        .filter(|h| !h.is_empty())
        .map(|h| (edit_distance(&name, &h.to_lowercase()), h))
        .filter(|(d, h)| *d * 3 <= name.chars().count().max(h.chars().count()))
        .min_by_key(|(d, _)| *d)
        .map(|(_, h)| h.as_str())
}

/// How many letters must be inserted, deleted or changed to turn `a` into `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1).min(row[j] + 1).min(diagonal + usize::from(ca != *cb));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}
