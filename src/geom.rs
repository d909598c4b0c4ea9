//! Geometry in millimetres: lengths, points, sizes, rectangles, affine
//! transforms and paper sizes.
//!
//! Every coordinate in pitchprint is a millimetre with the origin at the top-left
//! corner of the page and y growing downwards. Points (1/72 in) and pixels exist
//! only inside the exporters.

use std::fmt;
use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub};

/// The handle length of a cubic Bézier that draws a quarter circle of radius
/// 1: 4/3·(√2 − 1). Four such arcs make a circle within 0.03 % of its radius.
pub const KAPPA: f64 = 0.552_284_749_831;

/// Millimetres per typographic point (1 pt = 1/72 in = 25.4/72 mm).
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// A length in millimetres.
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Mm(pub f64);

impl Mm {
    /// Zero millimetres.
    pub const ZERO: Mm = Mm(0.0);

    /// The length in PDF points.
    pub fn to_pt(self) -> f64 {
        self.0 / MM_PER_PT
    }

    /// A length given in points.
    pub fn from_pt(pt: f64) -> Mm {
        Mm(pt * MM_PER_PT)
    }

    /// The absolute value.
    pub fn abs(self) -> Mm {
        Mm(self.0.abs())
    }

    /// The smaller of two lengths.
    pub fn min(self, other: Mm) -> Mm {
        Mm(self.0.min(other.0))
    }

    /// The larger of two lengths.
    pub fn max(self, other: Mm) -> Mm {
        Mm(self.0.max(other.0))
    }
}

impl fmt::Display for Mm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A length no sheet has (a hostile 1e308) is written short, not as
        // its three hundred digits.
        if !self.0.is_finite() || self.0.abs() >= 1e9 {
            return write!(f, "{:e} mm", self.0);
        }
        // Two decimals are a hundredth of a millimetre: finer than any printer.
        let s = format!("{:.2}", self.0);
        let s = s.trim_end_matches('0').trim_end_matches('.');
        write!(f, "{s} mm")
    }
}

/// A rectangle as a layout writes a box: `[x, y, width, height]` in mm,
/// each to a hundredth (what a finding quotes back to its author).
impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = |v: Mm| v.to_string().trim_end_matches(" mm").to_string();
        write!(f, "[{}, {}, {}, {}]", n(self.x), n(self.y), n(self.w), n(self.h))
    }
}

impl Add for Mm {
    type Output = Mm;
    fn add(self, o: Mm) -> Mm {
        Mm(self.0 + o.0)
    }
}

impl AddAssign for Mm {
    fn add_assign(&mut self, o: Mm) {
        self.0 += o.0;
    }
}

impl Sub for Mm {
    type Output = Mm;
    fn sub(self, o: Mm) -> Mm {
        Mm(self.0 - o.0)
    }
}

impl Neg for Mm {
    type Output = Mm;
    fn neg(self) -> Mm {
        Mm(-self.0)
    }
}

impl Mul<f64> for Mm {
    type Output = Mm;
    fn mul(self, k: f64) -> Mm {
        Mm(self.0 * k)
    }
}

impl Div<f64> for Mm {
    type Output = Mm;
    fn div(self, k: f64) -> Mm {
        Mm(self.0 / k)
    }
}

/// A point on the page, in millimetres from the top-left corner.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// Distance from the left edge.
    pub x: Mm,
    /// Distance from the top edge (y grows downwards).
    pub y: Mm,
}

impl Point {
    /// A point from two millimetre values.
    pub fn new(x: f64, y: f64) -> Point {
        Point { x: Mm(x), y: Mm(y) }
    }

    /// The point moved by `dx`, `dy`.
    pub fn offset(self, dx: Mm, dy: Mm) -> Point {
        Point {
            x: self.x + dx,
            y: self.y + dy,
        }
    }

    /// Euclidean distance to another point.
    pub fn distance(self, o: Point) -> Mm {
        Mm((self.x.0 - o.x.0).hypot(self.y.0 - o.y.0))
    }
}

/// A width and a height in millimetres.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Size {
    /// Horizontal extent.
    pub w: Mm,
    /// Vertical extent.
    pub h: Mm,
}

impl Size {
    /// A size from two millimetre values.
    pub fn new(w: f64, h: f64) -> Size {
        Size { w: Mm(w), h: Mm(h) }
    }

