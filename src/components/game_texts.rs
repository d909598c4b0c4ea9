//! The game's numbers filled into a text as a layout is resolved: the game
//! file beside the layout read, the layouts it names loaded for their
//! figures, the bank held to the numbers.

use std::path::Path;

use crate::components::resolved::Loaded;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::input::world::Input;
use crate::layout::resolve::{Overrides, Resolver};

use crate::game::numbers::{self, BANK, DECK, TABLE};
use crate::game::{FILE, Game, money};

/// The Markdown file `file` a layout reads in `lang` (a rule sheet's,
/// a cover's, a reference card's: `what` it holds, for a finding), with the
/// game's numbers filled in ([`fill`]) before it is read as Markdown, so
/// that every check sees what is printed; a character the fonts cannot
/// draw or a right-to-left line is refused. On an error, every finding
/// of the layout so far.
pub fn read(r: &mut Resolver<'_>, file: &Path, lang: &str, what: &str) -> Result<String, Vec<Finding>> {
    let (source, world) = (r.source, r.cx.world);
    let text = match crate::input::read_text(world, file, Input::Text) {
        Ok(t) => t,
        Err(e) => {
            let mut f = std::mem::take(&mut r.findings);
            let hint = format!(
                "write {} (one Markdown file per language), or build another language with --lang",
                file.display()
            );
            let folder_missing = !world.is_dir(file.parent().unwrap_or(Path::new("")));
            f.push(if e.missing || folder_missing {
                crate::input::missing_text(world, source, file, lang, what, hint)
            } else {
                e.finding(Code::LayoutRead, file, "the text", &hint)
            });
            return Err(f);
        }
    };
    let text = fill(r, &text, file);
    let mut glyphs = crate::input::missing_glyphs(&text, file, &r.cx.fonts, r.cx.fonts_at.as_ref());
    glyphs.extend(crate::input::right_to_left_lines(&text, file));
    if !glyphs.is_empty() {
        let mut f = std::mem::take(&mut r.findings);
        f.extend(glyphs);
        return Err(f);
    }
    Ok(text)
}

/// `text` (the Markdown file `file` of the layout `r` resolves: a rule
/// sheet, a cover, a reference card) with the game's numbers filled in,
/// read from the game file beside the layout and the layouts it names, in
/// the language and on the paper being built. Every finding (a number the
/// game lacks, a game file or bank in the wrong) goes to `r`; a game file
/// beside the layout is read and its bank checked whether or not the text
/// names a number, so that each of the game's texts holds it to its rules.
pub fn fill(r: &mut Resolver<'_>, text: &str, file: &Path) -> String {
    let layout = r.source.path.clone();
    let game_file = layout.parent().unwrap_or(Path::new("")).join(FILE);
    let game = match Game::beside(r.cx.world, &layout) {
        Ok(g) => g,
        Err(found) => {
            r.findings.extend(found);
            return text.to_string();
        }
    };
    let asks = text.lines().any(|l| !numbers::placeholders(l).is_empty());
    let Some(game) = game else {
        let (out, found) = numbers::fill(text, file, None, &game_file);
        r.findings.extend(found);
        return out;
    };
    hold_bank(r, &game);
    if !asks {
        return text.to_string();
    }
    // What the text prints of the layouts, loaded as this text is built:
    // the currency in its language, the sheets on its paper.
    let as_built = r.cx.overrides.clone();
    let bank_prefix = format!("{BANK}.");
    let wants_bank = [Some(numbers::MONEY), Some(numbers::NOTES)]
        .iter()
        .any(|form| numbers::asks_for(text, &bank_prefix, *form));
    let mut named = |key: &str, name: &Option<String>, wanted: bool| match name {
        Some(name) if wanted => load_named(r, &game, key, name, &as_built),
        _ => None,
    };
    let bank = named(BANK, &game.bank, wants_bank);
    let deck = named(DECK, &game.deck, numbers::asks_for(text, &format!("{DECK}."), None));
    let table = named(TABLE, &game.table, numbers::asks_for(text, &format!("{TABLE}."), None));
    let facts = numbers::Facts {
        bank: bank
            .as_ref()
            .and_then(|l| l.layout.as_bank())
            .map(|b| numbers::BankFacts {
                notes: b.notes(),
                currency: b.currency().to_string(),
                per_sheet: b.per_sheet(),
            }),
        deck: deck
            .as_ref()
            .and_then(|l| l.layout.as_cards())
            .map(|c| (c.count(), c.clubs(), c.per_sheet())),
        teams: table.as_ref().and_then(|l| l.layout.as_teams()).map(|t| t.teams()),
    };
    let style = match r.cx.i18n.map_err(|f| vec![f.clone()]).and_then(numbers::Style::load) {
        Ok(s) => s,
        Err(found) => {
            r.findings.extend(found);
            return text.to_string();
        }
    };
    let values = numbers::Values::new(&game, &style, &facts);
    let (out, found) = numbers::fill(text, file, Some(&values), &game_file);
    r.findings.extend(found);
    out
}

