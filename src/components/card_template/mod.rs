//! The card template (`templates/cards/player.toml`): the card's size, its
//! colours and where each box of a player card sits, read and validated.
//! Not a component kind: a file of its own, with its own schema
//! (`schemas/card-template.json`), that a deck layout names as it names its
//! spreadsheet.
//!
//! A deck layout names its template; [`load_template`] reads it into a
//! [`Template`] that the spreadsheet's rows are fitted to and drawn with.
//! A generic template's `[[style]]` rules are [`style`]'s; the `[[field]]`
//! and `[[image]]` boxes it fills from a row's cells, [`extras`]'.

pub mod extras;
pub mod style;

use std::path::{Path, PathBuf};

use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};

use self::style::{Rule, Styles};
use crate::color::Color;
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::font::FontFace;
use crate::geom::{Mm, Rect, Size};
use crate::input::source::Source;
use crate::input::world::Input;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::scaffold::{Documented, Shown};
use crate::layout::schema;
use crate::layout::section::{Value, join_key};
use crate::layout::values::{Choice, Colour, Flag, LengthOrZero, Named, Optional, TextSize, Word, entries};
use crate::limits::MAX_ENTRIES;
use crate::limits::MIN_TEXT_PT;
use crate::limits::{MAX_ITEM_MM, MAX_TEXT_PT};
use crate::section;
use crate::text::Align;

/// The key of a box's rectangle inside its table: `box` is a Rust keyword, so
/// it cannot be a section field.
const BOX: &str = "box";

/// The keys of a box's text size and the smallest it may shrink to.
const SIZE: &str = "size";
const MIN_SIZE: &str = "min_size";

/// A text shrinks to fit its box by this much at a time, in pt.
const FIT_STEP: f64 = 0.25;

/// A box of text on the card: where, how big, how small it may shrink. A
/// value type of its own: its `box` key cannot be a section field.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TextBox {
    /// `[x, y, w, h]` in mm from the card's top-left corner.
    #[serde(rename = "box")]
    pub area: [f64; 4],
    /// Size in points.
    #[schemars(schema_with = "text_size")]
    pub size: f64,
    /// The smallest it may shrink to.
    #[schemars(schema_with = "text_size")]
    pub min_size: f64,
}

/// The schema of a box's text sizes: a [`TextSize`](crate::layout::values::TextSize)'s.
fn text_size(g: &mut SchemaGenerator) -> Schema {
    <TextSize as Value>::schema(g)
}

impl Value for TextBox {
    type Raw = TextBox;
    type Default = TextBox;
    type Out = TextBox;
    fn raw_default(default: TextBox) -> TextBox {
        default
    }
    /// Its sizes in the range of every text size, the smallest no larger
    /// than the largest; the box is checked against the card once its size
    /// is known.
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &TextBox, _: &str) -> TextBox {
        let (size_key, min_key) = (join_key(key, SIZE), join_key(key, MIN_SIZE));
        r.text_size(&size_key, raw.size);
        r.text_size(&min_key, raw.min_size);
        // Every card is set from these sizes: one too small to read is the
        // template's mistake, said here rather than on each card's page.
        for (k, size) in [(&size_key, raw.size), (&min_key, raw.min_size)] {
            if r.valid(&[k.as_str()]) && size < MIN_TEXT_PT - 1e-9 {
                r.bad(
                    k,
                    Code::TextSmall,
                    format!("the text in this box may be set at {size} pt, smaller than the {MIN_TEXT_PT} pt a card can be read at"),
                    format!("set it to at least {MIN_TEXT_PT} pt"),
                );
                break;
            }
        }
        if r.valid(&[&size_key, &min_key]) && raw.min_size > raw.size {
            r.bad(
                &min_key,
                Code::LayoutValue,
                format!(
                    "the smallest size, {} pt, is larger than the size, {} pt",
                    raw.min_size, raw.size
                ),
                format!("set it to {} pt or less", raw.size),
            );
        }
        *raw
    }
    fn schema(g: &mut SchemaGenerator) -> Schema {
        schema::of::<TextBox>(g)
    }
}

impl TextBox {
    /// The box as a rectangle.
    pub fn rect(&self) -> Rect {
        Rect::new(self.area[0], self.area[1], self.area[2], self.area[3])
    }

    /// The largest size from `size` down to `min_size` (in quarter points) at
    /// which `text` fits the box's width; `None` when even the smallest is too wide.
    pub fn fit(&self, text: &str, face: FontFace) -> Option<f64> {
        // Counted, not stepped until below the minimum: a size out of range
        // (refused at load) must still end the search.
        let steps = ((self.size - self.min_size) / FIT_STEP + 1e-6).floor();
        if !(0.0..=MAX_TEXT_PT / FIT_STEP).contains(&steps) {
            return None;
        }
        (0..=steps as u32)
            .map(|k| self.size - FIT_STEP * f64::from(k))
            .find(|&size| face.measure(text, size).0 <= self.area[2] + 1e-9)
    }
}

