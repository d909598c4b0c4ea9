//! Banknotes, bid slips, the league table and the Futbolchess role card
//! read back from their SVGs and PDFs and measured.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use crate::common::{
    TestDir, assert_close, attr, by_class, expand_uses, load_pdf, numbers, page_resources, pdf_text, project_file,
    raw_pages, read_pdf, replace_line, svg_page, turned_over,
};

const TOL: f64 = 0.01;

/// The SVG pages of `stem`, as they print (art placed by `<use>` copied in).
fn pages(dir: &TestDir, stem: &str) -> Vec<String> {
    raw_pages(dir, stem).iter().map(|s| expand_uses(s)).collect()
}

/// Every note's serials, in print order, from the front pages.
fn serials(dir: &TestDir) -> Vec<String> {
    let mut out = Vec::new();
    for svg in pages(dir, "output/league/banknotes") {
        let doc = roxmltree::Document::parse(&svg).unwrap();
        for g in by_class(&doc, "item-front") {
            let s: Vec<String> = g
                .descendants()
                .filter(|n| n.attribute("class") == Some("serial"))
                .map(|n| n.text().unwrap().to_string())
                .collect();
            assert_eq!(s.len(), 2, "two serials on every note");
            assert_eq!(s[0], s[1], "the same serial twice");
            out.push(s[0].clone());
        }
    }
    out
}

/// Builds the shipped banknotes, PDF and SVG, into `dir`.
fn build_notes(dir: TestDir) -> TestDir {
    dir.write(
        "layouts/league/banknotes.toml",
        &project_file("layouts/league/banknotes.toml"),
    );
    dir.run(&["build", "layouts/league/banknotes.toml", "--format", "pdf,svg"])
        .expect_code(0);
    dir
}

/// The shipped banknotes built once for the tests that only read them (the
/// slowest build of the suite: every note's guilloche, in three languages).
fn notes() -> &'static TestDir {
    static BUILT: OnceLock<TestDir> = OnceLock::new();
    BUILT.get_or_init(|| build_notes(TestDir::shared("notes")))
}

#[test]
fn banknote_serials_are_unique_and_the_same_from_run_to_run() {
    // Two runs: the shared build and one of this test's own, run side by side.
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(notes);
        let b = build_notes(TestDir::new("notes-b"));
        (a.join().unwrap_or_else(|e| std::panic::resume_unwind(e)), b)
    });
    let sa = serials(a);
    assert_eq!(sa.len(), layout_note_count(), "every note of every denomination");
    let unique: BTreeSet<&String> = sa.iter().collect();
    assert_eq!(unique.len(), sa.len(), "no two notes share a serial");
    assert_eq!(sa, serials(&b), "the same serials on every run");
    assert_eq!(
        a.read("output/league/banknotes.pdf"),
        b.read("output/league/banknotes.pdf"),
        "the same bytes"
    );
    // The serials are in the PDF's text too, and the values per denomination.
    let text = pdf_text(&a.read("output/league/banknotes.pdf"));
    for s in &sa {
        assert_eq!(text.matches(s.as_str()).count(), 2, "{s} twice in the PDF");
    }
    let per_value: BTreeMap<String, usize> = sa.iter().fold(BTreeMap::new(), |mut m, s| {
        *m.entry(s.split('-').nth(1).unwrap().to_string()).or_default() += 1;
        m
    });
    let layout: toml::Table = toml::from_str(&project_file("layouts/league/banknotes.toml")).unwrap();
    let wanted: BTreeMap<String, usize> = layout["denomination"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                format!("{:04}", d["value"].as_integer().unwrap()),
                d["count"].as_integer().unwrap() as usize,
            )
        })
        .collect();
    assert_eq!(per_value, wanted, "each value's notes, as many as the layout asks");
}

