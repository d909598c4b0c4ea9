//! Words and numbers hidden under a piece drawn over them: a token, a
//! counter or a ball (a filled disc) laid on a page after a text that it
//! overlaps hides that text's glyphs, whatever box the text fits in. A
//! diagram whose text cites "the tokens on 2 and 4" must show the 2 and the 4.

use crate::check::measure::locate;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect, Transform};
use crate::input::source::Source;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Page;
use crate::scene::tag::Tag;

/// How far a disc must reach into a text's glyphs to hide part of them: less
/// is the disc's edge grazing the glyphs' box, which leaves them legible.
const REACH: Mm = Mm(0.1);

/// A text on the page: its words and the box its glyphs fill, from the cap
/// height down to the baseline (digits and capitals, which a diagram cites,
/// have no descenders).
struct Glyphs<'a> {
    item: &'a Item,
    text: &'a str,
    ink: Rect,
}

/// Every text that a filled disc drawn after it overlaps, on `page`.
pub fn check(source: &Source, page: &Page) -> Vec<Finding> {
    let mut texts: Vec<Glyphs<'_>> = Vec::new();
    let mut out = Vec::new();
    page.walk_clipped(&mut |item, t, clip| match &item.shape {
        Shape::Text(run) => texts.push(Glyphs {
            item,
            text: &run.text,
            ink: ink(run.font, run.size_pt, run.origin, run.width, t),
        }),
        // The tiling map's discs are the tool's own labels over a small
        // picture of the board, whose words the pieces print whole: they
        // never refuse the user's layout.
        Shape::Circle { centre, radius } if item.style.fill.is_some() && item.tag != Tag::AssemblyMap => {
            let scale = (t.m[0] * t.m[3] - t.m[1] * t.m[2]).abs().sqrt();
            let (c, r) = (t.apply(*centre), *radius * scale);
            // A diagram's window clips away the pieces of the board outside
            // it: a disc its clip hides covers nothing.
            let hidden = clip.is_some_and(|k| {
                let disc = Rect {
                    x: c.x - r,
                    y: c.y - r,
                    w: r * 2.0,
                    h: r * 2.0,
                };
                disc.right() <= k.x || disc.x >= k.right() || disc.bottom() <= k.y || disc.y >= k.bottom()
            });
            for g in texts.iter().filter(|g| !hidden && reaches(c, r, &g.ink)) {
                out.push(
                    Finding::error(
                        Code::TextCovered,
                        format!(
                            "a disc of {} drawn at ({}, {}) covers the text \"{}\"",
                            r * 2.0,
                            c.x,
                            c.y,
                            g.text
                        ),
                        locate(source, g.item.source.as_deref()),
                    )
                    .with_hint("move the text clear of the piece (over or beside it), or draw the piece smaller"),
                );
            }
        }
        _ => {}
    });
    out
}

/// The box of a run's glyphs on the page.
fn ink(font: FontFace, size_pt: f64, origin: Point, width: Mm, t: &Transform) -> Rect {
    let cap = font.cap_height(size_pt);
    t.apply_rect(&Rect {
        x: origin.x,
        y: origin.y - cap,
        w: width,
        h: cap,
    })
}

/// Whether the disc at `c` of radius `r` reaches more than [`REACH`] into `box`.
fn reaches(c: Point, r: Mm, b: &Rect) -> bool {
    let nearest = Point {
        x: c.x.max(b.x).min(b.right()),
        y: c.y.max(b.y).min(b.bottom()),
    };
    c.distance(nearest).0 < r.0 - REACH.0
}