/// The photo frame's table, `box = [x, y, w, h]`.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawPhotoBox {
    /// `[x, y, w, h]` in mm from the card's top-left corner.
    #[serde(rename = "box")]
    pub area: [f64; 4],
}

/// A box without text (the photo frame), written as a table with its `box`.
pub struct PhotoBox;

impl Value for PhotoBox {
    type Raw = RawPhotoBox;
    type Default = [f64; 4];
    type Out = Rect;
    fn raw_default(area: [f64; 4]) -> RawPhotoBox {
        RawPhotoBox { area }
    }
    /// Taken as written: the box is checked against the card once its size is known.
    fn resolve(_: &mut Resolver<'_>, _: &str, raw: &RawPhotoBox, _: &str) -> Rect {
        let [x, y, w, h] = raw.area;
        Rect::new(x, y, w, h)
    }
    fn schema(g: &mut SchemaGenerator) -> Schema {
        schema::of::<RawPhotoBox>(g)
    }
}

/// A card size as written: a name, or `[width, height]` in mm.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(untagged)]
pub enum RawSize {
    /// `poker`, `bridge`, `tarot` or `mini`.
    Named(String),
    /// Width and height in mm.
    Mm([f64; 2]),
}

/// The shortest and longest side of a card, in mm: what can be held, and
/// what the largest paper takes.
const CARD_SIDE: (f64, f64) = (10.0, MAX_ITEM_MM as f64);

/// The card's size: a name ([`named_size`]) or `[width, height]` in mm, at
/// least 10 mm each.
pub struct CardSize;

impl Value for CardSize {
    type Raw = RawSize;
    type Default = &'static str;
    type Out = Size;
    fn raw_default(name: &'static str) -> RawSize {
        RawSize::Named(name.to_string())
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &RawSize, _: &str) -> Size {
        let size = match raw {
            RawSize::Named(n) => named_size(n).unwrap_or_else(|| {
                r.bad(
                    key,
                    Code::LayoutValue,
                    format!("unknown card size \"{n}\""),
                    "use \"poker\" (63 x 88 mm; \"poker-us\" is 63.5 x 88.9), \"bridge\", \"tarot\", \"mini\", \"square\" or [width, height] in mm",
                );
                Size::new(63.0, 88.0)
            }),
            RawSize::Mm([w, h]) => Size::new(
                r.length_in(&format!("{key}[0]"), *w, CARD_SIDE, "card width in mm"),
                r.length_in(&format!("{key}[1]"), *h, CARD_SIDE, "card height in mm"),
            ),
        };
        match r.cx.overrides.shop() {
            Some(shop) => shop_size(r, key, raw, size, shop),
            None => size,
        }
    }
    /// A name, or two lengths: the two ways [`RawSize`] is read.
    fn schema(_: &mut SchemaGenerator) -> Schema {
        let side = || schema::number(CARD_SIDE.0, CARD_SIDE.1);
        let names = schema::one_of(CARD_SIZES.iter().map(|(name, _)| *name)).to_value();
        let mm = schema::tuple(vec![side(), side()]).to_value();
        Schema::try_from(serde_json::json!({ "anyOf": [names, mm] })).expect("an object is a schema")
    }
}

/// The size a print shop cuts for a card of `size` (named by `raw`): its
/// own size of the same name (a US shop's poker card is 63.5 x 88.9 mm), or
/// of a size within a millimetre; an error naming the sizes it cuts when it
/// cuts none such (and the size as asked, so that the rest is still checked).
fn shop_size(r: &mut Resolver<'_>, key: &str, raw: &RawSize, size: Size, shop: &crate::print::target::Shop) -> Size {
    let cut = match raw {
        RawSize::Named(n) if !shop.sizes.is_empty() => shop.cut_named(n).map(|c| c.size()),
        _ => shop.cut_for(size),
    };
    cut.unwrap_or_else(|| {
        r.bad(
            key,
            Code::TargetSize,
            shop.does_not_cut("cards", size),
            format!("it cuts {}: name one of them as `size`", shop.sizes_in_words()),
        );
        size
    })
}

/// `[colours]`: its position keys are the positions' codes in capitals, as
/// the template writes them.
#[allow(non_snake_case)]
mod colours {
    use crate::layout::values::Colour;
    use crate::section;

    section! {
        /// The template's colours, validated.
        pub struct Colours / RawColours / ColoursKeys in "colours" {
            /// The goalkeepers' frame.
            GK: Colour = "#d4a017",
            /// The defenders' frame.
            DF: Colour = "#1f6fb2",
            /// The midfielders' frame.
            MF: Colour = "#2e8b57",
            /// The forwards' frame.
            FW: Colour = "#c0392b",
            /// The panel.
            paper: Colour = "#ffffff",
            /// Main text.
            ink: Colour = "#1b1b1b",
            /// Labels.
            muted: Colour = "#5f6b73",
            /// The frame of a generic card (`cards = "generic"`), which has
            /// no position.
            frame: Colour = "#1b2a41",
        }
    }
}

