//! The game file: `layouts/<game>/game.toml` (`kind = "game"`), what a game
//! is beyond its layouts: how many play, from what age, for how long, the
//! order of its kit, and the numbers its rules live by (`[numbers]`: the
//! starting money, the prizes, the points, the lengths of a match).
//!
//! ```toml
//! kind = "game"
//! players = 2
//! age = 10
//! minutes = 25
//! bank = "banknotes.toml"   # amounts are paid in its notes
//! table = "table.toml"      # how many coaches a championship has
//!
//! [numbers]
//! start_money = 100
//! win_prize = 20
//!
//! [font]                     # every text of the game ([`fonts`])
//! regular = "fonts/Lora-Regular.ttf"
//! bold = "fonts/Lora-Bold.ttf"
//! ```
//!
//! Rule sheets, covers and reference cards write these as `{start_money}`
//! ([`numbers`]): no number the data decides is typed into prose, so the
//! texts in every language follow one file. The figures the layouts decide
//! (how many notes the bank prints, how many sheets a deck takes) come
//! from the layouts themselves, and the bank is held to the numbers
//! ([`money`]): it prints enough notes for every coach's start and a
//! season's prizes.
//!
//! The file is not a layout: `build` passes it by, and the layouts that use
//! it (the game's rule sheets, the kit) read it beside themselves.

pub mod fonts;
pub mod money;
pub mod numbers;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::Deserialize;

use crate::diag::Finding;
use crate::diag::code::Code;
use crate::input::source::Source;
use crate::input::world::{Input, World};
use crate::layout::font_names::FontNames;

/// The game file's name, in the game's folder.
pub const FILE: &str = "game.toml";

/// The game file's `kind`.
pub const KIND: &str = "game";

/// The name of its schema in `schemas/` (without `.json`).
pub const SCHEMA: &str = "game";

/// The most numbers a game file holds, and the most values in one list:
/// far more than any rule sheet names.
const MAX_NUMBERS: usize = 200;
const MAX_LIST: usize = 20;

/// The largest number a game file takes, either sign: a trillion is more
/// money than any game prints, and keeps every figure exact in an `f64`.
const MAX_VALUE: f64 = 1e12;

/// A game file as written.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // `kind` is read for the schema and checked from the table
struct Raw {
    /// Always `"game"`: this folder is a game, and this file says what it
    /// is beyond its layouts.
    kind: String,
    /// How many play a match: `2`, or `[2, 4]` for the fewest and the
    /// most. The texts print it as `{players}`.
    #[serde(default)]
    players: Option<Players>,
    /// The youngest age the game suits, as a suggestion: `{age}`.
    #[serde(default)]
    age: Option<u32>,
    /// How long a match lasts, in minutes: `{minutes}`.
    #[serde(default)]
    minutes: Option<u32>,
    /// The game's layouts in the order the kit prints them, relative to
    /// this file (`["cover.toml", "rules.toml", ...]`). The cover always
    /// comes first; a layout of the folder not named here follows the
    /// named ones, in the kit's usual order (rules, reference, boards,
    /// counters, dice, cards, notes, slips, tables).
    #[serde(default)]
    kit: Vec<String>,
    /// The game's banknotes layout, relative to this file: amounts are
    /// printed with its currency (`{start_money|money}`) and paid in its
    /// notes (`{start_money|notes}`), and `{bank.notes}`, `{bank.values}`,
    /// `{bank.per_sheet}` and `{bank.sheets}` say what it prints.
    #[serde(default)]
    bank: Option<String>,
    /// The game's deck layout, relative to this file: `{deck.cards}`,
    /// `{deck.clubs}`, `{deck.per_sheet}`, `{deck.sheets}`.
    #[serde(default)]
    deck: Option<String>,
    /// The league table layout, relative to this file: its rows are the
    /// coaches of a championship, whose starting money and prizes the bank
    /// must hold; `{table.teams}`.
    #[serde(default)]
    table: Option<String>,
    /// The numbers the rules live by, each a number or a list of numbers
    /// (`long_games = [90, 60, 30]`, printed "90, 60 or 30"). Names of
    /// small letters, digits and `_`. The bank is held to `start_money`
    /// (each coach's), `win_prize` (a winner's) and `draw_prize` (each side
    /// of a draw's) when the game sets them.
    #[serde(default)]
    numbers: BTreeMap<String, Number>,
    /// The fonts the game's texts are set in (rule sheets, covers, boards,
    /// counters, cards, notes), instead of the bundled DejaVu or the
    /// printer profile's `[font]`.
    #[serde(default)]
    font: Option<FontNames>,
}

