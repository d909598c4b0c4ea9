//! Labels in the user's language: `templates/i18n/<lang>.toml` tables of
//! words, and layout strings that point into them (`title = "@dice.title"`).
//!
//! A language is a file: adding `templates/i18n/fr.toml` (and the rule texts
//! beside it) adds French to every component, with no code. A key missing
//! from a language's file is an error that names the key, the language and
//! the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::code::Code;
use crate::diag::{Finding, Location};
use crate::world::{Input, World};

/// The language used when none is asked for.
pub const DEFAULT_LANG: &str = "es";

/// One language's words.
#[derive(Clone, Debug, Default)]
pub struct I18n {
    /// The language code (the file's name).
    pub lang: String,
    /// The file the words come from.
    pub file: PathBuf,
    words: BTreeMap<String, String>,
    /// The line each key is written on, for findings about its words.
    lines: BTreeMap<String, usize>,
}

/// Whether `s` is a language code (`es`, `en`, `ca`, `pt-br`): two or three
/// lowercase letters, then parts of 2 to 8 letters or digits after dashes.
/// A code becomes part of output file names, so nothing else (no path, no
/// dots) is taken.
pub fn is_language_code(s: &str) -> bool {
    let mut parts = s.split('-');
    let main_ok = parts
        .next()
        .is_some_and(|m| (2..=3).contains(&m.len()) && m.chars().all(|c| c.is_ascii_lowercase()));
    main_ok && parts.all(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// A `--lang` argument ([`is_language_code`]), or the sentence that says
/// what one looks like.
pub fn parse_lang_arg(s: &str) -> Result<String, String> {
    if is_language_code(s) {
        Ok(s.to_string())
    } else {
        Err(format!(
            "\"{s}\" is not a language code; use one like es, en or ca (the names of templates/i18n/<lang>.toml)"
        ))
    }
}

/// The `templates/i18n` folder of the project a layout belongs to: the
/// nearest one above the layout's own folder.
pub fn folder(world: &dyn World, layout: &Path) -> Option<PathBuf> {
    templates_folder(world, layout, "i18n")
}

/// The `templates/<name>` folder of the project a layout belongs to: the
/// nearest one in the layout's real folder or above it
/// ([`crate::world::folders_up`]).
pub fn templates_folder(world: &dyn World, layout: &Path, name: &str) -> Option<PathBuf> {
    crate::world::folders_up(world, layout)
        .into_iter()
        .map(|dir| dir.join("templates").join(name))
        .find(|candidate| world.is_dir(candidate))
}

/// The labels pitchprint ships, for layouts outside a project with its own
/// `templates/i18n` (a project's folder wins when it has one).
const BUILT_IN: [(&str, &str); 3] = [
    ("es", include_str!("../templates/i18n/es.toml")),
    ("en", include_str!("../templates/i18n/en.toml")),
    ("ca", include_str!("../templates/i18n/ca.toml")),
];

/// The languages a layout's text folder has texts for ([`text_languages`]),
/// or the default language alone when the layout names no folder it can
/// be read for.
pub fn folder_languages(world: &dyn World, folder: Option<&Path>) -> Vec<String> {
    match folder {
        Some(folder) => text_languages(world, folder),
        None => vec![DEFAULT_LANG.to_string()],
    }
}

/// The languages a folder of texts has (a rule sheet's, a card's): the
/// `<lang>.md` files in it, the default language first; the default alone
/// when there are none.
pub fn text_languages(world: &dyn World, dir: &Path) -> Vec<String> {
    let mut langs: Vec<String> = world
        .list(dir)
        .map(|entries| {
            entries
                .into_iter()
                .filter(|p| p.extension().is_some_and(|x| x == "md"))
                .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default();
    langs.sort_by_key(|l| (l != DEFAULT_LANG, l.clone()));
    if langs.is_empty() {
        langs.push(DEFAULT_LANG.to_string());
    }
    langs
}

/// The languages of the labels pitchprint ships, the default first.
pub fn built_in_languages() -> Vec<String> {
    BUILT_IN.iter().map(|(l, _)| l.to_string()).collect()
}

/// The languages a project has words for, the default first.
pub fn languages(world: &dyn World, folder: &Path) -> Vec<String> {
    let mut langs: Vec<String> = world
        .list(folder)
        .map(|entries| {
            entries
                .into_iter()
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default();
    langs.sort_by_key(|l| (l != DEFAULT_LANG, l.clone()));
    langs
}

/// Flattens a TOML table into `out` as dotted keys (`section.key`) to their
/// strings, under `prefix`.
pub fn flatten(prefix: &str, value: &toml::Value, out: &mut BTreeMap<String, String>) {
    match value {
        toml::Value::Table(t) => {
            for (k, v) in t {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, v, out);
            }
        }
        toml::Value::String(s) => {
            out.insert(prefix.to_string(), s.clone());
        }
        other => {
            out.insert(prefix.to_string(), other.to_string());
        }
    }
}

/// The label of a language's decimal mark: `[format] decimal`.
pub const DECIMAL_LABEL: &str = "@format.decimal";

/// Whether `text` writes a number with a fraction: a point or a comma
/// between two digits ("19.5", "22,8").
pub fn has_decimal(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars
        .windows(3)
        .any(|w| w[0].is_ascii_digit() && matches!(w[1], '.' | ',') && w[2].is_ascii_digit())
}

/// `text` with the mark of each number's fraction written as `mark`: every
/// point or comma between two digits ("19.5 mm" with "," is "19,5 mm").
/// Other points and commas ("1, 2 o 3", "1.ª") stay.
pub fn with_decimal_mark(text: &str, mark: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let between_digits =
            i > 0 && chars[i - 1].is_ascii_digit() && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if matches!(c, '.' | ',') && between_digits {
            out.push_str(mark);
        } else {
            out.push(c);
        }
    }
    out
}

impl I18n {
    /// Reads `<folder>/<lang>.toml`, or the shipped labels when there is no folder.
    pub fn load(world: &dyn World, folder: Option<&Path>, lang: &str) -> Result<I18n, Box<Finding>> {
        let (file, text) = match folder {
            Some(folder) => {
                let file = folder.join(format!("{lang}.toml"));
                let text = crate::input::read_text(world, &file, Input::Labels).map_err(|e| {
                    let hint = format!("write {} with the labels, or pick another --lang", file.display());
                    if e.missing {
                        Finding::error(
                            Code::I18nMissing,
                            format!("there are no {lang} labels"),
                            Location::file(&file),
                        )
                        .with_hint(hint)
                    } else {
                        e.finding(Code::I18nMissing, &file, &format!("the {lang} labels"), &hint)
                    }
                })?;
                (file, text)
            }
            None => {
                let file = PathBuf::from(format!("templates/i18n/{lang}.toml (built in)"));
                let text = BUILT_IN
                    .iter()
                    .find(|(l, _)| *l == lang)
                    .map(|(_, t)| t.to_string())
                    .ok_or_else(|| {
                        Finding::error(
                            Code::I18nMissing,
                            format!("there are no {lang} labels"),
                            Location::file(&file),
                        )
                        .with_hint("write templates/i18n/<lang>.toml in your project, or use es, en or ca")
                    })?;
                (file, text)
            }
        };
        let value: toml::Value = toml::from_str(&text).map_err(|e| {
            let mut at = Location::file(&file);
            if let Some(span) = e.span() {
                let (line, column) = crate::source::line_col(&text, span.start);
                (at.line, at.column, at.span) = (Some(line), Some(column), Some(span));
            }
            Finding::error(
                Code::I18nSyntax,
                format!("the labels are not valid TOML: {}", e.message()),
                at,
            )
            .with_hint("check quotes and [sections]")
        })?;
        let mut words = BTreeMap::new();
        flatten("", &value, &mut words);
        Ok(I18n {
            lang: lang.to_string(),
            file,
            words,
            lines: key_lines(&text),
        })
    }

    /// The words for `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.words.get(key).map(String::as_str)
    }

    /// The 1-based line of the file `key` is written on, when it is written
    /// as `name = ...` under its `[table]`.
    pub fn line(&self, key: &str) -> Option<usize> {
        self.lines.get(key).copied()
    }
}

/// The line of every `name = ...` of a label table, by dotted key: the
/// `[table]` header above it, then the name (bare or quoted).
pub fn key_lines(text: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    let mut table = String::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.split(']').next()) {
            table = header.trim().to_string();
        } else if let Some((name, _)) = line.split_once('=') {
            let name = name.trim().trim_matches('"');
            if !name.is_empty() && !name.starts_with('#') {
                let key = if table.is_empty() {
                    name.to_string()
                } else {
                    format!("{table}.{name}")
                };
                out.entry(key).or_insert(i + 1);
            }
        }
    }
    out
}

/// `amount` followed by its currency, in the form for that amount: a
/// currency label written `singular|plural` ("Peso|Pesos") gives "1 Peso"
/// and "5 Pesos"; one without a bar ("M") is the same for every amount.
pub fn amount_with_currency(amount: &str, currency: &str) -> String {
    let currency = match currency.split_once('|') {
        Some((one, _)) if amount.trim() == "1" => one,
        Some((_, many)) => many,
        None => currency,
    };
    format!("{amount} {currency}").trim().to_string()
}

/// The first line of a labels file made by `i18n add`, before the language
/// it was copied from.
pub const COPIED_FROM: &str = "#:copied-from ";

/// The language a labels file's text says it was copied from, if any.
pub fn copied_from(text: &str) -> Option<String> {
    text.lines()
        .take_while(|l| l.starts_with('#'))
        .find_map(|l| l.strip_prefix(COPIED_FROM))
        .map(|l| l.trim().to_string())
        .filter(|l| is_language_code(l))
}
