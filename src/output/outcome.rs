//! What `build`, `check` and `kit` say: for people, one line per layout and
//! per kit, the findings once each, and a closing summary that repeats the
//! warnings; for machines (`--json`), one versioned JSON document on stdout.
//!
//! Findings are gathered a layout at a time, over all its languages, before
//! they are printed: a finding that holds in several languages is printed
//! once, naming them (`(in es, en, ca)`), and one already printed for an
//! earlier layout (a shared labels file) is not printed again.
//!
//! A progress bar (indicatif) is drawn on stderr only when stderr is a
//! terminal, and only once the work has gone on for a second: a quick build
//! never flashes one, and a pipe, a test or CI never gets one. Every line
//! printed meanwhile goes through the bar, so that it is not garbled.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use schemars::JsonSchema;
use serde::Serialize;

use crate::diag::code::Code;
use crate::diag::{Finding, Severity};
use crate::input::world::World;
use crate::output::report::Reporter;

/// How much a command says on stderr.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    /// Findings and the summary's last line, nothing else.
    Quiet,
    /// Findings, a line per layout and per kit, and the summary.
    Normal,
    /// As [`Verbosity::Normal`], and every file written.
    Verbose,
}

impl Verbosity {
    /// From the command line's `--quiet` and `--verbose` (clap keeps them apart).
    pub fn of(quiet: bool, verbose: bool) -> Verbosity {
        match (quiet, verbose) {
            (true, _) => Verbosity::Quiet,
            (false, true) => Verbosity::Verbose,
            (false, false) => Verbosity::Normal,
        }
    }
}

/// What a command is: it decides the summary's verb, and whether a layout
/// counts as done when written or when checked clean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `pitchprint build`: layouts (and the main job's kits) written.
    Build,
    /// `pitchprint check`: nothing written.
    Check,
    /// `pitchprint kit`: one game's kits written.
    Kit,
    /// `pitchprint tts`: one game's Tabletop Simulator saves written.
    Tts,
}

impl Command {
    fn name(self) -> &'static str {
        match self {
            Command::Build => "build",
            Command::Check => "check",
            Command::Kit => "kit",
            Command::Tts => "tts",
        }
    }

    /// What a game's whole output is called: a kit, or a save.
    fn game_part(self) -> &'static str {
        match self {
            Command::Tts => "save",
            Command::Build | Command::Check | Command::Kit => "kit",
        }
    }
}

/// The version of the JSON document; a change that could break a reader
/// raises it (schemas/output.json describes it).
pub const JSON_VERSION: u32 = 1;

/// A file written, with its size.
#[derive(Clone, Debug)]
pub struct FileWritten {
    /// Where.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
}

/// One layout or kit in one language, as far as it went.
#[derive(Clone, Debug, Default)]
pub struct LanguageDone {
    /// The language (`es`).
    pub lang: String,
    /// Every finding, repeated or not.
    pub findings: Vec<Finding>,
    /// Its pages, when it was composed.
    pub pages: Option<usize>,
    /// Whether its files were written.
    pub written: bool,
    /// The files written.
    pub files: Vec<FileWritten>,
    /// An earlier build's files removed.
    pub removed: Vec<PathBuf>,
    /// The pieces a board was tiled into (0 when it fits its paper).
    pub tiled: usize,
    /// The paper, for a kit (`A4`).
    pub paper: Option<String>,
    /// Why it was not written, when that is not its errors (a kit's
    /// layouts that were not built).
    pub why_not: Option<String>,
    /// For a deck dealt by the league's rules, its simulated matches.
    pub play: Option<crate::play::PlayReport>,
    /// For a deck of a statistics site's export, how its sheet was read.
    pub reading: Option<String>,
}

impl LanguageDone {
    /// Nothing done yet in `lang`.
    pub fn new(lang: &str) -> LanguageDone {
        LanguageDone {
            lang: lang.to_string(),
            ..LanguageDone::default()
        }
    }

    fn errors(&self) -> usize {
        self.findings.iter().filter(|f| f.is_error()).count()
    }
}

