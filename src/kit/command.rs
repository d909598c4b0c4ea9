//! `pitchprint kit <game>`, and the kits the main job writes after each
//! game's layouts.

use std::path::{Path, PathBuf};

use crate::components::resolved::Loaded;
use crate::export;
use crate::geom::PaperSize;
use crate::input::world::{Disk, World};
use crate::output::outcome::{self, FileWritten, LanguageDone, Outcome, Verbosity};
use crate::output::write::{self, Output};
use crate::print::target::Target;
use crate::scene::page::Document;

use super::shelf::{Built, Shelf};
use super::{Game, LAYOUTS};

/// Exit codes, as the command line's: findings, and usage or I/O failures.
const FINDINGS: i32 = 1;
const FAILURE: i32 = 2;

/// `pitchprint kit`: a whole game in one PDF, in print order.
#[derive(Debug, clap::Args)]
pub struct KitArgs {
    /// The game: the name of its folder under layouts/ (league, futbolchess, …).
    game: String,
    /// Languages, comma-separated (es, en, ca); every language of the game's
    /// cover when not given.
    #[arg(long, value_delimiter = ',', value_parser = crate::i18n::parse_lang_arg)]
    lang: Vec<String>,
    /// Paper for every page: a4, letter or a3; the paper of the game's
    /// cover.toml when not given.
    #[arg(long, value_parser = PaperSize::parse_arg)]
    paper: Option<PaperSize>,
    /// Folder to write into: the kit is OUT/<game>/kit.pdf (kit-en.pdf, …).
    #[arg(long, default_value = OUT)]
    out: PathBuf,
    /// Print only the findings and the summary's last line.
    #[arg(short, long, conflicts_with = "verbose")]
    quiet: bool,
    /// Also print every file written, with its size.
    #[arg(short, long)]
    verbose: bool,
    /// Make every photo from its file, neither reading nor writing the
    /// cache of photos made by earlier builds.
    #[arg(long)]
    no_cache: bool,
    /// Where the kit will be printed: home (the default), or offset (a
    /// CMYK PDF/X-4 for a print shop, written as OUT/offset/<game>/kit.pdf).
    #[arg(long, default_value = "home", value_parser = kit_target)]
    target: Target,
    /// For --target offset: the most ink anywhere, in percent (at most 300).
    #[arg(long, value_parser = crate::target_files::parse_ink_limit)]
    ink_limit: Option<f64>,
}

/// A kit's `--target`: a kit is a book of sheets, which a home printer or
/// an offset printer prints; the card shops take decks, built alone.
fn kit_target(s: &str) -> Result<Target, String> {
    match Target::parse_arg(s)? {
        t @ (Target::Home | Target::Offset) => Ok(t),
        t => Err(format!(
            "a kit goes to a home printer or an offset printer (home, offset); for {} build the deck alone: pitchprint build layouts/<game>/deck.toml --target {}",
            t.name(),
            t.name()
        )),
    }
}

/// Runs `pitchprint kit` and returns the exit code.
pub fn run(a: &KitArgs) -> i32 {
    // The arguments first: nothing is read for a kit that cannot be made.
    if let Some(why) = a
        .ink_limit
        .and_then(|limit| crate::print::target::ink_limit_refused(limit, Some(a.target), &[Target::Offset]))
    {
        eprintln!("error: {why}");
        return FAILURE;
    }
    if a.no_cache {
        crate::photo::cache::use_cache(None);
    }
    let world = &Disk;
    let game = match find(world, Path::new(LAYOUTS), &a.game) {
        Ok(g) => g,
        Err((error, hint)) => {
            eprintln!("error: {error}\nhint: {hint}");
            return FAILURE;
        }
    };
    let langs = if a.lang.is_empty() {
        languages(world, &game, &[])
    } else {
        a.lang.clone()
    };
    let mut outcome = Outcome::new(
        outcome::Command::Kit,
        Verbosity::of(a.quiet, a.verbose),
        false,
        langs.len(),
    );
    let presses = crate::target_files::Presses::new(a.ink_limit);
    let press = match presses.get(a.target) {
        Ok(press) => press,
        Err(e) => {
            eprintln!("error: {e}");
            return FAILURE;
        }
    };
    let out = a.target.folder(&a.out);
    let mut writer = KitWriter::new(out, a.paper);
    writer.press = press.as_ref();
    let mut shelf = Shelf::building();
    let mut done = Vec::with_capacity(langs.len());
    for lang in &langs {
        done.push(writer.write(world, &mut shelf, &game, lang, &mut outcome));
        outcome.advance();
    }
    let written = done.iter().any(|d| d.written);
    outcome.kit(world, &game.name, &game.folder, done);
    if let (Some(paper), true) = (a.paper, written && a.out == Path::new(OUT)) {
        // The main job writes each kit again, on its cover's own paper, at
        // the same name: said now, not found out at the printer.
        let name = paper.name();
        outcome.note(&format!(
            "`pitchprint build` writes the kits again in {OUT}/ on each cover's own paper, over this {}{} one: \
             keep it by copying it, or write it elsewhere with --out",
            name[..1].to_uppercase(),
            &name[1..]
        ));
    }
    if let Some(photos) = crate::photo::cache::tally() {
        outcome.detail(&photos);
    }
    outcome.finish(writer.code)
}

/// The folder the main job writes into, and a kit by default.
const OUT: &str = "output";

