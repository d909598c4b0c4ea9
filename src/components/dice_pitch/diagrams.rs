//! The dice pitch's rule-sheet diagrams: the kick-off and a shot.

use crate::components::dice_pitch::compose as dice_pitch;
use crate::compose::diagrams::{OTHER, PATH, counter, number, window};
use crate::geom::{Mm, Point, Rect};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;

/// A counter's radius, in squares: a little less than half, so neighbours
/// stay apart.
const COUNTER_RADIUS: f64 = 0.42;
/// The ball's radius, in squares: clearly smaller than a counter.
const BALL_RADIUS: f64 = 0.25;
/// Step numbers, in squares: big enough to read beside the path.
const NUMBER_SIZE: f64 = 0.45;
/// The readable range of step numbers, in points.
const NUMBER_PT: (f64, f64) = (6.0, 9.0);
/// Where a step's number sits from the square's centre: up and to the
/// right, off the path.
const NUMBER_OFFSET: (f64, f64) = (0.28, -0.22);
/// The ball's path: a dashed line heavier than the grid.
const PATH_WIDTH: Mm = Mm(0.6);
/// The dash of the ball's path (on, off).
const PATH_DASH: [Mm; 2] = [Mm(1.2), Mm(0.8)];
/// How far past the goal line a shot's last step is drawn, in squares.
const PAST_THE_LINE: f64 = -0.3;

/// The dice pitch: the kick-off (a pass of 5 counted square by square from the
/// centre spot to a team-mate) or a penalty (3 squares past the goal area).
pub fn dice(p: &crate::components::dice_pitch::layout::DicePitch, width: Mm, kickoff: bool) -> (Vec<Item>, Mm) {
    let canvas = dice_pitch::canvas(p);
    let cell = canvas
        .items
        .iter()
        .find(|i| i.tag == Tag::Cell { col: 0, row: 0 })
        .and_then(Item::bbox);
    let (Some(c0), pitch) = (cell, p.board.pitch) else {
        return (Vec::new(), Mm::ZERO);
    };
    let o = Point {
        x: c0.x + p.style.grid_width / 2.0,
        y: c0.y + p.style.grid_width / 2.0,
    };
    let at = |c: f64, r: f64| Point {
        x: o.x + pitch * c,
        y: o.y + pitch * r,
    };
    let cols = p.board.columns as f64;
    // Every place is counted from the board's own middle and goal line, so the
    // diagram follows the layout's board.
    let (mid_col, mid_row) = ((p.board.columns / 2) as f64, (p.board.rows / 2) as f64);
    let rows = if kickoff {
        (mid_row - 4.0, mid_row + 4.0)
    } else {
        // The top goal and the penalty area, twice its depth.
        (-0.6, (p.board.penalty_area.1 * 2) as f64)
    };
    let area = Rect::from_corners(at(-0.1, rows.0), at(cols + 0.1, rows.1));
    let (group, t, h) = window(&canvas.items, area, width);
    let k = t.m[0];
    let mut items = vec![group];
    let size = (pitch * k * NUMBER_SIZE).to_pt().clamp(NUMBER_PT.0, NUMBER_PT.1);
    let centre = |c: f64, r: f64| t.apply(at(c + 0.5, r + 0.5));
    let spot_row = p.board.penalty_spot_row as f64;
    let (steps, ball_at, mate): (Vec<(f64, f64)>, Point, Option<Point>) = if kickoff {
        // From the spot onto a central square, then square by square: 5 in all.
        let (c, r) = (mid_col, mid_row);
        (
            vec![
                (c, r - 1.0),
                (c + 1.0, r - 1.0),
                (c + 2.0, r - 1.0),
                (c + 2.0, r - 2.0),
                (c + 2.0, r - 3.0),
            ],
            t.apply(at(cols / 2.0, p.board.rows as f64 / 2.0)),
            Some(centre(c + 2.0, r - 3.0)),
        )
    } else {
        // From the penalty spot, square by square, past the goal line.
        let steps = (0..=spot_row as i32 - 1)
            .rev()
            .map(|r| (mid_col, r as f64 - 1.0))
            .collect();
        (steps, t.apply(at(cols / 2.0, spot_row - 0.5)), None)
    };
    if let Some(m) = mate {
        items.push(counter(m, pitch * k * COUNTER_RADIUS, PATH));
        // An opponent beside the pass, which the ball goes round.
        items.push(counter(
            centre(mid_col + 1.0, mid_row - 2.0),
            pitch * k * COUNTER_RADIUS,
            OTHER,
        ));
    } else {
        // The keeper in the goal area, not in the ball's way.
        items.push(counter(centre(mid_col - 2.0, 0.0), pitch * k * COUNTER_RADIUS, OTHER));
    }
    let mut points = vec![ball_at];
    points.extend(steps.iter().map(|&(c, r)| {
        if r < 0.0 {
            t.apply(at(c + 0.5, PAST_THE_LINE))
        } else {
            centre(c, r)
        }
    }));
    items.push(Item::new(
        Shape::Polyline { points, closed: false },
        Style::stroked(Stroke {
            width: PATH_WIDTH,
            color: PATH,
            dash: PATH_DASH.to_vec(),
        }),
        Tag::Decoration,
    ));
    for (n, &(c, r)) in steps.iter().enumerate() {
        let at_step = if r < 0.0 {
            t.apply(at(c + 0.5, PAST_THE_LINE))
        } else {
            centre(c, r)
        };
        if mate.is_none() || n + 1 < steps.len() {
            items.push(number(
                n + 1,
                at_step.offset(pitch * k * NUMBER_OFFSET.0, pitch * k * NUMBER_OFFSET.1),
                size,
                PATH,
            ));
        }
    }
    items.push(counter(ball_at, pitch * k * BALL_RADIUS, Color::WHITE));
    (items, h)
}
