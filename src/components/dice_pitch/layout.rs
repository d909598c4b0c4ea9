//! The dice-football pitch layout (docs/GAMES.md).
//!
//! The counts (10 x 18 squares, a 6 x 3 penalty area, ...) are written in the
//! layout so that a broken copy can be checked, but they are facts of the game:
//! the checker holds them, whatever the layout says.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::Fonts;
use crate::layout::board_text::BoardText;
use crate::layout::page::RawPage;
use crate::layout::resolve::Resolver;
use crate::layout::squares::check_squares;
use crate::layout::tiling::RawTiling;
use crate::layout::values::{
    Colour, ColourOrNone, Count, Flag, Label, Length, LengthOrZero, LineWidth, Pair, TextSize,
};
use crate::limits::MAX_SQUARES;
use crate::print::{PageSpec, TileOptions};
use crate::section;

/// The file as written.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Raw {
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

const BOARD_HINT: &str = "the game's board is 10 columns x 18 rows";
const WIDTH_HINT: &str = "a line width in millimetres; 0.3 to 1.5 mm prints well";

section! {
    /// The board's geometry, validated.
    pub struct Board / RawBoard / BoardKeys in "board" {
        /// Squares across (10 in the game).
        columns: Count<1, { MAX_SQUARES }> = 10 => BOARD_HINT,
        /// Squares from goal to goal (18 in the game).
        rows: Count<1, { MAX_SQUARES }> = 18 => BOARD_HINT,
        /// The side of one square.
        pitch: Length = 20.0 => "the side of one square in millimetres; 20 mm holds 17.5 mm counters and fits A3",
        /// Penalty area, squares wide and deep (6 x 3).
        penalty_area: Pair<Count<1, { MAX_SQUARES }>> = [6, 3] => "[width, depth] in squares; the game's penalty area is [6, 3]",
        /// Goal area, squares wide and deep (4 x 1).
        goal_area: Pair<Count<1, { MAX_SQUARES }>> = [4, 1] => "[width, depth] in squares; the game's goal area is [4, 1]",
        /// The row of the penalty spot, counted from the goal line (3).
        penalty_spot_row: Count<1, { MAX_SQUARES }> = 3 => "the row counted from the goal line; the game's penalty spot is on row 3",
        /// How far each goal reaches out beyond the goal line.
        goal_depth: LengthOrZero = 8.0 => "how far the goal reaches beyond the goal line; 8 mm reads well",
        /// Draw the kick-off spot.
        centre_spot: Flag = true,
        /// Draw the four corner triangles.
        corner_triangles: Flag = true,
        /// Draw the centre circle (decoration: it does not change play).
        centre_circle: Flag = true,
    }
}

section! {
    /// Colours and line widths, validated.
    pub struct Style / RawStyle / StyleKeys in "style" {
        /// Fill behind the board, `None` for the card stock's own colour.
        background: ColourOrNone = "none",
        /// The lines between squares.
        grid_colour: Colour = "#3d7a45",
        /// Width of the lines between squares.
        grid_width: LineWidth = 0.35 => WIDTH_HINT,
        /// Halfway line, areas, spots, goals.
        marking_colour: Colour = "#163f1e",
        /// Width of the marking lines.
        marking_width: LineWidth = 0.9 => WIDTH_HINT,
        /// Width of the outline.
        outline_width: LineWidth = 1.4 => WIDTH_HINT,
        /// Tint of the goal area, where only the keeper stands.
        goal_area_fill: ColourOrNone = "#c9e4bf",
        /// Tint of the penalty area.
        penalty_area_fill: ColourOrNone = "none",
        /// Fill of the corner triangles.
        corner_fill: ColourOrNone = "#163f1e",
        /// Fill of the goals.
        goal_fill: ColourOrNone = "#eef6ea",
        /// Title and caption.
        text_colour: Colour = "#163f1e",
    }
}

