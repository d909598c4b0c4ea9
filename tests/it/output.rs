//! Output people read, and output for machines: a line
//! per layout and per kit, `--quiet` and `--verbose`, a closing summary that
//! repeats the warnings, a finding that holds in several languages reported
//! once naming them, and `--json` documents that validate against
//! `schemas/output.json`. The tests run the binary piped, as CI does: no
//! progress bar may be drawn there.

use std::path::Path;

use crate::common::{
    Run, TestDir, deck_project, headlines, readme_build, replace_line, run_in, shipped, shipped_project,
};
use serde_json::Value as Json;

const HEADER: &str = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity";
const ANA: &str = "Ana Roble,Club Uno,FW,10,2,30,0,0,5,,";
const BEA: &str = "Bea Roble,Club Dos,MF,1,2,3,0,0,4,,";

/// A deck whose sheet has a row pasted twice: a `card-duplicate` warning,
/// the same in every language.
fn deck_with_a_warning(name: &str) -> TestDir {
    deck_project(name, &format!("{HEADER}\n{ANA}\n{BEA}\n{ANA}\n"))
}

/// A deck whose sheet has one bad number: one error, the same in every language.
fn deck_with_an_error(name: &str) -> TestDir {
    let bad = BEA.replace(",1,2,3,", ",lots,2,3,");
    deck_project(name, &format!("{HEADER}\n{ANA}\n{bad}\n"))
}

/// Nothing a terminal would draw: no carriage return (a bar redrawn in
/// place), no escape sequence (colours, cursor moves).
fn assert_plain(run: &Run) {
    assert!(
        !run.stderr.contains('\r') && !run.stderr.contains('\x1b'),
        "a progress bar or escape sequence on a pipe:\n{:?}",
        run.stderr
    );
}

/// `stdout` parsed, after checking it validates against schemas/output.json
/// by a validator that follows the JSON Schema specification.
fn validated(stdout: &str) -> Json {
    let doc: Json = serde_json::from_str(stdout).unwrap_or_else(|e| panic!("not JSON ({e}):\n{stdout}"));
    let errors = violations(&doc);
    assert!(
        errors.is_empty(),
        "the document breaks schemas/output.json: {errors:?}\n{stdout}"
    );
    doc
}

fn violations(doc: &Json) -> Vec<String> {
    let schema: Json = serde_json::from_str(&std::fs::read_to_string(shipped("schemas/output.json")).unwrap()).unwrap();
    crate::common::violations(&schema, doc)
}

