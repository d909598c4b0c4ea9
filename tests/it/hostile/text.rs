//! Hostile and careless text: words wider than their column,
//! control characters, Markdown outside the subset, text whose ink leaves its
//! box. Layouts are loaded in process with broken copies laid over the
//! shipped files in memory, as `in_process.rs` does.

use crate::common::{project_file, shipped, with_line};

use pitchprint::diag::Finding;
use pitchprint::diag::code::Code;
use pitchprint::input::world::{Disk, Overlay, World};
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::scene::item::Shape;
use pitchprint::scene::page::Document;
use pitchprint::text::typeset::unforced;

/// `text` with `extra` inserted after the first line starting `after`; and
/// the 1-based line `extra` starts on.
fn inserted(text: &str, after: &str, extra: &str) -> (String, usize) {
    let at = text
        .lines()
        .position(|l| l.starts_with(after))
        .unwrap_or_else(|| panic!("no line starts with {after:?}"));
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(at + 1, extra);
    (lines.join("\n") + "\n", at + 2)
}

/// The findings of `rel` built in `lang`, in `world`, and the composed
/// document when it loads.
fn load_and_check(world: &dyn World, rel: &str, lang: &str) -> (Vec<Finding>, Option<Document>) {
    let p = Pipeline::new(world);
    let overrides = Overrides {
        lang: Some(lang.into()),
        ..Overrides::default()
    };
    match p.load(&shipped(rel), &overrides) {
        Err(f) => (f, None),
        Ok(loaded) => {
            let doc = pipeline::compose(&loaded);
            (pipeline::check(&loaded, &doc), Some(doc))
        }
    }
}

/// Every text of a document, run after run, in drawing order, a word broken
/// by force joined again.
fn texts(doc: &Document) -> String {
    let mut out = String::new();
    for page in &doc.pages {
        page.walk(&mut |item, _| {
            if let Shape::Text(run) = &item.shape {
                match unforced(&run.text) {
                    Some(head) => out.push_str(&head),
                    None => {
                        out.push_str(&run.text);
                        out.push(' ');
                    }
                }
            }
        });
    }
    out
}

fn errors(found: &[Finding]) -> Vec<String> {
    found.iter().filter(|f| f.is_error()).map(|f| f.to_string()).collect()
}

const URL: &str = "https://example.org/a/very/long/path/to/the/official/rules/of/dice-football/version-2.pdf";

// ---------------------------------------------------------------------------
// Item 3: a word wider than its column is broken by force, never dropped.
// ---------------------------------------------------------------------------

#[test]
fn a_word_wider_than_its_column_is_broken_by_force_with_a_warning_at_its_line() {
    for (folder, layout) in [("rules", "rules.toml"), ("covers", "cover.toml")] {
        let md = format!("templates/{folder}/dice-football/en.md");
        let (text, line) = inserted(&project_file(&md), "## ", &format!("\nSee {URL} for more.\n"));
        let line = line + 1; // after the blank line
        let world = Overlay::new(&Disk).with(shipped(&format!("layouts/dice-football/../../{md}")), text);
        let (found, doc) = load_and_check(&world, &format!("layouts/dice-football/{layout}"), "en");
        assert!(errors(&found).is_empty(), "{md}: {:?}", errors(&found));
        let forced: Vec<&Finding> = found.iter().filter(|f| f.code == Code::TextForced).collect();
        assert_eq!(forced.len(), 1, "{md}: one warning for the one word: {found:?}");
        let f = forced[0];
        assert!(
            !f.is_error() && f.message.contains(&URL[..50]),
            "the word, cut short: {f}"
        );
        assert!(f.location.file.ends_with(&md), "{f}");
        assert_eq!(f.location.line, Some(line), "{f}");
        // Every character of the word is printed, in order, the pieces ending
        // in the forced-break mark.
        let printed = texts(&doc.expect("it composes"));
        assert!(printed.contains(URL), "{md}: the whole word is printed");
    }
}

