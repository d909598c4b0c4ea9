//! Print then cut (`[print] marks = "silhouette" | "cricut"`): the marks a
//! cutting machine reads, where its conventions put them, and the cut file
//! beside the PDF, read back from the files the binary writes.
//!
//! The Silhouette convention is the one Silhouette Studio's "Type 1"
//! registration marks follow, as the inkscape-silhouette project draws them
//! (`render_silhouette_regmarks.py`): a filled 5 mm square whose corner is
//! 10 mm from the top and left edges, and L marks of 20 mm arms, 0.3 mm
//! thick, whose corners are 10 mm from the edges at the top right and the
//! bottom left. Those published numbers are written here as they are, not
//! taken from pitchprint's constants.

use crate::common::{
    MmRect, TestDir, assert_close, by_class, imposed, load_pdf, numbers, pdf_page_texts, project_file, read_pdf,
    replace_line, shipped, svg_page, viewer_pref,
};
use pitchprint::diag::code::Code;
use pitchprint::geom::{Mm, Point};
use pitchprint::input::world::{Disk, Overlay};
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::scene::item::Shape;
use pitchprint::scene::tag::Tag;

const TOL: f64 = 0.01;
const TEST_SHEET: &str = "layouts/print/test-sheet.toml";
const COUNTERS: &str = "layouts/futbolchess/counters.toml";

/// Silhouette Studio's marks, as published.
const INSET: f64 = 10.0;
const SQUARE: f64 = 5.0;
const ARM: f64 = 20.0;
const THICKNESS: f64 = 0.3;
/// Cricut Design Space's largest Print Then Cut image, 6.75 x 9.25 in.
const CRICUT: (f64, f64) = (6.75 * 25.4, 9.25 * 25.4);

/// The test sheet (eight poker cards, 1 mm bleed as a machine's cut asks)
/// with `marks`, built in every format into a fresh folder.
fn sheet(name: &str, marks: &str, extra: &[&str]) -> TestDir {
    let text = replace_line(
        &project_file(TEST_SHEET),
        "imposition =",
        &format!("imposition = \"sheet\"\nmarks = \"{marks}\""),
    );
    let text = replace_line(&text, "bleed =", "bleed = 1.0");
    let dir = TestDir::new(name);
    dir.write(TEST_SHEET, &text);
    let mut args = vec!["build", "--format", "pdf,svg", "--lang", "en"];
    args.extend(extra);
    dir.run(&args).expect_code(0);
    dir
}

/// The boxes of a cut file's paths, from their `d` (lines and the control
/// points of curves: a circle's box is its square), and the file's size in
/// millimetres.
fn cut_paths(svg: &str) -> ((f64, f64), Vec<MmRect>) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let root = doc.root_element();
    let mm = |a: &str| {
        root.attribute(a)
            .unwrap()
            .strip_suffix("mm")
            .unwrap()
            .parse::<f64>()
            .unwrap()
    };
    let size = (mm("width"), mm("height"));
    assert_eq!(
        numbers(root.attribute("viewBox").unwrap()),
        vec![0.0, 0.0, size.0, size.1],
        "one unit a millimetre"
    );
    let boxes = doc
        .descendants()
        .filter(|n| n.has_tag_name("path"))
        .map(|p| {
            let v = numbers(p.attribute("d").unwrap());
            let (xs, ys): (Vec<f64>, Vec<f64>) = v.chunks(2).map(|c| (c[0], c[1])).unzip();
            let (x0, x1) = (
                xs.iter().cloned().fold(f64::MAX, f64::min),
                xs.iter().cloned().fold(f64::MIN, f64::max),
            );
            let (y0, y1) = (
                ys.iter().cloned().fold(f64::MAX, f64::min),
                ys.iter().cloned().fold(f64::MIN, f64::max),
            );
            MmRect {
                x: x0,
                y: y0,
                w: x1 - x0,
                h: y1 - y0,
            }
        })
        .collect();
    (size, boxes)
}

