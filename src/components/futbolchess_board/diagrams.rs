//! The Futbolchess board's rule-sheet diagram: the line-up.
//!
//! The roles' letters are the role card's (the layout the rule sheet names
//! as `roles`), found by the place each role takes in the line-up
//! ([`Lineup`], which the role card answers); where each role stands is the
//! game's, measured from the board's own zones. The board names no type of
//! the card's: the card depends on the board it is drawn from, not the other
//! way round.

use crate::components::futbolchess_board::art::Grid;
use crate::components::futbolchess_board::compose as futbolchess;
use crate::components::futbolchess_board::layout::Futbolchess;
use crate::compose::diagrams::{INK, window};
use crate::font::FontFace;
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

/// A place in the Futbolchess line-up, where the board's zones put a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In goal.
    Keeper,
    /// In the area: the central defenders.
    CentralDefender,
    /// In front of the area.
    Midfielder,
    /// Beside the ball at kick-off.
    Forward,
    /// In a band, beside the area and in front of it.
    FullBack,
    /// In a band, in front of the area.
    Winger,
}

/// Who letters the line-up: the letters of the role that takes a place.
pub trait Lineup {
    /// The letters of the role at `place`, if the line-up has one.
    fn letters(&self, place: Place) -> Option<&str>;
}

/// The Futbolchess board's bottom half with its placement zones and the roles
/// that stand in each, lettered as `roles` letters them (none without it).
pub fn setup<R: Lineup>(f: &Futbolchess, width: Mm, roles: Option<&R>) -> (Vec<Item>, Mm) {
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
    // The letters of the roles at `places`, as the card has them.
    let letters = |places: &[Place]| -> String {
        let codes: Vec<&str> = places
            .iter()
            .filter_map(|&p| roles.and_then(|r| r.letters(p)))
            .collect();
        codes.join(" · ")
    };
    let style = TextStyle::new(FontFace::SansBold, LABEL_PT, INK);
    let mut label = |places: &[Place], c: f64, r: f64| {
        let s = letters(places);
        if !s.is_empty() {
            items.push(style.label(&s, t.apply(g.at(c, r)), Align::Centre));
        }
    };
    // The goalkeeper on its goal's right-hand square (as the role card has
    // it), the central defenders in the area, the midfielders in front of
    // it, the forwards on the square where one stands at kick-off: the
    // central square of the front row beside the ball's ring, in the centre
    // circle.
    label(&[Place::Keeper], cols / 2.0 + 0.5, rows + 0.5);
    label(&[Place::CentralDefender], cols / 2.0, rows - ad / 2.0);
    label(&[Place::Midfielder], cols / 2.0, rows - ad - MIDFIELD_LABEL_LIFT);
    // The ball's ring is on the central square right of the centre spot
    // (art::Grid::kick_off): the forward stands on the one to its left.
    label(&[Place::Forward], cols / 2.0 - 0.5, half + 0.5);
    // In each band: the full-backs beside the area, and both the full-backs
    // and the wingers in front of it.
    for c in [0.5, cols - 0.5] {
        label(&[Place::FullBack], c, rows - ad / 2.0);
        label(&[Place::FullBack], c, half + BAND_FRONT_LABELS.0);
        label(&[Place::Winger], c, half + BAND_FRONT_LABELS.1);
    }
    (items, h)
}
