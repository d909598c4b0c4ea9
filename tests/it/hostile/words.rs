//! Other people's words, through the binary:
//! text in a script written right to left is refused where it is written
//! (a rule sheet's line, a spreadsheet cell, a custom sheet's text box, a
//! label table's line), never printed reversed, while Greek, Cyrillic and
//! Latin mixed on a line are printed; and a word longer than two lines of
//! its column is warned about at its line, not hyphenated on line after
//! line in silence.

use crate::common::{
    TestDir, column_of, deck_project, json_findings, line_of, project_file, replace_line, shipped_files, snapshot,
    svg_texts,
};
use serde_json::Value;

use pitchprint::diag::code::Code;
use pitchprint::input::world::Disk;
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::scene::item::{Item, Shape};

/// A project holding the path-football rule sheet (its layout, the board
/// its diagrams come from, its English text) with `edit` applied to the
/// text, and the custom sheet of its fields.
fn path_rules_edited(name: &str, edit: impl Fn(String) -> String) -> TestDir {
    let dir = shipped_files(
        name,
        &[
            "layouts/path-football/rules.toml",
            "layouts/path-football/fields.toml",
            "layouts/sheet-examples/path-fields.toml",
        ],
    );
    let md = "templates/rules/path-football/en.md";
    dir.write(md, &edit(project_file(md)));
    dir
}

/// `md` with `paragraph` added as a paragraph of its own after the first
/// paragraph under the first heading; and the line it is on.
fn with_paragraph(md: &str, paragraph: &str) -> (String, usize) {
    let mut lines: Vec<String> = md.lines().map(str::to_string).collect();
    let heading = lines.iter().position(|l| l.starts_with("## ")).expect("a heading");
    let at = heading + 3;
    assert!(
        !lines[at - 1].is_empty() && lines[at].is_empty(),
        "line {at} ends a paragraph"
    );
    lines.insert(at, String::new());
    lines.insert(at + 1, paragraph.to_string());
    (lines.join("\n") + "\n", at + 2)
}

/// The findings of `check --json` with `args`, and the run's exit code.
fn check(dir: &TestDir, args: &[&str]) -> (i32, Vec<Value>) {
    let mut all = vec!["check", "--json"];
    all.extend(args);
    let run = dir.run(&all);
    (run.code, json_findings(&run.stdout))
}

/// The findings of code `code`.
fn of_code<'a>(found: &'a [Value], code: &str) -> Vec<&'a Value> {
    found.iter().filter(|f| f["code"] == code).collect()
}

/// Builds `layout` in English and asserts it fails, saying why, and
/// leaves the folder as it was: nothing reversed is ever written.
fn build_writes_nothing(dir: &TestDir, layout: &str) {
    let before = snapshot(dir.path());
    let run = dir.run(&["build", layout, "--lang", "en", "--format", "pdf,svg,png"]);
    run.expect_code(1);
    assert!(run.stderr.contains("text-direction"), "{}", run.stderr);
    let after = snapshot(dir.path());
    let written: Vec<_> = after.keys().filter(|p| !before.contains_key(*p)).collect();
    assert!(written.is_empty() && before == after, "nothing is written: {written:?}");
}

// ---------------------------------------------------------------------------
// Item 11: right-to-left text is refused, never printed reversed.
// ---------------------------------------------------------------------------

#[test]
fn an_arabic_and_a_hebrew_line_in_a_rule_sheet_are_refused_at_their_lines() {
    let arabic = "The greeting «مرحبا بكم» opens the game.";
    let hebrew = "In Hebrew it is שלום עולם, peace.";
    let lines = std::cell::Cell::new((0, 0));
    let dir = path_rules_edited("rtl-rules", |md| {
        let (md, a) = with_paragraph(&md, arabic);
        let (md, h) = with_paragraph(&md, hebrew);
        // The Hebrew paragraph went in above the Arabic one.
        lines.set((a + 2, h));
        md
    });
    let (arabic_line, hebrew_line) = lines.get();
    let md = String::from_utf8(dir.read("templates/rules/path-football/en.md")).unwrap();
    let (code, found) = check(&dir, &["layouts/path-football/rules.toml", "--lang", "en"]);
    assert_eq!(code, 1, "{found:?}");
    let mut direction = of_code(&found, "text-direction");
    direction.sort_by_key(|f| f["line"].as_u64());
    assert_eq!(direction.len(), 2, "one finding per line: {found:?}");
    for (f, line, quoted, script) in [
        (direction[0], hebrew_line, "שלום עולם,", "Hebrew"),
        (direction[1], arabic_line, "مرحبا بكم»", "Arabic"),
    ] {
        let column = column_of(&md, line, quoted) as u64;
        assert_eq!(f["severity"], "error", "{f}");
        assert!(
            f["file"]
                .as_str()
                .unwrap()
                .ends_with("templates/rules/path-football/en.md"),
            "{f}"
        );
        assert_eq!(
            (f["line"].as_u64(), f["column"].as_u64()),
            (Some(line as u64), Some(column)),
            "{f}"
        );
        let message = f["message"].as_str().unwrap();
        assert!(
            message.contains(script) && message.contains(&format!("\"{quoted}\"")),
            "{f}"
        );
        let hint = f["hints"][0].as_str().unwrap();
        assert!(
            hint.contains("left-to-right scripts only") && hint.contains("left-to-right script"),
            "{f}"
        );
    }
    build_writes_nothing(&dir, "layouts/path-football/rules.toml");
}

