//! Putting a kit together: the parts' pages one after another in print
//! order, a blank page before a two-sided part that would otherwise start on
//! the back of a sheet, and where every page came from, which the checker
//! reads ([`super::check`]).
//!
//! Pages are taken from the parts' documents as they are. A document's art
//! drawn once ([`crate::scene::item::Symbol`]) is named by its content, so
//! two documents that define a symbol of one name define the same drawing:
//! the exporter writes it once for the whole kit and no name clashes.

use std::ops::Range;
use std::path::PathBuf;

use crate::color::Color;
use crate::font::FontFace;
use crate::geom::{Mm, PaperSize, Point, Size};
use crate::print::Flip;
use crate::scene::page::{Document, Page};
use crate::text::{self, Align, TextStyle};

use super::order::{Role, Stock};

/// One layout's pages in a kit.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// The layout.
    pub layout: PathBuf,
    /// The name its own PDF has in the kit's language (`deck-en.pdf`), as
    /// the cover names it.
    pub file: String,
    /// What it is, which sets its place.
    pub role: Role,
    /// What it is printed on.
    pub stock: Stock,
    /// How its sheets turn, when it has backs.
    pub duplex: Option<Flip>,
    /// How many pages its document has.
    pub count: usize,
    /// Its pages in the kit, 0-based.
    pub pages: Range<usize>,
    /// The layouts it prints besides itself (a shared sheet's parts), with
    /// the names of their own PDFs.
    pub prints: Vec<(PathBuf, String)>,
}

/// Where a page of a kit comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Page `page` (0-based) of part `part`'s document.
    Part {
        /// The part, by its place in [`Kit::parts`].
        part: usize,
        /// The page of its document.
        page: usize,
    },
    /// A page left blank, so that the two-sided part after it starts on the
    /// front of a sheet.
    Blank,
}

/// A game's kit: one document of every part, and a record of its pages.
#[derive(Clone, Debug)]
pub struct Kit {
    /// The pages, in print order.
    pub doc: Document,
    /// Where each page came from.
    pub origins: Vec<Origin>,
    /// The parts, in print order, the cover first.
    pub parts: Vec<Part>,
    /// The paper every page is printed on.
    pub paper: PaperSize,
    /// The layouts of the game a kit must print: every one but the
    /// calibration sheets.
    pub layouts: Vec<PathBuf>,
}

/// Sets each part's pages, one part after another, and returns where every
/// page comes from. A two-sided part starts on an odd page (counted from 1),
/// the front of a sheet: a blank page goes before it when needed. Its pages
/// are its document's, fronts and backs in turn, so each back stays right
/// after its front.
pub fn lay_out(parts: &mut [Part]) -> Vec<Origin> {
    let mut origins = Vec::new();
    for (i, part) in parts.iter_mut().enumerate() {
        if part.duplex.is_some() && origins.len() % 2 == 1 {
            origins.push(Origin::Blank);
        }
        let start = origins.len();
        origins.extend((0..part.count).map(|page| Origin::Part { part: i, page }));
        part.pages = start..origins.len();
    }
    origins
}

/// The kit's pages: each origin's page taken from its part's document
/// (`docs` in the order of the parts), a blank page the size of the page
/// before it (whose back it is) with `note` on it.
pub fn pages(origins: &[Origin], docs: &[&Document], paper: PaperSize, note: &str) -> Vec<Page> {
    let mut out: Vec<Page> = Vec::with_capacity(origins.len());
    for origin in origins {
        let page = match *origin {
            // A page its part lacks (which the checker then reports) is
            // left empty rather than taken from elsewhere.
            Origin::Part { part, page } => match docs.get(part).and_then(|d| d.pages.get(page)) {
                Some(p) => p.clone(),
                None => blank(paper.portrait(), ""),
            },
            Origin::Blank => blank(out.last().map_or(paper.portrait(), |p| p.size), note),
        };
        out.push(page);
    }
    out
}

/// The printer-safe margin of a blank page.
const BLANK_MARGIN: Mm = Mm(5.0);
/// The note's type size: small print, read once.
const NOTE_PT: f64 = 8.0;
/// The note's width at most: a short measure, easy to read.
const NOTE_WIDTH: Mm = Mm(120.0);

/// A page left blank on purpose, saying so in small grey type in its middle
/// (a blank page with no word looks like a printing fault).
pub fn blank(size: Size, note: &str) -> Page {
    let safe = crate::geom::Rect {
        x: Mm::ZERO,
        y: Mm::ZERO,
        w: size.w,
        h: size.h,
    }
    .inset(BLANK_MARGIN);
    let style = TextStyle::new(FontFace::SansOblique, NOTE_PT, Color::rgb(0x70, 0x70, 0x70));
    let width = if NOTE_WIDTH.0 < safe.w.0 { NOTE_WIDTH } else { safe.w };
    // Lines of about even length: no word left alone on the last.
    let full = style.face.measure(note, style.size_pt);
    let n = text::wrap(note, style.face, style.size_pt, width).len().max(1);
    let even = Mm(full.0 / n as f64 * 1.15);
    let mut lines = text::wrap(note, style.face, style.size_pt, even);
    if lines.len() > n {
        lines = text::wrap(note, style.face, style.size_pt, width);
    }
    let leading = Mm::from_pt(NOTE_PT * 1.4);
    let top = size.h.0 / 2.0 - leading.0 * (lines.len() as f64) / 2.0;
    let items = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let y = top + leading.0 * (i as f64 + 1.0);
            style.label(l, Point::new(size.w.0 / 2.0, y), Align::Centre)
        })
        .collect();
    Page::new(size, safe, items)
}
