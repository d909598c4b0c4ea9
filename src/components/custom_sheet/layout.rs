//! A custom sheet (`kind = "custom-sheet"`): a drawing made of primitives in
//! millimetres, or in the cells of a grid it declares, with the rules its
//! author wants checked.
//!
//! Every primitive is an array of tables (`[[rect]]`, `[[grid]]`, ...), so
//! entry `i` of one is blamed as `rect[i]`. A primitive may give `grid =
//! "name"`: its positions and lengths are then in that grid's cells (a
//! square grid's lattice points are whole numbers, so `[2, 0]` is the top
//! corner of the third column; a hex grid's whole numbers are cell centres).
//! A primitive with `group = "name"` is drawn only where a `[[repeat]]`
//! places that group. What is drawn comes in layers (`layer`, 0 to 9), each
//! kind of primitive with its own default, so that fills lie under grids
//! and grids under markings whatever order the file lists them in.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use schemars::{Schema, SchemaGenerator};
use serde::Deserialize;

use crate::color::Color;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::Fonts;
use crate::geom::{Mm, Point, Size};
use crate::input::source::Source;
use crate::layout::board_text::BoardText;
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::schema;
use crate::layout::section::Value;
use crate::layout::tiling::RawTiling;
use crate::layout::values::{
    Choice, Colour, ColourOrNone, Count, Flag, Label, Length, LengthOrZero, LineWidth, Named, Number, Optional, Pair,
    Required, TextSize, Word, entries,
};
use crate::limits::{MAX_ENTRIES, MAX_LENGTH_MM, MAX_SQUARES};
use crate::print::{NupOptions, PageSpec, TileOptions};
use crate::section;
use crate::text::Align;

/// The kind custom sheets answer to.
pub const KIND: &str = "custom-sheet";

/// The most copies a `[[repeat]]` makes along each axis, and of the drawing
/// when imposed: enough for a sheet of tokens, few enough that a typo
/// cannot draw a million shapes.
pub const MAX_COPIES: i64 = 40;
/// The most points a polyline has.
pub const MAX_POINTS: usize = 200;
/// The most shapes a drawing may come to once its grids and repeats are
/// expanded: a 40 x 40 grid repeated is already past anything printable.
pub const MAX_SHAPES: usize = 20_000;

/// The file as written.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
    #[serde(default)]
    page: RawPage,
    #[serde(default = "default_print")]
    print: RawPrint,
    #[serde(default)]
    tiling: RawTiling,
    #[serde(default)]
    drawing: RawDrawing,
    #[serde(default)]
    text: RawText,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    grid: Vec<RawGrid>,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    zone: Vec<RawZone>,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    rect: Vec<RawRect>,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    circle: Vec<RawCircle>,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    line: Vec<RawLine>,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    polyline: Vec<RawPolyline>,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    arc: Vec<RawArc>,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    text_box: Vec<RawTextBox>,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    image: Vec<RawImage>,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    repeat: Vec<RawRepeat>,
    #[serde(default)]
    #[schemars(length(max = MAX_ENTRIES))]
    rule: Vec<RawRule>,
}

fn default_print() -> RawPrint {
    // A drawing imposed as items is cut out like cards: bleed and crop
    // marks; backs only when the layout asks for them.
    RawPrint {
        duplex: "none".into(),
        ..RawPrint::default()
    }
}

/// The JSON Schema of a layout of this kind, named `kind`, for editors.
pub fn schema(kind: &str) -> serde_json::Value {
    // Its [print] defaults are its own, not the table's.
    crate::layout::schema::with_defaults(crate::layout::schema::layout::<Raw>(kind), "print", &default_print())
}

/// A position or a length that may be negative (left of or above the
/// drawing's corner), in mm or cells, no further than a board goes.
pub struct Coord;

impl Value for Coord {
    type Raw = f64;
    type Default = f64;
    type Out = f64;
    fn raw_default(default: f64) -> f64 {
        default
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &f64, hint: &str) -> f64 {
        let max = f64::from(MAX_LENGTH_MM);
        r.number_in(
            key,
            *raw,
            (-max, max),
            "",
            if hint.is_empty() {
                "a position in mm, or in cells of the named grid"
            } else {
                hint
            },
        )
    }
    fn schema(_: &mut SchemaGenerator) -> Schema {
        let max = f64::from(MAX_LENGTH_MM);
        schema::number(-max, max)
    }
}

/// The vertices of a polyline, `[[x, y], ...]`: two at least, at most
/// [`MAX_POINTS`].
pub struct Points;

impl Value for Points {
    type Raw = Vec<[f64; 2]>;
    type Default = ();
    type Out = Vec<(f64, f64)>;
    fn raw_default(_: ()) -> Vec<[f64; 2]> {
        Vec::new()
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Vec<[f64; 2]>, hint: &str) -> Vec<(f64, f64)> {
        if raw.len() < 2 || raw.len() > MAX_POINTS {
            r.bad(
                key,
                Code::LayoutValue,
                format!("{} points; a polyline has 2 to {MAX_POINTS}", raw.len()),
                "write its vertices as [[x, y], [x, y], ...]",
            );
        }
        raw.iter()
            .take(MAX_POINTS)
            .enumerate()
            .map(|(i, p)| {
                (
                    Coord::resolve(r, &format!("{key}[{i}][0]"), &p[0], hint),
                    Coord::resolve(r, &format!("{key}[{i}][1]"), &p[1], hint),
                )
            })
            .collect()
    }
    fn schema(g: &mut SchemaGenerator) -> Schema {
        schema::list(schema::tuple(vec![Coord::schema(g), Coord::schema(g)]), MAX_POINTS)
    }
}

/// How a grid's cells are shaped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridShape {
    /// Squares in rows and columns.
    Square,
    /// Hexagons, pointed at the top, every other row shifted half a cell
    /// to the right.
    Hex,
}

/// Which way a hex grid's cells point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexTop {
    /// A corner at the top: rows of hexes, every other row shifted half a
    /// cell to the right.
    Pointy,
    /// A flat side at the top: columns of hexes, every other column shifted
    /// half a cell down (the wargame's grid).
    Flat,
}

impl Named for HexTop {
    const CHOICES: &'static [(&'static str, Self)] = &[("pointy", HexTop::Pointy), ("flat", HexTop::Flat)];
    const FALLBACK: Self = HexTop::Pointy;
    const WHAT: &'static str = "hex orientation";
    const NAMES: &'static str = "use \"pointy\" (a corner at the top) or \"flat\" (a side at the top)";
}

impl Named for GridShape {
    const CHOICES: &'static [(&'static str, Self)] = &[("square", GridShape::Square), ("hex", GridShape::Hex)];
    const FALLBACK: Self = GridShape::Square;
    const WHAT: &'static str = "grid shape";
    const NAMES: &'static str = "use \"square\" or \"hex\"";
}

/// How a grid is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridDraw {
    /// Each cell outlined on its own (a board of squares or hexes).
    Cells,
    /// Each line once, from one side of the grid to the other (square grids).
    Lines,
    /// A line for every edge between neighbouring lattice points, each on
    /// its own (square grids): the graph a path-football field is played on.
    Edges,
    /// A dot on every lattice point (square grids: a field to draw on).
    Points,
    /// Nothing: a grid only to place other shapes by.
    None,
}

impl Named for GridDraw {
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("cells", GridDraw::Cells),
        ("lines", GridDraw::Lines),
        ("edges", GridDraw::Edges),
        ("points", GridDraw::Points),
        ("none", GridDraw::None),
    ];
    const FALLBACK: Self = GridDraw::Cells;
    const WHAT: &'static str = "grid drawing";
    const NAMES: &'static str = "use \"cells\", \"lines\", \"edges\", \"points\" or \"none\"";
}

/// Which face of an imposed item a shape is printed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// The front.
    Front,
    /// The back, printed behind the front when `[print] duplex` asks.
    Back,
}

impl Named for Face {
    const CHOICES: &'static [(&'static str, Self)] = &[("front", Face::Front), ("back", Face::Back)];
    const FALLBACK: Self = Face::Front;
    const WHAT: &'static str = "face";
    const NAMES: &'static str = "use \"front\" or \"back\"";
}

