//! Putting a block of art on one sheet: the orientation that fits, centred in
//! the printer-safe area; or tiled, for a board larger than the paper.

use crate::geom::{Orientation, Paper, Point, Rect, Size};
use crate::limits::MAX_PIECES;
use crate::print::{OrientationChoice, PageSpec, TileOptions};
use crate::scene::item::Item;
use crate::scene::page::Page;
use crate::sheet::tile::{self, Canvas};

/// A sheet chosen for a block of content, and where the block goes on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// The sheet.
    pub paper: Paper,
    /// The printer-safe area of the sheet.
    pub safe_area: Rect,
    /// Top-left corner of the block, centred in the safe area. When the block is
    /// larger than the safe area it is still centred (and overflows evenly): the
    /// checker reports that, with a hint.
    pub origin: Point,
}

/// Chooses the orientation (portrait first when `auto`) and centres a block of
/// `content` size on the sheet.
pub fn place(page: &PageSpec, content: Size) -> Placement {
    let paper_for = |orientation| Paper {
        size: page.paper,
        orientation,
    };
    let safe_of = |paper: Paper| Rect::from_origin_size(Point::default(), paper.page_size()).inset(page.margin);
    let paper = match page.orientation {
        OrientationChoice::Fixed(o) => paper_for(o),
        OrientationChoice::Auto => {
            let portrait = paper_for(Orientation::Portrait);
            let landscape = paper_for(Orientation::Landscape);
            if content.fits_in(safe_of(portrait).size()) || !content.fits_in(safe_of(landscape).size()) {
                portrait
            } else {
                landscape
            }
        }
    };
    let safe_area = safe_of(paper);
    let origin = Point {
        x: safe_area.x + (safe_area.w - content.w) / 2.0,
        y: safe_area.y + (safe_area.h - content.h) / 2.0,
    };
    Placement {
        paper,
        safe_area,
        origin,
    }
}

/// The page size of a placement (a convenience for builders).
pub fn page_size(p: &Placement) -> Size {
    p.paper.page_size()
}

/// The box holding every item.
pub fn bounds(items: &[Item]) -> Rect {
    items
        .iter()
        .filter_map(Item::bbox)
        .reduce(|a, b| a.union(&b))
        .unwrap_or_default()
}

/// Whether the canvas fits one sheet of `page` in an allowed orientation.
pub fn fits_one_sheet(canvas: &Canvas, page: &PageSpec) -> bool {
    let orientations: Vec<Orientation> = match page.orientation {
        OrientationChoice::Fixed(o) => vec![o],
        OrientationChoice::Auto => vec![Orientation::Portrait, Orientation::Landscape],
    };
    orientations.into_iter().any(|o| {
        let s = Paper {
            size: page.paper,
            orientation: o,
        }
        .page_size();
        let safe = Rect::from_origin_size(Point::default(), s).inset(page.margin);
        canvas.sheet_bounds().size().fits_in(safe.size())
    })
}

/// A board on paper: on one sheet, centred, with its frame, when it fits;
/// else tiled when `tiling` allows it, in at most
/// [`MAX_PIECES`](crate::limits::MAX_PIECES) pieces; else on one sheet
/// anyway, overflowing, for the checker to report with a hint.
pub fn place_or_tile(canvas: &Canvas, page: &PageSpec, tiling: Option<&TileOptions>) -> Vec<Page> {
    if let Some(opts) = tiling
        && !fits_one_sheet(canvas, page)
        && let Some(pieces) = tile::tile(canvas, opts)
    {
        return pieces;
    }
    // Centred by the box its builder measured, else by its ink.
    let block = canvas.block.unwrap_or_else(|| canvas.sheet_bounds());
    let placement = place(page, block.size());
    let (dx, dy) = (placement.origin.x - block.x, placement.origin.y - block.y);
    let items = canvas
        .items
        .iter()
        .chain(&canvas.frame)
        .cloned()
        .map(|i| i.translated(dx, dy))
        .collect();
    vec![Page::new(placement.paper.page_size(), placement.safe_area, items)]
}

/// For a hint: what a board too large for [`place_or_tile`] to tile would
/// take ("tiled, the board would take 120 pieces, more than the 64 …: "),
/// or nothing when it is not that.
pub fn pieces_note(canvas: &Canvas, page: &PageSpec, tiling: Option<&TileOptions>) -> String {
    match tiling {
        Some(opts) if !fits_one_sheet(canvas, page) => {
            let pieces = tile::plan(canvas, opts).pieces();
            if pieces > MAX_PIECES {
                return format!(
                    "tiled, it would take {pieces} pieces, more than the {MAX_PIECES} a board is split into at most: "
                );
            }
            String::new()
        }
        _ => String::new(),
    }
}
