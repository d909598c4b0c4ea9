//! The PDF reader the other tests measure with (`common/pdf.rs`), tested
//! on small PDFs written here by hand: each content stream is a few operators,
//! and every expected number is worked out in a comment from the stream.
//!
//! Unless a test says otherwise the page is `[0 0 720 360]`: 720 x 360 pt, that
//! is 254 x 127 mm. A point (x, y) in PDF points lands on the page at
//! (x × 25.4/72, (360 − y) × 25.4/72) mm, origin top left, y down. Multiples of
//! 72 pt keep the millimetres round: 36 pt = 12.7 mm, 72 pt = 25.4 mm.

// The numbers here are written into the PDF exactly and read back exactly
// (multiples of 72 pt, small integers): equality is the claim being tested.
#![allow(clippy::float_cmp)]

use crate::common::*;
use lopdf::{Dictionary, Document, Object, Stream, dictionary};

/// The page most tests draw on.
const PAGE: [f64; 4] = [0.0, 0.0, 720.0, 360.0];
/// Floats in a PDF are f32: agreement to a micrometre is exact enough.
const TOL: f64 = 1e-3;

/// One page to write: its own MediaBox (or none, to inherit the parent's) and
/// its content streams.
struct PageSpec<'a> {
    media_box: Option<[f64; 4]>,
    contents: &'a [&'a str],
}

fn boxed(b: [f64; 4]) -> Object {
    Object::Array(b.iter().map(|v| Object::Real(*v as f32)).collect())
}

/// A PDF with these pages under one page-tree node (carrying `parent_box`
/// when given), every page sharing the font resources `fonts` makes (it may
/// add objects: a font program is a stream, and streams are indirect).
fn build(
    parent_box: Option<[f64; 4]>,
    pages: &[PageSpec<'_>],
    fonts: impl FnOnce(&mut Document) -> Dictionary,
) -> Vec<u8> {
    let mut doc = Document::with_version("1.7");
    let pages_id = doc.new_object_id();
    let fonts = fonts(&mut doc);
    let resources = doc.add_object(dictionary! { "Font" => fonts });
    let mut kids = Vec::new();
    for spec in pages {
        let contents: Vec<Object> = spec
            .contents
            .iter()
            .map(|c| Object::Reference(doc.add_object(Stream::new(Dictionary::new(), c.as_bytes().to_vec()))))
            .collect();
        let mut page = dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "Resources" => resources,
            "Contents" => contents,
        };
        if let Some(b) = spec.media_box {
            page.set("MediaBox", boxed(b));
        }
        kids.push(Object::Reference(doc.add_object(page)));
    }
    let mut node = dictionary! {
        "Type" => "Pages",
        "Count" => kids.len() as i64,
        "Kids" => kids,
    };
    if let Some(b) = parent_box {
        node.set("MediaBox", boxed(b));
    }
    doc.objects.insert(pages_id, Object::Dictionary(node));
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).expect("lopdf writes the PDF");
    bytes
}

/// Helvetica under `/F1` and `/F2`: a font the text operators can name.
fn helvetica(_: &mut Document) -> Dictionary {
    let font = || {
        Object::Dictionary(dictionary! {
            "Type" => "Font",
            "Subtype" => "Type1",
            "BaseFont" => "Helvetica",
            "Encoding" => "WinAnsiEncoding",
        })
    };
    dictionary! { "F1" => font(), "F2" => font() }
}

/// The one page of a PDF whose page is [`PAGE`] and whose content is `content`.
fn page(content: &str) -> PdfPage {
    let pages = read_pdf(&build(
        None,
        &[PageSpec {
            media_box: Some(PAGE),
            contents: &[content],
        }],
        helvetica,
    ));
    assert_eq!(pages.len(), 1, "one page written, one read");
    pages.into_iter().next().unwrap()
}

#[track_caller]
fn assert_rect(got: Option<MmRect>, want: [f64; 4], what: &str) {
    let r = got.unwrap_or_else(|| panic!("{what}: not read as a rectangle"));
    for (v, (w, name)) in [r.x, r.y, r.w, r.h]
        .into_iter()
        .zip(want.into_iter().zip(["x", "y", "w", "h"]))
    {
        assert_close(v, w, TOL, &format!("{what}: {name}"));
    }
}

#[track_caller]
fn assert_point(got: (f64, f64), want: (f64, f64), what: &str) {
    assert_close(got.0, want.0, TOL, &format!("{what}: x"));
    assert_close(got.1, want.1, TOL, &format!("{what}: y"));
}

// ---------------------------------------------------------------------------
// Matrices
// ---------------------------------------------------------------------------

