//! N-up imposition, crop marks, duplex backs, print-shop boxes and the duplex
//! calibration sheet, read back from the SVG and PDF the binary writes.

use std::sync::OnceLock;

use crate::common::{
    MmRect, TestDir, assert_close, attr, by_class, imposed, load_pdf, path_centre, project_file, read_pdf,
    replace_line, svg_page, turned_over,
};

const TOL: f64 = 0.01;
const TEST_SHEET: &str = "layouts/print/test-sheet.toml";
const CALIBRATION: &str = "layouts/print/duplex-calibration.toml";

fn lines(svg: &str, class: &str) -> Vec<((f64, f64), (f64, f64))> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    by_class(&doc, class)
        .into_iter()
        .map(|n| ((attr(n, "x1"), attr(n, "y1")), (attr(n, "x2"), attr(n, "y2"))))
        .collect()
}

fn build_sheet(name: &str, text: &str) -> TestDir {
    let dir = TestDir::new(name);
    dir.write(TEST_SHEET, text);
    dir.run(&["build", "--format", "pdf,svg"]).expect_code(0);
    dir
}

/// The shipped test sheet, built once as [`build_sheet`] does for the tests
/// that only read it.
fn shipped_sheet() -> &'static TestDir {
    static BUILT: OnceLock<TestDir> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = TestDir::shared("test-sheet");
        dir.write(TEST_SHEET, &project_file(TEST_SHEET));
        dir.run(&["build", "--format", "pdf,svg"]).expect_code(0);
        dir
    })
}

#[test]
fn eight_poker_cards_fill_an_a4_sheet_as_the_geometry_allows() {
    let dir = shipped_sheet();
    let front = dir.read_string("output/print/test-sheet-1.svg");
    let (w, h, _) = svg_page(&roxmltree::Document::parse(&front).unwrap());
    // The count the sheet should hold, from the numbers alone: an item with its
    // bleed is 69 x 94 mm, the marks take 5 mm beyond the bleed on every side.
    let (safe_w, safe_h) = (w - 10.0, h - 10.0);
    let across = ((safe_w - 10.0) / 69.0).floor();
    let down = ((safe_h - 10.0) / 94.0).floor();
    let items = imposed(&front, "item-front");
    assert_eq!(
        items.len(),
        (across * down).min(8.0) as usize,
        "items on the first sheet ({w} x {h})"
    );
    assert_eq!(items.len(), 8);
    for (_, r, bleed) in &items {
        assert_close(r.w, 63.0, TOL, "trim width");
        assert_close(r.h, 88.0, TOL, "trim height");
        assert_close(*bleed, 3.0, TOL, "bleed");
        // Inside the printer-safe area, bleed included.
        assert!(
            r.x - bleed >= 5.0 - TOL && r.right() + bleed <= w - 5.0 + TOL,
            "item inside the safe area across"
        );
        assert!(
            r.y - bleed >= 5.0 - TOL && r.bottom() + bleed <= h - 5.0 + TOL,
            "item inside the safe area down"
        );
    }
    // Bleeds never overlap.
    for (i, a) in items.iter().enumerate() {
        for b in &items[i + 1..] {
            let apart = a.1.right() + 3.0 <= b.1.x - 3.0 + TOL
                || b.1.right() + 3.0 <= a.1.x - 3.0 + TOL
                || a.1.bottom() + 3.0 <= b.1.y - 3.0 + TOL
                || b.1.bottom() + 3.0 <= a.1.y - 3.0 + TOL;
            assert!(apart, "items {} and {} overlap", a.0, b.0);
        }
    }
}

