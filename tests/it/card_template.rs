//! The card template's own boxes: any spreadsheet column set as
//! text (`[[field]]`) or as an image kept whole in its box (`[[image]]`), a
//! back image out to the bleed, rounded corners. Built, read back from the
//! SVG and measured against the boxes the template gives.

use crate::common::{
    MmRect, TestDir, assert_close, by_class, imposed, numbers, on_page, project_file, rect_on_page, replace_line,
    text_of,
};

const HEADER: &str = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity,dorsal,nacionalidad,escudo";

/// The shipped template with a shirt number, a nationality, a crest, a back
/// image and 3 mm corners.
fn template(number_box: &str) -> String {
    let t = project_file("templates/cards/player.toml");
    let t = replace_line(&t, "border =", "border = 3.0\ncorner_radius = 3.0");
    let t = t.replace("[back]\n", "[back]\nimage = \"back.png\"\n");
    format!(
        "{t}\n[[field]]\ncolumn = \"dorsal\"\nbox = {number_box}\nsize = 14.0\nmin_size = 8.0\nbold = true\nalign = \"centre\"\n\
         \n[[field]]\ncolumn = \"nacionalidad\"\nbox = [5.0, 63.0, 33.0, 4.0]\nsize = 6.5\n\
         \n[[image]]\ncolumn = \"escudo\"\nbox = [28.0, 53.0, 9.0, 9.0]\n"
    )
}

/// A PNG of `w` x `h` pixels in one colour.
fn png(path: &std::path::Path, w: u32, h: u32, rgb: [u8; 3]) {
    image::RgbImage::from_pixel(w, h, image::Rgb(rgb)).save(path).unwrap();
}

/// A deck of `rows` with the template, a crest 300 x 360 px and a back image.
fn deck_with_template(name: &str, template: &str, rows: &str) -> TestDir {
    let dir = TestDir::new(name);
    dir.write("templates/cards/player.toml", template);
    dir.write("layouts/league/deck.toml", &crate::common::deck_alone());
    dir.write("layouts/league/players.csv", &format!("{HEADER}\n{rows}"));
    std::fs::create_dir_all(dir.join("layouts/league/photos")).unwrap();
    png(&dir.join("layouts/league/photos/ribera.png"), 300, 360, [200, 30, 40]);
    png(&dir.join("templates/cards/back.png"), 400, 500, [20, 40, 70]);
    dir
}

const ROW: &str = "Ana Roble,Club Uno,FW,10,2,30,0,0,5,,,9,España,ribera.png\n";

/// The SVG page `n` of the deck, every placed symbol (the back, each
/// position's face, the corner guides) drawn where it is placed.
fn page(dir: &TestDir, n: u32) -> String {
    crate::common::expand_uses(&dir.read_string(format!("output/league/deck-{n}.svg")))
}

/// The box of an SVG `<image>`.
fn image_rect(node: roxmltree::Node<'_, '_>) -> MmRect {
    let a = |k| crate::common::attr(node, k);
    MmRect {
        x: a("x"),
        y: a("y"),
        w: a("width"),
        h: a("height"),
    }
}

/// `r` less the card's top-left corner `trim`: in the card's own mm.
fn on_card(r: MmRect, trim: &MmRect) -> MmRect {
    MmRect {
        x: r.x - trim.x,
        y: r.y - trim.y,
        ..r
    }
}

