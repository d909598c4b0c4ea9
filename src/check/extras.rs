//! Rules for the league's paper extras, read from the scene: every slip has a
//! line to write on for each field, far enough apart for a hand; the league
//! table has a row per team and its eight columns, rows tall enough to write in.

use std::collections::BTreeSet;

use super::{Measured, find};
use crate::diag::Finding;
use crate::layout::Source;
use crate::layout::extras::{MIN_WRITING_LINE, Slips, Table};
use crate::scene::{Document, Shape, Tag};

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
            if ys.len() != s.fields.len() {
                out.push(
                    Finding::error(
                        "slip-line",
                        format!(
                            "slip {} has {} lines for {} fields",
                            index + 1,
                            ys.len(),
                            s.fields.len()
                        ),
                        source.locate("slip.fields"),
                    )
                    .with_hint("this is a bug in the slips, not in the layout"),
                );
            } else if let Some(gap) = ys.windows(2).map(|w| w[1] - w[0]).reduce(f64::min)
                && gap < MIN_WRITING_LINE.0 - 1e-6
            {
                out.push(
                    Finding::error(
                        "slip-line",
                        format!("the slips' lines are {gap:.1} mm apart, too close to write on"),
                        source.locate("slip.size"),
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

/// Checks the league table.
pub fn check_table(source: &Source, t: &Table, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    let cells: Vec<(u16, u16, f64)> = find(doc, |tag| matches!(tag, Tag::TableCell { .. }))
        .into_iter()
        .filter_map(|(item, m)| match (&item.tag, m) {
            (Tag::TableCell { row, col }, Measured::Rect(r)) => Some((*row, *col, r.h.0)),
            _ => None,
        })
        .collect();
    let rows: BTreeSet<u16> = cells.iter().map(|c| c.0).collect();
    let cols: BTreeSet<u16> = cells.iter().map(|c| c.1).collect();
    if rows.len() != t.teams as usize || cols.len() != 1 + t.columns.len() {
        out.push(
            Finding::error(
                "table-size",
                format!(
                    "the table has {} rows and {} columns for {} teams",
                    rows.len(),
                    cols.len(),
                    t.teams
                ),
                source.locate("table.teams"),
            )
            .with_hint("this is a bug in the table, not in the layout"),
        );
    }
    if let Some(h) = cells.iter().map(|c| c.2).reduce(f64::min)
        && h < MIN_WRITING_LINE.0 - 1e-6
    {
        out.push(
            Finding::error(
                "table-size",
                format!("rows {h:.1} mm tall are too short to write in"),
                source.locate("table.row_height"),
            )
            .with_hint(format!("set table.row_height to at least {MIN_WRITING_LINE}")),
        );
    }
    out
}
