//! Counters, tokens and die nets, read back from the SVG and PDF the
//! binary writes: counts per team, diameters and positions, labels, backs
//! behind fronts, sizes that fit the board, and die nets that fold into cubes.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use crate::common::{
    TestDir, assert_close, attr, by_class, column_of, expand_uses, files_with_ext, json_findings, line_of, numbers,
    pdf_text, project_file, project_of, read_pdf, replace_line, svg_page, svg_points, turned_over,
};

const TOL: f64 = 0.01;
/// The shipped dice-football counters' diameter: the largest half millimetre
/// that leaves the clearance inside the pitch's grid lines.
const DICE_COUNTER: f64 = 17.5;
/// The shipped dice-football ball's diameter: small enough that, laid on a
/// counter, the counter's colour and the keeper's ring show round it.
const DICE_BALL: f64 = 10.0;

/// A project folder with the given layouts copied in (path relative to the project).
fn with_layouts(name: &str, files: &[(&str, String)]) -> TestDir {
    let dir = project_of(name, files);
    // The league mat sizes its card places from the deck it names.
    if files.iter().any(|(rel, _)| *rel == "layouts/league/board.toml") {
        dir.write_league_deck();
    }
    dir
}

/// One counter as printed: set, index, centre on the page, diameter, its
/// outermost ink, and the fill of its disc and the texts in its group.
#[derive(Debug)]
struct Printed {
    set: u32,
    index: u32,
    centre: (f64, f64),
    diameter: f64,
    /// Across the outer edge of its outline (the cut guide), which is centred
    /// on the diameter: what the counter measures when cut along its outside.
    ink: f64,
    fill: String,
    ringed: bool,
    texts: Vec<String>,
}

fn counters(svg: &str, class: &str) -> Vec<Printed> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    by_class(&doc, class)
        .into_iter()
        .filter_map(|g| {
            let m = numbers(g.attribute("transform").unwrap());
            let disc = g.descendants().find(|n| n.attribute("class") == Some("counter"))?;
            let mut id = disc.attribute("id").unwrap().trim_start_matches("counter-").split('-');
            let set = id.next().unwrap().parse().unwrap();
            let index = id.next().unwrap().parse().unwrap();
            let (cx, cy, r) = (attr(disc, "cx"), attr(disc, "cy"), attr(disc, "r"));
            let outline = match disc.attribute("stroke") {
                Some(s) if s != "none" => attr(disc, "stroke-width"),
                _ => 0.0,
            };
            let circles: Vec<_> = g.descendants().filter(|n| n.has_tag_name("circle")).collect();
            // The fill disc is the filled circle with the largest radius (it runs into the bleed).
            let fill = circles
                .iter()
                .filter(|n| n.attribute("fill").is_some_and(|f| f != "none"))
                .max_by(|a, b| attr(**a, "r").total_cmp(&attr(**b, "r")))
                .and_then(|n| n.attribute("fill"))
                .unwrap_or("none")
                .to_string();
            let ringed = circles.iter().any(|n| n.attribute("stroke") == Some("#ffd54f"));
            let texts = g
                .descendants()
                .filter(|n| n.has_tag_name("text"))
                .filter_map(|n| n.text().map(str::to_string))
                .collect();
            Some(Printed {
                set,
                index,
                centre: (m[4] + cx, m[5] + cy),
                diameter: 2.0 * r,
                ink: 2.0 * r + outline,
                fill,
                ringed,
                texts,
            })
        })
        .collect()
}

fn dice_football() -> TestDir {
    let dir = with_layouts(
        "counters-dice-football",
        &[
            (
                "layouts/dice-football/pitch.toml",
                project_file("layouts/dice-football/pitch.toml"),
            ),
            (
                "layouts/dice-football/counters.toml",
                project_file("layouts/dice-football/counters.toml"),
            ),
        ],
    );
    dir.run(&["build", "layouts/dice-football/counters.toml", "--format", "pdf,svg"])
        .expect_code(0);
    dir
}

