//! The Tabletop Simulator save as TTS writes it: the fields around
//! `ObjectStates` and the objects in it, in the order and with the types of
//! real saves (TTS v13.1.1's own `Script_Injector_Preview.json` of
//! Ediforce44/TTS-Mod-IsaacFourSouls, v12.4.3's `StarWarsLegion.json` of
//! swlegion/tts, the objects of spirit-island/spirit-island-mod and
//! argonui/SCED; `tests/it/tts.rs` holds excerpts of them and reads ours
//! against them).
//!
//! The fields written, and what TTS does with each:
//!
//! Top level ([`Save`]):
//! - `SaveName`: the name shown under Games › Save & Load.
//! - `EpochTime`, `Date`: when the save was made (Unix seconds; the same
//!   instant as `M/D/YYYY h:mm:ss AM`). Fixed here ([`SAVE_EPOCH`], or
//!   `SOURCE_DATE_EPOCH`): same inputs, same bytes.
//! - `VersionNumber`: the TTS version the format is that of (`v13.1.1`).
//! - `GameMode`: the name the Workshop lists the game by.
//! - `GameType`, `GameComplexity`, `Tags`: Workshop metadata.
//! - `Gravity`, `PlayArea`: physics and the play area's scale (0.5, the defaults).
//! - `Table`, `Sky`: the table model (`Table_RPG`) and the sky.
//! - `Note`: the text in the on-screen notes panel.
//! - `TabStates`: the Notebook's tabs (title, body, colour that sees it).
//! - `DecalPallet`: decals (none).
//! - `LuaScript`, `LuaScriptState`, `XmlUI`: the game's script and UI (empty).
//! - `ObjectStates`: the objects on the table.
//!
//! Every object ([`Object`]):
//! - `GUID`: six hexadecimal digits, unique in the save (scripts and joints
//!   name objects by it); made here from the object's path in the save.
//! - `Name`: the object's type: `Deck`, `Card`,
//!   `Custom_Tile`, `Die_6`, `Custom_PDF`, `HandTrigger`.
//! - `Transform`: position (`posX`, `posY` up, `posZ`), rotation in degrees
//!   and scale; units are about an inch.
//! - `Nickname`: the name in its tooltip; `Description`: the tooltip's
//!   text; `GMNotes`: notes only the game master sees.
//! - `ColorDiffuse`: the tint, 0 to 1 a channel (the die's body colour).
//! - `LayoutGroupSortIndex`, `Value`: its place in a layout zone, a number
//!   for scripts (0, 0).
//! - `Locked`: frozen in place (boards). `Grid`: snaps to the grid. `Snap`:
//!   snaps to snap points. `IgnoreFoW`, `MeasureMovement`, `DragSelectable`,
//!   `Autoraise` (raised over others when picked up), `Sticky` (carries what
//!   lies on it), `Tooltip`, `GridProjection`.
//! - `HideWhenFaceDown`: shows a question mark face down (cards, decks).
//! - `Hands`: may be taken into a player's hand (cards).
//! - `LuaScript`, `LuaScriptState`, `XmlUI`: its script and UI (empty).
//!
//! Type by type:
//! - `Deck`: `SidewaysCard`; `DeckIDs`, the `CardID` of each card in it, top
//!   to bottom; `CustomDeck`, the sheets its cards come from, by key;
//!   `ContainedObjects`, its cards.
//! - `Card`: `CardID` = the sheet's key x 100 + the card's place on the
//!   sheet (from 0, row by row from the top left); its own `CustomDeck`
//!   with its one sheet.
//! - A sheet ([`CustomDeck`]): `FaceURL` (the faces, `NumWidth` x
//!   `NumHeight` of them, at most 10 x 7), `BackURL` (one back, or a sheet
//!   of backs when `UniqueBack`), `BackIsHidden` (false: the sheet's last
//!   place is the image a card in someone's hand shows others), `Type` (0,
//!   rectangular cards).
//! - `Custom_Tile` (boards, counters, sheets; `Custom_Board` is not used:
//!   its size follows its image's pixels, which nothing documents):
//!   `CustomImage` with `ImageURL` (the top),
//!   `ImageSecondaryURL` (a tile's bottom; the top again when empty),
//!   `ImageScalar`, `WidthScale` (TTS works it out from the image), and for a
//!   tile `CustomTile` (`Type` 0 a box, 2 a circle; `Thickness`,
//!   `Stackable`, `Stretch`: the image stretched to the tile's shape).
//! - `Die_6`: TTS's own six-sided die with pips; `MaterialIndex` 0 (plastic),
//!   tinted by `ColorDiffuse`.
//! - `HandTrigger`: a seat's hand zone, `FogColor` its player colour,
//!   `ColorDiffuse` that colour with `a` 0.
//! - `Custom_PDF`: `CustomPDF` with `PDFUrl`, `PDFPassword`, `PDFPage` (the
//!   page open) and `PDFPageOffset`: a document read page by page in game.

