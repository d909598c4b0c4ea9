//! The geometry checker: it reads the resolved layout and the composed scene and
//! returns every finding, errors and warnings alike. Errors stop the write.
//!
//! Rules that hold for any page live here (page fit, printer-safe area, stroke
//! width, text size, glyph coverage); each component kind adds its own rules in a
//! submodule, computed from the scene (what will be printed), with the game's
//! facts held as constants there rather than read from the layout.

pub mod banknotes;
pub mod counters;
pub mod deck;
pub mod dice_pitch;
pub mod die_net;
pub mod extras;
pub mod futbolchess;
pub mod grid;
pub mod league;
pub mod path_field;
pub mod roles;
pub mod rules;
pub mod sheet;
pub mod tiles;

use std::collections::BTreeMap;

use crate::diag::{Finding, Location};
use crate::geom::{Mm, Point, Rect, Size, Transform};
use crate::layout::{Layout, Loaded, Source};
use crate::scene::{Document, Item, Shape, Tag};

/// The thinnest line a home printer draws reliably.
pub const MIN_STROKE: Mm = Mm(0.1);
/// The smallest text people read comfortably on a printed sheet.
pub const MIN_TEXT_PT: f64 = 6.0;
/// How far two lengths may differ and still be the same on paper.
pub const TOLERANCE: f64 = 0.01;

/// Checks a composed layout.
pub fn check(loaded: &Loaded, doc: &Document) -> Vec<Finding> {
    let fit_hint = match &loaded.layout {
        Layout::DicePitch(p) => dice_pitch::fit_hint(p),
        Layout::PathFields(p) => crate::compose::path_field::fit_hint(p),
        Layout::Futbolchess(f) => futbolchess::fit_hint(f),
        Layout::Table(_) => "use bigger paper (--paper a3), fewer teams or a smaller table.row_height".to_string(),
        Layout::Rules(_) => "use bigger paper (--paper a3) or one column".to_string(),
        Layout::Roles(_) => "use bigger paper (--paper a3), fewer roles or a smaller card.scale".to_string(),
        Layout::League(_) => {
            "use bigger paper (--paper a3), or smaller board.stripe_width and board.pitch_height".to_string()
        }
        Layout::PrintTest(_)
        | Layout::Calibration(_)
        | Layout::Counters(_)
        | Layout::DieNets(_)
        | Layout::Deck(_)
        | Layout::Banknotes(_)
        | Layout::Slips(_) => "use bigger paper (--paper a3), or a smaller bleed".to_string(),
    };
    let mut findings = check_pages(&loaded.source, doc, &fit_hint);
    match &loaded.layout {
        Layout::DicePitch(p) => {
            findings.extend(dice_pitch::check(&loaded.source, p, &tiles::board_view(doc)));
            if let Some(t) = &p.tiling {
                findings.extend(tiles::check(&loaded.source, doc, t.overlap));
            }
        }
        Layout::PathFields(_) => findings.extend(path_field::check(&loaded.source, doc)),
        Layout::PrintTest(t) => findings.extend(sheet::check(&loaded.source, doc, &t.print, t.count as usize, t.size)),
        Layout::Calibration(c) => findings.extend(sheet::check_calibration(&loaded.source, doc, &c.duplex)),
        Layout::DieNets(n) => findings.extend(die_net::check(&loaded.source, doc, n.dice.len())),
        Layout::League(l) => findings.extend(league::check(&loaded.source, l, doc)),
        Layout::Slips(sl) => {
            findings.extend(sheet::check(&loaded.source, doc, &sl.print, sl.count as usize, sl.size));
            findings.extend(extras::check_slips(&loaded.source, sl, doc));
        }
        Layout::Table(t) => findings.extend(extras::check_table(&loaded.source, t, doc)),
        Layout::Roles(r) => findings.extend(roles::check(&loaded.source, r, doc)),
        Layout::Rules(r) => findings.extend(rules::check(&loaded.source, r, doc)),
        Layout::Banknotes(b) => {
            let count = b.denominations.iter().map(|d| d.count as usize).sum();
            findings.extend(sheet::check(&loaded.source, doc, &b.print, count, b.size));
            findings.extend(banknotes::check(&loaded.source, doc));
        }
        Layout::Deck(d) => {
            let copies = d.cards.iter().map(|c| c.quantity as usize).sum();
            findings.extend(sheet::check(&loaded.source, doc, &d.print, copies, d.template.size));
            findings.extend(deck::check(&loaded.source, d, doc));
        }
        Layout::Futbolchess(f) => {
            findings.extend(futbolchess::check(&loaded.source, &tiles::board_view(doc)));
            if let Some(t) = &f.tiling {
                findings.extend(tiles::check(&loaded.source, doc, t.overlap));
            }
        }
        Layout::Counters(c) => {
            let largest = c
                .counters
                .iter()
                .map(|k| k.diameter)
                .fold(crate::geom::Mm::ZERO, crate::geom::Mm::max);
            let trim = crate::geom::Size { w: largest, h: largest };
            findings.extend(sheet::check(&loaded.source, doc, &c.print, c.counters.len(), trim));
            findings.extend(counters::check(&loaded.source, c, doc));
        }
    }
    findings
}

