//! Money in notes: which sums a bank's notes pay exactly, how a coach's
//! starting money is handed out in notes, and whether the bank holds enough
//! for a championship.

use crate::diag::Finding;
use crate::diag::code::Code;

use super::Game;

/// The number a coach starts with.
pub const START: &str = "start_money";
/// A winner's prize after each round.
pub const WIN_PRIZE: &str = "win_prize";
/// The prize of each side of a draw.
pub const DRAW_PRIZE: &str = "draw_prize";

/// Which sums up to `max` some of `notes` (value, how many there are) make
/// exactly: `made[n]` says whether `n` is paid by notes of the bank, no
/// denomination used more times than it is printed. Each denomination's
/// notes are taken in bundles of 1, 2, 4… (a bounded knapsack), so a bank
/// of hundreds of notes costs a few passes over the sums.
pub fn payable_sums(notes: &[(u32, u32)], max: u32) -> Vec<bool> {
    let max = max as usize;
    let mut made = vec![false; max + 1];
    made[0] = true;
    for &(value, count) in notes {
        let value = value as usize;
        if value == 0 {
            continue;
        }
        let mut left = count as usize;
        let mut bundle = 1;
        while left > 0 {
            let take = bundle.min(left);
            let step = value * take;
            for n in (step..=max).rev() {
                if made[n - step] {
                    made[n] = true;
                }
            }
            left -= take;
            bundle *= 2;
        }
    }
    made
}

/// How `amount` is handed out in the bank's notes (`notes`: value and how
/// many are printed), largest first: the notes a coach can pay with
/// without asking for change. From the smallest note up, each kind is
/// taken until the sum reaches the next note's value, and the largest makes
/// up the rest: 100 in notes of 1, 5, 10 and 50 is five of 1 (5), one of 5
/// (10), four of 10 (50) and one of 50, so that every price up to 100 is
/// paid from the hand. When that does not come out exact (notes of 2 and
/// 5 for 100), the largest notes that leave a payable rest. `None` when no
/// notes make the amount.
pub fn hand_out(amount: u64, notes: &[(u32, u32)]) -> Option<Vec<(u32, u64)>> {
    let mut values: Vec<u64> = notes.iter().map(|&(v, _)| u64::from(v)).filter(|&v| v > 0).collect();
    values.sort_unstable();
    values.dedup();
    let mut counts = vec![0u64; values.len()];
    let mut sum = 0u64;
    for (i, &v) in values.iter().enumerate() {
        let target = values.get(i + 1).map_or(amount, |&next| next.min(amount));
        if target > sum {
            counts[i] = (target - sum) / v;
            sum += counts[i] * v;
        }
    }
    if sum != amount {
        counts = largest_first(amount, &values)?;
    }
    Some(
        values
            .iter()
            .zip(counts)
            .rev()
            .filter(|&(_, c)| c > 0)
            .map(|(&v, c)| (u32::try_from(v).unwrap_or(u32::MAX), c))
            .collect(),
    )
}

/// The most sums [`makes`] tabulates: past it a rest is taken as made when
/// the notes' common divisor divides it (true past the Frobenius bound of
/// any bank of notes under two thousand).
const MAKES_LIMIT: u64 = 1 << 22;

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Whether any number of notes of `values` (ascending) make `rest`. Past
/// the smallest times the largest value (over their common divisor), every
/// multiple of the divisor is made (Schur's bound on the Frobenius number);
/// below it, a table of the sums decides.
fn makes(values: &[u64], rest: u64) -> bool {
    if rest == 0 {
        return true;
    }
    let (Some(&low), Some(&top)) = (values.first(), values.last()) else {
        return false;
    };
    let g = values.iter().fold(0, |a, &b| gcd(a, b));
    if !rest.is_multiple_of(g) {
        return false;
    }
    let bound = (low / g).saturating_mul(top).min(MAKES_LIMIT);
    if rest >= bound {
        return true;
    }
    let span = rest as usize;
    let mut made = vec![false; span + 1];
    made[0] = true;
    for n in 1..=span {
        made[n] = values.iter().any(|&v| v as usize <= n && made[n - v as usize]);
    }
    made[span]
}

