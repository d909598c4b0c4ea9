//! The command line's arguments, as clap reads them, and what each asks of
//! the command that runs it ([`crate::build::Options`]).

use std::path::PathBuf;

use crate::export::Format;
use crate::geom::PaperSize;
use crate::output::outcome::Verbosity;
use crate::print::target::Target;

pub(super) const EXAMPLES: &str = "\
Examples:
  pitchprint build                          every layout under layouts/ into output/
  pitchprint build layouts/dice-football/pitch.toml --format pdf,svg,png
  pitchprint build --paper a3 --out /tmp/print
  pitchprint check                          check every layout, write nothing
  pitchprint check --json layouts/dice-football/pitch.toml   one JSON document (schemas/output.json)
  pitchprint build --quiet                  only the findings and the summary's last line
  pitchprint kit league --lang en --paper letter   one PDF: output/league/kit-en.pdf
  pitchprint tts league --lang en           a Tabletop Simulator save: output/league/tts/league-en.json";

pub(super) const COMPLETIONS: &str = "\
Install (one of):
  pitchprint completions bash > ~/.local/share/bash-completion/completions/pitchprint
  pitchprint completions zsh > ~/.zfunc/_pitchprint      (with fpath+=~/.zfunc in .zshrc)
  pitchprint completions fish > ~/.config/fish/completions/pitchprint.fish
  pitchprint completions powershell >> $PROFILE";

pub(super) const NEW_EXAMPLES: &str = "\
Examples:
  pitchprint new dice-pitch layouts/my-game/pitch.toml
  pitchprint new card-deck layouts/my-league/ --from players.xlsx
  pitchprint new counters                   writes counters.toml here";

