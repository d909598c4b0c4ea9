//! Rules for rule sheets, read from the composed pages: every line of body
//! text stays inside its column (nothing overflows), and no justified line
//! stretches its word spaces beyond [`MAX_STRETCH`] times their natural width.
//! Glyph coverage is the generic `text-glyph` rule.

use crate::code::Code;
use crate::components::rule_sheet::hyphens;
use crate::components::rule_sheet::layout::RuleSheet;
use crate::diag::{Finding, Location};
use crate::font::FontFace;
use crate::geom::Rect;
use crate::layout::source::Source;
use crate::scene::item::Shape;
use crate::scene::page::Document;
use crate::scene::tag::Tag;
use crate::typeset::MAX_STRETCH;

/// How far a line may reach past its column's edge, in mm: rounding in the
/// typesetter's widths, far below anything visible.
const EDGE_TOLERANCE: f64 = 0.01;
/// Only the title is set larger than this (in pt); it alone may run across
/// the columns.
const TITLE_ABOVE_PT: f64 = 15.0;

/// Checks a composed sheet.
pub fn check(_source: &Source, sheet: &RuleSheet, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
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
            let (Tag::BodyText { .. }, Shape::Text(run)) = (&item.tag, &item.shape) else {
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
            let space = FontFace::Sans.measure(" ", run.size_pt);
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
    out.extend(hyphens::check(doc, &at));
    out
}
