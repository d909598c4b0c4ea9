//! The board's legend: a swatch and a few words for every tint and mark that
//! tells a player where to set up (the bands, the midfielders' tint, the
//! hatched areas and forwards' rows, the goal, the kick-off ring).
//!
//! It stands beside the bottom goal, in the space the goals already take
//! below the pitch: the board needs no more paper for it, and a tiled board
//! carries it on its bottom pieces like any other part of the board.

use crate::components::futbolchess_board::art::{
    Grid, HATCH_STEP, HATCH_WIDTH, KICK_OFF_DASH, KICK_OFF_WIDTH, NET_WIDTH, hatching, net_colour,
};
use crate::components::futbolchess_board::layout::{self, Futbolchess};
use crate::geom::{Mm, Point, Rect};
use crate::scene::item::{Item, PathCmd, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::{End, Tag};
use crate::text::{self, Align, TextStyle};

/// A swatch's side: big enough to show a few stripes of a hatching.
const SWATCH: Mm = Mm(6.0);
/// Between a swatch and its words.
const SWATCH_GAP: Mm = Mm(1.5);
/// Between the goal and the legend beside it, and between the goal line and
/// the legend's first entry: clear of the posts and the outline.
const GAP: Mm = Mm(3.0);
/// Between one entry and the next, down a column.
const ENTRY_GAP: Mm = Mm(1.2);
/// Between the words' baselines, as a multiple of their size.
const LEADING: f64 = 1.2;
/// The net in a goal swatch: as on the board, closer set for the small square.
const SWATCH_NET_STEP: Mm = Mm(1.5);
/// The kick-off ring in its swatch, as a fraction of the swatch.
const SWATCH_RING: f64 = 0.8;

/// What an entry explains, and so how its swatch is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum What {
    Band,
    Midfield,
    Area,
    Front,
    Goal,
    KickOff,
}

/// The entries the board needs, in reading order, each with its words and
/// the key that sets them: the zones' only when they are tinted, and none
/// whose words are empty.
fn entries(p: &Futbolchess) -> Vec<(What, &str, &'static str)> {
    let l = &p.legend;
    let k = layout::Legend::KEY;
    let mut out = vec![(What::Band, l.bands.as_str(), k.bands)];
    if p.board.zones {
        out.push((What::Midfield, l.midfielders.as_str(), k.midfielders));
        out.push((What::Area, l.keeper_area.as_str(), k.keeper_area));
        out.push((What::Front, l.forwards.as_str(), k.forwards));
    }
    out.push((What::Goal, l.goal_squares.as_str(), k.goal_squares));
    out.push((What::KickOff, l.kick_off.as_str(), k.kick_off));
    out.retain(|(_, words, _)| !words.trim().is_empty());
    out
}

/// The legend in two columns beside the bottom goal: the first half of the
/// entries on its left, the rest on its right.
pub(crate) fn legend(p: &Futbolchess, g: &Grid) -> Vec<Item> {
    let entries = entries(p);
    let squares = g.goal_squares(p.board.goal, End::Bottom);
    let (Some(first), Some(last)) = (squares.first(), squares.last()) else {
        return Vec::new();
    };
    let goal = first.union(last);
    let board = g.rect(0.0, 0.0, g.cols, g.rows);
    let top = board.bottom() + GAP;
    let columns = [(board.x, goal.x - GAP), (goal.right() + GAP, board.right())];
    let on_left = entries.len().div_ceil(2);
    let words = TextStyle::new(p.fonts.regular, p.legend.size, p.style.text_colour);
    let leading = Mm::from_pt(p.legend.size * LEADING);
    let mut items = Vec::new();
    let mut y = [top, top];
    for (i, (what, label, key)) in entries.into_iter().enumerate() {
        let col = usize::from(i >= on_left);
        let (x0, x1) = columns[col];
        let tag = Tag::Legend { entry: i as u8 };
        let swatch = Rect {
            x: x0,
            y: y[col],
            w: SWATCH,
            h: SWATCH,
        };
        items.extend(swatch_art(p, what, swatch, &tag, key));
        let tx = x0 + SWATCH + SWATCH_GAP;
        let lines = text::wrap(label, words.face, words.size_pt, x1 - tx);
        // One line sits level with the middle of its swatch; more start at
        // its top.
        let block = leading * (lines.len() as f64 - 1.0) + words.face.cap_height(words.size_pt);
        let first_baseline = y[col] + ((SWATCH - block) / 2.0).max(Mm::ZERO) + words.face.cap_height(words.size_pt);
        for (k, line) in lines.iter().enumerate() {
            let at = Point {
                x: tx,
                y: first_baseline + leading * k as f64,
            };
            items.push(words.item(line, at, Align::Left, tag.clone()).from_key(key));
        }
        let words_bottom = first_baseline + leading * (lines.len() as f64 - 1.0) + words.face.descent(words.size_pt);
        y[col] = (y[col] + SWATCH).max(words_bottom) + ENTRY_GAP;
    }
    items
}