use std::collections::BTreeMap;

use serde::Serialize;

/// The TTS version whose format this is.
pub const VERSION: &str = "v13.1.1";
/// The save's date when `SOURCE_DATE_EPOCH` does not give one: 1 January
/// 2026, 00:00 UTC (no clock: the same inputs make the same bytes).
pub const SAVE_EPOCH: i64 = 1_767_225_600;
/// The grey TTS tints cards and decks with.
pub const CARD_TINT: f64 = 0.713_235_259;
/// The grey TTS tints a custom board with.
pub const BOARD_TINT: f64 = 0.786_764_7;

/// A save: what TTS reads from `Saves/` or `Saved Objects/`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct Save {
    /// The name shown in Save & Load.
    pub save_name: String,
    /// When it was saved, in Unix seconds.
    pub epoch_time: i64,
    /// The same instant, as TTS writes it (`1/1/2026 12:00:00 AM`).
    pub date: String,
    /// The TTS version of the format.
    pub version_number: &'static str,
    /// The name in the Workshop list.
    pub game_mode: String,
    /// Workshop metadata: the kind of game.
    pub game_type: &'static str,
    /// Workshop metadata: how complex.
    pub game_complexity: &'static str,
    /// Workshop tags.
    pub tags: Vec<String>,
    /// Physics: 0.5, TTS's default.
    pub gravity: f64,
    /// The play area's scale: 0.5, TTS's default.
    pub play_area: f64,
    /// The table model.
    pub table: &'static str,
    /// The sky.
    pub sky: &'static str,
    /// The notes panel's text.
    pub note: String,
    /// The Notebook's tabs, by number.
    pub tab_states: BTreeMap<String, Tab>,
    /// Decals (none).
    pub decal_pallet: Vec<String>,
    /// The game's script.
    pub lua_script: String,
    /// The script's saved state.
    pub lua_script_state: String,
    /// The game's UI.
    #[serde(rename = "XmlUI")]
    pub xml_ui: String,
    /// The objects on the table.
    pub object_states: Vec<Object>,
}

/// A tab of the Notebook.
#[derive(Clone, Debug, Serialize)]
pub struct Tab {
    /// Its title.
    pub title: String,
    /// Its text.
    pub body: String,
    /// The player colour that sees it (`Grey`: everyone).
    pub color: &'static str,
    /// That colour, as TTS shows it.
    #[serde(rename = "visibleColor")]
    pub visible_color: Rgb,
    /// Its number.
    pub id: u32,
}

/// A colour, 0 to 1 a channel.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rgb {
    /// Red.
    pub r: f64,
    /// Green.
    pub g: f64,
    /// Blue.
    pub b: f64,
    /// Opacity (a hand zone's: 0); opaque when left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub a: Option<f64>,
}

impl Rgb {
    /// A grey of `v`.
    pub fn grey(v: f64) -> Rgb {
        Rgb {
            r: v,
            g: v,
            b: v,
            a: None,
        }
    }

    /// The colour of an sRGB colour.
    pub fn of(c: crate::color::Color) -> Rgb {
        let ch = |v: u8| (f64::from(v) / 255.0 * 10_000.0).round() / 10_000.0;
        Rgb {
            r: ch(c.r),
            g: ch(c.g),
            b: ch(c.b),
            a: None,
        }
    }
}

/// Where an object is, how it is turned and how large.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[allow(non_snake_case)]
pub struct Transform {
    /// Across the table, to the right of the player at the near side.
    pub posX: f64,
    /// Up.
    pub posY: f64,
    /// Along the table, away from the player at the near side.
    pub posZ: f64,
    /// Turned about the x axis, in degrees.
    pub rotX: f64,
    /// Turned about the vertical, in degrees.
    pub rotY: f64,
    /// Turned about the z axis, in degrees (180: face down).
    pub rotZ: f64,
    /// Scale across.
    pub scaleX: f64,
    /// Scale up.
    pub scaleY: f64,
    /// Scale along.
    pub scaleZ: f64,
}

