//! The hyphenation limits, read back from the composed pages: the
//! typesetter keeps them (see [`crate::typeset`]), and this holds it to them.
//!
//! A paragraph's lines are its body-text runs in drawing order, grouped by
//! baseline; a line ending in a hyphen breaks a word (words break nowhere
//! else).

use crate::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::Rect;
use crate::scene::item::Shape;
use crate::scene::page::Document;
use crate::scene::tag::Tag;
use crate::typeset::{MAX_HYPHENS_IN_A_ROW, MIN_AFTER, MIN_BEFORE, SHORT_TAIL};

/// One line of a paragraph as printed.
#[derive(Debug)]
struct Printed {
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
    s.trim_end_matches('-').chars().rev().take_while(|c| c.is_alphabetic()).count()
}

/// Every break of the document that goes past a limit.
pub fn check(doc: &Document, at: &Location) -> Vec<Finding> {
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
    for lines in paragraphs(doc) {
        let mut run = 0;
        for (k, line) in lines.iter().enumerate() {
            let Some(next) = lines.get(k + 1).filter(|_| line.hyphenated()) else {
                run = 0;
                continue;
            };
            // A line that is all one part of a word longer than a line had
            // no other place to break: the limits on runs of hyphens and on
            // a column's foot do not hold it.
            let inside_a_word = !line.text.trim().contains(' ');
            if trailing_letters(&line.text) < MIN_BEFORE || leading_letters(&next.text) < MIN_AFTER {
                report(
                    line,
                    format!("a word breaks with fewer than {MIN_BEFORE} letters before or {MIN_AFTER} after the hyphen"),
                );
            }
            if !inside_a_word {
                run += 1;
            }
            if run > MAX_HYPHENS_IN_A_ROW && !inside_a_word {
                report(line, format!("more than {MAX_HYPHENS_IN_A_ROW} hyphenated lines in a row"));
            }
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::font::FontFace;
    use crate::geom::{Point, Size};
    use crate::scene::item::Item;
    use crate::scene::page::Page;
    use crate::scene::style::Style;
    use crate::text;

    /// A page of one column holding `lines` of paragraph `block`, one after
    /// another, and a second column holding `second`.
    fn doc(first: &[&str], second: &[&str]) -> Document {
        let mut items = vec![
            Item::new(Shape::Rect(Rect::new(10.0, 10.0, 90.0, 270.0)), Style::default(), Tag::Column { index: 0 }),
            Item::new(Shape::Rect(Rect::new(110.0, 10.0, 90.0, 270.0)), Style::default(), Tag::Column { index: 1 }),
        ];
        for (col, lines) in [(10.0, first), (110.0, second)] {
            for (k, l) in lines.iter().enumerate() {
                let at = Point::new(col, 20.0 + 5.0 * k as f64);
                let run = text::line(l, FontFace::Sans, 9.0, at, text::Align::Left);
                items.push(Item::new(Shape::Text(run), Style::default(), Tag::BodyText { block: 1 }));
            }
        }
        let size = Size::new(210.0, 297.0);
        Document::new("t", vec![Page::new(size, Rect::new(0.0, 0.0, 210.0, 297.0), items)])
    }

    fn found(d: &Document) -> usize {
        check(d, &Location::file(std::path::Path::new("rules.toml"))).len()
    }

    #[test]
    fn clean_breaks_pass_and_each_limit_is_caught() {
        assert_eq!(found(&doc(&["un texto que se reco-", "noce bien y sigue"], &[])), 0);
        // Two letters carried over.
        assert_eq!(found(&doc(&["un texto que se parti-", "do y sigue"], &[])), 1);
        // Three hyphenated lines in a row.
        let three = ["uno dos tres cua-", "tro cinco seis cin-", "cuenta ocho nueve dieci-", "séis y fin del todo"];
        assert_eq!(found(&doc(&three, &[])), 1);
        // A hyphen at the foot of a column.
        assert_eq!(found(&doc(&["un texto que se reco-"], &["noce bien y sigue"])), 1);
        // A paragraph ending on a short tail.
        assert_eq!(found(&doc(&["una frase larga que termina en contes-", "tar."], &[])), 1);
        // A word longer than a line breaks as often as it must, wherever
        // the column ends.
        let long = ["un Donaudampfschiff-", "fahrtsgesellschafts-", "kapitänswitwen-", "mütze y fin"];
        assert_eq!(found(&doc(&long, &[])), 0);
        assert_eq!(found(&doc(&long[..2], &long[2..])), 0);
    }
}
