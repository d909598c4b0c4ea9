//! Unit tests of `src/components/path_fields/diagrams.rs`.

use pitchprint::components::path_fields::play::Outcome;

use pitchprint::components::path_fields::diagrams::*;
use pitchprint::components::path_fields::play::Why;

use crate::common::path_field as field;

#[test]
fn the_figures_are_whole_games_by_the_rules() {
    let p = field();
    let bounce = played(&p, Figure::Bounce);
    assert_eq!(bounce.len(), BOUNCE.len(), "every step of the bounce is legal");
    let outcomes: Vec<Outcome> = bounce.iter().map(|s| s.outcome).collect();
    assert!(outcomes.contains(&Outcome::Bounce(Why::Boundary)));
    assert!(outcomes.contains(&Outcome::Bounce(Why::Visited)));
    assert_eq!(outcomes.last(), Some(&Outcome::TurnEnds));
    let dead = played(&p, Figure::DeadEnd);
    assert_eq!(dead.len(), DEAD_END.len(), "every step of the dead end is legal");
    assert_eq!(dead.last().map(|s| s.outcome), Some(Outcome::DeadEnd));
}
