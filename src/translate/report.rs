//! `pitchprint i18n`: what each language of a project lacks. Every file the
//! program reads per language is compared across the languages the project
//! has: the labels (`templates/i18n/<lang>.toml`), the texts of rule sheets,
//! covers and reference cards (the `<lang>.md` files of the folder a layout's
//! `text` names) and the hyphenation patterns those texts are set with.
//!
//! A language lacks a label another language has, a text file another has,
//! or patterns; and a label or a paragraph is *untranslated* when it is
//! written exactly as an earlier language writes it (the default language
//! first, then the others in order) and holds at least [`MIN_WORDS`] words.
//! Shorter ones are left alone: close languages share words and short
//! phrases (Spanish and Catalan both write "Defensa central" and "Preparar la
//! partida"), names are the same everywhere ("Futbolchess"), and numbers and
//! symbols are nobody's language. Lists of words (a glossary's words to
//! avoid) are each language's own, not translations, and are not compared.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::components::registry;
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::i18n::{self, DEFAULT_LANG, I18n};
use crate::input::source::{Source, kind_of};
use crate::input::world::{Input, World};
use crate::text::typeset;

/// The fewest words (runs of two letters or more) a label or a paragraph
/// written as another language's must hold to count as untranslated.
pub const MIN_WORDS: usize = 5;

/// One thing a language lacks.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Gap {
    /// The language that lacks it.
    pub lang: String,
    /// The file it is missing from, or that holds the untranslated words.
    pub file: PathBuf,
    /// The line, for words that are there but untranslated.
    pub line: Option<usize>,
    /// What is wrong.
    pub what: What,
}

/// What a [`Gap`] is.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum What {
    /// The language has no file of labels where the others have one.
    NoLabels {
        /// The languages that have one.
        have: Vec<String>,
    },
    /// A label the other languages have.
    MissingLabel {
        /// The dotted key (`dice.caption`).
        key: String,
        /// The languages that have it.
        have: Vec<String>,
    },
    /// A label written as another language writes it.
    UntranslatedLabel {
        /// The dotted key.
        key: String,
        /// The language it is the same as.
        same_as: String,
    },
    /// A text folder has no file in this language.
    MissingText {
        /// The layouts that read the folder.
        layouts: Vec<PathBuf>,
        /// The languages the folder has.
        have: Vec<String>,
    },
    /// A paragraph of a text written as another language's text writes it.
    UntranslatedText {
        /// The paragraph's first words.
        start: String,
        /// The language it is the same as.
        same_as: String,
    },
    /// The language's texts are set without hyphens: it has no patterns.
    NoPatterns,
}

impl What {
    /// Whether the language lacks something, rather than having it untranslated.
    pub fn missing(&self) -> bool {
        !matches!(self, What::UntranslatedLabel { .. } | What::UntranslatedText { .. })
    }
}

/// A file the survey could not read, so that what it holds was not
/// compared: a layout named, a language's labels or one of its texts.
#[derive(Debug)]
pub struct Unread {
    /// The language whose file it is; none for a layout.
    pub lang: Option<String>,
    /// The error: the file, its line and column when known, and a hint.
    pub finding: Finding,
}

/// What the project's languages lack.
#[derive(Debug, Default)]
pub struct Report {
    /// Every language the project has a file in, the default first.
    pub languages: Vec<String>,
    /// What each lacks, sorted by language.
    pub gaps: Vec<Gap>,
    /// The files that could not be read, in the order found. While there
    /// is one, no language is called complete: what it holds is unknown.
    pub unread: Vec<Unread>,
    /// How many folders of labels were compared (the shipped labels are
    /// not: the project's own tests hold them).
    pub label_folders: usize,
    /// How many folders of texts were compared.
    pub text_folders: usize,
}

impl Report {
    /// Whether every language has every file, label and text, translated,
    /// and every file could be read to tell.
    pub fn complete(&self) -> bool {
        self.gaps.is_empty() && self.unread.is_empty()
    }