pub use colours::{Colours, ColoursKeys, RawColours};

section! {
    /// The card's back, validated.
    pub struct Back / RawBack / BackKeys in "back" {
        /// The back's colour.
        colour: Colour = "#1b2a41",
        /// The back's ink.
        ink: Colour = "#ffffff",
        /// The back's title size.
        size: TextSize = 14.0,
        /// An image filling the back out to the bleed, relative to the
        /// template; left out, the drawn design.
        image: Optional<Word> = (),
        /// Whether the back's title is drawn (over the image too).
        title: Flag = true,
    }
}

/// Makes a section a table of the template's root section, resolved under
/// the key the root gives it.
macro_rules! table_of_template {
    ($name:ident, $raw:ident) => {
        impl Value for $name {
            type Raw = $raw;
            type Default = ();
            type Out = $name;
            fn raw_default(_: ()) -> $raw {
                $raw::default()
            }
            fn resolve(r: &mut Resolver<'_>, key: &str, raw: &$raw, _: &str) -> $name {
                raw.resolve_at(r, key)
            }
            fn scaffold(raw: &$raw) -> Shown {
                Shown::Table(raw.scaffold_keys())
            }
            fn schema(g: &mut SchemaGenerator) -> Schema {
                schema::of::<$raw>(g)
            }
        }
    };
}

section! {
    /// The card's own font files, relative to the template: every text on
    /// the card is set in them instead of DejaVu Sans.
    pub struct FontFiles / RawFontFiles / FontFilesKeys in "font" {
        /// The regular face (TTF or OTF).
        regular: Optional<Word> = (),
        /// The bold face; left out, the regular one.
        bold: Optional<Word> = (),
    }
}

table_of_template!(FontFiles, RawFontFiles);
table_of_template!(Colours, RawColours);
table_of_template!(Back, RawBack);

/// What a template's cards are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardKind {
    /// The league's player cards: a name, team, position badge, photo,
    /// stats and price from the deck's `[columns]`, and the template's
    /// own boxes besides.
    Player,
    /// Cards of any sheet (events, tactics, weather): only the template's
    /// `[[field]]` and `[[image]]` boxes, each filled from a column.
    Generic,
}

impl Named for CardKind {
    const CHOICES: &'static [(&'static str, Self)] = &[("player", CardKind::Player), ("generic", CardKind::Generic)];
    const FALLBACK: Self = CardKind::Player;
    const WHAT: &'static str = "kind of card";
    const NAMES: &'static str = "use \"player\" (the league's player cards) or \"generic\" (only the template's [[field]] and [[image]] boxes, from any sheet)";
}

section! {
    /// A card template file (`templates/cards/player.toml`) as written,
    /// validated. Every box is `[x, y, width, height]` in mm from the card's
    /// top-left corner (the trim).
    pub struct CardTemplate / RawTemplate / CardTemplateKeys in root {
        /// `player` (the league's player cards) or `generic` (only the
        /// `[[field]]` and `[[image]]` boxes, filled from any sheet).
        cards: Choice<CardKind> = "player" => "\"player\" or \"generic\" (only the [[field]] and [[image]] boxes, from any sheet)",
        /// `poker` (63 x 88 mm), `bridge`, `tarot`, `mini` or `[width, height]` in mm.
        size: CardSize = "poker",
        /// The frame in the position's colour around the white panel (it runs
        /// into the bleed).
        border: LengthOrZero = 3.0 => "mm of colour around the panel; 3 mm or more stays even when a cut strays by 1 mm",
        /// The position colours, the panel and the inks.
        colours: Colours = (),
        /// The player's name.
        name: TextBox = TextBox { area: [5.0, 5.0, 41.0, 7.0], size: 11.0, min_size: 7.0 },
        /// The team.
        team: TextBox = TextBox { area: [5.0, 12.5, 41.0, 4.5], size: 7.5, min_size: 6.0 },
        /// The position badge, in the position's colour.
        position: TextBox = TextBox { area: [47.0, 5.0, 11.0, 11.0], size: 8.5, min_size: 6.0 },
        /// The photo frame (3:4, the shape of a portrait photo).
        photo: PhotoBox = [5.0, 19.0, 33.0, 44.0],
        /// The stats column.
        stats: TextBox = TextBox { area: [40.0, 19.0, 18.0, 44.0], size: 6.5, min_size: 6.0 },
        /// The price band.
        price: TextBox = TextBox { area: [5.0, 67.0, 53.0, 12.0], size: 13.0, min_size: 7.0 },
        /// The card's back.
        back: Back = (),
        /// Rounding of the card's corners in mm, 0 for square: the cut
        /// guide and the panel follow it.
        corner_radius: LengthOrZero = 0.0 => "mm of rounding at each corner; 3 mm is a poker card's",
        /// Boxes of text filled from any column of the spreadsheet.
        field: Fields = (),
        /// Boxes holding the image a column names (a club's crest).
        image: Images = (),
        /// The card's own font, instead of DejaVu Sans.
        font: FontFiles = (),
        /// Icons of the template's own, written `:name:` in a field's
        /// text: `star = "icons/star.svg"`, relative to this file.
        icons: OwnIcons = (),
        /// Generic cards styled by their data: the frame, back and boxes
        /// of the cards whose cell in a column holds a value.
        style: Styles = (),
    }
}

