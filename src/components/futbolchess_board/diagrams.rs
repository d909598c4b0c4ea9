//! The Futbolchess board's rule-sheet diagram: the line-up.
//!
//! The roles' letters are the role card's (the layout the rule sheet names
//! as `roles`), found by the move each role makes; where each role stands is
//! the game's, measured from the board's own zones.

use crate::components::futbolchess_board::art::Grid;
use crate::components::futbolchess_board::compose as futbolchess;
use crate::components::futbolchess_board::layout::Futbolchess;
use crate::components::futbolchess_board::moves::Move;
use crate::components::resolved::Roles;
use crate::compose::diagrams::{INK, window};
use crate::geom::{Mm, Point};
use crate::scene::item::Item;
use crate::scene::tag::Tag;
use crate::text::{Align, TextStyle};

/// The roles' letters, in points: small enough to sit inside a square
/// scaled to a column, above the 6 pt the checker calls too small.
const LABEL_PT: f64 = 7.0;
/// Board kept around the half on the sides and above the halfway line, in
/// squares: enough to show the outline whole.
const WINDOW_MARGIN: f64 = 0.1;
/// Board kept below the goal line, in squares: the goal's squares and its
/// crossbar.
const BELOW_GOAL_LINE: f64 = 1.1;
/// How far in front of the area the midfielders' letter stands, in squares:
/// in the zone's last row, clear of the area's letters.
const MIDFIELD_LABEL_LIFT: f64 = 0.4;
/// Where the full-backs' and the wingers' letters stand in each band, in
/// squares behind the halfway line: one above the other at the front of the
/// part of the band both may take.
const BAND_FRONT_LABELS: (f64, f64) = (0.6, 1.4);

/// The Futbolchess board's bottom half with its placement zones and the roles
/// that stand in each, lettered as `roles` letters them (none without it).
pub fn setup(f: &Futbolchess, width: Mm, roles: Option<&dyn Roles>) -> (Vec<Item>, Mm) {
    let canvas = futbolchess::pitch_canvas(f);
    let Some(c0) = canvas
        .items
        .iter()
        .find(|i| i.tag == Tag::Cell { col: 0, row: 0 })
        .and_then(Item::bbox)
    else {
        return (Vec::new(), Mm::ZERO);
    };
    let g = Grid::new(
        f,
        Point {
            x: c0.x + f.style.grid_width / 2.0,
            y: c0.y + f.style.grid_width / 2.0,
        },
    );
    let (cols, rows, half, ad) = (g.cols, g.rows, g.half(), g.area.1);
    let area = g.rect(
        -WINDOW_MARGIN,
        half - WINDOW_MARGIN,
        cols + WINDOW_MARGIN,
        rows + BELOW_GOAL_LINE,
    );
    let (group, t, h) = window(&canvas.items, area, width);
    let mut items = vec![group];
    // The letters of the roles making `moves`, as the card has them.
    let letters = |moves: &[Move]| -> String {
        let codes: Vec<&str> = moves
            .iter()
            .filter_map(|&m| roles.and_then(|r| r.letters_of(m.name())))
            .collect();
        codes.join(" · ")
    };
    let style = TextStyle::new(f.fonts.bold, LABEL_PT, INK);
    let mut label = |moves: &[Move], c: f64, r: f64| {
        let s = letters(moves);
        if !s.is_empty() {
            items.push(style.label(&s, t.apply(g.at(c, r)), Align::Centre));
        }
    };
    // The goalkeeper on its goal's right-hand square (as the role card has
    // it), the central defenders in the area, the midfielders in front of
    // it, the forwards on the square where one stands at kick-off: the
    // central square of the front row beside the ball's ring, in the centre
    // circle.
    label(&[Move::Keeper], cols / 2.0 + 0.5, rows + 0.5);
    label(&[Move::Forward], cols / 2.0, rows - ad / 2.0);
    label(&[Move::Queen], cols / 2.0, rows - ad - MIDFIELD_LABEL_LIFT);
    // The ball's ring is on the central square right of the centre spot
    // (art::Grid::kick_off): the forward stands on the one to its left.
    label(&[Move::King], cols / 2.0 - 0.5, half + 0.5);
    // In each band: the full-backs beside the area, and both the full-backs
    // and the wingers in front of it.
    for c in [0.5, cols - 0.5] {
        label(&[Move::Cross], c, rows - ad / 2.0);
        label(&[Move::Cross], c, half + BAND_FRONT_LABELS.0);
        label(&[Move::Diagonal], c, half + BAND_FRONT_LABELS.1);
    }
    (items, h)
}
