//! The path-football field sheet, read back from the SVG and PDF the
//! binary writes. The field graph is rebuilt here from the SVG's own lines and
//! points, independently of the checker's code path.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::{
    TestDir, assert_close, attr, built_once, by_class, pdf_text, project_file, replace_line, svg_page, svg_points,
};

const LAYOUT_REL: &str = "layouts/path-football/fields.toml";

fn dir_with(name: &str, layout: &str) -> TestDir {
    let dir = TestDir::new(name);
    dir.write(LAYOUT_REL, layout);
    dir
}

/// The shipped field sheet, PDF and SVG, built once for the tests that only
/// read it.
fn shipped_fields() -> &'static TestDir {
    built_once(
        "fields",
        &[(LAYOUT_REL, project_file(LAYOUT_REL))],
        &["build", "--format", "pdf,svg"],
    )
}

/// A point key in hundredths of a millimetre.
type Key = (i64, i64);

fn key(x: f64, y: f64) -> Key {
    ((x * 100.0).round() as i64, (y * 100.0).round() as i64)
}

/// One field as printed: its unit guide edges, goal points, start and boundary.
#[derive(Default)]
struct Printed {
    guides: Vec<((f64, f64), (f64, f64))>,
    goals: Vec<(f64, f64)>,
    starts: Vec<(f64, f64)>,
    boundary: Vec<Vec<(f64, f64)>>,
    guide_width: Vec<f64>,
    boundary_width: Vec<f64>,
    guide_fill: Vec<String>,
    boundary_stroke: Vec<String>,
}

fn fields_of(svg: &str) -> BTreeMap<u32, Printed> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG parses");
    let mut out: BTreeMap<u32, Printed> = BTreeMap::new();
    let field_of = |n: roxmltree::Node<'_, '_>| -> u32 {
        n.attribute("data-field")
            .expect("field items carry data-field")
            .parse()
            .unwrap()
    };
    for n in by_class(&doc, "guide") {
        let f = out.entry(field_of(n)).or_default();
        assert_eq!(n.tag_name().name(), "line", "guides are straight lines");
        f.guides
            .push(((attr(n, "x1"), attr(n, "y1")), (attr(n, "x2"), attr(n, "y2"))));
        f.guide_width.push(attr(n, "stroke-width"));
        f.guide_fill.push(n.attribute("stroke").unwrap().to_string());
    }
    for n in by_class(&doc, "goal-point") {
        out.entry(field_of(n))
            .or_default()
            .goals
            .push((attr(n, "cx"), attr(n, "cy")));
    }
    for n in by_class(&doc, "start") {
        out.entry(field_of(n))
            .or_default()
            .starts
            .push((attr(n, "cx"), attr(n, "cy")));
    }
    for n in by_class(&doc, "boundary") {
        let f = out.entry(field_of(n)).or_default();
        f.boundary.push(svg_points(n));
        f.boundary_width.push(attr(n, "stroke-width"));
        f.boundary_stroke.push(n.attribute("stroke").unwrap().to_string());
    }
    out
}

fn luminance(hex: &str) -> f64 {
    let v = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap() as f64 / 255.0;
    0.2126 * v(1) + 0.7152 * v(3) + 0.0722 * v(5)
}