/// The JSON Schema of a card template file, for editors.
pub fn schema() -> serde_json::Value {
    schema::file::<RawTemplate>("pitchprint card template")
}

/// A resolved card template.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// Player cards, or generic ones.
    pub cards: CardKind,
    /// The frame of a generic card.
    pub frame: Color,
    /// The icons its fields' texts may show: the bundled ones and its own.
    pub icons: crate::icons::IconSet,
    /// The finished card.
    pub size: Size,
    /// The frame in the position's colour.
    pub border: Mm,
    /// Where the template sets `border`, for the warning about a thin one.
    pub border_at: crate::diag::Location,
    /// Frame colours: goalkeeper, defender, midfielder, forward.
    pub position_colours: [Color; 4],
    /// The panel.
    pub paper: Color,
    /// Main text.
    pub ink: Color,
    /// Labels.
    pub muted: Color,
    /// The player's name.
    pub name: TextBox,
    /// The team.
    pub team: TextBox,
    /// The position badge.
    pub position: TextBox,
    /// The photo frame.
    pub photo: Rect,
    /// The stats column.
    pub stats: TextBox,
    /// The price band.
    pub price: TextBox,
    /// The back's colour.
    pub back_colour: Color,
    /// The back's ink.
    pub back_ink: Color,
    /// The back's title size.
    pub back_size: f64,
    /// The image filling the back, its path and where the template names it.
    pub back_image: Option<(PathBuf, Location)>,
    /// Whether the back's title is drawn.
    pub back_title: bool,
    /// Rounding of the card's corners.
    pub corner_radius: Mm,
    /// Text boxes filled from the spreadsheet's columns.
    pub fields: Vec<Field>,
    /// Image boxes filled from the spreadsheet's columns.
    pub images: Vec<ImageBox>,
    /// The `[[style]]` rules: a generic card's look by its data.
    pub styles: Vec<Rule>,
    /// The face of the card's text.
    pub regular: FontFace,
    /// The face of its bold text.
    pub bold: FontFace,
    /// Where the template names its font (or its root, for DejaVu).
    pub font_at: Location,
}

/// Stat values stand out: this many times the labels' size...
const STAT_VALUE_SCALE: f64 = 1.6;
/// ...but at most this share of the row tall.
const STAT_VALUE_MAX_ROW: f64 = 0.4;
/// The price label and value stand this far in from the ends of their band.
pub const PRICE_INSET: Mm = Mm(2.0);
/// The least space between the price's label and the price.
const PRICE_GAP: Mm = Mm(2.0);

impl Template {
    /// The size stat values are set at on a card of `rows` stats: bigger
    /// than their labels, at most a share of the row tall.
    pub fn stat_value_pt(&self, rows: usize) -> f64 {
        let row_h = self.stats.rect().h / rows.max(1) as f64;
        (self.stats.size * STAT_VALUE_SCALE).min((row_h * STAT_VALUE_MAX_ROW).to_pt())
    }

    /// The stretch of the price band the price has (from, to): right of
    /// its label, inside the band's insets.
    pub fn price_room(&self, label: &str) -> (Mm, Mm) {
        let pr = self.price.rect();
        let label_w = self.regular.measure(label, self.price.min_size);
        (pr.x + PRICE_INSET + label_w + PRICE_GAP, pr.right() - PRICE_INSET)
    }
}
/// Card sizes by name.
pub fn named_size(name: &str) -> Option<Size> {
    named(&CARD_SIZES, name).map(|[w, h]| Size::new(w, h))
}

/// The card sizes a template may name, width and height in mm.
/// `poker` is the European poker card (63 x 88 mm, also `poker-eu`); the
/// US shops' 2.5 x 3.5 in is `poker-us`, and what a US shop target cuts for
/// `poker` ([`crate::print::target::US_SIZES`]).
const CARD_SIZES: [(&str, [f64; 2]); 7] = [
    ("poker", [63.0, 88.0]),
    ("poker-eu", [63.0, 88.0]),
    ("poker-us", [63.5, 88.9]),
    ("bridge", [57.0, 89.0]),
    ("tarot", [70.0, 120.0]),
    ("mini", [44.0, 63.0]),
    ("square", [63.5, 63.5]),
];

