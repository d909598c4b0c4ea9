//! `pitchprint tts <game>`: a game's Tabletop Simulator save, set up to
//! play, written with its images into `OUT/<game>/tts/`.

use std::path::{Path, PathBuf};

use crate::input::world::{Disk, World};
use crate::kit::Game;
use crate::kit::shelf::Shelf;
use crate::output::outcome::{self, FileWritten, LanguageDone, Outcome, Verbosity};
use crate::output::write::{self, Output};

use super::images::Urls;

/// Exit codes, as the command line's: findings, and usage or I/O failures.
const FINDINGS: i32 = 1;
const FAILURE: i32 = 2;

/// The folder the main job writes into, and a save by default.
const OUT: &str = "output";

/// `pitchprint tts`: a game on a virtual table.
#[derive(Debug, clap::Args)]
pub struct TtsArgs {
    /// The game: the name of its folder under layouts/ (league, futbolchess, …).
    game: String,
    /// Languages, comma-separated (es, en, ca); every language of the game's
    /// cover when not given.
    #[arg(long, value_delimiter = ',', value_parser = crate::i18n::parse_lang_arg)]
    lang: Vec<String>,
    /// Folder to write into: the save is OUT/<game>/tts/<game>.json
    /// (<game>-en.json, …), its images in OUT/<game>/tts/images/.
    #[arg(long, default_value = OUT)]
    out: PathBuf,
    /// Where you will host the tts folder (Steam Cloud, a web server): the
    /// save names its images under this address instead of as files on
    /// this computer, so that other players see them.
    #[arg(long, value_parser = parse_base_url)]
    base_url: Option<String>,
    /// Print only the findings and the summary's last line.
    #[arg(short, long, conflicts_with = "verbose")]
    quiet: bool,
    /// Also print every file written, with its size.
    #[arg(short, long)]
    verbose: bool,
}

/// `build --format tts` of one layout whose file stem is `stem`
/// (`output/league/deck-en`): the deck as a saved object,
/// `<stem>-tts/<name>.json`, and its sheets in `<stem>-tts/images/`; or
/// the finding for a layout that is not a card deck.
pub fn deck_files<'a>(
    loaded: &crate::components::resolved::Loaded,
    doc: &crate::scene::page::Document,
    stem: &Path,
    base_url: Option<&str>,
) -> Result<Vec<Output<'a>>, Box<crate::diag::Finding>> {
    let name = stem
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let dir = stem.with_file_name(format!("{name}-tts"));
    let refuse = |message: String| {
        Box::new(
            crate::diag::Finding::error(
                crate::diag::code::Code::LayoutKind,
                message,
                crate::diag::Location::file(&loaded.source.path),
            )
            .with_hint("--format tts writes a card deck; `pitchprint tts <game>` puts a whole game on the table"),
        )
    };
    let urls = match base_url {
        Some(base) => Urls::Base(base.to_string()),
        None => Urls::Files(
            std::path::absolute(&dir).map_err(|e| refuse(format!("cannot tell where {} is: {e}", dir.display())))?,
        ),
    };
    let made = super::deck_save(loaded, doc, &name, urls)
        .map_err(|e| refuse(format!("cannot draw the deck's card sheets: {e}")))?;
    let Some((save, files)) = made else {
        // The layout's other formats are written: a folder of layouts
        // built with --format pdf,tts writes its decks' saves.
        let mut f = *refuse(format!(
            "--format tts is for card decks, and this layout's kind is {}: no save written for it",
            loaded.kind
        ));
        f.severity = crate::diag::Severity::Warning;
        return Err(Box::new(f));
    };
    let mut out: Vec<Output<'a>> = files
        .into_iter()
        .map(|(file, bytes)| Output::bytes(dir.join(file), bytes))
        .collect();
    out.push(Output::bytes(
        dir.join(format!("{name}.json")),
        super::save::to_json(&save).into_bytes(),
    ));
    Ok(out)
}

/// `--base-url`: an http(s) address, with no spaces or quotes.
pub fn parse_base_url(s: &str) -> Result<String, String> {
    let ok = (s.starts_with("https://") || s.starts_with("http://"))
        && s.len() > "https://".len()
        && !s.chars().any(|c| c.is_whitespace() || c.is_control() || c == '"');
    if ok {
        Ok(s.trim_end_matches('/').to_string())
    } else {
        Err(format!(
            "\"{s}\" is not a web address: give the address the tts folder is served from, such as https://example.org/league/tts"
        ))
    }
}

/// The folder a game's saves are written into: `OUT/<game>/tts`.
pub fn folder(out: &Path, game: &Game) -> PathBuf {
    crate::output::names::tts_folder(out, &game.name)
}