#[test]
fn dice_football_has_eleven_a_side_and_two_spares_in_two_colours_a_distinct_keeper_and_two_balls() {
    let dir = dice_football();
    let svg = dir.read_string("output/dice-football/counters.svg");
    let (w, h, _) = svg_page(&roxmltree::Document::parse(&svg).unwrap());
    let printed = counters(&svg, "item-front");
    let per_set = |s: u32| printed.iter().filter(|c| c.set == s).count();
    assert_eq!(
        (per_set(0), per_set(1), per_set(2)),
        (13, 13, 2),
        "11 + 11 counters and two spares a side, the ball and a spare"
    );
    // The eleven are numbered; the two spares are blank, to stand in for any.
    for side in 0..2 {
        let numbered = printed.iter().filter(|c| c.set == side && !c.texts.is_empty()).count();
        assert_eq!(numbered, 11, "side {side}: eleven numbered counters");
    }
    let fill = |s: u32| printed.iter().find(|c| c.set == s).unwrap().fill.clone();
    assert_ne!(fill(0), fill(1), "the two teams have different colours");
    for c in &printed {
        let d = if c.set == 2 { DICE_BALL } else { DICE_COUNTER };
        assert_close(c.diameter, d, TOL, "counter diameter");
        let r = d / 2.0;
        assert!(
            c.centre.0 - r >= 5.0 && c.centre.0 + r <= w - 5.0,
            "inside the safe area across"
        );
        assert!(
            c.centre.1 - r >= 5.0 && c.centre.1 + r <= h - 5.0,
            "inside the safe area down"
        );
        assert_eq!(
            c.ringed,
            c.set < 2 && c.index == 0,
            "only the goalkeepers are ringed: {c:?}"
        );
        if c.set < 2 && c.index < 11 {
            assert_eq!(c.texts, vec![(c.index + 1).to_string()], "numbered 1-11");
        } else if c.set < 2 {
            assert!(c.texts.is_empty(), "the spares are blank: {c:?}");
        }
    }
    // Counters never overlap, cut guides included.
    for (i, a) in printed.iter().enumerate() {
        for b in &printed[i + 1..] {
            let d = (a.centre.0 - b.centre.0).hypot(a.centre.1 - b.centre.1);
            assert!(
                d >= DICE_COUNTER - TOL,
                "counters at {:?} and {:?} overlap",
                a.centre,
                b.centre
            );
        }
    }
    // The labels are in the PDF too.
    let text = pdf_text(&dir.read("output/dice-football/counters.pdf"));
    for n in 1..=11 {
        assert!(
            text.split_whitespace().filter(|w| *w == n.to_string()).count() >= 2,
            "label {n} twice in the PDF:\n{text}"
        );
    }
}

#[test]
fn the_dice_ball_laid_on_a_counter_leaves_the_counter_in_sight() {
    // The ball ends every pass on a team-mate's square, so it sits
    // on a counter; at the counters' size it hid which team, and which keeper.
    // Measured on the sheet as printed, SVG and PDF.
    let dir = dice_football();
    let svg = dir.read_string("output/dice-football/counters.svg");
    let printed = counters(&svg, "item-front");
    let ball = printed.iter().find(|c| c.set == 2).expect("a ball");
    let player = printed.iter().find(|c| c.set == 0).expect("a counter");
    let band = (player.diameter - ball.diameter) / 2.0;
    assert!(
        band >= 3.0,
        "a ball of {} mm on a {} mm counter leaves a band of only {band} mm of the team's colour",
        ball.diameter,
        player.diameter
    );
    // The keeper's yellow ring, whole outside the ball.
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let keeper = by_class(&doc, "item-front")
        .into_iter()
        .find(|g| g.descendants().any(|n| n.attribute("id") == Some("counter-0-0")))
        .unwrap();
    let ring = keeper
        .descendants()
        .find(|n| n.has_tag_name("circle") && n.attribute("stroke") == Some("#ffd54f"))
        .expect("the keeper's ring");
    let inner = attr(ring, "r") - attr(ring, "stroke-width") / 2.0;
    assert!(
        ball.diameter / 2.0 <= inner,
        "the ball's {} mm radius covers the keeper's ring, which starts {inner} mm from the centre",
        ball.diameter / 2.0
    );
    // The PDF prints the two sizes: its cut guides, measured across.
    let guide = rgb(by_class(&doc, "counter")[0].attribute("stroke").unwrap());
    let inks = pdf_counter_inks(&dir.read("output/dice-football/counters.pdf"), guide);
    let smallest = inks.iter().copied().fold(f64::INFINITY, f64::min);
    let largest = inks.iter().copied().fold(0.0, f64::max);
    assert!(
        largest - smallest >= 6.0,
        "the PDF's ball ({smallest} mm) is visibly smaller than its counters ({largest} mm)"
    );
}

/// The Futbolchess counters, PDF and SVG, built once for the tests that only
/// read them.
fn futbolchess() -> &'static TestDir {
    static BUILT: OnceLock<TestDir> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = TestDir::shared("counters-futbolchess");
        for rel in ["layouts/futbolchess/board.toml", "layouts/futbolchess/counters.toml"] {
            dir.write(rel, &project_file(rel));
        }
        dir.run(&["build", "layouts/futbolchess/counters.toml", "--format", "pdf,svg"])
            .expect_code(0);
        dir
    })
}

#[test]
fn futbolchess_roles_come_from_the_layout_and_extract_from_the_pdf() {
    let dir = futbolchess();
    let text = pdf_text(&dir.read("output/futbolchess/counters.pdf"));
    let words: Vec<&str> = text.split_whitespace().collect();
    let count = |w: &str| words.iter().filter(|x| **x == w).count();
    for (role, n) in [("POR", 2), ("DF", 4), ("L", 4), ("M", 4), ("EX", 4), ("DC", 4)] {
        assert_eq!(count(role), n, "{role} counters (both sides) in:\n{text}");
    }
    assert_eq!(count("CARA"), 1);
    assert_eq!(count("CRUZ"), 1);
    let svg = dir.read_string("output/futbolchess/counters-1.svg");
    let printed = counters(&svg, "item-front");
    let sides: Vec<_> = (0..2)
        .map(|s| printed.iter().filter(|c| c.set == s).collect::<Vec<_>>())
        .collect();
    // Eleven roles a side and two blank spares.
    assert_eq!((sides[0].len(), sides[1].len()), (13, 13));
    for side in &sides {
        assert_eq!(
            side.iter().filter(|c| !c.texts.is_empty()).count(),
            11,
            "eleven lettered"
        );
    }
    assert_ne!(sides[0][0].fill, sides[1][0].fill, "red and blue");
    for c in printed.iter().filter(|c| c.set < 2) {
        assert_close(c.diameter, 21.5, TOL, "role counter diameter");
    }
    let ball = printed.iter().find(|c| c.set == 2).unwrap();
    assert_eq!(ball.fill, "#ffffff", "the ball is white");
}