#[test]
fn a_word_wider_than_a_reference_card_is_broken_by_force_with_a_warning() {
    let md = "templates/reference/league/en.md";
    let (text, line) = inserted(&project_file(md), "# ", &format!("\n{URL}\n"));
    let world = Overlay::new(&Disk).with(shipped(&format!("layouts/league/../../{md}")), text);
    let (found, doc) = load_and_check(&world, "layouts/league/reference.toml", "en");
    let forced: Vec<&Finding> = found.iter().filter(|f| f.code == Code::TextForced).collect();
    assert_eq!(forced.len(), 1, "{found:?}");
    assert_eq!(forced[0].location.line, Some(line + 1), "{}", forced[0]);
    let printed = texts(&doc.expect("it composes"));
    assert!(printed.contains(URL));
}

#[test]
fn a_label_word_wider_than_its_box_is_broken_by_force_with_a_warning_at_its_key() {
    let rel = "layouts/path-football/fields.toml";
    let text = with_line(
        &project_file(rel),
        "practice =",
        &format!("practice = \"Try the boundary first, as {URL} shows.\""),
    );
    let world = Overlay::new(&Disk).with(shipped(rel), text);
    let (found, doc) = load_and_check(&world, rel, "en");
    let forced: Vec<&Finding> = found.iter().filter(|f| f.code == Code::TextForced).collect();
    assert_eq!(forced.len(), 1, "{found:?}");
    assert!(
        forced[0]
            .location
            .key
            .as_deref()
            .is_some_and(|k| k.ends_with("practice")),
        "{}",
        forced[0]
    );
    let printed = texts(&doc.expect("it composes"));
    assert!(printed.contains(URL));
}

// ---------------------------------------------------------------------------
// Item 4: control characters and invisible marks are refused where they
// are written, and no SVG is ever malformed.
// ---------------------------------------------------------------------------

/// The one `text-control` finding of `found`.
fn control(found: &[Finding]) -> &Finding {
    let controls: Vec<&Finding> = found.iter().filter(|f| f.code == Code::TextControl).collect();
    assert!(!controls.is_empty(), "a text-control finding: {found:?}");
    assert!(controls.iter().all(|f| f.is_error()));
    controls[0]
}

#[test]
fn a_control_character_in_a_spreadsheet_cell_is_refused_at_its_cell() {
    let rel = "layouts/league/players.csv";
    // A vertical tab in a name; a quoted team cell holding a line break; a
    // tab; a right-to-left override (it would reverse the name in an SVG
    // viewer and not in the PDF).
    for (cell, bad, column) in [
        ("Adri\u{b}n Abril", '\u{b}', 1),
        ("\"Atlético\nRibera\"", '\n', 2),
        ("Adrián\tAbril", '\t', 1),
        ("\u{202e}Adrián Abril", '\u{202e}', 1),
    ] {
        let mut lines: Vec<String> = project_file(rel).lines().map(str::to_string).collect();
        let mut cells: Vec<String> = lines[1].split(',').map(str::to_string).collect();
        cells[column - 1] = cell.to_string();
        lines[1] = cells.join(",");
        let csv = lines.join("\n") + "\n";
        let at = crate::common::csv_column(&csv, 2, column);
        let world = Overlay::new(&Disk).with(shipped(rel), csv);
        let (found, _) = load_and_check(&world, "layouts/league/deck.toml", "en");
        let f = control(&found);
        assert_eq!(f.location.file, shipped(rel), "{f}");
        assert_eq!((f.location.line, f.location.column), (Some(2), Some(at)), "{f}");
        assert!(f.message.contains(&format!("U+{:04X}", bad as u32)), "{f}");
        assert!(f.hint.is_some(), "{f}");
    }
}

#[test]
fn a_control_character_in_a_layout_title_is_refused_at_its_key() {
    let rel = "layouts/dice-football/pitch.toml";
    for (escaped, code) in [
        ("\\u000B", "U+000B"),
        ("\\n", "U+000A"),
        ("\\t", "U+0009"),
        ("\\u0000", "U+0000"),
    ] {
        let text = with_line(
            &project_file(rel),
            "title =",
            &format!("title = \"Dice{escaped}Football\""),
        );
        let world = Overlay::new(&Disk).with(shipped(rel), text);
        let (found, _) = load_and_check(&world, rel, "en");
        let f = control(&found);
        assert_eq!(f.location.key.as_deref(), Some("text.title"), "{f}");
        assert!(f.location.line.is_some() && f.message.contains(code), "{f}");
    }
}