#[test]
fn a_right_to_left_name_in_a_deck_cell_is_refused_at_its_cell() {
    let csv = project_file("layouts/league/players.csv");
    let first = csv.lines().nth(1).expect("a player");
    let (name, rest) = first.split_once(',').unwrap();
    assert_eq!(name, "Adrián Abril", "the first player");
    let csv = csv.replacen(first, &format!("עדריאן אבריל,{rest}"), 1);
    let dir = deck_project("rtl-deck", &csv);
    let (code, found) = check(&dir, &["layouts/league/deck.toml", "--lang", "en"]);
    assert_eq!(code, 1, "{found:?}");
    let direction = of_code(&found, "text-direction");
    assert_eq!(direction.len(), 1, "{found:?}");
    let f = direction[0];
    assert_eq!(f["file"], "layouts/league/players.csv", "{f}");
    assert_eq!((f["line"].as_u64(), f["column"].as_u64()), (Some(2), Some(1)), "{f}");
    assert_eq!(f["key"], "name", "{f}");
    assert!(f["message"].as_str().unwrap().contains("\"עדריאן אבריל\""), "{f}");
    build_writes_nothing(&dir, "layouts/league/deck.toml");
}

#[test]
fn a_right_to_left_text_box_on_a_custom_sheet_is_refused_at_its_key() {
    let rel = "layouts/sheet-examples/path-fields.toml";
    let dir = path_rules_edited("rtl-sheet", |md| md);
    let layout = project_file(rel);
    let line = line_of(&layout, "text = \"@fields.title\"");
    dir.write(
        rel,
        &replace_line(&layout, "text = \"@fields.title\"", "text = \"ملعب كرة القدم\""),
    );
    let (code, found) = check(&dir, &[rel, "--lang", "en"]);
    assert_eq!(code, 1, "{found:?}");
    let direction = of_code(&found, "text-direction");
    assert_eq!(direction.len(), 1, "{found:?}");
    let f = direction[0];
    assert_eq!(f["file"], rel, "{f}");
    assert_eq!(f["line"].as_u64(), Some(line as u64), "{f}");
    assert_eq!(f["key"], "text_box[0].text", "{f}");
    assert!(f["message"].as_str().unwrap().contains("Arabic"), "{f}");
    build_writes_nothing(&dir, rel);
}

#[test]
fn a_right_to_left_label_is_refused_at_its_line_in_the_label_table() {
    let rel = "templates/i18n/en.toml";
    let dir = path_rules_edited("rtl-label", |md| md);
    let table = project_file(rel);
    let line = line_of(&table, "title = \"Pen-and-Paper Football\"");
    dir.write(
        rel,
        &table.replacen(
            "title = \"Pen-and-Paper Football\"",
            "title = \"כדורגל Pen-and-Paper Football\"",
            1,
        ),
    );
    let (code, found) = check(&dir, &["layouts/sheet-examples/path-fields.toml", "--lang", "en"]);
    assert_eq!(code, 1, "{found:?}");
    let direction = of_code(&found, "text-direction");
    assert_eq!(direction.len(), 1, "{found:?}");
    let f = direction[0];
    assert_eq!(f["file"], rel, "{f}");
    assert_eq!(f["line"].as_u64(), Some(line as u64), "{f}");
    assert!(f["message"].as_str().unwrap().contains("fields.title"), "{f}");
    assert!(
        f["hints"][0].as_str().unwrap().contains("leave this language out"),
        "{f}"
    );
}

