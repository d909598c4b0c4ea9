//! Tiling (issue 4): the dice pitch at its default size is split across A4 and
//! Letter sheets. The pieces are read back from the SVG and PDF, reassembled
//! the way a person does it (by laying each piece's registration marks on its
//! neighbour's), and compared with the single-sheet board.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use common::{
    MmRect, SHIPPED_REL, TestDir, assert_close, attr, by_class, numbers, path_centre, read_pdf, replace_line,
    shipped_layout, svg_page,
};

const TOL: f64 = 0.01;

/// One piece read back from its SVG page.
struct Piece {
    col: u32,
    row: u32,
    /// The board region it shows (board coordinates, from the clip).
    region: MmRect,
    /// The board's translation onto the page.
    offset: (f64, f64),
    /// Registration mark centres, on the page.
    marks: Vec<(f64, f64)>,
    /// Cells fully inside the region: id → top-left corner on the page.
    cells: BTreeMap<String, (f64, f64)>,
}

fn read_piece(svg: &str) -> Option<Piece> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let group = by_class(&doc, "tile").into_iter().next()?;
    let id = group.attribute("id").unwrap();
    let mut parts = id
        .trim_start_matches("tile-")
        .split('-')
        .map(|v| v.parse::<u32>().unwrap());
    let (col, row) = (parts.next().unwrap(), parts.next().unwrap());
    let m = numbers(
        group
            .attribute("transform")
            .expect("a piece's group is moved onto the page"),
    );
    assert_eq!(&m[..4], &[1.0, 0.0, 0.0, 1.0], "pieces are translated, not scaled");
    let offset = (m[4], m[5]);
    let clip_id = group
        .attribute("clip-path")
        .unwrap()
        .trim_start_matches("url(#")
        .trim_end_matches(')');
    let clip = doc
        .descendants()
        .find(|n| n.has_tag_name("clipPath") && n.attribute("id") == Some(clip_id))
        .expect("the clip path is defined");
    let r = clip.children().find(|n| n.has_tag_name("rect")).unwrap();
    let region = MmRect {
        x: attr(r, "x"),
        y: attr(r, "y"),
        w: attr(r, "width"),
        h: attr(r, "height"),
    };
    let marks = by_class(&doc, "registration-mark")
        .into_iter()
        .map(path_centre)
        .collect();
    let mut cells = BTreeMap::new();
    for c in group.descendants().filter(|n| n.attribute("class") == Some("cell")) {
        let (x, y, w, h) = (attr(c, "x"), attr(c, "y"), attr(c, "width"), attr(c, "height"));
        let inside = x >= region.x - TOL
            && y >= region.y - TOL
            && x + w <= region.right() + TOL
            && y + h <= region.bottom() + TOL;
        if inside {
            cells.insert(c.attribute("id").unwrap().to_string(), (x + offset.0, y + offset.1));
        }
    }
    Some(Piece {
        col,
        row,
        region,
        offset,
        marks,
        cells,
    })
}

