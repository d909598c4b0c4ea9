//! Findings blame the key the user wrote (a hostile run once found refusals
//! that exited 1 without naming the key or the file). A value
//! changed in a shipped layout or template gives a finding, or a note under
//! it, at that very key of that very file: not at a key the value only feeds
//! (`counter.label_size` for a shrunken `counter.diameter`), not at the file
//! alone (a page-fit), not at the deck for a mistake in its template.

use std::path::PathBuf;

use crate::common::{project_file, shipped};
use pitchprint::diag::Finding;
use pitchprint::diag::code::Code;
use pitchprint::input::world::{Disk, Overlay};
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};

/// The 1-based line of `file` that starts with `start`, the first after the
/// line `[table]` when `start` is written `table] start` (a key name used in
/// several tables).
fn line_of(file: &str, start: &str) -> usize {
    let text = project_file(file);
    let (table, key) = match start.split_once("] ") {
        Some((t, k)) => (Some(format!("[{t}]")), k),
        None => (None, start),
    };
    let from = table.map_or(0, |t| text.lines().position(|l| l.trim() == t).expect("the table"));
    text.lines()
        .enumerate()
        .skip(from)
        .find(|(_, l)| l.trim_start().starts_with(key))
        .map(|(i, _)| i + 1)
        .unwrap_or_else(|| panic!("no line {start:?} in {file}"))
}