#[test]
fn matrices_compose_in_pdf_order() {
    let scale = Matrix([2.0, 0.0, 0.0, 2.0, 0.0, 0.0]);
    let shift = Matrix([1.0, 0.0, 0.0, 1.0, 10.0, 0.0]);
    // Scale first: (1, 1) → (2, 2) → (12, 2).
    assert_eq!(scale.then(&shift).apply((1.0, 1.0)), (12.0, 2.0));
    // Shift first: (1, 1) → (11, 1) → (22, 2).
    assert_eq!(shift.then(&scale).apply((1.0, 1.0)), (22.0, 2.0));
    // A quarter turn [0 1 -1 0 0 0] takes (1, 0) to (0, 1) and (0, 1) to (-1, 0).
    let turn = Matrix([0.0, 1.0, -1.0, 0.0, 0.0, 0.0]);
    assert_eq!(turn.apply((1.0, 0.0)), (0.0, 1.0));
    assert_eq!(turn.apply((0.0, 1.0)), (-1.0, 0.0));
    assert_eq!(Matrix::IDENTITY.then(&turn), turn);
    // Lengths scale by √|det|: 2 x 8 gives √16 = 4; a turn keeps them.
    assert_eq!(Matrix([2.0, 0.0, 0.0, 8.0, 5.0, 5.0]).scale(), 4.0);
    assert_eq!(turn.scale(), 1.0);
}

// ---------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------

#[test]
fn the_media_box_gives_the_page_size_and_its_corner_the_origin() {
    // 720 x 360 pt is 254 x 127 mm.
    let p = page("");
    assert_close(p.width_mm, 254.0, TOL, "width");
    assert_close(p.height_mm, 127.0, TOL, "height");
    assert!(p.paths.is_empty() && p.texts.is_empty() && p.cms.is_empty());

    // A box that does not start at 0 0: [36 72 756 432] is still 720 x 360 pt,
    // and its top left corner (36, 432) is the page's (0, 0). The rectangle
    // from (36, 72), 72 x 36 pt, is at x = 0, its top at y = 72 + 36 = 108 pt,
    // (432 − 108) pt = 324 pt = 114.3 mm below the top; 25.4 x 12.7 mm.
    let pages = read_pdf(&build(
        None,
        &[PageSpec {
            media_box: Some([36.0, 72.0, 756.0, 432.0]),
            contents: &["36 72 72 36 re f"],
        }],
        helvetica,
    ));
    assert_close(pages[0].width_mm, 254.0, TOL, "offset box width");
    assert_close(pages[0].height_mm, 127.0, TOL, "offset box height");
    assert_rect(
        pages[0].paths[0].as_rect(),
        [0.0, 114.3, 25.4, 12.7],
        "rectangle on an offset box",
    );
}

#[test]
fn a_page_without_a_media_box_inherits_its_parents_and_pages_keep_their_order() {
    // Page 1 inherits the tree's 144 x 72 pt (50.8 x 25.4 mm); page 2 has its
    // own 72 x 144 pt. Each draws a rectangle at (0, 0), 36 pt square: its top
    // is 36 pt up, so 36 pt (12.7 mm) below the top of page 1 and 108 pt
    // (38.1 mm) below the top of page 2.
    let bytes = build(
        Some([0.0, 0.0, 144.0, 72.0]),
        &[
            PageSpec {
                media_box: None,
                contents: &["0 0 36 36 re f"],
            },
            PageSpec {
                media_box: Some([0.0, 0.0, 72.0, 144.0]),
                contents: &["0 0 36 36 re S"],
            },
        ],
        helvetica,
    );
    let doc = load_pdf(&bytes);
    let ids: Vec<_> = doc.get_pages().values().copied().collect();
    assert_eq!(media_box(&doc, ids[0]), [0.0, 0.0, 144.0, 72.0], "inherited");
    assert_eq!(media_box(&doc, ids[1]), [0.0, 0.0, 72.0, 144.0], "its own");

    let pages = read_pdf(&bytes);
    assert_eq!(pages.len(), 2);
    assert_close(pages[0].width_mm, 50.8, TOL, "page 1 width");
    assert_close(pages[0].height_mm, 25.4, TOL, "page 1 height");
    assert_close(pages[1].width_mm, 25.4, TOL, "page 2 width");
    assert_close(pages[1].height_mm, 50.8, TOL, "page 2 height");
    assert_eq!(pages[0].paths[0].paint, "f", "page 1's content is read for page 1");
    assert_eq!(pages[1].paths[0].paint, "S", "page 2's content is read for page 2");
    assert_rect(pages[0].paths[0].as_rect(), [0.0, 12.7, 12.7, 12.7], "page 1");
    assert_rect(pages[1].paths[0].as_rect(), [0.0, 38.1, 12.7, 12.7], "page 2");
}

#[test]
fn a_page_split_over_two_content_streams_reads_as_one() {
    // The transform set in the first stream still holds in the second, and the
    // Q in the second ends it: (0, 0)-(36, 36) shifted by 72 pt is at
    // x = 25.4 mm; unshifted, x = 0. Both tops are 36 pt up: 324 pt = 114.3 mm
    // below the top.
    let pages = read_pdf(&build(
        None,
        &[PageSpec {
            media_box: Some(PAGE),
            contents: &["q 1 0 0 1 72 0 cm", "0 0 36 36 re f Q 0 0 36 36 re f"],
        }],
        helvetica,
    ));
    let p = &pages[0];
    assert_eq!(p.paths.len(), 2);
    assert_rect(p.paths[0].as_rect(), [25.4, 114.3, 12.7, 12.7], "inside q");
    assert_rect(p.paths[1].as_rect(), [0.0, 114.3, 12.7, 12.7], "after Q");
}

// ---------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------

