//! Lengths on paper: the unit every reader reports in, rectangles, and
//! comparing two lengths.

/// Millimetres per PDF point.
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// Panics unless `a` and `b` differ by at most `tol`.
#[track_caller]
pub fn assert_close(a: f64, b: f64, tol: f64, what: &str) {
    assert!((a - b).abs() <= tol, "{what}: {a} differs from {b} by more than {tol}");
}

/// Where the top-left corner of a `rw` x `rh` item at (`x`, `y`) on the front
/// of a `w` x `h` sheet lies on the back page once the sheet is turned over
/// its long edge (`long`) or its short edge, as a print dialog means them:
/// the long edge is the paper's longer side. Turning a sheet over an edge
/// mirrors it across that edge's direction: over a horizontal edge (the long
/// edge of a landscape sheet) top and bottom swap, over a vertical one left
/// and right.
pub fn turned_over(x: f64, y: f64, rw: f64, rh: f64, w: f64, h: f64, long: bool) -> (f64, f64) {
    let long_edge_is_horizontal = w > h;
    if long == long_edge_is_horizontal {
        (x, h - y - rh)
    } else {
        (w - x - rw, y)
    }
}

/// An axis-aligned rectangle in millimetres, origin top left, y down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MmRect {
    /// Left.
    pub x: f64,
    /// Top.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl MmRect {
    /// Right edge.
    pub fn right(&self) -> f64 {
        self.x + self.w
    }
    /// Bottom edge.
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
    /// Centre.
    pub fn centre(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
    /// Whether `(x, y)` lies inside or on the edge, within `tol`.
    pub fn contains(&self, (x, y): (f64, f64), tol: f64) -> bool {
        x >= self.x - tol && x <= self.right() + tol && y >= self.y - tol && y <= self.bottom() + tol
    }
}
