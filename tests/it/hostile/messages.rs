//! What a refusal says: each names the file, the place
//! and what to do in the words of the thing refused: a custom sheet's
//! picture is not a card's photo, a box too small for its lines is not a
//! text "past the edge", an unclosed quote is not a row of two cells.

use crate::common::{TestDir, deck_project, project_file};

const HEADER: &str = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity";

/// The shipped custom sheet of the dice pitch with `extra` tables after it.
fn sheet_with(name: &str, extra: &str) -> TestDir {
    let dir = TestDir::new(name);
    let sheet = project_file("layouts/sheet-examples/dice-pitch.toml");
    dir.write("sheet.toml", &format!("{sheet}\n{extra}"));
    dir
}

#[test]
fn a_custom_sheets_picture_is_not_told_about_photo_columns_or_cells() {
    let dir = sheet_with(
        "messages-picture",
        "[[image]]\nfile = \"nothere.png\"\nat = [10.0, 10.0]\nsize = [20.0, 20.0]\n\
         [[image]]\nfile = \"bad.bmp\"\nat = [40.0, 10.0]\nsize = [20.0, 20.0]\n",
    );
    std::fs::write(dir.join("bad.bmp"), b"BM\0\0\0\0\0\0\0\0").unwrap();
    let run = dir.run(&["check", "sheet.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("`image[0].file`: the file does not exist"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("`image[1].file`: it is a BMP image"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("save the picture as JPEG, PNG, WebP or GIF"),
        "{}",
        run.stderr
    );
    for deck_words in ["photo column", "the cell", "photos folder"] {
        assert!(!run.stderr.contains(deck_words), "{deck_words}: {}", run.stderr);
    }
}

/// The height a text-box hint asks for: "make the box about 25.5 mm tall".
fn asked_height(stderr: &str) -> f64 {
    let after = stderr
        .split("make the box about ")
        .nth(1)
        .unwrap_or_else(|| panic!("{stderr}"));
    after.split(" mm").next().unwrap().parse().unwrap()
}

#[test]
fn a_box_too_short_for_its_lines_is_told_the_height_it_needs() {
    let text = "[[text_box]]\nat = [10.0, 10.0]\nsize = [20.0, 5.0]\n\
                text = \"A long text that needs many lines in a small box of twenty millimetres\"\n\
                text_size = 9.0\n";
    let dir = sheet_with("messages-box", text);
    let run = dir.run(&["check", "sheet.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr
            .contains("the text runs to more lines than its 20 mm x 5 mm box holds"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("stands past the edge"), "{}", run.stderr);
    // The height it asks for is enough, and not much more than enough.
    let h = asked_height(&run.stderr);
    let fixed = |h: f64| {
        dir.write(
            "sheet.toml",
            &format!(
                "{}\n{}",
                project_file("layouts/sheet-examples/dice-pitch.toml"),
                text.replace("size = [20.0, 5.0]", &format!("size = [20.0, {h}]"))
            ),
        );
        dir.run(&["check", "sheet.toml", "--lang", "en"]).code
    };
    assert_eq!(fixed(h), 0, "{h} mm is enough");
    assert_eq!(fixed(h - 1.0), 1, "{h} mm less one is not");
}

#[test]
fn an_unclosed_quote_is_placed_where_it_opens() {
    let csv =
        format!("{HEADER}\nAna,Club,FW,1,1,1,0,0,10,,\n\"Bea,Club,FW,1,1,1,0,0,10,,\nCris,Club,FW,1,1,1,0,0,10,,\n");
    let dir = deck_project("messages-quote", &csv);
    let run = dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains(
            "error[card-data]: layouts/league/players.csv:3:1: the quote that opens cell 1 of line 3 is never closed"
        ),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("where the header has"), "{}", run.stderr);
    // A quote written twice inside a quoted cell is a quote: this builds.
    let csv = format!("{HEADER}\n\"Ana \"\"La Roca\"\"\",Club,FW,1,1,1,0,0,10,,\n");
    dir.write("layouts/league/players.csv", &csv);
    dir.run(&["check", "layouts/league/deck.toml", "--lang", "en"])
        .expect_code(0);
}

#[test]
fn a_language_the_profile_asks_for_without_labels_is_blamed_on_the_profile() {
    let dir = TestDir::new("messages-profile-lang");
    dir.write(
        "layouts/dice-football/dice.toml",
        &project_file("layouts/dice-football/dice.toml"),
    );
    dir.write("pitchprint.toml", "[build]\nlanguages = [\"fr\"]\n");
    let run = dir.run(&["build", "layouts/dice-football/dice.toml", "--format", "pdf"]);
    run.expect_code(1);
    assert!(
        run.stderr
            .contains("pitchprint.toml:2:13: `build.languages`: the printer profile builds in fr"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("--lang"),
        "the user gave no --lang: {}",
        run.stderr
    );
}

#[test]
fn a_huge_number_is_quoted_short() {
    let dir = TestDir::new("messages-huge");
    let rel = "layouts/print/duplex-calibration.toml";
    let layout = crate::common::replace_line(&project_file(rel), "back_offset =", "back_offset = [1e308, 0.0]");
    dir.write(rel, &layout);
    let run = dir.run(&["check", rel, "--lang", "en"]);
    run.expect_code(1);
    assert!(run.stderr.contains("a back offset of 1e308 mm"), "{}", run.stderr);
    let longest = run
        .stderr
        .split(|c: char| !c.is_ascii_digit())
        .map(str::len)
        .max()
        .unwrap_or(0);
    assert!(longest < 12, "a run of {longest} digits: {}", run.stderr);
}

#[test]
fn man_into_a_file_names_the_file() {
    let dir = TestDir::new("messages-man");
    dir.write("afile", "");
    let run = dir.run(&["man", "--out", "afile"]);
    run.expect_code(2);
    assert!(
        run.stderr
            .contains("afile is a file, not a folder; name a folder for --out"),
        "{}",
        run.stderr
    );
    assert_eq!(dir.read("afile"), b"", "the file is untouched");
}

#[test]
fn a_loop_of_layouts_is_one_error_not_three() {
    let dir = TestDir::new("messages-loop");
    for rel in [
        "layouts/futbolchess/rules.toml",
        "layouts/futbolchess/roles.toml",
        "layouts/futbolchess/board.toml",
        "layouts/futbolchess/game.toml",
        "templates/rules/futbolchess/en.md",
    ] {
        dir.write(rel, &project_file(rel));
    }
    let roles = crate::common::replace_line(
        &project_file("layouts/futbolchess/roles.toml"),
        "board =",
        "board = \"rules.toml\"",
    );
    dir.write("layouts/futbolchess/roles.toml", &roles);
    let run = dir.run(&["check", "layouts/futbolchess/rules.toml", "--lang", "en", "--json"]);
    run.expect_code(1);
    assert_eq!(run.json_codes(), ["layout-cycle"], "{}", run.stdout);
}
