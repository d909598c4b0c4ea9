//! Laying a game's built layouts on the table: the board first, at the
//! centre, then each other layout as what its role makes it, in the trays
//! beside the board or where the rules start it.
//!
//! What each layout is made of on the table is asked of its kind's declared
//! capabilities ([`Resolved`](crate::components::resolved::Resolved)'s
//! `as_board`, `as_pieces`, `as_dice`, `as_cards`, `as_bank`), never of
//! its kind's name or type, so a new kind is laid out as the shipped ones
//! are. A layout its role would lay as something its kind does not declare
//! (cards from a kind with no deck) is a finding (`tts-part`), and the rest
//! of the save is written.

use std::path::Path;

use crate::components::placement::Role;
use crate::components::resolved::Roles;
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::{Mm, Point, Rect};
use crate::kit::shelf::Built;
use crate::scene::item::Item;

use super::art;
use super::cards::deck_cards;
use super::deck::{self, Card, Keys};
use super::images::Files;
use super::save::{self, Object};
use super::setup;
use super::table::{self, Frame, Shape, Tray, Trays};
use super::units;

/// Room kept round a board's drawing in its image, in mm.
const BOARD_MARGIN: Mm = Mm(3.0);
/// The most pixels along a board image's longer side (TTS's advice for
/// any image) and the finest it is drawn, in dots per inch: enough to read
/// a board's smallest words at the table.
const BOARD_PIXELS: f64 = 4096.0;
const BOARD_DPI: f64 = 200.0;
/// The resolution counters, tiles and sheets are drawn at.
const PIECE_DPI: f64 = 200.0;
/// The room a rule sheet's PDF is given on the table, in mm: an A4 page's width.
const PDF_WIDTH_MM: f64 = 210.0;

/// What is being laid out: the objects so far, the images they name, the
/// board's frame and marks, the trays.
pub struct Laying {
    objects: Vec<Object>,
    files: Files,
    keys: Keys,
    frame: Option<Frame>,
    marks: setup::Marks,
    trays: Trays,
    lang: String,
    /// The words for the two sides and the ball (`Home`, `Away`, `Ball`)
    /// in the save's language, from the project's labels (`league.team_a`,
    /// `team_b`, `glossary.ball`); the counters' own set names when it has
    /// none.
    sides: Option<[String; 3]>,
    /// The layouts that could not be laid, each said where.
    findings: Vec<Finding>,
}

impl Laying {
    /// Nothing laid yet: files named by `files`, in `lang`, the sides called
    /// `sides`.
    pub fn new(files: Files, lang: &str, sides: Option<[String; 3]>) -> Laying {
        Laying {
            objects: Vec::new(),
            files,
            keys: Keys(0),
            frame: None,
            marks: setup::Marks::default(),
            trays: Trays::beside(0.0),
            lang: lang.to_string(),
            sides,
            findings: Vec::new(),
        }
    }

    /// The objects laid, the files they name, and a finding for each
    /// layout that could not be laid.
    pub fn finish(self) -> (Vec<Object>, Vec<super::images::File>, Vec<Finding>) {
        (self.objects, self.files.into_files(), self.findings)
    }

    /// The layout at `path` (of `built`'s kind) left off the table: it was
    /// to be laid as `what`, which its kind does not give; `hint` says
    /// what to do.
    fn unplaced(&mut self, path: &Path, built: &Built, what: &str, hint: String) {
        self.findings.push(
            Finding::warning(
                Code::TtsPart,
                format!(
                    "this {} layout is not on the virtual table: {what}; the save is written without it",
                    built.loaded.kind
                ),
                Location::file(path),
            )
            .with_hint(hint),
        );
    }

    /// The layout at `path` left off the table because its role lays it as
    /// `role_words` and its kind does not declare the capability
    /// `capability` that gives what that needs (`what`).
    fn lacks(&mut self, path: &Path, built: &Built, (role_words, what, capability): (&str, &str, &str)) {
        let hint = format!(
            "its kind's role (`PLACE`) lays it as {role_words}: give its resolved layout `{capability}`              (the {what} the table lays), or give the kind another role in its `PLACE`"
        );
        self.unplaced(
            path,
            built,
            &format!("its kind places it as {role_words} but declares no {what} (`{capability}`)"),
            hint,
        );
    }

    /// A name for a file of the layout `stem`: `images/deck.png`, or
    /// `images/deck-en.png` in a language other than the default.
    fn name(&self, stem: &str, ext: &str) -> String {
        file_name(&self.lang, stem, ext)
    }

