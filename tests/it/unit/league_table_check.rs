//! Unit tests of `src/components/league_table/check.rs`.

use pitchprint::components::league_table::check::*;
use pitchprint::components::league_table::fixture::round_robin;

fn printed(n: u8) -> Printed {
    let mut p = Printed::default();
    for (k, r) in round_robin(n).into_iter().enumerate() {
        let round = k as u8 + 1;
        p.matches.insert(round, r.matches);
        if let Some(c) = r.bye {
            p.byes.insert(round, vec![c]);
        }
    }
    p
}

#[test]
fn a_round_robin_passes_and_a_pair_met_twice_or_a_missing_rest_is_found() {
    for n in 2..=10 {
        assert!(round_robin_problems(n, &printed(n)).is_empty(), "{n}");
    }
    let mut twice = printed(6);
    // Round 2 plays round 1's first match again instead of its own.
    let first = twice.matches[&1][0];
    twice.matches.get_mut(&2).unwrap()[0] = first;
    let found = round_robin_problems(6, &twice);
    assert!(found.iter().any(|p| p.contains("meet 2 times")), "{found:?}");
    assert!(found.iter().any(|p| p.contains("meet 0 times")), "{found:?}");
    let mut no_rest = printed(5);
    no_rest.byes.remove(&3);
    let found = round_robin_problems(5, &no_rest);
    assert!(found.iter().any(|p| p.contains("round 3")), "{found:?}");
}
