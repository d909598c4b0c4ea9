//! Findings written for people: the finding's line (code, file:line:column,
//! key, message), then the source line it is about with a caret under the
//! value, then the hint and notes. The source comes from the same [`World`]
//! the build read, so what is shown is what was read.

use std::collections::BTreeMap;
use std::path::PathBuf;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use crate::diag::{Finding, Location, Severity};
use crate::input::world::{Input, World};

/// Renders findings, reading each file they point into once.
pub struct Reporter<'w> {
    world: &'w dyn World,
    texts: BTreeMap<PathBuf, Option<String>>,
}

impl<'w> Reporter<'w> {
    /// A reporter reading sources from `world`.
    pub fn new(world: &'w dyn World) -> Reporter<'w> {
        Reporter {
            world,
            texts: BTreeMap::new(),
        }
    }

    /// One finding, as people read it.
    pub fn render(&mut self, f: &Finding) -> String {
        let mut out = f.headline();
        if let Some(snippet) = self.snippet(&f.location, f.severity) {
            out.push('\n');
            out.push_str(&snippet);
        }
        out.push_str(&f.footer());
        out
    }

    /// The lines of `loc` with a caret under its bytes, when the file can be
    /// read and the place is known.
    fn snippet(&mut self, loc: &Location, severity: Severity) -> Option<String> {
        let world = self.world;
        let text = self
            .texts
            .entry(loc.file.clone())
            .or_insert_with(|| crate::input::read_text(world, &loc.file, Input::Quoted).ok())
            .as_deref()?;
        let span = match &loc.span {
            Some(span) => span.clone(),
            None => point_span(text, loc.line?, loc.column.unwrap_or(1))?,
        };
        let span = span.start.min(text.len())..span.end.min(text.len()).max(span.start.min(text.len()));
        let level = match severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let (text, span, first_line) = excerpt(text, span);
        let report = [Group::with_level(level).element(
            Snippet::source(text)
                .line_start(first_line)
                .fold(true)
                .annotation(AnnotationKind::Primary.span(span)),
        )];
        Some(Renderer::plain().render(&report))
    }
}

/// A file larger than this is quoted by an excerpt around the place.
const WHOLE_BELOW: usize = 64 * 1024;
/// How much of a large file is quoted on each side of the place, in bytes.
const AROUND: usize = 1024;

/// The part of `text` the renderer is given: all of it when it is small, and
/// otherwise the bytes around `span` (at most [`AROUND`] on each side, and of
/// the span itself), with the span moved into it and the number of the line
/// the excerpt starts on. The renderer walks every character it is given,
/// though it prints one screen's width of a line: a spreadsheet's 10 MB cell
/// took it 4 s (and 200 MB) to quote.
fn excerpt(text: &str, span: std::ops::Range<usize>) -> (&str, std::ops::Range<usize>, usize) {
    if text.len() < WHOLE_BELOW {
        return (text, span, 1);
    }
    let floor = |mut i: usize| {
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let at = floor(span.start.min(text.len()));
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let start = floor(at.saturating_sub(AROUND).max(line_start));
    let shown_end = floor(span.end.clamp(at, at + AROUND).min(text.len()));
    let end = floor((shown_end + AROUND).min(text.len()));
    let line = 1 + text.as_bytes()[..start].iter().filter(|b| **b == b'\n').count();
    (&text[start..end], at - start..shown_end - start, line)
}

/// The bytes of the value that starts at `line`, `column` (1-based, in
/// characters): up to the next space, comma or quote, at least one character.
pub fn point_span(text: &str, line: usize, column: usize) -> Option<std::ops::Range<usize>> {
    let start_of_line = text.split_inclusive('\n').take(line - 1).map(str::len).sum::<usize>();
    let line_text = text[start_of_line..].lines().next()?;
    let at = line_text
        .char_indices()
        .nth(column - 1)
        .map(|(i, _)| i)
        .unwrap_or(line_text.len());
    let rest = &line_text[at..];
    let len = rest
        .char_indices()
        .find(|(_, c)| matches!(c, ',' | ';' | '"' | ' ' | '\t'))
        .map(|(i, _)| i)
        .unwrap_or(rest.len())
        .max(rest.chars().next().map(char::len_utf8).unwrap_or(0));
    Some(start_of_line + at..start_of_line + at + len)
}
