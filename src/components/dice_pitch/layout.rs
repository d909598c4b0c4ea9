//! The dice-football pitch layout (`kind = "dice-pitch"`, GAMES.md game A).
//!
//! The counts (10 x 18 squares, a 6 x 3 penalty area, ...) are written in the
//! layout so that a broken copy can be checked, but they are facts of the game:
//! the checker holds them, whatever the layout says.

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

/// The file as written.
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
    penalty_area: [i64; 2],
    goal_area: [i64; 2],
    penalty_spot_row: i64,
    goal_depth: f64,
    centre_spot: bool,
    corner_triangles: bool,
    centre_circle: bool,
}

impl Default for RawBoard {
    fn default() -> Self {
        RawBoard {
            columns: 10,
            rows: 18,
            pitch: 20.0,
            penalty_area: [6, 3],
            goal_area: [4, 1],
            penalty_spot_row: 3,
            goal_depth: 8.0,
            centre_spot: true,
            corner_triangles: true,
            centre_circle: true,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawStyle {
    background: String,
    grid_colour: String,
    grid_width: f64,
    marking_colour: String,
    marking_width: f64,
    outline_width: f64,
    goal_area_fill: String,
    penalty_area_fill: String,
    corner_fill: String,
    goal_fill: String,
    text_colour: String,
}

impl Default for RawStyle {
    fn default() -> Self {
        RawStyle {
            background: "none".into(),
            grid_colour: "#3d7a45".into(),
            grid_width: 0.35,
            marking_colour: "#163f1e".into(),
            marking_width: 0.9,
            outline_width: 1.4,
            goal_area_fill: "#c9e4bf".into(),
            penalty_area_fill: "none".into(),
            corner_fill: "#163f1e".into(),
            goal_fill: "#eef6ea".into(),
            text_colour: "#163f1e".into(),
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawText {
    title: String,
    title_size: f64,
    caption: Option<String>,
    caption_size: f64,
    scale_bar: bool,
    scale_bar_label: String,
}

impl Default for RawText {
    fn default() -> Self {
        RawText {
            title: "Fútbol de tablero y dados".into(),
            title_size: 16.0,
            caption: None,
            caption_size: 8.0,
            scale_bar: true,
            scale_bar_label: "esta barra mide 50 mm".into(),
        }
    }
}

/// The board's geometry, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    /// Squares across (10 in the game).
    pub columns: u32,
    /// Squares from goal to goal (18 in the game).
    pub rows: u32,
    /// The side of one square.
    pub pitch: Mm,
    /// Penalty area, squares wide and deep (6 x 3).
    pub penalty_area: (u32, u32),
    /// Goal area, squares wide and deep (4 x 1).
    pub goal_area: (u32, u32),
    /// The row of the penalty spot, counted from the goal line (3).
    pub penalty_spot_row: u32,
    /// How far each goal reaches out beyond the goal line.
    pub goal_depth: Mm,
    /// Draw the kick-off spot.
    pub centre_spot: bool,
    /// Draw the four corner triangles.
    pub corner_triangles: bool,
    /// Draw the centre circle (decoration: it does not change play).
    pub centre_circle: bool,
}

/// Colours and line widths, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    /// Fill behind the board, `None` for the card stock's own colour.
    pub background: Option<Color>,
    /// The lines between squares.
    pub grid_colour: Color,
    /// Width of the lines between squares.
    pub grid_width: Mm,
    /// Halfway line, areas, spots, goals.
    pub marking_colour: Color,
    /// Width of the marking lines.
    pub marking_width: Mm,
    /// Width of the outline.
    pub outline_width: Mm,
    /// Tint of the goal area, where only the keeper stands.
    pub goal_area_fill: Option<Color>,
    /// Tint of the penalty area.
    pub penalty_area_fill: Option<Color>,
    /// Fill of the corner triangles.
    pub corner_fill: Option<Color>,
    /// Fill of the goals.
    pub goal_fill: Option<Color>,
    /// Title and caption.
    pub text_colour: Color,
}

/// Title, caption and scale bar.
pub type Text = crate::layout::board_text::BoardText;

/// A resolved dice-football pitch.
#[derive(Clone, Debug, PartialEq)]
pub struct DicePitch {
    /// Paper and margin.
    pub page: PageSpec,
    /// Geometry.
    pub board: Board,
    /// Colours and widths.
    pub style: Style,
    /// Labels.
    pub text: Text,
    /// How to split the board when it is larger than the paper; `None` to
    /// refuse instead.
    pub tiling: Option<TileOptions>,
}

const PITCH_HINT: &str = "the side of one square in millimetres; 20 mm holds 18 mm counters and fits A3";

/// Reads and validates a `dice-pitch` layout.
pub fn resolve(source: &Source, cx: &Context<'_>) -> Result<DicePitch, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: Raw = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.resolve(&mut r, overrides);

    let b = &raw.board;
    let board_hint = "the game's board is 10 columns x 18 rows";
    let columns = r.count_at_least("board.columns", b.columns, 1, board_hint);
    let rows = r.count_at_least("board.rows", b.rows, 1, board_hint);
    let pitch = r.length_above("board.pitch", b.pitch, 0.0, PITCH_HINT);
    let goal_depth = r.length_non_negative(
        "board.goal_depth",
        b.goal_depth,
        "how far the goal reaches beyond the goal line; 8 mm reads well",
    );
    let mut area = |key: &str, v: [i64; 2], hint: &str| -> (u32, u32) {
        let w = r.count_at_least(&format!("{key}[0]"), v[0], 1, hint);
        let d = r.count_at_least(&format!("{key}[1]"), v[1], 1, hint);
        let counts_valid = r.valid(&["board.columns", "board.rows", key]);
        if counts_valid && (w > columns || d * 2 > rows) {
            r.bad(
                key,
                "layout-value",
                format!("a {w} x {d} area does not fit a {columns} x {rows} board"),
                hint,
            );
        }
        (w, d)
    };
    let penalty_area = area(
        "board.penalty_area",
        b.penalty_area,
        "[width, depth] in squares; the game's penalty area is [6, 3]",
    );
    let goal_area = area(
        "board.goal_area",
        b.goal_area,
        "[width, depth] in squares; the game's goal area is [4, 1]",
    );
    let penalty_spot_row = r.count_at_least(
        "board.penalty_spot_row",
        b.penalty_spot_row,
        1,
        "the row counted from the goal line; the game's penalty spot is on row 3",
    );
    if r.valid(&["board.rows", "board.penalty_spot_row"]) && penalty_spot_row > rows / 2 {
        r.bad(
            "board.penalty_spot_row",
            "layout-value",
            format!("row {penalty_spot_row} is past the halfway line of a {rows}-row board"),
            "the game's penalty spot is on row 3 from the goal line",
        );
    }

    let s = &raw.style;
    let width_hint = "a line width in millimetres; 0.3 to 1.5 mm prints well";
    let style = Style {
        background: r.colour_or_none("style.background", &s.background),
        grid_colour: r.colour("style.grid_colour", &s.grid_colour),
        grid_width: Mm(r.length_above("style.grid_width", s.grid_width, 0.0, width_hint)),
        marking_colour: r.colour("style.marking_colour", &s.marking_colour),
        marking_width: Mm(r.length_above("style.marking_width", s.marking_width, 0.0, width_hint)),
        outline_width: Mm(r.length_above("style.outline_width", s.outline_width, 0.0, width_hint)),
        goal_area_fill: r.colour_or_none("style.goal_area_fill", &s.goal_area_fill),
        penalty_area_fill: r.colour_or_none("style.penalty_area_fill", &s.penalty_area_fill),
        corner_fill: r.colour_or_none("style.corner_fill", &s.corner_fill),
        goal_fill: r.colour_or_none("style.goal_fill", &s.goal_fill),
        text_colour: r.colour("style.text_colour", &s.text_colour),
    };

    let t = &raw.text;
    let title_size = r.text_size("text.title_size", t.title_size);
    let caption_size = r.text_size("text.caption_size", t.caption_size);
    // The caption may name the board's numbers: {columns}, {rows}, {pitch}.
    let caption = match &t.caption {
        Some(c) => r.text("text.caption", c),
        None => "{columns} × {rows} casillas de {pitch} · imprímelo al 100 %, sin ajustar a la página".to_string(),
    }
    .replace("{columns}", &columns.to_string())
    .replace("{rows}", &rows.to_string())
    .replace("{pitch}", &Mm(pitch).to_string());
    let text = Text {
        title: r.text("text.title", &t.title),
        title_size,
        caption,
        caption_size,
        scale_bar: t.scale_bar,
        scale_bar_label: r.text("text.scale_bar_label", &t.scale_bar_label),
    };

    let board = Board {
        columns,
        rows,
        pitch: Mm(pitch),
        penalty_area,
        goal_area,
        penalty_spot_row,
        goal_depth: Mm(goal_depth),
        centre_spot: b.centre_spot,
        corner_triangles: b.corner_triangles,
        centre_circle: b.centre_circle,
    };
    let tiling = raw.tiling.resolve(&mut r, &page, style.text_colour);
    r.finish(DicePitch {
        page,
        board,
        style,
        text,
        tiling,
    })
}
