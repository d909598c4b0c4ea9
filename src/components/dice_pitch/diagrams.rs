//! The dice pitch's rule-sheet diagrams: the kick-off and a shot.

use crate::components::dice_pitch::compose as dice_pitch;
use crate::compose::diagrams::{OTHER, PATH, counter, number, window};
use crate::geom::{Mm, Point, Rect};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;

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
    let (rows, win) = if kickoff {
        ((5.0, 13.0), None)
    } else {
        ((-0.6, 6.0), Some(p.board.goal_depth))
    };
    let _ = win;
    let area = Rect::from_corners(at(-0.1, rows.0), at(cols + 0.1, rows.1));
    let (group, t, h) = window(&canvas.items, area, width);
    let k = t.m[0];
    let mut items = vec![group];
    let size = (pitch * k * 0.45).to_pt().clamp(6.0, 9.0);
    let centre = |c: f64, r: f64| t.apply(at(c + 0.5, r + 0.5));
    let (steps, ball_at, mate): (Vec<(f64, f64)>, Point, Option<Point>) = if kickoff {
        // From the spot onto a central square, then square by square: 5 in all.
        (
            vec![(5.0, 8.0), (6.0, 8.0), (7.0, 8.0), (7.0, 7.0), (7.0, 6.0)],
            t.apply(at(cols / 2.0, 9.0)),
            Some(centre(7.0, 6.0)),
        )
    } else {
        // From the penalty spot: two squares and past the goal line.
        (
            vec![(5.0, 1.0), (5.0, 0.0), (5.0, -1.0)],
            t.apply(at(cols / 2.0, p.board.penalty_spot_row as f64 - 0.5)),
            None,
        )
    };
    if let Some(m) = mate {
        items.push(counter(m, pitch * k * 0.42, PATH));
        items.push(counter(centre(6.0, 7.0), pitch * k * 0.42, OTHER));
    } else {
        // The keeper in the goal area, not in the ball's way.
        items.push(counter(centre(3.0, 0.0), pitch * k * 0.42, OTHER));
    }
    let mut points = vec![ball_at];
    points.extend(steps.iter().map(|&(c, r)| {
        if r < 0.0 {
            t.apply(at(c + 0.5, -0.3))
        } else {
            centre(c, r)
        }
    }));
    items.push(Item::new(
        Shape::Polyline { points, closed: false },
        Style::stroked(Stroke {
            width: Mm(0.6),
            color: PATH,
            dash: vec![Mm(1.2), Mm(0.8)],
        }),
        Tag::Decoration,
    ));
    for (n, &(c, r)) in steps.iter().enumerate() {
        let at_step = if r < 0.0 {
            t.apply(at(c + 0.5, -0.3))
        } else {
            centre(c, r)
        };
        if mate.is_none() || n + 1 < steps.len() {
            items.push(number(
                n + 1,
                at_step.offset(pitch * k * 0.28, -(pitch * k * 0.22)),
                size,
                PATH,
            ));
        }
    }
    items.push(counter(ball_at, pitch * k * 0.25, Color::WHITE));
    (items, h)
}