#[test]
fn banknote_backs_land_behind_their_fronts_and_carry_an_ornament() {
    let svgs = pages(notes(), "output/league/banknotes");
    assert!(!svgs.is_empty(), "the notes have pages");
    assert_eq!(svgs.len() % 2, 0, "fronts and backs alternate");
    let mut notes = 0;
    for pair in svgs.chunks(2) {
        let front = roxmltree::Document::parse(&pair[0]).unwrap();
        let back = roxmltree::Document::parse(&pair[1]).unwrap();
        let (w, h, _) = svg_page(&front);
        let place = |doc: &roxmltree::Document, class: &str| -> BTreeMap<String, (f64, f64)> {
            by_class(doc, class)
                .into_iter()
                .map(|g| {
                    let m = numbers(g.attribute("transform").unwrap());
                    (
                        g.attribute("id").unwrap().rsplit('-').next().unwrap().to_string(),
                        (m[4], m[5]),
                    )
                })
                .collect()
        };
        let fronts = place(&front, "item-front");
        let backs = place(&back, "item-back");
        assert_eq!(fronts.len(), backs.len(), "a back for every front");
        notes += fronts.len();
        for (k, (x, y)) in &fronts {
            let (bx, by) = backs[k];
            // The shipped notes are 100 x 50 mm, printed two-sided on the long edge.
            let (wx, wy) = turned_over(*x, *y, 100.0, 50.0, w, h, true);
            assert_close(bx, wx, TOL, "long-edge back x");
            assert_close(by, wy, TOL, "long-edge back y");
        }
        for g in by_class(&front, "item-front") {
            let curves = g
                .descendants()
                .filter(|n| n.attribute("class") == Some("guilloche"))
                .count();
            assert!(curves >= 3, "each note carries its rosette and border");
        }
    }
    assert_eq!(notes, layout_note_count(), "every note's back was placed");
}

/// How many notes the shipped layout asks for: the sum of its denominations' counts.
fn layout_note_count() -> usize {
    let layout: toml::Table = toml::from_str(&project_file("layouts/league/banknotes.toml")).unwrap();
    layout["denomination"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["count"].as_integer().unwrap() as usize)
        .sum()
}