fn same(a: &MmRect, b: &MmRect) -> bool {
    (a.x - b.x).abs() <= TOL && (a.y - b.y).abs() <= TOL && (a.w - b.w).abs() <= TOL && (a.h - b.h).abs() <= TOL
}

/// The Silhouette marks of a PDF page: the filled square's rectangle and
/// the L marks, each (corner, the two arms' far ends, line width).
struct Marks {
    square: Vec<MmRect>,
    ls: Vec<[(f64, f64); 3]>,
    widths: Vec<f64>,
}

fn silhouette_marks(page: &crate::common::PdfPage) -> Marks {
    let black = |c: Option<[f64; 3]>| c.is_some_and(|c| c.iter().all(|v| *v == 0.0));
    let square = page
        .rects()
        .into_iter()
        .filter(|(r, p)| p.fills() && black(p.fill_rgb) && (r.w - SQUARE).abs() < TOL && (r.h - SQUARE).abs() < TOL)
        .map(|(r, _)| r)
        .collect();
    let mut ls = Vec::new();
    let mut widths = Vec::new();
    for p in &page.paths {
        if !p.strokes() || p.has_curves || p.subpaths.len() != 1 || !black(p.stroke_rgb) {
            continue;
        }
        let (pts, closed) = &p.subpaths[0];
        let arm = |a: (f64, f64), b: (f64, f64)| ((a.0 - b.0).abs() + (a.1 - b.1).abs() - ARM).abs() < TOL;
        if pts.len() == 3 && !closed && arm(pts[0], pts[1]) && arm(pts[1], pts[2]) {
            ls.push([pts[1], pts[0], pts[2]]);
            widths.push(p.line_width);
        }
    }
    Marks { square, ls, widths }
}

#[test]
fn silhouette_marks_stand_where_studio_looks_for_them_on_a4_letter_and_a3() {
    for paper in ["a4", "letter", "a3"] {
        let dir = sheet(&format!("silhouette-{paper}"), "silhouette", &["--paper", paper]);
        let bytes = dir.read("output/print/test-sheet-en.pdf");
        let pages = read_pdf(&bytes);
        for (i, page) in pages.iter().enumerate() {
            let (w, h) = (page.width_mm, page.height_mm);
            let what = format!("{paper}, page {}", i + 1);
            let marks = silhouette_marks(page);
            if i % 2 == 1 {
                // The backs' page: the machine reads the front.
                assert!(
                    marks.square.is_empty() && marks.ls.is_empty(),
                    "{what}: no marks on a back"
                );
                continue;
            }
            assert_eq!(marks.square.len(), 1, "{what}: the square");
            let q = &marks.square[0];
            assert_close(q.x, INSET, TOL, &format!("{what}: the square's left"));
            assert_close(q.y, INSET, TOL, &format!("{what}: the square's top"));
            assert_eq!(marks.ls.len(), 2, "{what}: two L marks");
            let corner = |c: (f64, f64)| {
                marks
                    .ls
                    .iter()
                    .find(|l| (l[0].0 - c.0).abs() < TOL && (l[0].1 - c.1).abs() < TOL)
            };
            // Top right: arms running left and down from the corner.
            let tr = corner((w - INSET, INSET)).unwrap_or_else(|| panic!("{what}: the top-right L"));
            let ends = |l: &[(f64, f64); 3]| {
                let mut e = vec![l[1], l[2]];
                e.sort_by(|a, b| a.partial_cmp(b).unwrap());
                e
            };
            let mut want = vec![(w - INSET - ARM, INSET), (w - INSET, INSET + ARM)];
            want.sort_by(|a, b| a.partial_cmp(b).unwrap());
            assert_eq!(ends(tr).len(), 2);
            for (got, want) in ends(tr).iter().zip(&want) {
                assert_close(got.0, want.0, TOL, &format!("{what}: top-right arm x"));
                assert_close(got.1, want.1, TOL, &format!("{what}: top-right arm y"));
            }
            let bl = corner((INSET, h - INSET)).unwrap_or_else(|| panic!("{what}: the bottom-left L"));
            let mut want = vec![(INSET + ARM, h - INSET), (INSET, h - INSET - ARM)];
            want.sort_by(|a, b| a.partial_cmp(b).unwrap());
            for (got, want) in ends(bl).iter().zip(&want) {
                assert_close(got.0, want.0, TOL, &format!("{what}: bottom-left arm x"));
                assert_close(got.1, want.1, TOL, &format!("{what}: bottom-left arm y"));
            }
            for width in &marks.widths {
                assert_close(*width, THICKNESS, 0.001, &format!("{what}: the L's thickness"));
            }
            // No crop marks beside the machine's: its eye would read them.
            let svg = dir.read_string(format!("output/print/test-sheet-en-{}.svg", i + 1));
            let doc = roxmltree::Document::parse(&svg).unwrap();
            assert!(by_class(&doc, "crop-mark").is_empty(), "{what}: no crop marks");
            // No art in the corners the marks take (20 mm from the inset
            // point, and 2 mm more).
            let keep = INSET + ARM;
            for (index, t, bleed) in imposed(&svg, "item-front") {
                let (x0, y0, x1, y1) = (t.x - bleed, t.y - bleed, t.right() + bleed, t.bottom() + bleed);
                let near_left = x0 < keep;
                let near_right = x1 > w - keep;
                let near_top = y0 < keep;
                let near_bottom = y1 > h - keep;
                assert!(
                    !(near_top && (near_left || near_right) || near_left && near_bottom),
                    "{what}: item {index} reaches into a marked corner ({x0}, {y0})-({x1}, {y1})"
                );
            }
        }
        // The sheet tells Studio's settings, in the build's language.
        let text = &pdf_page_texts(&bytes)[0];
        assert!(
            text.contains("length 20 mm, thickness 0.3 mm, inset 10 mm"),
            "{paper}: the note says Studio's settings: {text}"
        );
    }
    // In Spanish, with its decimal comma.
    let dir = sheet("silhouette-es", "silhouette", &["--lang", "es"]);
    let text = &pdf_page_texts(&dir.read("output/print/test-sheet.pdf"))[0];
    assert!(text.contains("grosor 0,3 mm"), "{text}");
}

