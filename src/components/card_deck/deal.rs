//! What a deck owes the league game it is dealt in (docs/GAMES.md, "The
//! league"): a hand for every coach of the league table it names and a market
//! that lasts a season, and prices the bank it names can pay in its notes.
//!
//! The hand and the market draw are the seed's facts; how many coaches and
//! how many rounds are the layout's (the table's rows; a single round robin
//! unless `[deal] rounds` says otherwise).

use std::path::Path;

use crate::components::load::References;
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::layout::resolve::Resolver;
use crate::layout::values::{Choice, Count, Named, Number, Pair, Word};
use crate::play::PlayReport;
use crate::section;

use crate::play::position::Position;
use crate::play::simulate::{self, Formation, Player, Settings};

/// The rules a deck is dealt for: the league's (its matches are simulated)
/// or none said (a generic deck, not played by the checker).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// A deck of no game the checker knows.
    None,
    /// The league card game's rules (docs/GAMES.md).
    League,
}

impl Named for Rules {
    const CHOICES: &'static [(&'static str, Self)] = &[("none", Rules::None), ("league", Rules::League)];
    const FALLBACK: Self = Rules::None;
    const WHAT: &'static str = "rules";
    const NAMES: &'static str =
        "use \"league\" (the league card game's rules: the checker plays its matches) or \"none\"";
}

section! {
    /// `[deal]`: the league the deck is dealt in.
    pub struct Deal / RawDeal / DealKeys in "deal" {
        /// The league table layout whose rows are the coaches ("" for none).
        table: Word = "" => "the league table layout, relative to this file (\"table.toml\")",
        /// The layout of the bank's notes, which pay the prices ("" for none).
        bank: Word = "" => "the layout of the bank's notes, relative to this file",
        /// Market rounds in a season; 0 for a single round robin of the
        /// table's coaches (each meets every other once).
        rounds: Count<0, 100> = 0 => "a whole number of rounds, or 0 for a single round robin",
        /// The rules the deck is played by: `"league"` has the checker play
        /// its matches and hold them to the bounds below; `"none"` does not.
        rules: Choice<Rules> = "none" => "the rules the deck is played by",
        /// Matches the checker plays.
        matches: Count<10, 20000> = 1000 => "a whole number of matches, from 10 to 20000",
        /// Balls a match lasts (the seed advises 3 to 7).
        balls: Count<1, 15> = 5 => "a whole number of balls, from 1 to 15",
        /// The line-ups each side plays in turn, defenders-midfielders-forwards.
        formations: Word = "4-4-2, 4-3-3, 3-5-2, 5-3-2" => "line-ups such as \"4-4-2, 4-3-3\": ten outfield players from a hand of 6 defenders, 5 midfielders, 4 forwards",
        /// The most plays a ball may last on average.
        max_plays: Number = 15.0 => "the most plays a ball may last on average, from 2 to 100",
        /// The least and most share of shots that may be goals (the rest
        /// are saves).
        goals_per_shot: Pair<Number> = [0.15, 0.85] => "two shares from 0 to 1, the least first",
        /// Seconds a play takes at the table (three rolls and their sums),
        /// to tell a match's length.
        seconds_per_play: Count<5, 600> = 40 => "a whole number of seconds, from 5 to 600",
        /// The seed of the simulated dice: the same seed, the same figures.
        seed: Count<0, 1000000> = 1 => "a whole number from 0 to 1000000",
    }
}

pub use crate::play::position::HAND;
/// Cards of each position drawn from the market every round: three
/// defenders, three midfielders and three forwards (no goalkeeper).
pub const MARKET: [u32; 4] = [0, 3, 3, 3];

/// Rounds of a single round robin of `coaches`: with an even number, each
/// round pairs everyone; with an odd one, one coach rests each round.
pub fn round_robin(coaches: u32) -> u32 {
    if coaches.is_multiple_of(2) {
        coaches.saturating_sub(1)
    } else {
        coaches
    }
}

/// One card's price as the deal sees it: the player, the price as written,
/// and its cell in the spreadsheet.
pub struct Price<'a> {
    /// The player's name.
    pub player: &'a str,
    /// The price as the card shows it: the number first, then the currency.
    pub written: &'a str,
    /// Its cell.
    pub at: Location,
}