#[test]
fn greek_cyrillic_and_latin_on_one_line_are_printed() {
    let line = "Football is ποδόσφαιρο in Greek, футбол in Russian and fútbol in Spanish.";
    let dir = path_rules_edited("ltr-mixed", |md| with_paragraph(&md, line).0);
    let (code, found) = check(&dir, &["layouts/path-football/rules.toml", "--lang", "en"]);
    assert_eq!(code, 0, "{found:?}");
    assert!(of_code(&found, "text-direction").is_empty(), "{found:?}");
    dir.run(&[
        "build",
        "layouts/path-football/rules.toml",
        "--lang",
        "en",
        "--format",
        "svg",
    ])
    .expect_code(0);
    let svg = dir.read_string("output/path-football/rules-en-1.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // Lines joined again, a word hyphenated at a line's end whole.
    let printed: String = svg_texts(&doc).iter().map(|l| l.trim_end_matches('-')).collect();
    for word in ["ποδόσφαιρο", "футбол", "fútbol"] {
        assert!(printed.contains(word), "{word} is printed as written");
    }
}

#[test]
fn right_to_left_text_that_reaches_a_page_is_refused_by_the_page_checker() {
    // A builder that let one through: the page rule still holds.
    let layout = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts/print/test-sheet.toml");
    let p = Pipeline::new(&Disk);
    let loaded = p.load(&layout, &Overrides::default()).unwrap();
    let mut doc = pipeline::compose(&loaded);
    let direction = |doc: &pitchprint::scene::page::Document| {
        pipeline::check(&loaded, doc)
            .into_iter()
            .filter(|f| f.code == Code::TextDirection)
            .collect::<Vec<_>>()
    };
    assert!(direction(&doc).is_empty());
    fn poison(items: &mut [Item]) -> bool {
        items.iter_mut().any(|item| match &mut item.shape {
            Shape::Group { items, .. } => poison(items),
            Shape::Text(run) => {
                run.text.push_str(" ܫܠܡܐ");
                true
            }
            _ => false,
        })
    }
    assert!(doc.pages.iter_mut().any(|page| poison(&mut page.items)));
    let found = direction(&doc);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].is_error() && found[0].message.contains("Syriac"),
        "{}",
        found[0]
    );
}

// ---------------------------------------------------------------------------
// Item 17: a word longer than two lines of its column is warned about.
// ---------------------------------------------------------------------------

/// An English compound of 136 letters, the game's words run together.
fn compound() -> String {
    let word: String = "goalkeeperdefendermidfielderforwardpenaltyboxcornerflagkickoffhalfway\
                        linetouchlinecrossbargoalpostsubstitutionrefereeassistantlinesmanwhistle"
        .chars()
        .take(136)
        .collect();
    assert_eq!(word.chars().count(), 136);
    word
}

#[test]
fn a_word_longer_than_two_lines_of_its_column_is_warned_about_at_its_line() {
    let word = compound();
    let paragraph = format!("The {word} is one word.");
    let line = std::cell::Cell::new(0);
    let dir = path_rules_edited("long-compound", |md| {
        let (md, at) = with_paragraph(&md, &paragraph);
        line.set(at);
        md
    });
    // Narrow text: two columns of type larger than the shipped 9.5 pt.
    let rel = "layouts/path-football/rules.toml";
    dir.write(rel, &replace_line(&project_file(rel), "size =", "size = 14"));
    let (code, found) = check(&dir, &[rel, "--lang", "en"]);
    assert_eq!(code, 0, "a warning, not an error: {found:?}");
    let hyphen = of_code(&found, "text-hyphen");
    assert_eq!(hyphen.len(), 1, "{found:?}");
    let f = hyphen[0];
    assert_eq!(f["severity"], "warning", "{f}");
    assert!(
        f["file"]
            .as_str()
            .unwrap()
            .ends_with("templates/rules/path-football/en.md"),
        "{f}"
    );
    assert_eq!(f["line"].as_u64(), Some(line.get() as u64), "{f}");
    let message = f["message"].as_str().unwrap();
    assert!(
        message.contains(&word[..40]) && message.contains("lines in a row"),
        "{f}"
    );

    // Read back: the word is all there, over more than two hyphenated
    // lines in a row, and it starts a line, no hyphen before it adding to
    // its run.
    dir.run(&["build", rel, "--lang", "en", "--format", "svg"])
        .expect_code(0);
    let svg = dir.read_string("output/path-football/rules-en-1.svg");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let lines = svg_texts(&doc);
    let start = lines
        .iter()
        .position(|l| l.starts_with(&word[..8]))
        .unwrap_or_else(|| panic!("a line starts with the word: {lines:?}"));
    assert!(lines[start - 1].ends_with("The"), "{:?}", &lines[start - 1..start + 1]);
    let run = lines[start..].iter().take_while(|l| l.ends_with('-')).count();
    assert!(run > 2, "{:?}", &lines[start..start + run + 1]);
    let joined: String = lines[start..=start + run]
        .iter()
        .map(|l| l.trim_end_matches('-'))
        .collect();
    assert!(joined.starts_with(&word), "{joined}");
    // And the sheet as shipped has no such warning.
    let plain = path_rules_edited("long-compound-none", |md| md);
    let (code, found) = check(&plain, &[rel, "--lang", "en"]);
    assert_eq!(code, 0, "{found:?}");
    assert!(of_code(&found, "text-hyphen").is_empty(), "{found:?}");
}