#[test]
fn the_cut_file_holds_one_path_per_item_on_its_trim_in_page_millimetres() {
    let dir = sheet("silhouette-cut", "silhouette", &[]);
    let pdf = read_pdf(&dir.read("output/print/test-sheet-en.pdf"));
    // Eight cards, two-sided: each sheet's front page has its cut file.
    let sheets = pdf.len() / 2;
    assert!(sheets >= 1);
    let mut cut = 0;
    for k in 0..sheets {
        let name = if sheets > 1 {
            format!("output/print/test-sheet-en-cut-{}.svg", k + 1)
        } else {
            "output/print/test-sheet-en-cut.svg".to_string()
        };
        let ((w, h), boxes) = cut_paths(&dir.read_string(&name));
        assert_close(w, pdf[2 * k].width_mm, TOL, "the cut file is the page's width");
        assert_close(h, pdf[2 * k].height_mm, TOL, "and its height");
        let page = dir.read_string(format!("output/print/test-sheet-en-{}.svg", 2 * k + 1));
        let fronts = imposed(&page, "item-front");
        assert_eq!(boxes.len(), fronts.len(), "sheet {}: a path per card", k + 1);
        for (index, trim, _) in &fronts {
            assert!(
                boxes.iter().any(|b| same(b, trim)),
                "sheet {}: card {index}'s cut path on its trim {trim:?}: {boxes:?}",
                k + 1
            );
        }
        // The cut paths are never printed.
        let doc = roxmltree::Document::parse(&page).unwrap();
        assert!(
            doc.descendants()
                .all(|n| n.attribute("id").is_none_or(|id| !id.starts_with("cut-")))
        );
        cut += boxes.len();
    }
    assert_eq!(cut, 8, "every card cut");
    // Counters: a disc each, centred in its slot, as wide as the counter.
    let dir = TestDir::new("silhouette-counters");
    let text = replace_line(
        &project_file(COUNTERS),
        "imposition =",
        "imposition = \"sheet\"\nmarks = \"silhouette\"",
    );
    dir.write(COUNTERS, &text);
    dir.write(
        "layouts/futbolchess/board.toml",
        &project_file("layouts/futbolchess/board.toml"),
    );
    dir.run(&["build", COUNTERS, "--format", "pdf,svg", "--lang", "en"])
        .expect_code(0);
    let ((w, h), boxes) = cut_paths(&dir.read_string("output/futbolchess/counters-en-cut.svg"));
    let page = dir.read_string("output/futbolchess/counters-en-1.svg");
    let (pw, ph, _) = svg_page(&roxmltree::Document::parse(&page).unwrap());
    assert_close(w, pw, TOL, "width");
    assert_close(h, ph, TOL, "height");
    let fronts = imposed(&page, "item-front");
    assert_eq!(boxes.len(), fronts.len(), "a disc per counter");
    // The 26 role counters are 21.5 mm; the balls and the coin their own.
    let roles = boxes.iter().filter(|b| (b.w - 21.5).abs() < TOL).count();
    assert_eq!(roles, 26, "{boxes:?}");
    for (index, trim, _) in &fronts {
        let (cx, cy) = (trim.x + trim.w / 2.0, trim.y + trim.h / 2.0);
        assert!(
            boxes.iter().any(|b| (b.w - b.h).abs() < TOL
                && b.w <= trim.w + TOL
                && (b.x + b.w / 2.0 - cx).abs() < TOL
                && (b.y + b.h / 2.0 - cy).abs() < TOL),
            "counter {index}'s disc centred on it, inside its slot"
        );
    }
}

