//! Findings that need neither the binary nor the disk: layouts loaded in
//! process through the library's pipeline, with broken copies laid over the
//! shipped files in memory (`world::Overlay`). Faster than spawning the
//! binary, and the findings are values, not text to parse.

use std::path::{Path, PathBuf};

use pitchprint::code::Code;
use pitchprint::diag::Finding;
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::world::{Disk, Overlay, World};

fn shipped(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn text_of(rel: &str) -> String {
    std::fs::read_to_string(shipped(rel)).unwrap()
}

/// `text` with the line starting `start` replaced by `line`.
fn with_line(text: &str, start: &str, line: &str) -> String {
    let mut found = false;
    let out: Vec<String> = text
        .lines()
        .map(|l| {
            if !found && l.trim_start().starts_with(start) {
                found = true;
                line.to_string()
            } else {
                l.to_string()
            }
        })
        .collect();
    assert!(found, "no line starts with {start:?}");
    out.join("\n") + "\n"
}

/// Every finding of loading and checking `rel` in `world`.
fn findings(world: &dyn World, rel: &str) -> Vec<Finding> {
    let p = Pipeline::new(world);
    match p.load(&shipped(rel), &Overrides::default()) {
        Err(f) => f,
        Ok(loaded) => pipeline::check(&loaded, &pipeline::compose(&loaded)),
    }
}

#[test]
fn every_shipped_layout_checks_clean_in_process() {
    let mut seen = 0;
    for game in ["dice-football", "futbolchess", "league", "path-football", "print"] {
        for entry in std::fs::read_dir(shipped(&format!("layouts/{game}"))).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                let rel = path
                    .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                let errors: Vec<String> = findings(&Disk, &rel)
                    .iter()
                    .filter(|f| f.is_error())
                    .map(|f| f.to_string())
                    .collect();
                assert!(errors.is_empty(), "{rel}:\n{}", errors.join("\n"));
                seen += 1;
            }
        }
    }
    assert!(seen >= 16, "every shipped layout was checked ({seen})");
}

#[test]
fn a_rule_sheet_naming_itself_as_its_board_is_a_loop_not_a_crash() {
    let rel = "layouts/dice-football/rules.toml";
    let broken = with_line(&text_of(rel), "board =", "board = \"rules.toml\"");
    let world = Overlay::new(&Disk).with(shipped(rel), broken);
    let found = findings(&world, rel);
    let cycle = found
        .iter()
        .find(|f| f.code == Code::LayoutCycle)
        .expect("a layout-cycle finding");
    assert_eq!(cycle.location.key.as_deref(), Some("board"));
    assert!(cycle.location.line.is_some());
}

#[test]
fn a_role_card_and_rule_sheet_naming_each_other_are_a_loop() {
    // The rule sheet names the role card, whose board is the rule sheet.
    let roles = "layouts/futbolchess/roles.toml";
    let broken = with_line(&text_of(roles), "board =", "board = \"rules.toml\"");
    let world = Overlay::new(&Disk).with(shipped(roles), broken);
    let found = findings(&world, "layouts/futbolchess/rules.toml");
    assert!(
        found.iter().any(|f| f.code == Code::LayoutCycle),
        "{:?}",
        found.iter().map(|f| f.to_string()).collect::<Vec<_>>()
    );
}

#[test]
fn a_broken_board_is_reported_in_its_own_file_with_a_note_at_the_reference() {
    let board = "layouts/dice-football/pitch.toml";
    let broken = with_line(&text_of(board), "pitch =", "pitch = -20.0");
    let world = Overlay::new(&Disk).with(shipped(board), broken.clone());
    let found = findings(&world, "layouts/dice-football/counters.toml");
    let f = found
        .iter()
        .find(|f| f.code == Code::LayoutValue)
        .expect("the board's own finding comes through");
    assert_eq!(f.location.file, shipped(board), "it points into the board's file");
    assert_eq!(f.location.key.as_deref(), Some("board.pitch"));
    let line = broken.lines().position(|l| l.starts_with("pitch =")).unwrap() + 1;
    assert_eq!(f.location.line, Some(line));
    let note = f.notes.first().expect("a note at the referencing key");
    assert_eq!(note.location.file, shipped("layouts/dice-football/counters.toml"));
    assert_eq!(note.location.key.as_deref(), Some("board"));
}

#[test]
fn a_label_left_out_speaks_the_language_of_the_build() {
    // Without a title, the dice pitch takes the default label in each language.
    let rel = "layouts/dice-football/pitch.toml";
    let untitled = with_line(&text_of(rel), "title =", "");
    let world = Overlay::new(&Disk).with(shipped(rel), untitled);
    let p = Pipeline::new(&world);
    let mut titles = Vec::new();
    for lang in ["es", "en", "ca"] {
        let overrides = Overrides {
            lang: Some(lang.into()),
            ..Overrides::default()
        };
        let loaded = p.load(&shipped(rel), &overrides).unwrap();
        let table: toml::Table = toml::from_str(&text_of(&format!("templates/i18n/{lang}.toml"))).unwrap();
        let expected = table["dice"]["title"].as_str().unwrap().to_string();
        titles.push((loaded.layout.compose().title, expected));
    }
    for (got, expected) in &titles {
        assert_eq!(got, expected);
    }
    assert!(titles[0].0 != titles[1].0, "the languages differ: {titles:?}");
}