    /// A thing `w` x `d` mm placed in `tray`: its centre (x, z).
    fn tray(&mut self, tray: Tray, w_mm: f64, d_mm: f64) -> (f64, f64) {
        self.trays.place(tray, units::units(w_mm), units::units(d_mm))
    }

    /// A piece's faces drawn to `images/<name>.png` and (its back, when it
    /// has one) `images/<name>-back.png` in the save's language, the part
    /// `area` of each shown: their addresses, the back's "" without one.
    fn faces(
        &mut self,
        name: &str,
        front: Vec<Item>,
        back: Option<Vec<Item>>,
        area: Rect,
    ) -> std::io::Result<(String, String)> {
        let px = (area.w.0 / 25.4 * PIECE_DPI).round() as u32;
        let top_name = self.name(&format!("images/{name}"), "png");
        let top_png = art::draw(front, area, px, self.files.like(&top_name))?;
        let top = self.files.add(&top_name, top_png);
        let bottom = match back {
            Some(b) => {
                let back_name = self.name(&format!("images/{name}-back"), "png");
                let png = art::draw(b, area, px, self.files.like(&back_name))?;
                self.files.add(&back_name, png)
            }
            None => String::new(),
        };
        Ok((top, bottom))
    }

    /// The table's (x, z) of a point of the board's page.
    fn world(&self, p: Point) -> Option<(f64, f64)> {
        self.frame.map(|f| f.world(p))
    }
}

/// `stem.ext` in the default language, `stem-<lang>.ext` in another, as
/// `build` names a layout's files ([`crate::output::names::tts_file`]).
fn file_name(lang: &str, stem: &str, ext: &str) -> String {
    crate::output::names::tts_file(stem, lang, ext)
}

/// The layout's file stem (`deck`).
fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

/// The game's board at the table's centre: its image, its frame, its marks.
pub fn lay_board(laying: &mut Laying, path: &Path, built: &Built) -> std::io::Result<()> {
    let Some((items, area)) = art::board(&built.doc, BOARD_MARGIN) else {
        let hint = "check that its first page draws the board".to_string();
        laying.unplaced(path, built, "its first page draws nothing to show as the board", hint);
        return Ok(());
    };
    let longer = area.w.0.max(area.h.0) / 25.4;
    let dpi = (BOARD_PIXELS / longer).min(BOARD_DPI);
    let width = (area.w.0 / 25.4 * dpi).floor() as u32;
    // How the pieces start on it, as its kind declares (none for a board
    // that declares no set-up: they wait in the trays).
    let opening = built.loaded.layout.as_board().map(|b| b.opening()).unwrap_or_default();
    laying.marks = setup::Marks::read(opening, &items, area);
    let name = laying.name(&format!("images/{}", stem(path)), "png");
    let png = art::draw(items, area, width, laying.files.like(&name))?;
    let url = laying.files.add(&name, png);
    let frame = Frame { area };
    laying.objects.push(table::board(&built.doc.title, url, &frame));
    laying.trays = Trays::beside(frame.half().0);
    laying.frame = Some(frame);
    Ok(())
}

/// A layout other than the board, as what its role makes it on the table.
pub fn lay_part(
    laying: &mut Laying,
    path: &Path,
    role: Role,
    built: &Built,
    roles: Option<&dyn Roles>,
) -> std::io::Result<()> {
    if built.loaded.layout.as_shared_sheet().is_some() {
        // A sheet of other layouts' parts: they are laid out themselves.
        return Ok(());
    }
    match role {
        Role::Cover => Ok(()),
        Role::Rules => lay_pdf(laying, path, built),
        Role::Counters => lay_counters(laying, path, built, roles),
        Role::Dice => {
            lay_dice(laying, path, built);
            Ok(())
        }
        Role::Cards => lay_cards(laying, path, built),
        Role::Notes => lay_notes(laying, path, built),
        Role::Slips => {
            let cards = plain_cards(built);
            let laid = lay_deck(laying, &built.doc.title, cards, &stem(path), Tray::Away)?;
            if !laid {
                no_cards(laying, path, built);
            }
            Ok(())
        }
        Role::Reference | Role::Board | Role::Table => lay_tiles(laying, path, built),
    }
}

