//! The league's matches, played by the checker by the rules of the original
//! game (docs/GAMES.md, "The league"): whether a deck's numbers let a ball
//! end. Pure and seeded: the same deck and settings give the same figures on
//! every machine and run.
//!
//! A match, as the rule sheet tells it: each coach is dealt 4 forwards, 5
//! midfielders, 6 defenders and 2 goalkeepers, lines up eleven in a formation
//! (the best of each position by the sum of their stats; the keeper by saves
//! over goals conceded), and sets the two strategy tokens. A play is three
//! rolls: possession (a die plus the stripe's good passes against a die plus
//! the facing stripe's balls won; a tie keeps the ball), pass or shot (a die
//! plus the holder's shots on goal must beat its possession total), and the
//! result (the strategy track sends a pass on; a shot is a goal when a die
//! plus the keeper's goals conceded beats a die plus its saves). A goal
//! restarts in the conceding side's midfield, a save in the saving side's
//! defence.

use std::sync::{Arc, Mutex, OnceLock};

use crate::play::{FormationPlay, PlayReport, StripePlay};

use crate::play::position::{HAND, Position};

/// One card as the rules read it: its position and its numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    /// Its group.
    pub position: Position,
    /// Good passes.
    pub passes: f64,
    /// Balls won.
    pub won: f64,
    /// Shots on goal.
    pub shots: f64,
    /// Goals conceded (goalkeepers).
    pub conceded: f64,
    /// Saves (goalkeepers).
    pub saves: f64,
}

/// A line-up: defenders, midfielders and forwards beside the one keeper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Formation(pub [u32; 3]);

impl Formation {
    /// The common line-ups the checker plays when the deck names none.
    pub const COMMON: [Formation; 4] = [
        Formation([4, 4, 2]),
        Formation([4, 3, 3]),
        Formation([3, 5, 2]),
        Formation([5, 3, 2]),
    ];

    /// Reads `4-4-2`: ten outfield players, each line from a hand of 6
    /// defenders, 5 midfielders and 4 forwards, and at least one in each.
    pub fn parse(s: &str) -> Option<Formation> {
        let parts: Vec<u32> = s
            .trim()
            .split('-')
            .map(|p| p.trim().parse().ok())
            .collect::<Option<_>>()?;
        let [d, m, f] = parts[..] else { return None };
        let fits = d <= HAND[1] && m <= HAND[2] && f <= HAND[3] && d.min(m).min(f) >= 1;
        (d + m + f == 10 && fits).then_some(Formation([d, m, f]))
    }

    /// `4-4-2`.
    pub fn name(&self) -> String {
        let [d, m, f] = self.0;
        format!("{d}-{m}-{f}")
    }
}

/// How to play: matches, their length, the line-ups and the dice's seed.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Matches to play.
    pub matches: u32,
    /// Balls a match lasts.
    pub balls: u32,
    /// The line-ups, each side taking each in turn against each.
    pub formations: Vec<Formation>,
    /// The dice's seed.
    pub seed: u32,
    /// Plays after which a ball that has not ended is cut off.
    pub play_limit: u32,
    /// The pace a match's length is told at.
    pub seconds_per_play: u32,
}

/// Every way to set the two strategy tokens: the first on a box from 1 to 4,
/// the second on a later box, at most 5 (the rule sheet's default).
const STRATEGIES: [(u32, u32); 10] = [
    (1, 2),
    (1, 3),
    (1, 4),
    (1, 5),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 4),
    (3, 5),
    (4, 5),
];

/// A small deterministic generator (SplitMix64): the same seed, the same rolls.
pub struct Dice(pub u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A whole number below `n` (`n` > 0), without the bias of a plain modulo
    /// that matters for a die.
    fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A six-sided die.
    pub fn d6(&mut self) -> f64 {
        (self.below(6) + 1) as f64
    }

    /// Shuffles `v` (Fisher-Yates).
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
    }
}

/// A side on the mat: the summed stats of each of its stripes (defence with
/// the keeper, midfield, attack) and its keeper.
struct Side {
    /// (good passes, balls won, shots on goal) of defence, midfield, attack.
    stripes: [(f64, f64, f64); 3],
    /// The keeper's goals conceded and saves.
    keeper: (f64, f64),
    /// The strategy tokens' boxes.
    strategy: (u32, u32),
}

/// The eleven of `hand` a coach lines up in `formation`: the keeper with the
/// most saves over goals conceded, and the lines' best by their summed stats.
fn line_up(hand: &[Player], formation: Formation, strategy: (u32, u32)) -> Side {
    let of = |p: Position| -> Vec<&Player> {
        let mut v: Vec<&Player> = hand.iter().filter(|c| c.position == p).collect();
        // Stable: equal cards keep the order they were dealt in.
        v.sort_by(|a, b| worth(b).total_cmp(&worth(a)));
        v
    };
    let mut keepers: Vec<&Player> = hand.iter().filter(|c| c.position == Position::Goalkeeper).collect();
    keepers.sort_by(|a, b| (b.saves - b.conceded).total_cmp(&(a.saves - a.conceded)));
    let keeper = keepers.first().copied();
    let sum = |cards: &[&Player]| {
        cards
            .iter()
            .fold((0.0, 0.0, 0.0), |(p, w, s), c| (p + c.passes, w + c.won, s + c.shots))
    };
    let [d, m, f] = formation.0.map(|n| n as usize);
    let mut defence: Vec<&Player> = of(Position::Defender).into_iter().take(d).collect();
    defence.extend(keeper);
    let midfield: Vec<&Player> = of(Position::Midfielder).into_iter().take(m).collect();
    let attack: Vec<&Player> = of(Position::Forward).into_iter().take(f).collect();
    Side {
        stripes: [sum(&defence), sum(&midfield), sum(&attack)],
        keeper: keeper.map(|k| (k.conceded, k.saves)).unwrap_or((0.0, 0.0)),
        strategy,
    }
}

