//! Messages for people: files as Notepad, Excel and
//! LibreOffice save them (a byte-order mark, Windows-1252) are read or placed
//! at their line with what to do, and no finding speaks Rust (`expected f64`)
//! or the operating system (`os error 2`).

use std::path::PathBuf;

use crate::common::shipped;
use pitchprint::diag::Finding;
use pitchprint::diag::code::Code;
use pitchprint::input::world::{Disk, Overlay, World};
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::scene::page::Document;

/// The path the dice-football rule sheet reads its English text by: its
/// `text` folder joined to its own folder, `..` and all (an overlay compares
/// paths as given).
fn rule_text() -> PathBuf {
    shipped("layouts/dice-football").join("../../templates/rules/dice-football/en.md")
}

/// The findings of `rel` in `world`, which must refuse it.
fn refused(world: &dyn World, rel: &str) -> Vec<Finding> {
    match load(world, rel) {
        Ok(_) => panic!("{rel} was not refused"),
        Err(found) => found,
    }
}

fn bytes_of(rel: &str) -> Vec<u8> {
    std::fs::read(shipped(rel)).unwrap()
}

/// The English document of `rel`, or its findings.
fn load(world: &dyn World, rel: &str) -> Result<Document, Vec<Finding>> {
    let overrides = Overrides {
        lang: Some("en".to_string()),
        ..Overrides::default()
    };
    let loaded = Pipeline::new(world).load(&shipped(rel), &overrides)?;
    let doc = pipeline::compose(&loaded);
    let errors: Vec<Finding> = pipeline::check(&loaded, &doc)
        .into_iter()
        .filter(Finding::is_error)
        .collect();
    if errors.is_empty() { Ok(doc) } else { Err(errors) }
}

fn with_bom(bytes: &[u8]) -> Vec<u8> {
    let mut out = "\u{feff}".as_bytes().to_vec();
    out.extend_from_slice(bytes);
    out
}

/// `text` with its first `from` replaced by the Windows-1252 bytes `to`.
fn in_windows_1252(text: &[u8], from: &str, to: &[u8]) -> Vec<u8> {
    let at = text
        .windows(from.len())
        .position(|w| w == from.as_bytes())
        .expect("the text to replace");
    let mut out = text[..at].to_vec();
    out.extend_from_slice(to);
    out.extend_from_slice(&text[at + from.len()..]);
    out
}

#[test]
fn a_byte_order_mark_changes_nothing_in_a_layout_a_rule_text_or_labels() {
    let rules = "layouts/dice-football/rules.toml";
    let plain = load(&Disk, rules).expect("the shipped rules build");
    for file in [shipped(rules), rule_text(), shipped("templates/i18n/en.toml")] {
        let world = Overlay::new(&Disk).with(&file, with_bom(&std::fs::read(&file).unwrap()));
        match load(&world, rules) {
            Ok(doc) => assert!(doc == plain, "a BOM in {} changed the rule sheet", file.display()),
            Err(f) => panic!(
                "a BOM in {}: {:?}",
                file.display(),
                f.iter().map(|f| f.to_string()).collect::<Vec<_>>()
            ),
        }
    }
}

#[test]
fn a_windows_1252_layout_or_rule_text_is_placed_at_its_letter_and_told_how_to_save() {
    let rules = "layouts/dice-football/rules.toml";
    let text = std::fs::read(rule_text()).unwrap();
    // The first "e" after the title line, written as Windows-1252's é (0xE9).
    let lines: Vec<&str> = std::str::from_utf8(&text).unwrap().lines().collect();
    let line = (1..lines.len())
        .find(|&i| lines[i].is_ascii() && lines[i].contains('e'))
        .unwrap();
    let col = lines[line].find('e').unwrap();
    let start: usize = lines[..line].iter().map(|l| l.len() + 1).sum();
    let mut broken = text.clone();
    broken[start + col] = 0xE9;
    for (file, bytes, line, column) in [
        (rule_text(), broken, line + 1, col + 1),
        (
            shipped(rules),
            in_windows_1252(&bytes_of(rules), "kind", b"\xe9kind"),
            String::from_utf8(bytes_of(rules))
                .unwrap()
                .lines()
                .position(|l| l.starts_with("kind"))
                .unwrap()
                + 1,
            1,
        ),
    ] {
        let world = Overlay::new(&Disk).with(&file, bytes);
        let found = refused(&world, rules);
        let f = found
            .iter()
            .find(|f| f.location.file == file)
            .unwrap_or_else(|| panic!("a finding on {}: {found:?}", file.display()));
        assert_eq!((f.location.line, f.location.column), (Some(line), Some(column)), "{f}");
        assert!(f.message.contains("0xE9") && f.message.contains("Windows-1252"), "{f}");
        assert!(f.hint.as_deref().is_some_and(|h| h.contains("UTF-8")), "{f:?}");
    }
}