#[test]
fn a_cricut_sheet_is_an_image_design_space_prints_whole_with_its_outline_cut_first() {
    let dir = sheet("cricut", "cricut", &[]);
    let bytes = dir.read("output/print/test-sheet-en.pdf");
    let pdf = read_pdf(&bytes);
    // Design Space prints one side: no back pages.
    assert_eq!(viewer_pref(&load_pdf(&bytes), "Duplex").as_deref(), Some("Simplex"));
    let mut cards = 0;
    for (i, page) in pdf.iter().enumerate() {
        let (w, h) = (page.width_mm, page.height_mm);
        let (short, long) = (w.min(h), w.max(h));
        assert_close(short, CRICUT.0, TOL, "the image's short side, 6.75 in");
        assert_close(long, CRICUT.1, TOL, "its long side, 9.25 in");
        let marks = silhouette_marks(page);
        assert!(
            marks.square.is_empty() && marks.ls.is_empty(),
            "Design Space draws its own frame"
        );
        let name = if pdf.len() > 1 {
            format!("output/print/test-sheet-en-cut-{}.svg", i + 1)
        } else {
            "output/print/test-sheet-en-cut.svg".to_string()
        };
        let ((cw, ch), boxes) = cut_paths(&dir.read_string(&name));
        assert_close(cw, w, TOL, "the cut file is the image's size");
        assert_close(ch, h, TOL, "both ways");
        let outline = MmRect { x: 0.0, y: 0.0, w, h };
        assert!(same(&boxes[0], &outline), "the image's outline first: {:?}", boxes[0]);
        let svg = dir.read_string(format!("output/print/test-sheet-en-{}.svg", i + 1));
        let fronts = imposed(&svg, "item-front");
        assert_eq!(boxes.len(), fronts.len() + 1);
        for (index, trim, bleed) in &fronts {
            assert!(boxes.iter().any(|b| same(b, trim)), "card {index} cut on its trim");
            assert!(
                trim.x - bleed >= 2.0 - TOL && trim.right() + bleed <= w - 2.0 + TOL,
                "card {index} inside the image"
            );
        }
        cards += fronts.len();
    }
    assert_eq!(cards, 8);
}