/// Reads and validates the card template at `path`.
pub fn load_template(cx: &Context<'_>, path: &Path) -> Result<Template, Vec<Finding>> {
    let text = crate::input::read_text(cx.world, path, Input::Layout).map_err(|e| {
        vec![e.finding(
            Code::LayoutRead,
            path,
            "the card template",
            "`template` is relative to the deck layout; the shipped one is templates/cards/player.toml",
        )]
    })?;
    let source = Source::parse(path, text)?;
    let raw: RawTemplate = source.deserialize()?;
    let mut r = Resolver::new(&source, cx);
    let card = raw.resolve(&mut r);
    let c = &card.colours;
    let t = Template {
        cards: card.cards,
        frame: c.frame,
        icons: crate::icons::IconSet::default(),
        size: card.size,
        border: card.border,
        border_at: source.locate(CardTemplate::KEY.border),
        position_colours: [c.GK, c.DF, c.MF, c.FW],
        paper: c.paper,
        ink: c.ink,
        muted: c.muted,
        name: card.name,
        team: card.team,
        position: card.position,
        photo: card.photo,
        stats: card.stats,
        price: card.price,
        back_colour: card.back.colour,
        back_ink: card.back.ink,
        back_size: card.back.size,
        back_image: card.back.image.as_ref().map(|name| {
            let dir = path.parent().unwrap_or(Path::new(""));
            (dir.join(name), source.locate(Back::KEY.image))
        }),
        back_title: card.back.title,
        corner_radius: card.corner_radius,
        fields: card.field,
        images: card.image,
        styles: card.style,
        // The game's fonts (or the profile's, or DejaVu) unless the
        // template names its own below.
        regular: cx.fonts.regular,
        bold: cx.fonts.bold,
        font_at: match (&card.font.regular, &cx.fonts_at) {
            (None, Some(at)) => at.clone(),
            _ => source.locate(FontFiles::KEY.regular),
        },
    };
    let mut t = t;
    load_fonts(cx, &mut r, path, &card.font, &mut t);
    load_icons(cx, &mut r, path, &card.icons, &mut t);
    extras_fit(&mut r, &t);
    let boxes: Vec<&str> = t
        .fields
        .iter()
        .map(|f| f.column.as_str())
        .chain(t.images.iter().map(|i| i.column.as_str()))
        .collect();
    style::check_shown(&mut r, &t.styles, &boxes);
    let size = t.size;
    let area = Rect::new(0.0, 0.0, size.w.0, size.h.0);
    let keys = CardTemplate::KEY;
    let player_boxes = if t.cards == CardKind::Player {
        vec![
            (keys.name, t.name.rect()),
            (keys.team, t.team.rect()),
            (keys.position, t.position.rect()),
            (keys.photo, t.photo),
            (keys.stats, t.stats.rect()),
            (keys.price, t.price.rect()),
        ]
    } else {
        Vec::new()
    };
    for (key, b) in player_boxes {
        if !area.contains_rect(&b) || b.w.0 <= 0.0 || b.h.0 <= 0.0 {
            r.bad(
                &join_key(key, BOX),
                Code::LayoutValue,
                format!("the box {b} is not inside the {} x {} card", size.w, size.h),
                "boxes are [x, y, width, height] in mm from the card's top-left corner",
            );
        }
    }
    let back_size = Back::KEY.size;
    if r.valid(&[back_size]) && t.back_size < MIN_TEXT_PT - 1e-9 {
        r.bad(
            back_size,
            Code::TextSmall,
            format!(
                "the back's title is set at {} pt, smaller than the {MIN_TEXT_PT} pt a card can be read at",
                t.back_size
            ),
            format!("set it to at least {MIN_TEXT_PT} pt"),
        );
    }
    let narrow = size.w.min(size.h);
    if r.valid(&[keys.size, keys.border]) && t.border * 2.0 >= narrow {
        r.bad(
            keys.border,
            Code::LayoutValue,
            format!("a border of {} covers the whole {} x {} card", t.border, size.w, size.h),
            format!("set it to less than {}; 3 mm frames a poker card", narrow / 2.0),
        );
    }
    r.finish(t)
}

/// The keys of a `[[field]]` table that are not a [`TextBox`]'s.
const COLUMN: &str = "column";
const ALIGN: &str = "align";
const COLOUR: &str = "colour";
const FILL: &str = "fill";
const KIND: &str = "kind";

/// A `[[field]]` table as written: a spreadsheet column's cell set as text
/// in a box, shrunk to fit like the name.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawField {
    /// The spreadsheet's column, by its header.
    pub column: String,
    /// `[x, y, w, h]` in mm from the card's top-left corner.
    #[serde(rename = "box")]
    pub area: [f64; 4],
    /// Size in points.
    #[serde(default = "field_size")]
    #[schemars(schema_with = "text_size")]
    pub size: f64,
    /// The smallest it may shrink to: the size itself, or 6 pt if smaller,
    /// when left out.
    #[serde(default)]
    #[schemars(schema_with = "text_size")]
    pub min_size: Option<f64>,
    /// Set in the bold face.
    #[serde(default)]
    pub bold: bool,
    /// `left`, `centre` or `right` in its box.
    #[serde(default = "field_align")]
    #[schemars(schema_with = "align_schema")]
    pub align: String,
    /// `ink`, `muted`, `paper`, `frame` (the card's frame: the position's
    /// colour on a player card) or `#rrggbb`.
    #[serde(default = "field_ink")]
    #[schemars(schema_with = "ink_schema")]
    pub colour: String,
    /// `line` (one line, shrunk to fit: a title), `text` (wrapped over the
    /// box's lines, shrunk to fit: a rule) or `number` (a number, written
    /// as the language writes it).
    #[serde(default = "field_kind")]
    #[schemars(schema_with = "field_kind_schema")]
    pub kind: String,
    /// A colour filling the box under the text (a badge): a colour name as
    /// `colour` takes, or `#rrggbb`; left out, nothing.
    #[serde(default)]
    #[schemars(schema_with = "ink_schema")]
    pub fill: Option<String>,
}