impl Named for Align {
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("left", Align::Left),
        ("centre", Align::Centre),
        ("center", Align::Centre),
        ("right", Align::Right),
    ];
    const FALLBACK: Self = Align::Centre;
    const WHAT: &'static str = "alignment";
    const NAMES: &'static str = "use \"left\", \"centre\" or \"right\"";
}

/// What a declared rule measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleKind {
    /// A grid has `count` = [columns, rows] cells drawn.
    Cells,
    /// Every cell of a grid is drawn the same size (and `pitch` mm, when
    /// given).
    Pitch,
    /// A zone covers `size` = [columns, rows] cells.
    Zone,
    /// A named shape's centre is `at` (in mm, or the grid's cells).
    Point,
    /// A counter `counter` mm across leaves at least `min` mm free in a
    /// grid's cell, to the inner edges of its lines.
    Clearance,
}

impl Named for RuleKind {
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("cells", RuleKind::Cells),
        ("pitch", RuleKind::Pitch),
        ("zone", RuleKind::Zone),
        ("point", RuleKind::Point),
        ("clearance", RuleKind::Clearance),
    ];
    const FALLBACK: Self = RuleKind::Cells;
    const WHAT: &'static str = "rule";
    const NAMES: &'static str = "use \"cells\", \"pitch\", \"zone\", \"point\" or \"clearance\"";
}

const GRID_HINT: &str = "the name of a [[grid]] of this file";
const LAYER_HINT: &str = "0 to 9: higher layers are drawn over lower ones";

section! {
    /// `[drawing]`, validated: the area the shapes are drawn in.
    pub struct Drawing / RawDrawing / DrawingKeys in "drawing" {
        /// `[width, height]` in mm: the board the frame's title and caption
        /// go around, or the trim of each item when imposed.
        size: Required<Pair<Length>> = () => "[width, height] in mm",
        /// Room the frame leaves beyond the drawing's edges, `[across,
        /// down]` in mm, for what is drawn outside it (goals, a thick
        /// outline's outer half).
        room: Pair<LengthOrZero<100>> = [0.0, 0.0] => "[across, down] in mm beyond each edge",
        /// Fill behind the drawing area; `none` for the paper's colour.
        background: ColourOrNone = "none",
        /// Impose the drawing N-up as items to cut out (tokens, tiles), with
        /// the `[print]` table's bleed, crop marks and backs, instead of
        /// one board framed by its title and caption.
        imposed: Flag = false,
        /// How many copies an imposed drawing prints.
        copies: Count<1, { MAX_COPIES * 10 }> = 1 => "how many copies of the drawing to impose",
    }
}

section! {
    /// `[text]`, as written: the words around a board.
    pub struct Text / RawText / TextKeys in "text" {
        /// Printed above the drawing; empty for none.
        title: Label = "",
        /// Title size in points.
        title_size: TextSize = 16.0,
        /// Printed below the drawing; empty for none. `{columns}`, `{rows}`
        /// and `{pitch}` are filled in from the first grid, `{pitch}` with
        /// its unit ("20 mm"; "{pitch} mm" prints it once).
        caption: Label = "",
        /// Caption size in points.
        caption_size: TextSize = 8.0,
        /// Print a 50 mm bar to check that the sheet was printed at 100 %.
        scale_bar: Flag = true,
        /// The words under the scale bar.
        scale_bar_label: Label = "@custom_sheet.scale_bar",
        /// Colour of the title, caption and bar.
        colour: Colour = "#1b2a41",
    }
}

section! {
    /// One `[[grid]]`, validated: cells to draw and to place shapes by.
    pub struct GridSpec / RawGrid / GridKeys in dynamic {
        /// Its name, for shapes, zones and rules.
        name: Required<Word> = (),
        /// `square` or `hex`.
        shape: Choice<GridShape> = "square",
        /// A hex grid's cells: `pointy` (a corner at the top, rows shifted)
        /// or `flat` (a side at the top, columns shifted).
        orientation: Choice<HexTop> = "pointy",
        /// Each cell's number printed in it, column then row from 01
        /// (`0304`: the third column, fourth row), at this size in points;
        /// left out, none.
        numbers: Optional<TextSize> = () => "the size of each cell's number in points: 6 reads well",
        /// `[columns, rows]`.
        count: Required<Pair<Count<1, { MAX_SQUARES }>>> = () => "[columns, rows] of cells",
        /// A square's side, or the distance between neighbouring hex
        /// centres, in mm.
        pitch: Required<Length<200>> = () => "a square's side, or the distance between hex centres, in mm",
        /// The top-left corner of the grid, in mm from the drawing's.
        origin: Pair<Coord> = [0.0, 0.0],
        /// `cells`, `lines`, `edges`, `points` or `none`.
        draw: Choice<GridDraw> = "cells",
        /// Line colour.
        stroke: Colour = "#000000",
        /// Line width.
        width: LineWidth = 0.35 => "a line width in mm; 0.3 to 1.5 mm prints well",
        /// Fill of each cell.
        fill: ColourOrNone = "none",
        /// The diameter of each dot when `draw = "points"`.
        dot: Length<20> = 1.0 => "the dots' diameter in mm",
        /// Drawn only where a `[[repeat]]` of this group places it.
        group: Optional<Word> = (),
        /// 0 to 9.
        layer: Count<0, 9> = 2 => LAYER_HINT,
    }
}

section! {
    /// One `[[zone]]`, validated: a rectangle of a grid's cells.
    pub struct ZoneSpec / RawZone / ZoneKeys in dynamic {
        /// Its name, for rules.
        name: Required<Word> = (),
        /// The grid whose cells it covers.
        grid: Required<Word> = () => GRID_HINT,
        /// `[column, row]` of its top-left cell.
        at: Required<Pair<Coord>> = () => "[column, row] of the zone's top-left cell",
        /// `[columns, rows]` it covers.
        span: Required<Pair<Count<1, { MAX_SQUARES }>>> = () => "[columns, rows] of cells",
        /// Fill.
        fill: ColourOrNone = "none",
        /// Outline colour.
        stroke: ColourOrNone = "none",
        /// Outline width.
        width: LineWidth = 0.5,
        /// Words in its middle; empty for none.
        label: Label = "",
        /// Label size in points.
        label_size: TextSize = 9.0,
        /// Label colour.
        label_colour: Colour = "#000000",
        /// Drawn only where a `[[repeat]]` of this group places it.
        group: Optional<Word> = (),
        /// 0 to 9.
        layer: Count<0, 9> = 1 => LAYER_HINT,
    }
}

section! {
    /// One `[[rect]]`, validated.
    pub struct RectSpec / RawRect / RectKeys in dynamic {
        /// A name, for rules.
        name: Optional<Word> = (),
        /// Positions and lengths in this grid's cells; mm without one.
        grid: Optional<Word> = () => GRID_HINT,
        /// `[x, y]` of its top-left corner.
        at: Required<Pair<Coord>> = (),
        /// `[width, height]`.
        size: Required<Pair<Coord>> = (),
        /// Fill.
        fill: ColourOrNone = "none",
        /// Outline colour.
        stroke: ColourOrNone = "#000000",
        /// Outline width.
        width: LineWidth = 0.35,
        /// Drawn only where a `[[repeat]]` of this group places it.
        group: Optional<Word> = (),
        /// `front` or `back` (imposed drawings).
        face: Choice<Face> = "front",
        /// 0 to 9.
        layer: Count<0, 9> = 3 => LAYER_HINT,
    }
}

section! {
    /// One `[[circle]]`, validated.
    pub struct CircleSpec / RawCircle / CircleKeys in dynamic {
        /// A name, for rules.
        name: Optional<Word> = (),
        /// Positions and lengths in this grid's cells; mm without one.
        grid: Optional<Word> = () => GRID_HINT,
        /// `[x, y]` of its centre.
        centre: Required<Pair<Coord>> = (),
        /// Its radius.
        radius: Required<Coord> = (),
        /// Fill.
        fill: ColourOrNone = "none",
        /// Outline colour.
        stroke: ColourOrNone = "#000000",
        /// Outline width.
        width: LineWidth = 0.35,
        /// Drawn only where a `[[repeat]]` of this group places it.
        group: Optional<Word> = (),
        /// `front` or `back` (imposed drawings).
        face: Choice<Face> = "front",
        /// 0 to 9.
        layer: Count<0, 9> = 3 => LAYER_HINT,
    }
}

