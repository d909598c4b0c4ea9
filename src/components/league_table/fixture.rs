//! The championship's fixture list: a single round robin by the circle
//! method, for any number of coaches, numbered as the table's rows.
//!
//! With an even number of coaches, coach `n` stays put and the others turn
//! round it one place a round; with an odd number, a coach that does not
//! exist makes the number even, and whoever it meets rests that round (a
//! bye). Every pair meets once, everyone plays once a round, and the home
//! side of each pair alternates so that nobody is at home more than once
//! more than away.

/// One round: its matches, home coach first, and who rests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The matches, `(home, away)`, in order of the smaller number.
    pub matches: Vec<(u8, u8)>,
    /// The coach with no match this round (odd numbers of coaches only).
    pub bye: Option<u8>,
}

/// The rounds of a single round robin of `coaches` (numbered from 1):
/// `coaches - 1` rounds for an even number, `coaches` for an odd one; none
/// for fewer than two.
pub fn round_robin(coaches: u8) -> Vec<Round> {
    if coaches < 2 {
        return Vec::new();
    }
    let odd = coaches % 2 == 1;
    // The fixed coach: the last, or the one that does not exist.
    let m = coaches + u8::from(odd);
    let turning = m - 1;
    (0..turning)
        .map(|r| {
            let order: Vec<u8> = (0..turning).map(|k| (r + k) % turning + 1).chain([m]).collect();
            let mut matches = Vec::new();
            let mut bye = None;
            for i in 0..usize::from(m / 2) {
                let (a, b) = (order[i], order[usize::from(m) - 1 - i]);
                // The fixed coach is at home every other round; the other
                // pairs swap by their place, so home and away even out.
                let swap = if i == 0 { r % 2 == 1 } else { i % 2 == 1 };
                let (home, away) = if swap { (b, a) } else { (a, b) };
                if odd && (home == m || away == m) {
                    bye = Some(if home == m { away } else { home });
                } else {
                    matches.push((home, away));
                }
            }
            matches.sort_by_key(|&(h, a)| h.min(a));
            Round { matches, bye }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
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
}
