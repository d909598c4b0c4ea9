//! Where the pieces stand when the game starts, as the board's rules set it
//! up (the [`Opening`] its kind declares), measured on the board's own
//! drawing (its squares, goals, tracks and ball places, found by their
//! tags): the home side (the counters' first set, the first coach) defends
//! the near end, where its player sits.
//!
//! - [`Opening::Squares`] (dice football): each side's eleven on the squares
//!   the board gives (the rule sheet's set-up figure), the ball on the
//!   centre spot.
//! - [`Opening::Zones`] (Futbolchess): each role in its zone (the keeper on its goal's right-hand
//!   square, the central defenders in the area, the full-backs on the bands
//!   beside it, the midfielders in front of it, the wingers on the bands
//!   further up, the forwards in the front rows), the home side kicking
//!   off: one of its forwards beside the ball in the centre circle; the
//!   away forwards out of the circle and off the squares round the ball.
//! - [`Opening::Track`] (the league): the ball on the home side's midfield ball place (the
//!   first ball starts there), each coach's strategy tokens beside their
//!   track, off the mat, to be laid on it as the coach chooses.
//!
//! A piece with no place at the start (a spare, the coin), or on a board
//! that sets none ([`Opening::Trays`]), goes in a tray.

use std::collections::HashMap;

use crate::components::futbolchess_board::moves::Move;
use crate::components::resolved::{Opening, Piece, Roles};
use crate::geom::{Point, Rect, Transform};
use crate::scene::item::Item;
use crate::scene::tag::{End, Line, Side, Tag, Team};

use super::art::walk;

/// How far beyond the mat's edge a strategy token lies, in mm.
const TOKEN_OFF_MAT: f64 = 4.0;

/// What a board draws that pieces are placed by, on its page.
#[derive(Debug, Default)]
pub struct Marks {
    /// How the pieces start on it.
    pub opening: Opening,
    cells: HashMap<(u32, u32), Rect>,
    goal_squares: HashMap<(End, Side), Rect>,
    centre: Option<Point>,
    ball_spots: HashMap<(Team, Line), Rect>,
    track: HashMap<(Team, u8), Rect>,
    /// The part of the page the board's image shows.
    area: Option<Rect>,
}

impl Marks {
    /// The marks of a board whose pieces start by `opening`, drawn by
    /// `items`, shown in `area`.
    pub fn read(opening: Opening, items: &[Item], area: Rect) -> Marks {
        let mut m = Marks {
            opening,
            area: Some(area),
            ..Marks::default()
        };
        walk(items, &Transform::IDENTITY, &mut |item, t| {
            let Some(b) = item.bbox().map(|b| t.apply_rect(&b)) else {
                return;
            };
            match item.tag {
                Tag::Cell { col, row } => {
                    m.cells.entry((col, row)).or_insert(b);
                }
                Tag::GoalSquare { end, side } => {
                    m.goal_squares.entry((end, side)).or_insert(b);
                }
                Tag::CentreSpot => m.centre = m.centre.or(Some(b.centre())),
                Tag::BallSpot { team, line } => {
                    m.ball_spots.entry((team, line)).or_insert(b);
                }
                Tag::TrackBox { coach, n } => {
                    m.track.entry((coach, n)).or_insert(b);
                }
                _ => {}
            }
        });
        m
    }

    /// Columns and rows of the board's squares.
    fn grid(&self) -> (u32, u32) {
        let cols = self.cells.keys().map(|k| k.0 + 1).max().unwrap_or(0);
        let rows = self.cells.keys().map(|k| k.1 + 1).max().unwrap_or(0);
        (cols, rows)
    }

    /// The centre of square (`col`, `row`), when the board has it.
    fn square(&self, col: i64, row: i64) -> Option<Point> {
        let (c, r) = (u32::try_from(col).ok()?, u32::try_from(row).ok()?);
        self.cells.get(&(c, r)).map(Rect::centre)
    }
}

/// The pieces of a sheet, told apart: whose each is (by its set's place
/// among the sets of players: the first the home side's) and what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// A side's piece: the side, and its place in its set.
    Side(Team, u32),
    /// The ball (the first of the ball's set).
    Ball,
    /// A piece with no place on the board at the start.
    Spare,
}

/// Tells each piece of `pieces` apart.
pub fn who(pieces: &[Piece]) -> Vec<Who> {
    let mut sides: Vec<&str> = Vec::new();
    pieces
        .iter()
        .map(|c| {
            if !c.on_board {
                return Who::Spare;
            }
            if c.ball {
                return if c.index == 0 { Who::Ball } else { Who::Spare };
            }
            if !sides.contains(&c.set.as_str()) {
                sides.push(&c.set);
            }
            match sides.iter().position(|s| *s == c.set) {
                Some(0) => Who::Side(Team::Home, c.index),
                Some(1) => Who::Side(Team::Away, c.index),
                _ => Who::Spare,
            }
        })
        .collect()
}

