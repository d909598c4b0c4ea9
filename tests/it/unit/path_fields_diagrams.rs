//! Unit tests of `src/components/path_fields/diagrams.rs`.

use pitchprint::components::path_fields::layout::Field;
use pitchprint::components::path_fields::play::Outcome;
use pitchprint::geom::Mm;

use pitchprint::components::path_fields::diagrams::*;
use pitchprint::components::path_fields::play::Why;

/// The game's field, as the checker holds every layout to it.
fn field() -> Field {
    Field {
        columns: 6,
        rows: 8,
        pitch: Mm(9.0),
        opening: 2,
        opening_offset: 0,
        exits: true,
        diagonals: false,
        coordinates: false,
    }
}

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
