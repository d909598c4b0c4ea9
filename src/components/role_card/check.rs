//! Rules for the role card, read from the scene: each role makes the move the
//! game gives it, and its diagram marks exactly the squares that move reaches.

use std::collections::BTreeSet;

use crate::check::measure::{Measured, find};
use crate::components::role_card::layout::{Move, RoleCard, RoleKeys, targets};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::input::source::Source;
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// Checks the card.
pub fn check(source: &Source, card: &RoleCard, doc: &Document) -> Vec<Finding> {
    let mut out = Vec::new();
    let s = card.square();
    for (i, role) in card.roles.iter().enumerate() {
        let keys = RoleKeys::at(i);
        match game_move(&role.code) {
            Some(m) if m == role.pattern => {}
            Some(m) => out.push(
                Finding::error(
                    Code::RoleMove,
                    format!(
                        "{} moves the ball {:?} in the game, not {:?}",
                        role.code, m, role.pattern
                    ),
                    source.locate(&keys.pattern),
                )
                .with_hint(
                    "the roles' moves are the game's: POR keeper, DF forward, L cross, M queen, EX diagonal, DC king",
                ),
            ),
            None => out.push(
                Finding::error(
                    Code::RoleMove,
                    format!("\"{}\" is not a Futbolchess role", role.code),
                    source.locate(&keys.code),
                )
                .with_hint("the roles are POR, DF, L, M, EX and DC"),
            ),
        }
        // The diagram's marked squares, in grid steps from the diagram's corner.
        let marked: Vec<_> = find(doc, |t| matches!(t, Tag::MoveTarget { role } if *role as usize == i))
            .into_iter()
            .filter_map(|(_, m)| if let Measured::Rect(r) = m { Some(r) } else { None })
            .collect();
        let pieces: Vec<_> = find(doc, |t| matches!(t, Tag::Piece { role } if *role as usize == i))
            .into_iter()
            .filter_map(|(_, m)| if let Measured::Circle(c, _) = m { Some(c) } else { None })
            .collect();
        let Some(piece) = pieces.first() else {
            out.push(
                Finding::error(
                    Code::RoleMove,
                    format!("the {} diagram has no piece", role.code),
                    source.locate(&keys.pattern),
                )
                .with_hint("this is a bug in the card, not in the layout"),
            );
            continue;
        };
        let (px, py) = crate::components::role_card::layout::piece_square(role.pattern, card.window);
        let origin = (piece.x.0 - s.0 * (px as f64 + 0.5), piece.y.0 - s.0 * (py as f64 + 0.5));
        let drawn: BTreeSet<(i32, i32)> = marked
            .iter()
            .map(|r| {
                (
                    ((r.x.0 - origin.0) / s.0).round() as i32,
                    ((r.y.0 - origin.1) / s.0).round() as i32,
                )
            })
            .collect();
        if drawn != targets(role.pattern, card.window, card.board.board.area, card.board.board.goal) {
            out.push(
                Finding::error(
                    Code::RoleMove,
                    format!(
                        "the {} diagram marks squares its move does not reach, or misses some",
                        role.code
                    ),
                    source.locate(&keys.pattern),
                )
                .with_hint("this is a bug in the card, not in the layout"),
            );
        }
    }
    out
}

/// The move each role makes, as the game defines it: the checker holds these.
fn game_move(code: &str) -> Option<Move> {
    match code {
        "POR" => Some(Move::Keeper),
        "DF" => Some(Move::Forward),
        "L" => Some(Move::Cross),
        "M" => Some(Move::Queen),
        "EX" => Some(Move::Diagonal),
        "DC" => Some(Move::King),
        _ => None,
    }
}
