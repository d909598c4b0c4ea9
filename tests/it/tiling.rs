//! Tiling: boards larger than the paper are split across
//! A4 and Letter sheets. The pieces are read back from the SVG and PDF,
//! reassembled the way a person does it (by laying each piece's registration
//! targets on its neighbour's), and compared with the single-sheet board; and
//! every piece is read for what a person needs to put it together: its name,
//! the board's words whole, a 50 mm scale bar, a cut line only where it is
//! the piece to cut, and three targets on every join.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use crate::common::{
    Face, MmRect, PdfPage, TestDir, assert_close, attr, by_class, numbers, path_centre, project_file, read_pdf,
    replace_line, shipped_layout, svg_page,
};

const TOL: f64 = 0.01;

/// The length of the scale bar on every piece.
const SCALE_BAR: f64 = 50.0;

/// A line of text as drawn: its words and its box (from its baseline, its
/// measured width and the font's ascent and descent).
#[derive(Clone, Debug)]
struct TextBox {
    text: String,
    rect: MmRect,
}

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
    /// Cut lines (ends, on the page).
    cut_lines: Vec<((f64, f64), (f64, f64))>,
    /// Every element of the cut marks (lines and scissors).
    cut_marks: usize,
    /// Glue lines (ends, on the page).
    glue_lines: Vec<((f64, f64), (f64, f64))>,
    /// Scale bars, on the page.
    scale_bars: Vec<MmRect>,
    /// Texts drawn with the board's art (board coordinates).
    art_texts: Vec<TextBox>,
    /// Texts drawn on the page beside the art (page coordinates).
    page_texts: Vec<TextBox>,
    /// The words in the glue strips.
    strip_words: Vec<String>,
    /// The page's width and height.
    page: (f64, f64),
    /// Registration marks drawn clipped: the centre and the clip, on the page.
    clipped_marks: Vec<((f64, f64), MmRect)>,
}

impl Piece {
    /// A page point in board coordinates.
    fn to_board(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (x - self.offset.0, y - self.offset.1)
    }
}

/// The box of an SVG `<text>` (a line set from its left end): its width is
/// the face's advances, its height the face's ascent and descent.
fn text_box(n: roxmltree::Node<'_, '_>) -> TextBox {
    let size = attr(n, "font-size");
    let (x, y) = (attr(n, "x"), attr(n, "y"));
    let text: String = n
        .descendants()
        .filter(|d| d.is_text())
        .filter_map(|d| d.text())
        .collect();
    let face = Face::of_svg(n);
    TextBox {
        rect: MmRect {
            x,
            y: y - face.ascent(size),
            w: face.advance(&text, size),
            h: face.ascent(size) + face.descent(size),
        },
        text,
    }
}