#[test]
fn a_denomination_listed_twice_is_refused() {
    let text = project_file("layouts/league/banknotes.toml").replacen("value = 5\n", "value = 1\n", 1);
    let dir = TestDir::new("notes-twice");
    dir.write("layouts/league/banknotes.toml", &text);
    let run = dir.run(&["check", "layouts/league/banknotes.toml"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[layout-value]") && run.stderr.contains("listed twice"),
        "{}",
        run.stderr
    );
}

#[test]
fn bid_slips_have_a_line_per_field_and_bid_and_the_table_a_row_per_team() {
    let dir = TestDir::new("slips-table");
    dir.write(
        "layouts/league/bid-slips.toml",
        &project_file("layouts/league/bid-slips.toml"),
    );
    dir.write("layouts/league/table.toml", &project_file("layouts/league/table.toml"));
    dir.run(&["build", "layouts/league/bid-slips.toml", "--format", "pdf,svg"])
        .expect_code(0);
    // A table for nine, with its fixture lists still on one sheet.
    dir.write(
        "layouts/league/table.toml",
        &replace_line(&project_file("layouts/league/table.toml"), "teams =", "teams = 9"),
    );
    dir.run(&["build", "layouts/league/table.toml", "--format", "pdf,svg"])
        .expect_code(0);
    // A slip per coach of a round: six, three to a sheet; each with the
    // coach and the round at its head, 12 bids of a player and an amount in
    // two columns of six rows, and the total.
    let svgs = pages(&dir, "output/league/bid-slips");
    assert_eq!(svgs.len(), 2, "two sheets");
    let mut slips = 0;
    for svg in &svgs {
        let doc = roxmltree::Document::parse(svg).unwrap();
        for g in by_class(&doc, "item-front") {
            slips += 1;
            let mut ys: Vec<f64> = g
                .descendants()
                .filter(|n| n.attribute("class") == Some("writing-line"))
                .map(|n| attr(n, "y1"))
                .collect();
            assert_eq!(ys.len(), 2 + 12 * 2 + 1, "coach, round, 12 players and bids, the total");
            ys.sort_by(f64::total_cmp);
            ys.dedup_by(|a, b| (*a - *b).abs() < 1e-3);
            assert_eq!(ys.len(), 1 + 6 + 1, "the head, six rows of bids, the total");
            assert!(
                ys.windows(2).all(|w| w[1] - w[0] >= 7.0),
                "rows at least 7 mm apart: {ys:?}"
            );
        }
    }
    assert_eq!(slips, 6, "a slip for each of the table's six coaches");
    let text = pdf_text(&dir.read("output/league/bid-slips.pdf"));
    assert_eq!(text.matches("Entrenador").count(), 6, "a coach's line on every slip");
    assert_eq!(text.matches("Jornada").count(), 6, "a round's line on every slip");
    assert_eq!(text.matches("Jugador").count(), 6 * 12, "12 players on every slip");
    assert_eq!(
        text.matches("Puja").count(),
        6 * (12 + 1),
        "12 bids and the title on every slip"
    );
    let svg = &pages(&dir, "output/league/table")[0];
    let doc = roxmltree::Document::parse(svg).unwrap();
    let cells = by_class(&doc, "table-cell");
    let rows: BTreeSet<&str> = cells
        .iter()
        .map(|c| c.attribute("id").unwrap().split('-').nth(1).unwrap())
        .collect();
    let cols: BTreeSet<&str> = cells
        .iter()
        .map(|c| c.attribute("id").unwrap().split('-').nth(2).unwrap())
        .collect();
    assert_eq!(
        (rows.len(), cols.len()),
        (9, 8),
        "a row per team; team, played, won, drawn, lost, for, against, points"
    );
    let text = pdf_text(&dir.read("output/league/table.pdf"));
    for head in ["Equipo", "PJ", "GF", "GC", "Pts", "Calendario"] {
        assert!(text.contains(head), "{head} in the table's heading");
    }
    // Rows too short to write in are refused.
    dir.write(
        "layouts/league/table.toml",
        &replace_line(
            &project_file("layouts/league/table.toml"),
            "row_height =",
            "row_height = 5.0",
        ),
    );
    let run = dir.run(&["check", "layouts/league/table.toml"]);
    run.expect_code(1);
    assert!(run.stderr.contains("error[table-size]"), "{}", run.stderr);
}

/// A fixture list as the table prints it, read from its SVG: for each
/// number of coaches (the lists' headings), its rounds (the rows' names),
/// each round's matches as printed ("1–6", home first) and who rests.
type Printed = BTreeMap<u8, BTreeMap<u8, (Vec<(u8, u8)>, Vec<u8>)>>;

fn printed_fixtures(svg: &str) -> Printed {
    let doc = roxmltree::Document::parse(svg).unwrap();
    // Each text: its words, where it starts, its width, its baseline, its class.
    let texts: Vec<(String, f64, f64, f64, Option<String>)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            let class = n.attribute("class").map(String::from);
            (
                crate::common::text_of(n),
                attr(n, "x"),
                crate::common::text_width(n),
                attr(n, "y"),
                class,
            )
        })
        .collect();
    // The lists' headings ("6 coaches"), centred over their columns, and
    // the rounds' names ("Round 2") at the start of their rows.
    let heads: Vec<(u8, f64)> = texts
        .iter()
        .filter_map(|(t, x, w, _, _)| Some((t.strip_suffix(" coaches")?.parse().ok()?, *x + *w / 2.0)))
        .collect();
    let rows: Vec<(u8, f64)> = texts
        .iter()
        .filter_map(|(t, _, _, y, _)| Some((t.strip_prefix("Round ")?.parse().ok()?, *y)))
        .collect();
    assert!(
        heads.len() >= 4 && rows.len() >= 5,
        "headings {heads:?}, rounds {rows:?}"
    );
    let mut out = Printed::new();
    for (t, x, _, y, class) in &texts {
        let (is_match, is_bye) = (
            class.as_deref() == Some("fixture-match"),
            class.as_deref() == Some("fixture-bye"),
        );
        if !is_match && !is_bye {
            continue;
        }
        // The list whose heading is centred nearest the text's start (a
        // cell's text starts inside it), the round on its line.
        let n = heads
            .iter()
            .min_by(|a, b| (x - a.1).abs().total_cmp(&(x - b.1).abs()))
            .unwrap()
            .0;
        let r = rows
            .iter()
            .find(|(_, ry)| (ry - y).abs() < 0.5)
            .unwrap_or_else(|| panic!("{t} on no round's line"))
            .0;
        let round = out.entry(n).or_default().entry(r).or_default();
        if is_match {
            let (h, a) = t
                .split_once('\u{2013}')
                .unwrap_or_else(|| panic!("a match is two numbers: {t}"));
            round.0.push((h.parse().unwrap(), a.parse().unwrap()));
        } else {
            round.1.push(t.strip_prefix("bye: ").unwrap().parse().unwrap());
        }
    }
    out
}