#[test]
fn re_is_a_closed_rectangle_in_page_millimetres() {
    // 72 144 144 72 re: x 72..216 pt, y 144..216 pt. On the page: x = 25.4 mm,
    // w = 144 pt = 50.8 mm; its top is 216 pt up, (360 − 216) pt = 144 pt =
    // 50.8 mm below the top; h = 72 pt = 25.4 mm.
    let p = page("72 144 144 72 re S");
    assert_eq!(p.paths.len(), 1);
    let path = &p.paths[0];
    assert!(path.from_re && !path.has_curves);
    assert_eq!(path.subpaths.len(), 1);
    let (pts, closed) = &path.subpaths[0];
    assert!(*closed, "re closes its subpath");
    // The corners in the order re draws them: (x, y), (x+w, y), (x+w, y+h), (x, y+h).
    let want = [(25.4, 76.2), (76.2, 76.2), (76.2, 50.8), (25.4, 50.8)];
    assert_eq!(pts.len(), 4);
    for (got, want) in pts.iter().zip(want) {
        assert_point(*got, want, "re corner");
    }
    assert_rect(path.as_rect(), [25.4, 50.8, 50.8, 25.4], "re");
    // A negative height draws the same box downwards from y = 216 pt.
    assert_rect(
        page("72 216 144 -72 re f").paths[0].as_rect(),
        [25.4, 50.8, 50.8, 25.4],
        "re with a negative height",
    );
}

#[test]
fn four_lines_closed_by_h_or_by_a_fill_are_a_rectangle_too() {
    // The corners of the `re` above, drawn with m and l.
    let corners = "72 144 m 216 144 l 216 216 l 72 216 l";
    let want = [25.4, 50.8, 50.8, 25.4];
    for (content, what) in [
        (format!("{corners} h S"), "closed by h, stroked"),
        (format!("{corners} f"), "filled (a fill closes the path)"),
        (format!("{corners} s"), "closed and stroked by s"),
        (format!("{corners} 72 144 l h S"), "first corner repeated, then h"),
        (format!("{corners} 72 144 l f"), "first corner repeated, filled"),
    ] {
        let path = &page(&content).paths[0];
        assert!(!path.from_re, "{what}");
        assert_rect(path.as_rect(), want, what);
    }
}

#[test]
fn shapes_that_are_not_one_closed_axis_aligned_rectangle_are_not_rectangles() {
    for (content, what) in [
        // Four corners but never closed: three sides of a box.
        ("72 144 m 216 144 l 216 216 l 72 216 l S", "open, stroked"),
        (
            "72 144 m 216 144 l 216 216 l 72 216 l 72 144 l S",
            "back to the start but not closed",
        ),
        // A diamond: four corners, no side along an axis.
        ("144 144 m 216 180 l 144 216 l 72 180 l h f", "a diamond"),
        // The corners of a box, joined across: a bow tie.
        ("72 144 m 216 216 l 216 144 l 72 216 l h f", "a bow tie"),
        // A triangle.
        ("72 144 m 216 144 l 216 216 l h f", "a triangle"),
        // Two boxes in one path.
        ("0 0 36 36 re 72 0 36 36 re f", "two subpaths"),
        // A box with one curved side.
        (
            "72 144 m 216 144 l 216 216 l 72 216 l 60 200 60 160 72 144 c f",
            "a curve",
        ),
        // A box with no width.
        ("72 144 0 72 re f", "a zero-width re"),
    ] {
        assert_eq!(page(content).paths[0].as_rect(), None, "{what}");
    }
    // A box turned 45° about its centre is not axis-aligned either.
    let turned = "0.70710678 0.70710678 -0.70710678 0.70710678 360 180 cm -36 -36 72 72 re f";
    assert_eq!(page(turned).paths[0].as_rect(), None, "a box turned 45°");
}

#[test]
fn curves_keep_their_control_points_and_mark_the_path() {
    // m, then c (two control points and an end), v and y (one control point and
    // an end each): 1 + 3 + 2 + 2 points. (36, 72) is 288 pt = 101.6 mm from the top.
    let p = page("0 0 m 36 72 72 72 72 0 c 108 72 144 0 v 180 72 216 0 y S");
    let path = &p.paths[0];
    assert!(path.has_curves && !path.from_re);
    assert_eq!(path.subpaths.len(), 1);
    let (pts, closed) = &path.subpaths[0];
    assert!(!*closed);
    assert_eq!(pts.len(), 8);
    assert_point(pts[1], (12.7, 101.6), "the first control point");
    assert_point(pts[7], (76.2, 127.0), "the last end point, (216, 0)");
    // A straight path drawn after it starts afresh: no curves.
    let p = page("0 0 m 36 72 72 72 72 0 c S 0 0 m 72 0 l S");
    assert!(p.paths[0].has_curves && !p.paths[1].has_curves);
}

