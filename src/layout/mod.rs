//! Loading and resolving layout files.
//!
//! A layout is a TOML file whose `kind` names the component it describes. Loading
//! reads it with serde (`deny_unknown_fields` everywhere) while keeping the span of
//! every key, so that resolving can turn raw values into validated ones and blame
//! any bad value on its file, line, column and key.

pub mod banknotes;
pub mod board_text;
pub mod calibration;
pub mod counters;
pub mod deck;
pub mod dice_pitch;
pub mod die_net;
pub mod extras;
pub mod futbolchess;
pub mod league;
mod page;
pub mod path_field;
pub mod photo;
pub mod print;
pub mod print_test;
pub mod roles;
pub mod rules;
pub mod tiling;

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::diag::{Finding, Location};
use crate::geom::PaperSize;
pub use crate::print::{OrientationChoice, PageSpec};
pub use page::RawPage;

/// Choices from the command line that win over the layout's own.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// `--paper`.
    pub paper: Option<PaperSize>,
    /// `--lang`: the language of rule sheets (Spanish by default).
    pub lang: Option<String>,
}

/// A layout file's text and the spans of its keys.
#[derive(Clone, Debug)]
pub struct Source {
    /// The path as the user gave it (findings print it as is).
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
    /// Every dotted key (`board.pitch`, `goals[1]`) and the byte span of its value.
    spans: BTreeMap<String, KeySpan>,
}

#[derive(Clone, Debug)]
struct KeySpan {
    key: Range<usize>,
    value: Range<usize>,
}

impl Source {
    /// Parses `text` as TOML and indexes its keys; a syntax error is a finding.
    pub fn parse(path: &Path, text: String) -> Result<Source, Vec<Finding>> {
        let mut spans = BTreeMap::new();
        match toml::de::DeTable::parse(&text) {
            Ok(root) => index_table(root.get_ref(), "", &mut spans),
            Err(e) => {
                let mut loc = Location::file(path);
                if let Some(span) = e.span() {
                    let (line, col) = line_col(&text, span.start);
                    loc.line = Some(line);
                    loc.column = Some(col);
                }
                return Err(vec![
                    Finding::error(
                        "layout-syntax",
                        format!("this is not valid TOML: {}", first_line(e.message())),
                        loc,
                    )
                    .with_hint("check quotes, brackets and `key = value` pairs near this place"),
                ]);
            }
        }
        Ok(Source {
            path: path.to_path_buf(),
            text,
            spans,
        })
    }

    /// The location of `key`'s value (or of the file, when the key is absent and
    /// the default was used).
    pub fn locate(&self, key: &str) -> Location {
        let mut loc = Location::file(&self.path);
        loc.key = Some(key.to_string());
        if let Some(span) = self.spans.get(key) {
            let (line, col) = line_col(&self.text, span.value.start);
            loc.line = Some(line);
            loc.column = Some(col);
        }
        loc
    }

    /// Whether the file sets `key` itself (rather than taking the default).
    pub fn has_key(&self, key: &str) -> bool {
        self.spans.contains_key(key)
    }

    /// The dotted key whose key or value span best holds the byte range `at`.
    fn key_at(&self, at: &Range<usize>) -> Option<&str> {
        self.spans
            .iter()
            .filter(|(_, s)| {
                (s.key.start <= at.start && at.end <= s.key.end) || (s.value.start <= at.start && at.end <= s.value.end)
            })
            .min_by_key(|(_, s)| (s.value.end - s.value.start) + (s.key.end - s.key.start))
            .map(|(k, _)| k.as_str())
    }

    /// Deserialises the whole file into `T`, turning serde's complaint into a
    /// finding with a code, the key and a hint.
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, Vec<Finding>> {
        toml::from_str::<T>(&self.text).map_err(|e| vec![self.serde_finding(&e)])
    }

