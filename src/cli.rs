//! The command line: `pitchprint build` and `check`, and the commands beside
//! them (`kit`, `new`, `i18n`, `completions`, `man`), each run by its own
//! module.
//!
//! Each layout goes load → resolve → compose → check ([`crate::pipeline`]),
//! then export → write. Findings are
//! printed for people on stderr, a line per layout and a summary after them
//! (or one JSON document on stdout with `--json`; see [`outcome`]); a layout
//! with an error is not written, and the exit code says what happened: 0 all
//! good, 1 bad input or checker errors, 2 usage or I/O failure.

use std::path::{Path, PathBuf};

use clap::{CommandFactory, Parser, Subcommand};

use crate::code::Code;
use crate::components::resolved::{ItemPages, Loaded};
use crate::diag::Finding;
use crate::export::{self, Format};
use crate::geom::PaperSize;
use crate::i18n::DEFAULT_LANG;
use crate::layout::resolve::Overrides;
use crate::outcome::{self, FileWritten, LanguageDone, Outcome, Verbosity};
use crate::pipeline::{self, Pipeline};
use crate::sheet::tile;
use crate::target::{Files, Target};
use crate::watch::Built;
use crate::world::{Disk, World};
use crate::write::{self, Output};

const EXAMPLES: &str = "\
Examples:
  pitchprint build                          every layout under layouts/ into output/
  pitchprint build layouts/dice-football/pitch.toml --format pdf,svg,png
  pitchprint build --paper a3 --out /tmp/print
  pitchprint check                          check every layout, write nothing
  pitchprint check --json layouts/dice-football/pitch.toml   one JSON document (schemas/output.json)
  pitchprint build --quiet                  only the findings and the summary's last line
  pitchprint kit league --lang en --paper letter   one PDF: output/league/kit-en.pdf
  pitchprint tts league --lang en           a Tabletop Simulator save: output/league/tts/league-en.json";

/// Print-ready PDF and SVG for football board games, checked before they are written.
#[derive(Debug, Parser)]
#[command(name = "pitchprint", version, about, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check layouts, then write the ones without errors.
    #[command(after_help = EXAMPLES)]
    Build(BuildArgs),
    /// Check layouts and report every finding; write nothing.
    #[command(after_help = EXAMPLES)]
    Check(CheckArgs),
    /// Write a whole game as one PDF in print order, its cover saying which
    /// pages to print on what.
    #[command(after_help = EXAMPLES)]
    Kit(crate::kit::command::KitArgs),
    /// Write a game as a Tabletop Simulator save, set up to play, with the
    /// images it names (Tabletop Playground imports it too).
    #[command(after_help = EXAMPLES)]
    Tts(crate::tts::command::TtsArgs),
    /// Write a new layout of a kind: every key at its default, explained.
    #[command(after_help = NEW_EXAMPLES)]
    New(NewArgs),
    /// List, per language, the labels and texts missing or left untranslated;
    /// `i18n add pt` starts a new language from English.
    #[command(args_conflicts_with_subcommands = true)]
    I18n(I18nArgs),
    /// Print a shell's completion script.
    #[command(after_help = COMPLETIONS)]
    Completions(CompletionsArgs),
    /// Write the manual page.
    Man(ManArgs),
}

const COMPLETIONS: &str = "\
Install (one of):
  pitchprint completions bash > ~/.local/share/bash-completion/completions/pitchprint
  pitchprint completions zsh > ~/.zfunc/_pitchprint      (with fpath+=~/.zfunc in .zshrc)
  pitchprint completions fish > ~/.config/fish/completions/pitchprint.fish
  pitchprint completions powershell >> $PROFILE";

const NEW_EXAMPLES: &str = "\
Examples:
  pitchprint new dice-pitch layouts/my-game/pitch.toml
  pitchprint new card-deck layouts/my-league/ --from players.xlsx
  pitchprint new counters                   writes counters.toml here";

