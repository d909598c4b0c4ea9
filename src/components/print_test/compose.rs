//! The print test sheet: numbered items whose fronts and backs show their
//! trim, a safe line, their bleed and a centre cross, so that a duplex print
//! held to the light shows at once whether backs land behind fronts.

use crate::components::print_test::layout::{PrintTest, Text};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::nup::{Art, impose};
use crate::text::{self, Align};

/// Distance of the safe line inside the trim: keep text inside it.
const SAFE_INSET: Mm = Mm(3.0);

/// A cross of two lines and a ring, centred at `c`.
fn cross(c: Point, arm: Mm, colour: Color) -> Vec<Item> {
    let s = Style::stroked(Stroke::solid(Mm(0.3), colour));
    vec![
        Item::new(
            Shape::Line {
                from: c.offset(-arm, Mm::ZERO),
                to: c.offset(arm, Mm::ZERO),
            },
            s.clone(),
            Tag::Decoration,
        ),
        Item::new(
            Shape::Line {
                from: c.offset(Mm::ZERO, -arm),
                to: c.offset(Mm::ZERO, arm),
            },
            s.clone(),
            Tag::Decoration,
        ),
        Item::new(
            Shape::Circle {
                centre: c,
                radius: arm / 2.0,
            },
            s,
            Tag::Decoration,
        ),
    ]
}

fn face(t: &PrintTest, n: u32, back: bool) -> Vec<Item> {
    let (w, h) = (t.size.w, t.size.h);
    let b = t.print.bleed;
    let (fill, ink, label) = if back {
        (t.back_colour, t.back_text_colour, &t.back)
    } else {
        (t.front_colour, t.text_colour, &t.front)
    };
    let mut items = vec![
        // The fill runs into the bleed, so a slightly missed cut shows no white edge.
        Item::new(
            Shape::Rect(Rect {
                x: -b,
                y: -b,
                w: w + b * 2.0,
                h: h + b * 2.0,
            }),
            Style::filled(fill),
            Tag::Decoration,
        ),
        Item::new(
            Shape::Rect(Rect::new(0.0, 0.0, w.0, h.0).inset(SAFE_INSET)),
            Style::stroked(Stroke {
                width: Mm(0.25),
                color: ink,
                dash: vec![Mm(1.5), Mm(1.0)],
            }),
            Tag::Decoration,
        ),
    ];
    let centre = Point { x: w / 2.0, y: h / 2.0 };
    items.extend(cross(centre, (w.min(h) / 6.0).min(Mm(8.0)), ink));
    let number = n.to_string();
    let size = 28.0;
    items.push(Item::new(
        Shape::Text(text::line(
            &number,
            FontFace::SansBold,
            size,
            Point {
                x: w / 2.0,
                y: h * 0.3 + FontFace::SansBold.cap_height(size) / 2.0,
            },
            Align::Centre,
        )),
        Style::filled(ink),
        Tag::Label,
    ));
    let caption = label.replace("{n}", &number);
    let caption_size = 8.0;
    items.push(
        Item::new(
            Shape::Text(text::line(
                &caption,
                FontFace::Sans,
                caption_size,
                Point {
                    x: w / 2.0,
                    y: h - SAFE_INSET - Mm(2.5),
                },
                Align::Centre,
            )),
            Style::filled(ink),
            Tag::Label,
        )
        .from_key(if back { Text::KEY.back } else { Text::KEY.front }),
    );
    items
}

/// Composes the test items and imposes them.
pub fn compose(t: &PrintTest) -> Document {
    let arts: Vec<Art> = (1..=t.count)
        .map(|n| Art {
            front: face(t, n, false),
            back: face(t, n, true),
        })
        .collect();
    Document {
        title: "print test sheet".to_string(),
        pages: impose(&arts, t.size, &t.print),
    }
}
