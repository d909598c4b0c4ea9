//! Diagrams for rule sheets, composed from the game's own layouts: the same
//! squares, points and stripes the boards print, moved and scaled to a column
//! (line widths kept), with the play drawn over them. A board and its rules
//! cannot disagree, since there is one geometry.
//!
//! Diagrams carry no words, only numbers and the games' letters (A, B, D, M),
//! so one drawing serves every language.

use std::collections::BTreeSet;

use crate::compose::{dice_pitch, futbolchess, league, path_field, roles};
use crate::geom::{Mm, Point, Rect, Transform};
use crate::layout::Layout;
use crate::layout::rules::Sources;
use crate::scene::{Color, Item, Shape, Stroke, Style, Tag};
use crate::text::{self, Align};
use crate::font::FontFace;

const INK: Color = Color::rgb(0x1b, 0x1b, 0x1b);
const PATH: Color = Color::rgb(0xc6, 0x28, 0x28);
const OTHER: Color = Color::rgb(0x1f, 0x4f, 0xa8);

/// The diagram `name` at `width` (its height is returned with it), in its own
/// coordinates with the top-left corner at the origin.
pub fn diagram(name: &str, sources: &Sources, width: Mm) -> (Vec<Item>, Mm) {
    match (&sources.board, name) {
        (Layout::DicePitch(p), "kickoff") => dice(p, width, true),
        (Layout::DicePitch(p), "shot") => dice(p, width, false),
        (Layout::PathFields(p), "bounce") => field(p, width, true),
        (Layout::PathFields(p), "dead-end") => field(p, width, false),
        (Layout::Futbolchess(f), "setup") => setup(f, width),
        (Layout::Futbolchess(_), "role-moves") => match &sources.roles {
            Some(Layout::Roles(card)) => role_moves(card, width),
            _ => (Vec::new(), Mm::ZERO),
        },
        (Layout::League(l), "strategy-track") => track(l, width),
        (Layout::League(l), "stripes") => stripes(l, width),
        // Names are checked when the sheet is read.
        _ => (Vec::new(), Mm::ZERO),
    }
}

/// Items of a board's canvas inside `window` (board coordinates), moved and
/// scaled so the window is `width` wide at the origin, and clipped to it.
fn window(items: &[Item], window: Rect, width: Mm) -> (Item, Transform, Mm) {
    let k = (width.0 / window.w.0).min(1.0);
    let t = Transform::translate(-window.x, -window.y).then(&Transform::scale(k, k));
    let kept: Vec<Item> = items
        .iter()
        .filter(|i| !matches!(i.tag, Tag::Label | Tag::ScaleBar))
        .cloned()
        .map(|i| i.mapped(&t))
        .collect();
    let h = window.h * k;
    let clip = Rect {
        x: Mm::ZERO,
        y: Mm::ZERO,
        w: window.w * k,
        h,
    };
    let group = Item::new(
        Shape::Group {
            transform: Transform::IDENTITY,
            clip: Some(clip),
            items: kept,
        },
        Style::default(),
        Tag::Decoration,
    );
    (group, t, h)
}

fn number(n: usize, at: Point, size: f64, colour: Color) -> Item {
    let run = text::line(
        &n.to_string(),
        FontFace::SansBold,
        size,
        at.offset(Mm::ZERO, FontFace::SansBold.cap_height(size) / 2.0),
        Align::Centre,
    );
    Item::new(Shape::Text(run), Style::filled(colour), Tag::Label)
}

fn counter(at: Point, r: Mm, fill: Color) -> Item {
    Item::new(
        Shape::Circle { centre: at, radius: r },
        Style {
            stroke: Some(Stroke::solid(Mm(0.4), INK)),
            fill: Some(fill),
        },
        Tag::Decoration,
    )
}