/// Rebuilds and measures one printed field against the game: 63 points in a
/// 7 x 9 lattice, 110 unit edges, one exit per goal from the middle of its short
/// side, the boundary closed but for the centred two-square openings, the start
/// at the centre. Returns the lattice's top-left point and pitch.
fn assert_game_field(f: &Printed, what: &str) -> ((f64, f64), f64) {
    for ((x1, y1), (x2, y2)) in &f.guides {
        assert!(
            (x1 - x2).abs() < 0.01 || (y1 - y2).abs() < 0.01,
            "{what}: a diagonal guide from ({x1}, {y1}) to ({x2}, {y2})"
        );
    }
    let goal_keys: BTreeSet<Key> = f.goals.iter().map(|g| key(g.0, g.1)).collect();
    let mut points: BTreeSet<Key> = BTreeSet::new();
    let mut edges: BTreeSet<(Key, Key)> = BTreeSet::new();
    for (a, b) in &f.guides {
        let (ka, kb) = (key(a.0, a.1), key(b.0, b.1));
        points.insert(ka);
        points.insert(kb);
        edges.insert(if ka < kb { (ka, kb) } else { (kb, ka) });
    }
    let lattice: BTreeSet<Key> = points.difference(&goal_keys).copied().collect();
    let xs: BTreeSet<i64> = lattice.iter().map(|k| k.0).collect();
    let ys: BTreeSet<i64> = lattice.iter().map(|k| k.1).collect();
    assert_eq!(lattice.len(), 63, "{what}: lattice points");
    assert_eq!((xs.len(), ys.len()), (7, 9), "{what}: columns x rows of points");
    let xs: Vec<i64> = xs.into_iter().collect();
    let ys: Vec<i64> = ys.into_iter().collect();
    let pitch = (xs[6] - xs[0]) as f64 / 600.0;
    for (i, x) in xs.iter().enumerate() {
        assert_close((x - xs[0]) as f64 / 100.0, pitch * i as f64, 0.011, "column spacing");
    }
    for (j, y) in ys.iter().enumerate() {
        assert_close((y - ys[0]) as f64 / 100.0, pitch * j as f64, 0.011, "row spacing");
    }
    // Every lattice edge is a neighbour pair, and every neighbour pair is an edge.
    let inside: Vec<&(Key, Key)> = edges
        .iter()
        .filter(|(a, b)| lattice.contains(a) && lattice.contains(b))
        .collect();
    assert_eq!(inside.len(), 110, "{what}: guide edges between points");
    for (a, b) in &inside {
        let len = (((a.0 - b.0) as f64).hypot((a.1 - b.1) as f64)) / 100.0;
        assert_close(len, pitch, 0.011, "every guide joins two neighbouring points");
    }
    // Goals: two, each joined by exactly one guide to the middle of its short side.
    assert_eq!(f.goals.len(), 2, "{what}: goal points");
    let mid_x = (xs[0] + xs[6]) / 2;
    for g in &f.goals {
        let k = key(g.0, g.1);
        let links: Vec<&(Key, Key)> = edges.iter().filter(|(a, b)| *a == k || *b == k).collect();
        assert_eq!(links.len(), 1, "{what}: guides at the goal point {g:?}");
        let other = if links[0].0 == k { links[0].1 } else { links[0].0 };
        let side_y = if k.1 < ys[0] { ys[0] } else { ys[8] };
        assert!(
            k.1 < ys[0] || k.1 > ys[8],
            "{what}: the goal point lies outside the field"
        );
        assert_eq!(
            other,
            (mid_x, side_y),
            "{what}: the exit starts at the middle point of the short side"
        );
    }
    // Boundary: unit pieces of the polylines, split at lattice points.
    let mut bound: BTreeSet<(Key, Key)> = BTreeSet::new();
    for line in &f.boundary {
        for w in line.windows(2) {
            let (a, b) = (key(w[0].0, w[0].1), key(w[1].0, w[1].1));
            let steps = ((a.0 - b.0).abs().max((a.1 - b.1).abs()) as f64 / (pitch * 100.0)).round() as i64;
            assert!(steps >= 1, "{what}: a boundary piece shorter than a square");
            // Interpolated points snap to the nearest lattice point (within 0.02 mm),
            // so rounding in the last digit does not split an edge.
            let snap = |v: i64, axis: &[i64]| *axis.iter().find(|c| (**c - v).abs() <= 2).unwrap_or(&v);
            for s in 0..steps {
                let p = |t: i64| {
                    (
                        snap(a.0 + (b.0 - a.0) * t / steps, &xs),
                        snap(a.1 + (b.1 - a.1) * t / steps, &ys),
                    )
                };
                let (p0, p1) = (p(s), p(s + 1));
                bound.insert(if p0 < p1 { (p0, p1) } else { (p1, p0) });
            }
        }
    }
    for j in 0..8 {
        for i in [0, 6] {
            assert!(
                bound.contains(&((xs[i], ys[j]), (xs[i], ys[j + 1]))),
                "{what}: long side edge {i},{j} closed"
            );
        }
    }
    for row in [0, 8] {
        let open: Vec<usize> = (0..6)
            .filter(|&i| !bound.contains(&((xs[i], ys[row]), (xs[i + 1], ys[row]))))
            .collect();
        assert_eq!(
            open,
            vec![2, 3],
            "{what}: the opening in row {row} is the two central squares"
        );
    }
    assert_eq!(
        bound.len(),
        24,
        "{what}: boundary edges (28 on the perimeter less 4 open)"
    );
    // Start at the centre point.
    assert_eq!(f.starts.len(), 1, "{what}: start marks");
    assert_eq!(
        key(f.starts[0].0, f.starts[0].1),
        (mid_x, ys[4]),
        "{what}: start at the centre point"
    );
    // Guides light and thin, boundary dark and thick.
    let gw = f.guide_width.iter().cloned().fold(0.0, f64::max);
    let bw = f.boundary_width.iter().cloned().fold(f64::MAX, f64::min);
    assert!(gw < bw, "{what}: guides ({gw} mm) thinner than the boundary ({bw} mm)");
    assert!(
        f.guide_fill
            .iter()
            .all(|g| f.boundary_stroke.iter().all(|b| luminance(g) > luminance(b) + 0.3)),
        "{what}: guides much lighter than the boundary"
    );
    ((xs[0] as f64 / 100.0, ys[0] as f64 / 100.0), pitch)
}