/// The save's file name: `league.json`, `league-en.json` in another language.
pub fn save_name(game: &Game, lang: &str) -> String {
    crate::output::names::tts_save(&game.name, lang)
}

/// Runs `pitchprint tts` and returns the exit code.
pub fn run(a: &TtsArgs) -> i32 {
    let world = &Disk;
    let game = match crate::kit::command::find(world, Path::new(crate::kit::LAYOUTS), &a.game) {
        Ok(g) => g,
        Err((error, hint)) => {
            eprintln!("error: {error}\nhint: {hint}");
            return FAILURE;
        }
    };
    let langs = if a.lang.is_empty() {
        crate::kit::command::languages(world, &game, &[])
    } else {
        a.lang.clone()
    };
    let dir = folder(&a.out, &game);
    let urls = match &a.base_url {
        Some(base) => Urls::Base(base.clone()),
        None => match std::path::absolute(&dir) {
            Ok(abs) => Urls::Files(abs),
            Err(e) => {
                eprintln!("error: cannot tell where {} is: {e}", dir.display());
                return FAILURE;
            }
        },
    };
    let mut outcome = Outcome::new(
        outcome::Command::Tts,
        Verbosity::of(a.quiet, a.verbose),
        false,
        langs.len(),
    );
    let mut code = 0;
    let mut done = Vec::new();
    let mut images = 0;
    outcome.doing(&format!("{} saves", game.name));
    // A language a thread: each builds its own layouts (their words differ)
    // and writes its own files; the outcome takes them in order. Their
    // images are drawn once, by the first language to come to each, and by
    // the others only where their words differ (`Likes`): every language
    // has a thread of its own, so that the others follow the first image by
    // image and each image drawn is let go soon, and the cores draw the
    // first language's images (their sheets and bands side by side).
    let likes = std::sync::Arc::new(super::art::Likes::new(langs.len()));
    crate::parallel::in_order(
        langs.len(),
        langs.len().max(crate::parallel::default_jobs()),
        |i| {
            let likes = Some(likes.clone());
            write_save(
                &Disk,
                &mut Shelf::building(),
                &game,
                &langs[i],
                &dir,
                urls.clone(),
                likes,
            )
        },
        |_, (d, c, n)| {
            code = code.max(c);
            images += n;
            done.push(d);
            outcome.advance();
        },
    );
    let saves: Vec<String> = langs.iter().map(|l| save_name(&game, l)).collect();
    let written = format!(
        "{}/: {} + {} {}",
        dir.display(),
        saves.join(", "),
        images,
        if images == 1 {
            "file it names"
        } else {
            "files they name"
        }
    );
    outcome.saves(world, &game.name, &game.folder, done, &written);
    outcome.finish(code)
}

/// Makes and writes the save of `game` in `lang` into `dir`; what was done,
/// the exit code, and how many files beside the save were written.
fn write_save(
    world: &dyn World,
    shelf: &mut Shelf,
    game: &Game,
    lang: &str,
    dir: &Path,
    urls: Urls,
    likes: Option<std::sync::Arc<super::art::Likes>>,
) -> (LanguageDone, i32, usize) {
    let made = super::make(world, shelf, game, lang, urls, likes);
    let mut done = LanguageDone {
        findings: made.findings,
        ..LanguageDone::new(lang)
    };
    let Some(save) = made.save else {
        return (done, FINDINGS, 0);
    };
    let json = super::save::to_json(&save);
    let images = made.files.len();
    let mut outputs: Vec<Output<'_>> = made
        .files
        .into_iter()
        .map(|(name, bytes)| Output::bytes(dir.join(name), bytes))
        .collect();
    let save_path = dir.join(save_name(game, lang));
    outputs.push(Output::bytes(save_path, json.into_bytes()));
    let keep: Vec<PathBuf> = outputs.iter().map(|o| o.path.clone()).collect();
    // What an earlier save in this language wrote and this one does not (a
    // deck that needs a sheet fewer) goes, so that the folder holds what the
    // save names; only what the record says a save wrote, never a file of
    // the user's in the same folder.
    let record = write::Record::new(dir, &format!("{}.{lang}", game.name));
    let stale: Vec<PathBuf> = record.earlier().into_iter().filter(|p| !keep.contains(p)).collect();
    outputs.push(record.output(&keep, &stale));
    match write::write_all(&outputs, &stale) {
        Ok(written) => {
            done.written = true;
            done.removed = written.removed.clone();
            done.files = outputs
                .iter()
                .zip(&written.sizes)
                .filter(|(o, _)| o.path != record.path())
                .map(|(o, &bytes)| FileWritten {
                    path: o.path.clone(),
                    bytes,
                })
                .collect();
            (done, 0, images)
        }
        Err(e) => {
            eprintln!("error: cannot write {e}");
            (done, FAILURE, 0)
        }
    }
}