/// Where `piece` (told apart as `who`) stands at the start on the board
/// `marks` reads, in the board page's mm; `None` for a tray.
pub fn spot(marks: &Marks, piece: &Piece, who: Who, roles: Option<&dyn Roles>) -> Option<Point> {
    match marks.opening {
        Opening::Trays => None,
        Opening::Squares(squares) => on_squares(marks, squares, who),
        Opening::Zones => futbolchess(marks, piece, who, roles),
        Opening::Track => league(marks, piece, who),
    }
}

/// Dice football: the board's set-up squares.
fn on_squares(marks: &Marks, squares: &[(i32, i32)], who: Who) -> Option<Point> {
    let (cols, rows) = marks.grid();
    match who {
        Who::Ball => marks.centre,
        Who::Side(team, i) => {
            let &(c, r) = squares.get(i as usize)?;
            let (c, r) = (i64::from(c), i64::from(r));
            match team {
                Team::Away => marks.square(c, r),
                Team::Home => marks.square(i64::from(cols) - 1 - c, i64::from(rows) - 1 - r),
            }
        }
        Who::Spare => None,
    }
}

/// Futbolchess: each role in its zone, the home side kicking off.
fn futbolchess(marks: &Marks, counter: &Piece, who: Who, roles: Option<&dyn Roles>) -> Option<Point> {
    let (cols, rows) = marks.grid();
    let (c, r, half) = (i64::from(cols), i64::from(rows), i64::from(rows / 2));
    // The home half's squares, from the board's top-left; the away side's
    // stand on them turned half round the centre.
    let turned = |team: Team, (col, row): (i64, i64)| match team {
        Team::Home => (col, row),
        Team::Away => (c - 1 - col, r - 1 - row),
    };
    match who {
        // The ball on the home half's kick-off ring: the central square right
        // of the centre spot, in the first row of the half.
        Who::Ball => marks.square(c / 2, half),
        Who::Spare => None,
        Who::Side(team, i) => {
            let nth = i64::from(i % 2);
            let role = role_of(counter, i, roles)?;
            if role == Move::Keeper {
                // Its goal's right-hand square as its own player sees it.
                let (end, side) = match team {
                    Team::Home => (End::Bottom, Side::Right),
                    Team::Away => (End::Top, Side::Left),
                };
                return marks.goal_squares.get(&(end, side)).map(Rect::centre);
            }
            let square = match role {
                Move::Forward => (c / 2 - 1 + nth, r - 1),
                Move::Cross => (if nth == 0 { 0 } else { c - 1 }, r - 2),
                Move::Queen => (if nth == 0 { c / 2 - 2 } else { c / 2 + 1 }, r - 3),
                Move::Diagonal => (if nth == 0 { 0 } else { c - 1 }, r - 4),
                // The kicking side: one forward on the square left of the
                // ball, in the circle, the other behind the ball.
                Move::King if team == Team::Home => (c / 2 - 1 + nth, half + nth),
                // The other: in its front row, clear of the circle and of
                // the squares round the ball.
                Move::King => (if nth == 0 { c / 2 - 2 } else { c / 2 + 1 }, half + 1),
                Move::Keeper => return None,
            };
            let (col, row) = turned(team, square);
            marks.square(col, row)
        }
    }
}

/// A Futbolchess counter's role: the move whose letters the role card gives
/// it, or (without a role card, or a label it does not give) its place in
/// the set as the shipped counters order them: keeper, two central
/// defenders, two full-backs, two midfielders, two wingers, two forwards.
fn role_of(counter: &Piece, i: u32, roles: Option<&dyn Roles>) -> Option<Move> {
    const ORDER: [Move; 6] = [
        Move::Keeper,
        Move::Forward,
        Move::Cross,
        Move::Queen,
        Move::Diagonal,
        Move::King,
    ];
    let by_card = roles.and_then(|r| {
        ORDER
            .into_iter()
            .find(|m| r.letters_of(m.name()).is_some_and(|l| l == counter.label))
    });
    by_card.or_else(|| match i {
        0 => Some(Move::Keeper),
        1..=10 => ORDER.get(i.div_ceil(2) as usize).copied(),
        _ => None,
    })
}

/// The league: the ball on the home midfield's ball place; a coach's
/// tokens beside their track, just off the mat.
fn league(marks: &Marks, counter: &Piece, who: Who) -> Option<Point> {
    match who {
        Who::Ball => marks.ball_spots.get(&(Team::Home, Line::Midfield)).map(Rect::centre),
        Who::Spare => None,
        Who::Side(team, i) => {
            let area = marks.area?;
            let first = marks.track.get(&(team, 1))?;
            let next = marks.track.get(&(team, 2))?;
            // Along the track from box 1, a token's width apart, beside the
            // mat's edge nearer the track.
            let step = Point {
                x: next.centre().x - first.centre().x,
                y: next.centre().y - first.centre().y,
            };
            let across = first.centre().x + step.x * f64::from(i);
            let r = counter.diameter.0 / 2.0;
            let y = if first.centre().y > area.centre().y {
                area.bottom().0 + TOKEN_OFF_MAT + r
            } else {
                area.y.0 - TOKEN_OFF_MAT - r
            };
            Some(Point {
                x: across,
                y: crate::geom::Mm(y),
            })
        }
    }
}
