//! The rules every page follows, whatever it shows: page fit, printer-safe
//! area, stroke width, text size, glyph coverage, no control characters or
//! invisible marks in text, labels inside the discs
//! they are drawn on, no text under a piece drawn over it.

use std::collections::BTreeMap;

use crate::check::measure::locate;
use crate::check::shapes::labels_outside_discs;
use crate::check::{covered, ink};
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::geom::{Mm, Rect, Size};
use crate::input::source::Source;
use crate::layout::print::Print;
use crate::limits::{LABEL_INSET, MIN_STROKE, MIN_TEXT_PT};
use crate::scene::item::{Item, Shape};
use crate::scene::page::{Document, Page};
use crate::scene::tag::Tag;

/// The rules every page must follow, whatever it shows. `fit_hint` is the
/// component's advice for content of a size (first) too large for the
/// sheet's printer-safe area (second).
pub fn check_pages(source: &Source, doc: &Document, fit_hint: &dyn Fn(Size, Size) -> String) -> Vec<Finding> {
    // A finding the same on several pages (a label on every sheet of cards)
    // is said once, with its pages.
    let mut found: Vec<(Finding, Vec<usize>)> = Vec::new();
    let mut inks = ink::Overflows::default();
    let mut forced = ink::ForcedLabels::default();
    for (start, run) in doc.runs() {
        // Whether the page before (a sheet's front) reaches out of the
        // printer-safe area itself.
        let mut front_out = false;
        for (k, page) in run.iter().enumerate() {
            let mut page_found = page_findings(source, page, fit_hint);
            let backs = page.items.iter().any(|i| matches!(i.tag, Tag::ItemBack { .. }));
            if backs && !front_out {
                page_found = moved_by_offset(source, page, page_found);
            }
            front_out = !backs && page_found.iter().any(|f| f.code == Code::SafeArea);
            for f in page_found {
                match found.iter_mut().find(|(g, _)| *g == f) {
                    Some((_, pages)) => pages.push(start + k + 1),
                    None => found.push((f, vec![start + k + 1])),
                }
            }
        }
        // A run holds whole sheets: a word broken on a card or a note has
        // its pieces in one run.
        inks.add(&run, start);
        forced.add(&run, start);
    }
    let many = doc.page_count() > 1;
    let mut findings: Vec<Finding> = found
        .into_iter()
        .map(|(mut f, pages)| {
            if many {
                f.message = format!("{}: {}", pages_label(&pages), f.message);
            }
            f
        })
        .collect();
    findings.extend(forced.findings(source, many));
    findings.extend(inks.findings(source, many));
    findings
}

/// The rules one page follows on its own: its content inside the
/// printer-safe area, lines and text big enough to print, labels on their
/// discs, nothing covered.
fn page_findings(source: &Source, page: &Page, fit_hint: &dyn Fn(Size, Size) -> String) -> Vec<Finding> {
    let mut findings = Vec::new();
    let leaves = page.leaves();
    let content = leaves.iter().filter_map(|(_, b)| *b).reduce(|a, b| a.union(&b));
    let safe = page.safe_area;
    if let Some(content) = content {
        if !content.size().fits_in(safe.size()) {
            findings.push(
                Finding::error(
                    Code::PageFit,
                    format!(
                        "the content needs {} x {} but the printer-safe area of the sheet is {} x {} ({})",
                        content.w,
                        content.h,
                        safe.w,
                        safe.h,
                        excess(content.size(), safe.size())
                    ),
                    Location::file(&source.path),
                )
                .with_hint(fit_hint(content.size(), safe.size()))
                .with_notes(furthest_out(source, &leaves, safe)),
            );
        } else {
            findings.extend(safe_area(source, &leaves, safe));
        }
    }
    findings.extend(strokes_and_text(source, &leaves));
    findings.extend(labels_on_discs(source, page));
    findings.extend(covered::check(source, page));
    findings
}