/// What a coach weighs an outfield card by: all it adds to the rolls.
fn worth(c: &Player) -> f64 {
    c.passes + c.won + c.shots
}

/// Whether `deck` holds two coaches' hands: (position, have, need) of the
/// first it cannot, or `None` when it can.
pub fn short_of_two_hands(deck: &[Player]) -> Option<(Position, u32, u32)> {
    let positions = [
        Position::Goalkeeper,
        Position::Defender,
        Position::Midfielder,
        Position::Forward,
    ];
    positions.into_iter().zip(HAND).find_map(|(p, n)| {
        let have = deck.iter().filter(|c| c.position == p).count() as u32;
        (have < 2 * n).then_some((p, have, 2 * n))
    })
}

/// The stripes' names, in the order of [`Side::stripes`].
pub const STRIPES: [&str; 3] = ["defence", "midfield", "attack"];

/// What the matches played so far came to.
#[derive(Default)]
struct Tally {
    plays: u64,
    balls: u64,
    unended: u64,
    goals: u64,
    /// Plays held in each stripe, and shots from it.
    held: [u64; 3],
    shot_from: [u64; 3],
    /// Home wins, away wins, draws.
    results: [u32; 3],
    /// Per formation: sides, shots, goals.
    by_form: Vec<(u32, u64, u64)>,
}

/// Plays `settings.matches` matches with `deck` (which must hold two hands:
/// [`short_of_two_hands`]) and reports their figures: [`play_matches`]'s,
/// kept for the process. The league's deck is checked in every language it
/// is built in, with the same cards and settings (only its words differ),
/// and playing its matches again for each was 3.2 % of the main job's time
/// (benches/speed.md). The figures depend on the deck and the settings
/// alone, so they are the same kept or played again.
pub fn simulate(deck: &[Player], settings: &Settings) -> PlayReport {
    /// The last decks asked for, with their settings and figures: a few, so
    /// that a deck edited again and again under `--watch`, or the hints'
    /// trials of changed decks, do not pile up. Each figure is a cell
    /// filled once: a build checks a layout's languages side by side, and
    /// the second thread to ask for a deck waits for the first's figures
    /// rather than playing the same matches beside it.
    type Kept = Vec<(Vec<Player>, Settings, Arc<OnceLock<PlayReport>>)>;
    const KEEP: usize = 16;
    static KEPT: OnceLock<Mutex<Kept>> = OnceLock::new();
    let cell = {
        let mut kept = KEPT
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        match kept.iter().find(|(d, s, _)| same_cards(d, deck) && s == settings) {
            Some((_, _, cell)) => cell.clone(),
            None => {
                if kept.len() == KEEP {
                    kept.remove(0);
                }
                let cell = Arc::new(OnceLock::new());
                kept.push((deck.to_vec(), settings.clone(), cell.clone()));
                cell
            }
        }
    };
    // Played outside the list's lock: another deck may be played meanwhile.
    cell.get_or_init(|| play_matches(deck, settings)).clone()
}

/// Whether two decks are the same cards in the same order, every number
/// the same to the bit (a plain `==` would take -0.0 for 0.0).
fn same_cards(a: &[Player], b: &[Player]) -> bool {
    let bits = |p: &Player| [p.passes, p.won, p.shots, p.conceded, p.saves].map(f64::to_bits);
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.position == y.position && bits(x) == bits(y))
}