section! {
    /// One `[[line]]`, validated.
    pub struct LineSpec / RawLine / LineKeys in dynamic {
        /// A name, for rules.
        name: Optional<Word> = (),
        /// Positions in this grid's cells; mm without one.
        grid: Optional<Word> = () => GRID_HINT,
        /// `[x, y]` where it starts.
        from: Required<Pair<Coord>> = (),
        /// `[x, y]` where it ends.
        to: Required<Pair<Coord>> = (),
        /// Colour.
        stroke: Colour = "#000000",
        /// Width.
        width: LineWidth = 0.35,
        /// Drawn only where a `[[repeat]]` of this group places it.
        group: Optional<Word> = (),
        /// `front` or `back` (imposed drawings).
        face: Choice<Face> = "front",
        /// 0 to 9.
        layer: Count<0, 9> = 3 => LAYER_HINT,
    }
}

section! {
    /// One `[[polyline]]`, validated.
    pub struct PolylineSpec / RawPolyline / PolylineKeys in dynamic {
        /// A name, for rules.
        name: Optional<Word> = (),
        /// Positions in this grid's cells; mm without one.
        grid: Optional<Word> = () => GRID_HINT,
        /// `[[x, y], ...]`.
        points: Required<Points> = (),
        /// Join the last point to the first (a polygon).
        closed: Flag = false,
        /// Fill (a closed polyline).
        fill: ColourOrNone = "none",
        /// Outline colour.
        stroke: ColourOrNone = "#000000",
        /// Outline width.
        width: LineWidth = 0.35,
        /// Drawn only where a `[[repeat]]` of this group places it.
        group: Optional<Word> = (),
        /// `front` or `back` (imposed drawings).
        face: Choice<Face> = "front",
        /// 0 to 9.
        layer: Count<0, 9> = 3 => LAYER_HINT,
    }
}

section! {
    /// One `[[arc]]`, validated: part of a circle's outline.
    pub struct ArcSpec / RawArc / ArcKeys in dynamic {
        /// A name, for rules.
        name: Optional<Word> = (),
        /// Positions and lengths in this grid's cells; mm without one.
        grid: Optional<Word> = () => GRID_HINT,
        /// `[x, y]` of its circle's centre.
        centre: Required<Pair<Coord>> = (),
        /// Its circle's radius.
        radius: Required<Coord> = (),
        /// Where it starts, in degrees clockwise from the right (0 is east,
        /// 90 south, as the page is read).
        start: Number = 0.0,
        /// How far it turns, in degrees clockwise (negative: anticlockwise).
        sweep: Number = 180.0,
        /// Colour.
        stroke: Colour = "#000000",
        /// Width.
        width: LineWidth = 0.35,
        /// Drawn only where a `[[repeat]]` of this group places it.
        group: Optional<Word> = (),
        /// `front` or `back` (imposed drawings).
        face: Choice<Face> = "front",
        /// 0 to 9.
        layer: Count<0, 9> = 3 => LAYER_HINT,
    }
}

section! {
    /// One `[[text_box]]`, validated: words fitted to a box.
    pub struct TextBoxSpec / RawTextBox / TextBoxKeys in dynamic {
        /// A name, for rules.
        name: Optional<Word> = (),
        /// Positions and lengths in this grid's cells; mm without one.
        grid: Optional<Word> = () => GRID_HINT,
        /// `[x, y]` of the box's top-left corner.
        at: Required<Pair<Coord>> = (),
        /// `[width, height]` of the box.
        size: Required<Pair<Coord>> = (),
        /// The words: as written, or `@section.key` from the language tables.
        text: Required<Label> = (),
        /// Size in points.
        text_size: TextSize = 10.0,
        /// The smallest size it may shrink to, to fit its box.
        min_size: Optional<TextSize> = (),
        /// Bold.
        bold: Flag = false,
        /// `left`, `centre` or `right`.
        align: Choice<Align> = "centre",
        /// Colour.
        colour: Colour = "#000000",
        /// Drawn only where a `[[repeat]]` of this group places it.
        group: Optional<Word> = (),
        /// `front` or `back` (imposed drawings).
        face: Choice<Face> = "front",
        /// 0 to 9.
        layer: Count<0, 9> = 5 => LAYER_HINT,
    }
}

section! {
    /// One `[[image]]`, validated: a picture cropped to fill its box.
    pub struct ImageSpec / RawImage / ImageKeys in dynamic {
        /// A name, for rules.
        name: Optional<Word> = (),
        /// Positions and lengths in this grid's cells; mm without one.
        grid: Optional<Word> = () => GRID_HINT,
        /// The picture (JPEG, PNG, WebP or GIF), relative to this file.
        file: Required<Word> = () => "a picture file relative to this layout",
        /// `[x, y]` of the box's top-left corner.
        at: Required<Pair<Coord>> = (),
        /// `[width, height]` of the box.
        size: Required<Pair<Coord>> = (),
        /// Drawn only where a `[[repeat]]` of this group places it.
        group: Optional<Word> = (),
        /// `front` or `back` (imposed drawings).
        face: Choice<Face> = "front",
        /// 0 to 9.
        layer: Count<0, 9> = 0 => LAYER_HINT,
    }
}

section! {
    /// One `[[repeat]]`, validated: a group drawn in rows and columns.
    pub struct RepeatSpec / RawRepeat / RepeatKeys in dynamic {
        /// The group it draws.
        group: Required<Word> = () => "the group = \"...\" of the shapes to repeat",
        /// `[columns, rows]` of copies.
        count: Required<Pair<Count<1, { MAX_COPIES }>>> = () => "[columns, rows] of copies",
        /// `[across, down]` from one copy to the next.
        step: Required<Pair<Coord>> = (),
        /// `[x, y]` of the first copy's offset.
        at: Pair<Coord> = [0.0, 0.0],
        /// Step and offset in this grid's cells; mm without one.
        grid: Optional<Word> = () => GRID_HINT,
    }
}

section! {
    /// One `[[rule]]`, validated: a fact of the author's game the checker
    /// measures on what is drawn.
    pub struct RuleSpec / RawRule / RuleKeys in dynamic {
        /// `cells`, `pitch`, `zone`, `point` or `clearance`.
        check: Required<Choice<RuleKind>> = (),
        /// The grid it is about (cells, pitch, clearance; the cells a point
        /// is given in).
        grid: Optional<Word> = () => GRID_HINT,
        /// The zone it is about (zone).
        zone: Optional<Word> = () => "the name of a [[zone]] of this file",
        /// The named shape it is about (point).
        of: Optional<Word> = () => "the name of a shape of this file",
        /// `[columns, rows]` of cells (cells).
        count: Optional<Pair<Count<1, { MAX_SQUARES }>>> = (),
        /// `[columns, rows]` a zone covers (zone).
        size: Optional<Pair<Count<1, { MAX_SQUARES }>>> = (),
        /// `[x, y]` a shape's centre is at (point), in mm or the grid's cells.
        at: Optional<Pair<Coord>> = (),
        /// The cells' pitch in mm (pitch).
        pitch: Optional<Length<200>> = (),
        /// A counter's diameter in mm (clearance).
        counter: Optional<Length<200>> = (),
        /// Millimetres the counter must leave free in its cell, in total,
        /// ink to ink (clearance).
        min: LengthOrZero<50> = 1.0,
        /// How far a measure may be off, in mm.
        tolerance: LengthOrZero<5> = 0.01,
    }
}

/// Where a shape's positions are written: mm, or a grid's cells.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Units {
    /// Millimetres from the drawing's top-left corner.
    Mm,
    /// Cells of grid `i` of [`CustomSheet::grids`].
    Cells(usize),
}

