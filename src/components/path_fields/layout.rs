//! The pen-and-paper path-football field sheet (`kind = "path-fields"`,
//! docs/GAMES.md): several 6 x 8 fields on a sheet, and a legend page with a
//! practice field.
//!
//! As with the dice pitch, the field's counts are written in the layout so a
//! variant or a broken copy can be checked, but the checker holds the game's.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::Fonts;
use crate::layout::page::RawPage;
use crate::layout::resolve::Resolver;
use crate::layout::section::Value;
use crate::layout::values::{Colour, Count, Flag, Label, Length, LengthOrZero, LineWidth, TextSize};
use crate::limits::MAX_SQUARES;
use crate::print::PageSpec;
use crate::section;

/// The file as written.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    field: RawField,
    #[serde(default)]
    sheet: RawSheet,
    #[serde(default)]
    style: RawStyle,
    #[serde(default)]
    legend: RawLegend,
}

/// A whole number, negative or not, that this layout validates itself with
/// the field in view (an offset must keep the opening on its side).
pub struct Offset;

impl Value for Offset {
    type Raw = i64;
    type Default = i64;
    type Out = i64;
    fn raw_default(default: i64) -> i64 {
        default
    }
    fn resolve(_: &mut Resolver<'_>, _: &str, raw: &i64, _: &str) -> i64 {
        *raw
    }
    fn schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        crate::layout::schema::any_integer()
    }
}

const FIELD_HINT: &str = "the game's field is 6 columns x 8 rows of squares";
const WIDTH_HINT: &str = "a line width in mm; guides 0.2-0.3, boundary 0.8-1.2";

section! {
    /// One field's geometry, validated.
    pub struct Field / RawField / FieldKeys in "field" {
        /// Squares across (6 in the game).
        columns: Count<1, { MAX_SQUARES }> = 6 => FIELD_HINT,
        /// Squares from goal side to goal side (8 in the game).
        rows: Count<1, { MAX_SQUARES }> = 8 => FIELD_HINT,
        /// Distance between neighbouring points.
        pitch: Length = 9.0 => "the distance between points in mm; 9 mm is comfortable for a pen",
        /// Width of the opening in each short side, in squares (2).
        opening: Count<1, { MAX_SQUARES }> = 2 => "the opening in each short side, in squares; the game's is 2",
        /// Squares the opening is moved from the centre (0: a variant or a
        /// mistake); kept within the field's width.
        opening_offset: Offset = 0,
        /// Print the guide from each opening's middle point to its goal point.
        exits: Flag = true,
        /// Print diagonal guides too (classic paper soccer; not this game).
        diagonals: Flag = false,
        /// Print coordinates along the sides (not this game: the checker refuses).
        coordinates: Flag = false,
    }
}

section! {
    /// The sheet of fields, validated.
    pub struct Sheet / RawSheet / SheetKeys in "sheet" {
        /// How many fields on the sheet.
        fields: Count<1, 60> = 6 => "how many fields on the sheet; each game uses one",
        /// Space between fields.
        gap: LengthOrZero = 12.0 => "space between fields in mm; 12 mm leaves room to cut",
        /// Title at the top of the sheet; empty for none.
        title: Label = "@fields.title",
        /// Title size in points.
        title_size: TextSize = 13.0,
        /// Line above each field to write the players' names; empty for none.
        header: Label = "@fields.header",
        /// Header size in points.
        header_size: TextSize = 8.0,
        /// The words under the 50 mm scale bar, in the room the fields leave
        /// at the foot of the sheet.
        scale_bar_label: Label = "@fields.scale_bar",
    }
}

section! {
    /// Colours and widths, validated.
    pub struct Style / RawStyle / StyleKeys in "style" {
        /// The light guides between points.
        guide_colour: Colour = "#b4c2d6",
        /// Width of the guides.
        guide_width: LineWidth = 0.25 => WIDTH_HINT,
        /// The thick boundary.
        boundary_colour: Colour = "#1b2a41",
        /// Width of the boundary.
        boundary_width: LineWidth = 0.9 => WIDTH_HINT,
        /// Start point and goal points.
        mark_colour: Colour = "#1b2a41",
        /// Side A's letter and arrow.
        team_a_colour: Colour = "#b3261e",
        /// Side B's letter and arrow.
        team_b_colour: Colour = "#1f4fa8",
        /// Titles and legend.
        text_colour: Colour = "#1b2a41",
    }
}

section! {
    /// The legend page, validated.
    pub struct Legend / RawLegend / LegendKeys in "legend" {
        /// Print the legend page.
        enabled: Flag = true,
        /// Its title.
        title: Label = "@fields.legend_title",
        /// What the practice field is for.
        practice: Label = "@fields.practice",
        /// Where play starts.
        start: Label = "@fields.start",
        /// Where the goals are and who attacks which.
        goals: Label = "@fields.goals",
        /// How the ball moves.
        moves: Label = "@fields.moves",
        /// What the boundary allows.
        boundary: Label = "@fields.boundary",
        /// Legend text size in points.
        text_size: TextSize = 10.0,
    }
}

/// A resolved field sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct PathFields {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// Paper and margin.
    pub page: PageSpec,
    /// One field's geometry.
    pub field: Field,
    /// The sheet.
    pub sheet: Sheet,
    /// Colours and widths.
    pub style: Style,
    /// The legend page.
    pub legend: Legend,
}

/// Reads and validates a `path-fields` layout.
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<PathFields, Vec<Finding>> {
    let page = r.page(&raw.page);

    let mut field = raw.field.resolve(&mut r);
    let keys = Field::KEY;
    let (columns, opening) = (field.columns, field.opening);
    if opening > columns {
        r.bad(
            keys.opening,
            Code::LayoutValue,
            format!(
                "an opening of {opening} squares is wider than the {columns}-square side (`{}`)",
                keys.columns
            ),
            "the game's opening is 2 squares",
        );
    }
    let limit = columns as i64;
    if field.opening_offset.unsigned_abs() > limit as u64 {
        r.bad(
            keys.opening_offset,
            Code::LayoutValue,
            format!("an offset of {} squares leaves the field", field.opening_offset),
            "0 centres the opening, as the game has it",
        );
    }
    field.opening_offset = field.opening_offset.clamp(-limit, limit);

    let sheet = raw.sheet.resolve(&mut r);
    let style = raw.style.resolve(&mut r);
    let legend = raw.legend.resolve(&mut r);
    let fonts = r.cx.fonts;
    r.finish(PathFields {
        fonts,
        page,
        field,
        sheet,
        style,
        legend,
    })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(
        kind,
        "Path-football fields: a sheet of fields of points to play on with a pen.",
    );
    let raw: Raw = s.defaults()?;
    Ok(s.section(&raw.page)
        .section(&raw.field)
        .section(&raw.sheet)
        .section(&raw.style)
        .section(&raw.legend))
}
