//! Generic cards (`cards = "generic"`): a deck of any sheet, each column a
//! field of the template, icons in the text, a version of a column per
//! language; and `pitchprint new card-deck --from` laying a template out
//! from a sheet of other columns. Built, read back from the SVG and PDF and
//! measured against the template's boxes.

use crate::common::{
    TestDir, by_class, csv_column, expand_uses, numbers, pdf_text, project_file, project_of, raw_pages, text_of,
    text_width,
};

/// A generic template: a title, a cost badge, a wrapped text.
const TEMPLATE: &str = r##"cards = "generic"
size = "poker"
border = 3.0

[colours]
frame = "#225577"

[[field]]
column = "Título"
box = [6.0, 6.0, 38.0, 8.0]
size = 12.0
min_size = 8.0
bold = true

[[field]]
column = "Coste"
kind = "number"
box = [46.0, 6.0, 11.0, 11.0]
size = 14.0
min_size = 9.0
align = "centre"
colour = "paper"
fill = "frame"

[[field]]
column = "Texto"
kind = "text"
box = [6.0, 40.0, 51.0, 30.0]
size = 10.0
min_size = 6.5
"##;

/// The deck that reads `events.csv` with the template.
const DECK: &str = r#"kind = "card-deck"
template = "event.toml"
data = "events.csv"

[columns]
quantity = "Copias"

[labels]
back = "EVENTOS"

[print]
bleed = 3.0
duplex = "two-sided"
"#;

/// A sheet of events: no column of a player's.
const SHEET: &str = "Título,Texto,Coste,Copias\n\
    Lluvia,El campo pesa: cada :die: de pases cuenta uno menos hasta el final del balón.,2.5,2\n\
    Tarjeta roja,:red: Un jugador rival sale del campo hasta el final del partido y su franja juega sin él.,3,\n";

/// A project of the generic deck, with `sheet` and `template`.
fn event_deck(name: &str, sheet: &str, template: &str) -> TestDir {
    project_of(
        name,
        &[
            ("cards/event.toml", template),
            ("cards/deck.toml", DECK),
            ("cards/events.csv", sheet),
        ],
    )
}

/// The `x` of a text element and its `y`, as written.
fn at(node: roxmltree::Node<'_, '_>) -> (f64, f64) {
    (
        node.attribute("x").unwrap().parse().unwrap(),
        node.attribute("y").unwrap().parse().unwrap(),
    )
}