/// The English findings (errors and warnings) of `layout` with the line of
/// `file` that [`line_of`] finds for `start` replaced by `line`.
fn findings(layout: &str, file: &str, start: &str, line: &str) -> Vec<Finding> {
    let at = line_of(file, start);
    let text: String = project_file(file)
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == at {
                format!("{line}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let world = Overlay::new(&Disk).with(shipped_path(layout, file), text.into_bytes());
    let overrides = Overrides {
        lang: Some("en".to_string()),
        ..Overrides::default()
    };
    match Pipeline::new(&world).load(&shipped(layout), &overrides) {
        Err(found) => found,
        Ok(loaded) => {
            let doc = pipeline::compose(&loaded);
            pipeline::check(&loaded, &doc)
        }
    }
}

/// The path a layout reads `file` by: the template through the deck's own
/// folder, as the deck names it (an overlay compares paths as given).
fn shipped_path(layout: &str, file: &str) -> PathBuf {
    if file.starts_with("templates/cards/") {
        shipped(layout).parent().unwrap().join("../..").join(file)
    } else {
        shipped(file)
    }
}

/// The finding with `code`, which must be at `key` of `file` (its own place
/// or a note's), on the line [`line_of`] finds for `start`.
fn assert_blamed(found: &[Finding], code: Code, file: &str, start: &str, key: &str) {
    let f = found.iter().find(|f| f.code == code).unwrap_or_else(|| {
        panic!(
            "no {code:?} among {:#?}",
            found.iter().map(|f| f.to_string()).collect::<Vec<_>>()
        )
    });
    let name = file.rsplit('/').next().unwrap();
    let at = std::iter::once(&f.location)
        .chain(f.notes.iter().map(|n| &n.location))
        .find(|l| l.file.ends_with(name) && l.key.as_deref() == Some(key))
        .unwrap_or_else(|| panic!("{f} (notes {:?}) is not at `{key}` of {file}", f.notes));
    assert_eq!(at.line, Some(line_of(file, start)), "{f}");
}

#[test]
fn a_text_size_too_small_on_a_reference_card_is_its_size_pt() {
    let file = "layouts/league/reference.toml";
    let found = findings(file, file, "size_pt =", "size_pt = 3.5");
    assert_blamed(&found, Code::TextSmall, file, "size_pt =", "card.size_pt");
}

#[test]
fn a_text_size_too_small_in_the_card_template_is_the_templates_key() {
    let (deck, file) = ("layouts/league/deck.toml", "templates/cards/player.toml");
    let found = findings(deck, file, "back] size =", "size = 1");
    assert_blamed(&found, Code::TextSmall, file, "back] size =", "back.size");
    // A box's smallest size, likewise.
    let found = findings(deck, file, "price] min_size =", "min_size = 1");
    assert_blamed(&found, Code::TextSmall, file, "price] min_size =", "price.min_size");
}

#[test]
fn a_glyph_missing_in_an_entry_of_an_array_of_tables_is_that_entrys_key() {
    let file = "layouts/dice-football/dice.toml";
    // The second die's name: the first `name =` after its colour's line.
    let start = "name = \"@dice_nets.blue";
    let found = findings(file, file, start, "name = \"Dado ⚽\"");
    assert_blamed(&found, Code::TextGlyph, file, start, "die[1].name");
    let file = "layouts/futbolchess/roles.toml";
    let text = project_file(file);
    let fourth = text
        .lines()
        .filter(|l| l.starts_with("name ="))
        .nth(3)
        .unwrap()
        .to_string();
    let found = findings(file, file, &fourth, "name = \"Rol ⚽\"");
    assert_blamed(&found, Code::TextGlyph, file, &fourth, "role[3].name");
}

#[test]
fn a_deck_label_is_blamed_at_its_key_once_not_at_the_template_on_every_page() {
    let file = "layouts/league/deck.toml";
    let found = findings(file, file, "labels] passes =", "passes = \"Pases ⚽\"");
    assert_blamed(&found, Code::TextGlyph, file, "labels] passes =", "labels.passes");
    let glyphs = found.iter().filter(|f| f.code == Code::TextGlyph).count();
    assert_eq!(
        glyphs, 1,
        "one finding for one label, its pages named in it: {found:#?}"
    );
    let found = findings(file, file, "back =", "back = \"Liga ⚽\"");
    assert_blamed(&found, Code::TextGlyph, file, "back =", "labels.back");
    // A position label too wide for its badge is the layout's, once; not
    // one finding per player of that position at the spreadsheet.
    let found = findings(file, file, "defender =", "defender = \"Defensa central muy largo\"");
    assert_blamed(&found, Code::CardText, file, "defender =", "labels.defender");
    assert_eq!(
        found.iter().filter(|f| f.code == Code::CardText).count(),
        1,
        "{found:#?}"
    );
    // A currency that leaves no room for a price.
    let found = findings(file, file, "currency =", "currency = \"millones de euros\"");
    assert_blamed(&found, Code::CardText, file, "currency =", "labels.currency");
    assert_eq!(found.len(), 1, "{found:#?}");
}

#[test]
fn a_file_a_deck_names_that_is_not_there_is_noted_at_the_deck_key() {
    let file = "layouts/league/deck.toml";
    for (start, line, key, code) in [
        ("data =", "data = \"jugadores.csv\"", "data", Code::CardData),
        (
            "template =",
            "template = \"plantilla.toml\"",
            "template",
            Code::LayoutRead,
        ),
        ("photos =", "photos = \"fotos\"", "photos", Code::CardPhoto),
    ] {
        let found = findings(file, file, start, line);
        assert_blamed(&found, code, file, start, key);
    }
}

#[test]
fn the_table_heads_and_round_are_blamed_on_their_own_keys() {
    let file = "layouts/league/table.toml";
    let found = findings(file, file, "team_column =", "team_column = \"Equipo ⚽\"");
    assert_blamed(&found, Code::TextGlyph, file, "team_column =", "table.team_column");
    let long = "round = \"Jornada del campeonato regional de fútbol de mesa de la temporada\"";
    let found = findings(file, file, "round =", long);
    assert_blamed(&found, Code::TextBox, file, "round =", "table.round");
    assert!(
        found.iter().all(|f| f.location.key.as_deref() != Some("table.title")),
        "{found:#?}"
    );
}

#[test]
fn a_label_that_widens_a_sheet_past_the_paper_is_named_by_the_page_fit() {
    let file = "layouts/futbolchess/score.toml";
    let long = "total = \"Total de goles marcados en el partido, prórroga y penaltis incluidos\"";
    let found = findings(file, file, "total =", long);
    assert_blamed(&found, Code::PageFit, file, "total =", "sheet.total");
    // A shoot-out heading that long keeps the kicks on the card and
    // overflows its own room.
    let long = "shootout = \"Tanda de penaltis al final del partido y de la prórroga\"";
    let found = findings(file, file, "shootout =", long);
    assert_blamed(&found, Code::TextBox, file, "shootout =", "sheet.shootout");
    assert!(found.iter().all(|f| f.code != Code::PageFit), "{found:#?}");
    // A field's header keeps to its field: it overflows its own room (and
    // the sheet's edge, when it runs past it there), not into a wider block
    // that pushes every field off the sheet.
    let file = "layouts/path-football/fields.toml";
    let long = "header = \"Nombres de los dos jugadores y resultado de la partida jugada\"";
    let found = findings(file, file, "header =", long);
    assert_blamed(&found, Code::TextBox, file, "header =", "sheet.header");
    if found.iter().any(|f| f.code == Code::PageFit) {
        assert_blamed(&found, Code::PageFit, file, "header =", "sheet.header");
    }
}

#[test]
fn a_finding_names_the_key_that_caused_it_beside_the_key_it_is_at() {
    // Labels grown past a shrunken disc: the hint names the diameter.
    let file = "layouts/dice-football/counters.toml";
    let found = findings(file, file, "diameter = 17.5", "diameter = 3.5");
    let f = found.iter().find(|f| f.code == Code::LabelShape).expect("label-shape");
    assert!(f.hint.as_deref().unwrap_or("").contains("`counter.diameter`"), "{f}");
    // Guides as thick as the boundary: the width, not the colour.
    let file = "layouts/path-football/fields.toml";
    let found = findings(file, file, "guide_width =", "guide_width = 3.5");
    assert_blamed(&found, Code::FieldContrast, file, "guide_width =", "style.guide_width");
    // A board too narrow for its penalty area names the board's columns.
    let file = "layouts/dice-football/pitch.toml";
    let found = findings(file, file, "columns =", "columns = 4");
    let f = found
        .iter()
        .find(|f| f.code == Code::LayoutValue)
        .expect("layout-value");
    assert!(f.message.contains("board.columns"), "{f}");
    // The scale bar's words are its label's key, not the switch's.
    let found = findings(file, file, "scale_bar_label =", "scale_bar_label = \"10 cm ⚽\"");
    assert_blamed(
        &found,
        Code::TextGlyph,
        file,
        "scale_bar_label =",
        "text.scale_bar_label",
    );
}

#[test]
fn counter_labels_and_the_clearance_are_blamed_on_their_own_keys() {
    // A back label the font lacks: the set's back_label, not label_size.
    let file = "layouts/futbolchess/counters.toml";
    let found = findings(file, file, "back_label =", "back_label = \"Dorso ⚽\"");
    let f = found.iter().find(|f| f.code == Code::TextGlyph).expect("text-glyph");
    let key = f.location.key.as_deref().unwrap_or("");
    assert!(key.starts_with("set[") && key.ends_with("].back_label"), "{f}");
    assert_eq!(f.location.line, Some(line_of(file, "back_label =")), "{f}");
    // Counters that no longer fit because of the clearance say so.
    let file = "layouts/dice-football/counters.toml";
    let found = findings(file, file, "clearance =", "clearance = 3.5");
    let f = found
        .iter()
        .find(|f| f.code == Code::CounterSize)
        .expect("counter-size");
    assert!(f.message.contains("`clearance`"), "{f}");
}

#[test]
fn a_currency_the_font_lacks_is_the_currencys_key_and_a_narrow_field_names_its_columns() {
    let file = "layouts/league/deck.toml";
    let found = findings(file, file, "currency =", "currency = \"M ⚽\"");
    assert_blamed(&found, Code::TextGlyph, file, "currency =", "labels.currency");
    let file = "layouts/path-football/fields.toml";
    let found = findings(file, file, "columns =", "columns = 1");
    let f = found
        .iter()
        .find(|f| f.code == Code::LayoutValue)
        .expect("layout-value");
    assert!(f.message.contains("`field.columns`"), "{f}");
}
