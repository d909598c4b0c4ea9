//! The role card's rule-sheet diagram: every role's ball move.

use crate::components::role_card::compose as roles;
use crate::components::role_card::layout::RoleCard;
use crate::compose::diagrams::INK;
use crate::geom::{Mm, Point};
use crate::scene::item::Item;
use crate::text::{Align, TextStyle};

/// Diagrams across the column: three, in two rows, so that the figure
/// takes a third of a column and the rules, with their "if in doubt"
/// section, keep to two A4 or Letter pages (one A3); each 7-square window
/// is still 25 mm across.
const COLUMNS: usize = 3;
/// Between two diagrams, across and down.
const GAP: Mm = Mm(6.0);
/// Above each diagram: room for the role's letters.
const HEAD: Mm = Mm(4.0);
/// The role's letters over its diagram, in points.
const CODE_PT: f64 = 8.0;
/// From the top of a diagram's head to the letters' baseline.
const CODE_BASELINE: Mm = Mm(3.0);

/// The roles' moves, [`COLUMNS`] diagrams to a row, each as big as the column allows
/// and never bigger than on the card.
pub fn role_moves(card: &RoleCard, width: Mm) -> (Vec<Item>, Mm) {
    let side_wanted = (width - GAP * (COLUMNS - 1) as f64) / COLUMNS as f64;
    let square = side_wanted / card.window as f64;
    let mut small = card.clone();
    small.scale = (square.0 / card.board.board.pitch.0).min(card.scale);
    let side = small.square() * small.window as f64;
    let code = TextStyle::new(card.fonts.bold, CODE_PT, INK);
    let mut items = Vec::new();
    let rows = card.roles.len().div_ceil(COLUMNS);
    for (i, role) in card.roles.iter().enumerate() {
        let (c, r) = (i % COLUMNS, i / COLUMNS);
        let o = Point {
            x: (side + GAP) * c as f64,
            y: (side + HEAD + GAP) * r as f64,
        };
        items.push(code.label(&role.code, o.offset(Mm::ZERO, CODE_BASELINE), Align::Left));
        items.extend(roles::diagram(&small, i as u8, o.offset(Mm::ZERO, HEAD)));
    }
    (items, (side + HEAD + GAP) * rows as f64)
}