#[test]
fn a_control_character_in_a_label_table_is_refused_at_its_line_with_the_key_that_uses_it() {
    let table = "templates/i18n/en.toml";
    let text = project_file(table);
    let line = text
        .lines()
        .position(|l| l.starts_with("bank ="))
        .expect("the bank's name")
        + 1;
    let broken = with_line(&text, "bank =", "bank = \"Bank\\u0007 of the League\"");
    let world = Overlay::new(&Disk).with(shipped(table), broken);
    let (found, _) = load_and_check(&world, "layouts/league/banknotes.toml", "en");
    let f = control(&found);
    assert_eq!(f.location.file, shipped(table), "{f}");
    assert_eq!(f.location.line, Some(line), "{f}");
    assert!(f.message.contains("U+0007") && f.message.contains("notes.bank"), "{f}");
    let note = f.notes.first().expect("a note at the layout key");
    assert!(note.location.file.ends_with("layouts/league/banknotes.toml"), "{f}");
    assert!(note.location.key.is_some(), "{f}");
}

#[test]
fn a_control_character_in_markdown_is_refused_at_its_line_and_column() {
    let md = "templates/rules/path-football/en.md";
    let text = project_file(md);
    let n = text.lines().position(|l| l.starts_with("## ")).unwrap() + 3;
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    assert!(lines[n - 1].len() > 10, "line {n} is a paragraph");
    lines[n - 1].insert(5, '\u{1}');
    let world = Overlay::new(&Disk).with(
        shipped(&format!("layouts/path-football/../../{md}")),
        lines.join("\n") + "\n",
    );
    let (found, _) = load_and_check(&world, "layouts/path-football/rules.toml", "en");
    let f = control(&found);
    assert!(f.location.file.ends_with(md), "{f}");
    assert_eq!((f.location.line, f.location.column), (Some(n), Some(6)), "{f}");
}

#[test]
fn a_control_character_that_reaches_the_page_is_refused_by_the_page_checker() {
    // A builder that let one through: the page rule still holds.
    let rel = "layouts/print/test-sheet.toml";
    let p = Pipeline::new(&Disk);
    let loaded = p.load(&shipped(rel), &Overrides::default()).unwrap();
    let mut doc = pipeline::compose(&loaded);
    assert!(
        !pipeline::check(&loaded, &doc)
            .iter()
            .any(|f| f.code == Code::TextControl)
    );
    fn poison(items: &mut [pitchprint::scene::item::Item]) -> bool {
        items.iter_mut().any(|item| match &mut item.shape {
            Shape::Group { items, .. } => poison(items),
            Shape::Text(run) => {
                run.text.push('\u{c}');
                true
            }
            _ => false,
        })
    }
    assert!(poison(&mut doc.pages[0].items));
    let found = pipeline::check(&loaded, &doc);
    assert!(control(&found).message.contains("U+000C"), "{found:?}");
}

#[test]
fn a_control_character_exits_1_in_every_format_and_writes_nothing() {
    // With --format png the same input used to exit 2: the SVG the
    // rasteriser reads was not well-formed XML.
    let dir = crate::common::TestDir::new("control-png");
    dir.write_league_deck();
    let csv = dir
        .read_string("layouts/league/players.csv")
        .replacen("Adrián", "Adri\u{1}n", 1);
    dir.write("layouts/league/players.csv", &csv);
    for format in ["pdf", "svg", "png"] {
        let out = format!("out-{format}");
        let run = dir.run(&[
            "build",
            "layouts/league/deck.toml",
            "--lang",
            "en",
            "--format",
            format,
            "--out",
            &out,
        ]);
        run.expect_code(1);
        assert!(run.stderr.contains("text-control"), "{format}: {}", run.stderr);
        assert!(!dir.join(&out).join("league").exists(), "{format}: nothing is written");
    }
}

// ---------------------------------------------------------------------------
// Item 13: Markdown outside the subset is refused at its line, never printed
// as written or read with another meaning.
// ---------------------------------------------------------------------------