/// The rules every page must follow, whatever it shows. `fit_hint` is the
/// component's advice for content too large for the sheet.
pub fn check_pages(source: &Source, doc: &Document, fit_hint: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    for (index, page) in doc.pages.iter().enumerate() {
        let leaves = page.leaves();
        let page_label = if doc.pages.len() > 1 {
            format!("page {}: ", index + 1)
        } else {
            String::new()
        };
        let content = leaves.iter().filter_map(|(_, b)| *b).reduce(|a, b| a.union(&b));
        let safe = page.safe_area;
        if let Some(content) = content {
            if !content.size().fits_in(safe.size()) {
                findings.push(
                    Finding::error(
                        "page-fit",
                        format!(
                            "{page_label}the content needs {} x {} but the printer-safe area of the sheet is {} x {}",
                            content.w, content.h, safe.w, safe.h
                        ),
                        Location::file(&source.path),
                    )
                    .with_hint(fit_hint.to_string()),
                );
            } else {
                findings.extend(safe_area(source, &leaves, safe, &page_label));
            }
        }
        findings.extend(strokes_and_text(source, &leaves, &page_label));
    }
    findings
}

/// Items that stick out of the printer-safe area, grouped by layout key.
fn safe_area(source: &Source, leaves: &[(&Item, Option<Rect>)], safe: Rect, page_label: &str) -> Vec<Finding> {
    let mut by_key: BTreeMap<Option<&'static str>, (usize, Mm, &'static str)> = BTreeMap::new();
    for (item, bbox) in leaves {
        let Some(bbox) = bbox else { continue };
        let over = safe.overflow_of(bbox);
        if over.0 > 1e-3 {
            let e = by_key.entry(item.source).or_insert((0, Mm::ZERO, item.tag.class()));
            e.0 += 1;
            e.1 = e.1.max(over);
        }
    }
    by_key
        .into_iter()
        .map(|(key, (count, worst, class))| {
            Finding::error(
                "safe-area",
                format!(
                    "{page_label}{count} item(s) ({class}) reach {worst} outside the printer-safe area ({} from the edge)",
                    Mm(safe.x.0)
                ),
                locate(source, key),
            )
            .with_hint("move or shrink them, or lower page.margin if your printer prints closer to the edge")
        })
        .collect()
}

/// Lines too thin to print, text too small to read or with missing glyphs.
fn strokes_and_text(source: &Source, leaves: &[(&Item, Option<Rect>)], page_label: &str) -> Vec<Finding> {
    let mut thin: BTreeMap<Option<&'static str>, (usize, Mm, &'static str)> = BTreeMap::new();
    let mut small: BTreeMap<Option<&'static str>, (usize, f64)> = BTreeMap::new();
    let mut findings = Vec::new();
    for (item, _) in leaves {
        if let Some(stroke) = &item.style.stroke
            && stroke.width.0 < MIN_STROKE.0 - 1e-9
        {
            let e = thin
                .entry(item.style_source())
                .or_insert((0, stroke.width, item.tag.class()));
            e.0 += 1;
            e.1 = e.1.min(stroke.width);
        }
        if let Shape::Text(run) = &item.shape {
            if run.size_pt < MIN_TEXT_PT - 1e-9 {
                let e = small.entry(item.style_source()).or_insert((0, run.size_pt));
                e.0 += 1;
                e.1 = e.1.min(run.size_pt);
            }
            let missing = run.font.missing_glyphs(&run.text);
            if !missing.is_empty() {
                let list: Vec<String> = missing.iter().map(|c| format!("'{c}' (U+{:04X})", *c as u32)).collect();
                findings.push(
                    Finding::error(
                        "text-glyph",
                        format!(
                            "{page_label}the font has no glyph for {} in \"{}\"",
                            list.join(", "),
                            run.text
                        ),
                        locate(source, item.source),
                    )
                    .with_hint("replace those characters; the bundled DejaVu font covers Latin, Greek and Cyrillic"),
                );
            }
        }
    }
    for (key, (count, width, class)) in thin {
        findings.push(
            Finding::error(
                "stroke-thin",
                format!("{page_label}{count} line(s) ({class}) are {width} wide, thinner than the {MIN_STROKE} a printer draws reliably"),
                locate(source, key),
            )
            .with_hint(format!("set the width to at least {MIN_STROKE}")),
        );
    }
    for (key, (count, size)) in small {
        findings.push(
            Finding::error(
                "text-small",
                format!("{page_label}{count} text(s) are set at {size} pt, smaller than {MIN_TEXT_PT} pt"),
                locate(source, key),
            )
            .with_hint(format!("set the size to at least {MIN_TEXT_PT} pt")),
        );
    }
    findings
}

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
