//! The print-and-play kit: a whole game in one PDF, in print order, on one
//! paper, that a person prints, cuts and plays from by following its cover.
//!
//! A kit is a stage over built documents, not a component: it takes the
//! documents `build` makes of every layout of a game's folder (composed and
//! checked by the same pipeline), puts their pages one after another in the
//! order [`order`] gives by kind, keeps two-sided parts' backs behind their
//! fronts ([`assemble`]), completes the game's cover with the kit's page
//! ranges ([`cover`]) and holds the result to its own rules ([`check`]).
//! [`command`] is `pitchprint kit` and the main job's kits.

pub mod assemble;
pub mod check;
pub mod command;
pub mod cover;
pub mod order;
pub mod shelf;
pub mod words;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::components::component::resolved_as;
use crate::components::resolved::{Loaded, Naming};
use crate::components::rule_sheet;
use crate::components::rule_sheet::layout::RuleSheet;
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::PaperSize;
use crate::input::world::World;
use crate::markdown::Block;
use crate::pipeline;
use crate::scene::page::Document;

use assemble::{Kit, Origin, Part};
use order::{COVER_FILE, Role};
use shelf::{Built, Missing, Shelf};
use words::Words;

/// The folder the games' folders are in.
pub const LAYOUTS: &str = "layouts";

/// A game: a folder of layouts with a cover sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The folder's name (`league`).
    pub name: String,
    /// The folder (`layouts/league`).
    pub folder: PathBuf,
    /// Its cover sheet (`layouts/league/cover.toml`).
    pub cover: PathBuf,
}

impl Game {
    /// The game whose folder is `folder`, when it has a game file or a
    /// cover (a kit of a game file's folder without a cover is refused
    /// when it is made, saying what to write).
    pub fn at(world: &dyn World, folder: &Path) -> Option<Game> {
        let cover = folder.join(COVER_FILE);
        let marked = world.is_file(&cover) || world.is_file(&folder.join(crate::game::FILE));
        marked.then(|| Game {
            name: folder
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            folder: folder.to_path_buf(),
            cover,
        })
    }

    /// Every game under `root` (`layouts/`), by name.
    pub fn all(world: &dyn World, root: &Path) -> Vec<Game> {
        let mut out: Vec<Game> = world
            .list(root)
            .unwrap_or_default()
            .into_iter()
            .filter(|p| world.is_dir(p) && !hidden(p))
            .filter_map(|p| Game::at(world, &p))
            .collect();
        out.sort_by(|a, b| a.name.cmp(&b.name));
        out
    }

    /// The game a layout belongs to: the folder right under `layouts/`
    /// that holds it, when that folder has a cover.
    pub fn of(world: &dyn World, layout: &Path) -> Option<Game> {
        let folder = layout.parent()?;
        let under_layouts = folder.parent().and_then(Path::file_name).is_some_and(|n| n == LAYOUTS);
        if under_layouts { Game::at(world, folder) } else { None }
    }

    /// The game's layouts: the `.toml` files of its folder (not of its
    /// subfolders, not hidden, not the game file, not a card template its
    /// decks name), by name.
    pub fn layouts(&self, world: &dyn World) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = world
            .list(&self.folder)
            .unwrap_or_default()
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "toml") && !hidden(p) && world.is_file(p))
            .filter(|p| p.file_name().is_none_or(|n| n != crate::game::FILE))
            .collect();
        // A card template written beside its deck is no part of the kit.
        let templates = crate::components::card_deck::templates_named(world, &out);
        out.retain(|p| !templates.contains(&crate::input::world::tidy(p)));
        out.sort();
        out
    }
}

