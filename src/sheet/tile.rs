//! Tiling: a board larger than the paper, split across pages that a person
//! cuts and glues together.
//!
//! Each piece is a page holding the whole board, moved and clipped to the
//! piece's region. Where two pieces join, the first (the one to the left or
//! above) keeps a hatched strip that the second is glued over; the join lies on
//! one of the board's grid lines whenever one is in reach, so no square is cut
//! through. The marks say who does what, so that following them literally on
//! any piece never cuts off a strip another piece is glued on:
//!
//! - only the piece laid on top is cut: a solid line along its joining edge,
//!   with scissors in the margin that falls away;
//! - the piece underneath shows where that edge goes: a dashed line along the
//!   inner edge of its strip, and the strip names the piece glued on it;
//! - both carry three registration targets on the join, at the same places of
//!   the board (beyond each end and in the middle): when the pieces lie true the
//!   halves left after cutting and gluing make whole targets, and a piece glued
//!   askew, or printed stretched, shows at one of the three.
//!
//! The board's own words (title, caption) are never cut across pieces: a tiled
//! board leaves them out of its art and prints them whole in a panel on every
//! piece, beside or under it, with the piece's name, a 50 mm scale bar (a piece
//! printed at another scale is caught on its own) and the instructions. A last
//! page maps the pieces.

use crate::color::Color;
use crate::font::FontFace;
use crate::geom::{Mm, Orientation, Paper, Point, Rect, Size, Transform};
use crate::layout::tiling::Tiling;
use crate::limits::MAX_PIECES;
use crate::print::{OrientationChoice, TileOptions};
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::marks;
use crate::text::{self, Align, TextStyle};

/// The band around a piece's region that holds the marks beyond the ends of
/// its joins, and the margin a cut piece loses.
pub const MARK_BAND: Mm = Mm(8.0);
/// The width of the words panel beside a piece: the 50 mm scale bar and a
/// little air.
pub const PANEL_WIDTH: Mm = Mm(60.0);
/// The height of the words band under a piece, when no panel fits beside it:
/// a title line, a caption line, three lines of instructions.
pub const BAND_HEIGHT: Mm = Mm(22.0);
/// The length of the scale bar every piece carries.
pub const SCALE_BAR: Mm = Mm(50.0);
const SCALE_BAR_HEIGHT: Mm = Mm(1.5);
/// Between the words and the scale bar beside them, in a band.
const BAR_GAP: Mm = Mm(6.0);
/// The words keep clear of a cut line at the panel's left edge.
const CUT_CLEARANCE: Mm = Mm(2.0);

/// The board's title in a piece's panel, in points: the largest words there.
const TITLE_PT: f64 = 10.0;
/// The piece's name under it.
const PIECE_PT: f64 = 9.0;
/// Caption, scale bar words and instructions: small, read once.
const NOTE_PT: f64 = 7.0;
/// Line spacing as a multiple of the size.
const LEADING: f64 = 1.25;
/// Between the blocks of a panel.
const BLOCK_GAP: Mm = Mm(2.5);

/// The scissors beside a cut line, in points: big enough to see at a glance.
const SCISSORS_PT: f64 = 12.0;
const SCISSORS: &str = "\u{2702}";
/// The words in a glue strip, in points, and the white box that keeps them
/// readable over the hatching.
const GLUE_PT: f64 = 7.5;
const GLUE_BOX_PAD: Mm = Mm(1.0);
/// Scissors and glue words sit a quarter of the way from each end of a join,
/// clear of the target in its middle.
const ALONG: [f64; 2] = [0.25, 0.75];

/// The map page: its margin inside the safe area, its words' sizes in points,
/// the pieces' outlines and the discs their numbers stand on.
const MAP_INSET: Mm = Mm(8.0);
const MAP_TITLE_PT: f64 = 14.0;
const MAP_HEADING_PT: f64 = 12.0;
const MAP_TEXT_PT: f64 = 10.0;
const MAP_NUMBER_PT: f64 = 16.0;
const MAP_DISC: Mm = Mm(5.0);
const MAP_OUTLINE: Mm = Mm(0.4);
const MAP_HATCH_STEP: Mm = Mm(1.5);

/// The hatching of a glue strip: grey, so it reads as "not the board".
const STRIP_COLOUR: Color = marks::GLUE_COLOUR;
const HATCH_STEP: Mm = marks::GLUE_HATCH;
/// The dashed line where a cut edge goes (on, off).
const GLUE_DASH: [Mm; 2] = [Mm(2.0), Mm(1.5)];

/// The words a board prints around itself; a tiled board prints them whole
/// on every piece instead.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardWords {
    /// The board's title; empty for none.
    pub title: String,
    /// The line under the board; empty for none.
    pub caption: String,
    /// The words under the scale bar.
    pub scale_bar: String,
}

/// What a board looks like before it is put on paper.
#[derive(Clone, Debug)]
pub struct Canvas {
    /// The board's art, in its own coordinates: what a tiling cuts.
    pub items: Vec<Item>,
    /// The words around the board on one sheet (title, caption, scale bar),
    /// in the same coordinates; left out when the board is tiled.
    pub frame: Vec<Item>,
    /// The frame's words, for the pieces of a tiled board.
    pub words: BoardWords,
    /// What a tiling must print: the union of the art's boxes.
    pub bounds: Rect,
    /// Where a vertical cut does not cross a square (the grid's vertical lines).
    pub cuts_x: Vec<Mm>,
    /// Where a horizontal cut does not cross a square.
    pub cuts_y: Vec<Mm>,
    /// The boxes of the art's words (a hex grid's cell numbers, a zone's
    /// label), which a cut passes between: half a word on each piece reads
    /// badly at the seam.
    pub texts: Vec<Rect>,
    /// The box centred on one sheet, when the builder measured one (a
    /// custom sheet's drawing and frame, whatever ink reaches past them);
    /// `None` to centre the ink of the art and its frame.
    pub block: Option<Rect>,
}

