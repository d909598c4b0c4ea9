//! The rules every page follows, whatever it shows: page fit, printer-safe
//! area, stroke width, text size, glyph coverage, no control characters or
//! invisible marks in text, labels inside the discs
//! they are drawn on, no text under a piece drawn over it.

use std::collections::BTreeMap;

use crate::check::measure::{MIN_STROKE, MIN_TEXT_PT, locate};
use crate::check::shapes::{LABEL_INSET, labels_outside_discs};
use crate::check::{covered, ink};
use crate::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::{Mm, Rect, Size};
use crate::layout::source::Source;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;

/// The rules every page must follow, whatever it shows. `fit_hint` is the
/// component's advice for content of a size (first) too large for the
/// sheet's printer-safe area (second).
pub fn check_pages(source: &Source, doc: &Document, fit_hint: &dyn Fn(Size, Size) -> String) -> Vec<Finding> {
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
                        Code::PageFit,
                        format!(
                            "{page_label}the content needs {} x {} but the printer-safe area of the sheet is {} x {} ({})",
                            content.w,
                            content.h,
                            safe.w,
                            safe.h,
                            excess(content.size(), safe.size())
                        ),
                        Location::file(&source.path),
                    )
                    .with_hint(fit_hint(content.size(), safe.size())),
                );
            } else {
                findings.extend(safe_area(source, &leaves, safe, &page_label));
            }
        }
        findings.extend(strokes_and_text(source, &leaves, &page_label));
        findings.extend(labels_on_discs(source, page, &page_label));
        findings.extend(covered::check(source, page, &page_label));
    }
    findings.extend(ink::forced_labels(source, doc));
    findings.extend(ink::check(source, doc));
    findings
}

/// Labels whose letters reach outside the disc they are drawn on: one
/// finding per text and layout key, with the size that would fit.
fn labels_on_discs(source: &Source, page: &crate::scene::page::Page, page_label: &str) -> Vec<Finding> {
    let mut seen: BTreeMap<(Option<&'static str>, &str), usize> = BTreeMap::new();
    let mut findings = Vec::new();
    for o in labels_outside_discs(page) {
        let count = seen.entry((o.label.style_source(), o.text)).or_insert(0);
        *count += 1;
        if *count > 1 {
            continue;
        }
        // The letters grow with the size about their anchor, near the disc's
        // centre: the size scaled by room over reach fits, to a quarter point.
        let fits = (o.size_pt * o.room.0 / o.reach.0 * 4.0).floor() / 4.0;
        findings.push(
            Finding::error(
                Code::LabelShape,
                format!(
                    "{page_label}the letters of \"{}\" ({:.1} pt) reach {} from the centre of the disc they are drawn on, beyond the {} they have inside its {} circle (its edge, or a ring or cut line on it)",
                    o.text, o.size_pt, o.reach, o.room, o.diameter
                ),
                locate(source, o.label.style_source()),
            )
            .with_hint(format!(
                "set them at most {fits} pt or shorten them, so that they stay {LABEL_INSET} inside the disc's edge"
            )),
        );
    }
    findings
}

/// By how much content of `need` is larger than `room`, in words: a user
/// deciding between a smaller board and bigger paper wants the shortfall,
/// not two sizes to subtract.
fn excess(need: Size, room: Size) -> String {
    let parts: Vec<String> = [(need.w - room.w, "wide"), (need.h - room.h, "tall")]
        .into_iter()
        .filter(|(over, _)| over.0 > 1e-3)
        .map(|(over, what)| format!("{over} too {what}"))
        .collect();
    parts.join(", ")
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
                Code::SafeArea,
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
    let mut controls = std::collections::BTreeSet::new();
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
            if let Some((column, c)) = crate::chars::first_unprintable(&run.text)
                && controls.insert((item.source, c))
            {
                findings.push(
                    Finding::error(
                        Code::TextControl,
                        format!(
                            "{page_label}the text \"{}\" holds {} at character {column}",
                            run.text.escape_debug(),
                            crate::chars::describe(c)
                        ),
                        locate(source, item.source),
                    )
                    .with_hint(crate::chars::advice(c)),
                );
            }
            let missing = run.font.missing_glyphs(&run.text);
            if !missing.is_empty() {
                let list: Vec<String> = missing.iter().map(|c| format!("'{c}' (U+{:04X})", *c as u32)).collect();
                findings.push(
                    Finding::error(
                        Code::TextGlyph,
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
                Code::StrokeThin,
                format!("{page_label}{count} line(s) ({class}) are {width} wide, thinner than the {MIN_STROKE} a printer draws reliably"),
                locate(source, key),
            )
            .with_hint(format!("set the width to at least {MIN_STROKE}")),
        );
    }
    for (key, (count, size)) in small {
        findings.push(
            Finding::error(
                Code::TextSmall,
                format!("{page_label}{count} text(s) are set at {size} pt, smaller than {MIN_TEXT_PT} pt"),
                locate(source, key),
            )
            .with_hint(format!("set the size to at least {MIN_TEXT_PT} pt")),
        );
    }
    findings
}