/// What a `[[field]]` holds, by name.
const FIELD_KINDS: [(&str, FieldKind); 3] = [
    ("line", FieldKind::Line),
    ("text", FieldKind::Text),
    ("number", FieldKind::Number),
];

/// What a `[[field]]` holds and how it is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// One line, shrunk to fit its box's width.
    Line,
    /// Lines wrapped at spaces (and at the cell's own line breaks), shrunk
    /// until they fit the box's width and height.
    Text,
    /// A number, its decimal mark the language's; one line.
    Number,
}

fn field_kind() -> String {
    "line".into()
}

fn field_kind_schema(_: &mut SchemaGenerator) -> Schema {
    schema::one_of(FIELD_KINDS.iter().map(|(name, _)| *name))
}

/// A wrapped text's lines stand this many times its size apart.
const LINE_SPACING: f64 = 1.2;

/// The alignments a `[[field]]` takes, by name.
const ALIGNS: [(&str, Align); 4] = [
    ("left", Align::Left),
    ("centre", Align::Centre),
    ("center", Align::Centre),
    ("right", Align::Right),
];

/// The template's colours a `[[field]]` may name instead of its own:
/// `frame` is the card's frame, the position's on a player card (so the
/// two names are one colour).
const INKS: [(&str, Ink); 5] = [
    ("ink", Ink::Ink),
    ("muted", Ink::Muted),
    ("paper", Ink::Paper),
    ("position", Ink::Position),
    ("frame", Ink::Position),
];

fn align_schema(_: &mut SchemaGenerator) -> Schema {
    schema::one_of(ALIGNS.iter().map(|(name, _)| *name))
}

fn ink_schema(_: &mut SchemaGenerator) -> Schema {
    let names = INKS.iter().map(|(name, _)| *name);
    schema::colour(names.chain(Color::NAMES.iter().map(|(name, _)| *name)))
}

fn field_size() -> f64 {
    8.0
}
fn field_align() -> String {
    "left".into()
}
fn field_ink() -> String {
    "ink".into()
}

/// What colour a field's text is: one of the template's, or its own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Ink {
    /// `[colours] ink`.
    Ink,
    /// `[colours] muted`.
    Muted,
    /// `[colours] paper`.
    Paper,
    /// The card's position colour.
    Position,
    /// A colour of its own.
    Own(Color),
}

/// A spreadsheet column's cell set as text in a box, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// The column, by its header.
    pub column: String,
    /// Where, how big, how small it may shrink.
    pub text: TextBox,
    /// Bold face.
    pub bold: bool,
    /// Alignment in its box.
    pub align: Align,
    /// Its colour.
    pub ink: Ink,
    /// Where the template names the column, for a column the sheet lacks.
    pub at: Location,
    /// A line, a wrapped text or a number.
    pub kind: FieldKind,
    /// The colour filling its box, if any.
    pub fill: Option<Ink>,
}

impl Field {
    /// The face it is set in, the template's regular or bold.
    pub fn face(&self, t: &Template) -> FontFace {
        if self.bold { t.bold } else { t.regular }
    }

    /// The distance between two baselines of a wrapped text in `face` at
    /// `size`: the usual spacing, or the face's real extents where they
    /// are taller, so that an accented capital clears the line above.
    pub fn line_step(face: FontFace, size: f64) -> Mm {
        face.leading(size, LINE_SPACING)
    }

    /// Where a one-line text's baseline stands in its box `b`: low enough
    /// to centre a capital, but moved to keep the face's real extents (an
    /// accent above the capital, a cedilla below) inside the box when the
    /// box is tall enough to hold them.
    pub fn one_line_baseline(face: FontFace, size: f64, b: Rect) -> Mm {
        let centred = b.y + b.h / 2.0 + face.cap_height(size) / 2.0;
        let (up, down) = (face.ascent(size), face.descent(size));
        if up + down > b.h {
            return centred;
        }
        centred.max(b.y + up).min(b.bottom() - down)
    }

