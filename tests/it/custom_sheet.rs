//! The custom-sheet kind: the dice pitch and the path-football
//! fields described with primitives print what the dedicated kinds print,
//! to 0.01 mm, read back from both PDFs; the rules its author declares are measured and a broken one is a
//! finding at the rule's line; the house variant builds on A3 and tiles on
//! A4 with its rules held.

use std::path::Path;

use crate::common::{
    MmRect, PdfPath, TestDir, assert_close, attr, by_class, line_of, numbers as numbers_of, project_root, read_pdf,
    run_in, text_of, text_width,
};

/// Builds `layout` (relative to the project) in English on `paper` into
/// `out`, and reads its PDF back.
fn built(out: &Path, layout: &str, paper: &str) -> Vec<crate::common::PdfPage> {
    let run = run_in(
        project_root(),
        &[
            "build",
            layout,
            "--lang",
            "en",
            "--paper",
            paper,
            "--out",
            out.to_str().unwrap(),
            "-q",
        ],
    );
    run.expect_code(0);
    let stem = Path::new(layout).file_stem().unwrap().to_string_lossy().into_owned();
    let folder = Path::new(layout).parent().unwrap().file_name().unwrap().to_owned();
    let pdf = out.join(folder).join(format!("{stem}-en.pdf"));
    read_pdf(&std::fs::read(&pdf).unwrap_or_else(|e| panic!("{}: {e}", pdf.display())))
}

/// Whether two painted paths draw the same thing: the same paint and
/// colours, line widths and every point within `tol` mm.
fn same_path(a: &PdfPath, b: &PdfPath, tol: f64) -> bool {
    a.paint == b.paint
        && (a.line_width - b.line_width).abs() <= tol
        && a.stroke_rgb == b.stroke_rgb
        && a.fill_rgb == b.fill_rgb
        && a.subpaths.len() == b.subpaths.len()
        && a.subpaths.iter().zip(&b.subpaths).all(|((pa, ca), (pb, cb))| {
            ca == cb
                && pa.len() == pb.len()
                && pa
                    .iter()
                    .zip(pb)
                    .all(|(p, q)| (p.0 - q.0).abs() <= tol && (p.1 - q.1).abs() <= tol)
        })
}

/// Every path of `reference` matched by one of `made`, one to one, and
/// nothing more in `made`; the texts at the same places.
fn assert_same_drawing(reference: &[crate::common::PdfPage], made: &[crate::common::PdfPage], tol: f64) {
    assert_eq!(reference.len(), made.len(), "pages");
    for (n, (r, m)) in reference.iter().zip(made).enumerate() {
        assert!((r.width_mm - m.width_mm).abs() < tol && (r.height_mm - m.height_mm).abs() < tol);
        assert_eq!(r.paths.len(), m.paths.len(), "page {}: paths", n + 1);
        let mut unused: Vec<&PdfPath> = m.paths.iter().collect();
        for p in &r.paths {
            let at = unused
                .iter()
                .position(|q| same_path(p, q, tol))
                .unwrap_or_else(|| panic!("page {}: no path of the custom sheet draws {p:?}", n + 1));
            unused.remove(at);
        }
        assert_eq!(r.texts.len(), m.texts.len(), "page {}: texts", n + 1);
        let mut unused: Vec<_> = m.texts.iter().collect();
        for a in &r.texts {
            let at = unused
                .iter()
                .position(|b| {
                    (a.origin.0 - b.origin.0).abs() <= tol
                        && (a.origin.1 - b.origin.1).abs() <= tol
                        && (a.size - b.size).abs() < 1e-6
                })
                .unwrap_or_else(|| panic!("page {}: no text of the custom sheet at {:?}", n + 1, a.origin));
            unused.remove(at);
        }
    }
}

#[test]
fn the_custom_pitch_prints_the_dice_pitch_to_a_hundredth_of_a_millimetre() {
    // On A3 the whole board on one sheet; on A4 tiled in pieces, cut along
    // the same grid lines, with the same map page.
    for paper in ["a3", "a4"] {
        let dir = TestDir::new(&format!("custom-pitch-{paper}"));
        let reference = built(&dir.path().join("ref"), "layouts/dice-football/pitch.toml", paper);
        let made = built(
            &dir.path().join("made"),
            "layouts/sheet-examples/dice-pitch.toml",
            paper,
        );
        assert!(
            reference[0].paths.len() > 180,
            "the pitch draws its 180 squares and markings"
        );
        assert_same_drawing(&reference, &made, 0.01);
    }
}