#[test]
fn futbolchess_counters_carry_the_same_role_letters_in_every_language() {
    // One choice: the seed's letters on the English and
    // Catalan counters too, which each language's rules spell out
    // (tests/i18n.rs); only the coin speaks the language.
    let dir = TestDir::new("counters-futbolchess-en-ca");
    for rel in ["layouts/futbolchess/board.toml", "layouts/futbolchess/counters.toml"] {
        dir.write(rel, &project_file(rel));
    }
    dir.run(&[
        "build",
        "layouts/futbolchess/counters.toml",
        "--format",
        "pdf",
        "--lang",
        "en,ca",
    ])
    .expect_code(0);
    for (lang, heads, tails) in [("en", "HEADS", "TAILS"), ("ca", "CARA", "CREU")] {
        let text = pdf_text(&dir.read(format!("output/futbolchess/counters-{lang}.pdf")));
        let words: Vec<&str> = text.split_whitespace().collect();
        let count = |w: &str| words.iter().filter(|x| **x == w).count();
        for (role, n) in [("POR", 2), ("DF", 4), ("L", 4), ("M", 4), ("EX", 4), ("DC", 4)] {
            assert_eq!(count(role), n, "{lang}: {role} counters (both sides) in:\n{text}");
        }
        assert_eq!(
            (count(heads), count(tails)),
            (1, 1),
            "{lang}: the coin in its language:\n{text}"
        );
    }
}

#[test]
fn backs_land_behind_their_fronts_and_the_coin_has_two_faces() {
    let dir = futbolchess();
    let front = dir.read_string("output/futbolchess/counters-1.svg");
    // As printed: each back placed where its `<use>` puts it.
    let back = expand_uses(&dir.read_string("output/futbolchess/counters-2.svg"));
    let (w, h, _) = svg_page(&roxmltree::Document::parse(&front).unwrap());
    let fronts = counters(&front, "item-front");
    let backs = counters(&back, "item-back");
    // 13 + 13 role counters (two spares a side), two balls and the coin.
    assert_eq!(fronts.len(), 29, "fronts on the first sheet");
    assert_eq!(fronts.len(), backs.len());
    for f in &fronts {
        let b = backs
            .iter()
            .find(|b| b.set == f.set && b.index == f.index)
            .expect("a back for every front");
        let (x, y) = turned_over(f.centre.0, f.centre.1, 0.0, 0.0, w, h, true);
        assert_close(b.centre.0, x, TOL, "long-edge back x");
        assert_close(b.centre.1, y, TOL, "long-edge back y");
    }
    let coin_front = fronts.iter().find(|c| c.set == 3).unwrap();
    let coin_back = backs.iter().find(|c| c.set == 3).unwrap();
    assert_eq!(coin_front.texts, vec!["CARA"]);
    assert_eq!(coin_back.texts, vec!["CRUZ"]);
    assert_ne!(coin_front.fill, coin_back.fill, "the coin's faces differ");
}

/// A broken copy of a counter layout fails `check` with `code`, and its
/// message or hint contains `says`.
fn assert_refused(dir: &TestDir, layout: &str, code: &str, says: &str) {
    let run = dir.run(&["check", layout, "--json"]);
    run.expect_code(1);
    let codes = run.json_codes();
    assert!(
        codes.iter().any(|c| c == code),
        "expected {code}, got {codes:?}\n{}",
        run.stdout
    );
    assert!(run.stdout.contains(says), "the finding says {says:?}:\n{}", run.stdout);
    dir.run(&["build", layout]).expect_code(1);
    assert!(!dir.join("output").exists(), "nothing is written");
}

#[test]
fn counters_wider_than_their_square_less_the_clearance_are_refused() {
    let counters = replace_line(
        &project_file("layouts/dice-football/counters.toml"),
        "diameter = 17.5",
        "diameter = 19.0",
    );
    let dir = with_layouts(
        "counters-too-big",
        &[
            (
                "layouts/dice-football/pitch.toml",
                project_file("layouts/dice-football/pitch.toml"),
            ),
            ("layouts/dice-football/counters.toml", counters),
        ],
    );
    assert_refused(
        &dir,
        "layouts/dice-football/counters.toml",
        "counter-size",
        "at most 17.5 mm",
    );

    // A bigger board square lets the same counters through: 19 mm and the
    // 0.15 mm guide, with 2 mm to spare, just fit 21.5 mm squares less their
    // 0.35 mm lines.
    let pitch = replace_line(
        &project_file("layouts/dice-football/pitch.toml"),
        "pitch =",
        "pitch = 21.5",
    );
    dir.write("layouts/dice-football/pitch.toml", &pitch);
    dir.run(&["check", "layouts/dice-football/counters.toml"])
        .expect_code(0);
}

