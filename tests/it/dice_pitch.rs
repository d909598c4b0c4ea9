//! The shipped dice-football pitch (docs/GAMES.md), built by the binary and
//! measured back from its PDF, SVG and PNG; and broken copies of it, which the
//! checker must refuse with the right finding and without writing anything.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::common::*;

/// How far two lengths may differ and still be the same on paper (mm).
const TOL: f64 = 0.01;
/// The game's board (docs/GAMES.md, "Dice football").
const COLUMNS: usize = 10;
const ROWS: usize = 18;
/// The shipped layout's square.
const PITCH: f64 = 20.0;

const PDF_OUT: &str = "output/dice-football/pitch.pdf";
const SVG_OUT: &str = "output/dice-football/pitch.svg";

/// A project folder with the shipped layout, built with `pitchprint build` and
/// no arguments.
fn built_shipped(name: &str) -> TestDir {
    let dir = TestDir::with_shipped_layout(name);
    dir.run(&["build"]).expect_code(0);
    dir
}

/// The shipped layout built once, as [`built_shipped`] does, for the tests
/// that only read its outputs.
fn shipped_pitch() -> &'static TestDir {
    built_once("dice-pitch", &[(SHIPPED_REL, shipped_layout())], &["build"])
}

/// The board as the SVG draws it: cell-0-0's corner and side.
struct Board {
    x: f64,
    y: f64,
    pitch: f64,
}

impl Board {
    fn from_svg(svg: &roxmltree::Document<'_>) -> Board {
        let c = svg_rect(by_id(svg, "cell-0-0"));
        Board {
            x: c.x,
            y: c.y,
            pitch: c.w,
        }
    }
    fn at(&self, col: f64, row: f64) -> (f64, f64) {
        (self.x + self.pitch * col, self.y + self.pitch * row)
    }
    fn width(&self) -> f64 {
        self.pitch * COLUMNS as f64
    }
    fn height(&self) -> f64 {
        self.pitch * ROWS as f64
    }
    fn centre_x(&self) -> f64 {
        self.x + self.width() / 2.0
    }
    fn bottom(&self) -> f64 {
        self.y + self.height()
    }
}

/// `(col, row)` from an id `cell-{col}-{row}`.
fn cell_index(id: &str) -> (usize, usize) {
    let rest = id
        .strip_prefix("cell-")
        .unwrap_or_else(|| panic!("{id:?} is not a cell id"));
    let (c, r) = rest
        .split_once('-')
        .unwrap_or_else(|| panic!("{id:?} is not cell-COL-ROW"));
    (c.parse().unwrap(), r.parse().unwrap())
}

/// `#rrggbb` as PDF colour components (0-1).
fn hex_rgb(s: &str) -> [f64; 3] {
    let h = s.strip_prefix('#').unwrap_or_else(|| panic!("{s:?} is not #rrggbb"));
    assert_eq!(h.len(), 6, "{s:?} is not #rrggbb");
    let v = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).unwrap() as f64 / 255.0;
    [v(0), v(2), v(4)]
}

fn same_rgb(a: Option<[f64; 3]>, b: [f64; 3]) -> bool {
    a.is_some_and(|a| (0..3).all(|i| (a[i] - b[i]).abs() < 0.003))
}

// ---------------------------------------------------------------------------
// The shipped layout
// ---------------------------------------------------------------------------

#[test]
fn build_without_arguments_writes_pdf_and_svg_under_output() {
    let dir = TestDir::with_shipped_layout("build_without_arguments");
    let run = dir.run(&["build"]);
    run.expect_code(0);
    let mut written = files_with_ext(&dir.join("output"), &["pdf", "svg", "png"]);
    written.sort();
    assert_eq!(
        written,
        vec![
            std::path::PathBuf::from("dice-football/pitch-ca.pdf"),
            std::path::PathBuf::from("dice-football/pitch-ca.svg"),
            std::path::PathBuf::from("dice-football/pitch-en.pdf"),
            std::path::PathBuf::from("dice-football/pitch-en.svg"),
            std::path::PathBuf::from("dice-football/pitch.pdf"),
            std::path::PathBuf::from("dice-football/pitch.svg"),
        ],
        "the default formats are pdf and svg, in every language (Spanish unsuffixed), kept in the layout's game folder"
    );
    assert!(
        run.stderr
            .contains("built 1 layout in 3 languages (es, en, ca): 6 files"),
        "one layout in three languages: {}",
        run.stderr
    );
    // Atomic writes leave no temporary file behind.
    // (and the build's record of what it wrote, for the next one).
    let all: Vec<PathBuf> = snapshot(&dir.join("output"))
        .into_keys()
        .filter(|p| !is_record(p))
        .collect();
    assert_eq!(all.len(), 6, "only the outputs are in output/: {all:?}");
}

