//! Findings written for people: the finding's line (code, file:line:column,
//! key, message), then the source line it is about with a caret under the
//! value, then the hint and notes. The source comes from the same [`World`]
//! the build read, so what is shown is what was read.

use std::collections::BTreeMap;
use std::path::PathBuf;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use crate::diag::{Finding, Location, Severity};
use crate::world::{Input, World};

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
        let report = [Group::with_level(level).element(
            Snippet::source(text)
                .line_start(1)
                .fold(true)
                .annotation(AnnotationKind::Primary.span(span)),
        )];
        Some(Renderer::plain().render(&report))
    }
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
