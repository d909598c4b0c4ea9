//! What a deck owes the game it is dealt in (GAMES.md game C): a hand for
//! every coach of the league table it names and a market that lasts a season,
//! and prices the bank it names can pay in its notes.
//!
//! The hand and the market draw are the seed's facts; how many coaches and
//! how many rounds are the layout's (the table's rows; a single round robin
//! unless `[deal] rounds` says otherwise).

use std::path::Path;

use crate::code::Code;
use crate::diag::{Finding, Location};
use crate::layout::resolve::Resolver;
use crate::layout::values::{Count, Word};
use crate::section;

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
    }
}

/// Cards of each position dealt to every coach: 2 goalkeepers, 6 defenders,
/// 5 midfielders and 4 forwards (17), in the order of the deck's positions.
pub const HAND: [u32; 4] = [2, 6, 5, 4];
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
        && let Some(coaches) = referenced(r, Deal::KEY.table, &deal.table, |l| l.teams(), "a league table")
    {
        let rounds = match deal.rounds {
            0 => round_robin(coaches),
            n => n,
        };
        enough_cards(r, deal, have, coaches, rounds);
    }
    if !deal.bank.is_empty()
        && let Some(notes) = referenced(r, Deal::KEY.bank, &deal.bank, |l| l.note_values(), "play money")
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
            format!("cannot use the layout {name}: a \"{}\" layout is not {what}", loaded.kind),
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

/// Every price is a whole number of the bank's smallest note.
fn payable(r: &mut Resolver<'_>, deal: &Deal, prices: &[Price<'_>], notes: &[f64]) {
    let Some(step) = notes.iter().copied().filter(|v| *v > 0.0).reduce(f64::min) else {
        return;
    };
    for c in prices {
        let number = c.written.split_whitespace().next().unwrap_or_default();
        let Ok(price) = number.replace(',', ".").parse::<f64>() else {
            continue; // a bad number is the stat check's finding
        };
        let units = price / step;
        if (units - units.round()).abs() > 1e-9 {
            let lower = (units.floor() * step).max(step);
            let file = Path::new(&deal.bank).display().to_string();
            r.findings.push(
                Finding::error(
                    Code::CardPrice,
                    format!(
                        "{}'s price {number} cannot be paid with the notes of {file}: the smallest is {step}",
                        c.player
                    ),
                    c.at.clone(),
                )
                .with_hint(format!(
                    "write a price the notes can pay, such as {lower} or {}",
                    lower + step
                )),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_robin_meets_every_other_coach_once() {
        assert_eq!(round_robin(6), 5);
        assert_eq!(round_robin(5), 5);
        assert_eq!(round_robin(2), 1);
    }
}
