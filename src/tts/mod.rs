//! A game on a virtual table: a Tabletop Simulator save of a game's
//! materials, set up to play, and the images it names.
//!
//! A stage over built documents, as the kit is: the layouts of a game's
//! folder are built as `build` builds them (composed and checked clean),
//! and each becomes what it is on a table, by the role its kind has in the
//! game ([`crate::components::placement::Role`]) and what its kind declares
//! it is (its capabilities: a board's set-up, pieces, dice, a deck, a bank;
//! [`lay`]), never by its kind's name: the board a
//! locked tile at its printed size ([`table`]), counters and tokens
//! `Custom_Tile` discs with both faces, stood where the rules set them up
//! ([`setup`]), dice TTS's own `Die_6` in the teams' colours, cards and
//! banknotes decks on card sheets ([`deck`], [`cards`]), reference cards and sheets
//! tiles, rule sheets PDFs read in game. The images are drawn from the same
//! documents the PDFs are ([`art`]); [`save`] is the file format, with the
//! list of the fields written and what each means; [`images`] names the
//! files; [`command`] is `pitchprint tts` and `build --format tts`.

pub mod art;
pub mod cards;
pub mod command;
pub mod deck;
pub mod images;
pub mod lay;
pub mod save;
pub mod setup;
pub mod table;
pub mod units;

use std::path::PathBuf;

use crate::components::placement::Role;
use crate::components::resolved::Roles;
use crate::diag::Finding;
use crate::input::world::World;
use crate::kit::Game;
use crate::kit::shelf::{Built, Shelf};

use deck::{Card, Keys};
use images::{Files, Urls};
use lay::Laying;
use save::{Object, Save};

pub use images::File;

/// A save and its files, or why there is none.
#[derive(Debug, Default)]
pub struct Made {
    /// The save, when nothing stopped it.
    pub save: Option<Save>,
    /// The files it names, by path under its folder.
    pub files: Vec<File>,
    /// What building the game's layouts found.
    pub findings: Vec<Finding>,
}

/// Makes the save of `game` in `lang` from the layouts on `shelf`
/// (building there what it lacks), its files named by `urls`, its images
/// drawn where they differ from `likes`'s in the game's other languages.
pub fn make(
    world: &dyn World,
    shelf: &mut Shelf,
    game: &Game,
    lang: &str,
    urls: Urls,
    likes: Option<std::sync::Arc<art::Likes>>,
) -> Made {
    let mut made = Made::default();
    let layouts = game.layouts(world);
    for layout in &layouts {
        match shelf.ensure(world, layout, lang, None) {
            Ok(found) => made.findings.extend(found),
            Err(crate::kit::shelf::Missing::Findings(f)) => made.findings.extend(f),
            Err(crate::kit::shelf::Missing::NotBuilt(_)) => {}
        }
    }
    if made.findings.iter().any(Finding::is_error) {
        return made;
    }
    let parts: Vec<(PathBuf, Role, &Built)> = layouts
        .iter()
        .filter_map(|l| {
            let built = shelf.get(l, lang)?;
            let name = l.file_name()?.to_string_lossy().into_owned();
            let (role, _) = crate::kit::order::place(built.loaded.kind, &name)?;
            Some((l.clone(), role, built))
        })
        .collect();
    let title = parts
        .iter()
        .find_map(|(_, _, b)| b.loaded.naming.game.clone())
        .unwrap_or_else(|| game.name.clone());
    let files = match likes {
        Some(likes) => Files::with_likes(urls, likes, lang),
        None => Files::new(urls),
    };
    let mut laying = Laying::new(files, lang, side_words(world, &game.cover, lang));
    if let Err(e) = lay(&mut laying, &parts) {
        made.findings.push(Finding::error(
            crate::diag::code::Code::LayoutRead,
            format!("cannot draw the game's images for the virtual table: {e}"),
            crate::diag::Location::file(&game.folder),
        ));
        return made;
    }
    let (mut objects, files, unplaced) = laying.finish();
    made.findings.extend(unplaced);
    objects.extend(table::SEATS.into_iter().map(table::hand));
    save::number(&mut objects, &format!("{}/{lang}", game.name));
    made.save = Some(empty_save(&title, objects));
    made.files = files;
    made
}

