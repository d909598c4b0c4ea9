//! Hostile numbers and counts: every number a
//! layout or the card template holds has a range a printed game can use,
//! refused at load with its file, line, key and the range; every count the
//! pages are made of is bounded before anything is made for it; degenerate
//! sizes are refused. Broken copies are laid over the shipped files in
//! memory, as in `in_process`, and each load runs under a time limit,
//! so that a value that used to hang fails here instead of hanging.
//!
//! A value refused with nothing more to check than its finding is a file
//! under `refusals/` instead; what stays here sweeps values, reads hints
//! and messages, or breaks more than one file.

use crate::common::{findings_in, project_file, shipped, with_line};

use std::path::PathBuf;
use std::time::Duration;

use pitchprint::diag::Finding;
use pitchprint::diag::code::Code;
use pitchprint::input::world::{Disk, Overlay};
use pitchprint::layout::resolve::Overrides;
use pitchprint::pipeline::{self, Pipeline};

/// The 1-based line of `text` that starts with `start`, or that leaves the
/// key commented out (`# margin = 5.0`, left to the printer profile).
fn line_of(text: &str, start: &str) -> usize {
    let at = |start: &str| text.lines().position(|l| l.trim_start().starts_with(start));
    at(start)
        .or_else(|| at(&format!("# {start}")))
        .expect("the line is there")
        + 1
}

/// Runs `f` on its own thread, failing the test when it takes longer than
/// `secs` seconds: a value that made a loop run forever fails, not hangs.
fn within<T: Send + 'static>(secs: u64, what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(secs))
        .unwrap_or_else(|_| panic!("{what} did not finish within {secs} s"))
}

/// Every finding of loading and checking `rel` with `files` laid over the
/// shipped ones (paths relative to the project), under a time limit.
fn findings_with(rel: &str, files: Vec<(PathBuf, String)>) -> Vec<Finding> {
    let rel = rel.to_string();
    within(60, &format!("loading {rel}"), move || {
        let mut world = Overlay::new(&Disk);
        for (path, text) in files {
            world = world.with(path, text);
        }
        findings_in(&world, &shipped(&rel), None)
    })
}

/// `rel` with the line starting `start` replaced by `line`: its findings.
fn broken(rel: &str, start: &str, line: &str) -> Vec<Finding> {
    let text = with_line(&project_file(rel), start, line);
    findings_with(rel, vec![(shipped(rel), text)])
}

/// The finding of `code` at `key`, or a failure that lists what was found.
fn the<'f>(found: &'f [Finding], code: Code, key: &str) -> &'f Finding {
    found
        .iter()
        .find(|f| f.code == code && f.location.key.as_deref() == Some(key))
        .unwrap_or_else(|| {
            panic!(
                "no {} finding at `{key}`; found:\n{}",
                code.name(),
                found.iter().map(|f| f.to_string()).collect::<Vec<_>>().join("\n")
            )
        })
}

/// The finding of `code` at `key` of `rel`, on `line` of its own file, whose
/// message states `range`.
fn refused_at(found: &[Finding], rel: &str, key: &str, line: usize, range: &str) {
    let f = the(found, Code::LayoutValue, key);
    assert_eq!(f.location.file, shipped(rel), "{f}");
    assert_eq!(f.location.line, Some(line), "{f}");
    assert!(f.location.column.is_some(), "{f}");
    assert!(f.message.contains(range), "the message states the range {range:?}: {f}");
}

const PITCH: &str = "layouts/dice-football/pitch.toml";
const DECK: &str = "layouts/league/deck.toml";
const TEMPLATE_FROM_DECK: &str = "layouts/league/../../templates/cards/player.toml";

#[test]
fn nan_inf_and_huge_lengths_are_refused_with_their_range() {
    let line = line_of(&project_file(PITCH), "pitch =");
    for value in ["nan", "inf", "-inf", "1e20", "1e9", "2000.0", "0.0", "1e-9"] {
        let found = broken(PITCH, "pitch =", &format!("pitch = {value}"));
        refused_at(&found, PITCH, "board.pitch", line, "from 0.1 mm to 1200 mm");
    }
}

#[test]
fn text_sizes_past_a_headline_or_not_finite_are_refused() {
    let line = line_of(&project_file(PITCH), "title_size =");
    for value in ["nan", "inf", "1e20", "1e6", "100.0", "0.0"] {
        let found = broken(PITCH, "title_size =", &format!("title_size = {value}"));
        refused_at(&found, PITCH, "text.title_size", line, "at most 72");
    }
}