#[test]
fn crop_marks_stay_outside_the_art_in_line_with_every_trim_edge() {
    let dir = shipped_sheet();
    let front = dir.read_string("output/print/test-sheet-1.svg");
    let items = imposed(&front, "item-front");
    // The layout's `count = 8` cards, all on this sheet (see the first test).
    assert_eq!(items.len(), 8, "cards on the sheet");
    let marks = lines(&front, "crop-mark");
    assert!(!marks.is_empty());
    for ((x1, y1), (x2, y2)) in &marks {
        for (_, r, b) in &items {
            let (bx0, by0, bx1, by1) = (r.x - b, r.y - b, r.right() + b, r.bottom() + b);
            let crosses = x1.max(*x2) > bx0 + TOL
                && x1.min(*x2) < bx1 - TOL
                && y1.max(*y2) > by0 + TOL
                && y1.min(*y2) < by1 - TOL;
            assert!(!crosses, "crop mark ({x1},{y1})-({x2},{y2}) crosses an item's art");
        }
    }
    // Every trim edge has a mark in line with it, above and below (or left and right).
    for (_, r, _) in &items {
        for x in [r.x, r.right()] {
            let vertical: Vec<_> = marks
                .iter()
                .filter(|((a, _), (b, _))| (a - x).abs() <= TOL && (b - x).abs() <= TOL)
                .collect();
            assert!(vertical.len() >= 2, "trim edge x = {x} has marks above and below");
        }
        for y in [r.y, r.bottom()] {
            let horizontal: Vec<_> = marks
                .iter()
                .filter(|((_, a), (_, b))| (a - y).abs() <= TOL && (b - y).abs() <= TOL)
                .collect();
            assert!(horizontal.len() >= 2, "trim edge y = {y} has marks left and right");
        }
    }
    // Full cut lines on request, along every trim edge.
    let dir = build_sheet(
        "nup-cut-lines",
        &replace_line(&project_file(TEST_SHEET), "cut_lines =", "cut_lines = true"),
    );
    let front = dir.read_string("output/print/test-sheet-1.svg");
    let cuts = lines(&front, "cut-line");
    let items = imposed(&front, "item-front");
    assert_eq!(items.len(), 8, "cards on the sheet with cut lines");
    // Never over the art: no cut line's ink (0.2 mm wide, butt ends) enters
    // a bleed box.
    for ((x1, y1), (x2, y2)) in &cuts {
        let (hx, hy) = if (x1 - x2).abs() < 1e-9 { (0.1, 0.0) } else { (0.0, 0.1) };
        for (i, r, b) in &items {
            let (bx0, by0, bx1, by1) = (r.x - b, r.y - b, r.right() + b, r.bottom() + b);
            let crosses = x1.max(*x2) + hx > bx0 + TOL
                && x1.min(*x2) - hx < bx1 - TOL
                && y1.max(*y2) + hy > by0 + TOL
                && y1.min(*y2) - hy < by1 - TOL;
            assert!(
                !crosses,
                "cut line ({x1},{y1})-({x2},{y2}) runs over the art of item {i}"
            );
        }
    }
    for (_, r, _) in items {
        for x in [r.x, r.right()] {
            assert!(
                cuts.iter()
                    .any(|((a, _), (b, _))| (a - x).abs() <= TOL && (b - x).abs() <= TOL),
                "cut line at x = {x}"
            );
        }
    }
}

/// For every front at (x, y), its back lies where `expect` says.
fn assert_backs(dir: &TestDir, expect: impl Fn(&MmRect, f64, f64) -> (f64, f64), what: &str) {
    assert_backs_of(dir, 8, expect, what);
}

/// Every one of `count` fronts on the first sheet has its back on the next
/// page where `expect` puts it.
fn assert_backs_of(dir: &TestDir, count: usize, expect: impl Fn(&MmRect, f64, f64) -> (f64, f64), what: &str) {
    let front = dir.read_string("output/print/test-sheet-1.svg");
    let back = dir.read_string("output/print/test-sheet-2.svg");
    let (w, h, _) = svg_page(&roxmltree::Document::parse(&front).unwrap());
    let fronts = imposed(&front, "item-front");
    let backs = imposed(&back, "item-back");
    assert_eq!(fronts.len(), count, "{what}: fronts");
    assert_eq!(fronts.len(), backs.len(), "{what}: a back for every front");
    for (i, f, _) in &fronts {
        let (_, b, _) = backs
            .iter()
            .find(|(j, _, _)| j == i)
            .unwrap_or_else(|| panic!("{what}: no back for item {i}"));
        let (x, y) = expect(f, w, h);
        assert_close(b.x, x, TOL, &format!("{what}: back of item {i}, x"));
        assert_close(b.y, y, TOL, &format!("{what}: back of item {i}, y"));
    }
    // The PDF agrees: each back's fill (its bleed box) sits where the SVG says.
    let pdf = read_pdf(&dir.read("output/print/test-sheet.pdf"));
    let fills: Vec<MmRect> = pdf[1]
        .rects()
        .into_iter()
        .filter(|(_, p)| p.fills())
        .map(|(r, _)| r)
        .collect();
    for (i, b, bleed) in &backs {
        assert!(
            fills.iter().any(|r| (r.x - (b.x - bleed)).abs() <= TOL
                && (r.y - (b.y - bleed)).abs() <= TOL
                && (r.w - (b.w + 2.0 * bleed)).abs() <= TOL),
            "{what}: the PDF fills the back of item {i} at its place"
        );
    }
}

