//! `[[style]]` in a generic card template: cards styled by their data, as
//! Squib's and nanDECK's ranges allow. A rule names a column and a value;
//! the cards whose cell holds that value take the rule's frame colour,
//! back colour, and the boxes it shows (strikers red and keepers gold from
//! one sheet, a cost badge only on the cards that cost something).
//!
//! The column is read as the sheet writes it, never a language's version
//! (`Tipo`, not `Tipo.en`), so one set of rules serves every language; a
//! value is matched with the spaces round it and its case aside. Later
//! rules win over earlier ones for what both set, as in a style sheet.

use schemars::{Schema, SchemaGenerator};

use crate::color::Color;
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::layout::resolve::Resolver;
use crate::layout::schema;
use crate::layout::section::{Value, join_key};
use crate::layout::values::{Colour, Optional, Required, Word, entries};
use crate::limits::{MAX_ENTRIES, MAX_WORD_CHARS};
use crate::section;
use crate::spreadsheet::Sheet;

section! {
    /// One `[[style]]` of a generic card template, validated: what the
    /// cards whose `column` holds `is` look like.
    pub struct StyleRule / RawStyleRule / StyleRuleKeys in dynamic {
        /// The column whose cell picks the cards: its header as the sheet
        /// writes it (`Tipo`, never a language's `Tipo.en`).
        column: Required<Word> = () => "the header of the column whose value picks the cards",
        /// The cell's value on the cards styled (spaces round it and case aside).
        is: Required<Word> = () => "the value, as the sheet's cells write it",
        /// The frame's colour on those cards (and the `frame` ink of their fields).
        frame: Optional<Colour> = (),
        /// The back's colour behind those cards.
        back: Optional<Colour> = (),
        /// Boxes (`[[field]]` or `[[image]]`, by their column) shown only on
        /// the cards of a rule that names them.
        show: Words = (),
    }
}

/// Names written as a list (`["Coste", "Imagen"]`), each a [`Word`]
/// blamed on its own place, `key[i]`.
pub struct Words;

impl Value for Words {
    type Raw = Vec<String>;
    type Default = ();
    type Out = Vec<String>;
    fn raw_default(_: ()) -> Vec<String> {
        Vec::new()
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Vec<String>, hint: &str) -> Vec<String> {
        entries(r, key, raw)
            .iter()
            .enumerate()
            .map(|(i, word)| Word::resolve(r, &format!("{key}[{i}]"), word, hint))
            .collect()
    }
    fn schema(_: &mut SchemaGenerator) -> Schema {
        schema::list(schema::string(MAX_WORD_CHARS), MAX_ENTRIES)
    }
}

/// A rule resolved, with where the template writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// What it says.
    pub rule: StyleRule,
    /// Its key, `style[i]`, for findings.
    pub key: String,
    /// Where it names its column.
    pub column_at: Location,
    /// Where it names its value.
    pub is_at: Location,
}

/// The `[[style]]` tables.
pub struct Styles;

impl Value for Styles {
    type Raw = Vec<RawStyleRule>;
    type Default = ();
    type Out = Vec<Rule>;
    fn raw_default(_: ()) -> Vec<RawStyleRule> {
        Vec::new()
    }
    fn schema(g: &mut SchemaGenerator) -> Schema {
        schema::list(schema::of::<RawStyleRule>(g), MAX_ENTRIES)
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Vec<RawStyleRule>, _: &str) -> Vec<Rule> {
        let mut out = Vec::new();
        for (i, s) in entries(r, key, raw).iter().enumerate() {
            let at = format!("{key}[{i}]");
            let rule = s.resolve_at(r, &at);
            out.push(Rule {
                rule,
                column_at: r.source.locate(&join_key(&at, "column")),
                is_at: r.source.locate(&join_key(&at, "is")),
                key: at,
            });
        }
        out
    }
}

/// What a card's data makes of it: its frame and back colours (the
/// template's where `None`) and which of its boxes are hidden.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Look {
    /// The frame's colour.
    pub frame: Option<Color>,
    /// The back's colour.
    pub back: Option<Color>,
    /// The columns of the boxes hidden on this card.
    pub hidden: Vec<String>,
}

impl Look {
    /// Whether the box of `column` is drawn on this card.
    pub fn shows(&self, column: &str) -> bool {
        !self.hidden.iter().any(|h| h == column)
    }
}