/// The layout at `path` left off the table: it is laid as cards, and its
/// pages impose none.
fn no_cards(laying: &mut Laying, path: &Path, built: &Built) {
    let hint = "its pages print no cards cut apart (imposed items): give it cards to print,                 or give its kind a role in its `PLACE` that lays it as sheets (a reference)"
        .to_string();
    laying.unplaced(path, built, "it is laid as cards and prints none", hint);
}

/// A rule sheet: its PDF, read in game.
fn lay_pdf(laying: &mut Laying, path: &Path, built: &Built) -> std::io::Result<()> {
    let mut pdf = Vec::new();
    crate::export::pdf::write(&built.doc, &mut pdf)?;
    let name = laying.name(&stem(path), "pdf");
    let url = laying.files.add(&name, pdf);
    let size = built.doc.page(0).size;
    let depth = PDF_WIDTH_MM * size.h.0 / size.w.0;
    let at = laying.tray(Tray::Home, PDF_WIDTH_MM, depth);
    laying.objects.push(table::pdf(&built.doc.title, url, at));
    Ok(())
}

/// Counters: each a disc with both faces, where the game starts it or in
/// its side's tray.
fn lay_counters(laying: &mut Laying, path: &Path, built: &Built, roles: Option<&dyn Roles>) -> std::io::Result<()> {
    // A sheet of things that are not pieces players move (a kind that
    // declares none): each is laid as a tile.
    let Some(sheet) = built.loaded.layout.as_pieces() else {
        return lay_tiles(laying, path, built);
    };
    let counters = sheet.pieces();
    let who = setup::who(&counters);
    let stem = stem(path);
    for piece in art::pieces(&built.doc) {
        let Some(counter) = counters.get(piece.index as usize) else {
            continue;
        };
        let area = piece.face_area();
        let (top, bottom) = laying.faces(&format!("{stem}-{}", piece.index + 1), piece.front, piece.back, area)?;
        let w = who.get(piece.index as usize).copied().unwrap_or(setup::Who::Spare);
        let d = area.w.0;
        // The away side's pieces face their player, across the table.
        let side = match w {
            setup::Who::Side(crate::scene::tag::Team::Away, _) => Tray::Away,
            _ => Tray::Home,
        };
        let at = match setup::spot(&laying.marks, counter, w, roles).and_then(|p| laying.world(p)) {
            Some(at) => at,
            None => laying.tray(side, d, d),
        };
        // A side's counter by its side's word in the save's language
        // ("Away 7", "Home POR"); the others by their set's name.
        let set = match (w, &laying.sides) {
            (setup::Who::Side(team, _), Some(words)) => words[team.index()].clone(),
            (_, Some(words)) if counter.ball => words[2].clone(),
            _ => counter.set.clone(),
        };
        let nickname = match counter.label.trim() {
            "" => set,
            label => format!("{set} {label}"),
        };
        let thick = table::COUNTER_THICKNESS;
        let mut tile = table::tile(&nickname, (top, bottom), Shape::Circle, d, at, thick);
        tile.transform.rotY = side.facing();
        laying.objects.push(tile);
    }
    Ok(())
}

/// Dice: TTS's own, in each die's colour, one by each player.
fn lay_dice(laying: &mut Laying, path: &Path, built: &Built) {
    let Some(nets) = built.loaded.layout.as_dice() else {
        laying.lacks(path, built, ("dice", "dice", "as_dice"));
        return;
    };
    let edge = nets.edge().0;
    let dice = nets.dice();
    if dice.is_empty() {
        let hint = "give its layout the dice it prints".to_string();
        laying.unplaced(path, built, "it is laid as dice and has none", hint);
    }
    for (k, (name, colour)) in dice.into_iter().enumerate() {
        let tray = if k % 2 == 0 { Tray::Home } else { Tray::Away };
        let at = laying.tray(tray, edge * 2.0, edge * 2.0);
        laying.objects.push(table::die(&name, colour, edge, at));
    }
}

/// The cards of a deck: four decks by position for a player deck (the
/// rules deal each group apart), one deck for a deck of other cards.
fn lay_cards(laying: &mut Laying, path: &Path, built: &Built) -> std::io::Result<()> {
    let Some(deck) = built.loaded.layout.as_cards() else {
        laying.lacks(path, built, ("cards", "deck", "as_cards"));
        return Ok(());
    };
    let dealt = deck.dealt().groups;
    let mut groups: Vec<(String, Vec<Card>)> = Vec::new();
    for (group, card) in deck_cards(deck, &built.doc) {
        let group = group.unwrap_or_else(|| built.doc.title.clone());
        match groups.iter_mut().find(|(g, _)| *g == group) {
            Some((_, cards)) => cards.push(card),
            None => groups.push((group, vec![card])),
        }
    }
    // In the order the deck deals its groups (goalkeepers first), the
    // cards of no group last.
    groups.sort_by_key(|(g, _)| dealt.iter().position(|l| l == g).unwrap_or(dealt.len()));
    let stem = stem(path);
    let mut laid = false;
    for (k, (group, cards)) in groups.into_iter().enumerate() {
        let file = format!("{stem}-{}", k + 1);
        laid |= lay_deck(laying, &group, cards, &file, Tray::Home)?;
    }
    if !laid {
        no_cards(laying, path, built);
    }
    Ok(())
}

