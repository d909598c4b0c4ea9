//! Bid slips to fill in for the league game's secret auctions: a coloured
//! heading band, a line for each field at the head (the coach, the round),
//! then a line for each bid (the player and the amount) in columns, and a
//! line to add them up on; imposed N-up.

use crate::color::Color;
use crate::components::bid_slips::layout::{Slip, Slips};
use crate::font::Fonts;
use crate::geom::{Mm, Point, Rect};
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::nup::{Art, impose, imposed};
use crate::text::{Align, TextStyle};

/// The slip's outline: a cut guide, heavier than the writing lines.
const OUTLINE: Mm = Mm(0.4);
/// The writing lines: firm enough to write along, lighter than the outline.
const WRITING_LINE: Mm = Mm(0.3);
/// The heading band's height: room for the title with a margin.
const BAND: Mm = Mm(9.0);
/// The title, in pt: read at a glance, inside the band.
const TITLE_PT: f64 = 10.0;
/// The title's baseline above the bottom of the band.
const TITLE_RISE: Mm = Mm(2.8);
/// Text and lines stand this far in from the slip's sides.
const SIDE: Mm = Mm(4.0);
/// The gap between a label and its line, and the room kept below the band
/// and under the last line.
const GAP: Mm = Mm(2.0);
/// The field labels and the unit, in pt.
const FIELD_PT: f64 = 8.0;

/// Between two columns of bid lines.
const COLUMN_GAP: Mm = Mm(8.0);
/// A bid's amount line: room for three digits by hand.
const AMOUNT_W: Mm = Mm(16.0);

/// A labelled line to write on from `x0` to `x1` on `y`, with `unit` after
/// it when not empty: the items, keyed for the checker.
fn field(
    s: &Slip,
    fonts: &Fonts,
    label: (&str, &'static str),
    unit: Option<(&str, &'static str)>,
    (x0, x1, y): (Mm, Mm, Mm),
    inside: Rect,
) -> Vec<Item> {
    let style = TextStyle::new(fonts.regular, FIELD_PT, s.ink);
    let mut items = vec![
        style
            .label(label.0, Point { x: x0, y }, Align::Left)
            .from_key(label.1)
            .within(inside),
    ];
    let from = x0 + fonts.regular.measure(label.0, FIELD_PT) + GAP;
    let to = match unit {
        Some((u, _)) if !u.is_empty() => x1 - fonts.regular.measure(u, FIELD_PT) - GAP,
        _ => x1,
    };
    items.push(Item::new(
        Shape::Line {
            from: Point { x: from, y },
            to: Point { x: to, y },
        },
        Style::stroked(Stroke::solid(WRITING_LINE, s.ink)),
        Tag::WritingLine,
    ));
    if let Some((u, key)) = unit.filter(|(u, _)| !u.is_empty()) {
        items.push(
            TextStyle::new(fonts.bold, FIELD_PT, s.ink)
                .label(u, Point { x: x1, y }, Align::Right)
                .from_key(key)
                .within(inside),
        );
    }
    items
}

/// The rows of writing lines a slip holds: the head's, one per row of bids,
/// and the total's.
pub fn rows(s: &Slip) -> usize {
    1 + (s.bids as usize).div_ceil(s.columns.max(1) as usize) + usize::from(!s.total.is_empty())
}

/// One slip: a heading band; the head's fields side by side, the first
/// twice as long as each other; the bids in columns, a player's line and
/// an amount's each; the total last, under the last column.
fn slip(s: &Slip, fonts: &Fonts) -> Vec<Item> {
    let (w, h) = (s.size.w, s.size.h);
    let band = BAND;
    let mut items = vec![
        Item::new(
            Shape::Rect(Rect::new(0.0, 0.0, w.0, h.0)),
            Style::stroked(Stroke::solid(OUTLINE, s.ink)),
            Tag::Decoration,
        ),
        Item::new(
            Shape::Rect(Rect {
                x: Mm::ZERO,
                y: Mm::ZERO,
                w,
                h: band,
            }),
            Style::filled(s.accent),
            Tag::Decoration,
        ),
        TextStyle::new(fonts.bold, TITLE_PT, Color::WHITE)
            .label(
                &s.title,
                Point {
                    x: SIDE,
                    y: band - TITLE_RISE,
                },
                Align::Left,
            )
            .from_key(Slip::KEY.title)
            .within(Rect {
                x: SIDE,
                y: Mm::ZERO,
                w: w - SIDE * 2.0,
                h: band,
            }),
    ];
    // Fields and units keep inside the slip's sides.
    let inside = Rect {
        x: SIDE,
        y: band,
        w: w - SIDE * 2.0,
        h: h - band,
    };
    let row_h = (h - band - GAP * 2.0) / rows(s) as f64;
    let line_y = |k: usize| band + GAP + row_h * (k as f64 + 1.0) - GAP;
    // The head: shares of the width, two for the first field.
    let shares = s.fields.len() as f64 + 1.0;
    let mut x = SIDE;
    for (k, name) in s.fields.iter().enumerate() {
        let share = if k == 0 { 2.0 } else { 1.0 };
        let end = (x + (inside.w + COLUMN_GAP) * (share / shares) - COLUMN_GAP).min(w - SIDE);
        items.extend(field(
            s,
            fonts,
            (name, Slip::KEY.fields),
            None,
            (x, end, line_y(0)),
            inside,
        ));
        x = end + COLUMN_GAP;
    }
    let columns = s.columns.max(1) as usize;
    let column_w = (inside.w - COLUMN_GAP * (columns as f64 - 1.0)) / columns as f64;
    let per_column = (s.bids as usize).div_ceil(columns);
    let unit = Some((s.unit.as_str(), Slip::KEY.unit));
    for b in 0..s.bids as usize {
        let (c, row) = (b / per_column, b % per_column);
        let x0 = SIDE + (column_w + COLUMN_GAP) * c as f64;
        let y = line_y(1 + row);
        let amount =
            AMOUNT_W + fonts.regular.measure(&s.bid, FIELD_PT) + GAP * 2.0 + fonts.regular.measure(&s.unit, FIELD_PT);
        let split = x0 + column_w - amount;
        items.extend(field(
            s,
            fonts,
            (&s.player, Slip::KEY.player),
            None,
            (x0, split - GAP * 2.0, y),
            inside,
        ));
        items.extend(field(
            s,
            fonts,
            (&s.bid, Slip::KEY.bid),
            unit,
            (split, x0 + column_w, y),
            inside,
        ));
    }
    if !s.total.is_empty() {
        let x0 = SIDE + (column_w + COLUMN_GAP) * (columns as f64 - 1.0);
        items.extend(field(
            s,
            fonts,
            (&s.total, Slip::KEY.total),
            unit,
            (x0, w - SIDE, line_y(rows(s) - 1)),
            inside,
        ));
    }
    items
}

/// Composes and imposes the slips.
pub fn compose_slips(s: &Slips) -> Document {
    let art = Art {
        front: slip(&s.slip, &s.fonts),
        back: Vec::new(),
        cut: Vec::new(),
    };
    let arts = vec![art; s.slip.count as usize];
    imposed(s.slip.title.clone(), impose(arts, s.slip.size, &s.print), &s.print)
}
