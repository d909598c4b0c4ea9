//! Bad input and bad usage: every broken layout is refused with exit code 1, a
//! finding that names file:line:col (and the key), no output written, earlier
//! outputs and the layout itself left byte for byte as they were. Usage errors
//! exit 2.

use crate::common::*;

/// A project folder with a good build of the shipped layout in `output/`.
fn built_good(name: &str) -> TestDir {
    let dir = TestDir::with_shipped_layout(name);
    dir.run(&["build"]).expect_code(0);
    assert!(
        dir.join("output/dice-football/pitch.pdf").is_file() && dir.join("output/dice-football/pitch.svg").is_file(),
        "the good build wrote its outputs"
    );
    dir
}

/// What a refused layout must leave behind.
struct Refusal {
    run: Run,
    json: Vec<serde_json::Value>,
}

/// Builds the good layout, replaces it with `broken`, then: `build` (no
/// arguments) must exit 1 with `error[code]` and a hint, leave the earlier
/// outputs and the layout file byte for byte untouched; `build --out fresh`
/// must write nothing; `check --json` must report `code`.
fn refuse(name: &str, broken: &str, code: &str) -> Refusal {
    let dir = built_good(name);
    let layout = dir.write(SHIPPED_REL, broken);
    let before = snapshot(&dir.join("output"));
    let layout_before = std::fs::read(&layout).unwrap();

    let run = dir.run(&["build"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains(&format!("error[{code}]")),
        "stderr lacks error[{code}]:\n{}",
        run.stderr
    );
    assert!(run.stderr.contains("hint:"), "no hint:\n{}", run.stderr);
    assert!(
        snapshot(&dir.join("output")) == before,
        "a refused build changed output/ (or left a temporary file there)"
    );
    assert!(
        std::fs::read(&layout).unwrap() == layout_before,
        "the build changed the layout file"
    );

    let fresh = dir.run(&["build", "--out", "fresh", "--format", "pdf,svg,png"]);
    fresh.expect_code(1);
    assert!(
        !dir.join("fresh").exists(),
        "a refused build wrote into a fresh --out folder"
    );

    let json = dir.run(&["check", "--json"]);
    json.expect_code(1);
    let codes = json.json_codes();
    assert!(
        codes.iter().any(|c| c == code),
        "check --json codes {codes:?} lack {code}"
    );
    assert!(
        std::fs::read(&layout).unwrap() == layout_before,
        "check changed the layout file"
    );
    Refusal {
        run,
        json: json_findings(&json.stdout),
    }
}

/// `layouts/dice-football/pitch.toml:LINE:COL` as findings print it.
fn at(line: usize, col: usize) -> String {
    format!("{SHIPPED_REL}:{line}:{col}")
}

#[test]
fn malformed_toml_is_a_syntax_error_on_its_line() {
    let broken = replace_line(&shipped_layout(), "[board]", "[board");
    let line = line_of(&broken, "[board");
    let r = refuse("malformed_toml", &broken, "layout-syntax");
    let prefix = format!("{SHIPPED_REL}:{line}:");
    let rest = r
        .run
        .stderr
        .split_once(&prefix)
        .unwrap_or_else(|| panic!("stderr does not point at line {line}:\n{}", r.run.stderr))
        .1;
    let col: String = rest.chars().take_while(char::is_ascii_digit).collect();
    assert!(!col.is_empty(), "no column after the line:\n{}", r.run.stderr);
    let col: usize = col.parse().unwrap();
    let width = broken.lines().nth(line - 1).unwrap().chars().count();
    assert!((1..=width + 1).contains(&col), "column {col} is outside the line");
    assert_eq!(r.json[0]["line"], line);
}

#[test]
fn an_unknown_key_is_named_with_its_place_and_the_known_keys() {
    let shipped = shipped_layout();
    let broken = replace_line(&shipped, "columns =", "colums = 10");
    let line = line_of(&broken, "colums =");
    let r = refuse("unknown_key", &broken, "layout-unknown-key");
    assert!(
        r.run.stderr.contains(&at(line, column_of(&broken, line, "colums"))),
        "stderr does not point at `colums`:\n{}",
        r.run.stderr
    );
    assert!(
        r.run.stderr.contains("colums"),
        "the key is not named:\n{}",
        r.run.stderr
    );
    // The hint lists the keys [board] knows: every key the shipped layout sets there.
    let board_keys: Vec<&str> = shipped
        .split("[board]")
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap()
        .lines()
        .filter_map(|l| l.split_once('=').map(|(k, _)| k.trim()))
        .filter(|k| !k.is_empty() && !k.starts_with('#'))
        .collect();
    assert!(board_keys.len() >= 10, "the shipped [board] keys: {board_keys:?}");
    let hint = r.json[0]["hints"][0].as_str().expect("a hint");
    for key in board_keys {
        assert!(
            hint.contains(&format!("`{key}`")),
            "the hint does not list `{key}`: {hint}"
        );
    }
}

#[test]
fn a_negative_pitch_is_a_value_error_on_board_pitch() {
    let broken = replace_line(&shipped_layout(), "pitch =", "pitch = -20");
    let line = line_of(&broken, "pitch =");
    let r = refuse("negative_pitch", &broken, "layout-value");
    let col = column_of(&broken, line, "-20");
    assert!(
        r.run
            .stderr
            .contains(&format!("error[layout-value]: {}: `board.pitch`", at(line, col))),
        "stderr does not name board.pitch at {line}:{col}:\n{}",
        r.run.stderr
    );
}

#[test]
fn a_zero_pitch_is_a_value_error() {
    let broken = replace_line(&shipped_layout(), "pitch =", "pitch = 0");
    let r = refuse("zero_pitch", &broken, "layout-value");
    assert!(r.json.iter().any(|f| f["key"] == "board.pitch"), "{:?}", r.json);
}

#[test]
fn a_0_by_0_board_is_a_value_error_on_both_counts() {
    let broken = replace_line(&shipped_layout(), "columns =", "columns = 0");
    let broken = replace_line(&broken, "rows =", "rows = 0");
    let r = refuse("zero_board", &broken, "layout-value");
    for key in ["columns", "rows"] {
        let line = line_of(&broken, &format!("{key} ="));
        let col = column_of(&broken, line, "0");
        assert!(
            r.run
                .stderr
                .contains(&format!("error[layout-value]: {}: `board.{key}`", at(line, col))),
            "stderr does not name board.{key} at {line}:{col}:\n{}",
            r.run.stderr
        );
    }
    // One mistake, one finding each: nothing that follows from the bad counts.
    assert_eq!(
        r.run.stderr.matches("error[").count(),
        2,
        "only the two counts are reported:\n{}",
        r.run.stderr
    );
}

#[test]
fn a_colour_that_is_no_colour_names_its_key() {
    let broken = replace_line(&shipped_layout(), "grid_colour =", "grid_colour = \"greenish\"");
    let line = line_of(&broken, "grid_colour =");
    let r = refuse("bad_colour", &broken, "layout-colour");
    let col = column_of(&broken, line, "\"greenish\"");
    assert!(
        r.run
            .stderr
            .contains(&format!("error[layout-colour]: {}: `style.grid_colour`", at(line, col))),
        "stderr does not name style.grid_colour at {line}:{col}:\n{}",
        r.run.stderr
    );
}

#[test]
fn a_missing_kind_is_a_kind_error() {
    let broken = replace_line(&shipped_layout(), "kind =", "");
    let r = refuse("missing_kind", &broken, "layout-kind");
    let hint = r.json[0]["hints"][0].as_str().expect("a hint");
    assert!(hint.contains("dice-pitch"), "the hint lists the kinds: {hint}");
}

#[test]
fn an_unknown_kind_is_a_kind_error_on_its_line() {
    let broken = replace_line(&shipped_layout(), "kind =", "kind = \"dice-pitchh\"");
    let line = line_of(&broken, "kind =");
    let r = refuse("unknown_kind", &broken, "layout-kind");
    let col = column_of(&broken, line, "\"dice-pitchh\"");
    assert!(r.run.stderr.contains(&at(line, col)), "stderr:\n{}", r.run.stderr);
    assert!(
        r.run.stderr.contains("dice-pitchh"),
        "the message names the kind:\n{}",
        r.run.stderr
    );
    let hint = r.json[0]["hints"][0].as_str().expect("a hint");
    assert!(hint.contains("dice-pitch"), "the hint lists the kinds: {hint}");
}

#[test]
fn a_layout_that_does_not_exist_is_a_read_error() {
    let dir = TestDir::with_shipped_layout("missing_layout");
    dir.run(&["build", SHIPPED_REL]).expect_code(0);
    let before = snapshot(&dir.join("output"));
    let outputs = before.keys().filter(|p| !is_record(p)).count();
    assert_eq!(outputs, 6, "the good build wrote pdf and svg in three languages");
    // The layout goes away; building it again must not touch what it built.
    std::fs::remove_file(dir.join(SHIPPED_REL)).unwrap();
    let run = dir.run(&["build", SHIPPED_REL]);
    run.expect_code(1);
    assert!(run.stderr.contains("error[layout-read]"), "stderr:\n{}", run.stderr);
    assert!(run.stderr.contains("hint:"), "stderr:\n{}", run.stderr);
    assert!(
        snapshot(&dir.join("output")) == before,
        "a failed build changed output/"
    );
    assert!(!dir.join(SHIPPED_REL).exists(), "the missing layout was created");

    let fresh = dir.run(&["build", "nowhere/none.toml", "--out", "fresh"]);
    fresh.expect_code(1);
    assert!(fresh.stderr.contains("error[layout-read]"), "stderr:\n{}", fresh.stderr);
    assert!(!dir.join("fresh").exists(), "nothing is written for a missing layout");

    let check = dir.run(&["check", "--json", "nowhere/none.toml"]);
    check.expect_code(1);
    assert_eq!(check.json_codes(), vec!["layout-read"]);
}

#[test]
fn an_unknown_format_is_a_usage_error() {
    let dir = TestDir::with_shipped_layout("unknown_format");
    let run = dir.run(&["build", "--format", "gif"]);
    run.expect_code(2);
    assert!(run.stderr.contains("gif"), "stderr:\n{}", run.stderr);
    assert!(!dir.join("output").exists(), "a usage error writes nothing");
}

#[test]
fn help_shows_examples() {
    let dir = TestDir::new("help");
    for args in [&["--help"][..], &["build", "--help"][..], &["check", "--help"][..]] {
        let run = dir.run(args);
        run.expect_code(0);
        assert!(
            run.stdout.contains("Examples:"),
            "{args:?} shows no examples:\n{}",
            run.stdout
        );
        assert!(run.stdout.contains("pitchprint build"), "{args:?}:\n{}", run.stdout);
    }
}

#[test]
fn build_without_a_layouts_folder_is_a_usage_error() {
    let dir = TestDir::new("no_layouts");
    for cmd in ["build", "check"] {
        let run = dir.run(&[cmd]);
        run.expect_code(2);
        assert!(run.stderr.contains("layouts/"), "{cmd}: stderr:\n{}", run.stderr);
    }
    assert!(snapshot(dir.path()).is_empty(), "nothing is written");
}

#[test]
fn outputs_never_land_outside_out_whatever_the_language_or_the_path() {
    // A language is a code, not a path: refused as a usage error, nothing written.
    let dir = TestDir::with_shipped_layout("out-lang");
    let run = dir.run(&["build", "--lang", "../../x"]);
    run.expect_code(2);
    assert!(run.stderr.contains("not a language code"), "{}", run.stderr);
    assert!(!dir.join("output").exists(), "nothing written");
    for bad in ["", "ES", "e", "es/../x", "es.x"] {
        dir.run(&["check", "--lang", bad]).expect_code(2);
    }
    // A layout named through `..` out of layouts/ is written under --out by
    // its file name, never beside it.
    let layout = dir.join(SHIPPED_REL);
    let text = std::fs::read_to_string(&layout).unwrap();
    dir.write("x.toml", &text);
    dir.run(&["build", "layouts/../x.toml", "--format", "pdf", "--lang", "en"])
        .expect_code(0);
    assert!(
        dir.join("output/x-en.pdf").is_file(),
        "written under output/ by its name"
    );
    assert!(!dir.join("x-en.pdf").exists(), "nothing beside the layout");
}

#[test]
fn hidden_and_lock_files_are_not_layouts_and_an_empty_folder_is_said() {
    let dir = TestDir::with_shipped_layout("discovery");
    // What an editor leaves beside a layout it has open.
    dir.write("layouts/dice-football/.#pitch.toml", "not a layout");
    dir.write("layouts/.backup/pitch.toml", "not a layout either");
    let run = dir.run(&["check"]);
    run.expect_code(0);
    assert!(run.stderr.contains("checked 1 layout in"), "{}", run.stderr);
    // A folder with no layout is an error that says so, not a silent success.
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    let run = dir.run(&["build", "empty"]);
    run.expect_code(2);
    assert!(run.stderr.contains("holds no .toml layout"), "{}", run.stderr);
}

#[test]
fn a_layout_that_cannot_be_read_is_summed_up_in_the_languages_asked_for() {
    // Its finding is the same in every language; the last line names the
    // languages the command was asked for, not the default it fell back to.
    let broken = replace_line(&shipped_layout(), "[board]", "[board");
    let dir = TestDir::new("unreadable-languages");
    dir.write(SHIPPED_REL, &broken);
    for (command, verb) in [("check", "checked 1 layout"), ("build", "built 0 of 1 layout")] {
        let run = dir.run(&[command, SHIPPED_REL, "--lang", "en,ca"]);
        run.expect_code(1);
        let last = run.stderr.lines().last().unwrap_or_default();
        assert!(
            last.starts_with(&format!("{verb} in 2 languages (en, ca): ")) && last.contains("1 error"),
            "{command}: {last}"
        );
    }
    // Without --lang, the default language, as before.
    let run = dir.run(&["check", SHIPPED_REL]);
    assert!(
        run.stderr
            .lines()
            .last()
            .unwrap_or_default()
            .starts_with("checked 1 layout in es: ")
    );
}