#[derive(Debug, clap::Args)]
struct NewArgs {
    /// The kind of layout, or `game` for a whole game to start from.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(new_kinds()))]
    kind: String,
    /// Where to write it: a file, or a folder to write <kind>.toml in;
    /// <kind>.toml in the current folder when not given. For `game`, the
    /// game's folder (`layouts/my-game`; `my-game` when not given).
    path: Option<PathBuf>,
    /// For a card deck: the players' spreadsheet (.csv, .xlsx or .ods);
    /// [columns] is mapped from its header.
    #[arg(long, value_name = "SPREADSHEET")]
    from: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct I18nArgs {
    #[command(subcommand)]
    action: Option<I18nAction>,
    /// Layout files (TOML) whose words to compare. With none, every layout under layouts/.
    layouts: Vec<PathBuf>,
}

#[derive(Debug, clap::Subcommand)]
enum I18nAction {
    /// Write every per-language file of a new language (labels, rule sheets,
    /// covers, reference cards) as a copy of another's, to translate; files
    /// the language has already are kept.
    Add(I18nAddArgs),
}

#[derive(Debug, clap::Args)]
struct I18nAddArgs {
    /// The new language's code (pt, fr, de).
    #[arg(value_parser = crate::i18n::parse_lang_arg)]
    lang: String,
    /// The language to copy from.
    #[arg(long, default_value = "en", value_parser = crate::i18n::parse_lang_arg)]
    from: String,
    /// Layout files whose folders to write for. With none, every layout under layouts/.
    layouts: Vec<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct CompletionsArgs {
    /// The shell.
    shell: crate::shell::Shell,
}

#[derive(Debug, clap::Args)]
struct ManArgs {
    /// Write a page per command into this folder (pitchprint.1,
    /// pitchprint-build.1, ...) instead of the main page to stdout.
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct BuildArgs {
    /// Layout files (TOML). With none, every layout under layouts/.
    layouts: Vec<PathBuf>,
    /// Output formats, comma-separated: pdf, svg, png, and tts (a card
    /// deck as a Tabletop Simulator saved object, in a folder beside it).
    #[arg(long, value_delimiter = ',', default_value = "pdf,svg", value_parser = parse_format)]
    format: Vec<Format>,
    /// With --format tts: the address the deck's tts folder will be
    /// served from, so that other players see its images.
    #[arg(long, value_parser = crate::tts::command::parse_base_url)]
    base_url: Option<String>,
    /// Paper for every layout, instead of the layout's own: a4, letter or a3.
    #[arg(long, value_parser = PaperSize::parse_arg)]
    paper: Option<PaperSize>,
    /// Folder to write into; files keep the layout's folder under layouts/.
    #[arg(long, default_value = "output")]
    out: PathBuf,
    /// Resolution of PNG previews, in dots per inch.
    #[arg(long, default_value_t = 150.0, value_parser = parse_dpi)]
    dpi: f64,
    /// For card decks: also one PNG per card front, in a folder beside the deck.
    #[arg(long)]
    per_card: bool,
    /// SVG: draw every text as the outlines of its letters, so that every
    /// viewer shows the same letters whether or not it has the font (larger
    /// files; the words stay searchable in each path's aria-label).
    #[arg(long)]
    outline_text: bool,
    /// After building, rebuild a layout whenever a file it reads changes
    /// (the layout, its templates, texts, spreadsheet or photos), PNG
    /// previews included; stop with Ctrl-C.
    #[arg(long, conflicts_with = "json")]
    watch: bool,
    #[arg(long, value_delimiter = ',', value_parser = crate::i18n::parse_lang_arg, help = LANG_HELP, long_help = LANG_LONG_HELP)]
    lang: Vec<String>,
    /// Layouts and languages built at once: the machine's cores when not
    /// given. Any number writes the same files and says the same.
    #[arg(short, long, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    /// Make every photo from its file, neither reading nor writing the
    /// cache of photos made by earlier builds (PITCHPRINT_CACHE=off does
    /// the same for every command).
    #[arg(long)]
    no_cache: bool,
    #[arg(long, value_parser = Target::parse_arg, help = TARGET_HELP, long_help = TARGET_LONG_HELP)]
    target: Option<Target>,
    /// For --target drivethrucards or offset: the most ink anywhere, in
    /// percent (at most the shop's own: 240 and 300).
    #[arg(long, value_parser = crate::target_files::parse_ink_limit)]
    ink_limit: Option<f64>,
    #[command(flatten)]
    say: SayArgs,
    /// Print one JSON document on stdout (schemas/output.json): every
    /// layout, its files and every finding; nothing else on stdout.
    #[arg(long)]
    json: bool,
}

/// `--target`, the same on build, check and kit.
pub const TARGET_HELP: &str =
    "Where the files will be printed: home, mpc, tgc, drivethrucards or offset (over a layout's [print] target)";
/// `--target` in full.
pub const TARGET_LONG_HELP: &str = "Where the files will be printed, over a layout's own [print] target (or its \
printer profile's; home when neither says). home: sheets of many items for a \
home printer. mpc (MakePlayingCards, PrinterStudio) and tgc (The Game Crafter): one 300 dpi PNG per card face \
with the shop's bleed. drivethrucards: one CMYK PDF/X-1a:2003 per deck, a page per face, back before front. \
offset: CMYK PDF/X-4 with a FOGRA39 output intent and 3 mm bleed. A shop target composes cards at the sizes \
the shop cuts (a US poker card is 63.5 x 88.9 mm), writes into OUT/<target>/ only the files the shop takes \
(--format and --per-card are for home), and checks what the shop would refuse (see the README's \"Print shops\").";

/// How much a command says, the same on build, check and kit.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct SayArgs {
    /// Print only the findings and the summary's last line.
    #[arg(short, long, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Also print every file written, with its size.
    #[arg(short, long)]
    pub verbose: bool,
}

impl SayArgs {
    /// The verbosity they ask for.
    pub fn verbosity(self) -> Verbosity {
        Verbosity::of(self.quiet, self.verbose)
    }
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// Layout files (TOML). With none, every layout under layouts/.
    layouts: Vec<PathBuf>,
    /// Paper to check against, instead of the layout's own: a4, letter or a3.
    #[arg(long, value_parser = PaperSize::parse_arg)]
    paper: Option<PaperSize>,
    /// Print one JSON document on stdout (schemas/output.json): every
    /// layout and every finding; nothing else on stdout.
    #[arg(long)]
    json: bool,
    #[arg(long, value_delimiter = ',', value_parser = crate::i18n::parse_lang_arg, help = LANG_HELP, long_help = LANG_LONG_HELP)]
    lang: Vec<String>,
    /// Layouts and languages checked at once: the machine's cores when not
    /// given. Any number says the same.
    #[arg(short, long, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: Option<u16>,
    #[arg(long, value_parser = Target::parse_arg, help = TARGET_HELP, long_help = TARGET_LONG_HELP)]
    target: Option<Target>,
    #[command(flatten)]
    say: SayArgs,
}

/// `--lang`, the same on every command that makes or checks sheets.
const LANG_HELP: &str = "Languages, comma-separated (es,en): labels, rule sheets, covers, file names";
const LANG_LONG_HELP: &str = "Languages, comma-separated (--lang es,en): every word printed follows it, \
the labels of boards, cards and sheets (templates/i18n/<lang>.toml) as well as rule sheets, covers and \
reference cards (templates/*/<game>/<lang>.md), and the languages' own file names (rules-en.pdf). Each \
code names those files (es, en, ca, or any the project adds); a code given twice counts once. Every \
language the project has when not given.";

fn parse_format(s: &str) -> Result<Format, String> {
    Format::parse(s).ok_or_else(|| format!("unknown format \"{s}\"; use pdf, svg, png or tts"))
}

fn parse_dpi(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (10.0..=1200.0).contains(&v) => Ok(v),
        _ => Err(format!("\"{s}\" is not a resolution from 10 to 1200 dpi")),
    }
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

/// Runs the command line and returns the exit code.
pub fn run(args: impl IntoIterator<Item = std::ffi::OsString>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => {
            let _ = e.print();
            return exit::FAILURE;
        }
        // --help and --version: the command's output, on stdout.
        Err(e) => {
            return if crate::stdout::emit(help_text(&e).as_bytes()) {
                exit::OK
            } else {
                exit::FAILURE
            };
        }
    };
    // Photos made for their frames are kept between builds (photo/cache.rs).
    use crate::photo::cache::{PhotoCache, use_cache};
    use_cache(PhotoCache::from_env());
    match cli.command {
        Command::Build(a) => build(&a),
        Command::Check(a) => check_only(&a),
        Command::Kit(a) => crate::kit::command::run(&a),
        Command::Tts(a) => crate::tts::command::run(&a),
        Command::New(a) => new_layout(&a),
        Command::I18n(a) => i18n_report(&a),
        Command::Completions(a) => {
            let script = crate::shell::completions(Cli::command(), a.shell);
            if crate::stdout::emit(&script) {
                exit::OK
            } else {
                exit::FAILURE
            }
        }
        Command::Man(a) => man(&a),
    }
}

/// The words of `--help` or `--version`, styled as clap styles them when
/// they go to a terminal that takes colours, plain otherwise.
fn help_text(e: &clap::Error) -> String {
    use std::io::IsTerminal;
    let styled = e.render();
    let colours = std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::env::var_os("TERM").is_none_or(|t| t != "dumb");
    if colours {
        styled.ansi().to_string()
    } else {
        styled.to_string()
    }
}

/// What `pitchprint new` writes: every layout kind, and a game.
fn new_kinds() -> Vec<&'static str> {
    let mut kinds = crate::components::registry::kinds();
    kinds.push(crate::new_layout::GAME);
    kinds
}

