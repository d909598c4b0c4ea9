//! The game's numbers in its texts: `{start_money}` in a rule sheet, a
//! cover or a reference card is the game file's number, written as the
//! language writes numbers; `{start_money|money}` is the amount with the
//! bank's currency ("100 M"), `{start_money|notes}` the notes a coach is
//! handed it in ("1 note of 50 M, 4 of 10 M, 1 of 5 M and 5 of 1 M"). The
//! layouts' own figures come as `{bank.notes}`, `{deck.sheets}` and the
//! like ([`Facts`]).
//!
//! A placeholder is a `{`, a name of letters, digits, `_` and `.`, perhaps
//! `|` and a form, and a `}`; any other brace is text (`{{diagram: ...}}`
//! keeps its own). A name the game does not give is an error at its line
//! and column, with the names it does.

use std::collections::BTreeMap;
use std::path::Path;

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::i18n::I18n;

use super::Game;
use super::money;

/// The prefix of the bank's figures (`{bank.notes}`).
pub const BANK: &str = "bank";
/// The prefix of the deck's figures (`{deck.cards}`).
pub const DECK: &str = "deck";
/// The prefix of the league table's figures (`{table.teams}`).
pub const TABLE: &str = "table";

/// A layout's figure as the texts name it: `fact(BANK, "notes")` is
/// `bank.notes`.
fn fact(layout: &str, name: &str) -> String {
    format!("{layout}.{name}")
}

/// The form that prints an amount with the bank's currency.
pub const MONEY: &str = "money";
/// The form that prints an amount as the notes it is handed out in.
pub const NOTES: &str = "notes";

/// A `{name}` or `{name|form}` in a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placeholder {
    /// The byte range of the whole placeholder, braces included.
    pub range: std::ops::Range<usize>,
    /// The name (`start_money`, `bank.notes`).
    pub name: String,
    /// The form after `|`, when there is one.
    pub form: Option<String>,
}

impl Placeholder {
    /// How it is looked up: the name, and the form after a `|`.
    pub fn key(&self) -> String {
        match &self.form {
            Some(f) => format!("{}|{f}", self.name),
            None => self.name.clone(),
        }
    }
}