    fn serde_finding(&self, e: &toml::de::Error) -> Finding {
        let msg = first_line(e.message()).to_string();
        let mut loc = Location::file(&self.path);
        if let Some(span) = e.span() {
            let (line, col) = line_col(&self.text, span.start);
            loc.line = Some(line);
            loc.column = Some(col);
            loc.key = self.key_at(&span).map(str::to_string);
        }
        if let Some(rest) = msg.strip_prefix("unknown field ") {
            // serde says: unknown field `x`, expected one of `a`, `b`
            let (name, expected) = rest.split_once(", expected ").unwrap_or((rest, ""));
            let hint = if expected.is_empty() {
                "remove it".to_string()
            } else {
                format!(
                    "remove it or use one of the known keys: {}",
                    expected.trim_start_matches("one of ")
                )
            };
            return Finding::error("layout-unknown-key", format!("unknown key {name}"), loc).with_hint(hint);
        }
        if let Some(rest) = msg.strip_prefix("missing field ") {
            return Finding::error("layout-missing-key", format!("missing key {rest}"), loc)
                .with_hint("add it; the shipped layouts under layouts/ show every key with its default");
        }
        Finding::error("layout-value", msg, loc)
            .with_hint("see the shipped layouts under layouts/ for the expected form of this key")
    }
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("").trim()
}

/// 1-based line and column (in characters) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    (line, before[line_start..].chars().count() + 1)
}

fn index_table(table: &toml::de::DeTable<'_>, prefix: &str, out: &mut BTreeMap<String, KeySpan>) {
    for (k, v) in table.iter() {
        let path = if prefix.is_empty() {
            k.get_ref().to_string()
        } else {
            format!("{prefix}.{}", k.get_ref())
        };
        index_value(v, &path, k.span(), out);
    }
}

fn index_value(
    v: &toml::Spanned<toml::de::DeValue<'_>>,
    path: &str,
    key: Range<usize>,
    out: &mut BTreeMap<String, KeySpan>,
) {
    out.insert(
        path.to_string(),
        KeySpan {
            key: key.clone(),
            value: v.span(),
        },
    );
    match v.get_ref() {
        toml::de::DeValue::Table(t) => index_table(t, path, out),
        toml::de::DeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                index_value(item, &format!("{path}[{i}]"), item.span(), out);
            }
        }
        _ => {}
    }
}

/// A resolved layout, ready to compose.
#[derive(Clone, Debug)]
pub enum Layout {
    /// The dice-football pitch (game A).
    DicePitch(dice_pitch::DicePitch),
    /// The path-football field sheet and legend (game D).
    PathFields(path_field::PathFields),
    /// A sheet of numbered test items, N-up with duplex backs.
    PrintTest(print_test::PrintTest),
    /// The duplex calibration front and back.
    Calibration(calibration::Calibration),
    /// A sheet of counters and tokens for a board.
    Counters(counters::Counters),
    /// Foldable die nets.
    DieNets(die_net::DieNets),
    /// The Futbolchess board (game B).
    Futbolchess(futbolchess::Futbolchess),
    /// The league game's board (game C).
    League(league::League),
    /// A deck of player cards from a spreadsheet (game C); boxed, as it is
    /// much the largest.
    Deck(Box<deck::Deck>),
    /// Play money (game C).
    Banknotes(banknotes::Banknotes),
    /// Auction bid slips (game C).
    Slips(extras::Slips),
    /// The league table sheet (game C).
    Table(extras::Table),
    /// The Futbolchess role reference card (game B).
    Roles(Box<roles::RoleCard>),
    /// A game's rule sheet in one language.
    Rules(Box<rules::RuleSheet>),
}

/// A loaded and resolved layout with its source.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The file it came from.
    pub source: Source,
    /// What it describes.
    pub layout: Layout,
}

/// The component kinds a layout's `kind` may name.
pub const KINDS: [&str; 14] = [
    "dice-pitch",
    "path-fields",
    "print-test",
    "duplex-calibration",
    "counters",
    "die-nets",
    "futbolchess-board",
    "league-board",
    "card-deck",
    "banknotes",
    "bid-slips",
    "league-table",
    "role-card",
    "rule-sheet",
];

