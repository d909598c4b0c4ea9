//! The hyphenation limits, read back from the composed pages: the
//! typesetter keeps them (see [`crate::text::typeset`]), and this holds it to them.
//!
//! A paragraph's lines are its body-text runs in drawing order, grouped by
//! baseline; a line ending in a hyphen breaks a word (words break nowhere
//! else).

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::Rect;
use crate::scene::item::Shape;
use crate::scene::page::Document;
use crate::scene::tag::Tag;
use crate::text::typeset::{MAX_HYPHENS_IN_A_ROW, MIN_AFTER, MIN_BEFORE, SHORT_TAIL};

/// One line of a paragraph as printed.
#[derive(Debug)]
struct Printed {
    /// The paragraph, as the Markdown's blocks number them.
    block: u32,
    /// Page, from 0.
    page: usize,
    /// Column, from the left (the one holding the line's start).
    column: usize,
    /// The line's words.
    text: String,
}

impl Printed {
    fn hyphenated(&self) -> bool {
        self.text.ends_with('-')
    }

    /// Whether the line is all one part of a word (no space): the middle of
    /// a word longer than a line, which had no other place to break.
    fn inside_a_word(&self) -> bool {
        !self.text.trim().contains(' ')
    }
}

/// A run of hyphenated lines, one after another, in a paragraph.
struct Run {
    /// Its first line.
    first: usize,
    /// Its lines that are all one part of a word longer than a line.
    parts: usize,
    /// Its other lines: breaks the typesetter chose.
    chosen: usize,
}

/// The paragraphs of a document, each its lines in order.
fn paragraphs(doc: &Document) -> Vec<Vec<Printed>> {
    let mut out: Vec<(u32, Vec<Printed>)> = Vec::new();
    for (page_index, page) in doc.pages.iter().enumerate() {
        let columns: Vec<Rect> = page
            .items
            .iter()
            .filter(|it| matches!(it.tag, Tag::Column { .. }))
            .filter_map(|it| if let Shape::Rect(r) = it.shape { Some(r) } else { None })
            .collect();
        let mut baseline = None;
        for item in &page.items {
            let (Tag::BodyText { block }, Shape::Text(run)) = (&item.tag, &item.shape) else {
                continue;
            };
            let block = *block;
            let x = run.origin.x.0;
            let column = columns
                .iter()
                .position(|c| x >= c.x.0 - 1e-6 && x <= c.right().0 + 1e-6)
                .unwrap_or(0);
            // Runs of one line share its baseline and its column.
            let here = Some((block, column, run.origin.y.0));
            let same_line = baseline == here;
            baseline = here;
            if out.last().is_none_or(|(b, _)| *b != block) {
                out.push((block, Vec::new()));
            }
            let lines = &mut out.last_mut().expect("pushed above").1;
            match lines.last_mut() {
                Some(line) if same_line && line.page == page_index => line.text.push_str(&run.text),
                _ => {
                    lines.push(Printed {
                        block,
                        page: page_index,
                        column,
                        text: run.text.clone(),
                    });
                }
            }
        }
    }
    out.into_iter().map(|(_, lines)| lines).collect()
}

/// Letters at the start of `s`, up to the first that is not one.
fn leading_letters(s: &str) -> usize {
    s.trim_start().chars().take_while(|c| c.is_alphabetic()).count()
}

/// Letters of the last word of `s` before its hyphen.
fn trailing_letters(s: &str) -> usize {
    s.trim_end_matches('-')
        .chars()
        .rev()
        .take_while(|c| c.is_alphabetic())
        .count()
}

