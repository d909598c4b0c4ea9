//! Unit tests of `src/components/path_fields/play.rs`.

use pitchprint::scene::tag::End;

use pitchprint::components::path_fields::play::*;

use crate::common::path_field as field;

#[test]
fn the_seeds_example_ends_a_turn_on_each_new_point_and_bounces_on_old_ones() {
    let mut g = Game::new(&field());
    assert_eq!(g.at, (3, 4));
    // A goes up to a new point, B left to another: each turn ends.
    assert_eq!(g.step((3, 3)), Ok(Outcome::TurnEnds));
    assert_eq!(g.side, Side::B);
    assert_eq!(g.step((2, 3)), Ok(Outcome::TurnEnds));
    assert_eq!(g.step((2, 4)), Ok(Outcome::TurnEnds));
    // Back on the centre, which counts as visited from the start.
    assert_eq!(g.step((3, 4)), Ok(Outcome::Bounce(Why::Visited)));
    assert_eq!(g.side, Side::B, "the same side plays on");
    assert_eq!(g.step((3, 3)), Err(Illegal::Used), "a drawn line is never used again");
    assert_eq!(g.step((4, 5)), Err(Illegal::NoGuide), "no diagonals");
}

#[test]
fn the_boundary_bounces_its_opening_does_not_and_a_trapped_ball_loses() {
    let g = Game::new(&field());
    assert!(g.on_boundary((0, 5)) && g.on_boundary((2, 0)) && g.on_boundary((4, 8)));
    assert!(!g.on_boundary((3, 0)) && !g.on_boundary((1, 1)));
    let mut g = Game::new(&field());
    for to in [(2, 4), (1, 4)] {
        assert_eq!(g.step(to), Ok(Outcome::TurnEnds));
    }
    assert_eq!(g.step((0, 4)), Ok(Outcome::Bounce(Why::Boundary)));
    assert_eq!(g.step((-1, 4)), Err(Illegal::NoGuide), "the boundary is never crossed");
    assert_eq!(g.step((0, 5)), Ok(Outcome::Bounce(Why::Boundary)));
    assert_eq!(g.step((0, 6)), Ok(Outcome::Bounce(Why::Boundary)));
    assert_eq!(g.step((1, 6)), Ok(Outcome::TurnEnds));
    assert_eq!(g.step((1, 5)), Ok(Outcome::TurnEnds));
    assert_eq!(g.side, Side::A);
    assert_eq!(g.step((0, 5)), Ok(Outcome::DeadEnd));
    assert_eq!(g.step((0, 4)), Err(Illegal::Over));
}

#[test]
fn only_the_mouth_leads_to_a_goal() {
    let mut g = Game::new(&field());
    for to in [(3, 3), (3, 2), (3, 1)] {
        assert_eq!(g.step(to), Ok(Outcome::TurnEnds));
    }
    assert_eq!(
        g.step((3, 0)),
        Ok(Outcome::TurnEnds),
        "the mouth is not on the boundary"
    );
    assert_eq!(g.goal(End::Top), (3, -1));
    assert_eq!(g.step((3, -1)), Ok(Outcome::Goal(End::Top)));
    let mut g = Game::new(&field());
    g.at = (2, 0);
    assert_eq!(g.step((2, -1)), Err(Illegal::NoGuide));
}
