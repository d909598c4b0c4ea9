//! The drawing pieces the Futbolchess board shares with its legend and the
//! role card: where the board lies and how its squares are shared out among
//! the roles ([`Grid`]), the hatching of the zones and the goal's net, and
//! the sizes of the marks, so the board, its legend and the card draw them
//! alike.

use crate::color::Color;
use crate::components::futbolchess_board::layout::Futbolchess;
use crate::geom::{Mm, Point, Rect, Transform};
use crate::scene::item::{Item, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{End, Tag, Zone};

/// The hatching of the zones that share the midfielders' squares (the areas
/// and the forwards' rows): stripes this wide, this far apart (centre to
/// centre, across them), at 45 degrees. Wide and pale enough to read as a
/// tint, with the midfielders' tint showing between them.
pub(crate) const HATCH_WIDTH: Mm = Mm(1.6);
/// See [`HATCH_WIDTH`].
pub(crate) const HATCH_STEP: Mm = Mm(4.0);
/// The kick-off ring, in squares across: the ball counter's size on the
/// shipped board (16 mm on 24 mm squares), so the ball sits in it.
pub(crate) const KICK_OFF_RING: f64 = 2.0 / 3.0;
/// Its line and dash (on, off): a dashed ring reads as "put something here",
/// not as a line of the pitch.
pub(crate) const KICK_OFF_WIDTH: Mm = Mm(0.5);
/// See [`KICK_OFF_WIDTH`].
pub(crate) const KICK_OFF_DASH: [Mm; 2] = [Mm(1.6), Mm(1.2)];
/// The goal's net: thin diagonal lines, so that it reads as a net and not as
/// more squares, and the line between the goal's two squares stands out.
pub(crate) const NET_STEP: Mm = Mm(3.0);
/// See [`NET_STEP`].
pub(crate) const NET_WIDTH: Mm = Mm(0.2);
/// How far towards white the net's ink is taken from the grid's.
const NET_LIGHTEN: f64 = 0.4;

/// Where the board lies in the canvas and how its rows are shared out among
/// the roles: what every part of the drawing, and the setup diagram, measure
/// from. Counts are in squares, as floats, so fractions of a square can be
/// asked for.
pub(crate) struct Grid {
    /// The top-left corner of square (0, 0).
    pub(crate) origin: Point,
    /// The side of a square.
    pub(crate) pitch: Mm,
    /// Squares across.
    pub(crate) cols: f64,
    /// Squares from goal line to goal line.
    pub(crate) rows: f64,
    /// Each area's width and depth.
    pub(crate) area: (f64, f64),
}

impl Grid {
    /// The board `p` with square (0, 0) at `origin`.
    pub(crate) fn new(p: &Futbolchess, origin: Point) -> Grid {
        let b = &p.board;
        Grid {
            origin,
            pitch: b.pitch,
            cols: b.columns as f64,
            rows: b.rows as f64,
            area: (b.area.0 as f64, b.area.1 as f64),
        }
    }

    /// The point `c` squares across and `r` squares down from the corner.
    pub(crate) fn at(&self, c: f64, r: f64) -> Point {
        Point {
            x: self.origin.x + self.pitch * c,
            y: self.origin.y + self.pitch * r,
        }
    }

    /// The rectangle from corner (`c0`, `r0`) to corner (`c1`, `r1`).
    pub(crate) fn rect(&self, c0: f64, r0: f64, c1: f64, r1: f64) -> Rect {
        Rect::from_corners(self.at(c0, r0), self.at(c1, r1))
    }

    /// The rows of one half: the halfway line's row.
    pub(crate) fn half(&self) -> f64 {
        self.rows / 2.0
    }

    /// The rows of the forwards' front part: the third of their half nearest
    /// the halfway line, in whole rows (2 of the shipped board's 6).
    pub(crate) fn front_rows(&self) -> f64 {
        (self.half() / 3.0).ceil()
    }

    /// The area at `end`: centred on the goal, on the goal line.
    pub(crate) fn area_rect(&self, end: End) -> Rect {
        let (aw, ad) = self.area;
        let left = (self.cols - aw) / 2.0;
        match end {
            End::Top => self.rect(left, 0.0, left + aw, ad),
            End::Bottom => self.rect(left, self.rows - ad, left + aw, self.rows),
        }
    }

    /// A placement zone of the half at `end`, as the rules define it: the
    /// midfielders' is every square of the half off the bands; the area is
    /// the keeper's and the central defenders'; the front part, bands
    /// included, the forwards' (the seed keeps only the midfielders off the
    /// bands).
    pub(crate) fn zone(&self, zone: Zone, end: End) -> Rect {
        let (cols, rows, half) = (self.cols, self.rows, self.half());
        let front = self.front_rows();
        match (zone, end) {
            (Zone::Midfield, End::Top) => self.rect(1.0, 0.0, cols - 1.0, half),
            (Zone::Midfield, End::Bottom) => self.rect(1.0, half, cols - 1.0, rows),
            (Zone::Area, _) => self.area_rect(end),
            (Zone::Front, End::Top) => self.rect(0.0, half - front, cols, half),
            (Zone::Front, End::Bottom) => self.rect(0.0, half, cols, half + front),
        }
    }

    /// The goal's squares at `end`, left to right: `goal` board squares side
    /// by side, centred, behind the goal line.
    pub(crate) fn goal_squares(&self, goal: u32, end: End) -> Vec<Rect> {
        let left = (self.cols - goal as f64) / 2.0;
        let (r0, r1) = match end {
            End::Top => (-1.0, 0.0),
            End::Bottom => (self.rows, self.rows + 1.0),
        };
        (0..goal)
            .map(|k| self.rect(left + k as f64, r0, left + k as f64 + 1.0, r1))
            .collect()
    }

    /// The square where the ball starts when the side defending `end`
    /// kicks off: in its half, against the halfway line, on the kicker's
    /// right of the centre spot (the page's right for the bottom side, who
    /// faces up; the page's left for the top side).
    pub(crate) fn kick_off(&self, end: End) -> Rect {
        let (c, half) = (self.cols / 2.0, self.half());
        match end {
            End::Top => self.rect(c - 1.0, half - 1.0, c, half),
            End::Bottom => self.rect(c, half, c + 1.0, half + 1.0),
        }
    }
}

/// Stripes at 45 degrees across `r`, `step` apart measured across them, each
/// cut at the rectangle's edges: the lines of a hatching (or a net), in the
/// direction `rising` (bottom-left to top-right) or falling.
pub fn hatch_lines(r: Rect, step: Mm, rising: bool) -> Vec<(Point, Point)> {
    // Along x, stripes of a 45-degree hatching are step * sqrt(2) apart.
    let dx = step.0 * std::f64::consts::SQRT_2;
    let (w, h) = (r.w.0, r.h.0);
    let mut out = Vec::new();
    // A stripe is y = x - k (falling, in page coordinates y grows down) or
    // y = -x + k (rising), relative to the rectangle's corner; k runs over
    // the values that cross it, starting half a step in.
    let mut k = -h + dx / 2.0;
    while k < w {
        // Where the line y = x - k meets the rectangle [0, w] x [0, h].
        let x0 = k.max(0.0);
        let x1 = (k + h).min(w);
        if x1 - x0 > 1e-9 {
            let (a, b) = if rising {
                ((x0, h - (x0 - k)), (x1, h - (x1 - k)))
            } else {
                ((x0, x0 - k), (x1, x1 - k))
            };
            out.push((
                Point::new(r.x.0 + a.0, r.y.0 + a.1),
                Point::new(r.x.0 + b.0, r.y.0 + b.1),
            ));
        }
        k += dx;
    }
    out
}

/// Lines at 45 degrees across `r`, cut to it (and clipped, so their ends
/// stay square), tagged `tag` and blamed on `key`: a hatching, or a net.
pub(crate) fn hatching(r: Rect, step: Mm, stroke: Stroke, rising: bool, tag: &Tag, key: &'static str) -> Item {
    let lines = hatch_lines(r, step, rising)
        .into_iter()
        .map(|(from, to)| {
            Item::new(Shape::Line { from, to }, Style::stroked(stroke.clone()), tag.clone()).from_key(key)
        })
        .collect();
    Item::new(
        Shape::Group {
            transform: Transform::IDENTITY,
            clip: Some(r),
            items: lines,
        },
        Style::default(),
        Tag::Decoration,
    )
}

/// The net's ink: the grid's, lightened, so the line between the goal's two
/// squares stands out from it.
pub(crate) fn net_colour(p: &Futbolchess) -> Color {
    p.style.grid_colour.mix(Color::WHITE, NET_LIGHTEN)
}