/// A grid, placed: its cells' geometry.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    /// Its name.
    pub name: String,
    /// Square or hex.
    pub shape: GridShape,
    /// A hex grid's flat side at the top (columns shifted), not a corner.
    pub flat: bool,
    /// The size of each cell's printed number, if they are printed.
    pub numbers: Option<f64>,
    /// Columns.
    pub cols: u32,
    /// Rows.
    pub rows: u32,
    /// Side, or distance between hex centres.
    pub pitch: Mm,
    /// Top-left corner, in the drawing.
    pub origin: Point,
    /// How it is drawn.
    pub draw: GridDraw,
    /// Line colour.
    pub stroke: Color,
    /// Line width.
    pub width: Mm,
    /// Cell fill.
    pub fill: Option<Color>,
    /// Dot diameter.
    pub dot: Mm,
    /// Its group.
    pub group: Option<String>,
    /// Its layer.
    pub layer: u32,
    /// The key it was declared at (`grid[0]`).
    pub key: String,
}

impl Grid {
    /// The distance between rows of hex centres (pointy) or columns (flat):
    /// three quarters of a hex's corner-to-corner length, which is `pitch`
    /// / cos 30°.
    pub fn hex_row_step(&self) -> Mm {
        self.pitch * (3.0_f64.sqrt() / 2.0)
    }

    /// A hex's radius, centre to corner.
    pub fn hex_radius(&self) -> Mm {
        self.pitch / 3.0_f64.sqrt()
    }

    /// The centre of cell (`col`, `row`).
    pub fn centre(&self, col: u32, row: u32) -> Point {
        match self.shape {
            GridShape::Square => Point {
                x: self.origin.x + self.pitch * (f64::from(col) + 0.5),
                y: self.origin.y + self.pitch * (f64::from(row) + 0.5),
            },
            GridShape::Hex if self.flat => {
                let shift = if col % 2 == 1 { 0.5 } else { 0.0 };
                Point {
                    x: self.origin.x + self.hex_radius() + self.hex_row_step() * f64::from(col),
                    y: self.origin.y + self.pitch * (f64::from(row) + 0.5 + shift),
                }
            }
            GridShape::Hex => {
                let shift = if row % 2 == 1 { 0.5 } else { 0.0 };
                Point {
                    x: self.origin.x + self.pitch * (f64::from(col) + 0.5 + shift),
                    y: self.origin.y + self.hex_radius() + self.hex_row_step() * f64::from(row),
                }
            }
        }
    }

    /// A point written in cells: on a square grid, `[c, r]` is the lattice
    /// point `c` columns across and `r` rows down from the grid's corner; on
    /// a hex grid, whole numbers are the centre of cell (c, r) and the
    /// fractions move from it by a column's step across and a row's down.
    pub fn point(&self, (c, r): (f64, f64)) -> Point {
        match self.shape {
            GridShape::Square => Point {
                x: self.origin.x + self.pitch * c,
                y: self.origin.y + self.pitch * r,
            },
            GridShape::Hex => {
                let (col, row) = (c.floor(), r.floor());
                let base = self.centre(col.max(0.0) as u32, row.max(0.0) as u32);
                // Cells left of or above the grid are reached by whole steps.
                let (dc, dr) = (c - col.max(0.0), r - row.max(0.0));
                let (across, down) = if self.flat {
                    (self.hex_row_step(), self.pitch)
                } else {
                    (self.pitch, self.hex_row_step())
                };
                Point {
                    x: base.x + across * dc,
                    y: base.y + down * dr,
                }
            }
        }
    }

    /// The grid's size: the box round its cells. A pointy hex grid is
    /// `pitch` x (columns + 1/2) wide and 2 radii + (rows - 1) row steps
    /// tall; a flat one the same turned a quarter.
    pub fn size(&self) -> Size {
        match self.shape {
            GridShape::Square => Size {
                w: self.pitch * f64::from(self.cols),
                h: self.pitch * f64::from(self.rows),
            },
            GridShape::Hex => {
                let shifted = |n: u32| if n > 1 { 0.5 } else { 0.0 };
                let along = |n: u32| self.hex_radius() * 2.0 + self.hex_row_step() * f64::from(n - 1);
                if self.flat {
                    Size {
                        w: along(self.cols),
                        h: self.pitch * (f64::from(self.rows) + shifted(self.cols)),
                    }
                } else {
                    Size {
                        w: self.pitch * (f64::from(self.cols) + shifted(self.rows)),
                        h: along(self.rows),
                    }
                }
            }
        }
    }
}

/// The paint of a shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paint {
    /// Fill.
    pub fill: Option<Color>,
    /// Outline colour.
    pub stroke: Option<Color>,
    /// Outline width.
    pub width: Mm,
}

/// What a shape is, in the drawing's mm.
#[derive(Clone, Debug, PartialEq)]
pub enum Form {
    /// A rectangle.
    Rect {
        /// Top-left corner.
        at: Point,
        /// Size.
        size: Size,
    },
    /// A circle.
    Circle {
        /// Centre.
        centre: Point,
        /// Radius.
        radius: Mm,
    },
    /// A straight line.
    Line {
        /// Start.
        from: Point,
        /// End.
        to: Point,
    },
    /// Joined segments.
    Polyline {
        /// Vertices.
        points: Vec<Point>,
        /// Whether it is a polygon.
        closed: bool,
    },
    /// Part of a circle's outline.
    Arc {
        /// Centre.
        centre: Point,
        /// Radius.
        radius: Mm,
        /// Start, degrees clockwise from east.
        start: f64,
        /// Turn, degrees clockwise.
        sweep: f64,
    },
    /// Words fitted to a box.
    Text {
        /// Top-left corner of the box.
        at: Point,
        /// The box.
        size: Size,
        /// The words.
        text: String,
        /// Size in points.
        size_pt: f64,
        /// The smallest it may shrink to.
        min_pt: f64,
        /// Bold.
        bold: bool,
        /// Alignment.
        align: Align,
        /// Colour.
        colour: Color,
    },
    /// A picture cropped to fill its box.
    Image {
        /// Top-left corner.
        at: Point,
        /// Size.
        size: Size,
        /// The picture, loaded.
        picture: std::sync::Arc<crate::scene::picture::Picture>,
    },
}

/// A shape, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// Its name, if it has one.
    pub name: Option<String>,
    /// What it is, in mm.
    pub form: Form,
    /// How it is painted.
    pub paint: Paint,
    /// Its group.
    pub group: Option<String>,
    /// Front or back.
    pub face: Face,
    /// Its layer.
    pub layer: u32,
    /// The key it was declared at (`rect[2]`).
    pub key: String,
}

/// A zone, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Zone {
    /// Its name.
    pub name: String,
    /// Its grid, by index.
    pub grid: usize,
    /// Top-left cell.
    pub at: (f64, f64),
    /// Columns and rows.
    pub span: (u32, u32),
    /// How it is painted.
    pub paint: Paint,
    /// Its label.
    pub label: String,
    /// Label size.
    pub label_size: f64,
    /// Label colour.
    pub label_colour: Color,
    /// Its group.
    pub group: Option<String>,
    /// Its layer.
    pub layer: u32,
    /// The key it was declared at (`zone[0]`).
    pub key: String,
}

/// A zone its own grid paints over: the grid fills every cell, drawn in
/// the zone's layer or above it (a layer draws zones, then grids), so the
/// zone's tint and outline never print. An error at the zone's layer.
fn hidden_zones(r: &mut Resolver<'_>, grids: &[Grid], zones: &[Zone]) {
    for z in zones {
        let Some(g) = grids.get(z.grid) else { continue };
        let painted = z.paint.fill.is_some() || z.paint.stroke.is_some();
        if g.fill.is_none() || g.layer < z.layer || !painted {
            continue;
        }
        r.bad(
            &format!("{}.layer", z.key),
            Code::LayoutValue,
            format!(
                "the zone \"{}\" is hidden: the grid \"{}\" fills its cells over it (the grid on layer {}, the zone on {})",
                z.name, g.name, g.layer, z.layer
            ),
            format!(
                "put the zone above the grid (layer = {}), or give the grid fill = \"none\"",
                g.layer + 1
            ),
        );
    }
}

