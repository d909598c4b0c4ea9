//! Player-card decks (`kind = "card-deck"`, docs/GAMES.md, "The league"): one
//! card per row of a CSV spreadsheet, drawn with a card template, with photos.
//!
//! The deck layout maps the spreadsheet's own column names onto the fields a
//! card needs, so a user's sheet is read as it is. Every bad cell is a finding
//! that names the CSV file, its line, the column and what to do.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use schemars::JsonSchema;
use serde::Deserialize;

use crate::components::card_deck::deal::{self, RawDeal};
use crate::components::card_deck::generic;
use crate::components::card_deck::scale::{RawScale, Scale};
use crate::components::card_template::extras;
use crate::components::card_template::{CardKind, CardTemplate, Template, load_template};
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::font::FontFace;
use crate::font::chars::excerpt;
use crate::geom::Size;
use crate::i18n::{has_decimal, with_decimal_mark};
use crate::input::source::Source;
use crate::input::world::World;
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::Resolver;
use crate::layout::section::{Value, join_key};
use crate::layout::values::{Label, Word};
use crate::limits::MAX_CARDS;
use crate::photo;
use crate::play::simulate;
use crate::print::NupOptions;
use crate::print::PageSpec;
use crate::scene::picture::Picture;
use crate::section;
use crate::spreadsheet::join;
use crate::spreadsheet::sites::{SITES, Site};
use crate::spreadsheet::{self, Dialect, Mark, Sheet};

/// The layout as written (every key but `kind`).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    /// The card template, relative to this file.
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    template: String,
    /// The players' spreadsheet (`.csv`, `.xlsx` or `.ods`), relative to
    /// this file: a header row, then a row per player.
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    data: String,
    /// The folder the photo column's file names are relative to (this
    /// file's own when left out).
    #[serde(default)]
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    photos: Option<String>,
    /// How photos that are not JPEG are kept: "as-given" (lossless) or
    /// "jpeg" (smaller files).
    #[serde(default)]
    #[schemars(schema_with = "photo_format_schema")]
    photo_format: Option<String>,
    /// The CSV's cell separator, when the header's is not the one to go by.
    #[serde(default)]
    #[schemars(schema_with = "delimiter_schema")]
    delimiter: Option<String>,
    /// The decimal mark of every number, when the columns' own is not.
    #[serde(default)]
    #[schemars(schema_with = "decimal_schema")]
    decimal: Option<String>,
    /// A workbook's sheet to read (the first when left out).
    #[serde(default)]
    #[schemars(schema_with = "crate::layout::schema::value::<Word>")]
    sheet: Option<String>,
    /// The sheet's column for each card field, or the statistics site
    /// whose export the sheet is (`columns = "fbref"`, `"eafc"`,
    /// `"transfermarkt"`); left out, a site's header is recognised.
    #[serde(default)]
    #[schemars(schema_with = "columns_schema")]
    columns: ColumnsOr,
    /// Other exports whose columns are added to each player's row by the
    /// player's name, relative to this file (FBref's passing table beside
    /// its standard one, Transfermarkt's market values).
    #[serde(default)]
    #[schemars(schema_with = "join_schema")]
    join: Vec<String>,
    /// The sheet's own words for the positions: `"Defensa" = "DF"`.
    #[serde(default)]
    #[schemars(schema_with = "positions_schema")]
    positions: BTreeMap<String, String>,
    #[serde(default)]
    labels: RawLabels,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    print: RawPrint,
    #[serde(default)]
    deal: RawDeal,
    /// How a sheet of real figures becomes the card's small numbers, per
    /// field: `{ from = [0, 75], to = [0, 2] }` or `{ rank = [0, 2] }`.
    #[serde(default)]
    scale: RawScale,
}

section! {
    /// The spreadsheet's column names for each field of a card, so that a
    /// user's sheet is read as it is.
    pub struct Columns / RawColumns / ColumnsKeys in "columns" {
        /// The player's name.
        name: Word = "name",
        /// The team.
        team: Word = "team",
        /// GK, DF, MF, FW (or POR, DEF, MED, DEL).
        position: Word = "position",
        /// Good passes.
        passes: Word = "good_passes",
        /// Balls won.
        won: Word = "balls_won",
        /// Shots on goal.
        shots: Word = "shots_on_goal",
        /// Goals conceded, read for goalkeepers only.
        conceded: Word = "goals_conceded",
        /// Saves, read for goalkeepers only.
        saves: Word = "saves",
        /// The price.
        price: Word = "price",
        /// Optional: the photo's file name; an empty cell draws a silhouette.
        photo: Word = "photo",
        /// Optional: copies of the card, 1 when empty.
        quantity: Word = "quantity",
        /// Optional: where to crop the photo around, 0-1 across.
        focus_x: Word = "focus_x",
        /// Optional: where to crop the photo around, 0-1 down.
        focus_y: Word = "focus_y",
    }
}

impl Columns {
    /// The names of every column the deck reads, required and optional.
    fn names(&self) -> Vec<&str> {
        let c = self;
        [
            &c.name,
            &c.team,
            &c.position,
            &c.passes,
            &c.won,
            &c.shots,
            &c.conceded,
            &c.saves,
            &c.price,
            &c.photo,
            &c.quantity,
            &c.focus_x,
            &c.focus_y,
        ]
        .map(|w| &**w)
        .to_vec()
    }
}

section! {
    /// The words on the cards, validated.
    pub struct Labels / RawLabels / LabelsKeys in "labels" {
        /// The goalkeepers' badge.
        goalkeeper: Label = "@deck.goalkeeper",
        /// The defenders' badge.
        defender: Label = "@deck.defender",
        /// The midfielders' badge.
        midfielder: Label = "@deck.midfielder",
        /// The forwards' badge.
        forward: Label = "@deck.forward",
        /// Label of the good passes.
        passes: Label = "@deck.passes",
        /// Label of the balls won.
        won: Label = "@deck.won",
        /// Label of the shots on goal.
        shots: Label = "@deck.shots",
        /// Label of the goals conceded (goalkeepers only).
        conceded: Label = "@deck.conceded",
        /// Label of the saves (goalkeepers only).
        saves: Label = "@deck.saves",
        /// Label of the price.
        price: Label = "@deck.price",
        /// Printed after the price: `"Peso|Pesos"` gives the singular to a
        /// price of 1 and the plural to the others.
        currency: Label = "@deck.currency",
        /// The back's title.
        back: Label = "@deck.back",
    }
}

pub use crate::play::position::Position;

/// `[columns]` as written: a table of the sheet's column names, or the
/// name of the statistics site whose export the sheet is.
#[derive(Clone, Debug)]
enum ColumnsOr {
    /// `columns = "fbref"`.
    Site(String),
    /// `[columns] name = "Jugador"`.
    Table(Box<RawColumns>),
}

impl Default for ColumnsOr {
    fn default() -> Self {
        ColumnsOr::Table(Box::default())
    }
}

impl<'de> Deserialize<'de> for ColumnsOr {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Either;
        impl<'de> serde::de::Visitor<'de> for Either {
            type Value = ColumnsOr;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a table of the sheet's column names, or a statistics site such as \"fbref\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ColumnsOr, E> {
                Ok(ColumnsOr::Site(v.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<ColumnsOr, A::Error> {
                // The table's own reader, so that a wrong key is said at its key.
                RawColumns::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|t| ColumnsOr::Table(Box::new(t)))
            }
        }
        d.deserialize_any(Either)
    }
}

fn columns_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let table = g.subschema_for::<RawColumns>();
    let sites = crate::layout::schema::one_of(SITES.iter().map(|s| s.id));
    schemars::json_schema!({ "anyOf": [table, sites] })
}

fn join_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": "array", "items": { "type": "string" } })
}

/// The table of the sheet's column names, or its site.
const COLUMNS: &str = "columns";

/// The root key naming the exports joined to `data` by player name.
const JOIN: &str = "join";

/// The card fields a site may give a column to.
const FIELDS: [&str; 9] = [
    "name", "team", "position", "passes", "won", "shots", "conceded", "saves", "price",
];

/// How the deck reads its sheet: the site its layout names (else the one
/// its header is recognised as), the files joined to it, and the fields whose
/// column the layout writes (the site's own stand in for the others).
struct Reading {
    site: Option<&'static Site>,
    joins: Vec<PathBuf>,
    written: Vec<&'static str>,
}

