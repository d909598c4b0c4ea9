//! Rules for counter sheets, read from the scene: every counter fits a square
//! of its board with the clearance asked for, measured ink to ink, and every
//! label fits across its counter (measured with the font's advances).

use std::collections::BTreeMap;

use crate::components::counters::layout::{BoardRef, Counter, Counters, SET};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::Mm;
use crate::input::source::Source;
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
    /// Its diameter: the cut line.
    diameter: Mm,
    /// Across it as cut along the outside of its outline: the outline's
    /// stroke is centred on the cut line, so half of it lies outside all round.
    ink: Mm,
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
                    (Tag::Counter { set, .. }, Shape::Circle { radius, .. }) => {
                        let outline = i.style.stroke.as_ref().map_or(Mm::ZERO, |s| s.width);
                        Some((*set, *radius * 2.0, outline))
                    }
                    _ => None,
                });
                let texts = items
                    .iter()
                    .filter_map(|i: &Item| match &i.shape {
                        Shape::Text(run) => Some((run.text.clone(), run.width)),
                        _ => None,
                    })
                    .collect();
                if let Some((set, diameter, outline)) = disc {
                    out.push(Printed {
                        set,
                        diameter,
                        ink: diameter + outline,
                        texts,
                    });
                }
            }
        }
    }
    out
}

/// The counters of set `set` that do not fit `board`'s square, with the
/// numbers measured and the diameter that would fit.
fn too_big(source: &Source, sheet: &Counters, board: &BoardRef, first: Option<&Counter>, p: &Printed) -> Finding {
    let (set_name, key) = first.map_or(("?", SET), |c| (c.set.as_str(), c.diameter_key.as_str()));
    let space = &board.space;
    let clear = space.clear();
    let needed = p.ink + sheet.clearance;
    let outline = if p.ink.0 > p.diameter.0 {
        format!("{} to the outside of their cut guide", p.ink)
    } else {
        format!("{} across", p.ink)
    };
    // The largest diameter whose outline still leaves the clearance, rounded
    // down to the hundredth a finding prints, so that the number given fits.
    let most = clear - sheet.clearance - (p.ink - p.diameter);
    let most = Mm(((most.0 + SLACK) * 100.0).floor() / 100.0);
    let hint = if most.0 > 0.0 {
        format!("make {key} at most {most}, or make the board's squares bigger")
    } else {
        "no counter fits squares this small with this clearance: make the board's squares bigger".to_string()
    };
    Finding::error(
        Code::CounterSize,
        format!(
            "the {} counters of set \"{set_name}\" need {needed} ({outline}, and {} to spare: `{}`), more than the {clear} \
             between the lines of {}'s squares ({} apart, lines {} wide)",
            p.diameter, sheet.clearance, crate::components::counters::layout::CLEARANCE, board.name, space.pitch, space.line_width
        ),
        source.locate(key),
    )
    .with_hint(hint)
}

/// Checks a counter sheet against its board.
pub fn check(source: &Source, sheet: &Counters, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    // The first counter of every set, in set order: its name and keys.
    let firsts: Vec<&Counter> = {
        let mut v: Vec<&Counter> = Vec::new();
        for c in &sheet.counters {
            if !v.iter().any(|f| f.set == c.set) {
                v.push(c);
            }
        }
        v
    };
    let first = |set: u32| firsts.get(set as usize).copied();
    let mut too_wide: BTreeMap<u32, Printed> = BTreeMap::new();
    for p in counters(doc) {
        for (text, width) in &p.texts {
            label_fits(source, first(p.set), text, *width, p.diameter, &mut out);
        }
        // A coin to toss stands on no square.
        let on_board = first(p.set).is_some_and(|f| f.on_board);
        if let Some(board) = &sheet.board
            && on_board
            && (p.ink + sheet.clearance).0 > board.space.clear().0 + SLACK
        {
            too_wide.insert(p.set, p);
        }
    }
    if let Some(board) = &sheet.board {
        for (set, p) in &too_wide {
            out.push(too_big(source, sheet, board, first(*set), p));
        }
    }
    out
}

/// A finding when `text` (`width` wide) does not fit across a counter of
/// diameter `d` inside its margins.
fn label_fits(source: &Source, first: Option<&Counter>, text: &str, width: Mm, d: Mm, out: &mut Vec<Finding>) {
    if width.0 <= (d - LABEL_MARGIN * 2.0).0 + SLACK {
        return;
    }
    let (set_name, key) = first.map_or(("?", SET), |c| (c.set.as_str(), c.key.as_str()));
    out.push(
        Finding::error(
            Code::CounterLabel,
            format!("label \"{text}\" of set \"{set_name}\" is {width} wide, more than its {d} counter holds"),
            source.locate(&format!("{key}.labels")),
        )
        .with_hint(format!(
            "shorten it or lower counter.label_size; it must be at most {} wide",
            d - LABEL_MARGIN * 2.0
        )),
    );
}