#[test]
fn card_template_text_sizes_out_of_range_are_refused_and_never_hang() {
    // These sizes looped forever (inf, 1e20) or wrote font-size="NaN".
    let template = project_file("templates/cards/player.toml");
    let size_line = line_of(&template, "size = 11.0");
    for value in ["nan", "inf", "1e20", "1e6", "-3.0"] {
        let text = with_line(&template, "size = 11.0", &format!("size = {value}"));
        let found = findings_with(DECK, vec![(shipped(TEMPLATE_FROM_DECK), text)]);
        let f = the(&found, Code::LayoutValue, "name.size");
        assert_eq!(f.location.file, shipped(TEMPLATE_FROM_DECK), "{f}");
        assert_eq!(f.location.line, Some(size_line), "{f}");
        assert!(f.message.contains("at most 72"), "{f}");
    }
    let text = with_line(&template, "min_size = 7.0", "min_size = 1e20");
    let found = findings_with(DECK, vec![(shipped(TEMPLATE_FROM_DECK), text)]);
    the(&found, Code::LayoutValue, "name.min_size");
    let text = with_line(&template, "min_size = 7.0", "min_size = 12.0");
    let found = findings_with(DECK, vec![(shipped(TEMPLATE_FROM_DECK), text)]);
    let f = the(&found, Code::LayoutValue, "name.min_size");
    assert!(f.message.contains("larger than the size"), "{f}");
    let text = with_line(&template, "size = 14.0", "size = inf");
    let found = findings_with(DECK, vec![(shipped(TEMPLATE_FROM_DECK), text)]);
    the(&found, Code::LayoutValue, "back.size");
}

#[test]
fn a_card_template_border_over_the_whole_card_is_refused() {
    let template = project_file("templates/cards/player.toml");
    let text = with_line(&template, "border =", "border = 40.0");
    let found = findings_with(DECK, vec![(shipped(TEMPLATE_FROM_DECK), text)]);
    the(&found, Code::LayoutValue, "border");
}

#[test]
fn a_title_of_100_kb_is_refused_not_laid_out() {
    // A megabyte of title no longer fits in a layout file (1 MB at most,
    // `hostile::file_system`); a hundred kilobytes does, and is a title no sheet holds.
    let title = "x".repeat(100 << 10);
    let found = broken(PITCH, "title =", &format!("title = \"{title}\""));
    let f = the(&found, Code::LayoutValue, "text.title");
    assert!(f.message.contains("at most 1000"), "{f}");
    assert!(f.message.len() < 200, "the message does not repeat the title");
}

#[test]
fn a_board_longer_than_the_largest_is_refused_with_the_pitch_that_fits() {
    // 18 rows of 100 mm: a board of 1.8 m, which used to tile into 60 pages.
    let found = broken(PITCH, "pitch =", "pitch = 100.0");
    let f = the(&found, Code::LayoutValue, "board.pitch");
    assert!(f.message.contains("1200 mm a side"), "{f}");
    assert!(f.hint.as_deref().unwrap_or("").contains("at most 66.5 mm"), "{f}");
}

#[test]
fn a_tiled_board_is_split_into_at_most_64_pieces() {
    // A mat several metres wide would be tiled into about a hundred pages:
    // it is refused with one sheet's worth of pages made, and the hint says
    // how many pieces it would take.
    let board = "layouts/league/board.toml";
    let text = with_line(&project_file(board), "step =", "step = 400.0");
    let text = with_line(&text, "line_step =", "line_step = 600.0");
    let rel = board.to_string();
    let (pages, found) = within(60, "the mat", move || {
        let world = Overlay::new(&Disk).with(shipped(&rel), text);
        let p = Pipeline::new(&world);
        let loaded = p.load(&shipped(&rel), &Overrides::default()).expect("the mat loads");
        let doc = pipeline::compose(&loaded);
        (doc.pages.len(), pipeline::check(&loaded, &doc))
    });
    assert_eq!(pages, 1, "no piece is made past the cap");
    let f = found
        .iter()
        .find(|f| f.code == Code::PageFit)
        .expect("a page-fit finding");
    let hint = f.hint.as_deref().unwrap_or("");
    assert!(hint.contains("more than the 64"), "{f}");
}

#[test]
fn banknotes_past_the_bank_cap_are_refused() {
    let notes = "layouts/league/banknotes.toml";
    let text = project_file(notes).replace("count = 48", "count = 450");
    let found = findings_with(notes, vec![(shipped(notes), text)]);
    let f = the(&found, Code::LayoutValue, "denomination");
    assert!(f.message.contains("at most 500"), "{f}");
    let found = broken(notes, "count = 48", "count = 40000");
    the(&found, Code::LayoutValue, "denomination[0].count");
}

#[test]
fn counters_and_lists_past_their_caps_are_refused() {
    let counters = "layouts/futbolchess/counters.toml";
    let text = project_file(counters);
    let first = text.lines().find(|l| l.trim_start().starts_with("count =")).unwrap();
    let found = findings_with(
        counters,
        vec![(shipped(counters), text.replacen(first, "count = 400", 2))],
    );
    let f = the(&found, Code::LayoutValue, "set");
    assert!(f.message.contains("500"), "{f}");
    // A thousand [[die]] tables are refused, not laid out.
    let dice = "layouts/league/dice.toml";
    let text = project_file(dice);
    let start = text.find("[[die]]").unwrap();
    let end = text[start + 1..].find("[[die]]").map_or(text.len(), |e| start + 1 + e);
    let one = &text[start..end];
    let many = format!("{}{}{}", &text[..start], one.repeat(1000), &text[end..]);
    let found = findings_with(dice, vec![(shipped(dice), many)]);
    let f = the(&found, Code::LayoutValue, "die");
    assert!(f.message.contains("at most 50"), "{f}");
}