#[test]
fn a_finding_in_three_languages_is_reported_once_naming_them_and_warnings_are_repeated_at_the_end() {
    let dir = deck_with_a_warning("output-warning");
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"]);
    run.expect_code(0);
    assert_plain(&run);
    let found = headlines(&run.stderr);
    assert_eq!(found.len(), 1, "one finding, printed once:\n{}", run.stderr);
    assert!(
        found[0].starts_with("warning[card-duplicate]: layouts/league/players.csv:4:1")
            && found[0].ends_with(" (in es, en, ca)"),
        "the warning names its three languages:\n{}",
        run.stderr
    );
    let lines: Vec<&str> = run.stderr.lines().collect();
    let n = lines.len();
    assert_eq!(
        lines[n - 1],
        "built 1 layout in 3 languages (es, en, ca): 3 files, 0 errors, 1 warning",
        "{}",
        run.stderr
    );
    // The warning again, on one line, just above the last.
    assert_eq!(lines[n - 3], "1 warning, again:", "{}", run.stderr);
    assert_eq!(lines[n - 2], format!("  {}", found[0]), "{}", run.stderr);
    // The layout's one line: its three PDFs.
    let layout: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("layouts/league/deck.toml"))
        .collect();
    assert_eq!(layout.len(), 1, "{}", run.stderr);
    assert!(
        layout[0].starts_with("layouts/league/deck.toml → output/league/: deck.pdf, deck-en.pdf, deck-ca.pdf ("),
        "{}",
        layout[0]
    );

    // An error in every language: once, named, and the layout not written.
    let dir = deck_with_an_error("output-error");
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"]);
    run.expect_code(1);
    assert_plain(&run);
    let found = headlines(&run.stderr);
    assert_eq!(found.len(), 1, "{}", run.stderr);
    assert!(
        found[0].starts_with("error[") && found[0].ends_with(" (in es, en, ca)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .lines()
            .any(|l| l == "layouts/league/deck.toml: not written (1 error)"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .ends_with("built 0 of 1 layout in 3 languages (es, en, ca): 0 files, 1 error, 0 warnings\n"),
        "{}",
        run.stderr
    );
}

#[test]
fn quiet_prints_the_findings_and_the_last_line_only() {
    let dir = deck_with_a_warning("output-quiet");
    let normal = dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"]);
    normal.expect_code(0);
    let build: &[&str] = &["build", "layouts/league/deck.toml", "--format", "pdf", "--quiet"];
    let check: &[&str] = &["check", "layouts/league/deck.toml", "--quiet"];
    for args in [build, check] {
        let command = args[0];
        let quiet = dir.run(args);
        quiet.expect_code(0);
        assert_plain(&quiet);
        // The finding as a normal run prints it: its headline, source and
        // hint; then the last line, and nothing else.
        let finding: Vec<&str> = normal
            .stderr
            .lines()
            .skip_while(|l| !l.starts_with("warning["))
            .take_while(|l| !l.starts_with("layouts/") && !l.ends_with("again:"))
            .collect();
        assert!(finding.len() >= 2, "{}", normal.stderr);
        let lines: Vec<&str> = quiet.stderr.lines().collect();
        assert_eq!(
            lines[..lines.len() - 1],
            finding[..],
            "{command} --quiet:\n{}",
            quiet.stderr
        );
        let last = lines[lines.len() - 1];
        assert!(
            last.ends_with("in 3 languages (es, en, ca): 3 files, 0 errors, 1 warning")
                || last.ends_with("in 3 languages (es, en, ca): 0 errors, 1 warning"),
            "{command} --quiet: {last}"
        );
    }
}

#[test]
fn verbose_prints_every_file_and_the_default_one_line_per_layout() {
    let dir = TestDir::with_shipped_layout("output-verbose");
    let run = dir.run(&["build", "--verbose"]);
    run.expect_code(0);
    assert_plain(&run);
    let mut on_disk: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(dir.join("output/dice-football")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        // The record of what the build wrote is not a file it says it wrote.
        if name != ".pitchprint" {
            on_disk.push(format!("output/dice-football/{name}"));
        }
    }
    on_disk.sort();
    let mut wrote: Vec<String> = run
        .stderr
        .lines()
        .filter_map(|l| l.strip_prefix("wrote "))
        .map(|l| l.split(" (").next().unwrap().to_string())
        .collect();
    wrote.sort();
    assert_eq!(wrote, on_disk, "a line for each file written:\n{}", run.stderr);
    assert_eq!(wrote.len(), 6, "pdf and svg in three languages");

    let run = dir.run(&["build"]);
    run.expect_code(0);
    assert_eq!(
        run.stderr,
        "layouts/dice-football/pitch.toml → output/dice-football/: pitch.pdf, pitch-en.pdf, pitch-ca.pdf + 3 SVG pages (1 page each)\n\
         built 1 layout in 3 languages (es, en, ca): 6 files, 0 errors, 0 warnings\n"
    );
}

/// The `.toml` files under `dir`, as the build finds layouts (no hidden
/// ones, not a game file), relative to `root`, in the build's order.
fn layouts_under(dir: &Path, root: &Path) -> Vec<String> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.file_name().unwrap().to_string_lossy().starts_with('.') {
                continue;
            }
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "toml") && !path.ends_with("game.toml") {
                // Every layout, not the game file its game's texts read.
                out.push(path.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, root, &mut out);
    out.sort();
    out.iter().map(|p| p.display().to_string()).collect()
}

