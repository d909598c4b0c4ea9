//! Unit tests of `src/components/league_table/fixture.rs`.

use pitchprint::components::league_table::fixture::*;
use std::collections::BTreeSet;

#[test]
fn every_pair_meets_once_everyone_plays_once_a_round_and_odd_numbers_rest_in_turn() {
    for n in 2..=10u8 {
        let rounds = round_robin(n);
        let want = if n.is_multiple_of(2) { n - 1 } else { n };
        assert_eq!(rounds.len(), usize::from(want), "{n} coaches");
        let mut pairs = BTreeSet::new();
        let mut rested = Vec::new();
        let (mut home, mut away) = (vec![0u32; usize::from(n) + 1], vec![0u32; usize::from(n) + 1]);
        for round in &rounds {
            let mut seen: Vec<u8> = round.matches.iter().flat_map(|&(a, b)| [a, b]).collect();
            seen.extend(round.bye);
            seen.sort_unstable();
            assert_eq!(seen, (1..=n).collect::<Vec<_>>(), "{n}: everyone once in {round:?}");
            assert_eq!(round.bye.is_some(), n % 2 == 1, "{n}: a bye only for an odd number");
            rested.extend(round.bye);
            for &(a, b) in &round.matches {
                assert!(pairs.insert((a.min(b), a.max(b))), "{n}: {a} and {b} meet twice");
                home[usize::from(a)] += 1;
                away[usize::from(b)] += 1;
            }
        }
        assert_eq!(pairs.len(), usize::from(n) * usize::from(n - 1) / 2, "{n}: every pair");
        rested.sort_unstable();
        if n % 2 == 1 {
            assert_eq!(rested, (1..=n).collect::<Vec<_>>(), "{n}: each rests once");
        }
        for c in 1..=usize::from(n) {
            assert!(
                home[c].abs_diff(away[c]) <= 1,
                "{n}: coach {c} home {} away {}",
                home[c],
                away[c]
            );
        }
    }
}

#[test]
fn six_coaches_start_with_one_against_six() {
    let rounds = round_robin(6);
    assert_eq!(rounds[0].matches, vec![(1, 6), (5, 2), (3, 4)]);
    assert_eq!(
        round_robin(3)[0],
        Round {
            matches: vec![(3, 2)],
            bye: Some(1)
        }
    );
    assert!(round_robin(1).is_empty());
}