fn new_layout(a: &NewArgs) -> i32 {
    use crate::new_layout;
    if a.kind == new_layout::GAME {
        return new_game(a);
    }
    let target = new_layout::target(&a.kind, a.path.as_deref());
    match new_layout::write(&Disk, &a.kind, &target, a.from.as_deref()) {
        Ok(done) => {
            // What was made is the command's output: stdout, as `i18n`'s
            // report; stderr keeps the errors.
            let from = done.from.map(|f| format!("; {f}")).unwrap_or_default();
            let mut said = format!("wrote {} (a {} layout{from})\n", done.layout.display(), a.kind);
            for c in &done.companions {
                said.push_str(&format!("wrote {} (the card template it names)\n", c.display()));
            }
            said.push_str(&format!("build it with: pitchprint build {}\n", done.layout.display()));
            emitted(&said)
        }
        Err(e) => new_failed(&e),
    }
}

/// `said` on standard output; the exit code: success, or a failure when
/// standard output cannot take it.
fn emitted(said: &str) -> i32 {
    if crate::stdout::emit(said.as_bytes()) {
        exit::OK
    } else {
        exit::FAILURE
    }
}

/// Says why `pitchprint new` wrote nothing; the exit code: a mistake in
/// what was asked is a finding, a file in the way or a failed write a failure.
fn new_failed(e: &crate::new_layout::NewError) -> i32 {
    use crate::new_layout::NewError;
    eprintln!("error: {e}");
    match e {
        NewError::Input(_) => exit::FINDINGS,
        NewError::Exists(_) | NewError::Io(_) => exit::FAILURE,
    }
}

/// `pitchprint new game [folder]`.
fn new_game(a: &NewArgs) -> i32 {
    use crate::new_layout;
    if a.from.is_some() {
        eprintln!("error: --from reads a spreadsheet for a card deck; a new game reads none");
        return exit::FINDINGS;
    }
    let folder = a.path.clone().unwrap_or_else(|| PathBuf::from("my-game"));
    match new_layout::write_game(&folder) {
        Ok(files) => {
            let mut said: String = files.iter().map(|f| format!("wrote {}\n", f.display())).collect();
            said.push_str(&format!("make its kit with: pitchprint kit {}\n", folder.display()));
            emitted(&said)
        }
        Err(e) => new_failed(&e),
    }
}

/// `pitchprint i18n add`: the new language's files, and what to do next.
fn i18n_add(a: &I18nAddArgs) -> i32 {
    let paths = match layout_paths(&a.layouts) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::FAILURE;
        }
    };
    // A game named (its folder, or its game file): its files alone, in its folder.
    let added = if names_a_game(&a.layouts) {
        crate::i18n_add::add_to_game(&Disk, &paths, &a.lang, &a.from)
    } else {
        crate::i18n_add::add(&Disk, &paths, &a.lang, &a.from)
    };
    match added {
        Ok(added) => {
            // Named as a person reads them (`templates/rules/league/pt.md`).
            let shown = |f: &Path| crate::world::tidy(f).display().to_string();
            for f in &added.written {
                eprintln!("wrote {} (a copy of the {} one)", shown(f), a.from);
            }
            for (f, n) in &added.topped {
                eprintln!(
                    "added {n} label(s) to {} (copies of the {} ones, for the layouts added since)",
                    shown(f),
                    a.from
                );
            }
            for f in &added.kept {
                eprintln!("kept {} (the language has it already)", shown(f));
            }
            for f in &added.no_source {
                eprintln!(
                    "warning: {} has no {} text to copy: write its {}.md yourself",
                    shown(f),
                    a.from,
                    a.lang
                );
            }
            eprintln!(
                "{} file(s) written for {}; translate them, then `pitchprint i18n` lists what is still as in {}, \
                 and `pitchprint build --lang {}` prints it",
                added.written.len(),
                a.lang,
                a.from,
                a.lang
            );
            exit::OK
        }
        Err(e) => {
            eprintln!("error: {e}");
            exit::FAILURE
        }
    }
}

