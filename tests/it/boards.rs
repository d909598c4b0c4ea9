//! The Futbolchess and league boards, read back from their SVGs and measured.

use crate::common::{
    MmRect, TestDir, assert_close, attr, by_class, by_id, on_page, project_file, rect_on_page, replace_line, svg_page,
    svg_rect,
};

const TOL: f64 = 0.01;

fn built(name: &str, rel: &str, text: &str) -> TestDir {
    let dir = TestDir::new(name);
    dir.write(rel, text);
    // The league mat sizes its card places from the deck it names.
    dir.write_league_deck();
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

/// The league deck's card, read from its template: its size (a name from
/// the template's own list, or `[w, h]`) and its stats box, in mm.
fn league_card() -> ((f64, f64), MmRect) {
    let t: toml::Table = project_file("templates/cards/player.toml").parse().unwrap();
    let size = match &t["size"] {
        toml::Value::String(name) => match name.as_str() {
            "poker" => (63.0, 88.0),
            "bridge" => (57.0, 89.0),
            "tarot" => (70.0, 120.0),
            "mini" => (44.0, 63.0),
            other => panic!("unknown card size {other}"),
        },
        toml::Value::Array(a) => (a[0].as_float().unwrap(), a[1].as_float().unwrap()),
        other => panic!("size = {other}"),
    };
    let b: Vec<f64> = t["stats"]["box"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_float().unwrap())
        .collect();
    (
        size,
        MmRect {
            x: b[0],
            y: b[1],
            w: b[2],
            h: b[3],
        },
    )
}

/// Whether two rectangles share more than a sliver of area.
fn overlap(a: &MmRect, b: &MmRect) -> bool {
    a.right().min(b.right()) - a.x.max(b.x) > TOL && a.bottom().min(b.bottom()) - a.y.max(b.y) > TOL
}

#[test]
fn the_league_mat_holds_each_coachs_cards_stats_in_sight_in_facing_stripes() {
    let dir = built(
        "league-board",
        "layouts/league/board.toml",
        &project_file("layouts/league/board.toml"),
    );
    let svg = dir.read_string("output/league/board.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // One A3 sheet holds the whole mat.
    let (w, h, _) = svg_page(&doc);
    assert_close(w.max(h), 420.0, TOL, "A3 long side");
    assert_close(w.min(h), 297.0, TOL, "A3 short side");
    let stripe = |team: usize, line: usize| {
        let n = by_id(&doc, &format!("stripe-{team}-{line}"));
        rect_on_page(n, svg_rect(n))
    };
    let spot = |team: usize, line: usize| {
        let n = by_id(&doc, &format!("ball-spot-{team}-{line}"));
        on_page(n, (attr(n, "cx"), attr(n, "cy")))
    };
    // Lines: 0 defence, 1 midfield, 2 attack. Each side's stripes in one
    // column, midfield between; each home stripe beside the away stripe it
    // faces (defence and attack, midfield and midfield), touching across the
    // middle, with the two ball places level.
    for team in 0..2 {
        let col: Vec<MmRect> = (0..3).map(|l| stripe(team, l)).collect();
        for r in &col {
            assert_close(r.x, col[0].x, TOL, "one column");
        }
        let mid = |r: &MmRect| r.centre().1;
        assert!(
            (mid(&col[0]) - mid(&col[1])) * (mid(&col[2]) - mid(&col[1])) < 0.0,
            "midfield between"
        );
    }
    for (home, away) in [(0, 2), (1, 1), (2, 0)] {
        let (a, b) = (stripe(0, home), stripe(1, away));
        assert_close(a.right(), b.x, TOL, "facing stripes touch across the middle");
        assert!(a.bottom().min(b.bottom()) > a.y.max(b.y), "side by side");
        assert_close(spot(0, home).1, spot(1, away).1, TOL, "the ball crosses straight over");
        assert!(a.contains(spot(0, home), TOL) && b.contains(spot(1, away), TOL));
    }
    // Six places a stripe, each the deck's card, inside its stripe; no card
    // laid later covers the stats of one laid before, nor a ball place.
    let ((cw, ch), stats) = league_card();
    let places = by_class(&doc, "card-place");
    assert_eq!(places.len(), 6 * 6, "six places in each of six stripes");
    let on_page_places: Vec<MmRect> = places.iter().map(|n| rect_on_page(*n, svg_rect(*n))).collect();
    for (i, n) in places.iter().enumerate() {
        let id: Vec<usize> = n
            .attribute("id")
            .unwrap()
            .trim_start_matches("card-place-")
            .split('-')
            .map(|v| v.parse().unwrap())
            .collect();
        let r = on_page_places[i];
        assert_close(r.w, cw, TOL, "a place is a card wide");
        assert_close(r.h, ch, TOL, "a place is a card tall");
        assert!(
            stripe(id[0], id[1]).contains((r.x, r.y), TOL)
                && stripe(id[0], id[1]).contains((r.right(), r.bottom()), TOL)
        );
        let own = svg_rect(*n);
        let shown = rect_on_page(
            *n,
            MmRect {
                x: own.x + stats.x,
                y: own.y + stats.y,
                w: stats.w,
                h: stats.h,
            },
        );
        for later in &on_page_places[i + 1..] {
            assert!(
                !overlap(later, &shown),
                "{}: a card laid over it covers its stats",
                n.attribute("id").unwrap()
            );
        }
        for team in 0..2 {
            for line in 0..3 {
                let (x, y) = spot(team, line);
                let r_spot = attr(by_id(&doc, &format!("ball-spot-{team}-{line}")), "r");
                let disc = MmRect {
                    x: x - r_spot,
                    y: y - r_spot,
                    w: 2.0 * r_spot,
                    h: 2.0 * r_spot,
                };
                assert!(!overlap(&r, &disc), "a card lies over the ball place {team}-{line}");
            }
        }
    }
    // Each coach's track of boxes 1 to 6; a goals tally each and one shared
    // tally of balls, 1 to 7.
    for coach in 0..2 {
        let boxes: Vec<MmRect> = (1..=6)
            .map(|n| {
                let b = by_id(&doc, &format!("track-{coach}-{n}"));
                rect_on_page(b, svg_rect(b))
            })
            .collect();
        let dx: Vec<f64> = boxes.windows(2).map(|w| w[1].x - w[0].x).collect();
        assert!(
            dx.iter().all(|d| *d > 0.0) || dx.iter().all(|d| *d < 0.0),
            "boxes 1 to 6 in order"
        );
        for b in &boxes {
            assert_close(b.w, boxes[0].w, TOL, "equal boxes");
        }
    }
    let ids: Vec<String> = by_class(&doc, "tally")
        .iter()
        .map(|t| t.attribute("id").unwrap().to_string())
        .collect();
    let mut want: Vec<String> = (1..=7)
        .flat_map(|n| [format!("goals-0-{n}"), format!("goals-1-{n}"), format!("balls-{n}")])
        .collect();
    let mut got = ids.clone();
    want.sort();
    got.sort();
    assert_eq!(got, want, "a goals tally for each coach and one tally of balls");
}

/// The extent on the page of the `stroke`-coloured zone-tint lines under
/// `root` whose middle lies between `y0` and `y1`: a hatched zone, which
/// the board cuts at its edges.
fn hatched(root: roxmltree::Node<'_, '_>, stroke: &str, (y0, y1): (f64, f64)) -> MmRect {
    let mut ends = Vec::new();
    for line in root
        .descendants()
        .filter(|n| n.attribute("class") == Some("zone-tint") && n.attribute("stroke") == Some(stroke))
    {
        let a = on_page(line, (attr(line, "x1"), attr(line, "y1")));
        let b = on_page(line, (attr(line, "x2"), attr(line, "y2")));
        let mid = (a.1 + b.1) / 2.0;
        if mid > y0 && mid < y1 {
            ends.extend([a, b]);
        }
    }
    assert!(!ends.is_empty(), "a hatching in {stroke} between {y0} and {y1}");
    let (x0, x1) = (
        ends.iter().map(|p| p.0).fold(f64::MAX, f64::min),
        ends.iter().map(|p| p.0).fold(f64::MIN, f64::max),
    );
    let (t, b) = (
        ends.iter().map(|p| p.1).fold(f64::MAX, f64::min),
        ends.iter().map(|p| p.1).fold(f64::MIN, f64::max),
    );
    MmRect {
        x: x0,
        y: t,
        w: x1 - x0,
        h: b - t,
    }
}

/// The squares under `root`, on the page: (columns, rows, the top-left
/// square's box).
fn squares_of(root: roxmltree::Node<'_, '_>) -> (usize, usize, MmRect) {
    let cells: Vec<_> = root
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .collect();
    let ids: Vec<(usize, usize)> = cells
        .iter()
        .map(|c| {
            let mut v = c
                .attribute("id")
                .unwrap()
                .split('-')
                .skip(1)
                .map(|n| n.parse().unwrap());
            (v.next().unwrap(), v.next().unwrap())
        })
        .collect();
    let cols = ids.iter().map(|i| i.0).max().unwrap() + 1;
    let rows = ids.iter().map(|i| i.1).max().unwrap() + 1;
    let first = cells[ids.iter().position(|i| *i == (0, 0)).unwrap()];
    (cols, rows, rect_on_page(first, svg_rect(first)))
}

#[test]
fn the_forwards_rows_on_the_board_and_its_setup_picture_are_the_ones_the_rules_state() {
    // The rules put the centre-forwards on the two rows
    // of their half nearest the halfway line, bands included (the seed keeps
    // only the midfielders off the bands); the board's hatching, its legend
    // and the cover's setup picture say the same.
    let words = [
        ("es", "dos filas", "bandas incluidas"),
        ("en", "two rows", "bands included"),
        ("ca", "dues files", "bandes incloses"),
    ];
    for (lang, rows, bands) in words {
        let rules = crate::common::printed_md(&format!("templates/rules/futbolchess/{lang}.md"));
        let line = rules
            .lines()
            .find(|l| l.starts_with("- **") && l.contains("(DC)"))
            .unwrap_or_else(|| panic!("{lang}: the rules place DC"));
        assert!(line.contains(rows) && line.contains(bands), "{lang}: {line}");
        let legend = project_file(&format!("templates/i18n/{lang}.toml"));
        let legend = legend.lines().find(|l| l.starts_with("legend_forwards")).unwrap();
        assert!(legend.contains(bands), "{lang}: the legend says so too: {legend}");
    }
    let board: toml::Table = project_file("layouts/futbolchess/board.toml").parse().unwrap();
    let blue = board["style"]["attack_fill"].as_str().unwrap().to_string();
    let front = 2.0;
    // The board.
    let dir = built(
        "fc-board-front",
        "layouts/futbolchess/board.toml",
        &project_file("layouts/futbolchess/board.toml"),
    );
    let svg = dir.read_string("output/futbolchess/board.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let (cols, rows, first) = squares_of(doc.root());
    let pitch = first.w;
    let half = first.y + pitch * rows as f64 / 2.0;
    for (end, (y0, y1)) in [
        ("top", (half - pitch * front, half)),
        ("bottom", (half, half + pitch * front)),
    ] {
        let zone = hatched(doc.root(), &blue, (y0 - 0.1, y1 + 0.1));
        assert_close(zone.x, first.x, TOL, &format!("{end}: from the left band"));
        assert_close(
            zone.right(),
            first.x + pitch * cols as f64,
            TOL,
            &format!("{end}: to the right band"),
        );
        assert_close(zone.y, y0, TOL, &format!("{end}: two rows"));
        assert_close(zone.bottom(), y1, TOL, &format!("{end}: up to the halfway line"));
    }
    // The cover's setup picture: the board's bottom half, scaled.
    let dir = TestDir::new("fc-cover-front");
    for rel in [
        "layouts/futbolchess/board.toml",
        "layouts/futbolchess/roles.toml",
        "layouts/futbolchess/cover.toml",
        "layouts/futbolchess/game.toml",
        "templates/covers/futbolchess/en.md",
    ] {
        dir.write(rel, &project_file(rel));
    }
    dir.run(&[
        "build",
        "layouts/futbolchess/cover.toml",
        "--format",
        "svg",
        "--lang",
        "en",
    ])
    .expect_code(0);
    let svg = dir.read_string("output/futbolchess/cover-en.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let figure = by_class(&doc, "diagram")[0];
    let (cols, rows, first) = squares_of(figure);
    let pitch = first.w;
    let half = first.y + pitch * rows as f64 / 2.0;
    let zone = hatched(figure, &blue, (half - 0.1, half + pitch * front + 0.1));
    assert_close(
        zone.x,
        first.x,
        TOL,
        "the picture's forwards' rows start at the left band",
    );
    assert_close(
        zone.right(),
        first.x + pitch * cols as f64,
        TOL,
        "and reach the right band",
    );
    assert_close(zone.bottom(), half + pitch * front, TOL, "two rows deep");
}
