//! The path field's rule-sheet diagrams: a bounce and a dead end, each a
//! real game from the kick-off, played by the rules of [`play`] (a figure
//! cannot draw a step the game forbids) and drawn as two people would: each
//! side's steps in its own pen colour, numbered in order, a dot where a turn
//! ends, a ring where the ball bounces, a cross where it is trapped. And the
//! field as it is set up, before the first step, for a cover.

use crate::color::Color;
use crate::components::path_fields::compose as path_field;
use crate::components::path_fields::layout::{Field, PathFields};
use crate::components::path_fields::play::{At, Game, Outcome, Side};
use crate::compose::diagrams::{INK, number};
use crate::geom::{Mm, Point, Transform};
use crate::scene::item::{Item, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;

/// Margin above the field, in squares: room for the top goal point.
const TOP_MARGIN: f64 = 1.2;
/// Height below the field's top line, beyond its rows, in squares: the goal
/// points and a little air.
const EXTRA_HEIGHT: f64 = 2.4;
/// Width of a pen line: heavier than the field's guides.
const PEN_WIDTH: Mm = Mm(0.7);
/// How much wider than the boundary a pen line along it is drawn, so its
/// colour covers the boundary's and the step reads as drawn there.
const ALONG_BOUNDARY: Mm = Mm(0.3);
/// A bounce is ringed: radius and line width of the ring.
const RING_RADIUS: Mm = Mm(1.6);
const RING_WIDTH: Mm = Mm(0.4);
/// The end of a turn is a dot: big enough to see on a pen line, well inside
/// a bounce's ring.
const DOT_RADIUS: Mm = Mm(1.0);
/// Step numbers: size in points and how far they sit from the middle of
/// their line, to the side the play gives.
const NUMBER_PT: f64 = 7.0;
const NUMBER_OFFSET: Mm = Mm(2.2);
/// The cross on a dead end: half its size and its line width.
const CROSS_HALF: Mm = Mm(1.8);
const CROSS_WIDTH: Mm = Mm(0.6);

/// Which side of its line a step's number stands on.
#[derive(Clone, Copy)]
pub enum Beside {
    /// Over a horizontal line.
    Above,
    /// Under a horizontal line.
    Below,
    /// Left of a vertical line.
    Left,
    /// Right of a vertical line.
    Right,
}
use Beside::{Above, Below, Left, Right};

/// A figure's play: where each step goes, counted in squares from the
/// centre point, and the side of its line its number stands on (chosen so
/// no two numbers crowd the same corner).
type Play = [((i32, i32), Beside)];

/// Four turns: A and B each reach a new point (each turn ends there); A
/// reaches the boundary, slides along it (two bounces) and comes back in to
/// a new point; B steps back onto a point already used (a bounce) and goes
/// on to a new one.
pub const BOUNCE: &Play = &[
    ((1, 0), Above),
    ((2, 0), Above),
    ((3, 0), Below),
    ((3, -1), Right),
    ((2, -1), Above),
    ((2, 0), Right),
    ((2, 1), Left),
];

/// Five turns: A and B each reach a new point; A slides along the boundary
/// and comes back in; B reaches a new point beside the boundary point A
/// slid over; A steps onto that point, whose three lines are all drawn now:
/// the ball is trapped there and A loses.
pub const DEAD_END: &Play = &[
    ((-1, 0), Above),
    ((-2, 0), Above),
    ((-3, 0), Above),
    ((-3, 1), Left),
    ((-3, 2), Left),
    ((-2, 2), Below),
    ((-2, 1), Right),
    ((-3, 1), Above),
];

/// A figure of the field: which play it draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// The field before the kick-off: nothing drawn yet.
    Setup,
    /// [`BOUNCE`].
    Bounce,
    /// [`DEAD_END`].
    DeadEnd,
}

impl Figure {
    /// The steps it draws.
    fn play(self) -> &'static Play {
        match self {
            Figure::Setup => &[],
            Figure::Bounce => BOUNCE,
            Figure::DeadEnd => DEAD_END,
        }
    }
}

/// One step of a figure as played: from, to, who drew it, what followed.
pub struct Played {
    /// Where the step starts.
    pub from: At,
    /// Where it ends.
    pub to: At,
    /// The side that drew it.
    pub side: Side,
    /// What the rules make of it.
    pub outcome: Outcome,
    /// Whether it runs along the boundary.
    pub along_boundary: bool,
}