#[test]
fn page_is_a3_portrait_in_pdf_and_svg() {
    let dir = shipped_pitch();
    let pages = read_pdf(&dir.read(PDF_OUT));
    assert_eq!(pages.len(), 1, "one page");
    assert_close(pages[0].width_mm, 297.0, TOL, "PDF MediaBox width (mm)");
    assert_close(pages[0].height_mm, 420.0, TOL, "PDF MediaBox height (mm)");

    let text = dir.read_string(SVG_OUT);
    let svg = roxmltree::Document::parse(&text).expect("the SVG parses");
    let root = svg.root_element();
    assert_eq!(root.attribute("width"), Some("297mm"));
    assert_eq!(root.attribute("height"), Some("420mm"));
    let (w, h, vb) = svg_page(&svg);
    assert_eq!((w, h), (297.0, 420.0));
    for (got, want) in vb.iter().zip([0.0, 0.0, 297.0, 420.0]) {
        assert_close(*got, want, 1e-9, "one user unit is one millimetre (viewBox)");
    }
}

#[test]
fn svg_has_180_cells_of_20_mm_on_one_grid() {
    let dir = shipped_pitch();
    let text = dir.read_string(SVG_OUT);
    let svg = roxmltree::Document::parse(&text).unwrap();
    let cells = by_class(&svg, "cell");
    assert_eq!(cells.len(), COLUMNS * ROWS, "one <rect class=\"cell\"> per square");
    let board = Board::from_svg(&svg);
    assert_close(board.pitch, PITCH, TOL, "cell-0-0 side");

    let mut cols = BTreeSet::new();
    let mut rows = BTreeSet::new();
    let mut ids = BTreeSet::new();
    for node in &cells {
        assert_eq!(node.tag_name().name(), "rect", "cells are rects");
        let id = node.attribute("id").expect("every cell has an id");
        assert!(ids.insert(id.to_string()), "duplicate id {id}");
        let (col, row) = cell_index(id);
        cols.insert(col);
        rows.insert(row);
        let r = svg_rect(*node);
        assert_close(r.w, PITCH, TOL, &format!("{id} width"));
        assert_close(r.h, PITCH, TOL, &format!("{id} height"));
        let (ex, ey) = board.at(col as f64, row as f64);
        assert_close(r.x, ex, TOL, &format!("{id} x"));
        assert_close(r.y, ey, TOL, &format!("{id} y"));
    }
    assert_eq!(cols, (0..COLUMNS).collect(), "10 distinct columns, 0 to 9");
    assert_eq!(rows, (0..ROWS).collect(), "18 distinct rows, 0 to 17");
}

#[test]
fn pdf_cells_measured_from_the_content_stream_match_the_svg() {
    let dir = shipped_pitch();
    let text = dir.read_string(SVG_OUT);
    let svg = roxmltree::Document::parse(&text).unwrap();
    let svg_cells: Vec<(f64, f64)> = by_class(&svg, "cell")
        .into_iter()
        .map(|n| {
            let r = svg_rect(n);
            (r.x, r.y)
        })
        .collect();
    let first = by_id(&svg, "cell-0-0");
    let grid_rgb = hex_rgb(first.attribute("stroke").expect("cells are stroked"));
    let grid_width = attr(first, "stroke-width");

    let pages = read_pdf(&dir.read(PDF_OUT));
    let page = &pages[0];
    // Squares: stroked rectangles of one pitch a side.
    let squares: Vec<_> = page
        .rects()
        .into_iter()
        .filter(|(r, p)| p.strokes() && (r.w - PITCH).abs() <= TOL && (r.h - PITCH).abs() <= TOL)
        .collect();
    assert_eq!(
        squares.len(),
        COLUMNS * ROWS,
        "stroked 20 x 20 mm rectangles in the PDF"
    );
    for (r, p) in &squares {
        assert!(
            same_rgb(p.stroke_rgb, grid_rgb),
            "square at ({}, {}) is stroked {:?}, the grid colour is {grid_rgb:?}",
            r.x,
            r.y,
            p.stroke_rgb
        );
        assert_close(p.line_width, grid_width, TOL, "grid line width (mm) in the PDF");
    }

    // One grid: 10 distinct columns and 18 distinct rows, 20 mm apart.
    let distinct = |v: Vec<f64>| -> Vec<f64> {
        let mut v = v;
        v.sort_by(f64::total_cmp);
        v.dedup_by(|a, b| (*a - *b).abs() <= TOL);
        v
    };
    let xs = distinct(squares.iter().map(|(r, _)| r.x).collect());
    let ys = distinct(squares.iter().map(|(r, _)| r.y).collect());
    assert_eq!(xs.len(), COLUMNS, "distinct square columns in the PDF: {xs:?}");
    assert_eq!(ys.len(), ROWS, "distinct square rows in the PDF: {ys:?}");
    for (i, x) in xs.iter().enumerate() {
        assert_close(*x, xs[0] + PITCH * i as f64, TOL, &format!("PDF column {i} x"));
    }
    for (i, y) in ys.iter().enumerate() {
        assert_close(*y, ys[0] + PITCH * i as f64, TOL, &format!("PDF row {i} y"));
    }

    // Every PDF square is one SVG cell, and the other way round.
    let mut unmatched: Vec<(f64, f64)> = svg_cells.clone();
    for (r, _) in &squares {
        let i = unmatched
            .iter()
            .position(|(x, y)| (x - r.x).abs() <= TOL && (y - r.y).abs() <= TOL)
            .unwrap_or_else(|| panic!("PDF square at ({}, {}) has no SVG cell there", r.x, r.y));
        unmatched.swap_remove(i);
    }
    assert!(unmatched.is_empty(), "SVG cells missing from the PDF: {unmatched:?}");
}