#[test]
fn fields_crest_back_and_corners_sit_where_the_template_puts_them() {
    let dir = deck_with_template("template-extras", &template("[5.0, 5.0, 7.0, 12.0]"), ROW);
    dir.run(&["build", "layouts/league/deck.toml", "--format", "svg"])
        .expect_code(0);
    let front = page(&dir, 1);
    let (_, trim, bleed) = imposed(&front, "item-front")[0];
    let doc = roxmltree::Document::parse(&front).unwrap();
    let texts: Vec<_> = doc.descendants().filter(|n| n.has_tag_name("text")).collect();
    let find = |words: &str| {
        *texts
            .iter()
            .find(|n| text_of(**n) == words)
            .unwrap_or_else(|| panic!("no text {words}"))
    };

    // The shirt number: centred in its box [5, 5, 7, 12], baseline inside it.
    let number = find("9");
    let (x, y) = on_page(
        number,
        (crate::common::attr(number, "x"), crate::common::attr(number, "y")),
    );
    let centre = x - trim.x + crate::common::text_width(number) / 2.0;
    assert_close(centre, 5.0 + 3.5, 0.01, "the number is centred in its box");
    assert!(
        (5.0..=17.0).contains(&(y - trim.y)),
        "the number's baseline in its box: {}",
        y - trim.y
    );
    // The nationality: left of its box [5, 63, 33, 4].
    let nation = find("España");
    let (x, y) = on_page(
        nation,
        (crate::common::attr(nation, "x"), crate::common::attr(nation, "y")),
    );
    assert_close(x - trim.x, 5.0, 0.01, "the nationality starts at its box");
    assert!(
        (63.0..=67.0).contains(&(y - trim.y)),
        "its baseline in its box: {}",
        y - trim.y
    );

    // The crest: whole, 300:360, as large as the 9 x 9 box allows, centred.
    let crests = by_class(&doc, "card-image");
    assert_eq!(crests.len(), 1, "one crest");
    let c = on_card(rect_on_page(crests[0], image_rect(crests[0])), &trim);
    assert_close(c.h, 9.0, 0.01, "the crest's height fills the box");
    assert_close(c.w / c.h, 300.0 / 360.0, 0.001, "the crest keeps its proportions");
    assert_close(c.x, 28.0 + (9.0 - c.w) / 2.0, 0.01, "the crest is centred across");
    assert_close(c.y, 53.0, 0.01, "the crest's top");

    // Rounded corners: four arcs of 3 mm at the trim's corners.
    let arcs = by_class(&doc, "cut-line");
    let arcs: Vec<_> = arcs
        .iter()
        .filter(|n| n.ancestors().any(|a| a.attribute("class") == Some("item-front")))
        .collect();
    assert_eq!(arcs.len(), 4, "an arc at each corner");
    for arc in arcs {
        let v = numbers(arc.attribute("d").unwrap());
        let (from, to) = ((v[0], v[1]), (v[v.len() - 2], v[v.len() - 1]));
        assert_close((to.0 - from.0).abs(), 3.0, 0.001, "the arc's radius across");
        assert_close((to.1 - from.1).abs(), 3.0, 0.001, "the arc's radius down");
    }

    // The back: the image covers the trim and the bleed.
    // Identical backs are drawn once and placed with <use>: read what prints.
    let back = page(&dir, 2);
    let (_, btrim, _) = imposed(&back, "item-back")[0];
    let bdoc = roxmltree::Document::parse(&back).unwrap();
    let images = by_class(&bdoc, "card-image");
    assert_eq!(images.len(), 1, "the back's image");
    let b = rect_on_page(images[0], image_rect(images[0]));
    for (got, want, what) in [
        (b.x, btrim.x - bleed, "left"),
        (b.y, btrim.y - bleed, "top"),
        (b.w, btrim.w + 2.0 * bleed, "width"),
        (b.h, btrim.h + 2.0 * bleed, "height"),
    ] {
        assert_close(got, want, 0.01, &format!("the back image's {what}"));
    }
    assert!(bleed > 0.0, "the shipped deck prints with bleed");
}