#[test]
fn backs_land_behind_their_fronts_for_both_flips_with_and_without_an_offset() {
    let text = project_file(TEST_SHEET);
    let long = |f: &MmRect, w, h| turned_over(f.x, f.y, f.w, f.h, w, h, true);
    let short = |f: &MmRect, w, h| turned_over(f.x, f.y, f.w, f.h, w, h, false);
    assert_backs(shipped_sheet(), long, "long edge");

    let short_text = replace_line(&text, "duplex =", "duplex = \"short-edge\"");
    let dir = build_sheet("duplex-short", &short_text);
    assert_backs(&dir, short, "short edge");

    let long_offset = replace_line(&text, "back_offset =", "back_offset = [1.5, -0.7]");
    let dir = build_sheet("duplex-long-offset", &long_offset);
    // The offset shifts the back page in its own coordinates.
    assert_backs(
        &dir,
        |f, w, h| {
            let (x, y) = long(f, w, h);
            (x + 1.5, y - 0.7)
        },
        "long edge with offset",
    );

    let short_offset = replace_line(&short_text, "back_offset =", "back_offset = [-2.0, 0.4]");
    let dir = build_sheet("duplex-short-offset", &short_offset);
    assert_backs(
        &dir,
        |f, w, h| {
            let (x, y) = short(f, w, h);
            (x - 2.0, y + 0.4)
        },
        "short edge with offset",
    );
}

#[test]
fn a_partial_landscape_sheet_turned_over_its_long_edge_gets_its_backs_at_the_bottom() {
    // Three cards fill only the top row of a landscape sheet; turned over its
    // long edge (top to bottom, like a calendar), their backs are printed on
    // the bottom row of the back page, so they land behind the cards.
    let three = replace_line(&project_file(TEST_SHEET), "count =", "count = 3");
    let dir = build_sheet("duplex-partial", &three);
    let front = dir.read_string("output/print/test-sheet-1.svg");
    let (w, h, _) = svg_page(&roxmltree::Document::parse(&front).unwrap());
    assert!(w > h, "the test sheet is landscape ({w} x {h})");
    assert_backs_of(
        &dir,
        3,
        |f, w, h| turned_over(f.x, f.y, f.w, f.h, w, h, true),
        "partial sheet",
    );
    let back = dir.read_string("output/print/test-sheet-2.svg");
    for (_, b, _) in imposed(&back, "item-back") {
        assert!(
            b.y > h / 2.0,
            "a back of the top row is on the bottom half ({} of {h})",
            b.y
        );
    }
}

#[test]
fn a_print_shop_file_ignores_the_back_offset() {
    // One card a page: the back sits on its page exactly as the front does,
    // whatever offset a home printer needs.
    let text = replace_line(&project_file(TEST_SHEET), "imposition =", "imposition = \"single\"");
    let text = replace_line(&text, "back_offset =", "back_offset = [1.5, -0.7]");
    let dir = build_sheet("single-offset", &text);
    let front = dir.read_string("output/print/test-sheet-1.svg");
    let back = dir.read_string("output/print/test-sheet-2.svg");
    let (w, h, _) = svg_page(&roxmltree::Document::parse(&front).unwrap());
    let f = imposed(&front, "item-front")[0].1;
    let b = imposed(&back, "item-back")[0].1;
    let (x, y) = turned_over(f.x, f.y, f.w, f.h, w, h, true);
    assert_close(b.x, x, TOL, "single back x");
    assert_close(b.y, y, TOL, "single back y");
}

#[test]
fn single_imposition_gives_a_print_shop_one_card_a_page_with_trim_and_bleed_boxes() {
    let text = replace_line(&project_file(TEST_SHEET), "imposition =", "imposition = \"single\"");
    let dir = build_sheet("nup-single", &text);
    let bytes = dir.read("output/print/test-sheet.pdf");
    let doc = load_pdf(&bytes);
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 16, "8 fronts and 8 backs");
    let mm = |v: &lopdf::Object| {
        v.as_float()
            .map(|f| f as f64)
            .or_else(|_| v.as_i64().map(|i| i as f64))
            .unwrap()
            * 25.4
            / 72.0
    };
    for id in pages.values() {
        let dict = doc.get_dictionary(*id).unwrap();
        let get = |name: &[u8]| -> Vec<f64> { dict.get(name).unwrap().as_array().unwrap().iter().map(mm).collect() };
        let media = get(b"MediaBox");
        let trim = get(b"TrimBox");
        let bleed = get(b"BleedBox");
        assert_close(
            media[2] - media[0],
            63.0 + 2.0 * 8.0,
            TOL,
            "page: trim, bleed and a band for marks",
        );
        assert_close(trim[2] - trim[0], 63.0, TOL, "TrimBox width");
        assert_close(trim[3] - trim[1], 88.0, TOL, "TrimBox height");
        assert_close(trim[0] - bleed[0], 3.0, TOL, "BleedBox 3 mm beyond the trim");
        assert_close(bleed[3] - trim[3], 3.0, TOL, "BleedBox 3 mm beyond the trim");
    }
}