#[test]
fn scale_bar_is_50_mm_in_svg_and_pdf() {
    let dir = shipped_pitch();
    let text = dir.read_string(SVG_OUT);
    let svg = roxmltree::Document::parse(&text).unwrap();
    let bars = by_class(&svg, "scale-bar");
    assert_eq!(bars.len(), 1, "one scale bar");
    let bar = svg_rect(bars[0]);
    assert_close(bar.w, 50.0, 1e-9, "scale bar width in the SVG");

    let pages = read_pdf(&dir.read(PDF_OUT));
    let in_pdf: Vec<_> = pages[0]
        .rects()
        .into_iter()
        .filter(|(r, p)| {
            p.fills() && (r.x - bar.x).abs() <= TOL && (r.y - bar.y).abs() <= TOL && (r.h - bar.h).abs() <= TOL
        })
        .collect();
    assert_eq!(in_pdf.len(), 1, "the scale bar is a filled rectangle in the PDF too");
    assert_close(in_pdf[0].0.w, 50.0, TOL, "scale bar width in the PDF");
}

#[test]
fn penalty_and_goal_areas_are_centred_on_each_goal_line() {
    let dir = shipped_pitch();
    let text = dir.read_string(SVG_OUT);
    let svg = roxmltree::Document::parse(&text).unwrap();
    let b = Board::from_svg(&svg);
    // (class, squares wide, squares deep)
    for (class, w, d) in [("penalty-area", 6.0, 3.0), ("goal-area", 4.0, 1.0)] {
        let mut areas: Vec<MmRect> = by_class(&svg, class).into_iter().map(svg_rect).collect();
        assert_eq!(areas.len(), 2, "one {class} at each end");
        areas.sort_by(|a, b| a.y.total_cmp(&b.y));
        for (end, r) in ["top", "bottom"].iter().zip(&areas) {
            let what = format!("{end} {class}");
            assert_close(r.w, w * PITCH, TOL, &format!("{what} width"));
            assert_close(r.h, d * PITCH, TOL, &format!("{what} depth"));
            assert_close(r.centre().0, b.centre_x(), TOL, &format!("{what} centred"));
            // Squares whole: the edges lie on grid lines.
            assert_close(
                r.x,
                b.at((COLUMNS as f64 - w) / 2.0, 0.0).0,
                TOL,
                &format!("{what} left edge"),
            );
        }
        assert_close(areas[0].y, b.y, TOL, &format!("top {class} touches the top goal line"));
        assert_close(
            areas[1].bottom(),
            b.bottom(),
            TOL,
            &format!("bottom {class} touches the bottom goal line"),
        );
    }
}