/// The ends of the `<line>`s of `class`.
fn lines_of(doc: &roxmltree::Document<'_>, class: &str) -> Vec<((f64, f64), (f64, f64))> {
    by_class(doc, class)
        .into_iter()
        .filter(|n| n.has_tag_name("line"))
        .map(|n| ((attr(n, "x1"), attr(n, "y1")), (attr(n, "x2"), attr(n, "y2"))))
        .collect()
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
    let region = crate::common::clip_rect(&doc, group);
    let marks = by_class(&doc, "registration-mark")
        .into_iter()
        .map(path_centre)
        .collect();
    let clip_rect = |id: &str| {
        let clip = doc
            .descendants()
            .find(|n| n.has_tag_name("clipPath") && n.attribute("id") == Some(id))
            .expect("the clip path is defined");
        let r = clip.children().find(|n| n.has_tag_name("rect")).unwrap();
        MmRect {
            x: attr(r, "x"),
            y: attr(r, "y"),
            w: attr(r, "width"),
            h: attr(r, "height"),
        }
    };
    let clipped_marks = by_class(&doc, "registration-mark")
        .into_iter()
        .filter_map(|m| {
            let url = m.ancestors().skip(1).find_map(|a| a.attribute("clip-path"))?;
            let id = url.trim_start_matches("url(#").trim_end_matches(')');
            Some((path_centre(m), clip_rect(id)))
        })
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
    let in_art = |n: &roxmltree::Node<'_, '_>| n.ancestors().any(|a| a == group);
    let texts: Vec<roxmltree::Node<'_, '_>> = doc.descendants().filter(|n| n.has_tag_name("text")).collect();
    // The scissors and the words in the glue strips are set in groups moved
    // (and turned) onto their place: the words beside the art are the rest.
    let set_apart = |n: &roxmltree::Node<'_, '_>| n.ancestors().any(|a| a.attribute("transform").is_some());
    let (_, _, view) = svg_page(&doc);
    let page = (view[2], view[3]);
    Some(Piece {
        page,
        clipped_marks,
        col,
        row,
        region,
        offset,
        marks,
        cells,
        cut_lines: lines_of(&doc, "cut-mark"),
        cut_marks: by_class(&doc, "cut-mark").len(),
        glue_lines: lines_of(&doc, "glue-line"),
        scale_bars: by_class(&doc, "scale-bar")
            .into_iter()
            .map(|n| MmRect {
                x: attr(n, "x"),
                y: attr(n, "y"),
                w: attr(n, "width"),
                h: attr(n, "height"),
            })
            .collect(),
        art_texts: texts.iter().filter(|n| in_art(n)).map(|n| text_box(*n)).collect(),
        page_texts: texts
            .iter()
            .filter(|n| !in_art(n) && !set_apart(n))
            .map(|n| text_box(*n))
            .collect(),
        strip_words: texts
            .iter()
            .filter(|n| !in_art(n) && set_apart(n))
            .map(|n| text_box(*n).text)
            .filter(|t| t.starts_with("pega aquí"))
            .collect(),
    })
}

/// A shipped board that tiles: its name here, its layout, its output stem,
/// and the labels (section, key) of its title and caption.
struct Shipped {
    name: &'static str,
    layout: &'static str,
    stem: &'static str,
    title: (&'static str, &'static str),
    caption: (&'static str, &'static str),
}

const BOARDS: [Shipped; 3] = [
    Shipped {
        name: "dice",
        layout: "layouts/dice-football/pitch.toml",
        stem: "output/dice-football/pitch",
        title: ("dice", "title"),
        caption: ("dice", "caption"),
    },
    Shipped {
        name: "futbolchess",
        layout: "layouts/futbolchess/board.toml",
        stem: "output/futbolchess/board",
        title: ("futbolchess", "title"),
        caption: ("futbolchess", "caption"),
    },
    Shipped {
        name: "league",
        layout: "layouts/league/board.toml",
        stem: "output/league/board",
        title: ("league", "title"),
        // The note on reading the track is the league board's caption.
        caption: ("league", "strategy_note"),
    },
];

/// The boards and papers built once for the tests that only read them.
const FIXTURES: [(&str, &str); 5] = [
    ("dice", "a4"),
    ("dice", "letter"),
    ("futbolchess", "a4"),
    ("league", "a4"),
    ("league", "letter"),
];

/// A shipped board built onto a paper in Spanish: the folder, its pieces,
/// its page count, what the build printed and the PDF's pages.
struct Tiled {
    dir: TestDir,
    pieces: Vec<Piece>,
    pages: usize,
    stderr: String,
    pdf: Vec<PdfPage>,
    /// The board's title and caption, as the piece must show them.
    title: String,
    caption: String,
}

/// A Spanish label from the shipped tables.
fn label(section: &str, key: &str) -> String {
    let table: toml::Table = project_file("templates/i18n/es.toml").parse().unwrap();
    table[section][key].as_str().unwrap().to_string()
}

