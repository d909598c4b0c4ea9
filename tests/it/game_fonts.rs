//! A game's own fonts (`[font]` in game.toml, or in the printer profile for
//! every game of a project): every text of its layouts set, measured,
//! embedded and checked in them, read back from the PDFs and SVGs. The
//! fonts are DejaVu Serif (a family the tool does not bundle, subset to
//! Latin: tests/fixtures/fonts) and DejaVu Sans Mono.

use std::path::Path;

use crate::common::{TestDir, copy_project, has_subset_tag, line_of, pdf_fonts, pdf_text, shipped_project};

/// The serif family's three files, as a game file names them.
const SERIF: &str = "[font]\nregular = \"fonts/DejaVuSerif.ttf\"\nbold = \"fonts/DejaVuSerif-Bold.ttf\"\nitalic = \"fonts/DejaVuSerif-Italic.ttf\"\n";

/// The shipped project in a fresh folder, with the fixture fonts copied
/// into `fonts/` under `folder` (relative to the project).
fn project_with_fonts(name: &str, folder: &str) -> TestDir {
    let dir = shipped_project(name);
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fonts");
    let to = dir.join(folder).join("fonts");
    std::fs::create_dir_all(&to).unwrap();
    for file in [
        "DejaVuSerif.ttf",
        "DejaVuSerif-Bold.ttf",
        "DejaVuSerif-Italic.ttf",
        "DejaVuSansMono.ttf",
    ] {
        std::fs::copy(fixtures.join(file), to.join(file)).unwrap();
    }
    dir
}