/// A finding with the languages it holds in and the layout it was found in.
struct Merged {
    finding: Finding,
    languages: Vec<String>,
    layout: PathBuf,
}

/// A layout's or a kit's entry of the JSON document.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The layout file, or for a kit its game's folder (`layouts/league`).
    pub layout: String,
    /// For a kit, the game (`league`); `null` for a layout.
    pub game: Option<String>,
    /// The languages it was built or checked in, in order.
    pub languages: Vec<String>,
    /// The languages whose files were written (none for `check`).
    pub written: Vec<String>,
    /// Its pages in each language it was composed in.
    pub pages: BTreeMap<String, usize>,
    /// The files written, every language's, in the order written.
    pub files: Vec<String>,
    /// The pieces a board larger than its paper was tiled into; 0 when it fits.
    pub tiled: usize,
    /// Distinct errors found in it.
    pub errors: usize,
    /// Distinct warnings found in it.
    pub warnings: usize,
    /// For a deck dealt by the league's rules (`[deal] rules = "league"`),
    /// the figures of the matches the checker played with it (the same in
    /// every language); `null` for any other layout.
    pub play: Option<crate::play::PlayReport>,
    /// For a deck whose sheet is a statistics site's export (FBref, EA FC,
    /// Transfermarkt), how it was read: the site, the files joined to it by
    /// player name, and the column taken for each card field; `null` for
    /// any other layout.
    pub reading: Option<String>,
}

/// A place that explains a finding, in the JSON document.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoteJson {
    /// How the place relates to the finding.
    pub message: String,
    /// The file.
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// The dotted key, when the note is about one.
    pub key: Option<String>,
}

/// A finding in the JSON document.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindingJson {
    /// What the finding is about (the book's table of codes, `docs/book/src/checker.md`).
    #[schemars(schema_with = "code_schema")]
    pub code: String,
    /// `error` (nothing of its layout is written) or `warning`.
    pub severity: Severity,
    /// The file it is about: a layout, a spreadsheet, a text, a labels file.
    pub file: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// The dotted key (`board.pitch`), when the finding is about one.
    pub key: Option<String>,
    /// A workbook's cell as its user sees it (`sheet Players, cell C7`).
    pub cell: Option<String>,
    /// What is wrong, with the numbers that show it.
    pub message: String,
    /// What to do about it (none, or one).
    pub hints: Vec<String>,
    /// Other places that explain it.
    pub notes: Vec<NoteJson>,
    /// The languages it holds in, in the order built.
    pub languages: Vec<String>,
    /// The layout whose build found it first (a kit's: its game's folder).
    pub layout: String,
}

/// The counts of the JSON document.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    /// Layouts built or checked.
    pub layouts: usize,
    /// Of those, the ones written in every language (`build`) or without
    /// errors (`check`).
    pub layouts_ok: usize,
    /// Kits made (games).
    pub kits: usize,
    /// Of those, the ones written in every language.
    pub kits_ok: usize,
    /// Every language built or checked, in order.
    pub languages: Vec<String>,
    /// Files written.
    pub files: usize,
    /// Distinct errors.
    pub errors: usize,
    /// Distinct warnings.
    pub warnings: usize,
    /// The exit code: 0 all good, 1 findings, 2 usage or I/O failure.
    pub exit_code: i32,
}

/// The JSON document `build --json`, `check --json` print.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// The version of this shape: 1.
    pub version: u32,
    /// The command: `build` or `check`.
    #[schemars(schema_with = "command_schema")]
    pub command: String,
    /// Every layout, in the order built.
    pub layouts: Vec<Entry>,
    /// Every kit (the main job makes one per game), in the order made.
    pub kits: Vec<Entry>,
    /// Every distinct finding, in the order found.
    pub findings: Vec<FindingJson>,
    /// The counts.
    pub summary: Summary,
}

fn code_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let names: Vec<&str> = Code::ALL.iter().map(|c| c.name()).collect();
    schemars::json_schema!({ "type": "string", "enum": names })
}