impl Transform {
    /// At (`x`, `y`, `z`), turned `rot_y` about the vertical, face up or
    /// down, scaled `sx` across and `sz` along.
    pub fn at(x: f64, y: f64, z: f64, rot_y: f64, face_down: bool, (sx, sz): (f64, f64)) -> Transform {
        let r = |v: f64| (v * 10_000.0).round() / 10_000.0;
        Transform {
            posX: r(x),
            posY: r(y),
            posZ: r(z),
            rotX: 0.0,
            rotY: rot_y,
            rotZ: if face_down { 180.0 } else { 0.0 },
            scaleX: r(sx),
            scaleY: 1.0,
            scaleZ: r(sz),
        }
    }
}

/// One object on the table, or in a deck.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct Object {
    /// Its id, unique in the save.
    #[serde(rename = "GUID")]
    pub guid: String,
    /// Its type.
    pub name: &'static str,
    /// Where it is.
    pub transform: Transform,
    /// Its name in the tooltip.
    pub nickname: String,
    /// The tooltip's text.
    pub description: String,
    /// Notes for the game master.
    #[serde(rename = "GMNotes")]
    pub gm_notes: String,
    /// Its tint.
    pub color_diffuse: Rgb,
    /// Its place in a layout zone's order (0: none).
    pub layout_group_sort_index: i32,
    /// A value scripts may read (0).
    pub value: i32,
    /// Frozen in place.
    pub locked: bool,
    /// Snaps to the grid.
    pub grid: bool,
    /// Snaps to snap points.
    pub snap: bool,
    /// Seen through the fog of war.
    #[serde(rename = "IgnoreFoW")]
    pub ignore_fow: bool,
    /// Its moves are measured.
    pub measure_movement: bool,
    /// Taken by a selection box.
    pub drag_selectable: bool,
    /// Raised over others when picked up.
    pub autoraise: bool,
    /// Carries what lies on it.
    pub sticky: bool,
    /// Shows its tooltip.
    pub tooltip: bool,
    /// The grid is drawn on it.
    pub grid_projection: bool,
    /// A question mark face down.
    pub hide_when_face_down: bool,
    /// May go into a hand.
    pub hands: bool,
    /// A card's id: its sheet's key x 100 + its place on the sheet.
    #[serde(rename = "CardID", skip_serializing_if = "Option::is_none")]
    pub card_id: Option<u32>,
    /// A card or deck lies sideways.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sideways_card: Option<bool>,
    /// A deck's cards' ids, top to bottom.
    #[serde(rename = "DeckIDs", skip_serializing_if = "Option::is_none")]
    pub deck_ids: Option<Vec<u32>>,
    /// The sheets a card or deck takes its faces from, by key.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_deck: Option<BTreeMap<String, CustomDeck>>,
    /// A board's or tile's images.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_image: Option<CustomImage>,
    /// A PDF's file and page.
    #[serde(rename = "CustomPDF", skip_serializing_if = "Option::is_none")]
    pub custom_pdf: Option<CustomPdf>,
    /// A die's material (0: plastic).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub material_index: Option<u32>,
    /// A hand zone's player colour.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fog_color: Option<&'static str>,
    /// Its script.
    pub lua_script: String,
    /// Its script's state.
    pub lua_script_state: String,
    /// Its UI.
    #[serde(rename = "XmlUI")]
    pub xml_ui: String,
    /// A deck's cards.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contained_objects: Option<Vec<Object>>,
}

impl Object {
    /// An object of type `name` at `transform` with TTS's defaults for
    /// everything else (a card's and deck's, a piece's or a board's are set
    /// by the caller).
    pub fn new(name: &'static str, nickname: impl Into<String>, transform: Transform) -> Object {
        Object {
            guid: String::new(),
            name,
            transform,
            nickname: nickname.into(),
            description: String::new(),
            gm_notes: String::new(),
            color_diffuse: Rgb::grey(1.0),
            layout_group_sort_index: 0,
            value: 0,
            locked: false,
            grid: true,
            snap: true,
            ignore_fow: false,
            measure_movement: false,
            drag_selectable: true,
            autoraise: true,
            sticky: true,
            tooltip: true,
            grid_projection: false,
            hide_when_face_down: false,
            hands: false,
            card_id: None,
            sideways_card: None,
            deck_ids: None,
            custom_deck: None,
            custom_image: None,
            custom_pdf: None,
            material_index: None,
            fog_color: None,
            lua_script: String::new(),
            lua_script_state: String::new(),
            xml_ui: String::new(),
            contained_objects: None,
        }
    }