/// The game `name` names: a folder under `root`, or a folder's path. A
/// folder without a game file or a cover is not a game (`print` holds the printer's
/// calibration sheets): refused, with the games there are.
pub fn find(world: &dyn World, root: &Path, name: &str) -> Result<Game, (String, String)> {
    let named = Path::new(name);
    let folder = if named.components().count() > 1 {
        named.to_path_buf()
    } else {
        root.join(named)
    };
    if let Some(game) = Game::at(world, &folder) {
        return Ok(game);
    }
    let games: Vec<String> = Game::all(world, root).into_iter().map(|g| g.name).collect();
    let list = if games.is_empty() {
        format!(
            "there is no game under {}/ here: run pitchprint from the project's folder",
            root.display()
        )
    } else {
        format!("the games are: {}", games.join(", "))
    };
    if !world.is_dir(&folder) {
        return Err((
            format!("there is no game \"{name}\" ({} is not a folder)", folder.display()),
            list,
        ));
    }
    Err((
        format!(
            "{} is not a game: it has no game.toml or cover.toml, the cover sheet a kit starts with (a folder of calibration sheets is built with `pitchprint build {}`)",
            folder.display(),
            folder.display()
        ),
        list,
    ))
}

/// The languages of a game's kits: its cover's, or of those the ones asked.
/// Without `asked`, the languages the printer profile names, else every one.
pub fn languages(world: &dyn World, game: &Game, asked: &[String]) -> Vec<String> {
    crate::pipeline::languages_it_has(world, &game.cover, asked)
}

/// Makes kits and writes them, telling the outcome what each did.
struct KitWriter<'p> {
    out: PathBuf,
    paper: Option<PaperSize>,
    /// The exit code so far.
    code: i32,
    /// A print shop's PDF/X, when the kit is for one.
    press: Option<&'p export::pdf::Press<'p>>,
}

impl KitWriter<'_> {
    fn new(out: PathBuf, paper: Option<PaperSize>) -> KitWriter<'static> {
        KitWriter {
            out,
            paper,
            code: 0,
            press: None,
        }
    }

    /// Makes the kit of `game` in `lang` from `shelf` and writes it, or
    /// says why not.
    fn write(
        &mut self,
        world: &dyn World,
        shelf: &mut Shelf,
        game: &Game,
        lang: &str,
        outcome: &mut Outcome,
    ) -> LanguageDone {
        outcome.doing(&format!("{} kit ({lang})", game.name));
        let made = super::make(world, shelf, game, lang, self.paper);
        let mut done = LanguageDone {
            findings: made.findings,
            ..LanguageDone::new(lang)
        };
        let target = super::file(&self.out, game, lang);
        let Some(kit) = made.kit else {
            if !made.not_built.is_empty() {
                let names: Vec<String> = made.not_built.iter().map(|p| p.display().to_string()).collect();
                done.why_not = Some(format!("{} not built", names.join(", ")));
            }
            self.code = self.code.max(FINDINGS);
            return done;
        };
        let doc = &kit.doc;
        done.pages = Some(doc.pages.len());
        // As people write it: A4, Letter, A3.
        let paper = kit.paper.name();
        done.paper = Some(paper[..1].to_uppercase() + &paper[1..]);
        let press = self.press;
        let file = Output::writer(target.clone(), move |out| {
            match press {
                Some(press) => export::pdf::write_for_press(doc, out, press),
                None => export::pdf::write(doc, out),
            }
            .map(|_| ())
        });
        match write::write_all(&[file], &[]) {
            Ok(written) => {
                done.written = true;
                done.files.push(FileWritten {
                    path: target,
                    bytes: written.sizes.first().copied().unwrap_or(0),
                });
            }
            Err(e) => {
                outcome.error(&format!("cannot write {e}"));
                self.code = FAILURE;
            }
        }
        done
    }
}

/// The main job's kits: each game's, in every language of its cover (or the
/// one asked), made from the documents the build has just written and
/// written as soon as the build moves on to another game, so that one game's
/// documents are held at a time.
pub struct Kits {
    shelf: Shelf,
    game: Option<Game>,
    asked: Vec<String>,
    writer: KitWriter<'static>,
}

impl Kits {
    /// Kits on `paper` (each cover's own when `None`), in `asked` (every
    /// language when `None`), written under `out`.
    pub fn new(asked: Vec<String>, paper: Option<PaperSize>, out: &Path) -> Kits {
        Kits {
            shelf: Shelf::filled_by_build(),
            game: None,
            asked,
            writer: KitWriter::new(out.to_path_buf(), paper),
        }
    }

    /// Before `layout` is built: when it is another game's (or no game's),
    /// the kits of the game before are written.
    pub fn next(&mut self, layout: &Path, outcome: &mut Outcome) {
        let game = Game::of(&Disk, layout);
        if game != self.game {
            self.flush(outcome);
            self.game = game;
        }
    }

    /// A layout the build has written in `lang`: kept for its game's kits.
    pub fn keep(&mut self, layout: &Path, lang: &str, loaded: Option<Loaded>, doc: Document) {
        if let (Some(loaded), Some(_)) = (loaded, &self.game) {
            self.shelf.put(
                layout,
                lang,
                Built {
                    loaded,
                    doc: doc.held(),
                },
            );
        }
    }

    /// Writes the last game's kits and returns the exit code of all the kits.
    pub fn finish(mut self, outcome: &mut Outcome) -> i32 {
        self.flush(outcome);
        self.writer.code
    }

    /// Writes the kits of the game whose layouts were built last, and
    /// tells `outcome` (one line for the game's kits).
    fn flush(&mut self, outcome: &mut Outcome) {
        if let Some(game) = self.game.take() {
            let done = languages(&Disk, &game, &self.asked)
                .iter()
                .map(|lang| self.writer.write(&Disk, &mut self.shelf, &game, lang, outcome))
                .collect();
            outcome.kit(&Disk, &game.name, &game.folder, done);
        }
        self.shelf.clear();
    }
}
