//! Print then cut: the marks a cutting machine's optical eye reads before it
//! cuts a printed sheet, and the room they leave the art.
//!
//! **Silhouette** (Silhouette Studio's "Type 1" registration marks, the
//! CAMEO and Portrait machines): a filled square at the sheet's top-left
//! corner and L marks at its top-right and bottom-left corners, each mark's
//! outer corner [`SILHOUETTE_INSET`] from the two paper edges, the L's arms
//! [`SILHOUETTE_LENGTH`] long and [`SILHOUETTE_THICKNESS`] thick: Studio's
//! smallest inset (it accepts none smaller) and the length and thickness it
//! is set to, as the inkscape-silhouette project draws them for the same
//! machines (`render_silhouette_regmarks.py`: square 5 mm, arms 20 mm, line
//! 0.3 mm, origin 10 mm). Studio draws its own marks at those places on its
//! page: the cut file's paths, in page millimetres, fall where the sheet
//! printed them.
//!
//! **Cricut** (Design Space's Print Then Cut): Design Space prints the image
//! itself and adds its own registration frame around it, so pitchprint
//! draws no marks: each sheet is an image no larger than [`CRICUT_AREA`],
//! the largest Print Then Cut image every Cricut machine and every paper
//! size accept, and the cut file is the same size with the image's outline
//! as its first path (the cut Design Space makes around a printed image),
//! so that the two line up when uploaded.

use crate::geom::{Mm, Point, Rect, Size};
use crate::print::Marks;
use crate::scene::item::{Item, PathCmd, Shape};
use crate::scene::style::{Stroke, Style};
use crate::scene::tag::Tag;
use crate::sheet::marks::MARK_COLOUR;

pub use crate::print::{SILHOUETTE_INSET, SILHOUETTE_LENGTH, SILHOUETTE_SQUARE, SILHOUETTE_THICKNESS};

/// The largest image Cricut Design Space prints for Print Then Cut, 6.75 x
/// 9.25 inches, portrait.
pub const CRICUT_AREA: Size = Size {
    w: Mm(171.45),
    h: Mm(234.95),
};
/// How far art stays from a machine's marks (and, on a Cricut image, from
/// its edge, where Design Space cuts the image out): a mark read through
/// a neighbouring card's ink is misread.
pub const MARK_CLEARANCE: Mm = Mm(2.0);

/// The page of a sheet cut by `marks`: the paper as it is, or (Cricut) the
/// Print Then Cut image, turned like the paper.
pub fn page(marks: Marks, paper: Size) -> Size {
    match marks {
        Marks::Cricut if paper.w > paper.h => Size {
            w: CRICUT_AREA.h,
            h: CRICUT_AREA.w,
        },
        Marks::Cricut => CRICUT_AREA,
        Marks::Crop | Marks::Silhouette => paper,
    }
}

/// Where the art of a sheet cut by a machine may go on a `page`-sized page
/// whose printer-safe margin is `margin`: inside the Silhouette marks' lines
/// by [`MARK_CLEARANCE`], or inside a Cricut image by as much; `None` for
/// crop marks.
pub fn art_area(marks: Marks, page: Size, margin: Mm) -> Option<Rect> {
    let whole = Rect::from_origin_size(Point::default(), page);
    match marks {
        Marks::Crop => None,
        Marks::Silhouette => Some(whole.inset(margin.max(SILHOUETTE_INSET + MARK_CLEARANCE))),
        Marks::Cricut => Some(whole.inset(MARK_CLEARANCE)),
    }
}

/// The corners of a `page`-sized Silhouette sheet that art keeps out of:
/// each mark's square of [`SILHOUETTE_LENGTH`] from the inset point, where
/// Studio hatches the page and the machine's eye looks for the mark, and
/// [`MARK_CLEARANCE`] around it. Top left, top right, bottom left.
pub fn keep_outs(page: Size) -> [Rect; 3] {
    let side = SILHOUETTE_INSET + SILHOUETTE_LENGTH + MARK_CLEARANCE;
    let square = |x: Mm, y: Mm| Rect::from_origin_size(Point { x, y }, Size { w: side, h: side });
    [
        square(Mm::ZERO, Mm::ZERO),
        square(page.w - side, Mm::ZERO),
        square(Mm::ZERO, page.h - side),
    ]
}

/// The areas a Silhouette sheet's grid may take, in order of preference:
/// inside the marks' lines by [`MARK_CLEARANCE`] (when the grid, centred,
/// misses the corners), then between the corners' keep-outs across the
/// sheet, then up and down it.
pub fn silhouette_areas(page: Size, margin: Mm) -> [Rect; 3] {
    let whole = Rect::from_origin_size(Point::default(), page);
    let inner = whole.inset(margin.max(SILHOUETTE_INSET + MARK_CLEARANCE));
    let corner = SILHOUETTE_INSET + SILHOUETTE_LENGTH + MARK_CLEARANCE;
    [
        inner,
        Rect {
            y: corner,
            h: page.h - corner * 2.0,
            ..inner
        },
        Rect {
            x: corner,
            w: page.w - corner * 2.0,
            ..inner
        },
    ]
}

/// The Silhouette marks of a `page`-sized sheet: the square, then the L
/// marks top right and bottom left, each an L whose corner (the centre of
/// its stroke) is on the inset lines.
pub fn silhouette_marks(page: Size) -> Vec<Item> {
    let i = SILHOUETTE_INSET;
    let l = SILHOUETTE_LENGTH;
    let square = Item::new(
        Shape::Rect(Rect::from_origin_size(
            Point { x: i, y: i },
            Size {
                w: SILHOUETTE_SQUARE,
                h: SILHOUETTE_SQUARE,
            },
        )),
        Style::filled(MARK_COLOUR),
        Tag::CutterMark,
    );
    let corner = |c: Point, dx: f64, dy: f64| {
        Item::new(
            Shape::Path(vec![
                PathCmd::MoveTo(c.offset(l * dx, Mm::ZERO)),
                PathCmd::LineTo(c),
                PathCmd::LineTo(c.offset(Mm::ZERO, l * dy)),
            ]),
            Style::stroked(Stroke::solid(SILHOUETTE_THICKNESS, MARK_COLOUR)),
            Tag::CutterMark,
        )
    };
    vec![
        square,
        corner(Point { x: page.w - i, y: i }, -1.0, 1.0),
        corner(Point { x: i, y: page.h - i }, 1.0, -1.0),
    ]
}
