//! Die nets: six faces in a cross, pips that put 1 opposite 6, 2 opposite 5
//! and 3 opposite 4, and one glue tab on every seam the folded cube closes.
//!
//! Which edges meet when the net folds is found by rolling a cube over the
//! net: a face lands on each square in turn, and an edge of a square meets
//! the edge of another square when both lie between the same two cube faces.

use std::collections::{BTreeMap, VecDeque};

use crate::components::die_nets::layout::{DieNets, Text, name_key};
use crate::compose::heading::Heading;
use crate::geom::{Mm, Point, Rect};
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::text::{Align, TextStyle};

/// Line width of the faces' and tabs' outlines: the cut and fold lines.
const LINE_WIDTH: Mm = Mm(0.3);
/// Where the pips sit off a face's middle, as fractions of the face: on its
/// quarter lines, clear of the edges and of each other.
const PIP_NEAR: f64 = 0.25;
const PIP_FAR: f64 = 0.75;
/// A pip's radius, as a share of the face's side: six fit with room between.
const PIP_RADIUS: f64 = 0.09;
/// The die's name above its net: size, and the room it takes above the tabs.
const CAPTION_PT: f64 = 8.0;
const CAPTION_SPACE: Mm = Mm(8.0);
/// Space between nets, across and down: room to cut round the tabs.
const NET_GAP: Mm = Mm(12.0);
/// Width kept free when counting how many nets fit across the safe area.
const ROW_SLACK: Mm = Mm(16.0);
/// Space between the instructions and the first row of nets.
const NETS_TOP_GAP: Mm = Mm(10.0);

/// A side of a square: +x, -x, +y (down the page), -y.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    /// Right.
    Right,
    /// Left.
    Left,
    /// Down the page.
    Down,
    /// Up the page.
    Up,
}

impl Side {
    /// All four, in a fixed order.
    pub const ALL: [Side; 4] = [Side::Right, Side::Left, Side::Down, Side::Up];

    /// The neighbouring square's offset.
    pub fn step(self) -> (i32, i32) {
        match self {
            Side::Right => (1, 0),
            Side::Left => (-1, 0),
            Side::Down => (0, 1),
            Side::Up => (0, -1),
        }
    }
}

/// The net: squares at grid cells, each with the value it shows.
pub const NET: [((i32, i32), u32); 6] = [
    ((1, 0), 3),
    ((0, 1), 2),
    ((1, 1), 1),
    ((2, 1), 5),
    ((3, 1), 6),
    ((1, 2), 4),
];

/// A cube's orientation: which physical face is at the bottom, top, right,
/// left, down-page and up-page sides.
type Orientation = [u8; 6];

fn roll(o: Orientation, side: Side) -> Orientation {
    let [bottom, top, right, left, down, up] = o;
    match side {
        Side::Right => [right, left, top, bottom, down, up],
        Side::Left => [left, right, bottom, top, down, up],
        Side::Down => [down, up, right, left, top, bottom],
        Side::Up => [up, down, right, left, bottom, top],
    }
}

fn side_face(o: &Orientation, side: Side) -> u8 {
    match side {
        Side::Right => o[2],
        Side::Left => o[3],
        Side::Down => o[4],
        Side::Up => o[5],
    }
}

/// A square of the net, by its grid cell.
pub type Cell = (i32, i32);
/// One side of one square: an edge of the net.
pub type Edge = (Cell, Side);

/// The result of folding a net of unit squares.
#[derive(Clone, Debug, PartialEq)]
pub struct Fold {
    /// The physical cube face each square lands on.
    pub faces: BTreeMap<(i32, i32), u8>,
    /// The free edges, grouped by the cube edge they close: each seam is two
    /// (square, side) edges.
    pub seams: Vec<[Edge; 2]>,
}

/// Folds a net given as grid cells; `None` when the squares are not joined or
/// two land on the same cube face.
pub fn fold(cells: &[(i32, i32)]) -> Option<Fold> {
    let first = *cells.first()?;
    let mut orient: BTreeMap<(i32, i32), Orientation> = BTreeMap::new();
    orient.insert(first, [0, 1, 2, 3, 4, 5]);
    let mut queue = VecDeque::from([first]);
    while let Some(c) = queue.pop_front() {
        let o = orient[&c];
        for side in Side::ALL {
            let (dx, dy) = side.step();
            let n = (c.0 + dx, c.1 + dy);
            if cells.contains(&n) && !orient.contains_key(&n) {
                orient.insert(n, roll(o, side));
                queue.push_back(n);
            }
        }
    }
    if orient.len() != cells.len() {
        return None;
    }
    let faces: BTreeMap<(i32, i32), u8> = orient.iter().map(|(c, o)| (*c, o[0])).collect();
    let mut distinct: Vec<u8> = faces.values().copied().collect();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != cells.len() {
        return None;
    }
    let mut by_edge: BTreeMap<(u8, u8), Vec<Edge>> = BTreeMap::new();
    for (c, o) in &orient {
        for side in Side::ALL {
            let (dx, dy) = side.step();
            if cells.contains(&(c.0 + dx, c.1 + dy)) {
                continue;
            }
            let (a, b) = (o[0], side_face(o, side));
            by_edge.entry((a.min(b), a.max(b))).or_default().push((*c, side));
        }
    }
    let seams = by_edge
        .into_values()
        .filter_map(|v| (v.len() == 2).then(|| [v[0], v[1]]))
        .collect();
    Some(Fold { faces, seams })
}

