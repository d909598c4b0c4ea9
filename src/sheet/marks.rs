//! Printer's marks: registration crosses, crop marks, cut lines and hatching.

use crate::color::Color;
use crate::geom::{KAPPA, Mm, Point, Rect};
use crate::scene::item::{Item, PathCmd, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;

/// Radius of a registration mark's circle.
pub const REGISTRATION_RADIUS: Mm = Mm(2.0);
/// Half the length of a registration mark's cross arms.
pub const REGISTRATION_ARM: Mm = Mm(3.5);
/// The colour of printer's marks: black registers on any paper.
pub const MARK_COLOUR: Color = Color::BLACK;
/// The width of printer's marks.
pub const MARK_WIDTH: Mm = Mm(0.2);
/// The grey of hatched glue zones (a tiled piece's strips, a gutter-fold
/// sheet's frame): seen at once, never taken for art.
pub const GLUE_COLOUR: Color = Color::rgb(0x9a, 0x9a, 0x9a);
/// The step of a glue zone's hatching.
pub const GLUE_HATCH: Mm = Mm(3.0);

/// The path of a circle as four cubic arcs.
pub fn circle_path(c: Point, r: Mm) -> Vec<PathCmd> {
    let k = r * KAPPA;
    let p = |dx: Mm, dy: Mm| c.offset(dx, dy);
    vec![
        PathCmd::MoveTo(p(r, Mm::ZERO)),
        PathCmd::CubicTo(p(r, k), p(k, r), p(Mm::ZERO, r)),
        PathCmd::CubicTo(p(-k, r), p(-r, k), p(-r, Mm::ZERO)),
        PathCmd::CubicTo(p(-r, -k), p(-k, -r), p(Mm::ZERO, -r)),
        PathCmd::CubicTo(p(k, -r), p(r, -k), p(r, Mm::ZERO)),
        PathCmd::Close,
    ]
}

/// A registration mark centred at `c`: a circle and a cross, one item so that
/// its box's centre is the mark's centre.
pub fn registration(c: Point) -> Item {
    let a = REGISTRATION_ARM;
    let mut cmds = circle_path(c, REGISTRATION_RADIUS);
    cmds.extend([
        PathCmd::MoveTo(c.offset(-a, Mm::ZERO)),
        PathCmd::LineTo(c.offset(a, Mm::ZERO)),
        PathCmd::MoveTo(c.offset(Mm::ZERO, -a)),
        PathCmd::LineTo(c.offset(Mm::ZERO, a)),
    ]);
    Item::new(
        Shape::Path(cmds),
        Style::stroked(Stroke::solid(MARK_WIDTH, MARK_COLOUR)),
        Tag::RegistrationMark,
    )
}

/// A straight printer's mark (crop mark or cut line).
pub fn line(from: Point, to: Point, tag: Tag) -> Item {
    Item::new(
        Shape::Line { from, to },
        Style::stroked(Stroke::solid(MARK_WIDTH, MARK_COLOUR)),
        tag,
    )
}

/// Diagonal hatching clipped to `area`, as one group tagged `tag`.
pub fn hatch(area: Rect, step: Mm, colour: Color, tag: Tag) -> Item {
    let mut lines = Vec::new();
    let span = area.w + area.h;
    let mut d = Mm::ZERO;
    while d.0 <= span.0 {
        let from = Point {
            x: area.x + d,
            y: area.y,
        };
        let to = Point {
            x: area.x + d - area.h,
            y: area.bottom(),
        };
        lines.push(Item::new(
            Shape::Line { from, to },
            Style::stroked(Stroke::solid(Mm(0.2), colour)),
            Tag::Decoration,
        ));
        d += step;
    }
    Item::new(
        Shape::Group {
            transform: crate::geom::Transform::IDENTITY,
            clip: Some(area),
            items: lines,
        },
        Style::default(),
        tag,
    )
}