#[test]
fn penalty_spots_are_on_the_third_row_centred() {
    let dir = shipped_pitch();
    let text = dir.read_string(SVG_OUT);
    let svg = roxmltree::Document::parse(&text).unwrap();
    let b = Board::from_svg(&svg);
    let mut spots: Vec<(f64, f64)> = by_class(&svg, "penalty-spot")
        .into_iter()
        .map(|n| {
            assert_eq!(n.tag_name().name(), "circle", "a penalty spot is a circle");
            (attr(n, "cx"), attr(n, "cy"))
        })
        .collect();
    assert_eq!(spots.len(), 2, "two penalty spots");
    spots.sort_by(|a, b| a.1.total_cmp(&b.1));
    for (x, _) in &spots {
        assert_close(*x, b.centre_x(), TOL, "penalty spot centred across the board");
    }
    // The third row from each goal line: 2.5 squares in.
    assert_close(spots[0].1, b.y + 2.5 * PITCH, TOL, "top penalty spot");
    assert_close(spots[1].1, b.bottom() - 2.5 * PITCH, TOL, "bottom penalty spot");
    // ... which is inside the third row's squares (rows 2 and 15).
    let row = |r: usize| svg_rect(by_id(&svg, &format!("cell-0-{r}")));
    assert!(
        row(2).y < spots[0].1 && spots[0].1 < row(2).bottom(),
        "top spot on row 3"
    );
    assert!(
        row(ROWS - 3).y < spots[1].1 && spots[1].1 < row(ROWS - 3).bottom(),
        "bottom spot on row 3 from the bottom"
    );
}

#[test]
fn centre_spot_is_at_the_board_centre() {
    let dir = shipped_pitch();
    let text = dir.read_string(SVG_OUT);
    let svg = roxmltree::Document::parse(&text).unwrap();
    let b = Board::from_svg(&svg);
    let spots = by_class(&svg, "centre-spot");
    assert_eq!(spots.len(), 1, "one kick-off spot");
    assert_eq!(spots[0].tag_name().name(), "circle");
    assert_close(attr(spots[0], "cx"), b.centre_x(), TOL, "centre spot x");
    assert_close(attr(spots[0], "cy"), b.y + b.height() / 2.0, TOL, "centre spot y");
}

#[test]
fn corner_triangles_sit_in_the_four_corner_squares() {
    let dir = shipped_pitch();
    let text = dir.read_string(SVG_OUT);
    let svg = roxmltree::Document::parse(&text).unwrap();
    let corners: Vec<MmRect> = [(0, 0), (COLUMNS - 1, 0), (0, ROWS - 1), (COLUMNS - 1, ROWS - 1)]
        .iter()
        .map(|(c, r)| svg_rect(by_id(&svg, &format!("cell-{c}-{r}"))))
        .collect();
    let triangles = by_class(&svg, "corner-triangle");
    assert_eq!(triangles.len(), 4, "four corner triangles");
    let mut used = [0usize; 4];
    for t in triangles {
        assert_eq!(t.tag_name().name(), "polygon", "a corner triangle is a polygon");
        let pts = svg_points(t);
        assert_eq!(pts.len(), 3, "a triangle has three corners: {pts:?}");
        let home = corners
            .iter()
            .position(|c| pts.iter().all(|p| c.contains(*p, TOL)))
            .unwrap_or_else(|| panic!("triangle {pts:?} is not inside a corner square"));
        used[home] += 1;
    }
    assert_eq!(used, [1, 1, 1, 1], "one triangle in each corner square");
}

#[test]
fn halfway_line_crosses_the_board_after_nine_rows() {
    let dir = shipped_pitch();
    let text = dir.read_string(SVG_OUT);
    let svg = roxmltree::Document::parse(&text).unwrap();
    let b = Board::from_svg(&svg);
    let lines = by_class(&svg, "halfway-line");
    assert_eq!(lines.len(), 1, "one halfway line");
    let l = lines[0];
    assert_eq!(l.tag_name().name(), "line");
    let y = b.y + 9.0 * b.pitch;
    assert_close(attr(l, "y1"), y, TOL, "halfway line y1");
    assert_close(attr(l, "y2"), y, TOL, "halfway line y2");
    let (x1, x2) = (attr(l, "x1"), attr(l, "x2"));
    assert_close(x1.min(x2), b.x, TOL, "halfway line starts at the left side");
    assert_close(x1.max(x2), b.x + b.width(), TOL, "halfway line ends at the right side");
}