#[test]
fn markdown_outside_the_subset_is_refused_at_its_line_in_rules_covers_and_cards() {
    let cases = [
        ("rules", "rules.toml", "> A quote\n> > inside a quote", 1, 3),
        ("rules", "rules.toml", "See [the rules](https://example.org).", 0, 5),
        ("rules", "rules.toml", "---", 0, 1),
        ("rules", "rules.toml", "* an item that would be italics", 0, 1),
        ("covers", "cover.toml", "- an item\n  - and one inside it", 1, 3),
        ("covers", "cover.toml", "Print <b>this</b> first.", 0, 7),
        ("reference", "reference.toml", "Roll 2 * 3 times.", 0, 0),
    ];
    for (folder, layout, extra, down, column) in cases {
        let md = format!("templates/{folder}/dice-football/en.md");
        let (text, line) = inserted(&project_file(&md), "## ", &format!("\n{extra}\n"));
        let line = line + 1 + down;
        let world = Overlay::new(&Disk).with(shipped(&format!("layouts/dice-football/../../{md}")), text);
        let (found, doc) = load_and_check(&world, &format!("layouts/dice-football/{layout}"), "en");
        assert!(doc.is_none(), "{extra:?} is refused, nothing composed");
        let f = found
            .iter()
            .find(|f| f.code == Code::RulesMarkdown)
            .unwrap_or_else(|| panic!("{extra:?}: {found:?}"));
        assert!(f.location.file.ends_with(&md), "{f}");
        assert_eq!(f.location.line, Some(line), "{extra:?}: {f}");
        if column > 0 {
            assert_eq!(f.location.column, Some(column), "{extra:?}: {f}");
        }
        assert!(f.hint.is_some(), "{f}");
    }
}

// ---------------------------------------------------------------------------
// Item 10: every text's ink lies inside its box, its item's trim and its
// frame, in every language.
// ---------------------------------------------------------------------------

/// The `text-box` findings of `found`.
fn past_box(found: &[Finding]) -> Vec<&Finding> {
    found.iter().filter(|f| f.code == Code::TextBox).collect()
}

#[test]
fn a_banknote_serial_or_bank_name_too_long_reaches_past_its_box() {
    let rel = "layouts/league/banknotes.toml";
    for (start, line, key) in [
        (
            "serial_prefix =",
            "serial_prefix = \"LGXXXXXXXXXXXXXXXXXXXXXXXXXXXX\"",
            "note.serial_prefix",
        ),
        (
            "bank =",
            "bank = \"The Very Honourable and Ancient Bank of the Whole League\"",
            "labels.bank",
        ),
    ] {
        let text = with_line(&project_file(rel), start, line);
        let world = Overlay::new(&Disk).with(shipped(rel), text);
        for lang in ["es", "en", "ca"] {
            let (found, _) = load_and_check(&world, rel, lang);
            let past = past_box(&found);
            assert_eq!(past.len(), 1, "{key} in {lang}: {found:?}");
            let f = past[0];
            assert!(f.is_error(), "{f}");
            assert_eq!(f.location.key.as_deref(), Some(key), "{f}");
            assert!(
                f.hint.as_deref().is_some_and(|h| h.contains("character")),
                "the hint says how much to cut: {f}"
            );
        }
    }
}

#[test]
fn a_test_sheet_label_too_long_reaches_past_its_box() {
    let rel = "layouts/print/test-sheet.toml";
    let text = with_line(
        &project_file(rel),
        "front =",
        "front = \"This front label is far too long to fit on one poker card at all\"",
    );
    let world = Overlay::new(&Disk).with(shipped(rel), text);
    let (found, _) = load_and_check(&world, rel, "en");
    let past = past_box(&found);
    assert_eq!(past.len(), 1, "{found:?}");
    assert_eq!(past[0].location.key.as_deref(), Some("text.front"), "{}", past[0]);
    assert!(past[0].location.line.is_some());
}

