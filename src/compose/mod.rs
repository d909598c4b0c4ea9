//! Composition: one pure builder per component kind turns a resolved layout into
//! a [`Document`]. No I/O happens here.

pub mod banknotes;
pub mod calibration;
pub mod counters;
pub mod deck;
pub mod diagrams;
pub mod dice_pitch;
pub mod die_net;
pub mod extras;
pub mod frame;
pub mod futbolchess;
pub mod heading;
pub mod league;
pub mod path_field;
pub mod print_test;
pub mod roles;
pub mod rules;

use crate::geom::{Mm, Orientation, Paper, Point, Rect, Size};
use crate::layout::Layout;
use crate::print::{OrientationChoice, PageSpec};
use crate::scene::Document;

/// Composes any resolved layout.
pub fn compose(layout: &Layout) -> Document {
    match layout {
        Layout::DicePitch(p) => dice_pitch::compose(p),
        Layout::PathFields(p) => path_field::compose(p),
        Layout::PrintTest(p) => print_test::compose(p),
        Layout::Calibration(c) => calibration::compose(c),
        Layout::Counters(c) => counters::compose(c),
        Layout::DieNets(n) => die_net::compose(n),
        Layout::Futbolchess(f) => futbolchess::compose(f),
        Layout::League(l) => league::compose(l),
        Layout::Deck(d) => deck::compose(d),
        Layout::Banknotes(b) => banknotes::compose(b),
        Layout::Slips(s) => extras::compose_slips(s),
        Layout::Table(t) => extras::compose_table(t),
        Layout::Roles(r) => roles::compose(r),
        Layout::Rules(r) => rules::compose(r),
    }
}

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

/// Rounds a length down to a step (hints suggest round numbers).
pub fn floor_to(value: Mm, step: f64) -> Mm {
    Mm((value.0 / step).floor() * step)
}