/// The shipped spreadsheet's header and a row to copy.
fn sheet() -> (String, String) {
    let csv = project_file("layouts/league/players.csv");
    let mut lines = csv.lines();
    (lines.next().unwrap().to_string(), lines.next().unwrap().to_string())
}

/// The shipped header with `rows` rows made from the shipped first row,
/// named `P1`, `P2`, …, without photos, each transformed by `edit`.
fn players(rows: usize, edit: impl Fn(Vec<String>) -> Vec<String>) -> String {
    let (header, row) = sheet();
    let cells: Vec<String> = row.split(',').map(str::to_string).collect();
    let photo = header.split(',').position(|h| h == "photo").unwrap();
    let mut out = header + "\n";
    for i in 0..rows {
        let mut c = cells.clone();
        c[0] = format!("P{}", i + 1);
        c[photo] = String::new();
        out.push_str(&edit(c).join(","));
        out.push('\n');
    }
    out
}

#[test]
fn a_spreadsheet_past_the_card_cap_is_refused_at_its_first_row_too_many() {
    // A sheet of 100,000 rows aborted at about 3 GB before there was a cap.
    let cap = pitchprint::limits::MAX_CARDS as usize;
    let csv = players(100_000, |c| c);
    let found = findings_with(DECK, vec![(shipped("layouts/league/players.csv"), csv)]);
    let f = found
        .iter()
        .find(|f| f.code == Code::CardData)
        .expect("a card-data finding");
    assert!(f.message.contains(&format!("more than {cap} cards")), "{f}");
    assert_eq!(f.location.line, Some(cap + 2), "the first row past the cap: {f}");
    // Copies count: rows of 100 copies pass the cap at row cap / 100 + 1.
    let quantity = sheet().0.split(',').position(|h| h == "quantity").unwrap();
    let csv = players(cap / 100 + 10, |mut c| {
        c[quantity] = "100".into();
        c
    });
    let found = findings_with(DECK, vec![(shipped("layouts/league/players.csv"), csv)]);
    let f = found
        .iter()
        .find(|f| f.code == Code::CardData)
        .expect("a card-data finding");
    assert_eq!(
        f.location.line,
        Some(cap / 100 + 2),
        "the row whose copies pass the cap: {f}"
    );
}

#[test]
fn a_sheet_saved_on_windows_is_blamed_on_the_right_lines() {
    // With "\r\n" line ends the CSV reader counted every row one line
    // short (a known bug of the csv crate): the cap, and any bad cell, pointed at the
    // line before.
    let players_csv = shipped("layouts/league/players.csv");
    let cap = pitchprint::limits::MAX_CARDS as usize;
    let csv = players(cap + 5, |c| c).replace('\n', "\r\n");
    let found = findings_with(DECK, vec![(players_csv.clone(), csv)]);
    let f = found
        .iter()
        .find(|f| f.code == Code::CardData)
        .expect("a card-data finding");
    assert_eq!(f.location.line, Some(cap + 2), "{f}");
    let position = sheet().0.split(',').position(|h| h == "position").unwrap();
    let csv = players(4, |mut c| {
        if c[0] == "P3" {
            c[position] = "XX".into();
        }
        c
    })
    .replace('\n', "\r\n");
    let found = findings_with(DECK, vec![(players_csv, csv)]);
    let f = found
        .iter()
        .find(|f| f.code == Code::CardPosition)
        .expect("a card-position finding");
    assert_eq!(f.location.line, Some(4), "P3 is on the fourth line: {f}");
}

#[test]
fn a_photo_focus_outside_the_photo_is_refused() {
    // focus_x = 1.5 or a word used to be ignored without a word.
    let (header, _) = sheet();
    let header = format!("{header},focus_x,focus_y");
    let focus_x = header.split(',').position(|h| h == "focus_x").unwrap() + 1;
    let rows = players(2, |mut c| {
        c.extend(["1.5".to_string(), "0.5".to_string()]);
        c
    });
    let mut lines: Vec<String> = rows.lines().map(str::to_string).collect();
    lines[0] = header;
    lines[2] = lines[2].replace(",1.5,0.5", ",middle,-0.2");
    let csv = lines.join("\n") + "\n";
    let at = |line: usize, field: usize| Some(crate::common::csv_column(&csv, line, field));
    let expected = [
        (Some(2), at(2, focus_x)),
        (Some(3), at(3, focus_x)),
        (Some(3), at(3, focus_x + 1)),
    ];
    let found = findings_with(DECK, vec![(shipped("layouts/league/players.csv"), csv)]);
    let bad: Vec<(Option<usize>, Option<usize>)> = found
        .iter()
        .filter(|f| f.code == Code::CardStat)
        .map(|f| (f.location.line, f.location.column))
        .collect();
    assert_eq!(bad, expected, "{found:?}");
}