    /// The report for people: a line per language, then a line per gap
    /// and per file of it that could not be read; the layouts that could
    /// not be read; the summary.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let read_all = self.unread.is_empty();
        for lang in &self.languages {
            let gaps: Vec<&Gap> = self.gaps.iter().filter(|g| &g.lang == lang).collect();
            let unread: Vec<&Unread> = self.unread.iter().filter(|u| u.lang.as_ref() == Some(lang)).collect();
            let missing = gaps.iter().filter(|g| g.what.missing()).count();
            let untranslated = gaps.len() - missing;
            if gaps.is_empty() && unread.is_empty() {
                let verdict = if read_all {
                    "complete"
                } else {
                    "nothing missing in the files that could be read"
                };
                out.push_str(&format!("{lang}: {verdict}\n"));
            } else if unread.is_empty() {
                out.push_str(&format!("{lang}: {missing} missing, {untranslated} untranslated\n"));
            } else {
                out.push_str(&format!(
                    "{lang}: {missing} missing, {untranslated} untranslated, {} file(s) that cannot be read\n",
                    unread.len()
                ));
            }
            for u in unread {
                out.push_str(&format!("  {}\n", unread_line(u)));
            }
            for g in gaps {
                out.push_str(&format!("  {}\n", line_of(g)));
            }
        }
        for u in self.unread.iter().filter(|u| u.lang.is_none()) {
            out.push_str(&format!("not read: {}\n", unread_line(u)));
        }
        let complete = self
            .languages
            .iter()
            .filter(|l| read_all && !self.gaps.iter().any(|g| &g.lang == *l))
            .count();
        let unread = match self.unread.len() {
            0 => String::new(),
            n => format!("; {n} file(s) could not be read (see the errors)"),
        };
        out.push_str(&format!(
            "{} language(s), {complete} complete; compared {} folder(s) of labels and {} of texts{unread}\n",
            self.languages.len(),
            self.label_folders,
            self.text_folders
        ));
        out
    }
}

/// `path` as people read it: no `./`, and `a/b/../c` as `a/c`. Only for
/// showing: on the disk a `..` after a linked folder leads elsewhere.
fn tidy(path: &Path) -> String {
    crate::input::world::tidy(path).display().to_string()
}

/// A file that could not be read, in one line: where, then why.
fn unread_line(u: &Unread) -> String {
    let at = &u.finding.location;
    let mut place = tidy(&at.file);
    if let Some(line) = at.line {
        place.push_str(&format!(":{line}"));
        if let Some(column) = at.column {
            place.push_str(&format!(":{column}"));
        }
    }
    format!("{place}: {}", u.finding.message)
}

/// One gap in words: where, then what.
fn line_of(g: &Gap) -> String {
    let at = match g.line {
        Some(line) => format!("{}:{line}", tidy(&g.file)),
        None => tidy(&g.file),
    };
    let list = |langs: &[String]| langs.join(", ");
    match &g.what {
        What::NoLabels { have } => format!("{at}: no such file; {} have labels there", list(have)),
        What::MissingLabel { key, have } => format!("{at}: missing label {key} ({} have it)", list(have)),
        What::UntranslatedLabel { key, same_as } => {
            format!("{at}: untranslated label {key} (written as in {same_as})")
        }
        What::MissingText { layouts, have } => {
            let read_by: Vec<String> = layouts.iter().map(|l| tidy(l)).collect();
            format!(
                "{at}: no such text ({} have one; read by {})",
                list(have),
                read_by.join(", ")
            )
        }
        What::UntranslatedText { start, same_as } => {
            format!("{at}: untranslated paragraph \"{start}…\" (written as in {same_as})")
        }
        What::NoPatterns => format!(
            "{at}: no hyphenation patterns; the texts are set without hyphens (see templates/hyphenation/README.md)"
        ),
    }
}

/// The words of a text as [`MIN_WORDS`] counts them: runs of two letters or more.
pub fn words(text: &str) -> usize {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 2)
        .count()
}

/// Languages in the order the report compares them: the default first,
/// then by code.
fn ordered(langs: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = langs.into_iter().collect::<BTreeSet<_>>().into_iter().collect();
    out.sort_by_key(|l| (l != DEFAULT_LANG, l.clone()));
    out
}

