//! The pen-and-paper path-football field sheet (`kind = "path-fields"`,
//! GAMES.md game D): several 6 x 8 fields on a sheet, and a legend page with a
//! practice field.
//!
//! As with the dice pitch, the field's counts are written in the layout so a
//! variant or a broken copy can be checked, but the checker holds the game's.

use serde::Deserialize;

use crate::diag::Finding;
use crate::geom::Mm;
use crate::layout::page::RawPage;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::source::Source;
use crate::print::PageSpec;
use crate::scene::color::Color;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
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

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawField {
    columns: i64,
    rows: i64,
    pitch: f64,
    opening: i64,
    opening_offset: i64,
    exits: bool,
    diagonals: bool,
    coordinates: bool,
}

impl Default for RawField {
    fn default() -> Self {
        RawField {
            columns: 6,
            rows: 8,
            pitch: 9.0,
            opening: 2,
            opening_offset: 0,
            exits: true,
            diagonals: false,
            coordinates: false,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawSheet {
    fields: i64,
    gap: f64,
    title: String,
    title_size: f64,
    header: String,
    header_size: f64,
}

impl Default for RawSheet {
    fn default() -> Self {
        RawSheet {
            fields: 6,
            gap: 12.0,
            title: "Fútbol de papel y boli".into(),
            title_size: 13.0,
            header: "A: ____________   B: ____________".into(),
            header_size: 8.0,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawStyle {
    guide_colour: String,
    guide_width: f64,
    boundary_colour: String,
    boundary_width: f64,
    mark_colour: String,
    team_a_colour: String,
    team_b_colour: String,
    text_colour: String,
}

impl Default for RawStyle {
    fn default() -> Self {
        RawStyle {
            guide_colour: "#b4c2d6".into(),
            guide_width: 0.25,
            boundary_colour: "#1b2a41".into(),
            boundary_width: 0.9,
            mark_colour: "#1b2a41".into(),
            team_a_colour: "#b3261e".into(),
            team_b_colour: "#1f4fa8".into(),
            text_colour: "#1b2a41".into(),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawLegend {
    enabled: bool,
    title: String,
    practice: String,
    start: String,
    goals: String,
    moves: String,
    boundary: String,
    text_size: f64,
}

impl Default for RawLegend {
    fn default() -> Self {
        RawLegend {
            enabled: true,
            title: "Cómo se lee el campo".into(),
            practice: "Campo de práctica: prueba aquí a rebotar en el borde antes de gastar un campo de verdad.".into(),
            start: "Saque: el balón empieza en el punto central marcado, que ya cuenta como visitado.".into(),
            goals: "Porterías: el punto de fuera de cada hueco del borde. A marca arriba y B abajo; solo se llega por la línea central que sale del campo.".into(),
            moves: "Cada paso traza una línea nueva entre dos puntos vecinos, en horizontal o en vertical: nunca en diagonal.".into(),
            boundary: "Borde: la línea gruesa se puede recorrer (y rebota), pero no se puede cruzar.".into(),
            text_size: 10.0,
        }
    }
}

/// One field's geometry, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// Squares across (6 in the game).
    pub columns: u32,
    /// Squares from goal side to goal side (8 in the game).
    pub rows: u32,
    /// Distance between neighbouring points.
    pub pitch: Mm,
    /// Width of the opening in each short side, in squares (2).
    pub opening: u32,
    /// Squares the opening is moved from the centre (0: a variant or a mistake).
    pub opening_offset: i32,
    /// Print the guide from each opening's middle point to its goal point.
    pub exits: bool,
    /// Print diagonal guides too (classic paper soccer; not this game).
    pub diagonals: bool,
    /// Print coordinates along the sides (not this game: the checker refuses).
    pub coordinates: bool,
}

/// The sheet of fields, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    /// How many fields on the sheet.
    pub fields: u32,
    /// Space between fields.
    pub gap: Mm,
    /// Title at the top of the sheet; empty for none.
    pub title: String,
    /// Title size in points.
    pub title_size: f64,
    /// Line above each field to write the players' names; empty for none.
    pub header: String,
    /// Header size in points.
    pub header_size: f64,
}

/// Colours and widths, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// The light guides between points.
    pub guide_colour: Color,
    /// Width of the guides.
    pub guide_width: Mm,
    /// The thick boundary.
    pub boundary_colour: Color,
    /// Width of the boundary.
    pub boundary_width: Mm,
    /// Start point and goal points.
    pub mark_colour: Color,
    /// Side A's letter and arrow.
    pub team_a_colour: Color,
    /// Side B's letter and arrow.
    pub team_b_colour: Color,
    /// Titles and legend.
    pub text_colour: Color,
}

/// The legend page, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Legend {
    /// Print the legend page.
    pub enabled: bool,
    /// Its title.
    pub title: String,
    /// What the practice field is for.
    pub practice: String,
    /// Where play starts.
    pub start: String,
    /// Where the goals are and who attacks which.
    pub goals: String,
    /// How the ball moves.
    pub moves: String,
    /// What the boundary allows.
    pub boundary: String,
    /// Legend text size in points.
    pub text_size: f64,
}

/// A resolved field sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct PathFields {
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
pub fn resolve(source: &Source, cx: &Context<'_>) -> Result<PathFields, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: Raw = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, overrides);

    let f = &raw.field;
    let hint = "the game's field is 6 columns x 8 rows of squares";
    let columns = r.count_at_least("field.columns", f.columns, 1, hint);
    let rows = r.count_at_least("field.rows", f.rows, 1, hint);
    let pitch = r.length_above(
        "field.pitch",
        f.pitch,
        0.0,
        "the distance between points in mm; 9 mm is comfortable for a pen",
    );
    let opening = r.count_at_least(
        "field.opening",
        f.opening,
        1,
        "the opening in each short side, in squares; the game's is 2",
    );
    if opening > columns {
        r.bad(
            "field.opening",
            "layout-value",
            format!("an opening of {opening} squares is wider than the {columns}-square side"),
            "the game's opening is 2 squares",
        );
    }
    let limit = columns as i64;
    if f.opening_offset.abs() > limit {
        r.bad(
            "field.opening_offset",
            "layout-value",
            format!("an offset of {} squares leaves the field", f.opening_offset),
            "0 centres the opening, as the game has it",
        );
    }
    let field = Field {
        columns,
        rows,
        pitch: Mm(pitch),
        opening,
        opening_offset: f.opening_offset.clamp(-limit, limit) as i32,
        exits: f.exits,
        diagonals: f.diagonals,
        coordinates: f.coordinates,
    };

    let s = &raw.sheet;
    let sheet = Sheet {
        fields: r.count_at_least(
            "sheet.fields",
            s.fields,
            1,
            "how many fields on the sheet; each game uses one",
        ),
        gap: Mm(r.length_non_negative(
            "sheet.gap",
            s.gap,
            "space between fields in mm; 12 mm leaves room to cut",
        )),
        title: r.text("sheet.title", &s.title),
        title_size: r.text_size("sheet.title_size", s.title_size),
        header: r.text("sheet.header", &s.header),
        header_size: r.text_size("sheet.header_size", s.header_size),
    };

    let st = &raw.style;
    let width_hint = "a line width in mm; guides 0.2-0.3, boundary 0.8-1.2";
    let style = Style {
        guide_colour: r.colour("style.guide_colour", &st.guide_colour),
        guide_width: Mm(r.length_above("style.guide_width", st.guide_width, 0.0, width_hint)),
        boundary_colour: r.colour("style.boundary_colour", &st.boundary_colour),
        boundary_width: Mm(r.length_above("style.boundary_width", st.boundary_width, 0.0, width_hint)),
        mark_colour: r.colour("style.mark_colour", &st.mark_colour),
        team_a_colour: r.colour("style.team_a_colour", &st.team_a_colour),
        team_b_colour: r.colour("style.team_b_colour", &st.team_b_colour),
        text_colour: r.colour("style.text_colour", &st.text_colour),
    };

    let l = &raw.legend;
    let legend = Legend {
        enabled: l.enabled,
        title: r.text("legend.title", &l.title),
        practice: r.text("legend.practice", &l.practice),
        start: r.text("legend.start", &l.start),
        goals: r.text("legend.goals", &l.goals),
        moves: r.text("legend.moves", &l.moves),
        boundary: r.text("legend.boundary", &l.boundary),
        text_size: r.text_size("legend.text_size", l.text_size),
    };

    r.finish(PathFields {
        page,
        field,
        sheet,
        style,
        legend,
    })
}