thread_local! {
    /// The language tables `load` resolves `@key` strings with: set for the
    /// duration of one load, so every resolver of every component sees it.
    static CURRENT_I18N: std::cell::RefCell<Option<crate::i18n::I18n>> = const { std::cell::RefCell::new(None) };
}

/// Reads and resolves one layout file. Every problem found is returned, not just
/// the first.
pub fn load(path: &Path, overrides: &Overrides) -> Result<Loaded, Vec<Finding>> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        vec![
            Finding::error(
                "layout-read",
                format!("cannot read the layout: {e}"),
                Location::file(path),
            )
            .with_hint("check the path; `pitchprint build` with no arguments takes every layout under layouts/"),
        ]
    })?;
    let source = Source::parse(path, text)?;
    let kind = kind_of(&source)?;
    // The language tables, when the layout uses labels and the project has them.
    let lang = overrides
        .lang
        .clone()
        .unwrap_or_else(|| crate::i18n::DEFAULT_LANG.to_string());
    let tables = if source.text.contains("\"@") {
        let folder = crate::i18n::folder(path);
        Some(crate::i18n::I18n::load(folder.as_deref(), &lang).map_err(|f| vec![*f])?)
    } else {
        None
    };
    let previous = CURRENT_I18N.with(|c| c.replace(tables));
    let layout = resolve_kind(&kind, &source, overrides);
    CURRENT_I18N.with(|c| c.replace(previous));
    Ok(Loaded {
        source,
        layout: layout?,
    })
}

fn resolve_kind(kind: &str, source: &Source, overrides: &Overrides) -> Result<Layout, Vec<Finding>> {
    let layout = match kind {
        "dice-pitch" => Layout::DicePitch(dice_pitch::resolve(source, overrides)?),
        "path-fields" => Layout::PathFields(path_field::resolve(source, overrides)?),
        "print-test" => Layout::PrintTest(print_test::resolve(source, overrides)?),
        "duplex-calibration" => Layout::Calibration(calibration::resolve(source, overrides)?),
        "counters" => Layout::Counters(counters::resolve(source, overrides)?),
        "die-nets" => Layout::DieNets(die_net::resolve(source, overrides)?),
        "futbolchess-board" => Layout::Futbolchess(futbolchess::resolve(source, overrides)?),
        "league-board" => Layout::League(league::resolve(source, overrides)?),
        "bid-slips" => Layout::Slips(extras::resolve_slips(source, overrides)?),
        "league-table" => Layout::Table(extras::resolve_table(source, overrides)?),
        "rule-sheet" => Layout::Rules(Box::new(rules::resolve(source, overrides)?)),
        "role-card" => Layout::Roles(Box::new(roles::resolve(source, overrides)?)),
        "banknotes" => Layout::Banknotes(banknotes::resolve(source, overrides)?),
        "card-deck" => Layout::Deck(Box::new(deck::resolve(source, overrides)?)),
        other => {
            return Err(vec![
                Finding::error(
                    "layout-kind",
                    format!("unknown component kind \"{other}\""),
                    source.locate("kind"),
                )
                .with_hint(format!("kind must be one of: {}", KINDS.join(", "))),
            ]);
        }
    };
    Ok(layout)
}

/// The languages a layout is built in: a rule sheet's texts, or for a layout
/// whose strings are labels (`@key`) every language of `templates/i18n`;
/// `None` for a layout with no words to translate (built once).
pub fn languages(path: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(path).ok()?;
    let uses_labels = text.contains("\"@");
    let source = Source::parse(path, text).ok()?;
    match kind_of(&source).as_deref() {
        Ok("rule-sheet") => Some(rules::languages(&source)),
        _ if uses_labels => Some(match crate::i18n::folder(path) {
            Some(f) => crate::i18n::languages(&f),
            None => crate::i18n::built_in_languages(),
        })
        .filter(|l| !l.is_empty()),
        _ => None,
    }
}