#[test]
fn the_table_prints_a_round_robin_for_3_to_6_coaches_with_a_bye_for_odd_numbers() {
    let dir = TestDir::new("fixtures");
    dir.write("layouts/league/table.toml", &project_file("layouts/league/table.toml"));
    dir.run(&[
        "build",
        "layouts/league/table.toml",
        "--lang",
        "en",
        "--format",
        "pdf,svg",
    ])
    .expect_code(0);
    let svg = &pages(&dir, "output/league/table-en")[0];
    let lists = printed_fixtures(svg);
    assert_eq!(
        lists.keys().copied().collect::<Vec<u8>>(),
        [3, 4, 5, 6],
        "a list for 3 to 6 coaches"
    );
    let pdf = pdf_text(&dir.read("output/league/table-en.pdf"));
    for (&n, rounds) in &lists {
        let want_rounds = if n.is_multiple_of(2) { n - 1 } else { n };
        assert_eq!(
            rounds.len(),
            usize::from(want_rounds),
            "{n} coaches: {want_rounds} rounds"
        );
        let mut met = BTreeMap::new();
        let mut rested: Vec<u8> = Vec::new();
        for (r, (matches, byes)) in rounds {
            let mut playing: Vec<u8> = matches
                .iter()
                .flat_map(|&(a, b)| [a, b])
                .chain(byes.iter().copied())
                .collect();
            playing.sort_unstable();
            assert_eq!(
                playing,
                (1..=n).collect::<Vec<u8>>(),
                "{n} coaches, round {r}: each coach once"
            );
            assert_eq!(
                byes.len(),
                usize::from(n % 2),
                "{n} coaches, round {r}: a bye only for an odd number"
            );
            rested.extend(byes);
            for &(a, b) in matches {
                *met.entry((a.min(b), a.max(b))).or_insert(0) += 1;
                assert!(pdf.contains(&format!("{a}\u{2013}{b}")), "{a}–{b} in the PDF");
            }
        }
        assert_eq!(
            met.len(),
            usize::from(n) * usize::from(n - 1) / 2,
            "{n} coaches: every pair"
        );
        assert!(met.values().all(|&k| k == 1), "{n} coaches: each pair once: {met:?}");
        if n % 2 == 1 {
            rested.sort_unstable();
            assert_eq!(rested, (1..=n).collect::<Vec<u8>>(), "{n} coaches: each rests once");
        }
        assert!(pdf.contains(&format!("{n} coaches")), "the heading of {n} in the PDF");
    }
    // A list for more coaches than the table has rows is refused at its key.
    dir.write(
        "layouts/league/table.toml",
        &replace_line(
            &project_file("layouts/league/table.toml"),
            "coaches =",
            "coaches = [3, 8]",
        ),
    );
    let run = dir.run(&["check", "layouts/league/table.toml"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[fixture]") && run.stderr.contains("fixtures.coaches"),
        "{}",
        run.stderr
    );
    // A table too long to leave the lists room for rows one can write in
    // is told to leave them out, and then fits at the height it is told.
    let long = replace_line(&project_file("layouts/league/table.toml"), "teams =", "teams = 24");
    dir.write("layouts/league/table.toml", &long);
    let run = dir.run(&["check", "layouts/league/table.toml"]);
    run.expect_code(1);
    assert!(run.stderr.contains("fixtures.show = false"), "{}", run.stderr);
    let height: String = run
        .stderr
        .split("table.row_height = ")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let fixed = replace_line(
        &replace_line(&long, "show =", "show = false"),
        "row_height =",
        &format!("row_height = {height}"),
    );
    dir.write("layouts/league/table.toml", &fixed);
    dir.run(&["check", "layouts/league/table.toml"]).expect_code(0);
}

#[test]
fn the_slips_hold_a_round_of_the_table_they_name_and_every_market_draw() {
    let dir = TestDir::new("slips-round");
    dir.write(
        "layouts/league/bid-slips.toml",
        &project_file("layouts/league/bid-slips.toml"),
    );
    dir.write(
        "layouts/league/table.toml",
        &replace_line(&project_file("layouts/league/table.toml"), "teams =", "teams = 8"),
    );
    // Eight coaches, six slips: a round short.
    let run = dir.run(&["check", "layouts/league/bid-slips.toml"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[slip-count]")
            && run.stderr.contains("8 coaches")
            && run.stderr.contains("slip.count = 8"),
        "{}",
        run.stderr
    );
    // Fewer bids than the market's nine draws.
    dir.write("layouts/league/table.toml", &project_file("layouts/league/table.toml"));
    dir.write(
        "layouts/league/bid-slips.toml",
        &replace_line(&project_file("layouts/league/bid-slips.toml"), "bids =", "bids = 6"),
    );
    let run = dir.run(&["check", "layouts/league/bid-slips.toml"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[slip-count]") && run.stderr.contains("9 players"),
        "{}",
        run.stderr
    );
}

/// Each role diagram's marked squares, in grid steps from the piece. Role 0 is
/// the goalkeeper (the shipped card's order), whose piece stands on the bottom row.
fn diagrams(svg: &str) -> BTreeMap<u8, BTreeSet<(i32, i32)>> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let mut out = BTreeMap::new();
    for piece in by_class(&doc, "piece") {
        let role: u8 = piece
            .attribute("id")
            .unwrap()
            .trim_start_matches("piece-")
            .parse()
            .unwrap();
        let (cx, cy, r) = (attr(piece, "cx"), attr(piece, "cy"), attr(piece, "r"));
        let side = r / 0.45;
        let marked: BTreeSet<(i32, i32)> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("move-target"))
            .filter_map(|n| {
                let (x, y) = (attr(n, "x") + side / 2.0, attr(n, "y") + side / 2.0);
                let (dx, dy) = ((x - cx) / side, (y - cy) / side);
                // Only this diagram's squares: within its 7 x 7 window (the
                // piece mid-window, or on the bottom row for the goalkeeper).
                let (dx, dy) = (dx.round() as i32, dy.round() as i32);
                let rows = if role == 0 { -6..=0 } else { -3..=3 };
                (dx.abs() <= 3 && rows.contains(&dy)).then_some((dx, dy))
            })
            .collect();
        out.insert(role, marked);
    }
    out
}

#[test]
fn each_role_diagram_shows_the_games_move() {
    let dir = TestDir::new("roles");
    dir.write(
        "layouts/futbolchess/board.toml",
        &project_file("layouts/futbolchess/board.toml"),
    );
    dir.write(
        "layouts/futbolchess/roles.toml",
        &project_file("layouts/futbolchess/roles.toml"),
    );
    dir.run(&["build", "layouts/futbolchess/roles.toml", "--format", "svg"])
        .expect_code(0);
    let d = diagrams(&pages(&dir, "output/futbolchess/roles")[0]);
    assert_eq!(d.len(), 6, "six roles");
    // DF (role 1): straight ahead only (up the page), three squares to the edge.
    assert_eq!(d[&1], (1..=3).map(|k| (0, -k)).collect());
    // L (role 2): the row one ahead, every square but the one straight ahead.
    assert_eq!(d[&2], (-3..=3).filter(|x| *x != 0).map(|x| (x, -1)).collect());
    // M (role 3): every line and diagonal; EX (role 4): diagonals only.
    let lines: BTreeSet<(i32, i32)> = (1..=3).flat_map(|k| [(0, -k), (0, k), (-k, 0), (k, 0)]).collect();
    let diags: BTreeSet<(i32, i32)> = (1..=3).flat_map(|k| [(k, k), (-k, k), (k, -k), (-k, -k)]).collect();
    assert_eq!(d[&3], lines.union(&diags).copied().collect());
    assert_eq!(d[&4], diags);
    // DC (role 5): the eight neighbours.
    assert_eq!(
        d[&5],
        (-1..=1)
            .flat_map(|x| (-1..=1).map(move |y| (x, y)))
            .filter(|p| *p != (0, 0))
            .collect()
    );
    // POR (role 0): the neighbours inside the area, none behind the goal line.
    assert!(d[&0].iter().all(|(x, y)| x.abs() <= 1 && (-1..=0).contains(y)) && !d[&0].is_empty());

    // A role given another role's move is refused.
    let broken = project_file("layouts/futbolchess/roles.toml").replacen("move = \"forward\"", "move = \"queen\"", 1);
    dir.write("layouts/futbolchess/roles.toml", &broken);
    let run = dir.run(&["check", "layouts/futbolchess/roles.toml", "--json"]);
    run.expect_code(1);
    assert!(
        run.json_codes().contains(&"role-move".to_string()),
        "{:?}",
        run.json_codes()
    );
}

#[test]
fn score_sheets_have_a_box_per_period_and_team_and_a_circle_per_kick() {
    for game in ["dice-football", "futbolchess"] {
        let rel = format!("layouts/{game}/score.toml");
        let layout: toml::Table = toml::from_str(&project_file(&rel)).unwrap();
        let sheet = &layout["sheet"];
        let int = |k: &str| sheet[k].as_integer().unwrap() as usize;
        let periods = sheet["periods"].as_array().unwrap().len();
        let dir = TestDir::new(&format!("score-{game}"));
        dir.write(&rel, &project_file(&rel));
        dir.run(&["build", &rel, "--format", "svg", "--lang", "en"])
            .expect_code(0);
        let svg = dir.read_string(format!("output/{game}/score-en.svg"));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let card_of = |id: &str| id.split('-').nth(1).unwrap().parse::<usize>().unwrap();
        let mut boxes = vec![0; int("matches")];
        for b in by_class(&doc, "score-box") {
            boxes[card_of(b.attribute("id").unwrap())] += 1;
            let (w, h) = (attr(b, "width"), attr(b, "height"));
            assert!(
                w >= 7.0 && h >= 7.0,
                "{game}: a box {w} x {h} mm is big enough to write in"
            );
        }
        let mut kicks = vec![0; int("matches")];
        for k in by_class(&doc, "penalty-kick") {
            kicks[card_of(k.attribute("id").unwrap())] += 1;
        }
        for card in 0..int("matches") {
            assert_eq!(
                boxes[card],
                2 * (periods + 1),
                "{game}, card {card}: periods and total, two teams"
            );
            assert_eq!(
                kicks[card],
                2 * (int("penalties") + int("sudden_death")),
                "{game}, card {card}: the shoot-out's kicks and sudden death, two teams"
            );
        }
    }
    // Boxes too small to write in are refused.
    let rel = "layouts/dice-football/score.toml";
    let dir = TestDir::new("score-small");
    dir.write(rel, &replace_line(&project_file(rel), "box_size =", "box_size = 5.0"));
    let run = dir.run(&["check", rel, "--json"]);
    run.expect_code(1);
    assert!(run.json_codes().contains(&"score-card".to_string()), "{}", run.stdout);
}

/// How many notes of each denomination the shipped layout asks for.
fn layout_denominations() -> usize {
    let layout: toml::Table = toml::from_str(&project_file("layouts/league/banknotes.toml")).unwrap();
    layout["denomination"].as_array().unwrap().len()
}

#[test]
fn banknote_engraving_is_one_form_xobject_per_denomination_drawn_by_every_note() {
    let doc = load_pdf(&notes().read("output/league/banknotes.pdf"));
    // Every Form XObject in the file, by object id.
    let forms: BTreeSet<lopdf::ObjectId> = doc
        .objects
        .iter()
        .filter(|(_, o)| {
            o.as_stream()
                .is_ok_and(|s| s.dict.get(b"Subtype").and_then(|t| t.as_name()).ok() == Some(b"Form"))
        })
        .map(|(id, _)| *id)
        .collect();
    // A front engraving and a back for each denomination, each once.
    assert_eq!(forms.len(), 2 * layout_denominations(), "one form per distinct art");
    // Each page's `Do`s, and which form each draws.
    let mut draws: BTreeMap<lopdf::ObjectId, usize> = BTreeMap::new();
    for page_id in doc.get_pages().into_values() {
        let ops = lopdf::content::Content::decode(&doc.get_page_content(page_id))
            .unwrap()
            .operations;
        let resources = page_resources(&doc, page_id).unwrap();
        let xobjects = resources.get(b"XObject").unwrap();
        let xobjects = doc.dereference(xobjects).unwrap().1.as_dict().unwrap().clone();
        for op in ops.iter().filter(|o| o.operator == "Do") {
            let name = op.operands[0].as_name().unwrap();
            let id = xobjects.get(name).unwrap().as_reference().unwrap();
            *draws.entry(id).or_default() += 1;
        }
    }
    assert_eq!(
        draws.keys().copied().collect::<BTreeSet<_>>(),
        forms,
        "every form is drawn"
    );
    // Each note draws its front's engraving and its back: a `Do` each.
    assert_eq!(draws.values().sum::<usize>(), 2 * layout_note_count(), "{draws:?}");
    // What is drawn is still every note's engraving, read through the forms.
    let pages = read_pdf(&notes().read("output/league/banknotes.pdf"));
    let thin = pages
        .iter()
        .flat_map(|p| &p.paths)
        .filter(|p| p.strokes() && (p.line_width - 0.15).abs() < 1e-3)
        .count();
    assert_eq!(
        thin,
        2 * 8 * layout_note_count(),
        "border and rosette on both faces of every note"
    );
}

#[test]
fn banknote_svg_pages_define_each_engraving_once_and_place_it_per_note() {
    for svg in raw_pages(notes(), "output/league/banknotes") {
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let defined: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("defs"))
            .flat_map(|d| d.children().filter(|n| n.has_tag_name("g")))
            .filter_map(|g| g.attribute("id"))
            .collect();
        let unique: BTreeSet<&str> = defined.iter().copied().collect();
        assert_eq!(unique.len(), defined.len(), "each engraving defined once");
        let uses: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("use"))
            .map(|n| n.attribute("href").unwrap().trim_start_matches('#'))
            .collect();
        let notes = by_class(&doc, "item-front").len() + by_class(&doc, "item-back").len();
        assert!(notes > 0);
        assert_eq!(uses.len(), notes, "one placement per note");
        assert_eq!(
            uses.iter().copied().collect::<BTreeSet<_>>(),
            unique,
            "every definition placed"
        );
        assert!(unique.len() < notes, "fewer definitions than notes");
        // The engraving is drawn inside the definitions, not per note.
        let curves_outside_defs = by_class(&doc, "guilloche")
            .iter()
            .filter(|n| !n.ancestors().any(|a| a.has_tag_name("defs")))
            .count();
        assert_eq!(curves_outside_defs, 0);
    }
}

