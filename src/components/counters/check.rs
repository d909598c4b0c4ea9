//! Rules for counter sheets, read from the scene: every counter fits a square
//! of its board with the clearance asked for, and every label fits across its
//! counter (measured with the font's advances).

use std::collections::BTreeMap;

use crate::code::Code;
use crate::components::counters::layout::{CounterTable, Counters, SET};
use crate::diag::Finding;
use crate::geom::Mm;
use crate::layout::source::Source;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// Room a label leaves on each side inside its counter.
pub const LABEL_MARGIN: Mm = Mm(1.0);
/// Slack in the size comparisons, in mm: float noise from composing, far
/// below what prints, never flags a counter that fits exactly.
const SLACK: f64 = 1e-6;

/// An imposed counter as printed.
struct Printed {
    /// Its set.
    set: u32,
    /// Its diameter.
    diameter: Mm,
    /// Its texts and their widths.
    texts: Vec<(String, Mm)>,
}

/// Every imposed counter.
fn counters(doc: &Document) -> Vec<Printed> {
    let mut out = Vec::new();
    for page in &doc.pages {
        for item in &page.items {
            if let (Tag::ItemFront { .. }, Shape::Group { items, .. }) = (&item.tag, &item.shape) {
                let disc = items.iter().find_map(|i| match (&i.tag, &i.shape) {
                    (Tag::Counter { set, .. }, Shape::Circle { radius, .. }) => Some((*set, *radius * 2.0)),
                    _ => None,
                });
                let texts = items
                    .iter()
                    .filter_map(|i: &Item| match &i.shape {
                        Shape::Text(run) => Some((run.text.clone(), run.width)),
                        _ => None,
                    })
                    .collect();
                if let Some((set, diameter)) = disc {
                    out.push(Printed { set, diameter, texts });
                }
            }
        }
    }
    out
}

/// Checks a counter sheet against its board.
pub fn check(source: &Source, sheet: &Counters, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    let set_names: Vec<(&str, &str)> = {
        let mut v: Vec<(&str, &str)> = Vec::new();
        for c in &sheet.counters {
            if !v.iter().any(|(n, _)| *n == c.set) {
                v.push((&c.set, &c.key));
            }
        }
        v
    };
    let name = |set: u32| set_names.get(set as usize).copied().unwrap_or(("?", SET));
    let mut too_big: BTreeMap<u32, Mm> = BTreeMap::new();
    for Printed {
        set,
        diameter: d,
        texts,
    } in counters(doc)
    {
        let on_board = sheet.counters.iter().any(|c| c.set == name(set).0 && c.on_board);
        if let Some(board) = &sheet.board
            && on_board
        {
            let room = board.space.pitch - sheet.clearance;
            if d.0 > room.0 + SLACK {
                too_big.insert(set, d);
            }
        }
        for (text, width) in texts {
            if width.0 > (d - LABEL_MARGIN * 2.0).0 + SLACK {
                let (set_name, key) = name(set);
                out.push(
                    Finding::error(
                        Code::CounterLabel,
                        format!(
                            "label \"{text}\" of set \"{set_name}\" is {width} wide, more than its {d} counter holds"
                        ),
                        source.locate(&format!("{key}.labels")),
                    )
                    .with_hint(format!(
                        "shorten it or lower counter.label_size; it must be at most {} wide",
                        d - LABEL_MARGIN * 2.0
                    )),
                );
            }
        }
    }
    if let Some(board) = &sheet.board {
        for (set, d) in too_big {
            let (set_name, _) = name(set);
            let room = board.space.pitch - sheet.clearance;
            out.push(
                Finding::error(
                    Code::CounterSize,
                    format!(
                        "the {d} counters of set \"{set_name}\" do not fit the {} squares of {} with {} to spare",
                        board.space.pitch, board.name, sheet.clearance
                    ),
                    source.locate(CounterTable::KEY.diameter),
                )
                .with_hint(format!(
                    "set counter.diameter to at most {room}, or make the board's squares bigger"
                )),
            );
        }
    }
    out
}