fn i18n_report(a: &I18nArgs) -> i32 {
    if let Some(I18nAction::Add(add)) = &a.action {
        return i18n_add(add);
    }
    let paths = match layout_paths(&a.layouts) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::FAILURE;
        }
    };
    let report = if names_a_game(&a.layouts) {
        crate::i18n_report::survey_game(&Disk, &paths)
    } else {
        crate::i18n_report::survey(&Disk, &paths)
    };
    // The files that could not be read are said as `check` says them, with
    // their source line; the report says which languages they leave unknown.
    let mut reporter = crate::report::Reporter::new(&Disk);
    for u in &report.unread {
        eprintln!("{}", reporter.render(&u.finding));
    }
    let code = if report.complete() { exit::OK } else { exit::FINDINGS };
    // The report is the command's output: stdout.
    if crate::stdout::emit(report.render().as_bytes()) {
        code
    } else {
        exit::FAILURE
    }
}

/// Whether the paths given name a game: a folder of layouts, or a game
/// file. `i18n` then says and writes only what that game prints.
fn names_a_game(given: &[PathBuf]) -> bool {
    !given.is_empty() && given.iter().all(|p| p.is_dir() || is_game_file(p))
}

fn man(a: &ManArgs) -> i32 {
    let done = match &a.out {
        None => match crate::shell::man(Cli::command()) {
            Ok(page) => {
                return if crate::stdout::emit(&page) {
                    exit::OK
                } else {
                    exit::FAILURE
                };
            }
            Err(e) => Err(e),
        },
        Some(dir) => crate::shell::man_pages(Cli::command(), dir).map(|files| {
            for f in files {
                eprintln!("wrote {}", f.display());
            }
        }),
    };
    match done {
        Ok(()) => exit::OK,
        Err(e) => {
            eprintln!("error: cannot write the manual page: {e}");
            exit::FAILURE
        }
    }
}

/// The layouts named, or every `.toml` under `layouts/` in sorted order.
fn layout_paths(given: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    if !given.is_empty() {
        // A folder stands for the layouts in it.
        let mut out = Vec::new();
        for path in given {
            if path.is_dir() {
                let mut found = Vec::new();
                collect_toml(path, &mut found).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                if found.is_empty() {
                    return Err(format!("{} holds no .toml layout", path.display()));
                }
                found.sort();
                out.extend(found);
            } else if is_game_file(path) {
                // The game file stands for its game: the layouts beside it,
                // whose texts read it and whose bank it is held to.
                let folder = path
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                    .unwrap_or(Path::new("."));
                let mut found = Vec::new();
                collect_toml(folder, &mut found).map_err(|e| format!("cannot read {}: {e}", folder.display()))?;
                found.sort();
                out.extend(found);
            } else {
                out.push(path.clone());
            }
        }
        return Ok(once_each(out));
    }
    let root = Path::new("layouts");
    if !root.is_dir() {
        return Err(
            "there is no layouts/ folder here: run pitchprint from the project's folder, or name the layout files"
                .into(),
        );
    }
    let mut out = Vec::new();
    collect_toml(root, &mut out).map_err(|e| format!("cannot read layouts/: {e}"))?;
    out.sort();
    if out.is_empty() {
        return Err("layouts/ holds no .toml layout".into());
    }
    Ok(out)
}

/// `paths` with each file kept at its first naming only: `deck.toml`,
/// `./deck.toml` and a folder that holds it name one layout, built once
/// (three builds of it would write the same files three times and report
/// its findings thrice).
fn once_each(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut seen = std::collections::HashSet::new();
    paths
        .into_iter()
        .filter(|p| seen.insert(std::fs::canonicalize(p).unwrap_or_else(|_| p.clone())))
        .collect()
}

/// The layouts under `dir`: its `.toml` files, at any depth. Hidden files and
/// folders are left out: an editor's lock file (`.#deck.toml`) or backup is
/// not a layout.
///
/// Linked folders are followed (a game kept elsewhere may be linked into
/// `layouts/`), but each folder is walked once: a link back up the tree (a
/// loop) or a second link to the same folder adds nothing.
fn collect_toml(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut seen = Vec::new();
    let mut found = Vec::new();
    walk_toml(dir, &mut found, &mut seen)?;
    // A card template written beside its deck is read by the deck, not
    // built on its own.
    let templates = crate::components::card_deck::templates_named(&Disk, &found);
    out.extend(
        found
            .into_iter()
            .filter(|p| !templates.contains(&crate::world::tidy(p))),
    );
    Ok(())
}

fn walk_toml(dir: &Path, out: &mut Vec<PathBuf>, seen: &mut Vec<FolderId>) -> std::io::Result<()> {
    let id = folder_id(dir)?;
    if seen.contains(&id) {
        return Ok(());
    }
    seen.push(id);
    let mut entries = std::fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()?;
    // Sorted, so that of two links to one folder the same one is walked every time.
    entries.sort();
    for path in entries {
        if path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.')) {
            continue;
        }
        if path.is_dir() {
            // A game's own words (`<game>/i18n/<lang>.toml`) are no layouts.
            if path.file_name().is_some_and(|n| n == crate::i18n::OWN_FOLDER) {
                continue;
            }
            walk_toml(&path, out, seen)?;
        } else if path.extension().is_some_and(|e| e == "toml") && !is_game_file(&path) {
            out.push(path);
        }
    }
    Ok(())
}

/// Whether `path` is a game file (`game.toml`), which is not a layout.
fn is_game_file(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == crate::game::FILE)
}

/// What tells two folders apart after links are followed: the device and
/// inode where there are such, else the canonical path.
#[cfg(unix)]
type FolderId = (u64, u64);
#[cfg(not(unix))]
type FolderId = PathBuf;

