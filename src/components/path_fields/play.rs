//! The rules of path football (docs/GAMES.md) on a layout's field: where
//! the ball may go, when the same side plays on, when a turn ends, a goal and
//! a dead end. Pure and small, so the rule sheet's figures are games played by
//! these rules (a figure cannot show a move the game forbids) and the tests
//! can replay a printed figure by them.
//!
//! Points are counted in squares from the field's top-left corner: `(0, 0)`
//! to `(columns, rows)`, with the goal points one square beyond the middle of
//! each opening. Side A attacks the top goal, side B the bottom one; A starts.

use std::collections::BTreeSet;

use crate::components::path_fields::layout::Field;
use crate::scene::tag::End;

/// A point of the field: column and row of the crossing, in squares.
pub type At = (i32, i32);

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Attacks the top goal; plays first.
    A,
    /// Attacks the bottom goal.
    B,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// Why the same side plays on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The ball landed on the boundary.
    Boundary,
    /// The ball landed on a point it had passed through before.
    Visited,
}

/// What a step leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A new point inside the field: the turn is over, the other side plays.
    TurnEnds,
    /// The ball bounces: the same side draws another step.
    Bounce(Why),
    /// The ball reached the goal point at this end: the game is over.
    Goal(End),
    /// The ball bounced onto a point with no free line left: the side that
    /// moved it there loses.
    DeadEnd,
}

/// Why a step is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over.
    Over,
    /// The two points are not joined by a guide (not neighbours, a
    /// diagonal, or off the field).
    NoGuide,
    /// The line between them is already drawn.
    Used,
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    columns: i32,
    rows: i32,
    /// The first and last column of each opening (the points between them
    /// are not on the boundary) and the goal points' column.
    opening: (i32, i32),
    goal_column: i32,
    /// Where the ball is.
    pub at: At,
    /// Whose turn it is.
    pub side: Side,
    visited: BTreeSet<At>,
    used: BTreeSet<(At, At)>,
    over: bool,
}

impl Game {
    /// A game on `field` at its kick-off: the ball on the centre point (which
    /// counts as visited), side A to play.
    pub fn new(field: &Field) -> Game {
        let (columns, rows) = (field.columns as i32, field.rows as i32);
        let open_start = (columns - field.opening as i32) / 2 + field.opening_offset as i32;
        let centre = (columns / 2, rows / 2);
        Game {
            columns,
            rows,
            opening: (open_start, open_start + field.opening as i32),
            goal_column: open_start + field.opening as i32 / 2,
            at: centre,
            side: Side::A,
            visited: BTreeSet::from([centre]),
            used: BTreeSet::new(),
            over: false,
        }
    }

    /// The goal point at `end`.
    pub fn goal(&self, end: End) -> At {
        match end {
            End::Top => (self.goal_column, -1),
            End::Bottom => (self.goal_column, self.rows + 1),
        }
    }

    fn inside(&self, p: At) -> bool {
        (0..=self.columns).contains(&p.0) && (0..=self.rows).contains(&p.1)
    }

    /// Whether the thick boundary touches `p`: the long sides, and the short
    /// sides up to the opening (its two ends included, its middle not).
    pub fn on_boundary(&self, p: At) -> bool {
        if !self.inside(p) {
            return false;
        }
        let short = p.1 == 0 || p.1 == self.rows;
        p.0 == 0 || p.0 == self.columns || (short && (p.0 <= self.opening.0 || p.0 >= self.opening.1))
    }

    /// Whether a printed guide joins `a` and `b`: neighbours across or down
    /// the field, or a goal's mouth and its goal point.
    fn guide(&self, a: At, b: At) -> bool {
        let near = (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1;
        let exit = |p: At, q: At| {
            End::BOTH.iter().any(|&end| {
                let goal = self.goal(end);
                let mouth = (goal.0, if end == End::Top { 0 } else { self.rows });
                (p, q) == (mouth, goal)
            })
        };
        near && ((self.inside(a) && self.inside(b)) || exit(a, b) || exit(b, a))
    }

    fn edge(a: At, b: At) -> (At, At) {
        if a <= b { (a, b) } else { (b, a) }
    }

    /// Whether a step from the ball to `to` is allowed now.
    pub fn check(&self, to: At) -> Result<(), Illegal> {
        if self.over {
            Err(Illegal::Over)
        } else if !self.guide(self.at, to) {
            Err(Illegal::NoGuide)
        } else if self.used.contains(&Game::edge(self.at, to)) {
            Err(Illegal::Used)
        } else {
            Ok(())
        }
    }

    /// The points the ball may step to now.
    pub fn moves(&self) -> Vec<At> {
        let (x, y) = self.at;
        [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]
            .into_iter()
            .filter(|&p| self.check(p).is_ok())
            .collect()
    }

    /// Draws a step from the ball to `to`, and says what follows; the side to
    /// play changes when the turn ends.
    pub fn step(&mut self, to: At) -> Result<Outcome, Illegal> {
        self.check(to)?;
        self.used.insert(Game::edge(self.at, to));
        self.at = to;
        let outcome = if let Some(end) = End::BOTH.into_iter().find(|&e| self.goal(e) == to) {
            Outcome::Goal(end)
        } else if self.on_boundary(to) || self.visited.contains(&to) {
            if self.moves().is_empty() {
                Outcome::DeadEnd
            } else if self.on_boundary(to) {
                Outcome::Bounce(Why::Boundary)
            } else {
                Outcome::Bounce(Why::Visited)
            }
        } else {
            Outcome::TurnEnds
        };
        self.visited.insert(to);
        match outcome {
            Outcome::TurnEnds => self.side = self.side.other(),
            Outcome::Goal(_) | Outcome::DeadEnd => self.over = true,
            Outcome::Bounce(_) => {}
        }
        Ok(outcome)
    }
}