/// The single-sheet board's cells, relative to cell-0-0.
fn single_sheet_cells() -> BTreeMap<String, (f64, f64)> {
    let dir = TestDir::with_shipped_layout("tiling-single");
    dir.run(&["build", "--format", "svg"]).expect_code(0);
    let svg = dir.read_string("output/dice-football/pitch.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cells: BTreeMap<String, (f64, f64)> = by_class(&doc, "cell")
        .into_iter()
        .map(|n| (n.attribute("id").unwrap().to_string(), (attr(n, "x"), attr(n, "y"))))
        .collect();
    let o = cells["cell-0-0"];
    cells.into_iter().map(|(k, (x, y))| (k, (x - o.0, y - o.1))).collect()
}

/// Marks of `p` on its side of the cut it shares with `q`, top/left first.
fn shared_marks(p: &Piece, q: &Piece) -> Vec<(f64, f64)> {
    let vertical = p.row == q.row;
    let (rx, ry) = (p.region.x + p.offset.0, p.region.y + p.offset.1);
    let (rr, rb) = (rx + p.region.w, ry + p.region.h);
    let toward_q_right = q.col > p.col;
    let toward_q_down = q.row > p.row;
    let mut out: Vec<(f64, f64)> = p
        .marks
        .iter()
        .copied()
        .filter(|&(x, y)| {
            if vertical {
                // Beside the region above or below, on the half towards q.
                (y < ry || y > rb)
                    && if toward_q_right {
                        x > (rx + rr) / 2.0
                    } else {
                        x < (rx + rr) / 2.0
                    }
            } else {
                (x < rx || x > rr)
                    && if toward_q_down {
                        y > (ry + rb) / 2.0
                    } else {
                        y < (ry + rb) / 2.0
                    }
            }
        })
        .collect();
    out.sort_by(|a, b| (a.0 + a.1).total_cmp(&(b.0 + b.1)));
    out
}

/// Reassembles pieces by their registration marks; returns each piece's
/// position in the assembly (piece 0 at the origin of its page).
fn reassemble(pieces: &[Piece]) -> Vec<(f64, f64)> {
    let mut at: Vec<Option<(f64, f64)>> = vec![None; pieces.len()];
    at[0] = Some((0.0, 0.0));
    for _ in 0..pieces.len() {
        for i in 0..pieces.len() {
            for j in 0..pieces.len() {
                let (p, q) = (&pieces[i], &pieces[j]);
                let neighbours = (p.row == q.row && p.col + 1 == q.col) || (p.col == q.col && p.row + 1 == q.row);
                if !neighbours || at[i].is_none() || at[j].is_some() {
                    continue;
                }
                let (a, b) = (shared_marks(p, q), shared_marks(q, p));
                assert_eq!(
                    a.len(),
                    2,
                    "piece {},{} has two marks on its cut with {},{}",
                    p.col,
                    p.row,
                    q.col,
                    q.row
                );
                assert_eq!(
                    b.len(),
                    2,
                    "piece {},{} has two marks on its cut with {},{}",
                    q.col,
                    q.row,
                    p.col,
                    p.row
                );
                let shift = (a[0].0 - b[0].0, a[0].1 - b[0].1);
                let shift2 = (a[1].0 - b[1].0, a[1].1 - b[1].1);
                assert_close(shift.0, shift2.0, TOL, "both marks of a cut give the same shift (x)");
                assert_close(shift.1, shift2.1, TOL, "both marks of a cut give the same shift (y)");
                let base = at[i].unwrap();
                at[j] = Some((base.0 + shift.0, base.1 + shift.1));
            }
        }
    }
    at.into_iter()
        .map(|a| a.expect("every piece joins the assembly"))
        .collect()
}

/// The shipped pitch tiled onto `paper` (`a4` or `letter`): the folder, its
/// pieces and its page count. Built once per paper for the tests that only
/// read it.
fn tiled(paper: &str) -> &'static (TestDir, Vec<Piece>, usize) {
    static A4: OnceLock<(TestDir, Vec<Piece>, usize)> = OnceLock::new();
    static LETTER: OnceLock<(TestDir, Vec<Piece>, usize)> = OnceLock::new();
    let built = match paper {
        "a4" => &A4,
        "letter" => &LETTER,
        other => panic!("no shared build for {other:?} paper"),
    };
    built.get_or_init(|| {
        let dir = TestDir::shared(&format!("tiling-{paper}"));
        dir.write(SHIPPED_REL, &shipped_layout());
        dir.run(&["build", "--paper", paper, "--format", "pdf,svg"])
            .expect_code(0);
        let mut pieces = Vec::new();
        let mut pages = 0;
        for n in 1.. {
            let path = format!("output/dice-football/pitch-{n}.svg");
            if !dir.join(&path).exists() {
                break;
            }
            pages += 1;
            if let Some(p) = read_piece(&dir.read_string(&path)) {
                pieces.push(p);
            }
        }
        (dir, pieces, pages)
    })
}