section! {
    /// The words around the board, as written (the caption's numbers not yet
    /// filled in).
    pub struct Text / RawText / TextKeys in "text" {
        /// Printed above the board; empty for none.
        title: Label = "@dice.title",
        /// Title size in points.
        title_size: TextSize = 16.0,
        /// Printed below the board: `{columns}`, `{rows}` and `{pitch}` are
        /// filled in.
        caption: Label = "@dice.caption",
        /// Caption size in points.
        caption_size: TextSize = 8.0,
        /// Print a 50 mm bar to check that the sheet was printed at 100 %.
        scale_bar: Flag = true,
        /// The words under the scale bar.
        scale_bar_label: Label = "@dice.scale_bar",
    }
}

/// A resolved dice-football pitch.
#[derive(Clone, Debug, PartialEq)]
pub struct DicePitch {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// Paper and margin.
    pub page: PageSpec,
    /// Geometry.
    pub board: Board,
    /// Colours and widths.
    pub style: Style,
    /// Labels.
    pub text: BoardText,
    /// How to split the board when it is larger than the paper; `None` to
    /// refuse instead.
    pub tiling: Option<TileOptions>,
}

/// Reads and validates a `dice-pitch` layout.
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<DicePitch, Vec<Finding>> {
    let page = r.page(&raw.page);
    let board = raw.board.resolve(&mut r);
    let keys = Board::KEY;
    let (columns, rows) = (board.columns, board.rows);
    check_squares(
        &mut r,
        [keys.columns, keys.rows, keys.pitch],
        (columns, rows),
        board.pitch,
    );
    for (key, (w, d), hint) in [
        (
            keys.penalty_area,
            board.penalty_area,
            "the game's penalty area is [6, 3]",
        ),
        (keys.goal_area, board.goal_area, "the game's goal area is [4, 1]"),
    ] {
        if r.valid(&[keys.columns, keys.rows, key]) && (w > columns || d * 2 > rows) {
            r.bad(
                key,
                Code::LayoutValue,
                format!(
                    "a {w} x {d} area does not fit a {columns} x {rows} board ({} x {})",
                    keys.columns, keys.rows
                ),
                format!("[width, depth] in squares; {hint}, on the game's 10 x 18 board"),
            );
        }
    }
    let spot = board.penalty_spot_row;
    if r.valid(&[keys.rows, keys.penalty_spot_row]) && spot > rows / 2 {
        r.bad(
            keys.penalty_spot_row,
            Code::LayoutValue,
            format!("row {spot} is past the halfway line of a {rows}-row board"),
            "the game's penalty spot is on row 3 from the goal line",
        );
    }
    let style = raw.style.resolve(&mut r);
    let t = raw.text.resolve(&mut r);
    // The caption may name the board's numbers, written as its language
    // writes them ("19,5 mm" in Spanish).
    let pitch = if t.caption.contains("{pitch}") {
        r.numbers(Text::KEY.caption, &board.pitch.to_string())
    } else {
        String::new()
    };
    let text = BoardText {
        title: t.title,
        title_size: t.title_size,
        // `{pitch}` carries its unit: "{pitch} mm" prints it once.
        caption: t
            .caption
            .replace("{pitch} mm", "{pitch}")
            .replace("{pitch}mm", "{pitch}")
            .replace("{columns}", &columns.to_string())
            .replace("{rows}", &rows.to_string())
            .replace("{pitch}", &pitch),
        caption_size: t.caption_size,
        scale_bar: t.scale_bar,
        scale_bar_label: t.scale_bar_label,
    };
    let tiling = raw.tiling.options(&mut r, &page, style.text_colour);
    let fonts = r.cx.fonts;
    r.finish(DicePitch {
        fonts,
        page,
        board,
        style,
        text,
        tiling,
    })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(
        kind,
        "The dice-football pitch: 10 x 18 squares with the areas, spots and goals, printed at 100 % (a bar on the sheet checks the scale).",
    );
    let raw: Raw = s.defaults()?;
    Ok(s.section(&raw.page)
        .section(&raw.board)
        .section(&raw.style)
        .section(&raw.text)
        .section(&raw.tiling))
}
