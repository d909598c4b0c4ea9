//! The path field's rule-sheet diagrams: a bounce and a dead end.

use crate::components::path_fields::compose as path_field;
use crate::compose::diagrams::{INK, OTHER, PATH, number};
use crate::geom::{Mm, Point, Transform};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;

/// Margin above the field, in squares: room for the top goal point.
const TOP_MARGIN: f64 = 1.2;
/// Height below the field's top line, beyond its rows, in squares: the goal
/// points and a little air.
const EXTRA_HEIGHT: f64 = 2.4;
/// Width of a pen line: heavier than the field's guides and boundary.
const PEN_WIDTH: Mm = Mm(0.7);
/// A bounce is ringed: radius and line width of the ring.
const RING_RADIUS: Mm = Mm(1.6);
const RING_WIDTH: Mm = Mm(0.4);
/// Step numbers: size in points and where they sit from their point (up and
/// to the right, off the line).
const NUMBER_PT: f64 = 7.0;
const NUMBER_OFFSET: (Mm, Mm) = (Mm(2.2), Mm(-2.2));
/// The cross on a dead end: half its size and its line width.
const CROSS_HALF: Mm = Mm(1.8);
const CROSS_WIDTH: Mm = Mm(0.6);

/// The path field: a bounce off the boundary, or a dead end.
pub fn field(p: &crate::components::path_fields::layout::PathFields, width: Mm, bounce: bool) -> (Vec<Item>, Mm) {
    let pitch = p.field.pitch;
    let cols = p.field.columns as f64;
    let rows = p.field.rows as f64;
    // The field at its printed size (smaller if the column is narrow), centred.
    let k = (width.0 / (pitch.0 * (cols + 2.0))).min(1.0);
    let o = Point {
        x: (width - pitch * cols * k) / 2.0,
        y: pitch * k * TOP_MARGIN,
    };
    let items_field = path_field::field(p, 0, Point::default());
    let t = Transform::scale(k, k).then(&Transform::translate(o.x, o.y));
    let mut items: Vec<Item> = items_field.into_iter().map(|i| i.mapped(&t)).collect();
    let pt = |x: f64, y: f64| {
        t.apply(Point {
            x: pitch * x,
            y: pitch * y,
        })
    };
    let pen = |pts: Vec<Point>, c: Color| {
        Item::new(
            Shape::Polyline {
                points: pts,
                closed: false,
            },
            Style::stroked(Stroke::solid(PEN_WIDTH, c)),
            Tag::Decoration,
        )
    };
    let ring = |at: Point| {
        Item::new(
            Shape::Circle {
                centre: at,
                radius: RING_RADIUS,
            },
            Style::stroked(Stroke::solid(RING_WIDTH, PATH)),
            Tag::Decoration,
        )
    };
    if bounce {
        // From the centre point right to the boundary (bounce), up along it
        // (bounce), back inside: the turn ends. Counted on the layout's field.
        let (mid_col, mid_row) = (p.field.columns / 2, (p.field.rows / 2) as f64);
        let mut path: Vec<(f64, f64)> = (mid_col..=p.field.columns).map(|i| (i as f64, mid_row)).collect();
        path.extend([(cols, mid_row - 1.0), (cols - 1.0, mid_row - 1.0)]);
        items.push(pen(path.iter().map(|&(x, y)| pt(x, y)).collect(), PATH));
        // The two bounces: where the path meets the boundary and where it turns back.
        let boundary = path.len() - 3;
        for &(x, y) in &path[boundary..boundary + 2] {
            items.push(ring(pt(x, y)));
        }
        for (n, &(x, y)) in path[1..].iter().enumerate() {
            items.push(number(
                n + 1,
                pt(x, y).offset(NUMBER_OFFSET.0, NUMBER_OFFSET.1),
                NUMBER_PT,
                PATH,
            ));
        }
    } else {
        // At the point one square in from the bottom-left corner: earlier lines
        // close three sides of it; the last step closes the fourth.
        let (r1, r2) = (rows - 1.0, rows - 2.0);
        items.push(pen(vec![pt(0.0, r2), pt(1.0, r2), pt(1.0, r1), pt(0.0, r1)], OTHER));
        items.push(pen(vec![pt(1.0, rows), pt(1.0, r1)], OTHER));
        items.push(pen(vec![pt(2.0, r2), pt(2.0, r1), pt(1.0, r1)], PATH));
        let c = pt(1.0, r1);
        let x = CROSS_HALF;
        for (a, b) in [(c.offset(-x, -x), c.offset(x, x)), (c.offset(-x, x), c.offset(x, -x))] {
            items.push(Item::new(
                Shape::Line { from: a, to: b },
                Style::stroked(Stroke::solid(CROSS_WIDTH, INK)),
                Tag::Decoration,
            ));
        }
    }
    let h = pitch * k * (rows + EXTRA_HEIGHT);
    (items, h)
}