/// Every placeholder of one line of text, in order.
pub fn placeholders(line: &str) -> Vec<Placeholder> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'{' {
            i += 1;
            continue;
        }
        if bytes.get(i + 1) == Some(&b'{') {
            i += 2;
            continue;
        }
        let body_len = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'|'))
            .count();
        let end = i + 1 + body_len;
        if body_len > 0 && bytes.get(end) == Some(&b'}') {
            let body = &line[i + 1..end];
            let (name, form) = match body.split_once('|') {
                Some((n, f)) => (n.to_string(), Some(f.to_string())),
                None => (body.to_string(), None),
            };
            out.push(Placeholder {
                range: i..end + 1,
                name,
                form,
            });
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// Whether any line of `text` holds a placeholder whose name starts with
/// `prefix` or whose form is `form`: what a text needs loaded.
pub fn asks_for(text: &str, prefix: &str, form: Option<&str>) -> bool {
    text.lines()
        .flat_map(placeholders)
        .any(|p| p.name.starts_with(prefix) || form.is_some_and(|f| p.form.as_deref() == Some(f)))
}

/// How a language writes numbers and lists of them: `[format]` of its labels.
#[derive(Clone, Debug)]
pub struct Style {
    /// The mark between a number's whole part and its fraction.
    pub decimal: String,
    /// The mark between groups of three digits.
    pub thousands: String,
    /// The smallest number written with groups (10000 in Spanish, where
    /// "1500" has none; 1000 in English).
    pub group_from: u64,
    /// The word before a list's last item: "90, 60 or 30".
    pub or: String,
    /// The word before a list's last item: "4 of 10 M and 5 of 1 M".
    pub and: String,
    /// One note of an amount: `{n} note of {amount}`.
    pub note: String,
    /// Several notes of an amount: `{n} notes of {amount}`.
    pub notes: String,
    /// The next amounts of a list: `{n} of {amount}`.
    pub more: String,
    /// The same before an amount said with a vowel, where the language
    /// elides (Catalan: `{n} d’{amount}`, "5 d’1 M").
    pub more_elided: Option<String>,
}

/// The labels a [`Style`] is read from, under `[format]`.
const STYLE_KEYS: [&str; 8] = [
    "decimal",
    "thousands",
    "group_from",
    "or",
    "and",
    "note",
    "notes",
    "more",
];

impl Style {
    /// The style of `tables`' language; a label it lacks is an error naming it.
    pub fn load(tables: &I18n) -> Result<Style, Vec<Finding>> {
        let mut missing = Vec::new();
        let mut get = |key: &str| -> String {
            let full = format!("format.{key}");
            tables.get(&full).map(str::to_string).unwrap_or_else(|| {
                missing.push(
                    Finding::error(
                        Code::I18nMissing,
                        format!(
                            "the {} labels have no \"{full}\", which the game's numbers are written with",
                            tables.lang
                        ),
                        Location::file(&tables.file),
                    )
                    .with_hint(format!("add {key} under [format], as templates/i18n/en.toml has it")),
                );
                String::new()
            })
        };
        let [decimal, thousands, group_from, or, and, note, notes, more] = STYLE_KEYS.map(&mut get);
        let group_from = group_from.parse().unwrap_or(u64::MAX);
        let more_elided = tables.get("format.more_elided").map(str::to_string);
        if !missing.is_empty() {
            return Err(missing);
        }
        Ok(Style {
            decimal,
            thousands,
            group_from,
            or,
            and,
            note,
            notes,
            more,
            more_elided,
        })
    }

    /// `value` as the language writes it: groups of three digits from
    /// [`Style::group_from`] up, the decimal mark before a fraction.
    pub fn number(&self, value: f64) -> String {
        let sign = if value < 0.0 { "-" } else { "" };
        let text = format!("{}", value.abs());
        let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
        let grouped = if value.abs() >= self.group_from as f64 {
            group_digits(whole, &self.thousands)
        } else {
            whole.to_string()
        };
        if fraction.is_empty() {
            format!("{sign}{grouped}")
        } else {
            format!("{sign}{grouped}{}{fraction}", self.decimal)
        }
    }

    /// `items` as a list: "a, b or c" with `last` (the language's "or" or
    /// "and") before the last.
    pub fn list(&self, items: &[String], last: &str) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., end] => format!("{} {last} {end}", init.join(", ")),
        }
    }

    /// The amounts of `counts` (value, how many) as a list of notes: the
    /// first "1 note of 50 M" (or "notes"), the rest "4 of 10 M".
    fn notes_list(&self, counts: &[(u64, u64)], currency: &str, lead: bool) -> String {
        let items: Vec<String> = counts
            .iter()
            .enumerate()
            .map(|(i, &(value, n))| {
                let amount = money(&self.number(value as f64), currency);
                let pattern = match (i, lead, &self.more_elided) {
                    (0, true, _) if n == 1 => &self.note,
                    (0, true, _) => &self.notes,
                    (_, _, Some(elided)) if elides(value) => elided,
                    _ => &self.more,
                };
                pattern
                    .replace("{n}", &self.number(n as f64))
                    .replace("{amount}", &amount)
            })
            .collect();
        self.list(&items, &self.and)
    }
}

/// `digits` in groups of three from the right, `sep` between: "3500000"
/// is "3.500.000" with ".".
pub fn group_digits(digits: &str, sep: &str) -> String {
    let chars: Vec<char> = digits.chars().collect();
    let mut out = String::new();
    for (i, c) in chars.iter().enumerate() {
        if i > 0 && (chars.len() - i).is_multiple_of(3) {
            out.push_str(sep);
        }
        out.push(*c);
    }
    out
}

