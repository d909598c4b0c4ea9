//! A deck of player cards from a spreadsheet (docs/GAMES.md, "The league"),
//! N-up with backs.
//!
//! `kind = "card-deck"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.
//!
//! The stages it reads through are shared, and know no deck: its sheet is
//! read by [`crate::spreadsheet`], its photos by [`crate::photo`], its
//! matches played by [`crate::play`] (its [`deal`] holds the figures to the
//! bounds), and its card template is [`crate::components::card_template`].

pub mod check;
pub mod compose;
pub mod deal;
pub mod dealt;
pub mod generic;
pub mod generic_scaffold;
pub mod layout;
pub mod scaffold;
pub mod scale;

use std::sync::Arc;

use crate::check::sheet;
use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::{CardFace, Cards, Dealt, ItemPages, Resolved};
use crate::diag::Finding;
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::page::Document;
use layout::{Card, Deck};

/// The `card-deck` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "card-deck";
    const PLACE: Placement = Placement::Kit(Role::Cards, Stock::Card);
    type Raw = layout::Raw;
    type Resolved = Deck;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<Deck, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    /// The deck names the project's card template when it has one; a deck
    /// made `--from` a spreadsheet names it and maps its header.
    fn scaffold(ask: &Ask<'_>) -> Result<Scaffold, String> {
        let template = match scaffold::nearest_template(ask) {
            Some(t) => scaffold::relative_to_layout(ask.layout, &t),
            None => COMPANION_TEMPLATE.to_string(),
        };
        let (data, mut mapped) = match ask.from {
            Some(from) => (
                scaffold::relative_to_layout(ask.layout, from),
                Some(scaffold::map(ask, from)?),
            ),
            None => ("players.csv".to_string(), None),
        };
        if let (Some(from), Some(m)) = (ask.from, &mut mapped)
            && !m.player
        {
            return generic_deck(ask, from, &mut m.sheet, data);
        }
        let (columns, positions) = match &mapped {
            Some(m) => (Some(m.columns.clone()), m.positions.clone()),
            None => (None, Vec::new()),
        };
        // The photos the sheet names, looked for beside it and in a photos
        // folder next to it: the folder that holds them is the deck's.
        let photos = match (ask.from, &mapped) {
            (Some(from), Some(m)) => m
                .photo_column()
                .and_then(|col| scaffold::picture_folder(ask, from, &m.sheet, col))
                .map(|dir| scaffold::relative_to_layout(ask.layout, &dir)),
            _ => None,
        };
        let mut s = layout::scaffold(Self::NAME, (template.clone(), data), photos, columns, positions)?;
        if let Some(m) = mapped {
            for note in &m.notes {
                s = s.note(note);
            }
            s.from = Some(m.summary);
        }
        if template == COMPANION_TEMPLATE {
            // No project template to name: the shipped one is written beside
            // the deck, so that it builds as it is.
            s.companions
                .push((COMPANION_TEMPLATE.into(), scaffold::SHIPPED_TEMPLATE.to_string()));
        }
        Ok(s)
    }
}

/// The field of the copies of each card, as `[header_words]` of a
/// language's labels names it.
const QUANTITY_FIELD: &str = "quantity";

/// The deck layout and generic card template `pitchprint new card-deck
/// --from` writes for a sheet that is not a player's: the template beside
/// the deck, named after it (`events-card.toml`).
fn generic_deck(
    ask: &Ask<'_>,
    from: &std::path::Path,
    sheet: &mut crate::spreadsheet::Sheet,
    data: String,
) -> Result<Scaffold, String> {
    let mut mapped = generic_scaffold::map(sheet, from);
    // A header the language's labels name the copies by (`Quantidade`, in
    // `[header_words] quantity` of a Portuguese labels file): read as the
    // shipped words are, by its column's standing in for "quantity".
    if mapped.quantity.is_none() {
        let words: Vec<String> = crate::i18n::header_words(ask.world, ask.layout, QUANTITY_FIELD)
            .iter()
            .map(|w| scaffold::plain(w))
            .collect();
        if let Some(at) = sheet.headers.iter().position(|h| words.contains(&scaffold::plain(h))) {
            let header = std::mem::replace(&mut sheet.headers[at], QUANTITY_FIELD.to_string());
            mapped = generic_scaffold::map(sheet, from);
            sheet.headers[at] = header.clone();
            mapped.quantity = Some(header);
        }
    }
    let stem = ask
        .layout
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let template = format!("{stem}-card.toml");
    let photos = mapped
        .pictures
        .and_then(|col| scaffold::picture_folder(ask, from, sheet, col))
        .map(|dir| scaffold::relative_to_layout(ask.layout, &dir));
    // The back says what the deck is, as its file does ("tactics.toml":
    // TACTICS).
    let back = stem.replace(['-', '_'], " ").to_uppercase();
    let mut s = layout::generic_scaffold(Kind::NAME, (template.clone(), data), photos, mapped.quantity, back)?;
    s.from = Some(mapped.summary);
    s.companions.push((template, mapped.template));
    Ok(s)
}

/// The card template `pitchprint new` writes beside a deck when the project
/// has none.
const COMPANION_TEMPLATE: &str = "player-card.toml";