#[test]
fn goals_stand_outside_the_short_sides_80_mm_wide_centred() {
    let dir = shipped_pitch();
    let text = dir.read_string(SVG_OUT);
    let svg = roxmltree::Document::parse(&text).unwrap();
    let b = Board::from_svg(&svg);
    let mut goals: Vec<MmRect> = by_class(&svg, "goal").into_iter().map(svg_rect).collect();
    assert_eq!(goals.len(), 2, "two goals");
    goals.sort_by(|a, b| a.y.total_cmp(&b.y));
    for g in &goals {
        assert_close(g.w, 4.0 * PITCH, TOL, "goal width");
        assert_close(g.centre().0, b.centre_x(), TOL, "goal centred");
        assert!(g.h > 0.0, "a goal has depth");
    }
    assert_close(
        goals[0].bottom(),
        b.y,
        TOL,
        "the top goal stands on the top goal line, outside the board",
    );
    assert_close(
        goals[1].y,
        b.bottom(),
        TOL,
        "the bottom goal stands on the bottom goal line, outside the board",
    );
}

#[test]
fn fonts_are_embedded_and_subset() {
    let dir = shipped_pitch();
    let fonts = pdf_fonts(&dir.read(PDF_OUT));
    assert!(!fonts.is_empty(), "the page uses fonts");
    let full = dejavu::sans::regular().len().min(dejavu::sans::bold().len());
    for f in &fonts {
        assert!(
            matches!(f.font_file_key.as_deref(), Some("FontFile2" | "FontFile3")),
            "font {} ({}) embeds no FontFile2/FontFile3: {:?}",
            f.resource,
            f.base_font,
            f.font_file_key
        );
        assert!(
            has_subset_tag(&f.base_font),
            "BaseFont {:?} has no subset tag",
            f.base_font
        );
        if let Some(d) = &f.descendant_base_font {
            assert!(has_subset_tag(d), "descendant BaseFont {d:?} has no subset tag");
        }
        assert!(
            f.program_len > 0 && f.program_len * 10 < full,
            "font {} embeds {} bytes; the whole DejaVu file is {full}: not a subset",
            f.base_font,
            f.program_len
        );
    }
}

#[test]
fn accented_title_extracts_exactly_from_pdf_and_svg() {
    let title = "¡Fútbol! ¿Quién gana? Año, col·lecció, plaça, à, 5 €";
    let dir = TestDir::new("accented_title");
    let layout = replace_line(&shipped_layout(), "title =", &format!("title = \"{title}\""));
    dir.write(SHIPPED_REL, &layout);
    dir.run(&["build"]).expect_code(0);

    let pdf = dir.read(PDF_OUT);
    let extracted = pdf_text(&pdf);
    assert!(
        extracted.lines().any(|l| l == title),
        "the title does not extract exactly from the PDF; lopdf gave:\n{extracted}"
    );

    let text = dir.read_string(SVG_OUT);
    let svg = roxmltree::Document::parse(&text).unwrap();
    let texts = svg_texts(&svg);
    assert_eq!(
        texts.iter().filter(|t| *t == title).count(),
        1,
        "the title is one <text> in the SVG: {texts:?}"
    );

    // Each PDF text starts where the SVG's does.
    let mut svg_origins: Vec<(f64, f64)> = svg
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| (attr(n, "x"), attr(n, "y")))
        .collect();
    let page = &read_pdf(&pdf)[0];
    assert_eq!(
        page.texts.len(),
        svg_origins.len(),
        "as many text runs in the PDF as in the SVG"
    );
    for t in &page.texts {
        let i = svg_origins
            .iter()
            .position(|(x, y)| (x - t.origin.0).abs() <= TOL && (y - t.origin.1).abs() <= TOL)
            .unwrap_or_else(|| panic!("PDF text at {:?} has no SVG text there: {svg_origins:?}", t.origin));
        svg_origins.swap_remove(i);
    }
}

#[test]
fn builds_are_byte_identical_across_runs() {
    let one = built_shipped("deterministic_one");
    let two = built_shipped("deterministic_two");
    assert!(
        one.read(PDF_OUT) == two.read(PDF_OUT),
        "two runs wrote different PDF bytes"
    );
    assert!(
        one.read(SVG_OUT) == two.read(SVG_OUT),
        "two runs wrote different SVG bytes"
    );
}

#[test]
fn a_layout_builds_the_same_alone_or_with_others_in_one_run() {
    let layout = shipped_layout();
    let other = replace_line(&layout, "title =", "title = \"Otra copia, otro título\"");
    let dirs: Vec<(TestDir, Vec<&str>)> = vec![
        (TestDir::new("alone"), vec!["a.toml"]),
        (TestDir::new("together_ab"), vec!["a.toml", "b.toml"]),
        (TestDir::new("together_bca"), vec!["b.toml", "c.toml", "a.toml"]),
    ];
    for (dir, layouts) in &dirs {
        dir.write("a.toml", &layout);
        dir.write("b.toml", &layout);
        dir.write("c.toml", &other);
        let mut args = vec!["build", "--out", "out"];
        args.extend(layouts);
        dir.run(&args).expect_code(0);
    }
    let alone = &dirs[0].0;
    for (dir, layouts) in &dirs[1..] {
        assert!(
            alone.read("out/a.pdf") == dir.read("out/a.pdf"),
            "a.pdf differs when built with {layouts:?}"
        );
        assert!(
            alone.read("out/a.svg") == dir.read("out/a.svg"),
            "a.svg differs when built with {layouts:?}"
        );
        assert!(
            dir.read("out/a.pdf") == dir.read("out/b.pdf"),
            "two copies of one layout gave different PDFs in one run ({layouts:?})"
        );
    }
}