    /// The largest size from `size` down to `min_size` (in quarter points)
    /// at which `text`, its icons one advance each, fits the box: on one
    /// line, or wrapped over as many lines as the box's height holds for a
    /// `text` field. `None` when even the smallest does not.
    pub fn fit(&self, text: &str, t: &Template) -> Option<f64> {
        let face = self.face(t);
        let b = self.text.rect();
        let steps = ((self.text.size - self.text.min_size) / FIT_STEP + 1e-6).floor();
        if !(0.0..=MAX_TEXT_PT / FIT_STEP).contains(&steps) {
            return None;
        }
        (0..=steps as u32)
            .map(|k| self.text.size - FIT_STEP * f64::from(k))
            .find(|&size| match self.kind {
                FieldKind::Line | FieldKind::Number => crate::icons::width(text, face, size) <= b.w + Mm(1e-9),
                FieldKind::Text => crate::icons::wrap(text, face, size, b.w).is_some_and(|lines| {
                    // The first line's ascent, then a step a line, then
                    // the last line's descent.
                    let n = lines.len().max(1) as f64;
                    face.ascent(size) + Field::line_step(face, size) * (n - 1.0) + face.descent(size) <= b.h + Mm(1e-9)
                }),
            })
    }
}

/// The value `name` stands for in `table` (case is ignored).
fn named<T: Copy>(table: &[(&str, T)], name: &str) -> Option<T> {
    let name = name.to_ascii_lowercase();
    table.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

/// The `[[field]]` tables.
pub struct Fields;

impl Value for Fields {
    type Raw = Vec<RawField>;
    type Default = ();
    type Out = Vec<Field>;
    fn raw_default(_: ()) -> Vec<RawField> {
        Vec::new()
    }
    fn schema(g: &mut SchemaGenerator) -> Schema {
        schema::list(schema::of::<RawField>(g), MAX_ENTRIES)
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Vec<RawField>, _: &str) -> Vec<Field> {
        let mut out = Vec::new();
        for (i, f) in entries(r, key, raw).iter().enumerate() {
            let at = format!("{key}[{i}]");
            let min_size = f.min_size.unwrap_or(f.size.min(MIN_TEXT_PT));
            let boxed = TextBox {
                area: f.area,
                size: f.size,
                min_size,
            };
            let text = TextBox::resolve(r, &at, &boxed, "");
            let align = named(&ALIGNS, &f.align).unwrap_or_else(|| {
                r.bad(
                    &join_key(&at, ALIGN),
                    Code::LayoutValue,
                    format!("unknown alignment \"{}\"", f.align.to_ascii_lowercase()),
                    "use \"left\", \"centre\" or \"right\"",
                );
                Align::Left
            });
            let ink = named(&INKS, &f.colour).unwrap_or_else(|| Ink::Own(r.colour(&join_key(&at, COLOUR), &f.colour)));
            let fill = f
                .fill
                .as_ref()
                .map(|c| named(&INKS, c).unwrap_or_else(|| Ink::Own(r.colour(&join_key(&at, FILL), c))));
            let kind = named(&FIELD_KINDS, &f.kind).unwrap_or_else(|| {
                r.bad(
                    &join_key(&at, KIND),
                    Code::LayoutValue,
                    format!("unknown kind of field \"{}\"", f.kind.to_ascii_lowercase()),
                    "use \"line\" (one line: a title), \"text\" (wrapped: a rule) or \"number\"",
                );
                FieldKind::Line
            });
            out.push(Field {
                kind,
                fill,
                column: f.column.clone(),
                text,
                bold: f.bold,
                align,
                ink,
                at: r.source.locate(&join_key(&at, COLUMN)),
            });
        }
        out
    }
}

/// An `[[image]]` table as written: the image a column's cell names, fitted
/// whole inside its box.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawImage {
    /// The spreadsheet's column, by its header.
    pub column: String,
    /// `[x, y, w, h]` in mm from the card's top-left corner.
    #[serde(rename = "box")]
    pub area: [f64; 4],
}

/// An image box, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct ImageBox {
    /// The column, by its header.
    pub column: String,
    /// The box.
    pub rect: Rect,
    /// Where the template names the column.
    pub at: Location,
}

/// The `[[image]]` tables.
pub struct Images;

impl Value for Images {
    type Raw = Vec<RawImage>;
    type Default = ();
    type Out = Vec<ImageBox>;
    fn raw_default(_: ()) -> Vec<RawImage> {
        Vec::new()
    }
    fn schema(g: &mut SchemaGenerator) -> Schema {
        schema::list(schema::of::<RawImage>(g), MAX_ENTRIES)
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Vec<RawImage>, _: &str) -> Vec<ImageBox> {
        let mut out = Vec::new();
        for (i, f) in entries(r, key, raw).iter().enumerate() {
            let [x, y, w, h] = f.area;
            out.push(ImageBox {
                column: f.column.clone(),
                rect: Rect::new(x, y, w, h),
                at: r.source.locate(&join_key(&format!("{key}[{i}]"), COLUMN)),
            });
        }
        out
    }
}