impl Resolved for Deck {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn compose_shared(self: Arc<Self>) -> Document {
        compose::compose_runs(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        let copies = self.cards.iter().map(|c| c.quantity as usize).sum();
        let mut findings = sheet::check(source, doc, &self.print, copies, self.template.size);
        findings.extend(check::check(source, self, doc));
        findings
    }

    fn as_cards(&self) -> Option<&dyn Cards> {
        Some(self)
    }
}

impl Cards for Deck {
    fn card_face(&self) -> CardFace {
        CardFace {
            size: self.template.size,
            stats: self.template.stats.rect(),
        }
    }

    fn play(&self) -> Option<&crate::play::PlayReport> {
        self.play.as_ref()
    }

    fn reading(&self) -> Option<&str> {
        self.reading.as_deref()
    }

    fn item_pages(&self) -> ItemPages {
        let names = file_names(&self.cards)
            .into_iter()
            .zip(&self.cards)
            .flat_map(|(name, c)| std::iter::repeat_n(name, c.quantity as usize))
            .collect();
        ItemPages {
            doc: compose::card_pages(self),
            names,
        }
    }

    fn count(&self) -> usize {
        self.cards.iter().map(|c| c.quantity as usize).sum()
    }

    fn clubs(&self) -> usize {
        let mut teams: Vec<&str> = self.cards.iter().map(|c| c.team.as_str()).collect();
        teams.sort_unstable();
        teams.dedup();
        teams.len()
    }

    fn per_sheet(&self) -> usize {
        crate::sheet::nup::grid(self.template.size, &self.print).per_page()
    }

    fn dealt(&self) -> Dealt {
        dealt::dealt(self)
    }
}

/// The longest name a card's file takes from its player, in characters.
pub const NAME_CHARS: usize = 40;

/// A card's file name: its player's name in lowercase ASCII letters and
/// digits joined by dashes (`adrian-abril`), or, for a name with none of
/// those (`李小龍`, `---`), the spreadsheet line it came from (`line-14`).
fn file_name(card: &Card) -> String {
    let slug = slug(&card.name);
    if slug.is_empty() {
        format!("line-{}", card.line)
    } else {
        slug
    }
}

/// Every card's file name ([`file_name`]), told apart when two players share
/// a name: the team is added (`juan-garcia-club-uno`), and when the team is
/// the same too, the spreadsheet line (`juan-garcia-club-uno-line-12`).
pub fn file_names(cards: &[Card]) -> Vec<String> {
    let count = |names: &[String], n: &String| names.iter().filter(|m| *m == n).count();
    let plain: Vec<String> = cards.iter().map(file_name).collect();
    let teamed: Vec<String> = cards
        .iter()
        .zip(&plain)
        .map(|(c, n)| match count(&plain, n) {
            1 => n.clone(),
            _ => [n.clone(), slug(&c.team)].join("-").trim_end_matches('-').to_string(),
        })
        .collect();
    cards
        .iter()
        .zip(&teamed)
        .map(|(c, n)| match count(&teamed, n) {
            1 => n.clone(),
            _ => format!("{n}-line-{}", c.line),
        })
        .collect()
}

/// `name` in lowercase ASCII letters and digits, accents taken off, every
/// other run of characters a single dash, at most [`NAME_CHARS`] long.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        let plain = match c {
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' | 'Á' | 'À' | 'Â' | 'Ä' | 'Ã' | 'Å' => "a",
            'é' | 'è' | 'ê' | 'ë' | 'É' | 'È' | 'Ê' | 'Ë' => "e",
            'í' | 'ì' | 'î' | 'ï' | 'Í' | 'Ì' | 'Î' | 'Ï' => "i",
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' | 'ø' | 'Ó' | 'Ò' | 'Ô' | 'Ö' | 'Õ' | 'Ø' => "o",
            'ú' | 'ù' | 'û' | 'ü' | 'Ú' | 'Ù' | 'Û' | 'Ü' => "u",
            'ñ' | 'Ñ' => "n",
            'ç' | 'Ç' => "c",
            'ß' => "ss",
            'æ' | 'Æ' => "ae",
            c if c.is_ascii_alphanumeric() => {
                out.push(c.to_ascii_lowercase());
                continue;
            }
            _ => {
                if !out.is_empty() && !out.ends_with('-') {
                    out.push('-');
                }
                continue;
            }
        };
        out.push_str(plain);
    }
    let mut out: String = out.chars().take(NAME_CHARS).collect();
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// The card templates the card decks among `layouts` name (each as its deck
/// reaches it, `.` and `..` taken out): not layouts themselves, though a
/// template written beside its deck (`pitchprint new card-deck`) sits in
/// the same folder, so a build or a kit of the folder leaves them out.
pub fn templates_named(
    world: &dyn crate::input::world::World,
    layouts: &[std::path::PathBuf],
) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for layout in layouts {
        let Ok(text) = crate::input::read_text(world, layout, crate::input::world::Input::Layout) else {
            continue;
        };
        let Ok(table) = text.parse::<toml::Table>() else {
            continue;
        };
        if table.get("kind").and_then(toml::Value::as_str) != Some(Kind::NAME) {
            continue;
        }
        if let Some(template) = table.get(layout::TEMPLATE).and_then(toml::Value::as_str) {
            let dir = layout.parent().unwrap_or(std::path::Path::new(""));
            out.push(crate::input::world::tidy(&dir.join(template)));
        }
    }
    out
}
