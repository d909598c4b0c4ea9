//! The Futbolchess and league boards, read back from their SVGs and measured.

mod common;

use common::{TestDir, assert_close, attr, by_class, by_id, replace_line, svg_rect};

const TOL: f64 = 0.01;

fn project_file(rel: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

fn built(name: &str, rel: &str, text: &str) -> TestDir {
    let dir = TestDir::new(name);
    dir.write(rel, text);
    dir.run(&["build", rel, "--format", "svg"]).expect_code(0);
    dir
}

#[test]
fn the_futbolchess_board_has_its_goal_bands_and_areas_where_the_rules_need_them() {
    let dir = built(
        "fc-board",
        "layouts/futbolchess/board.toml",
        &project_file("layouts/futbolchess/board.toml"),
    );
    let svg = dir.read_string("output/futbolchess/board.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cells = by_class(&doc, "cell");
    let first = svg_rect(by_id(&doc, "cell-0-0"));
    let pitch = first.w;
    let cols = cells
        .iter()
        .map(|c| {
            c.attribute("id")
                .unwrap()
                .split('-')
                .nth(1)
                .unwrap()
                .parse::<u32>()
                .unwrap()
        })
        .max()
        .unwrap()
        + 1;
    let rows = cells
        .iter()
        .map(|c| {
            c.attribute("id")
                .unwrap()
                .split('-')
                .nth(2)
                .unwrap()
                .parse::<u32>()
                .unwrap()
        })
        .max()
        .unwrap()
        + 1;
    assert_eq!((cols, rows, cells.len()), (8, 12, 96), "8 x 12 squares");
    assert_eq!(cols % 2, 0, "an even number of columns centres a two-square goal");
    for c in &cells {
        let r = svg_rect(*c);
        assert_close(r.w, pitch, TOL, "equal squares");
        let x = (r.x - first.x) / pitch;
        assert_close(x, x.round(), TOL / pitch, "squares on one grid");
    }
    let board_w = pitch * cols as f64;
    let centre_x = first.x + board_w / 2.0;
    for end in ["top", "bottom"] {
        let goal = svg_rect(by_id(&doc, &format!("goal-{end}")));
        assert_close(goal.w, 2.0 * pitch, TOL, "the goal is two squares wide");
        assert_close(goal.x + goal.w / 2.0, centre_x, TOL, "the goal is centred");
        // Two real squares, each a board square, side by side behind the line.
        let left = svg_rect(by_id(&doc, &format!("goal-square-{end}-left")));
        let right = svg_rect(by_id(&doc, &format!("goal-square-{end}-right")));
        let line = if end == "top" {
            first.y
        } else {
            first.y + pitch * rows as f64
        };
        for sq in [&left, &right] {
            assert_close(sq.w, pitch, TOL, "a goal square is as wide as a board square");
            assert_close(sq.h, pitch, TOL, "and as deep: a counter fits in it");
            let behind = if end == "top" { sq.bottom() } else { sq.y };
            assert_close(behind, line, TOL, "against the goal line, behind it");
        }
        assert_close(left.right(), right.x, TOL, "the goal's squares are side by side");
        assert_close(left.x, centre_x - pitch, TOL, "centred on the board's middle");
        // The kick-off ring: in the kicking side's half, against the halfway
        // line, on the central square to the kicker's right.
        let ring = by_id(&doc, &format!("kick-off-{end}"));
        let half_y = first.y + pitch * rows as f64 / 2.0;
        let (cx, cy) = if end == "top" {
            (centre_x - pitch / 2.0, half_y - pitch / 2.0)
        } else {
            (centre_x + pitch / 2.0, half_y + pitch / 2.0)
        };
        assert_close(attr(ring, "cx"), cx, TOL, "the kick-off ring is on its square");
        assert_close(attr(ring, "cy"), cy, TOL, "against the halfway line");
        assert!(attr(ring, "r") * 2.0 < pitch, "inside the square");
        let area = svg_rect(by_id(&doc, &format!("penalty-area-{end}")));
        let squares = (area.w / pitch).round() * (area.h / pitch).round();
        assert!(
            squares >= 3.0,
            "the area holds the goalkeeper and two central defenders"
        );
        assert!(area.w >= goal.w - TOL, "the area covers the goal's width");
        assert_close(area.x + area.w / 2.0, centre_x, TOL, "the area is centred on the goal");
    }
    for (id, col) in [("band-left", 0.0), ("band-right", cols as f64 - 1.0)] {
        let band = svg_rect(by_id(&doc, id));
        assert_close(band.x, first.x + col * pitch, TOL, "the band is the outer column");
        assert_close(band.w, pitch, TOL, "one column wide");
        assert_close(band.h, pitch * rows as f64, TOL, "from goal line to goal line");
    }
    let circle = by_id(&doc, "centre-circle");
    assert_close(attr(circle, "cx"), centre_x, TOL, "centre circle at the centre");
    // The legend, below the board: words for every role's zone, named by
    // the letters the counters carry (the same in every language).
    let words: String = by_class(&doc, "legend")
        .iter()
        .filter_map(|n| n.text())
        .collect::<Vec<_>>()
        .join(" ");
    for code in ["(L)", "(EX)", "(M)", "(POR)", "(DF)", "(DC)"] {
        assert!(words.contains(code), "the legend names {code}: {words}");
    }
    for node in by_class(&doc, "legend") {
        if node.tag_name().name() == "text" {
            assert!(
                attr(node, "y") > first.y + pitch * rows as f64,
                "the legend is below the board"
            );
        }
    }
    dir.run(&["check", "layouts/futbolchess/board.toml"]).expect_code(0);
}

fn refused(name: &str, line: &str, new: &str, code: &str) {
    let text = replace_line(&project_file("layouts/futbolchess/board.toml"), line, new);
    let dir = TestDir::new(name);
    dir.write("layouts/futbolchess/board.toml", &text);
    let run = dir.run(&["check", "layouts/futbolchess/board.toml", "--json"]);
    run.expect_code(1);
    assert!(
        run.json_codes().iter().any(|c| c == code),
        "{name}: expected {code}, got {:?}",
        run.json_codes()
    );
}

#[test]
fn broken_futbolchess_boards_are_refused_with_their_codes() {
    refused("fc-odd", "columns =", "columns = 7", "goal-centre");
    refused("fc-goal3", "goal =", "goal = 3", "goal-size");
    refused("fc-small-area", "area =", "area = [1, 2]", "area-size");
    // A tint without its words in the legend, and two zones in one tint.
    refused("fc-no-legend", "midfielders =", "midfielders = \"\"", "legend");
    refused("fc-one-tint", "area_fill =", "area_fill = \"#eef5ea\"", "zone-tint");
}

#[test]
fn the_league_board_has_six_facing_stripes_tracks_and_tallies() {
    let dir = built(
        "league-board",
        "layouts/league/board.toml",
        &project_file("layouts/league/board.toml"),
    );
    let svg = dir.read_string("output/league/board.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let mut stripes: Vec<(f64, String)> = by_class(&doc, "stripe")
        .into_iter()
        .map(|n| (attr(n, "x"), n.attribute("id").unwrap().to_string()))
        .collect();
    stripes.sort_by(|a, b| a.0.total_cmp(&b.0));
    let order: Vec<&str> = stripes.iter().map(|s| s.1.as_str()).collect();
    // Home defence faces away attack, midfield faces midfield, home attack faces away defence.
    assert_eq!(
        order,
        [
            "stripe-0-0",
            "stripe-1-2",
            "stripe-0-1",
            "stripe-1-1",
            "stripe-0-2",
            "stripe-1-0"
        ]
    );
    for s in by_class(&doc, "stripe") {
        let r = svg_rect(s);
        let id = s.attribute("id").unwrap().trim_start_matches("stripe-");
        let spot = by_id(&doc, &format!("ball-spot-{id}"));
        let (cx, cy) = (attr(spot, "cx"), attr(spot, "cy"));
        assert!(r.contains((cx, cy), TOL), "the ball's place lies in stripe {id}");
    }
    for coach in 0..2 {
        let boxes: Vec<_> = (1..=6)
            .map(|n| svg_rect(by_id(&doc, &format!("track-{coach}-{n}"))))
            .collect();
        for w in boxes.windows(2) {
            assert!(w[1].x > w[0].x, "boxes 1 to 6 run left to right");
            assert_close(w[1].w, w[0].w, TOL, "equal boxes");
        }
        for kind in ["goals", "balls"] {
            let n = by_class(&doc, "tally")
                .iter()
                .filter(|t| t.attribute("id").unwrap().starts_with(&format!("{kind}-{coach}-")))
                .count();
            assert_eq!(n, 7, "coach {coach}: {kind} tally 1 to 7");
        }
    }
    // Fewer balls, fewer tally boxes.
    let five = replace_line(&project_file("layouts/league/board.toml"), "balls = 7", "balls = 5");
    let dir = built("league-board-5", "layouts/league/board.toml", &five);
    let svg = dir.read_string("output/league/board.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(by_class(&doc, "tally").len(), 2 * 2 * 5);
}