#[test]
fn labels_wider_than_their_counter_or_too_small_are_refused() {
    let wide = project_file("layouts/futbolchess/counters.toml").replacen("[\"POR\"", "[\"PORTERO TITULAR\"", 1);
    let dir = with_layouts(
        "counters-wide-label",
        &[
            (
                "layouts/futbolchess/board.toml",
                project_file("layouts/futbolchess/board.toml"),
            ),
            ("layouts/futbolchess/counters.toml", wide),
        ],
    );
    assert_refused(
        &dir,
        "layouts/futbolchess/counters.toml",
        "counter-label",
        "PORTERO TITULAR",
    );

    let small = replace_line(
        &project_file("layouts/futbolchess/counters.toml"),
        "label_size =",
        "label_size = 5.0",
    );
    let dir = with_layouts(
        "counters-small-label",
        &[
            (
                "layouts/futbolchess/board.toml",
                project_file("layouts/futbolchess/board.toml"),
            ),
            ("layouts/futbolchess/counters.toml", small),
        ],
    );
    assert_refused(
        &dir,
        "layouts/futbolchess/counters.toml",
        "text-small",
        "counter.label_size",
    );
}

#[test]
fn a_counter_layout_must_name_a_board_that_exists() {
    let counters = replace_line(
        &project_file("layouts/dice-football/counters.toml"),
        "board =",
        "board = \"nowhere.toml\"",
    );
    let dir = with_layouts(
        "counters-no-board",
        &[("layouts/dice-football/counters.toml", counters)],
    );
    assert_refused(
        &dir,
        "layouts/dice-football/counters.toml",
        "layout-board",
        "nowhere.toml",
    );
}

/// A board and the counter sheet played on it, as shipped, and the classes
/// of the board's SVG elements counters stand in: squares (`rect`) or spots
/// (`circle`).
struct Pairing {
    game: &'static str,
    board: &'static str,
    counters: &'static str,
    spaces: &'static [&'static str],
}

const PAIRINGS: [Pairing; 3] = [
    Pairing {
        game: "dice-football",
        board: "pitch",
        counters: "counters",
        spaces: &["cell"],
    },
    Pairing {
        game: "futbolchess",
        board: "board",
        counters: "counters",
        spaces: &["cell"],
    },
    Pairing {
        game: "league",
        board: "board",
        counters: "tokens",
        spaces: &["track-box", "ball-spot"],
    },
];

/// The clearance a counter layout asks for (in total across, half on each
/// side, as the layout's comment says) and, set by set, whether the set
/// stands on the board (a coin to toss does not).
fn clearance_and_on_board(text: &str) -> (f64, Vec<bool>) {
    let t: toml::Table = toml::from_str(text).unwrap();
    let clearance = t["clearance"]
        .as_float()
        .expect("the shipped layouts state their clearance");
    let on_board = t["set"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.get("on_board").and_then(toml::Value::as_bool).unwrap_or(true))
        .collect();
    (clearance, on_board)
}

/// The narrowest free space a counter stands in on a board's SVG: a square
/// (`rect`) or spot (`circle`) of one of `classes`, its side or diameter less
/// its line, which is centred on its edge.
fn svg_clear_space(svg: &str, classes: &[&str]) -> f64 {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let spaces: Vec<f64> = classes
        .iter()
        .flat_map(|c| by_class(&doc, c))
        .map(|n| {
            let side = if n.has_tag_name("circle") {
                2.0 * attr(n, "r")
            } else {
                attr(n, "width").min(attr(n, "height"))
            };
            side - attr(n, "stroke-width")
        })
        .collect();
    assert!(!spaces.is_empty(), "the board draws its {classes:?}");
    spaces.into_iter().fold(f64::INFINITY, f64::min)
}

/// The narrowest free space inside the stroked `side` x `side` squares of a
/// board's PDF: the side less the line width.
fn pdf_clear_space(pdf: &[u8], side: f64) -> f64 {
    let spaces: Vec<f64> = read_pdf(pdf)
        .iter()
        .flat_map(|page| {
            page.rects()
                .into_iter()
                .filter(|(r, p)| p.strokes() && (r.w - side).abs() <= TOL && (r.h - side).abs() <= TOL)
                .map(|(r, p)| r.w.min(r.h) - p.line_width)
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(!spaces.is_empty(), "the board's PDF has {side} mm squares");
    spaces.into_iter().fold(f64::INFINITY, f64::min)
}

/// Every counter outline in a counter sheet's PDF (stroked circles in the cut
/// guide's colour `rgb`), measured across the outer edge of its line.
fn pdf_counter_inks(pdf: &[u8], rgb: [f64; 3]) -> Vec<f64> {
    read_pdf(pdf)
        .iter()
        .flat_map(|page| page.paths.clone())
        .filter(|p| {
            p.strokes()
                && p.has_curves
                && p.stroke_rgb
                    .is_some_and(|c| (0..3).all(|k| (c[k] - rgb[k]).abs() < 1e-3))
        })
        .map(|p| {
            // A circle's Bézier control points stay within its box.
            let xs = p.subpaths.iter().flat_map(|(pts, _)| pts.iter().map(|q| q.0));
            let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| (lo.min(x), hi.max(x)));
            hi - lo + p.line_width
        })
        .collect()
}

/// `#rrggbb` as PDF colour components.
fn rgb(hex: &str) -> [f64; 3] {
    let h = hex.trim_start_matches('#');
    [0, 2, 4].map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap() as f64 / 255.0)
}