/// Checks the deck against the table and the bank its `[deal]` names:
/// `have` counts its cards of each position (goalkeepers, defenders,
/// midfielders, forwards), copies included.
pub fn check(r: &mut Resolver<'_>, deal: &Deal, have: [u32; 4], prices: &[Price<'_>]) {
    if !deal.table.is_empty()
        && let Some(coaches) = referenced(
            r,
            Deal::KEY.table,
            &deal.table,
            |l| l.as_teams().map(|t| t.teams()),
            "a league table",
        )
    {
        let rounds = match deal.rounds {
            0 => round_robin(coaches),
            n => n,
        };
        enough_cards(r, deal, have, coaches, rounds);
    }
    if !deal.bank.is_empty()
        && let Some(notes) = referenced(
            r,
            Deal::KEY.bank,
            &deal.bank,
            |l| l.as_bank().map(|b| b.notes()),
            "play money",
        )
    {
        payable(r, deal, prices, &notes);
    }
}

/// The capability `get` of the layout `name` names, or a finding that it is
/// not `what`.
fn referenced<T>(
    r: &mut Resolver<'_>,
    key: &str,
    name: &str,
    get: impl Fn(&dyn crate::components::resolved::Resolved) -> Option<T>,
    what: &str,
) -> Option<T> {
    let loaded = r.reference(key, name)?;
    let found = get(loaded.layout.as_ref());
    if found.is_none() {
        r.bad(
            key,
            Code::LayoutBoard,
            format!(
                "cannot use the layout {name}: a \"{}\" layout is not {what}",
                loaded.kind
            ),
            format!("name {what} layout, relative to this file"),
        );
    }
    found
}

/// Every position holds a hand for each coach and the market's draws.
fn enough_cards(r: &mut Resolver<'_>, deal: &Deal, have: [u32; 4], coaches: u32, rounds: u32) {
    let names = ["goalkeepers", "defenders", "midfielders", "forwards"];
    for (i, name) in names.iter().enumerate() {
        let need = coaches * HAND[i] + rounds * MARKET[i];
        if have[i] < need {
            let market = if MARKET[i] > 0 {
                format!(" and {rounds} market rounds draw {} each", MARKET[i])
            } else {
                String::new()
            };
            r.bad(
                Deal::KEY.table,
                Code::DeckSize,
                format!(
                    "the deck has {} {name}, but {coaches} coaches (the rows of {}) get {} each{market}: {need} are needed",
                    have[i], deal.table, HAND[i]
                ),
                format!(
                    "add {} {name} to the spreadsheet (or copies with its quantity column), play with fewer coaches, or set {} lower",
                    need - have[i],
                    Deal::KEY.rounds
                ),
            );
        }
    }
}