#[test]
fn a_syntax_error_in_the_labels_names_its_line() {
    let labels = "templates/i18n/en.toml";
    let mut text = String::from_utf8(bytes_of(labels)).unwrap();
    let line = text.lines().count() + 1;
    text.push_str("broken = = 1\n");
    // The project's own labels folder is read when the layout's project has one.
    let world = Overlay::new(&Disk).with(shipped(labels), text);
    let found = refused(&world, "layouts/dice-football/pitch.toml");
    let f = found
        .iter()
        .find(|f| f.code == Code::I18nSyntax)
        .unwrap_or_else(|| panic!("{found:?}"));
    assert_eq!(f.location.line, Some(line), "{f}");
    assert_eq!(f.location.column, Some(10), "at the second `=`: {f}");
}

#[test]
fn no_finding_speaks_rust_or_the_operating_system() {
    let pitch = "layouts/dice-football/pitch.toml";
    let text = String::from_utf8(bytes_of(pitch)).unwrap();
    let typed: String = text
        .lines()
        .map(|l| if l.starts_with("pitch =") { "pitch = \"big\"" } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    let world = Overlay::new(&Disk).with(shipped(pitch), typed);
    let mut said: Vec<String> = refused(&world, pitch)
        .iter()
        .map(|f| format!("{f} {}", f.hint.clone().unwrap_or_default()))
        .collect();
    assert!(said.iter().any(|s| s.contains("must be a number")), "{said:?}");
    said.extend(
        refused(&Disk, "layouts/dice-football/nowhere.toml")
            .iter()
            .map(|f| f.to_string()),
    );
    assert!(said.iter().any(|s| s.contains("does not exist")), "{said:?}");
    for rust in ["f64", "i64", "os error", "invalid type", "No such file"] {
        assert!(
            said.iter().all(|s| !s.contains(rust)),
            "{rust:?} reached the user: {said:?}"
        );
    }
}

#[test]
fn a_missing_text_folder_or_sheet_column_points_back_at_the_layout_key() {
    // `text` naming no folder is a finding on that key.
    let rules = "layouts/dice-football/rules.toml";
    let text = String::from_utf8(bytes_of(rules)).unwrap();
    let bent: String = text
        .lines()
        .map(|l| {
            if l.starts_with("text =") {
                "text = \"nowhere\""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let world = Overlay::new(&Disk).with(shipped(rules), bent);
    let found = refused(&world, rules);
    let f = found
        .iter()
        .find(|f| f.code == Code::RulesMissing)
        .expect("rules-missing");
    assert_eq!(f.location.file, shipped(rules), "{f}");
    assert_eq!(f.location.key.as_deref(), Some("text"), "{f}");

    // A column the sheet lacks: the finding is on the sheet, with a note at
    // the `[columns]` key that named it.
    let deck = "layouts/league/deck.toml";
    let text = String::from_utf8(bytes_of(deck)).unwrap();
    let bent: String = text
        .lines()
        .map(|l| {
            if l.starts_with("price =") {
                "price = \"Precio\""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let world = Overlay::new(&Disk).with(shipped(deck), bent);
    let found = refused(&world, deck);
    let f = found.iter().find(|f| f.code == Code::CardColumn).expect("card-column");
    let note = f.notes.first().unwrap_or_else(|| panic!("a note: {f}"));
    assert_eq!(note.location.file, shipped(deck));
    assert_eq!(note.location.key.as_deref(), Some("columns.price"));
    assert!(note.location.line.is_some(), "{f}");
}

#[test]
fn an_emoji_in_a_rule_text_is_placed_at_its_own_line_and_column() {
    let rules = "layouts/dice-football/rules.toml";
    let text = std::fs::read_to_string(rule_text()).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let line = lines.iter().position(|l| l.len() > 20 && !l.starts_with('#')).unwrap();
    let column = lines[line].chars().count() + 2;
    lines[line].push_str(" ⚽ goal");
    let world = Overlay::new(&Disk).with(rule_text(), lines.join("\n"));
    let found = refused(&world, rules);
    let f = found
        .iter()
        .find(|f| f.code == Code::TextGlyph)
        .unwrap_or_else(|| panic!("{found:?}"));
    assert_eq!(f.location.file, rule_text(), "at the .md file, not rules.toml: {f}");
    assert_eq!(
        (f.location.line, f.location.column),
        (Some(line + 1), Some(column)),
        "{f}"
    );
    assert!(f.message.contains("U+26BD"), "{f}");
}
