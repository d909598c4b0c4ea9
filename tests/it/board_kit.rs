//! A user's own boards in a kit: a 9 x 13 hex pitch and a ground of
//! squares, every cell numbered as a wargame's map ("0503"), both larger
//! than A4 and Letter (tests/fixtures/board-kit, an invented game). The kit
//! takes them on either paper with no finding; the pieces' cuts, read back
//! from the SVG, run between the numbers; the map's discs hide none of
//! them; and words that really print over each other on a piece are still
//! reported.

use crate::common::{Face, MmRect, TestDir, attr, by_class, clip_rect, headlines, numbers, project_file};

/// The game's files, under tests/fixtures/board-kit/ and layouts/board-kit/.
const FILES: [&str; 6] = [
    "game.toml",
    "cover.toml",
    "cover/en.md",
    "hex.toml",
    "squares.toml",
    "i18n/en.toml",
];

/// A project folder holding the game as `layouts/board-kit/`.
fn board_kit_game(name: &str) -> TestDir {
    let dir = TestDir::new(name);
    for f in FILES {
        dir.write(
            format!("layouts/board-kit/{f}"),
            &project_file(&format!("tests/fixtures/board-kit/{f}")),
        );
    }
    dir
}

/// A line of text as drawn: its words and its box, from its baseline, its
/// advances and the face's ascent and descent (wider than its ink).
fn text_box(n: roxmltree::Node<'_, '_>) -> (String, MmRect) {
    let size = attr(n, "font-size");
    let (x, y) = (attr(n, "x"), attr(n, "y"));
    let text: String = n
        .descendants()
        .filter(|d| d.is_text())
        .filter_map(|d| d.text())
        .collect();
    let face = Face::of_svg(n);
    let rect = MmRect {
        x,
        y: y - face.ascent(size),
        w: face.advance(&text, size),
        h: face.ascent(size) + face.descent(size),
    };
    (text, rect)
}

/// A cell's number: four digits.
fn is_number(text: &str) -> bool {
    text.len() == 4 && text.chars().all(|c| c.is_ascii_digit())
}

/// One piece read back from its SVG page: its column and row, the region
/// of the board it shows and the boxes of the cell numbers drawn in it, in
/// the board's coordinates.
struct Piece {
    col: u32,
    row: u32,
    region: MmRect,
    numbers: Vec<(String, MmRect)>,
}

/// The map page read back: each piece's disc (centre and radius) and each
/// cell number's box, on the page.
struct Map {
    discs: Vec<((f64, f64), f64)>,
    numbers: Vec<(String, MmRect)>,
}

/// `board` (hex or squares) built alone onto `paper` as SVG: its pieces and
/// its map.
fn pages(dir: &TestDir, board: &str, paper: &str) -> (Vec<Piece>, Map) {
    let layout = format!("layouts/board-kit/{board}.toml");
    let run = dir.run(&["build", &layout, "--paper", paper, "--lang", "en", "--format", "svg"]);
    run.expect_code(0);
    let (mut pieces, mut map) = (Vec::new(), None);
    for n in 1.. {
        let path = format!("output/board-kit/{board}-en-{n}.svg");
        if !dir.join(&path).exists() {
            break;
        }
        let svg = dir.read_string(&path);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let texts = |g: roxmltree::Node<'_, '_>| -> Vec<(String, MmRect)> {
            g.descendants()
                .filter(|n| n.has_tag_name("text"))
                .map(text_box)
                .filter(|(t, _)| is_number(t))
                .collect()
        };
        if let Some(group) = by_class(&doc, "tile").into_iter().next() {
            let id: Vec<u32> = group
                .attribute("id")
                .unwrap()
                .trim_start_matches("tile-")
                .split('-')
                .map(|v| v.parse().unwrap())
                .collect();
            pieces.push(Piece {
                col: id[0],
                row: id[1],
                region: clip_rect(&doc, group),
                numbers: texts(group),
            });
            continue;
        }
        // The map: the board drawn small in a group scaled and moved onto
        // the page, the pieces' discs over it.
        let board = by_class(&doc, "assembly-map")
            .into_iter()
            .find(|g| g.has_tag_name("g") && g.attribute("transform").is_some())
            .expect("the map draws the board");
        let m = numbers(board.attribute("transform").unwrap());
        assert!(
            m[1].abs() < 1e-9 && m[2].abs() < 1e-9 && (m[0] - m[3]).abs() < 1e-9,
            "the map's board is scaled evenly: {m:?}"
        );
        let on_page = |r: &MmRect| MmRect {
            x: r.x * m[0] + m[4],
            y: r.y * m[3] + m[5],
            w: r.w * m[0],
            h: r.h * m[3],
        };
        let discs = by_class(&doc, "assembly-map")
            .into_iter()
            .filter(|n| n.has_tag_name("circle"))
            .map(|n| ((attr(n, "cx"), attr(n, "cy")), attr(n, "r")))
            .collect();
        let numbers = texts(board).into_iter().map(|(t, r)| (t, on_page(&r))).collect();
        map = Some(Map { discs, numbers });
    }
    (pieces, map.expect("a tiled board has a map page"))
}

