//! The duplex calibration sheet: on the front, three targets with rulers; on
//! the back, a heavy cross where each target's back should land. Held to the
//! light, the rulers read the printer's shift directly as the `back_offset`
//! to enter (the rulers' numbers are signed for the chosen flip).

use crate::components::duplex_calibration::layout::{Calibration, Text};
use crate::compose::heading::Heading;
use crate::font::FontFace;
use crate::geom::{Mm, Orientation, Paper, Point, Rect};
use crate::print::Flip;
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{Face, Tag};
use crate::sheet::marks::circle_path;
use crate::text::{self, Align};

/// Half the span of a ruler, in mm.
const RULER_SPAN: f64 = 5.0;
/// How far the rulers sit from their target's centre.
const RULER_GAP: Mm = Mm(9.0);

/// Where the targets are, as fractions of the page: the centre and two
/// opposite quadrants, so a skewed back shows as unequal readings.
const TARGETS: [(f64, f64); 3] = [(0.5, 0.55), (0.25, 0.35), (0.75, 0.8)];

/// Composes the front and back pages.
pub fn compose(c: &Calibration) -> Document {
    let paper = Paper {
        size: c.page.paper,
        orientation: Orientation::Portrait,
    };
    let size = paper.page_size();
    let safe = Rect::from_origin_size(Point::default(), size).inset(c.page.margin);
    let ink = Style::filled(c.colour);
    let line = |w: f64| Style::stroked(Stroke::solid(Mm(w), c.colour));
    let mut front = Vec::new();
    let mut heading = Heading::new(safe, &c.title, Text::KEY.title, ink.clone(), &mut front);
    heading.skip(Mm(4.0));
    for (i, step) in c.steps.iter().enumerate() {
        heading.paragraph(&format!("{}. {step}", i + 1), Text::KEY.steps, &mut front);
    }
    // The sign of each ruler: the reading is the offset to enter.
    let (sx, sy) = match c.duplex.flip {
        Flip::LongEdge => (1.0, -1.0),
        Flip::ShortEdge => (-1.0, 1.0),
    };
    let mut back = Vec::new();
    for (fx, fy) in TARGETS {
        let centre = Point {
            x: size.w * fx,
            y: size.h * fy,
        };
        // Front: a fine cross and ring.
        let mut cmds = circle_path(centre, Mm(1.5));
        cmds.extend([
            crate::scene::item::PathCmd::MoveTo(centre.offset(Mm(-6.0), Mm::ZERO)),
            crate::scene::item::PathCmd::LineTo(centre.offset(Mm(6.0), Mm::ZERO)),
            crate::scene::item::PathCmd::MoveTo(centre.offset(Mm::ZERO, Mm(-6.0))),
            crate::scene::item::PathCmd::LineTo(centre.offset(Mm::ZERO, Mm(6.0))),
        ]);
        front.push(Item::new(
            Shape::Path(cmds),
            line(0.15),
            Tag::CalibrationTarget { face: Face::Front },
        ));
        // Rulers: below for x, right of the target for y; ticks every 0.5 mm.
        for k in -(RULER_SPAN as i32 * 2)..=(RULER_SPAN as i32 * 2) {
            let d = Mm(k as f64 / 2.0);
            let long = k % 2 == 0;
            let len = if k % 4 == 0 {
                Mm(3.0)
            } else if long {
                Mm(2.0)
            } else {
                Mm(1.2)
            };
            let xt = centre.offset(d, RULER_GAP);
            front.push(Item::new(
                Shape::Line {
                    from: xt,
                    to: xt.offset(Mm::ZERO, len),
                },
                line(0.15),
                Tag::Decoration,
            ));
            let yt = centre.offset(RULER_GAP, d);
            front.push(Item::new(
                Shape::Line {
                    from: yt,
                    to: yt.offset(len, Mm::ZERO),
                },
                line(0.15),
                Tag::Decoration,
            ));
            if k % 4 == 0 {
                let v = k / 2;
                let label = |s: f64| format!("{}", (v as f64 * s) as i32);
                front.push(Item::new(
                    // Every other label a row lower, so neighbours 2 mm apart never touch.
                    Shape::Text(text::line(
                        &label(sx),
                        FontFace::Sans,
                        6.0,
                        xt.offset(
                            Mm::ZERO,
                            Mm(3.0)
                                + FontFace::Sans.cap_height(6.0)
                                + Mm(0.8)
                                + if k % 8 == 0 { Mm::ZERO } else { Mm(2.6) },
                        ),
                        Align::Centre,
                    )),
                    ink.clone(),
                    Tag::Label,
                ));
                front.push(Item::new(
                    Shape::Text(text::line(
                        &label(sy),
                        FontFace::Sans,
                        6.0,
                        yt.offset(Mm(3.8), FontFace::Sans.cap_height(6.0) / 2.0),
                        Align::Left,
                    )),
                    ink.clone(),
                    Tag::Label,
                ));
            }
        }
        front.push(Item::new(
            Shape::Text(text::line(
                "x",
                FontFace::SansBold,
                7.0,
                centre.offset(-Mm(RULER_SPAN) - Mm(3.0), RULER_GAP + Mm(2.5)),
                Align::Right,
            )),
            ink.clone(),
            Tag::Label,
        ));
        front.push(Item::new(
            Shape::Text(text::line(
                "y",
                FontFace::SansBold,
                7.0,
                centre.offset(RULER_GAP + Mm(1.0), -Mm(RULER_SPAN) - Mm(2.0)),
                Align::Left,
            )),
            ink.clone(),
            Tag::Label,
        ));
        // Back: a heavy cross where this target's back lands.
        let at = c.duplex.back_of_point(centre, size);
        let cmds = vec![
            crate::scene::item::PathCmd::MoveTo(at.offset(Mm(-4.0), Mm::ZERO)),
            crate::scene::item::PathCmd::LineTo(at.offset(Mm(4.0), Mm::ZERO)),
            crate::scene::item::PathCmd::MoveTo(at.offset(Mm::ZERO, Mm(-4.0))),
            crate::scene::item::PathCmd::LineTo(at.offset(Mm::ZERO, Mm(4.0))),
        ];
        back.push(Item::new(
            Shape::Path(cmds),
            line(0.6),
            Tag::CalibrationTarget { face: Face::Back },
        ));
    }
    Document {
        title: c.title.clone(),
        pages: vec![Page::new(size, safe, front), Page::new(size, safe, back)],
    }
}