/// A cell's value as rules match it: the spaces round it and case aside.
fn matched(cell: &str, value: &str) -> bool {
    cell.trim().to_lowercase() == value.trim().to_lowercase()
}

/// The sheet's column of each rule; a rule whose column the sheet lacks is
/// an error at its `column` key, with the header's nearest column.
pub fn columns(rules: &[Rule], sheet: &Sheet, findings: &mut Vec<Finding>) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for rule in rules {
        let name = rule.rule.column.trim();
        match sheet.headers.iter().position(|h| h.trim() == name) {
            Some(i) => out.push(i),
            None => {
                let near = match crate::diag::nearest(name, &sheet.headers) {
                    Some(n) => format!("the nearest column in the header is \"{n}\"; "),
                    None => String::new(),
                };
                findings.push(
                    Finding::error(
                        Code::CardColumn,
                        format!("the spreadsheet has no column \"{name}\" (named by a [[style]] of the card template)"),
                        rule.column_at.clone(),
                    )
                    .with_hint(format!("{near}the header has: {}", sheet.headers.join(", "))),
                );
            }
        }
    }
    (out.len() == rules.len()).then_some(out)
}

/// The look of a card whose row holds `cell(col)`: each rule that matches
/// it in turn, later ones over earlier ones; a box some rule shows is
/// hidden unless a rule that matches shows it.
pub fn look(rules: &[Rule], cols: &[usize], cell: &dyn Fn(usize) -> String) -> Look {
    let mut look = Look::default();
    let mut shown: Vec<&str> = Vec::new();
    for (rule, &col) in rules.iter().zip(cols) {
        if !matched(&cell(col), &rule.rule.is) {
            continue;
        }
        let r = &rule.rule;
        look.frame = r.frame.or(look.frame);
        look.back = r.back.or(look.back);
        shown.extend(r.show.iter().map(String::as_str));
    }
    for rule in rules {
        for column in &rule.rule.show {
            if !shown.contains(&column.as_str()) && !look.hidden.contains(column) {
                look.hidden.push(column.clone());
            }
        }
    }
    look
}

/// The most values a finding lists of a column.
const VALUES_LISTED: usize = 12;

/// A warning for each rule that matches no card, at its `is` key, naming
/// the values its column holds: a value written differently from the
/// sheet's styles nothing.
pub fn unmatched(rules: &[Rule], cols: &[usize], sheet: &Sheet) -> Vec<Finding> {
    let mut out = Vec::new();
    for (rule, &col) in rules.iter().zip(cols) {
        let cells = sheet.filled(col);
        if cells.iter().any(|c| matched(c, &rule.rule.is)) {
            continue;
        }
        let mut values: Vec<&str> = Vec::new();
        for c in &cells {
            let c = c.trim();
            if !values.contains(&c) {
                values.push(c);
            }
        }
        let listed: Vec<String> = values.iter().take(VALUES_LISTED).map(|v| format!("\"{v}\"")).collect();
        let more = values.len().saturating_sub(VALUES_LISTED);
        let hint = match (values.is_empty(), more) {
            (true, _) => format!("the column \"{}\" is empty", rule.rule.column),
            (false, 0) => format!("the column \"{}\" holds {}", rule.rule.column, listed.join(", ")),
            (false, n) => format!(
                "the column \"{}\" holds {} and {n} more",
                rule.rule.column,
                listed.join(", ")
            ),
        };
        out.push(
            Finding::warning(
                Code::CardColumn,
                format!(
                    "no card's \"{}\" is \"{}\": this [[style]] styles no card",
                    rule.rule.column, rule.rule.is
                ),
                rule.is_at.clone(),
            )
            .with_hint(format!("{hint}; write one of them in `is`")),
        );
    }
    out
}

/// Each rule's `show` names a box of the template (`columns`, its
/// `[[field]]`s' and `[[image]]`s'): one that does not is an error at it.
pub fn check_shown(r: &mut Resolver<'_>, rules: &[Rule], columns: &[&str]) {
    for rule in rules {
        for (j, name) in rule.rule.show.iter().enumerate() {
            if columns.contains(&name.as_str()) {
                continue;
            }
            r.bad(
                &format!("{}.show[{j}]", rule.key),
                Code::LayoutValue,
                format!("the template has no [[field]] or [[image]] of the column \"{name}\""),
                format!("name a box's column: {}", columns.join(", ")),
            );
        }
    }
}