/// The deck's columns, and how it reads its sheet, as the layout says.
fn reading(r: &mut Resolver<'_>, raw: &Raw, dir: &Path) -> (Columns, Reading) {
    let (columns, site) = match &raw.columns {
        ColumnsOr::Table(t) => (t.resolve(r), None),
        ColumnsOr::Site(id) => {
            let site = Site::named(id);
            if site.is_none() {
                r.bad(
                    COLUMNS,
                    Code::LayoutValue,
                    format!("\"{id}\" is not a statistics site the deck reads"),
                    format!(
                        "name one of {}, or write a [columns] table of your sheet's column names",
                        Site::ids()
                    ),
                );
            }
            (RawColumns::default().resolve(r), site)
        }
    };
    let joins = raw
        .join
        .iter()
        .map(|p| dir.join(Word::resolve(r, JOIN, p, "")))
        .collect();
    let written = FIELDS
        .into_iter()
        .filter(|f| r.source.has_key(&join_key(COLUMNS, f)))
        .collect();
    (columns, Reading { site, joins, written })
}

/// One card, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    /// The CSV line it came from.
    pub line: usize,
    /// Player name.
    pub name: String,
    /// Name size, fitted to the name box.
    pub name_size: f64,
    /// Team.
    pub team: String,
    /// Team size, fitted.
    pub team_size: f64,
    /// The player's position; `None` for a generic card, which has none.
    pub position: Option<Position>,
    /// Stat rows: label and value, as shown.
    pub stats: Vec<(String, String)>,
    /// The price, as shown.
    pub price: String,
    /// The photo, or `None` for the drawn silhouette.
    pub picture: Option<Arc<Picture>>,
    /// How many copies.
    pub quantity: u32,
    /// The cells of the template's own columns: (column, cell), its
    /// `[[field]]`s then its `[[image]]`s.
    pub extra: Vec<(String, String)>,
    /// Each `[[field]]`'s fitted size.
    pub field_sizes: Vec<f64>,
    /// Each `[[image]]`'s picture, placed whole in its box; `None` leaves it empty.
    pub images: Vec<Option<extras::Placed>>,
    /// A generic card's frame, back and boxes as its data styles them
    /// (`[[style]]`); the template's own on a player card.
    pub look: crate::components::card_template::style::Look,
}

/// A resolved deck.
#[derive(Clone, Debug, PartialEq)]
pub struct Deck {
    /// Paper and margin.
    pub page: PageSpec,
    /// Imposition.
    pub print: NupOptions,
    /// The card template.
    pub template: Template,
    /// The cards, in CSV order.
    pub cards: Vec<Card>,
    /// Position labels: goalkeeper, defender, midfielder, forward.
    pub position_labels: [String; 4],
    /// The price label.
    pub price_label: String,
    /// The back's title.
    pub back_title: String,
    /// The template's back image, filling the card and its bleed.
    pub back_picture: Option<Arc<Picture>>,
    /// Each stat's label with the `[labels]` key that sets it, so that a
    /// finding about a label's words points at that key.
    pub stat_labels: Vec<(String, &'static str)>,
    /// Warnings found while reading (missing photos).
    pub warnings: Vec<Finding>,
    /// The figures of its league matches as the checker played them, when
    /// its `[deal]` plays the league's rules.
    pub play: Option<crate::play::PlayReport>,
    /// How its sheet was read, when a statistics site's export: the site,
    /// the files joined, and the columns taken for each field.
    pub reading: Option<String>,
}

impl Deck {
    /// The `[labels]` key of the stat labelled `words` (the template when
    /// the words are not a label's).
    pub fn stat_key(&self, words: &str) -> &'static str {
        self.stat_labels
            .iter()
            .find(|(w, _)| w == words)
            .map_or(CardTemplate::KEY.stats, |(_, key)| key)
    }
}

/// The `[columns]` key that maps a card field to the sheet's column `name`.
fn column_key(c: &Columns, name: Option<&str>) -> Option<&'static str> {
    let k = Columns::KEY;
    let keyed = [
        (k.name, &c.name),
        (k.team, &c.team),
        (k.position, &c.position),
        (k.passes, &c.passes),
        (k.won, &c.won),
        (k.shots, &c.shots),
        (k.conceded, &c.conceded),
        (k.saves, &c.saves),
        (k.price, &c.price),
        (k.photo, &c.photo),
        (k.quantity, &c.quantity),
        (k.focus_x, &c.focus_x),
        (k.focus_y, &c.focus_y),
    ];
    keyed
        .iter()
        .find(|(_, col)| Some(col.as_str()) == name)
        .map(|(key, _)| *key)
}

/// The root keys naming the files a deck reads: the card template, the
/// spreadsheet and the folder of photos.
pub const TEMPLATE: &str = "template";
const DATA: &str = "data";
const PHOTOS: &str = "photos";
const PHOTO_FORMAT: &str = "photo_format";

/// The values of `photo_format`: photos kept as given, or all made JPEG.
const PHOTO_FORMATS: [&str; 2] = ["as-given", "jpeg"];

/// The values of `delimiter` and the cell separator each stands for.
const DELIMITERS: [(&str, u8); 4] = [(",", b','), (";", b';'), ("\t", b'\t'), ("tab", b'\t')];

/// The values of `decimal` and the mark each stands for.
const DECIMALS: [(&str, Mark); 2] = [("point", Mark::Point), ("comma", Mark::Comma)];

fn positions_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let codes = crate::layout::schema::one_of(Position::CODES.iter().map(|(code, _)| *code));
    schemars::json_schema!({ "type": "object", "additionalProperties": codes })
}

fn photo_format_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    crate::layout::schema::one_of(PHOTO_FORMATS)
}

fn delimiter_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    crate::layout::schema::one_of(DELIMITERS.iter().map(|(name, _)| *name))
}

fn decimal_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    crate::layout::schema::one_of(DECIMALS.iter().map(|(name, _)| *name))
}

/// A sheet's text that the game's own font cannot draw (a name in Latin
/// letters, a font made for another script) is the font's doing as much
/// as the text's: the `text-glyph` findings at the sheet's cells say so,
/// with a note at the `[font]` table that names the font, where the fix
/// most often is. With the bundled font nothing changes: it has the
/// letters, and the text is the thing to change.
fn blame_the_font(findings: &mut [Finding], fonts_at: Option<&crate::diag::Location>, t: &Template) {
    let Some(at) = fonts_at else { return };
    if t.regular.loaded().is_none() && t.bold.loaded().is_none() {
        return;
    }
    for f in findings.iter_mut().filter(|f| f.code == Code::TextGlyph) {
        f.hint = Some(
            "the game's own font lacks these letters: name a font that has them in the [font] table noted \
             below (regular and bold), or write the text in letters the font has"
                .into(),
        );
        f.notes.push(crate::diag::Note {
            message: "the game's fonts are named here".into(),
            location: at.clone(),
        });
    }
}

/// `findings`, each one about the file `path` itself (it is missing, a
/// folder, unreadable) with a note at the deck's `key` that names it: the
/// user fixes the name in the deck layout, not the file.
fn named_at(source: &Source, mut findings: Vec<Finding>, path: &Path, key: &str) -> Vec<Finding> {
    for f in findings
        .iter_mut()
        .filter(|f| f.location.line.is_none() && f.location.file == path)
    {
        f.notes.push(crate::diag::Note {
            message: "the file is named here".into(),
            location: source.locate(key),
        });
    }
    findings
}