#[test]
fn the_custom_fields_print_the_path_football_fields_to_a_hundredth_of_a_millimetre() {
    // The sheet of six fields, page for page: the dedicated kind's second
    // page is its legend, which the custom sheet does not draw.
    for paper in ["a4", "letter"] {
        let dir = TestDir::new(&format!("custom-fields-{paper}"));
        let reference = built(&dir.path().join("ref"), "layouts/path-football/fields.toml", paper);
        let made = built(
            &dir.path().join("made"),
            "layouts/sheet-examples/path-fields.toml",
            paper,
        );
        assert_eq!(made.len(), 1);
        // Six fields of 110 edges between 7 x 9 points and 2 exits each.
        let guides = reference[0]
            .paths
            .iter()
            .filter(|p| (p.line_width - 0.25).abs() < 1e-3)
            .count();
        assert_eq!(guides, 6 * 112);
        // The fields' own sheet also prints its 50 mm scale bar at the foot
        // of the sheet, which the custom copy leaves out (its comment says
        // why): found as one filled rectangle 50 mm long and the one line of
        // words under it, and set aside.
        let mut fields = reference[0].clone();
        let bars: Vec<MmRect> = fields
            .rects()
            .into_iter()
            .filter(|(r, p)| p.fills() && (r.w - 50.0).abs() < 0.01 && (r.h - 1.5).abs() < 0.01)
            .map(|(r, _)| r)
            .collect();
        assert_eq!(bars.len(), 1, "{paper}: the fields' sheet has its scale bar");
        let bar = bars[0];
        fields.paths.retain(|p| {
            let (xs, ys): (Vec<f64>, Vec<f64>) = p.subpaths.iter().flat_map(|(pts, _)| pts.iter().copied()).unzip();
            let low = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
            !(p.fills() && (low(&xs) - bar.x).abs() < 0.01 && (low(&ys) - bar.y).abs() < 0.01)
        });
        let words = fields.texts.len();
        fields
            .texts
            .retain(|t| !((t.origin.0 - bar.x).abs() < 0.01 && t.origin.1 > bar.y && t.origin.1 < bar.y + 6.0));
        assert_eq!(fields.texts.len(), words - 1, "{paper}: the bar's words under it");
        assert_same_drawing(&[fields], &made, 0.01);
    }
}

#[test]
fn the_house_pitch_has_its_12_x_20_squares_on_a3_and_tiles_on_a4() {
    let dir = TestDir::new("long-pitch");
    let a3 = built(&dir.path().join("a3"), "layouts/sheet-examples/long-pitch.toml", "a3");
    assert_eq!(a3.len(), 1, "one A3 sheet");
    // The squares: 18 mm stroked rectangles, 12 across and 20 down.
    let squares: Vec<_> = a3[0]
        .rects()
        .into_iter()
        .filter(|(r, p)| p.strokes() && (r.w - 18.0).abs() < 0.01 && (r.h - 18.0).abs() < 0.01)
        .map(|(r, _)| r)
        .collect();
    assert_eq!(squares.len(), 12 * 20);
    let mut xs: Vec<i64> = squares.iter().map(|r| (r.x * 100.0).round() as i64).collect();
    xs.sort();
    xs.dedup();
    assert_eq!(xs.len(), 12);
    assert!(xs.windows(2).all(|w| (w[1] - w[0] - 1800).abs() <= 1), "{xs:?}");
    let a4 = built(&dir.path().join("a4"), "layouts/sheet-examples/long-pitch.toml", "a4");
    assert!(a4.len() > 2, "tiled on A4: pieces and a map page");
    assert!(
        a4.iter()
            .all(|p| (p.width_mm - 210.0).abs() < 0.5 || (p.width_mm - 297.0).abs() < 0.5)
    );
}

/// The shipped custom pitch with the first line that starts with
/// `line_start` replaced, checked: its findings.
fn checked_with(dir: &TestDir, line_start: &str, new_line: &str) -> (String, String) {
    let text = std::fs::read_to_string(project_root().join("layouts/sheet-examples/dice-pitch.toml")).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(line_start))
        .expect("the line is in the layout");
    lines[at] = new_line;
    let broken = lines.join("\n") + "\n";
    assert_ne!(broken, text, "{line_start} is in the layout");
    let path = dir.path().join("pitch.toml");
    std::fs::write(&path, &broken).unwrap();
    let run = run_in(dir.path(), &["check", "pitch.toml", "--lang", "en"]);
    (broken, format!("{}{}", run.stdout, run.stderr))
}

