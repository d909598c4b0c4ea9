//! Unit tests of `src/components/card_deck/deal.rs`.

use pitchprint::components::card_deck::deal::*;
use pitchprint::game::money::payable_sums;

#[test]
fn a_round_robin_meets_every_other_coach_once() {
    assert_eq!(round_robin(6), 5);
    assert_eq!(round_robin(5), 5);
    assert_eq!(round_robin(2), 1);
}

/// Whether some of `notes` (each value at most its count) add up to `n`,
/// by trying every count of every value: slow and plainly right.
fn brute_force(notes: &[(u32, u32)], n: u32) -> bool {
    fn go(notes: &[(u32, u32)], left: i64) -> bool {
        match notes.split_first() {
            None => left == 0,
            Some((&(value, count), rest)) => (0..=i64::from(count))
                .any(|k| left - k * i64::from(value) >= 0 && go(rest, left - k * i64::from(value))),
        }
    }
    go(notes, i64::from(n))
}

#[test]
fn the_sums_a_bank_pays_are_the_ones_an_exhaustive_search_finds() {
    let mut rng = crate::common::Rng(30_31);
    for _ in 0..200 {
        let kinds = 1 + rng.below(4);
        let notes: Vec<(u32, u32)> = (0..kinds)
            .map(|_| (1 + rng.below(25) as u32, rng.below(5) as u32))
            .collect();
        let max = 120;
        let made = payable_sums(&notes, max);
        assert_eq!(made.len(), max as usize + 1);
        for n in 0..=max {
            assert_eq!(made[n as usize], brute_force(&notes, n), "{notes:?}: {n}");
        }
    }
    // The bank: notes of 2, 5, 20 and 100 pay 33 (20 + 5 + 2 x 4)
    // and 35 (7 x 5), not 1 or 3.
    let plenty = [(2, 10), (5, 10), (20, 5), (100, 2)];
    let made = payable_sums(&plenty, 40);
    assert!(made[33] && made[35] && !made[1] && !made[3]);
    // Counts bound it: one 2 and one 5 make 2, 5 and 7, nothing else.
    let few = payable_sums(&[(2, 1), (5, 1)], 10);
    let sums: Vec<usize> = (1..=10).filter(|&n| few[n]).collect();
    assert_eq!(sums, vec![2, 5, 7]);
}