#[test]
fn a_column_the_sheet_lacks_is_said_at_the_template_with_the_nearest() {
    let t = template("[5.0, 5.0, 7.0, 12.0]").replace("column = \"dorsal\"", "column = \"Dorsal \"");
    let dir = deck_with_template("template-no-column", &t, ROW);
    let run = dir.run(&["check", "layouts/league/deck.toml"]);
    run.expect_code(1);
    let line = crate::common::line_of(&t, "column = \"Dorsal \"");
    assert!(run.stderr.contains("error[card-column]"), "{}", run.stderr);
    assert!(
        run.stderr.contains(&format!("player.toml:{line}:")),
        "at the template's key: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("nearest column in the header is \"dorsal\""),
        "{}",
        run.stderr
    );
}

#[test]
fn a_cell_too_wide_for_its_field_is_said_at_the_cell() {
    let dir = deck_with_template(
        "template-wide-field",
        &template("[5.0, 5.0, 7.0, 12.0]"),
        &ROW.replace(",9,", ",12345,"),
    );
    let run = dir.run(&["check", "layouts/league/deck.toml"]);
    run.expect_code(1);
    assert!(run.stderr.contains("error[card-text]"), "{}", run.stderr);
    let row = format!("{HEADER}\n{}", ROW.replace(",9,", ",12345,"));
    let at = format!("players.csv:2:{}", crate::common::csv_column(&row, 2, 12));
    assert!(run.stderr.contains(&at), "at the cell {at}: {}", run.stderr);
}

#[test]
fn a_missing_crest_is_a_warning_at_its_cell_and_an_empty_box() {
    let dir = deck_with_template(
        "template-no-crest",
        &template("[5.0, 5.0, 7.0, 12.0]"),
        &ROW.replace("ribera.png", "nowhere.png"),
    );
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "svg"]);
    run.expect_code(0);
    assert!(run.stderr.contains("warning[card-photo]"), "{}", run.stderr);
    let row = format!("{HEADER}\n{}", ROW.replace("ribera.png", "nowhere.png"));
    let at = format!("players.csv:2:{}", crate::common::csv_column(&row, 2, 14));
    assert!(run.stderr.contains(&at), "at the cell {at}: {}", run.stderr);
    let doc = page(&dir, 1);
    let doc = roxmltree::Document::parse(&doc).unwrap();
    assert!(by_class(&doc, "card-image").is_empty(), "no crest drawn");
}

#[test]
fn corners_rounder_than_a_quarter_of_the_card_are_refused() {
    let t = template("[5.0, 5.0, 7.0, 12.0]").replace("corner_radius = 3.0", "corner_radius = 16.0");
    let dir = deck_with_template("template-round", &t, ROW);
    let run = dir.run(&["check", "layouts/league/deck.toml"]);
    run.expect_code(1);
    let line = crate::common::line_of(&t, "corner_radius");
    assert!(run.stderr.contains(&format!("player.toml:{line}:")), "{}", run.stderr);
    assert!(run.stderr.contains("15.75"), "the hint gives the most: {}", run.stderr);
}

#[test]
fn a_colour_border_thinner_than_a_stray_cut_allows_is_a_warning_at_its_key() {
    for (border, warned) in [
        ("2.5", true),
        ("1.0", true),
        ("0.0", false),
        ("3.0", false),
        ("4.0", false),
    ] {
        let t = template("[5.0, 5.0, 7.0, 12.0]").replace("border = 3.0", &format!("border = {border}"));
        let dir = deck_with_template(&format!("template-border-{border}"), &t, ROW);
        let run = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"]);
        run.expect_code(0);
        let line = crate::common::line_of(&t, "border =");
        let said = run.stderr.contains(&format!(
            "templates/cards/player.toml:{line}:10: `border`: the card's colour border"
        ));
        assert_eq!(said, warned, "border = {border}: {}", run.stderr);
        if warned {
            let w: f64 = border.parse().unwrap();
            assert!(
                run.stderr.contains(&format!(
                    "as {} mm on one side and {} mm on the other",
                    w - 1.0,
                    w + 1.0
                )) && run.stderr.contains("make it at least 3 mm, or 0 for none"),
                "{}",
                run.stderr
            );
        }
    }
}