/// `text` (a number as the sheet gave it, its decimal mark the language's)
/// with the digits it starts with grouped by `sep` when they make `from`
/// or more: a card's price "3500000" is "3.500.000" in Spanish, "1500" stays.
pub fn group_leading(text: &str, sep: &str, from: u64) -> String {
    let n = text.bytes().take_while(u8::is_ascii_digit).count();
    let (whole, rest) = text.split_at(n);
    match whole.parse::<u64>() {
        Ok(v) if v >= from => format!("{}{rest}", group_digits(whole, sep)),
        _ => text.to_string(),
    }
}

/// An amount with its currency, joined by a no-break space: a line never
/// ends between "50" and "M".
fn money(amount: &str, currency: &str) -> String {
    crate::i18n::amount_with_currency(amount, currency).replace(' ', "\u{a0}")
}

/// Whether an amount is said with a vowel first in Catalan, where "de"
/// elides before it: "un" (1, 1 000 000 "un milió") and "onze" (11, 11 000,
/// 11 500, 11 000 000); "mil" (1 000, 1 500) and "cent onze" (111) are not.
pub fn elides(n: u64) -> bool {
    match n {
        0..=999 => matches!(n, 1 | 11),
        // "mil" alone, else the thousands' own first word ("onze mil").
        1_000..=999_999 => n / 1_000 != 1 && elides(n / 1_000),
        // "un milió", "onze milions"; "mil milions" is "mil".
        _ => elides(n / 1_000_000),
    }
}

/// What a game's layouts print, for the texts: each read from the layout
/// the game file names.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    /// The bank.
    pub bank: Option<BankFacts>,
    /// The deck: how many cards, of how many clubs, and how many a sheet holds.
    pub deck: Option<(usize, usize, usize)>,
    /// The league table's rows.
    pub teams: Option<u32>,
}

/// What a bank prints, for the texts.
#[derive(Clone, Debug)]
pub struct BankFacts {
    /// Each denomination's value and how many notes of it are printed.
    pub notes: Vec<(u32, u32)>,
    /// The currency after an amount, in the language built.
    pub currency: String,
    /// How many notes a sheet holds.
    pub per_sheet: usize,
}

/// What the texts of a game may print, by placeholder, in one language.
#[derive(Clone, Debug, Default)]
pub struct Values {
    map: BTreeMap<String, String>,
}

impl Values {
    /// The values of `game` and its layouts' `facts`, written in `style`.
    pub fn new(game: &Game, style: &Style, facts: &Facts) -> Values {
        let mut map = BTreeMap::new();
        let whole = |n: usize| style.number(n as f64);
        if let Some((a, b)) = game.players {
            let text = if a == b {
                whole(a as usize)
            } else {
                format!("{}–{}", whole(a as usize), whole(b as usize))
            };
            map.insert("players".to_string(), text);
        }
        if let Some(age) = game.age {
            map.insert("age".to_string(), whole(age as usize));
        }
        if let Some(minutes) = game.minutes {
            map.insert("minutes".to_string(), whole(minutes as usize));
        }
        for (name, number) in &game.numbers {
            let each: Vec<String> = number.values().iter().map(|v| style.number(*v)).collect();
            map.insert(name.clone(), style.list(&each, &style.or));
            if let Some(BankFacts { notes, currency, .. }) = &facts.bank {
                let money: Vec<String> = each.iter().map(|n| money(n, currency)).collect();
                map.insert(format!("{name}|{MONEY}"), style.list(&money, &style.or));
                let amount = number.one().filter(|v| *v >= 0.0 && v.fract() == 0.0);
                if let Some(hand) = amount.and_then(|v| money::hand_out(v as u64, notes)) {
                    let counts: Vec<(u64, u64)> = hand.iter().map(|&(v, c)| (u64::from(v), c)).collect();
                    map.insert(format!("{name}|{NOTES}"), style.notes_list(&counts, currency, true));
                }
            }
        }
        if let Some(BankFacts {
            notes,
            currency,
            per_sheet,
        }) = &facts.bank
        {
            let count: u64 = notes.iter().map(|&(_, c)| u64::from(c)).sum();
            let values: Vec<(u64, u64)> = notes.iter().map(|&(v, c)| (u64::from(v), u64::from(c))).collect();
            map.insert(fact(BANK, "notes"), style.number(count as f64));
            map.insert(fact(BANK, "values"), style.notes_list(&values, currency, false));
            map.insert(fact(BANK, "per_sheet"), whole(*per_sheet));
            map.insert(fact(BANK, "sheets"), whole(sheets(count as usize, *per_sheet)));
        }
        if let Some((cards, clubs, per_sheet)) = facts.deck {
            map.insert(fact(DECK, "cards"), whole(cards));
            map.insert(fact(DECK, "clubs"), whole(clubs));
            map.insert(fact(DECK, "per_sheet"), whole(per_sheet));
            map.insert(fact(DECK, "sheets"), whole(sheets(cards, per_sheet)));
        }
        if let Some(teams) = facts.teams {
            map.insert(fact(TABLE, "teams"), whole(teams as usize));
        }
        Values { map }
    }