#[test]
fn each_paint_operator_strokes_fills_or_both_and_n_paints_nothing() {
    let ops = ["S", "s", "f", "F", "f*", "B", "B*", "b", "b*"];
    let content: String = ops
        .iter()
        .chain(["n", "W n"].iter())
        .map(|op| format!("0 0 72 72 re {op}\n"))
        .collect();
    let p = page(&content);
    // n ends a path without painting it, W n only clips: nine paths, not eleven.
    let painted: Vec<&str> = p.paths.iter().map(|x| x.paint.as_str()).collect();
    assert_eq!(painted, ops);
    for path in &p.paths {
        let (strokes, fills) = match path.paint.as_str() {
            "S" | "s" => (true, false),
            "f" | "F" | "f*" => (false, true),
            _ => (true, true),
        };
        assert_eq!(path.strokes(), strokes, "{} strokes", path.paint);
        assert_eq!(path.fills(), fills, "{} fills", path.paint);
        assert_rect(path.as_rect(), [0.0, 101.6, 25.4, 25.4], &path.paint);
    }
    // The discarded path does not leak into the next painted one.
    let p = page("0 0 72 72 re n 144 0 72 72 re f");
    assert_eq!(p.paths.len(), 1);
    assert_eq!(p.paths[0].subpaths.len(), 1, "only the painted rectangle");
    assert_rect(p.paths[0].as_rect(), [50.8, 101.6, 25.4, 25.4], "after n");
}

#[test]
fn closing_paint_operators_close_the_last_subpath() {
    // s, b and b* are h followed by S, B and B*: they close the current (last)
    // subpath; the others leave an open subpath open (a fill only closes it
    // for filling). Two open lines each time.
    for op in ["S", "s", "f", "F", "f*", "B", "B*", "b", "b*"] {
        let p = page(&format!("0 0 m 72 0 l 0 36 m 72 36 l {op}"));
        let closed: Vec<bool> = p.paths[0].subpaths.iter().map(|s| s.1).collect();
        let last = matches!(op, "s" | "b" | "b*");
        assert_eq!(closed, [false, last], "{op}");
    }
}

#[test]
fn a_segment_after_h_or_re_begins_a_new_subpath_where_the_closed_one_began() {
    // m l l h closes a triangle (0, 0), (72, 0), (72, 72); the l after it
    // begins a second subpath at (0, 0) (ISO 32000-1, 8.5.2.1: after h,
    // appending a segment begins a new subpath). On the page: (0, 0) is
    // (0, 127) mm, (72, 0) is (25.4, 127), (72, 72) and (0, 72) are 25.4 mm
    // higher, y = 101.6. Read as one subpath these four corners would pass
    // for a 25.4 mm square.
    let p = page("0 0 m 72 0 l 72 72 l h 0 72 l f");
    let path = &p.paths[0];
    assert_eq!(path.subpaths.len(), 2, "the triangle, then the line");
    let (triangle, closed) = &path.subpaths[0];
    assert!(*closed);
    assert_eq!(triangle.len(), 3);
    let (line, closed) = &path.subpaths[1];
    assert!(!*closed);
    assert_eq!(line.len(), 2);
    assert_point(line[0], (0.0, 127.0), "the line starts at the triangle's start");
    assert_point(line[1], (0.0, 101.6), "and ends at (0, 72)");
    assert_eq!(path.as_rect(), None, "a triangle and a line are no rectangle");
    // re ends like h, at (x, y): 72 0 l from the box at (0, 0) is a new line
    // from (0, 0) to (72, 0), along the bottom, y = 127 mm.
    let p = page("0 0 36 36 re 72 0 l S");
    let subpaths = &p.paths[0].subpaths;
    assert_eq!(subpaths.len(), 2);
    assert_eq!(subpaths[0].0.len(), 4, "the box keeps its four corners");
    assert_eq!(subpaths[1].0.len(), 2);
    assert_point(subpaths[1].0[0], (0.0, 127.0), "the line starts at the box's corner");
    assert_point(subpaths[1].0[1], (25.4, 127.0), "and ends at (72, 0)");
    // A curve after h begins a new subpath too: 1 + 3 points.
    let p = page("0 0 m 72 0 l 72 72 l h 36 72 72 72 72 0 c S");
    assert_eq!(p.paths[0].subpaths[1].0.len(), 4);
}

// ---------------------------------------------------------------------------
// The transformation matrix
// ---------------------------------------------------------------------------

#[test]
fn cm_maps_points_and_q_q_keeps_it_inside() {
    // Inside q: scale 2 and shift (72, 36). (0, 0) → (72, 36), (36, 18) →
    // (144, 72): x 25.4 mm, w 72 pt = 25.4 mm; top 72 pt up, 288 pt = 101.6 mm
    // below the top; h 36 pt = 12.7 mm.
    // After Q, the same re is untransformed: x 0, w 12.7 mm; top 18 pt up,
    // 342 pt = 120.65 mm below the top; h 18 pt = 6.35 mm.
    let p = page("q 2 0 0 2 72 36 cm 0 0 36 18 re f Q 0 0 36 18 re f");
    assert_rect(p.paths[0].as_rect(), [25.4, 101.6, 25.4, 12.7], "inside q");
    assert_rect(p.paths[1].as_rect(), [0.0, 120.65, 12.7, 6.35], "after Q");
    assert_eq!(p.cms, vec![Matrix([2.0, 0.0, 0.0, 2.0, 72.0, 36.0])], "cm as written");
}

