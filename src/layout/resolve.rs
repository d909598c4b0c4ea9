//! Resolving: raw values become validated ones, with every bad value reported
//! at its file, line, column and key. Everything a resolver may need from the
//! outside comes through an explicit [`Context`]: the command line's
//! overrides, the language tables, the files ([`World`](crate::input::world::World)) and a way to load a
//! layout another one refers to ([`LoadAny`]).

use std::any::Any;
use std::path::{Path, PathBuf};

use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::PaperSize;
use crate::i18n::I18n;
use crate::input::source::Source;
use crate::input::world::World;
use crate::limits::{MAX_LABEL_CHARS, MAX_TEXT_PT};

/// Choices from the command line that win over the layout's own.
#[derive(Clone, Debug, Default)]
pub struct Overrides {
    /// `--paper`.
    pub paper: Option<PaperSize>,
    /// `--lang`: the language of rule sheets (Spanish by default).
    pub lang: Option<String>,
    /// `--target`: where the files will be printed, which sets the items'
    /// sizes, bleed and pages. `None`: the layout's own `[print] target` (or
    /// its printer profile's), else a home printer; the pipeline resolves a
    /// layout with the one it takes.
    pub target: Option<crate::print::target::Target>,
}

impl Overrides {
    /// The print shop the build is for, if any.
    pub fn shop(&self) -> Option<&'static crate::print::target::Shop> {
        self.target.and_then(crate::print::target::Target::shop)
    }

    /// The language being built: `--lang`'s, or the default language
    /// ([`DEFAULT_LANG`](crate::i18n::DEFAULT_LANG)). The one place the
    /// default stands in for it.
    pub fn lang(&self) -> &str {
        self.lang.as_deref().unwrap_or(crate::i18n::DEFAULT_LANG)
    }

    /// The same choices for a home printer, whatever the target: a kit is a
    /// book of sheets, a table's parts are drawn as sheets, and a layout's
    /// part shares its sheet. The one place a target is set aside.
    pub fn at_home(&self) -> Overrides {
        Overrides {
            target: Some(crate::print::target::Target::Home),
            ..self.clone()
        }
    }
}

/// Loads the layouts that other layouts refer to (a rule sheet's board, a
/// counter sheet's board), as this stage can hold them. What a layout
/// resolves to is the components' contract (`components::resolved::Loaded`),
/// which this stage comes before and cannot name: a loader gives it boxed,
/// and the components open the box (`components::load`). Every loader is a
/// `components::load::Loader`, which the pipeline implements with the
/// component registry, so resolvers need not know the registry.
pub trait LoadAny: Sync {
    /// Reads and resolves the layout at `path`; `chain` lists the layouts
    /// that led here, outermost first.
    fn load_any(
        &self,
        path: &Path,
        overrides: &Overrides,
        chain: &[PathBuf],
    ) -> Result<Box<dyn Any + Send>, Vec<Finding>>;
}

/// What one resolve may use besides the layout's own text.
pub struct Context<'a> {
    /// The command line's choices.
    pub overrides: &'a Overrides,
    /// The words of the language being built, or why they could not be read
    /// (reported where a label first needs them).
    pub i18n: Result<&'a I18n, &'a Finding>,
    /// The files.
    pub world: &'a dyn World,
    /// How to load a referenced layout.
    pub loader: &'a dyn LoadAny,
    /// The layouts that refer to this one, outermost first.
    pub chain: &'a [PathBuf],
    /// The faces the layout's texts are set in: its game's or its
    /// profile's own fonts, or DejaVu ([`crate::game::fonts`]).
    pub fonts: crate::font::Fonts,
    /// Where those fonts are named (the game file's or the profile's
    /// `[font]`), for a finding about a glyph they lack; `None` for DejaVu.
    pub fonts_at: Option<crate::diag::Location>,
    /// Set when a label (`@key`) was looked up, the layout's own or a
    /// default: such a layout is built in every language.
    pub used_labels: std::cell::Cell<bool>,
    /// The keys whose words were written as they are, not as an `@key`
    /// label (a literal title, caption or label), with their words: in a
    /// layout built in several languages, each language prints them so.
    pub literal_words: std::cell::RefCell<Vec<(String, String)>>,
}

/// Collects findings while raw values are validated, so that one run reports
/// every bad value of a layout.
pub struct Resolver<'a> {
    /// The layout being resolved.
    pub source: &'a Source,
    /// What was found so far.
    pub findings: Vec<Finding>,
    /// The build's language tables, overrides, files and loader.
    pub cx: &'a Context<'a>,
}

