//! Rules for rule sheets, read from the composed pages: every line of body
//! text stays inside its column (nothing overflows), no justified line
//! stretches its word spaces beyond [`MAX_STRETCH`] times their natural width,
//! and a last page is not left mostly blank (a warning: fill it with the
//! game's quick reference). Glyph coverage is the generic `text-glyph` rule;
//! captions are held when the Markdown is read.

use std::collections::BTreeSet;

use crate::check::ink;
use crate::components::rule_sheet::hyphens;
use crate::components::rule_sheet::layout::RuleSheet;
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::Rect;
use crate::input::source::Source;
use crate::scene::item::Shape;
use crate::scene::page::Document;
use crate::scene::tag::Tag;
use crate::text::typeset::{FORCED_BREAK, MAX_STRETCH};

/// How far a line may reach past its column's edge, in mm: rounding in the
/// typesetter's widths, far below anything visible.
const EDGE_TOLERANCE: f64 = 0.01;
/// Only the title is set larger than this (in pt); it alone may run across
/// the columns.
const TITLE_ABOVE_PT: f64 = 15.0;

/// A last page after the first must have at least this share of its columns
/// filled: less is a sheet of paper printed for a few lines, which the
/// game's quick reference would put to use.
pub const MIN_LAST_PAGE_USE: f64 = 0.5;

/// The share of a page's columns filled, from their tops to the lowest text,
/// figure or box in each: 0 for an empty page, 1 for full columns.
pub fn page_use(page: &crate::scene::page::Page) -> f64 {
    let columns: Vec<Rect> = page
        .items
        .iter()
        .filter(|it| matches!(it.tag, Tag::Column { .. }))
        .filter_map(|it| if let Shape::Rect(r) = it.shape { Some(r) } else { None })
        .collect();
    if columns.is_empty() {
        return 0.0;
    }
    let content: Vec<Rect> = page
        .items
        .iter()
        .filter(|it| {
            matches!(
                it.tag,
                Tag::BodyText { .. } | Tag::Caption { .. } | Tag::Diagram | Tag::Aside
            )
        })
        .filter_map(|it| it.bbox())
        .collect();
    let filled: f64 = columns
        .iter()
        .map(|c| {
            let bottom = content
                .iter()
                .filter(|b| {
                    let mid = b.x.0 + b.w.0 / 2.0;
                    mid >= c.x.0 && mid <= c.right().0
                })
                .map(|b| b.bottom().0)
                .fold(c.y.0, f64::max);
            ((bottom - c.y.0) / c.h.0).clamp(0.0, 1.0)
        })
        .sum();
    filled / columns.len() as f64
}

/// Words no line of their column holds, broken by force so that nothing is
/// lost: a warning at the line of the Markdown that holds each (once, however
/// many lines it breaks across).
fn forced(sheet: &RuleSheet, doc: &Document) -> Vec<Finding> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for f in ink::forced_words(&doc.pages) {
        let Some(block) = f.block else { continue };
        if !seen.insert((block, f.word.clone())) {
            continue;
        }
        let line = sheet.blocks.get(block as usize).map_or(1, |b| b.line_holding(&f.word));
        out.push(
            Finding::warning(
                Code::TextForced,
                format!(
                    "page {}: the word \"{}\" is wider than a line of its column: it is broken by force, the line ending in {FORCED_BREAK}",
                    f.page + 1,
                    ink::shown(&f.word)
                ),
                Location::at_line(&sheet.file, line, None),
            )
            .with_hint(
                "shorten it, write it with a space or a hyphen where it may break, or set the sheet in one column ([sheet] columns = 1)",
            ),
        );
    }
    out
}

/// Checks a composed sheet.
pub fn check(_source: &Source, sheet: &RuleSheet, doc: &Document) -> Vec<Finding> {
    let mut out: Vec<Finding> = sheet.no_hyphens.iter().cloned().collect();
    let at = Location::file(&sheet.file);
    for (i, page) in doc.pages.iter().enumerate() {
        let columns: Vec<Rect> = page
            .items
            .iter()
            .filter(|it| matches!(it.tag, Tag::Column { .. }))
            .filter_map(|it| if let Shape::Rect(r) = it.shape { Some(r) } else { None })
            .collect();
        let area = columns.iter().copied().reduce(|a, b| a.union(&b));
        for item in &page.items {
            let (Tag::BodyText { .. } | Tag::Caption { .. }, Shape::Text(run)) = (&item.tag, &item.shape) else {
                continue;
            };
            let Some(b) = item.bbox() else { continue };
            // The title runs across the columns; everything else inside one.
            let inside = columns
                .iter()
                .any(|c| b.x.0 >= c.x.0 - EDGE_TOLERANCE && b.right().0 <= c.right().0 + EDGE_TOLERANCE)
                || area.is_some_and(|a| {
                    b.x.0 >= a.x.0 - EDGE_TOLERANCE
                        && b.right().0 <= a.right().0 + EDGE_TOLERANCE
                        && run.size_pt > TITLE_ABOVE_PT
                });
            if !inside {
                out.push(
                    Finding::error(
                        Code::TextOverflow,
                        format!("page {}: \"{}\" runs out of its column", i + 1, run.text),
                        at.clone(),
                    )
                    .with_hint("this is a bug in the typesetter, not in the text"),
                );
            }
            let space = sheet.fonts.regular.measure(" ", run.size_pt);
            if run.word_gap.0 > space.0 * (MAX_STRETCH - 1.0) + 1e-6 {
                out.push(
                    Finding::error(
                        Code::TextStretch,
                        format!(
                            "page {}: a line's word spaces stretch to {:.1} times their width: \"{}\"",
                            i + 1,
                            1.0 + run.word_gap.0 / space.0,
                            run.text
                        ),
                        at.clone(),
                    )
                    .with_hint(format!(
                        "the limit is {MAX_STRETCH} times; rephrase around long words or use one column"
                    )),
                );
            }
        }
    }
    let word_at = |block: u32, word: &str| {
        let line = sheet.blocks.get(block as usize).map_or(1, |b| b.line_holding(word));
        Location::at_line(&sheet.file, line, None)
    };
    out.extend(hyphens::check(doc, &at, &word_at));
    out.extend(forced(sheet, doc));
    if doc.pages.len() > 1
        && let Some(last) = doc.pages.last()
    {
        let used = page_use(last);
        if used < MIN_LAST_PAGE_USE {
            out.push(
                Finding::warning(
                    Code::RulesSparse,
                    format!(
                        "page {} is only {:.0} % used: most of a sheet printed for a few lines",
                        doc.pages.len(),
                        used * 100.0
                    ),
                    at.clone(),
                )
                .with_hint(format!(
                    "fill it to at least {:.0} %: end the text with the game's quick reference in a box of `> ` lines, or a worked example",
                    MIN_LAST_PAGE_USE * 100.0
                )),
            );
        }
    }
    out
}