/// Pip centres for a value, as fractions of the face.
fn pips(value: u32) -> Vec<(f64, f64)> {
    let (a, m, z) = (PIP_NEAR, 0.5, PIP_FAR);
    match value {
        1 => vec![(m, m)],
        2 => vec![(a, a), (z, z)],
        3 => vec![(a, a), (m, m), (z, z)],
        4 => vec![(a, a), (z, a), (a, z), (z, z)],
        5 => vec![(a, a), (z, a), (m, m), (a, z), (z, z)],
        _ => vec![(a, a), (z, a), (a, m), (z, m), (a, z), (z, z)],
    }
}

/// One die's net with its top-left grid corner at `o`.
fn net(n: &DieNets, die: u32, o: Point) -> Vec<Item> {
    let d = &n.dice[die as usize];
    let s = n.size;
    let cells: Vec<(i32, i32)> = NET.iter().map(|(c, _)| *c).collect();
    let square = |c: (i32, i32)| {
        Rect::from_origin_size(
            o.offset(s * c.0 as f64, s * c.1 as f64),
            crate::geom::Size { w: s, h: s },
        )
    };
    let line = Stroke::solid(LINE_WIDTH, n.line_colour);
    let mut items = Vec::new();
    // Tabs first, under the faces: one on the first edge of every seam.
    if let Some(folded) = fold(&cells) {
        for [(c, side), _] in folded.seams {
            let r = square(c);
            let (a, b, nx, ny) = match side {
                Side::Right => (
                    Point { x: r.right(), y: r.y },
                    Point {
                        x: r.right(),
                        y: r.bottom(),
                    },
                    1.0,
                    0.0,
                ),
                Side::Left => (Point { x: r.x, y: r.bottom() }, Point { x: r.x, y: r.y }, -1.0, 0.0),
                Side::Down => (
                    Point {
                        x: r.right(),
                        y: r.bottom(),
                    },
                    Point { x: r.x, y: r.bottom() },
                    0.0,
                    1.0,
                ),
                Side::Up => (Point { x: r.x, y: r.y }, Point { x: r.right(), y: r.y }, 0.0, -1.0),
            };
            let t = n.tab;
            let ux = (b.x - a.x).0 / s.0;
            let uy = (b.y - a.y).0 / s.0;
            // A trapezoid with 45-degree sides, so neighbouring tabs never collide.
            let points = vec![
                a,
                a.offset(t * nx + t * ux, t * ny + t * uy),
                b.offset(t * nx - t * ux, t * ny - t * uy),
                b,
            ];
            items.push(Item::new(
                Shape::Polyline { points, closed: true },
                Style {
                    stroke: Some(line.clone()),
                    fill: Some(n.tab_colour),
                },
                Tag::GlueTab { die },
            ));
        }
    }
    for (c, value) in NET {
        let r = square(c);
        items.push(Item::new(
            Shape::Rect(r),
            Style {
                stroke: Some(line.clone()),
                fill: Some(d.colour),
            },
            Tag::DieFace { die, value },
        ));
        for (fx, fy) in pips(value) {
            items.push(Item::new(
                Shape::Circle {
                    centre: Point {
                        x: r.x + s * fx,
                        y: r.y + s * fy,
                    },
                    radius: s * PIP_RADIUS,
                },
                Style::filled(d.pips),
                Tag::Pip { die, value },
            ));
        }
    }
    items
}

/// Composes the sheet: title, instructions, then the nets one under another.
pub fn compose(n: &DieNets) -> Document {
    let page = crate::sheet::place::place(&n.page, crate::geom::Size::new(1.0, 1.0));
    let size = page.paper.page_size();
    let safe = page.safe_area;
    let ink = Style::filled(n.line_colour);
    let mut items = Vec::new();
    let mut heading = Heading::new(safe, (&n.title, Text::KEY.title), ink, n.fonts, &mut items);
    heading.paragraph(&n.instructions, Text::KEY.instructions, &mut items);
    let (x0, y) = (heading.left(), heading.bottom());
    // Nets two to a row where they fit, each 4 x 3 faces plus tabs all round.
    let w = n.size * 4.0 + n.tab * 2.0;
    let h = n.size * 3.0 + n.tab * 2.0 + CAPTION_SPACE;
    let gap = NET_GAP;
    let per_row = (((safe.w - ROW_SLACK).0 + gap.0) / (w.0 + gap.0)).floor().max(1.0) as usize;
    let top = y + NETS_TOP_GAP;
    let caption_style = TextStyle::new(n.fonts.regular, CAPTION_PT, n.line_colour);
    for (i, die) in n.dice.iter().enumerate() {
        let (col, row) = (i % per_row, i / per_row);
        let corner = Point {
            x: x0 + (w + gap) * col as f64,
            y: top + (h + gap) * row as f64,
        };
        let caption = corner.offset(Mm::ZERO, n.fonts.regular.ascent(CAPTION_PT));
        items.push(
            caption_style
                .label(&die.name, caption, Align::Left)
                .from_key(name_key(i)),
        );
        items.extend(net(n, i as u32, corner.offset(n.tab, n.tab + CAPTION_SPACE)));
    }
    Document::new(n.title.clone(), vec![Page::new(size, safe, items)])
}