impl<'a> Resolver<'a> {
    /// A resolver for one layout.
    pub fn new(source: &'a Source, cx: &'a Context<'a>) -> Resolver<'a> {
        Resolver {
            source,
            findings: Vec::new(),
            cx,
        }
    }

    /// The layout another key names (`board = "pitch.toml"`, relative to this
    /// file), loaded and resolved with `overrides`, as the [`LoadAny`] gives
    /// it (`components::load::References` opens it). Its own findings keep
    /// their own file and line, with a note pointing at `key`; a loop of
    /// references is refused.
    pub fn reference_with(&mut self, key: &str, name: &str, overrides: &Overrides) -> Option<Box<dyn Any + Send>> {
        let path = self.source.path.parent().unwrap_or(Path::new("")).join(name);
        let here = self.source.locate(key);
        let same = |a: &Path| a == path || self.cx.world.same_file(a, &path);
        if same(&self.source.path) || self.cx.chain.iter().any(|p| same(p)) {
            self.findings.push(
                Finding::error(
                    Code::LayoutCycle,
                    format!("{} refers back to a layout that refers to it", path.display()),
                    here,
                )
                .with_hint("name the game's board layout, which refers to no other layout"),
            );
            return None;
        }
        if !self.cx.world.is_file(&path) {
            self.bad(
                key,
                Code::LayoutBoard,
                format!("cannot use the layout {}: there is no such file", path.display()),
                "name the layout relative to this file (\"pitch.toml\", \"board.toml\")",
            );
            return None;
        }
        let mut chain = self.cx.chain.to_vec();
        chain.push(self.source.path.clone());
        match self.cx.loader.load_any(&path, overrides, &chain) {
            Ok(loaded) => Some(loaded),
            Err(found) => {
                for f in found {
                    self.findings
                        .push(f.with_note(format!("in the layout that `{key}` names"), here.clone()));
                }
                None
            }
        }
    }

    /// A string from the layout: as written, or when it is `@section.key`, the
    /// words of the language being built; at most
    /// [`MAX_LABEL_CHARS`](crate::limits::MAX_LABEL_CHARS) characters either way.
    /// Text that is not text to print (a control character, a tab or a line
    /// break in this one-line text, an invisible mark) is refused where it
    /// is written: at `key`, or at the label's line in the language's table.
    pub fn text(&mut self, key: &str, value: &str) -> String {
        let words = self.words(key, value);
        self.at_most_chars(key, words, MAX_LABEL_CHARS, "a label")
    }

    fn words(&mut self, key: &str, value: &str) -> String {
        let Some(reference) = value.strip_prefix('@') else {
            for (code, what, hint) in not_to_print(value, crate::font::chars::RIGHT_TO_LEFT_ADVICE_ONE_TEXT) {
                self.bad(key, code, format!("the text holds {what}"), hint);
            }
            if crate::i18n::is_literal_words(key, value) {
                self.cx
                    .literal_words
                    .borrow_mut()
                    .push((key.to_string(), value.to_string()));
            }
            return value.to_string();
        };
        self.cx.used_labels.set(true);
        let tables = match self.cx.i18n {
            Ok(tables) => tables,
            Err(why) => {
                if !self.findings.contains(why) {
                    self.findings.push(why.clone());
                }
                return value.to_string();
            }
        };
        match tables.get(reference) {
            Some(words) => {
                for (code, what, hint) in not_to_print(words, crate::font::chars::RIGHT_TO_LEFT_ADVICE) {
                    let at = crate::diag::Location {
                        line: tables.line(reference),
                        ..crate::diag::Location::file(tables.file_of(reference))
                    };
                    let message = format!("the {} label \"{reference}\" holds {what}", tables.lang);
                    self.findings.push(
                        Finding::error(code, message, at)
                            .with_hint(hint)
                            .with_note("the layout uses it here", self.source.locate(key)),
                    );
                }
                words.to_string()
            }
            None => {
                let (lang, file) = (&tables.lang, &tables.file);
                self.findings.push(
                    Finding::error(
                        Code::I18nMissing,
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
        }
    }

    /// The mark the language being built writes between a number's whole
    /// part and its fraction (`[format] decimal`: "," in Spanish, "." in
    /// English); `None`, reported at `key`, when its tables do not say.
    /// Asking makes the layout one built per language.
    pub fn decimal_mark(&mut self, key: &str) -> Option<String> {
        let mark = self.text(key, crate::i18n::DECIMAL_LABEL);
        (!mark.starts_with('@')).then_some(mark)
    }

    /// `text` with each number's fraction marked the way the language being
    /// built writes it ("19,5 mm" in Spanish, "19.5 mm" in English). A text
    /// without a fraction reads the same in every language and comes back as
    /// it is, so a layout becomes one built per language only when its words
    /// do depend on it.
    pub fn numbers(&mut self, key: &str, text: &str) -> String {
        if !crate::i18n::has_decimal(text) {
            return text.to_string();
        }
        match self.decimal_mark(key) {
            Some(mark) => crate::i18n::with_decimal_mark(text, &mark),
            None => text.to_string(),
        }
    }

    /// Replaces `into`, the raw value of `key`, with the value the layout
    /// takes from the printer profile, when it takes one
    /// ([`crate::layout::profile`]); a value of the wrong type there is an
    /// error at the profile's line, and `into` stays as it was.
    pub fn lent<T: serde::de::DeserializeOwned>(&mut self, key: &str, into: &mut T) {
        match self.source.inherited::<T>(key) {
            Some(Ok(value)) => *into = value,
            Some(Err(finding)) => self.findings.push(finding),
            None => {}
        }
    }

    /// A bad value: an error at `key` with a hint.
    pub fn bad(&mut self, key: &str, code: Code, message: String, hint: impl Into<String>) {
        self.findings
            .push(Finding::error(code, message, self.source.locate(key)).with_hint(hint));
    }

    /// A number that must lie in `min..=max` (finite), the range written
    /// with `unit` in the finding (`"mm"`, `"squares"`, or empty for a plain
    /// number); `value` comes back as it is, a finding on `key` when it is
    /// out of range.
    pub fn number_in(&mut self, key: &str, value: f64, (min, max): (f64, f64), unit: &str, hint: &str) -> f64 {
        if !(value.is_finite() && (min..=max).contains(&value)) {
            let unit = if unit.is_empty() {
                String::new()
            } else {
                format!(" {unit}")
            };
            self.bad(
                key,
                Code::LayoutValue,
                format!(
                    "must be from {}{unit} to {}{unit}, got {}",
                    show(min),
                    show(max),
                    show(value)
                ),
                hint,
            );
        }
        value
    }

    /// A length in mm within `min..=max`.
    pub fn length_in(&mut self, key: &str, value: f64, range: (f64, f64), hint: &str) -> f64 {
        self.number_in(key, value, range, "mm", hint)
    }

    /// A whole number within `min..=max`; `min` (or 0) stands in for one
    /// out of range, so resolving goes on.
    pub fn count_in(&mut self, key: &str, value: i64, (min, max): (i64, i64), hint: &str) -> u32 {
        if !(min..=max).contains(&value) {
            self.bad(
                key,
                Code::LayoutValue,
                format!("must be a whole number from {min} to {max}, got {value}"),
                hint,
            );
            return min.max(0) as u32;
        }
        value as u32
    }

    /// A colour.
    pub fn colour(&mut self, key: &str, value: &str) -> crate::color::Color {
        crate::color::Color::parse(value).unwrap_or_else(|| {
            self.bad(
                key,
                Code::LayoutColour,
                format!("\"{value}\" is not a colour"),
                "write a colour as \"#rrggbb\" (for example \"#2f6b35\"), \"#rgb\", \"black\" or \"white\"",
            );
            crate::color::Color::BLACK
        })
    }

    /// A text size in points, above 0 and at most
    /// [`MAX_TEXT_PT`](crate::limits::MAX_TEXT_PT) (the checker holds the
    /// readable minimum).
    pub fn text_size(&mut self, key: &str, value: f64) -> f64 {
        if !(value.is_finite() && value > 0.0 && value <= MAX_TEXT_PT) {
            self.bad(
                key,
                Code::LayoutValue,
                format!(
                    "must be a size in points above 0 and at most {}, got {}",
                    show(MAX_TEXT_PT),
                    show(value)
                ),
                "text sizes are in points; 8 pt is a small caption, 16 pt a title",
            );
        }
        value
    }

    /// Words of at most `max` characters: longer ones are reported and cut
    /// to `max`, so nothing resolved later works on a megabyte of text.
    pub fn at_most_chars(&mut self, key: &str, words: String, max: usize, what: &str) -> String {
        match words.char_indices().nth(max) {
            None => words,
            Some((cut, _)) => {
                self.bad(
                    key,
                    Code::LayoutValue,
                    format!(
                        "is {} characters long; {what} holds at most {max}",
                        words.chars().count()
                    ),
                    format!("shorten it to {max} characters or fewer"),
                );
                words[..cut].to_string()
            }
        }
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

/// A number as a finding shows it: `nan`, `inf`, `1e20` rather than twenty
/// digits, `0.35` as it is.
pub fn show(value: f64) -> String {
    if value.is_nan() {
        "nan".to_string()
    } else if value.is_infinite() {
        if value > 0.0 { "inf" } else { "-inf" }.to_string()
    } else if value != 0.0 && !(1e-4..1e9).contains(&value.abs()) {
        format!("{value:e}")
    } else {
        value.to_string()
    }
}

/// What keeps a one-line `text` from being printed as written, each as
/// (code, what it holds, hint): its first control character or invisible
/// mark (`text-control`), and its first letter of a script written right
/// to left, which pitchprint would print reversed (`text-direction`, with
/// `rtl_hint`: a label table's words are one language's, a layout's own
/// every language's).
fn not_to_print(text: &str, rtl_hint: &'static str) -> Vec<(Code, String, &'static str)> {
    let mut out = Vec::new();
    if let Some((column, c)) = crate::font::chars::first_unprintable(text) {
        out.push((
            Code::TextControl,
            format!("{} at character {column}", crate::font::chars::describe(c)),
            crate::font::chars::advice(c),
        ));
    }
    if let Some((column, c, script)) = crate::font::chars::first_right_to_left(text) {
        out.push((
            Code::TextDirection,
            crate::font::chars::describe_right_to_left(text, column, c, script),
            rtl_hint,
        ));
    }
    out
}
