//! The Futbolchess board's rule-sheet diagram: the line-up.

use crate::components::futbolchess_board::compose as futbolchess;
use crate::compose::diagrams::{INK, window};
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect};
use crate::scene::item::{Item, Shape};
use crate::scene::style::Style;
use crate::scene::tag::Tag;
use crate::text::{self, Align};

/// The Futbolchess board's bottom half with its placement zones and the roles
/// that stand in each.
pub fn setup(f: &crate::components::futbolchess_board::layout::Futbolchess, width: Mm) -> (Vec<Item>, Mm) {
    let canvas = futbolchess::canvas(f);
    let Some(c0) = canvas
        .items
        .iter()
        .find(|i| i.tag == Tag::Cell { col: 0, row: 0 })
        .and_then(Item::bbox)
    else {
        return (Vec::new(), Mm::ZERO);
    };
    let pitch = f.board.pitch;
    let o = Point {
        x: c0.x + f.style.grid_width / 2.0,
        y: c0.y + f.style.grid_width / 2.0,
    };
    let at = |c: f64, r: f64| Point {
        x: o.x + pitch * c,
        y: o.y + pitch * r,
    };
    let (cols, rows) = (f.board.columns as f64, f.board.rows as f64);
    let half = rows / 2.0;
    let area = Rect::from_corners(at(-0.1, half - 0.1), at(cols + 0.1, rows + 0.4));
    let (group, t, h) = window(&canvas.items, area, width);
    let mut items = vec![group];
    let ad = f.board.area.1 as f64;
    let front = (half / 3.0).ceil();
    let label = |s: &str, c: f64, r: f64| {
        let run = text::line(s, FontFace::SansBold, 7.0, t.apply(at(c, r)), Align::Centre);
        Item::new(Shape::Text(run), Style::filled(INK), Tag::Label)
    };
    items.push(label("POR · DF", cols / 2.0, rows - ad / 2.0));
    items.push(label("M", cols / 2.0, rows - ad - 0.4));
    items.push(label("DC", cols / 2.0, half + front / 2.0));
    for c in [0.5, cols - 0.5] {
        items.push(label("L", c, rows - ad / 2.0));
        items.push(label("L", c, half + 0.6));
        items.push(label("EX", c, half + 1.4));
    }
    (items, h)
}
