//! How money is handed out in notes and what a season pays (src/game/money.rs).

use pitchprint::game::money::{hand_out, season_prizes};

#[test]
fn the_league_hands_out_its_hundred_as_its_rules_always_did() {
    let notes = [(1, 48), (5, 18), (10, 42), (50, 12)];
    assert_eq!(hand_out(100, &notes), Some(vec![(50, 1), (10, 4), (5, 1), (1, 5)]));
    // Less than the notes' ladder: stops where the amount is reached.
    assert_eq!(hand_out(30, &notes), Some(vec![(10, 2), (5, 1), (1, 5)]));
    assert_eq!(hand_out(3, &notes), Some(vec![(1, 3)]));
}

#[test]
fn an_amount_the_ladder_misses_is_made_by_the_largest_notes_that_leave_a_payable_rest() {
    let notes = [(2, 10), (5, 10), (20, 10), (100, 10)];
    for amount in [100, 33, 35, 101, 7] {
        let hand = hand_out(amount, &notes).unwrap_or_else(|| panic!("{amount} is payable"));
        assert_eq!(
            hand.iter().map(|&(v, c)| u64::from(v) * c).sum::<u64>(),
            amount,
            "{hand:?}"
        );
    }
    assert_eq!(hand_out(3, &notes), None);
    assert_eq!(hand_out(1, &notes), None);
}

#[test]
fn a_round_robin_pays_each_match_its_larger_prize() {
    // Six coaches: five rounds of three matches, 20 a match.
    assert_eq!(season_prizes(6, 20, 10), 300);
    // Five: five rounds of two matches (one rests), a draw's 2 x 15 the larger.
    assert_eq!(season_prizes(5, 20, 15), 300);
    assert_eq!(season_prizes(1, 20, 10), 0);
}