/// The names of the fonts a PDF embeds, without their subset tags, each
/// once; panics on a font that is not subset.
fn embedded(pdf: &[u8]) -> Vec<String> {
    let mut names: Vec<String> = pdf_fonts(pdf)
        .into_iter()
        .map(|f| f.descendant_base_font.unwrap_or(f.base_font))
        .map(|n| {
            assert!(has_subset_tag(&n), "{n} is embedded subset");
            n[7..].to_string()
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The words an SVG still sets as `<text>` (in the bundled DejaVu, which a
/// renderer finds by name): every other text of a game with its own fonts
/// is drawn as the fonts' outlines.
fn svg_texts(svg: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            (
                n.attribute("class").unwrap_or_default().to_string(),
                n.text().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_games_own_fonts_set_every_text_of_its_kit() {
    let dir = project_with_fonts("game-fonts-kit", "layouts/path-football");
    dir.write(
        "layouts/path-football/game.toml",
        &format!("kind = \"game\"\nplayers = 2\n\n{SERIF}"),
    );
    let mut build = vec!["build", "--lang", "en", "--format", "pdf,svg"];
    let layouts = ["cover", "rules", "reference", "fields"].map(|l| format!("layouts/path-football/{l}.toml"));
    build.extend(layouts.iter().map(String::as_str));
    dir.run(&build).expect_code(0);
    dir.run(&["kit", "path-football", "--lang", "en"]).expect_code(0);
    let out = dir.join("output/path-football");
    let mut pdfs = 0;
    for entry in std::fs::read_dir(&out).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.ends_with(".pdf") {
            pdfs += 1;
            let fonts = embedded(&std::fs::read(&path).unwrap());
            assert!(
                fonts.iter().any(|f| f.starts_with("DejaVuSerif")),
                "{name} sets its words in the game's serif: {fonts:?}"
            );
            // DejaVu Sans is left only for the printer's notes in the margin
            // ("print at 100 %", checked in the SVGs below) and the kit's
            // blank pages: the tool's own words, not the game's.
            for f in fonts.iter().filter(|f| !f.starts_with("DejaVuSerif")) {
                assert!(
                    f == "DejaVuSans" || (f == "DejaVuSans-Oblique" && name == "kit-en.pdf"),
                    "{name} embeds {f}"
                );
            }
        }
        if name.ends_with(".svg") {
            let svg = std::fs::read_to_string(&path).unwrap();
            for (class, words) in svg_texts(&svg) {
                assert_eq!(
                    class, "print-note",
                    "{name}: \"{words}\" is set in DejaVu, not the game's font"
                );
            }
        }
    }
    assert!(pdfs >= 5, "the kit's files and the kit: {pdfs}");
    // The rules take all three faces: bold headings, italic captions.
    let rules = dir.read("output/path-football/rules-en.pdf");
    assert_eq!(
        embedded(&rules),
        ["DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic"],
        "the rules in the game's regular, bold and italic alone"
    );
    let text = pdf_text(&rules);
    assert!(text.contains("Pen-and-Paper Football"), "the words extract: {text}");
    // The fields' sheet draws its headers and its scale bar's words in the
    // serif too, as outlines in the SVG named by their words.
    let fields = dir.read_string("output/path-football/fields-en-1.svg");
    assert!(
        fields.contains("aria-label=\"this bar is 50 mm long\""),
        "the scale bar's words as outlines"
    );
}

#[test]
fn the_typesetter_measures_in_the_games_font() {
    // The same rules break into other lines in the serif than in DejaVu
    // Sans, every word still there: the lines are set in the font they are
    // printed in (lines measured in one font and drawn in another would
    // break the same and run out of their columns, or fall short).
    let serif = project_with_fonts("game-fonts-measure", "layouts/path-football");
    serif.write(
        "layouts/path-football/game.toml",
        &format!("kind = \"game\"\n\n{SERIF}"),
    );
    let plain = TestDir::new("game-fonts-measure-plain");
    copy_project(&plain);
    let lines = |dir: &TestDir| -> Vec<String> {
        dir.run(&[
            "build",
            "layouts/path-football/rules.toml",
            "--lang",
            "en",
            "--format",
            "svg",
        ])
        .expect_code(0);
        let mut out = Vec::new();
        for page in [
            "output/path-football/rules-en-1.svg",
            "output/path-football/rules-en-2.svg",
        ] {
            let svg = dir.read_string(page);
            let doc = roxmltree::Document::parse(&svg).unwrap();
            // DejaVu's words are <text>; the game font's are outlines
            // named by their words.
            out.extend(
                doc.descendants()
                    .filter(|n| n.attribute("class") == Some("body"))
                    .map(|n| match n.attribute("aria-label") {
                        Some(words) => words.to_string(),
                        // A justified line holds a <tspan> per word.
                        None => n
                            .descendants()
                            .filter(|d| d.is_text())
                            .filter_map(|d| d.text())
                            .collect(),
                    }),
            );
        }
        out
    };
    let (in_serif, in_sans) = (lines(&serif), lines(&plain));
    assert!(
        in_sans.len() > 50,
        "the sheet's body lines are found: {}",
        in_sans.len()
    );
    assert_ne!(in_serif, in_sans, "the serif breaks its lines elsewhere");
    let words = |lines: &[String]| -> String { lines.concat().replace(['-', ' ', '\u{AD}'], "") };
    assert_eq!(
        words(&in_serif),
        words(&in_sans),
        "the same words, hyphens and spaces aside"
    );
}

#[test]
fn the_profile_names_fonts_for_every_game_and_a_game_file_its_own() {
    let dir = project_with_fonts("game-fonts-profile", "");
    dir.write("pitchprint.toml", SERIF);
    dir.write(
        "layouts/path-football/game.toml",
        "kind = \"game\"\n\n[font]\nregular = \"../../fonts/DejaVuSansMono.ttf\"\n",
    );
    dir.run(&[
        "build",
        "layouts/dice-football/pitch.toml",
        "layouts/path-football/cover.toml",
        "layouts/league/deck.toml",
        "--lang",
        "en",
    ])
    .expect_code(0);
    // The profile's serif for a game that names none: its board...
    assert_eq!(
        embedded(&dir.read("output/dice-football/pitch-en.pdf")),
        ["DejaVuSerif", "DejaVuSerif-Bold"]
    );
    // ...and the cards of a template that names no font of its own.
    let deck = embedded(&dir.read("output/league/deck-en.pdf"));
    assert!(deck.contains(&"DejaVuSerif-Bold".to_string()), "{deck:?}");
    // The game file's own font for its game, every face of it (a face left
    // out is the regular one).
    assert_eq!(
        embedded(&dir.read("output/path-football/cover-en.pdf")),
        ["DejaVuSansMono"],
        "one file serves as regular, bold and italic, embedded once"
    );
}

#[test]
fn a_letter_the_games_font_lacks_is_said_at_the_texts_line_and_the_font_named() {
    let dir = project_with_fonts("game-fonts-glyph", "layouts/path-football");
    dir.write(
        "layouts/path-football/game.toml",
        &format!("kind = \"game\"\n\n{SERIF}"),
    );
    // Greek: DejaVu Sans has it, the Latin subset of the serif does not.
    let rules = dir.read_string("templates/rules/path-football/en.md");
    let rules = rules.replacen("Two people play.", "Two people play (Ω).", 1);
    assert!(rules.contains("(Ω)"), "the sentence is in the rules");
    dir.write("templates/rules/path-football/en.md", &rules);
    let run = dir.run(&["check", "layouts/path-football/rules.toml", "--lang", "en"]);
    run.expect_code(1);
    let line = line_of(&rules, &rules.lines().find(|l| l.contains("(Ω)")).unwrap()[..10]);
    assert!(run.stderr.contains("error[text-glyph]"), "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("path-football/en.md:{line}:")),
        "at the text's own line: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("'Ω' (U+03A9)") && run.stderr.contains("game.toml:3:"),
        "the character, and where the fonts are named: {}",
        run.stderr
    );
    // A shipped label the font cannot draw is said at the layout's key,
    // with the way out.
    let dir = project_with_fonts("game-fonts-label", "layouts/dice-football");
    let game = dir.read_string("layouts/dice-football/game.toml");
    dir.write("layouts/dice-football/game.toml", &format!("{game}\n{SERIF}"));
    let run = dir.run(&["check", "layouts/dice-football/score.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("score.toml:") && run.stderr.contains("'✓' (U+2713)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("write your own words for a shipped label"),
        "{}",
        run.stderr
    );
    // The same texts in the bundled DejaVu, which has both: no finding.
    let plain = TestDir::new("game-fonts-glyph-plain");
    copy_project(&plain);
    plain.write("templates/rules/path-football/en.md", &rules);
    plain
        .run(&[
            "check",
            "layouts/path-football/rules.toml",
            "layouts/dice-football/score.toml",
            "--lang",
            "en",
        ])
        .expect_code(0);
}

#[test]
fn a_font_that_cannot_be_used_is_said_at_its_key() {
    let dir = project_with_fonts("game-fonts-bad", "layouts/path-football");
    let game = "kind = \"game\"\n\n[font]\nregular = \"fonts/DejaVuSerif.ttf\"\nbold = \"fonts/Nope-Bold.ttf\"\n";
    dir.write("layouts/path-football/game.toml", game);
    let run = dir.run(&["check", "layouts/path-football/rules.toml", "--lang", "en"]);
    run.expect_code(1);
    let line = line_of(game, "bold =");
    assert!(
        run.stderr.contains(&format!("game.toml:{line}:")) && run.stderr.contains("the bold font"),
        "at the key: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("TrueType (.ttf) or OpenType (.otf)"),
        "{}",
        run.stderr
    );
    // Not a font at all, named by the profile.
    let dir = project_with_fonts("game-fonts-not-a-font", "");
    std::fs::write(dir.join("fonts/DejaVuSerif.ttf"), "not a font").unwrap();
    dir.write("pitchprint.toml", "[font]\nregular = \"fonts/DejaVuSerif.ttf\"\n");
    let run = dir.run(&["check", "layouts/dice-football/pitch.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("pitchprint.toml:2:") && run.stderr.contains("not a TrueType or OpenType font"),
        "{}",
        run.stderr
    );
    // A key the table does not have is refused by name.
    dir.write("pitchprint.toml", "[font]\nsize = 10\n");
    let run = dir.run(&["check", "layouts/dice-football/pitch.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(run.stderr.contains("font.size"), "{}", run.stderr);
    // Nothing is written when the fonts cannot be read.
    dir.run(&["build", "layouts/dice-football/pitch.toml", "--lang", "en"])
        .expect_code(1);
    assert!(!dir.join("output/dice-football/pitch-en.pdf").exists());
}

#[test]
fn every_shipped_layout_sets_its_words_in_the_profiles_fonts() {
    let dir = project_with_fonts("game-fonts-everything", "");
    dir.write("pitchprint.toml", SERIF);
    // The score sheets' shipped label marks a goal ✓ and a miss ✗, which
    // the serif lacks: the layouts say it in their own words instead, as
    // the finding advises.
    for game in ["dice-football", "futbolchess"] {
        let rel = format!("layouts/{game}/score.toml");
        let layout = dir.read_string(&rel);
        assert!(
            layout.contains("shootout = \"@score.penalties\""),
            "{game}'s score sheet names the label"
        );
        dir.write(
            &rel,
            &layout.replace(
                "shootout = \"@score.penalties\"",
                "shootout = \"Penalties (o goal, x miss)\"",
            ),
        );
    }
    let run = dir.run(&["build", "--lang", "en", "--format", "svg"]);
    run.expect_code(0);
    let mut svgs = 0;
    for path in crate::common::files_with_extension(&dir.join("output"), "svg") {
        // The printer's own sheets (the print test, the duplex calibration)
        // keep the bundled font: they measure the printer, not the game.
        if path.starts_with(dir.join("output/print")) {
            continue;
        }
        svgs += 1;
        let svg = std::fs::read_to_string(&path).unwrap();
        for (class, words) in svg_texts(&svg) {
            assert_eq!(class, "print-note", "{}: \"{words}\" is in DejaVu", path.display());
        }
    }
    assert!(svgs > 100, "the shipped layouts' pages: {svgs}");
}

#[test]
fn a_card_name_the_games_font_lacks_points_at_the_font_that_is_named() {
    let dir = project_with_fonts("game-fonts-card-name", "layouts/league");
    let game = dir.read_string("layouts/league/game.toml");
    let game = format!("{game}\n{SERIF}");
    dir.write("layouts/league/game.toml", &game);
    // A player's name in Greek letters, which the Latin serif lacks.
    let sheet = dir.read_string("layouts/league/players.csv");
    let sheet = sheet.replacen("Adrián Abril", "Ωmega Abril", 1);
    dir.write("layouts/league/players.csv", &sheet);
    let run = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("error[text-glyph]") && run.stderr.contains("players.csv:2:"),
        "at the cell: {}",
        run.stderr
    );
    let font_line = line_of(&game, "[font]");
    assert!(
        run.stderr.contains("the game's fonts are named here")
            && run.stderr.contains(&format!("game.toml:{font_line}:"))
            && run.stderr.contains("name a font that has them in the [font] table"),
        "the hint and a note point at the font: {}",
        run.stderr
    );
}

/// The test fonts whose accents rise a fifth of an em above their ascender
/// (TeX Gyre Adventor, the URW Gothic clone, subset: tests/fixtures/fonts),
/// copied into `fonts/` of `dir`.
fn with_tall_accents(dir: &TestDir) {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fonts");
    std::fs::create_dir_all(dir.join("fonts")).unwrap();
    for style in ["Regular", "Bold"] {
        let file = format!("AdventorAccentsTest-{style}.otf");
        std::fs::copy(fixtures.join(&file), dir.join("fonts").join(&file)).unwrap();
    }
}

/// The same, as a `[font]` table names them from the project's root.
const TALL_ACCENTS: &str = "[font]\nregular = \"fonts/AdventorAccentsTest-Regular.otf\"\nbold = \"fonts/AdventorAccentsTest-Bold.otf\"\nitalic = \"fonts/AdventorAccentsTest-Regular.otf\"\n";

/// The same fonts as a card template names them (regular and bold only).
const CARD_FONT: &str =
    "[font]\nregular = \"fonts/AdventorAccentsTest-Regular.otf\"\nbold = \"fonts/AdventorAccentsTest-Bold.otf\"\n";

/// Every text an SVG draws as outlines (a font of the user's): its words
/// and the box of its outline's points, in the coordinates of the group it
/// is drawn in (a card's own, for an imposed card).
fn outlines(svg: &str) -> Vec<(String, [f64; 4])> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("path"))
        .filter_map(|n| Some((n.attribute("aria-label")?.to_string(), n.attribute("d")?)))
        .map(|(words, d)| {
            let mut b = [f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY];
            for point in d.replace(|c: char| c.is_ascii_alphabetic(), " ").split_whitespace() {
                let (x, y) = point.split_once(',').unwrap();
                let (x, y): (f64, f64) = (x.parse().unwrap(), y.parse().unwrap());
                b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
            }
            (words, b)
        })
        .collect()
}

#[test]
fn a_stock_font_whose_accents_rise_above_its_ascender_sets_every_box_it_fits() {
    let dir = TestDir::new("game-fonts-tall-accents");
    with_tall_accents(&dir);
    // A card of the user's own: a title and a text box 51 x 66 mm, the box
    // of the report that refused "Élan: o goleiro rola." at any height.
    let (title, text) = ([6.0, 6.0, 51.0, 8.0], [6.0, 16.0, 51.0, 66.0]);
    dir.write(
        "card.toml",
        &format!(
            "cards = \"generic\"\nsize = \"poker\"\n\n[[field]]\ncolumn = \"Título\"\nbox = {title:?}\nsize = 12.0\nmin_size = 8.0\nbold = true\n\n\
             [[field]]\ncolumn = \"Texto\"\nkind = \"text\"\nbox = {text:?}\nsize = 10.5\nmin_size = 6.5\n\n{CARD_FONT}"
        ),
    );
    dir.write(
        "deck.toml",
        "kind = \"card-deck\"\ntemplate = \"card.toml\"\ndata = \"cards.csv\"\n",
    );
    // Portuguese, Catalan and Spanish, each line's capitals accented, the
    // line above it full of descenders.
    let rows = [
        ("Élan", "Élan: o goleiro rola."),
        (
            "ÀS DO ÉLAN",
            "Jogadas: pegou, chutou, gingou. Ótimo! Àquela hora o Ônibus passou. Ígor, Ângelo e Úrsula. \
             Açúcar: ÇÃO, ÃO, ÕES. Col·lecció: ÀL·LIGA, Ŀ, Èxit, Òscar. Ñandú, Último, Índice, Águila, Él.",
        ),
        ("ÚLTIMO GOL", "Éder chuta; Ângelo agarra. Ç"),
    ];
    let mut csv = "Título,Texto\n".to_string();
    for (t, x) in rows {
        csv.push_str(&format!("{t},\"{x}\"\n"));
    }
    dir.write("cards.csv", &csv);
    let run = dir.run(&["build", "deck.toml", "--lang", "en", "--format", "pdf,svg"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("error["), "{}", run.stderr);
    // Read back: every line's ink (its outline) inside its box, the
    // accents of a line clear of the line above.
    let svg = dir.read_string("output/deck-en-1.svg");
    let drawn = outlines(&svg);
    let inside = |b: [f64; 4], r: [f64; 4]| {
        b[0] >= r[0] - 0.05 && b[1] >= r[1] - 0.05 && b[2] <= r[0] + r[2] + 0.05 && b[3] <= r[1] + r[3] + 0.05
    };
    let mut text_lines: Vec<[f64; 4]> = Vec::new();
    for (words, b) in &drawn {
        let is_title = rows.iter().any(|(t, _)| t == words);
        let r = if is_title { title } else { text };
        assert!(inside(*b, r), "\"{words}\": ink {b:?} outside its box {r:?}");
        if !is_title {
            text_lines.push(*b);
        }
    }
    assert!(text_lines.len() >= 6, "the long text wraps: {drawn:?}");
    // The first line of each card is the one whose accent meets the box's
    // top: it stands inside, right under it.
    let firsts: Vec<&(String, [f64; 4])> = drawn
        .iter()
        .filter(|(w, _)| w.starts_with('É') && w.contains(':'))
        .collect();
    assert!(
        firsts.iter().any(|(_, b)| b[1] - text[1] < 0.5),
        "the accent of the first line reaches near the box's top: {firsts:?}"
    );
    // Lines of one card, in order down it: each starts below the ink of
    // the one above (cards are drawn one after another in their own
    // coordinates, so a new card's first line stands no lower than the
    // last line of the card before).
    for pair in text_lines.windows(2) {
        let (above, below) = (pair[0], pair[1]);
        if below[3] > above[3] + 1.0 {
            assert!(
                below[1] >= above[3],
                "a line's accents {below:?} print over the line above {above:?}"
            );
        }
    }
}

/// The first `text-box` finding's hint in `stderr`, if any.
fn text_box_hint(stderr: &str) -> Option<String> {
    let at = stderr.find("error[text-box]")?;
    let hint = stderr[at..].split("hint: ").nth(1)?;
    Some(hint.lines().next().unwrap_or_default().to_string())
}

/// The number a hint gives after `before` and up to `after`.
fn number_in(hint: &str, before: &str, after: &str) -> Option<f64> {
    let rest = hint.split(before).nth(1)?;
    rest.split(after).next()?.trim().parse().ok()
}

#[test]
fn every_text_box_hint_followed_to_the_letter_makes_the_finding_go() {
    // Texts that do not fit, in the bundled font and in one whose accents
    // rise above its ascender: too many lines for a box, a label wider than
    // its zone, a label taller than its zone. Each hint's number is taken
    // as it is, put in the layout, and the layout checked again.
    let sheet = crate::common::project_file("layouts/sheet-examples/dice-pitch.toml");
    let cases: [(&str, &str); 4] = [
        (
            "lines",
            "[[text_box]]\nat = [10.0, 10.0]\nsize = [30.0, 6.0]\ntext = \"Ótimo: Ângelo e Úrsula jogam. Àquela hora, o Élan chutou a gol.\"\ntext_size = 9.0\n",
        ),
        (
            "lines-es",
            "[[text_box]]\nat = [10.0, 40.0]\nsize = [44.0, 9.0]\ntext = \"ÚLTIMO MINUTO: Él saca. Águila, Ñandú e Índice; ÀL·LIGA, Èxit, Òscar.\"\ntext_size = 11.0\n",
        ),
        (
            "wide",
            "[[zone]]\nname = \"wide\"\ngrid = \"pitch\"\nat = [0, 4]\nspan = [1, 1]\nlabel = \"ÁREA DO ÉLAN ÚLTIMO\"\nlabel_size = 9.0\n",
        ),
        (
            "tall",
            "[[zone]]\nname = \"tall\"\ngrid = \"pitch\"\nat = [0, 6]\nspan = [3, 1]\nlabel = \"ÉÇ\"\nlabel_size = 72.0\n",
        ),
    ];
    for own_font in [false, true] {
        for (name, table) in cases {
            let dir = TestDir::new(&format!("game-fonts-hints-{name}-{own_font}"));
            if own_font {
                with_tall_accents(&dir);
                dir.write("pitchprint.toml", TALL_ACCENTS);
            }
            let mut table = table.to_string();
            let check = |table: &str| {
                dir.write("sheet.toml", &format!("{sheet}\n{table}"));
                dir.run(&["check", "sheet.toml", "--lang", "en"])
            };
            let run = check(&table);
            let hint = text_box_hint(&run.stderr)
                .unwrap_or_else(|| panic!("{name} ({own_font}): no text-box finding: {}", run.stderr));
            if let Some(h) = number_in(&hint, "make the box about ", " mm tall") {
                let line = table.lines().find(|l| l.starts_with("size = ")).unwrap().to_string();
                let w = line
                    .trim_start_matches("size = [")
                    .split(',')
                    .next()
                    .unwrap()
                    .to_string();
                table = table.replace(&line, &format!("size = [{w}, {h}]"));
            } else if let Some(n) = number_in(&hint, "shorten it by ", " character") {
                let line = table.lines().find(|l| l.starts_with("label = ")).unwrap().to_string();
                let words = line.trim_start_matches("label = \"").trim_end_matches('"');
                let kept: String = words.chars().take(words.chars().count() - n as usize).collect();
                table = table.replace(&line, &format!("label = \"{}\"", kept.trim_end()));
            } else if let Some(pt) = number_in(&hint, "set it at ", " pt") {
                let line = table
                    .lines()
                    .find(|l| l.starts_with("label_size = "))
                    .unwrap()
                    .to_string();
                table = table.replace(&line, &format!("label_size = {pt}"));
            } else {
                panic!("{name} ({own_font}): the hint proposes nothing to follow: {hint}");
            }
            let again = check(&table);
            assert!(
                !again.stderr.contains("error[text-box]"),
                "{name} ({own_font}): \"{hint}\" followed, and still:\n{}\n{table}",
                again.stderr
            );
            again.expect_code(0);
        }
    }
}
