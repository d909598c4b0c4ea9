//! The command line: it parses the arguments ([`args`](self)) and hands each
//! command to the module that runs it: `build` and `check` to
//! [`crate::build`], `kit`, `tts`, `new`, `i18n`, `completions` and `man` to
//! their own. Nothing is decided here that a library caller would miss.
//!
//! Each layout goes load → resolve → compose → check ([`crate::pipeline`]),
//! then export → write ([`crate::build`]). Findings are
//! printed for people on stderr, a line per layout and a summary after them
//! (or one JSON document on stdout with `--json`; see [`outcome`]); a layout
//! with an error is not written, and the exit code says what happened: 0 all
//! good, 1 bad input or checker errors, 2 usage or I/O failure.

pub mod shell;

use clap::{CommandFactory, Parser, Subcommand};

mod args;

use args::{
    BuildArgs, COMPLETIONS, CheckArgs, CompletionsArgs, EXAMPLES, I18nAction, I18nArgs, ManArgs, NEW_EXAMPLES, NewArgs,
};
pub use args::{SayArgs, TARGET_HELP, TARGET_LONG_HELP};

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

pub use crate::output::outcome::exit;

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
            return if crate::output::stdout::emit(help_text(&e).as_bytes()) {
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
        Command::Build(a) => match a.refused() {
            Some(why) => {
                // Said as clap says a conflict, with the build's usage.
                let mut cli = Cli::command();
                cli.build();
                if let Some(build) = cli.find_subcommand_mut("build") {
                    let _ = build.error(clap::error::ErrorKind::ArgumentConflict, why).print();
                }
                exit::FAILURE
            }
            None => crate::build::build(&a.options()),
        },
        Command::Check(a) => crate::build::check(&a.options()),
        Command::Kit(a) => crate::kit::command::run(&a),
        Command::Tts(a) => crate::tts::command::run(&a),
        Command::New(a) => crate::new_layout::run(&a.kind, a.path.as_deref(), a.from.as_deref()),
        Command::I18n(I18nArgs {
            action: Some(I18nAction::Add(add)),
            ..
        }) => crate::translate::add::run(&add.lang, &add.from, &add.layouts),
        Command::I18n(a) => crate::translate::report::run(&a.layouts),
        Command::Completions(a) => {
            let script = crate::cli::shell::completions(Cli::command(), a.shell);
            if crate::output::stdout::emit(&script) {
                exit::OK
            } else {
                exit::FAILURE
            }
        }
        Command::Man(a) => crate::cli::shell::man_command(Cli::command(), a.out.as_deref()),
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