#[cfg(unix)]
fn folder_id(dir: &Path) -> std::io::Result<FolderId> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(dir)?;
    Ok((m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn folder_id(dir: &Path) -> std::io::Result<FolderId> {
    std::fs::canonicalize(dir)
}

/// The languages to build a layout in, reading through `world`: the ones
/// asked for (each once, in the order given), or every one its words exist
/// in; a layout with no words is built once.
fn languages_in(world: &dyn World, path: &Path, asked: &[String]) -> Vec<String> {
    let mut once: Vec<String> = Vec::new();
    for lang in asked {
        if !once.contains(lang) {
            once.push(lang.clone());
        }
    }
    match Pipeline::new(world).languages(path) {
        // A layout that cannot be read is tried in the languages asked for,
        // so that the summary names them (its finding is the same in each).
        None if !once.is_empty() => once,
        None => vec![DEFAULT_LANG.to_string()],
        // Without --lang, the printer profile's languages, else every one.
        Some(available) if asked.is_empty() => crate::layout::profile::languages(world, path).unwrap_or(available),
        Some(_) => once,
    }
}

/// Where a layout's outputs go: its folder under `layouts/` is kept
/// (`layouts/dice-football/pitch.toml` → `OUT/dice-football/pitch`).
///
/// Outputs always land under `out`: the folders kept are plain names after
/// the last `layouts` (a `..` or a root among them, and the layout keeps only
/// its file name).
pub fn output_stem(layout: &Path, out: &Path) -> PathBuf {
    use std::path::Component;
    let stem = layout
        .file_stem()
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("layout"));
    let parent: Vec<Component> = layout.parent().unwrap_or(Path::new("")).components().collect();
    let Some(at) = parent.iter().rposition(|c| c.as_os_str() == "layouts") else {
        return out.join(stem);
    };
    let game = &parent[at + 1..];
    if game.iter().all(|c| matches!(c, Component::Normal(_))) {
        out.join(game.iter().collect::<PathBuf>()).join(stem)
    } else {
        out.join(stem)
    }
}

/// One layout taken as far as the checker: its findings and, when it could be
/// composed, the document.
struct Checked {
    findings: Vec<Finding>,
    doc: Option<crate::scene::page::Document>,
    loaded: Option<Loaded>,
}

fn load_and_check(path: &Path, overrides: &Overrides) -> Checked {
    load_and_check_in(&Disk, path, overrides)
}

fn load_and_check_in(world: &dyn World, path: &Path, overrides: &Overrides) -> Checked {
    match Pipeline::new(world).load(path, overrides) {
        Err(findings) => Checked {
            findings,
            doc: None,
            loaded: None,
        },
        Ok(loaded) => {
            let doc = pipeline::compose(&loaded);
            let mut findings = pipeline::check(&loaded, &doc);
            if let Some(shop) = overrides.shop() {
                findings.extend(crate::check::target::preflight(&loaded.source, &doc, shop));
            }
            Checked {
                findings,
                doc: Some(doc),
                loaded: Some(loaded),
            }
        }
    }
}

/// Each layout with the languages it is built or checked in, in order.
/// Runs `work(layout, lang)` for every language of every layout of `plan`
/// on the threads `--jobs` asks for (the machine's cores when not given),
/// and hands each result to `take(layout, lang, its layout's languages, result)`
/// on this thread in the plan's order: what a run on one thread would do.
fn in_plan_order<T: Send>(
    plan: &[(PathBuf, Vec<String>)],
    jobs: Option<u16>,
    work: impl Fn(&Path, &str) -> T + Sync,
    mut take: impl FnMut(&Path, &str, &[String], T),
) {
    let pairs: Vec<(usize, &str)> = plan
        .iter()
        .enumerate()
        .flat_map(|(k, (_, langs))| langs.iter().map(move |l| (k, l.as_str())))
        .collect();
    crate::parallel::in_order(
        pairs.len(),
        jobs.map_or_else(crate::parallel::default_jobs, usize::from),
        |i| work(&plan[pairs[i].0].0, pairs[i].1),
        |i, result| {
            let (path, langs) = &plan[pairs[i].0];
            take(path, pairs[i].1, langs, result);
        },
    );
}

fn plan(world: &dyn World, paths: &[PathBuf], asked: &[String]) -> Vec<(PathBuf, Vec<String>)> {
    paths
        .iter()
        .map(|p| (p.clone(), languages_in(world, p, asked)))
        .collect()
}

fn check_only(a: &CheckArgs) -> i32 {
    let paths = match layout_paths(&a.layouts) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::FAILURE;
        }
    };
    let plan = plan(&Disk, &paths, &a.lang);
    let jobs = plan.iter().map(|(_, l)| l.len()).sum();
    let mut outcome = Outcome::new(outcome::Command::Check, a.say.verbosity(), a.json, jobs);
    // As in `build`: every layout-language pair on `--jobs` threads, taken
    // in the plan's order, so that a check says what a serial one says.
    let mut done: Vec<LanguageDone> = Vec::new();
    in_plan_order(
        &plan,
        a.jobs,
        |path, lang| {
            let overrides = Overrides {
                paper: a.paper,
                lang: Some(lang.to_string()),
                target: a.target,
            };
            let checked = load_and_check(path, &overrides);
            LanguageDone {
                pages: checked.doc.as_ref().map(|d| d.page_count()),
                play: checked
                    .loaded
                    .as_ref()
                    .and_then(|l| l.layout.as_cards()?.play().cloned()),
                reading: checked
                    .loaded
                    .as_ref()
                    .and_then(|l| Some(l.layout.as_cards()?.reading()?.to_string())),
                findings: checked.findings,
                ..LanguageDone::new(lang)
            }
        },
        |path, lang, langs, one| {
            outcome.doing(&format!("{} ({lang})", path.display()));
            done.push(one);
            outcome.advance();
            if done.len() == langs.len() {
                let mut layout_done = std::mem::take(&mut done);
                untold(&Disk, path, &a.lang, langs, &mut layout_done);
                outcome.layout(&Disk, path, layout_done);
            }
        },
    );
    let (errors, _) = outcome.tally();
    outcome.finish(if errors > 0 { exit::FINDINGS } else { exit::OK })
}

