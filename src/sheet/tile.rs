//! Tiling: a board larger than the paper, split across pages that a person cuts
//! and tapes together.
//!
//! Each piece is a page holding the whole board, moved and clipped to the
//! piece's region. Neighbouring regions overlap by a strip (hatched on the piece
//! that goes underneath); the cut between them lies on one of the board's grid
//! lines whenever one is in reach, so no square is cut through. A registration
//! cross on the cut line, in the margin beside the region, is printed on both
//! pieces: cut the upper piece along the line through its half-crosses and lay
//! them on the whole crosses of the piece below. A last page maps the pieces.

use crate::font::FontFace;
use crate::geom::{Mm, Orientation, Paper, Point, Rect, Size, Transform};
use crate::layout::tiling::Tiling;
use crate::print::{OrientationChoice, TileOptions};
use crate::scene::color::Color;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Page;
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::marks;
use crate::text::{self, Align};

/// The band beside a piece's region that holds its registration marks.
pub const MARK_BAND: Mm = Mm(8.0);
/// The band under a piece's region that holds its label.
pub const LABEL_BAND: Mm = Mm(10.0);
const LABEL_SIZE: f64 = 9.0;
const NOTE_SIZE: f64 = 7.0;

/// What a board looks like before it is put on paper.
#[derive(Clone, Debug)]
pub struct Canvas {
    /// The items, in the board's own coordinates.
    pub items: Vec<Item>,
    /// What must be printed: the union of the items' boxes.
    pub bounds: Rect,
    /// Where a vertical cut does not cross a square (the grid's vertical lines).
    pub cuts_x: Vec<Mm>,
    /// Where a horizontal cut does not cross a square.
    pub cuts_y: Vec<Mm>,
}

/// How a canvas is split: the regions along each axis, in board coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The sheet.
    pub paper: Paper,
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
}

/// Splits `[lo, hi]` into pieces of at most `max`, each overlapping the next
/// by `overlap`, cutting at a position from `cuts` whenever one is in reach.
pub fn split(lo: Mm, hi: Mm, max: Mm, overlap: Mm, cuts: &[Mm]) -> Vec<(Mm, Mm)> {
    let mut pieces = Vec::new();
    let mut start = lo;
    // A piece must advance by more than the overlap, or tiling never ends.
    if max.0 <= overlap.0 + 1.0 {
        return vec![(lo, hi)];
    }
    while hi.0 - start.0 > max.0 + 1e-6 {
        let limit = start + max - overlap;
        let cut = cuts
            .iter()
            .copied()
            .filter(|c| c.0 > start.0 + overlap.0 && c.0 <= limit.0 + 1e-6)
            .fold(None, |best: Option<Mm>, c| Some(best.map_or(c, |b| b.max(c))))
            .unwrap_or(limit);
        pieces.push((start, cut + overlap));
        start = cut;
    }
    pieces.push((start, hi));
    pieces
}

fn usable(paper: Paper, margin: Mm) -> Size {
    let s = paper.page_size();
    Size {
        w: s.w - margin * 2.0 - MARK_BAND * 2.0,
        h: s.h - margin * 2.0 - MARK_BAND * 2.0 - LABEL_BAND,
    }
}

/// Plans the pieces: in `auto`, the orientation that needs fewer (portrait on a tie).
pub fn plan(canvas: &Canvas, opts: &TileOptions) -> Plan {
    let plan_on = |orientation| {
        let paper = Paper {
            size: opts.paper,
            orientation,
        };
        let room = usable(paper, opts.margin);
        let b = canvas.bounds;
        Plan {
            paper,
            xs: split(b.x, b.right(), room.w, opts.overlap, &canvas.cuts_x),
            ys: split(b.y, b.bottom(), room.h, opts.overlap, &canvas.cuts_y),
        }
    };
    match opts.orientation {
        OrientationChoice::Fixed(o) => plan_on(o),
        OrientationChoice::Auto => {
            let portrait = plan_on(Orientation::Portrait);
            let landscape = plan_on(Orientation::Landscape);
            if landscape.pieces() < portrait.pieces() {
                landscape
            } else {
                portrait
            }
        }
    }
}

fn fill(template: &str, n: usize, total: usize, row: usize, col: usize) -> String {
    template
        .replace("{n}", &n.to_string())
        .replace("{total}", &total.to_string())
        .replace("{row}", &row.to_string())
        .replace("{col}", &col.to_string())
}

