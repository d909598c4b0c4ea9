//! Counters, tokens and die nets (issue 5), read back from the SVG and PDF the
//! binary writes: counts per team, diameters and positions, labels, backs
//! behind fronts, sizes that fit the board, and die nets that fold into cubes.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use common::{
    TestDir, assert_close, attr, by_class, numbers, pdf_text, replace_line, svg_page, svg_points, turned_over,
};

const TOL: f64 = 0.01;
/// The shipped dice-football counters' diameter: the largest half millimetre
/// that leaves the clearance inside the pitch's grid lines.
const DICE_COUNTER: f64 = 17.5;

fn project_file(rel: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// A project folder with the given layouts copied in (path relative to the project).
fn project(name: &str, files: &[(&str, String)]) -> TestDir {
    let dir = TestDir::new(name);
    for (rel, text) in files {
        dir.write(rel, text);
    }
    dir
}

/// One counter as printed: set, index, centre on the page, diameter, and the
/// fill of its disc and the texts in its group.
#[derive(Debug)]
struct Printed {
    set: u32,
    index: u32,
    centre: (f64, f64),
    diameter: f64,
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
                fill,
                ringed,
                texts,
            })
        })
        .collect()
}

fn dice_football() -> TestDir {
    let dir = project(
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
fn dice_football_has_eleven_a_side_in_two_colours_a_distinct_keeper_and_a_ball() {
    let dir = dice_football();
    let svg = dir.read_string("output/dice-football/counters.svg");
    let (w, h, _) = svg_page(&roxmltree::Document::parse(&svg).unwrap());
    let printed = counters(&svg, "item-front");
    let per_set = |s: u32| printed.iter().filter(|c| c.set == s).count();
    assert_eq!(
        (per_set(0), per_set(1), per_set(2)),
        (11, 11, 1),
        "11 + 11 counters and one ball"
    );
    let fill = |s: u32| printed.iter().find(|c| c.set == s).unwrap().fill.clone();
    assert_ne!(fill(0), fill(1), "the two teams have different colours");
    for c in &printed {
        assert_close(c.diameter, DICE_COUNTER, TOL, "counter diameter");
        let r = DICE_COUNTER / 2.0;
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
        if c.set < 2 {
            assert_eq!(c.texts, vec![(c.index + 1).to_string()], "numbered 1-11");
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
    assert_eq!((sides[0].len(), sides[1].len()), (11, 11));
    assert_ne!(sides[0][0].fill, sides[1][0].fill, "red and blue");
    for c in printed.iter().filter(|c| c.set < 2) {
        assert_close(c.diameter, 21.5, TOL, "role counter diameter");
    }
    let ball = printed.iter().find(|c| c.set == 2).unwrap();
    assert_eq!(ball.fill, "#ffffff", "the ball is white");
}

#[test]
fn backs_land_behind_their_fronts_and_the_coin_has_two_faces() {
    let dir = futbolchess();
    let front = dir.read_string("output/futbolchess/counters-1.svg");
    let back = dir.read_string("output/futbolchess/counters-2.svg");
    let (w, h, _) = svg_page(&roxmltree::Document::parse(&front).unwrap());
    let fronts = counters(&front, "item-front");
    let backs = counters(&back, "item-back");
    // 11 + 11 role counters, the ball and the coin, as the roles test finds them.
    assert_eq!(fronts.len(), 24, "fronts on the first sheet");
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
        "diameter =",
        "diameter = 19.0",
    );
    let dir = project(
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
        "at most 18 mm",
    );

    // A bigger board square lets the same counters through.
    let pitch = replace_line(
        &project_file("layouts/dice-football/pitch.toml"),
        "pitch =",
        "pitch = 21.0",
    );
    dir.write("layouts/dice-football/pitch.toml", &pitch);
    dir.run(&["check", "layouts/dice-football/counters.toml"])
        .expect_code(0);
}

#[test]
fn labels_wider_than_their_counter_or_too_small_are_refused() {
    let wide = project_file("layouts/futbolchess/counters.toml").replacen("[\"POR\"", "[\"PORTERO TITULAR\"", 1);
    let dir = project(
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
    let dir = project(
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
    let dir = project(
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

#[test]
fn league_tokens_fit_the_strategy_boxes() {
    let dir = project(
        "counters-league",
        &[
            ("layouts/league/board.toml", project_file("layouts/league/board.toml")),
            ("layouts/league/tokens.toml", project_file("layouts/league/tokens.toml")),
        ],
    );
    dir.run(&[
        "build",
        "layouts/league/board.toml",
        "layouts/league/tokens.toml",
        "--format",
        "svg",
    ])
    .expect_code(0);
    let board = dir.read_string("output/league/board.svg");
    let doc = roxmltree::Document::parse(&board).unwrap();
    let box_side = attr(by_class(&doc, "track-box")[0], "width");
    let printed = counters(&dir.read_string("output/league/tokens.svg"), "item-front");
    let per_set = |s: u32| printed.iter().filter(|c| c.set == s).count();
    assert_eq!(
        (per_set(0), per_set(1), per_set(2)),
        (2, 2, 1),
        "two tokens per coach and a ball"
    );
    for c in &printed {
        assert!(
            c.diameter <= box_side - 2.0 + TOL,
            "a {} mm token fits a {box_side} mm box with 2 mm to spare",
            c.diameter
        );
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
    let dir = project(
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