fn build(a: &BuildArgs) -> i32 {
    if a.no_cache {
        crate::photo::cache::use_cache(None);
    }
    let paths = match layout_paths(&a.layouts) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::FAILURE;
        }
    };
    if a.watch {
        let why = crate::watch::run(&paths, &mut |layouts, world, quiet| {
            // A rebuild says one line of its own (watch.rs): only findings here.
            let verbosity = if quiet { Verbosity::Quiet } else { a.say.verbosity() };
            let mut outcome = Outcome::new(outcome::Command::Build, verbosity, false, 0);
            build_layouts(a, &plan(world, layouts, &a.lang), world, &mut outcome)
        });
        eprintln!("error: {why}");
        return exit::FAILURE;
    }
    let plan = plan(&Disk, &paths, &a.lang);
    let jobs = plan.iter().map(|(_, l)| l.len()).sum();
    let mut outcome = Outcome::new(outcome::Command::Build, a.say.verbosity(), a.json, jobs);
    let built = build_layouts(a, &plan, &Disk, &mut outcome);
    if let Some(photos) = crate::photo::cache::tally() {
        outcome.detail(&photos);
    }
    outcome.finish(built.code)
}

/// Without `--lang`, says (with the first language's findings) which of the
/// project's languages a layout of texts is left out of for want of its
/// text.
fn untold(world: &dyn World, path: &Path, asked: &[String], langs: &[String], done: &mut [LanguageDone]) {
    if !asked.is_empty() {
        return;
    }
    if let (Some(first), Some(finding)) = (done.first_mut(), Pipeline::new(world).untold_languages(path, langs)) {
        first.findings.push(finding);
    }
}

/// Builds each layout of `plan` in its languages, reading through `world`,
/// and tells `outcome` what each did.
fn build_layouts(a: &BuildArgs, plan: &[(PathBuf, Vec<String>)], world: &dyn World, outcome: &mut Outcome) -> Built {
    let mut formats = a.format.clone();
    if a.watch {
        // Watching is for looking: the previews are refreshed too.
        formats.push(Format::Png);
    }
    formats.sort();
    formats.dedup();
    let mut built = Built::default();
    let mut code = exit::OK;
    // The main job also writes each game's kit, from the documents it builds.
    let for_home = a.target.is_none_or(|t| t == Target::Home);
    let mut kits = (a.layouts.is_empty() && !a.watch && formats.contains(&Format::Pdf) && for_home)
        .then(|| crate::kit::command::Kits::new(a.lang.clone(), a.paper, &a.out));
    // A PDF/X target separates every colour through its profile, made once.
    let presses = crate::target_files::Presses::new(a.ink_limit);
    // Every language of every layout is a job; the jobs run on `--jobs`
    // threads and are taken here in the plan's order, so that what is said
    // and kept is what a serial build says and keeps.
    let mut done: Vec<LanguageDone> = Vec::new();
    in_plan_order(
        plan,
        a.jobs,
        |path, lang| build_one(a, &formats, world, (path, lang), &presses),
        |path, lang, langs, (one, kept, failure)| {
            if done.is_empty()
                && let Some(kits) = &mut kits
            {
                kits.next(path, outcome);
            }
            outcome.doing(&format!("{} ({lang})", path.display()));
            if let Some(failure) = failure {
                outcome.error(&failure);
            }
            code = code.max(match (&one, one.written) {
                (_, true) => exit::OK,
                (d, false) if d.findings.iter().any(Finding::is_error) => exit::FINDINGS,
                _ => exit::FAILURE,
            });
            built.jobs += 1;
            if one.written {
                built.written += 1;
                built.files += one.files.len();
            }
            if let (Some(kits), Some((loaded, doc))) = (&mut kits, kept) {
                match loaded.as_ref().map(|l| l.target) {
                    // A kit is for a home printer: a layout built for a shop
                    // (its own `[print] target`) is made again for it.
                    Some(target) if target != Target::Home => {
                        let home = Overrides {
                            paper: a.paper,
                            lang: Some(lang.to_string()),
                            target: Some(Target::Home),
                        };
                        let again = load_and_check_in(world, path, &home);
                        if let (Some(loaded), Some(doc), false) =
                            (again.loaded, again.doc, again.findings.iter().any(Finding::is_error))
                        {
                            kits.keep(path, lang, Some(loaded), doc);
                        }
                    }
                    _ => kits.keep(path, lang, loaded, doc),
                }
            }
            done.push(one);
            outcome.advance();
            if done.len() == langs.len() {
                let mut layout_done = std::mem::take(&mut done);
                built.layouts += 1;
                built.layouts_written += usize::from(layout_done.iter().all(|d| d.written));
                untold(world, path, &a.lang, langs, &mut layout_done);
                outcome.layout(world, path, layout_done);
            }
        },
    );
    if let Some(kits) = kits {
        code = code.max(kits.finish(outcome));
    }
    built.code = code;
    built
}

/// What building one layout in one language did: what to say of it, the
/// document for the game's kit when it was written (with the layout it came
/// from), and the reason it could not be written, when a file could not.
type OneBuilt = (
    LanguageDone,
    Option<(Option<Loaded>, crate::scene::page::Document)>,
    Option<String>,
);