#[test]
fn the_main_job_says_one_line_per_layout_and_per_kit() {
    // The README's first command, as a reader runs it.
    let (built, run) = readme_build(None);
    let layouts = layouts_under(&built.join("layouts"), built.path());
    assert_plain(run);
    let lines: Vec<&str> = run.stderr.lines().collect();
    for layout in &layouts {
        let own = lines.iter().filter(|l| l.starts_with(&format!("{layout} → "))).count();
        assert_eq!(own, 1, "{layout}: one line\n{}", run.stderr);
    }
    let games = ["dice-football", "futbolchess", "league", "path-football"];
    for game in games {
        let kit = format!("{game} kit → output/{game}/: kit.pdf, kit-ca.pdf, kit-en.pdf (");
        assert_eq!(
            lines.iter().filter(|l| l.starts_with(&kit)).count(),
            1,
            "{game}'s kits: one line\n{}",
            run.stderr
        );
    }
    assert!(!run.stderr.contains("wrote "), "files are listed with --verbose only");
    let last = lines[lines.len() - 1];
    assert!(
        last.starts_with(&format!(
            "built {} layouts and 4 kits in 3 languages (es, ca, en): ",
            layouts.len()
        )),
        "{last}"
    );
    // The five decks dealt by the league's rules say what their matches
    // are like: three lines each, under their own.
    let plays = lines
        .iter()
        .filter(|l| l.starts_with("  layouts/") && l.contains(".toml: play: "))
        .count();
    assert_eq!(plays, 15, "{}", run.stderr);
    // The three decks of downloaded exports say how their sheet was read.
    let readings = lines
        .iter()
        .filter(|l| l.starts_with("  layouts/") && l.contains(".toml: read as "))
        .count();
    assert_eq!(readings, 3, "{}", run.stderr);
    if last.ends_with(", 0 errors, 0 warnings") {
        assert_eq!(
            lines.len(),
            layouts.len() + games.len() + 1 + plays + readings,
            "{}",
            run.stderr
        );
    }

    // The same layouts checked, as one document (checking writes nothing,
    // so the shared folder stays as it was).
    let check = run_in(built.path(), &["check", "--json"]);
    check.expect_code(0);
    assert!(check.stderr.is_empty(), "--json says nothing else: {}", check.stderr);
    let doc = validated(&check.stdout);
    assert_eq!(doc["command"], "check");
    let checked: Vec<&str> = doc["layouts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["layout"].as_str().unwrap())
        .collect();
    assert_eq!(checked, layouts);
    assert_eq!(doc["summary"]["layouts"], layouts.len());
    assert_eq!(doc["summary"]["languages"], serde_json::json!(["es", "ca", "en"]));

    // Built as one document: the kits too, each with its game (in one
    // language, into a folder of this test's own).
    let own = TestDir::new("output-main-job-json");
    let out = own.join("json-out");
    let build = run_in(
        built.path(),
        &[
            "build",
            "--format",
            "pdf",
            "--lang",
            "en",
            "--json",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    build.expect_code(0);
    assert!(build.stderr.is_empty(), "--json says nothing else: {}", build.stderr);
    let doc = validated(&build.stdout);
    let kits: Vec<&str> = doc["kits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["game"].as_str().unwrap())
        .collect();
    assert_eq!(kits, games);
    for kit in doc["kits"].as_array().unwrap() {
        for f in kit["files"].as_array().unwrap() {
            assert!(built.join(f.as_str().unwrap()).is_file(), "{f} is written");
        }
    }
    assert_eq!(doc["summary"]["kits_ok"], 4);
}

#[test]
fn build_json_and_check_json_validate_against_the_schema() {
    let dir = deck_with_an_error("output-json");
    for command in ["build", "check"] {
        let run = dir.run(&[command, "layouts/league/deck.toml", "--json"]);
        run.expect_code(1);
        assert!(run.stderr.is_empty(), "{command} --json: {}", run.stderr);
        let doc = validated(&run.stdout);
        assert_eq!(doc["version"], 1);
        assert_eq!(doc["command"], command);
        let findings = doc["findings"].as_array().unwrap();
        assert_eq!(findings.len(), 1, "{}", run.stdout);
        let f = &findings[0];
        assert_eq!(f["severity"], "error");
        assert_eq!(f["file"], "layouts/league/players.csv");
        assert_eq!(f["line"], 3);
        assert_eq!(f["languages"], serde_json::json!(["es", "en", "ca"]));
        assert_eq!(f["layout"], "layouts/league/deck.toml");
        assert!(!f["message"].as_str().unwrap().is_empty());
        let summary = &doc["summary"];
        assert_eq!(
            (summary["errors"].as_u64(), summary["exit_code"].as_i64()),
            (Some(1), Some(1))
        );
        assert_eq!(doc["layouts"][0]["written"], serde_json::json!([]));
    }
    // A deck that builds: its files, as written.
    let dir = deck_with_a_warning("output-json-built");
    let run = dir.run(&["build", "layouts/league/deck.toml", "--json"]);
    run.expect_code(0);
    let doc = validated(&run.stdout);
    let layout = &doc["layouts"][0];
    assert_eq!(layout["written"], serde_json::json!(["es", "en", "ca"]));
    let files = layout["files"].as_array().unwrap();
    assert!(files.len() >= 6, "pdf and svg in three languages: {files:?}");
    for f in files {
        assert!(dir.join(f.as_str().unwrap()).is_file(), "{f} is written");
    }
    assert_eq!(doc["summary"]["files"], files.len());
    assert_eq!(doc["findings"][0]["code"], "card-duplicate");
    assert_eq!(doc["findings"][0]["severity"], "warning");

    // The schema holds the shape: another version, a key it does not
    // describe, or a finding without its code are refused.
    let mut other = doc.clone();
    other["version"] = 2.into();
    assert!(!violations(&other).is_empty(), "version 2 passes");
    let mut other = doc.clone();
    other["summary"]["extra"] = 1.into();
    assert!(!violations(&other).is_empty(), "an unknown key passes");
    let mut other = doc.clone();
    other["findings"][0].as_object_mut().unwrap().remove("code");
    assert!(!violations(&other).is_empty(), "a finding without a code passes");
    let mut other = doc;
    other["findings"][0]["code"] = "no-such-code".into();
    assert!(!violations(&other).is_empty(), "an unknown code passes");
}

#[test]
fn the_books_json_example_is_what_check_json_prints() {
    let readme = crate::common::book_chapter("output.md");
    let start = readme.find("\n```json\n").expect("the book shows a JSON document") + "\n```json\n".len();
    let end = start + readme[start..].find("\n```").unwrap();
    let shown = validated(&readme[start..end]);
    let dir = shipped_project("output-readme-json");
    let rel = "layouts/dice-football/pitch.toml";
    let text = dir.read_string(rel);
    dir.write(rel, &replace_line(&text, "pitch =", "pitch = -20"));
    let run = dir.run(&["check", "--json", rel]);
    run.expect_code(1);
    assert_eq!(
        validated(&run.stdout),
        shown,
        "the book's example (output.md) is not what `check --json {rel}` prints"
    );
}

#[test]
fn a_finding_that_differs_only_in_each_languages_words_is_printed_once_with_the_others_after_it() {
    let dir = shipped_project("output-words");
    // The first half's label, far too long for its box in every language.
    for lang in ["es", "ca", "en"] {
        let rel = format!("templates/i18n/{lang}.toml");
        let text = dir.read_string(&rel);
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with("first_half ="))
            .expect("the score sheet's first half has a label");
        let word = line.split('"').nth(1).unwrap();
        dir.write(
            &rel,
            &replace_line(
                &text,
                "first_half =",
                &format!("first_half = \"{}\"", [word; 12].join(" ")),
            ),
        );
    }
    let run = dir.run(&["check", "layouts/dice-football/score.toml"]);
    run.expect_code(1);
    let boxes: Vec<&str> = headlines(&run.stderr)
        .into_iter()
        .filter(|h| h.starts_with("error[text-box]"))
        .collect();
    assert_eq!(boxes.len(), 1, "one block for the three languages:\n{}", run.stderr);
    assert!(boxes[0].ends_with(" (in es)"), "{}", boxes[0]);
    for lang in ["ca", "en"] {
        assert_eq!(
            run.stderr
                .lines()
                .filter(|l| l.starts_with(&format!("  in {lang}: the ink of")))
                .count(),
            1,
            "{lang}'s words, after the first:\n{}",
            run.stderr
        );
    }
}

/// `pitch-en.toml` beside `pitch.toml` would write, in Spanish, the files
/// `pitch.toml` writes in English: it is refused with `output-clash` before
/// anything of it is written, and `pitch-en.pdf` is `pitch.toml`'s English
/// sheet, whatever order the layouts are built in.
#[test]
fn a_layout_named_as_another_in_a_language_is_refused_and_takes_no_files() {
    let dir = TestDir::with_labels("output-name-clash");
    let other = replace_line(
        &crate::common::shipped_layout(),
        "title =",
        "title = \"Zzyzx Own Title\"",
    );
    dir.write("layouts/dice-football/pitch-en.toml", &other);
    let run = dir.run(&["build", "--format", "pdf", "--jobs", "2"]);
    run.expect_code(1);
    assert!(run.stderr.contains("output-clash"), "{}", run.stderr);
    assert!(run.stderr.contains("pitch-en.toml"), "{}", run.stderr);
    let out = dir.join("output/dice-football");
    let mut written: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    written.sort();
    assert_eq!(written, ["pitch-ca.pdf", "pitch-en.pdf", "pitch.pdf"], "{}", run.stderr);
    let english = crate::common::pdf_text(&dir.read("output/dice-football/pitch-en.pdf"));
    assert!(
        !english.contains("Zzyzx"),
        "pitch-en.pdf is the other layout's:\n{english}"
    );
    // The same layout on its own is still refused: the name is the fault,
    // not the build that met both.
    let alone = dir.run(&["check", "layouts/dice-football/pitch-en.toml"]);
    alone.expect_code(1);
    assert!(alone.stderr.contains("output-clash"), "{}", alone.stderr);
}