/// A repeat, resolved: offsets in mm for each copy of its group.
#[derive(Clone, Debug, PartialEq)]
pub struct Repeat {
    /// The group.
    pub group: String,
    /// The offset of every copy, row by row.
    pub offsets: Vec<(Mm, Mm)>,
    /// The key it was declared at.
    pub key: String,
}

/// A declared rule, resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// What it measures.
    pub kind: RuleKind,
    /// Its grid, by index.
    pub grid: Option<usize>,
    /// Its zone, by index.
    pub zone: Option<usize>,
    /// The named shape.
    pub of: Option<String>,
    /// Cells across and down (cells, zone).
    pub cells: Option<(u32, u32)>,
    /// The point, in mm of the drawing (point).
    pub at: Option<Point>,
    /// The pitch (pitch).
    pub pitch: Option<Mm>,
    /// The counter (clearance).
    pub counter: Option<Mm>,
    /// The least room (clearance).
    pub min: Mm,
    /// How far off a measure may be.
    pub tolerance: Mm,
    /// The key it was declared at (`rule[1]`).
    pub key: String,
}

/// A resolved custom sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct CustomSheet {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// Paper and margin.
    pub page: PageSpec,
    /// The drawing area.
    pub drawing: Drawing,
    /// Words around a board.
    pub text: BoardText,
    /// Their colour.
    pub text_colour: Color,
    /// Grids.
    pub grids: Vec<Grid>,
    /// Zones.
    pub zones: Vec<Zone>,
    /// Shapes, in the order declared (kinds in file order of the tables).
    pub shapes: Vec<Shape>,
    /// Repeats.
    pub repeats: Vec<Repeat>,
    /// Rules.
    pub rules: Vec<Rule>,
    /// Imposition, when imposed.
    pub nup: Option<NupOptions>,
    /// Tiling, when the board is larger than the paper.
    pub tiling: Option<TileOptions>,
    /// Warnings found while reading (a picture that prints blurred or is
    /// cut short): the sheet is still drawn, and the checker says them.
    pub warnings: Vec<Finding>,
}

/// A resolved shape from a primitive's resolved table `s` (its name,
/// group, face and layer), declared at `key`, of `form` painted `paint`.
macro_rules! placed {
    ($s:ident, $key:ident, $form:expr, $paint:expr) => {
        Shape {
            name: $s.name,
            form: $form,
            paint: $paint,
            group: $s.group,
            face: $s.face,
            layer: $s.layer,
            key: $key,
        }
    };
}

/// Turns a shape's written positions into mm.
struct Place<'a> {
    grids: &'a [Grid],
    names: &'a BTreeMap<String, usize>,
}