/// The game's bank held to its numbers, for as many coaches as its league
/// table has rows (else the most players): loaded as the default build
/// loads it, so that the finding is the same in every language a text is
/// built in, and a language without labels of its own still builds a text
/// that prints no money.
fn hold_bank(r: &mut Resolver<'_>, game: &Game) {
    let Some(name) = game.bank.clone() else { return };
    let default = Overrides::default();
    let Some(bank) = load_named(r, game, BANK, &name, &default) else {
        return;
    };
    let teams = game
        .table
        .clone()
        .and_then(|n| load_named(r, game, TABLE, &n, &default))
        .and_then(|l| l.layout.as_teams().map(|t| t.teams()));
    if let Some(b) = bank.layout.as_bank() {
        let coaches = teams.or(game.players.map(|(_, most)| most)).unwrap_or(1);
        r.findings
            .extend(money::check_bank(game, &b.notes(), coaches, b.currency()));
    }
}

/// The layout the game file's `key` names (`bank = "banknotes.toml"`),
/// loaded with `overrides`; a finding at `key` when it is not there or not
/// of the kind the key asks for.
fn load_named(r: &mut Resolver<'_>, game: &Game, key: &str, name: &str, overrides: &Overrides) -> Option<Loaded> {
    let path = game.folder().join(name);
    let here = game.source.locate(key);
    let wrong = |message: String, hint: &str| Finding::error(Code::LayoutBoard, message, here.clone()).with_hint(hint);
    if !r.cx.world.is_file(&path) {
        r.findings.push(wrong(
            format!("{key} names {}, which is not a file", path.display()),
            "name the layout relative to game.toml (\"banknotes.toml\")",
        ));
        return None;
    }
    let mut chain = r.cx.chain.to_vec();
    chain.push(r.source.path.clone());
    if chain.iter().any(|p| *p == path || r.cx.world.same_file(p, &path)) {
        r.findings.push(wrong(
            format!("{key} names {}, which reads this game's texts in turn", path.display()),
            "name the game's banknotes, deck or league table",
        ));
        return None;
    }
    let loaded = match crate::components::load::load(r.cx.loader, &path, overrides, &chain) {
        Ok(loaded) => loaded,
        Err(found) => {
            let note = format!("in the layout that `{key}` of {FILE} names");
            r.findings
                .extend(found.into_iter().map(|f| f.with_note(note.clone(), here.clone())));
            return None;
        }
    };
    let fits = match key {
        BANK => loaded.layout.as_bank().is_some(),
        DECK => loaded.layout.as_cards().is_some(),
        _ => loaded.layout.as_teams().is_some(),
    };
    if !fits {
        r.findings.push(wrong(
            format!("{key} names {}, a \"{}\" layout", path.display(), loaded.kind),
            match key {
                BANK => "name the game's banknotes layout",
                DECK => "name the game's card deck layout",
                _ => "name the game's league table layout",
            },
        ));
        return None;
    }
    Some(loaded)
}