#[test]
fn the_pitch_tiles_onto_a4_and_letter_and_reassembles_exactly() {
    let single = single_sheet_cells();
    for (paper, short, long) in [("a4", 210.0, 297.0), ("letter", 215.9, 279.4)] {
        let &(ref dir, ref pieces, pages) = tiled(paper);
        assert!(pieces.len() >= 2, "{paper}: the board needs several pieces");
        assert_eq!(
            pages,
            pieces.len() + 1,
            "{paper}: one page per piece and an assembly map"
        );
        for n in 1..=pages {
            let svg = dir.read_string(format!("output/dice-football/pitch-{n}.svg"));
            let (w, h, _) = svg_page(&roxmltree::Document::parse(&svg).unwrap());
            assert_close(w.min(h), short, TOL, paper);
            assert_close(w.max(h), long, TOL, paper);
        }
        let at = reassemble(pieces);
        let mut assembled: BTreeMap<String, (f64, f64)> = BTreeMap::new();
        for (p, a) in pieces.iter().zip(&at) {
            for (id, (x, y)) in &p.cells {
                let pos = (x + a.0, y + a.1);
                if let Some(prev) = assembled.get(id) {
                    assert_close(
                        prev.0,
                        pos.0,
                        TOL,
                        "a square shown on two pieces lands in one place (x)",
                    );
                    assert_close(
                        prev.1,
                        pos.1,
                        TOL,
                        "a square shown on two pieces lands in one place (y)",
                    );
                }
                assembled.insert(id.clone(), pos);
            }
        }
        assert_eq!(assembled.len(), 180, "{paper}: every square is whole on some piece");
        let o = assembled["cell-0-0"];
        for (id, (x, y)) in &assembled {
            let want = single[id];
            assert_close(x - o.0, want.0, TOL, &format!("{paper}: {id} x"));
            assert_close(y - o.1, want.1, TOL, &format!("{paper}: {id} y"));
        }
        dir.run(&["check", "--paper", paper]).expect_code(0);
    }
}

#[test]
fn pieces_overlap_by_the_strip_and_cut_along_grid_lines() {
    let (_, pieces, _) = tiled("a4");
    let grid_x: Vec<f64> = (0..=10).map(|k| k as f64 * 20.0).collect();
    let grid_y: Vec<f64> = (0..=18).map(|k| k as f64 * 20.0).collect();
    let first = pieces.iter().find(|p| p.col == 0 && p.row == 0).unwrap();
    // Board coordinates of cell-0-0: the cells' own x, y inside the group.
    let origin = {
        let (x, y) = first.cells["cell-0-0"];
        (x - first.offset.0, y - first.offset.1)
    };
    let (mut across, mut down) = (0, 0);
    for p in pieces {
        for q in pieces {
            if p.row == q.row && p.col + 1 == q.col {
                across += 1;
                assert_close(p.region.right() - q.region.x, 10.0, TOL, "overlap across");
                let cut = q.region.x - origin.0;
                assert!(
                    grid_x.iter().any(|g| (g - cut).abs() <= TOL),
                    "vertical cut at {cut} on a grid line"
                );
            }
            if p.col == q.col && p.row + 1 == q.row {
                down += 1;
                assert_close(p.region.bottom() - q.region.y, 10.0, TOL, "overlap down");
                let cut = q.region.y - origin.1;
                assert!(
                    grid_y.iter().any(|g| (g - cut).abs() <= TOL),
                    "horizontal cut at {cut} on a grid line"
                );
            }
        }
    }
    assert_eq!(
        (across, down),
        neighbours(pieces),
        "every cut between two pieces was measured"
    );
    assert!(across + down >= 1, "the board is cut at least once");
    let (_dir, wide, _) = {
        let dir = TestDir::with_shipped_layout("tiling-overlap-15");
        dir.write(
            "layouts/dice-football/pitch.toml",
            &replace_line(&shipped_layout(), "overlap =", "overlap = 15.0"),
        );
        dir.run(&["build", "--paper", "a4", "--format", "svg"]).expect_code(0);
        let pieces: Vec<Piece> = (1..)
            .map(|n| dir.join(format!("output/dice-football/pitch-{n}.svg")))
            .take_while(|p| p.exists())
            .filter_map(|p| read_piece(&std::fs::read_to_string(p).unwrap()))
            .collect();
        (dir, pieces, 0)
    };
    let (mut across, mut down) = (0, 0);
    for p in &wide {
        for q in &wide {
            if p.row == q.row && p.col + 1 == q.col {
                across += 1;
                assert_close(p.region.right() - q.region.x, 15.0, TOL, "the layout's overlap across");
            }
            if p.col == q.col && p.row + 1 == q.row {
                down += 1;
                assert_close(p.region.bottom() - q.region.y, 15.0, TOL, "the layout's overlap down");
            }
        }
    }
    assert_eq!(
        (across, down),
        neighbours(&wide),
        "every cut of the 15 mm board was measured"
    );
    assert!(across + down >= 1, "the 15 mm board is cut at least once");
}

