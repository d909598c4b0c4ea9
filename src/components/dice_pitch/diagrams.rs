//! The dice pitch's rule-sheet diagrams: the kick-off and a penalty, each a
//! roll counted square by square as a player counts it: every square the
//! ball passes is tinted and carries its number, the last one the roll; and
//! the whole board set up for the kick-off, for a cover.
//!
//! A count moves the ball across or along, never diagonally, so each
//! numbered square is a side neighbour of the one before. The spots sit on
//! lines, not in squares: the centre spot on the crossing of the four central
//! squares (it counts as a square of its own, so the first step lands on one
//! of those four), the penalty spot on the line between the two middle
//! columns of its row (the first step goes to the row in front). No line is
//! drawn from a spot to its first square: from a crossing, it could only run
//! slantwise, which a count never does.

use crate::color::Color;
use crate::components::dice_pitch::compose as dice_pitch;
use crate::components::dice_pitch::layout::DicePitch;
use crate::compose::diagrams::{OTHER, PATH, counter, number, window};
use crate::geom::{Mm, Point, Rect, Transform};
use crate::scene::item::{Item, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;

/// A counter's radius, in squares: a little less than half, so neighbours
/// stay apart.
const COUNTER_RADIUS: f64 = 0.42;
/// The ball's radius, in squares: clearly smaller than a counter.
const BALL_RADIUS: f64 = 0.25;
/// Step numbers, in squares: big enough to read at a glance in their square.
const NUMBER_SIZE: f64 = 0.5;
/// The readable range of step numbers, in points.
const NUMBER_PT: (f64, f64) = (6.0, 10.0);
/// How far a counted square's tint is towards white: light enough for its
/// number and the grid to read over it.
const STEP_TINT: f64 = 0.72;
/// The kick-off: its squares, counted from the centre spot (the crossing
/// at the board's middle) as (across, down), the first one of the four
/// around the spot; the last holds the team-mate the pass reaches.
const KICKOFF: [(i32, i32); 5] = [(0, -1), (0, -2), (1, -2), (2, -2), (2, -3)];
/// The opponent the kick-off goes round: straight ahead of the second square.
const KICKOFF_OPPONENT: (i32, i32) = (0, -3);
/// Squares of the board shown above and below the centre spot.
const KICKOFF_ROWS: (f64, f64) = (4.0, 3.0);
/// The keeper's square in the goal area, counted from the penalty spot's
/// line (one column to its left): beside the ball's way, not in it.
const KEEPER_COLUMN: i32 = -1;
/// Margin kept above the goal line for the goal, in squares.
const ABOVE_GOAL_LINE: f64 = 0.6;

/// A square of the board: column and row from the top-left one; row -1 is
/// the goal beyond the top goal line.
pub type Square = (i32, i32);

/// The set-up: the eleven counters of the side that defends the top goal,
/// as (column, row) from the board's top-left square. The other side stands
/// on the same squares turned half round the centre spot. The keeper first,
/// on the goal area; two defenders in the side's own penalty area; the
/// counter on the last square is its one forward in the other penalty area;
/// none on a corner square and no two of a side touching, so no wall blocks
/// a move. The tests hold it to the set-up rules on the shipped board.
pub const SETUP: [Square; 11] = [
    (4, 0),
    (2, 2),
    (7, 1),
    (0, 4),
    (9, 5),
    (3, 5),
    (6, 6),
    (1, 9),
    (8, 10),
    (4, 12),
    (5, 15),
];
/// Air beyond each goal in the set-up figure, in squares.
const SETUP_AIR: f64 = 0.2;
/// The keeper's ring, as the counters sheet prints it.
const KEEPER_RING: Color = Color::rgb(0xff, 0xd5, 0x4f);
/// The keeper's ring: how far inside the counter's edge, in squares, and
/// its width, as a share of the counter's radius.
const KEEPER_RING_INSET: f64 = 0.1;
const KEEPER_RING_WIDTH: f64 = 0.22;

/// The top-left corner of the board's first square, inside the grid's
/// line, on the drawn board `items`: where the figures count squares from.
fn first_cell_corner(p: &DicePitch, items: &[Item]) -> Option<Point> {
    let c0 = items
        .iter()
        .find(|i| i.tag == Tag::Cell { col: 0, row: 0 })
        .and_then(Item::bbox)?;
    Some(Point {
        x: c0.x + p.style.grid_width / 2.0,
        y: c0.y + p.style.grid_width / 2.0,
    })
}

/// The whole board set up for the kick-off: both goals, the eleven counters
/// of each side (the side that defends the top goal in the other side's
/// ink, the keepers ringed as the counters sheet rings them) and the ball on
/// the centre spot. The board lies on its side, its top goal to the left, so
/// that the figure is as wide as its column and about half as tall: standing,
/// it would take a cover's column from top to bottom.
pub fn setup(p: &DicePitch, width: Mm) -> (Vec<Item>, Mm) {
    let canvas = dice_pitch::canvas(p);
    let Some(o) = first_cell_corner(p, &canvas.items) else {
        return (Vec::new(), Mm::ZERO);
    };
    let pitch = p.board.pitch;
    let at = |c: f64, r: f64| Point {
        x: o.x + pitch * c,
        y: o.y + pitch * r,
    };
    let (cols, rows) = (p.board.columns as i32, p.board.rows as i32);
    // The board and both goals, drawn standing at the width that makes its
    // length the column's width, then turned a quarter to the left.
    let goal = p.board.goal_depth.0 / pitch.0 + SETUP_AIR;
    let area = Rect::from_corners(at(-0.1, -goal), at(cols as f64 + 0.1, rows as f64 + goal));
    let standing = width * (area.w.0 / area.h.0);
    let (group, t, _) = window(&canvas.items, area, standing);
    let side = pitch * t.m[0];
    let centre = |(c, r): Square| t.apply(at(c as f64 + 0.5, r as f64 + 0.5));
    let mut items = vec![group];
    for (ink, turned) in [(OTHER, false), (PATH, true)] {
        for (i, &(c, r)) in SETUP.iter().enumerate() {
            let square = if turned { (cols - 1 - c, rows - 1 - r) } else { (c, r) };
            let radius = side * COUNTER_RADIUS;
            items.push(counter(centre(square), radius, ink));
            if i == 0 {
                let band = radius * KEEPER_RING_WIDTH;
                items.push(Item::new(
                    Shape::Circle {
                        centre: centre(square),
                        radius: radius - side * KEEPER_RING_INSET - band / 2.0,
                    },
                    Style::stroked(Stroke::solid(band, KEEPER_RING)),
                    Tag::Decoration,
                ));
            }
        }
    }
    let spot = t.apply(at((cols / 2) as f64, (rows / 2) as f64));
    items.push(counter(spot, side * BALL_RADIUS, Color::WHITE));
    // Standing, the figure is `standing` wide and as tall as the column is
    // wide: on its side, the column's width wide and `standing` tall.
    let turn = Transform::rotate(-90.0).then(&Transform::translate(Mm::ZERO, standing));
    let lying = Item::new(
        Shape::Group {
            transform: turn,
            clip: None,
            items,
        },
        Style::default(),
        Tag::Decoration,
    );
    (vec![lying], standing)
}

/// The dice pitch: the kick-off (a pass of 5 counted square by square from the
/// centre spot to a team-mate) or a penalty (a 3 from the spot: two rows and
/// into the goal).
pub fn dice(p: &DicePitch, width: Mm, kickoff: bool) -> (Vec<Item>, Mm) {
    let canvas = dice_pitch::canvas(p);
    let Some(o) = first_cell_corner(p, &canvas.items) else {
        return (Vec::new(), Mm::ZERO);
    };
    let pitch = p.board.pitch;
    let at = |c: f64, r: f64| Point {
        x: o.x + pitch * c,
        y: o.y + pitch * r,
    };
    let cols = p.board.columns as f64;
    // Every place is counted from the board's own middle and goal line, so the
    // diagram follows the layout's board.
    let mid_col = (p.board.columns / 2) as i32;
    let mid_row = (p.board.rows / 2) as i32;
    let rows = if kickoff {
        (mid_row as f64 - KICKOFF_ROWS.0, mid_row as f64 + KICKOFF_ROWS.1)
    } else {
        // The top goal and the penalty area, twice its depth.
        (-ABOVE_GOAL_LINE, (p.board.penalty_area.1 * 2) as f64)
    };
    let area = Rect::from_corners(at(-0.1, rows.0), at(cols + 0.1, rows.1));
    let (group, t, h) = window(&canvas.items, area, width);
    let k = t.m[0];
    let side = pitch * k;
    let size = (side * NUMBER_SIZE).to_pt().clamp(NUMBER_PT.0, NUMBER_PT.1);
    let centre = |c: i32, r: i32| t.apply(at(c as f64 + 0.5, r as f64 + 0.5));
    // The goal's depth in squares, for a last step that ends in the goal.
    let goal = (p.board.goal_depth.0 / pitch.0).min(1.0);
    let (steps, ball, keeper): (Vec<Square>, Point, Option<Square>) = if kickoff {
        let steps = KICKOFF.iter().map(|&(c, r)| (mid_col + c, mid_row + r)).collect();
        (steps, t.apply(at(mid_col as f64, mid_row as f64)), None)
    } else {
        // From the spot straight at the goal: one square a row, the rows in
        // front of the spot, then into the goal (row -1).
        let spot_row = p.board.penalty_spot_row as i32 - 1;
        let steps = (-1..spot_row).rev().map(|r| (mid_col, r)).collect();
        let ball = t.apply(at(mid_col as f64, spot_row as f64 + 0.5));
        (steps, ball, Some((mid_col + KEEPER_COLUMN, 0)))
    };
    let mut items = vec![group];
    let tint = PATH.mix(Color::WHITE, STEP_TINT);
    let inset = p.style.grid_width * k;
    for (i, &(c, r)) in steps.iter().enumerate() {
        // A square of the board, or the part of the goal behind one.
        let top = if r < 0 { -goal } else { r as f64 };
        let square =
            Rect::from_corners(t.apply(at(c as f64, top)), t.apply(at(c as f64 + 1.0, r as f64 + 1.0))).inset(inset);
        items.push(Item::new(
            Shape::Rect(square),
            Style::filled(tint),
            Tag::Step { n: i as u32 + 1 },
        ));
    }
    if kickoff {
        let (c, r) = KICKOFF_OPPONENT;
        items.push(counter(centre(mid_col + c, mid_row + r), side * COUNTER_RADIUS, OTHER));
        // The team-mate the pass reaches, on the last square.
        if let Some(&(c, r)) = steps.last() {
            items.push(counter(centre(c, r), side * COUNTER_RADIUS, PATH));
        }
    }
    if let Some((c, r)) = keeper {
        items.push(counter(centre(c, r), side * COUNTER_RADIUS, OTHER));
    }
    for (i, &(c, r)) in steps.iter().enumerate() {
        let last = i + 1 == steps.len();
        let (at_step, pt, ink) = if r < 0 {
            // In the goal: as large as its depth allows.
            let depth = side * goal;
            let pt = (depth * NUMBER_SIZE * 1.6).to_pt().clamp(NUMBER_PT.0, size);
            (t.apply(at(c as f64 + 0.5, -goal / 2.0)), pt, PATH)
        } else if kickoff && last {
            // On the team-mate's counter.
            (centre(c, r), size, Color::WHITE)
        } else {
            (centre(c, r), size, PATH)
        };
        items.push(number(i + 1, at_step, (p.fonts.bold, pt), ink));
    }
    items.push(counter(ball, side * BALL_RADIUS, Color::WHITE));
    (items, h)
}