/// The side of a board layout's square, for pieces that must fit it. Only
/// board kinds are read, so layouts cannot refer to each other in a loop.
pub fn board_square(path: &Path) -> Result<crate::geom::Mm, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let source = Source::parse(path, text).map_err(|f| f[0].message.clone())?;
    let kind = kind_of(&source).map_err(|f| f[0].message.clone())?;
    if !matches!(kind.as_str(), "dice-pitch" | "futbolchess-board" | "league-board") {
        return Err(format!("a \"{kind}\" layout is not a board with squares"));
    }
    match load(path, &Overrides::default())
        .map_err(|f| format!("it has errors ({})", f[0].message))?
        .layout
    {
        Layout::DicePitch(p) => Ok(p.board.pitch),
        Layout::Futbolchess(f) => Ok(f.board.pitch),
        // Strategy tokens stand in the track's boxes; the ball on its spot.
        Layout::League(l) => Ok(l.board.track_box),
        _ => Err("not a board with squares".to_string()),
    }
}

fn kind_of(source: &Source) -> Result<String, Vec<Finding>> {
    #[derive(serde::Deserialize)]
    struct KindOnly {
        kind: Option<toml::Value>,
    }
    let k: KindOnly = toml::from_str(&source.text).map_err(|e| vec![source.serde_finding(&e)])?;
    match k.kind {
        Some(toml::Value::String(s)) => Ok(s),
        Some(_) => Err(vec![
            Finding::error("layout-kind", "`kind` must be a string", source.locate("kind"))
                .with_hint(format!("kind must be one of: {}", KINDS.join(", "))),
        ]),
        None => Err(vec![
            Finding::error(
                "layout-kind",
                "the layout does not say what it describes",
                Location::file(&source.path),
            )
            .with_hint(format!(
                "add a line `kind = \"...\"` at the top, one of: {}",
                KINDS.join(", ")
            )),
        ]),
    }
}

/// Collects findings while raw values are validated, so that one run reports
/// every bad value of a layout.
pub struct Resolver<'a> {
    /// The layout being resolved.
    pub source: &'a Source,
    /// What was found so far.
    pub findings: Vec<Finding>,
    /// The words of the language being built, for `@key` strings.
    pub i18n: Option<crate::i18n::I18n>,
}