/// Every price can be paid with the bank's notes as printed: some of them
/// (each denomination at most as many times as it is printed) make it
/// exactly, so a transfer needs no change the bank cannot give.
fn payable(r: &mut Resolver<'_>, deal: &Deal, prices: &[Price<'_>], notes: &[(u32, u32)]) {
    let total: u64 = notes.iter().map(|&(v, c)| u64::from(v) * u64::from(c)).sum();
    let parsed: Vec<(&Price<'_>, &str, f64)> = prices
        .iter()
        .filter_map(|c| {
            let number = c.written.split_whitespace().next().unwrap_or_default();
            // A bad number is the stat check's finding.
            let price = number.replace(',', ".").parse::<f64>().ok()?;
            Some((c, number, price))
        })
        .collect();
    let highest = parsed.iter().map(|p| p.2).fold(0.0, f64::max);
    // Sums as far as the highest price, and a little past it for a hint.
    let reach = (highest.ceil() as u64 + 1).min(total).min(u64::from(u32::MAX)) as u32;
    let made = crate::game::money::payable_sums(
        notes,
        reach.saturating_add(notes.iter().map(|n| n.0).max().unwrap_or(0)),
    );
    let file = Path::new(&deal.bank).display().to_string();
    let names: Vec<String> = notes.iter().map(|(v, c)| format!("{c} of {v}")).collect();
    for (c, number, price) in parsed {
        let whole = price.fract() == 0.0 && price >= 0.0;
        if whole && (price as usize) < made.len() && made[price as usize] {
            continue;
        }
        let why = if !whole {
            "no notes make a fraction".to_string()
        } else if price as u64 > total {
            format!("the whole bank holds {total}")
        } else {
            format!("no notes of it add up to {number}")
        };
        let below = (0..made.len().min(price.floor().max(0.0) as usize + 1))
            .rev()
            .find(|&n| n > 0 && made[n]);
        let above = (price.ceil() as usize..made.len()).find(|&n| n > 0 && made[n]);
        let near: Vec<String> = below.into_iter().chain(above).map(|n| n.to_string()).collect();
        let hint = if near.is_empty() {
            format!("add notes to {file}, or lower the price")
        } else {
            format!(
                "write a price the notes can pay, such as {}, or add notes to {file}",
                near.join(" or ")
            )
        };
        r.findings.push(
            Finding::error(
                Code::CardPrice,
                format!(
                    "{}'s price {number} cannot be paid with the notes of {file} ({}): {why}",
                    c.player,
                    names.join(", ")
                ),
                c.at.clone(),
            )
            .with_hint(hint),
        );
    }
}

/// A ball not ended after this many times `max_plays` plays is cut off: it
/// would never end.
const CUT_OFF: f64 = 20.0;

/// Matches played for each change a hint tries (fewer than the report's).
const HINT_MATCHES: u32 = 200;

/// Plays the deck's league matches when its `[deal]` says it plays the
/// league's rules, and holds the figures to the bounds: a finding at
/// `[deal] rules` for each one missed, with a hint naming the stat to change
/// and by how much. `None` for a deck of no rules, or one that cannot deal
/// two hands (told as such). Warnings go to `warnings`, never to the
/// resolver, whose findings stop the deck from being built.
pub fn play(r: &mut Resolver<'_>, deal: &Deal, deck: &[Player], warnings: &mut Vec<Finding>) -> Option<PlayReport> {
    if deal.rules != Rules::League {
        return None;
    }
    let at = Deal::KEY.rules;
    if let Some((position, have, need)) = simulate::short_of_two_hands(deck) {
        r.bad(
            at,
            Code::DeckPlay,
            format!(
                "the deck cannot deal two coaches a hand to play a match: it has {have} {}, {need} are needed",
                plural(position)
            ),
            format!("add {} {} to the spreadsheet", need - have, plural(position)),
        );
        return None;
    }
    let (settings, max_plays, (low, high)) = settings(r, deal)?;
    let report = simulate::simulate(deck, &settings);
    let source = format!(
        "{} simulated matches of {} balls, {} a side in turn",
        report.matches,
        report.balls,
        report.formations.join(", ")
    );
    let quick = Settings {
        matches: HINT_MATCHES.min(settings.matches),
        ..settings.clone()
    };
    if report.plays_per_ball > max_plays {
        let never = if report.unended_balls > 0.0 {
            format!(
                ", and {:.0} % of balls did not end within {} plays",
                report.unended_balls * 100.0,
                report.play_limit
            )
        } else {
            String::new()
        };
        r.bad(
            at,
            Code::DeckPlay,
            format!(
                "with this deck a ball lasts {:.1} plays on average ({source}){never}: the most is {} (`{}`)",
                report.plays_per_ball,
                max_plays,
                Deal::KEY.max_plays
            ),
            shots_hint(deck, &quick, max_plays),
        );
    } else if report.unended_balls > 0.0 {
        // Counted, not only shared: 3 balls of 5,000 is "0.1 %", never "0.0 %".
        let balls = f64::from(report.matches) * f64::from(report.balls);
        let unended = (report.unended_balls * balls).round().max(1.0);
        warnings.push(
            Finding::warning(
                Code::DeckPlay,
                format!(
                    "{unended} of {balls} balls ({:.2} %) did not end within {} plays ({source})",
                    report.unended_balls * 100.0,
                    report.play_limit
                ),
                r.source.locate(at),
            )
            .with_hint("some line-ups can hardly shoot: raise their forwards' shots on goal"),
        );
    }
    let shots: u64 = report.stripes.iter().map(|s| s.shots).sum();
    if shots > 0 && report.goals_per_shot < low {
        r.bad(
            at,
            Code::DeckPlay,
            format!(
                "only {:.1} % of shots are goals ({source}): the least is {:.0} % (`{}`)",
                report.goals_per_shot * 100.0,
                low * 100.0,
                Deal::KEY.goals_per_shot
            ),
            keeper_hint(deck, &quick, |share| share >= low, 1.0),
        );
    }
    if shots > 0 && report.goals_per_shot > high {
        r.bad(
            at,
            Code::DeckPlay,
            format!(
                "{:.1} % of shots are goals, so saves hardly happen ({source}): the most is {:.0} % (`{}`)",
                report.goals_per_shot * 100.0,
                high * 100.0,
                Deal::KEY.goals_per_shot
            ),
            keeper_hint(deck, &quick, |share| share <= high, -1.0),
        );
    }
    for f in report
        .by_formation
        .iter()
        .filter(|f| f.sides > 0 && f.shots_per_match == 0.0)
    {
        warnings.push(
            Finding::warning(
                Code::DeckFormation,
                format!(
                    "a side lined up {} never shot in {} simulated matches",
                    f.formation, f.sides
                ),
                r.source.locate(at),
            )
            .with_hint(format!(
                "raise the shots on goal of the forwards and midfielders, or leave {} out of [deal] {}",
                f.formation,
                Deal::KEY.formations
            )),
        );
    }
    Some(report)
}

/// The simulation's settings and bounds (the most plays a ball, the least
/// and most share of goals) from `[deal]`, or `None` with a finding for each
/// bad one (or when the deck has errors already: it is not played).
fn settings(r: &mut Resolver<'_>, deal: &Deal) -> Option<(Settings, f64, (f64, f64))> {
    let mut formations = Vec::new();
    for name in deal.formations.split(',').filter(|f| !f.trim().is_empty()) {
        match Formation::parse(name) {
            Some(f) => formations.push(f),
            None => r.bad(
                Deal::KEY.formations,
                Code::LayoutValue,
                format!("\"{}\" is not a line-up of the league", name.trim()),
                "write defenders-midfielders-forwards adding up to 10 (\"4-4-2\"), at most 6, 5 and 4, at least 1 each",
            ),
        }
    }
    let max_plays = r.number_in(Deal::KEY.max_plays, deal.max_plays, (2.0, 100.0), "", "");
    let (low, high) = deal.goals_per_shot;
    let low = r.number_in(&format!("{}[0]", Deal::KEY.goals_per_shot), low, (0.0, 1.0), "", "");
    let high = r.number_in(&format!("{}[1]", Deal::KEY.goals_per_shot), high, (0.0, 1.0), "", "");
    if low > high {
        r.bad(
            Deal::KEY.goals_per_shot,
            Code::LayoutValue,
            format!("the least share of goals, {low}, is above the most, {high}"),
            "write the least first: [0.15, 0.85]",
        );
    }
    if r.findings.iter().any(|f| f.is_error()) {
        return None;
    }
    let settings = Settings {
        matches: deal.matches,
        balls: deal.balls,
        formations,
        seed: deal.seed,
        play_limit: (max_plays * CUT_OFF).ceil() as u32,
        seconds_per_play: deal.seconds_per_play,
    };
    Some((settings, max_plays, (low, high)))
}

/// "goalkeepers" for the goalkeeper position, and so on.
fn plural(p: Position) -> &'static str {
    ["goalkeepers", "defenders", "midfielders", "forwards"][p.index()]
}