/// How many pairs of pieces meet side by side and one above the other, in the
/// grid of columns and rows the pieces' ids span. Panics unless every place in
/// the grid holds exactly one piece.
fn neighbours(pieces: &[Piece]) -> (usize, usize) {
    let cols = pieces.iter().map(|p| p.col).max().expect("pieces") as usize + 1;
    let rows = pieces.iter().map(|p| p.row).max().expect("pieces") as usize + 1;
    let places: BTreeSet<(u32, u32)> = pieces.iter().map(|p| (p.col, p.row)).collect();
    assert_eq!(
        (places.len(), pieces.len()),
        (cols * rows, cols * rows),
        "one piece per place of a {cols} x {rows} grid"
    );
    (rows * (cols - 1), cols * (rows - 1))
}

#[test]
fn pdf_pieces_show_the_squares_where_the_svg_pieces_do() {
    let &(ref dir, ref pieces, pages) = tiled("letter");
    let pdf = read_pdf(&dir.read("output/dice-football/pitch.pdf"));
    assert_eq!(pdf.len(), pages, "one PDF page per SVG page");
    assert!(pieces.len() >= 2, "the board needs several pieces");
    let mut checked = BTreeSet::new();
    for (n, p) in pieces.iter().enumerate() {
        let page = &pdf[n];
        let squares: Vec<MmRect> = page
            .rects()
            .into_iter()
            .filter(|(r, path)| path.strokes() && (r.w - 20.0).abs() <= TOL && (r.h - 20.0).abs() <= TOL)
            .map(|(r, _)| r)
            .collect();
        for (id, (x, y)) in &p.cells {
            assert!(
                squares.iter().any(|r| (r.x - x).abs() <= TOL && (r.y - y).abs() <= TOL),
                "page {}: the PDF draws {id} at ({x}, {y}) like the SVG",
                n + 1
            );
            checked.insert(id.clone());
        }
    }
    // Every square is whole on some piece (the reassembly test): all 10 x 18
    // were looked for in the PDF.
    assert_eq!(checked.len(), 180, "squares compared with the PDF");
}

#[test]
fn without_tiling_a_board_too_big_for_the_paper_is_refused_with_a_hint() {
    let dir = TestDir::with_shipped_layout("tiling-off");
    let text = replace_line(&shipped_layout(), "enabled =", "enabled = false");
    dir.write("layouts/dice-football/pitch.toml", &text);
    let run = dir.run(&["check", "--paper", "a4"]);
    run.expect_code(1);
    assert!(run.stderr.contains("error[page-fit]"), "{}", run.stderr);
    assert!(
        run.stderr.contains("tiling") && run.stderr.contains("--paper a3"),
        "{}",
        run.stderr
    );
    dir.run(&["build", "--paper", "a4"]).expect_code(1);
    assert!(!dir.join("output").exists());
}