fn build_tiled(board: &str, paper: &str) -> Tiled {
    let Shipped {
        layout,
        stem,
        title,
        caption,
        ..
    } = BOARDS.iter().find(|b| b.name == board).unwrap();
    let dir = TestDir::shared(&format!("tiling-{board}-{paper}"));
    dir.write(layout, &project_file(layout));
    if board == "league" {
        dir.write_league_deck();
    }
    let run = dir.run(&["build", layout, "--paper", paper, "--lang", "es", "--format", "pdf,svg"]);
    run.expect_code(0);
    let mut pieces = Vec::new();
    let mut pages = 0;
    for n in 1.. {
        let path = format!("{stem}-{n}.svg");
        if !dir.join(&path).exists() {
            break;
        }
        pages += 1;
        if let Some(p) = read_piece(&dir.read_string(&path)) {
            pieces.push(p);
        }
    }
    let pdf = read_pdf(&dir.read(format!("{stem}.pdf")));
    let caption = label(caption.0, caption.1)
        .replace("{columns}", "10")
        .replace("{rows}", "18")
        .replace("{pitch}", "20 mm");
    Tiled {
        dir,
        pieces,
        pages,
        stderr: run.stderr.clone(),
        pdf,
        title: label(title.0, title.1),
        caption,
    }
}

/// The board built onto `paper`, once per run.
fn tiled_board(board: &str, paper: &str) -> &'static Tiled {
    static BUILT: [OnceLock<Tiled>; FIXTURES.len()] = [const { OnceLock::new() }; FIXTURES.len()];
    let i = FIXTURES
        .iter()
        .position(|f| *f == (board, paper))
        .unwrap_or_else(|| panic!("no shared build of the {board} board on {paper}"));
    BUILT[i].get_or_init(|| build_tiled(board, paper))
}

/// The dice pitch tiled onto `paper`: the folder, its pieces and its page count.
fn tiled(paper: &str) -> (&'static TestDir, &'static Vec<Piece>, usize) {
    let t = tiled_board("dice", paper);
    (&t.dir, &t.pieces, t.pages)
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

/// Whether `q` is the piece right of `p` (a vertical join) or under it (a
/// horizontal one), and where the join lies on the board.
fn join_of(p: &Piece, q: &Piece) -> Option<(bool, f64)> {
    if p.row == q.row && p.col + 1 == q.col {
        Some((true, q.region.x))
    } else if p.col == q.col && p.row + 1 == q.row {
        Some((false, q.region.y))
    } else {
        None
    }
}

/// The marks of `p` on the join at board coordinate `at` (on the page), in
/// order along the join.
fn join_marks(p: &Piece, vertical: bool, at: f64) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = p
        .marks
        .iter()
        .copied()
        .filter(|m| {
            let b = p.to_board(*m);
            (if vertical { b.0 } else { b.1 } - at).abs() <= TOL
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
                let (vertical, line) = join_of(p, q).unwrap();
                let (a, b) = (join_marks(p, vertical, line), join_marks(q, vertical, line));
                for (piece, marks) in [(p, &a), (q, &b)] {
                    assert_eq!(
                        marks.len(),
                        3,
                        "piece {},{} has three marks on the join of {},{} and {},{}",
                        piece.col,
                        piece.row,
                        p.col,
                        p.row,
                        q.col,
                        q.row
                    );
                }
                // Laid true, all three targets close at once: one shift for all.
                let shift = (a[0].0 - b[0].0, a[0].1 - b[0].1);
                for k in 1..3 {
                    assert_close(
                        shift.0,
                        a[k].0 - b[k].0,
                        TOL,
                        "every mark of a join gives the same shift (x)",
                    );
                    assert_close(
                        shift.1,
                        a[k].1 - b[k].1,
                        TOL,
                        "every mark of a join gives the same shift (y)",
                    );
                }
                let base = at[i].unwrap();
                at[j] = Some((base.0 + shift.0, base.1 + shift.1));
            }
        }
    }
    at.into_iter()
        .map(|a| a.expect("every piece joins the assembly"))
        .collect()
}

