//! Unit tests of `src/play/simulate.rs`.

use pitchprint::play::position::Position;

use pitchprint::play::simulate::*;

fn card(position: Position, passes: f64, won: f64, shots: f64) -> Player {
    Player {
        position,
        passes,
        won,
        shots,
        conceded: 2.0,
        saves: 2.0,
    }
}

fn deck(fw: Player, mf: Player, df: Player, gk: Player) -> Vec<Player> {
    let mut d = Vec::new();
    for (c, n) in [(gk, 4), (df, 12), (mf, 10), (fw, 8)] {
        d.extend(std::iter::repeat_n(c, n));
    }
    d
}

fn settings() -> Settings {
    Settings {
        matches: 400,
        balls: 5,
        formations: Vec::new(),
        seed: 1,
        play_limit: 300,
        seconds_per_play: 40,
    }
}

#[test]
fn formations_read_as_written_and_fit_a_hand() {
    assert_eq!(Formation::parse("4-4-2"), Some(Formation([4, 4, 2])));
    assert_eq!(Formation::parse(" 3 - 5 - 2 "), Some(Formation([3, 5, 2])));
    for bad in ["4-4-3", "7-2-1", "4-6-0", "4-4", "a-b-c", ""] {
        assert_eq!(Formation::parse(bad), None, "{bad}");
    }
}

#[test]
fn the_same_seed_plays_the_same_matches() {
    let d = deck(
        card(Position::Forward, 2.0, 0.0, 3.0),
        card(Position::Midfielder, 2.0, 1.0, 1.0),
        card(Position::Defender, 1.0, 1.0, 0.0),
        card(Position::Goalkeeper, 0.0, 0.0, 0.0),
    );
    assert_eq!(play_matches(&d, &settings()), play_matches(&d, &settings()));
    let other = Settings { seed: 2, ..settings() };
    assert_ne!(play_matches(&d, &settings()), play_matches(&d, &other));
    // The figures kept for the process are the ones played.
    assert_eq!(simulate(&d, &settings()), play_matches(&d, &settings()));
    assert_eq!(simulate(&d, &other), play_matches(&d, &other));
    assert_eq!(simulate(&d, &settings()), play_matches(&d, &settings()));
}

#[test]
fn the_dice_are_fair() {
    let mut dice = Dice(7);
    let mut seen = [0u32; 6];
    for _ in 0..60_000 {
        seen[dice.d6() as usize - 1] += 1;
    }
    for n in seen {
        assert!((9_500..10_500).contains(&n), "{seen:?}");
    }
}