#[test]
fn machine_marks_with_a_fold_or_a_print_shop_page_and_unknown_marks_are_refused() {
    for imposition in ["gutter-fold", "single"] {
        let text = replace_line(
            &project_file(TEST_SHEET),
            "imposition =",
            &format!("imposition = \"{imposition}\"\nmarks = \"silhouette\""),
        );
        let dir = TestDir::new(&format!("machine-{imposition}"));
        dir.write(TEST_SHEET, &text);
        let run = dir.run(&["check", TEST_SHEET]);
        assert!(
            run.stderr.contains("error[layout-value]")
                && run.stderr.contains("print.marks")
                && run.stderr.contains("use imposition = \"sheet\" with marks"),
            "{imposition}: {}",
            run.stderr
        );
    }
    let text = replace_line(
        &project_file(TEST_SHEET),
        "imposition =",
        "imposition = \"sheet\"\nmarks = \"laser\"",
    );
    let dir = TestDir::new("machine-laser");
    dir.write(TEST_SHEET, &text);
    let run = dir.run(&["check", TEST_SHEET]);
    assert!(
        run.stderr.contains("print.marks")
            && run.stderr.contains("\"silhouette\"")
            && run.stderr.contains("\"cricut\""),
        "{}",
        run.stderr
    );
}

#[test]
fn the_checker_finds_a_mark_off_its_place_art_in_a_marked_corner_and_a_cut_path_missing() {
    let text = replace_line(
        &project_file(TEST_SHEET),
        "imposition =",
        "imposition = \"sheet\"\nmarks = \"silhouette\"",
    );
    let world = Overlay::new(&Disk).with(shipped(TEST_SHEET), text);
    let overrides = Overrides {
        lang: Some("en".into()),
        ..Overrides::default()
    };
    let loaded = Pipeline::new(&world).load(&shipped(TEST_SHEET), &overrides).unwrap();
    let doc = pipeline::compose(&loaded);
    let errors = |change: &dyn Fn(&mut pitchprint::scene::page::Document)| -> Vec<String> {
        let mut doc = doc.clone();
        change(&mut doc);
        pipeline::check(&loaded, &doc)
            .into_iter()
            .filter(|f| f.code == Code::CutterMarks)
            .map(|f| f.message)
            .collect()
    };
    assert!(errors(&|_| ()).is_empty(), "as imposed, nothing to say");
    let moved = errors(&|doc| {
        let square = doc.pages[0]
            .items
            .iter_mut()
            .find(|i| i.tag == Tag::CutterMark)
            .unwrap();
        if let Shape::Rect(r) = &mut square.shape {
            r.x += Mm(1.0);
        }
    });
    assert!(
        moved
            .iter()
            .any(|m| m.contains("page 1: 2 of the 3 Silhouette marks at their places")),
        "{moved:?}"
    );
    let cornered = errors(&|doc| {
        let card = doc.pages[0]
            .items
            .iter_mut()
            .find(|i| matches!(i.tag, Tag::ItemFront { .. }))
            .unwrap();
        if let Shape::Group { transform, .. } = &mut card.shape {
            transform.m[4] = 12.0;
            transform.m[5] = 12.0;
        }
    });
    assert!(
        cornered
            .iter()
            .any(|m| m.contains("reach into a corner the machine reads a mark in")),
        "{cornered:?}"
    );
    let uncut = errors(&|doc| {
        doc.pages[0].cuts.pop();
    });
    assert!(uncut.iter().any(|m| m.contains("cut path(s) for")), "{uncut:?}");
    // A cut path moved off its card.
    let off = errors(&|doc| {
        for c in doc.pages[0].cuts[0].iter_mut() {
            if let pitchprint::scene::item::PathCmd::MoveTo(p) | pitchprint::scene::item::PathCmd::LineTo(p) = c {
                *p = Point::new(p.x.0 + 3.0, p.y.0);
            }
        }
    });
    assert!(off.iter().any(|m| m.contains("of them on an item's trim")), "{off:?}");
}