#[test]
fn nested_q_restores_each_level() {
    // Shift right 72 pt, then up 72 pt inside: the first square is at (72, 72),
    // the second (after the inner Q) at (72, 0), the third (after both) at (0, 0).
    // x: 25.4, 25.4, 0 mm. Tops: 108, 36, 36 pt up → 252, 324, 324 pt =
    // 88.9, 114.3, 114.3 mm below the top.
    let p = page("q 1 0 0 1 72 0 cm q 1 0 0 1 0 72 cm 0 0 36 36 re f Q 0 0 36 36 re f Q 0 0 36 36 re f");
    assert_eq!(p.paths.len(), 3);
    assert_rect(p.paths[0].as_rect(), [25.4, 88.9, 12.7, 12.7], "both shifts");
    assert_rect(p.paths[1].as_rect(), [25.4, 114.3, 12.7, 12.7], "the outer shift");
    assert_rect(p.paths[2].as_rect(), [0.0, 114.3, 12.7, 12.7], "no shift");
    assert_eq!(
        p.cms,
        vec![
            Matrix([1.0, 0.0, 0.0, 1.0, 72.0, 0.0]),
            Matrix([1.0, 0.0, 0.0, 1.0, 0.0, 72.0])
        ]
    );
}

#[test]
fn a_later_cm_applies_before_an_earlier_one() {
    // Shift 72 pt, then scale 2: a point is scaled first, then shifted (PDF
    // premultiplies). (0, 0) → (72, 0); (36, 36) → (72, 72) → (144, 72). So
    // x 25.4 mm, w 25.4 mm, top 72 pt up = 101.6 mm below the top, h 25.4 mm.
    // (Shifted first, it would start at 144 pt = 50.8 mm.)
    let p = page("1 0 0 1 72 0 cm 2 0 0 2 0 0 cm 0 0 36 36 re f");
    assert_rect(p.paths[0].as_rect(), [25.4, 101.6, 25.4, 25.4], "scale, then shift");
}

#[test]
fn a_quarter_turn_keeps_a_rectangle_a_rectangle() {
    // [0 1 -1 0 360 0]: (x, y) → (360 − y, x). The corners (0, 0), (72, 0),
    // (72, 36), (0, 36) go to (360, 0), (360, 72), (324, 72), (324, 0):
    // x 324 pt = 114.3 mm, w 12.7 mm; top 72 pt up = 101.6 mm below the top,
    // h 25.4 mm. The line width is not scaled: 2 pt = 0.70556 mm.
    let p = page("0 1 -1 0 360 0 cm 2 w 0 0 72 36 re S");
    assert_rect(p.paths[0].as_rect(), [114.3, 101.6, 12.7, 25.4], "turned");
    assert_close(p.paths[0].line_width, 2.0 * 25.4 / 72.0, TOL, "line width");
}

#[test]
fn a_page_drawn_in_millimetres_from_the_top_reads_back_in_its_own_numbers() {
    // The writer's pages start with a cm that makes user space millimetres,
    // y down: scale 72/25.4 = 2.8346457, flip, and move the origin to the top
    // (360 pt). A box drawn at (10, 20), 30 x 40 in those units is 10 mm from
    // the left and 20 mm from the top, 30 x 40 mm; its 0.25-unit line is
    // 0.25 mm (the flip makes the determinant negative: its size is what counts).
    let p = page("2.8346457 0 0 -2.8346457 0 360 cm 0.25 w 10 20 30 40 re S");
    assert_rect(p.paths[0].as_rect(), [10.0, 20.0, 30.0, 40.0], "a box in mm");
    assert_close(p.paths[0].line_width, 0.25, TOL, "line width in mm");
}

// ---------------------------------------------------------------------------
// Stroke width and colour
// ---------------------------------------------------------------------------

#[test]
fn the_line_width_is_scaled_by_the_transform_in_force_when_painting() {
    // No w: the default 1 pt = 0.35278 mm.
    assert_close(page("0 0 10 10 re S").paths[0].line_width, 25.4 / 72.0, TOL, "default");
    // 0.5 user units under a 3x scale: 1.5 pt = 0.52917 mm.
    let p = page("0.5 w 3 0 0 3 0 0 cm 0 0 10 10 re S");
    assert_close(p.paths[0].line_width, 1.5 * 25.4 / 72.0, TOL, "0.5 w under 3x");
    // A 2 x 8 scale stretches lengths by √16 = 4 on average: 1 w → 4 pt.
    let p = page("2 0 0 8 0 0 cm 1 w 0 0 10 10 re S");
    assert_close(p.paths[0].line_width, 4.0 * 25.4 / 72.0, TOL, "1 w under 2 x 8");
    // w inside q ends with Q: the second path is back to 2 pt (0.70556 mm).
    let p = page("2 w q 6 w 0 0 10 10 re S Q 0 0 10 10 re S");
    assert_close(p.paths[0].line_width, 6.0 * 25.4 / 72.0, TOL, "6 w inside q");
    assert_close(p.paths[1].line_width, 2.0 * 25.4 / 72.0, TOL, "2 w after Q");
}

#[test]
fn stroke_and_fill_colours_are_kept_apart_and_restored_by_q() {
    let p = page(
        "0 0 10 10 re B \
         1 0 0 RG 0 0 1 rg 0 0 10 10 re B \
         q 0 1 0 rg 0.5 0.5 0.5 RG 0 0 10 10 re B Q \
         0 0 10 10 re B",
    );
    let colours: Vec<_> = p.paths.iter().map(|x| (x.stroke_rgb, x.fill_rgb)).collect();
    assert_eq!(
        colours,
        [
            (None, None),
            (Some([1.0, 0.0, 0.0]), Some([0.0, 0.0, 1.0])),
            (Some([0.5, 0.5, 0.5]), Some([0.0, 1.0, 0.0])),
            (Some([1.0, 0.0, 0.0]), Some([0.0, 0.0, 1.0])),
        ]
    );
}

