//! The role card's rule-sheet diagram: every role's ball move.

use crate::components::role_card::compose as roles;
use crate::compose::diagrams::INK;
use crate::font::FontFace;
use crate::geom::{Mm, Point};
use crate::scene::item::{Item, Shape};
use crate::scene::style::Style;
use crate::scene::tag::Tag;
use crate::text::{self, Align};

/// The six roles' moves, two diagrams to a row.
pub fn role_moves(card: &crate::components::role_card::layout::RoleCard, width: Mm) -> (Vec<Item>, Mm) {
    let gap = Mm(6.0);
    let side_wanted = (width - gap) / 2.0;
    let square = side_wanted / card.window as f64;
    let mut small = card.clone();
    small.scale = (square.0 / card.board.board.pitch.0).min(card.scale);
    let side = small.square() * small.window as f64;
    let head = Mm(4.0);
    let mut items = Vec::new();
    let rows = card.roles.len().div_ceil(2);
    for (i, role) in card.roles.iter().enumerate() {
        let (c, r) = (i % 2, i / 2);
        let o = Point {
            x: (side + gap) * c as f64,
            y: (side + head + gap) * r as f64,
        };
        let run = text::line(
            &role.code,
            FontFace::SansBold,
            8.0,
            o.offset(Mm::ZERO, Mm(3.0)),
            Align::Left,
        );
        items.push(Item::new(Shape::Text(run), Style::filled(INK), Tag::Label));
        items.extend(roles::diagram(&small, i as u8, o.offset(Mm::ZERO, head)));
    }
    (items, (side + head + gap) * rows as f64)
}