fn hidden(p: &Path) -> bool {
    p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// The kit of `game` in `lang`: `OUT/league/kit.pdf` in the default
/// language, `kit-en.pdf` in another, as `build` names every file.
pub fn file(out: &Path, game: &Game, lang: &str) -> PathBuf {
    crate::output::names::kit(out, &game.name, lang)
}

/// The name a layout's own PDF has in the language it was built in
/// (`deck.pdf`, `deck-en.pdf`), as `build` writes it and covers name it.
fn own_file(layout: &Path, built: Option<&Built>) -> String {
    let lang = built
        .and_then(|b| b.loaded.naming.lang.as_deref())
        .unwrap_or(crate::i18n::DEFAULT_LANG);
    crate::output::names::layout_pdf(layout, lang)
}

/// A kit, or why there is none, and what was found on the way.
#[derive(Debug, Default)]
pub struct Made {
    /// The kit, when nothing stopped it.
    pub kit: Option<Kit>,
    /// Every finding: of layouts built for the kit, of its cover, of the kit.
    pub findings: Vec<Finding>,
    /// Layouts the main job could not build, which stop the kit.
    pub not_built: Vec<PathBuf>,
}

impl Made {
    fn missing(&mut self, m: Missing) {
        match m {
            Missing::Findings(f) => self.findings.extend(f),
            Missing::NotBuilt(p) => self.not_built.push(p),
        }
    }

    fn stopped(&self) -> bool {
        !self.not_built.is_empty() || self.findings.iter().any(Finding::is_error)
    }
}

/// Makes the kit of `game` in `lang` on `paper` (the cover's own paper when
/// `None`) from the layouts on `shelf`, building there what it lacks.
pub fn make(world: &dyn World, shelf: &mut Shelf, game: &Game, lang: &str, paper: Option<PaperSize>) -> Made {
    let asked = paper;
    let mut made = Made::default();
    if !world.is_file(&game.cover) {
        made.findings.push(no_cover(game));
        return made;
    }
    if let Err(m) = shelf.ensure(world, &game.cover, lang, paper) {
        made.missing(m);
        return made;
    }
    let Some(sheet) = shelf
        .get(&game.cover, lang)
        .and_then(|b| resolved_as::<rule_sheet::Kind>(&b.loaded))
        .cloned()
    else {
        made.findings.push(not_a_cover(game));
        return made;
    };
    let paper = paper.unwrap_or(sheet.page.paper);
    for layout in game.layouts(world) {
        match shelf.ensure(world, &layout, lang, Some(paper)) {
            Ok(found) => made.findings.extend(found),
            Err(m) => made.missing(m),
        }
    }
    if made.stopped() {
        return made;
    }
    let words = match Words::load(world, &game.cover, lang, paper) {
        Ok(w) => w,
        Err(f) => {
            made.findings.extend(f);
            return made;
        }
    };
    let (mut parts, layouts) = plan(world, shelf, game, lang);
    made.findings.extend(strays(world, game));
    let first = parts.first().map(|p| p.role);
    let Some(cover) = shelf.get(&game.cover, lang).filter(|_| first == Some(Role::Cover)) else {
        made.findings.push(not_a_cover(game));
        return made;
    };
    // Said when the kit is on another paper than its cover's text counts on.
    let other_paper = asked.is_some_and(|p| sheet.page.written != p);
    let (cover_doc, origins, found) = typeset_cover(cover, &sheet, &mut parts, &words, other_paper);
    made.findings.extend(found);
    if made.stopped() {
        return made;
    }
    let docs: Vec<&Document> = std::iter::once(&cover_doc)
        .chain(
            parts[1..]
                .iter()
                .filter_map(|p| shelf.get(&p.layout, lang).map(|b| &b.doc)),
        )
        .collect();
    if docs.len() != parts.len() {
        // Every part was put on the shelf above; a kit short of one is
        // refused by its checker rather than assembled wrong.
        parts.truncate(docs.len());
    }
    let naming = &cover.loaded.naming;
    let title = Naming {
        lang: None,
        game: naming.game.clone(),
        component: Some(words.name.clone()),
        language: naming.language.clone(),
    }
    .title(&game.name);
    let doc = Document {
        title,
        pages: assemble::pages(&origins, &docs, paper, &words.blank),
        made: None,
        lang: naming.lang.clone(),
        // The kit mixes one-sided and two-sided parts: the print dialog
        // opens one-sided, and the cover names the two-sided runs.
        duplex: None,
        // A kit is cut by hand: its parts' cut files are their own builds'.
        machine_cut: false,
    };
    let kit = Kit {
        doc,
        origins,
        parts,
        paper,
        layouts,
    };
    made.findings.extend(check::check(&kit));
    if !made.stopped() {
        made.kit = Some(kit);
    }
    made
}

/// A warning for each name of the game file's kit list that is not a
/// layout of the folder: the kit is made of what is there.
fn strays(world: &dyn World, game: &Game) -> Vec<Finding> {
    let Ok(Some(file)) = crate::game::Game::beside(world, &game.cover) else {
        return Vec::new();
    };
    file.kit_strays(world)
        .into_iter()
        .map(|(name, at)| {
            Finding::warning(
                Code::KitPart,
                format!(
                    "the kit's order names {name}, which is not a layout of {}: the kit leaves it out",
                    game.folder.display()
                ),
                at,
            )
            .with_hint("put the layout back in the game's folder, or take its name out of `kit` in game.toml")
        })
        .collect()
}

/// The finding for a game file's folder without a cover.
fn no_cover(game: &Game) -> Finding {
    Finding::error(
        Code::LayoutRead,
        format!(
            "{} has a game file but no {COVER_FILE}, the cover sheet a kit starts with",
            game.folder.display()
        ),
        Location::file(&game.folder.join(crate::game::FILE)),
    )
    .with_hint(format!(
        "write {} (kind = \"rule-sheet\", its text listing each file the kit prints); `pitchprint new game <folder>` writes a whole game to start from",
        game.cover.display()
    ))
}

/// The finding for a cover that is not a rule sheet.
fn not_a_cover(game: &Game) -> Finding {
    let kind = crate::components::rule_sheet::Kind;
    Finding::error(
        Code::LayoutKind,
        format!(
            "{} is not a rule sheet: a kit starts with the game's cover sheet",
            game.cover.display()
        ),
        Location::file(&game.cover),
    )
    .with_hint(format!(
        "make it kind = \"{}\", with the cover's text under templates/covers/{}/",
        crate::components::component::Component::kind(&kind),
        game.name
    ))
}

/// The parts of the kit in print order (the cover first), and the layouts
/// the kit must print: every layout of the folder but the calibration
/// sheets. A layout printed on a shared sheet of the folder is in the kit
/// through that sheet, not on its own as well.
fn plan(world: &dyn World, shelf: &Shelf, game: &Game, lang: &str) -> (Vec<Part>, Vec<PathBuf>) {
    let mut parts = Vec::new();
    let mut layouts = Vec::new();
    for layout in game.layouts(world) {
        let Some(built) = shelf.get(&layout, lang) else {
            continue;
        };
        let name = layout
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some((role, stock)) = order::place(built.loaded.kind, &name) else {
            continue;
        };
        layouts.push(layout.clone());
        let prints = built
            .loaded
            .layout
            .as_shared_sheet()
            .map(|s| s.prints())
            .unwrap_or_default()
            .into_iter()
            .map(|p| {
                let file = own_file(&p, shelf.get(&p, lang).or(Some(built)));
                (p, file)
            })
            .collect();
        parts.push(Part {
            file: own_file(&layout, Some(built)),
            layout,
            role,
            stock,
            duplex: built.doc.duplex,
            count: built.doc.pages.len(),
            pages: 0..0,
            prints,
        });
    }
    let printed: Vec<PathBuf> = parts
        .iter()
        .flat_map(|p| p.prints.iter().map(|(l, _)| l.clone()))
        .collect();
    parts.retain(|p| !printed.contains(&p.layout));
    // The game file's order first (a game file in the wrong is reported by
    // the game's texts, which read it too), then the kit's own by role.
    let order = crate::game::Game::beside(world, &game.cover)
        .ok()
        .flatten()
        .map(|g| g.kit)
        .unwrap_or_default();
    // A layout the list names goes at its place; one it does not name goes
    // before the first named layout of a later role, as the kit's own order
    // would put it.
    let named = |p: &Part| order.iter().position(|name| game.folder.join(name) == p.layout);
    let listed: Vec<(usize, Role)> = parts.iter().filter_map(|p| named(p).map(|i| (i, p.role))).collect();
    let rank = |p: &Part| {
        let place = match named(p) {
            Some(i) => 2 * i + 1,
            None => {
                2 * listed
                    .iter()
                    .filter(|(_, role)| *role > p.role)
                    .map(|(i, _)| *i)
                    .min()
                    .unwrap_or(order.len())
            }
        };
        (p.role != Role::Cover, place, p.role)
    };
    parts.sort_by(|a, b| (rank(a), &a.layout).cmp(&(rank(b), &b.layout)));
    (parts, layouts)
}

/// How many times the cover is set again when the kit's page ranges change
/// its length: a range's digits move a line at most, so twice settles it.
const COVER_TRIES: usize = 4;
/// The smallest type the kit's cover is set in to take fewer pages, and the
/// step down to it from the cover's own size (copyfitting, as a printer
/// fits a text to its page: the kit adds a section to a cover written to
/// fill one page).
const COVER_MIN_PT: f64 = 8.0;
const COVER_STEP_PT: f64 = 0.5;

/// The kit's cover, typeset with the kit's page ranges, and the kit's
/// pages laid out around it: in the cover's own type size, or a half point
/// smaller at a time (down to [`COVER_MIN_PT`]) while that saves a page;
/// the largest size that needs the fewest pages.
fn typeset_cover(
    cover: &Built,
    sheet: &RuleSheet,
    parts: &mut [Part],
    words: &Words,
    other_paper: bool,
) -> (Document, Vec<Origin>, Vec<Finding>) {
    let mut best: Option<(RuleSheet, Document)> = None;
    let mut size = sheet.size;
    loop {
        let fitted = RuleSheet { size, ..sheet.clone() };
        if let Some((kit_sheet, doc)) = settle(cover.doc.pages.len(), &fitted, parts, words, other_paper)
            && best.as_ref().is_none_or(|(_, b)| doc.pages.len() < b.pages.len())
        {
            best = Some((kit_sheet, doc));
        }
        size -= COVER_STEP_PT;
        if best.as_ref().is_some_and(|(_, b)| b.pages.len() == 1) || size < COVER_MIN_PT - 1e-9 {
            break;
        }
    }
    let Some((kit_sheet, doc)) = best else {
        // Never settled: a cover on the edge of a page, one line more or
        // less each time. No kit is better than one whose cover names
        // wrong pages.
        let finding = Finding::error(
            Code::KitPart,
            "the kit's cover changes length each time its page ranges are set in it",
            Location::file(&cover.loaded.source.path),
        )
        .with_hint("lengthen or shorten the cover's text by a line or two");
        return (Document::new(String::new(), Vec::new()), Vec::new(), vec![finding]);
    };
    parts[0].count = doc.pages.len();
    let origins = assemble::lay_out(parts);
    let unlisted: Vec<Finding> = cover::unlisted(sheet, parts)
        .into_iter()
        .map(|part| {
            let mut at = Location::file(&sheet.file);
            at.line = sheet.blocks.iter().find(|b| matches!(b.block, Block::Item(..))).map(|b| b.line);
            Finding::warning(
                Code::KitPart,
                format!(
                    "the cover does not list {}, which the kit prints: the kit's cover lists it by its name and paper only",
                    part.file
                ),
                at,
            )
            .with_hint(format!(
                "add a line for it to the cover's list of files: - **{}**: what it is, how many, on what paper",
                part.file
            ))
        })
        .collect();
    let mut findings: Vec<Finding> = cover::absent(sheet, parts)
        .into_iter()
        .map(|(file, line)| {
            let mut at = Location::file(&sheet.file);
            at.line = Some(line);
            Finding::warning(
                Code::KitPart,
                format!("the cover lists {file}, which is not in the kit: the kit's cover leaves it out"),
                at,
            )
            .with_hint("put the layout back in the game's folder, or take its line out of the cover's text")
        })
        .collect();
    findings.extend(unlisted);
    let loaded = Loaded {
        layout: Arc::new(kit_sheet),
        warnings: Vec::new(),
        ..cover.loaded.clone()
    };
    findings.extend(pipeline::check(&loaded, &doc));
    (doc, origins, findings)
}

/// The cover set with the kit's page ranges until the ranges and the
/// cover's length agree (the ranges depend on the cover's length, and its
/// length on its text), starting from `count` pages; `None` if they never do.
fn settle(
    mut count: usize,
    sheet: &RuleSheet,
    parts: &mut [Part],
    words: &Words,
    other_paper: bool,
) -> Option<(RuleSheet, Document)> {
    for _ in 0..COVER_TRIES {
        parts[0].count = count;
        let origins = assemble::lay_out(parts);
        let kit_sheet = cover::cover(sheet, parts, origins.len(), words, other_paper);
        let doc = crate::components::resolved::Resolved::compose(&kit_sheet);
        if doc.pages.len() == count {
            return Some((kit_sheet, doc));
        }
        count = doc.pages.len();
    }
    None
}