#[test]
fn the_pitch_tiles_onto_a4_and_letter_and_reassembles_exactly() {
    let single = single_sheet_cells();
    for (paper, short, long) in [("a4", 210.0, 297.0), ("letter", 215.9, 279.4)] {
        let (dir, pieces, pages) = tiled(paper);
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
    let (dir, pieces, pages) = tiled("letter");
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

/// Where a piece is cut, as (vertical, board coordinate): laid on top of the
/// piece to its left and the piece above, along its left and top edges.
fn cut_edges(p: &Piece) -> Vec<(bool, f64)> {
    let mut out = Vec::new();
    if p.col > 0 {
        out.push((true, p.region.x));
    }
    if p.row > 0 {
        out.push((false, p.region.y));
    }
    out
}

#[test]
fn every_piece_carries_its_name_the_boards_words_and_a_50_mm_scale_bar() {
    for (board, paper) in FIXTURES {
        let t = tiled_board(board, paper);
        let total = t.pieces.len();
        assert!(total >= 2, "{board} on {paper}: several pieces");
        for (i, p) in t.pieces.iter().enumerate() {
            let what = format!("{board} on {paper}, piece {}", i + 1);
            let words: Vec<&str> = p.page_texts.iter().map(|t| t.text.as_str()).collect();
            let name = format!("Pieza {} de {total} · fila {}, columna {}", i + 1, p.row + 1, p.col + 1);
            assert!(words.contains(&name.as_str()), "{what}: named {name:?} in {words:?}");
            // The title whole on one line; the caption whole, however it wraps.
            assert!(
                words.contains(&t.title.as_str()),
                "{what}: the title {:?} in {words:?}",
                t.title
            );
            assert!(
                words.join(" ").contains(&t.caption),
                "{what}: the caption {:?} in {words:?}",
                t.caption
            );
            assert_eq!(p.scale_bars.len(), 1, "{what}: one scale bar");
            let bar = p.scale_bars[0];
            assert_close(bar.w, SCALE_BAR, TOL, &format!("{what}: scale bar in the SVG"));
            let in_pdf: Vec<MmRect> = t.pdf[i]
                .rects()
                .into_iter()
                .filter(|(r, path)| {
                    path.fills()
                        && (r.x - bar.x).abs() <= TOL
                        && (r.y - bar.y).abs() <= TOL
                        && (r.h - bar.h).abs() <= TOL
                })
                .map(|(r, _)| r)
                .collect();
            assert_eq!(
                in_pdf.len(),
                1,
                "{what}: the scale bar is a filled rectangle in the PDF"
            );
            assert_close(in_pdf[0].w, SCALE_BAR, TOL, &format!("{what}: scale bar in the PDF"));
            let under_bar = words.iter().any(|w| ["esta barra mide 50 mm"].contains(w));
            assert!(under_bar, "{what}: the bar says how long it is");
        }
    }
}

#[test]
fn the_boards_words_are_never_cut_across_pieces() {
    for (board, paper) in FIXTURES {
        let t = tiled_board(board, paper);
        for (i, p) in t.pieces.iter().enumerate() {
            let what = format!("{board} on {paper}, piece {}", i + 1);
            let r = p.region;
            // Words in the art are wholly on the piece or wholly off it where
            // it is cut: no cut edge runs through one. (Its far edges end in
            // glue strips, which the next piece covers with the words whole.)
            let cut_edges = cut_edges(p);
            for text in &p.art_texts {
                let b = text.rect;
                let crosses = cut_edges.iter().any(|&(vertical, at)| {
                    let (lo, hi, across) = if vertical {
                        (b.x, b.right(), (b.y < r.bottom() && b.bottom() > r.y))
                    } else {
                        (b.y, b.bottom(), (b.x < r.right() && b.right() > r.x))
                    };
                    across && lo < at - TOL && hi > at + TOL
                });
                assert!(!crosses, "{what}: {:?} at {b:?} is cut by the region {r:?}", text.text);
                assert_ne!(text.text, t.title, "{what}: the title is not part of the art it cuts");
            }
            // The words beside the art are not clipped at all: they lie on the page.
            for text in &p.page_texts {
                assert!(
                    text.rect.x >= 0.0 && text.rect.y >= 0.0,
                    "{what}: {:?} on the page",
                    text.text
                );
            }
        }
    }
}

#[test]
fn every_join_has_three_targets_on_both_pieces_at_the_same_board_places() {
    for (board, paper) in FIXTURES {
        let t = tiled_board(board, paper);
        let mut joins = 0;
        for p in &t.pieces {
            for q in &t.pieces {
                let Some((vertical, at)) = join_of(p, q) else {
                    continue;
                };
                joins += 1;
                let what = format!(
                    "{board} on {paper}, join of {},{} and {},{}",
                    p.col, p.row, q.col, q.row
                );
                // Along the join: its span on the board.
                let (lo, hi) = if vertical {
                    (p.region.y, p.region.bottom())
                } else {
                    (p.region.x, p.region.right())
                };
                let along = |piece: &Piece, m: (f64, f64)| {
                    let b = piece.to_board(m);
                    if vertical { b.1 } else { b.0 }
                };
                let a: Vec<f64> = join_marks(p, vertical, at).into_iter().map(|m| along(p, m)).collect();
                let b: Vec<f64> = join_marks(q, vertical, at).into_iter().map(|m| along(q, m)).collect();
                assert_eq!(a.len(), 3, "{what}: three targets on the first piece");
                assert_eq!(b.len(), 3, "{what}: three targets on the second piece");
                for k in 0..3 {
                    assert_close(a[k], b[k], TOL, &format!("{what}: target {k} at one board place"));
                }
                assert!(a[0] < lo, "{what}: a target beyond the start ({} < {lo})", a[0]);
                assert!(a[2] > hi, "{what}: a target beyond the end ({} > {hi})", a[2]);
                let third = (hi - lo) / 3.0;
                assert!(
                    a[1] > lo + third && a[1] < hi - third,
                    "{what}: a target in the middle ({} in {lo}..{hi})",
                    a[1]
                );
            }
        }
        assert!(joins >= 1, "{board} on {paper}: the board is joined at least once");
    }
}

#[test]
fn a_piece_is_cut_where_it_lies_on_top_and_along_its_strips_and_glued_only_underneath() {
    for (board, paper) in FIXTURES {
        let t = tiled_board(board, paper);
        let last_col = t.pieces.iter().map(|p| p.col).max().unwrap();
        let last_row = t.pieces.iter().map(|p| p.row).max().unwrap();
        for (i, p) in t.pieces.iter().enumerate() {
            let what = format!("{board} on {paper}, piece {}", i + 1);
            let r = p.region;
            // Cut along its left and top edges where it is laid on top, and
            // along the outer edges of its strips (the paper beyond would lie
            // under the next piece), and nowhere else.
            let mut cut_edges = cut_edges(p);
            if p.col < last_col {
                cut_edges.push((true, r.right()));
            }
            if p.row < last_row {
                cut_edges.push((false, r.bottom()));
            }
            // Underneath the pieces to its right and below: their edges go on
            // the inner edges of its strips.
            let mut glue_edges = Vec::new();
            if p.col < last_col {
                glue_edges.push((true, r.right() - 10.0));
            }
            if p.row < last_row {
                glue_edges.push((false, r.bottom() - 10.0));
            }
            if cut_edges.is_empty() {
                assert_eq!(p.cut_marks, 0, "{what}: nothing to cut, no cut marks");
            }
            // Each strip names the piece glued on it, twice along its length.
            let mut named: Vec<String> = Vec::new();
            if p.col < last_col {
                named.push(format!("pega aquí la pieza {}", i + 2));
            }
            if p.row < last_row {
                named.push(format!("pega aquí la pieza {}", i + 2 + last_col as usize));
            }
            let mut strip_words = p.strip_words.clone();
            strip_words.sort();
            strip_words.dedup();
            named.sort();
            assert_eq!(strip_words, named, "{what}: the strips name the pieces glued on them");
            assert_eq!(p.strip_words.len(), 2 * named.len(), "{what}: two names per strip");
            for (lines, edges, kind) in [(&p.cut_lines, &cut_edges, "cut"), (&p.glue_lines, &glue_edges, "glue")] {
                assert_eq!(lines.len(), edges.len(), "{what}: one {kind} line per such edge");
                for &(vertical, at) in edges {
                    let on_edge = lines.iter().any(|&(a, b)| {
                        let (a, b) = (p.to_board(a), p.to_board(b));
                        if vertical {
                            (a.0 - at).abs() <= TOL
                                && (b.0 - at).abs() <= TOL
                                && a.1.min(b.1) < r.y
                                && a.1.max(b.1) > r.bottom()
                        } else {
                            (a.1 - at).abs() <= TOL
                                && (b.1 - at).abs() <= TOL
                                && a.0.min(b.0) < r.x
                                && a.0.max(b.0) > r.right()
                        }
                    });
                    assert!(on_edge, "{what}: a {kind} line along the whole edge at {at}");
                }
            }
            // A cut line runs across the printable area (5 mm from the
            // paper's edge), a horizontal one to the words beside the piece
            // when they stand there.
            let words_beside = p
                .page_texts
                .iter()
                .filter(|t| t.rect.x > p.offset.0 + r.right())
                .map(|t| t.rect.x)
                .fold(f64::INFINITY, f64::min);
            for &(a, b) in &p.cut_lines {
                let vertical = (a.0 - b.0).abs() < TOL;
                let (lo, hi, len) = if vertical {
                    (a.1.min(b.1), a.1.max(b.1), p.page.1)
                } else {
                    (a.0.min(b.0), a.0.max(b.0), p.page.0)
                };
                assert!(lo <= 5.5, "{what}: a cut line starts {lo} mm from the paper's edge");
                let end = if vertical { len } else { len.min(words_beside) };
                assert!(
                    hi >= end - 5.5 - 2.5,
                    "{what}: a cut line ends {} mm before the paper's edge or the words",
                    end - hi
                );
            }
        }
    }
}

#[test]
fn the_build_says_how_many_pieces_a_board_was_tiled_into() {
    let dice = tiled_board("dice", "a4");
    assert_eq!(dice.pieces.len(), 3, "the dice pitch takes three A4 pieces");
    assert!(
        dice.stderr.contains("pitch.pdf") && dice.stderr.contains("tiled into 3 pieces"),
        "{}",
        dice.stderr
    );
    let league = tiled_board("league", "letter");
    let n = league.pieces.len();
    assert!(n >= 2, "the league board does not fit Letter whole");
    assert_eq!(league.pages, n + 1, "one page per piece and the map");
    assert!(
        league.stderr.contains(&format!("tiled into {n} pieces")),
        "{}",
        league.stderr
    );
    // On paper it fits, nothing is said.
    let dir = TestDir::new("tiling-league-a3");
    dir.write("layouts/league/board.toml", &project_file("layouts/league/board.toml"));
    dir.write_league_deck();
    let run = dir.run(&[
        "build",
        "layouts/league/board.toml",
        "--paper",
        "a3",
        "--lang",
        "es",
        "--format",
        "pdf",
    ]);
    run.expect_code(0);
    assert!(!run.stderr.contains("tiled"), "{}", run.stderr);
}

#[test]
fn without_tiling_the_league_board_on_letter_is_refused_saying_how_much_too_wide_and_tall() {
    let dir = TestDir::new("tiling-league-off");
    let text = replace_line(
        &project_file("layouts/league/board.toml"),
        "enabled =",
        "enabled = false",
    );
    dir.write("layouts/league/board.toml", &text);
    dir.write_league_deck();
    let run = dir.run(&["check", "layouts/league/board.toml", "--paper", "letter"]);
    run.expect_code(1);
    assert!(run.stderr.contains("error[page-fit]"), "{}", run.stderr);
    // The mat's two columns of cards are wider than Letter, its three
    // lines of cards with the panels taller: both shortfalls are said.
    let (wide, tall) = shortfalls(&run.stderr);
    assert!(wide > 100.0 && tall > 50.0, "{}", run.stderr);
    assert!(run.stderr.contains("[tiling] enabled = true"), "{}", run.stderr);
    // No step short enough to fit would keep the stats in sight: none is offered.
    assert!(!run.stderr.contains("cards.step ="), "{}", run.stderr);
}

/// The millimetres a page-fit finding says the content is too wide and too
/// tall by (0 for a side it does not name).
fn shortfalls(stderr: &str) -> (f64, f64) {
    let by = |what: &str| {
        stderr
            .find(&format!(" mm too {what}"))
            .map(|end| {
                let start = stderr[..end]
                    .rfind(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .map_or(0, |i| i + 1);
                stderr[start..end].parse::<f64>().unwrap()
            })
            .unwrap_or(0.0)
    };
    (by("wide"), by("tall"))
}

#[test]
fn the_league_mat_is_cut_along_its_middle_line_and_through_no_words() {
    for paper in ["a4", "letter"] {
        let t = tiled_board("league", paper);
        assert_eq!(t.pieces.len(), 4, "{paper}: two columns of two pieces");
        // The middle line is where the home stripes end (board coordinates,
        // as the pieces' regions are).
        let svg = t.dir.read_string("output/league/board-1.svg");
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let home = crate::common::svg_rect(crate::common::by_id(&doc, "stripe-0-0"));
        let right: Vec<&Piece> = t.pieces.iter().filter(|p| p.col == 1).collect();
        assert!(!right.is_empty());
        for p in right {
            assert_close(
                p.region.x,
                home.right(),
                0.01,
                "the second column starts at the middle line",
            );
        }
        assert!(!t.stderr.contains("tile-cut"), "{paper}: {}", t.stderr);
    }
}

#[test]
fn a_joins_middle_target_is_drawn_only_where_the_finished_board_hides_it() {
    // On the piece underneath, the strip side of the join (the piece on top
    // covers it); on the piece on top, the margin its cut takes off. The
    // targets beyond the ends stand in margins and are drawn whole.
    let mut seen = 0;
    for (board, paper) in FIXTURES {
        let t = tiled_board(board, paper);
        for (i, p) in t.pieces.iter().enumerate() {
            let what = format!("{board} on {paper}, piece {}", i + 1);
            let r = p.region;
            // Every target on the board's area is clipped.
            for m in &p.marks {
                let on_edge = p
                    .clipped_marks
                    .iter()
                    .any(|(c, _)| (c.0 - m.0).abs() < TOL && (c.1 - m.1).abs() < TOL);
                let (bx, by) = p.to_board(*m);
                let within = bx >= r.x - TOL && bx <= r.right() + TOL && by >= r.y - TOL && by <= r.bottom() + TOL;
                assert!(!within || on_edge, "{what}: a whole target on the board at {m:?}");
            }
            for (c, clip) in &p.clipped_marks {
                seen += 1;
                let (bx, by) = p.to_board(*c);
                // The join's line: the region's first edge when on top, a
                // strip's inner edge (10 mm in) when underneath.
                let on_top_v = (bx - r.x).abs() < TOL;
                let on_top_h = (by - r.y).abs() < TOL;
                let (lo, hi) = (
                    p.to_board((clip.x, clip.y)),
                    p.to_board((clip.x + clip.w, clip.y + clip.h)),
                );
                if on_top_v {
                    assert!(
                        hi.0 <= r.x + TOL,
                        "{what}: the target on its cut edge reaches the board"
                    );
                } else if on_top_h {
                    assert!(
                        hi.1 <= r.y + TOL,
                        "{what}: the target on its cut edge reaches the board"
                    );
                } else if (bx - (r.right() - 10.0)).abs() < TOL {
                    assert!(lo.0 >= bx - TOL, "{what}: the target reaches off the strip");
                } else {
                    assert!(
                        (by - (r.bottom() - 10.0)).abs() < TOL,
                        "{what}: a clipped target off every join"
                    );
                    assert!(lo.1 >= by - TOL, "{what}: the target reaches off the strip");
                }
            }
        }
    }
    assert!(seen >= 4, "the middle targets are found ({seen})");
}