#[test]
fn png_has_the_pixel_size_for_the_dpi() {
    let dir = TestDir::with_shipped_layout("png_dpi");
    dir.run(&[
        "build",
        SHIPPED_REL,
        "--lang",
        "es",
        "--format",
        "png",
        "--dpi",
        "60",
        "--out",
        "prints",
    ])
    .expect_code(0);
    let written = files_with_ext(&dir.join("prints"), &["pdf", "svg", "png"]);
    assert_eq!(
        written,
        vec![std::path::PathBuf::from("dice-football/pitch.png")],
        "only the PNG"
    );
    let png = dir.read("prints/dice-football/pitch.png");
    let (w, h) = png_size(&png);
    let px = |mm: f64| (mm / 25.4 * 60.0).round() as u32;
    assert_eq!((w, h), (px(297.0), px(420.0)), "A3 at 60 dpi");
    // The file says its resolution before its image data, so a viewer prints it at size.
    let dpi = png_dpi(&png).expect("a pHYs chunk before the image data");
    assert_close(dpi, 60.0, 0.01, "declared dpi");
}

#[test]
fn explicit_paths_all_formats_and_out_dir() {
    let dir = TestDir::with_shipped_layout("explicit_paths");
    dir.write("my-pitch.toml", &shipped_layout());
    let run = dir.run(&[
        "build",
        "--lang",
        "es",
        SHIPPED_REL,
        "my-pitch.toml",
        "--format",
        "pdf,svg,png",
        "--out",
        "elsewhere/prints",
    ]);
    run.expect_code(0);
    let mut written = files_with_ext(&dir.join("elsewhere/prints"), &["pdf", "svg", "png"]);
    written.sort();
    let expect: Vec<std::path::PathBuf> = [
        "dice-football/pitch.pdf",
        "dice-football/pitch.png",
        "dice-football/pitch.svg",
        "my-pitch.pdf",
        "my-pitch.png",
        "my-pitch.svg",
    ]
    .iter()
    .map(std::path::PathBuf::from)
    .collect();
    assert_eq!(
        written, expect,
        "a layout under layouts/ keeps its game folder; one outside does not"
    );
    assert!(!dir.join("output").exists(), "--out replaces output/");
    // Each file is what its extension says.
    assert!(dir.read("elsewhere/prints/my-pitch.pdf").starts_with(b"%PDF-"));
    let svg = dir.read_string("elsewhere/prints/my-pitch.svg");
    assert!(roxmltree::Document::parse(&svg).is_ok(), "the SVG parses");
    // The default resolution is 150 dpi.
    let (w, h) = png_size(&dir.read("elsewhere/prints/my-pitch.png"));
    let px = |mm: f64| (mm / 25.4 * 150.0).round() as u32;
    assert_eq!((w, h), (px(297.0), px(420.0)), "A3 at the default 150 dpi");
}

#[test]
fn check_passes_on_the_shipped_layout() {
    let dir = TestDir::with_shipped_layout("check_shipped");
    let run = dir.run(&["check"]);
    run.expect_code(0);
    assert!(
        run.stderr
            .contains("checked 1 layout in 3 languages (es, en, ca): 0 errors, 0 warnings"),
        "stderr: {}",
        run.stderr
    );
    let json = dir.run(&["check", "--json"]);
    json.expect_code(0);
    assert!(json_findings(&json.stdout).is_empty(), "findings: {}", json.stdout);
    let explicit = dir.run(&["check", "--json", SHIPPED_REL]);
    explicit.expect_code(0);
    assert!(
        json_findings(&explicit.stdout).is_empty(),
        "findings: {}",
        explicit.stdout
    );
    assert!(!dir.join("output").exists(), "check writes nothing");
}

// ---------------------------------------------------------------------------
// Broken copies: the checker refuses them
// ---------------------------------------------------------------------------

