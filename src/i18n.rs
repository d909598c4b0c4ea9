//! Labels in the user's language: `templates/i18n/<lang>.toml` tables of
//! words, and layout strings that point into them (`title = "@dice.title"`).
//!
//! A language is a file: adding `templates/i18n/fr.toml` (and the rule texts
//! beside it) adds French to every component, with no code. A key missing
//! from a language's file is an error that names the key, the language and
//! the file.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::input::world::{Input, World};

/// The language used when none is asked for.
pub const DEFAULT_LANG: &str = "es";

/// The folder of a game's own words, in the game's folder
/// (`layouts/<game>/i18n/<lang>.toml`): merged over the project's (or the
/// shipped) labels, the game's own winning, so that a game shared as one
/// folder carries its words in every language it is built in.
pub const OWN_FOLDER: &str = "i18n";

/// One language's words.
#[derive(Clone, Debug, Default)]
pub struct I18n {
    /// The language code (the file's name).
    pub lang: String,
    /// The file the words come from: the game's own when it has a folder
    /// of words ([`OWN_FOLDER`]), where a missing word is to be added.
    pub file: PathBuf,
    /// The words by dotted key. Shared with the parse kept for the process
    /// ([`parsed`]) until a game's own words are merged over them.
    words: Arc<BTreeMap<String, String>>,
    /// The line each key is written on, for findings about its words.
    lines: Arc<BTreeMap<String, usize>>,
    /// The keys that come from another file than `file` (the project's or
    /// the shipped labels under a game's own), with that file.
    elsewhere: BTreeMap<String, (PathBuf, Option<usize>)>,
    /// Every key looked up, for `pitchprint i18n <game>`: what a game
    /// prints is what its layouts ask for.
    asked: std::cell::RefCell<std::collections::BTreeSet<String>>,
}

/// The folder of a layout's game's own words ([`OWN_FOLDER`] beside the
/// layout), when there is one.
pub fn own_folder(world: &dyn World, layout: &Path) -> Option<PathBuf> {
    let dir = layout.parent().unwrap_or(Path::new("")).join(OWN_FOLDER);
    world.is_dir(&dir).then_some(dir)
}

/// The languages a layout's labels exist in: its game's own words'
/// ([`OWN_FOLDER`]) when the game has them, so that a game of English and
/// Portuguese is built in those two alone; else the project's
/// `templates/i18n`, else the shipped languages.
pub fn layout_languages(world: &dyn World, layout: &Path) -> Vec<String> {
    if let Some(own) = own_folder(world, layout) {
        let langs = languages(world, &own);
        if !langs.is_empty() {
            return langs;
        }
    }
    match folder(world, layout) {
        Some(f) => languages(world, &f),
        None => built_in_languages(),
    }
}