/// The pages of a tiled board: one per piece, row by row, then the map.
pub fn tile(canvas: &Canvas, opts: &TileOptions) -> Vec<Page> {
    let plan = plan(canvas, opts);
    let size = plan.paper.page_size();
    let safe = Rect::from_origin_size(Point::default(), size).inset(opts.margin);
    let room = usable(plan.paper, opts.margin);
    let total = plan.pieces();
    let mut pages = Vec::new();
    for (r, &(y0, y1)) in plan.ys.iter().enumerate() {
        for (c, &(x0, x1)) in plan.xs.iter().enumerate() {
            let region = Rect::from_corners(Point { x: x0, y: y0 }, Point { x: x1, y: y1 });
            // The region sits centred across, at the top of the usable area.
            let at = Point {
                x: safe.x + MARK_BAND + (room.w - region.w) / 2.0,
                y: safe.y + MARK_BAND,
            };
            let (dx, dy) = (at.x - x0, at.y - y0);
            let mut items = vec![Item::new(
                Shape::Group {
                    transform: Transform::translate(dx, dy),
                    clip: Some(region),
                    items: canvas.items.clone(),
                },
                Style::default(),
                Tag::Tile {
                    col: c as u32,
                    row: r as u32,
                },
            )];
            let place = PiecePlace {
                row: r,
                col: c,
                region,
                on_page: Rect::from_origin_size(at, region.size()),
                offset: (dx, dy),
                last_col: c + 1 == plan.xs.len(),
                last_row: r + 1 == plan.ys.len(),
            };
            items.extend(strips_and_marks(&place, opts));
            let n = r * plan.xs.len() + c + 1;
            items.extend(piece_words(&place, opts, safe, n, total));
            pages.push(Page::new(size, safe, items));
        }
    }
    pages.push(map_page(canvas, &plan, opts));
    pages
}

/// Where one piece's region of the board lands on its page.
struct PiecePlace {
    /// Its row among the pieces, from 0.
    row: usize,
    /// Its column among the pieces, from 0.
    col: usize,
    /// The part of the board it shows, in board coordinates.
    region: Rect,
    /// The same part on the page.
    on_page: Rect,
    /// From board to page.
    offset: (Mm, Mm),
    /// Whether no piece lies to its right.
    last_col: bool,
    /// Whether no piece lies below it.
    last_row: bool,
}

/// The strips the next pieces are glued over, and registration crosses on
/// every cut line the piece touches, beside its region.
fn strips_and_marks(place: &PiecePlace, opts: &TileOptions) -> Vec<Item> {
    let (x0, y0, x1, y1) = (
        place.region.x,
        place.region.y,
        place.region.right(),
        place.region.bottom(),
    );
    let (dx, dy) = place.offset;
    let (c, r, last_col, last_row, on_page) = (place.col, place.row, place.last_col, place.last_row, place.on_page);
    let to_page = |p: Point| p.offset(dx, dy);
    let mut items = Vec::new();
    // The strips the next pieces are glued over.
    let strip_colour = Color::rgb(0x9a, 0x9a, 0x9a);
    if !last_col {
        let strip = Rect::from_corners(
            to_page(Point {
                x: x1 - opts.overlap,
                y: y0,
            }),
            to_page(Point { x: x1, y: y1 }),
        );
        items.push(marks::hatch(strip, Mm(3.0), strip_colour, Tag::OverlapStrip));
    }
    if !last_row {
        let strip = Rect::from_corners(
            to_page(Point {
                x: x0,
                y: y1 - opts.overlap,
            }),
            to_page(Point { x: x1, y: y1 }),
        );
        items.push(marks::hatch(strip, Mm(3.0), strip_colour, Tag::OverlapStrip));
    }
    // Registration crosses on every cut line this piece touches, beside the region.
    let mut vertical_cuts = Vec::new();
    if c > 0 {
        vertical_cuts.push(x0);
    }
    if !last_col {
        vertical_cuts.push(x1 - opts.overlap);
    }
    for k in vertical_cuts {
        let x = k + dx;
        items.push(marks::registration(Point {
            x,
            y: on_page.y - MARK_BAND / 2.0,
        }));
        items.push(marks::registration(Point {
            x,
            y: on_page.bottom() + MARK_BAND / 2.0,
        }));
    }
    let mut horizontal_cuts = Vec::new();
    if r > 0 {
        horizontal_cuts.push(y0);
    }
    if !last_row {
        horizontal_cuts.push(y1 - opts.overlap);
    }
    for k in horizontal_cuts {
        let y = k + dy;
        items.push(marks::registration(Point {
            x: on_page.x - MARK_BAND / 2.0,
            y,
        }));
        items.push(marks::registration(Point {
            x: on_page.right() + MARK_BAND / 2.0,
            y,
        }));
    }
    items
}