/// A broken copy of the shipped layout, and what the checker must say.
struct Broken<'a> {
    /// Test name (for the temp folder).
    name: &'a str,
    /// Lines to replace (their start) and the replacements; none keeps the layout.
    edits: &'a [(&'a str, &'a str)],
    /// Extra arguments for `check` and `build` (`--paper a4`).
    args: &'a [&'a str],
    /// The finding's code.
    code: &'a str,
    /// The key the finding must name, when the finding is about one key.
    key: Option<&'a str>,
}

/// Runs `check`, `check --json` and `build` on the broken copy; returns the
/// JSON findings for further checks.
fn refused(case: Broken<'_>) -> Vec<serde_json::Value> {
    let dir = TestDir::new(case.name);
    let text = case
        .edits
        .iter()
        .fold(shipped_layout(), |text, (start, new)| replace_line(&text, start, new));
    dir.write(SHIPPED_REL, &text);

    let mut check = vec!["check"];
    check.extend(case.args);
    let human = dir.run(&check);
    human.expect_code(1);
    assert!(
        human.stderr.contains(&format!("error[{}]", case.code)),
        "`check` does not report error[{}]:\n{}",
        case.code,
        human.stderr
    );
    assert!(
        human.stderr.contains("hint:"),
        "`check` gives no hint:\n{}",
        human.stderr
    );

    let mut check_json = vec!["check", "--json"];
    check_json.extend(case.args);
    let json = dir.run(&check_json);
    json.expect_code(1);
    let findings = json_findings(&json.stdout);
    let errors: Vec<&serde_json::Value> = findings.iter().filter(|f| f["severity"] == "error").collect();
    assert!(!errors.is_empty(), "no error finding: {}", json.stdout);
    for f in &errors {
        assert_eq!(f["code"], case.code, "one broken value, one kind of finding; got {f}");
        assert!(
            f["hints"][0].as_str().is_some_and(|h| !h.is_empty()),
            "a finding without a hint: {f}"
        );
    }
    if let Some(key) = case.key {
        for f in &errors {
            assert_eq!(f["key"], key, "the finding names the wrong key: {f}");
            let name = key.rsplit('.').next().unwrap();
            let want_line = line_of(&text, &format!("{name} ="));
            assert_eq!(f["line"], want_line, "the finding points at the wrong line: {f}");
        }
    }

    let mut build = vec!["build"];
    build.extend(case.args);
    let run = dir.run(&build);
    run.expect_code(1);
    assert!(
        run.stderr.contains(&format!("error[{}]", case.code)),
        "`build` does not report error[{}]:\n{}",
        case.code,
        run.stderr
    );
    assert!(run.stderr.contains("not written"), "stderr: {}", run.stderr);
    let written = snapshot(dir.path());
    let outputs: Vec<_> = written.keys().filter(|p| !p.ends_with("pitch.toml")).collect();
    assert!(outputs.is_empty(), "a refused layout wrote {outputs:?}");
    findings
}

#[test]
fn nine_columns_is_a_cell_count_error() {
    refused(Broken {
        name: "broken_columns",
        edits: &[("columns =", "columns = 9")],
        args: &[],
        code: "cell-count",
        key: Some("board.columns"),
    });
}

#[test]
fn seventeen_rows_is_a_cell_count_error() {
    refused(Broken {
        name: "broken_rows",
        edits: &[("rows =", "rows = 17")],
        args: &[],
        code: "cell-count",
        key: Some("board.rows"),
    });
}

#[test]
fn a_5_by_3_penalty_area_is_an_area_size_error() {
    let findings = refused(Broken {
        name: "broken_penalty_area",
        edits: &[("penalty_area =", "penalty_area = [5, 3]")],
        args: &[],
        code: "area-size",
        key: Some("board.penalty_area"),
    });
    assert_eq!(findings.len(), 2, "one finding per end: {findings:?}");
}

#[test]
fn a_4_by_2_goal_area_is_an_area_size_error() {
    let findings = refused(Broken {
        name: "broken_goal_area",
        edits: &[("goal_area =", "goal_area = [4, 2]")],
        args: &[],
        code: "area-size",
        key: Some("board.goal_area"),
    });
    assert_eq!(findings.len(), 2, "one finding per end: {findings:?}");
}

#[test]
fn a_penalty_spot_on_row_2_is_misplaced() {
    refused(Broken {
        name: "broken_penalty_spot",
        edits: &[("penalty_spot_row =", "penalty_spot_row = 2")],
        args: &[],
        code: "marking-place",
        key: Some("board.penalty_spot_row"),
    });
}