#[test]
fn shipped_counters_fit_their_squares_ink_to_ink_as_written() {
    for p in &PAIRINGS {
        let board_rel = format!("layouts/{}/{}.toml", p.game, p.board);
        let counters_rel = format!("layouts/{}/{}.toml", p.game, p.counters);
        let dir = with_layouts(
            &format!("counters-ink-{}", p.game),
            &[
                (&board_rel, project_file(&board_rel)),
                (&counters_rel, project_file(&counters_rel)),
            ],
        );
        dir.run(&[
            "build",
            &board_rel,
            &counters_rel,
            "--format",
            "pdf,svg",
            "--lang",
            "es",
        ])
        .expect_code(0);
        let (clearance, on_board) = clearance_and_on_board(&project_file(&counters_rel));
        let out = format!("output/{}", p.game);

        // The room: between the inner edges of the lines round a square.
        let board_svg = dir.read_string(format!("{out}/{}.svg", p.board));
        let clear = svg_clear_space(&board_svg, p.spaces);
        // The counters: to the outer edge of their cut guide, every sheet.
        let mut sheets: Vec<String> = files_with_ext(&dir.join(&out), &["svg"])
            .into_iter()
            .map(|f| f.to_string_lossy().into_owned())
            .filter(|f| f.starts_with(&format!("{}.", p.counters)) || f.starts_with(&format!("{}-", p.counters)))
            .collect();
        sheets.sort();
        let printed: Vec<Printed> = sheets
            .iter()
            .flat_map(|f| counters(&dir.read_string(format!("{out}/{f}")), "item-front"))
            .collect();
        let stands = |c: &Printed| on_board[c.set as usize];
        assert!(
            printed.iter().any(stands),
            "{}: counters on its sheets {sheets:?}",
            p.game
        );
        for c in printed.iter().filter(|c| stands(c)) {
            assert!(
                c.ink + clearance <= clear + 1e-9,
                "{}: set {} counter {}: {} mm to the outside of its cut guide, with {clearance} mm to spare, \
                 is more than the {clear} mm between the board's lines",
                p.game,
                c.set,
                c.index,
                c.ink
            );
        }

        // The same from the PDFs, which are what gets printed.
        let svg_doc = roxmltree::Document::parse(&board_svg).unwrap();
        let side = attr(by_class(&svg_doc, p.spaces[0])[0], "width");
        let pdf_clear = pdf_clear_space(&dir.read(format!("{out}/{}.pdf", p.board)), side);
        let sheet = dir.read_string(format!("{out}/{}", sheets[0]));
        let sheet_doc = roxmltree::Document::parse(&sheet).unwrap();
        let guide = rgb(by_class(&sheet_doc, "counter")[0].attribute("stroke").unwrap());
        let off_board: Vec<f64> = printed.iter().filter(|c| !stands(c)).map(|c| c.ink).collect();
        let inks: Vec<f64> = pdf_counter_inks(&dir.read(format!("{out}/{}.pdf", p.counters)), guide)
            .into_iter()
            .filter(|i| !off_board.iter().any(|o| (o - i).abs() <= TOL))
            .collect();
        assert!(
            inks.len() >= printed.iter().filter(|c| stands(c)).count(),
            "{}: every counter's outline is in the PDF",
            p.game
        );
        for ink in inks {
            assert!(
                ink + clearance <= pdf_clear + TOL,
                "{}: in the PDFs a {ink} mm counter with {clearance} mm to spare does not fit {pdf_clear} mm",
                p.game
            );
        }
    }
}

#[test]
fn a_counter_that_fits_between_line_centres_but_not_inside_the_lines_is_refused() {
    // (game, board, counters, line to change, changed line, key, numbers the
    // finding gives). 18 mm dice counters, once shipped, are a 20 mm square
    // less 2 mm from line centre to line centre; cut along the outside of
    // their 0.15 mm guide they need 20.15 mm, and the squares leave 19.65 mm
    // between their 0.35 mm lines. The Futbolchess ball has its own diameter.
    let cases = [
        (
            "dice-football",
            "pitch",
            "counters",
            "diameter = 17.5",
            "diameter = 18.0",
            "counter.diameter",
            ["20.15 mm", "19.65 mm", "at most 17.5 mm"],
        ),
        (
            "futbolchess",
            "board",
            "counters",
            "diameter = 16",
            "diameter = 22.0",
            "set[2].diameter",
            ["24.15 mm", "23.65 mm", "at most 21.5 mm"],
        ),
    ];
    for (game, board, sheet, start, line, key, says) in cases {
        let board_rel = format!("layouts/{game}/{board}.toml");
        let sheet_rel = format!("layouts/{game}/{sheet}.toml");
        let text = replace_line(&project_file(&sheet_rel), start, line);
        let dir = with_layouts(
            &format!("counters-ink-refused-{game}"),
            &[(&board_rel, project_file(&board_rel)), (&sheet_rel, text.clone())],
        );
        let run = dir.run(&["check", &sheet_rel, "--json"]);
        run.expect_code(1);
        let found: Vec<serde_json::Value> = json_findings(&run.stdout)
            .into_iter()
            .filter(|f| f["code"] == "counter-size")
            .collect();
        assert!(!found.is_empty(), "{game}: a counter-size finding:\n{}", run.stdout);
        let at = line_of(&text, line);
        for f in &found {
            assert_eq!(f["key"], key, "{game}: the key the diameter comes from");
            assert_eq!(f["line"], at, "{game}: the line of {key}");
            assert_eq!(f["column"], column_of(&text, at, &line[11..]));
            let said = format!("{} {}", f["message"], f["hints"][0]);
            for s in says {
                assert!(said.contains(s), "{game}: the finding says {s:?}: {said}");
            }
        }
        dir.run(&["build", &sheet_rel]).expect_code(1);
        assert!(!dir.join("output").exists(), "nothing is written");
    }
}