/// Labels whose letters reach outside the disc they are drawn on: one
/// finding per text and layout key, with the size that would fit.
/// A note at the key of the item that reaches furthest past the
/// printer-safe area, when it has one: a label grown too long makes the
/// whole sheet too big, and the note names it.
fn furthest_out(source: &Source, leaves: &[(&Item, Option<Rect>)], safe: Rect) -> Vec<crate::diag::Note> {
    leaves
        .iter()
        .filter_map(|(item, bbox)| Some((item.source.as_deref()?, safe.overflow_of(&(*bbox)?))))
        .filter(|(_, over)| over.0 > 1e-3)
        .max_by(|a, b| a.1.0.total_cmp(&b.1.0))
        .map(|(key, over)| crate::diag::Note {
            message: format!("this reaches furthest past it, {over} out"),
            location: source.locate(key),
        })
        .into_iter()
        .collect()
}

/// `page 3`, `pages 1-3, 5`, or `20 pages from page 1 to 39` for pages in
/// increasing order.
fn pages_label(pages: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &p in pages {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == p => *last = p,
            _ => runs.push((p, p)),
        }
    }
    if runs.len() > 4 {
        return format!(
            "{} pages from page {} to {}",
            pages.len(),
            pages[0],
            pages[pages.len() - 1]
        );
    }
    let words: Vec<String> = runs
        .iter()
        .map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") })
        .collect();
    let noun = if pages.len() == 1 { "page" } else { "pages" };
    format!("{noun} {}", words.join(", "))
}

fn labels_on_discs(source: &Source, page: &crate::scene::page::Page) -> Vec<Finding> {
    let mut seen: BTreeMap<(Option<&str>, &str), usize> = BTreeMap::new();
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
                    "the letters of \"{}\" ({:.1} pt) reach {} from the centre of the disc they are drawn on, beyond the {} they have inside its {} circle (its edge, or a ring or cut line on it)",
                    o.text, o.size_pt, o.reach, o.room, o.diameter
                ),
                locate(source, o.label.style_source()),
            )
            .with_hint(match o.disc_key {
                Some(disc) if o.label.style_source() != Some(disc) => format!(
                    "set them at most {fits} pt or shorten them, or make the disc larger (`{disc}`), so that they stay {LABEL_INSET} inside its edge"
                ),
                _ => format!("set them at most {fits} pt or shorten them, so that they stay {LABEL_INSET} inside the disc's edge"),
            }),
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

/// A page of backs whose front stays inside the printer-safe area and which
/// does not: the backs are where their fronts are, mirrored, so only the
/// back offset moved them out. Its items' safe-area findings become one, at
/// `print.back_offset` (the printer profile's line when it comes from
/// there), rather than at keys that are not wrong.
fn moved_by_offset(source: &Source, page: &Page, found: Vec<Finding>) -> Vec<Finding> {
    if !found.iter().any(|f| f.code == Code::SafeArea) {
        return found;
    }
    let safe = page.safe_area;
    let (count, worst) = page
        .leaves()
        .iter()
        .filter_map(|(_, b)| b.map(|b| safe.overflow_of(&b)))
        .filter(|over| over.0 > 1e-3)
        .fold((0, Mm::ZERO), |(n, w), over| (n + 1, w.max(over)));
    let mut out: Vec<Finding> = found.into_iter().filter(|f| f.code != Code::SafeArea).collect();
    out.push(
        Finding::error(
            Code::SafeArea,
            format!("the back offset moves {count} item(s) of the backs {worst} outside the printer-safe area, though their fronts are inside it"),
            source.locate(Print::KEY.back_offset),
        )
        .with_hint("measure the offset again with the calibration sheet of this sheet's orientation (it is a few millimetres at most), or leave a wider margin round the items"),
    );
    out
}

