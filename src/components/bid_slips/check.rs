//! Rules for bid slips, read from the scene: every slip has a line to write on
//! for each field at its head, a player's and an amount's for each bid, and
//! the total's, in rows far enough apart for a hand.

use crate::check::measure::MIN_WRITING_LINE;
use crate::components::bid_slips::compose::rows;
use crate::components::bid_slips::layout::{Slip, Slips};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::Mm;
use crate::input::source::Source;
use crate::scene::item::Shape;
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// The shortest line a bid is written on: three digits by hand.
const MIN_LINE_LENGTH: Mm = Mm(12.0);

/// Checks the slips.
pub fn check_slips(source: &Source, s: &Slips, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    for page in &doc.pages {
        for item in &page.items {
            let (Tag::ItemFront { index }, Shape::Group { items, .. }) = (&item.tag, &item.shape) else {
                continue;
            };
            let spans: Vec<(f64, f64)> = items
                .iter()
                .filter(|i| i.tag == Tag::WritingLine)
                .filter_map(|i| {
                    if let Shape::Line { from, to } = i.shape {
                        Some((from.y.0, to.x.0 - from.x.0))
                    } else {
                        None
                    }
                })
                .collect();
            let mut ys: Vec<f64> = spans.iter().map(|l| l.0).collect();
            let lines = ys.len();
            let shortest = spans.iter().map(|l| l.1).fold(f64::INFINITY, f64::min);
            ys.sort_by(f64::total_cmp);
            // Lines side by side share a row.
            ys.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
            let s = &s.slip;
            let want = s.fields.len() + s.bids as usize * 2 + usize::from(!s.total.is_empty());
            if lines != want || ys.len() != rows(s) {
                out.push(
                    Finding::error(
                        Code::SlipLine,
                        format!(
                            "slip {} has {lines} lines in {} rows for {} fields, {} bids and {} total",
                            index + 1,
                            ys.len(),
                            s.fields.len(),
                            s.bids,
                            usize::from(!s.total.is_empty())
                        ),
                        source.locate(Slip::KEY.fields),
                    )
                    .with_hint("this is a bug in the slips, not in the layout"),
                );
            } else if let Some(gap) = ys.windows(2).map(|w| w[1] - w[0]).reduce(f64::min)
                && gap < MIN_WRITING_LINE.0 - 1e-6
            {
                out.push(
                    Finding::error(
                        Code::SlipLine,
                        format!("the slips' lines are {gap:.1} mm apart, too close to write on"),
                        source.locate(Slip::KEY.size),
                    )
                    .with_hint(format!(
                        "make the slip taller, or give it fewer bids or more columns: a row of lines needs {MIN_WRITING_LINE}"
                    )),
                );
                break;
            } else if shortest < MIN_LINE_LENGTH.0 - 1e-6 {
                out.push(
                    Finding::error(
                        Code::SlipLine,
                        format!("a line of the slips is {shortest:.1} mm long, too short to write a bid on"),
                        source.locate(Slip::KEY.size),
                    )
                    .with_hint(format!(
                        "make the slip wider, or give it fewer columns or shorter labels: a line needs {MIN_LINE_LENGTH}"
                    )),
                );
                break;
            }
        }
    }
    out
}