fn command_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": "string", "enum": ["build", "check"] })
}

/// The JSON Schema of [`Document`] (`schemas/output.json`): draft 7, every
/// part in place, no key beyond the ones described.
pub fn json_schema() -> serde_json::Value {
    let mut root = crate::layout::schema::generator()
        .into_root_schema_for::<Document>()
        .to_value();
    root["title"] = "pitchprint build --json, check --json".into();
    root["properties"]["version"] = serde_json::json!({
        "description": "The version of this shape; a change that could break a reader raises it.",
        "const": JSON_VERSION,
    });
    strip_formats(&mut root);
    root
}

/// Takes out schemars' `format` of Rust's number types (`uint`): no JSON
/// Schema format, and `minimum` says it. Every key is required: the
/// document always writes each one, `null` when it has no value.
fn strip_formats(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(map) => {
            if map.get("format").is_some_and(|f| f.is_string()) && map.get("type").is_some() {
                map.remove("format");
            }
            if let Some(serde_json::Value::Object(properties)) = map.get("properties") {
                let all: Vec<serde_json::Value> = properties.keys().map(|k| k.as_str().into()).collect();
                map.insert("required".into(), all.into());
            }
            map.values_mut().for_each(strip_formats);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip_formats),
        _ => {}
    }
}

/// The progress bar, drawn only on a terminal and only after a second.
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    start: Instant,
    shown: bool,
}

/// How long work goes on before a bar is drawn.
const BAR_AFTER: Duration = Duration::from_secs(1);

impl Progress {
    fn new(jobs: usize, wanted: bool) -> Progress {
        let bar = (wanted && jobs > 1 && std::io::stderr().is_terminal()).then(|| {
            let bar =
                indicatif::ProgressBar::with_draw_target(Some(jobs as u64), indicatif::ProgressDrawTarget::hidden());
            if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} {wide_msg}") {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            start: Instant::now(),
            shown: false,
        }
    }

