//! Rules for the dice-football pitch. The game's facts are held here; the scene
//! is measured against them, so a builder bug and a bad layout fail alike.

use crate::check::grid::{self, Grid};
use crate::check::measure::{Measured, TOLERANCE, find, same};
use crate::components::dice_pitch::compose::{canvas, content_size};
use crate::components::dice_pitch::layout::{Board, DicePitch, Style};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::{Point, Rect};
use crate::input::source::Source;
use crate::scene::page::Document;
use crate::scene::tag::{End, Tag};
use crate::sheet::place::pieces_note;

/// Squares across the board.
pub const COLUMNS: u32 = 10;
/// Squares from goal line to goal line.
pub const ROWS: u32 = 18;
/// Penalty area: squares wide, squares deep.
pub const PENALTY_AREA: (u32, u32) = (6, 3);
/// Goal area: squares wide, squares deep.
pub const GOAL_AREA: (u32, u32) = (4, 1);
/// The penalty spot's row, counted from the goal line.
pub const PENALTY_SPOT_ROW: u32 = 3;

/// What to do when the pitch is too big for the sheet.
pub fn fit_hint(p: &DicePitch) -> String {
    let b = &p.board;
    let note = pieces_note(&canvas(p), &p.page, p.tiling.as_ref());
    note + &grid::fit_hint(content_size(p), b.columns, b.rows, b.pitch, &p.page, p.tiling.is_some())
}

/// Checks the composed pitch against the game's facts.
pub fn check(source: &Source, _p: &DicePitch, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(grid) = cells(source, doc, &mut out) else {
        return out;
    };
    counts(source, doc, &mut out);
    areas(source, doc, &grid, &mut out);
    spots(source, doc, &grid, &mut out);
    lines_and_goals(source, doc, &grid, &mut out);
    out
}

/// Counts the squares and measures their pitch; returns the grid they form.
fn cells(source: &Source, doc: &Document, out: &mut Vec<Finding>) -> Option<Grid> {
    let grid = grid::squares(source, doc, Board::KEY.pitch, out);
    let (count, cols, rows) = grid.map_or((0, 0, 0), |g| (g.count, g.cols, g.rows));
    let wanted = (COLUMNS * ROWS) as usize;
    if cols != COLUMNS || rows != ROWS || count != wanted {
        let key = if cols != COLUMNS {
            Board::KEY.columns
        } else {
            Board::KEY.rows
        };
        out.push(
            Finding::error(
                Code::CellCount,
                format!("the board has {count} squares in {cols} columns x {rows} rows; the game is played on {COLUMNS} x {ROWS} = {wanted}"),
                source.locate(key),
            )
            .with_hint(format!("set board.columns = {COLUMNS} and board.rows = {ROWS}")),
        );
    }
    grid
}

/// Markings the game needs, by tag class: (class, name, count, layout key).
const MARKINGS: [(&str, &str, usize, &str); 8] = [
    ("centre-spot", "kick-off spot", 1, Board::KEY.centre_spot),
    ("corner-triangle", "corner triangles", 4, Board::KEY.corner_triangles),
    ("penalty-spot", "penalty spots", 2, Board::KEY.penalty_spot_row),
    ("penalty-area", "penalty areas", 2, Board::KEY.penalty_area),
    ("goal-area", "goal areas", 2, Board::KEY.goal_area),
    ("goal", "goals", 2, Board::KEY.goal_depth),
    ("halfway-line", "halfway line", 1, Board::KEY.rows),
    ("outline", "outline", 1, Style::KEY.outline_width),
];

fn counts(source: &Source, doc: &Document, out: &mut Vec<Finding>) {
    for (class, name, expected, key) in MARKINGS {
        let n = find(doc, |t| t.class() == class).len();
        if n != expected {
            out.push(
                Finding::error(
                    Code::MarkingCount,
                    format!("the pitch has {n} {name}; the game needs {expected}"),
                    source.locate(key),
                )
                .with_hint(format!(
                    "turn `{key}` back to the game's value (see layouts/dice-football/pitch.toml)"
                )),
            );
        }
    }
}

fn areas(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    let kinds = [
        ("penalty area", "penalty-area", PENALTY_AREA, Board::KEY.penalty_area),
        ("goal area", "goal-area", GOAL_AREA, Board::KEY.goal_area),
    ];
    for (name, class, (w, d), key) in kinds {
        for (item, m) in find(doc, |t| t.class() == class) {
            let (Some(end), Measured::Rect(r)) = (item.tag.end(), m) else {
                continue;
            };
            let (mw, md) = (r.w.0 / g.pitch.0, r.h.0 / g.pitch.0);
            if (mw - w as f64).abs() * g.pitch.0 > TOLERANCE || (md - d as f64).abs() * g.pitch.0 > TOLERANCE {
                out.push(
                    Finding::error(
                        Code::AreaSize,
                        format!(
                            "the {} {name} is {mw:.2} x {md:.2} squares; the game's is {w} x {d}",
                            end.name()
                        ),
                        source.locate(key),
                    )
                    .with_hint(format!("set {key} = [{w}, {d}]")),
                );
                continue;
            }
            let expected = Rect::from_corners(
                g.at(
                    (g.cols as f64 - w as f64) / 2.0,
                    if end == End::Top { 0.0 } else { g.rows as f64 - d as f64 },
                ),
                g.at(
                    (g.cols as f64 + w as f64) / 2.0,
                    if end == End::Top { d as f64 } else { g.rows as f64 },
                ),
            );
            if !(same(r.x, expected.x) && same(r.y, expected.y)) {
                out.push(
                    Finding::error(
                        Code::MarkingPlace,
                        format!(
                            "the {} {name} is not centred on the goal line: it starts at ({}, {}) instead of ({}, {})",
                            end.name(),
                            r.x,
                            r.y,
                            expected.x,
                            expected.y
                        ),
                        source.locate(key),
                    )
                    .with_hint("areas are centred on the goal and touch the goal line"),
                );
            }
        }
    }
}