/// Builds `path` in `lang`: checks it and, without errors, writes its
/// files ([`OneBuilt`]). It runs on any thread of the build's pool.
fn build_one(
    a: &BuildArgs,
    formats: &[Format],
    world: &dyn World,
    (path, lang): (&Path, &str),
    presses: &crate::target_files::Presses,
) -> OneBuilt {
    let overrides = Overrides {
        paper: a.paper,
        lang: Some(lang.to_string()),
        target: a.target,
    };
    // What the build reads, so that no output is written over it.
    let recorder = crate::watch::Recorder::new(world);
    let mut checked = load_and_check_in(&recorder, path, &overrides);
    let reads = recorder.reads();
    let mut done = LanguageDone {
        pages: checked.doc.as_ref().map(|d| d.page_count()),
        play: checked
            .loaded
            .as_ref()
            .and_then(|l| l.layout.as_cards()?.play().cloned()),
        reading: checked
            .loaded
            .as_ref()
            .and_then(|l| Some(l.layout.as_cards()?.reading()?.to_string())),
        findings: std::mem::take(&mut checked.findings),
        ..LanguageDone::new(lang)
    };
    if done.findings.iter().any(Finding::is_error) {
        return (done, None, None);
    }
    // Taken, not cloned: a document of hundreds of pages is held once.
    let Some(doc) = checked.doc.take() else {
        return (done, None, None);
    };
    let target = checked.loaded.as_ref().map_or(Target::Home, |l| l.target);
    let press = match presses.get(target) {
        Ok(press) => press,
        Err(e) => return (done, None, Some(e)),
    };
    let mut stem = output_stem(path, &target.folder(&a.out));
    if lang != DEFAULT_LANG {
        // Other languages sit beside the default one: rules.pdf, rules-en.pdf.
        let name = stem
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        stem.set_file_name(format!("{name}-{lang}"));
    }
    let cards = if a.per_card {
        checked
            .loaded
            .as_ref()
            .and_then(|l| Some(l.layout.as_cards()?.item_pages()))
    } else {
        None
    };
    let text_as = match a.outline_text {
        true => export::svg::TextAs::Outlines,
        false => export::svg::TextAs::Text,
    };
    let (mut files, families) = match shop_files(target, &doc, &stem, press.as_ref()) {
        Some(shop) => shop,
        None => {
            let mut files = render(&doc, formats, &stem, a.dpi, text_as);
            if let Some(pages) = &cards {
                files.extend(per_card(pages, &stem, a.dpi));
            }
            if formats.contains(&Format::Tts)
                && let Some(loaded) = &checked.loaded
            {
                match crate::tts::command::deck_files(loaded, &doc, &stem, a.base_url.as_deref()) {
                    Ok(saved) => files.extend(saved),
                    Err(finding) => done.findings.push(*finding),
                }
            }
            (files, families(&stem, formats, a.per_card))
        }
    };
    let targets: Vec<PathBuf> = files.iter().map(|o| o.path.clone()).collect();
    // Only what an earlier build of this layout in this language recorded
    // goes: a user's own `banknotes-3.pdf` beside ours stays.
    let record = write::Record::new(
        stem.parent().unwrap_or(Path::new(".")),
        &format!("{}.{lang}", path.file_stem().unwrap_or_default().to_string_lossy()),
    );
    let leftovers: Vec<PathBuf> = record.ours(
        write::leftovers(&families, &targets)
            .into_iter()
            .filter(|f| !another_layouts(path, f))
            .collect(),
    );
    files.push(record.output(&targets, &leftovers));
    if let Some(finding) = name_too_long(path, &targets).or_else(|| over_an_input(path, &targets, &leftovers, &reads)) {
        done.findings.push(finding);
        return (done, None, None);
    }
    let written = match write::write_all(&files, &leftovers) {
        Ok(written) => written,
        Err(e) => return (done, None, Some(format!("cannot write {e}"))),
    };
    done.written = true;
    done.files = targets
        .into_iter()
        .zip(&written.sizes)
        .map(|(path, &bytes)| FileWritten { path, bytes })
        .collect();
    done.removed = written.removed;
    // A tiled board says so on its layout's line: a pile of pages is
    // otherwise a surprise.
    done.tiled = tile::count(&doc);
    drop(files);
    drop(cards);
    (done, Some((checked.loaded.take(), doc)), None)
}

/// A print shop's files for one document, and the names an earlier build's
/// would have (to remove those this one does not write).
type ShopFiles<'a> = (Vec<Output<'a>>, Vec<write::Family>);

/// What a print shop's files are for one document: the PDF/X, or the
/// faces; `None` for a home build (its formats, as asked).
fn shop_files<'a>(
    target: Target,
    doc: &'a crate::scene::page::Document,
    stem: &Path,
    press: Option<&'a export::pdf::Press<'a>>,
) -> Option<ShopFiles<'a>> {
    let shop = target.shop()?;
    let base = stem
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Some(match (shop.files, press) {
        (Files::Faces { dpi }, _) => {
            let dir = crate::target_files::faces_folder(stem);
            (
                crate::target_files::faces(doc, stem, dpi),
                vec![write::Family::Faces { dir }],
            )
        }
        (Files::PdfX(_), Some(press)) => {
            let pdf = Output::writer(stem.with_file_name(format!("{base}.pdf")), move |out| {
                export::pdf::write_for_press(doc, out, press).map(|_| ())
            });
            (vec![pdf], Vec::new())
        }
        (Files::PdfX(_), None) => return None,
    })
}

/// An error when an output of `layout` has a file name no file system
/// takes ([`write::NAME_MAX`]): it names that output, the name to shorten.
fn name_too_long(layout: &Path, targets: &[PathBuf]) -> Option<Finding> {
    let (target, bytes) = write::too_long(targets)?;
    Some(
        Finding::error(
            Code::OutputName,
            format!(
                "{} would be a file name of {bytes} bytes, longer than the {} a file system takes: nothing is written",
                target.display(),
                write::NAME_MAX
            ),
            crate::diag::Location::file(layout),
        )
        .with_hint(
            "the outputs are named after the layout file (its language and page number added, a deck's cards \
             after their players): give the layout a shorter file name",
        ),
    )
}

/// An error when an output of `layout` (a file to write, `targets`, or an
/// earlier build's page to remove, `leftovers`) is a file the build read:
/// `--out .` beside a board's own `board.png`, a layout named `sheet.svg`.
/// Nothing is written then.
fn over_an_input(
    layout: &Path,
    targets: &[PathBuf],
    leftovers: &[PathBuf],
    reads: &crate::watch::Reads,
) -> Option<Finding> {
    let hit = targets
        .iter()
        .chain(leftovers)
        .filter(|t| t.is_file())
        .find(|t| crate::watch::watched_name(t).is_some_and(|n| reads.files.contains(&n)))?;
    let verb = if targets.contains(hit) {
        "written over"
    } else {
        "removed as an earlier build's page"
    };
    Some(
        Finding::error(
            Code::OutputOverInput,
            format!(
                "{} would be {verb}, but the build of {} reads it: nothing is written",
                hit.display(),
                layout.display()
            ),
            crate::diag::Location::file(layout),
        )
        .with_hint("build into another folder (--out output), or rename the file the layout reads"),
    )
}

