//! Rules for the league table, read from the scene: a row per team and its
//! eight columns (the team and seven numbers), rows tall enough to write in,
//! and fixture lists that are each a single round robin of the rows they
//! number.

use std::collections::{BTreeMap, BTreeSet};

use crate::check::measure::MIN_WRITING_LINE;
use crate::check::measure::{Measured, find};
use crate::components::league_table::layout::{Fixtures, LeagueTable, Table};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::input::source::Source;
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// Checks the league table.
pub fn check_table(source: &Source, sheet: &LeagueTable, doc: &Document) -> Vec<Finding> {
    let t = &sheet.table;
    let mut out = Vec::new();
    let cells: Vec<(u16, u16, f64)> = find(doc, |tag| matches!(tag, Tag::TableCell { .. }))
        .into_iter()
        .filter_map(|(item, m)| match (&item.tag, m) {
            (Tag::TableCell { row, col }, Measured::Rect(r)) => Some((*row, *col, r.h.0)),
            _ => None,
        })
        .collect();
    let rows: BTreeSet<u16> = cells.iter().map(|c| c.0).collect();
    let cols: BTreeSet<u16> = cells.iter().map(|c| c.1).collect();
    if rows.len() != t.teams as usize || cols.len() != 1 + t.columns.len() {
        out.push(
            Finding::error(
                Code::TableSize,
                format!(
                    "the table has {} rows and {} columns for {} teams",
                    rows.len(),
                    cols.len(),
                    t.teams
                ),
                source.locate(Table::KEY.teams),
            )
            .with_hint("this is a bug in the table, not in the layout"),
        );
    }
    if let Some(h) = cells.iter().map(|c| c.2).reduce(f64::min)
        && h < MIN_WRITING_LINE.0 - 1e-6
    {
        out.push(
            Finding::error(
                Code::TableSize,
                format!("rows {h:.1} mm tall are too short to write in"),
                source.locate(Table::KEY.row_height),
            )
            .with_hint(format!("set {} to at least {MIN_WRITING_LINE}", Table::KEY.row_height)),
        );
    }
    if sheet.fixtures.show {
        out.extend(check_fixtures(source, sheet, doc));
    }
    out
}

/// What one fixture list prints: each round's matches and who rests.
#[derive(Default)]
pub struct Printed {
    /// Round (from 1) to its matches, `(home, away)`.
    pub matches: BTreeMap<u8, Vec<(u8, u8)>>,
    /// Round to the coaches printed as resting.
    pub byes: BTreeMap<u8, Vec<u8>>,
}

/// Each fixture list the scene prints is a single round robin of its
/// coaches: every pair once, everyone once a round, one rest a round for an
/// odd number and none for an even one, no number beyond the list's.
fn check_fixtures(source: &Source, sheet: &LeagueTable, doc: &Document) -> Vec<Finding> {
    let mut lists: BTreeMap<u8, Printed> = BTreeMap::new();
    for (item, _) in find(doc, |tag| {
        matches!(tag, Tag::FixtureMatch { .. } | Tag::FixtureBye { .. })
    }) {
        match item.tag {
            Tag::FixtureMatch {
                coaches,
                round,
                home,
                away,
            } => {
                lists
                    .entry(coaches)
                    .or_default()
                    .matches
                    .entry(round)
                    .or_default()
                    .push((home, away));
            }
            Tag::FixtureBye { coaches, round, coach } => {
                lists
                    .entry(coaches)
                    .or_default()
                    .byes
                    .entry(round)
                    .or_default()
                    .push(coach);
            }
            _ => {}
        }
    }
    let (fewest, most) = sheet.fixtures.coaches;
    let mut problems = Vec::new();
    for n in fewest..=most {
        let Ok(n) = u8::try_from(n) else { continue };
        match lists.get(&n) {
            None => problems.push(format!("the list for {n} coaches is missing")),
            Some(list) => problems.extend(round_robin_problems(n, list)),
        }
    }
    problems
        .into_iter()
        .map(|p| {
            Finding::error(Code::Fixture, p, source.locate(Fixtures::KEY.coaches))
                .with_hint("this is a bug in the fixture lists, not in the layout")
        })
        .collect()
}

/// Why the printed `list` is not a single round robin of `n` coaches.
pub fn round_robin_problems(n: u8, list: &Printed) -> Vec<String> {
    let mut out = Vec::new();
    let rounds = if n.is_multiple_of(2) { n - 1 } else { n };
    let mut met: BTreeMap<(u8, u8), u32> = BTreeMap::new();
    for round in 1..=rounds {
        let matches = list.matches.get(&round).map_or(&[][..], Vec::as_slice);
        let byes = list.byes.get(&round).map_or(&[][..], Vec::as_slice);
        let mut playing: Vec<u8> = matches
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .chain(byes.iter().copied())
            .collect();
        playing.sort_unstable();
        if playing != (1..=n).collect::<Vec<u8>>() {
            out.push(format!(
                "{n} coaches, round {round}: not every coach of 1 to {n} exactly once"
            ));
        }
        if byes.len() != usize::from(n % 2) {
            out.push(format!(
                "{n} coaches, round {round}: {} resting where {} should",
                byes.len(),
                n % 2
            ));
        }
        for &(a, b) in matches {
            *met.entry((a.min(b), a.max(b))).or_default() += 1;
        }
    }
    if list
        .matches
        .keys()
        .chain(list.byes.keys())
        .any(|&r| r == 0 || r > rounds)
    {
        out.push(format!("{n} coaches: a round beyond the {rounds} a round robin has"));
    }
    for a in 1..=n {
        for b in a + 1..=n {
            let times = met.get(&(a, b)).copied().unwrap_or(0);
            if times != 1 {
                out.push(format!("{n} coaches: {a} and {b} meet {times} times"));
            }
        }
    }
    out
}
