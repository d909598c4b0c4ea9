//! Unit tests of `src/components/card_deck/deal.rs`.

use pitchprint::components::card_deck::deal::*;

#[test]
fn a_round_robin_meets_every_other_coach_once() {
    assert_eq!(round_robin(6), 5);
    assert_eq!(round_robin(5), 5);
    assert_eq!(round_robin(2), 1);
}
