//! Measuring what will be printed: leaves of the scene mapped onto the page,
//! and how to blame a finding on a layout key. The limits of a printable
//! line and a readable text are [`crate::limits`]'s, which the builders share.

use crate::diag::Location;
use crate::geom::{Mm, Point, Rect, Size, Transform};
use crate::input::source::Source;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// How far two lengths may differ and still be the same on paper.
pub const TOLERANCE: f64 = 0.01;

/// The smallest line height a hand writes on comfortably.
pub const MIN_WRITING_LINE: Mm = Mm(7.0);

/// The location of a layout key, or of the whole file.
pub fn locate(source: &Source, key: Option<&str>) -> Location {
    match key {
        Some(k) => source.locate(k),
        None => Location::file(&source.path),
    }
}

/// A leaf's geometry mapped onto the page, as the checker measures it.
#[derive(Clone, Debug, PartialEq)]
pub enum Measured {
    /// A rectangle (its outline, without the stroke).
    Rect(Rect),
    /// A circle.
    Circle(Point, Mm),
    /// A line.
    Line(Point, Point),
    /// Vertices of a polyline or polygon.
    Points(Vec<Point>),
    /// Anything else: its bounding box.
    Other(Option<Rect>),
}

/// Measures one leaf under its transform (rectangles stay rectangles under the
/// translations and scales the builders use).
pub fn measure(item: &Item, t: &Transform) -> Measured {
    match &item.shape {
        Shape::Rect(r) => Measured::Rect(t.apply_rect(r)),
        Shape::Circle { centre, radius } => {
            let scale = (t.m[0] * t.m[3] - t.m[1] * t.m[2]).abs().sqrt();
            Measured::Circle(t.apply(*centre), *radius * scale)
        }
        Shape::Line { from, to } => Measured::Line(t.apply(*from), t.apply(*to)),
        Shape::Polyline { points, .. } => Measured::Points(points.iter().map(|p| t.apply(*p)).collect()),
        _ => Measured::Other(item.bbox().map(|b| t.apply_rect(&b))),
    }
}

/// Every leaf on every page whose tag satisfies `want`, measured.
pub fn find(doc: &Document, want: impl Fn(&Tag) -> bool) -> Vec<(&Item, Measured)> {
    let mut out = Vec::new();
    for page in &doc.pages {
        page.walk(&mut |item, t| {
            if want(&item.tag) {
                out.push((item, measure(item, t)));
            }
        });
    }
    out
}

/// Whether two lengths agree within [`TOLERANCE`].
pub fn same(a: Mm, b: Mm) -> bool {
    (a.0 - b.0).abs() <= TOLERANCE
}

/// The size a page's content needs (for hints and tests).
pub fn content_size(doc: &Document) -> Option<Size> {
    doc.pages
        .iter()
        .flat_map(|p| p.leaves().into_iter().filter_map(|(_, b)| b))
        .reduce(|a, b| a.union(&b))
        .map(|r| r.size())
}