/// Lays `parts` (each layout's path, its kind's role, the layout built) on
/// the table: the first board at the centre, then the others, each as its
/// role and its kind's capabilities make it; a part that cannot be laid is
/// a finding in `laying`. An error is an image that could not be drawn.
pub fn lay(laying: &mut Laying, parts: &[(PathBuf, Role, &Built)]) -> std::io::Result<()> {
    let roles: Option<&dyn Roles> = parts.iter().find_map(|(_, _, b)| b.loaded.layout.as_roles());
    let board = parts.iter().position(|(_, role, _)| *role == Role::Board);
    if let Some(k) = board {
        lay::lay_board(laying, &parts[k].0, parts[k].2)?;
    }
    for (i, (path, role, built)) in parts.iter().enumerate() {
        if Some(i) != board {
            lay::lay_part(laying, path, *role, built, roles)?;
        }
    }
    Ok(())
}

/// A save named `title` of `objects`, every other field as TTS writes it
/// for a game on its default table.
fn empty_save(title: &str, objects: Vec<Object>) -> Save {
    let (epoch, date) = save::save_time();
    Save {
        save_name: title.to_string(),
        epoch_time: epoch,
        date,
        version_number: save::VERSION,
        game_mode: title.to_string(),
        game_type: "Game",
        game_complexity: "",
        tags: Vec::new(),
        gravity: 0.5,
        play_area: 0.5,
        table: "Table_RPG",
        sky: "Sky_Museum",
        note: String::new(),
        tab_states: std::collections::BTreeMap::new(),
        decal_pallet: Vec::new(),
        lua_script: String::new(),
        lua_script_state: String::new(),
        xml_ui: String::new(),
        object_states: objects,
    }
}

/// The words the project's labels give the two sides and the ball in
/// `lang`, each with a capital.
fn side_words(world: &dyn World, cover: &std::path::Path, lang: &str) -> Option<[String; 3]> {
    let labels = crate::i18n::I18n::for_layout(world, cover, lang).ok()?;
    let word = |key: &str| {
        let w = labels.get(key)?;
        let mut chars = w.chars();
        let first = chars.next()?;
        Some(first.to_uppercase().chain(chars).collect::<String>())
    };
    Some([word("league.team_a")?, word("league.team_b")?, word("glossary.ball")?])
}

/// A card deck alone as a saved object (`build --format tts`): one deck of
/// every card, its sheets named `images/<stem>….png` under its folder.
pub fn deck_save(
    loaded: &crate::components::resolved::Loaded,
    doc: &crate::scene::page::Document,
    stem: &str,
    urls: Urls,
) -> std::io::Result<Option<(Save, Vec<File>)>> {
    let Some(deck) = loaded.layout.as_cards() else {
        return Ok(None);
    };
    let cards: Vec<Card> = cards::deck_cards(deck, doc).into_iter().map(|(_, c)| c).collect();
    let Some(size) = cards.first().map(|c| c.front.1.size()) else {
        return Ok(None);
    };
    let mut files = Files::new(urls);
    let s = units::units(size.h.0) / units::CARD_DEPTH;
    let transform = save::Transform::at(0.0, table::height(0.1), 0.0, table::UPRIGHT, true, (s, s));
    let name = |what: &str| format!("images/{stem}{what}.png");
    let mut objects = vec![deck::deck(
        &doc.title,
        cards,
        &name,
        &mut files,
        &mut Keys(0),
        transform,
    )?];
    save::number(&mut objects, stem);
    let mut save = empty_save(&doc.title, objects);
    save.game_type = "";
    Ok(Some((save, files.into_files())))
}
