//! Rules for die nets, read from the scene: six equal squares that fold into a
//! cube (rolled over the printed net), opposite faces summing to seven, as many
//! pips as each face's value, and exactly one glue tab on every seam.

use std::collections::BTreeMap;

use crate::check::measure::{Measured, TOLERANCE, find};
use crate::components::die_nets::compose::{Side, fold};
use crate::components::die_nets::layout::DIE;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::{Point, Rect};
use crate::input::source::Source;
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// Faces of a die.
const FACES: usize = 6;
/// What opposite faces of a standard die add up to.
const OPPOSITE_SUM: u32 = 7;

/// Checks every die on the sheet.
pub fn check(source: &Source, doc: &Document, dice: usize) -> Vec<Finding> {
    let mut out = Vec::new();
    for die in 0..dice as u32 {
        if let Err(why) = check_die(doc, die) {
            out.push(
                Finding::error(
                    Code::DieNet,
                    format!("die {}: {why}", die + 1),
                    source.locate(&format!("{DIE}[{die}]")),
                )
                .with_hint("this is a bug in the net, not in the layout"),
            );
        }
    }
    out
}

fn check_die(doc: &Document, die: u32) -> Result<(), String> {
    let faces: Vec<(u32, Rect)> = find(doc, |t| matches!(t, Tag::DieFace { die: d, .. } if *d == die))
        .into_iter()
        .filter_map(|(item, m)| match (&item.tag, m) {
            (Tag::DieFace { value, .. }, Measured::Rect(r)) => Some((*value, r)),
            _ => None,
        })
        .collect();
    if faces.len() != FACES {
        return Err(format!("{} faces instead of {FACES}", faces.len()));
    }
    let s = faces[0].1.w;
    if faces
        .iter()
        .any(|(_, r)| (r.w - s).abs().0 > TOLERANCE || (r.h - s).abs().0 > TOLERANCE)
    {
        return Err("the faces are not equal squares".into());
    }
    let (x0, y0) = (
        faces.iter().map(|f| f.1.x.0).fold(f64::MAX, f64::min),
        faces.iter().map(|f| f.1.y.0).fold(f64::MAX, f64::min),
    );
    let mut cells: BTreeMap<(i32, i32), u32> = BTreeMap::new();
    for (value, r) in &faces {
        let (cx, cy) = ((r.x.0 - x0) / s.0, (r.y.0 - y0) / s.0);
        if (cx - cx.round()).abs() * s.0 > TOLERANCE || (cy - cy.round()).abs() * s.0 > TOLERANCE {
            return Err("the faces do not meet edge to edge".into());
        }
        cells.insert((cx.round() as i32, cy.round() as i32), *value);
    }
    let list: Vec<(i32, i32)> = cells.keys().copied().collect();
    let folded = fold(&list).ok_or("the net does not fold into a cube")?;
    // Physical faces 0-1, 2-3 and 4-5 are opposite.
    let value_of = |phys: u8| {
        folded
            .faces
            .iter()
            .find(|(_, p)| **p == phys)
            .map(|(c, _)| cells[c])
            .unwrap_or(0)
    };
    for pair in [(0, 1), (2, 3), (4, 5)] {
        if value_of(pair.0) + value_of(pair.1) != OPPOSITE_SUM {
            return Err(format!(
                "opposite faces show {} and {}",
                value_of(pair.0),
                value_of(pair.1)
            ));
        }
    }
    for (value, r) in &faces {
        let n = find(
            doc,
            |t| matches!(t, Tag::Pip { die: d, value: v } if *d == die && v == value),
        )
        .into_iter()
        .filter(|(_, m)| matches!(m, Measured::Circle(c, _) if r.contains_point(*c)))
        .count();
        if n != *value as usize {
            return Err(format!("the face showing {value} has {n} pips"));
        }
    }
    // Tabs: which edge each one hangs from.
    let mut tabbed: Vec<((i32, i32), Side)> = Vec::new();
    for (_, m) in find(doc, |t| matches!(t, Tag::GlueTab { die: d } if *d == die)) {
        let Measured::Points(ps) = m else { continue };
        let (Some(a), Some(b)) = (ps.first(), ps.last()) else {
            continue;
        };
        let mid = Point {
            x: (a.x + b.x) / 2.0,
            y: (a.y + b.y) / 2.0,
        };
        let hit = cells
            .keys()
            .flat_map(|c| Side::ALL.map(|side| (*c, side)))
            .find(|(c, side)| {
                let (cx, cy) = (x0 + s.0 * c.0 as f64, y0 + s.0 * c.1 as f64);
                let (ex, ey) = match side {
                    Side::Right => (cx + s.0, cy + s.0 / 2.0),
                    Side::Left => (cx, cy + s.0 / 2.0),
                    Side::Down => (cx + s.0 / 2.0, cy + s.0),
                    Side::Up => (cx + s.0 / 2.0, cy),
                };
                (mid.x.0 - ex).abs() <= TOLERANCE && (mid.y.0 - ey).abs() <= TOLERANCE
            });
        tabbed.push(hit.ok_or("a glue tab hangs from no face edge")?);
    }
    for seam in &folded.seams {
        let n = tabbed.iter().filter(|t| seam.contains(t)).count();
        if n != 1 {
            return Err(format!("a seam has {n} glue tabs; every seam needs one"));
        }
    }
    if tabbed.len() != folded.seams.len() {
        return Err(format!("{} glue tabs for {} seams", tabbed.len(), folded.seams.len()));
    }
    Ok(())
}