/// The language a layout is built in when none is asked for: the default
/// language, unless its game's own words leave it out (an English and
/// Portuguese game is read in English, never in a Spanish it lacks).
pub fn layout_default(world: &dyn World, layout: &Path) -> String {
    let langs = layout_languages(world, layout);
    if langs.is_empty() || langs.iter().any(|l| l == DEFAULT_LANG) {
        return DEFAULT_LANG.to_string();
    }
    langs.iter().find(|l| *l == "en").unwrap_or(&langs[0]).clone()
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
/// ([`crate::input::world::folders_up`]).
pub fn templates_folder(world: &dyn World, layout: &Path, name: &str) -> Option<PathBuf> {
    crate::input::world::folders_up(world, layout)
        .into_iter()
        .map(|dir| dir.join("templates").join(name))
        .find(|candidate| world.is_dir(candidate))
}

/// Whether the project's labels (or the shipped ones) have `lang`: a
/// language they lack may be a game's alone.
fn has_base(world: &dyn World, layout: &Path, lang: &str) -> bool {
    match folder(world, layout) {
        Some(f) => world.is_file(&f.join(format!("{lang}.toml"))),
        None => BUILT_IN.iter().any(|(l, _)| *l == lang),
    }
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

/// The words a spreadsheet's header may name `field` by (`quantity`), in
/// the languages of the labels of the layout to be written at `layout`:
/// each language's `[header_words]`, comma-separated (`quantity =
/// "Quantidade, Cópias"`). So a language added to a game teaches
/// `new card-deck --from` its sheets' words.
pub fn header_words(world: &dyn World, layout: &Path, field: &str) -> Vec<String> {
    let key = format!("header_words.{field}");
    layout_languages(world, layout)
        .iter()
        .filter_map(|lang| I18n::for_layout(world, layout, lang).ok())
        .filter_map(|tables| tables.get(&key).map(str::to_string))
        .flat_map(|words| words.split(',').map(|w| w.trim().to_string()).collect::<Vec<_>>())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether the words of `key`, written as they are, are a title, caption
/// or label with words in them (two letters in a row): such words print
/// the same in every language. Numbers, signs and empty texts are nobody's
/// language.
pub fn is_literal_words(key: &str, value: &str) -> bool {
    let last = key.rsplit('.').next().unwrap_or(key);
    let name = last.split('[').next().unwrap_or(last);
    let wordy = value
        .split(|c: char| !c.is_alphabetic())
        .any(|w| w.chars().count() >= 2);
    matches!(name, "title" | "caption" | "label") && wordy
}

/// The name a label of the game's own words takes for a layout key:
/// `text.title` is `title`, `zone[2].label` is `zone_2_label`.
pub fn label_name(key: &str) -> String {
    let key = key.strip_prefix("text.").unwrap_or(key);
    let mut out = String::new();
    for c in key.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

/// Whether `name` may stand as a table's name in a labels file unquoted.
pub fn is_label_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
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
        let (words, lines) = parsed(&file, text)?;
        Ok(I18n {
            lang: lang.to_string(),
            file,
            words,
            lines,
            ..I18n::default()
        })
    }

    /// The words of `layout` in `lang`: its game's own
    /// (`<game>/i18n/<lang>.toml`) over the project's or the shipped ones.
    /// Either may be missing, not both: a game's own words need no labels
    /// of the language elsewhere, and a game without its own folder reads
    /// the project's as [`I18n::load`] does.
    pub fn for_layout(world: &dyn World, layout: &Path, lang: &str) -> Result<I18n, Box<Finding>> {
        let base = I18n::load(world, folder(world, layout).as_deref(), lang);
        let Some(own_dir) = own_folder(world, layout) else {
            return base;
        };
        let own_file = own_dir.join(format!("{lang}.toml"));
        if !world.is_file(&own_file) {
            // The game has words of its own, not in this language: a word
            // it lacks is to be added to its own file.
            return base.map(|mut b| {
                b.elsewhere = b
                    .words
                    .keys()
                    .map(|k| (k.clone(), (b.file.clone(), b.line(k))))
                    .collect();
                b.lines = Arc::default();
                b.file = own_file;
                b
            });
        }
        let mut own = I18n::load(world, Some(&own_dir), lang)?;
        match base {
            Ok(base) => {
                let merged = Arc::make_mut(&mut own.words);
                for (key, words) in base.words.iter() {
                    if !merged.contains_key(key) {
                        let at = (base.file.clone(), base.lines.get(key).copied());
                        own.elsewhere.insert(key.clone(), at);
                        merged.insert(key.clone(), words.clone());
                    }
                }
                Ok(own)
            }
            // The language is the game's alone: its own words are all there are.
            Err(_) if !has_base(world, layout, lang) => Ok(own),
            Err(why) => Err(why),
        }
    }

    /// The words for `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.asked.borrow_mut().insert(key.to_string());
        self.words.get(key).map(String::as_str)
    }

    /// Every key the tables hold.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.words.keys()
    }

    /// Every key looked up so far ([`I18n::get`]), found or not.
    pub fn asked(&self) -> Vec<String> {
        self.asked.borrow().iter().cloned().collect()
    }

    /// The 1-based line of the file `key` is written on, when it is written
    /// as `name = ...` under its `[table]`.
    pub fn line(&self, key: &str) -> Option<usize> {
        match self.elsewhere.get(key) {
            Some((_, line)) => *line,
            None => self.lines.get(key).copied(),
        }
    }

    /// The file `key`'s words are written in: the game's own or the one
    /// under it.
    pub fn file_of(&self, key: &str) -> &Path {
        match self.elsewhere.get(key) {
            Some((file, _)) => file,
            None => &self.file,
        }
    }
}

/// A labels file's words and the line of each key ([`key_lines`]).
type Parsed = (Arc<BTreeMap<String, String>>, Arc<BTreeMap<String, usize>>);

/// The words and key lines of a labels file's `text`, parsed once per
/// file and content for the process: every layout of a build reads the same
/// two or three tables in each language, and parsing them again for each
/// was 3.6 % of the main job's time (benches/speed.md). The file is still
/// read through the world each time (a `--watch` build records it, and a
/// file that changed is parsed again); one parse is kept per file, the
/// latest, so a long watch does not pile up old ones. What a table holds
/// depends on its text alone, so it is the same with or without the cache.
fn parsed(file: &Path, text: String) -> Result<Parsed, Box<Finding>> {
    static KEPT: OnceLock<Mutex<HashMap<PathBuf, (String, Parsed)>>> = OnceLock::new();
    let kept = KEPT.get_or_init(Mutex::default);
    if let Some((seen, parsed)) = kept.lock().unwrap_or_else(|e| e.into_inner()).get(file)
        && *seen == text
    {
        return Ok(parsed.clone());
    }
    // Parsed outside the lock: two threads asking at once both parse, and
    // both get the same tables.
    let value: toml::Value = toml::from_str(&text).map_err(|e| {
        let mut at = Location::file(file);
        if let Some(span) = e.span() {
            let (line, column) = crate::input::source::line_col(&text, span.start);
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
    let parsed = (Arc::new(words), Arc::new(key_lines(&text)));
    kept.lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(file.to_path_buf(), (text, parsed.clone()));
    Ok(parsed)
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