#[test]
fn a_card_stat_of_twelve_digits_is_refused_at_its_cell() {
    let rel = "layouts/league/players.csv";
    let mut lines: Vec<String> = project_file(rel).lines().map(str::to_string).collect();
    let mut cells: Vec<String> = lines[1].split(',').map(str::to_string).collect();
    cells[3] = "123456789012".into();
    lines[1] = cells.join(",");
    let csv = lines.join("\n") + "\n";
    let at = crate::common::csv_column(&csv, 2, 4);
    let world = Overlay::new(&Disk).with(shipped(rel), csv);
    let (found, _) = load_and_check(&world, "layouts/league/deck.toml", "en");
    let f = found
        .iter()
        .find(|f| f.code == Code::CardText)
        .unwrap_or_else(|| panic!("{found:?}"));
    assert_eq!((f.location.line, f.location.column), (Some(2), Some(at)), "{f}");
    assert!(f.message.contains("123456789012"), "{f}");
    assert!(f.hint.as_deref().is_some_and(|h| h.contains("7 characters")), "{f}");
}

#[test]
fn a_card_stat_printed_over_the_photo_is_seen_on_the_composed_card() {
    // A builder that sets a stat too wide for its column: the page checker
    // sees its ink reach into the photo, whatever the spreadsheet said.
    let p = Pipeline::new(&Disk);
    let overrides = Overrides {
        lang: Some("en".into()),
        ..Overrides::default()
    };
    let loaded = p.load(&shipped("layouts/league/deck.toml"), &overrides).unwrap();
    // Held whole, to be changed: the deck's 40 pages are otherwise made a
    // run at a time.
    let mut doc = pipeline::compose(&loaded).held();
    assert!(past_box(&pipeline::check(&loaded, &doc)).is_empty());
    let mut changed = 0;
    for page in &mut doc.pages {
        for item in &mut page.items {
            let Shape::Group { items, .. } = &mut item.shape else {
                continue;
            };
            for child in items {
                if let Shape::Text(run) = &mut child.shape
                    && run.text == "3"
                    && changed == 0
                {
                    // Right-aligned: the wider number grows to the left.
                    let wide = "123456789012";
                    let grow = run.font.measure(wide, run.size_pt) - run.width;
                    run.origin.x = run.origin.x - grow;
                    run.width += grow;
                    run.text = wide.into();
                    changed += 1;
                }
            }
        }
    }
    assert_eq!(changed, 1);
    let found = pipeline::check(&loaded, &doc);
    let past = past_box(&found);
    assert_eq!(past.len(), 1, "{found:?}");
    assert!(past[0].message.contains("123456789012"), "{}", past[0]);
    assert_eq!(past[0].location.key.as_deref(), Some("template"), "{}", past[0]);
}

#[test]
fn every_shipped_layout_keeps_its_ink_inside_its_boxes_in_every_language() {
    let mut seen = 0;
    for game in ["dice-football", "futbolchess", "league", "path-football", "print"] {
        for entry in std::fs::read_dir(shipped(&format!("layouts/{game}"))).unwrap() {
            let path = entry.unwrap().path();
            // The game file is read by the game's texts, not built.
            if path.extension().is_none_or(|e| e != "toml") || path.ends_with("game.toml") {
                continue;
            }
            let rel = format!("layouts/{game}/{}", path.file_name().unwrap().to_string_lossy());
            for lang in ["es", "en", "ca"] {
                let (found, doc) = load_and_check(&Disk, &rel, lang);
                assert!(doc.is_some(), "{rel} ({lang}) loads: {found:?}");
                let bad: Vec<String> = found
                    .iter()
                    .filter(|f| f.is_error() || matches!(f.code, Code::TextBox | Code::TextForced | Code::TextControl))
                    .map(|f| f.to_string())
                    .collect();
                assert!(bad.is_empty(), "{rel} ({lang}):\n{}", bad.join("\n"));
                seen += 1;
            }
        }
    }
    assert!(seen >= 3 * 30, "every shipped layout in three languages ({seen})");
}

#[test]
fn a_sheet_set_at_an_impossible_size_is_refused_in_every_language() {
    // The Catalan sheet once wrote a PDF where Spanish and English were
    // refused: the line breaker's sums overflowed. Whatever bounds the size
    // at load, no language may get through, and none may panic.
    let rel = "layouts/dice-football/rules.toml";
    let text = with_line(&project_file(rel), "size =", "size = 1e9");
    let world = Overlay::new(&Disk).with(shipped(rel), text);
    for lang in ["es", "en", "ca"] {
        let (found, _) = load_and_check(&world, rel, lang);
        assert!(!errors(&found).is_empty(), "{lang}: refused");
    }
}