    /// The same size turned by a quarter: width and height swapped.
    pub fn swapped(self) -> Size {
        Size { w: self.h, h: self.w }
    }

    /// Whether `self` fits inside `other` without turning.
    pub fn fits_in(self, other: Size) -> bool {
        // A thousandth of a millimetre absorbs float noise, never a real overflow.
        self.w.0 <= other.w.0 + 1e-3 && self.h.0 <= other.h.0 + 1e-3
    }
}

/// An axis-aligned rectangle: top-left corner and size.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: Mm,
    /// Top edge.
    pub y: Mm,
    /// Width.
    pub w: Mm,
    /// Height.
    pub h: Mm,
}

impl Rect {
    /// A rectangle from four millimetre values.
    pub fn new(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect {
            x: Mm(x),
            y: Mm(y),
            w: Mm(w),
            h: Mm(h),
        }
    }

    /// A rectangle from its top-left corner and size.
    pub fn from_origin_size(origin: Point, size: Size) -> Rect {
        Rect {
            x: origin.x,
            y: origin.y,
            w: size.w,
            h: size.h,
        }
    }

    /// The smallest rectangle holding both corners.
    pub fn from_corners(a: Point, b: Point) -> Rect {
        let x0 = a.x.min(b.x);
        let y0 = a.y.min(b.y);
        Rect {
            x: x0,
            y: y0,
            w: a.x.max(b.x) - x0,
            h: a.y.max(b.y) - y0,
        }
    }

    /// Right edge.
    pub fn right(&self) -> Mm {
        self.x + self.w
    }

    /// Bottom edge.
    pub fn bottom(&self) -> Mm {
        self.y + self.h
    }

    /// Centre point.
    pub fn centre(&self) -> Point {
        Point {
            x: self.x + self.w / 2.0,
            y: self.y + self.h / 2.0,
        }
    }

    /// Width and height.
    pub fn size(&self) -> Size {
        Size { w: self.w, h: self.h }
    }

    /// The four corners: top-left, top-right, bottom-right, bottom-left.
    pub fn corners(&self) -> [Point; 4] {
        [
            Point { x: self.x, y: self.y },
            Point {
                x: self.right(),
                y: self.y,
            },
            Point {
                x: self.right(),
                y: self.bottom(),
            },
            Point {
                x: self.x,
                y: self.bottom(),
            },
        ]
    }

    /// The rectangle shrunk by `d` on every side (grown when `d` is negative).
    pub fn inset(&self, d: Mm) -> Rect {
        Rect {
            x: self.x + d,
            y: self.y + d,
            w: self.w - d * 2.0,
            h: self.h - d * 2.0,
        }
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, o: &Rect) -> Rect {
        let x = self.x.min(o.x);
        let y = self.y.min(o.y);
        Rect {
            x,
            y,
            w: self.right().max(o.right()) - x,
            h: self.bottom().max(o.bottom()) - y,
        }
    }

    /// Whether `o` lies wholly inside `self` (a thousandth of a millimetre of
    /// float noise allowed).
    pub fn contains_rect(&self, o: &Rect) -> bool {
        let eps = 1e-3;
        o.x.0 >= self.x.0 - eps
            && o.y.0 >= self.y.0 - eps
            && o.right().0 <= self.right().0 + eps
            && o.bottom().0 <= self.bottom().0 + eps
    }

    /// Whether the point lies inside or on the edge.
    pub fn contains_point(&self, p: Point) -> bool {
        let eps = 1e-3;
        p.x.0 >= self.x.0 - eps
            && p.y.0 >= self.y.0 - eps
            && p.x.0 <= self.right().0 + eps
            && p.y.0 <= self.bottom().0 + eps
    }

    /// How far `o` reaches outside `self`, in the worst direction (zero when inside).
    pub fn overflow_of(&self, o: &Rect) -> Mm {
        let d = [
            self.x.0 - o.x.0,
            self.y.0 - o.y.0,
            o.right().0 - self.right().0,
            o.bottom().0 - self.bottom().0,
        ];
        Mm(d.into_iter().fold(0.0, f64::max))
    }
}

/// An affine transform `x' = a·x + c·y + e`, `y' = b·x + d·y + f` in millimetres,
/// in the y-down page space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    /// Matrix coefficients in the PDF/SVG order `[a b c d e f]`.
    pub m: [f64; 6],
}