/// Banknotes: a deck of each value, as a bank keeps them.
fn lay_notes(laying: &mut Laying, path: &Path, built: &Built) -> std::io::Result<()> {
    let Some(bank) = built.loaded.layout.as_bank() else {
        laying.lacks(path, built, ("play money", "bank", "as_bank"));
        return Ok(());
    };
    let mut cards = plain_cards(built).into_iter();
    let stem = stem(path);
    let currency = bank.currency();
    let mut laid = false;
    for (value, count) in bank.notes() {
        let notes: Vec<Card> = cards
            .by_ref()
            .take(count as usize)
            .map(|mut c| {
                c.nickname = format!("{value} {currency}");
                c
            })
            .collect();
        laid |= lay_deck(
            laying,
            &format!("{value} {currency}"),
            notes,
            &format!("{stem}-{value}"),
            Tray::Away,
        )?;
    }
    if !laid {
        no_cards(laying, path, built);
    }
    Ok(())
}

/// The imposed items of a document as cards named by the document.
fn plain_cards(built: &Built) -> Vec<Card> {
    art::pieces(&built.doc)
        .into_iter()
        .map(|p| {
            let area = p.trim_area();
            Card {
                front: (p.front, area),
                back: p.back.map(|b| (b, area)),
                nickname: built.doc.title.clone(),
                description: String::new(),
            }
        })
        .collect()
}

/// A deck of `cards` in `tray`, face down; whether there was a card to lay.
fn lay_deck(laying: &mut Laying, nickname: &str, cards: Vec<Card>, file: &str, tray: Tray) -> std::io::Result<bool> {
    let Some(size) = cards.first().map(|c| c.front.1.size()) else {
        return Ok(false);
    };
    let at = laying.tray(tray, size.w.0, size.h.0);
    let s = units::units(size.h.0) / units::CARD_DEPTH;
    let transform = save::Transform::at(at.0, table::height(0.1), at.1, tray.facing(), true, (s, s));
    let lang = laying.lang.clone();
    let name = |what: &str| file_name(&lang, &format!("images/{file}{what}"), "png");
    let deck = deck::deck(nickname, cards, &name, &mut laying.files, &mut laying.keys, transform)?;
    laying.objects.push(deck);
    Ok(true)
}

/// Reference cards, sheets to read or write on, further boards: a tile
/// for each imposed item (both faces), or for each page.
fn lay_tiles(laying: &mut Laying, path: &Path, built: &Built) -> std::io::Result<()> {
    let stem = stem(path);
    let pieces = art::pieces(&built.doc);
    let mut faces: Vec<(Vec<Item>, Option<Vec<Item>>, Rect)> = pieces
        .into_iter()
        .map(|p| {
            let area = p.trim_area();
            (p.front, p.back, area)
        })
        .collect();
    if faces.is_empty() {
        faces = (0..built.doc.page_count())
            .map(|p| {
                let page = built.doc.page(p);
                let items = page
                    .items
                    .iter()
                    .filter(|i| !art::is_printers_mark(&i.tag))
                    .cloned()
                    .collect();
                (items, None, Rect::from_origin_size(Point::default(), page.size))
            })
            .collect();
    }
    for (k, (front, back, area)) in faces.into_iter().enumerate() {
        let (top, bottom) = laying.faces(&format!("{stem}-{}", k + 1), front, back, area)?;
        let tray = if k % 2 == 0 { Tray::Home } else { Tray::Away };
        let at = laying.tray(tray, area.w.0, area.h.0);
        let mut tile = table::tile(
            &built.doc.title,
            (top, bottom),
            Shape::Box,
            area.h.0,
            at,
            table::SHEET_THICKNESS,
        );
        tile.transform.rotY = tray.facing();
        laying.objects.push(tile);
    }
    Ok(())
}