/// How far below the goal line the legend reaches.
pub(crate) fn depth(p: &Futbolchess) -> Mm {
    let g = Grid::new(p, Point::default());
    let bottom = legend(p, &g)
        .iter()
        .filter_map(Item::bbox)
        .map(|b| b.bottom())
        .fold(Mm::ZERO, Mm::max);
    (bottom - g.pitch * g.rows).max(Mm::ZERO)
}

/// The swatch of one entry in `r`: the part that carries the tint or mark it
/// explains is tagged `tag` (so the checker can match it with the board's),
/// what only frames it is decoration.
fn swatch_art(p: &Futbolchess, what: What, r: Rect, tag: &Tag, key: &'static str) -> Vec<Item> {
    let s = &p.style;
    let frame = Style::stroked(Stroke::solid(s.grid_width, s.grid_colour));
    let filled = |colour| Item::new(Shape::Rect(r), Style::filled(colour), tag.clone()).from_key(key);
    let base = Item::new(Shape::Rect(r), Style::filled(s.midfield_fill), Tag::Decoration);
    let mut items = match what {
        What::Band => vec![filled(s.band_fill)],
        What::Midfield => vec![filled(s.midfield_fill)],
        What::Area | What::Front => {
            let colour = if what == What::Area { s.area_fill } else { s.attack_fill };
            let stroke = Stroke::solid(HATCH_WIDTH, colour);
            vec![base, hatching(r, HATCH_STEP, stroke, true, tag, key)]
        }
        What::Goal => {
            let net = Stroke::solid(NET_WIDTH, net_colour(p));
            let mut v = vec![filled(s.goal_fill)];
            for rising in [true, false] {
                v.push(hatching(r, SWATCH_NET_STEP, net.clone(), rising, &Tag::Decoration, key));
            }
            // The posts and crossbar, open upwards as the bottom goal is.
            let posts = vec![
                PathCmd::MoveTo(Point { x: r.x, y: r.y }),
                PathCmd::LineTo(Point { x: r.x, y: r.bottom() }),
                PathCmd::LineTo(Point {
                    x: r.right(),
                    y: r.bottom(),
                }),
                PathCmd::LineTo(Point { x: r.right(), y: r.y }),
            ];
            // Half the board's width: a full one would fill a square this small.
            let marking = Stroke::solid(s.marking_width / 2.0, s.marking_colour);
            v.push(Item::new(Shape::Path(posts), Style::stroked(marking), Tag::Decoration).from_key(key));
            return v;
        }
        What::KickOff => {
            let ring = Style::stroked(Stroke {
                width: KICK_OFF_WIDTH,
                color: s.marking_colour,
                dash: KICK_OFF_DASH.iter().map(|d| *d / 2.0).collect(),
            });
            let circle = Shape::Circle {
                centre: r.centre(),
                radius: r.w * (SWATCH_RING / 2.0),
            };
            return vec![Item::new(circle, ring, tag.clone()).from_key(key)];
        }
    };
    items.push(Item::new(Shape::Rect(r), frame, Tag::Decoration).from_key(key));
    items
}