/// The shipped template set in DejaVu Sans Mono, a font the tool does not
/// bundle (committed under tests/fixtures/fonts with its licence).
fn mono_template() -> String {
    let t = project_file("templates/cards/player.toml");
    format!("{t}\n[font]\nregular = \"fonts/DejaVuSansMono.ttf\"\n")
}

fn mono_project(name: &str, rows: &str) -> TestDir {
    let dir = deck_with_template(name, &mono_template(), rows);
    let font = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fonts/DejaVuSansMono.ttf");
    std::fs::create_dir_all(dir.join("templates/cards/fonts")).unwrap();
    std::fs::copy(font, dir.join("templates/cards/fonts/DejaVuSansMono.ttf")).unwrap();
    dir
}

#[test]
fn a_font_of_the_templates_own_is_embedded_subset_and_drawn() {
    let dir = mono_project("template-font", ROW);
    // English: the Spanish and Catalan stat labels are wider than the stats
    // column in a monospaced font (the checker measures in the template's
    // font and refuses them).
    dir.run(&[
        "build",
        "layouts/league/deck.toml",
        "--format",
        "pdf,svg",
        "--lang",
        "en",
    ])
    .expect_code(0);
    let pdf = dir.read("output/league/deck-en.pdf");
    let fonts = crate::common::pdf_fonts(&pdf);
    let names: Vec<String> = fonts
        .iter()
        .map(|f| f.descendant_base_font.clone().unwrap_or(f.base_font.clone()))
        .collect();
    let mono: Vec<&String> = names.iter().filter(|n| n.contains("DejaVuSansMono")).collect();
    assert!(!mono.is_empty(), "the template's font is embedded: {names:?}");
    assert!(
        mono.iter().all(|n| crate::common::has_subset_tag(n)),
        "and subset: {mono:?}"
    );
    let text = crate::common::pdf_text(&pdf);
    assert!(
        text.contains("Ana Roble") && text.contains("Club Uno"),
        "the text extracts: {text}"
    );
    // The SVG draws the font's outlines, named by their words.
    let svg = dir.read_string("output/league/deck-en-1.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let name = doc
        .descendants()
        .find(|n| n.has_tag_name("path") && n.attribute("aria-label") == Some("Ana Roble"))
        .expect("the name as outlines");
    assert!(
        numbers(name.attribute("d").unwrap()).len() > 50,
        "with the glyphs' points"
    );
    assert!(
        !svg.contains(">Ana Roble<"),
        "not as text a renderer would set in another font"
    );
    // Every text of the card is in the template's font (DejaVu sets only
    // the print note in the sheet's margin).
    let on_card = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter(|n| n.ancestors().any(|a| a.attribute("class") == Some("item-front")))
        .count();
    assert_eq!(on_card, 0, "no card text left in DejaVu");
}

#[test]
fn a_letter_the_templates_font_lacks_is_said_at_its_cell() {
    let dir = mono_project("template-font-glyph", &ROW.replace("Ana Roble", "久保建英"));
    let run = dir.run(&["check", "layouts/league/deck.toml"]);
    run.expect_code(1);
    assert!(run.stderr.contains("error[text-glyph]"), "{}", run.stderr);
    assert!(
        run.stderr.contains("players.csv:2:1"),
        "at the name's cell: {}",
        run.stderr
    );
}

#[test]
fn a_font_file_that_is_not_a_font_is_said_at_its_key() {
    let dir = mono_project("template-font-bad", ROW);
    std::fs::write(dir.join("templates/cards/fonts/DejaVuSansMono.ttf"), "not a font").unwrap();
    let run = dir.run(&["check", "layouts/league/deck.toml"]);
    run.expect_code(1);
    let line = crate::common::line_of(&mono_template(), "regular =");
    assert!(run.stderr.contains(&format!("player.toml:{line}:")), "{}", run.stderr);
    assert!(run.stderr.contains("not a TrueType or OpenType font"), "{}", run.stderr);
}
