//! The Futbolchess board (`kind = "futbolchess-board"`, docs/GAMES.md).
//!
//! The seed gives no size; the layout chooses one and says why, and the checker
//! holds what the rules need: an even number of columns so the goal's two
//! squares are centred, bands on the outer columns, areas that hold the
//! goalkeeper and both central defenders, the placement zones tinted as the
//! rules define them, and a legend entry for every tint.

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
use crate::layout::values::{Colour, Count, Flag, Label, Length, LineWidth, Number, Pair, TextSize};
use crate::limits::MAX_SQUARES;
use crate::print::PageSpec;
use crate::print::TileOptions;
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
    legend: RawLegend,
    #[serde(default)]
    tiling: RawTiling,
}

const BOARD_HINT: &str = "the shipped board is 8 columns x 12 rows";
const AREA_HINT: &str = "the shipped area is [4, 2]";
const WIDTH_HINT: &str = "a line width in mm; 0.3 to 1.5 prints well";

section! {
    /// The board's geometry, validated.
    pub struct Board / RawBoard / BoardKeys in "board" {
        /// Squares across (8).
        columns: Count<2, { MAX_SQUARES }> = 8 => BOARD_HINT,
        /// Squares from goal to goal (12).
        rows: Count<2, { MAX_SQUARES }> = 12 => BOARD_HINT,
        /// The side of a square.
        pitch: Length = 24.0 => "the side of a square in mm; 24 mm holds 21.5 mm counters",
        /// Each area, squares wide and deep.
        area: Pair<Count<1, { MAX_SQUARES }>> = [4, 2] => "[width, depth] in squares; the shipped area is [4, 2]",
        /// The goal's squares, side by side behind the goal line (2): each
        /// is a board square, so a counter stands in it.
        goal: Count<1, { MAX_SQUARES }> = 2 => "the goal's squares; the game's is 2",
        /// Centre circle radius, in squares.
        centre_circle: Number = 1.5,
        /// Tint the placement zones of the roles.
        zones: Flag = true,
    }
}

section! {
    /// Colours and widths, validated.
    pub struct Style / RawStyle / StyleKeys in "style" {
        /// Lines between squares.
        grid_colour: Colour = "#5b7f63",
        /// Their width.
        grid_width: LineWidth = 0.35 => WIDTH_HINT,
        /// Halfway line, areas, circle, goals.
        marking_colour: Colour = "#1f3d27",
        /// Their width.
        marking_width: LineWidth = 0.9 => WIDTH_HINT,
        /// The outline's width.
        outline_width: LineWidth = 1.4 => WIDTH_HINT,
        /// The bands (outer columns).
        band_fill: Colour = "#d7e9cf",
        /// The areas, hatched over the midfielders' tint.
        area_fill: Colour = "#e2c98f",
        /// The midfielders' zone: the whole half off the bands.
        midfield_fill: Colour = "#eef5ea",
        /// The forwards' zone, hatched over the midfielders' and the bands' tints.
        attack_fill: Colour = "#b9d3ee",
        /// The goals.
        goal_fill: Colour = "#ffffff",
        /// Title and caption.
        text_colour: Colour = "#1f3d27",
    }
}

section! {
    /// The words around the board.
    pub struct Text / RawText / TextKeys in "text" {
        /// Printed above the board; empty for none.
        title: Label = "@futbolchess.title",
        /// Title size in points.
        title_size: TextSize = 16.0,
        /// Printed below the board; empty for none.
        caption: Label = "@futbolchess.caption",
        /// Caption size in points.
        caption_size: TextSize = 8.0,
        /// Print a 50 mm bar to check that the sheet was printed at 100 %.
        scale_bar: Flag = true,
        /// The words under the scale bar.
        scale_bar_label: Label = "@futbolchess.scale_bar",
    }
}

section! {
    /// The legend beside the bottom goal: what each tint and mark means.
    /// An entry left empty is not printed (and the checker then asks for it,
    /// if its tint is on the board).
    pub struct Legend / RawLegend / LegendKeys in "legend" {
        /// The words' size in points.
        size: TextSize = 7.0,
        /// The bands' tint.
        bands: Label = "@futbolchess.legend_bands",
        /// The midfielders' tint.
        midfielders: Label = "@futbolchess.legend_midfielders",
        /// The areas' hatching.
        keeper_area: Label = "@futbolchess.legend_keeper_area",
        /// The forwards' hatching.
        forwards: Label = "@futbolchess.legend_forwards",
        /// The goal's squares.
        goal_squares: Label = "@futbolchess.legend_goal_squares",
        /// The kick-off ring.
        kick_off: Label = "@futbolchess.legend_kick_off",
    }
}

/// A resolved Futbolchess board.
#[derive(Clone, Debug, PartialEq)]
pub struct Futbolchess {
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
    /// The legend.
    pub legend: Legend,
    /// Tiling, when allowed.
    pub tiling: Option<TileOptions>,
}

/// Reads and validates a `futbolchess-board` layout.
pub fn resolve(raw: Raw, mut r: Resolver<'_>) -> Result<Futbolchess, Vec<Finding>> {
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
    let (area_w, area_d) = board.area;
    if r.valid(&[keys.columns, keys.rows, keys.area]) && (area_w > columns || area_d * 2 > rows) {
        r.bad(
            keys.area,
            Code::LayoutValue,
            format!("a {area_w} x {area_d} area does not fit a {columns} x {rows} board"),
            AREA_HINT,
        );
    }
    // From a quarter square (anything smaller is no circle on paper) to
    // half the board across, where the circle would leave it.
    let widest = f64::from(if r.valid(&[keys.columns]) { columns } else { 2 }) / 2.0;
    r.number_in(
        keys.centre_circle,
        board.centre_circle,
        (0.25, widest),
        "squares",
        "1.5 squares reaches the four central squares",
    );
    let style = raw.style.resolve(&mut r);
    let t = raw.text.resolve(&mut r);
    let text = BoardText {
        title: t.title,
        title_size: t.title_size,
        caption: t.caption,
        caption_size: t.caption_size,
        scale_bar: t.scale_bar,
        scale_bar_label: t.scale_bar_label,
    };
    let legend = raw.legend.resolve(&mut r);
    let tiling = raw.tiling.options(&mut r, &page, style.text_colour);
    let fonts = r.cx.fonts;
    r.finish(Futbolchess {
        fonts,
        page,
        board,
        style,
        text,
        legend,
        tiling,
    })
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<Raw>(kind, "The Futbolchess board, with its legend.");
    let raw: Raw = s.defaults()?;
    Ok(s.section(&raw.page)
        .section(&raw.board)
        .section(&raw.style)
        .section(&raw.text)
        .section(&raw.legend)
        .section(&raw.tiling))
}