/// Reads and validates a `card-deck` layout, its template, its CSV and photos.
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<Deck, Vec<Finding>> {
    let (source, cx) = (r.source, r.cx);
    let page = r.page(&raw.page);
    let print = raw.print.options(&mut r, &page);
    let dir = source.path.parent().unwrap_or(Path::new("")).to_path_buf();
    let template_path = dir.join(&raw.template);
    let template = load_template(cx, &template_path).map_err(|f| named_at(source, f, &template_path, TEMPLATE))?;
    let csv_path = dir.join(&raw.data);
    let mut warnings = Vec::new();
    let photo_dir = photo_folder(&mut r, &raw, &dir, &csv_path, &mut warnings);
    let (columns, reading) = reading(&mut r, &raw, &dir);
    let labels = raw.labels.resolve(&mut r);
    if template.cards == CardKind::Generic {
        return resolve_generic(
            raw,
            r,
            (page, print, template),
            (&csv_path, photo_dir),
            (columns, labels, warnings),
        );
    }
    let l = &labels;
    let position_labels = [
        l.goalkeeper.clone(),
        l.defender.clone(),
        l.midfielder.clone(),
        l.forward.clone(),
    ];
    let words = [
        &l.goalkeeper,
        &l.defender,
        &l.midfielder,
        &l.forward,
        &l.passes,
        &l.won,
        &l.shots,
        &l.conceded,
        &l.saves,
        &l.price,
        &l.currency,
        &l.back,
    ];
    r.findings
        .extend(extras::label_glyphs(&template, &words.map(String::as_str)));
    if !labels_fit(&mut r, l, &template) {
        // Every card would repeat the label's mistake at its own row.
        return Err(std::mem::take(&mut r.findings));
    }
    let dialect = dialect(&mut r, &raw, source);
    let words = position_words(&mut r, &raw.positions);
    let scale = raw.scale.resolve(&mut r);
    let read = read_cards(
        cx.world,
        (&csv_path, &dialect, &words, &scale),
        &reading,
        photo_dir.as_deref(),
        &columns,
        (l, cx.overrides.lang()),
        &template,
    )
    .map_err(|mut f| {
        place_columns(&mut f, source, &columns);
        blame_the_font(&mut f, cx.fonts_at.as_ref(), &template);
        f.extend(std::mem::take(&mut r.findings));
        named_at(source, f, &csv_path, DATA)
    })?;
    let back_picture = extras::back_picture(cx.world, &template, print.bleed).unwrap_or_else(|f| {
        r.findings.push(*f);
        None
    });
    let deal = raw.deal.resolve(&mut r);
    let mut have = [0u32; 4];
    for c in &read.cards {
        if let Some(p) = c.position {
            have[p.index()] += c.quantity;
        }
    }
    let prices: Vec<deal::Price<'_>> = read
        .cards
        .iter()
        .zip(&read.prices)
        .map(|(c, at)| deal::Price {
            player: &c.name,
            written: &c.price,
            at: at.clone(),
        })
        .collect();
    deal::check(&mut r, &deal, have, &prices);
    drop(prices);
    let play = deal::play(&mut r, &deal, &players(&read.cards), &mut warnings);
    let mut cards = read.cards;
    photos_as_asked(&mut r, raw.photo_format.as_deref(), &mut cards);
    let mut read_warnings = read.warnings;
    place_columns(&mut read_warnings, source, &read.columns);
    warnings.extend(read_warnings);
    localise_numbers(&mut r, &mut cards);
    r.finish(Deck {
        page,
        print,
        template,
        cards,
        position_labels,
        price_label: l.price.clone(),
        back_title: l.back.clone(),
        back_picture,
        stat_labels: [
            (&l.passes, Labels::KEY.passes),
            (&l.won, Labels::KEY.won),
            (&l.shots, Labels::KEY.shots),
            (&l.conceded, Labels::KEY.conceded),
            (&l.saves, Labels::KEY.saves),
        ]
        .into_iter()
        .map(|(words, key)| (words.clone(), key))
        .collect(),
        warnings,
        play,
        reading: read.reading,
    })
}

/// Reads a deck of generic cards ([`generic`]): the template's fields from
/// any sheet, no player read, no league dealt (a `[deal]` written for one
/// is said to be left unread).
fn resolve_generic(
    raw: Raw,
    mut r: Resolver<'_>,
    (page, print, template): (PageSpec, NupOptions, Template),
    (csv_path, photo_dir): (&Path, Option<PathBuf>),
    (columns, labels, mut warnings): (Columns, Labels, Vec<Finding>),
) -> Result<Deck, Vec<Finding>> {
    let source = r.source;
    r.findings
        .extend(extras::label_glyphs(&template, &[labels.back.as_str()]));
    let dialect = dialect(&mut r, &raw, source);
    let quantity = source
        .has_key(Columns::KEY.quantity)
        .then_some(columns.quantity.as_str());
    let fonts_at = r.cx.fonts_at.clone();
    let read = generic::read_cards(&mut r, (csv_path, &dialect), photo_dir.as_deref(), quantity, &template).map_err(
        |mut f| {
            blame_the_font(&mut f, fonts_at.as_ref(), &template);
            f.extend(std::mem::take(&mut r.findings));
            named_at(source, f, csv_path, DATA)
        },
    )?;
    // A player's columns mean nothing to a generic card: one written is
    // said, not read in silence.
    let k = Columns::KEY;
    let player_keys = [
        k.name, k.team, k.position, k.passes, k.won, k.shots, k.conceded, k.saves, k.price, k.photo, k.focus_x,
        k.focus_y,
    ];
    if let Some(key) = player_keys.into_iter().find(|k| source.has_key(k)) {
        warnings.push(
            Finding::warning(
                Code::LayoutValue,
                "a generic card reads the columns its template's [[field]] and [[image]] name: this column is not read",
                source.locate(key),
            )
            .with_hint("name the column in a [[field]] of the card template (column = \"...\"), and remove it here; [columns] reads only quantity"),
        );
    }
    let dealt = deal::Deal::KEY;
    if let Some(key) = [dealt.table, dealt.bank, dealt.rules]
        .into_iter()
        .find(|k| source.has_key(k))
    {
        warnings.push(
            Finding::warning(
                Code::LayoutValue,
                "a deck of generic cards is dealt in no league: its [deal] is not read",
                source.locate(key),
            )
            .with_hint("remove [deal]: it checks a deck of player cards against the league's table and bank"),
        );
    }
    // Every key is held to what it may be, read or not: a deck whose
    // template turns generic keeps a layout that loads as it did.
    let _ = raw.deal.resolve(&mut r);
    let _ = raw.scale.resolve(&mut r);
    let _ = position_words(&mut r, &raw.positions);
    photos_as_asked(&mut r, raw.photo_format.as_deref(), &mut []);
    let back_picture = extras::back_picture(r.cx.world, &template, print.bleed).unwrap_or_else(|f| {
        r.findings.push(*f);
        None
    });
    warnings.extend(read.warnings);
    let cards = read.cards.into_iter().map(|c| generic_card(&mut r, c)).collect();
    r.finish(Deck {
        page,
        print,
        template,
        cards,
        position_labels: Default::default(),
        price_label: String::new(),
        back_title: labels.back,
        back_picture,
        stat_labels: Vec::new(),
        warnings,
        play: None,
        reading: None,
    })
}

/// A generic card as a deck's card: its number cells written with the
/// language's decimal mark, no player's parts.
fn generic_card(r: &mut Resolver<'_>, c: generic::Card) -> Card {
    let extra = c
        .extra
        .into_iter()
        .zip(&c.numbers)
        .map(|((column, cell), &number)| {
            let cell = if number { r.numbers(TEMPLATE, &cell) } else { cell };
            (column, cell)
        })
        .collect();
    Card {
        line: c.line,
        name: c.name,
        name_size: 0.0,
        team: String::new(),
        team_size: 0.0,
        position: None,
        stats: Vec::new(),
        price: String::new(),
        picture: None,
        quantity: c.quantity,
        extra,
        field_sizes: c.field_sizes,
        images: c.images,
        look: c.look,
    }
}

/// The folder of the deck's photos: `photos` relative to the layout, or the
/// spreadsheet's own folder. A folder named that is not there is said once,
/// at the key, rather than once per card: every card shows a silhouette.
fn photo_folder(
    r: &mut Resolver<'_>,
    raw: &Raw,
    dir: &Path,
    csv_path: &Path,
    warnings: &mut Vec<Finding>,
) -> Option<PathBuf> {
    let photo_dir: PathBuf = raw
        .photos
        .as_ref()
        .map(|p| dir.join(Word::resolve(r, PHOTOS, p, "")))
        .unwrap_or_else(|| csv_path.parent().unwrap_or(Path::new("")).to_path_buf());
    if raw.photos.is_some() && !r.cx.world.is_dir(&photo_dir) {
        warnings.push(
            Finding::warning(
                Code::CardPhoto,
                format!("there is no folder {}: every card shows a silhouette", photo_dir.display()),
                r.source.locate(PHOTOS),
            )
            .with_hint("`photos` is the folder of the photos, relative to the deck layout; leave it out to look beside the spreadsheet"),
        );
        return None;
    }
    Some(photo_dir)
}