/// How many play: one number, or the fewest and the most.
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema)]
#[serde(untagged)]
enum Players {
    /// Always this many.
    Exactly(u32),
    /// From the first to the second.
    Range([u32; 2]),
}

/// A number of the rules: one value, or several (printed "a, b or c").
#[derive(Clone, Debug, PartialEq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Number {
    /// One value.
    One(f64),
    /// Several, in the order they are printed.
    Many(Vec<f64>),
}

impl Number {
    /// The value, when it is one.
    pub fn one(&self) -> Option<f64> {
        match self {
            Number::One(v) => Some(*v),
            Number::Many(_) => None,
        }
    }

    /// Every value, in order.
    pub fn values(&self) -> &[f64] {
        match self {
            Number::One(v) => std::slice::from_ref(v),
            Number::Many(v) => v,
        }
    }
}

/// The JSON Schema of `game.toml`, for editors.
pub fn schema() -> serde_json::Value {
    crate::layout::schema::file::<Raw>("pitchprint game file (game.toml)")
}

/// A game file, read and checked.
#[derive(Clone, Debug)]
pub struct Game {
    /// The file, for locating its values.
    pub source: Source,
    /// How many play a match: the fewest and the most.
    pub players: Option<(u32, u32)>,
    /// The youngest age it suits.
    pub age: Option<u32>,
    /// A match's length in minutes.
    pub minutes: Option<u32>,
    /// The kit's order: layout files, relative to the game file.
    pub kit: Vec<String>,
    /// The banknotes layout, relative to the game file.
    pub bank: Option<String>,
    /// The deck layout, relative to the game file.
    pub deck: Option<String>,
    /// The league table layout, relative to the game file.
    pub table: Option<String>,
    /// The numbers of the rules, by name.
    pub numbers: BTreeMap<String, Number>,
    /// The font files it names (`[font]`), relative to the game file.
    pub fonts: FontNames,
}

impl Game {
    /// The game file beside `layout` (in its folder), read; `Ok(None)` when
    /// there is none.
    pub fn beside(world: &dyn World, layout: &Path) -> Result<Option<Game>, Vec<Finding>> {
        let path = layout.parent().unwrap_or(Path::new("")).join(FILE);
        if !world.is_file(&path) {
            return Ok(None);
        }
        Game::read(world, &path).map(Some)
    }