/// Plays `settings.matches` matches with `deck` (which must hold two hands:
/// [`short_of_two_hands`]) and reports their figures, every time it is
/// asked: what [`simulate`] keeps.
pub fn play_matches(deck: &[Player], settings: &Settings) -> PlayReport {
    let mut dice = Dice(u64::from(settings.seed) ^ 0x5eed_0f1e_a90e);
    let forms = if settings.formations.is_empty() {
        Formation::COMMON.to_vec()
    } else {
        settings.formations.clone()
    };
    let nf = forms.len();
    let mut piles: Vec<Vec<Player>> = [
        Position::Goalkeeper,
        Position::Defender,
        Position::Midfielder,
        Position::Forward,
    ]
    .iter()
    .map(|p| deck.iter().filter(|c| c.position == *p).copied().collect())
    .collect();
    let mut tally = Tally {
        by_form: vec![(0, 0, 0); nf],
        ..Tally::default()
    };
    for game in 0..settings.matches as usize {
        for pile in &mut piles {
            dice.shuffle(pile);
        }
        // Each pairing of formations in turn, home and away.
        let form_of = [game % nf, (game / nf) % nf];
        let sides: Vec<Side> = (0..2)
            .map(|coach| {
                let hand: Vec<Player> = piles
                    .iter()
                    .zip(HAND)
                    .flat_map(|(pile, n)| {
                        let n = n as usize;
                        pile[coach * n..(coach + 1) * n].iter().copied()
                    })
                    .collect();
                let strategy = STRATEGIES[dice.below(STRATEGIES.len() as u64) as usize];
                line_up(&hand, forms[form_of[coach]], strategy)
            })
            .collect();
        let score = play_match(&mut dice, &sides, form_of, settings, &mut tally);
        for f in form_of {
            tally.by_form[f].0 += 1;
        }
        tally.results[match score[0].cmp(&score[1]) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => 2,
        }] += 1;
    }
    report(&tally, &forms, settings)
}

/// Plays one match of `settings.balls` balls between `sides` (home first,
/// playing the formations `form_of`), counting into `tally`; its score.
fn play_match(
    dice: &mut Dice,
    sides: &[Side],
    form_of: [usize; 2],
    settings: &Settings,
    tally: &mut Tally,
) -> [u32; 2] {
    let mut score = [0u32; 2];
    let (mut holder, mut third) = (0usize, 1usize); // the home side's midfield
    for _ in 0..settings.balls {
        tally.balls += 1;
        let mut n = 0;
        loop {
            if n == settings.play_limit {
                tally.unended += 1;
                // Cut off: the next ball starts as the first did.
                (holder, third) = (0, 1);
                break;
            }
            n += 1;
            tally.plays += 1;
            // 1. Possession: the holder's passes against the facing stripe's
            // balls won; a tie keeps the ball.
            let other = 1 - holder;
            let keep = dice.d6() + sides[holder].stripes[third].0;
            let take = dice.d6() + sides[other].stripes[2 - third].1;
            let total = if take > keep {
                (holder, third) = (other, 2 - third);
                take
            } else {
                keep
            };
            tally.held[third] += 1;
            let side = &sides[holder];
            // 2. Pass or shot: a die plus the stripe's shots must beat the
            // possession total.
            if dice.d6() + side.stripes[third].2 > total {
                // 3. The shot: the keeper's goals conceded against its saves.
                tally.shot_from[third] += 1;
                tally.by_form[form_of[holder]].1 += 1;
                let (conceded, saves) = sides[1 - holder].keeper;
                if dice.d6() + conceded > dice.d6() + saves {
                    tally.goals += 1;
                    score[holder] += 1;
                    tally.by_form[form_of[holder]].2 += 1;
                    (holder, third) = (1 - holder, 1);
                } else {
                    (holder, third) = (1 - holder, 0);
                }
                break;
            }
            // 3. The pass: the strategy track sends it on.
            let roll = dice.d6() as u32;
            let (first, second) = side.strategy;
            third = if roll <= first {
                0
            } else if roll <= second {
                1
            } else {
                2
            };
        }
    }
    score
}

/// The figures of `tally`.
fn report(t: &Tally, forms: &[Formation], settings: &Settings) -> PlayReport {
    let round = |x: f64| (x * 10_000.0).round() / 10_000.0;
    let per = |a: f64, b: f64| if b > 0.0 { round(a / b) } else { 0.0 };
    let matches = f64::from(settings.matches);
    let balls = t.balls as f64;
    let shots: u64 = t.shot_from.iter().sum();
    PlayReport {
        rules: "league".into(),
        matches: settings.matches,
        balls: settings.balls,
        seed: settings.seed,
        formations: forms.iter().map(Formation::name).collect(),
        plays_per_ball: per(t.plays as f64, balls),
        unended_balls: per(t.unended as f64, balls),
        play_limit: settings.play_limit,
        stripes: (0..3)
            .map(|i| StripePlay {
                stripe: STRIPES[i].into(),
                plays: t.held[i],
                shots: t.shot_from[i],
                shot_chance: per(t.shot_from[i] as f64, t.held[i] as f64),
                shots_per_ball: per(t.shot_from[i] as f64, balls),
            })
            .collect(),
        goals_per_ball: per(t.goals as f64, balls),
        goals_per_shot: per(t.goals as f64, shots as f64),
        home_wins: per(f64::from(t.results[0]), matches),
        away_wins: per(f64::from(t.results[1]), matches),
        draws: per(f64::from(t.results[2]), matches),
        match_plays: per(t.plays as f64, matches),
        seconds_per_play: settings.seconds_per_play,
        match_minutes: (t.plays as f64 / matches.max(1.0) * f64::from(settings.seconds_per_play) / 6.0).round() / 10.0,
        by_formation: forms
            .iter()
            .zip(&t.by_form)
            .map(|(f, &(sides, shots, goals))| FormationPlay {
                formation: f.name(),
                sides,
                shots_per_match: per(shots as f64, f64::from(sides)),
                goals_per_match: per(goals as f64, f64::from(sides)),
            })
            .collect(),
    }
}