// ---------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------

#[test]
fn text_starts_where_td_moves_the_line() {
    // BT starts at the origin of user space; 72 288 Td moves the line start to
    // (72, 288): 25.4 mm across, 72 pt = 25.4 mm below the top. 36 -36 Td moves
    // it by (36, −36) to (108, 252): 38.1 mm, 108 pt = 38.1 mm.
    let p = page("BT /F1 12 Tf 72 288 Td (A) Tj 36 -36 Td (B) Tj ET");
    assert_eq!(p.texts.len(), 2);
    assert_point(p.texts[0].origin, (25.4, 25.4), "after 72 288 Td");
    assert_point(p.texts[1].origin, (38.1, 38.1), "after 36 -36 Td");
    assert!(p.texts.iter().all(|t| t.font == "F1" && t.size == 12.0));
    // A new text object starts again at the origin: (0, 0) is the bottom left,
    // 127 mm below the top.
    let p = page("BT /F1 12 Tf 72 288 Td (A) Tj ET BT (B) Tj ET");
    assert_point(p.texts[1].origin, (0.0, 127.0), "BT resets the text matrix");
}

#[test]
fn td_t_star_and_the_quote_operators_step_down_by_the_leading() {
    // 0 -36 TD moves down 36 pt and sets the leading to 36; T*, ' and " each
    // move down another 36 pt. Lines at y = 288, 252, 216, 180, 144 pt:
    // 72, 108, 144, 180, 216 pt below the top = 25.4, 38.1, 50.8, 63.5, 76.2 mm.
    let p = page("BT /F1 10 Tf 72 288 Td (A) Tj 0 -36 TD (B) Tj T* (C) Tj (D) ' 1 2 (E) \" ET");
    let ys: Vec<f64> = p.texts.iter().map(|t| t.origin.1).collect();
    assert_eq!(ys.len(), 5);
    for (got, want) in ys.iter().zip([25.4, 38.1, 50.8, 63.5, 76.2]) {
        assert_close(*got, want, TOL, "line");
    }
    assert!(
        p.texts.iter().all(|t| (t.origin.0 - 25.4).abs() < TOL),
        "all at x = 72 pt"
    );
    // TL sets the leading alone: 18 TL, T* from (72, 288) to (72, 270): 90 pt = 31.75 mm.
    let p = page("BT /F1 10 Tf 18 TL 72 288 Td T* (A) Tj ET");
    assert_point(p.texts[0].origin, (25.4, 31.75), "T* after 18 TL");
}

#[test]
fn tm_places_the_line_and_td_moves_in_its_scaled_space() {
    // 2 0 0 2 144 72 Tm: the line starts at (144, 72): 50.8 mm across, 288 pt =
    // 101.6 mm down. 36 0 Td moves 36 units of the Tm space, 72 pt on the page:
    // (216, 72), 76.2 mm across. (Unscaled it would be 63.5 mm.)
    let p = page("BT /F2 8 Tf 2 0 0 2 144 72 Tm (A) Tj 36 0 Td [(B) -500 (C)] TJ ET");
    assert_eq!(p.texts.len(), 2, "Tj and TJ are one text each");
    assert_point(p.texts[0].origin, (50.8, 101.6), "Tm");
    assert_point(p.texts[1].origin, (76.2, 101.6), "Td after Tm");
    assert_eq!((p.texts[0].font.as_str(), p.texts[0].size), ("F2", 8.0));
    // Tm replaces the line matrix rather than adding to it.
    let p = page("BT /F1 8 Tf 72 72 Td 1 0 0 1 144 72 Tm (A) Tj ET");
    assert_point(p.texts[0].origin, (50.8, 101.6), "Tm after Td");
}

#[test]
fn text_follows_the_transform_in_force() {
    // cm shifts by (72, 0); 0 36 Td inside it puts the line at (72, 36):
    // 25.4 mm across, 324 pt = 114.3 mm down. After Q, the same Td is at (0, 36).
    let p = page("q 1 0 0 1 72 0 cm BT /F1 9 Tf 0 36 Td (A) Tj ET Q BT /F1 9 Tf 0 36 Td (B) Tj ET");
    assert_point(p.texts[0].origin, (25.4, 114.3), "inside the cm");
    assert_point(p.texts[1].origin, (0.0, 114.3), "after Q");
    // The flip the writer's pages use: y down in a cm, and Tm flipping the text
    // back. [1 0 0 -1 0 360] maps user (x, y) to PDF (x, 360 − y), so user y is
    // millimetres-from-the-top in points; 1 0 0 -1 72 72 Tm puts the line at
    // user (72, 72): 25.4 mm across and 25.4 mm down.
    let p = page("1 0 0 -1 0 360 cm BT /F1 9 Tf 1 0 0 -1 72 72 Tm (A) Tj ET");
    assert_point(p.texts[0].origin, (25.4, 25.4), "flipped page");
}