/// The dice pitch: the kick-off (a pass of 5 counted square by square from the
/// centre spot to a team-mate) or a penalty (3 squares past the goal area).
fn dice(p: &crate::layout::dice_pitch::DicePitch, width: Mm, kickoff: bool) -> (Vec<Item>, Mm) {
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

/// The path field: a bounce off the boundary, or a dead end.
fn field(p: &crate::layout::path_field::PathFields, width: Mm, bounce: bool) -> (Vec<Item>, Mm) {
    let pitch = p.field.pitch;
    let cols = p.field.columns as f64;
    let rows = p.field.rows as f64;
    // The field at its printed size (smaller if the column is narrow), centred.
    let k = (width.0 / (pitch.0 * (cols + 2.0))).min(1.0);
    let o = Point {
        x: (width - pitch * cols * k) / 2.0,
        y: pitch * k * 1.2,
    };
    let items_field = path_field::field(p, 0, Point::default());
    let t = Transform::scale(k, k).then(&Transform::translate(o.x, o.y));
    let mut items: Vec<Item> = items_field.into_iter().map(|i| i.mapped(&t)).collect();
    let pt = |x: f64, y: f64| {
        t.apply(Point {
            x: pitch * x,
            y: pitch * y,
        })
    };
    let pen = |pts: Vec<Point>, c: Color| {
        Item::new(
            Shape::Polyline {
                points: pts,
                closed: false,
            },
            Style::stroked(Stroke::solid(Mm(0.7), c)),
            Tag::Decoration,
        )
    };
    let ring = |at: Point| {
        Item::new(
            Shape::Circle {
                centre: at,
                radius: Mm(1.6),
            },
            Style::stroked(Stroke::solid(Mm(0.4), PATH)),
            Tag::Decoration,
        )
    };
    if bounce {
        // Right to the boundary (bounce), up along it (bounce), back inside: the turn ends.
        let path = [(3.0, 4.0), (4.0, 4.0), (5.0, 4.0), (6.0, 4.0), (6.0, 3.0), (5.0, 3.0)];
        items.push(pen(path.iter().map(|&(x, y)| pt(x, y)).collect(), PATH));
        for &(x, y) in &path[3..5] {
            items.push(ring(pt(x, y)));
        }
        for (n, &(x, y)) in path[1..].iter().enumerate() {
            items.push(number(n + 1, pt(x, y).offset(Mm(2.2), Mm(-2.2)), 7.0, PATH));
        }
    } else {
        // Earlier lines close three sides of a point; the last step closes the fourth.
        items.push(pen(vec![pt(0.0, 6.0), pt(1.0, 6.0), pt(1.0, 7.0), pt(0.0, 7.0)], OTHER));
        items.push(pen(vec![pt(1.0, 8.0), pt(1.0, 7.0)], OTHER));
        items.push(pen(vec![pt(2.0, 6.0), pt(2.0, 7.0), pt(1.0, 7.0)], PATH));
        let c = pt(1.0, 7.0);
        let x = Mm(1.8);
        for (a, b) in [(c.offset(-x, -x), c.offset(x, x)), (c.offset(-x, x), c.offset(x, -x))] {
            items.push(Item::new(
                Shape::Line { from: a, to: b },
                Style::stroked(Stroke::solid(Mm(0.6), INK)),
                Tag::Decoration,
            ));
        }
    }
    let h = pitch * k * (rows + 2.4);
    (items, h)
}

/// The Futbolchess board's bottom half with its placement zones and the roles
/// that stand in each.
fn setup(f: &crate::layout::futbolchess::Futbolchess, width: Mm) -> (Vec<Item>, Mm) {
    let canvas = futbolchess::canvas(f);
    let Some(c0) = canvas
        .items
        .iter()
        .find(|i| i.tag == Tag::Cell { col: 0, row: 0 })
        .and_then(Item::bbox)
    else {
        return (Vec::new(), Mm::ZERO);
    };
    let pitch = f.board.pitch;
    let o = Point {
        x: c0.x + f.style.grid_width / 2.0,
        y: c0.y + f.style.grid_width / 2.0,
    };
    let at = |c: f64, r: f64| Point {
        x: o.x + pitch * c,
        y: o.y + pitch * r,
    };
    let (cols, rows) = (f.board.columns as f64, f.board.rows as f64);
    let half = rows / 2.0;
    let area = Rect::from_corners(at(-0.1, half - 0.1), at(cols + 0.1, rows + 0.4));
    let (group, t, h) = window(&canvas.items, area, width);
    let mut items = vec![group];
    let ad = f.board.area.1 as f64;
    let front = (half / 3.0).ceil();
    let label = |s: &str, c: f64, r: f64| {
        let run = text::line(s, FontFace::SansBold, 7.0, t.apply(at(c, r)), Align::Centre);
        Item::new(Shape::Text(run), Style::filled(INK), Tag::Label)
    };
    items.push(label("POR · DF", cols / 2.0, rows - ad / 2.0));
    items.push(label("M", cols / 2.0, rows - ad - 0.4));
    items.push(label("DC", cols / 2.0, half + front / 2.0));
    for c in [0.5, cols - 0.5] {
        items.push(label("L", c, rows - ad / 2.0));
        items.push(label("L", c, half + 0.6));
        items.push(label("EX", c, half + 1.4));
    }
    (items, h)
}

/// The six roles' moves, two diagrams to a row.
fn role_moves(card: &crate::layout::roles::RoleCard, width: Mm) -> (Vec<Item>, Mm) {
    let gap = Mm(6.0);
    let side_wanted = (width - gap) / 2.0;
    let square = side_wanted / card.window as f64;
    let mut small = card.clone();
    small.scale = (square.0 / card.board.board.pitch.0).min(card.scale);
    let side = small.square() * small.window as f64;
    let head = Mm(4.0);
    let mut items = Vec::new();
    let rows = card.roles.len().div_ceil(2);
    for (i, role) in card.roles.iter().enumerate() {
        let (c, r) = (i % 2, i / 2);
        let o = Point {
            x: (side + gap) * c as f64,
            y: (side + head + gap) * r as f64,
        };
        let run = text::line(
            &role.code,
            FontFace::SansBold,
            8.0,
            o.offset(Mm::ZERO, Mm(3.0)),
            Align::Left,
        );
        items.push(Item::new(Shape::Text(run), Style::filled(INK), Tag::Label));
        items.extend(roles::diagram(&small, i as u8, o.offset(Mm::ZERO, head)));
    }
    (items, (side + head + gap) * rows as f64)
}

/// A strategy track with its two tokens, and the three ranges they make.
fn track(l: &crate::layout::league::League, width: Mm) -> (Vec<Item>, Mm) {
    let gap = Mm(2.0);
    let b = l.board.track_box.min((width - gap * 5.0) / 6.0);
    let tokens: BTreeSet<u8> = [2, 4].into();
    let colours = [
        l.style.team_a_colour,
        mix(l.style.team_a_colour, Color::WHITE, 0.35),
        mix(l.style.team_a_colour, Color::WHITE, 0.65),
    ];
    let letters = ["D", "M", "A"];
    let mut items = Vec::new();
    for n in 1..=6u8 {
        let r = Rect {
            x: (b + gap) * (n - 1) as f64,
            y: Mm::ZERO,
            w: b,
            h: b,
        };
        items.push(Item::new(
            Shape::Rect(r),
            Style {
                stroke: Some(Stroke::solid(Mm(0.5), l.style.line_colour)),
                fill: Some(Color::WHITE),
            },
            Tag::TrackBox { coach: 0, n },
        ));
        items.push(number(
            n as usize,
            r.corners()[0].offset(Mm(2.5), Mm(3.0)),
            7.0,
            l.style.line_colour,
        ));
        if tokens.contains(&n) {
            items.push(counter(r.centre(), b * 0.38, l.style.team_a_colour));
        }
    }
    // The ranges: 1 to the first token, on to the second, the rest.
    let ranges = [(1u8, 2u8), (3, 4), (5, 6)];
    for (k, (from, to)) in ranges.iter().enumerate() {
        let x0 = (b + gap) * (*from - 1) as f64;
        let x1 = (b + gap) * (*to - 1) as f64 + b;
        let bar = Rect {
            x: x0,
            y: b + Mm(2.0),
            w: x1 - x0,
            h: Mm(5.0),
        };
        items.push(Item::new(Shape::Rect(bar), Style::filled(colours[k]), Tag::Decoration));
        let run = text::line(
            letters[k],
            FontFace::SansBold,
            8.0,
            Point {
                x: bar.centre().x,
                y: bar.bottom() - Mm(1.2),
            },
            Align::Centre,
        );
        items.push(Item::new(
            Shape::Text(run),
            Style::filled(if k == 0 { Color::WHITE } else { INK }),
            Tag::Label,
        ));
    }
    (items, b + Mm(8.0))
}

/// The league pitch's six stripes, scaled to the column, lettered D/M/A.
fn stripes(l: &crate::layout::league::League, width: Mm) -> (Vec<Item>, Mm) {
    let canvas = league::canvas(l);
    let stripes: Vec<Rect> = canvas
        .items
        .iter()
        .filter(|i| matches!(i.tag, Tag::Stripe { .. }))
        .filter_map(Item::bbox)
        .collect();
    let Some(area) = stripes.iter().copied().reduce(|a, b| a.union(&b)) else {
        return (Vec::new(), Mm::ZERO);
    };
    let kept: Vec<Item> = canvas
        .items
        .iter()
        .filter(|i| !matches!(i.tag, Tag::Label))
        .cloned()
        .collect();
    let (group, t, h) = window(&kept, area, width);
    let mut items = vec![group];
    for (k, (team, line)) in league::STRIPES.iter().enumerate() {
        let r = t.apply_rect(&stripes[k]);
        let letter = ["D", "M", "A"][*line as usize];
        let colour = if *team == 0 {
            l.style.team_a_colour
        } else {
            l.style.team_b_colour
        };
        let run = text::line(
            letter,
            FontFace::SansBold,
            9.0,
            Point {
                x: r.centre().x,
                y: r.y + Mm(5.0),
            },
            Align::Centre,
        );
        items.push(Item::new(Shape::Text(run), Style::filled(colour), Tag::Label));
    }
    (items, h)
}

fn mix(a: Color, b: Color, t: f64) -> Color {
    let m = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * t).round() as u8;
    Color::rgb(m(a.r, b.r), m(a.g, b.g), m(a.b, b.b))
}