#[test]
fn a_users_numbered_boards_go_into_an_a4_and_a_letter_kit_with_no_finding() {
    let dir = board_kit_game("board-kit");
    for paper in ["a4", "letter"] {
        let out = format!("out-{paper}");
        let run = dir.run(&["kit", "board-kit", "--paper", paper, "--lang", "en", "--out", &out]);
        run.expect_code(0);
        // No error, and no warning either: the tool's own marks (the map's
        // discs, the glue strips' words, the pieces' panels) are not the
        // user's words, and no cut runs through a number.
        assert!(
            headlines(&run.stderr).is_empty(),
            "{paper}: the kit has findings:\n{}",
            run.stderr
        );
        assert!(
            dir.join(format!("{out}/board-kit/kit-en.pdf")).exists(),
            "{paper}: the kit is written"
        );
    }
}

#[test]
fn every_cut_runs_between_the_cell_numbers_and_every_number_prints_whole() {
    let dir = board_kit_game("board-kit-cuts");
    for board in ["hex", "squares"] {
        for paper in ["a4", "letter"] {
            let what = format!("{board} on {paper}");
            let (pieces, _) = pages(&dir, board, paper);
            let cuts_x: Vec<f64> = pieces.iter().filter(|p| p.col > 0).map(|p| p.region.x).collect();
            let cuts_y: Vec<f64> = pieces.iter().filter(|p| p.row > 0).map(|p| p.region.y).collect();
            // Both boards are larger than the paper both ways: the test
            // measures cuts across and down.
            assert!(
                !cuts_x.is_empty() && !cuts_y.is_empty(),
                "{what}: cut both ways ({} pieces)",
                pieces.len()
            );
            let all: Vec<&(String, MmRect)> = pieces.iter().flat_map(|p| &p.numbers).collect();
            let expected = if board == "hex" { 9 * 13 } else { 12 * 15 };
            let mut names: Vec<&str> = all.iter().map(|(t, _)| t.as_str()).collect();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), expected, "{what}: every cell's number is drawn");
            for (text, b) in &all {
                for c in &cuts_x {
                    assert!(
                        *c <= b.x || *c >= b.right(),
                        "{what}: the vertical cut at {c} mm runs through \"{text}\" ({b:?})"
                    );
                }
                for c in &cuts_y {
                    assert!(
                        *c <= b.y || *c >= b.bottom(),
                        "{what}: the horizontal cut at {c} mm runs through \"{text}\" ({b:?})"
                    );
                }
                // Whole on a piece: inside one piece's region.
                assert!(
                    pieces.iter().any(|p| b.x >= p.region.x
                        && b.right() <= p.region.right()
                        && b.y >= p.region.y
                        && b.bottom() <= p.region.bottom()),
                    "{what}: \"{text}\" prints whole on no piece"
                );
            }
        }
    }
}

#[test]
fn the_maps_discs_stand_where_they_hide_no_cell_number() {
    let dir = board_kit_game("board-kit-map");
    for board in ["hex", "squares"] {
        for paper in ["a4", "letter"] {
            let what = format!("{board} on {paper}");
            let (pieces, map) = pages(&dir, board, paper);
            assert_eq!(map.discs.len(), pieces.len(), "{what}: a disc per piece");
            assert!(!map.numbers.is_empty(), "{what}: the map shows the board's numbers");
            for ((cx, cy), r) in &map.discs {
                for (text, b) in &map.numbers {
                    let nearest = (cx.clamp(b.x, b.right()), cy.clamp(b.y, b.bottom()));
                    let d = ((nearest.0 - cx).powi(2) + (nearest.1 - cy).powi(2)).sqrt();
                    assert!(d >= *r, "{what}: the disc at ({cx}, {cy}) hides \"{text}\"");
                }
            }
        }
    }
}

#[test]
fn words_that_really_print_over_a_number_on_a_piece_are_still_reported() {
    let dir = board_kit_game("board-kit-overlap");
    // A note laid over the first cell's number, "0101", near the board's
    // top-left corner: on piece 1 both print, one over the other.
    let hex = project_file("tests/fixtures/board-kit/hex.toml");
    dir.write(
        "layouts/board-kit/hex.toml",
        &format!("{hex}\n[[text_box]]\nat = [5.0, 8.0]\nsize = [20.0, 5.0]\ntext = \"KICK-OFF\"\n"),
    );
    let run = dir.run(&["build", "layouts/board-kit/hex.toml", "--paper", "a4", "--lang", "en"]);
    let found = headlines(&run.stderr);
    assert!(
        found
            .iter()
            .any(|l| l.starts_with("warning[label-overlap]") && l.contains("0101") && l.contains("KICK-OFF")),
        "the note over \"0101\" is reported:\n{}",
        run.stderr
    );
    // And only it: the numbers beyond a piece's region, under its panel or
    // under a glue strip's words are not said to overlap.
    assert!(
        found
            .iter()
            .filter(|l| l.starts_with("warning[label-overlap]"))
            .all(|l| l.contains("KICK-OFF")),
        "only the note's overlap is reported:\n{}",
        run.stderr
    );
}
