//! Findings that need neither the binary nor the disk: layouts loaded in
//! process through the library's pipeline, with broken copies laid over the
//! shipped files in memory (`world::Overlay`). Faster than spawning the
//! binary, and the findings are values, not text to parse.

use crate::common::{findings_in, project_file, shipped, with_line};

use pitchprint::color::Color;
use pitchprint::diag::Finding;
use pitchprint::diag::code::Code;
use pitchprint::geom::{Mm, Transform};
use pitchprint::input::world::{Disk, Overlay, World};
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};
use pitchprint::scene::item::{Item, Shape};
use pitchprint::scene::page::Document;
use pitchprint::scene::style::Style;
use pitchprint::scene::tag::{Count, End, Line, Side, Tag, Team, Zone};

/// Every finding of loading and checking `rel` in `world`.
fn findings(world: &dyn World, rel: &str) -> Vec<Finding> {
    findings_in(world, &shipped(rel), None)
}

#[test]
fn every_shipped_layout_checks_clean_in_process() {
    let mut seen = 0;
    for game in ["dice-football", "futbolchess", "league", "path-football", "print"] {
        for entry in std::fs::read_dir(shipped(&format!("layouts/{game}"))).unwrap() {
            let path = entry.unwrap().path();
            // The game file is read by the game's texts, not built.
            if path.extension().is_some_and(|e| e == "toml") && !path.ends_with("game.toml") {
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
    let broken = with_line(&project_file(rel), "board =", "board = \"rules.toml\"");
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
    let broken = with_line(&project_file(roles), "board =", "board = \"rules.toml\"");
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
    let broken = with_line(&project_file(board), "pitch =", "pitch = -20.0");
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
    let untitled = with_line(&project_file(rel), "title =", "");
    let world = Overlay::new(&Disk).with(shipped(rel), untitled);
    let p = Pipeline::new(&world);
    let mut titles = Vec::new();
    for lang in ["es", "en", "ca"] {
        let overrides = Overrides {
            lang: Some(lang.into()),
            ..Overrides::default()
        };
        let loaded = p.load(&shipped(rel), &overrides).unwrap();
        let table: toml::Table = toml::from_str(&project_file(&format!("templates/i18n/{lang}.toml"))).unwrap();
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
            "teams = 14",
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
        (
            "layouts/dice-football/score.toml",
            "matches =",
            "matches = 6",
            "sheet.matches",
            "matches =",
        ),
    ];
    for (rel, start, broken, key, key_line) in cases {
        let text = with_line(&project_file(rel), start, broken);
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

#[test]
fn a_deck_too_small_for_its_tables_coaches_is_refused_with_the_cards_missing() {
    // Eight coaches instead of six: every position falls short.
    let table = with_line(&project_file("layouts/league/table.toml"), "teams =", "teams = 8");
    let world = Overlay::new(&Disk).with(shipped("layouts/league/table.toml"), table);
    let found = findings(&world, "layouts/league/deck.toml");
    let short: Vec<&Finding> = found.iter().filter(|f| f.code == Code::DeckSize).collect();
    assert!(!short.is_empty(), "a short deck is refused: {found:?}");
    // The numbers: from the spreadsheet, eight hands and seven market rounds.
    let csv = project_file("layouts/league/players.csv");
    let count = |p: &str| csv.lines().skip(1).filter(|l| l.split(',').nth(2) == Some(p)).count();
    let defenders_needed = 8 * 6 + 7 * 3;
    let f = short
        .iter()
        .find(|f| f.message.contains("defenders"))
        .expect("defenders fall short");
    assert!(
        f.message.contains(&format!("{defenders_needed} are needed")),
        "{}",
        f.message
    );
    let hint = f.hint.as_deref().unwrap_or_default();
    assert!(
        hint.contains(&format!("add {} defenders", defenders_needed - count("DF"))),
        "{hint}"
    );
    assert_eq!(f.location.key.as_deref(), Some("deal.table"));
    assert!(f.location.line.is_some(), "the finding points at the line");
}

#[test]
fn a_price_the_banks_notes_cannot_pay_is_refused_at_its_cell() {
    let rel = "layouts/league/players.csv";
    let csv = project_file(rel);
    let mut lines: Vec<String> = csv.lines().map(str::to_string).collect();
    let mut cells: Vec<String> = lines[5].split(',').map(str::to_string).collect();
    cells[8] = "22.5".into();
    lines[5] = cells.join(",");
    let text = lines.join("\n") + "\n";
    let price_at = crate::common::csv_column(&text, 6, 9);
    let world = Overlay::new(&Disk).with(shipped(rel), text);
    let found = findings(&world, "layouts/league/deck.toml");
    let price: Vec<&Finding> = found.iter().filter(|f| f.code == Code::CardPrice).collect();
    assert_eq!(price.len(), 1, "one price cannot be paid: {found:?}");
    let f = price[0];
    assert_eq!(f.location.file, shipped(rel));
    assert_eq!(f.location.line, Some(6), "the sixth line of the spreadsheet");
    assert_eq!(f.location.column, Some(price_at), "where the price cell starts");
    assert!(
        f.hint.as_deref().unwrap_or_default().contains("22 or 23"),
        "{:?}",
        f.hint
    );
}

#[test]
fn a_deal_naming_a_layout_that_is_no_table_is_refused() {
    let rel = "layouts/league/deck.toml";
    let deck = with_line(&project_file(rel), "table =", "table = \"banknotes.toml\"");
    let world = Overlay::new(&Disk).with(shipped(rel), deck);
    let found = findings(&world, rel);
    assert!(
        found
            .iter()
            .any(|f| f.code == Code::LayoutBoard && f.location.key.as_deref() == Some("deal.table")),
        "{found:?}"
    );
}

/// Every finding of the `lang` rule sheet of `game` with its Markdown text
/// replaced by `text`.
fn rule_sheet_findings(game: &str, lang: &str, text: &str) -> Vec<Finding> {
    // The path the sheet reads its text from: its folder, then `text = ...`.
    let md = shipped(&format!("layouts/{game}/../../templates/rules/{game}/{lang}.md"));
    let world = Overlay::new(&Disk).with(md, text.to_string());
    findings_in(&world, &shipped(&format!("layouts/{game}/rules.toml")), Some(lang))
}

#[test]
fn a_figure_without_a_one_sentence_caption_is_refused_at_its_line() {
    for (game, name) in [("dice-football", "kickoff"), ("league", "stripes")] {
        let text = project_file(&format!("templates/rules/{game}/en.md"));
        let start = format!("{{{{diagram: {name}");
        let line = text.lines().position(|l| l.starts_with(&start)).unwrap() + 1;
        // The shipped text passes; the same figure with no caption, or with
        // two sentences, does not.
        let clean = rule_sheet_findings(game, "en", &text);
        assert!(!clean.iter().any(|f| f.code == Code::RulesCaption), "{clean:?}");
        for broken in [
            format!("{start}}}}}"),
            format!("{start} | }}}}"),
            format!("{start} | The kick-off. A pass of five}}}}"),
            format!("{start} | no full stop at the end}}}}"),
        ] {
            let found = rule_sheet_findings(game, "en", &with_line(&text, &start, &broken));
            let f = found
                .iter()
                .find(|f| f.code == Code::RulesCaption)
                .unwrap_or_else(|| panic!("{broken}: {found:?}"));
            assert!(f.is_error(), "{f}");
            assert_eq!(f.location.line, Some(line), "{f}");
            assert!(f.location.file.ends_with(format!("{game}/en.md")), "{f}");
            assert!(f.hint.as_deref().unwrap_or_default().contains(&start), "{f}");
        }
    }
}

#[test]
fn a_last_page_left_mostly_blank_is_a_warning_and_the_quick_reference_fills_it() {
    // The league's last page is full without its box too (the championship's
    // defaults fill it); these two need theirs, or their answers "if in
    // doubt", which fill as much.
    for game in ["dice-football", "path-football"] {
        for lang in ["es", "en", "ca"] {
            let text = project_file(&format!("templates/rules/{game}/{lang}.md"));
            let sparse = |found: &[Finding]| found.iter().find(|f| f.code == Code::RulesSparse).cloned();
            assert_eq!(sparse(&rule_sheet_findings(game, lang, &text)), None, "{game}/{lang}");
            // The same sheet without its quick-reference box and its answers.
            let doubts = ["## Ante la duda", "## If in doubt", "## En cas de dubte"];
            let mut in_doubts = false;
            let without: String = text
                .lines()
                .filter(|l| {
                    if l.starts_with("## ") {
                        in_doubts = doubts.contains(l);
                    }
                    !in_doubts && !l.starts_with('>')
                })
                .map(|l| format!("{l}\n"))
                .collect();
            assert!(without.len() < text.len(), "{game}/{lang} has a box");
            let f = sparse(&rule_sheet_findings(game, lang, &without))
                .unwrap_or_else(|| panic!("{game}/{lang}: no warning without the box"));
            assert!(!f.is_error(), "a warning, not an error: {f}");
            assert!(f.message.starts_with("page 2 is only"), "{f}");
        }
    }
}

// Broken copies of what is drawn. Some rules hold the scene itself (the goal
// squares' size, where a zone's tint lies), which no layout value can break:
// these tests compose a shipped layout, break one thing in the composed
// document as a faulty builder would, and check it.

/// Every item of `items`, groups and placed symbols opened, depth first (a
/// symbol placed many times is copied for each placement it changes).
fn each_item(items: &mut [Item], f: &mut dyn FnMut(&mut Item)) {
    for item in items {
        match &mut item.shape {
            Shape::Group { items, .. } => each_item(items, f),
            Shape::Use { symbol, .. } => each_item(&mut std::sync::Arc::make_mut(symbol).items, f),
            _ => {}
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
    let broken = with_line(&project_file(rel), "label_size =", "label_size = 20.0");
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

const MAT: &str = "layouts/league/board.toml";

/// The codes of every error found loading and checking `rel` in `world`.
fn error_codes(world: &dyn World, rel: &str) -> Vec<Code> {
    findings(world, rel)
        .iter()
        .filter(|f| f.is_error())
        .map(|f| f.code)
        .collect()
}

#[test]
fn broken_copies_of_the_league_mat_fail_with_their_codes() {
    // (the line to break, as broken, the code, the key the finding names)
    let cases = [
        ("places =", "places = 5", Code::CardPlace, "cards.places"),
        ("step =", "step = 20.0", Code::CardStats, "cards.step"),
        ("line_step =", "line_step = 50.0", Code::CardStats, "cards.line_step"),
        ("balls =", "balls = 5", Code::Tally, "board.balls"),
        ("deck =", "deck = \"table.toml\"", Code::LayoutBoard, "deck"),
    ];
    for (start, broken, code, key) in cases {
        let world = Overlay::new(&Disk).with(shipped(MAT), with_line(&project_file(MAT), start, broken));
        let found = findings(&world, MAT);
        let f = found
            .iter()
            .find(|f| f.code == code)
            .unwrap_or_else(|| panic!("`{broken}` gives no {code}: {found:?}"));
        assert_eq!(f.location.key.as_deref(), Some(key), "`{broken}`: {f}");
        assert!(f.location.line.is_some(), "`{broken}`: {f}");
    }
    assert!(error_codes(&Disk, MAT).is_empty(), "the shipped mat is clean");
}

#[test]
fn a_card_stats_finding_names_the_step_that_keeps_the_stats_in_sight_and_it_does() {
    for (start, broken) in [("step =", "step = 20.0"), ("line_step =", "line_step = 50.0")] {
        let text = with_line(&project_file(MAT), start, broken);
        let world = Overlay::new(&Disk).with(shipped(MAT), text.clone());
        let found = findings(&world, MAT);
        let f = found.iter().find(|f| f.code == Code::CardStats).unwrap();
        let key = f.location.key.clone().unwrap();
        let value = hinted(f, &key);
        let fixed = with_line(&text, start, &format!("{start} {value}"));
        let world = Overlay::new(&Disk).with(shipped(MAT), fixed);
        assert!(
            error_codes(&world, MAT).is_empty(),
            "{key} = {value} as hinted still fails"
        );
    }
}

#[test]
fn a_deck_of_wider_cards_is_checked_against_the_mat_it_lies_on() {
    // The same template on tarot cards (70 x 120 mm): the stats column now
    // starts 30 mm from the right edge, more than the mat's 24 mm step.
    let template = "templates/cards/player.toml";
    let tarot = with_line(&project_file(template), "size =", "size = \"tarot\"");
    // The path as the deck names it, relative to its own folder.
    let world = Overlay::new(&Disk).with(shipped("layouts/league/../../templates/cards/player.toml"), tarot);
    let codes = error_codes(&world, MAT);
    assert!(codes.contains(&Code::CardStats), "{codes:?}");
}

#[test]
fn the_mat_too_tall_for_a3_is_told_the_line_step_that_fits_and_that_one_fits() {
    let text = with_line(&project_file(MAT), "enabled =", "enabled = false");
    let text = with_line(&text, "line_step =", "line_step = 80.0");
    let world = Overlay::new(&Disk).with(shipped(MAT), text.clone());
    let found = findings(&world, MAT);
    let fit = found
        .iter()
        .find(|f| f.code == Code::PageFit)
        .unwrap_or_else(|| panic!("{found:?}"));
    let value = hinted(fit, "cards.line_step");
    let fixed = with_line(&text, "line_step =", &format!("line_step = {value}"));
    let world = Overlay::new(&Disk).with(shipped(MAT), fixed);
    assert!(
        error_codes(&world, MAT).is_empty(),
        "line_step = {value} as hinted still fails"
    );
}

/// The shipped mat composed, its drawing changed by `edit`, and checked:
/// the codes of the errors found.
fn tampered(edit: impl Fn(&mut Vec<Item>)) -> Vec<Code> {
    let p = Pipeline::new(&Disk);
    let loaded = p.load(&shipped(MAT), &Overrides::default()).unwrap();
    let mut doc = pipeline::compose(&loaded);
    edit(&mut doc.pages[0].items);
    pipeline::check(&loaded, &doc)
        .iter()
        .filter(|f| f.is_error())
        .map(|f| f.code)
        .collect()
}

/// Removes the items `drop` picks, at any depth.
fn remove(items: &mut Vec<Item>, drop: &dyn Fn(&Item) -> bool) {
    items.retain(|i| !drop(i));
    for item in items.iter_mut() {
        if let Shape::Group { items, .. } = &mut item.shape {
            remove(items, drop);
        }
    }
}

#[test]
fn a_mat_drawn_wrong_is_refused_with_the_code_of_each_rule() {
    assert!(tampered(|_| {}).is_empty(), "the mat as composed is clean");
    // The away half not turned: its stripes lie over the home ones.
    let unturned = tampered(|items| {
        each_item(items, &mut |i| {
            if let Shape::Group { transform, .. } = &mut i.shape {
                *transform = Transform::translate(Mm(transform.m[4] - 204.0), Mm(0.0));
            }
        })
    });
    assert!(unturned.contains(&Code::StripeOrder), "{unturned:?}");
    // The home midfield's ball place moved down: no longer level with the
    // away midfield's, and under the home defence's cards' column.
    let moved = tampered(|items| {
        each_item(items, &mut |i| {
            if let (
                Tag::BallSpot {
                    team: Team::Home,
                    line: Line::Midfield,
                },
                Shape::Circle { centre, .. },
            ) = (&i.tag, &mut i.shape)
            {
                centre.y += Mm(30.0);
            }
        })
    });
    assert!(moved.contains(&Code::StripeOrder), "{moved:?}");
    // A ball place moved onto the cards.
    let covered = tampered(|items| {
        each_item(items, &mut |i| {
            if let (
                Tag::BallSpot {
                    team: Team::Home,
                    line: Line::Attack,
                },
                Shape::Circle { centre, .. },
            ) = (&i.tag, &mut i.shape)
            {
                centre.x += Mm(-40.0);
            }
        })
    });
    assert!(covered.contains(&Code::BallSpot), "{covered:?}");
    let no_place = tampered(|items| remove(items, &|i| matches!(i.tag, Tag::CardPlace { n: 6, .. })));
    assert!(no_place.contains(&Code::CardPlace), "{no_place:?}");
    let no_box = tampered(|items| remove(items, &|i| matches!(i.tag, Tag::TrackBox { n: 3, .. })));
    assert!(no_box.contains(&Code::TrackBoxes), "{no_box:?}");
    // The balls tally given to one coach: it is no longer the shared one.
    let owned = tampered(|items| {
        each_item(items, &mut |i| {
            if let Tag::Tally {
                coach,
                count: Count::Balls,
                ..
            } = &mut i.tag
            {
                *coach = Some(Team::Home);
            }
        })
    });
    assert!(owned.contains(&Code::Tally), "{owned:?}");
}

#[test]
fn a_token_drawn_over_a_number_of_the_rule_sheet_is_refused() {
    let rel = "layouts/league/rules.toml";
    let p = Pipeline::new(&Disk);
    let loaded = p.load(&shipped(rel), &Overrides::default()).unwrap();
    let mut doc = pipeline::compose(&loaded);
    assert!(
        !pipeline::check(&loaded, &doc)
            .iter()
            .any(|f| f.code == Code::TextCovered),
        "the shipped sheet's tokens leave every number in sight"
    );
    // A token laid on the first number of the strategy track's diagram,
    // on whichever page the diagram falls.
    let mut at = None;
    for (k, page) in doc.pages.iter().enumerate() {
        page.walk(&mut |item, t| {
            if let Shape::Text(run) = &item.shape
                && at.is_none()
                && run.text == "2"
            {
                at = Some((k, t.apply(run.origin)));
            }
        });
    }
    let (page, at) = at.expect("the track diagram numbers its boxes");
    doc.pages[page].items.push(Item::new(
        Shape::Circle {
            centre: at,
            radius: Mm(4.0),
        },
        Style::filled(Color::BLACK),
        Tag::Decoration,
    ));
    let found = pipeline::check(&loaded, &doc);
    assert!(found.iter().any(|f| f.code == Code::TextCovered), "{found:?}");
}

#[test]
fn a_shared_sheet_stacks_its_parts_each_still_checked_by_its_own_rules() {
    let rel = "layouts/dice-football/small-parts.toml";
    let p = Pipeline::new(&Disk);
    let loaded = p.load(&shipped(rel), &Overrides::default()).unwrap();
    let doc = pipeline::compose(&loaded);
    assert_eq!(doc.pages.len(), 1, "one sheet");
    let page = &doc.pages[0];
    let parts: Vec<&Item> = page
        .items
        .iter()
        .filter(|it| matches!(it.tag, Tag::GangPart { .. }))
        .collect();
    assert_eq!(parts.len(), 2, "the counters and the dice");
    let boxes: Vec<_> = parts.iter().map(|p| p.bbox().unwrap()).collect();
    assert!(
        boxes[0].bottom().0 <= boxes[1].y.0,
        "stacked, not overlapping: {boxes:?}"
    );
    let notes = page.leaves().iter().filter(|(it, _)| it.tag == Tag::PrintNote).count();
    assert_eq!(notes, 1, "one margin note for the sheet");
    // A part's own rule still holds: counters too big for their squares.
    let counters = shipped("layouts/dice-football/counters.toml");
    let big = with_line(
        &project_file("layouts/dice-football/counters.toml"),
        "diameter =",
        "diameter = 19.0",
    );
    let world = Overlay::new(&Disk).with(counters.clone(), big);
    let found = findings(&world, rel);
    let f = found
        .iter()
        .find(|f| f.code == Code::CounterSize)
        .unwrap_or_else(|| panic!("{found:?}"));
    assert_eq!(f.location.file, counters, "found in the part's own file");
    // A part with backs cannot share a sheet.
    let gang = shipped("layouts/futbolchess/small-parts.toml");
    let world = Overlay::new(&Disk).with(gang, "kind = \"gang\"\nparts = [\"counters.toml\"]\n".to_string());
    let found = findings(&world, "layouts/futbolchess/small-parts.toml");
    let f = found
        .iter()
        .find(|f| f.code == Code::GangPart)
        .unwrap_or_else(|| panic!("{found:?}"));
    assert_eq!(f.location.key.as_deref(), Some("parts[0]"));
}

#[test]
fn a_banknote_ornament_drawn_too_thin_inside_its_symbol_is_found() {
    // The engraving is drawn once per denomination and placed on every note:
    // a line too thin in that one drawing is too thin on every note, and the
    // checker, seeing through the placements, says so.
    let mut placed = 0;
    let codes = codes_when_drawn_broken("layouts/league/banknotes.toml", |doc| {
        for page in &mut doc.pages {
            for item in &mut page.items {
                let Shape::Group { items, .. } = &mut item.shape else {
                    continue;
                };
                for member in items {
                    let Shape::Use { symbol, .. } = &mut member.shape else {
                        continue;
                    };
                    placed += 1;
                    let art = std::sync::Arc::make_mut(symbol);
                    for i in art.items.iter_mut().filter(|i| i.tag == Tag::Guilloche) {
                        if let Some(s) = &mut i.style.stroke {
                            s.width = Mm(0.05);
                        }
                    }
                }
            }
        }
    });
    assert!(placed > 0, "the notes place their engraving as a symbol");
    assert!(codes.contains(&Code::StrokeThin), "{codes:?}");
}

#[test]
fn a_price_some_notes_make_is_payable_though_it_is_no_multiple_of_the_smallest() {
    // A bank of 2, 5, 20 and 100: 33 = 20 + 5 + 2 x 4 and 35 = 7 x 5 are
    // paid; 3 is not (no notes add up to it), and the hint names 2 and 4.
    let bank = "layouts/league/banknotes.toml";
    let text = project_file(bank);
    let start = text.find("[[denomination]]").unwrap();
    let end = text.find("[labels]").unwrap();
    let mut notes = String::new();
    for (value, count) in [(2, 30), (5, 30), (20, 20), (100, 4)] {
        notes.push_str(&format!(
            "[[denomination]]\nvalue = {value}\ncolour = \"#2e8b57\"\ncount = {count}\n\n"
        ));
    }
    let text = format!("{}{notes}{}", &text[..start], &text[end..]);
    let rel = "layouts/league/players.csv";
    let csv = project_file(rel);
    let mut lines: Vec<String> = csv.lines().map(str::to_string).collect();
    for (line, price) in [(1, "33"), (2, "35"), (3, "3")] {
        let mut cells: Vec<String> = lines[line].split(',').map(str::to_string).collect();
        cells[8] = price.into();
        lines[line] = cells.join(",");
    }
    // Every other price made even, so that only the three above are in question.
    for line in lines.iter_mut().skip(4) {
        let mut cells: Vec<String> = line.split(',').map(str::to_string).collect();
        if let Ok(p) = cells[8].parse::<u32>() {
            cells[8] = (p.max(1) * 2).to_string();
        }
        *line = cells.join(",");
    }
    let world = Overlay::new(&Disk)
        .with(shipped(rel), lines.join("\n") + "\n")
        .with(shipped(bank), text);
    let found = findings(&world, "layouts/league/deck.toml");
    let price: Vec<&Finding> = found.iter().filter(|f| f.code == Code::CardPrice).collect();
    assert_eq!(price.len(), 1, "only 3 cannot be paid: {price:?}");
    assert_eq!(price[0].location.line, Some(4), "the price 3, on the fourth line");
    assert!(
        price[0].message.contains("no notes of it add up to 3"),
        "{}",
        price[0].message
    );
    assert!(
        price[0].hint.as_deref().unwrap_or_default().contains("2 or 4"),
        "{:?}",
        price[0].hint
    );
}

#[test]
fn a_currency_written_singular_bar_plural_says_1_peso_and_5_pesos() {
    // The notes and the cards print the singular for 1, the plural else.
    let notes = "layouts/league/banknotes.toml";
    let text = with_line(&project_file(notes), "currency =", "currency = \"Peso|Pesos\"");
    let deck = "layouts/league/deck.toml";
    let deck_text = with_line(&project_file(deck), "currency =", "currency = \"Peso|Pesos\"");
    let rel = "layouts/league/players.csv";
    let mut lines: Vec<String> = project_file(rel).lines().map(str::to_string).collect();
    let mut cells: Vec<String> = lines[1].split(',').map(str::to_string).collect();
    cells[8] = "1".into();
    lines[1] = cells.join(",");
    let world = Overlay::new(&Disk)
        .with(shipped(notes), text)
        .with(shipped(deck), deck_text)
        .with(shipped(rel), lines.join("\n") + "\n");
    let overrides = Overrides {
        lang: Some("en".into()),
        ..Overrides::default()
    };
    let mut amounts = std::collections::BTreeSet::new();
    for layout in [notes, deck] {
        let loaded = Pipeline::new(&world).load(&shipped(layout), &overrides).unwrap();
        let doc = pipeline::compose(&loaded);
        for i in 0..doc.page_count().min(2) {
            let svg = pitchprint::export::svg::export_page(&doc, i).unwrap();
            let svg = roxmltree::Document::parse(&svg).unwrap();
            for t in crate::common::svg_texts(&svg) {
                if t.ends_with(" Peso") || t.ends_with(" Pesos") {
                    amounts.insert(t);
                }
            }
        }
    }
    assert!(amounts.contains("1 Peso"), "{amounts:?}");
    assert!(
        amounts.iter().any(|a| a.ends_with(" Pesos") && a != "1 Pesos"),
        "{amounts:?}"
    );
    assert!(!amounts.contains("1 Pesos"), "{amounts:?}");
}
