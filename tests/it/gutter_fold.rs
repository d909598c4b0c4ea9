//! Gutter-fold imposition (`imposition = "gutter-fold"`): each front and its
//! back on one side of one sheet, mirrored about a dashed fold line through
//! the sheet's middle, crop marks only on the fronts' side, a hatched glue
//! frame around the backs' half, printed one-sided. Read back from the SVG
//! and PDF as they print, and folded: every back must lie on its front.

use crate::common::{
    MmRect, assert_close, attr, by_class, clip_rect, load_pdf, on_page, page_matrix, pdf_page_texts, project_file,
    read_pdf, rect_on_page, shipped, svg_page, text_of, viewer_pref, with_line,
};
use pitchprint::components::resolved::Loaded;
use pitchprint::diag::code::Code;
use pitchprint::geom::{Mm, Transform};
use pitchprint::input::world::{Disk, Overlay};
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::scene::item::Shape;
use pitchprint::scene::page::Document;
use pitchprint::scene::tag::Tag;

const TOL: f64 = 0.01;
const TEST_SHEET: &str = "layouts/print/test-sheet.toml";

/// The shipped layout `rel` with `imposition = "gutter-fold"` and the
/// lines `extra` replaced, loaded and composed in English.
fn folded(rel: &str, extra: &[(&str, &str)]) -> (Loaded, Document) {
    let mut text = with_line(&project_file(rel), "imposition =", "imposition = \"gutter-fold\"");
    for (start, line) in extra {
        text = with_line(&text, start, line);
    }
    composed(rel, text)
}

fn composed(rel: &str, text: String) -> (Loaded, Document) {
    let world = Overlay::new(&Disk).with(shipped(rel), text);
    let overrides = Overrides {
        lang: Some("en".into()),
        ..Overrides::default()
    };
    let loaded = Pipeline::new(&world)
        .load(&shipped(rel), &overrides)
        .unwrap_or_else(|f| panic!("{rel} loads: {f:?}"));
    let doc = pipeline::compose(&loaded);
    (loaded, doc)
}

/// An imposed item as an SVG page draws it.
struct Placed {
    index: u32,
    /// Its trim on the page.
    trim: MmRect,
    /// Whether its art is turned half a turn (both axes reversed).
    turned: bool,
}

/// The items of `class` (`item-front`, `item-back`): each group's bleed box
/// (the rectangle it is clipped to) mapped onto the page, less the bleed.
fn placed(doc: &roxmltree::Document<'_>, class: &str) -> Vec<Placed> {
    by_class(doc, class)
        .into_iter()
        .map(|g| {
            let index = g.attribute("id").unwrap().rsplit('-').next().unwrap().parse().unwrap();
            let clip = clip_rect(doc, g);
            let bleed = -clip.x;
            let trim = MmRect {
                x: 0.0,
                y: 0.0,
                w: clip.w - 2.0 * bleed,
                h: clip.h - 2.0 * bleed,
            };
            let m = page_matrix(g);
            Placed {
                index,
                trim: rect_on_page(g, trim),
                turned: m[0] < 0.0 && m[3] < 0.0,
            }
        })
        .collect()
}

/// The ends of every line of `class`, on the page.
fn lines(doc: &roxmltree::Document<'_>, class: &str) -> Vec<((f64, f64), (f64, f64))> {
    by_class(doc, class)
        .into_iter()
        .map(|n| {
            (
                on_page(n, (attr(n, "x1"), attr(n, "y1"))),
                on_page(n, (attr(n, "x2"), attr(n, "y2"))),
            )
        })
        .collect()
}

/// What one sheet of a gutter-fold document shows.
struct Sheet {
    /// Whether the fold runs up the sheet (else across it).
    vertical: bool,
    landscape: bool,
    items: usize,
}

