//! Labels drawn on discs (counters, the role card's pieces, a diagram's
//! counters) keep their letters inside the disc. The letters are measured
//! glyph by glyph from the font's outlines, not by the line's box: a box can
//! fit a disc's bounding square and still cross the circle at its corners.

use crate::check::measure::TOLERANCE;
use crate::geom::{Mm, Point, Transform};
use crate::limits::LABEL_INSET;
use crate::scene::item::{Item, Shape, TextRun};
use crate::scene::page::Page;

/// A label whose letters reach outside the disc it is drawn on.
#[derive(Clone, Debug)]
pub struct Outside<'a> {
    /// The label.
    pub label: &'a Item,
    /// Its text.
    pub text: &'a str,
    /// Its size, as printed (scaled with its group).
    pub size_pt: f64,
    /// The diameter of the circle that bounds the letters: the disc's, or
    /// the innermost ring on it (the cut line of a disc printed with bleed),
    /// inside its outline.
    pub diameter: Mm,
    /// The room the letters have: from the centre to that circle, less
    /// [`LABEL_INSET`].
    pub room: Mm,
    /// How far from the disc's centre the letters reach.
    pub reach: Mm,
    /// The layout key that sets the disc, when it has one.
    pub disc_key: Option<&'a str>,
}

/// A circle as printed: centre, radius, the width of its outline, whether
/// it is filled, and its place in the painting order.
#[derive(Clone, Copy, Debug)]
struct Circle<'a> {
    source: Option<&'a str>,
    centre: Point,
    radius: Mm,
    outline: Mm,
    filled: bool,
    order: usize,
}

impl Circle<'_> {
    /// Inside its outline.
    fn inner(&self) -> Mm {
        self.radius - self.outline / 2.0
    }
}

/// The corners of every glyph of `run`, on the page under `t`.
fn ink_corners(run: &TextRun, t: &Transform) -> Vec<Point> {
    run.font
        .ink_boxes(&run.text, run.size_pt, run.word_gap)
        .into_iter()
        .flat_map(|(x0, y0, x1, y1)| {
            [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map(|(x, y)| t.apply(run.origin.offset(x, y)))
        })
        .collect()
}

/// A line of text as printed.
struct Words<'a> {
    item: &'a Item,
    run: &'a TextRun,
    /// The corners of its glyphs' ink, on the page.
    corners: Vec<Point>,
    /// Its size, scaled with its group.
    size_pt: f64,
    /// Its place in the painting order.
    order: usize,
}

/// Every printed circle of `page` (none a window clips away: it is not
/// printed, and words may run where it would be) and every text with its
/// glyphs' corners, in painting order.
fn circles_and_texts(page: &Page) -> (Vec<Circle<'_>>, Vec<Words<'_>>) {
    let mut circles = Vec::new();
    let mut texts = Vec::new();
    let mut order = 0;
    page.walk_clipped(&mut |item, t, clip| {
        order += 1;
        let scale = (t.m[0] * t.m[3] - t.m[1] * t.m[2]).abs().sqrt();
        match &item.shape {
            Shape::Circle { centre, radius } => {
                let centre = t.apply(*centre);
                if clip.is_some_and(|c| !c.contains_point(centre)) {
                    return;
                }
                circles.push(Circle {
                    source: item.source.as_deref(),
                    centre,
                    radius: *radius * scale,
                    outline: item.style.stroke.as_ref().map_or(Mm::ZERO, |s| s.width * scale),
                    filled: item.style.fill.is_some(),
                    order,
                });
            }
            Shape::Text(run) => texts.push(Words {
                item,
                run,
                corners: ink_corners(run, t),
                size_pt: run.size_pt * scale,
                order,
            }),
            _ => {}
        }
    });
    (circles, texts)
}

/// Every text on `page` drawn over a printed filled disc (the middle of its
/// ink inside the disc, the disc painted before it; the topmost such disc
/// when several are) whose letters reach beyond the room the disc gives
/// them. The room is bounded by the disc's edge and by every circle drawn
/// on it around the same centre, before or after the words, at least half
/// its size: a cut line inside the disc's bleed, a goalkeeper's ring. (A
/// smaller concentric dot is a decoration under the words.)
pub fn labels_outside_discs(page: &Page) -> Vec<Outside<'_>> {
    let (circles, texts) = circles_and_texts(page);
    let mut out = Vec::new();
    for Words {
        item,
        run,
        corners,
        size_pt,
        order,
    } in texts
    {
        if corners.is_empty() {
            continue;
        }
        let (lo, hi) = corners.iter().fold((corners[0], corners[0]), |(lo, hi), p| {
            (
                Point::new(lo.x.0.min(p.x.0), lo.y.0.min(p.y.0)),
                Point::new(hi.x.0.max(p.x.0), hi.y.0.max(p.y.0)),
            )
        });
        let middle = Point::new((lo.x.0 + hi.x.0) / 2.0, (lo.y.0 + hi.y.0) / 2.0);
        let Some(disc) = circles
            .iter()
            .filter(|c| c.filled && c.order < order && c.centre.distance(middle).0 < c.radius.0)
            .max_by_key(|c| c.order)
        else {
            continue;
        };
        let room = circles
            .iter()
            .filter(|c| c.centre.distance(disc.centre).0 <= TOLERANCE && c.radius.0 >= disc.radius.0 / 2.0)
            .map(Circle::inner)
            .fold(disc.inner(), Mm::min)
            - LABEL_INSET;
        let reach = corners.iter().map(|p| disc.centre.distance(*p)).fold(Mm::ZERO, Mm::max);
        if reach.0 > room.0 + 1e-9 {
            out.push(Outside {
                label: item,
                text: &run.text,
                size_pt,
                diameter: (room + LABEL_INSET) * 2.0,
                room,
                reach,
                disc_key: disc.source,
            });
        }
    }
    out
}