#[test]
fn q_and_q_restore_the_font_and_the_leading() {
    // The text state is part of the graphics state (ISO 32000-1, 8.4.1): Tf
    // and TL inside q end with Q. F1 10 and a leading of 18 are set outside;
    // F2 20 and 50 inside. After Q the text is F1 10 again, and T* steps 18 pt
    // down from (72, 288) to (72, 270): 90 pt = 31.75 mm below the top.
    let p = page("/F1 10 Tf 18 TL q BT /F2 20 Tf 50 TL (A) Tj ET Q BT 72 288 Td T* (B) Tj ET");
    let fonts: Vec<(&str, f64)> = p.texts.iter().map(|t| (t.font.as_str(), t.size)).collect();
    assert_eq!(fonts, [("F2", 20.0), ("F1", 10.0)]);
    assert_point(p.texts[1].origin, (25.4, 31.75), "T* with the leading set before q");
}

#[test]
fn the_font_and_size_are_kept_from_text_object_to_text_object() {
    // Tf is part of the text state, which outlives ET.
    let p = page("BT /F2 14 Tf (A) Tj ET BT (B) Tj /F1 7 Tf (C) Tj ET");
    let fonts: Vec<(&str, f64)> = p.texts.iter().map(|t| (t.font.as_str(), t.size)).collect();
    assert_eq!(fonts, [("F2", 14.0), ("F2", 14.0), ("F1", 7.0)]);
}

#[test]
fn a_show_reports_where_its_strings_start_and_where_it_ends_by_the_fonts_widths() {
    // /F1: a simple font whose /Widths make A (65) 500 and B (66) 250
    // thousandths of the size wide. /F2: a Type0 font whose /W gives codes 1
    // and 2 500 and 250 (a list) and 3 to 5 1000 (a range); any other code is
    // its /DW, 250. /F3: Helvetica, whose widths are not in the file.
    let fonts = |_: &mut Document| {
        dictionary! {
            "F1" => dictionary! {
                "Type" => "Font",
                "Subtype" => "TrueType",
                "BaseFont" => "Simple",
                "FirstChar" => 65,
                "Widths" => vec![Object::Integer(500), Object::Integer(250)],
            },
            "F2" => dictionary! {
                "Type" => "Font",
                "Subtype" => "Type0",
                "BaseFont" => "Composite",
                "Encoding" => "Identity-H",
                "DescendantFonts" => vec![Object::Dictionary(dictionary! {
                    "Type" => "Font",
                    "Subtype" => "CIDFontType2",
                    "DW" => 250,
                    "W" => vec![
                        Object::Integer(1),
                        Object::Array(vec![Object::Integer(500), Object::Integer(250)]),
                        Object::Integer(3),
                        Object::Integer(5),
                        Object::Integer(1000),
                    ],
                })],
            },
            "F3" => dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica" },
        }
    };
    // At 72 pt, A is 36 pt wide and B 18. The first show starts at (72, 288):
    // (AB) there, 25.4 mm across and 25.4 mm down; it moves 54 pt to 126,
    // -250 moves 18 pt more, so (A) starts at 144 pt = 50.8 mm and the show
    // ends 36 pt later at 180 pt = 63.5 mm. The Tj after it starts where the
    // text matrix stands (it is not moved on) and ends 18 pt later: 31.75 mm.
    // The Type0 show at (72, 144), 76.2 mm down: codes 1 and 2 take 54 pt,
    // -500 another 36, so code 3 starts at 162 pt = 57.15 mm; it is 72 pt
    // wide, so code 9 starts at 234 pt = 82.55 mm and ends at its /DW, 18 pt
    // later: 252 pt = 88.9 mm.
    let content = "BT /F1 72 Tf 72 288 Td [(AB) -250 (A)] TJ (B) Tj \
                   /F2 72 Tf 0 -144 Td [<00010002> -500 <0003> <0009>] TJ \
                   /F3 72 Tf (A) Tj ET";
    let bytes = build(
        None,
        &[PageSpec {
            media_box: Some(PAGE),
            contents: &[content],
        }],
        fonts,
    );
    let p = read_pdf(&bytes).remove(0);
    let [tj, simple, type0, helvetica] = &p.texts[..] else {
        panic!("four shows, got {}", p.texts.len())
    };
    let xs = |t: &PdfText| t.starts.iter().map(|s| s.0).collect::<Vec<f64>>();
    for (got, want) in xs(tj).iter().zip([25.4, 50.8]) {
        assert_close(*got, want, TOL, "TJ string start");
    }
    assert_eq!(tj.starts.len(), 2, "one start per string");
    assert_point(tj.end.unwrap(), (63.5, 25.4), "TJ end");
    assert_eq!(xs(simple).len(), 1);
    assert_close(xs(simple)[0], 25.4, TOL, "Tj start");
    assert_point(simple.end.unwrap(), (31.75, 25.4), "Tj end");
    assert_eq!(xs(type0).len(), 3);
    for (got, want) in xs(type0).iter().zip([25.4, 57.15, 82.55]) {
        assert_close(*got, want, TOL, "Type0 string start");
    }
    assert_point(type0.end.unwrap(), (88.9, 76.2), "Type0 end");
    assert!(helvetica.starts.is_empty() && helvetica.end.is_none(), "{helvetica:?}");
}

// ---------------------------------------------------------------------------
// Fonts and extracted text
// ---------------------------------------------------------------------------