/// Reads page `i` of `doc` as its SVG prints it and folds it: one dashed
/// fold line through the middle, every back where folding lays it on its
/// front and turned so that it reads upright when the item is turned over
/// like a book's page, every front and crop mark on the fronts' side, the
/// glue frame on the backs' side, nothing crossing the fold.
fn fold_sheet(doc: &Document, i: usize, what: &str) -> Sheet {
    let svg = pitchprint::export::svg::export_page(doc, i).unwrap();
    let svg = roxmltree::Document::parse(&svg).unwrap();
    let (w, h, _) = svg_page(&svg);
    let what = format!("{what}, page {}", i + 1);
    let folds = lines(&svg, "fold-line");
    assert_eq!(folds.len(), 1, "{what}: one fold line");
    let ((x1, y1), (x2, y2)) = folds[0];
    let vertical = (x1 - x2).abs() < TOL;
    let at = if vertical { x1 } else { y1 };
    assert_close(
        at,
        if vertical { w / 2.0 } else { h / 2.0 },
        TOL,
        &format!("{what}: the fold"),
    );
    // Across the printable area: its ends within the 5 mm margin.
    let (from, to, across) = if vertical { (y1, y2, h) } else { (x1, x2, w) };
    assert!(
        from <= 5.0 + TOL && to >= across - 5.0 - TOL,
        "{what}: the fold runs across the sheet"
    );
    let fold_line = by_class(&svg, "fold-line")[0];
    assert!(
        fold_line.attribute("stroke-dasharray").is_some(),
        "{what}: the fold line is dashed"
    );
    // Which side of the fold a rectangle is on: -1 the fronts', 1 the backs'.
    let side = |r: &MmRect| {
        let (lo, hi) = if vertical { (r.x, r.right()) } else { (r.y, r.bottom()) };
        if hi <= at + TOL {
            -1
        } else if lo >= at - TOL {
            1
        } else {
            0
        }
    };
    let fronts = placed(&svg, "item-front");
    let backs = placed(&svg, "item-back");
    assert!(!fronts.is_empty(), "{what}: items");
    assert_eq!(fronts.len(), backs.len(), "{what}: a back for every front");
    for f in &fronts {
        assert_eq!(side(&f.trim), -1, "{what}: front {} on the fronts' side", f.index);
        assert!(!f.turned, "{what}: front {} upright", f.index);
        let b = backs
            .iter()
            .find(|b| b.index == f.index)
            .unwrap_or_else(|| panic!("{what}: no back for item {}", f.index));
        // Folding reflects the backs' half about the fold.
        let (x, y) = if vertical {
            (2.0 * at - b.trim.x - b.trim.w, b.trim.y)
        } else {
            (b.trim.x, 2.0 * at - b.trim.y - b.trim.h)
        };
        let item = format!("{what}: back of item {}", f.index);
        assert_close(x, f.trim.x, TOL, &format!("{item}, folded, x"));
        assert_close(y, f.trim.y, TOL, &format!("{item}, folded, y"));
        assert_close(b.trim.w, f.trim.w, TOL, &format!("{item}, width"));
        assert_close(b.trim.h, f.trim.h, TOL, &format!("{item}, height"));
        // The fold turns a back top to bottom below a horizontal fold; the
        // book's turn left to right: so it is printed half a turn round.
        assert_eq!(b.turned, !vertical, "{item}: turned to read upright");
    }
    for ((ax, ay), (bx, by)) in lines(&svg, "crop-mark") {
        let mark = MmRect {
            x: ax.min(bx),
            y: ay.min(by),
            w: (ax - bx).abs(),
            h: (ay - by).abs(),
        };
        assert_eq!(
            side(&mark),
            -1,
            "{what}: a crop mark on the backs' side at ({ax}, {ay})"
        );
    }
    let glue = by_class(&svg, "glue-zone");
    assert!(glue.len() >= 3, "{what}: the glue frame's three sides");
    for g in glue {
        let r = rect_on_page(g, clip_rect(&svg, g));
        assert_eq!(side(&r), 1, "{what}: the glue frame on the backs' side");
    }
    Sheet {
        vertical,
        landscape: w > h,
        items: fronts.len(),
    }
}

