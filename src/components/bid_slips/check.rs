//! Rules for bid slips, read from the scene: every slip has a line to write on
//! for each field, far enough apart for a hand.

use crate::code::Code;
use crate::check::measure::MIN_WRITING_LINE;
use crate::components::bid_slips::layout::{Slip, Slips};
use crate::diag::Finding;
use crate::layout::source::Source;
use crate::scene::item::Shape;
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// Checks the slips.
pub fn check_slips(source: &Source, s: &Slips, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    for page in &doc.pages {
        for item in &page.items {
            let (Tag::ItemFront { index }, Shape::Group { items, .. }) = (&item.tag, &item.shape) else {
                continue;
            };
            let mut ys: Vec<f64> = items
                .iter()
                .filter(|i| i.tag == Tag::WritingLine)
                .filter_map(|i| {
                    if let Shape::Line { from, .. } = i.shape {
                        Some(from.y.0)
                    } else {
                        None
                    }
                })
                .collect();
            ys.sort_by(f64::total_cmp);
            if ys.len() != s.slip.fields.len() {
                out.push(
                    Finding::error(
                        Code::SlipLine,
                        format!(
                            "slip {} has {} lines for {} fields",
                            index + 1,
                            ys.len(),
                            s.slip.fields.len()
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
                        "make the slip taller or list fewer fields: lines need {MIN_WRITING_LINE} each"
                    )),
                );
                break;
            }
        }
    }
    out
}