impl Default for Transform {
    fn default() -> Self {
        Transform::IDENTITY
    }
}

impl Transform {
    /// The transform that changes nothing.
    pub const IDENTITY: Transform = Transform {
        m: [1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
    };

    /// A move by `dx`, `dy`.
    pub fn translate(dx: Mm, dy: Mm) -> Transform {
        Transform {
            m: [1.0, 0.0, 0.0, 1.0, dx.0, dy.0],
        }
    }

    /// A uniform or non-uniform scale about the origin.
    pub fn scale(sx: f64, sy: f64) -> Transform {
        Transform {
            m: [sx, 0.0, 0.0, sy, 0.0, 0.0],
        }
    }

    /// A rotation about the origin by `degrees`, clockwise on the page (y is down).
    pub fn rotate(degrees: f64) -> Transform {
        let (s, c) = degrees.to_radians().sin_cos();
        Transform {
            m: [c, s, -s, c, 0.0, 0.0],
        }
    }

    /// `self` applied first, then `then`.
    pub fn then(&self, then: &Transform) -> Transform {
        let [a1, b1, c1, d1, e1, f1] = self.m;
        let [a2, b2, c2, d2, e2, f2] = then.m;
        Transform {
            m: [
                a1 * a2 + b1 * c2,
                a1 * b2 + b1 * d2,
                c1 * a2 + d1 * c2,
                c1 * b2 + d1 * d2,
                e1 * a2 + f1 * c2 + e2,
                e1 * b2 + f1 * d2 + f2,
            ],
        }
    }

    /// The image of a point.
    pub fn apply(&self, p: Point) -> Point {
        let [a, b, c, d, e, f] = self.m;
        Point::new(a * p.x.0 + c * p.y.0 + e, b * p.x.0 + d * p.y.0 + f)
    }

    /// The bounding box of a rectangle's image.
    pub fn apply_rect(&self, r: &Rect) -> Rect {
        let c = r.corners().map(|p| self.apply(p));
        let mut out = Rect::from_corners(c[0], c[1]);
        out = out.union(&Rect::from_corners(c[2], c[3]));
        out
    }

    /// Whether this is the identity.
    pub fn is_identity(&self) -> bool {
        *self == Transform::IDENTITY
    }
}

/// Paper sizes a home printer or a print shop takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PaperSize {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// ISO A3, 297 x 420 mm.
    A3,
    /// US Letter, 8.5 x 11 in (215.9 x 279.4 mm).
    Letter,
}

impl PaperSize {
    /// Every paper size, smallest first (used in hints).
    pub const ALL: [PaperSize; 3] = [PaperSize::Letter, PaperSize::A4, PaperSize::A3];

    /// Portrait size.
    pub fn portrait(self) -> Size {
        match self {
            PaperSize::A4 => Size::new(210.0, 297.0),
            PaperSize::A3 => Size::new(297.0, 420.0),
            PaperSize::Letter => Size::new(215.9, 279.4),
        }
    }

    /// The name used in layouts and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            PaperSize::A4 => "a4",
            PaperSize::A3 => "a3",
            PaperSize::Letter => "letter",
        }
    }

    /// Parses `a4`, `a3` or `letter` (any case).
    pub fn parse(s: &str) -> Option<PaperSize> {
        let s = s.to_ascii_lowercase();
        PaperSize::ALL.into_iter().find(|p| p.name() == s)
    }

    /// A `--paper` argument, or the sentence that says which papers there are.
    pub fn parse_arg(s: &str) -> Result<PaperSize, String> {
        PaperSize::parse(s).ok_or_else(|| format!("unknown paper \"{s}\"; use a4, letter or a3"))
    }
}

/// How a sheet is turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// Taller than wide.
    Portrait,
    /// Wider than tall.
    Landscape,
}

/// A sheet of paper: size and orientation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paper {
    /// The paper size.
    pub size: PaperSize,
    /// How the sheet is turned.
    pub orientation: Orientation,
}

impl Paper {
    /// The page size in millimetres.
    pub fn page_size(&self) -> Size {
        match self.orientation {
            Orientation::Portrait => self.size.portrait(),
            Orientation::Landscape => self.size.portrait().swapped(),
        }
    }
}

/// Rounds a length down to a step (hints suggest round numbers).
pub fn floor_to(value: Mm, step: f64) -> Mm {
    Mm((value.0 / step).floor() * step)
}
