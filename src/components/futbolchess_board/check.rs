//! Rules for the Futbolchess board, measured from the scene: the goal is two
//! squares wide and centred on grid lines (so the columns are even), both
//! bands run the length of the board, and each area holds the goalkeeper and
//! both central defenders in front of its goal.

use crate::code::Code;
use crate::check::grid::{self, Grid};
use crate::check::measure::{Measured, TOLERANCE, find, same};
use crate::components::futbolchess_board::compose::content_size;
use crate::components::futbolchess_board::layout::{Board, Futbolchess, Style};
use crate::diag::Finding;
use crate::layout::source::Source;
use crate::scene::page::Document;
use crate::scene::tag::{Side, Tag};

/// The goal's width in squares.
pub const GOAL: u32 = 2;
/// The fewest squares an area needs: the goalkeeper and two central defenders.
pub const AREA_SQUARES: u32 = 3;

/// What to do when the board is too big for the sheet.
pub fn fit_hint(p: &Futbolchess) -> String {
    let b = &p.board;
    grid::fit_hint(content_size(p), b.columns, b.rows, b.pitch, &p.page, p.tiling.is_some())
}

/// Markings the board needs, by tag class: (class, name, count, layout key).
const MARKINGS: [(&str, &str, usize, &str); 6] = [
    ("halfway-line", "halfway line", 1, Board::KEY.rows),
    ("centre-circle", "centre circle", 1, Board::KEY.centre_circle),
    ("penalty-area", "areas", 2, Board::KEY.area),
    ("goal", "goals", 2, Board::KEY.goal),
    ("band", "bands", 2, Board::KEY.columns),
    ("outline", "outline", 1, Style::KEY.outline_width),
];

/// Checks the composed board.
pub fn check(source: &Source, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(g) = grid::squares(source, doc, Board::KEY.pitch, &mut out) else {
        return out;
    };
    for (class, name, expected, key) in MARKINGS {
        let n = find(doc, |t| t.class() == class).len();
        if n != expected {
            out.push(
                Finding::error(
                    Code::MarkingCount,
                    format!("the board has {n} {name}; it needs {expected}"),
                    source.locate(key),
                )
                .with_hint("see layouts/futbolchess/board.toml for the shipped values"),
            );
        }
    }
    goals(source, doc, &g, &mut out);
    bands(source, doc, &g, &mut out);
    areas(source, doc, &g, &mut out);
    out
}

fn on_grid_line(g: &Grid, x: crate::geom::Mm) -> bool {
    let k = (x - g.origin.x).0 / g.pitch.0;
    (k - k.round()).abs() * g.pitch.0 <= TOLERANCE
}

fn goals(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    for (item, m) in find(doc, |t| matches!(t, Tag::Goal(_))) {
        let (Some(end), Measured::Rect(r)) = (item.tag.end(), m) else {
            continue;
        };
        let squares = r.w.0 / g.pitch.0;
        if (squares - GOAL as f64).abs() * g.pitch.0 > TOLERANCE {
            out.push(
                Finding::error(
                    Code::GoalSize,
                    format!(
                        "the {} goal is {squares:.2} squares wide; the game's is {GOAL}",
                        end.name()
                    ),
                    source.locate(Board::KEY.goal),
                )
                .with_hint(format!("set {} = {GOAL}", Board::KEY.goal)),
            );
        } else if !same(r.centre().x, g.centre_x()) || !on_grid_line(g, r.x) {
            out.push(
                Finding::error(
                    Code::GoalCentre,
                    format!("the {} goal is not centred between grid lines", end.name()),
                    source.locate(Board::KEY.columns),
                )
                .with_hint(format!("a {GOAL}-square goal is centred only on a board with an even number of columns; the shipped board has 8")),
            );
        }
    }
}

fn bands(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    for (item, m) in find(doc, |t| matches!(t, Tag::Band { .. })) {
        let (Tag::Band { side }, Measured::Rect(r)) = (&item.tag, m) else {
            continue;
        };
        let col = match side {
            Side::Left => 0.0,
            Side::Right => g.cols as f64 - 1.0,
        };
        let want = g.at(col, 0.0);
        let ok = same(r.x, want.x) && same(r.y, want.y) && same(r.w, g.pitch) && same(r.h, g.pitch * g.rows as f64);
        if !ok {
            out.push(
                Finding::error(
                    Code::Band,
                    format!("the {} band is not the whole outer column", side.name()),
                    source.locate(Board::KEY.columns),
                )
                .with_hint("the bands are the outer columns, from goal line to goal line"),
            );
        }
    }
}

fn areas(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    for (item, m) in find(doc, |t| matches!(t, Tag::PenaltyArea(_))) {
        let (Some(end), Measured::Rect(r)) = (item.tag.end(), m) else {
            continue;
        };
        let (w, d) = ((r.w.0 / g.pitch.0).round() as u32, (r.h.0 / g.pitch.0).round() as u32);
        let touches = match end {
            crate::scene::tag::End::Top => same(r.y, g.goal_line(end)),
            crate::scene::tag::End::Bottom => same(r.bottom(), g.goal_line(end)),
        };
        let centred = same(r.centre().x, g.centre_x());
        let covers_goal = w >= GOAL;
        if w * d < AREA_SQUARES || !covers_goal || !touches || !centred {
            out.push(
                Finding::error(
                    Code::AreaSize,
                    format!(
                        "the {} area ({w} x {d} squares) does not hold the goalkeeper and both central defenders in front of the goal",
                        end.name()
                    ),
                    source.locate(Board::KEY.area),
                )
                .with_hint(format!("an area needs at least {AREA_SQUARES} squares, as wide as the goal, centred on it; the shipped one is [4, 2]")),
            );
        }
    }
}
