//! Bid slips to fill in for the league game's secret auctions: a coloured
//! heading band, then a labelled line to write on for each field, imposed N-up.

use crate::components::bid_slips::layout::{Slip, Slips};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::color::Color;
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

/// One slip: a heading band, then a line to write on for each field.
fn slip(s: &Slip) -> Vec<Item> {
    let (w, h) = (s.size.w, s.size.h);
    let line = Style::stroked(Stroke::solid(WRITING_LINE, s.ink));
    let band = BAND;
    let field_style = TextStyle::new(FontFace::Sans, FIELD_PT, s.ink);
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
        TextStyle::new(FontFace::SansBold, TITLE_PT, Color::WHITE)
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
    // Fields and the unit keep inside the slip's sides.
    let inside = Rect {
        x: SIDE,
        y: band,
        w: w - SIDE * 2.0,
        h: h - band,
    };
    let rows = s.fields.len().max(1) as f64;
    let row_h = (h - band - GAP) / rows;
    for (k, field) in s.fields.iter().enumerate() {
        let y = band + GAP + row_h * (k as f64 + 1.0) - GAP;
        items.push(
            field_style
                .label(field, Point { x: SIDE, y }, Align::Left)
                .from_key(Slip::KEY.fields)
                .within(inside),
        );
        let from = Point {
            x: SIDE + FontFace::Sans.measure(field, FIELD_PT) + GAP,
            y,
        };
        let last = k + 1 == s.fields.len() && !s.unit.is_empty();
        let to_x = if last {
            w - SIDE - FontFace::Sans.measure(&s.unit, FIELD_PT) - GAP
        } else {
            w - SIDE
        };
        items.push(Item::new(
            Shape::Line {
                from,
                to: Point { x: to_x, y },
            },
            line.clone(),
            Tag::WritingLine,
        ));
        if last {
            items.push(
                TextStyle::new(FontFace::SansBold, FIELD_PT, s.ink)
                    .label(&s.unit, Point { x: w - SIDE, y }, Align::Right)
                    .from_key(Slip::KEY.unit)
                    .within(inside),
            );
        }
    }
    items
}

/// Composes and imposes the slips.
pub fn compose_slips(s: &Slips) -> Document {
    let art = Art {
        front: slip(&s.slip),
        back: Vec::new(),
    };
    let arts = vec![art; s.slip.count as usize];
    imposed(s.slip.title.clone(), impose(arts, s.slip.size, &s.print), &s.print)
}
