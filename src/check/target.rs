//! A print shop's preflight, as findings like any other (`check --target`,
//! `build --target`): what the shop would refuse, or print badly, before it
//! is paid for. Each rule reads the composed pages, so it sees what is
//! written:
//!
//! - `target-resolution`: a photo printed below the shop's pixels an inch
//!   at its size on the page;
//! - `target-safe`: text, or a frame drawn around an item, closer to its
//!   trim than the shop's safe zone;
//! - `target-text` (CMYK shops): coloured text under 8 pt, which the press
//!   prints in more than one ink;
//! - `target-bleed`: art that reaches an item's trim and stops there;
//! - `target-size`: an item of a size the shop does not cut (banknotes at a
//!   card shop; a card template's size is its own rule, at its key), or a
//!   layout whose pages are not items of one a face, for a shop that prints
//!   from one image a face.
//!
//! Each rule says one finding a layout (how many, the worst, its page), not
//! one a card: a deck of 160 photos at the same resolution is one fault.

use crate::check::ink::{INK_TOLERANCE, ink};
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::{Mm, Rect, Size};
use crate::input::source::Source;
use crate::print::separation::{Role, SMALL_TEXT_PT, k_only};
use crate::print::target::{Files, Shop};
use crate::scene::item::Shape;
use crate::scene::page::{Document, Page};
use crate::scene::tag::Tag;

/// A rule's worst case and how many times it was met.
#[derive(Default)]
struct Tally {
    count: usize,
    /// The worst value seen, its page (from 0) and what it was.
    worst: Option<(f64, usize, String)>,
}

impl Tally {
    /// Counts one case; `value` is worse when lower.
    fn add(&mut self, value: f64, page: usize, what: String) {
        self.count += 1;
        if self.worst.as_ref().is_none_or(|w| value < w.0) {
            self.worst = Some((value, page, what));
        }
    }
}

/// Every page's preflight for `shop`.
pub fn preflight(source: &Source, doc: &Document, shop: &Shop) -> Vec<Finding> {
    let cmyk = matches!(shop.files, Files::PdfX(_));
    let mut photos = Tally::default();
    let mut safe = Tally::default();
    let mut coloured = Tally::default();
    let mut bleed = Tally::default();
    // The first item of a size the shop does not cut, and whether a page is
    // not one item's face.
    let mut uncut: Option<Rect> = None;
    let mut not_item = false;
    for (first, run) in doc.runs() {
        for (k, page) in run.iter().enumerate() {
            let n = first + k;
            page_rules(page, n, shop, cmyk, [&mut photos, &mut safe, &mut coloured, &mut bleed]);
            uncut = uncut.or(page.trim.filter(|t| shop.cut_for(Size { w: t.w, h: t.h }).is_none()));
            not_item |= !page
                .items
                .iter()
                .any(|i| matches!(i.tag, Tag::ItemFront { .. } | Tag::ItemBack { .. }));
        }
    }
    let at = Location::file(&source.path);
    let mut out = Vec::new();
    out.extend(size_findings(uncut, not_item, shop, &at));
    if let Some((ppi, page, what)) = photos.worst {
        out.push(
            Finding::warning(
                Code::TargetResolution,
                format!(
                    "{} photo(s) print below the {:.0} pixels an inch {} asks for: the least is {ppi:.0} ppi ({what}, page {})",
                    photos.count,
                    shop.min_ppi,
                    shop.name,
                    page + 1
                ),
                at.clone(),
            )
            .with_hint(format!(
                "use photos of at least {:.0} pixels an inch at their size on the card (the frame's pixels above); a shop prints what it is given, blurred",
                shop.min_ppi
            )),
        );
    }
    if let Some((gap, page, what)) = safe.worst {
        out.push(
            Finding::warning(
                Code::TargetSafe,
                format!(
                    "{} text(s) or frame line(s) come closer to the trim than {}'s safe zone of {}: the closest is {} from it ({what}, page {})",
                    safe.count,
                    shop.name,
                    shop.safe,
                    Mm(gap.max(0.0)),
                    page + 1
                ),
                at.clone(),
            )
            .with_hint(format!(
                "keep text and frames at least {} inside the item's edge: move their boxes in the template",
                shop.safe
            )),
        );
    }
    if let Some((size, page, what)) = coloured.worst {
        out.push(
            Finding::warning(
                Code::TargetText,
                format!(
                    "{} coloured text(s) under {SMALL_TEXT_PT} pt print in more than one ink, blurred by any misregistration: the smallest is {size:.1} pt (\"{what}\", page {})",
                    coloured.count,
                    page + 1
                ),
                at.clone(),
            )
            .with_hint("set small text in black or grey (printed in black ink alone), or at 8 pt or more"),
        );
    }
    if let Some((_, page, what)) = bleed.worst {
        out.push(
            Finding::warning(
                Code::TargetBleed,
                format!(
                    "{} item side(s) have art that stops at the trim instead of running into the bleed ({what}, page {})",
                    bleed.count,
                    page + 1
                ),
                at,
            )
            .with_hint("draw backgrounds and borders out to the bleed, so that a cut a little off leaves no white edge"),
        );
    }
    out
}

