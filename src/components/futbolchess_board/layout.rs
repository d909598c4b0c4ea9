//! The Futbolchess board (`kind = "futbolchess-board"`, GAMES.md game B).
//!
//! The seed gives no size; the layout chooses one and says why, and the checker
//! holds what the rules need: an even number of columns so the two-square goal
//! is centred, bands on the outer columns, and areas that hold the goalkeeper
//! and both central defenders.

use serde::Deserialize;

use crate::diag::Finding;
use crate::geom::Mm;
use crate::layout::page::RawPage;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::source::Source;
use crate::layout::tiling::RawTiling;
use crate::print::PageSpec;
use crate::print::TileOptions;
use crate::scene::color::Color;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    board: RawBoard,
    #[serde(default)]
    style: RawStyle,
    #[serde(default)]
    text: RawText,
    #[serde(default)]
    tiling: RawTiling,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawBoard {
    columns: i64,
    rows: i64,
    pitch: f64,
    area: [i64; 2],
    goal: i64,
    goal_depth: f64,
    centre_circle: f64,
    zones: bool,
}

impl Default for RawBoard {
    fn default() -> Self {
        RawBoard {
            columns: 8,
            rows: 12,
            pitch: 24.0,
            area: [4, 2],
            goal: 2,
            goal_depth: 8.0,
            centre_circle: 1.5,
            zones: true,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawStyle {
    grid_colour: String,
    grid_width: f64,
    marking_colour: String,
    marking_width: f64,
    outline_width: f64,
    band_fill: String,
    area_fill: String,
    midfield_fill: String,
    attack_fill: String,
    goal_fill: String,
    text_colour: String,
}

impl Default for RawStyle {
    fn default() -> Self {
        RawStyle {
            grid_colour: "#5b7f63".into(),
            grid_width: 0.35,
            marking_colour: "#1f3d27".into(),
            marking_width: 0.9,
            outline_width: 1.4,
            band_fill: "#d7e9cf".into(),
            area_fill: "#f1e3c4".into(),
            midfield_fill: "#eef5ea".into(),
            attack_fill: "#e3eef7".into(),
            goal_fill: "#ffffff".into(),
            text_colour: "#1f3d27".into(),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawText {
    title: String,
    title_size: f64,
    caption: String,
    caption_size: f64,
    scale_bar: bool,
    scale_bar_label: String,
}

impl Default for RawText {
    fn default() -> Self {
        RawText {
            title: "Futbolchess".into(),
            title_size: 16.0,
            caption: "Bandas: laterales y extremos · Área: portero y centrales · Círculo: el delantero que saca".into(),
            caption_size: 8.0,
            scale_bar: true,
            scale_bar_label: "esta barra mide 50 mm".into(),
        }
    }
}

/// The board's geometry, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// Squares across (8).
    pub columns: u32,
    /// Squares from goal to goal (12).
    pub rows: u32,
    /// The side of a square.
    pub pitch: Mm,
    /// Each area, squares wide and deep.
    pub area: (u32, u32),
    /// Goal width in squares (2).
    pub goal: u32,
    /// How far the goals reach beyond the goal line.
    pub goal_depth: Mm,
    /// Centre circle radius, in squares.
    pub centre_circle: f64,
    /// Tint the placement zones of the roles.
    pub zones: bool,
}

/// Colours and widths, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// Lines between squares.
    pub grid_colour: Color,
    /// Their width.
    pub grid_width: Mm,
    /// Halfway line, areas, circle, goals.
    pub marking_colour: Color,
    /// Their width.
    pub marking_width: Mm,
    /// The outline's width.
    pub outline_width: Mm,
    /// The bands (outer columns).
    pub band_fill: Color,
    /// The areas.
    pub area_fill: Color,
    /// The midfielders' zone.
    pub midfield_fill: Color,
    /// The forwards' zone.
    pub attack_fill: Color,
    /// The goals.
    pub goal_fill: Color,
    /// Title and caption.
    pub text_colour: Color,
}

/// Title, caption and scale bar.
pub type Text = crate::layout::board_text::BoardText;

/// A resolved Futbolchess board.
#[derive(Clone, Debug, PartialEq)]
pub struct Futbolchess {
    /// Paper and margin.
    pub page: PageSpec,
    /// Geometry.
    pub board: Board,
    /// Colours and widths.
    pub style: Style,
    /// Labels.
    pub text: Text,
    /// Tiling, when allowed.
    pub tiling: Option<TileOptions>,
}

/// Reads and validates a `futbolchess-board` layout.
pub fn resolve(source: &Source, cx: &Context<'_>) -> Result<Futbolchess, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: Raw = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, overrides);
    let b = &raw.board;
    let hint = "the shipped board is 8 columns x 12 rows";
    let columns = r.count_at_least("board.columns", b.columns, 2, hint);
    let rows = r.count_at_least("board.rows", b.rows, 2, hint);
    let pitch = r.length_above(
        "board.pitch",
        b.pitch,
        0.0,
        "the side of a square in mm; 24 mm holds 22 mm counters",
    );
    let area_w = r.count_at_least(
        "board.area[0]",
        b.area[0],
        1,
        "[width, depth] in squares; the shipped area is [4, 2]",
    );
    let area_d = r.count_at_least(
        "board.area[1]",
        b.area[1],
        1,
        "[width, depth] in squares; the shipped area is [4, 2]",
    );
    if r.valid(&["board.columns", "board.rows", "board.area"]) && (area_w > columns || area_d * 2 > rows) {
        r.bad(
            "board.area",
            "layout-value",
            format!("a {area_w} x {area_d} area does not fit a {columns} x {rows} board"),
            "the shipped area is [4, 2]",
        );
    }
    let goal = r.count_at_least("board.goal", b.goal, 1, "the goal's width in squares; the game's is 2");
    let goal_depth = r.length_non_negative(
        "board.goal_depth",
        b.goal_depth,
        "how far the goal reaches beyond the goal line, in mm",
    );
    if !b.centre_circle.is_finite() || b.centre_circle <= 0.0 {
        r.bad(
            "board.centre_circle",
            "layout-value",
            format!("the radius must be above 0 squares, got {}", b.centre_circle),
            "1.5 squares reaches the four central squares",
        );
    }
    let s = &raw.style;
    let width_hint = "a line width in mm; 0.3 to 1.5 prints well";
    let style = Style {
        grid_colour: r.colour("style.grid_colour", &s.grid_colour),
        grid_width: Mm(r.length_above("style.grid_width", s.grid_width, 0.0, width_hint)),
        marking_colour: r.colour("style.marking_colour", &s.marking_colour),
        marking_width: Mm(r.length_above("style.marking_width", s.marking_width, 0.0, width_hint)),
        outline_width: Mm(r.length_above("style.outline_width", s.outline_width, 0.0, width_hint)),
        band_fill: r.colour("style.band_fill", &s.band_fill),
        area_fill: r.colour("style.area_fill", &s.area_fill),
        midfield_fill: r.colour("style.midfield_fill", &s.midfield_fill),
        attack_fill: r.colour("style.attack_fill", &s.attack_fill),
        goal_fill: r.colour("style.goal_fill", &s.goal_fill),
        text_colour: r.colour("style.text_colour", &s.text_colour),
    };
    let t = &raw.text;
    let text = Text {
        title: r.text("text.title", &t.title),
        title_size: r.text_size("text.title_size", t.title_size),
        caption: r.text("text.caption", &t.caption),
        caption_size: r.text_size("text.caption_size", t.caption_size),
        scale_bar: t.scale_bar,
        scale_bar_label: r.text("text.scale_bar_label", &t.scale_bar_label),
    };
    let tiling = raw.tiling.options(&mut r, &page, style.text_colour);
    r.finish(Futbolchess {
        page,
        board: Board {
            columns,
            rows,
            pitch: Mm(pitch),
            area: (area_w, area_d),
            goal,
            goal_depth: Mm(goal_depth),
            centre_circle: b.centre_circle,
            zones: b.zones,
        },
        style,
        text,
        tiling,
    })
}
