//! The sheet stage: putting composed art on paper. Every component goes through
//! it: boards are placed on one sheet or tiled across several
//! ([`tile`]), equal items (cards, counters, banknotes) are imposed N-up with
//! bleed, crop marks and duplex backs ([`nup`]); [`marks`] draws the printer's
//! marks they share.

pub mod marks;
pub mod nup;
pub mod tile;

use crate::compose::place;
use crate::geom::{Orientation, Paper, Point, Rect};
use crate::print::{OrientationChoice, PageSpec};
use crate::scene::{Item, Page};
use crate::print::TileOptions;
use tile::Canvas;

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
        canvas.bounds.size().fits_in(safe.size())
    })
}

/// A board on paper: on one sheet, centred, when it fits; else tiled when
/// `tiling` allows it; else on one sheet anyway, overflowing, for the checker
/// to report with a hint.
pub fn place_or_tile(canvas: &Canvas, page: &PageSpec, tiling: Option<&TileOptions>) -> Vec<Page> {
    if let Some(opts) = tiling
        && !fits_one_sheet(canvas, page)
    {
        return tile::tile(canvas, opts);
    }
    let placement = place(page, canvas.bounds.size());
    let (dx, dy) = (
        placement.origin.x - canvas.bounds.x,
        placement.origin.y - canvas.bounds.y,
    );
    let items = canvas.items.iter().cloned().map(|i| i.translated(dx, dy)).collect();
    vec![Page::new(placement.paper.page_size(), placement.safe_area, items)]
}
