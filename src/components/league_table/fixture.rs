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