/// The rows' figures made the card's numbers by `scale` (a field it does
/// not map, or a cell that is no number, is left as written).
fn scaled(scale: &Scale, rows: &mut [Row]) {
    if scale.is_empty() {
        return;
    }
    let mut values: Vec<(Position, [Option<f64>; 6])> = rows
        .iter()
        .map(|row| {
            let mut v = [None; 6];
            for (slot, (_, cell)) in v.iter_mut().zip(&row.stats) {
                *slot = cell.parse().ok();
            }
            v[5] = row.price.parse().ok();
            (row.position, v)
        })
        .collect();
    scale.apply(&mut values);
    for (row, (_, v)) in rows.iter_mut().zip(values) {
        for ((_, cell), x) in row.stats.iter_mut().zip(v) {
            if let Some(x) = x {
                *cell = format!("{x}");
            }
        }
        if let Some(x) = v[5] {
            row.price = format!("{x}");
        }
    }
}

/// The cards as the league's rules read them, each copy once: before the
/// numbers are written in the language's way (they are "2.5" here).
fn players(cards: &[Card]) -> Vec<simulate::Player> {
    let stat = |c: &Card, i: usize| c.stats.get(i).and_then(|(_, v)| v.parse::<f64>().ok()).unwrap_or(0.0);
    cards
        .iter()
        .filter_map(|c| Some((c, c.position?)))
        .flat_map(|(c, position)| {
            let p = simulate::Player {
                position,
                passes: stat(c, 0),
                won: stat(c, 1),
                shots: stat(c, 2),
                conceded: stat(c, 3),
                saves: stat(c, 4),
            };
            std::iter::repeat_n(p, c.quantity as usize)
        })
        .collect()
}

/// How the layout says its CSV is written (`delimiter`, `decimal`), each
/// refused at its key when it is not one the reader knows.
/// The root keys that say how the spreadsheet is written, when the file
/// alone does not.
const DELIMITER: &str = "delimiter";
const DECIMAL: &str = "decimal";
const SHEET: &str = "sheet";

fn dialect(r: &mut Resolver<'_>, raw: &Raw, source: &Source) -> Dialect {
    let sheet = raw.sheet.as_ref().map(|name| {
        let name = Word::resolve(r, SHEET, name, "");
        let at = Location {
            key: Some(SHEET.to_string()),
            ..source.locate(SHEET)
        };
        (name, at)
    });
    let delimiter = raw.delimiter.as_deref().and_then(|d| {
        let found = DELIMITERS.iter().find(|(name, _)| *name == d).map(|(_, b)| *b);
        if found.is_none() {
            r.bad(
                DELIMITER,
                Code::LayoutValue,
                format!("\"{d}\" is not a cell separator the reader knows"),
                "use \",\", \";\" or \"tab\", or leave the key out to take the header's",
            );
        }
        found
    });
    let decimal = raw.decimal.as_deref().and_then(|d| {
        let found = DECIMALS.iter().find(|(name, _)| *name == d).map(|(_, m)| *m);
        if found.is_none() {
            r.bad(
                DECIMAL,
                Code::LayoutValue,
                format!("\"{d}\" is not a decimal mark"),
                "use \"point\" (22.8) or \"comma\" (22,8), or leave the key out to take each column's own",
            );
        }
        found
    });
    Dialect {
        delimiter,
        decimal,
        sheet,
    }
}

/// A finding about a column the sheet lacks is placed where the column is
/// named: a required one keeps its place at the sheet's header with a note at
/// the `[columns]` key (or its default); an optional one (a warning) moves to
/// the key, and is dropped when the layout does not write the key (the
/// default's column is simply not there).
fn place_columns(findings: &mut Vec<Finding>, source: &Source, columns: &Columns) {
    findings.retain_mut(|finding| {
        if finding.code != Code::CardColumn {
            return true;
        }
        let Some(key) = column_key(columns, finding.location.key.as_deref()) else {
            return true;
        };
        let here = source.locate(key);
        let written = here.line.is_some();
        let here = Location {
            key: Some(key.to_string()),
            ..here
        };
        if !finding.is_error() {
            finding.location = here;
            return written;
        }
        let said = if written {
            "the column is named here"
        } else {
            "the column name is the default of this key"
        };
        finding.notes.push(crate::diag::Note {
            message: said.to_string(),
            location: here,
        });
        true
    });
}

/// The sheet's own words for the positions, from `[positions]`, by their
/// lowercase spelling; a group that is not one of the four is refused at
/// its key.
/// The table of the sheet's own words for the positions.
const POSITIONS: &str = "positions";

fn position_words(r: &mut Resolver<'_>, raw: &BTreeMap<String, String>) -> BTreeMap<String, Position> {
    let mut words = BTreeMap::new();
    for (word, group) in raw {
        match Position::parse(group) {
            Some(p) => {
                words.insert(word.trim().to_lowercase(), p);
            }
            None => r.bad(
                &join_key(POSITIONS, word),
                Code::LayoutValue,
                format!("\"{group}\" is not one of the four positions"),
                format!("write \"{word}\" = \"GK\", \"DF\", \"MF\" or \"FW\""),
            ),
        }
    }
    words
}

/// Photos as the deck's `photo_format` asks: "as-given" (the default: a
/// JPEG stays a JPEG, anything else is kept lossless) or "jpeg" (every photo
/// a JPEG, for a smaller file; clear parts laid on white). Each distinct
/// picture is encoded once however many cards show it.
fn photos_as_asked(r: &mut Resolver<'_>, format: Option<&str>, cards: &mut [Card]) {
    let [as_given, jpeg] = PHOTO_FORMATS;
    match format.map(str::to_ascii_lowercase).as_deref() {
        None => {}
        Some(f) if f == as_given => {}
        Some(f) if f == jpeg => {
            let mut done: BTreeMap<String, Arc<Picture>> = BTreeMap::new();
            for card in cards.iter_mut() {
                let Some(p) = &card.picture else { continue };
                if let Some(q) = done.get(&p.id) {
                    card.picture = Some(q.clone());
                } else if let Ok(q) = photo::as_jpeg(p) {
                    // A picture that cannot be encoded keeps its lossless form.
                    let q = Arc::new(q);
                    done.insert(p.id.clone(), q.clone());
                    card.picture = Some(q);
                }
            }
        }
        Some(other) => r.bad(
            PHOTO_FORMAT,
            Code::LayoutValue,
            format!("\"{other}\" is not a photo format"),
            "\"as-given\" keeps PNG, WebP and GIF photos lossless; \"jpeg\" makes every photo a JPEG, for a smaller file",
        ),
    }
}

/// Writes the stats and prices the way the language being built writes a
/// fraction and groups thousands: the spreadsheet's "22.8" is "22,8 M" on a
/// Spanish card, its "3500000" "3.500.000 M". Numbers are checked as written
/// (a point or a comma), so this comes last.
fn localise_numbers(r: &mut Resolver<'_>, cards: &mut [Card]) {
    let has = |c: &Card| c.stats.iter().any(|(_, v)| has_decimal(v)) || has_decimal(&c.price);
    // A language without a mark is reported once, at the price column.
    if cards.iter().any(has)
        && let Some(mark) = r.decimal_mark(Columns::KEY.price)
    {
        for card in cards.iter_mut() {
            for (_, value) in &mut card.stats {
                *value = with_decimal_mark(value, &mark);
            }
            card.price = with_decimal_mark(&card.price, &mark);
        }
    }
    // Then prices of a thousand or more are grouped as the language groups
    // digits ("3.500.000 M" in Spanish, "3,500,000 M" in English), from the
    // size it starts grouping at (`[format] group_from`).
    let leading = |p: &str| p.bytes().take_while(u8::is_ascii_digit).count();
    if cards.iter().any(|c| leading(&c.price) >= 4) {
        let thousands = r.text(Columns::KEY.price, "@format.thousands");
        let from = r.text(Columns::KEY.price, "@format.group_from").parse().ok();
        if let Some(from) = from.filter(|_| !thousands.starts_with('@')) {
            for card in cards.iter_mut() {
                card.price = crate::game::numbers::group_leading(&card.price, &thousands, from);
            }
        }
    }
}