impl Canvas {
    /// A canvas of `items` framed by `frame`, with no preferred cuts.
    pub fn new(items: Vec<Item>, frame: Vec<Item>, words: BoardWords) -> Canvas {
        Canvas {
            bounds: union_box(&items),
            texts: text_boxes(&items),
            items,
            frame,
            words,
            cuts_x: Vec::new(),
            cuts_y: Vec::new(),
            block: None,
        }
    }

    /// The same, with the lines a tiling may cut along.
    pub fn with_cuts(self, cuts_x: Vec<Mm>, cuts_y: Vec<Mm>) -> Canvas {
        Canvas { cuts_x, cuts_y, ..self }
    }

    /// The same, centred on one sheet by `block` rather than by its ink.
    pub fn with_block(self, block: Rect) -> Canvas {
        Canvas {
            block: Some(block),
            ..self
        }
    }

    /// What one sheet must hold: the art and its frame.
    pub fn sheet_bounds(&self) -> Rect {
        self.frame
            .iter()
            .filter_map(Item::bbox)
            .fold(self.bounds, |a, b| a.union(&b))
    }
}

/// The boxes of every line of words in `items`, groups opened: what the
/// tiling checker measures a cut against.
fn text_boxes(items: &[Item]) -> Vec<Rect> {
    fn go(items: &[Item], t: &Transform, out: &mut Vec<Rect>) {
        for item in items {
            match &item.shape {
                Shape::Text(_) => out.extend(item.bbox().map(|b| t.apply_rect(&b))),
                Shape::Group { transform, items, .. } => go(items, &transform.then(t), out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    go(items, &Transform::IDENTITY, &mut out);
    out
}

fn union_box(items: &[Item]) -> Rect {
    items
        .iter()
        .filter_map(Item::bbox)
        .reduce(|a, b| a.union(&b))
        .unwrap_or_default()
}

/// Where a piece's words go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelAt {
    /// In a column beside the piece: the paper is wider than the board.
    Beside,
    /// In a band under the piece.
    Below,
}

/// How a canvas is split: the regions along each axis, in board coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The sheet.
    pub paper: Paper,
    /// Where each piece's words go.
    pub panel: PanelAt,
    /// Column regions `(left, right)`.
    pub xs: Vec<(Mm, Mm)>,
    /// Row regions `(top, bottom)`.
    pub ys: Vec<(Mm, Mm)>,
}

impl Plan {
    /// How many pieces.
    pub fn pieces(&self) -> usize {
        self.xs.len() * self.ys.len()
    }

    /// The number printed on the piece in row `r`, column `c` (from 1, row by row).
    fn number(&self, r: usize, c: usize) -> usize {
        r * self.xs.len() + c + 1
    }
}

/// Splits `[lo, hi]` into pieces of at most `max`, each overlapping the next
/// by `overlap`, cutting at a position from `cuts` whenever one is in reach:
/// as few pieces as that allows, of sizes as even as the cuts allow (a sliver
/// of a last piece is harder to place than three even ones).
pub fn split(lo: Mm, hi: Mm, max: Mm, overlap: Mm, cuts: &[Mm]) -> Vec<(Mm, Mm)> {
    split_between(lo, hi, max, overlap, cuts, &[])
}

/// [`split`], with every cut kept out of the spans in `words` (the words'
/// extents along the axis, each widened by [`WORD_CLEARANCE`]): a grid line
/// through a word is no place to cut, and where no grid line is in reach
/// the cut moves back from where it would fall to the nearest gap between
/// words. A board whose words leave no gap in reach is cut where it must
/// be; the checker says which words the cut runs through.
pub fn split_between(lo: Mm, hi: Mm, max: Mm, overlap: Mm, cuts: &[Mm], words: &[(Mm, Mm)]) -> Vec<(Mm, Mm)> {
    let words = merged(words);
    let clear: Vec<Mm> = cuts.iter().copied().filter(|c| free(&words, *c)).collect();
    let cuts = &clear[..];
    let greedy = split_greedy(lo, hi, max, overlap, cuts, &words);
    let off_grid = |pieces: &[(Mm, Mm)]| {
        pieces
            .iter()
            .skip(1)
            .filter(|p| !cuts.iter().any(|c| (c.0 - p.0.0).abs() < 1e-6))
            .count()
    };
    match split_even(lo, hi, max, overlap, cuts, &words, greedy.len()) {
        Some(even) if off_grid(&even) <= off_grid(&greedy) => even,
        _ => greedy,
    }
}

/// Each piece as long as it may be, cutting at the farthest position of
/// `cuts` in reach: the fewest pieces.
fn split_greedy(lo: Mm, hi: Mm, max: Mm, overlap: Mm, cuts: &[Mm], words: &[(Mm, Mm)]) -> Vec<(Mm, Mm)> {
    let mut pieces = Vec::new();
    let mut start = lo;
    // A piece must advance by more than the overlap, or tiling never ends.
    if max.0 <= overlap.0 + 1.0 {
        return vec![(lo, hi)];
    }
    // Past the most pieces a board is tiled into, the count is all that
    // matters (the board is refused): stop there, whatever the length.
    while hi.0 - start.0 > max.0 + 1e-6 && pieces.len() <= MAX_PIECES {
        let limit = start + max - overlap;
        let cut = cuts
            .iter()
            .copied()
            .filter(|c| c.0 > start.0 + overlap.0 && c.0 <= limit.0 + 1e-6)
            .fold(None, |best: Option<Mm>, c| Some(best.map_or(c, |b| b.max(c))))
            .or_else(|| {
                // No grid line in reach: the farthest place in reach clear
                // of words, moving back from the limit.
                let back = gap_before(words, limit);
                (back.0 > start.0 + overlap.0).then_some(back)
            })
            .unwrap_or(limit);
        pieces.push((start, cut + overlap));
        start = cut;
    }
    pieces.push((start, hi));
    pieces
}

/// `n` pieces, each cut at the position of `cuts` nearest an even share that
/// keeps every piece within `max` (or at the even share itself when no cut
/// does); `None` when that fails.
fn split_even(
    lo: Mm,
    hi: Mm,
    max: Mm,
    overlap: Mm,
    cuts: &[Mm],
    words: &[(Mm, Mm)],
    n: usize,
) -> Option<Vec<(Mm, Mm)>> {
    if n < 2 {
        return None;
    }
    let step = (hi - lo - overlap) / n as f64;
    let mut starts = vec![lo];
    for k in 1..n {
        let prev = starts[k - 1];
        let ideal = lo + step * k as f64;
        // The piece before stays within `max`, and the pieces left can still
        // reach the end.
        let ok = |c: Mm| {
            c.0 > prev.0 + overlap.0
                && (c + overlap - prev).0 <= max.0 + 1e-6
                && (hi - c).0 <= (n - k) as f64 * (max - overlap).0 + overlap.0 + 1e-6
        };
        let near = |c: &Mm| (c.0 - ideal.0).abs();
        let cut = cuts
            .iter()
            .copied()
            .filter(|c| ok(*c))
            .min_by(|a, b| near(a).total_cmp(&near(b)))
            .or_else(|| {
                // No grid line: the even share itself, or the nearer gap
                // between words on either side of it.
                [ideal, gap_before(words, ideal), gap_after(words, ideal)]
                    .into_iter()
                    .filter(|c| free(words, *c) && ok(*c))
                    .min_by(|a, b| near(a).total_cmp(&near(b)))
            })
            .or_else(|| ok(ideal).then_some(ideal))?;
        starts.push(cut);
    }
    let mut pieces: Vec<(Mm, Mm)> = starts.windows(2).map(|w| (w[0], w[1] + overlap)).collect();
    pieces.push((starts[n - 1], hi));
    pieces.iter().all(|p| (p.1 - p.0).0 <= max.0 + 1e-6).then_some(pieces)
}

/// How far a cut keeps from a word's box, when it has the room: a cut
/// grazing the letters leaves a sliver of them on the other piece.
pub const WORD_CLEARANCE: Mm = Mm(1.0);

/// `spans` widened by [`WORD_CLEARANCE`], sorted, and joined where they
/// touch.
fn merged(spans: &[(Mm, Mm)]) -> Vec<(Mm, Mm)> {
    let mut v: Vec<(Mm, Mm)> = spans
        .iter()
        .map(|&(a, b)| (a - WORD_CLEARANCE, b + WORD_CLEARANCE))
        .collect();
    v.sort_by(|a, b| a.0.0.total_cmp(&b.0.0));
    let mut out: Vec<(Mm, Mm)> = Vec::new();
    for (a, b) in v {
        match out.last_mut() {
            Some(last) if a.0 <= last.1.0 => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// Whether a cut at `at` runs clear of every span of `words`.
fn free(words: &[(Mm, Mm)], at: Mm) -> bool {
    !words.iter().any(|w| w.0.0 < at.0 && at.0 < w.1.0)
}

/// `at`, or the start of the span of `words` it falls in.
fn gap_before(words: &[(Mm, Mm)], at: Mm) -> Mm {
    words.iter().find(|w| w.0.0 < at.0 && at.0 < w.1.0).map_or(at, |w| w.0)
}

/// `at`, or the end of the span of `words` it falls in.
fn gap_after(words: &[(Mm, Mm)], at: Mm) -> Mm {
    words.iter().find(|w| w.0.0 < at.0 && at.0 < w.1.0).map_or(at, |w| w.1)
}

/// The room a piece's region may take on `paper`, with the marks around it
/// and its words where `panel` says.
fn room(paper: Paper, margin: Mm, panel: PanelAt) -> Size {
    let s = paper.page_size();
    let (w, h) = (
        s.w - margin * 2.0 - MARK_BAND * 2.0,
        s.h - margin * 2.0 - MARK_BAND * 2.0,
    );
    match panel {
        PanelAt::Beside => Size { w: w - PANEL_WIDTH, h },
        PanelAt::Below => Size { w, h: h - BAND_HEIGHT },
    }
}

/// Plans the pieces: the orientation (both in `auto`, portrait first) and the
/// place for the words (beside first) that need the fewest pieces.
pub fn plan(canvas: &Canvas, opts: &TileOptions) -> Plan {
    // The words' extents along each axis: every cut crosses the whole board.
    let across: Vec<(Mm, Mm)> = canvas.texts.iter().map(|t| (t.x, t.right())).collect();
    let down: Vec<(Mm, Mm)> = canvas.texts.iter().map(|t| (t.y, t.bottom())).collect();
    let plan_on = |orientation, panel| {
        let paper = Paper {
            size: opts.paper,
            orientation,
        };
        let room = room(paper, opts.margin, panel);
        let b = canvas.bounds;
        let plan = Plan {
            paper,
            panel,
            xs: split_between(b.x, b.right(), room.w, opts.overlap, &canvas.cuts_x, &across),
            ys: split_between(b.y, b.bottom(), room.h, opts.overlap, &canvas.cuts_y, &down),
        };
        // `split` gives up on a room narrower than the overlap: such a plan
        // does not fit, whatever it counts.
        let fits = plan.xs.iter().all(|r| (r.1 - r.0).0 <= room.w.0 + 1e-6)
            && plan.ys.iter().all(|r| (r.1 - r.0).0 <= room.h.0 + 1e-6);
        (plan, fits)
    };
    let orientations = match opts.orientation {
        OrientationChoice::Fixed(o) => vec![o],
        OrientationChoice::Auto => vec![Orientation::Portrait, Orientation::Landscape],
    };
    let candidates: Vec<(Plan, bool)> = orientations
        .into_iter()
        .flat_map(|o| [plan_on(o, PanelAt::Beside), plan_on(o, PanelAt::Below)])
        .collect();
    // The fewest pieces; among as few, the plan whose cuts most follow the
    // board's own lines (a cut beside the words instead of under them can
    // move every cut off the board's grid, through a square).
    let off_grid = |p: &Plan| {
        let off = |regions: &[(Mm, Mm)], cuts: &[Mm]| {
            regions
                .iter()
                .skip(1)
                .filter(|r| !cuts.iter().any(|c| (c.0 - r.0.0).abs() < 1e-6))
                .count()
        };
        off(&p.xs, &canvas.cuts_x) + off(&p.ys, &canvas.cuts_y)
    };
    candidates
        .iter()
        .filter(|(_, fits)| *fits)
        .min_by_key(|(p, _)| (p.pieces(), off_grid(p)))
        .or(candidates.last())
        .map(|(p, _)| p.clone())
        .expect("there is always a candidate plan")
}

/// How many pieces a document was tiled into: 0 for a board on one sheet
/// (or anything else).
pub fn count(doc: &Document) -> usize {
    doc.runs()
        .map(|(_, run)| {
            run.iter()
                .filter(|page| page.items.iter().any(|i| matches!(i.tag, Tag::Tile { .. })))
                .count()
        })
        .sum()
}

fn fill(template: &str, n: usize, total: usize, row: usize, col: usize) -> String {
    template
        .replace("{n}", &n.to_string())
        .replace("{total}", &total.to_string())
        .replace("{row}", &row.to_string())
        .replace("{col}", &col.to_string())
}

/// The pages of a tiled board: one per piece, row by row, then the map;
/// `None`, before any page is made, when it takes more than
/// [`MAX_PIECES`] pieces.
pub fn tile(canvas: &Canvas, opts: &TileOptions) -> Option<Vec<Page>> {
    let plan = plan(canvas, opts);
    if plan.pieces() > MAX_PIECES {
        return None;
    }
    let mut pages = Vec::new();
    for r in 0..plan.ys.len() {
        for c in 0..plan.xs.len() {
            let place = PiecePlace::new(&plan, opts, r, c);
            let mut items = vec![Item::new(
                Shape::Group {
                    transform: Transform::translate(place.offset.0, place.offset.1),
                    clip: Some(place.region),
                    items: canvas.items.clone(),
                },
                Style::default(),
                Tag::Tile {
                    col: c as u32,
                    row: r as u32,
                },
            )];
            for join in joins(&plan, r, c) {
                items.extend(join_marks(&place, &join, canvas, opts));
            }
            items.extend(panel(&place, &canvas.words, opts, plan.pieces()));
            pages.push(Page::new(place.page, place.safe, items));
        }
    }
    pages.push(map_page(canvas, &plan, opts));
    Some(pages)
}

/// Where one piece's region of the board lands on its page.
struct PiecePlace {
    /// Its row among the pieces, from 0.
    row: usize,
    /// Its column among the pieces, from 0.
    col: usize,
    /// The number it is called by, from 1.
    n: usize,
    /// The page's size.
    page: Size,
    /// The page's printer-safe area.
    safe: Rect,
    /// The part of the board it shows, in board coordinates.
    region: Rect,
    /// The same part on the page.
    on_page: Rect,
    /// From board to page.
    offset: (Mm, Mm),
    /// Where its words go, on the page.
    panel: Rect,
    /// Whether the words' panel is a band under the piece.
    band: bool,
}

impl PiecePlace {
    /// Places piece (`r`, `c`) of `plan`: its region centred across the
    /// room, at its top, the words beside or under it.
    fn new(plan: &Plan, opts: &TileOptions, r: usize, c: usize) -> PiecePlace {
        let page = plan.paper.page_size();
        let safe = Rect::from_origin_size(Point::default(), page).inset(opts.margin);
        let room = room(plan.paper, opts.margin, plan.panel);
        let ((x0, x1), (y0, y1)) = (plan.xs[c], plan.ys[r]);
        let region = Rect::from_corners(Point { x: x0, y: y0 }, Point { x: x1, y: y1 });
        let at = Point {
            x: safe.x + MARK_BAND + (room.w - region.w) / 2.0,
            y: safe.y + MARK_BAND,
        };
        let on_page = Rect::from_origin_size(at, region.size());
        // The words stay off the strips the next pieces cover and clear of
        // a cut line on the left, so cutting and gluing leave them whole.
        let strip_right = if c + 1 < plan.xs.len() { opts.overlap } else { Mm::ZERO };
        let clear_left = if c > 0 { CUT_CLEARANCE } else { Mm::ZERO };
        let panel = match plan.panel {
            PanelAt::Beside => Rect {
                x: on_page.right() + MARK_BAND,
                y: on_page.y,
                w: PANEL_WIDTH,
                h: safe.bottom() - on_page.y,
            },
            // The plan keeps at least a band's height free; a shorter piece
            // leaves its words more.
            PanelAt::Below => Rect {
                x: on_page.x + clear_left,
                y: on_page.bottom() + MARK_BAND,
                w: on_page.w - strip_right - clear_left,
                h: safe.bottom() - on_page.bottom() - MARK_BAND,
            },
        };
        PiecePlace {
            row: r,
            col: c,
            n: plan.number(r, c),
            page,
            safe,
            region,
            on_page,
            offset: (at.x - x0, at.y - y0),
            panel,
            band: plan.panel == PanelAt::Below,
        }
    }
}

/// A line where a piece meets a neighbour, seen from the piece.
struct Join {
    /// A vertical line (between columns) or a horizontal one (between rows).
    vertical: bool,
    /// Where the line lies on the board: the later piece's first edge.
    at: Mm,
    /// Whether this piece is the later one: cut along the line and laid on top.
    on_top: bool,
    /// The neighbour's number.
    other: usize,
}

/// The joins of piece (`r`, `c`): with the pieces before it it is laid on
/// top, with the pieces after it it lies underneath.
fn joins(plan: &Plan, r: usize, c: usize) -> Vec<Join> {
    let mut out = Vec::new();
    if c > 0 {
        out.push(Join {
            vertical: true,
            at: plan.xs[c].0,
            on_top: true,
            other: plan.number(r, c - 1),
        });
    }
    if c + 1 < plan.xs.len() {
        out.push(Join {
            vertical: true,
            at: plan.xs[c + 1].0,
            on_top: false,
            other: plan.number(r, c + 1),
        });
    }
    if r > 0 {
        out.push(Join {
            vertical: false,
            at: plan.ys[r].0,
            on_top: true,
            other: plan.number(r - 1, c),
        });
    }
    if r + 1 < plan.ys.len() {
        out.push(Join {
            vertical: false,
            at: plan.ys[r + 1].0,
            on_top: false,
            other: plan.number(r + 1, c),
        });
    }
    out
}

/// A join's line on the page, reaching through the mark bands at both ends.
#[derive(Clone, Copy)]
struct JoinLine {
    from: Point,
    to: Point,
    vertical: bool,
    /// The region's extent along the line, on the page.
    span: (Mm, Mm),
    /// Where the line lies across, on the page.
    at: Mm,
    /// Where along the line its middle target goes, on the page.
    middle: Mm,
}

impl JoinLine {
    /// The line of `join` on `place`'s page. `grid` holds the board's grid
    /// lines across the join's line (board coordinates): the middle target
    /// goes halfway between the two nearest the middle, on the edge of a
    /// square, where no spot or line of the board sits under it. Both pieces
    /// of a join span the same stretch of the board, so they put it at the
    /// same place.
    fn of(place: &PiecePlace, join: &Join, grid: &[Mm]) -> JoinLine {
        let r = place.region;
        // From board to page: along the line, and across it.
        let (span, along, across) = if join.vertical {
            ((r.y, r.bottom()), place.offset.1, place.offset.0)
        } else {
            ((r.x, r.right()), place.offset.0, place.offset.1)
        };
        let mid = (span.0 + span.1) / 2.0;
        let inside: Vec<Mm> = grid
            .iter()
            .copied()
            .filter(|g| g.0 >= span.0.0 - 1e-6 && g.0 <= span.1.0 + 1e-6)
            .collect();
        let middle = inside
            .windows(2)
            .map(|w| (w[0] + w[1]) / 2.0)
            .min_by(|a, b| (a.0 - mid.0).abs().total_cmp(&(b.0 - mid.0).abs()))
            .unwrap_or(mid);
        let span = (span.0 + along, span.1 + along);
        let line = JoinLine {
            from: Point::default(),
            to: Point::default(),
            vertical: join.vertical,
            span,
            at: join.at + across,
            middle: middle + along,
        };
        JoinLine {
            from: line.point(span.0 - MARK_BAND),
            to: line.point(span.1 + MARK_BAND),
            ..line
        }
    }

    /// The same line moved across to `at` (on the page).
    fn moved_to(&self, at: Mm) -> JoinLine {
        let moved = JoinLine { at, ..*self };
        JoinLine {
            from: moved.point(self.span.0 - MARK_BAND),
            to: moved.point(self.span.1 + MARK_BAND),
            ..moved
        }
    }

    /// The point of the line at `along` (a position along it, on the page).
    fn point(&self, along: Mm) -> Point {
        if self.vertical {
            Point { x: self.at, y: along }
        } else {
            Point { x: along, y: self.at }
        }
    }

    /// The point `t` of the way along the region.
    fn part(&self, t: f64) -> Point {
        self.point(self.span.0 + (self.span.1 - self.span.0) * t)
    }

    /// The line drawn across the whole printable area, so that a trimmer's
    /// blade or a ruler is laid on it from the paper's edge; a horizontal
    /// line stops short of the words' panel beside the piece (a panel below
    /// stands clear of every vertical cut: it keeps off the strips and, on
    /// the left, off the cut).
    fn across_the_page(&self, place: &PiecePlace) -> (Point, Point) {
        // Inside the safe area by the line's own width, its ink too.
        let safe = place.safe.inset(marks::MARK_WIDTH);
        if self.vertical {
            (self.point(safe.y), self.point(safe.bottom()))
        } else {
            let end = match place.band {
                true => safe.right(),
                false => place.panel.x - CUT_CLEARANCE,
            };
            (self.point(safe.x), self.point(end))
        }
    }

    /// The registration targets: beyond each end, in the mark bands, and in
    /// the middle.
    fn targets(&self) -> [Point; 3] {
        [
            self.point(self.span.0 - MARK_BAND / 2.0),
            self.point(self.middle),
            self.point(self.span.1 + MARK_BAND / 2.0),
        ]
    }
}

/// The marks of one join on one piece: the targets on both; the cut line and
/// scissors on the piece laid on top; the strip, its glue line and its words
/// on the piece underneath.
fn join_marks(place: &PiecePlace, join: &Join, canvas: &Canvas, opts: &TileOptions) -> Vec<Item> {
    let grid = if join.vertical { &canvas.cuts_y } else { &canvas.cuts_x };
    let line = JoinLine::of(place, join, grid);
    let mut items = Vec::new();
    if join.on_top {
        // Cut along the join, the margin before it going with the cut.
        items.extend(cut(&line, place, -MARK_BAND / 2.0));
    } else {
        let r = place.on_page;
        // And along the strip's outer edge, the piece's own edge: the paper
        // beyond it would lie under the piece glued on the strip, a layer
        // more (four at the middle of a board of four pieces).
        let edge = line.moved_to(if line.vertical { r.right() } else { r.bottom() });
        items.extend(cut(&edge, place, MARK_BAND / 2.0));
        let strip = if line.vertical {
            Rect::from_corners(
                Point { x: line.at, y: r.y },
                Point {
                    x: r.right(),
                    y: r.bottom(),
                },
            )
        } else {
            Rect::from_corners(
                Point { x: r.x, y: line.at },
                Point {
                    x: r.right(),
                    y: r.bottom(),
                },
            )
        };
        items.push(marks::hatch(strip, HATCH_STEP, STRIP_COLOUR, Tag::OverlapStrip));
        items.push(Item::new(
            Shape::Line {
                from: line.from,
                to: line.to,
            },
            Style::stroked(Stroke {
                width: marks::MARK_WIDTH,
                color: marks::MARK_COLOUR,
                dash: GLUE_DASH.to_vec(),
            }),
            Tag::GlueLine,
        ));
        let words = opts.text.glue.replace("{n}", &join.other.to_string());
        for t in ALONG {
            let p = line.part(t);
            let centre = if line.vertical {
                Point {
                    x: strip.centre().x,
                    y: p.y,
                }
            } else {
                Point {
                    x: p.x,
                    y: strip.centre().y,
                }
            };
            items.extend(glue_words(&words, centre, line.vertical, opts.text_colour));
        }
    }
    // The targets beyond the ends stand in margins the cuts take off; the
    // middle one, on the board, is drawn only on the side of the join that
    // is hidden in the finished board: under the piece laid on top (on the
    // strip), or in the margin that piece's cut takes off.
    let [start, middle, end] = line.targets();
    items.push(marks::registration(start));
    items.push(hidden_side(marks::registration(middle), &line, middle, join.on_top));
    items.push(marks::registration(end));
    items
}

/// A cut along `line` across the printable area, with scissors `away` from
/// it (towards the paper the cut takes off) a quarter of the way from each
/// end of the join.
fn cut(line: &JoinLine, place: &PiecePlace, away: Mm) -> Vec<Item> {
    let (from, to) = line.across_the_page(place);
    let mut items = vec![marks::line(from, to, Tag::CutMark)];
    for t in ALONG {
        let p = line.part(t);
        let centre = if line.vertical {
            p.offset(away, Mm::ZERO)
        } else {
            p.offset(Mm::ZERO, away)
        };
        items.push(upright_or_down(
            SCISSORS,
            FontFace::Sans,
            SCISSORS_PT,
            centre,
            line.vertical,
            Tag::CutMark,
            Color::BLACK,
        ));
    }
    items
}

/// `mark`, centred on `centre` on the join's line, clipped to one side of
/// the line: the side after it (the strip, covered) on the piece
/// underneath, the side before it (cut off) on the piece laid on top.
fn hidden_side(mark: Item, line: &JoinLine, centre: Point, on_top: bool) -> Item {
    let reach = marks::REGISTRATION_ARM + marks::MARK_WIDTH;
    let across = if on_top { (-reach, Mm::ZERO) } else { (Mm::ZERO, reach) };
    let clip = if line.vertical {
        Rect::from_corners(
            Point {
                x: line.at + across.0,
                y: centre.y - reach,
            },
            Point {
                x: line.at + across.1,
                y: centre.y + reach,
            },
        )
    } else {
        Rect::from_corners(
            Point {
                x: centre.x - reach,
                y: line.at + across.0,
            },
            Point {
                x: centre.x + reach,
                y: line.at + across.1,
            },
        )
    };
    Item::new(
        Shape::Group {
            transform: Transform::IDENTITY,
            clip: Some(clip),
            items: vec![mark],
        },
        Style::default(),
        Tag::Decoration,
    )
}

/// One line of `text` centred on `centre`, read across or, when `down`,
/// turned a quarter clockwise to run down a vertical line.
fn upright_or_down(text: &str, face: FontFace, size: f64, centre: Point, down: bool, tag: Tag, colour: Color) -> Item {
    let baseline = Point {
        x: Mm::ZERO,
        y: face.cap_height(size) / 2.0,
    };
    let run = TextStyle::new(face, size, colour).item(text, baseline, Align::Centre, tag.clone());
    let turn = if down {
        Transform::rotate(90.0)
    } else {
        Transform::IDENTITY
    };
    Item::new(
        Shape::Group {
            transform: turn.then(&Transform::translate(centre.x, centre.y)),
            clip: None,
            items: vec![run],
        },
        Style::default(),
        tag,
    )
}

/// The words in a glue strip, on a white box so they read over the hatching.
fn glue_words(text: &str, centre: Point, down: bool, colour: Color) -> Vec<Item> {
    let w = FontFace::SansBold.measure(text, GLUE_PT) + GLUE_BOX_PAD * 2.0;
    let h = FontFace::SansBold.cap_height(GLUE_PT) + GLUE_BOX_PAD * 2.0;
    let (bw, bh) = if down { (h, w) } else { (w, h) };
    let bg = Rect {
        x: centre.x - bw / 2.0,
        y: centre.y - bh / 2.0,
        w: bw,
        h: bh,
    };
    vec![
        Item::new(Shape::Rect(bg), Style::filled(Color::WHITE), Tag::OverlapStrip),
        upright_or_down(text, FontFace::SansBold, GLUE_PT, centre, down, Tag::Label, colour).from_key(Tiling::KEY.glue),
    ]
}

/// Words laid top-down in a column.
struct Flow {
    x: Mm,
    y: Mm,
    w: Mm,
    colour: Color,
    items: Vec<Item>,
}

impl Flow {
    /// `text` wrapped to the column, each line blamed on `key`.
    fn text(&mut self, text: &str, face: FontFace, size: f64, key: Option<&'static str>) {
        for line in text::wrap(text, face, size, self.w) {
            let baseline = self.y + face.ascent(size);
            let mut item =
                TextStyle::new(face, size, self.colour).label(&line, Point { x: self.x, y: baseline }, Align::Left);
            if let Some(key) = key {
                item = item.from_key(key);
            }
            self.items.push(item);
            self.y += Mm::from_pt(size * LEADING);
        }
    }

    /// A gap between blocks.
    fn gap(&mut self) {
        self.y += BLOCK_GAP;
    }
}

/// The 50 mm bar with its words under it, its top-left corner at `at`;
/// returns the items and the height they take. Every piece of a tiled
/// board carries one, and so does a board printed whole where its own
/// frame has none (the league's mat, the path fields' sheet), its words in
/// `face` (the board's regular face; DejaVu on the pieces of a tiled board).
pub fn scale_bar(at: Point, words: &str, (face, colour): (FontFace, Color)) -> (Vec<Item>, Mm) {
    let bar = Rect {
        x: at.x,
        y: at.y,
        w: SCALE_BAR,
        h: SCALE_BAR_HEIGHT,
    };
    let baseline = bar.bottom() + Mm(1.0) + face.ascent(NOTE_PT);
    let items = vec![
        Item::new(Shape::Rect(bar), Style::filled(colour), Tag::ScaleBar),
        TextStyle::new(face, NOTE_PT, colour).label(words, Point { x: at.x, y: baseline }, Align::Left),
    ];
    (items, baseline + face.descent(NOTE_PT) - at.y)
}

/// A piece's words: the board's title and the piece's name, the scale bar,
/// the caption and the instructions, beside the piece or in a band under it.
/// A band too short for the instructions leaves them to the map page.
fn panel(place: &PiecePlace, words: &BoardWords, opts: &TileOptions, total: usize) -> Vec<Item> {
    let p = place.panel;
    let label = fill(&opts.text.piece, place.n, total, place.row + 1, place.col + 1);
    let lay = |with_instructions: bool| {
        // In a band the bar stands at the right, beside the words.
        let text_w = if place.band { p.w - SCALE_BAR - BAR_GAP } else { p.w };
        let mut flow = Flow {
            x: p.x,
            y: p.y,
            w: text_w,
            colour: opts.text_colour,
            items: Vec::new(),
        };
        if !words.title.is_empty() {
            flow.text(&words.title, FontFace::SansBold, TITLE_PT, None);
        }
        flow.text(&label, FontFace::SansBold, PIECE_PT, Some(Tiling::KEY.piece));
        flow.gap();
        let bar_at = if place.band {
            Point {
                x: p.right() - SCALE_BAR,
                y: p.y,
            }
        } else {
            Point { x: flow.x, y: flow.y }
        };
        let (bar, bar_h) = scale_bar(bar_at, &words.scale_bar, (FontFace::Sans, opts.text_colour));
        flow.items.extend(bar);
        if !place.band {
            flow.y += bar_h;
            flow.gap();
        }
        if !words.caption.is_empty() {
            flow.text(&words.caption, FontFace::Sans, NOTE_PT, None);
        }
        if with_instructions {
            flow.gap();
            flow.text(
                &opts.text.instructions,
                FontFace::Sans,
                NOTE_PT,
                Some(Tiling::KEY.instructions),
            );
        }
        (flow.items, flow.y)
    };
    let (items, bottom) = lay(true);
    if bottom.0 <= p.bottom().0 + 1e-6 {
        items
    } else {
        lay(false).0
    }
}

/// The assembly map: the board's title, the instructions, and the board
/// itself, small, with each piece's own part outlined and numbered and the
/// glue strips hatched, so a reader sees which piece goes on which.
fn map_page(canvas: &Canvas, plan: &Plan, opts: &TileOptions) -> Page {
    let size = plan.paper.page_size();
    let safe = Rect::from_origin_size(Point::default(), size).inset(opts.margin);
    let mut flow = Flow {
        x: safe.x + MAP_INSET,
        y: safe.y + MAP_INSET,
        w: safe.w - MAP_INSET * 2.0,
        colour: opts.text_colour,
        items: Vec::new(),
    };
    if !canvas.words.title.is_empty() {
        flow.text(&canvas.words.title, FontFace::SansBold, MAP_TITLE_PT, None);
    }
    flow.text(
        &opts.text.map_title,
        FontFace::SansBold,
        MAP_HEADING_PT,
        Some(Tiling::KEY.map_title),
    );
    flow.gap();
    flow.text(
        &opts.text.instructions,
        FontFace::Sans,
        MAP_TEXT_PT,
        Some(Tiling::KEY.instructions),
    );
    let mut items = flow.items;
    // The board, scaled to fit what is left of the page, centred across.
    let area = Rect {
        x: safe.x + MAP_INSET,
        y: flow.y + MAP_INSET,
        w: safe.w - MAP_INSET * 2.0,
        h: safe.bottom() - flow.y - MAP_INSET * 2.0,
    };
    let b = canvas.bounds;
    let scale = (area.w.0 / b.w.0).min(area.h.0 / b.h.0);
    let origin = Point {
        x: area.x + (area.w - b.w * scale) / 2.0,
        y: area.y,
    };
    let to_map = Transform::translate(-b.x, -b.y)
        .then(&Transform::scale(scale, scale))
        .then(&Transform::translate(origin.x, origin.y));
    items.push(Item::new(
        Shape::Group {
            transform: to_map,
            clip: Some(b),
            items: canvas.items.clone(),
        },
        Style::default(),
        Tag::AssemblyMap,
    ));
    let texts: Vec<Rect> = canvas.texts.iter().map(|t| to_map.apply_rect(t)).collect();
    items.extend(map_pieces(plan, opts, &to_map, &texts));
    Page::new(size, safe, items)
}

/// Where a piece's number stands on the map: the middle of its own part,
/// or the place nearest it, in steps of half a disc, where the disc hides
/// none of the board's words (`texts`, on the map); the middle when every
/// place does.
fn disc_centre(own: Rect, texts: &[Rect]) -> Point {
    let centre = own.centre();
    let room = own.inset(MAP_DISC);
    let clear = |p: Point| {
        let disc = Rect {
            x: p.x - MAP_DISC,
            y: p.y - MAP_DISC,
            w: MAP_DISC * 2.0,
            h: MAP_DISC * 2.0,
        };
        !texts.iter().any(|t| {
            t.x.0 < disc.right().0 && disc.x.0 < t.right().0 && t.y.0 < disc.bottom().0 && disc.y.0 < t.bottom().0
        })
    };
    let step = MAP_DISC / 2.0;
    let reach = ((room.w.0.max(room.h.0) / 2.0) / step.0).ceil().max(0.0) as i32;
    let mut places: Vec<Point> = (-reach..=reach)
        .flat_map(|i| (-reach..=reach).map(move |j| centre.offset(step * f64::from(i), step * f64::from(j))))
        .filter(|p| room.contains_point(*p))
        .collect();
    places.sort_by(|a, b| a.distance(centre).0.total_cmp(&b.distance(centre).0));
    places.into_iter().find(|p| clear(*p)).unwrap_or(centre)
}

/// On the map: each piece's glue strips hatched, its own part outlined, its
/// number on a white disc in the middle, or near it where the disc hides
/// none of the board's words (`texts`, on the map).
fn map_pieces(plan: &Plan, opts: &TileOptions, to_map: &Transform, texts: &[Rect]) -> Vec<Item> {
    let mut items = Vec::new();
    let outline = Style::stroked(Stroke {
        width: MAP_OUTLINE,
        color: opts.text_colour,
        dash: GLUE_DASH.to_vec(),
    });
    for (r, &(y0, y1)) in plan.ys.iter().enumerate() {
        for (c, &(x0, x1)) in plan.xs.iter().enumerate() {
            // A piece's own part ends where the next one starts; the rest is
            // its strip.
            let right = plan.xs.get(c + 1).map_or(x1, |n| n.0);
            let bottom = plan.ys.get(r + 1).map_or(y1, |n| n.0);
            let corner = |x: Mm, y: Mm| to_map.apply(Point { x, y });
            let own = Rect::from_corners(corner(x0, y0), corner(right, bottom));
            for strip in [
                (right.0 < x1.0).then(|| Rect::from_corners(corner(right, y0), corner(x1, bottom))),
                (bottom.0 < y1.0).then(|| Rect::from_corners(corner(x0, bottom), corner(right, y1))),
            ]
            .into_iter()
            .flatten()
            {
                items.push(marks::hatch(strip, MAP_HATCH_STEP, STRIP_COLOUR, Tag::AssemblyMap));
            }
            items.push(Item::new(Shape::Rect(own), outline.clone(), Tag::AssemblyMap));
            let centre = disc_centre(own, texts);
            items.push(Item::new(
                Shape::Circle {
                    centre,
                    radius: MAP_DISC,
                },
                Style {
                    stroke: Some(Stroke::solid(MAP_OUTLINE, opts.text_colour)),
                    fill: Some(Color::WHITE),
                },
                Tag::AssemblyMap,
            ));
            let number = TextStyle::new(FontFace::SansBold, MAP_NUMBER_PT, opts.text_colour);
            let baseline = centre.offset(Mm::ZERO, FontFace::SansBold.cap_height(MAP_NUMBER_PT) / 2.0);
            items.push(number.label(&plan.number(r, c).to_string(), baseline, Align::Centre));
        }
    }
    items
}