#[test]
fn has_subset_tag_wants_six_capitals_a_plus_and_a_name() {
    assert!(has_subset_tag("ABCDEF+DejaVuSans"));
    assert!(has_subset_tag("QWERTY+X"));
    for name in [
        "DejaVuSans",        // no tag
        "ABCDE+DejaVuSans",  // five letters
        "ABCDEFG+DejaVu",    // seven letters
        "ABCDeF+DejaVuSans", // a lower-case letter
        "ABC1EF+DejaVuSans", // a digit
        "ABCDEF-DejaVuSans", // no plus
        "ABCDEF+",           // no name after the tag
        "",
    ] {
        assert!(!has_subset_tag(name), "{name:?}");
    }
}

#[test]
fn pdf_fonts_reports_simple_and_type0_fonts_with_their_programs() {
    // /F1: Helvetica, not embedded. /F2: a TrueType font with a 4000-byte
    // program, stored compressed: the reader reports its decompressed length.
    // /F3: a Type0 font whose descriptor, with a 333-byte program stored as is,
    // hangs on its descendant CIDFont.
    let fonts = |doc: &mut Document| {
        let program: Vec<u8> = (0..4000u32).map(|i| (i % 7) as u8).collect();
        let mut compressed = Stream::new(Dictionary::new(), program);
        compressed.compress().unwrap();
        assert!(compressed.dict.has(b"Filter"), "the program is stored compressed");
        assert!(compressed.content.len() < 4000);
        let f2_program = doc.add_object(compressed);
        let f3_program = doc.add_object(Stream::new(Dictionary::new(), vec![1u8; 333]));
        dictionary! {
            "F1" => dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica" },
            "F2" => dictionary! {
                "Type" => "Font",
                "Subtype" => "TrueType",
                "BaseFont" => "ABCDEF+DejaVuSans",
                "FontDescriptor" => dictionary! {
                    "Type" => "FontDescriptor",
                    "FontName" => "ABCDEF+DejaVuSans",
                    "FontFile2" => f2_program,
                },
            },
            "F3" => dictionary! {
                "Type" => "Font",
                "Subtype" => "Type0",
                "BaseFont" => "GHIJKL+DejaVuSans-Bold",
                "Encoding" => "Identity-H",
                "DescendantFonts" => vec![Object::Dictionary(dictionary! {
                    "Type" => "Font",
                    "Subtype" => "CIDFontType2",
                    "BaseFont" => "MNOPQR+DejaVuSans-Bold",
                    "FontDescriptor" => dictionary! {
                        "Type" => "FontDescriptor",
                        "FontName" => "MNOPQR+DejaVuSans-Bold",
                        "FontFile2" => f3_program,
                    },
                })],
            },
        }
    };
    let bytes = build(
        None,
        &[PageSpec {
            media_box: Some(PAGE),
            contents: &[""],
        }],
        fonts,
    );
    let fonts = pdf_fonts(&bytes);
    let got: Vec<_> = fonts
        .iter()
        .map(|f| {
            (
                f.resource.as_str(),
                f.subtype.as_str(),
                f.base_font.as_str(),
                f.descendant_base_font.as_deref(),
                f.font_file_key.as_deref(),
                f.program_len,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("F1", "Type1", "Helvetica", None, None, 0),
            ("F2", "TrueType", "ABCDEF+DejaVuSans", None, Some("FontFile2"), 4000),
            (
                "F3",
                "Type0",
                "GHIJKL+DejaVuSans-Bold",
                Some("MNOPQR+DejaVuSans-Bold"),
                Some("FontFile2"),
                333
            ),
        ]
    );
    assert!(!has_subset_tag(&fonts[0].base_font) && has_subset_tag(&fonts[1].base_font));
}

#[test]
fn pdf_fonts_lists_a_shared_font_once_per_page() {
    // Two pages sharing one resource dictionary: F1 and F2 on each.
    let bytes = build(
        None,
        &[
            PageSpec {
                media_box: Some(PAGE),
                contents: &[""],
            },
            PageSpec {
                media_box: Some(PAGE),
                contents: &[""],
            },
        ],
        helvetica,
    );
    let names: Vec<String> = pdf_fonts(&bytes).into_iter().map(|f| f.resource).collect();
    assert_eq!(names, ["F1", "F2", "F1", "F2"]);
}

#[test]
fn pdf_text_gives_a_line_per_text_object_across_pages() {
    // WinAnsi 0xE9 is é. lopdf ends each text object with a newline and adds a
    // space after a TJ array; inside one, an integer offset below -100 reads
    // as a space, a real one as nothing. So a justified line whose spaces are
    // in its strings reads with single spaces either way.
    let bytes = build(
        None,
        &[
            PageSpec {
                media_box: Some(PAGE),
                contents: &[
                    "BT /F1 12 Tf 72 288 Td (Caf\\351) Tj ET BT /F1 12 Tf 72 260 Td [(two ) -250.5 (words)] TJ ET BT [(two) -250 (words)] TJ ET",
                ],
            },
            PageSpec {
                media_box: Some(PAGE),
                contents: &["BT /F1 12 Tf 72 288 Td (Page two) Tj ET"],
            },
        ],
        helvetica,
    );
    assert_eq!(pdf_text(&bytes), "Caf\u{e9}\ntwo words \ntwo words \nPage two\n");
}