/// The smallest change of the outfield cards' shots on goal (or, failing
/// that, their good passes and balls won) that brings a ball within
/// `max_plays`, said as a hint.
fn shots_hint(deck: &[Player], quick: &Settings, max_plays: f64) -> String {
    let plays = |d: &[Player]| simulate::simulate(d, quick).plays_per_ball;
    let shifted = |by: f64, f: fn(&mut Player, f64)| -> Vec<Player> {
        deck.iter()
            .map(|c| {
                let mut c = *c;
                if c.position != Position::Goalkeeper {
                    f(&mut c, by);
                }
                c
            })
            .collect()
    };
    let why = "the holder shoots only when a die plus its stripe's shots on goal beats its possession total \
               (a die plus its good passes, or the balls won it took the ball with): a stripe's shots must come \
               near its passes";
    for k in 1..=8 {
        let by = f64::from(k);
        let d = shifted(by, |c, by| c.shots += by);
        let p = plays(&d);
        if p <= max_plays {
            return format!(
                "raise shots on goal by {k} on every outfield card (a ball then lasts about {p:.1} plays); {why}"
            );
        }
        let d = shifted(by, |c, by| {
            c.passes = (c.passes - by).max(0.0);
            c.won = (c.won - by).max(0.0);
        });
        let p = plays(&d);
        if p <= max_plays {
            return format!(
                "lower good passes and balls won by {k} on every outfield card (a ball then lasts about {p:.1} plays); {why}"
            );
        }
    }
    format!("bring every stripe's summed shots on goal near its summed good passes; {why}")
}

/// The smallest change of the goalkeepers' goals conceded (raised when
/// `sign` is 1, lowered when -1; saves the other way) that brings the share
/// of goals where `fits` says, said as a hint.
fn keeper_hint(deck: &[Player], quick: &Settings, fits: impl Fn(f64) -> bool, sign: f64) -> String {
    let (more, less) = if sign > 0.0 {
        ("raise goals conceded", "lower saves")
    } else {
        ("lower goals conceded", "raise saves")
    };
    for k in 1..=8 {
        let by = f64::from(k) * sign;
        let d: Vec<Player> = deck
            .iter()
            .map(|c| Player {
                conceded: (c.conceded + by).max(0.0),
                ..*c
            })
            .collect();
        let share = simulate::simulate(&d, quick).goals_per_shot;
        if fits(share) {
            return format!(
                "{more} by {k} on every goalkeeper, or {less} by {k} (then about {:.0} % of shots go in): \
                 a shot is a goal when a die plus the keeper's goals conceded beats a die plus its saves",
                share * 100.0
            );
        }
    }
    format!(
        "{more} or {less} on the goalkeepers: a shot is a goal when a die plus the keeper's goals conceded beats a die plus its saves"
    )
}