/// The steps of a figure's play on `field`, replayed by the rules from the
/// kick-off; a step the rules refuse ends the play there (the tests replay
/// every figure whole, so none does).
pub fn played(field: &Field, figure: Figure) -> Vec<Played> {
    let mut game = Game::new(field);
    let centre = game.at;
    let mut out = Vec::new();
    for &((dx, dy), _) in figure.play() {
        let (from, side) = (game.at, game.side);
        let to = (centre.0 + dx, centre.1 + dy);
        // Two neighbouring points the boundary touches are joined by it.
        let along_boundary = game.on_boundary(from) && game.on_boundary(to);
        let Ok(outcome) = game.step(to) else { break };
        out.push(Played {
            from,
            to,
            side,
            outcome,
            along_boundary,
        });
    }
    out
}

/// The path field: set up, a bounce off the boundary and a used point, or a
/// dead end.
pub fn field(p: &PathFields, width: Mm, figure: Figure) -> (Vec<Item>, Mm) {
    let pitch = p.field.pitch;
    let cols = p.field.columns as f64;
    let rows = p.field.rows as f64;
    // The field at its printed size (smaller if the column is narrow), centred.
    let k = (width.0 / (pitch.0 * (cols + 2.0))).min(1.0);
    let o = Point {
        x: (width - pitch * cols * k) / 2.0,
        y: pitch * k * TOP_MARGIN,
    };
    let t = Transform::scale(k, k).then(&Transform::translate(o.x, o.y));
    let mut items: Vec<Item> = path_field::field(p, 0, Point::default())
        .into_iter()
        .map(|i| i.mapped(&t))
        .collect();
    let pt = |a: At| {
        t.apply(Point {
            x: pitch * a.0 as f64,
            y: pitch * a.1 as f64,
        })
    };
    let colour = |side: Side| match side {
        Side::A => p.style.team_a_colour,
        Side::B => p.style.team_b_colour,
    };
    let play = figure.play();
    // Lines first, the marks on their points over them, the numbers on top.
    let (mut marks, mut numbers) = (Vec::new(), Vec::new());
    for (i, s) in played(&p.field, figure).iter().enumerate() {
        let n = i as u32 + 1;
        let ink = colour(s.side);
        let (a, b) = (pt(s.from), pt(s.to));
        let width = if s.along_boundary {
            PEN_WIDTH.max(p.style.boundary_width * k + ALONG_BOUNDARY)
        } else {
            PEN_WIDTH
        };
        items.push(Item::new(
            Shape::Line { from: a, to: b },
            Style::stroked(Stroke::solid(width, ink)),
            Tag::Step { n },
        ));
        let (dx, dy) = match play[i].1 {
            Above => (Mm::ZERO, -NUMBER_OFFSET),
            Below => (Mm::ZERO, NUMBER_OFFSET),
            Left => (-NUMBER_OFFSET, Mm::ZERO),
            Right => (NUMBER_OFFSET, Mm::ZERO),
        };
        let mid = Point {
            x: (a.x + b.x) / 2.0,
            y: (a.y + b.y) / 2.0,
        };
        numbers.push(number(n as usize, mid.offset(dx, dy), (p.fonts.bold, NUMBER_PT), ink));
        marks.extend(mark(s.outcome, b, ink));
    }
    items.extend(marks);
    items.extend(numbers);
    let h = pitch * k * (rows + EXTRA_HEIGHT);
    (items, h)
}

/// What a step's end shows: a dot where the turn ends, a ring where the ball
/// bounces, a cross where it is trapped; nothing at a goal.
fn mark(outcome: Outcome, at: Point, ink: Color) -> Vec<Item> {
    match outcome {
        Outcome::TurnEnds => vec![Item::new(
            Shape::Circle {
                centre: at,
                radius: DOT_RADIUS,
            },
            Style::filled(ink),
            Tag::TurnEnd,
        )],
        Outcome::Bounce(_) => vec![Item::new(
            Shape::Circle {
                centre: at,
                radius: RING_RADIUS,
            },
            Style::stroked(Stroke::solid(RING_WIDTH, ink)),
            Tag::Bounce,
        )],
        Outcome::DeadEnd => {
            let x = CROSS_HALF;
            [
                (at.offset(-x, -x), at.offset(x, x)),
                (at.offset(-x, x), at.offset(x, -x)),
            ]
            .into_iter()
            .map(|(a, b)| {
                Item::new(
                    Shape::Line { from: a, to: b },
                    Style::stroked(Stroke::solid(CROSS_WIDTH, INK)),
                    Tag::DeadEnd,
                )
            })
            .collect()
        }
        Outcome::Goal(_) => Vec::new(),
    }
}