/// The template's own boxes inside the card, and a corner radius a card
/// can be cut to: at most a quarter of its short side (a poker card's is
/// 3 mm; more, and the corners eat into the panel).
fn extras_fit(r: &mut Resolver<'_>, t: &Template) {
    let keys = CardTemplate::KEY;
    let card = Rect::new(0.0, 0.0, t.size.w.0, t.size.h.0);
    let boxes = t.fields.iter().map(|f| (keys.field, f.text.rect()));
    let boxes = boxes.chain(t.images.iter().map(|i| (keys.image, i.rect)));
    let mut seen = std::collections::BTreeMap::new();
    for (table, b) in boxes {
        let i = seen.entry(table).or_insert(0usize);
        let key = join_key(&format!("{table}[{i}]"), BOX);
        *i += 1;
        if !card.contains_rect(&b) || b.w.0 <= 0.0 || b.h.0 <= 0.0 {
            r.bad(
                &key,
                Code::LayoutValue,
                format!("the box {b} is not inside the {} x {} card", t.size.w, t.size.h),
                "boxes are [x, y, width, height] in mm from the card's top-left corner",
            );
        }
    }
    let most = t.size.w.min(t.size.h) / 4.0;
    if r.valid(&[keys.corner_radius]) && t.corner_radius > most {
        r.bad(
            keys.corner_radius,
            Code::LayoutValue,
            format!(
                "corners rounded by {} on a {} x {} card leave no straight edge to cut",
                t.corner_radius, t.size.w, t.size.h
            ),
            format!("set it to {most} or less (a quarter of the short side); 3 mm rounds a poker card"),
        );
    }
}

/// Reads the template's `[font]` files into its faces: a file that cannot
/// be read or is not a font is a finding at its key. The bold face falls
/// back to the regular one.
fn load_fonts(cx: &Context<'_>, r: &mut Resolver<'_>, path: &Path, files: &FontFiles, t: &mut Template) {
    let dir = path.parent().unwrap_or(Path::new(""));
    let keys = FontFiles::KEY;
    let mut read = |key: &str, name: &Option<String>, bold: bool| -> Option<FontFace> {
        let file = dir.join(name.as_ref()?);
        match crate::game::fonts::read_face(cx.world, &file, bold) {
            Ok(face) => Some(face),
            Err(why) => {
                r.bad(
                    key,
                    Code::LayoutValue,
                    format!("the font {} cannot be used: {why}", file.display()),
                    "name a TrueType (.ttf) or OpenType (.otf) file, relative to the card template",
                );
                None
            }
        }
    };
    let regular = read(keys.regular, &files.regular, false);
    let bold = read(keys.bold, &files.bold, true);
    if let Some(face) = regular {
        t.regular = face;
        t.bold = face;
    }
    if let Some(face) = bold {
        t.bold = face;
    }
}

/// The `[icons]` table: the template's own icons, by name, each an SVG file
/// relative to the template.
pub struct OwnIcons;

impl Value for OwnIcons {
    type Raw = std::collections::BTreeMap<String, String>;
    type Default = ();
    type Out = std::collections::BTreeMap<String, String>;
    fn raw_default(_: ()) -> Self::Raw {
        Self::Raw::new()
    }
    /// The names as written, each one a text can write between colons.
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Self::Raw, _: &str) -> Self::Out {
        let mut out = Self::Out::new();
        for (name, file) in raw.iter().take(MAX_ENTRIES) {
            if crate::icons::is_icon_name(name) {
                out.insert(name.clone(), file.clone());
            } else {
                r.bad(
                    &join_key(key, name),
                    Code::LayoutValue,
                    format!("\"{name}\" cannot be an icon's name"),
                    "start it with a letter, then letters, digits, - or _: a text writes it as :name:",
                );
            }
        }
        out
    }
    fn schema(_: &mut SchemaGenerator) -> Schema {
        Schema::try_from(serde_json::json!({
            "type": "object",
            "propertyNames": { "pattern": "^[A-Za-z][A-Za-z0-9_-]*$" },
            "additionalProperties": { "type": "string", "minLength": 1 },
            "maxProperties": MAX_ENTRIES,
        }))
        .expect("an object is a schema")
    }
}

/// Reads the template's `[icons]` SVG files into its icon set: a file that
/// cannot be read, or draws nothing printable, is a finding at its key.
fn load_icons(
    cx: &Context<'_>,
    r: &mut Resolver<'_>,
    path: &Path,
    own: &std::collections::BTreeMap<String, String>,
    t: &mut Template,
) {
    let dir = path.parent().unwrap_or(Path::new(""));
    for (name, file) in own {
        let file = dir.join(file);
        let added = cx
            .world
            .read_bytes(&file, Input::Image)
            .map_err(|e| format!("the file {}", crate::input::Unreadable::from_io(&e).reason))
            .and_then(|bytes| t.icons.add_svg(name, &bytes));
        if let Err(why) = added {
            r.bad(
                &join_key(CardTemplate::KEY.icons, name),
                Code::LayoutValue,
                format!("the icon {} cannot be used: {why}", file.display()),
                "name an SVG file of flat colours, relative to the card template",
            );
        }
    }
}