// ---------------------------------------------------------------------------
// Die nets, folded here by rolling a cube over the printed faces.
// ---------------------------------------------------------------------------

type Cell = (i32, i32);
/// A physical cube face per cell.
type Faces = BTreeMap<Cell, u8>;
/// For every free edge (cell, direction), the pair of cube faces it lies between.
type FreeEdges = BTreeMap<(Cell, u8), (u8, u8)>;

/// Rolls a cube over the cells: returns each cell's physical face and, for
/// every free edge, the pair of physical faces it lies between.
fn roll(cells: &BTreeSet<Cell>) -> (Faces, FreeEdges) {
    // Orientation: [bottom, top, +x, -x, +y, -y].
    let start = *cells.iter().next().unwrap();
    let mut orient: BTreeMap<Cell, [u8; 6]> = BTreeMap::from([(start, [0, 1, 2, 3, 4, 5])]);
    let mut todo = vec![start];
    while let Some(c) = todo.pop() {
        let [b, t, px, nx, py, ny] = orient[&c];
        for ((dx, dy), next) in [
            ((1, 0), [px, nx, t, b, py, ny]),
            ((-1, 0), [nx, px, b, t, py, ny]),
            ((0, 1), [py, ny, px, nx, t, b]),
            ((0, -1), [ny, py, px, nx, b, t]),
        ] {
            let n = (c.0 + dx, c.1 + dy);
            if cells.contains(&n) && !orient.contains_key(&n) {
                orient.insert(n, next);
                todo.push(n);
            }
        }
    }
    let mut edges = BTreeMap::new();
    for (c, o) in &orient {
        for (dir, (dx, dy), side) in [
            (0u8, (1, 0), o[2]),
            (1, (-1, 0), o[3]),
            (2, (0, 1), o[4]),
            (3, (0, -1), o[5]),
        ] {
            if !cells.contains(&(c.0 + dx, c.1 + dy)) {
                edges.insert((*c, dir), (o[0].min(side), o[0].max(side)));
            }
        }
    }
    (orient.iter().map(|(c, o)| (*c, o[0])).collect(), edges)
}