#[test]
fn a_declared_rule_that_fails_is_a_finding_at_its_line() {
    let cases = [
        // (the line changed, its new text, what the finding says)
        (
            "count = [10, 18]",
            "count = [10, 17]",
            "draws 10 x 18 cells; the rule says 10 x 17",
        ),
        ("pitch = 20.0\n", "pitch = 19.5", "not drawn on one 19.5 mm pitch"),
        ("size = [6, 3]", "size = [6, 4]", "covers 6 x 3 cells"),
        ("at = [5, 9]", "at = [5, 8]", "the centre of \"centre-spot\""),
        ("counter = 17.5", "counter = 18.0", "a 18 mm counter leaves 1.65 mm"),
    ];
    for (old, new, says) in cases {
        let dir = TestDir::new("custom-rule");
        // The rule's own line, not the grid's: rules come last in the file.
        let text = std::fs::read_to_string(project_root().join("layouts/sheet-examples/dice-pitch.toml")).unwrap();
        let rules_start = line_of(&text, "# The game's facts");
        let old = old.trim_end();
        let (broken, found) = {
            // Replace the occurrence inside the rules.
            let mut lines: Vec<String> = text.lines().map(String::from).collect();
            let at = lines
                .iter()
                .enumerate()
                .position(|(i, l)| i + 1 > rules_start && l.starts_with(old))
                .unwrap_or_else(|| panic!("{old} among the rules"));
            lines[at] = new.trim_end().to_string();
            let broken = lines.join("\n") + "\n";
            std::fs::write(dir.path().join("pitch.toml"), &broken).unwrap();
            let run = run_in(dir.path(), &["check", "pitch.toml", "--lang", "en"]);
            assert_ne!(run.code, 0, "{new}: a broken rule is an error");
            (broken, format!("{}{}", run.stdout, run.stderr))
        };
        assert!(found.contains("sheet-rule"), "{new}: {found}");
        assert!(found.contains(says), "{new}: {found}");
        // The finding points into the rule's table: the line of its
        // `[[rule]]` header or one of its keys.
        let line = broken.lines().position(|l| l == new.trim_end()).map(|i| i + 1).unwrap();
        let pointed: usize = found
            .split("pitch.toml:")
            .nth(1)
            .and_then(|rest| rest.split(':').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no line in {found}"));
        assert!(
            pointed <= line && pointed + 6 >= line && broken.lines().nth(pointed - 1).unwrap().starts_with("[[rule]]")
                || pointed == line,
            "{new}: line {pointed}, the rule is at {line}: {found}"
        );
    }
}

#[test]
fn the_shipped_custom_sheets_hold_their_rules() {
    let run = run_in(project_root(), &["check", "layouts/sheet-examples", "--json"]);
    run.expect_code(0);
    assert!(run.json_codes().is_empty(), "{}", run.stdout);
    // And the check measures: the same layout with one square fewer fails.
    let dir = TestDir::new("custom-fewer");
    let (_, found) = checked_with(&dir, "count = [10, 18]", "count = [9, 18]");
    assert!(
        found.contains("sheet-rule") && found.contains("draws 9 x 18 cells"),
        "{found}"
    );
}

#[test]
fn a_hex_token_sheet_is_imposed_with_its_backs_behind_its_fronts() {
    let dir = TestDir::new("custom-hex");
    let layout = r##"kind = "custom-sheet"

[page]
paper = "a4"

[print]
duplex = "long-edge"
bleed = 2.0

[drawing]
size = [52.0, 46.0]
imposed = true
copies = 12
scale_bar = false

[[grid]]
name = "hexes"
shape = "hex"
count = [2, 2]
pitch = 20.0
origin = [1.0, 1.0]
stroke = "#3d7a45"
width = 0.4

[[zone]]
name = "home"
grid = "hexes"
at = [0, 0]
span = [2, 1]
fill = "#c9e4bf"

[[text_box]]
at = [2.0, 40.0]
size = [48.0, 5.0]
text = "A very long name that must shrink to fit its box"
text_size = 9.0
min_size = 6.0

[[rect]]
face = "back"
at = [0.0, 0.0]
size = [52.0, 46.0]
fill = "#1b2a41"
stroke = "none"

[[rule]]
check = "cells"
grid = "hexes"
count = [2, 2]

[[rule]]
check = "zone"
zone = "home"
size = [2, 1]

[[rule]]
check = "clearance"
grid = "hexes"
counter = 16.0
min = 2.0
"##;
    // `scale_bar` belongs to [text]: written under [drawing] it is an
    // unknown key, found with its line.
    std::fs::write(dir.path().join("hex.toml"), layout).unwrap();
    let run = run_in(dir.path(), &["check", "hex.toml", "--lang", "en"]);
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains("hex.toml:14:"), "{}", run.stderr);
    let layout = layout.replace("scale_bar = false\n", "");
    std::fs::write(dir.path().join("hex.toml"), &layout).unwrap();
    let run = run_in(dir.path(), &["build", "hex.toml", "--lang", "en", "--out", "out"]);
    run.expect_code(0);
    let pages = read_pdf(&std::fs::read(dir.path().join("out/hex-en.pdf")).unwrap());
    assert_eq!(pages.len() % 2, 0, "fronts and backs");
    // Hexagons: closed six-point paths, 4 per token on the fronts.
    let hexes = pages[0]
        .paths
        .iter()
        .filter(|p| p.subpaths.len() == 1 && p.subpaths[0].0.len() >= 6 && p.strokes() && !p.from_re)
        .count();
    assert!(hexes >= 4 * 6, "{hexes} hexagons on the first sheet");
    // A 16 mm counter in a 20 mm hex with 0.4 mm lines leaves 3.6 mm: held.
    // At 17.8 mm it leaves 1.8 mm, under the 2 mm asked.
    std::fs::write(
        dir.path().join("hex.toml"),
        layout.replace("counter = 16.0", "counter = 17.8"),
    )
    .unwrap();
    let run = run_in(dir.path(), &["check", "hex.toml", "--lang", "en"]);
    assert_ne!(run.code, 0);
    assert!(
        run.stderr.contains("sheet-rule") && run.stderr.contains("leaves 1.8 mm"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_page_rules_hold_a_custom_sheet_too() {
    // Each mistake on its own line; the checker names them all at once.
    let layout = r##"kind = "custom-sheet"

[drawing]
size = [150.0, 100.0]

[[line]]
from = [0.0, 0.0]
to = [150.0, 0.0]
width = 0.05

[[text_box]]
at = [0.0, 10.0]
size = [40.0, 5.0]
text = "Tiny"
text_size = 5.0

[[text_box]]
at = [50.0, 20.0]
size = [40.0, 6.0]
text = "Home team"

[[text_box]]
at = [52.0, 21.0]
size = [40.0, 6.0]
text = "Away team"

[[text_box]]
at = [0.0, 40.0]
size = [20.0, 4.0]
text = "A name much too long for its little box"
min_size = 7.0

[[text_box]]
at = [0.0, 60.0]
size = [40.0, 6.0]
text = "足球"

[[rect]]
at = [0.0, 90.0]
size = [150.0, 200.0]

[tiling]
enabled = false
"##;
    let dir = TestDir::new("custom-page-rules");
    std::fs::write(dir.path().join("mine.toml"), layout).unwrap();
    let run = run_in(dir.path(), &["check", "mine.toml", "--lang", "en", "--json"]);
    assert_ne!(run.code, 0);
    let codes = run.json_codes();
    for code in [
        "stroke-thin",
        "text-small",
        "label-overlap",
        "text-box",
        "text-glyph",
        "page-fit",
    ] {
        assert!(codes.iter().any(|c| c == code), "{code} in {codes:?}");
    }
    // Each at its line: the thin line's width.
    let findings = crate::common::json_findings(&run.stdout);
    let thin = findings.iter().find(|f| f["code"] == "stroke-thin").unwrap();
    assert_eq!(thin["line"], line_of(layout, "width = 0.05"), "{thin}");
    // Fixed, it builds clean.
    let fixed = layout
        .replace("width = 0.05", "width = 0.3")
        .replace("text_size = 5.0", "text_size = 9.0")
        .replace("at = [52.0, 21.0]", "at = [100.0, 21.0]")
        .replace("size = [20.0, 4.0]", "size = [70.0, 9.0]")
        .replace("足球", "Fútbol")
        .replace("size = [150.0, 200.0]", "size = [150.0, 10.0]");
    std::fs::write(dir.path().join("mine.toml"), fixed).unwrap();
    let run = run_in(dir.path(), &["check", "mine.toml", "--lang", "en", "--json"]);
    assert!(run.json_codes().is_empty(), "{}", run.stdout);
    run.expect_code(0);
}

#[test]
fn a_custom_sheet_is_built_in_every_language_with_png_previews() {
    let dir = TestDir::new("custom-languages");
    let out = dir.path().join("out");
    let run = run_in(
        project_root(),
        &[
            "build",
            "layouts/sheet-examples/path-fields.toml",
            "--format",
            "pdf,png",
            "--dpi",
            "100",
            "--out",
            out.to_str().unwrap(),
            "-q",
        ],
    );
    run.expect_code(0);
    let folder = out.join("sheet-examples");
    for (lang, suffix) in [("es", ""), ("en", "-en"), ("ca", "-ca")] {
        // The title is the language's own words for the game.
        let labels: toml::Table = toml::from_str(
            &std::fs::read_to_string(project_root().join(format!("templates/i18n/{lang}.toml"))).unwrap(),
        )
        .unwrap();
        let title = labels["fields"]["title"].as_str().unwrap();
        let pdf = std::fs::read(folder.join(format!("path-fields{suffix}.pdf"))).unwrap();
        assert!(crate::common::pdf_text(&pdf).contains(title), "{lang}: {title}");
        // The preview: A4 at 100 dpi.
        let png = std::fs::read(folder.join(format!("path-fields{suffix}.png"))).unwrap();
        let (w, h) = crate::common::png_size(&png);
        assert_eq!((w, h), (827, 1169), "{lang}");
    }
}

#[test]
fn a_drawing_of_millions_of_shapes_is_refused_before_it_is_drawn() {
    // A 40 x 40 grid repeated 40 x 40 times: 2.56 million squares. Refused
    // at the repeat's count, at once, with nothing written.
    let layout = r#"kind = "custom-sheet"

[drawing]
size = [100.0, 100.0]

[[grid]]
name = "g"
group = "x"
count = [40, 40]
pitch = 1.0

[[repeat]]
group = "x"
count = [40, 40]
step = [1.0, 1.0]
"#;
    let dir = TestDir::new("custom-huge");
    std::fs::write(dir.path().join("huge.toml"), layout).unwrap();
    let run = crate::common::run_in_within(dir.path(), &["build", "huge.toml", "--lang", "en", "--out", "out"], 20).run;
    assert_ne!(run.code, 0);
    assert!(
        run.stderr.contains(&format!(
            "huge.toml:{}:",
            layout[..layout.find("count = [40, 40]\nstep").unwrap()].lines().count() + 1
        )) && run.stderr.contains("2560000 shapes"),
        "{}",
        run.stderr
    );
    assert!(!dir.path().join("out").exists() || std::fs::read_dir(dir.path().join("out")).unwrap().count() == 0);
    // Imposed, the copies count too: 400 copies of 1,600 squares.
    let imposed = layout
        .replace("group = \"x\"\ncount = [40, 40]\npitch", "count = [40, 40]\npitch")
        .replace("[[repeat]]\ngroup = \"x\"\ncount = [40, 40]\nstep = [1.0, 1.0]\n", "")
        .replace(
            "size = [100.0, 100.0]",
            "size = [100.0, 100.0]\nimposed = true\ncopies = 400",
        );
    std::fs::write(dir.path().join("huge.toml"), &imposed).unwrap();
    let run = run_in(dir.path(), &["check", "huge.toml", "--lang", "en"]);
    assert_ne!(run.code, 0);
    assert!(run.stderr.contains("impose at most 125 copies"), "{}", run.stderr);
}

#[test]
fn a_picture_is_placed_in_its_box_and_a_missing_one_is_named_at_its_line() {
    let dir = TestDir::new("custom-image");
    std::fs::copy(
        project_root().join("layouts/league/photos/0001.jpg"),
        dir.path().join("crest.jpg"),
    )
    .unwrap();
    let layout = r#"kind = "custom-sheet"

[drawing]
size = [120.0, 80.0]

[[image]]
file = "crest.jpg"
at = [10.0, 10.0]
size = [30.0, 40.0]
"#;
    std::fs::write(dir.path().join("crest.toml"), layout).unwrap();
    let run = run_in(dir.path(), &["build", "crest.toml", "--lang", "en", "--out", "out"]);
    run.expect_code(0);
    let pages = read_pdf(&std::fs::read(dir.path().join("out/crest-en.pdf")).unwrap());
    // The picture is drawn scaled to its 30 x 40 mm box (the page's
    // space is in mm).
    assert!(
        pages[0]
            .cms
            .iter()
            .any(|m| (m.0[0].abs() - 30.0).abs() < 0.01 && (m.0[3].abs() - 40.0).abs() < 0.01),
        "{:?}",
        pages[0].cms
    );
    std::fs::remove_file(dir.path().join("crest.jpg")).unwrap();
    let run = run_in(dir.path(), &["check", "crest.toml", "--lang", "en"]);
    assert_ne!(run.code, 0);
    assert!(
        run.stderr
            .contains(&format!("crest.toml:{}:", line_of(layout, "file = "))),
        "{}",
        run.stderr
    );
}

#[test]
fn words_over_the_frames_words_are_found_on_the_printed_sheet() {
    // A text box just under the drawing, where the frame puts its caption:
    // the two print over each other.
    let layout = r#"kind = "custom-sheet"

[drawing]
size = [120.0, 60.0]

[text]
caption = "A caption under the board"

[[text_box]]
at = [0.0, 61.0]
size = [120.0, 6.0]
text = "Words below the board"
"#;
    let dir = TestDir::new("custom-frame-overlap");
    std::fs::write(dir.path().join("mine.toml"), layout).unwrap();
    let run = run_in(dir.path(), &["check", "mine.toml", "--lang", "en", "--json"]);
    let findings = crate::common::json_findings(&run.stdout);
    let overlap = findings
        .iter()
        .find(|f| f["code"] == "label-overlap")
        .unwrap_or_else(|| panic!("{}", run.stdout));
    assert!(
        overlap["message"]
            .as_str()
            .unwrap()
            .contains("A caption under the board"),
        "{overlap}"
    );
    assert_eq!(overlap["line"], line_of(layout, "text = \"Words"), "{overlap}");
    // With room for it below the board, the frame moves its caption down.
    let roomy = layout.replace("size = [120.0, 60.0]", "size = [120.0, 60.0]\nroom = [0.0, 8.0]");
    std::fs::write(dir.path().join("mine.toml"), roomy).unwrap();
    let run = run_in(dir.path(), &["check", "mine.toml", "--lang", "en", "--json"]);
    assert!(run.json_codes().is_empty(), "{}", run.stdout);
}

#[test]
fn a_grid_that_fills_its_cells_over_a_zone_is_refused_at_the_zones_layer() {
    use pitchprint::input::world::{Disk, Overlay};
    let rel = "layouts/sheet-examples/dice-pitch.toml";
    let text = crate::common::project_file(rel);
    // The pitch's grid filled, drawn on layer 3 with the areas' zones.
    let filled = text.replacen("width = 0.35\n", "width = 0.35\nfill = \"#ffffff\"\nlayer = 3\n", 1);
    assert_ne!(filled, text);
    let world = Overlay::new(&Disk).with(crate::common::shipped(rel), filled.clone());
    let found = crate::common::findings_in(&world, &crate::common::shipped(rel), Some("en"));
    let hidden: Vec<_> = found.iter().filter(|f| f.message.contains("is hidden")).collect();
    assert_eq!(hidden.len(), 4, "the four zones: {found:?}");
    assert!(hidden[0].message.contains("\"penalty-area-top\"") && hidden[0].message.contains("grid \"pitch\""));
    assert_eq!(hidden[0].location.key.as_deref(), Some("zone[0].layer"));
    assert!(hidden[0].hint.as_deref().unwrap_or_default().contains("layer = 4"));
    // Below the zones the fill hides nothing.
    let under = text.replacen("width = 0.35\n", "width = 0.35\nfill = \"#ffffff\"\nlayer = 2\n", 1);
    let world = Overlay::new(&Disk).with(crate::common::shipped(rel), under);
    let found = crate::common::findings_in(&world, &crate::common::shipped(rel), Some("en"));
    assert!(!found.iter().any(|f| f.message.contains("is hidden")), "{found:?}");
}

#[test]
fn a_caption_that_writes_a_unit_after_pitch_prints_the_unit_once() {
    use pitchprint::input::world::{Disk, Overlay};
    let rel = "layouts/sheet-examples/dice-pitch.toml";
    let text = crate::common::project_file(rel);
    let captioned = crate::common::with_line(
        &text,
        "caption =",
        "caption = \"squares of {pitch} mm, {pitch}mm wide\"",
    );
    let world = Overlay::new(&Disk).with(crate::common::shipped(rel), captioned);
    let overrides = pitchprint::layout::resolve::Overrides {
        lang: Some("en".into()),
        ..Default::default()
    };
    let loaded = pitchprint::pipeline::Pipeline::new(&world)
        .load(&crate::common::shipped(rel), &overrides)
        .unwrap();
    let doc = pitchprint::pipeline::compose(&loaded);
    let svg = pitchprint::export::svg::export_page(&doc, 0).unwrap();
    let svg = roxmltree::Document::parse(&svg).unwrap();
    let texts = crate::common::svg_texts(&svg).join(" ");
    assert!(texts.contains("squares of 20 mm, 20 mm wide"), "{texts}");
    assert!(!texts.contains("mm mm") && !texts.contains("mmmm"), "{texts}");
}

#[test]
fn a_page_fit_hint_says_the_drawing_is_too_small_when_its_shapes_reach_past_it() {
    use pitchprint::diag::code::Code;
    use pitchprint::input::world::{Disk, Overlay};
    let rel = "layouts/sheet-examples/new.toml";
    let sheet = |size: &str, rect: &str| {
        format!(
            "kind = \"custom-sheet\"\n[drawing]\nsize = {size}\n[tiling]\nenabled = false\n\n[[rect]]\nat = [0.0, 0.0]\nsize = {size}\n\n[[rect]]\n{rect}\n"
        )
    };
    let hint_of = |text: String| {
        let world = Overlay::new(&Disk).with(crate::common::shipped(rel), text);
        let found = crate::common::findings_in(&world, &crate::common::shipped(rel), Some("en"));
        let fit: Vec<_> = found.iter().filter(|f| f.code == Code::PageFit).collect();
        assert_eq!(fit.len(), 1, "{found:?}");
        fit[0].hint.clone().unwrap_or_default()
    };
    // A 150 mm drawing whose bar runs to 420 mm: too small for its shapes.
    let hint = hint_of(sheet("[150.0, 150.0]", "at = [120.0, 20.0]\nsize = [300.0, 30.0]"));
    assert!(
        hint.contains("the drawing is too small for its shapes") && hint.contains("to (420.2, "),
        "{hint}"
    );
    // A drawing bigger than the paper, its shapes inside: the other way.
    let hint = hint_of(sheet("[300.0, 400.0]", "at = [10.0, 10.0]\nsize = [50.0, 50.0]"));
    assert!(!hint.contains("too small"), "{hint}");
    assert!(
        hint.contains("turn [tiling] on") && hint.contains("[drawing] size smaller"),
        "{hint}"
    );
}

/// A sheet of one hex grid, `orientation` as given, its cells numbered
/// when `numbers` is: 9 x 7 hexes of 20 mm, a zone of 3 x 2 cells.
fn hex_sheet(orientation: &str, numbers: Option<f64>) -> String {
    let numbers = numbers.map(|n| format!("numbers = {n}\n")).unwrap_or_default();
    format!(
        "kind = \"custom-sheet\"\n[page]\npaper = \"a4\"\n[drawing]\nsize = [192.0, 160.0]\n\
         [text]\ntitle = \"Hexes\"\ncaption = \"{{columns}} x {{rows}} of {{pitch}}\"\n\
         [[grid]]\nname = \"map\"\nshape = \"hex\"\norientation = \"{orientation}\"\n{numbers}count = [9, 7]\npitch = 20.0\n\
         [[zone]]\nname = \"home\"\ngrid = \"map\"\nat = [1, 1]\nspan = [3, 2]\nfill = \"#cde3c4\"\nlayer = 1\n\
         [[rule]]\ncheck = \"zone\"\nzone = \"home\"\nsize = [3, 2]\n\
         [[rule]]\ncheck = \"cells\"\ngrid = \"map\"\ncount = [9, 7]\n\
         [[rule]]\ncheck = \"pitch\"\ngrid = \"map\"\npitch = 20.0\n"
    )
}

#[test]
fn a_hex_grid_points_or_lies_flat_and_numbers_its_cells_as_asked() {
    let dir = TestDir::new("custom-hex-orientation");
    let pitch = 20.0;
    let step = pitch * 3.0_f64.sqrt() / 2.0;
    for (orientation, numbers) in [("pointy", None), ("flat", Some(6.0)), ("pointy", Some(7.0))] {
        let name = format!("{orientation}-{}", numbers.is_some());
        dir.write(format!("{name}.toml"), &hex_sheet(orientation, numbers));
        let run = dir.run(&["build", &format!("{name}.toml"), "--lang", "en", "--format", "svg"]);
        run.expect_code(0);
        assert!(!run.stderr.contains("warning["), "{}", run.stderr);
        let svg = std::fs::read_to_string(dir.join(format!("output/{name}-en.svg"))).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let cells = by_class(&doc, "grid-cell");
        assert_eq!(cells.len(), 63, "{name}: 9 x 7 hexes");
        let corners = |col: u32, row: u32| {
            let id = format!("grid-0-0-cell-{col}-{row}");
            let cell = cells.iter().find(|c| c.attribute("id") == Some(id.as_str())).unwrap();
            numbers_of(cell.attribute("points").unwrap())
                .chunks(2)
                .map(|p| (p[0], p[1]))
                .collect::<Vec<_>>()
        };
        let centre = |col: u32, row: u32| {
            let c = corners(col, row);
            (
                c.iter().map(|p| p.0).sum::<f64>() / 6.0,
                c.iter().map(|p| p.1).sum::<f64>() / 6.0,
            )
        };
        let (a, right, down) = (centre(2, 2), centre(3, 2), centre(2, 3));
        let top = corners(2, 2).iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let at_top = corners(2, 2).iter().filter(|p| (p.1 - top).abs() < 1e-3).count();
        if orientation == "flat" {
            assert_eq!(at_top, 2, "{name}: a side at the top");
            assert_close(right.0 - a.0, step, 0.01, "a column's step");
            assert_close(right.1 - a.1, pitch / 2.0, 0.01, "an odd column half a cell down");
            assert_close(down.1 - a.1, pitch, 0.01, "a row's step: the pitch");
        } else {
            assert_eq!(at_top, 1, "{name}: a corner at the top");
            assert_close(right.0 - a.0, pitch, 0.01, "a column's step: the pitch");
            assert_close(down.1 - a.1, step, 0.01, "a row's step");
            assert_close(down.0 - a.0, pitch / 2.0, 0.01, "an odd row half a cell across");
        }
        let labels: Vec<_> = by_class(&doc, "label")
            .into_iter()
            .filter(|t| text_of(*t).len() == 4 && text_of(*t).chars().all(|c| c.is_ascii_digit()))
            .collect();
        match numbers {
            None => assert!(labels.is_empty(), "{name}: no numbers unless asked"),
            Some(size) => {
                assert_eq!(labels.len(), 63, "{name}: a number a cell");
                // Cell (2, 3) is the third column's fourth row: 0304, centred
                // on the cell, above its middle, at the size asked.
                let n = labels.iter().find(|t| text_of(**t) == "0304").unwrap();
                let (cx, cy) = centre(2, 3);
                let x = attr(*n, "x") + text_width(*n) / 2.0;
                assert_close(x, cx, 0.01, "centred across");
                assert!(attr(*n, "y") < cy, "above the middle");
                assert_close(attr(*n, "font-size"), size * 25.4 / 72.0, 0.001, "its size");
            }
        }
    }
    // Numbers too large for their hexes are refused at the key.
    dir.write("big.toml", &hex_sheet("flat", Some(20.0)));
    let run = dir.run(&["check", "big.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(run.stderr.contains("error[text-box]"), "{}", run.stderr);
    assert!(run.stderr.contains("`grid[0].numbers`"), "at the key: {}", run.stderr);
}

#[test]
fn a_shape_past_a_tiled_drawing_is_refused_at_the_drawings_size() {
    let dir = TestDir::new("custom-tiled-outside");
    let layout = std::fs::read_to_string(project_root().join("layouts/sheet-examples/long-pitch.toml")).unwrap();
    dir.write("lp.toml", &layout);
    // Inside its drawing, the tiled sheet checks clean on A4.
    let run = dir.run(&["check", "lp.toml", "--lang", "en", "--paper", "a4"]);
    run.expect_code(0);
    // A square 34 mm past the drawing's right edge: the pieces would cut it off.
    dir.write(
        "lp.toml",
        &format!("{layout}\n[[rect]]\nat = [250.0, 10.0]\nsize = [20.0, 20.0]\nfill = \"#ff0000\"\n"),
    );
    let run = dir.run(&["check", "lp.toml", "--lang", "en", "--paper", "a4"]);
    run.expect_code(1);
    let line = layout
        .lines()
        .position(|l| l.starts_with("size = [216.0, 360.0]"))
        .unwrap()
        + 1;
    assert!(run.stderr.contains("error[page-fit]"), "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("lp.toml:{line}:")),
        "at the drawing's size: {}",
        run.stderr
    );
    assert!(run.stderr.contains("to (270"), "says how far: {}", run.stderr);
}