/// The piece's label and the first line of the instructions, under its marks.
fn piece_words(place: &PiecePlace, opts: &TileOptions, safe: Rect, n: usize, total: usize) -> Vec<Item> {
    let (r, c, on_page) = (place.row, place.col, place.on_page);
    let mut items = Vec::new();
    // The label, under the region's marks.
    let colour = Style::filled(opts.text_colour);
    let label_y = on_page.bottom() + MARK_BAND + FontFace::SansBold.ascent(LABEL_SIZE);
    items.push(
        Item::new(
            Shape::Text(text::line(
                &fill(&opts.text.piece, n, total, r + 1, c + 1),
                FontFace::SansBold,
                LABEL_SIZE,
                Point { x: safe.x, y: label_y },
                Align::Left,
            )),
            colour.clone(),
            Tag::Label,
        )
        .from_key(Tiling::KEY.piece),
    );
    let note_y = label_y + Mm::from_pt(LABEL_SIZE * 1.25);
    for (k, line) in text::wrap(&opts.text.instructions, FontFace::Sans, NOTE_SIZE, safe.w)
        .iter()
        .take(1)
        .enumerate()
    {
        items.push(
            Item::new(
                Shape::Text(text::line(
                    line,
                    FontFace::Sans,
                    NOTE_SIZE,
                    Point {
                        x: safe.x,
                        y: note_y + Mm::from_pt(NOTE_SIZE * 1.3) * k as f64,
                    },
                    Align::Left,
                )),
                colour.clone(),
                Tag::Label,
            )
            .from_key(Tiling::KEY.instructions),
        );
    }
    items
}

/// The assembly map: the board's outline with each piece's own part numbered.
fn map_page(canvas: &Canvas, plan: &Plan, opts: &TileOptions) -> Page {
    let size = plan.paper.page_size();
    let safe = Rect::from_origin_size(Point::default(), size).inset(opts.margin);
    let colour = Style::filled(opts.text_colour);
    let mut items = Vec::new();
    let title_size = 14.0;
    let baseline = safe.y + Mm(8.0) + FontFace::SansBold.ascent(title_size);
    items.push(
        Item::new(
            Shape::Text(text::line(
                &opts.text.map_title,
                FontFace::SansBold,
                title_size,
                Point {
                    x: safe.x + Mm(8.0),
                    y: baseline,
                },
                Align::Left,
            )),
            colour.clone(),
            Tag::Label,
        )
        .from_key(Tiling::KEY.map_title),
    );
    let mut y = baseline + Mm(6.0);
    let note_w = safe.w - Mm(16.0);
    for line in text::wrap(&opts.text.instructions, FontFace::Sans, 10.0, note_w) {
        y += Mm::from_pt(13.0);
        items.push(
            Item::new(
                Shape::Text(text::line(
                    &line,
                    FontFace::Sans,
                    10.0,
                    Point { x: safe.x + Mm(8.0), y },
                    Align::Left,
                )),
                colour.clone(),
                Tag::Label,
            )
            .from_key(Tiling::KEY.instructions),
        );
    }
    // The map, scaled to fit what is left of the page.
    let area = Rect {
        x: safe.x + Mm(8.0),
        y: y + Mm(10.0),
        w: safe.w - Mm(16.0),
        h: safe.bottom() - y - Mm(18.0),
    };
    let b = canvas.bounds;
    let scale = (area.w.0 / b.w.0).min(area.h.0 / b.h.0);
    let origin = Point {
        x: area.x + (area.w - b.w * scale) / 2.0,
        y: area.y,
    };
    let map = |p: Point| Point {
        x: origin.x + (p.x - b.x) * scale,
        y: origin.y + (p.y - b.y) * scale,
    };
    let line = Style::stroked(Stroke::solid(Mm(0.4), opts.text_colour));
    items.push(Item::new(
        Shape::Rect(Rect::from_corners(
            map(Point { x: b.x, y: b.y }),
            map(Point {
                x: b.right(),
                y: b.bottom(),
            }),
        )),
        line.clone(),
        Tag::AssemblyMap,
    ));
    for (r, &(y0, y1)) in plan.ys.iter().enumerate() {
        for (c, &(x0, x1)) in plan.xs.iter().enumerate() {
            // A piece's own part ends where the next one starts.
            let right = plan.xs.get(c + 1).map_or(x1, |n| n.0);
            let bottom = plan.ys.get(r + 1).map_or(y1, |n| n.0);
            let own = Rect::from_corners(map(Point { x: x0, y: y0 }), map(Point { x: right, y: bottom }));
            items.push(Item::new(
                Shape::Rect(own),
                Style::stroked(Stroke {
                    width: Mm(0.3),
                    color: opts.text_colour,
                    dash: vec![Mm(2.0), Mm(1.5)],
                }),
                Tag::AssemblyMap,
            ));
            let n = r * plan.xs.len() + c + 1;
            let size = 18.0;
            let centre = own.centre();
            items.push(Item::new(
                Shape::Text(text::line(
                    &n.to_string(),
                    FontFace::SansBold,
                    size,
                    centre.offset(Mm::ZERO, FontFace::SansBold.cap_height(size) / 2.0),
                    Align::Centre,
                )),
                colour.clone(),
                Tag::Label,
            ));
        }
    }
    Page::new(size, safe, items)
}