#[test]
fn banknote_files_are_small_enough_to_mail() {
    // 120 notes, both faces: under 1 MB of PDF, each SVG page under 100 KB.
    let pdf = notes().read("output/league/banknotes.pdf").len();
    assert!(pdf < 1_000_000, "the banknote PDF is {pdf} bytes");
    for (i, svg) in raw_pages(notes(), "output/league/banknotes").iter().enumerate() {
        assert!(svg.len() < 100_000, "SVG page {} is {} bytes", i + 1, svg.len());
    }
}

#[test]
fn banknote_engraving_keeps_a_border_a_stray_cut_leaves_even() {
    // The engraved border (and everything engraved) stands at least 3 mm
    // inside the trim, measured to the ink: the curves' points and control
    // points (a Bézier stays within them) less half the line.
    let mut nearest = f64::INFINITY;
    for svg in raw_pages(notes(), "output/league/banknotes") {
        let doc = roxmltree::Document::parse(&svg).unwrap();
        for g in doc
            .descendants()
            .filter(|n| n.has_tag_name("defs"))
            .flat_map(|d| d.children().filter(|n| n.has_tag_name("g")))
        {
            // The ground runs into the bleed: the trim is it, less the bleed.
            let ground = g.children().find(|n| n.has_tag_name("rect")).unwrap();
            let bleed = -attr(ground, "x");
            let (w, h) = (
                attr(ground, "width") - 2.0 * bleed,
                attr(ground, "height") - 2.0 * bleed,
            );
            for p in g.descendants().filter(|n| n.attribute("class") == Some("guilloche")) {
                let half = attr(p, "stroke-width") / 2.0;
                for xy in numbers(p.attribute("d").unwrap()).chunks(2) {
                    let (x, y) = (xy[0], xy[1]);
                    nearest = nearest.min(x.min(y).min(w - x).min(h - y) - half);
                }
            }
        }
    }
    let safe = pitchprint::sheet::cut::SAFE_BORDER.0;
    assert!(
        nearest >= safe - 1e-3,
        "the engraving comes {nearest:.3} mm from the trim"
    );
    assert!(nearest < safe + 0.2, "the border is measured ({nearest:.3} mm)");
}