impl Place<'_> {
    /// The units of a shape at `key` that names `grid`.
    fn units(&self, r: &mut Resolver<'_>, key: &str, grid: &Option<String>) -> Units {
        match grid {
            None => Units::Mm,
            Some(name) => match self.names.get(name) {
                Some(&i) => Units::Cells(i),
                None => {
                    r.bad(
                        &format!("{key}.grid"),
                        Code::LayoutValue,
                        format!("no grid is named \"{name}\""),
                        self.known(),
                    );
                    Units::Mm
                }
            },
        }
    }

    fn known(&self) -> String {
        if self.names.is_empty() {
            "declare it with a [[grid]] table and its name".to_string()
        } else {
            format!(
                "the grids are {}",
                self.names
                    .keys()
                    .map(|n| format!("\"{n}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    }

    fn point(&self, units: Units, p: (f64, f64)) -> Point {
        match units {
            Units::Mm => Point::new(p.0, p.1),
            Units::Cells(i) => self.grids[i].point(p),
        }
    }

    fn length(&self, units: Units, v: f64) -> Mm {
        match units {
            Units::Mm => Mm(v),
            Units::Cells(i) => self.grids[i].pitch * v,
        }
    }

    /// A box from its corner and size, made positive (a negative size
    /// reaches left or up).
    fn rect(&self, units: Units, at: (f64, f64), size: (f64, f64)) -> (Point, Size) {
        let a = self.point(units, at);
        let (w, h) = (self.length(units, size.0), self.length(units, size.1));
        let x = if w.0 < 0.0 { a.x + w } else { a.x };
        let y = if h.0 < 0.0 { a.y + h } else { a.y };
        (Point { x, y }, Size { w: w.abs(), h: h.abs() })
    }
}

fn paint(fill: Option<Color>, stroke: Option<Color>, width: Mm) -> Paint {
    Paint { fill, stroke, width }
}

/// Reports a circle or arc whose radius, `written` as the layout gives
/// it, comes to nothing.
fn positive_radius(r: &mut Resolver<'_>, key: &str, radius: Mm, written: f64) {
    if radius.0 <= 0.0 {
        r.bad(
            &format!("{key}.radius"),
            Code::LayoutValue,
            format!("a radius of {written}"),
            "give it a radius above 0",
        );
    }
}

/// Reports a shape whose size is nothing: it would draw nothing, or a
/// hairline the checker could not find.
fn not_empty(r: &mut Resolver<'_>, key: &str, size: Size) {
    if size.w.0 < 1e-6 || size.h.0 < 1e-6 {
        r.bad(
            &format!("{key}.size"),
            Code::LayoutValue,
            "a box with no width or no height".to_string(),
            "give both sides a length",
        );
    }
}

/// The `[[grid]]` tables, and each grid's index by name.
fn resolve_grids(r: &mut Resolver<'_>, raw: &[RawGrid]) -> (Vec<Grid>, BTreeMap<String, usize>) {
    let mut grids = Vec::new();
    let mut names: BTreeMap<String, usize> = BTreeMap::new();
    for (i, g) in entries(r, "grid", raw).iter().enumerate() {
        let key = format!("grid[{i}]");
        let s = g.resolve_at(r, &key);
        if names.insert(s.name.clone(), i).is_some() {
            r.bad(
                &format!("{key}.name"),
                Code::LayoutValue,
                format!("two grids are named \"{}\"", s.name),
                "give each grid its own name",
            );
        }
        if s.shape == GridShape::Hex && matches!(s.draw, GridDraw::Lines | GridDraw::Edges | GridDraw::Points) {
            r.bad(
                &format!("{key}.draw"),
                Code::LayoutValue,
                "a hex grid has no straight lines or lattice points to draw".to_string(),
                "draw a hex grid as \"cells\" (or \"none\")",
            );
        }
        grids.push(Grid {
            name: s.name,
            shape: s.shape,
            flat: s.shape == GridShape::Hex && s.orientation == HexTop::Flat,
            numbers: s.numbers,
            cols: s.count.0,
            rows: s.count.1,
            pitch: s.pitch,
            origin: Point::new(s.origin.0, s.origin.1),
            draw: s.draw,
            stroke: s.stroke,
            width: s.width,
            fill: s.fill,
            dot: s.dot,
            group: s.group,
            layer: s.layer,
            key,
        });
    }
    (grids, names)
}

/// The `[[zone]]` tables, and each zone's index by name.
fn resolve_zones(r: &mut Resolver<'_>, raw: &[RawZone], place: &Place<'_>) -> (Vec<Zone>, BTreeMap<String, usize>) {
    let grids = place.grids;
    let mut zones = Vec::new();
    let mut zone_names: BTreeMap<String, usize> = BTreeMap::new();
    for (i, z) in entries(r, "zone", raw).iter().enumerate() {
        let key = format!("zone[{i}]");
        let s = z.resolve_at(r, &key);
        let grid = match place.units(r, &key, &Some(s.grid.clone())) {
            Units::Cells(g) => g,
            Units::Mm => continue,
        };
        let g = &grids[grid];
        let (c, rw) = s.at;
        if c < 0.0
            || rw < 0.0
            || c + f64::from(s.span.0) > f64::from(g.cols) + 1e-9
            || rw + f64::from(s.span.1) > f64::from(g.rows) + 1e-9
        {
            r.bad(
                &format!("{key}.span"),
                Code::LayoutValue,
                format!(
                    "a zone of {} x {} cells from [{c}, {rw}] runs off the {} x {} grid \"{}\"",
                    s.span.0, s.span.1, g.cols, g.rows, g.name
                ),
                "move it or make it smaller, inside the grid's columns and rows",
            );
        }
        if zone_names.insert(s.name.clone(), zones.len()).is_some() {
            r.bad(
                &format!("{key}.name"),
                Code::LayoutValue,
                format!("two zones are named \"{}\"", s.name),
                "give each zone its own name",
            );
        }
        zones.push(Zone {
            name: s.name,
            grid,
            at: s.at,
            span: s.span,
            paint: paint(s.fill, s.stroke, s.width),
            label: s.label,
            label_size: s.label_size,
            label_colour: s.label_colour,
            group: s.group,
            layer: s.layer,
            key,
        });
    }
    (zones, zone_names)
}

/// Rectangles, circles, lines and polylines.
fn outlines(r: &mut Resolver<'_>, raw: &Raw, place: &Place<'_>) -> Vec<Shape> {
    let mut shapes = Vec::new();
    for (i, s) in entries(r, "rect", &raw.rect).iter().enumerate() {
        let key = format!("rect[{i}]");
        let s = s.resolve_at(r, &key);
        let units = place.units(r, &key, &s.grid);
        let (at, size) = place.rect(units, s.at, s.size);
        not_empty(r, &key, size);
        shapes.push(placed!(
            s,
            key,
            Form::Rect { at, size },
            paint(s.fill, s.stroke, s.width)
        ));
    }
    for (i, s) in entries(r, "circle", &raw.circle).iter().enumerate() {
        let key = format!("circle[{i}]");
        let s = s.resolve_at(r, &key);
        let units = place.units(r, &key, &s.grid);
        let radius = place.length(units, s.radius);
        positive_radius(r, &key, radius, s.radius);
        shapes.push(placed!(
            s,
            key,
            Form::Circle {
                centre: place.point(units, s.centre),
                radius,
            },
            paint(s.fill, s.stroke, s.width)
        ));
    }
    for (i, s) in entries(r, "line", &raw.line).iter().enumerate() {
        let key = format!("line[{i}]");
        let s = s.resolve_at(r, &key);
        let units = place.units(r, &key, &s.grid);
        shapes.push(placed!(
            s,
            key,
            Form::Line {
                from: place.point(units, s.from),
                to: place.point(units, s.to),
            },
            paint(None, Some(s.stroke), s.width)
        ));
    }
    for (i, s) in entries(r, "polyline", &raw.polyline).iter().enumerate() {
        let key = format!("polyline[{i}]");
        let s = s.resolve_at(r, &key);
        let units = place.units(r, &key, &s.grid);
        shapes.push(placed!(
            s,
            key,
            Form::Polyline {
                points: s.points.iter().map(|&p| place.point(units, p)).collect(),
                closed: s.closed,
            },
            paint(s.fill, s.stroke, s.width)
        ));
    }
    shapes
}

/// Arcs, text boxes and pictures, after the shapes before them.
fn arcs_words_pictures(
    r: &mut Resolver<'_>,
    raw: &Raw,
    place: &Place<'_>,
    source: &Source,
    cx: &Context<'_>,
    shapes: &mut Vec<Shape>,
) {
    for (i, s) in entries(r, "arc", &raw.arc).iter().enumerate() {
        let key = format!("arc[{i}]");
        let s = s.resolve_at(r, &key);
        let units = place.units(r, &key, &s.grid);
        for (k, v) in [("start", s.start), ("sweep", s.sweep)] {
            if !v.is_finite() || v.abs() > 720.0 {
                r.bad(
                    &format!("{key}.{k}"),
                    Code::LayoutValue,
                    format!("{v} degrees"),
                    "an angle in degrees, from -360 to 360",
                );
            }
        }
        let radius = place.length(units, s.radius);
        positive_radius(r, &key, radius, s.radius);
        shapes.push(placed!(
            s,
            key,
            Form::Arc {
                centre: place.point(units, s.centre),
                radius,
                start: s.start.clamp(-720.0, 720.0),
                sweep: s.sweep.clamp(-360.0, 360.0),
            },
            paint(None, Some(s.stroke), s.width)
        ));
    }
    for (i, s) in entries(r, "text_box", &raw.text_box).iter().enumerate() {
        let key = format!("text_box[{i}]");
        let s = s.resolve_at(r, &key);
        let units = place.units(r, &key, &s.grid);
        let (at, size) = place.rect(units, s.at, s.size);
        not_empty(r, &key, size);
        let min_pt = s.min_size.unwrap_or(s.text_size);
        if min_pt > s.text_size {
            r.bad(
                &format!("{key}.min_size"),
                Code::LayoutValue,
                format!(
                    "the smallest size, {min_pt} pt, is larger than the size, {} pt",
                    s.text_size
                ),
                format!("set it to {} pt or less", s.text_size),
            );
        }
        shapes.push(placed!(
            s,
            key,
            Form::Text {
                at,
                size,
                text: s.text,
                size_pt: s.text_size,
                min_pt: min_pt.min(s.text_size),
                bold: s.bold,
                align: s.align,
                colour: s.colour,
            },
            paint(None, None, Mm::ZERO)
        ));
    }
    for (i, s) in entries(r, "image", &raw.image).iter().enumerate() {
        let key = format!("image[{i}]");
        let s = s.resolve_at(r, &key);
        let units = place.units(r, &key, &s.grid);
        let (at, size) = place.rect(units, s.at, s.size);
        not_empty(r, &key, size);
        if !r.valid(&[
            &format!("{key}.file"),
            &format!("{key}.size[0]"),
            &format!("{key}.size[1]"),
        ]) || size.w.0 < 1e-6
            || size.h.0 < 1e-6
        {
            continue;
        }
        let path = source.path.parent().unwrap_or(std::path::Path::new("")).join(&s.file);
        match crate::photo::load(cx.world, &path, size, (0.5, 0.5), crate::photo::Named::Key) {
            Ok(photo) => {
                for note in photo.notes {
                    r.findings.push(
                        Finding::warning(Code::CardPhoto, note.why, source.locate(&format!("{key}.file")))
                            .with_hint(note.hint),
                    );
                }
                shapes.push(placed!(
                    s,
                    key,
                    Form::Image {
                        at,
                        size,
                        picture: photo.picture,
                    },
                    paint(None, None, Mm::ZERO)
                ));
            }
            Err(trouble) => r.bad(&format!("{key}.file"), Code::LayoutValue, trouble.why, trouble.hint),
        }
    }
}

/// The `[[repeat]]` tables: each copy's offset, in mm.
fn resolve_repeats(
    r: &mut Resolver<'_>,
    raw: &[RawRepeat],
    place: &Place<'_>,
    zones: &[Zone],
    shapes: &[Shape],
) -> Vec<Repeat> {
    let grids = place.grids;
    let groups: std::collections::BTreeSet<&str> = grids
        .iter()
        .filter_map(|g| g.group.as_deref())
        .chain(zones.iter().filter_map(|z| z.group.as_deref()))
        .chain(shapes.iter().filter_map(|s| s.group.as_deref()))
        .collect();
    let mut repeats = Vec::new();
    for (i, rp) in entries(r, "repeat", raw).iter().enumerate() {
        let key = format!("repeat[{i}]");
        let s = rp.resolve_at(r, &key);
        if !groups.contains(s.group.as_str()) {
            r.bad(
                &format!("{key}.group"),
                Code::LayoutValue,
                format!("no shape is in the group \"{}\"", s.group),
                "give the shapes to repeat group = \"...\" with this name",
            );
        }
        let units = place.units(r, &key, &s.grid);
        let (dx, dy) = (place.length(units, s.step.0), place.length(units, s.step.1));
        let start = match units {
            // A repeat's offset in cells moves by whole cells from the
            // grid's corner, not to a lattice point.
            Units::Cells(_) => (place.length(units, s.at.0), place.length(units, s.at.1)),
            Units::Mm => (Mm(s.at.0), Mm(s.at.1)),
        };
        let mut offsets = Vec::new();
        for row in 0..s.count.1 {
            for col in 0..s.count.0 {
                offsets.push((start.0 + dx * f64::from(col), start.1 + dy * f64::from(row)));
            }
        }
        repeats.push(Repeat {
            group: s.group,
            offsets,
            key,
        });
    }
    repeats
}

/// The `[[rule]]` tables, each named grid, zone and shape found.
fn resolve_rules(
    r: &mut Resolver<'_>,
    raw: &[RawRule],
    place: &Place<'_>,
    zone_names: &BTreeMap<String, usize>,
    shapes: &[Shape],
) -> Vec<Rule> {
    let grids = place.grids;
    let shape_names: std::collections::BTreeSet<&str> = shapes.iter().filter_map(|s| s.name.as_deref()).collect();
    let mut rules = Vec::new();
    for (i, ru) in entries(r, "rule", raw).iter().enumerate() {
        let key = format!("rule[{i}]");
        let s = ru.resolve_at(r, &key);
        let grid = match &s.grid {
            None => None,
            Some(_) => match place.units(r, &key, &s.grid) {
                Units::Cells(g) => Some(g),
                Units::Mm => None,
            },
        };
        let zone = s.zone.as_ref().and_then(|name| {
            let found = zone_names.get(name).copied();
            if found.is_none() {
                r.bad(
                    &format!("{key}.zone"),
                    Code::LayoutValue,
                    format!("no zone is named \"{name}\""),
                    "name a [[zone]] of this file",
                );
            }
            found
        });
        if let Some(name) = &s.of
            && !shape_names.contains(name.as_str())
        {
            r.bad(
                &format!("{key}.of"),
                Code::LayoutValue,
                format!("no shape is named \"{name}\""),
                "give the shape name = \"...\" and name it here",
            );
        }
        let needs: &[(&str, bool)] = match s.check {
            RuleKind::Cells => &[("grid", s.grid.is_some()), ("count", s.count.is_some())],
            RuleKind::Pitch => &[("grid", s.grid.is_some())],
            RuleKind::Zone => &[("zone", s.zone.is_some()), ("size", s.size.is_some())],
            RuleKind::Point => &[("of", s.of.is_some()), ("at", s.at.is_some())],
            RuleKind::Clearance => &[("grid", s.grid.is_some()), ("counter", s.counter.is_some())],
        };
        for (name, present) in needs {
            if !present {
                r.bad(
                    &key,
                    Code::LayoutMissingKey,
                    format!("missing key `{name}`: a \"{}\" rule measures it", rule_name(s.check)),
                    rule_hint(s.check),
                );
            }
        }
        let at = s.at.map(|p| match grid {
            Some(g) => grids[g].point(p),
            None => Point::new(p.0, p.1),
        });
        rules.push(Rule {
            kind: s.check,
            grid,
            zone,
            of: s.of,
            cells: s.count.or(s.size),
            at,
            pitch: s.pitch,
            counter: s.counter,
            min: s.min,
            tolerance: s.tolerance,
            key,
        });
    }
    rules
}

/// Reads and validates a `sheet` layout.
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<CustomSheet, Vec<Finding>> {
    let (source, cx) = (r.source, r.cx);
    let page = r.page(&raw.page);
    let drawing = raw.drawing.resolve(&mut r);
    let t = raw.text.resolve(&mut r);
    // The caption may name the first grid's numbers, as a board's does,
    // written as the build's language writes them ("19,5 mm").
    let mut caption = t.caption.clone();
    if let Some(g) = raw.grid.first()
        && caption.contains('{')
    {
        let (cols, rows) = g.count.map_or((0, 0), |[c, r]| (c, r));
        let pitch = g
            .pitch
            .filter(|p| p.is_finite())
            .map(|p| Mm(p).to_string())
            .unwrap_or_default();
        let pitch = if caption.contains("{pitch}") {
            r.numbers(Text::KEY.caption, &pitch)
        } else {
            String::new()
        };
        // `{pitch}` carries its unit ("20 mm"): a unit written after it
        // ("squares of {pitch} mm") is printed once, not "20 mm mm".
        caption = caption
            .replace("{pitch} mm", "{pitch}")
            .replace("{pitch}mm", "{pitch}")
            .replace("{columns}", &cols.to_string())
            .replace("{rows}", &rows.to_string())
            .replace("{pitch}", &pitch);
    }
    let text = BoardText {
        title: t.title,
        title_size: t.title_size,
        caption,
        caption_size: t.caption_size,
        scale_bar: t.scale_bar,
        scale_bar_label: t.scale_bar_label,
    };

    let (grids, names) = resolve_grids(&mut r, &raw.grid);
    let place = Place {
        grids: &grids,
        names: &names,
    };
    let (zones, zone_names) = resolve_zones(&mut r, &raw.zone, &place);
    hidden_zones(&mut r, &grids, &zones);
    let mut shapes = outlines(&mut r, &raw, &place);
    arcs_words_pictures(&mut r, &raw, &place, source, cx, &mut shapes);
    let repeats = resolve_repeats(&mut r, &raw.repeat, &place, &zones, &shapes);
    let per_copy = too_many_shapes(&mut r, &grids, &zones, &shapes, &repeats);
    if drawing.imposed && per_copy * drawing.copies as usize > MAX_SHAPES * 10 {
        r.bad(
            Drawing::KEY.copies,
            Code::LayoutValue,
            format!(
                "{} copies of a drawing of {per_copy} shapes come to more than the {} an imposed sheet draws",
                drawing.copies,
                MAX_SHAPES * 10
            ),
            format!(
                "impose at most {} copies, or draw fewer shapes",
                (MAX_SHAPES * 10 / per_copy.max(1)).max(1)
            ),
        );
    }
    let rules = resolve_rules(&mut r, &raw.rule, &place, &zone_names, &shapes);

    if !drawing.imposed && shapes.iter().any(|s| s.face == Face::Back) {
        let key = shapes
            .iter()
            .find(|s| s.face == Face::Back)
            .map(|s| s.key.clone())
            .unwrap_or_default();
        r.bad(
            &format!("{key}.face"),
            Code::LayoutValue,
            "a board framed on one sheet has no back".to_string(),
            "print backs with an imposed drawing ([drawing] imposed = true and [print] duplex, or imposition = \"gutter-fold\"), or draw it on the front",
        );
    }
    // Both tables are checked whichever is used, so that a mistake in one
    // is found before the drawing is switched to it.
    let print = raw.print.options(&mut r, &page);
    let tiling = raw.tiling.options(&mut r, &page, t.colour);
    let (nup, tiling) = if drawing.imposed {
        (Some(print), None)
    } else {
        (None, tiling)
    };
    // A warning (a picture below 150 dpi) does not stop the sheet: it goes
    // with it to the checker, as a deck's photos do.
    let (warnings, errors): (Vec<Finding>, Vec<Finding>) =
        std::mem::take(&mut r.findings).into_iter().partition(|f| !f.is_error());
    r.findings = errors;
    let fonts = r.cx.fonts;
    r.finish(CustomSheet {
        fonts,
        warnings,
        page,
        drawing,
        text,
        text_colour: t.colour,
        grids,
        zones,
        shapes,
        repeats,
        rules,
        nup,
        tiling,
    })
}

/// Refuses a drawing whose grids and repeats come to more than
/// [`MAX_SHAPES`] shapes: a 40 x 40 grid in a group repeated 40 x 40 times
/// would be 2.5 million squares, minutes of work for a sheet no printer
/// prints. Blamed on the repeat that multiplies the most, or the grid.
/// Returns how many shapes the drawing comes to.
fn too_many_shapes(
    r: &mut Resolver<'_>,
    grids: &[Grid],
    zones: &[Zone],
    shapes: &[Shape],
    repeats: &[Repeat],
) -> usize {
    let copies = |group: &Option<String>| -> usize {
        match group {
            None => 1,
            Some(g) => repeats
                .iter()
                .filter(|rp| &rp.group == g)
                .map(|rp| rp.offsets.len())
                .sum(),
        }
    };
    let per_grid = |g: &Grid| -> usize {
        let (c, w) = (g.cols as usize, g.rows as usize);
        match g.draw {
            GridDraw::Cells => c * w,
            GridDraw::Lines => c + w + 2,
            GridDraw::Edges => c * (w + 1) + w * (c + 1),
            GridDraw::Points => (c + 1) * (w + 1),
            GridDraw::None => 0,
        }
    };
    let total: usize = grids.iter().map(|g| per_grid(g) * copies(&g.group)).sum::<usize>()
        + zones.iter().map(|z| copies(&z.group)).sum::<usize>()
        + shapes.iter().map(|s| copies(&s.group)).sum::<usize>();
    if total <= MAX_SHAPES {
        return total;
    }
    let key = repeats
        .iter()
        .max_by_key(|rp| rp.offsets.len())
        .map(|rp| format!("{}.count", rp.key))
        .or_else(|| grids.first().map(|g| format!("{}.count", g.key)))
        .unwrap_or_default();
    r.bad(
        &key,
        Code::LayoutValue,
        format!("the drawing comes to {total} shapes, more than the {MAX_SHAPES} a sheet draws"),
        "repeat fewer copies, or draw smaller grids: a printed sheet holds a few thousand shapes at most",
    );
    total
}

/// A rule kind's name as the layout writes it.
pub fn rule_name(kind: RuleKind) -> &'static str {
    RuleKind::CHOICES
        .iter()
        .find(|(_, k)| *k == kind)
        .map_or("", |(n, _)| n)
}

fn rule_hint(kind: RuleKind) -> &'static str {
    match kind {
        RuleKind::Cells => "a cells rule names a grid and its count = [columns, rows]",
        RuleKind::Pitch => "a pitch rule names a grid, and may give the pitch in mm",
        RuleKind::Zone => "a zone rule names a zone and its size = [columns, rows]",
        RuleKind::Point => "a point rule names a shape (of = \"...\") and where its centre is (at = [x, y])",
        RuleKind::Clearance => "a clearance rule names a grid and the counter's diameter in mm (counter = 17.5)",
    }
}

/// The layout `pitchprint new` writes: every table with its keys at their
/// defaults, and one entry of each primitive to start from.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(
        kind,
        "A sheet of your own: grids, zones, shapes, words and pictures in millimetres (or in a grid's cells), with the rules you want checked.",
    );
    use crate::layout::scaffold::Shown;
    let raw: Raw = s.defaults()?;
    // A small board to start from: 6 x 8 squares of 25 mm with an area,
    // a halfway line and a spot, words and rules, every one of which
    // builds as it is.
    let drawing = RawDrawing {
        // The board's 200 mm and a strip of 12 mm under it for its name.
        size: Some([150.0, 212.0]),
        ..raw.drawing.clone()
    };
    let mut s = s
        .key(
            "image",
            "Pictures cropped to fill a box: [[image]] tables with file, at and size (see the README), none by default. Uncomment these lines to add one, and repeat them for more:",
            Shown::Example(
                "[[image]]\nfile = \"crest.png\"      # relative to this file\nat = [10.0, 10.0]       # mm from the drawing's top-left corner\nsize = [30.0, 30.0]     # mm"
                    .into(),
            ),
        )
        .section(&raw.page)
        .section(&raw.print)
        .section(&drawing)
        .section(&raw.text)
        .section(&raw.tiling);
    for (name, doc, keys) in scaffold_entries() {
        s = s.entry(name, doc, keys);
    }
    Ok(s)
}