/// Folds every sheet of `rel` imposed gutter-fold: the checker finds
/// nothing wrong, every back lies on its front, and the sheet holds every
/// item the two-sided layout does. Returns the first sheet.
fn fold_all(rel: &str, extra: &[(&str, &str)]) -> Sheet {
    let (loaded, doc) = folded(rel, extra);
    let findings = pipeline::check(&loaded, &doc);
    assert!(findings.iter().all(|f| !f.is_error()), "{rel}: {findings:?}");
    assert_eq!(doc.duplex, None, "{rel}: printed one-sided");
    let sheets: Vec<Sheet> = (0..doc.page_count()).map(|i| fold_sheet(&doc, i, rel)).collect();
    let items: usize = sheets.iter().map(|s| s.items).sum();
    // As many items as the layout imposed as it ships (sheet, two-sided).
    let (_, shipped) = composed(rel, project_file(rel));
    let expected = (0..shipped.page_count())
        .flat_map(|i| shipped.page(i).items.clone())
        .filter(|item| matches!(item.tag, Tag::ItemFront { .. }))
        .count();
    assert_eq!(items, expected, "{rel}: every item imposed");
    sheets.into_iter().next().unwrap()
}

#[test]
fn every_back_of_a_gutter_fold_deck_notes_counters_and_tokens_lies_on_its_front_when_folded() {
    // Poker cards: a landscape sheet folded across, four fronts above their
    // backs.
    let deck = fold_all("layouts/league/deck.toml", &[]);
    assert!(
        deck.landscape && !deck.vertical,
        "the deck folds across a landscape sheet"
    );
    assert_eq!(deck.items, 4, "four poker cards a sheet");
    let notes = fold_all("layouts/league/banknotes.toml", &[]);
    assert!(notes.items >= 3, "notes: {} a sheet", notes.items);
    // The counters and tokens are portrait: folded down the middle, like
    // a book, their backs beside them read upright as drawn.
    let counters = fold_all("layouts/futbolchess/counters.toml", &[]);
    assert!(
        !counters.landscape && counters.vertical,
        "the counters fold down a portrait sheet"
    );
    let tokens = fold_all("layouts/league/tokens.toml", &[]);
    assert!(tokens.vertical);
    // The fold goes along the long edge when both hold as many.
    let portrait = fold_all(TEST_SHEET, &[("orientation =", "orientation = \"portrait\"")]);
    assert!(!portrait.landscape && portrait.vertical);
}