    /// The text of a placeholder, when the game gives it.
    pub fn get(&self, placeholder: &Placeholder) -> Option<&str> {
        self.map.get(&placeholder.key()).map(String::as_str)
    }

    /// The placeholders these values fill, for a hint.
    pub fn names(&self) -> Vec<&str> {
        self.map.keys().map(|k| k.as_str()).collect()
    }
}

/// How many sheets `items` take at `per_sheet` a sheet.
fn sheets(items: usize, per_sheet: usize) -> usize {
    items.div_ceil(per_sheet.max(1))
}

/// `text` (the file `file`) with every placeholder replaced by its value,
/// and a finding at each one `values` does not give (`None`: the text's
/// folder has no game file). Lines keep their numbers.
pub fn fill(text: &str, file: &Path, values: Option<&Values>, game_file: &Path) -> (String, Vec<Finding>) {
    let mut out = String::with_capacity(text.len());
    let mut findings = Vec::new();
    for (n, line) in text.split_inclusive('\n').enumerate() {
        let mut at = 0;
        for p in placeholders(line) {
            out.push_str(&line[at..p.range.start]);
            at = p.range.end;
            match values.and_then(|v| v.get(&p)) {
                Some(value) => out.push_str(value),
                None => {
                    out.push_str(&line[p.range.clone()]);
                    let column = line[..p.range.start].chars().count() + 1;
                    findings.push(unknown(
                        &p,
                        values,
                        game_file,
                        Location::at_line(file, n + 1, Some(column)),
                    ));
                }
            }
        }
        out.push_str(&line[at..]);
    }
    (out, findings)
}

/// The finding for a placeholder the game does not give.
fn unknown(p: &Placeholder, values: Option<&Values>, game_file: &Path, at: Location) -> Finding {
    let written = format!("{{{}}}", p.key());
    let Some(values) = values else {
        return Finding::error(
            Code::GameNumber,
            format!(
                "{written} is a number of the game, and there is no {} to give it",
                game_file.display()
            ),
            at,
        )
        .with_hint(format!(
            "write {} with kind = \"game\" and the number under [numbers] ({} = ...)",
            game_file.display(),
            p.name
        ));
    };
    let names: Vec<String> = values.names().into_iter().map(str::to_string).collect();
    let near = crate::diag::nearest(&p.key(), &names);
    let hint = match (near, p.form.as_deref()) {
        (Some(n), _) => format!("did you mean {{{n}}}? The game gives: {}", names.join(", ")),
        (None, Some(MONEY | NOTES)) => format!(
            "{{name|{}}} needs `bank` in {} naming the banknotes, and name under [numbers] as one whole amount",
            p.form.as_deref().unwrap_or_default(),
            game_file.display()
        ),
        (None, Some(form)) => format!(
            "\"{form}\" is not a form: write {{{}}}, {{{0}|money}} or {{{0}|notes}}",
            p.name
        ),
        (None, None) => format!(
            "add {} under [numbers] in {}, or use one of: {}",
            p.name,
            game_file.display(),
            names.join(", ")
        ),
    };
    Finding::error(
        Code::GameNumber,
        format!("{written} is not a number {} gives", game_file.display()),
        at,
    )
    .with_hint(hint)
    .with_note("the game's numbers are set here", Location::file(game_file))
}