/// The scaffold's example entries, `[[name]]` with a comment and its keys:
/// a small board of every primitive and two rules, which builds as written.
fn scaffold_entries() -> Vec<(&'static str, &'static str, Vec<crate::layout::scaffold::Key>)> {
    use crate::layout::scaffold::Documented;
    let grid = RawGrid {
        name: Some("board".into()),
        count: Some([6, 8]),
        pitch: Some(25.0),
        ..RawGrid::default()
    };
    let zone = RawZone {
        name: Some("area-top".into()),
        grid: Some("board".into()),
        at: Some([2.0, 0.0]),
        span: Some([2, 1]),
        fill: "#dde8f3".into(),
        ..RawZone::default()
    };
    let rect = RawRect {
        name: Some("outline".into()),
        at: Some([0.0, 0.0]),
        size: Some([150.0, 200.0]),
        width: 1.0,
        ..RawRect::default()
    };
    let circle = RawCircle {
        name: Some("centre-spot".into()),
        grid: Some("board".into()),
        centre: Some([3.0, 4.0]),
        radius: Some(0.15),
        fill: "#000000".into(),
        stroke: "none".into(),
        ..RawCircle::default()
    };
    let line = RawLine {
        grid: Some("board".into()),
        from: Some([0.0, 4.0]),
        to: Some([6.0, 4.0]),
        width: 0.7,
        ..RawLine::default()
    };
    let polyline = RawPolyline {
        grid: Some("board".into()),
        points: Some(vec![[0.0, 0.0], [0.4, 0.0], [0.0, 0.4]]),
        closed: true,
        fill: "#000000".into(),
        ..RawPolyline::default()
    };
    let arc = RawArc {
        grid: Some("board".into()),
        centre: Some([3.0, 4.0]),
        radius: Some(1.0),
        ..RawArc::default()
    };
    let text = RawTextBox {
        grid: Some("board".into()),
        at: Some([0.0, 8.05]),
        size: Some([6.0, 0.4]),
        text: Some("My board".into()),
        ..RawTextBox::default()
    };
    let mut out = vec![
        (
            "grid",
            "A grid of square (or hex) cells; shapes give grid = \"board\" to be placed in its cells.",
            grid.scaffold_keys(),
        ),
        (
            "zone",
            "A rectangle of the grid's cells, tinted and labelled.",
            zone.scaffold_keys(),
        ),
        (
            "rect",
            "A rectangle, in mm (or cells with grid = ...).",
            rect.scaffold_keys(),
        ),
        ("circle", "A circle.", circle.scaffold_keys()),
        ("line", "A straight line.", line.scaffold_keys()),
        (
            "polyline",
            "Joined points; closed = true makes a polygon.",
            polyline.scaffold_keys(),
        ),
        (
            "arc",
            "Part of a circle's outline, in degrees clockwise from the right.",
            arc.scaffold_keys(),
        ),
        (
            "text_box",
            "Words fitted to a box: they wrap and shrink to min_size to fit.",
            text.scaffold_keys(),
        ),
    ];
    out.extend(scaffold_group_entries());
    out
}

