//! Rules for score sheets, read from the scene: every card has a box per
//! period and team and the total, boxes big enough to write in, and a circle
//! per kick of the shoot-out and of sudden death.

use std::collections::BTreeMap;

use crate::check::measure::MIN_WRITING_LINE;
use crate::check::measure::{Measured, find};
use crate::components::score_sheet::layout::{ScoreSheet, Sheet};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::input::source::Source;
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// Checks a score sheet.
pub fn check(source: &Source, sheet: &ScoreSheet, doc: &Document) -> Vec<Finding> {
    let s = &sheet.sheet;
    let mut out = Vec::new();
    let mut boxes: BTreeMap<u16, usize> = BTreeMap::new();
    let mut kicks: BTreeMap<u16, usize> = BTreeMap::new();
    let mut smallest = f64::MAX;
    for (item, m) in find(doc, |t| matches!(t, Tag::ScoreBox { .. } | Tag::PenaltyKick { .. })) {
        match (&item.tag, m) {
            (Tag::ScoreBox { card, .. }, Measured::Rect(r)) => {
                *boxes.entry(*card).or_default() += 1;
                smallest = smallest.min(r.w.0.min(r.h.0));
            }
            (Tag::PenaltyKick { card, .. }, _) => *kicks.entry(*card).or_default() += 1,
            _ => {}
        }
    }
    let want_boxes = 2 * (s.periods.len() + 1);
    let want_kicks = 2 * (s.penalties + s.sudden_death) as usize;
    for card in 0..s.matches as u16 {
        let (b, k) = (
            boxes.get(&card).copied().unwrap_or(0),
            kicks.get(&card).copied().unwrap_or(0),
        );
        if b != want_boxes || k != want_kicks {
            out.push(
                Finding::error(
                    Code::ScoreCard,
                    format!(
                        "card {} has {b} score boxes and {k} penalty circles; two teams need {want_boxes} and {want_kicks}",
                        card + 1
                    ),
                    source.locate(Sheet::KEY.matches),
                )
                .with_hint("this is a bug in the score sheet, not in the layout"),
            );
        }
    }
    if smallest < MIN_WRITING_LINE.0 - 1e-6 {
        out.push(
            Finding::error(
                Code::ScoreCard,
                format!("score boxes {smallest:.1} mm across are too small to write in"),
                source.locate(Sheet::KEY.box_size),
            )
            .with_hint(format!("set {} to at least {MIN_WRITING_LINE}", Sheet::KEY.box_size)),
        );
    }
    out
}