/// The number a hint names after `key = ` (up to the next space).
fn hinted(f: &Finding, key: &str) -> String {
    let hint = f.hint.as_deref().unwrap_or_default();
    let at = hint
        .find(&format!("{key} = "))
        .unwrap_or_else(|| panic!("the hint names {key}: {hint}"));
    hint[at + key.len() + 3..]
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn a_too_big_layout_is_told_the_number_that_fits_and_that_number_fits() {
    // (layout, the line to break, the key the hint must name, its line start)
    let cases = [
        (
            "layouts/league/table.toml",
            "teams =",
            "teams = 24",
            "table.row_height",
            "row_height =",
        ),
        (
            "layouts/print/test-sheet.toml",
            "size =",
            "size = [186.0, 270.0]",
            "print.bleed",
            "bleed =",
        ),
    ];
    for (rel, start, broken, key, key_line) in cases {
        let text = with_line(&text_of(rel), start, broken);
        let world = Overlay::new(&Disk).with(shipped(rel), text.clone());
        let found = findings(&world, rel);
        let fit = found
            .iter()
            .find(|f| matches!(f.code, Code::PageFit | Code::NupFit))
            .unwrap_or_else(|| panic!("{rel} with `{broken}` does not fit: {found:?}"));
        let value = hinted(fit, key);
        let fixed = with_line(&text, key_line, &format!("{key_line} {value}"));
        let world = Overlay::new(&Disk).with(shipped(rel), fixed);
        let errors: Vec<String> = findings(&world, rel)
            .iter()
            .filter(|f| f.is_error())
            .map(|f| f.to_string())
            .collect();
        assert!(
            errors.is_empty(),
            "{rel}: {key} = {value} as hinted still fails:\n{}",
            errors.join("\n")
        );
    }
}

// Broken copies of what is drawn. Some rules hold the scene itself (the goal
// squares' size, where a zone's tint lies), which no layout value can break:
// these tests compose a shipped layout, break one thing in the composed
// document as a faulty builder would, and check it.

use pitchprint::geom::Mm;
use pitchprint::scene::item::{Item, Shape};
use pitchprint::scene::page::Document;
use pitchprint::scene::tag::{End, Side, Tag, Zone};

/// Every item of `items`, groups opened, depth first.
fn each_item(items: &mut [Item], f: &mut dyn FnMut(&mut Item)) {
    for item in items {
        if let Shape::Group { items, .. } = &mut item.shape {
            each_item(items, f);
        }
        f(item);
    }
}

/// The codes of checking `rel` (shipped) after `breaking` its composed
/// document; and, first, that the unbroken document checks clean.
fn codes_when_drawn_broken(rel: &str, breaking: impl FnOnce(&mut Document)) -> Vec<Code> {
    let p = Pipeline::new(&Disk);
    let loaded = p
        .load(&shipped(rel), &Overrides::default())
        .expect("the shipped layout loads");
    let mut doc = pipeline::compose(&loaded);
    let clean: Vec<String> = pipeline::check(&loaded, &doc)
        .iter()
        .filter(|f| f.is_error())
        .map(|f| f.to_string())
        .collect();
    assert!(clean.is_empty(), "{rel} checks clean before it is broken: {clean:?}");
    breaking(&mut doc);
    pipeline::check(&loaded, &doc)
        .iter()
        .filter(|f| f.is_error())
        .map(|f| f.code)
        .collect()
}

/// Changes every item tagged `tag` in `doc`.
fn change(doc: &mut Document, tag: &Tag, f: &mut dyn FnMut(&mut Item)) {
    let mut seen = 0;
    for page in &mut doc.pages {
        each_item(&mut page.items, &mut |i| {
            if i.tag == *tag {
                seen += 1;
                f(i);
            }
        });
    }
    assert!(seen > 0, "the document draws {tag:?}");
}

/// The rectangle of a rectangle item.
fn rect_of(item: &mut Item) -> &mut pitchprint::geom::Rect {
    match &mut item.shape {
        Shape::Rect(r) => r,
        other => panic!("not a rectangle: {other:?}"),
    }
}

const BOARD: &str = "layouts/futbolchess/board.toml";
const PITCH: Mm = Mm(24.0);

#[test]
fn a_goal_drawn_as_a_strip_is_not_two_squares() {
    // The old goal: 8 mm beyond the line instead of a square a counter fits.
    let codes = codes_when_drawn_broken(BOARD, |doc| {
        for side in Side::BOTH {
            change(doc, &Tag::GoalSquare { end: End::Bottom, side }, &mut |i| {
                rect_of(i).h = Mm(8.0)
            });
        }
    });
    assert!(codes.contains(&Code::GoalSize), "{codes:?}");
}

#[test]
fn goal_squares_apart_or_on_the_pitch_are_refused() {
    let apart = codes_when_drawn_broken(BOARD, |doc| {
        let right = Tag::GoalSquare {
            end: End::Top,
            side: Side::Right,
        };
        change(doc, &right, &mut |i| rect_of(i).x += Mm(1.0));
    });
    assert!(apart.contains(&Code::GoalCentre), "{apart:?}");
    // In front of the goal line: the squares of the pitch's last row.
    let on_pitch = codes_when_drawn_broken(BOARD, |doc| {
        for side in Side::BOTH {
            change(doc, &Tag::GoalSquare { end: End::Bottom, side }, &mut |i| {
                rect_of(i).y = rect_of(i).y - PITCH
            });
        }
    });
    assert!(on_pitch.contains(&Code::GoalCentre), "{on_pitch:?}");
}

#[test]
fn the_midfielders_tint_must_cover_their_whole_half_off_the_bands() {
    // The old tint: only the rows between the area and the forwards' rows.
    let codes = codes_when_drawn_broken(BOARD, |doc| {
        let tint = Tag::ZoneTint {
            zone: Zone::Midfield,
            end: End::Top,
        };
        change(doc, &tint, &mut |i| {
            let r = rect_of(i);
            r.y += PITCH * 2.0;
            r.h = PITCH * 2.0;
        });
    });
    assert!(codes.contains(&Code::ZoneTint), "{codes:?}");
}

#[test]
fn a_hatching_that_leaves_part_of_its_zone_is_refused() {
    // The forwards' hatching stopped a row short of the halfway line.
    let codes = codes_when_drawn_broken(BOARD, |doc| {
        let tint = Tag::ZoneTint {
            zone: Zone::Front,
            end: End::Bottom,
        };
        change(doc, &tint, &mut |i| {
            if let Shape::Line { from, to } = &mut i.shape {
                from.y += PITCH;
                to.y += PITCH;
            }
        });
    });
    assert!(codes.contains(&Code::ZoneTint), "{codes:?}");
}

#[test]
fn a_kick_off_ring_on_the_centre_spot_is_refused() {
    // The centre spot is a crossing of four squares: no ball counter fits there.
    let codes = codes_when_drawn_broken(BOARD, |doc| {
        change(doc, &Tag::KickOff(End::Top), &mut |i| {
            if let Shape::Circle { centre, .. } = &mut i.shape {
                *centre = centre.offset(PITCH / 2.0, PITCH / 2.0);
            }
        });
    });
    assert!(codes.contains(&Code::MarkingPlace), "{codes:?}");
}

#[test]
fn a_legend_entry_without_words_or_over_the_board_is_refused() {
    // The bands' entry (the first) with its swatch and no words.
    let silent = codes_when_drawn_broken(BOARD, |doc| {
        change(doc, &Tag::Legend { entry: 0 }, &mut |i| {
            if let Shape::Text(run) = &mut i.shape {
                run.text.clear();
            }
        });
    });
    assert!(silent.contains(&Code::Legend), "{silent:?}");
    let over = codes_when_drawn_broken(BOARD, |doc| {
        change(doc, &Tag::Legend { entry: 0 }, &mut |i| {
            *i = i.clone().mapped(&up(PITCH))
        });
    });
    assert!(over.contains(&Code::Legend), "{over:?}");
}

/// A move `by` up the page.
fn up(by: Mm) -> pitchprint::geom::Transform {
    pitchprint::geom::Transform::translate(Mm::ZERO, -by)
}

#[test]
fn a_label_that_overflows_its_disc_is_refused_on_the_role_card_and_counters() {
    // The role card's old letters: POR at 9 pt on a 6.48 mm piece.
    let card = codes_when_drawn_broken("layouts/futbolchess/roles.toml", |doc| {
        for page in &mut doc.pages {
            each_item(&mut page.items, &mut |i| {
                if let Shape::Text(run) = &mut i.shape
                    && run.text == "POR"
                    && run.size_pt < 8.0
                {
                    let grow = 9.0 / run.size_pt;
                    run.origin.x = run.origin.x - run.width * ((grow - 1.0) / 2.0);
                    run.size_pt = 9.0;
                    run.width = run.width * grow;
                }
            });
        }
    });
    assert!(card.contains(&Code::LabelShape), "{card:?}");
    // Counters: POR at 20 pt is narrower than the counter (the width rule
    // passes it) but crosses the goalkeeper's ring.
    let rel = "layouts/futbolchess/counters.toml";
    let broken = with_line(&text_of(rel), "label_size =", "label_size = 20.0");
    let world = Overlay::new(&Disk).with(shipped(rel), broken);
    let found = findings(&world, rel);
    let por = found
        .iter()
        .find(|f| f.code == Code::LabelShape && f.message.contains("\"POR\""))
        .expect("POR crosses its ring");
    assert!(
        !found
            .iter()
            .any(|f| f.code == Code::CounterLabel && f.message.contains("\"POR\"")),
        "the width rule alone would have passed it"
    );
    assert_eq!(por.location.key.as_deref(), Some("counter.label_size"));
}