/// The `[[repeat]]` of a group of marks and the `[[rule]]` tables, for
/// [`scaffold_entries`]: what draws copies and what the checker measures.
fn scaffold_group_entries() -> Vec<(&'static str, &'static str, Vec<crate::layout::scaffold::Key>)> {
    use crate::layout::scaffold::Documented;
    let mark = RawCircle {
        grid: Some("board".into()),
        group: Some("marks".into()),
        centre: Some([1.0, 1.0]),
        radius: Some(0.08),
        fill: "#000000".into(),
        stroke: "none".into(),
        ..RawCircle::default()
    };
    let repeat = RawRepeat {
        group: Some("marks".into()),
        grid: Some("board".into()),
        count: Some([2, 2]),
        step: Some([4.0, 6.0]),
        ..RawRepeat::default()
    };
    let rules = [
        RawRule {
            check: Some("cells".into()),
            grid: Some("board".into()),
            count: Some([6, 8]),
            ..RawRule::default()
        },
        RawRule {
            check: Some("clearance".into()),
            grid: Some("board".into()),
            counter: Some(20.0),
            ..RawRule::default()
        },
    ];
    let mut out = vec![
        (
            "circle",
            "A shape in a group is drawn only where a [[repeat]] puts it.",
            mark.scaffold_keys(),
        ),
        (
            "repeat",
            "Draws a group's shapes in columns and rows, step apart (here in cells).",
            repeat.scaffold_keys(),
        ),
    ];
    for rule in &rules {
        out.push((
            "rule",
            "A fact of your game the checker measures on what is drawn.",
            rule.scaffold_keys(),
        ));
    }
    out
}