#[test]
fn no_corner_triangles_is_a_marking_count_error() {
    refused(Broken {
        name: "broken_corner_triangles",
        edits: &[("corner_triangles =", "corner_triangles = false")],
        args: &[],
        code: "marking-count",
        key: Some("board.corner_triangles"),
    });
}

#[test]
fn no_centre_spot_is_a_marking_count_error() {
    refused(Broken {
        name: "broken_centre_spot",
        edits: &[("centre_spot =", "centre_spot = false")],
        args: &[],
        code: "marking-count",
        key: Some("board.centre_spot"),
    });
}

#[test]
fn without_tiling_a_25_mm_pitch_does_not_fit_a3_and_the_hint_says_board_pitch() {
    let findings = refused(Broken {
        name: "broken_pitch_25",
        edits: &[("pitch =", "pitch = 25.0"), ("enabled =", "enabled = false")],
        args: &[],
        code: "page-fit",
        key: None,
    });
    for f in &findings {
        let hint = f["hints"][0].as_str().unwrap_or_default();
        assert!(
            hint.contains("board.pitch"),
            "the page-fit hint does not mention board.pitch: {f}"
        );
    }
}

#[test]
fn without_tiling_the_shipped_layout_does_not_fit_a4() {
    let findings = refused(Broken {
        name: "broken_paper_a4",
        edits: &[("enabled =", "enabled = false")],
        args: &["--paper", "a4"],
        code: "page-fit",
        key: None,
    });
    for f in &findings {
        let hint = f["hints"][0].as_str().unwrap_or_default();
        assert!(
            hint.contains("a3") && hint.contains("board.pitch"),
            "the hint should offer A3 paper or a smaller pitch: {f}"
        );
    }
}

#[test]
fn a_character_dejavu_lacks_is_a_text_glyph_error() {
    use pitchprint::font::FontFace;
    // Verify the premise: CJK is outside DejaVu Sans (U+1F600, often suggested,
    // is inside it).
    let missing = '\u{4E2D}';
    for face in FontFace::ALL {
        assert!(!face.has_glyph(missing), "{face:?} has U+4E2D; pick another character");
    }
    let title = format!("title = \"Fútbol {missing}\"");
    let findings = refused(Broken {
        name: "broken_glyph",
        edits: &[("title =", &title)],
        args: &[],
        code: "text-glyph",
        key: Some("text.title"),
    });
    assert!(
        findings
            .iter()
            .any(|f| f["message"].as_str().unwrap_or_default().contains("U+4E2D")),
        "the finding names the character: {findings:?}"
    );
}

// ---------------------------------------------------------------------------
// Findings must point at the key to change: a finding names the file, line,
// column and key (docs/ARCHITECTURE.md, "Findings"), even when the checker
// found it on the composed page rather than in the layout.
// ---------------------------------------------------------------------------

#[test]
fn a_too_thin_grid_is_blamed_on_style_grid_width() {
    refused(Broken {
        name: "blame_grid_width",
        edits: &[("grid_width =", "grid_width = 0.05")],
        args: &[],
        code: "stroke-thin",
        key: Some("style.grid_width"),
    });
}

#[test]
fn a_too_small_caption_is_blamed_on_text_caption_size() {
    refused(Broken {
        name: "blame_caption_size",
        edits: &[("caption_size =", "caption_size = 5.0")],
        args: &[],
        code: "text-small",
        key: Some("text.caption_size"),
    });
}

#[test]
fn the_pdf_opens_its_print_dialog_at_100_percent_and_claims_no_pdf_x() {
    let pdf = load_pdf(&shipped_pitch().read(PDF_OUT));
    let root = pdf.trailer.get(b"Root").and_then(lopdf::Object::as_reference).unwrap();
    let catalog = pdf.get_dictionary(root).unwrap();
    let prefs = catalog
        .get(b"ViewerPreferences")
        .and_then(lopdf::Object::as_dict)
        .expect("viewer preferences in the catalog");
    assert_eq!(
        prefs.get(b"PrintScaling").and_then(lopdf::Object::as_name).unwrap(),
        b"None",
        "print at 100 %, never fit to page"
    );
    let info_id = pdf.trailer.get(b"Info").and_then(lopdf::Object::as_reference).unwrap();
    let info = pdf.get_dictionary(info_id).unwrap();
    for key in ["GTS_PDFXVersion", "CreationDate", "ModDate", "Identifier"] {
        assert!(!info.has(key.as_bytes()), "the document information has no {key}");
    }
    assert!(info.has(b"Title"), "the title stays");
}