    /// Every object, its deck's cards after it.
    pub fn all(&self) -> Vec<&Object> {
        let mut out = vec![self];
        for o in self.contained_objects.iter().flatten() {
            out.extend(o.all());
        }
        out
    }
}

/// A sheet of card faces, and its back.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct CustomDeck {
    /// The faces' image.
    #[serde(rename = "FaceURL")]
    pub face_url: String,
    /// The back's image (a sheet of backs when `unique_back`).
    #[serde(rename = "BackURL")]
    pub back_url: String,
    /// Faces across.
    pub num_width: u32,
    /// Faces down.
    pub num_height: u32,
    /// Whether the back, rather than the sheet's last place, is what others
    /// see of a card in a hand.
    pub back_is_hidden: bool,
    /// Whether the back is a sheet laid out as the faces.
    pub unique_back: bool,
    /// The card's shape: 0, a rectangle with rounded corners.
    #[serde(rename = "Type")]
    pub kind: u32,
}

/// A board's or tile's images.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct CustomImage {
    /// The top image.
    #[serde(rename = "ImageURL")]
    pub image_url: String,
    /// The bottom image ("" for the top one again).
    #[serde(rename = "ImageSecondaryURL")]
    pub image_secondary_url: String,
    /// A scale on the image's size (1).
    pub image_scalar: f64,
    /// Worked out by TTS from the image (0 until it has).
    pub width_scale: f64,
    /// A tile's shape.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_tile: Option<CustomTile>,
}

/// A tile's shape and thickness.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct CustomTile {
    /// 0 a box, 1 a hexagon, 2 a circle, 3 a box with rounded corners.
    #[serde(rename = "Type")]
    pub kind: u32,
    /// How thick, in units.
    pub thickness: f64,
    /// Whether tiles of it stack.
    pub stackable: bool,
    /// Whether the image is stretched to the shape.
    pub stretch: bool,
}

/// A PDF read in game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CustomPdf {
    /// The file.
    #[serde(rename = "PDFUrl")]
    pub url: String,
    /// Its password ("").
    #[serde(rename = "PDFPassword")]
    pub password: String,
    /// The page open, from 0.
    #[serde(rename = "PDFPage")]
    pub page: u32,
    /// What page numbers show more than the page's index.
    #[serde(rename = "PDFPageOffset")]
    pub page_offset: u32,
}

/// The save's time: `SOURCE_DATE_EPOCH` when set to a number, else
/// [`SAVE_EPOCH`]; with the date TTS writes for it (in UTC).
pub fn save_time() -> (i64, String) {
    let epoch = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|v| v.trim().parse::<i64>().ok())
        .filter(|v| (0..253_402_300_800).contains(v))
        .unwrap_or(SAVE_EPOCH);
    (epoch, tts_date(epoch))
}

/// `epoch` as TTS writes a save's `Date`: `M/D/YYYY h:mm:ss AM`.
pub fn tts_date(epoch: i64) -> String {
    let days = epoch.div_euclid(86_400);
    let secs = epoch.rem_euclid(86_400);
    let (y, m, d) = crate::target_files::civil_date(days);
    let (h, min, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    let (h12, half) = match h {
        0 => (12, "AM"),
        1..=11 => (h, "AM"),
        12 => (12, "PM"),
        _ => (h - 12, "PM"),
    };
    format!("{m}/{d}/{y} {h12}:{min:02}:{s:02} {half}")
}

/// Gives every object of `objects` (and the cards of its decks) a GUID:
/// six hexadecimal digits of a hash of its path in the save (`3/12`: the
/// twelfth card of the fourth object), the next free one on a clash.
pub fn number(objects: &mut [Object], salt: &str) {
    let mut used = std::collections::HashSet::new();
    fn go(objects: &mut [Object], path: &str, salt: &str, used: &mut std::collections::HashSet<String>) {
        for (i, o) in objects.iter_mut().enumerate() {
            let here = format!("{path}/{i}");
            let mut h = crate::scene::picture::hash128(format!("{salt}{here}").as_bytes()) as u32 & 0xff_ffff;
            while !used.insert(format!("{h:06x}")) {
                h = (h + 1) & 0xff_ffff;
            }
            o.guid = format!("{h:06x}");
            if let Some(inner) = &mut o.contained_objects {
                go(inner, &here, salt, used);
            }
        }
    }
    go(objects, "", salt, &mut used);
}

/// The save as TTS writes it: JSON indented by two spaces, one trailing
/// newline.
pub fn to_json(save: &Save) -> String {
    let mut s = serde_json::to_string_pretty(save).unwrap_or_default();
    s.push('\n');
    s
}