/// `amount` in the largest notes of `values` (ascending) that leave a rest
/// the smaller ones can make, any number of each; `None` when none can.
fn largest_first(amount: u64, values: &[u64]) -> Option<Vec<u64>> {
    let mut counts = vec![0u64; values.len()];
    let mut rest = amount;
    for i in (0..values.len()).rev() {
        let (v, below) = (values[i], &values[..i]);
        let most = rest / v;
        if below.is_empty() {
            counts[i] = most;
            rest -= most * v;
            break;
        }
        // Each note fewer adds `v` to the rest: past the bound of `makes`
        // and a full turn of the remainders, fewer notes cannot help.
        let divisor = below.iter().fold(0, |a, &b| gcd(a, b));
        let tries = (MAKES_LIMIT / v + divisor + 1).min(most + 1);
        let c = (0..tries)
            .map(|k| most - k)
            .find(|&c| makes(below, rest - c * v))
            .unwrap_or(0);
        counts[i] = c;
        rest -= c * v;
    }
    (rest == 0).then_some(counts)
}

/// How much a championship of `coaches` pays out in prizes at most: a
/// single round robin (a round each with an even number, one each and a
/// rest with an odd), each match paying its winner or both sides of a draw,
/// whichever is more.
pub fn season_prizes(coaches: u64, win: u64, draw: u64) -> u64 {
    let rounds = if coaches.is_multiple_of(2) {
        coaches.saturating_sub(1)
    } else {
        coaches
    };
    rounds * (coaches / 2) * win.max(2 * draw)
}

/// An amount of the game's numbers as a whole count of money, when it is
/// one: a finding at the number otherwise.
fn amount(game: &Game, name: &str, out: &mut Vec<Finding>) -> Option<u64> {
    let value = game.numbers.get(name)?;
    match value.one() {
        Some(v) if v >= 0.0 && v.fract() == 0.0 => Some(v as u64),
        _ => {
            out.push(
                Finding::error(
                    Code::BankShort,
                    format!("{name} is paid in notes, so it is one whole amount of 0 or more"),
                    game.locate_number(name),
                )
                .with_hint(format!("write {name} = 100, say, with no fraction")),
            );
            None
        }
    }
}

/// The bank (`notes`: value and count printed, `currency` after an
/// amount) held to the game's numbers for `coaches` coaches: each amount
/// paid exactly, every coach's starting money handed out as the rules say
/// with the notes printed, and enough money for the starts and a season's
/// prizes.
pub fn check_bank(game: &Game, notes: &[(u32, u32)], coaches: u32, currency: &str) -> Vec<Finding> {
    let mut out = Vec::new();
    let coaches = u64::from(coaches);
    let money = |n: u64| crate::i18n::amount_with_currency(&n.to_string(), currency);
    let total: u64 = notes.iter().map(|&(v, c)| u64::from(v) * u64::from(c)).sum();
    let start = amount(game, START, &mut out);
    let win = amount(game, WIN_PRIZE, &mut out);
    let draw = amount(game, DRAW_PRIZE, &mut out);
    let most = u32::try_from(total).unwrap_or(u32::MAX);
    let made = payable_sums(notes, most);
    for (name, value) in [(START, start), (WIN_PRIZE, win), (DRAW_PRIZE, draw)] {
        let Some(value) = value else { continue };
        let payable = usize::try_from(value)
            .ok()
            .and_then(|v| made.get(v))
            .copied()
            .unwrap_or(false);
        if !payable {
            out.push(
                Finding::error(
                    Code::BankShort,
                    format!("no notes of the bank make {name} = {}", money(value)),
                    game.locate_number(name),
                )
                .with_hint(format!(
                    "make it an amount the notes ({}) add up to, or print another note",
                    notes
                        .iter()
                        .map(|(v, _)| money(u64::from(*v)))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            );
        }
    }
    if let Some(start) = start
        && let Some(hand) = hand_out(start, notes)
    {
        for (value, each) in hand {
            let printed = notes
                .iter()
                .filter(|(v, _)| *v == value)
                .map(|(_, c)| u64::from(*c))
                .sum::<u64>();
            let needed = each * coaches;
            if needed > printed {
                out.push(
                    Finding::error(
                        Code::BankShort,
                        format!(
                            "{coaches} coaches starting with {each} notes of {} each need {needed}; the bank prints {printed}",
                            money(u64::from(value))
                        ),
                        game.locate_number(START),
                    )
                    .with_hint(format!(
                        "print at least {needed} notes of {} in the banknotes layout, or lower {START}",
                        money(u64::from(value))
                    )),
                );
            }
        }
    }
    let prizes = season_prizes(coaches, win.unwrap_or(0), draw.unwrap_or(0));
    let needed = start.unwrap_or(0) * coaches + prizes;
    if needed > total {
        out.push(
            Finding::error(
                Code::BankShort,
                format!(
                    "the bank holds {} in all; {coaches} coaches' starting money and a season's prizes ({}) take {}",
                    money(total),
                    money(prizes),
                    money(needed)
                ),
                game.locate_number(START),
            )
            .with_hint("print more notes in the banknotes layout, or lower the starting money or the prizes"),
        );
    }
    out
}
