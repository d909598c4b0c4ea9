//! Counter sheets: each counter a disc of its set's colour with its label (or
//! an emblem), the marked-out one ringed, a thin cut guide on its true edge,
//! and its back in the set's back colour; imposed N-up, one run per size.

use crate::color::Color;
use crate::components::counters::layout::{Counter, CounterTable, Counters, Emblem, KIND};
use crate::geom::{Mm, Point, Size};
use crate::scene::item::{Item, PathCmd, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::nup::{Art, grid, impose_slots, imposed};
use crate::text::{Align, TextStyle};

/// Colour of the cut guide: visible on light and dark discs alike.
const GUIDE: Color = Color::rgb(0x80, 0x80, 0x80);
/// Width of the cut guide: a hairline, so the cut takes it away.
const GUIDE_WIDTH: Mm = Mm(0.15);
/// The marked-out counter's ring: a broad band just inside the edge, so the
/// goalkeeper stands out across the table. How far in its centre line runs,
/// and its width.
const RING_INSET: Mm = Mm(1.6);
const RING_WIDTH: Mm = Mm(1.8);
/// The ball emblem's pentagon, as a share of the counter's diameter (centre
/// to corner).
const BALL_PENTAGON: f64 = 0.18;
/// How far the ball's seams reach from the centre, as a share of the
/// diameter: short of the rim, inside the ring.
const BALL_SEAM_REACH: f64 = 0.40;
/// Width of the ball's seams.
const BALL_SEAM_WIDTH: Mm = Mm(0.5);

/// The front and back of one counter, centred in its `d` x `d` trim square.
fn art(c: &Counter, set: u32, sheet: &Counters, bleed: Mm) -> Art {
    let d = c.diameter;
    let centre = Point { x: d / 2.0, y: d / 2.0 };
    let disc = |fill: Color| {
        Item::new(
            Shape::Circle {
                centre,
                radius: d / 2.0 + bleed,
            },
            Style::filled(fill),
            Tag::Decoration,
        )
        .from_key(c.diameter_key.clone())
    };
    let edge = Item::new(
        Shape::Circle {
            centre,
            radius: d / 2.0,
        },
        if sheet.cut_guide {
            Style::stroked(Stroke::solid(GUIDE_WIDTH, GUIDE))
        } else {
            Style::default()
        },
        Tag::Counter { set, index: c.index },
    )
    .from_key(CounterTable::KEY.cut_guide);
    let label = |text: &str, colour: Color, key: String| {
        let cap = sheet.fonts.bold.cap_height(sheet.label_size);
        TextStyle::new(sheet.fonts.bold, sheet.label_size, colour)
            .label(text, centre.offset(Mm::ZERO, cap / 2.0), Align::Centre)
            .from_key(key)
            .styled_by(CounterTable::KEY.label_size)
    };
    let mut front = vec![disc(c.fill)];
    if let Some(ring) = c.ring {
        // A broad ring inside the edge: the goalkeeper stands out across the table.
        front.push(Item::new(
            Shape::Circle {
                centre,
                radius: d / 2.0 - RING_INSET,
            },
            Style::stroked(Stroke::solid(RING_WIDTH, ring)),
            Tag::Decoration,
        ));
    }
    if c.emblem == Some(Emblem::Ball) {
        front.extend(ball(centre, d, c.ink));
    }
    if !c.label.is_empty() {
        front.push(label(&c.label, c.ink, c.label_key.clone()));
    }
    front.push(edge.clone());
    let mut back = Vec::new();
    if let Some(fill) = c.back {
        back.push(disc(fill));
        if !c.back_label.is_empty() {
            back.push(label(&c.back_label, c.ink, format!("{}.back_label", c.key)));
        }
        back.push(edge);
    }
    Art {
        front,
        back,
        cut: Vec::new(),
    }
}

/// A football emblem: a central pentagon and five seams to the rim.
fn ball(c: Point, d: Mm, ink: Color) -> Vec<Item> {
    let r = d * BALL_PENTAGON;
    // The first corner straight up, the others a fifth of a turn apart.
    let vertex = |k: u32, radius: Mm| {
        let a = (-90.0 + 72.0 * k as f64).to_radians();
        c.offset(radius * a.cos(), radius * a.sin())
    };
    let mut cmds = vec![PathCmd::MoveTo(vertex(0, r))];
    cmds.extend((1..5).map(|k| PathCmd::LineTo(vertex(k, r))));
    cmds.push(PathCmd::Close);
    let mut out = vec![Item::new(Shape::Path(cmds), Style::filled(ink), Tag::Decoration)];
    for k in 0..5 {
        out.push(Item::new(
            Shape::Line {
                from: vertex(k, r),
                to: vertex(k, d * BALL_SEAM_REACH),
            },
            Style::stroked(Stroke::solid(BALL_SEAM_WIDTH, ink)),
            Tag::Decoration,
        ));
    }
    out
}

/// Composes and imposes the sheet. Every counter takes a slot the size of
/// the largest, centred in it, so all sizes share one sheet; each set starts
/// on a new row.
pub fn compose(sheet: &Counters) -> Document {
    let mut sets: Vec<&str> = Vec::new();
    for c in &sheet.counters {
        if !sets.contains(&c.set.as_str()) {
            sets.push(&c.set);
        }
    }
    let largest = sheet.counters.iter().map(|c| c.diameter).fold(Mm::ZERO, Mm::max);
    let trim = Size { w: largest, h: largest };
    let columns = grid(trim, &sheet.print).columns.max(1) as usize;
    let arts: Vec<(usize, Art)> = sheet
        .counters
        .iter()
        .map(|c| {
            let set = sets.iter().position(|s| *s == c.set).unwrap_or(0);
            let a = art(c, set as u32, sheet, sheet.print.bleed);
            let inset = (largest - c.diameter) / 2.0;
            let centre = |items: Vec<Item>| items.into_iter().map(|i| i.translated(inset, inset)).collect();
            (
                set,
                Art {
                    front: centre(a.front),
                    back: centre(a.back),
                    // A machine cuts the disc, not the square slot around it.
                    cut: crate::sheet::marks::circle_path(
                        Point {
                            x: largest / 2.0,
                            y: largest / 2.0,
                        },
                        c.diameter / 2.0,
                    ),
                },
            )
        })
        .collect();
    let mut slots: Vec<Option<Art>> = Vec::new();
    let mut previous = None;
    for (set, a) in arts {
        if previous.is_some_and(|p| p != set) && !slots.len().is_multiple_of(columns) {
            slots.resize_with(slots.len().next_multiple_of(columns), || None);
        }
        previous = Some(set);
        slots.push(Some(a));
    }
    // The sheet is named by its kind: its sets have titles of their own.
    imposed(KIND, impose_slots(slots, trim, &sheet.print, 0), &sheet.print)
}
