//! The path field's rule-sheet diagrams: a bounce and a dead end.

use crate::components::path_fields::compose as path_field;
use crate::compose::diagrams::{INK, OTHER, PATH, number};
use crate::geom::{Mm, Point, Transform};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;

/// The path field: a bounce off the boundary, or a dead end.
pub fn field(p: &crate::components::path_fields::layout::PathFields, width: Mm, bounce: bool) -> (Vec<Item>, Mm) {
    let pitch = p.field.pitch;
    let cols = p.field.columns as f64;
    let rows = p.field.rows as f64;
    // The field at its printed size (smaller if the column is narrow), centred.
    let k = (width.0 / (pitch.0 * (cols + 2.0))).min(1.0);
    let o = Point {
        x: (width - pitch * cols * k) / 2.0,
        y: pitch * k * 1.2,
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
            Style::stroked(Stroke::solid(Mm(0.7), c)),
            Tag::Decoration,
        )
    };
    let ring = |at: Point| {
        Item::new(
            Shape::Circle {
                centre: at,
                radius: Mm(1.6),
            },
            Style::stroked(Stroke::solid(Mm(0.4), PATH)),
            Tag::Decoration,
        )
    };
    if bounce {
        // Right to the boundary (bounce), up along it (bounce), back inside: the turn ends.
        let path = [(3.0, 4.0), (4.0, 4.0), (5.0, 4.0), (6.0, 4.0), (6.0, 3.0), (5.0, 3.0)];
        items.push(pen(path.iter().map(|&(x, y)| pt(x, y)).collect(), PATH));
        for &(x, y) in &path[3..5] {
            items.push(ring(pt(x, y)));
        }
        for (n, &(x, y)) in path[1..].iter().enumerate() {
            items.push(number(n + 1, pt(x, y).offset(Mm(2.2), Mm(-2.2)), 7.0, PATH));
        }
    } else {
        // Earlier lines close three sides of a point; the last step closes the fourth.
        items.push(pen(vec![pt(0.0, 6.0), pt(1.0, 6.0), pt(1.0, 7.0), pt(0.0, 7.0)], OTHER));
        items.push(pen(vec![pt(1.0, 8.0), pt(1.0, 7.0)], OTHER));
        items.push(pen(vec![pt(2.0, 6.0), pt(2.0, 7.0), pt(1.0, 7.0)], PATH));
        let c = pt(1.0, 7.0);
        let x = Mm(1.8);
        for (a, b) in [(c.offset(-x, -x), c.offset(x, x)), (c.offset(-x, x), c.offset(x, -x))] {
            items.push(Item::new(
                Shape::Line { from: a, to: b },
                Style::stroked(Stroke::solid(Mm(0.6), INK)),
                Tag::Decoration,
            ));
        }
    }
    let h = pitch * k * (rows + 2.4);
    (items, h)
}