    /// Reads the game file at `path`: every problem is a finding at its key.
    pub fn read(world: &dyn World, path: &Path) -> Result<Game, Vec<Finding>> {
        let text = crate::input::read_text(world, path, Input::Layout).map_err(|e| {
            vec![e.finding(
                Code::LayoutRead,
                path,
                "the game file",
                "make game.toml a short TOML text (see `pitchprint new game`)",
            )]
        })?;
        let source = Source::parse(path, text)?;
        let table: toml::Table = source.deserialize()?;
        match table.get("kind").and_then(toml::Value::as_str) {
            Some(KIND) => {}
            _ => {
                return Err(vec![
                    Finding::error(
                        Code::LayoutKind,
                        format!("{FILE} is the game file, so its kind is \"{KIND}\""),
                        source.locate("kind"),
                    )
                    .with_hint(format!(
                        "write kind = \"{KIND}\" on its first line, or rename the file if it is a layout"
                    )),
                ]);
            }
        }
        let (raw, mut findings) = source.read_leniently::<Raw>(&[]);
        let Some(raw) = raw else { return Err(findings) };
        findings.extend(check_numbers(&source, &raw.numbers));
        let players = raw.players.map(|p| match p {
            Players::Exactly(n) => (n, n),
            Players::Range([a, b]) => (a, b),
        });
        if let Some((a, b)) = players
            && (a == 0 || a > b)
        {
            findings.push(
                Finding::error(
                    Code::LayoutValue,
                    format!("players = [{a}, {b}] is not the fewest and the most who play"),
                    source.locate("players"),
                )
                .with_hint("write one number (players = 2), or the fewest then the most (players = [2, 4])"),
            );
        }
        if !findings.is_empty() {
            return Err(findings);
        }
        Ok(Game {
            source,
            players,
            age: raw.age,
            minutes: raw.minutes,
            kit: raw.kit,
            bank: raw.bank,
            deck: raw.deck,
            table: raw.table,
            numbers: raw.numbers,
            fonts: raw.font.unwrap_or_default(),
        })
    }

    /// The folder the game file is in, which its layout names are relative to.
    pub fn folder(&self) -> PathBuf {
        self.source.path.parent().unwrap_or(Path::new("")).to_path_buf()
    }

    /// The names of the kit's list that are not layouts beside the game
    /// file, each with the key it is written at (`kit[4]`): a layout taken
    /// out of the folder, or a typo. The kit leaves them out and says so.
    pub fn kit_strays(&self, world: &dyn World) -> Vec<(String, crate::diag::Location)> {
        self.kit
            .iter()
            .enumerate()
            .filter(|(_, name)| !world.is_file(&self.folder().join(name)))
            .map(|(i, name)| (name.clone(), self.source.locate(&format!("kit[{i}]"))))
            .collect()
    }

    /// Where `name`'s value is written, for a finding about it.
    pub fn locate_number(&self, name: &str) -> crate::diag::Location {
        self.source.locate(&format!("numbers.{name}"))
    }
}

/// Whether `name` is written as a number's name may be: a small letter,
/// then small letters, digits and `_`.
pub fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// The numbers' names and values, each a finding where it is wrong.
fn check_numbers(source: &Source, numbers: &BTreeMap<String, Number>) -> Vec<Finding> {
    let mut out = Vec::new();
    if numbers.len() > MAX_NUMBERS {
        out.push(
            Finding::error(
                Code::LayoutValue,
                format!(
                    "[numbers] holds {} numbers, more than the {MAX_NUMBERS} a game file takes",
                    numbers.len()
                ),
                source.locate("numbers"),
            )
            .with_hint("keep the numbers the rule texts print"),
        );
    }
    for (name, number) in numbers {
        let key = format!("numbers.{name}");
        if !is_name(name) {
            out.push(
                Finding::error(
                    Code::LayoutValue,
                    format!("\"{name}\" cannot name a number: the texts write it as {{{name}}}"),
                    source.locate(&key),
                )
                .with_hint("name it with small letters, digits and _, starting with a letter (start_money)"),
            );
        }
        let values = number.values();
        if values.is_empty() || values.len() > MAX_LIST {
            out.push(
                Finding::error(
                    Code::LayoutValue,
                    format!("{name} lists {} values", values.len()),
                    source.locate(&key),
                )
                .with_hint(format!("give one number, or a list of 1 to {MAX_LIST}")),
            );
        }
        if let Some(v) = values.iter().find(|v| !v.is_finite() || v.abs() > MAX_VALUE) {
            out.push(
                Finding::error(
                    Code::LayoutValue,
                    format!("{name} = {v} is not a number the rules can print"),
                    source.locate(&key),
                )
                .with_hint("give a number between -1000000000000 and 1000000000000"),
            );
        }
    }
    out
}