/// The files of `dir` ending in `.ext`, by language (the file's stem).
fn per_language(world: &dyn World, dir: &Path, ext: &str) -> BTreeMap<String, PathBuf> {
    world
        .list(dir)
        .unwrap_or_default()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == ext) && world.is_file(p))
        .filter_map(|p| Some((p.file_stem()?.to_string_lossy().into_owned(), p)))
        .collect()
}

/// What the layouts read per language, gathered before comparing.
#[derive(Default)]
struct Sources {
    /// Each project's `templates/i18n` folder, with a layout that uses it.
    labels: BTreeMap<PathBuf, PathBuf>,
    /// Whether some layout has no such folder and takes the shipped labels.
    built_in: bool,
    /// Each text folder, with the layouts that read it.
    texts: BTreeMap<PathBuf, Vec<PathBuf>>,
}

/// The folders of per-language files the layouts read.
#[derive(Debug, Default)]
pub struct Folders {
    /// Each `templates/i18n` folder of labels.
    pub labels: Vec<PathBuf>,
    /// Each folder of a rule sheet's, cover's or reference card's texts.
    pub texts: Vec<PathBuf>,
}

/// The folders of per-language files `layouts` read (a layout that cannot
/// be read is left out).
pub fn folders(world: &dyn World, layouts: &[PathBuf]) -> Folders {
    let s = sources(world, layouts, &mut Vec::new());
    Folders {
        labels: s.labels.into_keys().collect(),
        texts: s.texts.into_keys().collect(),
    }
}

/// Each language's source, for a language whose labels were copied from
/// another's (`pitchprint i18n add`): what is still written as there is
/// untranslated, however short.
type CopiedFrom = BTreeMap<String, String>;

/// Reads which per-language files `layouts` read; a layout that cannot be
/// read or parsed is an error in `unread` (its words are unknown, so the
/// report cannot be complete), as `check` says it.
fn sources(world: &dyn World, layouts: &[PathBuf], unread: &mut Vec<Unread>) -> Sources {
    let mut s = Sources::default();
    for layout in layouts {
        let text = match crate::input::read_text(world, layout, Input::Layout) {
            Ok(text) => text,
            Err(e) => {
                let hint = "check the path; `pitchprint i18n` with no arguments takes every layout under layouts/";
                unread.push(Unread {
                    lang: None,
                    finding: e.finding(Code::LayoutRead, layout, "the layout", hint),
                });
                continue;
            }
        };
        let source = match Source::parse(layout, text) {
            Ok(source) => source,
            Err(findings) => {
                unread.extend(findings.into_iter().map(|finding| Unread { lang: None, finding }));
                continue;
            }
        };
        match i18n::folder(world, layout) {
            Some(folder) => {
                s.labels.entry(folder).or_insert_with(|| layout.clone());
            }
            None => s.built_in = true,
        }
        let component = kind_of(&source, &[]).ok().and_then(|k| registry::find(&k));
        if let Some(folder) = component.and_then(|c| c.texts(&source)) {
            s.texts.entry(folder).or_default().push(layout.clone());
        }
    }
    s
}

/// What the languages of the projects `layouts` belong to lack.
pub fn survey(world: &dyn World, layouts: &[PathBuf]) -> Report {
    let mut unread = Vec::new();
    let s = sources(world, layouts, &mut unread);
    let label_files: BTreeMap<&PathBuf, BTreeMap<String, PathBuf>> = s
        .labels
        .keys()
        .map(|folder| (folder, per_language(world, folder, "toml")))
        .collect();
    let text_files: BTreeMap<&PathBuf, BTreeMap<String, PathBuf>> = s
        .texts
        .keys()
        .map(|folder| (folder, per_language(world, folder, "md")))
        .collect();
    let mut all: Vec<String> = label_files
        .values()
        .chain(text_files.values())
        .flat_map(|files| files.keys().cloned())
        .collect();
    if s.built_in {
        all.extend(i18n::built_in_languages());
    }
    let languages = ordered(all);
    let mut copied = CopiedFrom::new();
    for (lang, file) in label_files.values().flatten() {
        if let Some(from) = crate::input::read_text(world, file, Input::Labels)
            .ok()
            .and_then(|text| i18n::copied_from(&text))
        {
            copied.insert(lang.clone(), from);
        }
    }
    let mut gaps = Vec::new();
    for (folder, files) in &label_files {
        gaps.extend(label_gaps(world, folder, (files, &copied), &languages, &mut unread));
    }
    let label_folders = label_files.len();
    with_text_gaps(
        world,
        &s,
        &text_files,
        (&copied, languages),
        (gaps, unread),
        label_folders,
    )
}