/// The columns the deck needs, found in the spreadsheet's header row.
struct ColumnIndex {
    name: usize,
    team: usize,
    position: usize,
    passes: usize,
    won: usize,
    shots: usize,
    conceded: usize,
    saves: usize,
    price: usize,
    photo: Option<usize>,
    quantity: Option<usize>,
    focus_x: Option<usize>,
    focus_y: Option<usize>,
}

/// One spreadsheet row, read and checked but not yet fitted to the template.
struct Row {
    line: usize,
    name: String,
    team: String,
    position: Position,
    stats: Vec<(String, String)>,
    price: String,
    photo: Option<(PathBuf, (f64, f64))>,
    quantity: u32,
    extra: Vec<(String, String)>,
}

#[allow(clippy::too_many_arguments)]
fn read_cards(
    world: &dyn World,
    (csv_path, dialect, words, scale): (&Path, &Dialect, &BTreeMap<String, Position>, &Scale),
    reading: &Reading,
    photo_dir: Option<&Path>,
    cols: &Columns,
    (labels, lang): (&Labels, &str),
    t: &Template,
) -> Result<ReadCards, Vec<Finding>> {
    let mut findings = Vec::new();
    let (mut sheet, site, cols, said) = read_sheet(world, (csv_path, dialect), reading, cols)?;
    let cols = &cols;
    findings.append(&mut sheet.notes);
    let Some((ci, extra_cols)) = sheet_columns(&sheet, csv_path, (cols, lang), t, (site, reading), &mut findings)
    else {
        return Err(findings);
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut seen: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut copies = 0;
    let too_many = |line: usize| {
        Finding::error(
            Code::CardData,
            format!("the deck holds more than {MAX_CARDS} cards (copies included), the most a deck prints"),
            sheet.row_at(line),
        )
        .with_hint("keep the players a game uses, or split the sheet into two decks")
    };
    for (n, record) in sheet.rows.iter().enumerate() {
        // Rows past the cap are not read: a sheet of a hundred thousand
        // rows is refused at its first row too many.
        if n as u32 >= MAX_CARDS {
            let line = record.as_ref().map(|r| r.line).unwrap_or(0);
            findings.push(too_many(line));
            break;
        }
        let record = match record {
            Ok(r) => r,
            Err(bad) => {
                findings.push(bad.clone());
                continue;
            }
        };
        if let Some(mut row) = read_row(record, &sheet, &ci, (labels, words, t), photo_dir, &mut findings) {
            findings.extend(repeated(&row, &sheet, ci.name, &mut seen));
            row.extra = extras::cells(record, &sheet.headers, &extra_cols);
            copies += row.quantity;
            let line = row.line;
            rows.push(row);
            if copies > MAX_CARDS {
                findings.push(too_many(line));
                break;
            }
        }
    }
    if rows.is_empty() && !findings.iter().any(Finding::is_error) {
        findings.push(
            Finding::error(
                Code::CardData,
                "the spreadsheet has no players",
                Location::file(csv_path),
            )
            .with_hint("add one row per player under the header"),
        );
    }
    scaled(scale, &mut rows);
    let mut cards = fit_cards(&rows, &sheet, &ci, labels, t, &mut findings);
    // The extra fields' cells: drawable in their face, and fitting their box
    // (the name and team are checked as their row is read).
    for card in &mut cards {
        let at = |col| sheet.at(card.line, col);
        let texts: Vec<_> = t
            .fields
            .iter()
            .zip(&card.extra)
            .zip(&extra_cols)
            .map(|((f, (_, v)), &col)| (v.as_str(), f.face(t), col))
            .collect();
        findings.extend(extras::glyphs(&texts, &at));
        match extras::fit(&card.extra, t, &extra_cols, &at) {
            Ok(sizes) => card.field_sizes = sizes,
            Err(f) => findings.extend(f),
        }
    }
    if findings.iter().any(Finding::is_error) {
        return Err(findings);
    }
    let mut warnings = findings;
    warnings.extend(attach_photos(world, &mut cards, &rows, t, &sheet, &ci, cols));
    let cells: Vec<_> = cards.iter().map(|c| c.extra.clone()).collect();
    let at = |k: usize, col: usize| sheet.at(cards[k].line, col);
    let (images, more) = extras::images(world, &cells, t, photo_dir, &extra_cols, &at);
    warnings.extend(more);
    for (card, placed) in cards.iter_mut().zip(images) {
        card.images = placed;
    }
    let prices = rows.iter().map(|r| sheet.at(r.line, ci.price)).collect();
    Ok(ReadCards {
        cards,
        warnings,
        prices,
        columns: cols.clone(),
        reading: said,
    })
}

/// The deck's sheet with the files `join` names joined to it by player
/// name, the site whose export it is (named or recognised), the columns
/// with that site's standing in for those the layout does not write, and
/// what the output says of it.
#[allow(clippy::type_complexity)]
fn read_sheet(
    world: &dyn World,
    (csv_path, dialect): (&Path, &Dialect),
    reading: &Reading,
    cols: &Columns,
) -> Result<(Sheet, Option<&'static Site>, Columns, Option<String>), Vec<Finding>> {
    let mut sheet = spreadsheet::read(world, csv_path, dialect)?;
    // A joined file is its own export: the deck's workbook sheet is not its.
    let theirs = Dialect {
        sheet: None,
        ..dialect.clone()
    };
    let mut joined = Vec::new();
    for path in &reading.joins {
        let other = spreadsheet::read_all(world, path, &theirs)?;
        join::join(&mut sheet, other, (&cols.name, &cols.team)).map_err(|f| vec![*f])?;
        joined.push(
            path.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
        );
    }
    let (site, how) = match reading.site {
        Some(s) => (Some(s), "named by `columns`"),
        None => (Site::recognise(&sheet.headers), "recognised by its header"),
    };
    let mut cols = cols.clone();
    let Some(site) = site else {
        return Ok((sheet, None, cols, None));
    };
    let taken = site.taken(|f| reading.written.contains(&f), &sheet.headers);
    for (field, column) in &taken {
        let slot = match *field {
            "name" => &mut cols.name,
            "team" => &mut cols.team,
            "position" => &mut cols.position,
            "passes" => &mut cols.passes,
            "won" => &mut cols.won,
            "shots" => &mut cols.shots,
            "conceded" => &mut cols.conceded,
            "saves" => &mut cols.saves,
            _ => &mut cols.price,
        };
        *slot = column.to_string();
    }
    let fields: Vec<String> = taken.iter().map(|(f, c)| format!("{f} = \"{c}\"")).collect();
    let joined = if joined.is_empty() {
        String::new()
    } else {
        format!(", joined by player name with {}", joined.join(", "))
    };
    let said = format!("read as {}'s export ({how}){joined}: {}", site.name, fields.join(", "));
    Ok((sheet, Some(site), cols, Some(said)))
}

/// The columns of the deck's fields and of the template's, found in the
/// sheet's header; `None` (with the findings) when the header is not one a
/// deck can read: no cells at all, a column missing, or one read twice.
fn sheet_columns(
    sheet: &Sheet,
    csv_path: &Path,
    (cols, lang): (&Columns, &str),
    t: &Template,
    (site, reading): (Option<&Site>, &Reading),
    findings: &mut Vec<Finding>,
) -> Option<(ColumnIndex, Vec<usize>)> {
    if sheet.headers.len() < 2 {
        // A deck reads nine columns at least: a first line with no cells
        // is another file (a text, a log, /etc/passwd). It is named, and
        // what it holds is not quoted: it may be anything.
        findings.push(
            Finding::error(
                Code::CardData,
                "this file is not a spreadsheet of cards: its first row has no cells (no , ; or tab between them)",
                Location::file(csv_path),
            )
            .with_hint("point `data` at the deck's spreadsheet (relative to the deck layout), with the column names in its first row; export it as CSV UTF-8"),
        );
        return None;
    }
    // A field the site's export lacks is told where the site has it.
    let lacks = |field: &str| site.filter(|_| !reading.written.contains(&field))?.lacks(field);
    let ci = find_columns(sheet, cols, &lacks, findings);
    let extra_cols = extras::columns(&sheet.headers, t, lang, findings);
    let twice = sheet.twice(&cols.names().into_iter().chain(extras::names(t)).collect::<Vec<_>>());
    if !twice.is_empty() {
        findings.extend(twice);
        return None;
    }
    Some((ci?, extra_cols?))
}

/// The cards read from a spreadsheet, the warnings about them, and where
/// their prices are (for findings about a price).
struct ReadCards {
    cards: Vec<Card>,
    warnings: Vec<Finding>,
    /// Each card's price cell.
    prices: Vec<Location>,
    /// The columns read, a site's standing in for those the layout left out.
    columns: Columns,
    /// How the sheet was read, when a site's export.
    reading: Option<String>,
}

/// Finds each mapped column in the header; a finding for every required one
/// missing, and `None` if any is.
fn find_columns(
    sheet: &Sheet,
    cols: &Columns,
    lacks: &dyn Fn(&str) -> Option<String>,
    findings: &mut Vec<Finding>,
) -> Option<ColumnIndex> {
    let headers = &sheet.headers;
    let find = |name: &str| headers.iter().position(|h| h == name);
    let near = |name: &str| match crate::diag::nearest(name, headers) {
        Some(h) => format!("the header has \"{h}\": is that the column?"),
        None => format!("the header has: {}", headers.join(", ")),
    };
    let mut required = |field: &str, name: &str| -> Option<usize> {
        let i = find(name);
        if i.is_none() {
            let hint = lacks(field).unwrap_or_else(|| {
                format!(
                    "add the column, or map your own column name in the deck layout: [columns] {field} = \"...\"; {}",
                    near(name)
                )
            });
            findings.push(
                Finding::error(
                    Code::CardColumn,
                    format!("the spreadsheet has no column \"{name}\" (for the card's {field})"),
                    sheet.header_at(name),
                )
                .with_hint(hint),
            );
        }
        i
    };
    let name = required("name", &cols.name);
    let team = required("team", &cols.team);
    let position = required("position", &cols.position);
    let passes = required("passes", &cols.passes);
    let won = required("won", &cols.won);
    let shots = required("shots", &cols.shots);
    let conceded = required("conceded", &cols.conceded);
    let saves = required("saves", &cols.saves);
    let price = required("price", &cols.price);
    // An optional column the layout names but the sheet lacks would leave
    // every card without its photo (or its copies) and say nothing: a
    // warning, placed at the layout's key once read back (`place_columns`).
    let mut optional = |field: &str, name: &str| -> Option<usize> {
        let i = find(name);
        if i.is_none() {
            findings.push(
                Finding::warning(
                    Code::CardColumn,
                    format!("the spreadsheet has no column \"{name}\" (for the card's {field}): no card has one"),
                    sheet.header_at(name),
                )
                .with_hint(format!(
                    "{}; remove the key if the sheet has no such column",
                    near(name)
                )),
            );
        }
        i
    };
    Some(ColumnIndex {
        name: name?,
        team: team?,
        position: position?,
        passes: passes?,
        won: won?,
        shots: shots?,
        conceded: conceded?,
        saves: saves?,
        price: price?,
        photo: optional("photo", &cols.photo),
        quantity: optional("quantity", &cols.quantity),
        focus_x: optional("focus_x", &cols.focus_x),
        focus_y: optional("focus_y", &cols.focus_y),
    })
}

/// What is wrong with a name or team cell, drawn in `face`: it is one line,
/// so a tab, a line break (a quoted cell may hold one) or a control
/// character is refused at its cell; so is right-to-left writing, which
/// would print reversed, and a character the face lacks (the
/// page checker would find it too, but at the page, not at the cell to
/// fix). Each as (code, message, hint).
fn one_line_cell(text: &str, what: &str, face: FontFace) -> Vec<(Code, String, String)> {
    let mut out = Vec::new();
    if let Some((column, c)) = crate::font::chars::first_unprintable(text) {
        out.push((
            Code::TextControl,
            format!(
                "the {what} holds {} at character {column}",
                crate::font::chars::describe(c)
            ),
            crate::font::chars::advice(c).to_string(),
        ));
    }
    if let Some((column, c, script)) = crate::font::chars::first_right_to_left(text) {
        out.push((
            Code::TextDirection,
            format!(
                "the {what} holds {}",
                crate::font::chars::describe_right_to_left(text, column, c, script)
            ),
            crate::font::chars::RIGHT_TO_LEFT_ADVICE_ONE_TEXT.to_string(),
        ));
    }
    if let Some((msg, hint)) = crate::input::cell_glyphs(text, what, face) {
        out.push((Code::TextGlyph, msg, hint.to_string()));
    }
    out
}

/// Reads one player's row, with a finding for every bad cell; `None` if the
/// position cannot be read (nothing else about the card can then be checked).
fn read_row(
    record: &spreadsheet::Row,
    sheet: &Sheet,
    ci: &ColumnIndex,
    (labels, words, t): (&Labels, &BTreeMap<String, Position>, &Template),
    photo_dir: Option<&Path>,
    findings: &mut Vec<Finding>,
) -> Option<Row> {
    let line = record.line;
    let get = |i: usize| record.get(i);
    let name = get(ci.name);
    let mut bad = |code: Code, col: usize, msg: String, hint: String| {
        findings.push(Finding::error(code, msg, sheet.at(line, col)).with_hint(hint));
    };
    if name.is_empty() {
        bad(
            Code::CardText,
            ci.name,
            "the player has no name".into(),
            "every card needs a name".into(),
        );
    }
    let faces = [(ci.name, "name", t.bold), (ci.team, "team", t.regular)];
    for (col, what, face) in faces {
        for (code, msg, hint) in one_line_cell(&get(col), what, face) {
            bad(code, col, msg, hint);
        }
    }
    let written = get(ci.position);
    let Some(position) = words
        .get(&written.trim().to_lowercase())
        .copied()
        .or_else(|| Position::read(&written))
    else {
        bad(
            Code::CardPosition,
            ci.position,
            format!("\"{written}\" is not a position"),
            format!(
                "use GK, DF, MF or FW (or POR, DEF, MED, DEL), or give the sheet's word its group in the deck \
                 layout's [positions] table: \"{}\" = \"DF\"",
                written.trim()
            ),
        );
        return None;
    };
    // The hint names the column as the sheet does, not the card's label:
    // the finding is the same in every language the deck is built in.
    let mut number_at = |col: usize, cell: &str| -> String {
        spreadsheet::number(cell, sheet.marks[col]).unwrap_or_else(|| {
            if let Some(file) = sheet.unjoined(line, col).filter(|_| cell.is_empty()) {
                let (msg, hint) = join::unjoined(&name, &sheet.headers[col], file);
                bad(Code::CardData, ci.name, msg, hint);
                return String::new();
            }
            bad(
                Code::CardStat,
                col,
                format!("\"{}\" is not a number of 0 or more", excerpt(&get(col))),
                format!("write {} as a whole or decimal number, 0 or more", sheet.headers[col]),
            );
            String::new()
        })
    };
    let mut stat = |col: usize| -> String { number_at(col, &get(col)) };
    let mut stats = vec![
        (labels.passes.clone(), stat(ci.passes)),
        (labels.won.clone(), stat(ci.won)),
        (labels.shots.clone(), stat(ci.shots)),
    ];
    if position == Position::Goalkeeper {
        stats.push((labels.conceded.clone(), stat(ci.conceded)));
        stats.push((labels.saves.clone(), stat(ci.saves)));
    }
    // A price may carry its unit, as people type it ("2,5 M", "3.500.000 €").
    let price_cell = get(ci.price);
    let price = number_at(ci.price, spreadsheet::without_unit(&price_cell));
    let quantity = match ci.quantity.map(|col| (col, spreadsheet::copies(&get(col)))) {
        None => 1,
        Some((_, Ok(n))) => n,
        Some((col, Err((msg, hint)))) => {
            bad(Code::CardStat, col, msg, hint);
            1
        }
    };
    let mut crop_at = |c: Option<usize>, across: &str| {
        let cell = c.map(|c| (c, get(c)));
        focus(cell, across).unwrap_or_else(|(col, hint)| {
            bad(Code::CardStat, col, hint.0, hint.1);
            0.5
        })
    };
    let focus = (crop_at(ci.focus_x, "width"), crop_at(ci.focus_y, "height"));
    let photo = ci
        .photo
        .map(get)
        .filter(|p| !p.is_empty())
        .and_then(|p| Some((photo_dir?.join(p), focus)));
    Some(Row {
        line,
        name,
        team: get(ci.team),
        position,
        stats,
        price,
        photo,
        quantity,
        extra: Vec::new(),
    })
}

/// A warning when `row` has the name and team of an earlier row (`seen`, by
/// their lowercase spelling, to the line they were first on). Real leagues
/// have two players of one name, even in one club; the same name and team
/// twice is most likely a row pasted twice.
fn repeated(
    row: &Row,
    sheet: &Sheet,
    name_col: usize,
    seen: &mut BTreeMap<(String, String), usize>,
) -> Option<Finding> {
    let key = (row.name.to_lowercase(), row.team.to_lowercase());
    let first = *seen.entry(key).or_insert(row.line);
    (first != row.line).then(|| {
        Finding::warning(
            Code::CardDuplicate,
            format!(
                "\"{}\" of \"{}\" is already the player of line {first}",
                excerpt(&row.name),
                excerpt(&row.team)
            ),
            sheet.at(row.line, name_col),
        )
        .with_hint("if the row was pasted twice, delete one; for two cards of one player, set its quantity column")
    })
}

/// Where to crop a photo, from the focus column's cell (its index and
/// text), as a share of the photo's width or height (`across`): the middle
/// when there is no such cell or it is empty; out of 0..1, or no number, the
/// column with the message and hint of its finding.
fn focus(cell: Option<(usize, String)>, across: &str) -> Result<f64, (usize, (String, String))> {
    let Some((col, v)) = cell.filter(|(_, v)| !v.is_empty()) else {
        return Ok(0.5);
    };
    match v.replace(',', ".").parse::<f64>() {
        Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
        _ => Err((
            col,
            (
                format!("\"{}\" is not a place in the photo", excerpt(&v)),
                format!("write a share of the photo's {across} from 0 to 1 (0.5 is the middle), or leave it empty"),
            ),
        )),
    }
}

/// Text that must fit: the name and team shrink to their box, down to a
/// minimum; stat and position labels must fit as they are.
fn fit_cards(
    rows: &[Row],
    sheet: &Sheet,
    ci: &ColumnIndex,
    labels: &Labels,
    t: &Template,
    findings: &mut Vec<Finding>,
) -> Vec<Card> {
    let mut cards = Vec::new();
    for row in rows {
        let name_size = t.name.fit(&row.name, t.bold);
        let team_size = t.team.fit(&row.team, t.regular);
        if name_size.is_none() {
            findings.push(
                Finding::error(
                    Code::CardText,
                    format!(
                        "\"{}\" does not fit the name box even at {} pt",
                        excerpt(&row.name),
                        t.name.min_size
                    ),
                    sheet.at(row.line, ci.name),
                )
                .with_hint(format!(
                    "shorten the name (the box is {} mm wide) or lower name.min_size in the template",
                    t.name.area[2]
                )),
            );
        }
        if team_size.is_none() {
            findings.push(
                Finding::error(
                    Code::CardText,
                    format!(
                        "\"{}\" does not fit the team box even at {} pt",
                        excerpt(&row.team),
                        t.team.min_size
                    ),
                    sheet.at(row.line, ci.team),
                )
                .with_hint(format!("shorten the team name (the box is {} mm wide)", t.team.area[2])),
            );
        }
        findings.extend(numbers_fit(row, sheet, ci, t, &labels.currency, &labels.price));
        cards.push(Card {
            line: row.line,
            name: row.name.clone(),
            name_size: name_size.unwrap_or(t.name.min_size),
            team: row.team.clone(),
            team_size: team_size.unwrap_or(t.team.min_size),
            position: Some(row.position),
            stats: row.stats.clone(),
            price: crate::i18n::amount_with_currency(&row.price, &labels.currency),
            picture: None,
            quantity: row.quantity,
            extra: row.extra.clone(),
            field_sizes: Vec::new(),
            images: Vec::new(),
            look: Default::default(),
        });
    }
    cards
}

/// The words of `[labels]` that every card of their kind prints: a stat
/// label wider than the stats column at its smallest size, or a position
/// wider than its badge, is the layout's mistake, said once at its key.
///
/// The price band holds the price label, then the price and the currency:
/// a label that leaves no room, or a currency that leaves none for three
/// digits, is said at its key too. Returns whether every label fits.
fn labels_fit(r: &mut Resolver<'_>, l: &Labels, t: &Template) -> bool {
    let before = r.findings.len();
    let k = Labels::KEY;
    let stats = [
        (k.passes, &l.passes),
        (k.won, &l.won),
        (k.shots, &l.shots),
        (k.conceded, &l.conceded),
        (k.saves, &l.saves),
    ];
    let positions = [
        (k.goalkeeper, &l.goalkeeper),
        (k.defender, &l.defender),
        (k.midfielder, &l.midfielder),
        (k.forward, &l.forward),
    ];
    let boxes = [
        (&t.stats, t.regular, "the stats column", &stats[..]),
        (&t.position, t.bold, "its badge", &positions[..]),
    ];
    for (boxed, face, what, list) in boxes {
        for (key, words) in list {
            if r.valid(&[key]) && boxed.fit(words, face).is_none() {
                let wide = face.measure(words, boxed.min_size);
                r.bad(
                    key,
                    Code::CardText,
                    format!(
                        "\"{}\" is {wide} wide at {} pt, wider than the {} mm of {what}",
                        excerpt(words),
                        boxed.min_size,
                        boxed.area[2]
                    ),
                    "shorten it, or widen the box in the card template",
                );
            }
        }
    }
    let (x0, x1) = t.price_room(&l.price);
    let price = crate::i18n::amount_with_currency("000", &l.currency);
    let price_w = t.bold.measure(&price, t.price.size);
    if r.valid(&[k.price]) && x1 <= x0 {
        r.bad(
            k.price,
            Code::CardText,
            format!(
                "\"{}\" leaves no room for the price in its {} mm band",
                l.price, t.price.area[2]
            ),
            "shorten it, or widen the price box in the card template",
        );
    } else if r.valid(&[k.currency]) && price_w > x1 - x0 {
        r.bad(
            k.currency,
            Code::CardText,
            format!("a price of three digits with \"{}\" is {price_w} wide, more than the {} the price band has beside its label", l.currency, x1 - x0),
            "shorten it (a symbol or an abbreviation: M, €)",
        );
    }
    r.findings.len() == before
}

/// The stats and the price are set at a fixed size (they do not shrink:
/// every card's numbers read alike): a number wider than its column, or a
/// price wider than its band beside its label, is refused at its cell, with
/// how many characters fit. (The page checker would see it too, as ink past
/// its box, but only the spreadsheet knows the cell.)
fn numbers_fit(
    row: &Row,
    sheet: &Sheet,
    ci: &ColumnIndex,
    t: &Template,
    currency: &str,
    price_label: &str,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let stat_pt = t.stat_value_pt(row.stats.len());
    let columns = [ci.passes, ci.won, ci.shots, ci.conceded, ci.saves];
    let width = t.stats.rect().w;
    let (x0, x1) = t.price_room(price_label);
    let price = crate::i18n::amount_with_currency(&row.price, currency);
    let numbers = row
        .stats
        .iter()
        .zip(columns)
        .map(|((_, v), col)| {
            (
                v.clone(),
                col,
                stat_pt,
                width,
                format!("the stats column (for {})", sheet.headers[col]),
            )
        })
        .chain([(
            price,
            ci.price,
            t.price.size,
            x1 - x0,
            "the price band beside its label".to_string(),
        )]);
    for (text, col, size, room, what) in numbers {
        let need = t.bold.measure(&text, size);
        if need.0 <= room.0 + 1e-9 {
            continue;
        }
        let digit = t.bold.measure("0", size);
        let fits = (room.0 / digit.0).floor();
        out.push(
            Finding::error(
                Code::CardText,
                format!(
                    "\"{}\" is {need} wide at {size:.1} pt, more than the {room} of {what}: it would print over its neighbours",
                    excerpt(&text)
                ),
                sheet.at(row.line, col),
            )
            .with_hint(format!(
                "about {fits} characters fit there: check the cell, or widen the box in the card template"
            )),
        );
    }
    out
}

/// Photos: each file read once, on as many threads as the machine has; a
/// photo that cannot be used is a warning and the card keeps its silhouette.
fn attach_photos(
    world: &dyn World,
    cards: &mut [Card],
    rows: &[Row],
    t: &Template,
    sheet: &Sheet,
    ci: &ColumnIndex,
    cols: &Columns,
) -> Vec<Finding> {
    let mut warnings = Vec::new();
    let mut unique: Vec<(PathBuf, (f64, f64))> = rows.iter().filter_map(|r| r.photo.clone()).collect();
    unique.sort_by(|a, b| a.0.cmp(&b.0));
    unique.dedup_by(|a, b| a.0 == b.0);
    let frame = t.photo.size();
    let loaded = load_all(world, &unique, frame);
    for (card, row) in cards.iter_mut().zip(rows) {
        let Some((path, _)) = &row.photo else { continue };
        let at = || sheet.maybe_at(row.line, ci.photo, &cols.photo);
        match loaded.get(path) {
            Some(Ok(p)) => {
                card.picture = Some(p.picture.clone());
                warnings.extend(p.notes.iter().map(|note| {
                    Finding::warning(
                        Code::CardPhoto,
                        format!("the photo {}: {}", path.display(), note.why),
                        at(),
                    )
                    .with_hint(note.hint.clone())
                }));
            }
            Some(Err(refused)) => warnings.push(
                Finding::warning(
                    Code::CardPhoto,
                    format!(
                        "the photo {} cannot be used: {}; the card shows a silhouette",
                        path.display(),
                        refused.why
                    ),
                    at(),
                )
                .with_hint(refused.hint.clone()),
            ),
            None => {}
        }
    }
    warnings
}

/// Loads every photo, splitting the work across the machine's cores.
fn load_all(
    world: &dyn World,
    photos: &[(PathBuf, (f64, f64))],
    frame: Size,
) -> BTreeMap<PathBuf, Result<photo::Photo, photo::Trouble>> {
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(8);
    let chunk = photos.len().div_ceil(threads).max(1);
    let mut out = BTreeMap::new();
    std::thread::scope(|scope| {
        let handles: Vec<_> = photos
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|(p, focus)| (p.clone(), photo::load(world, p, frame, *focus, photo::Named::Cell)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            if let Ok(part) = h.join() {
                out.extend(part);
            }
        }
    });
    out
}

/// The layout `pitchprint new` writes: every key at the default the loader
/// gives it; `template` and `data` as found, and with a spreadsheet to go
/// by, `[columns]` and `[positions]` as its header and cells say (the
/// defaults' columns when `columns` is `None`), and `photos` where the
/// sheet's photos were found.
pub fn scaffold(
    kind: &str,
    (template, data): (String, String),
    photos: Option<String>,
    columns: Option<Vec<crate::layout::scaffold::Key>>,
    positions: Vec<crate::layout::scaffold::Key>,
) -> Result<crate::layout::scaffold::Scaffold, String> {
    use crate::components::card_deck::scale;
    use crate::layout::scaffold::{Documented, Key, Scaffold, Shown};
    let s = Scaffold::new::<Raw>(
        kind,
        "A deck of player cards: one card per row of the spreadsheet `data` names, drawn with the card template, imposed on the sheet with their backs.",
    )
    .required(TEMPLATE, "The card template (the card's size, colours and boxes), relative to this file.", template)
    .required(
        DATA,
        "The spreadsheet of players, relative to this file: a CSV (any separator, UTF-8 or Windows-1252), an .xlsx or an .ods workbook, with a header row.",
        data,
    );
    let raw: Raw = s.defaults()?;
    let columns = columns.unwrap_or_else(|| RawColumns::default().scaffold_keys());
    Ok(s
        .key(
            PHOTOS,
            "The folder of the photos the photo column names, relative to this file; left out, the spreadsheet's own folder.",
            photos.map_or(Shown::Unset, |p| Shown::Value(toml::Value::String(p))),
        )
        .key(PHOTO_FORMAT, "How photos that are not JPEG are kept: \"as-given\" (the default: lossless) or \"jpeg\" (smaller files).", Shown::Unset)
        .key(DELIMITER, "The CSV's cell separator, \",\", \";\" or \"tab\"; left out, the one the header holds most of.", Shown::Unset)
        .key(DECIMAL, "The decimal mark of every number, \"point\" (22.8) or \"comma\" (22,8); left out, each column's own.", Shown::Unset)
        .key(SHEET, "A workbook's sheet to read, by name (any case); left out, the first.", Shown::Unset)
        .key(
            JOIN,
            "Other exports of the same players, joined to `data` by the player's name, relative to this file: [\"passing.csv\"] brings FBref's Passing table's passes to its standard table.",
            Shown::Unset,
        )
        .table(
            RawColumns::TABLE,
            "Card field = the spreadsheet's column, by its header (exactly as written). For a site's export as it comes, write instead columns = \"fbref\", \"eafc\" or \"transfermarkt\" (recognised from the header when left out).",
            columns,
        )
        .table(POSITIONS, "The sheet's own words for the positions, on top of GK, DF, MF, FW and POR, DEF, MED, DEL: \"Portero\" = \"GK\".", positions)
        .section(&raw.labels)
        .section(&raw.page)
        .section(&raw.print)
        .section(&raw.deal)
        .table(
            SCALE,
            "How a sheet of real figures (55 passes a match) becomes the card's small numbers, per field: linearly, { from = [0.0, 60.0], to = [0, 2] } (0 becomes 0 and 60 becomes 2, rounded, held at the ends), or by rank, { rank = [0, 2] } (each position's lowest 0 and highest 2, the others by their place; within = \"deck\" ranks the whole deck). A field left out prints as the sheet writes it.",
            scale::FIELDS
                .iter()
                .zip(["Good passes.", "Balls won.", "Shots on goal.", "Goals conceded (goalkeepers).", "Saves (goalkeepers).", "The price."])
                .map(|(field, doc)| Key::new(field, &[doc], "", Shown::Unset))
                .collect(),
        ))
}

/// The root table that maps real figures onto the card's numbers.
const SCALE: &str = "scale";

/// The deck layout `pitchprint new card-deck --from` writes for a sheet of
/// generic cards: its template and data, the folder of its pictures, the
/// column of copies, and the back's title; nothing of a player's.
pub fn generic_scaffold(
    kind: &str,
    (template, data): (String, String),
    photos: Option<String>,
    quantity: Option<String>,
    back: String,
) -> Result<crate::layout::scaffold::Scaffold, String> {
    use crate::layout::scaffold::{Documented, Key, Scaffold, Shown};
    let s = Scaffold::new::<Raw>(
        kind,
        "A deck of generic cards: one card per row of the spreadsheet `data` names, each column in the box the card template gives it, imposed on the sheet with their backs.",
    )
    .required(TEMPLATE, "The card template (cards = \"generic\": the card's size, colours and a box per column), relative to this file.", template)
    .required(
        DATA,
        "The spreadsheet of cards, relative to this file: a CSV (any separator, UTF-8 or Windows-1252), an .xlsx or an .ods workbook, with a header row.",
        data,
    );
    let raw: Raw = s.defaults()?;
    let shown = |v: Option<String>| v.map_or(Shown::Unset, |v| Shown::Value(toml::Value::String(v)));
    Ok(s
        .key(PHOTOS, "The folder of the pictures the image column names, relative to this file; left out, the spreadsheet's own folder.", shown(photos))
        .key(DELIMITER, "The CSV's cell separator, \",\", \";\" or \"tab\"; left out, the one the header holds most of.", Shown::Unset)
        .key(DECIMAL, "The decimal mark of every number, \"point\" (22.8) or \"comma\" (22,8); left out, each column's own.", Shown::Unset)
        .key(SHEET, "A workbook's sheet to read, by name (any case); left out, the first.", Shown::Unset)
        .table(
            RawColumns::TABLE,
            "A generic card reads the columns its template names, and this one.",
            vec![Key::new(
                "quantity",
                &["The column of copies of each card, 1 when empty; left out, one of each."],
                "",
                shown(quantity),
            )],
        )
        .table(
            RawLabels::TABLE,
            "The back's title: words, or a label of templates/i18n (\"@deck.events\") to have it in each language.",
            vec![Key::new("back", &["The back's title."], "", Shown::Value(toml::Value::String(back)))],
        )
        .section(&raw.page)
        .section(&raw.print))
}