#[test]
fn the_calibration_back_crosses_land_behind_the_front_targets() {
    for (flip, offset, name) in [
        ("long-edge", [0.0, 0.0], "cal-long"),
        ("short-edge", [0.0, 0.0], "cal-short"),
        ("long-edge", [1.0, -2.0], "cal-long-offset"),
        ("short-edge", [-0.5, 1.5], "cal-short-offset"),
    ] {
        let text = replace_line(&project_file(CALIBRATION), "duplex =", &format!("duplex = \"{flip}\""));
        let text = replace_line(
            &text,
            "back_offset =",
            &format!("back_offset = [{}, {}]", offset[0], offset[1]),
        );
        let dir = TestDir::new(name);
        dir.write(CALIBRATION, &text);
        dir.run(&["build", "--format", "svg"]).expect_code(0);
        let centres = |file: &str, class: &str| -> Vec<(f64, f64)> {
            let svg = dir.read_string(format!("output/print/{file}"));
            let doc = roxmltree::Document::parse(&svg).unwrap();
            by_class(&doc, class).into_iter().map(path_centre).collect()
        };
        let fronts = centres("duplex-calibration-1.svg", "calibration-target");
        let backs = centres("duplex-calibration-2.svg", "calibration-target");
        assert_eq!(fronts.len(), 3, "{name}: three targets");
        assert_eq!(backs.len(), 3, "{name}: three back crosses");
        for (f, b) in fronts.iter().zip(&backs) {
            let (x, y) = if flip == "long-edge" {
                (210.0 - f.0, f.1)
            } else {
                (f.0, 297.0 - f.1)
            };
            assert_close(b.0, x + offset[0], TOL, &format!("{name}: back cross x"));
            assert_close(b.1, y + offset[1], TOL, &format!("{name}: back cross y"));
        }
    }
}

#[test]
fn items_too_big_for_the_sheet_and_unknown_flips_are_refused() {
    let dir = TestDir::new("nup-too-big");
    dir.write(
        TEST_SHEET,
        &replace_line(&project_file(TEST_SHEET), "size =", "size = [300.0, 400.0]"),
    );
    let run = dir.run(&["check", "--json"]);
    run.expect_code(1);
    assert!(
        run.json_codes().contains(&"nup-fit".to_string()),
        "{:?}",
        run.json_codes()
    );
    dir.run(&["build"]).expect_code(1);
    assert!(!dir.join("output").exists());

    let dir = TestDir::new("nup-bad-flip");
    dir.write(
        TEST_SHEET,
        &replace_line(&project_file(TEST_SHEET), "duplex =", "duplex = \"sideways\""),
    );
    let run = dir.run(&["check"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[layout-value]") && run.stderr.contains("print.duplex"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_deck_draws_its_back_and_each_positions_face_once() {
    let dir = TestDir::new("deck-backs-once");
    dir.write_league_deck();
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf,svg"])
        .expect_code(0);
    // The PDF: one Form XObject for the back, drawn by every card's back,
    // and one for each position's face (ground, badge, stat labels, price
    // band), drawn under every card of that position.
    let doc = load_pdf(&dir.read("output/league/deck.pdf"));
    let forms = doc
        .objects
        .values()
        .filter(|o| {
            o.as_stream()
                .is_ok_and(|s| s.dict.get(b"Subtype").and_then(|t| t.as_name()).ok() == Some(b"Form"))
        })
        .count();
    assert_eq!(
        forms,
        1 + 4,
        "the deck's one back and its four positions' faces, once each"
    );
    let mut cards = 0;
    let mut draws = 0;
    for (n, page_id) in doc.get_pages().into_values().enumerate() {
        let ops = lopdf::content::Content::decode(&doc.get_page_content(page_id))
            .unwrap()
            .operations;
        let do_forms = ops.iter().filter(|o| o.operator == "Do").count();
        let svg = dir.read_string(format!("output/league/deck-{}.svg", n + 1));
        let page = roxmltree::Document::parse(&svg).unwrap();
        let backs = by_class(&page, "item-back").len();
        let uses = page.descendants().filter(|n| n.has_tag_name("use")).count();
        let defined = page
            .descendants()
            .filter(|n| n.has_tag_name("defs"))
            .flat_map(|d| d.children().filter(|g| g.has_tag_name("g")))
            .count();
        if backs > 0 {
            // A back page: the back defined once, placed by every card.
            assert_eq!((defined, uses), (1, backs), "page {}", n + 1);
            draws += do_forms;
        } else {
            // A front page: each face on it defined once, placed by every card.
            let fronts = by_class(&page, "item-front").len();
            assert_eq!(uses, fronts, "page {}: a face a card", n + 1);
            assert!((1..=4).contains(&defined), "page {}: {defined} faces", n + 1);
            cards += fronts;
        }
    }
    assert!(cards > 8, "a deck of more than a sheet ({cards})");
    // Photos are image XObjects on the fronts; every back draws the form.
    assert_eq!(draws, cards, "one Do per card back");
}