impl<'a> Resolver<'a> {
    /// A resolver for one layout.
    pub fn new(source: &'a Source) -> Resolver<'a> {
        Resolver {
            source,
            findings: Vec::new(),
            i18n: CURRENT_I18N.with(|c| c.borrow().clone()),
        }
    }

    /// A string from the layout: as written, or when it is `@section.key`, the
    /// words of the language being built.
    pub fn text(&mut self, key: &str, value: &str) -> String {
        let Some(reference) = value.strip_prefix('@') else {
            return value.to_string();
        };
        let found = self
            .i18n
            .as_ref()
            .map(|t| (t.get(reference).map(str::to_string), t.lang.clone(), t.file.clone()));
        match found {
            Some((Some(words), _, _)) => words,
            Some((None, lang, file)) => {
                self.findings.push(
                    Finding::error(
                        "i18n-missing",
                        format!("the {lang} labels have no \"{reference}\" (in {})", file.display()),
                        self.source.locate(key),
                    )
                    .with_hint(format!(
                        "add `{}` to {}",
                        reference.rsplit('.').next().unwrap_or(reference),
                        file.display()
                    )),
                );
                value.to_string()
            }
            None => {
                self.bad(
                    key,
                    "i18n-missing",
                    format!("\"{value}\" names a label but the project has no templates/i18n folder"),
                    "write the words here, or add templates/i18n/<lang>.toml",
                );
                value.to_string()
            }
        }
    }

    /// Records a bad value of `key`.
    pub fn bad(&mut self, key: &str, code: &'static str, message: String, hint: impl Into<String>) {
        self.findings
            .push(Finding::error(code, message, self.source.locate(key)).with_hint(hint));
    }

    /// A length that must be finite and above `min` (exclusive).
    pub fn length_above(&mut self, key: &str, value: f64, min: f64, hint: &str) -> f64 {
        if !value.is_finite() || value <= min {
            let what = if min == 0.0 {
                "greater than 0 mm".to_string()
            } else {
                format!("greater than {min} mm")
            };
            self.bad(key, "layout-value", format!("must be {what}, got {value}"), hint);
        }
        value
    }

    /// A length that must be finite and at least zero.
    pub fn length_non_negative(&mut self, key: &str, value: f64, hint: &str) -> f64 {
        if !value.is_finite() || value < 0.0 {
            self.bad(key, "layout-value", format!("must be 0 mm or more, got {value}"), hint);
        }
        value
    }

    /// A count that must be at least `min`.
    pub fn count_at_least(&mut self, key: &str, value: i64, min: i64, hint: &str) -> u32 {
        if value < min || value > 10_000 {
            self.bad(
                key,
                "layout-value",
                format!("must be a whole number from {min} to 10000, got {value}"),
                hint,
            );
            return min.max(0) as u32;
        }
        value as u32
    }

    /// A colour, or `None` for the word `none`.
    pub fn colour_or_none(&mut self, key: &str, value: &str) -> Option<crate::scene::Color> {
        if value.trim().eq_ignore_ascii_case("none") {
            return None;
        }
        Some(self.colour(key, value))
    }

    /// A colour.
    pub fn colour(&mut self, key: &str, value: &str) -> crate::scene::Color {
        crate::scene::Color::parse(value).unwrap_or_else(|| {
            self.bad(
                key,
                "layout-colour",
                format!("\"{value}\" is not a colour"),
                "write a colour as \"#rrggbb\" (for example \"#2f6b35\"), \"#rgb\", \"black\" or \"white\"",
            );
            crate::scene::Color::BLACK
        })
    }

    /// A text size in points, at least 1 (the checker holds the printable minimum).
    pub fn text_size(&mut self, key: &str, value: f64) -> f64 {
        if !value.is_finite() || value <= 0.0 {
            self.bad(
                key,
                "layout-value",
                format!("must be a size in points greater than 0, got {value}"),
                "text sizes are in points; 8 pt is a small caption, 16 pt a title",
            );
        }
        value
    }

    /// Whether none of `keys` was found bad so far: checks that combine values
    /// skip what is already reported, so one mistake gives one finding.
    pub fn valid(&self, keys: &[&str]) -> bool {
        !self.findings.iter().any(|f| {
            f.location
                .key
                .as_deref()
                .is_some_and(|k| keys.iter().any(|want| k == *want || k.starts_with(&format!("{want}["))))
        })
    }

    /// The findings, or `value` when there were none.
    pub fn finish<T>(self, value: T) -> Result<T, Vec<Finding>> {
        if self.findings.is_empty() {
            Ok(value)
        } else {
            Err(self.findings)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_located_by_line_and_column() {
        let text = "kind = \"dice-pitch\"\n\n[board]\npitch = -3.0\n".to_string();
        let src = Source::parse(Path::new("x.toml"), text).unwrap();
        let loc = src.locate("board.pitch");
        assert_eq!((loc.line, loc.column), (Some(4), Some(9)));
        assert!(src.has_key("board"));
        assert!(!src.has_key("board.rows"));
    }

    #[test]
    fn syntax_errors_have_a_line() {
        let err = Source::parse(Path::new("x.toml"), "kind = \"a\"\n[board\n".into())
            .unwrap_err()
            .remove(0);
        assert_eq!(err.code, "layout-syntax");
        assert_eq!(err.location.line, Some(2));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        assert_eq!(line_col("ñá = 1", 5), (1, 4));
    }
}