/// `target-size`: an item of a size the shop does not cut, and (a shop of
/// one image a face) pages that are not one item's face.
fn size_findings(uncut: Option<Rect>, not_item: bool, shop: &Shop, at: &Location) -> Vec<Finding> {
    let mut out = Vec::new();
    // Every item's size, as the shop must cut it (a card template's size is
    // already the shop's: this catches notes, slips and counters).
    if let Some(trim) = uncut {
        out.push(
            Finding::error(
                Code::TargetSize,
                shop.does_not_cut("items", Size { w: trim.w, h: trim.h }),
                at.clone(),
            )
            .with_hint(format!(
                "it cuts {}: build this layout for home or an offset printer (--target offset)",
                shop.sizes_in_words()
            )),
        );
    }
    if let (Files::Faces { .. }, true) = (shop.files, not_item) {
        out.push(
            Finding::error(
                Code::TargetSize,
                format!(
                    "{} prints cards from one image a face; this layout's pages are not cards",
                    shop.name
                ),
                at.clone(),
            )
            .with_hint(
                "build a deck of a size the shop cuts for this target, and the rest with --target home or offset",
            ),
        );
    }
    out
}

/// The rules on one page, counted into `[photos, safe, coloured, bleed]`.
fn page_rules(page: &Page, n: usize, shop: &Shop, cmyk: bool, tallies: [&mut Tally; 4]) {
    let [photos, safe, coloured, bleed] = tallies;
    let trim = page.trim;
    let mut art: Vec<Rect> = Vec::new();
    page.walk_clipped(&mut |item, t, clip| {
        match &item.shape {
            Shape::Image { rect, picture } => {
                let on_page = t.apply_rect(rect);
                let ppi = (f64::from(picture.width) / (on_page.w.0 / 25.4))
                    .min(f64::from(picture.height) / (on_page.h.0 / 25.4));
                if ppi + 0.5 < shop.min_ppi {
                    let need = |mm: f64| (mm / 25.4 * shop.min_ppi).ceil();
                    photos.add(
                        ppi,
                        n,
                        format!(
                            "{} x {} px where its frame needs {} x {}",
                            picture.width,
                            picture.height,
                            need(on_page.w.0),
                            need(on_page.h.0)
                        ),
                    );
                }
            }
            Shape::Text(run) if !run.text.trim().is_empty() => {
                let fill = item.style.fill.unwrap_or(crate::color::Color::BLACK);
                if cmyk && run.size_pt < SMALL_TEXT_PT && !k_only(fill, Role::SmallText) {
                    coloured.add(run.size_pt, n, run.text.clone());
                }
                if let (Some(trim), Some(box_)) = (trim, ink(run, t)) {
                    let gap = [
                        box_.x - trim.x,
                        box_.y - trim.y,
                        trim.right() - box_.right(),
                        trim.bottom() - box_.bottom(),
                    ]
                    .into_iter()
                    .fold(Mm(f64::MAX), Mm::min);
                    if gap + INK_TOLERANCE < shop.safe {
                        safe.add(gap.0, n, format!("\"{}\"", run.text));
                    }
                }
            }
            // A frame drawn around an item: a cut that strays makes it
            // visibly uneven when it runs inside the safe zone.
            Shape::Rect(r) if item.style.fill.is_none() && item.style.stroke.is_some() => {
                if let Some(trim) = trim {
                    let r = t.apply_rect(r);
                    let gaps = [
                        r.x - trim.x,
                        r.y - trim.y,
                        trim.right() - r.right(),
                        trim.bottom() - r.bottom(),
                    ];
                    let inside = |g: &Mm| *g > INK_TOLERANCE && *g + INK_TOLERANCE < shop.safe;
                    if gaps.iter().all(|g| *g > -INK_TOLERANCE) && gaps.iter().any(inside) {
                        let gap = gaps.into_iter().filter(inside).fold(Mm(f64::MAX), Mm::min);
                        safe.add(gap.0, n, "a frame line".to_string());
                    }
                }
            }
            _ => {}
        }
        // Filled art, as far as it shows through its clips.
        if item.style.fill.is_some() && !matches!(item.shape, Shape::Text(_)) {
            let b = item.bbox().map(|b| t.apply_rect(&b));
            let shown = match (b, clip) {
                (Some(b), Some(c)) => crate::scene::item::intersect(&b, &c),
                (b, _) => b,
            };
            art.extend(shown);
        }
    });
    if let (Some(trim), Some(bled)) = (trim, page.bleed)
        && page
            .items
            .iter()
            .any(|i| matches!(i.tag, Tag::ItemFront { .. } | Tag::ItemBack { .. }))
    {
        for side in stopped_sides(&art, trim, bled) {
            bleed.add(0.0, n, format!("the {side} edge"));
        }
    }
}

/// A side of an item: its name, the edge of a rectangle on that side, and
/// where the trim's and the bleed's edges are.
type Side = (&'static str, fn(&Rect) -> Mm, Mm, Mm);

/// The sides of the trim where filled art reaches the trim but none reaches
/// the bleed's edge.
fn stopped_sides(art: &[Rect], trim: Rect, bled: Rect) -> Vec<&'static str> {
    let near = |a: Mm, b: Mm| (a - b).abs() <= INK_TOLERANCE;
    let sides: [Side; 4] = [
        ("left", |r| r.x, trim.x, bled.x),
        ("top", |r| r.y, trim.y, bled.y),
        ("right", |r| r.right(), trim.right(), bled.right()),
        ("bottom", |r| r.bottom(), trim.bottom(), bled.bottom()),
    ];
    sides
        .into_iter()
        .filter(|(_, edge, at_trim, at_bleed)| {
            art.iter().any(|r| near(edge(r), *at_trim)) && !art.iter().any(|r| near(edge(r), *at_bleed))
        })
        .map(|(name, ..)| name)
        .collect()
}