#[test]
fn a_sheet_of_other_columns_prints_generic_cards_with_wrapped_text_numbers_and_icons() {
    let dir = event_deck("generic-cards", SHEET, TEMPLATE);
    let run = dir.run(&["build", "cards/deck.toml", "--lang", "es,en", "--format", "pdf,svg"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("warning["), "{}", run.stderr);
    // 2 + 1 cards: one sheet of fronts, one of backs.
    let pages = raw_pages(&dir, "output/deck");
    assert_eq!(pages.len(), 2, "a sheet of fronts and its backs");
    let svg = expand_uses(&pages[0]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let fronts = by_class(&doc, "item-front");
    assert_eq!(fronts.len(), 3, "two copies of the first card, one of the second");
    for (k, front) in fronts.iter().enumerate() {
        let texts: Vec<_> = front.descendants().filter(|n| n.has_tag_name("text")).collect();
        let words: Vec<String> = texts.iter().map(|t| text_of(*t)).collect();
        let title = if k < 2 { "Lluvia" } else { "Tarjeta roja" };
        assert_eq!(words[0], title, "the title first: {words:?}");
        // The number in the language's way, centred on its badge.
        let cost = if k < 2 { "2,5" } else { "3" };
        let badge = texts
            .iter()
            .find(|t| text_of(**t) == cost)
            .unwrap_or_else(|| panic!("{cost} in {words:?}"));
        let (x, _) = at(*badge);
        let middle = x + text_width(*badge) / 2.0;
        assert!((middle - 51.5).abs() < 0.01, "on the badge's middle: {middle}");
        let fill = front
            .descendants()
            .find(|n| n.attribute("fill") == Some("#225577") && n.has_tag_name("path"))
            .or_else(|| {
                front
                    .descendants()
                    .find(|n| n.attribute("fill") == Some("#225577") && n.has_tag_name("rect"))
            });
        assert!(fill.is_some(), "the badge filled in the frame's colour");
        // The text wrapped over several lines, each starting at the box's
        // left, a line's step apart, all inside the box's height.
        let body: Vec<_> = texts.iter().filter(|t| at(**t).1 > 40.0).collect();
        let mut ys: Vec<f64> = body.iter().map(|t| at(**t).1).collect();
        ys.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
        assert!(ys.len() >= 3, "the text wraps: {ys:?}");
        assert!(ys.last().unwrap() < &70.0, "inside the box: {ys:?}");
        let steps: Vec<f64> = ys.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(
            steps.iter().all(|s| (s - steps[0]).abs() < 1e-3),
            "even lines: {steps:?}"
        );
        // The icon drawn in its line, between the words around it.
        let icon = if k < 2 { "icon-die" } else { "icon-red" };
        let raw = roxmltree::Document::parse(&pages[0]).unwrap();
        let uses = raw
            .descendants()
            .filter(|n| {
                n.has_tag_name("use") && n.attribute("href").is_some_and(|h| h.starts_with(&format!("#{icon}-")))
            })
            .count();
        assert!(uses >= 1, "{icon} placed");
    }
    // The wrapped text reads whole in the PDF, and the English build the same
    // text (a column with no English version is read as it is).
    let es = pdf_text(&std::fs::read(dir.join("output/deck.pdf")).unwrap());
    assert!(es.contains("EVENTOS"), "the back's title");
    let en = pdf_text(&std::fs::read(dir.join("output/deck-en.pdf")).unwrap());
    assert!(en.contains("2.5"), "the English decimal point: {en}");
}

#[test]
fn a_column_in_the_language_being_built_is_read_in_place_of_its_own() {
    let sheet = "Título,Título.en,Texto,Texto.en,Coste\nLluvia,Rain,Campo pesado.,A heavy pitch.,1\n";
    let dir = event_deck("generic-langs", sheet, TEMPLATE);
    dir.run(&["build", "cards/deck.toml", "--lang", "es,en,ca", "--format", "pdf"])
        .expect_code(0);
    let read = |f: &str| pdf_text(&std::fs::read(dir.join(f)).unwrap());
    let (es, en, ca) = (
        read("output/deck.pdf"),
        read("output/deck-en.pdf"),
        read("output/deck-ca.pdf"),
    );
    assert!(es.contains("Lluvia") && es.contains("Campo pesado."), "{es}");
    assert!(
        en.contains("Rain") && en.contains("A heavy pitch.") && !en.contains("Lluvia"),
        "{en}"
    );
    // No Catalan column: the sheet's own.
    assert!(ca.contains("Lluvia"), "{ca}");
}

#[test]
fn a_generic_cell_that_is_no_number_too_long_or_an_unknown_icon_is_said_at_its_cell() {
    let long = "palabra ".repeat(120);
    let sheet =
        format!("Título,Texto,Coste,Copias\nLluvia,Texto corto,dos,\nViento,{long},1,\nSol,Mira :bal: aquí,1,\n");
    let dir = event_deck("generic-bad", &sheet, TEMPLATE);
    let run = dir.run(&["check", "cards/deck.toml", "--lang", "es"]);
    run.expect_code(1);
    let cost = format!("events.csv:2:{}", csv_column(&sheet, 2, 3));
    assert!(run.stderr.contains("\"dos\" is not a number"), "{}", run.stderr);
    assert!(run.stderr.contains(&cost), "at {cost}: {}", run.stderr);
    let text = format!("events.csv:3:{}", csv_column(&sheet, 3, 2));
    assert!(run.stderr.contains("does not fit its box"), "{}", run.stderr);
    assert!(run.stderr.contains(&text), "at {text}: {}", run.stderr);
    let icon = format!("events.csv:4:{}", csv_column(&sheet, 4, 2));
    assert!(run.stderr.contains("\":bal:\" is no icon"), "{}", run.stderr);
    assert!(run.stderr.contains(&icon), "at {icon}: {}", run.stderr);
    assert!(run.stderr.contains("did you mean :ball:?"), "{}", run.stderr);
}

#[test]
fn a_templates_own_svg_icon_is_drawn_in_the_text_in_its_own_colours() {
    let star = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20"><path d="M10 1 L12.5 7.5 L19 8 L14 12.5 L15.5 19 L10 15.5 L4.5 19 L6 12.5 L1 8 L7.5 7.5 Z" fill="#e0a000"/></svg>"##;
    let template = format!("{TEMPLATE}\n[icons]\nstar = \"star.svg\"\n");
    let sheet = "Título,Texto,Coste,Copias\nEstrella,Una :star: brilla.,1,\n";
    let dir = event_deck("generic-own-icon", sheet, &template);
    dir.write("cards/star.svg", star);
    dir.run(&["build", "cards/deck.toml", "--lang", "es", "--format", "svg"])
        .expect_code(0);
    let pages = raw_pages(&dir, "output/deck");
    let doc = roxmltree::Document::parse(&pages[0]).unwrap();
    let symbol = doc
        .descendants()
        .find(|n| n.attribute("id").is_some_and(|id| id.starts_with("icon-star-")))
        .expect("the star's art, defined once");
    assert!(
        symbol.descendants().any(|n| n.attribute("fill") == Some("#e0a000")),
        "in the SVG's own colour"
    );
    // Placed one advance wide at the text's size: 10 pt text, a 0.95 em square.
    let placed = doc
        .descendants()
        .find(|n| n.has_tag_name("use") && n.attribute("href").is_some_and(|h| h.starts_with("#icon-star-")))
        .unwrap();
    let m = numbers(placed.attribute("transform").unwrap());
    let side = m[0] * 10.0;
    assert!(
        (side - 10.0 * 0.95 * 25.4 / 72.0).abs() < 0.01,
        "the art's side: {side} mm"
    );

    // An SVG that is not one is said at its key.
    dir.write("cards/star.svg", "not an svg");
    let run = dir.run(&["check", "cards/deck.toml", "--lang", "es"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("the icon") && run.stderr.contains("star.svg"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("event.toml:"), "at the template: {}", run.stderr);
}

#[test]
fn new_card_deck_from_a_sheet_of_other_columns_lays_out_a_generic_template_that_builds() {
    let dir = TestDir::new("generic-new");
    dir.write("mine/tactics.csv", "Name,Effect,Cost,Picture,Copies\nPress,Every :ball: won counts double this ball.,2,press.png,2\nPark the bus,Your defence adds 2 to every ball won; your attack adds nothing.,1,,\n");
    std::fs::create_dir_all(dir.join("mine/pictures")).unwrap();
    image::RgbImage::from_pixel(60, 40, image::Rgb([40, 140, 60]))
        .save(dir.join("mine/pictures/press.png"))
        .unwrap();
    let run = dir.run(&["new", "card-deck", "mine/tactics.toml", "--from", "mine/tactics.csv"]);
    run.expect_code(0);
    let deck = std::fs::read_to_string(dir.join("mine/tactics.toml")).unwrap();
    let template = std::fs::read_to_string(dir.join("mine/tactics-card.toml")).unwrap();
    assert!(deck.contains("template = \"tactics-card.toml\""), "{deck}");
    assert!(
        deck.contains("photos = \"pictures\""),
        "the pictures' folder found: {deck}"
    );
    assert!(deck.contains("quantity = \"Copies\""), "{deck}");
    assert!(!deck.contains("[deal]"), "no league to deal: {deck}");
    assert!(template.contains("cards = \"generic\""), "{template}");
    let fields: toml::Table = toml::from_str(&template).unwrap();
    let field = |column: &str| {
        fields["field"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["column"].as_str() == Some(column))
            .unwrap_or_else(|| panic!("a field of {column}: {template}"))
            .clone()
    };
    assert_eq!(field("Cost")["kind"].as_str(), Some("number"));
    assert_eq!(field("Effect")["kind"].as_str(), Some("text"));
    assert_eq!(field("Name")["bold"].as_bool(), Some(true), "the title");
    assert_eq!(
        fields["image"].as_array().unwrap()[0]["column"].as_str(),
        Some("Picture")
    );
    let run = dir.run(&["build", "mine/tactics.toml", "--lang", "en", "--format", "pdf"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("warning["), "{}", run.stderr);
    let text = pdf_text(&std::fs::read(dir.join("output/tactics-en.pdf")).unwrap());
    for words in ["Press", "Park the bus", "TACTICS"] {
        assert!(text.contains(words), "{words} in {text}");
    }
}

#[test]
fn the_shipped_event_deck_prints_every_language_from_one_sheet() {
    let dir = TestDir::new("generic-shipped");
    for f in [
        "layouts/card-examples/events.toml",
        "layouts/card-examples/events.csv",
        "templates/cards/event.toml",
    ] {
        dir.write(f, &project_file(f));
    }
    for f in ["weather", "referee", "tactics", "market", "rules"] {
        let rel = format!("layouts/card-examples/pictures/{f}.png");
        let to = dir.join(&rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(crate::common::shipped(&rel), to).unwrap();
    }
    let run = dir.run(&["build", "layouts/card-examples/events.toml", "--format", "pdf"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("warning["), "{}", run.stderr);
    let sheet = project_file("layouts/card-examples/events.csv");
    let mut rows = csv::Reader::from_reader(sheet.as_bytes());
    let headers = rows.headers().unwrap().clone();
    let column = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let records: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    for (lang, file) in [("", "events.pdf"), (".en", "events-en.pdf"), (".ca", "events-ca.pdf")] {
        let bytes = std::fs::read(dir.join("output/card-examples").join(file)).unwrap();
        let text = pdf_text(&bytes);
        for r in &records {
            let title = &r[column(&format!("Título{lang}"))];
            assert!(text.contains(title), "{file}: {title}");
        }
        // Every copy printed: the fronts' pages hold the quantities' sum.
        let copies: u32 = records
            .iter()
            .map(|r| r[column("Cantidad")].parse::<u32>().unwrap_or(1))
            .sum();
        let doc = crate::common::load_pdf(&bytes);
        let sheets = doc.get_pages().len() / 2;
        assert_eq!(sheets, (copies as usize).div_ceil(8), "{file}: 8 poker cards a sheet");
    }
}

#[test]
fn new_card_deck_from_a_players_sheet_finds_the_photos_in_a_folder_beside_it() {
    let dir = TestDir::new("new-deck-photos");
    let header = "Nombre,Equipo,Posición,Pases,Robos,Tiros,Encajados,Paradas,Precio,Foto";
    dir.write(
        "liga/jugadores.csv",
        &format!("{header}\nAna Ruiz,Club Uno,DF,1,1,0,0,0,5,ana.jpg\nEva Sol,Club Uno,FW,0,1,2,0,0,10,eva.jpg\n"),
    );
    std::fs::create_dir_all(dir.join("liga/fotos")).unwrap();
    for name in ["ana", "eva"] {
        image::RgbImage::from_pixel(30, 40, image::Rgb([90, 90, 90]))
            .save(dir.join(format!("liga/fotos/{name}.jpg")))
            .unwrap();
    }
    dir.run(&["new", "card-deck", "liga/deck.toml", "--from", "liga/jugadores.csv"])
        .expect_code(0);
    let deck = std::fs::read_to_string(dir.join("liga/deck.toml")).unwrap();
    assert!(deck.contains("photos = \"fotos\""), "{deck}");
    assert!(deck.contains("[deal]"), "a player's deck: {deck}");
    // Photos beside the sheet are its default folder: no key.
    let dir = TestDir::new("new-deck-photos-beside");
    dir.write(
        "liga/jugadores.csv",
        &format!("{header}\nAna Ruiz,Club Uno,DF,1,1,0,0,0,5,ana.jpg\n"),
    );
    image::RgbImage::from_pixel(30, 40, image::Rgb([90, 90, 90]))
        .save(dir.join("liga/ana.jpg"))
        .unwrap();
    dir.run(&["new", "card-deck", "liga/deck.toml", "--from", "liga/jugadores.csv"])
        .expect_code(0);
    let deck = std::fs::read_to_string(dir.join("liga/deck.toml")).unwrap();
    assert!(!deck.contains("\nphotos = "), "{deck}");
}

#[test]
fn icons_in_a_rule_sheets_and_a_reference_cards_text_are_drawn_in_the_justified_line() {
    let dir = TestDir::new("rule-icons");
    crate::common::copy_project(&dir);
    let rules = project_file("templates/rules/dice-football/en.md");
    let marked = rules.replacen("**Passing.** The ball", "**Passing.** :pass: The ball", 1);
    assert_ne!(marked, rules, "the rules have the paragraph");
    dir.write("templates/rules/dice-football/en.md", &marked);
    let card = project_file("templates/reference/dice-football/en.md");
    dir.write(
        "templates/reference/dice-football/en.md",
        &card.replacen("1. Roll one die", "1. :die: Roll one die", 1),
    );
    let run = dir.run(&[
        "build",
        "layouts/dice-football/rules.toml",
        "layouts/dice-football/reference.toml",
        "--lang",
        "en",
        "--format",
        "pdf,svg",
    ]);
    run.expect_code(0);
    assert!(!run.stderr.contains("warning["), "{}", run.stderr);
    for (stem, icon, before, after) in [
        ("output/dice-football/rules-en", "icon-pass", "Passing.", "The"),
        ("output/dice-football/reference-en", "icon-die", "1.", "Roll"),
    ] {
        let pages = raw_pages(&dir, stem);
        let page = pages
            .iter()
            .find(|p| p.contains(&format!("#{icon}-")))
            .unwrap_or_else(|| panic!("{stem}: {icon} drawn"));
        let doc = roxmltree::Document::parse(page).unwrap();
        let placed = doc
            .descendants()
            .find(|n| n.has_tag_name("use") && n.attribute("href").is_some_and(|h| h.starts_with(&format!("#{icon}-"))))
            .unwrap();
        let m = numbers(placed.attribute("transform").unwrap());
        let (icon_x, icon_top, side) = (m[4], m[5], m[0] * 10.0);
        // The words on its line: the one before ends left of it, the one
        // after starts right of it, on the line's baseline.
        let texts: Vec<_> = doc.descendants().filter(|n| n.has_tag_name("text")).collect();
        let on_line = |word: &str| {
            texts
                .iter()
                .find(|t| {
                    let y: f64 = t.attribute("y").unwrap().parse().unwrap();
                    y > icon_top && y < icon_top + side * 1.5 && text_of(**t).contains(word)
                })
                .copied()
                .unwrap_or_else(|| panic!("{stem}: \"{word}\" on the icon's line"))
        };
        let (left, right) = (on_line(before), on_line(after));
        let left_end = at(left).0 + text_width(left);
        assert!(
            left_end <= icon_x + 1e-6,
            "{stem}: the words before end at {left_end}, the icon at {icon_x}"
        );
        assert!(
            at(right).0 >= icon_x + side - 1e-6,
            "{stem}: the words after start past the icon"
        );
        let pdf = pdf_text(&std::fs::read(dir.join(format!("{stem}.pdf"))).unwrap());
        assert!(
            !pdf.chars().any(|c| ('\u{E000}'..='\u{E0FF}').contains(&c)),
            "{stem}: no mark is printed as text"
        );
        assert!(
            !pdf.contains(":pass:") && !pdf.contains(":die:"),
            "{stem}: nor the name"
        );
    }
}

#[test]
fn a_card_template_written_beside_its_deck_in_a_game_is_read_by_the_deck_not_built() {
    let dir = TestDir::new("game-with-own-deck");
    crate::common::copy_project(&dir);
    dir.run(&["new", "game", "layouts/my-game"]).expect_code(0);
    dir.write(
        "layouts/my-game/eventos.csv",
        "Título,Texto,Coste\nSaque rápido,Tira :die: otra vez.,2\n",
    );
    dir.run(&[
        "new",
        "card-deck",
        "layouts/my-game/eventos.toml",
        "--from",
        "layouts/my-game/eventos.csv",
    ])
    .expect_code(0);
    assert!(dir.join("layouts/my-game/eventos-card.toml").is_file());
    let game = std::fs::read_to_string(dir.join("layouts/my-game/game.toml")).unwrap();
    let game = game.replace("\"board.toml\"]", "\"board.toml\", \"eventos.toml\"]");
    assert!(game.contains("\"eventos.toml\"]"), "the kit lists the deck: {game}");
    dir.write("layouts/my-game/game.toml", &game);
    let build = dir.run(&["build", "layouts/my-game", "--lang", "en", "--format", "pdf"]);
    build.expect_code(0);
    assert!(
        !build.stderr.contains("eventos-card.toml"),
        "not a layout: {}",
        build.stderr
    );
    assert!(dir.join("output/my-game/eventos-en.pdf").is_file());
    // The cover lists the deck, as the maker writes it in.
    let cover = dir.read_string("layouts/my-game/cover/en.md");
    dir.write(
        "layouts/my-game/cover/en.md",
        &cover.replacen(
            "- **cover-en.pdf**",
            "- **eventos-en.pdf**: the event cards, on card.\n- **cover-en.pdf**",
            1,
        ),
    );
    let kit = dir.run(&["kit", "layouts/my-game", "--lang", "en"]);
    kit.expect_code(0);
    assert!(!kit.stderr.contains("warning["), "{}", kit.stderr);
    let text = pdf_text(&std::fs::read(dir.join("output/my-game/kit-en.pdf")).unwrap());
    assert!(text.contains("Saque rápido"), "the deck is in the kit");
}

#[test]
fn a_players_column_written_for_a_generic_deck_is_said_not_read() {
    let dir = event_deck("generic-player-column", SHEET, TEMPLATE);
    dir.write(
        "cards/deck.toml",
        &DECK.replace("[columns]\n", "[columns]\nname = \"Título\"\n"),
    );
    let run = dir.run(&["check", "cards/deck.toml", "--lang", "es"]);
    run.expect_code(0);
    assert!(run.stderr.contains("warning[layout-value]"), "{}", run.stderr);
    assert!(run.stderr.contains("deck.toml:6:"), "at the key: {}", run.stderr);
    assert!(run.stderr.contains("this column is not read"), "{}", run.stderr);
}

/// The fronts of a built deck's first SVG page (uses expanded) and the
/// backs of its second, by the index of the item each holds.
fn faces(dir: &TestDir, stem: &str) -> (String, Option<String>) {
    let pages = raw_pages(dir, stem);
    (expand_uses(&pages[0]), pages.get(1).map(|p| expand_uses(p)))
}

/// The words of every text of a face.
fn words_of(face: roxmltree::Node<'_, '_>) -> Vec<String> {
    face.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(text_of)
        .collect()
}

/// Whether a face paints something in `colour`.
fn paints(face: roxmltree::Node<'_, '_>, colour: &str) -> bool {
    face.descendants().any(|n| n.attribute("fill") == Some(colour))
}

/// The item index of a face, from its id (`front-3`, `back-3`).
fn index(face: roxmltree::Node<'_, '_>) -> String {
    let id = face.attribute("id").unwrap_or_default();
    id.rsplit('-').next().unwrap_or_default().to_string()
}

#[test]
fn new_card_deck_never_lays_a_column_of_titles_out_as_a_number_and_styles_a_column_of_types() {
    // "Evento 1" holds a digit but is a title: laid out as a number, each
    // card printed its title's "1" on a badge. The "Tipo" column repeats
    // two values: the scaffold styles the cards of the commoner one.
    let dir = TestDir::new("generic-new-titles");
    let sheet = "Título,Tipo,Coste,Texto\n\
        Evento 1,Clima,5,Llueve sobre el campo y cada pase cuenta uno menos.\n\
        Evento 2,Árbitro,6,El árbitro pita una falta dudosa a favor del que juega.\n\
        Evento 3,Clima,7,Sopla el viento y los tiros largos se van fuera.\n\
        Evento 4,Clima,8,Niebla: nadie ve el balón hasta que llega.\n\
        Evento 5,Árbitro,9,El árbitro añade un minuto más al partido.\n";
    dir.write("mine/eventos.csv", sheet);
    let run = dir.run(&["new", "card-deck", "mine/eventos.toml", "--from", "mine/eventos.csv"]);
    run.expect_code(0);
    let template = std::fs::read_to_string(dir.join("mine/eventos-card.toml")).unwrap();
    let table: toml::Table = toml::from_str(&template).unwrap();
    let field = |column: &str| {
        table["field"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["column"].as_str() == Some(column))
            .unwrap_or_else(|| panic!("a field of {column}: {template}"))
            .clone()
    };
    assert_eq!(field("Título").get("kind"), None, "a line, the title: {template}");
    assert_eq!(field("Título")["bold"].as_bool(), Some(true), "{template}");
    assert_eq!(field("Coste")["kind"].as_str(), Some("number"), "the badge: {template}");
    let style = &table["style"].as_array().expect("a [[style]] written")[0];
    assert_eq!(style["column"].as_str(), Some("Tipo"), "{template}");
    assert_eq!(style["is"].as_str(), Some("Clima"), "the commoner value: {template}");
    let styled = style["frame"].as_str().unwrap().to_string();
    assert!(template.contains("\"Árbitro\""), "the other value named: {template}");
    let run = dir.run(&["build", "mine/eventos.toml", "--lang", "es", "--format", "svg"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("warning["), "{}", run.stderr);
    let (fronts, _) = faces(&dir, "output/eventos");
    let doc = roxmltree::Document::parse(&fronts).unwrap();
    let cards = by_class(&doc, "item-front");
    assert_eq!(cards.len(), 5);
    for card in cards {
        let words = words_of(card);
        let title = words
            .iter()
            .find(|w| w.starts_with("Evento "))
            .unwrap_or_else(|| panic!("{words:?}"));
        let digit = title.trim_start_matches("Evento ");
        assert!(
            !words.iter().any(|w| w == digit),
            "no badge of the title's {digit}: {words:?}"
        );
        let clima = words.iter().any(|w| w == "Clima");
        assert_eq!(
            paints(card, &styled),
            clima,
            "{title}: the styled frame on Clima's cards alone"
        );
    }
}

#[test]
fn a_number_field_given_words_is_an_error_at_its_cell_never_a_strip_of_the_letters() {
    let sheet = "Título,Texto,Coste,Copias\nLluvia,Texto corto,3 goles,\nViento,Otro texto,2,\n";
    let dir = event_deck("generic-words-in-number", sheet, TEMPLATE);
    let run = dir.run(&["build", "cards/deck.toml", "--lang", "es", "--format", "svg"]);
    run.expect_code(1);
    let cell = format!("events.csv:2:{}", csv_column(sheet, 2, 3));
    assert!(run.stderr.contains("\"3 goles\" is not a number"), "{}", run.stderr);
    assert!(run.stderr.contains(&cell), "at {cell}: {}", run.stderr);
    assert!(
        run.stderr.contains("kind = \"line\""),
        "the hint names the way out: {}",
        run.stderr
    );
    assert!(raw_pages(&dir, "output/deck").is_empty(), "nothing written");
}

/// A template whose cards are styled by their "Puesto".
const STYLED: &str = r##"cards = "generic"
size = "poker"

[colours]
frame = "#1b2a41"

[back]
colour = "#1b2a41"

[[field]]
column = "Nombre"
box = [6.0, 6.0, 38.0, 8.0]
bold = true

[[field]]
column = "Puesto"
box = [6.0, 16.0, 38.0, 5.0]

[[field]]
column = "Coste"
kind = "number"
box = [46.0, 6.0, 11.0, 11.0]
size = 14.0
align = "centre"

[[style]]
column = "Puesto"
is = "portero"
frame = "#c9a227"
back = "#c9a227"

[[style]]
column = "Puesto"
is = "Delantero"
frame = "#c0392b"
show = ["Coste"]
"##;

const STYLED_DECK: &str = r#"kind = "card-deck"
template = "puestos.toml"
data = "plantilla.csv"

[print]
bleed = 3.0
duplex = "two-sided"
"#;

const SQUAD: &str = "Nombre,Puesto,Coste\nAna Roble,Portero,3\nBea Sauce,Delantero,5\nCaro Pino,Defensa,4\n";

/// A project of the styled deck.
fn styled(name: &str, template: &str) -> TestDir {
    let dir = TestDir::new(name);
    dir.write("cards/puestos.toml", template);
    dir.write("cards/deck.toml", STYLED_DECK);
    dir.write("cards/plantilla.csv", SQUAD);
    dir
}

#[test]
fn style_rules_give_cards_their_frame_back_and_boxes_by_a_columns_value() {
    let dir = styled("generic-styled", STYLED);
    let run = dir.run(&["build", "cards/deck.toml", "--lang", "es", "--format", "svg"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("warning["), "{}", run.stderr);
    let (fronts, backs) = faces(&dir, "output/deck");
    let doc = roxmltree::Document::parse(&fronts).unwrap();
    let backs = backs.expect("a page of backs");
    let back_doc = roxmltree::Document::parse(&backs).unwrap();
    let back_of: std::collections::BTreeMap<String, roxmltree::Node<'_, '_>> = by_class(&back_doc, "item-back")
        .into_iter()
        .map(|b| (index(b), b))
        .collect();
    let cards = by_class(&doc, "item-front");
    assert_eq!(cards.len(), 3);
    // Each card: its frame, whether its cost shows, its back.
    let want = [
        ("Ana Roble", "#c9a227", None, "#c9a227"),
        ("Bea Sauce", "#c0392b", Some("5"), "#1b2a41"),
        ("Caro Pino", "#1b2a41", None, "#1b2a41"),
    ];
    for (name, frame, cost, back) in want {
        let card = cards
            .iter()
            .find(|c| words_of(**c).iter().any(|w| w == name))
            .unwrap_or_else(|| panic!("{name}'s card"));
        let words = words_of(*card);
        assert!(paints(*card, frame), "{name}: the frame {frame}");
        for other in ["#c9a227", "#c0392b", "#1b2a41"].iter().filter(|c| **c != frame) {
            assert!(!paints(*card, other), "{name}: no frame {other}");
        }
        let costs: Vec<&String> = words.iter().filter(|w| w.chars().all(|c| c.is_ascii_digit())).collect();
        assert_eq!(
            costs.first().map(|c| c.as_str()),
            cost,
            "{name}: the cost shown only on a striker's: {words:?}"
        );
        let b = back_of.get(&index(*card)).unwrap_or_else(|| panic!("{name}'s back"));
        assert!(paints(*b, back), "{name}: the back {back}");
    }
}

#[test]
fn a_style_rule_that_names_what_is_not_there_is_said_at_its_key() {
    // A value no card holds: a warning naming the values the column holds.
    let dir = styled(
        "generic-style-value",
        &STYLED.replace("is = \"portero\"", "is = \"Arquero\""),
    );
    let run = dir.run(&["check", "cards/deck.toml", "--lang", "es"]);
    run.expect_code(0);
    assert!(
        run.stderr.contains("no card's \"Puesto\" is \"Arquero\""),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("\"Portero\", \"Delantero\", \"Defensa\""),
        "the values found: {}",
        run.stderr
    );
    let line = STYLED.lines().position(|l| l == "is = \"portero\"").unwrap() + 1;
    assert!(
        run.stderr.contains(&format!("puestos.toml:{line}:")),
        "at `is`: {}",
        run.stderr
    );
    // A column the sheet lacks: an error at the rule's `column`, with the nearest.
    let dir = styled(
        "generic-style-column",
        &STYLED.replacen("column = \"Puesto\"\nis", "column = \"Puestos\"\nis", 1),
    );
    let run = dir.run(&["check", "cards/deck.toml", "--lang", "es"]);
    run.expect_code(1);
    assert!(run.stderr.contains("no column \"Puestos\""), "{}", run.stderr);
    assert!(
        run.stderr.contains("nearest column in the header is \"Puesto\""),
        "{}",
        run.stderr
    );
    // A box the template does not have: an error at `show`.
    let dir = styled(
        "generic-style-show",
        &STYLED.replace("show = [\"Coste\"]", "show = [\"Precio\"]"),
    );
    let run = dir.run(&["check", "cards/deck.toml", "--lang", "es"]);
    run.expect_code(1);
    assert!(
        run.stderr
            .contains("no [[field]] or [[image]] of the column \"Precio\""),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("style[1].show[0]") || run.stderr.contains("puestos.toml:"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_box_outside_the_card_is_quoted_as_the_template_writes_it() {
    // The box as its author typed it, not the program's inner record
    // (`Rect { x: Mm(-2.0), ... }`).
    let template = TEMPLATE.replace("box = [6.0, 6.0, 38.0, 8.0]", "box = [-2.0, 6.0, 38.25, 8.0]");
    assert_ne!(template, TEMPLATE, "the template's first box moved");
    let dir = event_deck("generic-box-outside", SHEET, &template);
    let run = dir.run(&["check", "cards/deck.toml", "--lang", "es"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("the box [-2, 6, 38.25, 8] is not inside the"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("Mm("), "{}", run.stderr);
}