#[derive(Debug, clap::Args)]
pub(super) struct NewArgs {
    /// The kind of layout, or `game` for a whole game to start from.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(new_kinds()))]
    pub(super) kind: String,
    /// Where to write it: a file, or a folder to write <kind>.toml in;
    /// <kind>.toml in the current folder when not given. For `game`, the
    /// game's folder (`layouts/my-game`; `my-game` when not given).
    pub(super) path: Option<PathBuf>,
    /// For a card deck: the players' spreadsheet (.csv, .xlsx or .ods);
    /// [columns] is mapped from its header.
    #[arg(long, value_name = "SPREADSHEET")]
    pub(super) from: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub(super) struct I18nArgs {
    #[command(subcommand)]
    pub(super) action: Option<I18nAction>,
    /// Layout files (TOML) whose words to compare. With none, every layout under layouts/.
    pub(super) layouts: Vec<PathBuf>,
}

#[derive(Debug, clap::Subcommand)]
pub(super) enum I18nAction {
    /// Write every per-language file of a new language (labels, rule sheets,
    /// covers, reference cards) as a copy of another's, to translate; files
    /// the language has already are kept.
    Add(I18nAddArgs),
}

#[derive(Debug, clap::Args)]
pub(super) struct I18nAddArgs {
    /// The new language's code (pt, fr, de).
    #[arg(value_parser = crate::i18n::parse_lang_arg)]
    pub(super) lang: String,
    /// The language to copy from.
    #[arg(long, default_value = "en", value_parser = crate::i18n::parse_lang_arg)]
    pub(super) from: String,
    /// Layout files whose folders to write for. With none, every layout under layouts/.
    pub(super) layouts: Vec<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub(super) struct CompletionsArgs {
    /// The shell.
    pub(super) shell: crate::cli::shell::Shell,
}

#[derive(Debug, clap::Args)]
pub(super) struct ManArgs {
    /// Write a page per command into this folder (pitchprint.1,
    /// pitchprint-build.1, ...) instead of the main page to stdout.
    #[arg(long)]
    pub(super) out: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub(super) struct BuildArgs {
    /// Layout files (TOML). With none, every layout under layouts/.
    pub(super) layouts: Vec<PathBuf>,
    /// Output formats, comma-separated: pdf, svg, png, and tts (a card
    /// deck as a Tabletop Simulator saved object, in a folder beside it).
    #[arg(long, value_delimiter = ',', default_value = "pdf,svg", value_parser = parse_format)]
    pub(super) format: Vec<Format>,
    /// With --format tts: the address the deck's tts folder will be
    /// served from, so that other players see its images.
    #[arg(long, value_parser = crate::tts::command::parse_base_url)]
    pub(super) base_url: Option<String>,
    /// Paper for every layout, instead of the layout's own: a4, letter or a3.
    #[arg(long, value_parser = PaperSize::parse_arg)]
    pub(super) paper: Option<PaperSize>,
    /// Folder to write into; files keep the layout's folder under layouts/.
    #[arg(long, default_value = "output")]
    pub(super) out: PathBuf,
    /// Resolution of PNG previews, in dots per inch.
    #[arg(long, default_value_t = 150.0, value_parser = parse_dpi)]
    pub(super) dpi: f64,
    /// For card decks: also one PNG per card front, in a folder beside the deck.
    #[arg(long)]
    pub(super) per_card: bool,
    /// SVG: draw every text as the outlines of its letters, so that every
    /// viewer shows the same letters whether or not it has the font (larger
    /// files; the words stay searchable in each path's aria-label).
    #[arg(long)]
    pub(super) outline_text: bool,
    /// After building, rebuild a layout whenever a file it reads changes
    /// (the layout, its templates, texts, spreadsheet or photos), PNG
    /// previews included; stop with Ctrl-C.
    #[arg(long, conflicts_with = "json")]
    pub(super) watch: bool,
    #[arg(long, value_delimiter = ',', value_parser = crate::i18n::parse_lang_arg, help = LANG_HELP, long_help = LANG_LONG_HELP)]
    pub(super) lang: Vec<String>,
    /// Layouts and languages built at once: the machine's cores when not
    /// given. Any number writes the same files and says the same.
    #[arg(short, long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(super) jobs: Option<u16>,
    /// Make every photo from its file, neither reading nor writing the
    /// cache of photos made by earlier builds (PITCHPRINT_CACHE=off does
    /// the same for every command).
    #[arg(long)]
    pub(super) no_cache: bool,
    #[arg(long, value_parser = Target::parse_arg, help = TARGET_HELP, long_help = TARGET_LONG_HELP)]
    pub(super) target: Option<Target>,
    /// For --target drivethrucards or offset: the most ink anywhere, in
    /// percent (at most the shop's own: 240 and 300).
    #[arg(long, value_parser = crate::target_files::parse_ink_limit)]
    pub(super) ink_limit: Option<f64>,
    #[command(flatten)]
    pub(super) say: SayArgs,
    /// Print one JSON document on stdout (schemas/output.json): every
    /// layout, its files and every finding; nothing else on stdout.
    #[arg(long)]
    pub(super) json: bool,
}

/// `--target`, the same on build, check and kit.
pub const TARGET_HELP: &str = concat!(
    "Where the files will be printed: ",
    crate::target_names!(),
    " (over a layout's [print] target)"
);
/// `--target` in full.
pub const TARGET_LONG_HELP: &str = "Where the files will be printed, over a layout's own [print] target (or its \
printer profile's; home when neither says). home: sheets of many items for a \
home printer. mpc (MakePlayingCards, PrinterStudio) and tgc (The Game Crafter): one 300 dpi PNG per card face \
with the shop's bleed. drivethrucards: one CMYK PDF/X-1a:2003 per deck, a page per face, back before front. \
offset: CMYK PDF/X-4 with a FOGRA39 output intent and 3 mm bleed. A shop target composes cards at the sizes \
the shop cuts (a US poker card is 63.5 x 88.9 mm), writes into OUT/<target>/ only the files the shop takes \
(--format and --per-card are for home), and checks what the shop would refuse (see docs/book/src/print-shops.md).";

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
pub(super) struct CheckArgs {
    /// Layout files (TOML). With none, every layout under layouts/.
    pub(super) layouts: Vec<PathBuf>,
    /// Paper to check against, instead of the layout's own: a4, letter or a3.
    #[arg(long, value_parser = PaperSize::parse_arg)]
    pub(super) paper: Option<PaperSize>,
    /// Print one JSON document on stdout (schemas/output.json): every
    /// layout and every finding; nothing else on stdout.
    #[arg(long)]
    pub(super) json: bool,
    #[arg(long, value_delimiter = ',', value_parser = crate::i18n::parse_lang_arg, help = LANG_HELP, long_help = LANG_LONG_HELP)]
    pub(super) lang: Vec<String>,
    /// Layouts and languages checked at once: the machine's cores when not
    /// given. Any number says the same.
    #[arg(short, long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(super) jobs: Option<u16>,
    #[arg(long, value_parser = Target::parse_arg, help = TARGET_HELP, long_help = TARGET_LONG_HELP)]
    pub(super) target: Option<Target>,
    #[command(flatten)]
    pub(super) say: SayArgs,
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

/// What `pitchprint new` writes: every layout kind, and a game.
fn new_kinds() -> Vec<&'static str> {
    let mut kinds = crate::components::registry::kinds();
    kinds.push(crate::new_layout::GAME);
    kinds
}

impl BuildArgs {
    /// Why these arguments cannot be taken together, when they cannot (as
    /// clap's own conflicts are said).
    pub(super) fn refused(&self) -> Option<String> {
        let limit = self.ink_limit?;
        use crate::print::target::{ink_limit_refused, pdfx_targets};
        ink_limit_refused(limit, self.target, &pdfx_targets())
    }

    /// What the build is asked to do.
    pub(super) fn options(&self) -> crate::build::Options {
        crate::build::Options {
            layouts: self.layouts.clone(),
            formats: self.format.clone(),
            base_url: self.base_url.clone(),
            paper: self.paper,
            out: self.out.clone(),
            dpi: self.dpi,
            per_card: self.per_card,
            outline_text: self.outline_text,
            watch: self.watch,
            lang: self.lang.clone(),
            jobs: self.jobs,
            no_cache: self.no_cache,
            target: self.target,
            ink_limit: self.ink_limit,
            verbosity: self.say.verbosity(),
            json: self.json,
        }
    }
}

impl CheckArgs {
    /// What the check is asked to do: a build's options that write nothing.
    pub(super) fn options(&self) -> crate::build::Options {
        crate::build::Options {
            layouts: self.layouts.clone(),
            paper: self.paper,
            lang: self.lang.clone(),
            jobs: self.jobs,
            target: self.target,
            verbosity: self.say.verbosity(),
            json: self.json,
            ..crate::build::Options::default()
        }
    }
}