#[test]
fn the_shipped_sheet_prints_six_game_fields_on_a4_and_a_legend_with_a_practice_field() {
    let dir = shipped_fields();

    let sheet = dir.read_string("output/path-football/fields-1.svg");
    let (w, h, _) = svg_page(&roxmltree::Document::parse(&sheet).unwrap());
    assert_eq!((w, h), (210.0, 297.0), "A4 portrait");
    let fields = fields_of(&sheet);
    assert_eq!(fields.len(), 6, "fields on the sheet");
    let mut corners = Vec::new();
    for (n, f) in &fields {
        let (corner, pitch) = assert_game_field(f, &format!("field {n}"));
        assert_close(pitch, 9.0, 0.01, "the pitch the layout asks for");
        corners.push(corner);
    }
    // Fields do not overlap: their corners are at least a field apart.
    for (i, a) in corners.iter().enumerate() {
        for b in &corners[i + 1..] {
            assert!(
                (a.0 - b.0).abs() >= 54.0 || (a.1 - b.1).abs() >= 72.0,
                "fields {a:?} and {b:?} overlap"
            );
        }
    }

    let legend = dir.read_string("output/path-football/fields-2.svg");
    let practice = fields_of(&legend);
    assert_eq!(practice.len(), 1, "one practice field on the legend page");
    for (n, f) in &practice {
        assert_game_field(f, &format!("practice field {n}"));
    }

    let pdf = dir.read("output/path-football/fields.pdf");
    let text = pdf_text(&pdf);
    for words in [
        "Saque",
        "diagonal",
        "Borde",
        "Campo de práctica",
        "Fútbol de papel y boli",
    ] {
        assert!(text.contains(words), "the PDF's text has {words:?}:\n{text}");
    }
}

#[test]
fn no_text_stands_on_or_along_a_field_but_the_side_letters() {
    let dir = shipped_fields();
    // The layout's six fields on the sheet, the practice field on the legend.
    for (page, field_count) in [("fields-1.svg", 6), ("fields-2.svg", 1)] {
        let svg = dir.read_string(format!("output/path-football/{page}"));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let fields = fields_of(&svg);
        assert_eq!(fields.len(), field_count, "{page}: fields");
        for f in fields.values() {
            let (corner, pitch) = assert_game_field(f, page);
            // The band where coordinates would go: one square around the field.
            let (x0, y0) = (corner.0 - pitch, corner.1 - pitch);
            let (x1, y1) = (corner.0 + 7.0 * pitch, corner.1 + 9.0 * pitch);
            let (mut markers, mut others) = (0, 0);
            for t in doc.descendants().filter(|n| n.has_tag_name("text")) {
                let class = t.attribute("class").unwrap_or("");
                let (x, y) = (attr(t, "x"), attr(t, "y"));
                let inside = x > x0 && x < x1 && y > y0 && y < y1;
                if class == "attack-marker" {
                    markers += 1;
                    let letter = t.text().unwrap_or("");
                    assert!(
                        letter == "A" || letter == "B",
                        "side markers are A or B, got {letter:?}"
                    );
                    continue;
                }
                others += 1;
                assert!(!inside, "{page}: text {:?} at ({x}, {y}) stands on a field", t.text());
            }
            // Two side letters per field on the page (one at each goal), and
            // at least the page's title among the other texts.
            assert_eq!(markers, 2 * field_count, "{page}: side letters");
            assert!(others >= 1, "{page}: no other text was checked");
        }
    }
}

#[test]
fn side_a_attacks_the_top_goal_and_side_b_the_bottom_one() {
    let dir = shipped_fields();
    // Six fields on the sheet and the practice field on the legend, two goals each.
    for (page, field_count) in [("fields-1.svg", 6), ("fields-2.svg", 1)] {
        let svg = dir.read_string(format!("output/path-football/{page}"));
        let doc = roxmltree::Document::parse(&svg).unwrap();
        // field -> (top goal's y, bottom goal's y)
        let mut ends: BTreeMap<String, (Option<f64>, Option<f64>)> = BTreeMap::new();
        for goal in by_class(&doc, "goal-point") {
            let field = goal.attribute("data-field").unwrap();
            let side = goal.attribute("id").unwrap().rsplit('-').next().unwrap().to_string();
            let letter = doc
                .descendants()
                .find(|n| {
                    n.has_tag_name("text")
                        && n.attribute("class") == Some("attack-marker")
                        && n.attribute("data-field") == Some(field)
                        && (attr(*n, "y") - attr(goal, "cy")).abs() < 5.0
                })
                .and_then(|n| n.text())
                .unwrap_or_else(|| panic!("{page}: no letter beside the {side} goal of field {field}"));
            assert_eq!(
                letter,
                if side == "top" { "A" } else { "B" },
                "{page}: field {field}, {side} goal"
            );
            let e = ends.entry(field.to_string()).or_default();
            let slot = match side.as_str() {
                "top" => &mut e.0,
                "bottom" => &mut e.1,
                other => panic!("{page}: a goal at the {other:?} end of field {field}"),
            };
            assert!(slot.is_none(), "{page}: two {side} goals on field {field}");
            *slot = Some(attr(goal, "cy"));
        }
        assert_eq!(ends.len(), field_count, "{page}: fields with goals");
        for (field, ends) in &ends {
            let (Some(top), Some(bottom)) = *ends else {
                panic!("{page}: field {field} lacks a goal: {ends:?}");
            };
            assert!(top < bottom, "{page}: field {field}'s top goal is above its bottom one");
        }
    }
}