/// A language's labels: its string values by dotted key (lists are the
/// language's own and left out), and the table that gives their lines; or
/// the error that says why the file cannot be read, as the build says it.
fn labels(world: &dyn World, file: &Path, lang: &str) -> Result<(BTreeMap<String, String>, I18n), Box<Finding>> {
    let tables = I18n::load(world, file.parent(), lang)?;
    // Read again for its strings alone: it was just read and parsed.
    let text = crate::input::read_text(world, file, Input::Labels).map_err(|e| {
        let hint = format!("make {} a readable text file", file.display());
        Box::new(e.finding(Code::I18nMissing, file, &format!("the {lang} labels"), &hint))
    })?;
    let value: toml::Table = toml::from_str(&text).map_err(|e| {
        let why = format!("the labels are not valid TOML: {}", e.message());
        Box::new(Finding::error(Code::I18nSyntax, why, Location::file(file)).with_hint("check quotes and [sections]"))
    })?;
    let mut out = BTreeMap::new();
    strings("", &value, &mut out);
    Ok((out, tables))
}

fn strings(prefix: &str, table: &toml::Table, out: &mut BTreeMap<String, String>) {
    for (k, v) in table {
        let key = if prefix.is_empty() {
            k.clone()
        } else {
            format!("{prefix}.{k}")
        };
        match v {
            toml::Value::Table(t) => strings(&key, t, out),
            toml::Value::String(s) => {
                out.insert(key, s.clone());
            }
            _ => {}
        }
    }
}

/// The languages of `languages` that have a file in `files`, and a gap for
/// each one that has none (`folder/<lang>.<ext>`), said by `what` from the
/// languages that have one.
fn missing_files(
    folder: &Path,
    files: &BTreeMap<String, PathBuf>,
    languages: &[String],
    ext: &str,
    what: impl Fn(Vec<String>) -> What,
) -> (Vec<String>, Vec<Gap>) {
    let have: Vec<String> = languages.iter().filter(|l| files.contains_key(*l)).cloned().collect();
    let gaps = languages
        .iter()
        .filter(|l| !files.contains_key(*l))
        .map(|lang| Gap {
            lang: lang.clone(),
            file: folder.join(format!("{lang}.{ext}")),
            line: None,
            what: what(have.clone()),
        })
        .collect();
    (have, gaps)
}

/// What each language's labels in `folder` lack against the others'; a
/// file that cannot be read goes to `unread`.
fn label_gaps(
    world: &dyn World,
    folder: &Path,
    (files, copied): (&BTreeMap<String, PathBuf>, &CopiedFrom),
    languages: &[String],
    unread: &mut Vec<Unread>,
) -> Vec<Gap> {
    let (have, mut gaps) = missing_files(folder, files, languages, "toml", |have| What::NoLabels { have });
    // A file that cannot be read is said as the build says it, with its
    // line; the others are compared without it.
    let mut read: Vec<(&String, &PathBuf, BTreeMap<String, String>, I18n)> = Vec::new();
    for l in &have {
        let file = &files[l];
        match labels(world, file, l) {
            Ok((words, tables)) => read.push((l, file, words, tables)),
            Err(finding) => unread.push(Unread {
                lang: Some(l.clone()),
                finding: *finding,
            }),
        }
    }
    let keys: BTreeSet<&String> = read.iter().flat_map(|(_, _, words, _)| words.keys()).collect();
    for (i, (lang, file, words, tables)) in read.iter().enumerate() {
        for key in &keys {
            let Some(value) = words.get(*key) else {
                let with: Vec<String> = read
                    .iter()
                    .filter(|(_, _, w, _)| w.contains_key(*key))
                    .map(|(l, ..)| l.to_string())
                    .collect();
                gaps.push(Gap {
                    lang: lang.to_string(),
                    file: file.to_path_buf(),
                    line: None,
                    what: What::MissingLabel {
                        key: key.to_string(),
                        have: with,
                    },
                });
                continue;
            };
            let earlier = read[..i].iter().find(|(_, _, w, _)| w.get(*key) == Some(value));
            // A copy is untranslated until it is changed, however short.
            let source = copied.get(*lang).and_then(|from| {
                read.iter()
                    .find(|(l, _, w, _)| *l == from && *l != *lang && w.get(*key) == Some(value))
            });
            let same = source.or(earlier.filter(|_| words_of_label(value) >= MIN_WORDS));
            if let Some((same_as, ..)) = same {
                gaps.push(Gap {
                    lang: lang.to_string(),
                    file: file.to_path_buf(),
                    line: tables.line(key),
                    what: What::UntranslatedLabel {
                        key: key.to_string(),
                        same_as: same_as.to_string(),
                    },
                });
            }
        }
    }
    gaps
}