/// The word longer than a line among the run of hyphenated `lines` from
/// `first` to `last`, its pieces joined without their hyphens: from the
/// last word of the line before its first whole part to the first word of
/// the line after its last.
fn long_word(lines: &[Printed], first: usize, last: usize) -> String {
    let Some(part) = (first..=last).find(|&k| lines[k].inside_a_word()) else {
        return String::new();
    };
    let start = if part > first { part - 1 } else { part };
    let head = lines[start].text.trim().trim_end_matches('-');
    let mut word = head.rsplit(' ').next().unwrap_or(head).to_string();
    let mut k = start + 1;
    while k <= last && lines[k].inside_a_word() {
        word.push_str(lines[k].text.trim().trim_end_matches('-'));
        k += 1;
    }
    if let Some(end) = lines.get(k) {
        let tail = end.text.split_whitespace().next().unwrap_or("");
        word.push_str(tail.trim_end_matches(|c: char| !c.is_alphanumeric()));
    }
    word
}

/// Every break of the document that goes past a limit: an error, the
/// typesetter's mistake, but for a word longer than two lines of its
/// column, which breaks as often as it must: more than
/// [`MAX_HYPHENS_IN_A_ROW`] hyphenated lines in a row is then a warning at
/// the word's own line, `word_at` (its paragraph, the word), for its author
/// to shorten it.
pub fn check(doc: &Document, at: &Location, word_at: &dyn Fn(u32, &str) -> Location) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut report = |line: &Printed, what: String| {
        out.push(
            Finding::error(
                Code::TextHyphen,
                format!("page {}: {what}: \"{}\"", line.page + 1, line.text),
                at.clone(),
            )
            .with_hint("this is a bug in the typesetter, not in the text"),
        );
    };
    let mut long_words = Vec::new();
    for lines in paragraphs(doc) {
        // The hyphenated lines in a row so far: the first, and how many
        // are parts of a long word (no typesetter's choice) or not.
        let mut run: Option<Run> = None;
        for (k, line) in lines.iter().enumerate() {
            let Some(next) = lines.get(k + 1).filter(|_| line.hyphenated()) else {
                if let Some(r) = run.take()
                    && r.parts > 0
                    && k - r.first > MAX_HYPHENS_IN_A_ROW
                {
                    let first = &lines[r.first];
                    long_words.push((first.block, first.page, k - r.first, long_word(&lines, r.first, k - 1)));
                }
                continue;
            };
            let inside_a_word = line.inside_a_word();
            let r = run.get_or_insert(Run {
                first: k,
                parts: 0,
                chosen: 0,
            });
            if inside_a_word {
                r.parts += 1;
            } else {
                r.chosen += 1;
            }
            if trailing_letters(&line.text) < MIN_BEFORE || leading_letters(&next.text) < MIN_AFTER {
                report(
                    line,
                    format!(
                        "a word breaks with fewer than {MIN_BEFORE} letters before or {MIN_AFTER} after the hyphen"
                    ),
                );
            }
            // The typesetter's own breaks: a run of them past the limit is
            // its mistake, the parts of a long word the word's.
            if r.chosen > MAX_HYPHENS_IN_A_ROW && !inside_a_word {
                report(
                    line,
                    format!("more than {MAX_HYPHENS_IN_A_ROW} hyphenated lines in a row"),
                );
            }
            // A line that is all one part of a word longer than a line had
            // no other place to break: a column's foot does not hold it.
            if (next.page, next.column) != (line.page, line.column) && !inside_a_word {
                report(line, "a hyphen at the foot of a column".to_string());
            }
            if k + 2 == lines.len() {
                let letters = next.text.chars().filter(|c| c.is_alphabetic()).count();
                if !next.text.trim().contains(' ') && letters <= SHORT_TAIL {
                    report(next, format!("a paragraph ends on a tail of {letters} letters"));
                }
            }
        }
    }
    for (block, page, count, word) in long_words {
        out.push(
            Finding::warning(
                Code::TextHyphen,
                format!(
                    "page {}: the word \"{}\" is longer than two lines of its column: it is hyphenated on {count} lines in a row, more than the {MAX_HYPHENS_IN_A_ROW} a careful typesetter allows",
                    page + 1,
                    crate::check::ink::shown(&word)
                ),
                word_at(block, &word),
            )
            .with_hint(
                "shorten it, write it as two or more words (or with a hyphen of its own where it may break), or set the sheet in one column ([sheet] columns = 1)",
            ),
        );
    }
    out
}