/// Items that stick out of the printer-safe area, grouped by layout key.
fn safe_area(source: &Source, leaves: &[(&Item, Option<Rect>)], safe: Rect) -> Vec<Finding> {
    let mut by_key: BTreeMap<Option<&str>, (usize, Mm, &'static str)> = BTreeMap::new();
    for (item, bbox) in leaves {
        let Some(bbox) = bbox else { continue };
        let over = safe.overflow_of(bbox);
        if over.0 > 1e-3 {
            let e = by_key
                .entry(item.source.as_deref())
                .or_insert((0, Mm::ZERO, item.tag.class()));
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
                    "{count} item(s) ({class}) reach {worst} outside the printer-safe area ({} from the edge)",
                    Mm(safe.x.0)
                ),
                locate(source, key),
            )
            .with_hint("move or shrink them, or lower page.margin if your printer prints closer to the edge")
        })
        .collect()
}

/// Lines too thin to print, text too small to read, with control
/// characters, written right to left or with missing glyphs.
fn strokes_and_text(source: &Source, leaves: &[(&Item, Option<Rect>)]) -> Vec<Finding> {
    let mut thin: BTreeMap<Option<&str>, (usize, Mm, &'static str)> = BTreeMap::new();
    let mut small: BTreeMap<Option<&str>, (usize, f64)> = BTreeMap::new();
    let mut controls = std::collections::BTreeSet::new();
    let mut glyphs = std::collections::BTreeSet::new();
    let mut directions = std::collections::BTreeSet::new();
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
            if let Some((column, c)) = crate::font::chars::first_unprintable(&run.text)
                && controls.insert((item.source.as_deref(), c))
            {
                findings.push(
                    Finding::error(
                        Code::TextControl,
                        format!(
                            "the text \"{}\" holds {} at character {column}",
                            run.text.escape_debug(),
                            crate::font::chars::describe(c)
                        ),
                        locate(source, item.source.as_deref()),
                    )
                    .with_hint(crate::font::chars::advice(c)),
                );
            }
            // Once per key and text on a page: nine cards of one label are
            // one mistake.
            if let Some((column, c, script)) = crate::font::chars::first_right_to_left(&run.text)
                && directions.insert((item.source.as_deref(), run.text.as_str()))
            {
                findings.push(
                    Finding::error(
                        Code::TextDirection,
                        format!(
                            "a text holds {}",
                            crate::font::chars::describe_right_to_left(&run.text, column, c, script)
                        ),
                        locate(source, item.source.as_deref()),
                    )
                    .with_hint(crate::font::chars::RIGHT_TO_LEFT_ADVICE_ONE_TEXT),
                );
            }
            let missing = run.font.missing_glyphs(&run.text);
            if !missing.is_empty() && glyphs.insert((item.source.as_deref(), run.text.as_str())) {
                let list: Vec<String> = missing.iter().map(|c| format!("'{c}' (U+{:04X})", *c as u32)).collect();
                findings.push(
                    Finding::error(
                        Code::TextGlyph,
                        format!("the font has no glyph for {} in \"{}\"", list.join(", "), run.text),
                        locate(source, item.source.as_deref()),
                    )
                    .with_hint(if run.font.loaded().is_some() {
                        "replace those characters (write your own words for a shipped label in the layout), \
                         or name a font that has them where the game's or the profile's [font] names this one"
                    } else {
                        "replace those characters; the bundled DejaVu font covers Latin, Greek and Cyrillic"
                    }),
                );
            }
        }
    }
    for (key, (count, width, class)) in thin {
        findings.push(
            Finding::error(
                Code::StrokeThin,
                format!(
                    "{count} line(s) ({class}) are {width} wide, thinner than the {MIN_STROKE} a printer draws reliably"
                ),
                locate(source, key),
            )
            .with_hint(format!("set the width to at least {MIN_STROKE}")),
        );
    }
    for (key, (count, size)) in small {
        findings.push(
            Finding::error(
                Code::TextSmall,
                format!("{count} text(s) are set at {size} pt, smaller than {MIN_TEXT_PT} pt"),
                locate(source, key),
            )
            .with_hint(format!("set the size to at least {MIN_TEXT_PT} pt")),
        );
    }
    findings
}