/// The names a layout's outputs take (see [`render`] and [`per_card`]): its
/// pages in each format written, and with `--per-card` its cards' folder.
fn families(stem: &Path, formats: &[Format], per_card: bool) -> Vec<write::Family> {
    let mut out: Vec<write::Family> = formats
        .iter()
        .filter(|f| !matches!(f, Format::Pdf | Format::Tts))
        .map(|f| write::Family::Pages {
            stem: stem.to_path_buf(),
            ext: f.extension(),
        })
        .collect();
    // A sheet cut by a machine has its cut files: an earlier build's go when
    // this one cuts by hand.
    out.push(write::Family::Pages {
        stem: cut_stem(stem),
        ext: Format::Svg.extension(),
    });
    if per_card {
        out.push(write::Family::Numbered {
            dir: cards_folder(stem),
            ext: Format::Png.extension(),
        });
    }
    out
}

/// The stem of a layout's cut files: `OUT/league/deck-cut`.
fn cut_stem(stem: &Path) -> PathBuf {
    let base = stem
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    stem.with_file_name(format!("{base}-cut"))
}

/// Whether `file` (an output named like one of `layout`'s pages) is another
/// layout's: `pitch-3.svg` is the output of a `pitch-3.toml` beside
/// `pitch.toml`, not page 3 of it.
fn another_layouts(layout: &Path, file: &Path) -> bool {
    file.file_stem().is_some_and(|stem| {
        layout
            .with_file_name(format!("{}.toml", stem.to_string_lossy()))
            .exists()
    })
}

/// The folder of a deck's per-card files: `OUT/league/deck-cards`.
fn cards_folder(stem: &Path) -> PathBuf {
    let base = stem
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    stem.with_file_name(format!("{base}-cards"))
}

/// One PNG per card front, named by its place in the deck and the player:
/// `OUT/league/deck-cards/001-adrian-abril.png`. Each is drawn as it is
/// written.
fn per_card<'a>(pages: &'a ItemPages, stem: &Path, dpi: f64) -> Vec<Output<'a>> {
    let folder = cards_folder(stem);
    pages
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            Output::writer(folder.join(format!("{:03}-{name}.png", i + 1)), move |out| {
                out.write_all(&png_page(&pages.doc, i, dpi)?)
            })
        })
        .collect()
}

/// Page `index` of `doc` as a PNG preview.
fn png_page(doc: &crate::scene::page::Document, index: usize, dpi: f64) -> std::io::Result<Vec<u8>> {
    let svg = export::svg::export_page(doc, index)?;
    export::png::render_kept(&svg, dpi).map_err(|e| std::io::Error::other(e.to_string()))
}

/// Every output file of one document, each made as it is written: a page
/// at a time, so that memory holds one page's file, not the document's.
fn render<'a>(
    doc: &'a crate::scene::page::Document,
    formats: &[Format],
    stem: &Path,
    dpi: f64,
    text_as: export::svg::TextAs,
) -> Vec<Output<'a>> {
    let name = |page: Option<usize>, ext: &str| -> PathBuf {
        let base = stem
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let file = match page {
            Some(i) if doc.page_count() > 1 => format!("{base}-{}.{ext}", i + 1),
            _ => format!("{base}.{ext}"),
        };
        stem.with_file_name(file)
    };
    let mut files = Vec::new();
    for format in formats {
        match format {
            Format::Pdf => files.push(Output::writer(name(None, "pdf"), move |out| {
                export::pdf::write(doc, out).map(|_| ())
            })),
            Format::Svg => {
                for i in 0..doc.page_count() {
                    files.push(Output::writer(name(Some(i), "svg"), move |out| {
                        out.write_all(export::svg::export_page_as(doc, i, text_as)?.as_bytes())
                    }));
                }
            }
            // Written with what the layout is, beside the pages.
            Format::Tts => {}
            Format::Png => {
                if export::png::keeps_renders() {
                    // Under --watch, the pages an edit changed are drawn on
                    // every core now; each is then written from memory.
                    let threads = crate::parallel::default_jobs();
                    crate::parallel::in_order(doc.page_count(), threads, |i| png_page(doc, i, dpi).is_ok(), |_, _| ());
                }
                for i in 0..doc.page_count() {
                    files.push(Output::writer(name(Some(i), format.extension()), move |out| {
                        out.write_all(&png_page(doc, i, dpi)?)
                    }));
                }
            }
        }
    }
    if doc.machine_cut {
        files.extend(cut_files(doc, stem));
    }
    files
}

/// The cut file of each sheet a machine cuts (its front page: every page,
/// or every other one when backs follow): `deck-cut.svg` for one sheet,
/// `deck-cut-1.svg`, `deck-cut-2.svg`… for more, whatever formats are asked
/// for, since the machine needs it beside the PDF.
fn cut_files<'a>(doc: &'a crate::scene::page::Document, stem: &Path) -> Vec<Output<'a>> {
    let step = 1 + usize::from(doc.duplex.is_some());
    let sheets = doc.page_count().div_ceil(step);
    let stem = cut_stem(stem);
    let base = stem
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    (0..sheets)
        .map(|k| {
            let file = if sheets > 1 {
                format!("{base}-{}.svg", k + 1)
            } else {
                format!("{base}.svg")
            };
            let title = format!("{}: cut paths, sheet {}", doc.title, k + 1);
            Output::writer(stem.with_file_name(file), move |out| {
                out.write_all(export::svg::cut_file(&doc.page(k * step), &title).as_bytes())
            })
        })
        .collect()
}