#[test]
fn letter_and_a3_sheets_hold_the_fields_too() {
    for (paper, w, h) in [("letter", 215.9, 279.4), ("a3", 297.0, 420.0)] {
        let dir = dir_with(&format!("fields-{paper}"), &project_file(LAYOUT_REL));
        dir.run(&["build", "--paper", paper, "--format", "svg"]).expect_code(0);
        let svg = dir.read_string("output/path-football/fields-1.svg");
        let (pw, ph, _) = svg_page(&roxmltree::Document::parse(&svg).unwrap());
        assert_close(pw.min(ph), w, 0.01, paper);
        assert_close(pw.max(ph), h, 0.01, paper);
        let fields = fields_of(&svg);
        assert_eq!(fields.len(), 6, "{paper}: fields");
        for (n, f) in &fields {
            assert_game_field(f, &format!("{paper} field {n}"));
        }
    }
}

/// A copy of the shipped layout with one line changed fails `check` with `code`
/// and `build` writes nothing.
fn assert_broken(name: &str, line_start: &str, new_line: &str, code: &str) {
    let text = replace_line(&project_file(LAYOUT_REL), line_start, new_line);
    let dir = dir_with(name, &text);
    let run = dir.run(&["check", "--json"]);
    run.expect_code(1);
    let codes = run.json_codes();
    assert!(
        codes.iter().any(|c| c == code),
        "{name}: expected {code}, got {codes:?}"
    );
    let human = dir.run(&["check"]);
    assert!(
        human.stderr.contains(&format!("error[{code}]")) && human.stderr.contains("hint:"),
        "{}",
        human.stderr
    );
    dir.run(&["build"]).expect_code(1);
    assert!(!dir.join("output").exists(), "{name}: nothing is written");
}

#[test]
fn a_diagonal_guide_fails_the_check() {
    assert_broken("fields-diagonal", "diagonals =", "diagonals = true", "field-diagonal");
}

#[test]
fn a_missing_exit_fails_the_check() {
    assert_broken("fields-no-exit", "exits =", "exits = false", "field-exit");
}

#[test]
fn a_seven_by_eight_field_fails_the_check() {
    assert_broken("fields-7x8", "columns =", "columns = 7", "field-points");
}

#[test]
fn an_off_centre_opening_fails_the_check() {
    assert_broken(
        "fields-off-centre",
        "opening_offset =",
        "opening_offset = 1",
        "field-opening",
    );
}

#[test]
fn a_wider_opening_fails_the_check() {
    assert_broken("fields-wide-opening", "opening =", "opening = 4", "field-opening");
}

#[test]
fn coordinates_fail_the_check() {
    assert_broken(
        "fields-coordinates",
        "coordinates =",
        "coordinates = true",
        "field-coordinates",
    );
}

#[test]
fn guides_as_heavy_as_the_boundary_fail_the_check() {
    assert_broken(
        "fields-contrast",
        "guide_width =",
        "guide_width = 1.2",
        "field-contrast",
    );
}

#[test]
fn a_pitch_too_small_for_a_pen_fails_the_check() {
    assert_broken("fields-small-pitch", "pitch =", "pitch = 4.0", "field-pitch");
}

#[test]
fn more_fields_than_the_sheet_holds_fail_with_a_hint_that_says_how_many_fit() {
    let text = replace_line(&project_file(LAYOUT_REL), "fields =", "fields = 12");
    let dir = dir_with("fields-too-many", &text);
    let run = dir.run(&["check"]);
    run.expect_code(1);
    assert!(run.stderr.contains("error[page-fit]"), "{}", run.stderr);
    assert!(
        run.stderr.contains("at most 6 field(s)") && run.stderr.contains("sheet.fields = 6"),
        "{}",
        run.stderr
    );
    dir.run(&["build"]).expect_code(1);
    assert!(!dir.join("output").exists());
}