/// The words of a label, its `{placeholders}` left out.
pub fn words_of_label(value: &str) -> usize {
    let mut plain = String::new();
    let mut depth = 0usize;
    for c in value.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => plain.push(c),
            _ => plain.push(' '),
        }
    }
    words(&plain)
}

/// A text's paragraphs (runs of lines between blank ones), each with its
/// first line, its lines trimmed.
pub fn paragraphs(text: &str) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut current: Option<(usize, Vec<&str>)> = None;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            if let Some((at, lines)) = current.take() {
                out.push((at, lines.join("\n")));
            }
        } else {
            current.get_or_insert((i + 1, Vec::new())).1.push(line);
        }
    }
    if let Some((at, lines)) = current {
        out.push((at, lines.join("\n")));
    }
    out
}

/// One language's text: its code, its file and its paragraphs.
type Text<'a> = (&'a String, &'a PathBuf, Vec<(usize, String)>);

/// What each language's texts in `folder` lack against the others'; a
/// text that cannot be read goes to `unread`.
fn text_gaps(
    world: &dyn World,
    folder: &Path,
    (files, copied): (&BTreeMap<String, PathBuf>, &CopiedFrom),
    languages: &[String],
    layouts: &[PathBuf],
    unread: &mut Vec<Unread>,
) -> Vec<Gap> {
    let (have, mut gaps) = missing_files(folder, files, languages, "md", |have| What::MissingText {
        layouts: layouts.to_vec(),
        have,
    });
    let mut read: Vec<Text> = Vec::new();
    for l in &have {
        let file = &files[l];
        match crate::input::read_text(world, file, Input::Text) {
            Ok(text) => read.push((l, file, paragraphs(&text))),
            Err(e) => {
                let hint = format!("save {} as a Markdown text (UTF-8), or remove it", file.display());
                unread.push(Unread {
                    lang: Some(l.clone()),
                    finding: e.finding(Code::LayoutRead, file, "the text", &hint),
                });
            }
        }
    }
    for (i, (lang, file, paras)) in read.iter().enumerate() {
        let from = copied.get(*lang);
        for (line, para) in paras.iter().filter(|(_, p)| words(p) >= 1) {
            let same_as = |(_, _, other): &&Text| other.iter().any(|(_, p)| p == para);
            // A copied text's paragraph still as in its source, however
            // short; another's only when it is long enough to be prose.
            let source = from.and_then(|from| read.iter().filter(|(l, ..)| *l == from && *l != *lang).find(same_as));
            let earlier = read[..i].iter().find(same_as).filter(|_| words(para) >= MIN_WORDS);
            if let Some((same_as, ..)) = source.or(earlier) {
                gaps.push(Gap {
                    lang: lang.to_string(),
                    file: file.to_path_buf(),
                    line: Some(*line),
                    what: What::UntranslatedText {
                        start: para.split_whitespace().take(6).collect::<Vec<_>>().join(" "),
                        same_as: same_as.to_string(),
                    },
                });
            }
        }
        if let Some(layout) = layouts.first()
            && typeset::hyphenation(world, layout, lang, file).1.is_some()
        {
            // Named where the build looks for it, so that every text folder
            // of the language gives one gap.
            let patterns = i18n::templates_folder(world, layout, "hyphenation")
                .unwrap_or_else(|| PathBuf::from("templates/hyphenation"))
                .join(format!("{lang}.bincode"));
            gaps.push(Gap {
                lang: lang.to_string(),
                file: patterns,
                line: None,
                what: What::NoPatterns,
            });
        }
    }
    gaps
}