fn spots(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    let mut misplaced = |what: String, at: Point, want: Point, key: &str, hint: &str| {
        if !(same(at.x, want.x) && same(at.y, want.y)) {
            out.push(
                Finding::error(
                    Code::MarkingPlace,
                    format!(
                        "{what} is at ({}, {}) but belongs at ({}, {})",
                        at.x, at.y, want.x, want.y
                    ),
                    source.locate(key),
                )
                .with_hint(hint.to_string()),
            );
        }
    };
    for (_, m) in find(doc, |t| matches!(t, Tag::CentreSpot)) {
        if let Measured::Circle(c, _) = m {
            misplaced(
                "the kick-off spot".into(),
                c,
                g.at(g.cols as f64 / 2.0, g.rows as f64 / 2.0),
                Board::KEY.centre_spot,
                "the kick-off spot sits on the crossing of the four central squares",
            );
        }
    }
    for (item, m) in find(doc, |t| matches!(t, Tag::PenaltySpot(_))) {
        let (Tag::PenaltySpot(end), Measured::Circle(c, _)) = (&item.tag, m) else {
            continue;
        };
        let from_goal = PENALTY_SPOT_ROW as f64 - 0.5;
        let row = if *end == End::Top {
            from_goal
        } else {
            g.rows as f64 - from_goal
        };
        misplaced(
            format!("the {} penalty spot", end.name()),
            c,
            g.at(g.cols as f64 / 2.0, row),
            Board::KEY.penalty_spot_row,
            "the penalty spot is centred on the third row from the goal line, so a roll of 3 carries the ball past the goal area",
        );
    }
    for (item, m) in find(doc, |t| matches!(t, Tag::CornerTriangle { .. })) {
        let Tag::CornerTriangle { col, row } = item.tag else {
            continue;
        };
        let corner_cell = Rect::from_corners(g.at(col as f64, row as f64), g.at(col as f64 + 1.0, row as f64 + 1.0));
        let inside = match &m {
            Measured::Points(ps) => !ps.is_empty() && ps.iter().all(|p| corner_cell.contains_point(*p)),
            _ => false,
        };
        let at_corner = (col == 0 || col == g.cols - 1) && (row == 0 || row == g.rows - 1);
        if !inside || !at_corner {
            out.push(
                Finding::error(
                    Code::MarkingPlace,
                    format!(
                        "a corner triangle is not inside the corner square at column {}, row {}",
                        col + 1,
                        row + 1
                    ),
                    source.locate(Board::KEY.corner_triangles),
                )
                .with_hint("each corner triangle sits in one of the board's four corner squares"),
            );
        }
    }
}

fn lines_and_goals(source: &Source, doc: &Document, g: &Grid, out: &mut Vec<Finding>) {
    let halfway = g.origin.y + g.pitch * (g.rows as f64 / 2.0);
    for (_, m) in find(doc, |t| matches!(t, Tag::HalfwayLine)) {
        let ok = match m {
            Measured::Line(a, b) => {
                same(a.y, halfway)
                    && same(b.y, halfway)
                    && same(a.x.min(b.x), g.origin.x)
                    && same(a.x.max(b.x), g.at(g.cols as f64, 0.0).x)
            }
            _ => false,
        };
        if !ok {
            out.push(
                Finding::error(
                    Code::MarkingPlace,
                    "the halfway line does not cross the board between its two halves",
                    source.locate(Board::KEY.rows),
                )
                .with_hint("the halfway line runs from side to side between rows 9 and 10"),
            );
        }
    }
    for (item, m) in find(doc, |t| matches!(t, Tag::Goal(_))) {
        let (Tag::Goal(end), Measured::Rect(r)) = (&item.tag, m) else {
            continue;
        };
        let line = g.goal_line(*end);
        let touches = match end {
            End::Top => same(r.bottom(), line),
            End::Bottom => same(r.y, line),
        };
        let centred = same(r.centre().x, g.centre_x());
        let wide = same(r.w, g.pitch * GOAL_AREA.0 as f64);
        if !(touches && centred && wide) {
            out.push(
                Finding::error(
                    Code::MarkingPlace,
                    format!(
                        "the {} goal is not centred beyond its goal line as wide as the goal area",
                        end.name()
                    ),
                    source.locate(Board::KEY.goal_depth),
                )
                .with_hint("the goal stands outside the short side, in front of the goal area's four squares"),
            );
        }
    }
}
