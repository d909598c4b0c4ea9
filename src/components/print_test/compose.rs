//! The print test sheet: numbered items whose fronts and backs show their
//! trim, a safe line, their bleed and a centre cross, so that a duplex print
//! held to the light shows at once whether backs land behind fronts.

use crate::color::Color;
use crate::components::print_test::layout::{PrintTest, Text};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::nup::{Art, impose, imposed};
use crate::text::{Align, TextStyle};

/// Distance of the safe line inside the trim: keep text inside it.
const SAFE_INSET: Mm = Mm(3.0);
/// The safe line: thin and dashed, so it reads as a guide, not a cut.
const SAFE_LINE_WIDTH: Mm = Mm(0.25);
const SAFE_LINE_DASH: [Mm; 2] = [Mm(1.5), Mm(1.0)];
/// Line width of the centre cross and its ring: heavy enough to see through
/// the paper against the back's.
const CROSS_WIDTH: Mm = Mm(0.3);
/// The cross's arm is the item's smaller side divided by this, up to
/// [`CROSS_ARM_MAX`]: it stays clear of the number and the caption.
const CROSS_ARM_DIVISOR: f64 = 6.0;
const CROSS_ARM_MAX: Mm = Mm(8.0);
/// The item's number: big, to tell fronts and backs apart at a glance.
const NUMBER_PT: f64 = 28.0;
/// Where the number's middle sits, as a share of the item's height: in the
/// upper part, above the cross.
const NUMBER_HEIGHT: f64 = 0.3;
/// The caption's size.
const CAPTION_PT: f64 = 8.0;
/// Space between the caption's baseline and the safe line.
const CAPTION_GAP: Mm = Mm(2.5);

/// A cross of two lines and a ring, centred at `c`.
fn cross(c: Point, arm: Mm, colour: Color) -> Vec<Item> {
    let s = Style::stroked(Stroke::solid(CROSS_WIDTH, colour));
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
                width: SAFE_LINE_WIDTH,
                color: ink,
                dash: SAFE_LINE_DASH.to_vec(),
            }),
            Tag::Decoration,
        ),
    ];
    let centre = Point { x: w / 2.0, y: h / 2.0 };
    items.extend(cross(centre, (w.min(h) / CROSS_ARM_DIVISOR).min(CROSS_ARM_MAX), ink));
    let number = n.to_string();
    let at = Point {
        x: w / 2.0,
        y: h * NUMBER_HEIGHT + FontFace::SansBold.cap_height(NUMBER_PT) / 2.0,
    };
    // Words and number stay inside the dashed safe line, clear of a cut.
    let safe = Rect::new(0.0, 0.0, w.0, h.0).inset(SAFE_INSET);
    items.push(
        TextStyle::new(FontFace::SansBold, NUMBER_PT, ink)
            .label(&number, at, Align::Centre)
            .within(safe),
    );
    let caption = label.replace("{n}", &number);
    let at = Point {
        x: w / 2.0,
        y: h - SAFE_INSET - CAPTION_GAP,
    };
    items.push(
        TextStyle::new(FontFace::Sans, CAPTION_PT, ink)
            .label(&caption, at, Align::Centre)
            .from_key(if back { Text::KEY.back } else { Text::KEY.front })
            .within(safe),
    );
    items
}

/// Composes the test items and imposes them.
pub fn compose(t: &PrintTest) -> Document {
    let arts: Vec<Art> = (1..=t.count)
        .map(|n| Art {
            front: face(t, n, false),
            back: face(t, n, true),
            cut: Vec::new(),
        })
        .collect();
    imposed("print test sheet", impose(arts, t.size, &t.print), &t.print)
}