    /// Says what is being done, and draws the bar once it has been a second.
    fn doing(&mut self, what: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(what.to_string());
            if !self.shown && self.start.elapsed() >= BAR_AFTER {
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                bar.enable_steady_tick(Duration::from_millis(200));
                self.shown = true;
            }
        }
    }

    fn advance(&mut self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    /// Runs `f` with the bar taken off the screen.
    fn suspend(&self, f: impl FnOnce()) {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// Everything a command found and did, printed as it goes.
pub struct Outcome {
    command: Command,
    verbosity: Verbosity,
    json: bool,
    progress: Progress,
    findings: Vec<Merged>,
    layouts: Vec<Entry>,
    kits: Vec<Entry>,
    layouts_ok: usize,
    kits_ok: usize,
    languages: Vec<String>,
}

impl Outcome {
    /// A command about to do `jobs` layout-language builds; `json` keeps
    /// stdout for the document and stderr for errors (and the bar).
    pub fn new(command: Command, verbosity: Verbosity, json: bool, jobs: usize) -> Outcome {
        Outcome {
            command,
            verbosity,
            json,
            progress: Progress::new(jobs, verbosity > Verbosity::Quiet),
            findings: Vec::new(),
            layouts: Vec::new(),
            kits: Vec::new(),
            layouts_ok: 0,
            kits_ok: 0,
            languages: Vec::new(),
        }
    }

    /// The bar's words for the work starting now.
    pub fn doing(&mut self, what: &str) {
        self.progress.doing(what);
    }

    /// One layout-language build done.
    pub fn advance(&mut self) {
        self.progress.advance();
    }

    /// A line for people (a layout's, a kit's), unless quiet or JSON.
    fn say(&self, line: &str) {
        if !self.json && self.verbosity > Verbosity::Quiet {
            self.print(line);
        }
    }

    /// A line on stderr, through the bar.
    fn print(&self, line: &str) {
        self.progress.suspend(|| {
            let _ = writeln!(std::io::stderr().lock(), "{line}");
        });
    }

    /// A failure that is not a finding (a file that cannot be written):
    /// always on stderr, even when quiet or with `--json`.
    pub fn error(&self, message: &str) {
        self.print(&format!("error: {message}"));
    }

    /// Something the user should know that is no finding (where a file will
    /// be written over): on stderr unless quiet or with `--json`.
    pub fn note(&self, message: &str) {
        if !self.json && self.verbosity > Verbosity::Quiet {
            self.print(&format!("note: {message}"));
        }
    }

    /// A detail of how the work was done (where photos were kept): on
    /// stderr with `--verbose` only.
    pub fn detail(&self, message: &str) {
        if !self.json && self.verbosity == Verbosity::Verbose {
            self.print(message);
        }
    }

    /// A layout done in each of its languages: its findings not printed
    /// yet, then (unless quiet) its files and its line.
    pub fn layout(&mut self, world: &dyn World, layout: &Path, done: Vec<LanguageDone>) {
        let entry = self.record(world, layout, None, &done);
        let play: Vec<String> = entry
            .reading
            .iter()
            .cloned()
            .chain(
                entry
                    .play
                    .as_ref()
                    .map(crate::play::PlayReport::lines)
                    .unwrap_or_default(),
            )
            .collect();
        if self.command == Command::Check {
            if self.verbosity == Verbosity::Verbose {
                let line = format!(
                    "checked {} in {}: {}, {}",
                    layout.display(),
                    done.iter().map(|d| d.lang.as_str()).collect::<Vec<_>>().join(", "),
                    count(entry.errors, "error"),
                    count(entry.warnings, "warning")
                );
                self.say(&line);
                if let Some(used) = crate::layout::profile::profile_use(world, layout) {
                    self.say(&profile_line(layout, &used));
                }
            }
        } else {
            self.files_of(&done);
            self.say(&line_of(&layout.display().to_string(), &done, entry.errors));
        }
        // What the checker's matches were like: `check` is where a deck's
        // author looks, so it is said there too (unless quiet).
        for line in play {
            self.say(&format!("  {}: {line}", layout.display()));
        }
        if entry.languages.len() == entry.written.len() || (self.command == Command::Check && entry.errors == 0) {
            self.layouts_ok += 1;
        }
        self.layouts.push(entry);
    }

    /// A game's kits done in each language, as [`Outcome::layout`].
    pub fn kit(&mut self, world: &dyn World, game: &str, folder: &Path, done: Vec<LanguageDone>) {
        if done.is_empty() {
            // No language of the game's cover was asked for: no kit.
            return;
        }
        let entry = self.record(world, folder, Some(game), &done);
        self.files_of(&done);
        self.say(&line_of(
            &format!("{game} {}", self.command.game_part()),
            &done,
            entry.errors,
        ));
        if entry.languages.len() == entry.written.len() {
            self.kits_ok += 1;
        }
        self.kits.push(entry);
    }

    /// A game's saves for a virtual table done in each language, as
    /// [`Outcome::kit`]; `written` says where they went and what they hold
    /// (the caller knows what a save is made of).
    pub fn saves(&mut self, world: &dyn World, game: &str, folder: &Path, done: Vec<LanguageDone>, written: &str) {
        if done.is_empty() {
            return;
        }
        let entry = self.record(world, folder, Some(game), &done);
        self.files_of(&done);
        let name = format!("{game} {}", self.command.game_part());
        if done.iter().all(|d| d.written) {
            self.say(&format!("{name} → {written}"));
        } else {
            self.say(&line_of(&name, &done, entry.errors));
        }
        if entry.languages.len() == entry.written.len() {
            self.kits_ok += 1;
        }
        self.kits.push(entry);
    }

    /// Merges the findings of `done` into the ones found so far, prints the
    /// new ones, and makes the JSON entry.
    fn record(&mut self, world: &dyn World, layout: &Path, game: Option<&str>, done: &[LanguageDone]) -> Entry {
        let first_new = self.findings.len();
        let mut mine: Vec<usize> = Vec::new();
        for d in done {
            if !self.languages.contains(&d.lang) {
                self.languages.push(d.lang.clone());
            }
            for f in &d.findings {
                // One already printed is not printed again, even with a
                // note of its own: a board's error that the cover and the
                // rules meet in the board they name is the board's, said once.
                let at = match self.findings.iter().position(|m| same_but_notes(&m.finding, f)) {
                    Some(at) => at,
                    None => {
                        self.findings.push(Merged {
                            finding: f.clone(),
                            languages: Vec::new(),
                            layout: layout.to_path_buf(),
                        });
                        self.findings.len() - 1
                    }
                };
                if !self.findings[at].languages.contains(&d.lang) {
                    self.findings[at].languages.push(d.lang.clone());
                }
                if !mine.contains(&at) {
                    mine.push(at);
                }
            }
        }
        if !self.json {
            self.print_from(world, first_new, done.len() > 1);
        }
        let errors = mine.iter().filter(|&&i| self.findings[i].finding.is_error()).count();
        Entry {
            layout: layout.display().to_string(),
            game: game.map(str::to_string),
            languages: done.iter().map(|d| d.lang.clone()).collect(),
            written: done.iter().filter(|d| d.written).map(|d| d.lang.clone()).collect(),
            pages: done
                .iter()
                .filter_map(|d| d.pages.map(|p| (d.lang.clone(), p)))
                .collect(),
            files: done
                .iter()
                .flat_map(|d| d.files.iter().map(|f| f.path.display().to_string()))
                .collect(),
            tiled: done.iter().map(|d| d.tiled).max().unwrap_or(0),
            errors,
            warnings: mine.len() - errors,
            play: done.iter().find_map(|d| d.play.clone()),
            reading: done.iter().find_map(|d| d.reading.clone()),
        }
    }

    /// Prints the findings from `first` on, each with the languages it holds
    /// in when `named`. Findings of one code at one place that differ only
    /// in their words (a label too long in each language, quoted in its own)
    /// are printed as one: the first whole, the others' messages after it,
    /// each with its languages.
    fn print_from(&self, world: &dyn World, first: usize, named: bool) {
        let mut reporter = Reporter::new(world);
        let new = &self.findings[first..];
        let mut used = vec![false; new.len()];
        for i in 0..new.len() {
            if used[i] {
                continue;
            }
            let head = &new[i];
            let mut text = reporter.render(&head.finding);
            if named {
                text = with_languages(&text, &head.languages);
            }
            let mut languages = head.languages.clone();
            for j in i + 1..new.len() {
                let other = &new[j];
                if used[j]
                    || !same_place(&head.finding, &other.finding)
                    || other.languages.iter().any(|l| languages.contains(l))
                {
                    continue;
                }
                used[j] = true;
                languages.extend(other.languages.iter().cloned());
                text.push_str(&format!(
                    "\n  in {}: {}",
                    other.languages.join(", "),
                    other.finding.message
                ));
                if let Some(hint) = other
                    .finding
                    .hint
                    .as_ref()
                    .filter(|h| Some(*h) != head.finding.hint.as_ref())
                {
                    text.push_str(&format!("\n    hint: {hint}"));
                }
            }
            self.print(&text);
        }
    }

    /// With `--verbose`, every file written; unless quiet, the files removed.
    fn files_of(&self, done: &[LanguageDone]) {
        for d in done {
            if self.verbosity == Verbosity::Verbose {
                for f in &d.files {
                    self.say(&format!("wrote {} ({} KB)", f.path.display(), f.bytes.div_ceil(1024)));
                }
            }
            for file in &d.removed {
                self.say(&format!(
                    "removed {} (an earlier build's page this one no longer has)",
                    file.display()
                ));
            }
        }
    }

    /// The distinct errors and warnings found.
    pub fn tally(&self) -> (usize, usize) {
        let errors = self.findings.iter().filter(|m| m.finding.is_error()).count();
        (errors, self.findings.len() - errors)
    }

    /// Layouts written in every language (or checked clean), of all.
    pub fn layouts_done(&self) -> (usize, usize) {
        (self.layouts_ok, self.layouts.len())
    }

    /// Ends the command: takes the bar away, and prints the summary (with
    /// the warnings again) or the JSON document. Returns `code`, or 2 when
    /// the document cannot be written.
    pub fn finish(mut self, code: i32) -> i32 {
        self.progress.finish();
        if self.json {
            return self.print_json(code);
        }
        let (errors, warnings) = self.tally();
        if warnings > 0 && self.verbosity > Verbosity::Quiet {
            let mut lines = vec![format!("{}, again:", count(warnings, "warning"))];
            for m in self.findings.iter().filter(|m| !m.finding.is_error()) {
                let mut line = format!("  {}", m.finding.headline());
                if self.languages.len() > 1 {
                    line = with_languages(&line, &m.languages);
                }
                lines.push(line);
            }
            self.print(&lines.join("\n"));
        }
        self.print(&self.summary_line(errors, warnings));
        code
    }

    /// The last line: what was done, in which languages, and what was found.
    fn summary_line(&self, errors: usize, warnings: usize) -> String {
        let check = self.command == Command::Check;
        // A check writes nothing: its layouts are counted, the errors say the rest.
        let of = |ok: usize, all: usize, what: &str| {
            if ok == all || check {
                count(all, what)
            } else {
                format!("{ok} of {}", count(all, what))
            }
        };
        let mut done = Vec::new();
        if !self.layouts.is_empty() || self.kits.is_empty() {
            done.push(of(self.layouts_ok, self.layouts.len(), "layout"));
        }
        if !self.kits.is_empty() {
            done.push(of(self.kits_ok, self.kits.len(), self.command.game_part()));
        }
        let verb = match self.command {
            Command::Check => "checked",
            Command::Build | Command::Kit | Command::Tts => "built",
        };
        let langs = match self.languages.as_slice() {
            [] => String::new(),
            [one] => format!(" in {one}"),
            all => format!(" in {} languages ({})", all.len(), all.join(", ")),
        };
        let files: usize = self.layouts.iter().chain(&self.kits).map(|e| e.files.len()).sum();
        let files = match self.command {
            Command::Check => String::new(),
            Command::Build | Command::Kit | Command::Tts => format!("{}, ", count(files, "file")),
        };
        format!(
            "{verb} {}{langs}: {files}{}, {}",
            done.join(" and "),
            count(errors, "error"),
            count(warnings, "warning")
        )
    }

    fn print_json(&self, code: i32) -> i32 {
        let (errors, warnings) = self.tally();
        let doc = Document {
            version: JSON_VERSION,
            command: self.command.name().to_string(),
            layouts: self.layouts.clone(),
            kits: self.kits.clone(),
            findings: self.findings.iter().map(finding_json).collect(),
            summary: Summary {
                layouts: self.layouts.len(),
                layouts_ok: self.layouts_ok,
                kits: self.kits.len(),
                kits_ok: self.kits_ok,
                languages: self.languages.clone(),
                files: self.layouts.iter().chain(&self.kits).map(|e| e.files.len()).sum(),
                errors,
                warnings,
                exit_code: code,
            },
        };
        match serde_json::to_string_pretty(&doc) {
            Ok(s) => {
                // The document is the command's output: stdout, for machines.
                if crate::output::stdout::emit(format!("{s}\n").as_bytes()) {
                    code
                } else {
                    2
                }
            }
            Err(e) => {
                self.error(&format!("cannot write json: {e}"));
                2
            }
        }
    }
}

fn finding_json(m: &Merged) -> FindingJson {
    let f = &m.finding;
    let at = &f.location;
    FindingJson {
        code: f.code.name().to_string(),
        severity: f.severity,
        file: at.file.display().to_string(),
        line: at.line,
        column: at.column,
        key: at.key.clone(),
        cell: at.cell.clone(),
        message: f.message.clone(),
        hints: f.hint.iter().cloned().collect(),
        notes: f
            .notes
            .iter()
            .map(|n| NoteJson {
                message: n.message.clone(),
                file: n.location.file.display().to_string(),
                line: n.location.line,
                column: n.location.column,
                key: n.location.key.clone(),
            })
            .collect(),
        languages: m.languages.clone(),
        layout: m.layout.display().to_string(),
    }
}

/// Whether two findings are the same but for their notes (where else a
/// layout met it).
fn same_but_notes(a: &Finding, b: &Finding) -> bool {
    (a.code, a.severity, &a.message, &a.location, &a.hint) == (b.code, b.severity, &b.message, &b.location, &b.hint)
}

/// Whether two findings break one rule at one place (their words aside).
fn same_place(a: &Finding, b: &Finding) -> bool {
    let (x, y) = (&a.location, &b.location);
    a.code == b.code
        && a.severity == b.severity
        && (&x.file, x.line, x.column, &x.key, &x.cell) == (&y.file, y.line, y.column, &y.key, &y.cell)
}

/// A finding's text with the languages it holds in after its first line.
pub fn with_languages(text: &str, languages: &[String]) -> String {
    let (head, rest) = text.split_once('\n').map_or((text, None), |(h, r)| (h, Some(r)));
    let mut out = format!("{head} (in {})", languages.join(", "));
    if let Some(rest) = rest {
        out.push('\n');
        out.push_str(rest);
    }
    out
}

/// `1 error`, `2 errors`.
pub fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// The one line of a layout or kit: where its files went, the PDFs by name
/// and the other pages counted, its pages, a tiling, and the languages not
/// written.
/// `layouts/league/deck.toml → output/league/: deck.pdf, deck-en.pdf + 80
/// SVG pages (40 pages each)`.
pub fn line_of(name: &str, done: &[LanguageDone], errors: usize) -> String {
    let written: Vec<&LanguageDone> = done.iter().filter(|d| d.written).collect();
    let failed: Vec<&str> = done.iter().filter(|d| !d.written).map(|d| d.lang.as_str()).collect();
    if written.is_empty() {
        return format!("{name}: not written ({})", why_not(done, errors));
    }
    let files: Vec<&Path> = written
        .iter()
        .flat_map(|d| d.files.iter().map(|f| f.path.as_path()))
        .collect();
    if files.is_empty() {
        return format!("{name}: nothing written (none of the formats asked for is one it makes)");
    }
    // `build --format tts`: a deck's save in a folder beside it, its
    // sheets in that folder's images/.
    let in_save = |f: &Path| {
        f.ancestors()
            .skip(1)
            .take(2)
            .any(|a| a.file_name().is_some_and(|n| n.to_string_lossy().ends_with("-tts")))
    };
    let save_json = |f: &&&Path| in_save(f) && f.extension().is_some_and(|e| e == "json");
    let folder = files
        .iter()
        .find(|f| f.extension().is_some_and(|e| e == "pdf"))
        .or_else(|| files.iter().find(|f| !in_save(f)))
        .and_then(|f| f.parent())
        .or_else(|| files.iter().find(save_json).and_then(|f| f.parent()?.parent()))
        .unwrap_or(Path::new(""));
    let mut parts: Vec<String> = Vec::new();
    let pdfs: Vec<String> = files
        .iter()
        .filter(|f| f.parent() == Some(folder) && f.extension().is_some_and(|e| e == "pdf"))
        .filter_map(|f| f.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    if !pdfs.is_empty() {
        parts.push(pdfs.join(", "));
    }
    // A machine's cut files (`deck-en-cut-1.svg` beside `deck-en.pdf`) are
    // not pages.
    let cut_file = |f: &Path| {
        let stem = f
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        pdfs.iter().any(|pdf| {
            let base = pdf.trim_end_matches(".pdf");
            stem.strip_prefix(base).is_some_and(|rest| {
                rest == "-cut"
                    || rest
                        .strip_prefix("-cut-")
                        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
            })
        })
    };
    let cuts = files
        .iter()
        .filter(|f| f.parent() == Some(folder) && cut_file(f))
        .count();
    for ext in ["svg", "png"] {
        let n = files
            .iter()
            .filter(|f| f.parent() == Some(folder) && f.extension().is_some_and(|e| e == ext) && !cut_file(f))
            .filter(|f| !in_save(f))
            .count();
        if n > 0 {
            parts.push(format!("{n} {} {}", ext.to_uppercase(), plural(n, "page")));
        }
    }
    if cuts > 0 {
        parts.push(format!("{cuts} cut {}", plural(cuts, "file")));
    }
    let saves = files.iter().filter(save_json).count();
    if saves > 0 {
        let sheets = files.iter().filter(|f| in_save(f)).count() - saves;
        parts.push(format!(
            "a Tabletop Simulator save and its {sheets} {}",
            plural(sheets, "image")
        ));
    }
    let elsewhere = files
        .iter()
        .filter(|f| f.parent() != Some(folder) && !in_save(f))
        .count();
    if elsewhere > 0 {
        parts.push(format!("{elsewhere} per-card {}", plural(elsewhere, "PNG")));
    }
    let mut line = format!("{name} → {}/: {}", folder.display(), parts.join(" + "));
    line.push_str(&pages_of(&written));
    let tiled = written.iter().map(|d| d.tiled).max().unwrap_or(0);
    if tiled > 0 {
        line.push_str(&format!(" · tiled into {tiled} pieces and a page that maps them"));
    }
    if !failed.is_empty() {
        line.push_str(&format!(
            "; not written in {} ({})",
            failed.join(", "),
            why_not(done, errors)
        ));
    }
    line
}

/// ` (40 pages each on A4)`, ` (1 page)`, ` (pages: es 2, en 3)`.
fn pages_of(written: &[&LanguageDone]) -> String {
    let pages: Vec<usize> = written.iter().filter_map(|d| d.pages).collect();
    let papers: Vec<&str> = written.iter().filter_map(|d| d.paper.as_deref()).collect();
    let paper = match papers.first() {
        Some(first) if papers.iter().all(|p| p == first) => format!(" on {first}"),
        _ => String::new(),
    };
    match pages.first() {
        None => String::new(),
        Some(&p) if pages.iter().all(|&q| q == p) => {
            let each = if pages.len() > 1 { " each" } else { "" };
            format!(" ({}{each}{paper})", count(p, "page"))
        }
        Some(_) => {
            let each: Vec<String> = written
                .iter()
                .filter_map(|d| d.pages.map(|p| format!("{} {p}", d.lang)))
                .collect();
            format!(" (pages: {}{paper})", each.join(", "))
        }
    }
}

/// Why the languages not written were not: their errors, or what stopped them.
fn why_not(done: &[LanguageDone], errors: usize) -> String {
    if let Some(why) = done.iter().filter(|d| !d.written).find_map(|d| d.why_not.clone()) {
        return why;
    }
    if errors == 0 && done.iter().all(|d| d.errors() == 0) {
        return "it could not be written".to_string();
    }
    count(errors, "error")
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 { what.to_string() } else { format!("{what}s") }
}

/// What `check --verbose` says of a layout under a printer profile: the
/// keys it takes from the profile and the ones it sets over it.
fn profile_line(layout: &Path, used: &crate::layout::profile::ProfileUse) -> String {
    let list = |keys: &[&str]| {
        if keys.is_empty() {
            "none".to_string()
        } else {
            keys.join(", ")
        }
    };
    format!(
        "  {}: from {}: {}; set in the layout over it: {}",
        layout.display(),
        used.file.display(),
        list(&used.taken),
        list(&used.overridden)
    )
}

/// Exit codes.
pub mod exit {
    /// Everything built or checked clean.
    pub const OK: i32 = 0;
    /// Bad input or checker errors.
    pub const FINDINGS: i32 = 1;
    /// Usage or I/O failure.
    pub const FAILURE: i32 = 2;
}