/// The labels `layouts` print: every key they look up as they are
/// resolved in their language (the defaults of the keys they leave out
/// among them), every `@key` they write, and a game's kit's words when a
/// layout is a game's cover.
pub fn printed(world: &dyn World, layouts: &[PathBuf]) -> BTreeSet<String> {
    let pipeline = crate::pipeline::Pipeline::new(world);
    let mut out = BTreeSet::new();
    for layout in layouts {
        if let Ok(loaded) = pipeline.load(layout, &crate::layout::resolve::Overrides::default()) {
            out.extend(loaded.labels);
        }
        if let Ok(text) = crate::input::read_text(world, layout, Input::Layout) {
            out.extend(written_labels(&text));
        }
        if layout.file_name().is_some_and(|n| n == "cover.toml")
            && let Ok(tables) = I18n::for_layout(world, layout, &i18n::layout_default(world, layout))
        {
            out.extend(tables.keys().filter(|k| k.starts_with("kit.")).cloned());
        }
    }
    out
}

/// The `"@key"` labels a layout's text writes.
fn written_labels(text: &str) -> Vec<String> {
    text.split("\"@")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .filter(|k| !k.is_empty() && k.chars().all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-')))
        .map(str::to_string)
        .collect()
}

/// What the languages of a game (the layouts of its folder, `layouts`)
/// lack of what it prints ([`printed`]): its labels as a build reads them
/// (its own words over the project's or the shipped ones), in the
/// languages it is built in, and the texts its layouts read. Another
/// game's labels are no part of it.
pub fn survey_game(world: &dyn World, layouts: &[PathBuf]) -> Report {
    let mut unread = Vec::new();
    let s = sources(world, layouts, &mut unread);
    let printed = printed(world, layouts);
    let text_files: BTreeMap<&PathBuf, BTreeMap<String, PathBuf>> = s
        .texts
        .keys()
        .map(|folder| (folder, per_language(world, folder, "md")))
        .collect();
    let mut all: Vec<String> = text_files.values().flat_map(|f| f.keys().cloned()).collect();
    // One layout for each pair of folders its labels come from.
    let mut groups: BTreeMap<(Option<PathBuf>, Option<PathBuf>), &PathBuf> = BTreeMap::new();
    for layout in layouts.iter().filter(|l| world.is_file(l)) {
        all.extend(i18n::layout_languages(world, layout));
        let key = (i18n::own_folder(world, layout), i18n::folder(world, layout));
        groups.entry(key).or_insert(layout);
    }
    let languages = ordered(all);
    let mut copied = CopiedFrom::new();
    for (own, base) in groups.keys() {
        for folder in own.iter().chain(base.iter()) {
            for (lang, file) in per_language(world, folder, "toml") {
                if let Some(from) = crate::input::read_text(world, &file, Input::Labels)
                    .ok()
                    .and_then(|text| i18n::copied_from(&text))
                {
                    copied.entry(lang).or_insert(from);
                }
            }
        }
    }
    let mut gaps = Vec::new();
    for layout in groups.values() {
        gaps.extend(printed_gaps(
            world,
            layout,
            (&printed, &copied),
            &languages,
            &mut unread,
        ));
    }
    let label_folders = groups.len();
    with_text_gaps(
        world,
        &s,
        &text_files,
        (&copied, languages),
        (gaps, unread),
        label_folders,
    )
}

/// The report of the labels' `gaps`, with the gaps of the texts in
/// `text_files` added, sorted by language, each once: how `survey` and
/// `survey_game` end alike.
fn with_text_gaps(
    world: &dyn World,
    s: &Sources,
    text_files: &BTreeMap<&PathBuf, BTreeMap<String, PathBuf>>,
    (copied, languages): (&CopiedFrom, Vec<String>),
    (mut gaps, mut unread): (Vec<Gap>, Vec<Unread>),
    label_folders: usize,
) -> Report {
    for (folder, files) in text_files {
        let read_by = &s.texts[*folder];
        gaps.extend(text_gaps(
            world,
            folder,
            (files, copied),
            &languages,
            read_by,
            &mut unread,
        ));
    }
    gaps.sort_by_key(|g| (languages.iter().position(|l| l == &g.lang), g.clone()));
    gaps.dedup();
    Report {
        languages,
        gaps,
        unread,
        label_folders,
        text_folders: text_files.len(),
    }
}

/// What each language of `layout`'s labels lacks of the `printed` keys,
/// against the other languages, read as the build reads them.
fn printed_gaps(
    world: &dyn World,
    layout: &Path,
    (printed, copied): (&BTreeSet<String>, &CopiedFrom),
    languages: &[String],
    unread: &mut Vec<Unread>,
) -> Vec<Gap> {
    let mut gaps = Vec::new();
    let mut read: Vec<(&String, I18n)> = Vec::new();
    for lang in languages {
        match I18n::for_layout(world, layout, lang) {
            Ok(tables) => read.push((lang, tables)),
            Err(f) if f.message.starts_with("there are no") => {
                let folder = i18n::own_folder(world, layout)
                    .or_else(|| i18n::folder(world, layout))
                    .unwrap_or_else(|| PathBuf::from("templates/i18n"));
                gaps.push(Gap {
                    lang: lang.clone(),
                    file: folder.join(format!("{lang}.toml")),
                    line: None,
                    what: What::NoLabels { have: Vec::new() },
                });
            }
            Err(f) => unread.push(Unread {
                lang: Some(lang.clone()),
                finding: *f,
            }),
        }
    }
    let have_labels: Vec<String> = read.iter().map(|(l, _)| l.to_string()).collect();
    for g in gaps.iter_mut() {
        g.what = What::NoLabels {
            have: have_labels.clone(),
        };
    }
    for (i, (lang, tables)) in read.iter().enumerate() {
        for key in printed {
            let Some(value) = tables.get(key) else {
                let have: Vec<String> = read
                    .iter()
                    .filter(|(_, t)| t.get(key).is_some())
                    .map(|(l, _)| l.to_string())
                    .collect();
                // A label no language has is one the layout may go without.
                if !have.is_empty() {
                    gaps.push(Gap {
                        lang: lang.to_string(),
                        file: tables.file.clone(),
                        line: None,
                        what: What::MissingLabel { key: key.clone(), have },
                    });
                }
                continue;
            };
            let earlier = read[..i].iter().find(|(_, t)| t.get(key) == Some(value));
            let source = copied.get(*lang).and_then(|from| {
                read.iter()
                    .find(|(l, t)| *l == from && l != lang && t.get(key) == Some(value))
            });
            if let Some((same_as, _)) = source.or(earlier.filter(|_| words_of_label(value) >= MIN_WORDS)) {
                gaps.push(Gap {
                    lang: lang.to_string(),
                    file: tables.file_of(key).to_path_buf(),
                    line: tables.line(key),
                    what: What::UntranslatedLabel {
                        key: key.clone(),
                        same_as: same_as.to_string(),
                    },
                });
            }
        }
    }
    gaps
}

/// Runs `pitchprint i18n [layouts]`: the report of what each language lacks
/// on stdout, unreadable files on stderr; returns the exit code.
pub fn run(layouts: &[PathBuf]) -> i32 {
    let paths = match crate::build::find::layout_paths(layouts) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return crate::output::outcome::exit::FAILURE;
        }
    };
    let report = if crate::build::find::names_a_game(layouts) {
        survey_game(&crate::input::world::Disk, &paths)
    } else {
        survey(&crate::input::world::Disk, &paths)
    };
    // The files that could not be read are said as `check` says them, with
    // their source line; the report says which languages they leave unknown.
    let mut reporter = crate::output::report::Reporter::new(&crate::input::world::Disk);
    for u in &report.unread {
        eprintln!("{}", reporter.render(&u.finding));
    }
    let code = if report.complete() {
        crate::output::outcome::exit::OK
    } else {
        crate::output::outcome::exit::FINDINGS
    };
    // The report is the command's output: stdout.
    if crate::output::stdout::emit(report.render().as_bytes()) {
        code
    } else {
        crate::output::outcome::exit::FAILURE
    }
}
