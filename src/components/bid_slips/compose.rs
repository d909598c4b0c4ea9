//! The league's paper extras: bid slips to fill in for the secret auctions, and
//! a league table sheet with a row per team.

use crate::components::bid_slips::layout::{Slip, Slips};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::nup::{Art, impose};
use crate::text::{self, Align};

fn txt(s: &str, face: FontFace, size: f64, at: Point, align: Align, colour: Color) -> Item {
    Item::new(
        Shape::Text(text::line(s, face, size, at, align)),
        Style::filled(colour),
        Tag::Label,
    )
}

/// One slip: a heading band, then a line to write on for each field.
fn slip(s: &Slip) -> Vec<Item> {
    let (w, h) = (s.size.w, s.size.h);
    let line = Style::stroked(Stroke::solid(Mm(0.3), s.ink));
    let band = Mm(9.0);
    let mut items = vec![
        Item::new(
            Shape::Rect(Rect::new(0.0, 0.0, w.0, h.0)),
            Style::stroked(Stroke::solid(Mm(0.4), s.ink)),
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
        txt(
            &s.title,
            FontFace::SansBold,
            10.0,
            Point {
                x: Mm(4.0),
                y: band - Mm(2.8),
            },
            Align::Left,
            Color::WHITE,
        )
        .from_key(Slip::KEY.title),
    ];
    let rows = s.fields.len().max(1) as f64;
    let row_h = (h - band - Mm(2.0)) / rows;
    for (k, field) in s.fields.iter().enumerate() {
        let y = band + Mm(2.0) + row_h * (k as f64 + 1.0) - Mm(2.0);
        items.push(
            txt(field, FontFace::Sans, 8.0, Point { x: Mm(4.0), y }, Align::Left, s.ink).from_key(Slip::KEY.fields),
        );
        let from = Point {
            x: Mm(4.0) + FontFace::Sans.measure(field, 8.0) + Mm(2.0),
            y,
        };
        let last = k + 1 == s.fields.len() && !s.unit.is_empty();
        let to_x = if last {
            w - Mm(4.0) - FontFace::Sans.measure(&s.unit, 8.0) - Mm(2.0)
        } else {
            w - Mm(4.0)
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
                txt(
                    &s.unit,
                    FontFace::SansBold,
                    8.0,
                    Point { x: w - Mm(4.0), y },
                    Align::Right,
                    s.ink,
                )
                .from_key(Slip::KEY.unit),
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
    Document {
        title: s.slip.title.clone(),
        pages: impose(&arts, s.slip.size, &s.print),
    }
}