#[test]
fn each_die_net_folds_into_a_cube_with_opposite_faces_summing_to_seven() {
    let dir = with_layouts(
        "die-nets",
        &[("layouts/league/dice.toml", project_file("layouts/league/dice.toml"))],
    );
    dir.run(&["build", "layouts/league/dice.toml", "--format", "svg"])
        .expect_code(0);
    let svg = dir.read_string("output/league/dice.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mut colours = BTreeSet::new();
    for die in 0..2 {
        let faces: Vec<(u32, f64, f64, f64, f64)> = by_class(&doc, "die-face")
            .into_iter()
            .filter(|n| n.attribute("id").unwrap().starts_with(&format!("die-{die}-")))
            .map(|n| {
                colours.insert((die, n.attribute("fill").unwrap().to_string()));
                let v = n.attribute("id").unwrap().rsplit('-').next().unwrap().parse().unwrap();
                (v, attr(n, "x"), attr(n, "y"), attr(n, "width"), attr(n, "height"))
            })
            .collect();
        assert_eq!(faces.len(), 6, "die {die}: six faces");
        let s = faces[0].3;
        for f in &faces {
            assert_close(f.3, s, TOL, "equal squares");
            assert_close(f.4, s, TOL, "square faces");
        }
        let x0 = faces.iter().map(|f| f.1).fold(f64::MAX, f64::min);
        let y0 = faces.iter().map(|f| f.2).fold(f64::MAX, f64::min);
        let mut value_at: BTreeMap<Cell, u32> = BTreeMap::new();
        for f in &faces {
            let (cx, cy) = ((f.1 - x0) / s, (f.2 - y0) / s);
            assert_close(cx, cx.round(), TOL / s, "faces meet edge to edge");
            assert_close(cy, cy.round(), TOL / s, "faces meet edge to edge");
            value_at.insert((cx.round() as i32, cy.round() as i32), f.0);
        }
        let cells: BTreeSet<Cell> = value_at.keys().copied().collect();
        let (phys, edges) = roll(&cells);
        let distinct: BTreeSet<u8> = phys.values().copied().collect();
        assert_eq!(
            distinct.len(),
            6,
            "die {die}: the six faces land on six sides of the cube"
        );
        let value_of = |p: u8| value_at[phys.iter().find(|(_, q)| **q == p).unwrap().0];
        for (a, b) in [(0, 1), (2, 3), (4, 5)] {
            assert_eq!(value_of(a) + value_of(b), 7, "die {die}: opposite faces sum to seven");
        }
        // Pips: as many as the face's value, inside it.
        for f in &faces {
            let n = by_class(&doc, "pip")
                .into_iter()
                .filter(|p| {
                    let (x, y) = (attr(*p, "cx"), attr(*p, "cy"));
                    x > f.1 && x < f.1 + s && y > f.2 && y < f.2 + s
                })
                .count();
            assert_eq!(n as u32, f.0, "die {die}: pips on the face showing {}", f.0);
        }
        // Tabs: one on every seam (the 14 free edges pair into 7 seams).
        let mut seams: BTreeMap<(u8, u8), usize> = edges.values().map(|p| (*p, 0)).collect();
        assert_eq!(seams.len(), 7, "a cube net closes seven seams");
        let tabs: Vec<Vec<(f64, f64)>> = by_class(&doc, "glue-tab").into_iter().map(svg_points).collect();
        let mine: Vec<&Vec<(f64, f64)>> = tabs
            .iter()
            .filter(|t| {
                let (mx, my) = ((t[0].0 + t[3].0) / 2.0, (t[0].1 + t[3].1) / 2.0);
                mx > x0 - s && mx < x0 + 5.0 * s && my > y0 - s && my < y0 + 4.0 * s
            })
            .collect();
        for t in &mine {
            let (mx, my) = ((t[0].0 + t[3].0) / 2.0, (t[0].1 + t[3].1) / 2.0);
            let hit = edges.iter().find(|((c, dir), _)| {
                let (ex, ey) = match dir {
                    0 => (x0 + s * (c.0 + 1) as f64, y0 + s * (c.1 as f64 + 0.5)),
                    1 => (x0 + s * c.0 as f64, y0 + s * (c.1 as f64 + 0.5)),
                    2 => (x0 + s * (c.0 as f64 + 0.5), y0 + s * (c.1 + 1) as f64),
                    _ => (x0 + s * (c.0 as f64 + 0.5), y0 + s * c.1 as f64),
                };
                (ex - mx).abs() <= TOL && (ey - my).abs() <= TOL
            });
            let (_, seam) = hit.expect("every tab hangs from a free edge of the net");
            *seams.get_mut(seam).unwrap() += 1;
        }
        assert!(
            seams.values().all(|n| *n == 1),
            "die {die}: one tab per seam, got {seams:?}"
        );
    }
    let fills: BTreeSet<&String> = colours.iter().map(|(_, c)| c).collect();
    assert_eq!(fills.len(), 2, "two dice of different colours");
}

#[test]
fn each_games_dice_take_the_colours_of_its_two_teams() {
    // (dice layout, the team colours from the game's own layouts)
    let toml_of = |rel: &str| -> toml::Table { toml::from_str(&project_file(rel)).unwrap() };
    let counters = toml_of("layouts/dice-football/counters.toml");
    let sets = counters["set"].as_array().unwrap();
    let dice_football: BTreeSet<String> = sets[..2]
        .iter()
        .map(|s| s["fill"].as_str().unwrap().to_lowercase())
        .collect();
    let board = toml_of("layouts/league/board.toml");
    let league: BTreeSet<String> = ["team_a_colour", "team_b_colour"]
        .iter()
        .map(|k| board["style"][*k].as_str().unwrap().to_lowercase())
        .collect();
    let chess = toml_of("layouts/futbolchess/counters.toml");
    let futbolchess: BTreeSet<String> = chess["set"].as_array().unwrap()[..2]
        .iter()
        .map(|s| s["fill"].as_str().unwrap().to_lowercase())
        .collect();
    for (game, teams) in [
        ("dice-football", dice_football),
        ("league", league),
        ("futbolchess", futbolchess),
    ] {
        let rel = format!("layouts/{game}/dice.toml");
        let dir = with_layouts(&format!("dice-{game}"), &[(&rel, project_file(&rel))]);
        dir.run(&["build", &rel, "--format", "svg", "--lang", "en"])
            .expect_code(0);
        let svg = dir.read_string(format!("output/{game}/dice-en.svg"));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let fills: BTreeSet<String> = by_class(&doc, "die-face")
            .into_iter()
            .map(|n| n.attribute("fill").unwrap().to_lowercase())
            .collect();
        assert_eq!(fills, teams, "{game}: the dice are the teams' colours");
    }
}

/// What a counter has to spare in the squares of a board, measured to the
/// ink from the SVGs the main job wrote: for each square, across and down,
/// its side less half of the widest line on each of its edges (its own
/// grid line, or a marking drawn along that edge: the outline, an area,
/// the halfway line), less the counter's disc and cut guide. Returns the
/// spare in a square ringed by grid lines only and the least in any square.
fn spare_in_squares(board_svg: &str, counters_svg: &str) -> (f64, f64) {
    let board = roxmltree::Document::parse(board_svg).unwrap();
    let width = |n: roxmltree::Node| n.attribute("stroke-width").map_or(0.0, |w| w.parse::<f64>().unwrap());
    // Every straight stroke of a marking: (x0, y0, x1, y1, width).
    let mut strokes: Vec<(f64, f64, f64, f64, f64)> = Vec::new();
    for class in ["outline", "penalty-area", "goal-area", "goal-square", "halfway-line"] {
        for n in crate::common::by_class(&board, class) {
            let w = width(n);
            if n.has_tag_name("line") {
                let v = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
                strokes.push((v("x1"), v("y1"), v("x2"), v("y2"), w));
            } else if n.has_tag_name("rect") {
                let r = crate::common::svg_rect(n);
                let (x1, y1) = (r.x + r.w, r.y + r.h);
                strokes.extend([
                    (r.x, r.y, x1, r.y, w),
                    (r.x, y1, x1, y1, w),
                    (r.x, r.y, r.x, y1, w),
                    (x1, r.y, x1, y1, w),
                ]);
            }
        }
    }
    let counters = roxmltree::Document::parse(counters_svg).unwrap();
    // The players' set, the first: the ball and the coin stand elsewhere.
    let disc = crate::common::by_class(&counters, "counter")
        .into_iter()
        .find(|n| n.attribute("id").is_some_and(|id| id.starts_with("counter-0-")))
        .expect("a players' counter");
    let r: f64 = disc.attribute("r").unwrap().parse().unwrap();
    let ink = 2.0 * r + width(disc);
    let near = |a: f64, b: f64| (a - b).abs() < 1e-6;
    let (mut open, mut least) = (f64::NAN, f64::INFINITY);
    for cell in crate::common::by_class(&board, "cell") {
        let c = crate::common::svg_rect(cell);
        let grid = width(cell);
        // The widest line along one edge: horizontal at y from x0 to x1,
        // or vertical at x from y0 to y1.
        let edge = |horizontal: bool, at: f64, from: f64, to: f64| {
            strokes
                .iter()
                .filter(|s| {
                    if horizontal {
                        near(s.1, at) && near(s.3, at) && s.0.min(s.2) < to - 1e-6 && s.0.max(s.2) > from + 1e-6
                    } else {
                        near(s.0, at) && near(s.2, at) && s.1.min(s.3) < to - 1e-6 && s.1.max(s.3) > from + 1e-6
                    }
                })
                .map(|s| s.4)
                .fold(grid, f64::max)
        };
        let (top, bottom) = (edge(true, c.y, c.x, c.x + c.w), edge(true, c.y + c.h, c.x, c.x + c.w));
        let (left, right) = (edge(false, c.x, c.y, c.y + c.h), edge(false, c.x + c.w, c.y, c.y + c.h));
        let spare = (c.w - (left + right) / 2.0).min(c.h - (top + bottom) / 2.0) - ink;
        if [top, bottom, left, right].iter().all(|w| near(*w, grid)) {
            open = spare;
        }
        least = least.min(spare);
    }
    (open, least)
}

#[test]
fn the_readme_says_what_a_counter_has_to_spare_in_its_squares_as_measured() {
    // The spare is measured, and said as it is: in a square of grid lines,
    // and at the least, where a square is ringed by the markings.
    let dir = crate::common::main_job();
    // The table of layouts is the book's (docs/book/src/layouts.md).
    let readme = crate::common::user_docs();
    for (game, board, counters) in [
        ("dice-football", "pitch-en.svg", "counters-en.svg"),
        ("futbolchess", "board-en.svg", "counters-en-1.svg"),
    ] {
        let (open, least) = spare_in_squares(
            &dir.read_string(format!("output/{game}/{board}")),
            &dir.read_string(format!("output/{game}/{counters}")),
        );
        assert!(
            open >= 2.0 - 1e-6,
            "{game}: {open:.3} mm to spare in a square of grid lines"
        );
        assert!(least > 0.0, "{game}: a counter fits every square ({least:.3} mm)");
        let row = readme
            .lines()
            .find(|l| l.contains(&format!("`layouts/{game}/counters.toml`")))
            .unwrap_or_else(|| panic!("the README's row for {game}'s counters"));
        // "2.00 mm to spare in a square of grid lines and 1.20 mm at the least"
        let number_before = |words: &str| -> f64 {
            let head = row
                .split(words)
                .next()
                .filter(|h| h.len() < row.len())
                .unwrap_or_else(|| panic!("{game}: the README's row says `{words}`:\n{row}"));
            head.trim_end().rsplit(' ').next().unwrap().parse().unwrap()
        };
        let said_open = number_before(" mm to spare in a square of grid lines");
        let said_least = number_before(" mm at the least");
        assert!(
            (said_open - open).abs() < 0.006,
            "{game}: the README says {said_open}, measured {open:.3}"
        );
        assert!(
            (said_least - least).abs() < 0.006,
            "{game}: the README says {said_least}, measured {least:.3}"
        );
    }
}
