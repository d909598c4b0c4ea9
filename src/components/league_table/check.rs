//! Rules for the league table, read from the scene: a row per team and its
//! eight columns (the team and seven numbers), rows tall enough to write in.

use std::collections::BTreeSet;

use crate::code::Code;
use crate::check::measure::MIN_WRITING_LINE;
use crate::check::measure::{Measured, find};
use crate::components::league_table::layout::{LeagueTable, Table};
use crate::diag::Finding;
use crate::layout::source::Source;
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// Checks the league table.
pub fn check_table(source: &Source, sheet: &LeagueTable, doc: &Document) -> Vec<Finding> {
    let t = &sheet.table;
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
                Code::TableSize,
                format!(
                    "the table has {} rows and {} columns for {} teams",
                    rows.len(),
                    cols.len(),
                    t.teams
                ),
                source.locate(Table::KEY.teams),
            )
            .with_hint("this is a bug in the table, not in the layout"),
        );
    }
    if let Some(h) = cells.iter().map(|c| c.2).reduce(f64::min)
        && h < MIN_WRITING_LINE.0 - 1e-6
    {
        out.push(
            Finding::error(
                Code::TableSize,
                format!("rows {h:.1} mm tall are too short to write in"),
                source.locate(Table::KEY.row_height),
            )
            .with_hint(format!("set {} to at least {MIN_WRITING_LINE}", Table::KEY.row_height)),
        );
    }
    out
}