#[test]
fn a_gutter_fold_sheet_prints_one_sided_and_says_how_to_fold_glue_and_cut() {
    // The test sheet asks for two-sided printing: gutter-fold has no back
    // pages, so its PDF asks the print dialog for one-sided.
    assert!(project_file(TEST_SHEET).contains("duplex = \"two-sided\""));
    let (_, doc) = folded(TEST_SHEET, &[]);
    let mut bytes = Vec::new();
    pitchprint::export::pdf::write(&doc, &mut bytes).unwrap();
    let pdf = load_pdf(&bytes);
    assert_eq!(viewer_pref(&pdf, "Duplex").as_deref(), Some("Simplex"));
    // Eight cards, four to a sheet: two sheets, no back pages.
    assert_eq!(pdf.get_pages().len(), 2);
    let pages = read_pdf(&bytes);
    let text = &pdf_page_texts(&bytes)[0];
    for words in [
        "one-sided",
        "fold on the dashed line",
        "glue the blank sides",
        "cut through both layers",
    ] {
        assert!(text.contains(words), "the sheet says {words:?}: {text}");
    }
    // The note lies in the glue frame's far side, below every back, inside
    // the printable area.
    let svg = pitchprint::export::svg::export_page(&doc, 0).unwrap();
    let svg = roxmltree::Document::parse(&svg).unwrap();
    let (w, h, _) = svg_page(&svg);
    assert!(w > h);
    let note = by_class(&svg, "print-note")
        .into_iter()
        .find(|n| n.has_tag_name("text"))
        .expect("the note");
    assert!(text_of(note).contains("fold on the dashed line"));
    let (_, y) = on_page(note, (attr(note, "x"), attr(note, "y")));
    let lowest = placed(&svg, "item-back")
        .iter()
        .map(|b| b.trim.bottom())
        .fold(f64::MIN, f64::max);
    assert!(
        y > lowest + 3.0 && y < h - 5.0,
        "the note at {y} below the backs ({lowest})"
    );
    // The PDF fills each back's bleed box where the SVG places it.
    let fills: Vec<MmRect> = pages[0]
        .rects()
        .into_iter()
        .filter(|(_, p)| p.fills())
        .map(|(r, _)| r)
        .collect();
    for b in placed(&svg, "item-back") {
        assert!(
            fills
                .iter()
                .any(|r| (r.x - (b.trim.x - 3.0)).abs() <= TOL && (r.y - (b.trim.y - 3.0)).abs() <= TOL),
            "the PDF fills the back of item {} at its place",
            b.index
        );
    }
}

#[test]
fn the_checker_finds_a_back_that_folding_would_not_lay_on_its_front() {
    let (loaded, doc) = folded(TEST_SHEET, &[]);
    let errors = |change: &dyn Fn(&mut Document)| -> Vec<String> {
        let mut doc = doc.clone();
        change(&mut doc);
        pipeline::check(&loaded, &doc)
            .into_iter()
            .filter(|f| f.code == Code::DuplexAlign)
            .map(|f| f.message)
            .collect()
    };
    assert!(errors(&|_| ()).is_empty(), "as imposed, nothing to say");
    // A back moved 2 mm along the fold.
    let moved = errors(&|doc| {
        let back = doc.pages[0]
            .items
            .iter_mut()
            .find(|i| i.tag == Tag::ItemBack { index: 1 })
            .unwrap();
        if let Shape::Group { transform, .. } = &mut back.shape {
            *transform = transform.then(&Transform::translate(Mm(2.0), Mm::ZERO));
        }
    });
    assert_eq!(moved.len(), 1, "{moved:?}");
    assert!(
        moved[0].contains("item 2 has its back 2 mm away from where folding lays it on the front"),
        "{moved:?}"
    );
    // A back drawn upright below a horizontal fold reads upside down once
    // folded and turned over.
    let upright = errors(&|doc| {
        let back = doc.pages[0]
            .items
            .iter_mut()
            .find(|i| i.tag == Tag::ItemBack { index: 0 })
            .unwrap();
        if let Shape::Group { transform, .. } = &mut back.shape {
            let [_, _, _, _, e, f] = transform.m;
            // The same trim, the art not turned.
            *transform = Transform::translate(Mm(e - 63.0), Mm(f - 88.0));
        }
    });
    assert_eq!(upright.len(), 1, "{upright:?}");
    assert!(
        upright[0].contains("item 1 has its back turned the wrong way"),
        "{upright:?}"
    );
    // A fold line off the middle: the sheet's edges would not meet.
    let off = errors(&|doc| {
        for item in &mut doc.pages[0].items {
            if item.tag == Tag::FoldLine
                && let Shape::Line { from, to } = &mut item.shape
            {
                from.y += Mm(1.5);
                to.y += Mm(1.5);
            }
        }
    });
    assert!(
        off.iter()
            .any(|m| m.contains("page 1: the fold line is 1.5 mm from the middle of the sheet")),
        "{off:?}"
    );
    // Every back's distance is measured from the line as printed.
    assert!(
        off.iter().filter(|m| m.contains("away from where folding")).count() == 4,
        "{off:?}"
    );
}
